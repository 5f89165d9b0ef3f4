//! Line-level scanning: comments, quoted strings, identifiers, and splitting a source line
//! into label, mnemonic and operands. Columns are 1-based byte positions in the line.

use crate::error::Diag;

pub fn is_sym_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || matches!(c, b'_' | b'.' | b'?')
}

pub fn is_sym_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'?')
}

/// A piece of a line and the column of its first character.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Word<'a> {
    pub text: &'a str,
    pub col: usize,
}

/// Whether the byte at `i` opens a quoted string or character constant. A `'` right after a
/// letter or digit is the prime of `AF'`, not a quote.
pub fn opens_quote(s: &[u8], i: usize) -> bool {
    match s[i] {
        b'"' => true,
        b'\'' => i == 0 || !s[i - 1].is_ascii_alphanumeric(),
        _ => false,
    }
}

/// Index just past the closing quote of the literal opening at `i` (a `\` escapes the byte
/// after it), or `None` when the line ends first.
pub fn quoted_end(s: &[u8], i: usize) -> Option<usize> {
    let q = s[i];
    let mut j = i + 1;
    while j < s.len() {
        if s[j] == b'\\' {
            j += 2;
            continue;
        }
        if s[j] == q {
            return Some(j + 1);
        }
        j += 1;
    }
    None
}

/// Index just past the closing quote of the literal opening at `i`, or an error at `i`.
fn skip_quoted(s: &[u8], i: usize, col0: usize) -> Result<usize, Diag> {
    quoted_end(s, i).ok_or_else(|| Diag::new(col0 + i, "unterminated string or character constant"))
}

/// The line without its `;` comment (a `;` inside quotes does not start one).
pub fn strip_comment(line: &str) -> Result<&str, Diag> {
    let s = line.as_bytes();
    let mut i = 0;
    while i < s.len() {
        if s[i] == b';' {
            return Ok(&line[..i]);
        }
        if opens_quote(s, i) {
            i = skip_quoted(s, i, 1)?;
        } else {
            i += 1;
        }
    }
    Ok(line)
}

/// Length of the identifier starting at `i` (0 if there is none).
pub fn ident_len(s: &[u8], i: usize) -> usize {
    if i >= s.len() || !is_sym_start(s[i]) {
        return 0;
    }
    s[i..].iter().take_while(|&&c| is_sym_char(c)).count()
}

fn skip_space(s: &[u8], mut i: usize) -> usize {
    while i < s.len() && s[i].is_ascii_whitespace() {
        i += 1;
    }
    i
}

/// The fields of one source line (comment already removed).
#[derive(Debug, Default)]
pub struct Fields<'a> {
    pub label: Option<Word<'a>>,
    /// The label was written with a colon.
    pub colon: bool,
    pub op: Option<Word<'a>>,
    /// Everything after the mnemonic, trimmed (may be empty).
    pub args: Option<Word<'a>>,
}

/// Words that may follow a symbol name on a definition line (`x EQU 1`, `x = 1`).
fn is_definer(word: &str) -> bool {
    ["EQU", "DEFL", "MACRO", "="]
        .iter()
        .any(|d| d.eq_ignore_ascii_case(word))
}

/// Splits `line` into label, mnemonic and operands. A word in column 1 without a colon is a
/// label unless `is_keyword` says it is a mnemonic, directive or macro name (and no `EQU`,
/// `DEFL`, `=` or `MACRO` follows it); an indented word is a label only with a colon or
/// before one of those definers.
pub fn split_fields<'a>(
    line: &'a str,
    is_keyword: &dyn Fn(&str) -> bool,
) -> Result<Fields<'a>, Diag> {
    let s = line.as_bytes();
    let mut f = Fields::default();
    let mut i = skip_space(s, 0);
    if i >= s.len() {
        return Ok(f);
    }
    let word_at = |i: usize, n: usize| Word {
        text: &line[i..i + n],
        col: i + 1,
    };
    let n = ident_len(s, i);
    if n > 0 {
        let first = word_at(i, n);
        let after = i + n;
        let next = skip_space(s, after);
        let next_word = {
            let m = ident_len(s, next);
            if m > 0 {
                &line[next..next + m]
            } else if next < s.len() && s[next] == b'=' && s.get(next + 1) != Some(&b'=') {
                "="
            } else {
                ""
            }
        };
        if after < s.len() && s[after] == b':' {
            f.label = Some(first);
            f.colon = true;
            i = after + 1;
        } else if is_definer(next_word) || (i == 0 && !is_keyword(first.text)) {
            f.label = Some(first);
            i = after;
        }
    } else if i == 0 {
        return Err(Diag::new(
            1,
            format!("unexpected '{}' at the start of a line", char_at(s, 0)),
        ));
    }
    i = skip_space(s, i);
    if i >= s.len() {
        return Ok(f);
    }
    let n = if s[i] == b'=' { 1 } else { ident_len(s, i) };
    if n == 0 {
        return Err(Diag::new(i + 1, "expected a mnemonic or directive"));
    }
    f.op = Some(word_at(i, n));
    let a = skip_space(s, i + n);
    let rest = line[a..].trim_end();
    if !rest.is_empty() {
        if n > 1 && i + n < s.len() && !s[i + n].is_ascii_whitespace() && s[i + n] != b'\'' {
            return Err(Diag::new(i + n + 1, "expected a space after the mnemonic"));
        }
        f.args = Some(Word {
            text: rest,
            col: a + 1,
        });
    }
    Ok(f)
}

