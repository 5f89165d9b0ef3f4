//! Clusters for the FILL packer: floating sections joined by `JRX` jumps, packed as one
//! block in an order that keeps those jumps within JR reach, so that each of them is a JR
//! (2 bytes, not a JP's 3) wherever the block lands.
//!
//! Placing by size alone cannot keep jumps short: a JP is a byte more, and with the sizes
//! of a layout where most jumps are JPs the small gaps between pinned blocks leave more
//! bytes unusable than are free. Joining the pieces a jump links before packing turns those
//! bytes into room: once the pieces of a cluster sit together, the next pass assembles its
//! jumps as JRs and the sections shrink. Whether a jump stays in reach is judged at the
//! offsets it would have with every `JRX` a JR (the "base" offsets, the same whatever the
//! last pass chose), with a JP's byte added for each jump leaving the block.

use crate::layout::{Jump, SectionUse};

/// Pieces this small are left out of clusters: they fill the slivers between pinned blocks.
const MIN_PIECE: u32 = 5;
/// A cluster is at most this long (it must still fit the larger gaps).
const MAX_CLUSTER: u32 = 240;
/// A jump kept short must be this far inside JR reach (-128..=127).
const MARGIN: i64 = 8;

/// The clusters: each at least two sections (indexes), in the order they are laid out.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Plan {
    pub clusters: Vec<Vec<usize>>,
}

/// A `JRX` site at its base offset: in section `from` (`None`: outside sections, or a
/// section the packer does not move), jumping to `to` (a section and base offset, or an
/// address).
struct Site {
    from: Option<usize>,
    from_off: u32,
    to: Option<usize>,
    to_off: u32,
    /// Stays a JR whatever the packer does (a jump inside one section that is a JR now).
    fixed_short: bool,
}

/// Builds the clusters for `sections` and their `jumps` (as the last pass assembled them).
pub(crate) fn plan(sections: &[SectionUse], jumps: &[Jump]) -> Plan {
    let n = sections.len();
    let known = |s: Option<usize>| s.is_none_or(|i| i < n);
    let jumps: Vec<&Jump> = jumps
        .iter()
        .filter(|j| known(j.from.section) && known(j.to.section))
        .collect();
    // Long sites per section, by offset: a JP's extra byte sits after its site.
    let mut long_at: Vec<Vec<u32>> = vec![Vec::new(); n];
    for j in &jumps {
        if let (Some(i), true) = (j.from.section, j.long) {
            long_at[i].push(j.from.off);
        }
    }
    let base_off =
        |i: usize, off: u32| off - long_at[i].iter().filter(|&&o| o < off).count() as u32;
    let base: Vec<u32> = (0..n)
        .map(|i| sections[i].size.saturating_sub(long_at[i].len() as u32))
        .collect();
    let sites: Vec<Site> = jumps
        .iter()
        .map(|j| Site {
            from: j.from.section,
            from_off: j
                .from
                .section
                .map_or(j.from.off, |i| base_off(i, j.from.off)),
            to: j.to.section,
            to_off: j.to.section.map_or(j.to.off, |i| base_off(i, j.to.off)),
            fixed_short: j.from.section.is_some() && j.from.section == j.to.section && !j.long,
        })
        .collect();
    let mut sites_of: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (k, s) in sites.iter().enumerate() {
        if let Some(i) = s.from {
            sites_of[i].push(k);
        }
    }
    let eligible = |i: usize| {
        let s = &sections[i];
        s.pinned_at.is_none() && s.follows.is_none() && base[i] >= MIN_PIECE
    };
    let mut cluster_of: Vec<Option<usize>> = vec![None; n];
    let mut clusters: Vec<Vec<usize>> = Vec::new();
    for s in &sites {
        let (Some(a), Some(b)) = (s.from, s.to) else {
            continue;
        };
        if a == b || !eligible(a) || !eligible(b) {
            continue;
        }
        if cluster_of[a].is_some() && cluster_of[a] == cluster_of[b] {
            continue;
        }
        let members = |i: usize| match cluster_of[i] {
            Some(c) => clusters[c].clone(),
            None => vec![i],
        };
        let (x, y) = (members(a), members(b));
        let joined = [[x.clone(), y.clone()].concat(), [y, x].concat()]
            .into_iter()
            .find(|order| keeps_short(order, &base, &sites, &sites_of));
        let Some(order) = joined else { continue };
        // The joined cluster takes the lower number; the other is emptied.
        let (ca, cb) = (cluster_of[a], cluster_of[b]);
        let slot = match (ca, cb) {
            (Some(p), Some(q)) => {
                clusters[p.max(q)].clear();
                p.min(q)
            }
            (Some(p), None) | (None, Some(p)) => p,
            (None, None) => {
                clusters.push(Vec::new());
                clusters.len() - 1
            }
        };
        for &i in &order {
            cluster_of[i] = Some(slot);
        }
        clusters[slot] = order;
    }
    clusters.retain(|c| !c.is_empty());
    Plan { clusters }
}

