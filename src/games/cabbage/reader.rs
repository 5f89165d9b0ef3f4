//! The game description file (spec rule-engine.md 3): list A, an empty line, list B, an
//! empty line, `X Y`, then the map. The original checks nothing and misbehaves silently on
//! a bad file (spec 6.8); this reader reports every problem with its line and column.

use super::rule::{Rule, RULE_LEN, WILDCARD};
use std::fmt;

/// Largest map the reader accepts, in bytes (X * Y); far beyond any screen.
pub const MAX_MAP_BYTES: usize = 1 << 20;

/// Errors (and, separately, warnings) kept per file, as `mazezam check` keeps; the rest
/// are counted in one closing diagnostic. A file of bad bytes would otherwise make an
/// error per byte.
pub const MAX_SHOWN: usize = 100;

/// How bad a problem is: an error stops the file from being played, a warning is worth
/// knowing about but the original would run the file the same way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
}

/// One problem, at a 1-based line and column of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        write!(f, "{}:{}: {kind}: {}", self.line, self.column, self.message)
    }
}

/// A description that read without errors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Description {
    /// List A ("top-to-bottom"), file order.
    pub list_a: Vec<Rule>,
    /// List B ("bottom-to-top"), file order.
    pub list_b: Vec<Rule>,
    /// X: bytes per map line, the newline included (one more than the visible width).
    pub stride: usize,
    /// Y: map lines.
    pub lines: usize,
    /// The map as the original holds it: X * Y bytes, each line ending in `\n`.
    pub map: Vec<u8>,
    /// The line of the file the map starts on.
    pub map_line: usize,
    /// Extension: the tile whose appearance finishes the game (an `end C` line after the
    /// map, which the original never reads); None: the game never ends.
    pub end_tile: Option<u8>,
}

impl Description {
    /// Visible columns of the map (X - 1).
    pub fn width(&self) -> usize {
        self.stride - 1
    }
}

/// The outcome of reading: the description if there was no error, and the diagnostics
/// (the first [`MAX_SHOWN`] errors and warnings, then one saying how many more there were).
#[derive(Clone, Debug)]
pub struct Read {
    pub description: Option<Description>,
    pub diagnostics: Vec<Diagnostic>,
    /// Errors met, those not shown included.
    pub error_count: usize,
}

impl Read {
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
    }
}

struct Line<'a> {
    /// 1-based line number.
    number: usize,
    /// The bytes without the newline (and without a CR before it, which is reported).
    bytes: &'a [u8],
}

struct Reader {
    diagnostics: Vec<Diagnostic>,
    /// Errors and warnings met, those past [`MAX_SHOWN`] included, and where the first
    /// one not shown of each was.
    errors: usize,
    warnings: usize,
    first_unshown_error: Option<(usize, usize)>,
    first_unshown_warning: Option<(usize, usize)>,
}

impl Reader {
    fn error(&mut self, line: usize, column: usize, message: impl Into<String>) {
        self.push(Severity::Error, line, column, message);
    }

    fn warning(&mut self, line: usize, column: usize, message: impl Into<String>) {
        self.push(Severity::Warning, line, column, message);
    }

    fn push(&mut self, severity: Severity, line: usize, column: usize, message: impl Into<String>) {
        let (seen, unshown) = match severity {
            Severity::Error => (&mut self.errors, &mut self.first_unshown_error),
            Severity::Warning => (&mut self.warnings, &mut self.first_unshown_warning),
        };
        *seen += 1;
        if *seen > MAX_SHOWN {
            unshown.get_or_insert((line, column));
            return;
        }
        self.diagnostics.push(Diagnostic {
            severity,
            line,
            column,
            message: message.into(),
        });
    }

    /// The diagnostics in file order, then one for each kind with more than were kept.
    fn finish(mut self) -> (Vec<Diagnostic>, usize) {
        self.diagnostics.sort_by_key(|d| (d.line, d.column));
        for (severity, seen, unshown, what) in [
            (
                Severity::Error,
                self.errors,
                self.first_unshown_error,
                "errors",
            ),
            (
                Severity::Warning,
                self.warnings,
                self.first_unshown_warning,
                "warnings",
            ),
        ] {
            if let Some((line, column)) = unshown {
                self.diagnostics.push(Diagnostic {
                    severity,
                    line,
                    column,
                    message: format!(
                        "{} more {what} from here on not shown (only the first {MAX_SHOWN} are)",
                        seen - MAX_SHOWN
                    ),
                });
            }
        }
        (self.diagnostics, self.errors)
    }
}

