//! Keeping `JRX` jumps short: after the packer has placed the floating sections by size,
//! rearrange them so that more `JRX` sites are within a JR's reach of their targets (a JR
//! is 2 bytes, the JP it becomes otherwise 3).
//!
//! Only moves that leave every byte of the PACK regions used as before are tried, so the
//! free gaps, the pinned sections and the `FOLLOWS` placements stay as they are:
//! * two floating sections of the same size change places;
//! * two floating sections that touch (one ends where the other starts) change order.
//!
//! Hill climbing, in a fixed order, taking a move only when it puts fewer jumps out of
//! reach (or, with as many out of reach, fewer near the edge of it: code moves by a byte
//! per JRX that becomes a JR, so a margin keeps a jump in reach once the sizes settle).
//! Each move taken lowers a non-negative cost, so it ends; the order makes it
//! deterministic.

use std::collections::{BTreeMap, BTreeSet};

use crate::layout::{Jump, JumpEnd, SectionUse};

/// Passes over all pairs at most (each taking at least one move, or it stops).
const MAX_ROUNDS: usize = 40;

/// A jump out of JR reach costs this much; one in reach but within `MARGIN` bytes of its
/// edge costs 1.
const OUT_OF_REACH: u64 = 1000;
const MARGIN: i64 = 6;

/// Rearranges the floating sections (not pinned, not in `followers`) of `starts` so that
/// fewer `jumps` are out of JR reach.
pub(crate) fn improve(
    sections: &[SectionUse],
    jumps: &[Jump],
    followers: &BTreeSet<String>,
    starts: &mut BTreeMap<String, u32>,
) {
    // Jumps whose distance a move can change: at least one end in a section, the two
    // ends not in the same one.
    let known = |e: &JumpEnd| !matches!(e.section, Some(i) if i >= sections.len());
    let jumps: Vec<Jump> = jumps
        .iter()
        .filter(|j| known(&j.from) && known(&j.to))
        .filter(|j| j.from.section.is_some() || j.to.section.is_some())
        .filter(|j| j.from.section != j.to.section)
        .copied()
        .collect();
    if jumps.is_empty() {
        return;
    }
    let mut at: Vec<Option<u32>> = sections
        .iter()
        .map(|s| starts.get(&s.name).copied())
        .collect();
    let movable: Vec<usize> = (0..sections.len())
        .filter(|&i| {
            let s = &sections[i];
            s.pinned_at.is_none() && s.size > 0 && at[i].is_some() && !followers.contains(&s.name)
        })
        .collect();
    // The jumps each section takes part in.
    let mut touching: Vec<Vec<usize>> = vec![Vec::new(); sections.len()];
    for (k, j) in jumps.iter().enumerate() {
        for i in [j.from.section, j.to.section].into_iter().flatten() {
            if touching[i].last() != Some(&k) {
                touching[i].push(k);
            }
        }
    }
    let mut involved: Vec<usize> = Vec::new();
    for _ in 0..MAX_ROUNDS {
        let mut moved = false;
        for (x, &a) in movable.iter().enumerate() {
            for &b in &movable[x + 1..] {
                let (Some(pa), Some(pb)) = (at[a], at[b]) else {
                    continue;
                };
                let (sa, sb) = (sections[a].size, sections[b].size);
                // The new starts of a and b, if a move between them keeps the bytes used.
                let new = if sa == sb {
                    (pb, pa)
                } else if pa + sa == pb {
                    (pa + sb, pa)
                } else if pb + sb == pa {
                    (pb, pb + sa)
                } else {
                    continue;
                };
                if touching[a].is_empty() && touching[b].is_empty() {
                    continue;
                }
                involved.clear();
                involved.extend(&touching[a]);
                involved.extend(&touching[b]);
                involved.sort_unstable();
                involved.dedup();
                let before: u64 = involved.iter().map(|&k| cost(&jumps[k], &at)).sum();
                at[a] = Some(new.0);
                at[b] = Some(new.1);
                let after: u64 = involved.iter().map(|&k| cost(&jumps[k], &at)).sum();
                if after < before {
                    moved = true;
                } else {
                    at[a] = Some(pa);
                    at[b] = Some(pb);
                }
            }
        }
        if !moved {
            break;
        }
    }
    for &i in &movable {
        if let Some(a) = at[i] {
            starts.insert(sections[i].name.clone(), a);
        }
    }
}

/// The address of one end of a jump under the starts `at`.
fn address(e: &JumpEnd, at: &[Option<u32>]) -> Option<i64> {
    match e.section {
        Some(i) => at[i].map(|s| i64::from(s) + i64::from(e.off)),
        None => Some(i64::from(e.off)),
    }
}

