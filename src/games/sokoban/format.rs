//! Reading and writing XSB level files with the Plus lines (spec `sokoban-plus.md`,
//! sections 2 to 4). Every case of the spec's decision table is decided as it
//! recommends (the strict choices); errors name the line and column (1-based).
//!
//! What the reader keeps, so the writer gives it back: the text before the first board
//! (the file's preamble), and for each level its title, author, comment block and every
//! other text line. Text between two boards belongs to the board above it (the SOK
//! habit of a title line just before its board is not followed: that line is kept, as
//! text of the previous level). A stray `Comment-End:` outside a comment is the one line
//! not kept: the writer writes its own markers. The writer puts the Plus lines inside the comment block (SokoMind
//! compatible), with trailing 99s left out.

use super::level::{Level, Notes, NO_NUMBER};
use std::fmt;
use std::path::Path;

/// One problem in a file, at a 1-based line and column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

/// Every error found in a file, each with the file's name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseErrors {
    pub file: String,
    pub errors: Vec<Diagnostic>,
}

impl fmt::Display for ParseErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.errors.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{}:{}:{}: {}", self.file, e.line, e.column, e.message)?;
        }
        Ok(())
    }
}

impl std::error::Error for ParseErrors {}

/// A file read without errors.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Parsed {
    /// The text lines before the first board.
    pub preamble: Vec<String>,
    pub levels: Vec<Level>,
}

/// Largest XSB file read: 16 MB, far beyond any level pack; a device or a huge file named
/// by mistake is refused instead of read for ever.
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// Reads a file from disk (`file` names it in messages).
pub fn parse_file(path: &Path) -> Result<Parsed, ParseErrors> {
    let file = path.display().to_string();
    let bytes = crate::input_file::read(path, MAX_FILE_BYTES).map_err(|e| ParseErrors {
        file: file.clone(),
        errors: vec![Diagnostic {
            line: 0,
            column: 0,
            message: format!("cannot read: {}", e.reason),
        }],
    })?;
    let text = String::from_utf8(bytes).map_err(|e| {
        let upto = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = upto.iter().filter(|&&b| b == b'\n').count() + 1;
        let column = upto.iter().rev().take_while(|&&b| b != b'\n').count() + 1;
        ParseErrors {
            file: file.clone(),
            errors: vec![Diagnostic {
                line,
                column,
                message: "not UTF-8 text".into(),
            }],
        }
    })?;
    parse_str(&text, &file)
}

/// Whether a line is a board line: only board characters, at least one not a space.
pub fn is_board_line(line: &str) -> bool {
    line.chars().any(|c| c != ' ') && line.chars().all(|c| "# -_.$*@+".contains(c))
}

/// Which Plus line a text line is, and where its numbers start (byte offset).
fn plus_keyword(line: &str) -> Option<(Which, usize)> {
    let start = line.len() - line.trim_start().len();
    let rest = &line[start..];
    for (word, which) in [("boxorder", Which::Box), ("goalorder", Which::Goal)] {
        // `get`, not indexing: the cut may fall inside a character of other text.
        if rest
            .get(..word.len())
            .is_some_and(|w| w.eq_ignore_ascii_case(word))
        {
            let after = &rest[word.len()..];
            if after.is_empty() || after.starts_with([' ', '\t', ':']) {
                let mut at = start + word.len();
                let trimmed = line[at..].trim_start_matches([' ', '\t']);
                at = line.len() - trimmed.len();
                if trimmed.starts_with(':') {
                    at += 1;
                }
                return Some((which, at));
            }
        }
    }
    None
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Which {
    Box,
    Goal,
}

impl Which {
    fn name(self) -> &'static str {
        match self {
            Which::Box => "boxorder",
            Which::Goal => "goalorder",
        }
    }
}

fn is_comment_end(line: &str) -> bool {
    let t = line.trim().to_ascii_lowercase();
    let t = t.strip_suffix(':').unwrap_or(&t);
    matches!(t, "comment-end" | "comment end" | "comment_end")
}

/// The value after `Key:` (key case-insensitive), if the line is that key.
fn key_value<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let (k, v) = line.split_once(':')?;
    k.trim().eq_ignore_ascii_case(key).then(|| v.trim())
}

/// A Plus line read: its line, the numbers (internal form) and where each number stood.
struct PlusLine {
    line: usize,
    numbers: Vec<u8>,
    columns: Vec<usize>,
}