/// Whether the sections `order`, laid out one after another, keep every jump between two
/// of them within JR reach (with the margin), and the block stays at most MAX_CLUSTER.
fn keeps_short(order: &[usize], base: &[u32], sites: &[Site], sites_of: &[Vec<usize>]) -> bool {
    let inside = |i: Option<usize>| i.is_some_and(|i| order.contains(&i));
    // The planned size of a member: base, plus a byte per site leaving the block.
    let mut start = std::collections::BTreeMap::new();
    let mut at = 0u32;
    for &i in order {
        start.insert(i, at);
        let long = sites_of[i]
            .iter()
            .filter(|&&k| {
                let s = &sites[k];
                !(s.fixed_short || (inside(s.to) && s.to != s.from))
            })
            .count() as u32;
        at += base[i] + long;
    }
    if at > MAX_CLUSTER {
        return false;
    }
    // An address inside the block: the base offset plus the JPs before it in its section.
    let addr = |i: usize, off: u32| {
        let grown = sites_of[i]
            .iter()
            .filter(|&&k| {
                let s = &sites[k];
                s.from_off < off && !(s.fixed_short || (inside(s.to) && s.to != s.from))
            })
            .count() as u32;
        i64::from(start[&i] + off + grown)
    };
    order.iter().all(|&i| {
        sites_of[i].iter().all(|&k| {
            let s = &sites[k];
            match s.to {
                Some(t) if t != i && inside(Some(t)) => {
                    let d = addr(t, s.to_off) - (addr(i, s.from_off) + 2);
                    (-128 + MARGIN..=127 - MARGIN).contains(&d)
                }
                _ => true,
            }
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::tests::sec;
    use crate::layout::JumpEnd;

    fn jump(from: usize, off: u32, to: usize, to_off: u32) -> Jump {
        Jump {
            from: JumpEnd {
                section: Some(from),
                off,
            },
            to: JumpEnd {
                section: Some(to),
                off: to_off,
            },
            long: true,
        }
    }

    #[test]
    fn linked_pieces_join_and_the_slivers_fillers_and_pinned_do_not() {
        let s = [
            sec("a", 10, None),
            sec("b", 12, None),
            sec("tiny", 4, None),
            sec("pin", 6, Some(0x100)),
            sec("c", 10, None),
        ];
        // a -> b (a JP now, at a's end), a -> tiny, c -> pin: only a and b join, a first
        // (its jump then goes 0 bytes on).
        let jumps = [jump(0, 7, 1, 0), jump(0, 0, 2, 0), jump(4, 0, 3, 0)];
        assert_eq!(plan(&s, &jumps).clusters, [vec![0, 1]]);
    }

    #[test]
    fn a_block_keeps_its_jumps_well_in_reach_and_stays_small() {
        // Two 130-byte pieces joined would pass 240 bytes (129 + 130 with the JR).
        let s = [sec("a", 130, None), sec("b", 130, None)];
        assert_eq!(
            plan(&s, &[jump(0, 127, 1, 0)]).clusters,
            Vec::<Vec<usize>>::new()
        );
        // From a's start to 30 bytes into b: a then b puts the target 99 + 30 bytes on,
        // 127 past the JR, in reach but not 8 bytes inside it; b then a puts it 72 bytes
        // back.
        let s = [sec("a", 100, None), sec("b", 100, None)];
        assert_eq!(plan(&s, &[jump(0, 0, 1, 30)]).clusters, [vec![1, 0]]);
    }
}
