//! The packer: where each `SECTION` goes. Pinned sections (`AT`, `PIN`) sit where their pin
//! says; floating sections fill the free gaps of the `PACK` regions, i.e. what is left of
//! them after code outside sections and pinned sections. Pure data in, placement out, so the
//! passes can call it after every pass until nothing moves.

use std::collections::BTreeMap;

/// One section as the last pass saw it.
#[derive(Clone, Debug)]
pub(crate) struct SectionUse {
    pub name: String,
    pub size: u32,
    /// Where the section must start (from `AT` or a `PIN`), if it is pinned.
    pub pinned_at: Option<i64>,
    /// `FOLLOWS other`: goes right after section `other` if the free gap there holds it
    /// (e.g. a word's code after its pinned header), else wherever the packer puts it.
    pub follows: Option<String>,
    /// `FOLLOWS other ALWAYS`: follow whenever the gap holds it, sliver or not.
    pub follow_always: bool,
    /// Where `SECTION` was written, for messages.
    pub at: Place,
}

/// A source location (file, line, column).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Place {
    pub file: String,
    pub line: u32,
    pub col: u32,
    /// The macro call chain when the SECTION line came from a macro (`Line::note`),
    /// added to placement errors so they name the call site, not the macro body.
    pub note: String,
}

impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.file, self.line)
    }
}

/// How floating sections are chosen and placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) enum Strategy {
    /// Largest first, each into the smallest gap that holds it (lowest address on ties).
    #[default]
    BestFit,
    /// In source order, each into the lowest-addressed gap that holds it.
    InOrder,
    /// The gaps from the smallest up, each filled with the set of sections that leaves the
    /// least of it unused (an exact subset sum, first found in largest-first order); what
    /// is left then goes best fit. Fills the small gaps between pinned blocks that largest
    /// first leaves as slivers.
    Fill,
}

/// A `PACK` region: floating sections may use `lo..end` (end exclusive).
#[derive(Clone, Debug)]
pub(crate) struct Region {
    pub lo: u32,
    pub end: u32,
}

/// The result: start address of every placed section, and the free gaps left over.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Layout {
    pub starts: BTreeMap<String, u32>,
    /// Free `(lo, end)` ranges of the PACK regions after placement, in address order.
    pub gaps: Vec<(u32, u32)>,
    /// The `FOLLOWS` sections placed after their section (not moved to shorten jumps).
    pub followers: std::collections::BTreeSet<String>,
}

/// A placement problem, reported at the section's `SECTION` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LayoutError {
    pub at: Place,
    pub message: String,
}

/// A FOLLOWS section goes after its section only if it fills the gap there exactly or
/// leaves at least this many bytes of it (see [`place`]).
pub(crate) const FOLLOW_SPARE: u32 = 16;

/// One end of a `JRX` jump: `off` bytes into section `section` (an index into the
/// sections given to [`place`]), or the address `off` itself when `section` is `None`
/// (code outside sections).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct JumpEnd {
    pub section: Option<usize>,
    pub off: u32,
}

/// A `JRX` site and its target as the last pass saw them: the packer tries to keep the two
/// within a JR's reach (each JRX that stays a JR is a byte less).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Jump {
    pub from: JumpEnd,
    pub to: JumpEnd,
    /// Assembled as a JP (3 bytes) by the pass that saw it.
    pub long: bool,
}

/// Places `sections` (in source order) given the PACK `regions` and the `fixed` ranges of
/// code assembled outside sections (`(lo, end)`, any order), then (except `INORDER`)
/// rearranges the floating sections so that more of the `jumps` are in JR range.
pub(crate) fn place(
    sections: &[SectionUse],
    regions: &[Region],
    fixed: &[(u32, u32)],
    strategy: Strategy,
    jumps: &[Jump],
    keep: Option<&Layout>,
) -> (Layout, Vec<LayoutError>) {
    if let Some(kept) = keep.and_then(|k| place_as_before(sections, regions, fixed, k)) {
        return (kept, Vec::new());
    }
    let clustered = if strategy == Strategy::Fill {
        match place_settled(sections, regions, fixed, jumps) {
            Some((layout, errors)) if errors.is_empty() => return (layout, errors),
            other => other,
        }
    } else {
        None
    };
    let (mut layout, errors) = place_by_size(sections, regions, fixed, strategy);
    if !errors.is_empty() {
        if let Some(c) = clustered {
            return c;
        }
    }
    if errors.is_empty() && strategy != Strategy::InOrder {
        crate::jr_reach::improve(sections, jumps, &layout.followers, &mut layout.starts);
    }
    (layout, errors)
}

