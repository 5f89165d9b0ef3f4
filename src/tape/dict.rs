//! The words in a dictionary file (a SAVE image of RAM from 0x3C51), walked by their
//! word-length fields and told apart by their code-field values (ace-forth.md 4.1 and 5).
//!
//! Code-field values are ROM addresses, so they depend on the ROM that saved the file: the
//! original ROM's are the spec's (ace-forth.md 5), the open ROM's come from its symbol
//! table. [`read`] tells the ROM from the values themselves unless it is given one.

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
            WordKind::DefinedBy(name) => {
                write!(f, "defined by {}", super::tap::escape_name(name.as_bytes()))
            }
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

/// The ROM whose code-field values a dictionary file holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SavingRom {
    /// The original 1982 ROM (values from ace-forth.md 5).
    Original,
    /// aceemu's open ROM (values from its symbol table).
    Open,
}

impl fmt::Display for SavingRom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SavingRom::Original => "original ROM",
            SavingRom::Open => "open ROM",
        })
    }
}

/// The code-field values that mark each word kind in one ROM.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CodeFields {
    pub colon: u16,
    pub create: u16,
    pub variable: u16,
    pub constant: u16,
    pub definer: u16,
    pub compiler: u16,
    pub vocabulary: u16,
}

impl CodeFields {
    /// The original ROM's values (ace-forth.md 5).
    pub const ORIGINAL: CodeFields = CodeFields {
        colon: 0x0EC3,
        create: 0x0FEC,
        variable: 0x0FF0,
        constant: 0x0FF5,
        definer: 0x1085,
        compiler: 0x1108,
        vocabulary: 0x11B5,
    };

    /// The open ROM's values, from the symbols of the embedded build
    /// (roms/openace/README.md names the labels).
    pub fn open() -> CodeFields {
        let sym = |name: &str| {
            crate::rom::open::open_rom_symbol(name)
                .unwrap_or_else(|| panic!("the open ROM's source has no label `{name}`"))
        };
        CodeFields {
            colon: sym("docolon"),
            create: sym("create_cf"),
            variable: sym("variable_cf"),
            constant: sym("constant_cf"),
            definer: sym("definer_cf"),
            compiler: sym("compiler_cf"),
            vocabulary: sym("vocab_cf"),
        }
    }

    pub fn of(rom: SavingRom) -> CodeFields {
        match rom {
            SavingRom::Original => CodeFields::ORIGINAL,
            SavingRom::Open => CodeFields::open(),
        }
    }

    /// The kind this value marks, if it is one of this ROM's values.
    fn kind(&self, cf: u16) -> Option<WordKind> {
        Some(match cf {
            _ if cf == self.colon => WordKind::Colon,
            _ if cf == self.variable => WordKind::Variable,
            _ if cf == self.constant => WordKind::Constant,
            _ if cf == self.create => WordKind::Created,
            _ if cf == self.definer => WordKind::Definer,
            _ if cf == self.compiler => WordKind::Compiler,
            _ if cf == self.vocabulary => WordKind::Vocabulary,
            _ => return None,
        })
    }
}

/// The words of a dictionary image and the ROM whose values classified them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dictionary {
    pub words: Vec<Word>,
    pub rom: SavingRom,
    /// How the ROM was chosen.
    pub rom_choice: RomChoice,
}

/// How [`Dictionary::rom`] was chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RomChoice {
    /// Given by the caller.
    Given,
    /// `matching` of the `total` code fields are that ROM's kind values, more than the
    /// other ROM's.
    Detected { matching: usize, total: usize },
    /// No code field is either ROM's kind value (or both match equally): the original
    /// ROM's values are used.
    Undecided,
    /// The two ROMs use the same values (the open ROM keeps the original's addresses,
    /// issue 16): `matching` of the `total` code fields are those values.
    Shared { matching: usize, total: usize },
}

impl fmt::Display for RomChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RomChoice::Given => write!(f, "as asked"),
            RomChoice::Detected { matching, total } => {
                write!(f, "{matching} of {total} code fields are its values")
            }
            RomChoice::Undecided => write!(f, "no code field tells which ROM saved it"),
            RomChoice::Shared { matching, total } => write!(
                f,
                "{matching} of {total} code fields are its values, the open ROM's too"
            ),
        }
    }
}

/// Walks the image (which starts at `start`, normally 0x3C51) word by word and classifies
/// the words with the ROM the values point to (see [`read`]).
pub fn words(image: &[u8], start: u16) -> Result<Vec<Word>, DictError> {
    read(image, start, None).map(|d| d.words)
}

/// Walks the image (which starts at `start`, normally 0x3C51) word by word and classifies
/// the words by the code-field values of `rom`, or, if `None`, of the ROM that more code
/// fields belong to.
pub fn read(image: &[u8], start: u16, rom: Option<SavingRom>) -> Result<Dictionary, DictError> {
    let mut words = walk(image, start)?;
    let (rom, rom_choice) = match rom {
        Some(rom) => (rom, RomChoice::Given),
        None => detect_rom(&words),
    };
    classify(&mut words, &CodeFields::of(rom));
    Ok(Dictionary {
        words,
        rom,
        rom_choice,
    })
}

