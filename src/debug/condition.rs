//! Conditions on breakpoints and watchpoints (`break DROP if tos=3 and depth>1`).
//!
//! A condition is comparisons joined by `and` and `or` (`and` binds tighter, as in C and
//! MAME's debugger). Each side of a comparison is a number or an operand: a register (`A`
//! ... `L`, `AF` ... `SP`, `PC`, `IX`, `IY`, `I`, `R`), a Forth stack cell (`tos`, `nos`,
//! `depth`), a memory byte `[ADDR]` or little-endian word `w[ADDR]`, or `frame`. Registers,
//! memory and `frame` are unsigned; `tos` and `nos` are signed cells, as `.` prints them
//! (so `tos<0` means a negative top and `tos=-1` matches 0xFFFF). A comparison with a cell
//! missing from the stack is false.
//!
//! The parser is strict: anything it does not understand is an error naming it, so a
//! mistyped condition never sets a breakpoint that stops always or never.

use super::forth;
use super::symbols::parse_number;
use crate::machine::Ace;
use iz80::{Reg16, Reg8};

/// What a condition reads from the machine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operand {
    Number(i64),
    Reg8(Reg8),
    Reg16(Reg16),
    Pc,
    /// The data stack's top (0) or the cell below it (1), signed.
    Cell(usize),
    Depth,
    Byte(u16),
    Word(u16),
    Frame,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cmp {
    Eq,
    Ne,
    Lt,
    Gt,
    Le,
    Ge,
}

impl Cmp {
    fn holds(self, a: i64, b: i64) -> bool {
        match self {
            Cmp::Eq => a == b,
            Cmp::Ne => a != b,
            Cmp::Lt => a < b,
            Cmp::Gt => a > b,
            Cmp::Le => a <= b,
            Cmp::Ge => a >= b,
        }
    }
    fn text(self) -> &'static str {
        match self {
            Cmp::Eq => "=",
            Cmp::Ne => "!=",
            Cmp::Lt => "<",
            Cmp::Gt => ">",
            Cmp::Le => "<=",
            Cmp::Ge => ">=",
        }
    }
}

/// A condition in disjunctive form: true when every comparison of some group holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Condition {
    any_of: Vec<Vec<(Operand, Cmp, Operand)>>,
    /// The condition as the user wrote it, for `stops`.
    pub text: String,
}

impl Condition {
    /// Parses the words after `if`. `address` resolves what stands in `[...]` (a number,
    /// a symbol or a Forth word).
    pub fn parse(
        words: &[&str],
        address: &dyn Fn(&str) -> Result<u16, String>,
    ) -> Result<Condition, String> {
        let text = words.join(" ");
        if text.trim().is_empty() {
            return Err("`if` needs a condition, e.g. `if tos=3` or `if HL>=0x2400`".into());
        }
        let tokens = tokenize(&text)?;
        let mut any_of = Vec::new();
        let mut group = Vec::new();
        let mut i = 0;
        loop {
            let (cmp, used) = comparison(&tokens[i..], address)?;
            group.push(cmp);
            i += used;
            match tokens.get(i) {
                None => break,
                Some(Token::Word(w)) if w.eq_ignore_ascii_case("and") => {}
                Some(Token::Word(w)) if w.eq_ignore_ascii_case("or") => {
                    any_of.push(std::mem::take(&mut group));
                }
                Some(t) => return Err(format!("expected `and`, `or` or the end, not {t}")),
            }
            i += 1;
            if i == tokens.len() {
                return Err(format!("the condition {text:?} ends in `and` or `or`"));
            }
        }
        any_of.push(group);
        Ok(Condition { any_of, text })
    }

