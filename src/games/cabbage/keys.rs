//! The key script of `aceemu cabbage run --keys`: one character a cycle, `.` a cycle
//! without a key, `\.` the `.` key itself and `\\` the `\` key.

/// A bad key script, with the 1-based character position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KeyScriptError {
    #[error("character {0}: a key must be a character below 0x80 (the original's limit)")]
    NotAscii(usize),
    #[error("character {0}: `\\` must be followed by `.` or `\\`")]
    BadEscape(usize),
    #[error("character {0}: a newline cannot be a key")]
    Newline(usize),
}

/// The keys of the cycles, in order (None: a cycle with no key).
pub fn parse_keys(script: &str) -> Result<Vec<Option<u8>>, KeyScriptError> {
    let mut keys = Vec::new();
    let mut chars = script.chars().enumerate();
    while let Some((i, c)) = chars.next() {
        let key = match c {
            '.' => None,
            '\\' => match chars.next() {
                Some((_, '.')) => Some(b'.'),
                Some((_, '\\')) => Some(b'\\'),
                _ => return Err(KeyScriptError::BadEscape(i + 1)),
            },
            '\n' => return Err(KeyScriptError::Newline(i + 1)),
            c if c.is_ascii() => Some(c as u8),
            _ => return Err(KeyScriptError::NotAscii(i + 1)),
        };
        keys.push(key);
    }
    Ok(keys)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dots_escapes_and_letters() {
        assert_eq!(
            parse_keys("x.\\.\\\\Z").unwrap(),
            [Some(b'x'), None, Some(b'.'), Some(b'\\'), Some(b'Z')]
        );
        assert_eq!(parse_keys("a\\q"), Err(KeyScriptError::BadEscape(2)));
        assert_eq!(parse_keys("\\"), Err(KeyScriptError::BadEscape(1)));
        assert_eq!(parse_keys("é"), Err(KeyScriptError::NotAscii(1)));
    }
}
