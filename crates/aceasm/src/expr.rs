//! Expressions: numbers, symbols, `$`, character constants, functions and the operators of
//! SYNTAX.md, evaluated in 32-bit signed arithmetic. A value can be unknown (`None`) while
//! forward references are still unresolved in an early pass.

use crate::error::Diag;
use crate::lexer::{char_at, decode_quoted, ident_len, quoted_end};

/// What expressions need from the assembler: symbol values and the current address.
pub trait Resolver {
    /// The value of `name`, `Ok(None)` if not known yet, or an error message.
    fn lookup(&mut self, name: &str) -> Result<Option<i32>, String>;
    /// Whether `name` is defined anywhere in the source (for `DEFINED`).
    fn defined(&mut self, name: &str) -> bool;
    /// `$`: the address of the current instruction.
    fn pc(&self) -> i32;
}

/// Evaluates `text`, whose first character is at column `col`.
pub fn eval(text: &str, col: usize, r: &mut dyn Resolver) -> Result<Option<i32>, Diag> {
    let mut p = Parser {
        s: text.as_bytes(),
        i: 0,
        col,
        r,
        depth: 0,
    };
    let v = p.binary(0)?;
    p.space();
    if p.i < p.s.len() {
        return Err(p.err(format!("unexpected '{}' in expression", &text[p.i..])));
    }
    Ok(v)
}

/// How deeply parentheses and unary operators may nest. Far beyond real sources; the
/// parser recurses once per level, so without a limit a line of a few thousand `(` or `-`
/// overflowed the stack and aborted the whole program.
const MAX_DEPTH: usize = 256;

/// Binary operators, longest spelling first, with their precedence (higher binds tighter).
const BINARY: &[(&str, u8)] = &[
    ("||", 1),
    ("&&", 2),
    ("==", 6),
    ("!=", 6),
    ("<=", 7),
    (">=", 7),
    ("<<", 8),
    (">>", 8),
    ("|", 3),
    ("^", 4),
    ("&", 5),
    ("=", 6),
    ("<", 7),
    (">", 7),
    ("+", 9),
    ("-", 9),
    ("*", 10),
    ("/", 10),
    ("%", 10),
];

struct Parser<'a, 'r> {
    s: &'a [u8],
    i: usize,
    col: usize,
    r: &'r mut dyn Resolver,
    /// Nesting of `unary` calls (every nested parenthesis or prefix operator adds one).
    depth: usize,
}

impl Parser<'_, '_> {
    fn err(&self, msg: impl Into<String>) -> Diag {
        Diag::new(self.col + self.i, msg)
    }

    fn space(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }

    fn peek_op(&mut self) -> Option<(&'static str, u8)> {
        self.space();
        let rest = &self.s[self.i..];
        BINARY
            .iter()
            .find(|(op, _)| rest.starts_with(op.as_bytes()))
            .copied()
    }

    fn binary(&mut self, min: u8) -> Result<Option<i32>, Diag> {
        let mut lhs = self.unary()?;
        while let Some((op, prec)) = self.peek_op() {
            if prec <= min {
                break;
            }
            let at = self.i;
            self.i += op.len();
            let rhs = self.binary(prec)?;
            lhs = match (lhs, rhs) {
                (Some(a), Some(b)) => {
                    Some(apply(op, a, b).map_err(|m| Diag::new(self.col + at, m))?)
                }
                _ => None,
            };
        }
        Ok(lhs)
    }

    fn unary(&mut self) -> Result<Option<i32>, Diag> {
        if self.depth >= MAX_DEPTH {
            return Err(self.err(format!(
                "expression nested more than {MAX_DEPTH} deep (parentheses and unary operators)"
            )));
        }
        self.depth += 1;
        let v = self.unary_operand();
        self.depth -= 1;
        v
    }