/// Rounds of [`place_settled`] at most.
const SETTLE_ROUNDS: usize = 4;
/// A jump counts as staying a JR after placement only this far inside reach (code in its
/// section may still move by a byte or two as other sites change).
const SETTLE_MARGIN: i64 = 3;

/// [`place_clustered`] with each section's size as its `JRX` jumps will make it where the
/// placement puts it: a jump that placement takes out of JR reach grows its section by a
/// byte, so the sections are placed again at those sizes (never smaller than before, so the
/// rounds end) until no section outgrows its place. A section that shrinks leaves the byte
/// free behind it. Passes then find each section as large as the room it was given, or
/// smaller, and a kept layout holds.
fn place_settled(
    sections: &[SectionUse],
    regions: &[Region],
    fixed: &[(u32, u32)],
    jumps: &[Jump],
) -> Option<(Layout, Vec<LayoutError>)> {
    let n = sections.len();
    let mut long_now = vec![0u32; n];
    for j in jumps {
        if let (Some(i), true) = (j.from.section, j.long) {
            if i < n {
                long_now[i] += 1;
            }
        }
    }
    let mut sized: Vec<SectionUse> = sections.to_vec();
    let mut last = None;
    for _ in 0..SETTLE_ROUNDS {
        let (layout, errors) = place_clustered(&sized, regions, fixed, jumps)?;
        if !errors.is_empty() {
            return Some(last.unwrap_or((layout, errors)));
        }
        let at = |e: &JumpEnd| match e.section {
            Some(i) if i < n => layout
                .starts
                .get(&sections[i].name)
                .map(|&s| i64::from(s) + i64::from(e.off)),
            Some(_) => None,
            None => Some(i64::from(e.off)),
        };
        let mut long_then = vec![0u32; n];
        for j in jumps {
            let Some(i) = j.from.section.filter(|&i| i < n) else {
                continue;
            };
            let long = match (at(&j.from), at(&j.to)) {
                _ if j.to.section == Some(i) => j.long,
                (Some(f), Some(t)) => {
                    let d = t - (f + 2);
                    !(-128 + SETTLE_MARGIN..=127 - SETTLE_MARGIN).contains(&d)
                }
                _ => j.long,
            };
            long_then[i] += u32::from(long);
        }
        let mut grew = false;
        for (i, s) in sized.iter_mut().enumerate() {
            if s.pinned_at.is_some() {
                continue;
            }
            let then = sections[i].size - long_now[i] + long_then[i];
            if then > s.size {
                s.size = then;
                grew = true;
            }
        }
        last = Some((layout, errors));
        if !grew {
            break;
        }
    }
    // The free bytes as the sections are now (those that will shrink leave theirs free).
    last.map(|(mut layout, errors)| {
        layout.gaps = gaps_of(sections, regions, fixed, &layout);
        (layout, errors)
    })
}

/// The free ranges of `regions` with `sections` where `layout` puts them.
fn gaps_of(
    sections: &[SectionUse],
    regions: &[Region],
    fixed: &[(u32, u32)],
    layout: &Layout,
) -> Vec<(u32, u32)> {
    let mut taken: Vec<(u32, u32)> = fixed.iter().copied().filter(|r| r.1 > r.0).collect();
    for s in sections {
        if let Some(&start) = layout.starts.get(&s.name) {
            taken.push((start, start + s.size));
        }
    }
    free_gaps(regions, &taken)
}