/// The ROM more code fields belong to.
fn detect_rom(words: &[Word]) -> (SavingRom, RomChoice) {
    let matching = |fields: &CodeFields| {
        words
            .iter()
            .filter(|w| fields.kind(w.code_field).is_some())
            .count()
    };
    let original = matching(&CodeFields::ORIGINAL);
    let open = matching(&CodeFields::open());
    let total = words.len();
    if CodeFields::open() == CodeFields::ORIGINAL && original > 0 {
        let choice = RomChoice::Shared {
            matching: original,
            total,
        };
        (SavingRom::Original, choice)
    } else if original > open {
        let choice = RomChoice::Detected {
            matching: original,
            total,
        };
        (SavingRom::Original, choice)
    } else if open > original {
        let choice = RomChoice::Detected {
            matching: open,
            total,
        };
        (SavingRom::Open, choice)
    } else {
        (SavingRom::Original, RomChoice::Undecided)
    }
}

/// The words with their fields read and their kind left as [`WordKind::Other`].
fn walk(image: &[u8], start: u16) -> Result<Vec<Word>, DictError> {
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
        // For messages: the name may hold control bytes.
        let shown = super::tap::escape_name(name.as_bytes());
        let len_field = pos + name_len;
        let (Some(length), Some(_link), Some(&nl), Some(code_field)) = (
            word_at(len_field),
            word_at(len_field + 2),
            image.get(len_field + 4),
            word_at(len_field + 5),
        ) else {
            return Err(fail(
                len_field,
                format!("word `{shown}` is cut off by the end of the image"),
            ));
        };
        if (nl & 0x3F) as usize != name_len {
            return Err(fail(
                len_field + 4,
                format!(
                    "name-length byte says {} characters but the name `{shown}` has {name_len}",
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
                    "word `{shown}` has length {length}, which does not fit the {}-byte image",
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
    Ok(out)
}

/// Sets every word's kind. Kinds come last: a child's code field points into a defining
/// word found anywhere in the file.
fn classify(words: &mut [Word], fields: &CodeFields) {
    let definers: Vec<(u16, u16, String)> = words
        .iter()
        .filter(|w| w.code_field == fields.definer)
        .map(|w| {
            let end = w.cfa.wrapping_add(w.length).wrapping_sub(5);
            (w.cfa, end, w.name.clone())
        })
        .collect();
    for w in words.iter_mut() {
        let cf = w.code_field;
        w.kind = fields.kind(cf).unwrap_or_else(|| {
            if cf == w.cfa.wrapping_add(2) {
                WordKind::MachineCode
            } else {
                definers
                    .iter()
                    .find(|(a, e, _)| (*a..*e).contains(&cf))
                    .map(|(_, _, n)| WordKind::DefinedBy(n.clone()))
                    .unwrap_or(WordKind::Other(cf))
            }
        });
    }
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
    fn golden_vector_is_the_original_roms_and_the_open_roms_values() {
        // Since issue 16 the open ROM's code fields are the original's (ace-forth.md 5).
        assert_eq!(CodeFields::open(), CodeFields::ORIGINAL);
        let data = [
            0xC1, 0x0D, 0x00, 0x49, 0x3C, 0x01, 0xC3, 0x0E, 0x11, 0x10, 0x01, 0x00, 0xB6, 0x04,
        ];
        let d = read(&data, 0x3C51, None).unwrap();
        assert_eq!(d.rom, SavingRom::Original);
        assert_eq!(
            d.rom_choice,
            RomChoice::Shared {
                matching: 1,
                total: 1
            }
        );
        assert_eq!(d.words[0].kind, WordKind::Colon);
        let forced = read(&data, 0x3C51, Some(SavingRom::Open)).unwrap();
        assert_eq!(forced.rom_choice, RomChoice::Given);
        assert_eq!(forced.words[0].kind, WordKind::Colon);
    }

    #[test]
    fn machine_code_alone_does_not_tell_the_rom() {
        // `M` whose code field points at its own parameter field (0x3C57 + 2).
        let data = [0xCD, 0x09, 0x00, 0x49, 0x3C, 0x01, 0x59, 0x3C, 0xFD, 0xE9];
        let d = read(&data, 0x3C51, None).unwrap();
        assert_eq!(d.rom_choice, RomChoice::Undecided);
        assert_eq!(d.words[0].kind, WordKind::MachineCode);
    }

    #[test]
    fn broken_length_is_reported_with_its_place() {
        let data = [0xC1, 0x40, 0x00, 0x49, 0x3C, 0x01, 0xC3, 0x0E];
        let e = words(&data, 0x3C51).unwrap_err();
        assert_eq!(e.offset, 1);
        assert!(e.to_string().contains("length 64"), "{e}");
    }
}