    fn unary_operand(&mut self) -> Result<Option<i32>, Diag> {
        self.space();
        let Some(&c) = self.s.get(self.i) else {
            return Err(self.err("expression expected"));
        };
        let f: fn(i32) -> Option<i32> = match c {
            b'-' => i32::checked_neg,
            b'+' => Some,
            b'~' => |v| Some(!v),
            b'!' if self.s.get(self.i + 1) != Some(&b'=') => |v| Some((v == 0) as i32),
            _ => return self.primary(),
        };
        let at = self.i;
        self.i += 1;
        match self.unary()? {
            None => Ok(None),
            Some(v) => f(v)
                .map(Some)
                .ok_or_else(|| Diag::new(self.col + at, overflow())),
        }
    }

    fn primary(&mut self) -> Result<Option<i32>, Diag> {
        let s = self.s;
        let c = s[self.i];
        let next = s.get(self.i + 1).copied().unwrap_or(0);
        if c == b'(' {
            self.i += 1;
            let v = self.binary(0)?;
            self.space();
            if self.s.get(self.i) != Some(&b')') {
                return Err(self.err("')' expected"));
            }
            self.i += 1;
            return Ok(v);
        }
        if c == b'$' && next.is_ascii_hexdigit() {
            return self.number_run(1, 16).map(Some);
        }
        if c == b'$' {
            self.i += 1;
            return Ok(Some(self.r.pc()));
        }
        if c == b'%' && matches!(next, b'0' | b'1') {
            return self.number_run(1, 2).map(Some);
        }
        if c.is_ascii_digit() {
            return self.number().map(Some);
        }
        if c == b'\'' || c == b'"' {
            return self.char_const().map(Some);
        }
        let n = ident_len(s, self.i);
        if n == 0 {
            return Err(self.err(format!("unexpected '{}' in expression", char_at(s, self.i))));
        }
        let name = std::str::from_utf8(&s[self.i..self.i + n]).unwrap_or("");
        let start = self.i;
        self.i += n;
        self.space();
        if self.s.get(self.i) == Some(&b'(') {
            let upper = name.to_ascii_uppercase();
            if upper == "DEFINED" {
                self.i += 1;
                self.space();
                let m = ident_len(self.s, self.i);
                if m == 0 {
                    return Err(self.err("DEFINED needs a symbol name"));
                }
                let sym = std::str::from_utf8(&self.s[self.i..self.i + m]).unwrap_or("");
                let v = self.r.defined(sym) as i32;
                self.i += m;
                self.space();
                if self.s.get(self.i) != Some(&b')') {
                    return Err(self.err("')' expected"));
                }
                self.i += 1;
                return Ok(Some(v));
            }
            if upper == "LOW" || upper == "HIGH" {
                let v = self.primary()?;
                return Ok(v.map(|v| {
                    if upper == "LOW" {
                        v & 0xFF
                    } else {
                        (v >> 8) & 0xFF
                    }
                }));
            }
        }
        self.r
            .lookup(name)
            .map_err(|m| Diag::new(self.col + start, m))
    }