/// What a jump costs where it is: out of JR reach, near its edge, or well in it.
fn cost(j: &Jump, at: &[Option<u32>]) -> u64 {
    let (Some(from), Some(to)) = (address(&j.from, at), address(&j.to, at)) else {
        return 0;
    };
    let d = to - (from + 2);
    if !(-128..=127).contains(&d) {
        OUT_OF_REACH
    } else if !(-128 + MARGIN..=127 - MARGIN).contains(&d) {
        1
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::tests::sec;
    use crate::layout::{place, Region, Strategy};

    fn end(section: Option<usize>, off: u32) -> JumpEnd {
        JumpEnd { section, off }
    }

    /// Two 10-byte gaps far apart, 0..10 and 300..310, between code outside sections; a
    /// JRX in a piece pinned at 310 jumps into `near`. Best fit by size alone puts `near`
    /// (first in source order) into the lowest gap, 300 bytes from the jump; the
    /// jump-aware packer swaps the two equal pieces so that the jump is in JR reach.
    #[test]
    fn an_equal_piece_changes_places_to_bring_a_jump_in_reach() {
        let r = [Region { lo: 0, end: 400 }];
        let fixed = [(10, 300), (312, 400)];
        let s = [
            sec("near", 10, None),
            sec("a", 10, None),
            sec("head", 2, Some(310)),
        ];
        // head's JRX (at 310) jumps 3 bytes into `near`.
        let jumps = [Jump {
            from: end(Some(2), 0),
            to: end(Some(0), 3),
            long: false,
        }];
        let (l, e) = place(&s, &r, &fixed, Strategy::BestFit, &[], None);
        assert!(e.is_empty(), "{e:?}");
        assert_eq!((l.starts["near"], l.starts["a"]), (0, 300), "by size alone");
        assert_eq!(out_of_reach(&l, &s, &jumps), 1);
        let (l, e) = place(&s, &r, &fixed, Strategy::BestFit, &jumps, None);
        assert!(e.is_empty(), "{e:?}");
        assert_eq!((l.starts["near"], l.starts["a"]), (300, 0), "jump in reach");
        assert_eq!(out_of_reach(&l, &s, &jumps), 0);
        assert_eq!(l.gaps, [], "the same bytes used");
    }

    /// Two touching pieces that fill a gap change order so that a jump from just before
    /// the gap reaches its target.
    #[test]
    fn touching_pieces_change_order_to_bring_a_jump_in_reach() {
        // head pinned at 0..2, code outside sections at 386..400: one gap 2..386 (384
        // bytes) that big (300) and small (84) fill exactly, largest first.
        let r = [Region { lo: 0, end: 400 }];
        let fixed = [(386, 400)];
        let s = [
            sec("big", 300, None),
            sec("small", 84, None),
            sec("head", 2, Some(0)),
        ];
        let jumps = [Jump {
            from: end(Some(2), 0),
            to: end(Some(1), 0),
            long: false,
        }];
        let (l, e) = place(&s, &r, &fixed, Strategy::Fill, &[], None);
        assert!(e.is_empty(), "{e:?}");
        assert_eq!(
            (l.starts["big"], l.starts["small"]),
            (2, 302),
            "by size alone"
        );
        let (l, e) = place(&s, &r, &fixed, Strategy::Fill, &jumps, None);
        assert!(e.is_empty(), "{e:?}");
        assert_eq!(
            (l.starts["small"], l.starts["big"]),
            (2, 86),
            "jump in reach"
        );
        // A jump into big's end is in reach either way: nothing moves for it.
        let jumps = [Jump {
            from: end(Some(2), 0),
            to: end(Some(0), 100),
            long: false,
        }];
        let (l, _) = place(&s, &r, &fixed, Strategy::Fill, &jumps, None);
        assert_eq!(
            (l.starts["big"], l.starts["small"]),
            (2, 302),
            "no gain, no move"
        );
    }

    fn out_of_reach(l: &crate::layout::Layout, s: &[SectionUse], jumps: &[Jump]) -> usize {
        let at: Vec<Option<u32>> = s.iter().map(|x| l.starts.get(&x.name).copied()).collect();
        jumps
            .iter()
            .filter(|j| cost(j, &at) >= OUT_OF_REACH)
            .count()
    }

    /// The same problem gives the same placement every time, and never more jumps out of
    /// reach than placing by size alone.
    #[test]
    fn placement_is_deterministic_and_no_worse() {
        // Gaps 0..40, 500..520, 522..540 (a 2-byte pin at 520), 990..1000.
        let r = [Region { lo: 0, end: 1000 }];
        let fixed = [(40, 500), (540, 990)];
        let s: Vec<SectionUse> = (0..8)
            .map(|i| sec(&format!("p{i}"), 10 - (i % 2), None))
            .chain([sec("pin", 2, Some(520))])
            .collect();
        let jumps: Vec<Jump> = (0..8)
            .map(|i| Jump {
                from: end(Some(8), 0),
                to: end(Some(i), 1),
                long: false,
            })
            .collect();
        let by_size = place(&s, &r, &fixed, Strategy::Fill, &[], None);
        let first = place(&s, &r, &fixed, Strategy::Fill, &jumps, None);
        assert!(first.1.is_empty(), "{:?}", first.1);
        for _ in 0..5 {
            assert_eq!(place(&s, &r, &fixed, Strategy::Fill, &jumps, None), first);
        }
        assert_eq!(first.0.gaps, by_size.0.gaps, "the same bytes used");
        let (old, new) = (
            out_of_reach(&by_size.0, &s, &jumps),
            out_of_reach(&first.0, &s, &jumps),
        );
        assert!(new <= old, "{new} out of reach, {old} by size alone");
    }
}