/// FILL with the sections that `JRX` jumps link packed as blocks (see `cluster`), each
/// block's members one after another in the block's order; `None` when no jumps link two
/// sections. Errors name what found no place (`cluster` for a block).
fn place_clustered(
    sections: &[SectionUse],
    regions: &[Region],
    fixed: &[(u32, u32)],
    jumps: &[Jump],
) -> Option<(Layout, Vec<LayoutError>)> {
    let plan = crate::cluster::plan(sections, jumps);
    if plan.clusters.is_empty() {
        return None;
    }
    // Each block stands where its first member was written (source order breaks ties).
    let mut block_of: Vec<Option<usize>> = vec![None; sections.len()];
    for (c, members) in plan.clusters.iter().enumerate() {
        for &i in members {
            block_of[i] = Some(c);
        }
    }
    let block_name = |c: usize| format!("\u{0}block{c}");
    let mut packed: Vec<SectionUse> = Vec::new();
    let mut written = vec![false; plan.clusters.len()];
    for (i, s) in sections.iter().enumerate() {
        match block_of[i] {
            None => packed.push(s.clone()),
            Some(c) if !written[c] => {
                written[c] = true;
                packed.push(SectionUse {
                    name: block_name(c),
                    size: plan.clusters[c].iter().map(|&m| sections[m].size).sum(),
                    pinned_at: None,
                    follows: None,
                    follow_always: false,
                    at: s.at.clone(),
                });
            }
            Some(_) => {}
        }
    }
    let (mut layout, errors) = place_by_size(&packed, regions, fixed, Strategy::Fill);
    for (c, members) in plan.clusters.iter().enumerate() {
        let mut at = layout.starts.remove(&block_name(c))?;
        for &m in members {
            layout.starts.insert(sections[m].name.clone(), at);
            at += sections[m].size;
        }
    }
    if !errors.is_empty() {
        // Errors name the sections as written; a block's error names its first member.
        let errors = errors
            .into_iter()
            .map(|e| {
                let mut message = e.message;
                for (c, members) in plan.clusters.iter().enumerate() {
                    let what = format!(
                        "block of '{}' and {} more",
                        sections[members[0]].name,
                        members.len() - 1
                    );
                    message = message.replace(&format!("'{}'", block_name(c)), &what);
                }
                LayoutError { message, ..e }
            })
            .collect();
        return Some((layout, errors));
    }
    crate::jr_reach::improve(sections, jumps, &layout.followers, &mut layout.starts);
    layout.gaps = gaps_of(sections, regions, fixed, &layout);
    Some((layout, errors))
}