/// A level being read: its board lines and then its text.
struct Pending {
    first_line: usize,
    rows: Vec<String>,
    notes: Notes,
    in_comment: bool,
    boxorder: Option<PlusLine>,
    goalorder: Option<PlusLine>,
}

/// Reads XSB/Plus text; `file` names it in messages.
pub fn parse_str(text: &str, file: &str) -> Result<Parsed, ParseErrors> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut parsed = Parsed::default();
    let mut errors = Vec::new();
    let mut pending: Option<Pending> = None;
    for (index, raw) in text.split('\n').enumerate() {
        let number = index + 1;
        // Every carriage return at the end goes, not only a CRLF's: text kept from the
        // line (a note) then writes back and reads the same.
        let line = raw.trim_end_matches('\r');
        let board = is_board_line(line);
        let in_board = pending
            .as_ref()
            .is_some_and(|p| p.rows.len() == number - p.first_line);
        // A board line always belongs to a board: it ends an unclosed comment too.
        if board {
            if in_board {
                pending.as_mut().unwrap().rows.push(line.to_string());
                continue;
            }
            // A new board: the level before it is complete.
            if let Some(p) = pending.take() {
                finish(p, &mut parsed, &mut errors);
            }
            pending = Some(Pending {
                first_line: number,
                rows: vec![line.to_string()],
                notes: Notes::default(),
                in_comment: false,
                boxorder: None,
                goalorder: None,
            });
            continue;
        }
        match pending.as_mut() {
            None => {
                if plus_keyword(line).is_some() {
                    errors.push(Diagnostic {
                        line: number,
                        column: 1,
                        message: "a Plus line before any board (it belongs to the board above it)"
                            .into(),
                    });
                } else {
                    parsed.preamble.push(line.to_string());
                }
            }
            Some(p) => text_line(p, line, number, &mut errors),
        }
    }
    if let Some(p) = pending.take() {
        finish(p, &mut parsed, &mut errors);
    }
    while parsed.preamble.last().is_some_and(|l| l.trim().is_empty()) {
        parsed.preamble.pop();
    }
    if errors.is_empty() {
        Ok(parsed)
    } else {
        Err(ParseErrors {
            file: file.to_string(),
            errors,
        })
    }
}

/// One text line after a board.
fn text_line(p: &mut Pending, line: &str, number: usize, errors: &mut Vec<Diagnostic>) {
    if let Some((which, at)) = plus_keyword(line) {
        let slot = match which {
            Which::Box => &mut p.boxorder,
            Which::Goal => &mut p.goalorder,
        };
        if let Some(first) = slot {
            errors.push(Diagnostic {
                line: number,
                column: 1,
                message: format!(
                    "a second {} line for this level (the first is on line {})",
                    which.name(),
                    first.line
                ),
            });
            return;
        }
        match read_numbers(line, at, number) {
            Ok((numbers, columns)) => {
                *slot = Some(PlusLine {
                    line: number,
                    numbers,
                    columns,
                })
            }
            Err(e) => errors.push(e),
        }
        return;
    }
    if p.in_comment {
        if is_comment_end(line) {
            p.in_comment = false;
        } else {
            p.notes.comment.push(line.to_string());
        }
        return;
    }
    if line.trim().is_empty() {
        return;
    }
    if let Some(v) = key_value(line, "Title").filter(|_| p.notes.title.is_none()) {
        p.notes.title = Some(v.to_string());
    } else if let Some(v) = key_value(line, "Author").filter(|_| p.notes.author.is_none()) {
        p.notes.author = Some(v.to_string());
    } else if let Some(v) = key_value(line, "Comment") {
        p.in_comment = true;
        if !v.is_empty() {
            p.notes.comment.push(v.to_string());
        }
    } else if is_comment_end(line) {
        // A stray end marker closes nothing; it is dropped as the writer adds its own.
    } else {
        p.notes.other.push(line.to_string());
    }
}