/// Reads a description from the bytes of a file.
pub fn read(bytes: &[u8]) -> Read {
    let mut r = Reader {
        diagnostics: Vec::new(),
        errors: 0,
        warnings: 0,
        first_unshown_error: None,
        first_unshown_warning: None,
    };
    let lines = split_lines(bytes, &mut r);
    let mut next = 0;
    let list_a = read_rules(&lines, &mut next, "list A", &mut r);
    let list_b = match list_a {
        Some(_) => read_rules(&lines, &mut next, "list B", &mut r),
        None => None,
    };
    let description = match (list_a, list_b) {
        (Some(list_a), Some(list_b)) => read_map(&lines, next, &mut r).map(|m| Description {
            list_a,
            list_b,
            stride: m.stride,
            lines: m.lines,
            map: m.map,
            map_line: m.map_line,
            end_tile: m.end_tile,
        }),
        _ => None,
    };
    let (diagnostics, error_count) = r.finish();
    Read {
        description: if error_count > 0 { None } else { description },
        diagnostics,
        error_count,
    }
}

/// Splits into lines, reporting bytes the original cannot take (0x80 and above index
/// outside its rule table; a CR before LF becomes part of a rule or map line) and a
/// missing newline at the end of the file (the map is read as X * Y bytes).
fn split_lines<'a>(bytes: &'a [u8], r: &mut Reader) -> Vec<Line<'a>> {
    let mut lines = Vec::new();
    let mut rest = bytes;
    let mut number = 1;
    while !rest.is_empty() {
        let (mut line, after) = match rest.iter().position(|&b| b == b'\n') {
            Some(i) => (&rest[..i], &rest[i + 1..]),
            None => {
                r.error(
                    number,
                    rest.len() + 1,
                    "the file does not end with a newline (every map line must end with one)",
                );
                (rest, &rest[rest.len()..])
            }
        };
        for (i, &b) in line.iter().enumerate() {
            if b >= 0x80 {
                r.error(number, i + 1, format!("byte 0x{b:02X}: the original only takes bytes below 0x80 (it indexes its rule table with them)"));
            }
        }
        if let Some((&b'\r', head)) = line.split_last() {
            r.error(number, line.len(), "CR before LF: save the file with Unix line ends (the CR would be read as a character)");
            line = head;
        }
        lines.push(Line {
            number,
            bytes: line,
        });
        number += 1;
        rest = after;
    }
    lines
}

/// Reads rule lines up to an empty line; None if the empty line never comes.
fn read_rules(lines: &[Line], next: &mut usize, name: &str, r: &mut Reader) -> Option<Vec<Rule>> {
    let mut rules = Vec::new();
    loop {
        let Some(line) = lines.get(*next) else {
            let at = lines.last().map_or(1, |l| l.number + 1);
            r.error(at, 1, format!("the file ends in {name}: each rule list must be followed by an empty line (the original would allocate memory for ever)"));
            return None;
        };
        *next += 1;
        if line.bytes.is_empty() {
            return Some(rules);
        }
        let sizes = match line.bytes.len() {
            RULE_LEN => None,
            _ => looks_like_sizes(line.bytes),
        };
        if let Some(sizes) = sizes {
            r.error(line.number, 1, missing_empty_line(name, rules.len(), sizes));
            return None;
        }
        let n = line.bytes.len();
        if n != RULE_LEN {
            let column = if n > RULE_LEN { RULE_LEN + 1 } else { n + 1 };
            r.error(line.number, column, format!("a rule line of {name} has {n} characters; it must have exactly {RULE_LEN} (the original would read the following lines out of step)"));
            continue;
        }
        let bytes: &[u8; RULE_LEN] = line.bytes.try_into().expect("length checked");
        if bytes[0] == WILDCARD {
            r.error(line.number, 1, "the centre is `*`: the original files rules by their centre character, so this rule would only ever meet a cell holding a literal `*`, never act as a wildcard");
        }
        rules.push(Rule::from_line(bytes, line.number));
    }
}