/// The sections where `before` had them (FOLLOWS sections after their section): when JRX
/// sites become JRs, the layout stays put, so the jumps already short stay short and the
/// bytes saved are left free behind the sections that shrank. A section that no longer
/// fits where it was (it grew) goes best fit into what is free; `None` when that fails
/// too, or a pin is wrong.
fn place_as_before(
    sections: &[SectionUse],
    regions: &[Region],
    fixed: &[(u32, u32)],
    before: &Layout,
) -> Option<Layout> {
    let mut layout = Layout {
        followers: before.followers.clone(),
        ..Layout::default()
    };
    let mut taken: Vec<(u32, u32)> = fixed.iter().copied().filter(|r| r.1 > r.0).collect();
    let free = |taken: &[(u32, u32)], start: u32, end: u32| {
        regions.iter().any(|r| r.lo <= start && end <= r.end)
            && !taken.iter().any(|&(lo, hi)| start < hi && lo < end)
    };
    for s in sections {
        if let Some(start) = s.pinned_at {
            let start = u32::try_from(start).ok()?;
            let end = start.checked_add(s.size).filter(|&e| e <= 0x10000)?;
            if taken.iter().any(|&(lo, hi)| start < hi && lo < end) {
                return None;
            }
            taken.push((start, end));
            layout.starts.insert(s.name.clone(), start);
        }
    }
    let mut homeless: Vec<&SectionUse> = Vec::new();
    // Followers in source order, each after its section (placed earlier).
    for s in sections.iter().filter(|s| s.pinned_at.is_none()) {
        if !before.followers.contains(&s.name) {
            continue;
        }
        let target = s.follows.as_ref()?;
        let t = sections.iter().find(|t| &t.name == target)?;
        match layout.starts.get(target).map(|&a| a + t.size) {
            Some(start) if free(&taken, start, start + s.size) => {
                taken.push((start, start + s.size));
                layout.starts.insert(s.name.clone(), start);
            }
            _ => {
                layout.followers.remove(&s.name);
                homeless.push(s);
            }
        }
    }
    let mut floating: Vec<(u32, &SectionUse)> = Vec::new();
    for s in sections {
        if s.pinned_at.is_none() && !before.followers.contains(&s.name) {
            floating.push((*before.starts.get(&s.name)?, s));
        }
    }
    floating.sort_by_key(|f| f.0);
    // A section that grew pushes the ones after it along (by the few bytes it grew), while
    // the free bytes behind them take it: `pushed` is where the last one placed ended.
    let mut pushed = 0;
    for (was, s) in floating {
        let at = if pushed > was && pushed - was <= MAX_PUSH {
            pushed
        } else {
            was
        };
        if s.size == 0 {
            layout.starts.insert(s.name.clone(), was);
        } else if free(&taken, at, at + s.size) {
            taken.push((at, at + s.size));
            layout.starts.insert(s.name.clone(), at);
            pushed = at + s.size;
        } else {
            homeless.push(s);
        }
    }
    // Stable: equal sizes keep the order above.
    homeless.sort_by_key(|s| std::cmp::Reverse(s.size));
    for s in homeless {
        let gaps = free_gaps(regions, &taken);
        let g = gaps
            .iter()
            .filter(|g| g.1 - g.0 >= s.size)
            .min_by_key(|g| (g.1 - g.0, g.0))?;
        taken.push((g.0, g.0 + s.size));
        layout.starts.insert(s.name.clone(), g.0);
    }
    layout.gaps = free_gaps(regions, &taken);
    Some(layout)
}

/// How far a kept layout pushes a section along for one that grew before it.
const MAX_PUSH: u32 = 8;

/// Where `strategy` puts the sections, by their sizes alone.
fn place_by_size(
    sections: &[SectionUse],
    regions: &[Region],
    fixed: &[(u32, u32)],
    strategy: Strategy,
) -> (Layout, Vec<LayoutError>) {
    if strategy != Strategy::Fill {
        return place_once(sections, regions, fixed, strategy, false, 0);
    }
    // FILL: the gaps from the smallest up; if something is left over, from the largest
    // down; then plain best fit. The first that places everything wins (else the first's
    // errors are reported).
    let first = place_once(sections, regions, fixed, strategy, false, 0);
    if first.1.is_empty() {
        return first;
    }
    for (order, largest_first) in [(Strategy::Fill, true), (Strategy::BestFit, false)] {
        let other = place_once(sections, regions, fixed, order, largest_first, 0);
        if other.1.is_empty() {
            return other;
        }
    }
    // Then the smallest-first fill again with the sections taken in shuffled orders (a
    // fixed sequence of seeds, so the result stays deterministic).
    for seed in 1..=FILL_RETRIES {
        let other = place_once(sections, regions, fixed, Strategy::Fill, false, seed);
        if other.1.is_empty() {
            return other;
        }
    }
    first
}

/// How many shuffled orders FILL tries before it gives up.
const FILL_RETRIES: u64 = 200;