    /// A number in one of the decimal/hex/binary spellings that start with a digit.
    fn number(&mut self) -> Result<i32, Diag> {
        let start = self.i;
        let n = self.s[start..]
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric())
            .count();
        let tok = std::str::from_utf8(&self.s[start..start + n]).unwrap_or("");
        let lower = tok.to_ascii_lowercase();
        let is_bin = |t: &str| !t.is_empty() && t.bytes().all(|c| c == b'0' || c == b'1');
        let (digits, radix) = if let Some(h) = lower.strip_suffix('h') {
            (h, 16)
        } else if let Some(h) = lower.strip_prefix("0x") {
            (h, 16)
        } else if lower.starts_with("0b") && is_bin(&lower[2..]) {
            (&lower[2..], 2)
        } else if lower.ends_with('b') && is_bin(&lower[..lower.len() - 1]) {
            (&lower[..lower.len() - 1], 2)
        } else {
            (lower.as_str(), 10)
        };
        self.i += n;
        parse_radix(digits, radix)
            .ok_or_else(|| Diag::new(self.col + start, format!("bad number '{tok}'")))
    }

    /// Digits after a one-character prefix (`$1F`, `%1010`).
    fn number_run(&mut self, prefix: usize, radix: u32) -> Result<i32, Diag> {
        let start = self.i;
        let n = self.s[start + prefix..]
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric())
            .count();
        let tok = std::str::from_utf8(&self.s[start + prefix..start + prefix + n]).unwrap_or("");
        self.i = start + prefix + n;
        parse_radix(tok, radix).ok_or_else(|| {
            let whole = std::str::from_utf8(&self.s[start..self.i]).unwrap_or("");
            Diag::new(self.col + start, format!("bad number '{whole}'"))
        })
    }

    fn char_const(&mut self) -> Result<i32, Diag> {
        let start = self.i;
        let Some(end) = quoted_end(self.s, start) else {
            return Err(self.err("unterminated character constant"));
        };
        let j = end - 1; // the closing quote
        let inner = std::str::from_utf8(&self.s[start + 1..j]).unwrap_or("");
        let bytes = decode_quoted(inner, self.col + start + 1)?;
        self.i = j + 1;
        match bytes[..] {
            [b] => Ok(b as i32),
            _ => Err(Diag::new(
                self.col + start,
                "a character constant in an expression must be exactly one character",
            )),
        }
    }
}

fn parse_radix(digits: &str, radix: u32) -> Option<i32> {
    if digits.is_empty() {
        return None;
    }
    let v = u64::from_str_radix(digits, radix).ok()?;
    // Up to 32 bits of digits are accepted (0xFFFFFFFF is -1 in 32-bit arithmetic).
    (v <= u32::MAX as u64).then_some(v as u32 as i32)
}

fn overflow() -> String {
    "arithmetic overflow: the result does not fit in 32 bits (-2147483648..2147483647)".into()
}

