//! Errors and warnings of the .mzm reader, each naming the file, the line and, where it
//! applies, the column (1-based, in characters).

use std::fmt;

/// What a diagnostic is about. The names in brackets in [`Code::name`] are the spec's
/// suggested error names (section 7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Code {
    // Warnings.
    Crlf,
    Bom,
    TrailingWhitespace,
    WhitespaceLine,
    // Errors about lines.
    CarriageReturn,
    Tab,
    NotRow,
    Char,
    Leading,
    // Errors about a drawing.
    Shape,
    Ragged,
    Wall,
    InnerWall,
    EntrancePlace,
    NoEntrance,
    ManyEntrances,
    EntranceBlocked,
    ExitPlace,
    NoExit,
    ManyExits,
    TooLarge,
    // Errors about metadata.
    TitleLong,
    Version,
    // Reading the file at all.
    Io,
    // The count of errors or warnings past the ones shown.
    MoreErrors,
    MoreWarnings,
}

/// Warning or error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Warning,
    Error,
}

impl Code {
    /// The short name shown in brackets.
    pub fn name(self) -> &'static str {
        match self {
            Code::Crlf => "CRLF",
            Code::Bom => "BOM",
            Code::TrailingWhitespace => "TRAILING_WS",
            Code::WhitespaceLine => "BLANK_WS",
            Code::CarriageReturn => "CR",
            Code::Tab => "TAB",
            Code::NotRow => "NOT_ROW",
            Code::Char => "CHAR",
            Code::Leading => "R1_LEADING",
            Code::Shape => "R1_SHAPE",
            Code::Ragged => "R1_RAGGED",
            Code::Wall => "R1_WALL",
            Code::InnerWall => "R2_INNER_WALL",
            Code::EntrancePlace => "R3_ENTRANCE_PLACE",
            Code::NoEntrance => "R3_NO_ENTRANCE",
            Code::ManyEntrances => "R3_MANY_ENTRANCES",
            Code::EntranceBlocked => "R4_ENTRANCE_BLOCKED",
            Code::ExitPlace => "R5_EXIT_PLACE",
            Code::NoExit => "R5_NO_EXIT",
            Code::ManyExits => "R5_MANY_EXITS",
            Code::TooLarge => "TOO_LARGE",
            Code::TitleLong => "TITLE_LONG",
            Code::Version => "VERSION",
            Code::Io => "IO",
            Code::MoreErrors => "MORE_ERRORS",
            Code::MoreWarnings => "MORE_WARNINGS",
        }
    }

    /// Warnings do not stop a file from being read.
    pub fn severity(self) -> Severity {
        match self {
            Code::Crlf
            | Code::Bom
            | Code::TrailingWhitespace
            | Code::WhitespaceLine
            | Code::MoreWarnings => Severity::Warning,
            _ => Severity::Error,
        }
    }
}

/// One finding of the reader.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub file: String,
    /// 1-based line number.
    pub line: usize,
    /// 1-based column, where the finding is about one character.
    pub column: Option<usize>,
    pub code: Code,
    pub message: String,
}

impl Diagnostic {
    pub fn new(
        file: &str,
        line: usize,
        column: Option<usize>,
        code: Code,
        message: impl Into<String>,
    ) -> Diagnostic {
        Diagnostic {
            file: file.to_string(),
            line,
            column,
            code,
            message: message.into(),
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if self.line > 0 {
            write!(f, ":{}", self.line)?;
        }
        if let (Some(column), true) = (self.column, self.line > 0) {
            write!(f, ":{column}")?;
        }
        let kind = match self.code.severity() {
            Severity::Warning => "warning",
            Severity::Error => "error",
        };
        write!(f, ": {kind} [{}]: {}", self.code.name(), self.message)
    }
}

/// The errors that made a file unreadable (at least one), in file order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseErrors(pub Vec<Diagnostic>);

impl ParseErrors {
    pub fn single(diagnostic: Diagnostic) -> ParseErrors {
        ParseErrors(vec![diagnostic])
    }

    /// The codes of all errors, in order (handy in tests).
    pub fn codes(&self) -> Vec<Code> {
        self.0.iter().map(|d| d.code).collect()
    }
}

impl fmt::Display for ParseErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ParseErrors {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_names_file_line_column_and_code() {
        let d = Diagnostic::new("a.mzm", 3, Some(7), Code::Char, "bad");
        assert_eq!(d.to_string(), "a.mzm:3:7: error [CHAR]: bad");
        let w = Diagnostic::new("a.mzm", 1, None, Code::Crlf, "crlf");
        assert_eq!(w.to_string(), "a.mzm:1: warning [CRLF]: crlf");
    }
}