fn place_once(
    sections: &[SectionUse],
    regions: &[Region],
    fixed: &[(u32, u32)],
    strategy: Strategy,
    largest_gaps_first: bool,
    shuffle_seed: u64,
) -> (Layout, Vec<LayoutError>) {
    let mut layout = Layout::default();
    let mut errors = Vec::new();
    let err = |s: &SectionUse, message: String| LayoutError {
        at: s.at.clone(),
        message,
    };
    // Pinned sections: in range, clear of each other and of code outside sections.
    let mut taken: Vec<(u32, u32)> = fixed.iter().copied().filter(|r| r.1 > r.0).collect();
    let mut pinned: Vec<(u32, u32, &SectionUse)> = Vec::new();
    for s in sections {
        let Some(start) = s.pinned_at else { continue };
        let end = start + i64::from(s.size);
        if start < 0 || end > 0x10000 {
            let at = if start < 0 {
                start.to_string()
            } else {
                format!("{start:#06X}")
            };
            let msg = format!(
                "section '{}' ({} bytes) pinned at {at} does not fit in 0x0000-0xFFFF",
                s.name, s.size
            );
            errors.push(err(s, msg));
            continue;
        }
        let (start, end) = (start as u32, end as u32);
        if let Some(&(lo, hi, other)) = pinned
            .iter()
            .find(|&&(lo, hi, _)| start < hi && lo < end && end > start)
        {
            let msg = format!(
                "pinned section '{}' ({}) overlaps pinned section '{}' ({}, at {})",
                s.name,
                span(start, end),
                other.name,
                span(lo, hi),
                other.at
            );
            errors.push(err(s, msg));
        } else if let Some(&(lo, hi)) = fixed.iter().find(|&&(lo, hi)| start < hi && lo < end) {
            let msg = format!(
                "pinned section '{}' ({}) overlaps code outside sections ({})",
                s.name,
                span(start, end),
                span(lo, hi)
            );
            errors.push(err(s, msg));
        }
        pinned.push((start, end, s));
        taken.push((start, end));
        layout.starts.insert(s.name.clone(), start);
    }
    let mut gaps = free_gaps(regions, &taken);
    // FOLLOWS preferences first, in source order, each only into the gap that starts
    // exactly where the section it follows ends (pinned, or placed by an earlier FOLLOWS),
    // and only when that gap is no worse a fit than best fit would find: it holds the
    // section exactly, or leaves at least FOLLOW_SPARE bytes (slivers are wasted space).
    let mut followers = std::collections::BTreeSet::new();
    for (i, s) in sections.iter().enumerate() {
        let Some(target) = s.follows.as_ref().filter(|_| s.pinned_at.is_none()) else {
            continue;
        };
        let Some(t) = sections.iter().find(|t| &t.name == target) else {
            continue;
        };
        let Some(&t_start) = layout.starts.get(target) else {
            continue;
        };
        let at = t_start + t.size;
        if let Some(g) = gaps.iter_mut().find(|g| {
            let room = g.1 - g.0;
            g.0 == at
                && room >= s.size
                && (s.follow_always || room == s.size || room - s.size >= FOLLOW_SPARE)
        }) {
            g.0 += s.size;
            layout.starts.insert(s.name.clone(), at);
            followers.insert(i);
        }
    }
    let mut floating: Vec<(usize, &SectionUse)> = sections
        .iter()
        .enumerate()
        .filter(|(i, s)| s.pinned_at.is_none() && !followers.contains(i))
        .collect();
    if strategy != Strategy::InOrder {
        // Stable sort: equal sizes keep source order, so the result is deterministic.
        floating.sort_by_key(|s| std::cmp::Reverse(s.1.size));
    }
    if shuffle_seed != 0 {
        // Fisher-Yates with a 64-bit LCG: sections in a different order for the subset sums
        let mut x = shuffle_seed.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for i in (1..floating.len()).rev() {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            floating.swap(i, (x >> 33) as usize % (i + 1));
        }
    }
    if strategy == Strategy::Fill {
        let mut order: Vec<usize> = (0..gaps.len()).collect();
        order.sort_by_key(|&g| (gaps[g].1 - gaps[g].0, gaps[g].0));
        if largest_gaps_first {
            order.reverse();
        }
        for g in order {
            let room = (gaps[g].1 - gaps[g].0) as usize;
            let sizes: Vec<usize> = floating.iter().map(|(_, s)| s.size as usize).collect();
            let chosen = best_subset(&sizes, room);
            let mut taken: Vec<_> = chosen.iter().rev().map(|&k| floating.remove(k)).collect();
            taken.reverse(); // largest first, then source order, from the gap's start
            for (_, s) in taken {
                layout.starts.insert(s.name.clone(), gaps[g].0);
                gaps[g].0 += s.size;
            }
        }
    }
    for (_, s) in floating {
        if regions.is_empty() {
            let msg = format!(
                "section '{}' has no fixed address (AT or PIN) and there is no PACK region to place it in",
                s.name
            );
            errors.push(err(s, msg));
            continue;
        }
        let fits = gaps.iter().enumerate().filter(|(_, g)| g.1 - g.0 >= s.size);
        let chosen = match strategy {
            Strategy::BestFit | Strategy::Fill => {
                fits.min_by_key(|(_, g)| (g.1 - g.0, g.0)).map(|(i, _)| i)
            }
            Strategy::InOrder => fits.map(|(i, _)| i).next(),
        };
        match chosen {
            Some(i) => {
                let start = gaps[i].0;
                gaps[i].0 += s.size;
                layout.starts.insert(s.name.clone(), start);
            }
            None if s.size == 0 => {
                // Nothing to place: put it at the end of the first region.
                layout.starts.insert(s.name.clone(), regions[0].end);
            }
            None => {
                let total: u32 = gaps.iter().map(|g| g.1 - g.0).sum();
                let largest = gaps
                    .iter()
                    .max_by_key(|g| (g.1 - g.0, std::cmp::Reverse(g.0)))
                    .filter(|g| g.1 > g.0);
                let largest = match largest {
                    Some(&(lo, end)) => {
                        format!("the largest is {} bytes at {}", end - lo, span(lo, end))
                    }
                    None => "no gap is left".to_string(),
                };
                let msg = format!(
                    "section '{}' ({} bytes) fits in no free gap of the PACK regions: {largest} \
                     ({total} bytes free in all)",
                    s.name, s.size
                );
                errors.push(err(s, msg));
                // Provisionally over the largest gap (a pass before the last one only
                // counts sizes, so the overlap is harmless): the jumps to and from it are
                // then judged at a real distance, and the next pass's sizes are not those
                // of a section left nowhere.
                if let Some(&(lo, _)) = gaps
                    .iter()
                    .max_by_key(|g| (g.1 - g.0, std::cmp::Reverse(g.0)))
                {
                    layout.starts.insert(s.name.clone(), lo);
                }
            }
        }
    }
    gaps.retain(|g| g.1 > g.0);
    if !errors.is_empty() && std::env::var("ACEASM_DEBUG").is_ok() {
        let mut v: Vec<_> = gaps
            .iter()
            .map(|g| format!("{:04X}+{}", g.0, g.1 - g.0))
            .collect();
        v.sort();
        eprintln!(
            "GAPS {:?} {} {} {}",
            strategy == Strategy::Fill,
            largest_gaps_first,
            shuffle_seed,
            v.join(" ")
        );
    }
    layout.gaps = gaps;
    layout.followers = followers
        .iter()
        .map(|&i| sections[i].name.clone())
        .collect();
    (layout, errors)
}

