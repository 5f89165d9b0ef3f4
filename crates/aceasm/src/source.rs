//! Source and binary files, read once per assembly and shared by every pass.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// Where an assembly starts.
pub enum Root {
    File(PathBuf),
    Text { name: String, text: String },
}

/// One source line with its location. Lines produced by a macro expansion carry the chain
/// of call sites (innermost first), named in error messages.
#[derive(Clone, Debug)]
pub struct Line {
    pub file: Rc<str>,
    pub line: u32,
    pub text: Rc<str>,
    pub calls: Option<Rc<Vec<String>>>,
}

impl Line {
    /// ` (in macro A called at f:1, in macro B called at f:9)`, or empty outside macros;
    /// long chains keep the two innermost and the outermost call.
    pub fn note(&self) -> String {
        let Some(calls) = &self.calls else {
            return String::new();
        };
        let shown = if calls.len() <= 4 {
            calls.join(", ")
        } else {
            format!(
                "{}, {}, ... {} more ..., {}",
                calls[0],
                calls[1],
                calls.len() - 3,
                calls[calls.len() - 1]
            )
        };
        format!(" ({shown})")
    }
}

pub fn split_lines(file: &str, text: &str) -> Rc<[Line]> {
    let file: Rc<str> = file.into();
    text.split('\n')
        .enumerate()
        .map(|(i, l)| Line {
            file: file.clone(),
            line: i as u32 + 1,
            text: l.strip_suffix('\r').unwrap_or(l).into(),
            calls: None,
        })
        .collect()
}

#[derive(Default)]
pub struct FileCache {
    sources: HashMap<PathBuf, Rc<[Line]>>,
    binaries: HashMap<PathBuf, Rc<[u8]>>,
}

fn describe_io(path: &Path, e: &std::io::Error) -> String {
    let kind = match e.kind() {
        std::io::ErrorKind::NotFound => "file not found".to_string(),
        _ => e.to_string(),
    };
    format!("cannot read \"{}\": {kind}", path.display())
}

/// Largest INCBIN file: the whole Z80 address space (anything larger cannot fit anyway).
const MAX_BINARY: u64 = 0x10000;

/// Largest INCLUDE (or root) source file. Far above any real Z80 source; the cap keeps a
/// device or a huge file named by mistake from being read for ever.
const MAX_SOURCE: u64 = 16 << 20;

/// Reads at most `limit` bytes of `path`, refusing a longer file without reading the rest
/// (so `INCBIN "/dev/zero"` is an error, not an endless read).
fn read_capped(path: &Path, limit: u64) -> Result<Vec<u8>, String> {
    use std::io::Read;
    // Only a regular file: a FIFO would block the open until something writes to it, a
    // device such as /dev/zero never ends. (aceemu's own reader, src/input_file.rs, also
    // opens without blocking; this crate has no libc, so it checks the path first.)
    let meta = std::fs::metadata(path).map_err(|e| describe_io(path, &e))?;
    if !meta.is_file() {
        return Err(format!(
            "cannot read \"{}\": it is not a regular file",
            path.display()
        ));
    }
    if meta.len() > limit {
        return Err(format!(
            "\"{}\" is larger than {limit} bytes",
            path.display()
        ));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(limit + 1).read_to_end(&mut bytes))
        .map_err(|e| describe_io(path, &e))?;
    if bytes.len() as u64 > limit {
        return Err(format!(
            "\"{}\" is larger than {limit} bytes",
            path.display()
        ));
    }
    Ok(bytes)
}

impl FileCache {
    /// Every file read so far, sources and binaries, sorted.
    pub fn paths(&self) -> Vec<PathBuf> {
        let mut paths: Vec<PathBuf> = self
            .sources
            .keys()
            .chain(self.binaries.keys())
            .cloned()
            .collect();
        paths.sort();
        paths.dedup();
        paths
    }

    /// The lines of the source file at `path`, or an error message.
    pub fn source(&mut self, path: &Path) -> Result<Rc<[Line]>, String> {
        if let Some(l) = self.sources.get(path) {
            return Ok(l.clone());
        }
        let bytes = read_capped(path, MAX_SOURCE)?;
        let text = String::from_utf8(bytes).map_err(|e| {
            // Name the place of the first bad byte: the error itself is located at the
            // INCLUDE (or at 1:1 for the root file), not inside the file.
            let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
            let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
            let column =
                good.len() - good.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1) + 1;
            format!(
                "\"{}\" is not UTF-8 text (first bad byte at line {line}, column {column})",
                path.display()
            )
        })?;
        let lines = split_lines(&path.display().to_string(), &text);
        self.sources.insert(path.to_path_buf(), lines.clone());
        Ok(lines)
    }

    /// The bytes of the file at `path`, or an error message.
    pub fn binary(&mut self, path: &Path) -> Result<Rc<[u8]>, String> {
        if let Some(b) = self.binaries.get(path) {
            return Ok(b.clone());
        }
        let bytes: Rc<[u8]> = read_capped(path, MAX_BINARY)?.into();
        self.binaries.insert(path.to_path_buf(), bytes.clone());
        Ok(bytes)
    }
}
