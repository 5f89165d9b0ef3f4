//! The words in a dictionary file (a SAVE image of RAM from 0x3C51), walked by their
//! word-length fields and told apart by their code-field values (ace-forth.md 4.1 and 5).

use std::fmt;

/// What a word is, from its code field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WordKind {
    Colon,
    Variable,
    Constant,
    Created,
    /// Made by `DEFINER`.
    Definer,
    /// Made by `COMPILER` (immediate).
    Compiler,
    Vocabulary,
    /// The child of a `DEFINER` word of this file (its code field points into that word).
    DefinedBy(String),
    /// The code field points at the word's own parameter field: machine code.
    MachineCode,
    /// Any other code-field value.
    Other(u16),
}

impl fmt::Display for WordKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WordKind::Colon => write!(f, "colon"),
            WordKind::Variable => write!(f, "variable"),
            WordKind::Constant => write!(f, "constant"),
            WordKind::Created => write!(f, "created"),
            WordKind::Definer => write!(f, "definer"),
            WordKind::Compiler => write!(f, "compiler"),
            WordKind::Vocabulary => write!(f, "vocabulary"),
            WordKind::DefinedBy(name) => write!(f, "defined by {name}"),
            WordKind::MachineCode => write!(f, "machine code"),
            WordKind::Other(cf) => write!(f, "code field {cf:04X}"),
        }
    }
}

/// One word of a dictionary image.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Word {
    pub name: String,
    /// Address of the name's first byte.
    pub address: u16,
    /// Address of the code field.
    pub cfa: u16,
    pub code_field: u16,
    pub immediate: bool,
    /// Bytes from the word-length field to the end of the word.
    pub length: u16,
    pub kind: WordKind,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("dictionary word {number} at {address:04X} (image offset {offset}): {what}")]
pub struct DictError {
    pub number: usize,
    pub address: u16,
    pub offset: usize,
    pub what: String,
}

const CF_COLON: u16 = 0x0EC3;
const CF_CREATE: u16 = 0x0FEC;
const CF_VARIABLE: u16 = 0x0FF0;
const CF_CONSTANT: u16 = 0x0FF5;
const CF_DEFINER: u16 = 0x1085;
const CF_COMPILER: u16 = 0x1108;
const CF_VOCABULARY: u16 = 0x11B5;

/// Walks the image (which starts at `start`, normally 0x3C51) word by word.
pub fn words(image: &[u8], start: u16) -> Result<Vec<Word>, DictError> {
    let mut out: Vec<Word> = Vec::new();
    let mut pos = 0usize;
    let word_at = |at: usize| -> Option<u16> {
        Some(u16::from_le_bytes([*image.get(at)?, *image.get(at + 1)?]))
    };
    while pos < image.len() {
        let number = out.len() + 1;
        let fail = |offset: usize, what: String| DictError {
            number,
            address: start.wrapping_add(pos as u16),
            offset,
            what,
        };
        let name_len = image[pos..]
            .iter()
            .take(63)
            .position(|&b| b & 0x80 != 0)
            .map(|i| i + 1)
            .ok_or_else(|| fail(pos, "no name ending (bit 7) within 63 bytes".into()))?;
        let name: String = image[pos..pos + name_len]
            .iter()
            .map(|&b| (b & 0x7F) as char)
            .collect();
        let len_field = pos + name_len;
        let (Some(length), Some(_link), Some(&nl), Some(code_field)) = (
            word_at(len_field),
            word_at(len_field + 2),
            image.get(len_field + 4),
            word_at(len_field + 5),
        ) else {
            return Err(fail(
                len_field,
                format!("word `{name}` is cut off by the end of the image"),
            ));
        };
        if (nl & 0x3F) as usize != name_len {
            return Err(fail(
                len_field + 4,
                format!(
                    "name-length byte says {} characters but the name `{name}` has {name_len}",
                    nl & 0x3F
                ),
            ));
        }
        let next = if length == 0 {
            image.len() // the newest word while its length is unfilled: up to the end
        } else {
            len_field + length as usize
        };
        if next > image.len() || next < len_field + 7 {
            return Err(fail(
                len_field,
                format!(
                    "word `{name}` has length {length}, which does not fit the {}-byte image",
                    image.len()
                ),
            ));
        }
        let cfa = start.wrapping_add((len_field + 5) as u16);
        out.push(Word {
            name,
            address: start.wrapping_add(pos as u16),
            cfa,
            code_field,
            immediate: nl & 0x40 != 0,
            length,
            kind: WordKind::Other(code_field),
        });
        pos = next;
    }
    // Kinds last: a child's code field points into a defining word found anywhere.
    let spans: Vec<(u16, u16, String, u16)> = out
        .iter()
        .map(|w| {
            let end = w.cfa.wrapping_add(w.length).wrapping_sub(5);
            (w.cfa, end, w.name.clone(), w.code_field)
        })
        .collect();
    for w in &mut out {
        w.kind = match w.code_field {
            CF_COLON => WordKind::Colon,
            CF_VARIABLE => WordKind::Variable,
            CF_CONSTANT => WordKind::Constant,
            CF_CREATE => WordKind::Created,
            CF_DEFINER => WordKind::Definer,
            CF_COMPILER => WordKind::Compiler,
            CF_VOCABULARY => WordKind::Vocabulary,
            cf if cf == w.cfa.wrapping_add(2) => WordKind::MachineCode,
            cf => spans
                .iter()
                .find(|(a, e, _, kcf)| *kcf == CF_DEFINER && (*a..*e).contains(&cf))
                .map(|(_, _, n, _)| WordKind::DefinedBy(n.clone()))
                .unwrap_or(WordKind::Other(cf)),
        };
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn golden_vector_has_one_colon_word() {
        let data = [
            0xC1, 0x0D, 0x00, 0x49, 0x3C, 0x01, 0xC3, 0x0E, 0x11, 0x10, 0x01, 0x00, 0xB6, 0x04,
        ];
        let w = words(&data, 0x3C51).unwrap();
        assert_eq!(w.len(), 1);
        assert_eq!(w[0].name, "A");
        assert_eq!(w[0].kind, WordKind::Colon);
        assert_eq!(w[0].cfa, 0x3C57);
    }

    #[test]
    fn broken_length_is_reported_with_its_place() {
        let data = [0xC1, 0x40, 0x00, 0x49, 0x3C, 0x01, 0xC3, 0x0E];
        let e = words(&data, 0x3C51).unwrap_err();
        assert_eq!(e.offset, 1);
        assert!(e.to_string().contains("length 64"), "{e}");
    }
}