/// The indexes (ascending) of a subset of `sizes` whose sum is the largest that is at most
/// `room`: a 0/1 subset sum over the sums, each first reached by the earliest items.
fn best_subset(sizes: &[usize], room: usize) -> Vec<usize> {
    // reached[c] = the item that first made the sum c (and c - its size before it)
    let mut reached: Vec<Option<usize>> = vec![None; room + 1];
    let mut best = 0;
    for (i, &size) in sizes.iter().enumerate() {
        if size == 0 || size > room {
            continue;
        }
        for c in (size..=room).rev() {
            if reached[c].is_none() && (c == size || reached[c - size].is_some()) {
                reached[c] = Some(i);
                best = best.max(c);
            }
        }
        if best == room {
            break;
        }
    }
    let mut chosen = Vec::new();
    let mut c = best;
    while c > 0 {
        let i = reached[c].expect("a reached sum has its item");
        chosen.push(i);
        c -= sizes[i];
    }
    chosen.sort_unstable();
    chosen
}

/// `0x1200-0x1277` (inclusive end, as a listing shows it); an empty range shows its start.
pub(crate) fn span(lo: u32, end: u32) -> String {
    if end > lo {
        format!("{lo:#06X}-{:#06X}", end - 1)
    } else {
        format!("{lo:#06X} (empty)")
    }
}