/// What follows the rule lists: `X Y`, the map and the `end` line.
struct MapPart {
    stride: usize,
    lines: usize,
    map: Vec<u8>,
    map_line: usize,
    end_tile: Option<u8>,
}

/// Reads `X Y` and the map from line index `start`.
fn read_map(lines: &[Line], mut start: usize, r: &mut Reader) -> Option<MapPart> {
    while lines.get(start).is_some_and(|l| is_blank(l.bytes)) {
        let l = &lines[start];
        r.warning(
            l.number,
            1,
            "blank line before `X Y` (the original skips it)",
        );
        start += 1;
    }
    let Some(line) = lines.get(start) else {
        let at = lines.last().map_or(1, |l| l.number + 1);
        r.error(at, 1, "the file ends before the `X Y` line");
        return None;
    };
    let (x, y) = parse_sizes(line, r)?;
    let map_line = line.number + 1;
    if x < 2 || y < 1 {
        r.error(
            line.number,
            1,
            format!("X = {x}, Y = {y}: X counts the newline, so the map needs X >= 2 and Y >= 1"),
        );
        return None;
    }
    if x.checked_mul(y).is_none_or(|n| n > MAX_MAP_BYTES) {
        r.error(
            line.number,
            1,
            format!("a map of {x} x {y} bytes is larger than {MAX_MAP_BYTES} bytes"),
        );
        return None;
    }
    if y < 3 {
        r.warning(line.number, 1, format!("Y = {y}: only lines 2..Y-1 (and line 1 in a cycle without a key) are ever centres, so no rule can fire on most of this map"));
    }
    let body = &lines[start + 1..];
    if let Some(first) = body.first() {
        if first.bytes.first().is_none_or(|&b| b == b' ' || b == b'\t') {
            r.error(first.number, 1, "the map begins with white space: the original skips all white space after `X Y`, which would shift the whole map (put a non-blank character in the top-left corner)");
        }
    }
    let mut map = Vec::with_capacity(x * y);
    for (i, line) in body.iter().take(y).enumerate() {
        let n = line.bytes.len();
        if n != x - 1 {
            let column = if n > x - 1 { x } else { n + 1 };
            r.error(line.number, column, format!("map line {} has {n} characters; X = {x} means {} per line (X counts the newline)", i + 1, x - 1));
        }
        let mut cells = line.bytes.to_vec();
        cells.resize(x - 1, b' ');
        if let Some(c) = line.bytes.iter().position(|&b| b == WILDCARD) {
            r.warning(line.number, c + 1, "a `*` tile: `*` is the wildcard, so only a rule centred on `*` can tell it from any other tile");
        }
        map.extend_from_slice(&cells);
        map.push(b'\n');
    }
    if body.is_empty() {
        let at = lines.last().map_or(1, |l| l.number + 1);
        r.error(at, 1, format!("the file ends before the map; Y = {y}"));
        return None;
    }
    if body.len() < y {
        // The original reads the map with one fread of X * Y bytes: when the file ends
        // early, the lines it did not get stay NUL bytes (newline positions included),
        // and it plays on. One of its own data files is such a file.
        let at = lines.last().map_or(1, |l| l.number + 1);
        let missing = y - body.len();
        let which = if missing == 1 {
            format!("map line {y}")
        } else {
            format!("map lines {}-{y}", body.len() + 1)
        };
        r.warning(at, 1, format!("the map has {} lines; Y = {y}: {which} read as NUL bytes, as the original reads them (its one read of X * Y bytes comes short)", body.len()));
        map.resize(x * y, 0);
        return Some(MapPart {
            stride: x,
            lines: y,
            map,
            map_line,
            end_tile: None,
        });
    }
    let end_tile = read_trailer(&body[y..], body[y - 1].number, y, r);
    if let Some(tile) = end_tile {
        if map.contains(&tile) {
            r.warning(map_line, 1, format!("the end tile `{}` is already on the first map: the game is over before it starts", char::from(tile)));
        }
    }
    Some(MapPart {
        stride: x,
        lines: y,
        map,
        map_line,
        end_tile,
    })
}

