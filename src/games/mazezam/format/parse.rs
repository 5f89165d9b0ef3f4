//! Reading .mzm text (spec sections 6 and 7). The reader goes line by line, groups row
//! lines into drawings, applies `;;` metadata to the drawings after it, and checks each
//! drawing on its own, so one broken mazezam cannot hide errors in the next.

use super::diagnostic::{Code, Diagnostic, ParseErrors, Severity};
use crate::games::mazezam::level::{Level, Metadata, MAX_SIDE, MAX_TITLE_CHARS};
use std::path::Path;

/// The mazezams of a file, in order, and the warnings met on the way.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Parsed {
    pub levels: Vec<Level>,
    /// The line number (1-based) of each level's top wall.
    pub first_lines: Vec<usize>,
    pub warnings: Vec<Diagnostic>,
}

/// Largest .mzm file read: 16 MB, room for some 250 mazezams of the largest size. The cap
/// keeps a device or a huge file named by mistake from being read for ever.
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// Reads and parses a file; the file name in diagnostics is the path as given.
pub fn parse_file(path: &Path) -> Result<Parsed, ParseErrors> {
    let name = path.display().to_string();
    let bytes = crate::input_file::read(path, MAX_FILE_BYTES).map_err(|e| {
        ParseErrors::single(Diagnostic::new(
            &name,
            0,
            None,
            Code::Io,
            format!("cannot read: {}", e.reason),
        ))
    })?;
    parse_bytes(&bytes, &name)
}

/// Parses text that is already a string.
pub fn parse_str(text: &str, file: &str) -> Result<Parsed, ParseErrors> {
    parse_bytes(text.as_bytes(), file)
}

/// Parses the bytes of a .mzm file. `file` names it in diagnostics.
pub fn parse_bytes(bytes: &[u8], file: &str) -> Result<Parsed, ParseErrors> {
    let mut reader = Reader::new(file);
    let bytes = match bytes.strip_prefix(b"\xEF\xBB\xBF") {
        Some(rest) => {
            reader.note(1, None, Code::Bom, "UTF-8 byte order mark ignored");
            rest
        }
        None => bytes,
    };
    let mut lines: Vec<&[u8]> = bytes.split(|&b| b == b'\n').collect();
    if lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop(); // the newline that ends the last line
    }
    for (i, line) in lines.into_iter().enumerate() {
        reader.line(i + 1, line);
    }
    reader.finish()
}

/// A row line waiting in the current drawing.
struct RowLine {
    number: usize,
    bytes: Vec<u8>,
}

struct Reader<'a> {
    file: &'a str,
    diagnostics: Vec<Diagnostic>,
    parsed: Parsed,
    crlf_warned: bool,
    /// The sticky metadata in force.
    sticky: Metadata,
    /// Unknown keys waiting for the next mazezam.
    pending_extra: Vec<(String, String)>,
    drawing: Vec<RowLine>,
    /// A row of the current drawing had a character-level error: skip its shape checks.
    drawing_broken: bool,
    /// Errors and warnings met, including those past [`MAX_SHOWN`].
    errors: usize,
    warnings: usize,
}

/// Errors (and, separately, warnings) kept per file; the rest are counted in one closing
/// diagnostic. Without a cap one 16 MB line of bad characters made 16 million errors
/// (5.5 GB of memory and as many lines of output).
pub const MAX_SHOWN: usize = 100;