/// Splits an operand list at top-level commas (not inside parentheses or quotes), trimming
/// each operand. An empty operand is an error.
pub fn split_args<'a>(w: Word<'a>) -> Result<Vec<Word<'a>>, Diag> {
    let s = w.text.as_bytes();
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    let mut i = 0;
    let push = |from: usize, to: usize, out: &mut Vec<Word<'a>>| {
        let piece = &w.text[from..to];
        let lead = piece.len() - piece.trim_start().len();
        let t = piece.trim();
        if t.is_empty() {
            return Err(Diag::new(w.col + from, "missing operand"));
        }
        out.push(Word {
            text: &w.text[from + lead..from + lead + t.len()],
            col: w.col + from + lead,
        });
        Ok(())
    };
    while i < s.len() {
        match s[i] {
            b'(' => depth += 1,
            b')' => depth -= 1,
            b',' if depth == 0 => {
                push(start, i, &mut out)?;
                start = i + 1;
            }
            _ if opens_quote(s, i) => {
                i = skip_quoted(s, i, w.col)?;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    push(start, s.len(), &mut out)?;
    Ok(out)
}

/// If `w` is exactly one quoted literal, its bytes (escapes decoded).
pub fn as_string(w: Word<'_>) -> Result<Option<Vec<u8>>, Diag> {
    let s = w.text.as_bytes();
    if s.is_empty() || !opens_quote(s, 0) || skip_quoted(s, 0, w.col)? != s.len() {
        return Ok(None);
    }
    decode_quoted(&w.text[1..s.len() - 1], w.col + 1).map(Some)
}

/// Decodes the inside of a quoted literal: escapes `\n \r \t \0 \\ \' \"`, ASCII only.
/// The character that starts at byte `i` of `s` (UTF-8 text), for messages: showing the
/// byte as a char would print the first byte of 'é' as 'Ã'.
pub fn char_at(s: &[u8], i: usize) -> char {
    let window = &s[i.min(s.len())..(i + 4).min(s.len())];
    String::from_utf8_lossy(window)
        .chars()
        .next()
        .unwrap_or(' ')
}

pub fn decode_quoted(inner: &str, col: usize) -> Result<Vec<u8>, Diag> {
    let s = inner.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        if c == b'\\' {
            let e = *s.get(i + 1).unwrap_or(&b' ');
            out.push(match e {
                b'n' => b'\n',
                b'r' => b'\r',
                b't' => b'\t',
                b'0' => 0,
                b'\\' | b'\'' | b'"' => e,
                _ => {
                    return Err(Diag::new(
                        col + i,
                        format!("unknown escape '\\{}'", char_at(s, i + 1)),
                    ))
                }
            });
            i += 2;
        } else if c >= 0x80 {
            return Err(Diag::new(
                col + i,
                "only ASCII characters are allowed in strings",
            ));
        } else {
            out.push(c);
            i += 1;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comment_after_af_prime_and_inside_quotes() {
        assert_eq!(strip_comment("  ex af,af' ; swap").unwrap(), "  ex af,af' ");
        assert_eq!(strip_comment(" db ';', 1 ; x").unwrap(), " db ';', 1 ");
        assert!(strip_comment(" db \"abc").is_err());
    }

    #[test]
    fn fields_and_args() {
        let kw = |w: &str| w.eq_ignore_ascii_case("nop");
        let f = split_fields("loop: ld a, (ix+1) ", &kw).unwrap();
        assert_eq!(f.label.unwrap().text, "loop");
        assert_eq!(f.op.unwrap().text, "ld");
        let a = split_args(f.args.unwrap()).unwrap();
        assert_eq!(a[1].text, "(ix+1)");
        assert_eq!(a[1].col, 13);
        let f = split_fields("nop", &kw).unwrap();
        assert!(f.label.is_none());
        let f = split_fields("  x = 3", &kw).unwrap();
        assert_eq!(f.label.unwrap().text, "x");
        assert_eq!(f.op.unwrap().text, "=");
    }
}