    /// Evaluates the condition on the machine as it is now.
    pub fn holds(&self, ace: &Ace) -> bool {
        let stack = forth::data_stack(ace);
        self.any_of.iter().any(|group| {
            group.iter().all(|(a, cmp, b)| {
                match (value(ace, &stack, *a), value(ace, &stack, *b)) {
                    (Some(x), Some(y)) => {
                        // A signed cell against a number written unsigned (tos=0xFFFF):
                        // compare as 16-bit patterns when the test is (in)equality.
                        let cell = matches!(a, Operand::Cell(_)) || matches!(b, Operand::Cell(_));
                        if cell && matches!(cmp, Cmp::Eq | Cmp::Ne) {
                            cmp.holds(x & 0xFFFF, y & 0xFFFF)
                        } else {
                            cmp.holds(x, y)
                        }
                    }
                    _ => false,
                }
            })
        })
    }
}

fn value(ace: &Ace, stack: &[u16], op: Operand) -> Option<i64> {
    let r = ace.cpu().immutable_registers();
    Some(match op {
        Operand::Number(n) => n,
        Operand::Reg8(reg) => i64::from(r.get8(reg)),
        Operand::Reg16(reg) => i64::from(r.get16(reg)),
        Operand::Pc => i64::from(r.pc()),
        Operand::Cell(i) => i64::from(*stack.get(i)? as i16),
        Operand::Depth => stack.len() as i64,
        Operand::Byte(a) => i64::from(ace.peek(a)),
        Operand::Word(a) => i64::from(forth::peek16(ace, a)),
        Operand::Frame => ace.frame_count() as i64,
    })
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Word(String),
    /// `[ADDR]` or `w[ADDR]`: the text inside and whether it is a word.
    Memory(String, bool),
    Cmp(Cmp),
}

impl std::fmt::Display for Token {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Token::Word(w) => write!(f, "{w:?}"),
            Token::Memory(a, false) => write!(f, "\"[{a}]\""),
            Token::Memory(a, true) => write!(f, "\"w[{a}]\""),
            Token::Cmp(c) => write!(f, "\"{}\"", c.text()),
        }
    }
}

fn tokenize(text: &str) -> Result<Vec<Token>, String> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let two: String = chars[i..(i + 2).min(chars.len())].iter().collect();
        let cmp = match two.as_str() {
            "!=" => Some((Cmp::Ne, 2)),
            "<=" => Some((Cmp::Le, 2)),
            ">=" => Some((Cmp::Ge, 2)),
            "==" => Some((Cmp::Eq, 2)),
            _ => match c {
                '=' => Some((Cmp::Eq, 1)),
                '<' => Some((Cmp::Lt, 1)),
                '>' => Some((Cmp::Gt, 1)),
                _ => None,
            },
        };
        if let Some((cmp, len)) = cmp {
            tokens.push(Token::Cmp(cmp));
            i += len;
            continue;
        }
        let word_memory = (c == 'w' || c == 'W') && chars.get(i + 1) == Some(&'[');
        if c == '[' || word_memory {
            let open = if word_memory { i + 1 } else { i };
            let close = chars[open..]
                .iter()
                .position(|&c| c == ']')
                .ok_or_else(|| format!("a `[` without its `]` in {text:?}"))?
                + open;
            let inside: String = chars[open + 1..close].iter().collect();
            tokens.push(Token::Memory(inside.trim().to_string(), word_memory));
            i = close + 1;
            continue;
        }
        let start = i;
        while i < chars.len() && !chars[i].is_whitespace() && !"=!<>[]".contains(chars[i]) {
            i += 1;
        }
        if i == start {
            return Err(format!(
                "unexpected {:?} in the condition {text:?}",
                chars[i]
            ));
        }
        tokens.push(Token::Word(chars[start..i].iter().collect()));
    }
    Ok(tokens)
}

fn comparison(
    tokens: &[Token],
    address: &dyn Fn(&str) -> Result<u16, String>,
) -> Result<((Operand, Cmp, Operand), usize), String> {
    let side = |t: Option<&Token>| -> Result<Operand, String> {
        match t {
            None => Err("a comparison is cut short: expected e.g. `tos=3`".into()),
            Some(Token::Memory(a, word)) => {
                let addr = address(a)?;
                Ok(if *word {
                    Operand::Word(addr)
                } else {
                    Operand::Byte(addr)
                })
            }
            Some(Token::Word(w)) => operand(w),
            Some(t) => Err(format!("expected a value, not {t}")),
        }
    };
    let a = side(tokens.first())?;
    let cmp = match tokens.get(1) {
        Some(Token::Cmp(c)) => *c,
        Some(t) => return Err(format!("expected = != < > <= or >=, not {t}")),
        None => return Err("a comparison needs = != < > <= or >=".into()),
    };
    let b = side(tokens.get(2))?;
    Ok(((a, cmp, b), 3))
}