/// The numbers of a Plus line from byte offset `at`: 99 becomes [`NO_NUMBER`].
fn read_numbers(line: &str, at: usize, number: usize) -> Result<(Vec<u8>, Vec<usize>), Diagnostic> {
    let mut numbers = Vec::new();
    let mut columns = Vec::new();
    let mut rest = &line[at..];
    let mut offset = at;
    loop {
        let skip = rest.len() - rest.trim_start_matches([' ', '\t']).len();
        rest = &rest[skip..];
        offset += skip;
        if rest.is_empty() {
            break;
        }
        let len = rest.find([' ', '\t']).unwrap_or(rest.len());
        let token = &rest[..len];
        let column = line[..offset].chars().count() + 1;
        let value: i64 = token.parse().map_err(|_| Diagnostic {
            line: number,
            column,
            message: format!("{token:?} is not a whole number (numbers are 1 to 98, 99 for none)"),
        })?;
        if !(1..=99).contains(&value) {
            return Err(Diagnostic {
                line: number,
                column,
                message: format!("number {value} is out of range (1 to 98, 99 for none)"),
            });
        }
        numbers.push(if value == 99 { NO_NUMBER } else { value as u8 });
        columns.push(column);
        rest = &rest[len..];
        offset += len;
    }
    Ok((numbers, columns))
}

/// Builds the level of a pending block, or records why it cannot be built.
fn finish(p: Pending, parsed: &mut Parsed, errors: &mut Vec<Diagnostic>) {
    let mut level = match Level::from_rows(&p.rows) {
        Ok(level) => level,
        Err(e) => {
            errors.push(Diagnostic {
                line: p.first_line + e.row,
                column: e.col + 1,
                message: e.message,
            });
            return;
        }
    };
    let mut notes = p.notes;
    while notes.comment.last().is_some_and(|l| l.trim().is_empty()) {
        notes.comment.pop();
    }
    level.notes = notes;
    match (p.boxorder, p.goalorder) {
        (None, None) => {}
        (Some(only), None) | (None, Some(only)) => {
            errors.push(Diagnostic {
                line: only.line,
                column: 1,
                message: "only one of boxorder and goalorder (a level with numbers needs both)"
                    .into(),
            });
            return;
        }
        (Some(b), Some(g)) => {
            let counts = [
                (&b, level.boxes().len(), "boxes"),
                (&g, level.goals().len(), "goals"),
            ];
            for (plus, count, what) in counts {
                if plus.numbers.len() > count {
                    errors.push(Diagnostic {
                        line: plus.line,
                        column: plus.columns[count],
                        message: format!(
                            "{} numbers but the board has {count} {what}",
                            plus.numbers.len()
                        ),
                    });
                    return;
                }
            }
            let pad = |v: &[u8], n: usize| {
                let mut v = v.to_vec();
                v.resize(n, NO_NUMBER);
                v
            };
            let boxes = pad(&b.numbers, level.boxes().len());
            let goals = pad(&g.numbers, level.goals().len());
            if let Err(message) = level.set_numbers(&boxes, &goals) {
                errors.push(Diagnostic {
                    line: b.line,
                    column: 1,
                    message,
                });
                return;
            }
        }
    }
    parsed.levels.push(level);
}

/// A Plus number list with trailing 99s left out.
fn number_list(numbers: &[u8]) -> String {
    let end = numbers
        .iter()
        .rposition(|&n| n != NO_NUMBER)
        .map_or(0, |i| i + 1);
    numbers[..end]
        .iter()
        .map(|&n| {
            if n == NO_NUMBER {
                "99".to_string()
            } else {
                n.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// One level as XSB text (board, title, author, other lines, comment block with the Plus
/// lines), ending with a newline.
pub fn write_level(level: &Level) -> String {
    let mut out = String::new();
    for row in level.rows() {
        out.push_str(&row);
        out.push('\n');
    }
    let notes = &level.notes;
    if let Some(t) = &notes.title {
        out.push_str(&format!("Title: {t}\n"));
    }
    if let Some(a) = &notes.author {
        out.push_str(&format!("Author: {a}\n"));
    }
    for line in &notes.other {
        out.push_str(line);
        out.push('\n');
    }
    if !notes.comment.is_empty() || level.has_numbers() {
        out.push_str("Comment:\n");
        for line in &notes.comment {
            out.push_str(line);
            out.push('\n');
        }
        if level.has_numbers() {
            out.push_str(&format!("boxorder {}\n", number_list(level.box_numbers())));
            out.push_str(&format!(
                "goalorder {}\n",
                number_list(level.goal_numbers())
            ));
        }
        out.push_str("Comment-End:\n");
    }
    out
}

/// A whole file: the preamble, then the levels separated by blank lines.
pub fn write(parsed: &Parsed) -> String {
    let mut out = String::new();
    for line in &parsed.preamble {
        out.push_str(line);
        out.push('\n');
    }
    for level in &parsed.levels {
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&write_level(level));
    }
    out
}