impl<'a> Reader<'a> {
    fn new(file: &'a str) -> Reader<'a> {
        Reader {
            file,
            diagnostics: Vec::new(),
            parsed: Parsed::default(),
            crlf_warned: false,
            sticky: Metadata::default(),
            pending_extra: Vec::new(),
            drawing: Vec::new(),
            drawing_broken: false,
            errors: 0,
            warnings: 0,
        }
    }

    fn note(&mut self, line: usize, column: Option<usize>, code: Code, message: impl Into<String>) {
        let severity = code.severity();
        let seen = match severity {
            Severity::Error => &mut self.errors,
            Severity::Warning => &mut self.warnings,
        };
        *seen += 1;
        if *seen <= MAX_SHOWN {
            self.diagnostics
                .push(Diagnostic::new(self.file, line, column, code, message));
        }
    }

    fn line(&mut self, number: usize, mut line: &[u8]) {
        if let Some(rest) = line.strip_suffix(b"\r") {
            line = rest;
            if !self.crlf_warned {
                self.crlf_warned = true;
                self.note(
                    number,
                    None,
                    Code::Crlf,
                    "CRLF line ends accepted (written back as LF)",
                );
            }
        }
        if let Some(pos) = line.iter().position(|&b| b == b'\r') {
            if line.first() == Some(&b';') {
                self.end_drawing();
            } else {
                // Keep the row in its drawing (marked broken) so the error stands alone.
                self.drawing_broken = true;
                self.drawing.push(RowLine {
                    number,
                    bytes: line.to_vec(),
                });
            }
            self.note(
                number,
                Some(pos + 1),
                Code::CarriageReturn,
                "carriage return inside a line",
            );
            return;
        }
        match line.first() {
            Some(b';') => {
                self.end_drawing();
                self.comment(number, line);
            }
            _ if line.iter().all(|&b| b == b' ' || b == b'\t') => {
                self.end_drawing();
                if !line.is_empty() {
                    self.note(
                        number,
                        None,
                        Code::WhitespaceLine,
                        "line of only spaces or tabs taken as a blank line",
                    );
                }
            }
            _ => self.row(number, line),
        }
    }

    fn row(&mut self, number: usize, line: &[u8]) {
        let end = line
            .iter()
            .rposition(|&b| b != b' ' && b != b'\t')
            .map_or(0, |p| p + 1);
        let trimmed = &line[..end];
        let looks_like_row =
            matches!(trimmed[0], b'#' | b'+') || trimmed.iter().all(|b| b"# $+*\t".contains(b));
        if !looks_like_row {
            self.end_drawing();
            self.note(
                number,
                Some(1),
                Code::NotRow,
                "not a row of a mazezam, a blank line or a comment (comments start with ';')",
            );
            return;
        }
        if end < line.len() {
            self.note(
                number,
                Some(end + 1),
                Code::TrailingWhitespace,
                "trailing whitespace after the wall ignored",
            );
        }
        let errors_before = self.error_count();
        if trimmed[0] == b' ' {
            self.note(
                number,
                Some(1),
                Code::Leading,
                "the line starts with a space: column 1 must be the wall '#' or the entrance '+'",
            );
        }
        for (i, &b) in trimmed.iter().enumerate() {
            if b == b'\t' {
                self.note(
                    number,
                    Some(i + 1),
                    Code::Tab,
                    "tab in a row (rows use spaces: a tab has no width)",
                );
            } else if !b"# $+*".contains(&b) {
                let shown = if b.is_ascii_graphic() {
                    format!("'{}'", b as char)
                } else {
                    format!("byte 0x{b:02X}")
                };
                self.note(
                    number,
                    Some(i + 1),
                    Code::Char,
                    format!("{shown} is not a row character (only '#', ' ', '$', '+', '*')"),
                );
            }
        }
        if self.error_count() > errors_before {
            self.drawing_broken = true;
        }
        self.drawing.push(RowLine {
            number,
            bytes: trimmed.to_vec(),
        });
    }

    fn error_count(&self) -> usize {
        self.errors
    }

    fn comment(&mut self, number: usize, line: &[u8]) {
        let Some(rest) = line.strip_prefix(b";;") else {
            return;
        };
        let text = decode_text(rest);
        let Some(colon) = text.find(':') else {
            return; // a plain comment
        };
        let (key, after) = (text[..colon].trim(), &text[colon + 1..]);
        let value = after.trim();
        // 1-based: ";;" fills columns 1 and 2, then the colon, then the spaces trimmed off.
        let value_column = 3 + colon + 1 + (after.len() - after.trim_start().len());
        let stored = (!value.is_empty()).then(|| value.to_string());
        match key.to_ascii_lowercase().as_str() {
            "version" => {
                if !value.is_empty() && value != "1" && value != "1.0" {
                    self.note(
                        number,
                        Some(value_column),
                        Code::Version,
                        format!("format version '{value}' is not supported (only 1)"),
                    );
                }
            }
            "title" => {
                let n = value.chars().count();
                if n > MAX_TITLE_CHARS {
                    self.note(
                        number,
                        Some(value_column),
                        Code::TitleLong,
                        format!("title has {n} characters, at most {MAX_TITLE_CHARS} are allowed"),
                    );
                }
                self.sticky.title = stored;
            }
            "author" => self.sticky.author = stored,
            "comment" => self.sticky.comment = stored,
            _ => self
                .pending_extra
                .push((key.to_string(), value.to_string())),
        }
    }

    fn end_drawing(&mut self) {
        if self.drawing.is_empty() {
            return;
        }
        let rows = std::mem::take(&mut self.drawing);
        let broken = std::mem::replace(&mut self.drawing_broken, false);
        let mut meta = self.sticky.clone();
        meta.extra = std::mem::take(&mut self.pending_extra);
        if broken {
            return;
        }
        if let Some(mut level) = self.check_drawing(&rows) {
            level.meta = meta;
            self.parsed.levels.push(level);
            self.parsed.first_lines.push(rows[0].number);
        }
    }

    /// Rules R1..R5 on one drawing; returns the level if it is valid.
    fn check_drawing(&mut self, rows: &[RowLine]) -> Option<Level> {
        let first = rows[0].number;
        if rows.len() < 3 {
            self.note(
                first,
                None,
                Code::Shape,
                format!(
                    "a mazezam needs at least 3 lines (top wall, a row, bottom wall), this one has {}",
                    rows.len()
                ),
            );
            return None;
        }
        let len = rows[0].bytes.len();
        if let Some(odd) = rows.iter().find(|r| r.bytes.len() != len) {
            self.note(
                odd.number,
                Some(odd.bytes.len().min(len) + 1),
                Code::Ragged,
                format!(
                    "line has {} characters, the mazezam's first line (line {first}) has {len}",
                    odd.bytes.len()
                ),
            );
            return None;
        }
        if len < 3 {
            self.note(
                first,
                None,
                Code::Shape,
                "no interior column: lines need at least 3 characters",
            );
            return None;
        }
        let (width, height) = (len - 2, rows.len() - 2);
        if width > MAX_SIDE || height > MAX_SIDE {
            self.note(
                first,
                None,
                Code::TooLarge,
                format!("interior of {width}x{height} is larger than {MAX_SIDE}x{MAX_SIDE}"),
            );
            return None;
        }
        let errors_before = self.error_count();
        let mut entrances = Vec::new();
        let mut exits = Vec::new();
        let mut misplaced_entrance = false;
        let mut misplaced_exit = false;
        let last = rows.len() - 1;
        for (r, row) in rows.iter().enumerate() {
            for (c, &b) in row.bytes.iter().enumerate() {
                let on_top_or_bottom = r == 0 || r == last;
                let place = if on_top_or_bottom {
                    Place::TopOrBottom
                } else if c == 0 {
                    Place::Left
                } else if c == len - 1 {
                    Place::Right
                } else {
                    Place::Interior
                };
                let at = (row.number, c + 1);
                match (b, place) {
                    (b'#', Place::Interior) => self.note(
                        at.0,
                        Some(at.1),
                        Code::InnerWall,
                        "wall '#' inside the mazezam (walls are only the outer rectangle)",
                    ),
                    (b'#', _) | (b' ' | b'$', Place::Interior) => {}
                    (b'+', Place::Left) => entrances.push(at),
                    (b'*', Place::Right) => exits.push(at),
                    (b'+', _) => {
                        misplaced_entrance = true;
                        self.note(
                            at.0,
                            Some(at.1),
                            Code::EntrancePlace,
                            format!(
                                "the entrance '+' must be in the left wall, not {}",
                                place.name()
                            ),
                        );
                    }
                    (b'*', _) => {
                        misplaced_exit = true;
                        self.note(
                            at.0,
                            Some(at.1),
                            Code::ExitPlace,
                            format!(
                                "the exit '*' must be in the right wall, not {}",
                                place.name()
                            ),
                        );
                    }
                    _ => self.note(
                        at.0,
                        Some(at.1),
                        Code::Wall,
                        format!("'{}' where the outer wall should be", b as char),
                    ),
                }
            }
        }
        match entrances.len() {
            0 if !misplaced_entrance => self.note(
                first,
                None,
                Code::NoEntrance,
                "no entrance '+' in the left wall",
            ),
            0 | 1 => {}
            _ => self.note(
                entrances[1].0,
                Some(entrances[1].1),
                Code::ManyEntrances,
                format!(
                    "a second entrance (the first is on line {})",
                    entrances[0].0
                ),
            ),
        }
        match exits.len() {
            0 if !misplaced_exit => {
                self.note(first, None, Code::NoExit, "no exit '*' in the right wall")
            }
            0 | 1 => {}
            _ => self.note(
                exits[1].0,
                Some(exits[1].1),
                Code::ManyExits,
                format!("a second exit (the first is on line {})", exits[0].0),
            ),
        }
        if let [(line, _)] = entrances[..] {
            if rows[line - first].bytes[1] == b'$' {
                self.note(
                    line,
                    Some(2),
                    Code::EntranceBlocked,
                    "the cell right of the entrance holds a block (rule R4)",
                );
            }
        }
        if self.error_count() > errors_before {
            return None;
        }
        let entrance_row = entrances[0].0 - first - 1;
        let exit_row = exits[0].0 - first - 1;
        let cells = rows[1..last]
            .iter()
            .flat_map(|r| r.bytes[1..len - 1].iter().map(|&b| b == b'$'))
            .collect();
        Level::new(width, height, entrance_row, exit_row, cells).ok()
    }

    fn finish(mut self) -> Result<Parsed, ParseErrors> {
        self.end_drawing();
        for (seen, code, what) in [
            (self.errors, Code::MoreErrors, "errors"),
            (self.warnings, Code::MoreWarnings, "warnings"),
        ] {
            if seen > MAX_SHOWN {
                let more = seen - MAX_SHOWN;
                self.diagnostics.push(Diagnostic::new(
                    self.file,
                    0,
                    None,
                    code,
                    format!("{more} more {what} not shown (only the first {MAX_SHOWN} are)"),
                ));
            }
        }
        let (errors, warnings): (Vec<_>, Vec<_>) = self
            .diagnostics
            .into_iter()
            .partition(|d| d.code.severity() == Severity::Error);
        if errors.is_empty() {
            self.parsed.warnings = warnings;
            Ok(self.parsed)
        } else {
            Err(ParseErrors(errors))
        }
    }
}

#[derive(Clone, Copy)]
enum Place {
    TopOrBottom,
    Left,
    Right,
    Interior,
}

impl Place {
    fn name(self) -> &'static str {
        match self {
            Place::TopOrBottom => "in the top or bottom wall",
            Place::Left => "in the left wall",
            Place::Right => "in the right wall",
            Place::Interior => "inside the mazezam",
        }
    }
}

/// Comment text: UTF-8, or Latin-1 when it is not valid UTF-8 (spec section 7).
fn decode_text(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_string(),
        Err(_) => bytes.iter().map(|&b| b as char).collect(),
    }
}