fn apply(op: &str, a: i32, b: i32) -> Result<i32, String> {
    Ok(match op {
        "||" => (a != 0 || b != 0) as i32,
        "&&" => (a != 0 && b != 0) as i32,
        "|" => a | b,
        "^" => a ^ b,
        "&" => a & b,
        "==" | "=" => (a == b) as i32,
        "!=" => (a != b) as i32,
        "<" => (a < b) as i32,
        "<=" => (a <= b) as i32,
        ">" => (a > b) as i32,
        ">=" => (a >= b) as i32,
        "<<" => {
            (if (0..32).contains(&b) {
                (a as i64) << b
            } else {
                0
            }) as i32
        }
        ">>" => a >> b.clamp(0, 31),
        "/" | "%" if b == 0 => return Err("division by zero".into()),
        // A result outside 32 bits is an error rather than wrapped: wrapping turned e.g.
        // `0x7FFFFFFF * 0x7FFFFFFF` into 1, a value every operand check then accepts.
        "+" => a.checked_add(b).ok_or_else(overflow)?,
        "-" => a.checked_sub(b).ok_or_else(overflow)?,
        "*" => a.checked_mul(b).ok_or_else(overflow)?,
        "/" => a.checked_div(b).ok_or_else(overflow)?,
        "%" => a.checked_rem(b).ok_or_else(overflow)?,
        _ => unreachable!("operator {op} is in BINARY"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Fixed;
    impl Resolver for Fixed {
        fn lookup(&mut self, name: &str) -> Result<Option<i32>, String> {
            match name {
                "ten" => Ok(Some(10)),
                "later" => Ok(None),
                _ => Err(format!("undefined symbol '{name}'")),
            }
        }
        fn defined(&mut self, name: &str) -> bool {
            name == "ten"
        }
        fn pc(&self) -> i32 {
            0x100
        }
    }

    fn ev(s: &str) -> Option<i32> {
        eval(s, 1, &mut Fixed).unwrap()
    }

    #[test]
    fn numbers_and_precedence() {
        assert_eq!(ev("0x1F + $1F + 1Fh + 0FFh"), Some(31 * 3 + 255));
        assert_eq!(ev("%1010 + 0b1010 + 1010b"), Some(30));
        assert_eq!(ev("2 + 3 * 4 - 10 / 3"), Some(11));
        assert_eq!(ev("6 | 1 ^ 3 & 5"), Some(6)); // 6 | (1 ^ (3 & 5)); left to right gives 4
        assert_eq!(ev("1 << 4 + 1"), Some(32));
        assert_eq!(ev("3 < 4 == 1"), Some(1));
        assert_eq!(ev("1 && 0 || 1"), Some(1));
        assert_eq!(ev("-~0 + !5 + !0"), Some(2));
        assert_eq!(ev("10 - 4 - 3"), Some(3));
        assert_eq!(ev("100 / 10 / 5"), Some(2));
        assert_eq!(ev("17 % 5 * 2"), Some(4));
        assert_eq!(ev("$ + 2"), Some(0x102));
        assert_eq!(ev("'A' + '\\n'"), Some(75));
        assert_eq!(ev("LOW(0x1234) + HIGH(0x1234)"), Some(0x46));
        assert_eq!(ev("DEFINED(ten) * 2 + defined(x)"), Some(2));
        assert_eq!(ev("ten * (later + 1)"), None);
        assert_eq!(ev("1 = 1"), Some(1));
    }

    #[test]
    fn errors_have_columns() {
        let e = eval("1 + nope", 5, &mut Fixed).unwrap_err();
        assert_eq!((e.col, e.msg.as_str()), (9, "undefined symbol 'nope'"));
        let e = eval("4 / (2 - 2)", 1, &mut Fixed).unwrap_err();
        assert_eq!(e.col, 3);
        assert!(eval("(1 + 2", 1, &mut Fixed).is_err());
        assert!(eval("12xy", 1, &mut Fixed).is_err());
    }

    /// Deep nesting used to recurse once per level and overflow the stack (abort) at a few
    /// thousand levels; now it is an error at the level past the limit.
    #[test]
    fn deep_nesting_is_an_error_not_a_stack_overflow() {
        let n = 100_000;
        let parens = format!("{}1{}", "(".repeat(n), ")".repeat(n));
        let e = eval(&parens, 1, &mut Fixed).unwrap_err();
        assert!(e.msg.contains("nested more than 256"), "{}", e.msg);
        assert_eq!(e.col, 1 + MAX_DEPTH);
        let e = eval(&format!("{}1", "-".repeat(n)), 1, &mut Fixed).unwrap_err();
        assert!(e.msg.contains("nested"), "{}", e.msg);
        // Up to the limit still works.
        let ok = format!(
            "{}7{}",
            "(".repeat(MAX_DEPTH - 1),
            ")".repeat(MAX_DEPTH - 1)
        );
        assert_eq!(ev(&ok), Some(7));
        assert_eq!(ev(&format!("{}5", "-".repeat(MAX_DEPTH - 2))), Some(5));
    }

    /// Results outside 32 bits used to wrap silently (0x7FFFFFFF * 0x7FFFFFFF gave 1).
    #[test]
    fn overflow_is_an_error_at_the_operator() {
        for (text, col) in [
            ("0x7FFFFFFF * 0x7FFFFFFF", 12),
            ("0x7FFFFFFF + 1", 12),
            ("-2147483647 - 2", 13),
            ("-(-2147483647 - 1)", 1),
            ("(-2147483647 - 1) / -1", 19),
            ("(-2147483647 - 1) % -1", 19),
        ] {
            let e = eval(text, 1, &mut Fixed).unwrap_err();
            assert!(e.msg.contains("overflow"), "{text}: {}", e.msg);
            assert_eq!(e.col, col, "{text}");
        }
        // 32-bit literals and results inside the range are unchanged.
        assert_eq!(ev("0xFFFFFFFF"), Some(-1));
        assert_eq!(ev("0xFFFFFFFF + 1"), Some(0));
        assert_eq!(ev("-2147483647 - 1"), Some(i32::MIN));
        assert_eq!(ev("1 << 40"), Some(0));
    }
}
