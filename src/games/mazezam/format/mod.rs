//! The .mzm 1.0 file format (spec sections 6 and 7): reading with every validity rule
//! and edge-case decision, and writing.

mod diagnostic;
mod parse;
mod write;

pub use diagnostic::{Code, Diagnostic, ParseErrors, Severity};
pub use parse::{parse_bytes, parse_file, parse_str, Parsed, MAX_FILE_BYTES, MAX_SHOWN};
pub use write::write;
