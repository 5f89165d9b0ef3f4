//! The CABBAGE-compatible engine (spec rule-engine.md 4): one cycle is pass A over list A
//! in reading order, then pass B over list B in the reverse order, writing straight into
//! the map (no buffering), with the original's priority and its choice of visited cells.

use super::reader::Description;
use super::rule::{Rule, WILDCARD};

/// Something the original would do outside the map (undefined there: it may crash), done
/// here the way the spec says instead: a neighbour outside the map matches only the
/// wildcard, and a write to it is dropped. Also a write over a line's newline byte, which
/// the original keeps (so do we) but which breaks its picture of the map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Anomaly {
    pub cycle: u64,
    pub kind: AnomalyKind,
    /// The rule's line in the file.
    pub rule_line: usize,
    /// Map line and column, 1-based (column X is the newline position): the centre for a
    /// read or write outside the map, the newline cell for a write over a newline.
    pub line: usize,
    pub column: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnomalyKind {
    /// A non-wildcard match character met a neighbour outside the map: no match.
    ReadOutside,
    /// A non-wildcard update character fell outside the map: dropped.
    WriteOutside,
    /// A tile was written over the newline at the end of a map line.
    WriteOverNewline,
}

impl std::fmt::Display for Anomaly {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let what = match self.kind {
            AnomalyKind::ReadOutside => "matched a non-wildcard against a cell outside the map (the original reads stray memory; here it does not match)",
            AnomalyKind::WriteOutside => "wrote outside the map (the original writes stray memory and may crash; here the write is dropped)",
            AnomalyKind::WriteOverNewline => "wrote over the newline ending a map line (kept, as the original does; its display would break)",
        };
        write!(
            f,
            "cycle {}: the rule on file line {} centred on map line {} column {} {what}",
            self.cycle, self.rule_line, self.line, self.column
        )
    }
}

/// At most this many anomalies are kept (the count goes on).
const MAX_KEPT_ANOMALIES: usize = 100;

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Engine {
    list_a: Vec<Rule>,
    list_b: Vec<Rule>,
    /// For each centre byte, the indices of its rules in reverse file order.
    bucket_a: Vec<Vec<usize>>,
    bucket_b: Vec<Vec<usize>>,
    stride: usize,
    lines: usize,
    map: Vec<u8>,
    /// Offsets of the eight neighbours, reading order.
    neighbours: [isize; 8],
    cycle: u64,
    anomalies: Vec<Anomaly>,
    anomaly_count: u64,
}

fn buckets(rules: &[Rule]) -> Vec<Vec<usize>> {
    let mut b = vec![Vec::new(); 256];
    for (i, rule) in rules.iter().enumerate().rev() {
        b[usize::from(rule.centre)].push(i);
    }
    b
}

impl Engine {
    pub fn new(d: &Description) -> Engine {
        let x = d.stride as isize;
        Engine {
            bucket_a: buckets(&d.list_a),
            bucket_b: buckets(&d.list_b),
            list_a: d.list_a.clone(),
            list_b: d.list_b.clone(),
            stride: d.stride,
            lines: d.lines,
            map: d.map.clone(),
            neighbours: [-x - 1, -x, -x + 1, -1, 1, x - 1, x, x + 1],
            cycle: 0,
            anomalies: Vec::new(),
            anomaly_count: 0,
        }
    }

    /// Cycles run so far.
    pub fn cycle(&self) -> u64 {
        self.cycle
    }

    /// X: bytes per map line, the newline included.
    pub fn stride(&self) -> usize {
        self.stride
    }

    /// Y: map lines.
    pub fn lines(&self) -> usize {
        self.lines
    }

    /// Visible columns (X - 1).
    pub fn width(&self) -> usize {
        self.stride - 1
    }

    /// The raw map, X * Y bytes, newline positions included.
    pub fn raw(&self) -> &[u8] {
        &self.map
    }

    /// The visible cells of map line `line` (0-based).
    pub fn row(&self, line: usize) -> &[u8] {
        &self.map[line * self.stride..line * self.stride + self.width()]
    }

    /// The character at 0-based (line, column).
    pub fn at(&self, line: usize, column: usize) -> u8 {
        self.map[line * self.stride + column]
    }

    /// The visible map, each line followed by a newline (what the original draws, as
    /// long as no rule wrote over a newline byte).
    pub fn text(&self) -> String {
        map_text(&self.map, self.stride)
    }

    /// The first anomalies met (at most 100) and how many there were in all.
    pub fn anomalies(&self) -> (&[Anomaly], u64) {
        (&self.anomalies, self.anomaly_count)
    }

    /// The cells pass A visits, as map offsets, in order (spec 4, "which cells are
    /// visited"): with a key it starts at line 2 column 1, without a key at line 1
    /// column 1; after the first cell column 1 is skipped; it ends with line Y-1's
    /// newline position.
    pub fn pass_a_cells(&self, keyed: bool) -> Vec<usize> {
        pass_a(self.stride, self.lines, keyed).collect()
    }