/// The lines after the map, which the original never reads: empty lines, and at most one
/// `end C` (the extension naming the end tile C, a printable character).
fn read_trailer(after: &[Line], map_end: usize, y: usize, r: &mut Reader) -> Option<u8> {
    let mut end_tile = None;
    for line in after.iter().filter(|l| !l.bytes.is_empty()) {
        match line.bytes {
            [b'e', b'n', b'd', b' ', c] if c.is_ascii_graphic() && end_tile.is_none() => {
                end_tile = Some(*c)
            }
            [b'e', b'n', b'd', b' ', c] if c.is_ascii_graphic() => r.error(
                line.number,
                1,
                "a second `end` line: a game has one end tile",
            ),
            [b'e', b'n', b'd', ..] => r.error(
                line.number,
                1,
                "`end` takes one printable character, the end tile: `end X`",
            ),
            _ => r.error(
                line.number,
                1,
                format!(
                    "text after the map: Y = {y} says the map ended on line {map_end} (after \
                     the map only an `end C` line may come, naming the end tile)"
                ),
            ),
        }
    }
    end_tile
}

/// The line is `X Y` (two decimal numbers, spaces or tabs around them), which no rule
/// line of 19 characters can be.
fn looks_like_sizes(bytes: &[u8]) -> Option<&str> {
    let text = std::str::from_utf8(bytes).ok()?;
    let mut numbers = text.split([' ', '\t']).filter(|w| !w.is_empty());
    let two = numbers.next().is_some_and(is_number) && numbers.next().is_some_and(is_number);
    (two && numbers.next().is_none()).then(|| text.trim_matches([' ', '\t']))
}

fn is_number(word: &str) -> bool {
    word.bytes().all(|b| b.is_ascii_digit())
}

/// The message for an `X Y` line met while reading the rule list `name`, after `read` of
/// its rules: an empty line is missing before it, and which one.
fn missing_empty_line(name: &str, read: usize, sizes: &str) -> String {
    let which = match (name, read) {
        ("list A", _) => "both empty lines are missing (after list A and after list B)",
        (_, 0) => "the empty line between list A and list B is missing (an empty list B still needs its own empty line)",
        _ => "the empty line between list B and `X Y` is missing",
    };
    format!("`{sizes}` is the `X Y` line, but it comes where {name} should go on: {which}; a file is list A, an empty line, list B, an empty line, then `X Y` and the map")
}

fn is_blank(bytes: &[u8]) -> bool {
    bytes.iter().all(|&b| b == b' ' || b == b'\t')
}

/// `X Y`: two decimal numbers separated by spaces or tabs.
fn parse_sizes(line: &Line, r: &mut Reader) -> Option<(usize, usize)> {
    let mut numbers = Vec::new();
    let mut i = 0;
    let b = line.bytes;
    while i < b.len() {
        match b[i] {
            b' ' | b'\t' => i += 1,
            b'0'..=b'9' => {
                let from = i;
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
                let text = std::str::from_utf8(&b[from..i]).expect("digits");
                match text.parse::<usize>() {
                    Ok(n) => numbers.push((n, from + 1)),
                    Err(_) => {
                        r.error(line.number, from + 1, format!("{text} is too large"));
                        return None;
                    }
                }
            }
            other => {
                r.error(
                    line.number,
                    i + 1,
                    format!(
                        "expected `X Y` (two decimal numbers), found {:?}",
                        other as char
                    ),
                );
                return None;
            }
        }
    }
    match numbers[..] {
        [(x, _), (y, _)] => Some((x, y)),
        [_, _, (_, column), ..] => {
            r.error(line.number, column, "expected `X Y`: a third number");
            None
        }
        _ => {
            r.error(
                line.number,
                b.len() + 1,
                "expected `X Y` (two decimal numbers separated by spaces)",
            );
            None
        }
    }
}