/// A register, a stack cell, `frame` or a number.
fn operand(word: &str) -> Result<Operand, String> {
    let upper = word.to_ascii_uppercase();
    let reg8 = match upper.as_str() {
        "A" => Some(Reg8::A),
        "F" => Some(Reg8::F),
        "B" => Some(Reg8::B),
        "C" => Some(Reg8::C),
        "D" => Some(Reg8::D),
        "E" => Some(Reg8::E),
        "H" => Some(Reg8::H),
        "L" => Some(Reg8::L),
        "I" => Some(Reg8::I),
        "R" => Some(Reg8::R),
        _ => None,
    };
    if let Some(r) = reg8 {
        return Ok(Operand::Reg8(r));
    }
    let reg16 = match upper.as_str() {
        "AF" => Some(Reg16::AF),
        "BC" => Some(Reg16::BC),
        "DE" => Some(Reg16::DE),
        "HL" => Some(Reg16::HL),
        "IX" => Some(Reg16::IX),
        "IY" => Some(Reg16::IY),
        "SP" => Some(Reg16::SP),
        _ => None,
    };
    if let Some(r) = reg16 {
        return Ok(Operand::Reg16(r));
    }
    match upper.as_str() {
        "PC" => return Ok(Operand::Pc),
        "TOS" => return Ok(Operand::Cell(0)),
        "NOS" => return Ok(Operand::Cell(1)),
        "DEPTH" => return Ok(Operand::Depth),
        "FRAME" => return Ok(Operand::Frame),
        _ => {}
    }
    if let Some(n) = word.strip_prefix('-') {
        if let Some(v) = number(n) {
            return Ok(Operand::Number(-v));
        }
    }
    number(word).map(Operand::Number).ok_or_else(|| {
        format!(
            "{word:?} is not a number nor one of A F B C D E H L I R AF BC DE HL IX IY SP PC \
             tos nos depth frame [ADDR] w[ADDR]"
        )
    })
}

fn number(s: &str) -> Option<i64> {
    if s.starts_with('-') {
        return None;
    }
    parse_number(s).map(i64::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Result<Condition, String> {
        let words: Vec<&str> = s.split_whitespace().collect();
        Condition::parse(&words, &|a| {
            parse_number(a)
                .map(|v| v as u16)
                .ok_or_else(|| format!("no address {a:?}"))
        })
    }

    #[test]
    fn comparisons_with_or_without_spaces() {
        let c = parse("tos=3").unwrap();
        assert_eq!(
            c.any_of,
            vec![vec![(Operand::Cell(0), Cmp::Eq, Operand::Number(3))]]
        );
        let c = parse("HL >= 0x2400 and [0x3C2B]!=5 or w[$3C2B] < -2").unwrap();
        assert_eq!(
            c.any_of,
            vec![
                vec![
                    (Operand::Reg16(Reg16::HL), Cmp::Ge, Operand::Number(0x2400)),
                    (Operand::Byte(0x3C2B), Cmp::Ne, Operand::Number(5)),
                ],
                vec![(Operand::Word(0x3C2B), Cmp::Lt, Operand::Number(-2))],
            ]
        );
    }

    #[test]
    fn refuses_what_it_does_not_understand() {
        for bad in [
            "",
            "tos",
            "tos=",
            "tos=3 and",
            "tos=3 nos=4",
            "QQ=1",
            "tos=3x",
            "[0x3C2B=1",
            "tos => 3",
            "[nowhere]=1",
        ] {
            assert!(parse(bad).is_err(), "{bad:?} was accepted");
        }
    }
}