    /// The cells pass B visits: lines Y-1 up to 2, each from the newline position left
    /// to column 2.
    pub fn pass_b_cells(&self) -> Vec<usize> {
        pass_b(self.stride, self.lines).collect()
    }

    /// Runs one cycle with `key` (None: no key came during the wait). The cells are
    /// walked as they come, not gathered first: two lists a cycle were a quarter of the
    /// engine's time.
    pub fn step(&mut self, key: Option<u8>) {
        self.cycle += 1;
        for o in pass_a(self.stride, self.lines, key.is_some()) {
            self.visit(o, key, true);
        }
        for o in pass_b(self.stride, self.lines) {
            self.visit(o, key, false);
        }
    }

    /// One cycle as the engine ran it before issue 36: the visited cells gathered into two
    /// lists first, then walked. The same maps as [`Engine::step`]; kept only so that
    /// `benches/cabbage.rs` can time the two ways in one run.
    #[doc(hidden)]
    pub fn step_gathering_cells(&mut self, key: Option<u8>) {
        self.cycle += 1;
        for o in self.pass_a_cells(key.is_some()) {
            self.visit(o, key, true);
        }
        for o in self.pass_b_cells() {
            self.visit(o, key, false);
        }
    }

    /// Applies one list at one cell: every rule filed under the cell's character, last
    /// written first, each matched against the map as changed by the ones before.
    fn visit(&mut self, o: usize, key: Option<u8>, pass_a: bool) {
        let centre = self.map[o];
        let count = if pass_a {
            self.bucket_a[usize::from(centre)].len()
        } else {
            self.bucket_b[usize::from(centre)].len()
        };
        for k in 0..count {
            let rule = if pass_a {
                &self.list_a[self.bucket_a[usize::from(centre)][k]]
            } else {
                &self.list_b[self.bucket_b[usize::from(centre)][k]]
            };
            if !rule.wants_key(key) {
                continue;
            }
            let rule = rule.clone();
            if self.matches(o, &rule) {
                self.fire(o, &rule);
            }
        }
    }

    fn neighbour(&self, o: usize, i: usize) -> Option<usize> {
        let n = o as isize + self.neighbours[i];
        (n >= 0 && (n as usize) < self.map.len()).then_some(n as usize)
    }

    fn matches(&mut self, o: usize, rule: &Rule) -> bool {
        for i in 0..8 {
            let want = rule.matches[i];
            if want == WILDCARD {
                continue;
            }
            match self.neighbour(o, i) {
                Some(n) if self.map[n] == want => {}
                Some(_) => return false,
                None => {
                    self.report(AnomalyKind::ReadOutside, rule, o);
                    return false;
                }
            }
        }
        true
    }

    fn fire(&mut self, o: usize, rule: &Rule) {
        if rule.new_centre != WILDCARD {
            self.write(o, rule.new_centre, rule);
        }
        for i in 0..8 {
            let new = rule.updates[i];
            if new == WILDCARD {
                continue;
            }
            match self.neighbour(o, i) {
                Some(n) => self.write(n, new, rule),
                None => self.report(AnomalyKind::WriteOutside, rule, o),
            }
        }
    }

    fn write(&mut self, n: usize, value: u8, rule: &Rule) {
        if self.map[n] == b'\n' && value != b'\n' {
            self.report(AnomalyKind::WriteOverNewline, rule, n);
        }
        self.map[n] = value;
    }

    fn report(&mut self, kind: AnomalyKind, rule: &Rule, o: usize) {
        self.anomaly_count += 1;
        if self.anomalies.len() < MAX_KEPT_ANOMALIES {
            self.anomalies.push(Anomaly {
                cycle: self.cycle,
                kind,
                rule_line: rule.line,
                line: o / self.stride + 1,
                column: o % self.stride + 1,
            });
        }
    }
}

/// The visible part of a raw map of `stride` bytes a line (newline positions included),
/// each line followed by a newline: what [`Engine::text`] prints, for any copy of a map
/// (the engine on the Ace keeps its own).
pub fn map_text(raw: &[u8], stride: usize) -> String {
    let mut out = String::with_capacity(raw.len());
    for line in raw.chunks(stride) {
        out.extend(line[..stride - 1].iter().map(|&b| char::from(b)));
        out.push('\n');
    }
    out
}

/// The map offsets pass A visits, in order, for a map of `lines` lines of `x` bytes (see
/// [`Engine::pass_a_cells`]).
fn pass_a(x: usize, lines: usize, keyed: bool) -> impl Iterator<Item = usize> {
    let start = if keyed { x } else { 0 };
    let end = lines.saturating_sub(1) * x;
    (start..end).filter(move |&o| o == start || o % x != 0)
}

/// The map offsets pass B visits, in order (see [`Engine::pass_b_cells`]).
fn pass_b(x: usize, lines: usize) -> impl Iterator<Item = usize> {
    let end = lines.saturating_sub(1) * x;
    (x.min(end)..end).rev().filter(move |&o| o % x != 0)
}
