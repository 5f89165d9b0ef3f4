//! Error values: one located message, and the list an assembly returns.

use std::fmt;

/// One error, located at `file:line:column` (line and column count from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AsmError {
    pub file: String,
    pub line: u32,
    pub column: u32,
    pub message: String,
}

impl fmt::Display for AsmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.file, self.line, self.column, self.message
        )
    }
}

/// Every error of a failed assembly, in source order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AsmErrors(pub Vec<AsmError>);

impl AsmErrors {
    pub fn errors(&self) -> &[AsmError] {
        &self.0
    }
}

impl fmt::Display for AsmErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for AsmErrors {}

/// A message at a column of the line being processed; the pass adds file and line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Diag {
    pub col: usize,
    pub msg: String,
}

impl Diag {
    pub fn new(col: usize, msg: impl Into<String>) -> Diag {
        Diag {
            col,
            msg: msg.into(),
        }
    }
}
