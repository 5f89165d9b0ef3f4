//! Macros: the stored definition and the substitution of arguments for parameters.

use crate::lexer::{ident_len, is_sym_char, opens_quote, quoted_end};
use crate::source::Line;
use std::path::PathBuf;
use std::rc::Rc;

pub struct Macro {
    pub name: String,
    pub params: Vec<String>,
    /// Body lines, comments already removed.
    pub body: Vec<Line>,
    /// Directory of the defining file, for INCLUDE/INCBIN inside the body.
    pub dir: PathBuf,
}

/// `text` with every whole identifier equal to a parameter replaced by its argument, and
/// every `##` outside quotes removed, so that `cfa##_pin` with `cfa` = `dup_cfa` becomes
/// `dup_cfa_pin` (token pasting). Quoted strings and character constants are left alone. `None` when the result would be
/// longer than `limit` bytes (it is checked as it grows, so a huge result is never built).
pub fn substitute(text: &str, params: &[String], args: &[&str], limit: usize) -> Option<String> {
    let s = text.as_bytes();
    let mut out = String::with_capacity(text.len() + 16);
    let mut i = 0;
    while i < s.len() {
        let prev_ident = i > 0 && is_sym_char(s[i - 1]);
        if opens_quote(s, i) {
            // copy the quoted literal verbatim (an unterminated one to the line's end)
            let end = quoted_end(s, i).unwrap_or(s.len());
            out.push_str(&text[i..end]);
            i = end;
            continue;
        }
        if s[i] == b'#' && s.get(i + 1) == Some(&b'#') {
            i += 2;
            continue;
        }
        let n = if prev_ident { 0 } else { ident_len(s, i) };
        if n > 0 {
            let word = &text[i..i + n];
            match params.iter().position(|p| p == word) {
                Some(k) => out.push_str(args[k]),
                None => out.push_str(word),
            }
            if out.len() > limit {
                return None;
            }
            i += n;
            continue;
        }
        let ch = text[i..].chars().next().unwrap_or(' ');
        out.push(ch);
        i += ch.len_utf8();
    }
    (out.len() <= limit).then_some(out)
}

/// A body line of an expansion: its own location, the substituted text, the call chain.
pub fn expanded_line(template: &Line, text: String, calls: &Rc<Vec<String>>) -> Line {
    Line {
        file: template.file.clone(),
        line: template.line,
        text: text.into(),
        calls: Some(calls.clone()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_identifiers_only() {
        let p = vec!["name".to_string(), "cfa".to_string()];
        let out = substitute(
            ".nm: DC name ; cfa.x cfa \"name\" 'n'",
            &p,
            &["\"DUP\"", "dup_cfa"],
            usize::MAX,
        )
        .unwrap();
        assert_eq!(out, ".nm: DC \"DUP\" ; cfa.x dup_cfa \"name\" 'n'");
        assert_eq!(
            substitute("ex af,af' ; name", &p, &["X", "Y"], usize::MAX).unwrap(),
            "ex af,af' ; X"
        );
        assert_eq!(substitute("name name", &p, &["XY", ""], 4), None);
        assert_eq!(
            substitute("cfa##_pin: DB \"a##b\" ; x##cfa", &p, &["N", "dup_cfa"], 99).unwrap(),
            "dup_cfa_pin: DB \"a##b\" ; xdup_cfa"
        );
        assert_eq!(
            substitute("name", &p, &["XY", ""], 2).as_deref(),
            Some("XY")
        );
    }
}