/// The parts of `regions` not covered by `taken`, in address order, merged.
fn free_gaps(regions: &[Region], taken: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let mut free: Vec<(u32, u32)> = regions
        .iter()
        .filter(|r| r.end > r.lo)
        .map(|r| (r.lo, r.end))
        .collect();
    free.sort();
    // Merge overlapping or touching regions.
    let mut merged: Vec<(u32, u32)> = Vec::new();
    for r in free {
        match merged.last_mut() {
            Some(m) if r.0 <= m.1 => m.1 = m.1.max(r.1),
            _ => merged.push(r),
        }
    }
    let mut out = Vec::new();
    for (lo, end) in merged {
        let mut cuts: Vec<(u32, u32)> = taken
            .iter()
            .filter(|t| t.0 < end && lo < t.1)
            .copied()
            .collect();
        cuts.sort();
        let mut at = lo;
        for (clo, cend) in cuts {
            if clo > at {
                out.push((at, clo.min(end)));
            }
            at = at.max(cend);
        }
        if at < end {
            out.push((at, end));
        }
    }
    out
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) fn sec(name: &str, size: u32, pinned_at: Option<i64>) -> SectionUse {
        SectionUse {
            name: name.into(),
            size,
            pinned_at,
            follows: None,
            follow_always: false,
            at: Place {
                file: "t.asm".into(),
                line: 1,
                col: 1,
                note: String::new(),
            },
        }
    }

    #[test]
    fn gaps_are_regions_minus_taken() {
        let r = [Region { lo: 0, end: 100 }, Region { lo: 90, end: 120 }];
        assert_eq!(
            free_gaps(&r, &[(10, 20), (15, 30), (110, 200)]),
            [(0, 10), (30, 110)]
        );
    }

    #[test]
    fn best_fit_puts_the_largest_first_into_the_tightest_gap() {
        // Gaps: 0..10 (10), 20..26 (6), 30..40 (10)
        let r = [Region { lo: 0, end: 40 }];
        let fixed = [(10, 20), (26, 30)];
        let s = [sec("a", 4, None), sec("b", 6, None), sec("c", 9, None)];
        let (l, e) = place(&s, &r, &fixed, Strategy::BestFit, &[], None);
        assert!(e.is_empty(), "{e:?}");
        // c (9) -> 0..10 (tightest 10, lowest), b (6) -> 20..26, a (4) -> 30..34.
        assert_eq!(l.starts["c"], 0);
        assert_eq!(l.starts["b"], 20);
        assert_eq!(l.starts["a"], 30);
        assert_eq!(l.gaps, [(9, 10), (34, 40)]);
        let (l, _) = place(&s, &r, &fixed, Strategy::InOrder, &[], None);
        // a -> 0..4, b -> 4..10, c -> 30..39.
        assert_eq!((l.starts["a"], l.starts["b"], l.starts["c"]), (0, 4, 30));
    }

    #[test]
    fn a_follower_goes_after_its_section_when_the_gap_holds_it() {
        // Pinned h1 at 0..4 (gap 4..10 after it), h2 at 10..12 (gap 12..14 after it), h3.
        let r = [Region { lo: 0, end: 40 }];
        let mut b1 = sec("b1", 6, None);
        b1.follows = Some("h1".into());
        let mut b2 = sec("b2", 5, None);
        b2.follows = Some("h2".into());
        let s = [
            sec("h1", 4, Some(0)),
            sec("h2", 2, Some(10)),
            sec("h3", 1, Some(14)),
            b1,
            b2,
        ];
        let (l, e) = place(&s, &r, &[], Strategy::BestFit, &[], None);
        assert!(e.is_empty(), "{e:?}");
        assert_eq!(l.starts["b1"], 4, "fits exactly after h1");
        assert_eq!(
            l.starts["b2"], 15,
            "2 bytes after h2 are too few: packed elsewhere"
        );
    }
}
