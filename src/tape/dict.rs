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
    /// A link field led here (`address` is a name-length field); otherwise a word-length
    /// field or the start of the image did (`address` is where a name should start).
    pub from_link: bool,
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
    /// The words, in address order.
    pub words: Vec<Word>,
    /// The places, in address order, where a header was expected (a link or length field
    /// led there) and does not parse as a word; `number` is the place among the words.
    pub unparsed: Vec<DictError>,
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
/// the words with the ROM the values point to (see [`read`]). Strict: the first place
/// where no word parses is the error (a game that reads its own dictionary wants all of
/// it).
pub fn words(image: &[u8], start: u16) -> Result<Vec<Word>, DictError> {
    let d = read(image, start, None, None);
    match d.unparsed.into_iter().next() {
        Some(e) => Err(e),
        None => Ok(d.words),
    }
}

/// Reads every word of the image (which starts at `start`, normally 0x3C51) and classifies
/// the words by the code-field values of `rom`, or, if `None`, of the ROM that more code
/// fields belong to.
///
/// Words are found two ways, as the Ace itself finds them:
/// * by their word-length fields, from the first word on (LIST, FORGET and LOAD's
///   relocation walk the dictionary so);
/// * by their link fields, newest first, from `newest` (the tape header's address of the
///   newest word's name-length field) and from each vocabulary word's newest-word
///   pointer: this is how the Ace looks words up, so a dictionary whose length fields are
///   off somewhere still loads and runs.
///
/// Where a header does not parse as a word (its name has no last character, its name-length
/// byte disagrees, it is cut off...), [`Dictionary::unparsed`] says so for that place and
/// the reading goes on: a link field leads past it even when no length field does (the
/// walk by length fields picks up again at the next word the links know of).
pub fn read(image: &[u8], start: u16, newest: Option<u16>, rom: Option<SavingRom>) -> Dictionary {
    let mut found = Found::default();
    let mut seeds: Vec<u16> = newest.into_iter().collect();
    let mut followed: Vec<u16> = Vec::new();
    // Link chains first (they tell the walk by lengths where to pick up after a bad
    // header), then the length fields; vocabulary words found either way seed more chains.
    loop {
        while let Some(seed) = seeds.pop() {
            if !followed.contains(&seed) {
                followed.push(seed);
                follow_links(image, start, seed, &mut found);
            }
        }
        walk_lengths(image, start, &mut found);
        seeds = found
            .words
            .iter()
            .filter(|w| w.code_field == CodeFields::ORIGINAL.vocabulary)
            .filter_map(|w| word_le(image, (w.cfa.wrapping_sub(start) as usize) + 2))
            .filter(|a| !followed.contains(a))
            .collect();
        if seeds.is_empty() {
            break;
        }
    }
    let Found {
        mut words,
        mut unparsed,
    } = found;
    words.sort_by_key(|w| w.address);
    // A place reported unparsed twice (by a link and by a length field) once; none where a
    // word was found after all.
    unparsed.sort_by_key(|e| e.address);
    unparsed.dedup_by_key(|e| e.address);
    unparsed.retain(|e| !words.iter().any(|w| w.address == e.address));
    // One bad header is one entry: where the walk by lengths failed at a place and a link
    // led to a bad name-length field before the next word, the link's entry says more.
    let by_link: Vec<u16> = unparsed
        .iter()
        .filter(|e| e.from_link)
        .map(|e| e.address)
        .collect();
    unparsed.retain(|e| {
        let next_word = words
            .iter()
            .map(|w| w.address)
            .find(|&a| a > e.address)
            .unwrap_or(u16::MAX);
        e.from_link || !by_link.iter().any(|&a| a > e.address && a < next_word)
    });
    for e in &mut unparsed {
        e.number = words.iter().filter(|w| w.address < e.address).count() + 1;
    }
    let (rom, rom_choice) = match rom {
        Some(rom) => (rom, RomChoice::Given),
        None => detect_rom(&words),
    };
    classify(&mut words, &CodeFields::of(rom));
    Dictionary {
        words,
        unparsed,
        rom,
        rom_choice,
    }
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

/// Words and bad headers found so far (kinds not set yet).
#[derive(Default)]
struct Found {
    words: Vec<Word>,
    unparsed: Vec<DictError>,
}

impl Found {
    fn has_word_at(&self, address: u16) -> bool {
        self.words.iter().any(|w| w.address == address)
    }

    fn add(&mut self, word: Word) {
        if !self.has_word_at(word.address) {
            self.words.push(word);
        }
    }
}

fn word_le(image: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes([*image.get(at)?, *image.get(at + 1)?]))
}

/// The header whose name starts at image offset `pos`: the word (kind left as
/// [`WordKind::Other`]) and the offset its length field leads to, or where and why it does
/// not parse.
fn parse_at(image: &[u8], start: u16, pos: usize) -> Result<(Word, usize), (usize, String)> {
    let name_len = image[pos..]
        .iter()
        .take(63)
        .position(|&b| b & 0x80 != 0)
        .map(|i| i + 1)
        .ok_or_else(|| (pos, "no name ending (bit 7) within 63 bytes".to_string()))?;
    let name: String = image[pos..pos + name_len]
        .iter()
        .map(|&b| (b & 0x7F) as char)
        .collect();
    // For messages: the name may hold control bytes.
    let shown = super::tap::escape_name(name.as_bytes());
    let len_field = pos + name_len;
    let (Some(length), Some(_link), Some(&nl), Some(code_field)) = (
        word_le(image, len_field),
        word_le(image, len_field + 2),
        image.get(len_field + 4),
        word_le(image, len_field + 5),
    ) else {
        return Err((
            len_field,
            format!("word `{shown}` is cut off by the end of the image"),
        ));
    };
    if (nl & 0x3F) as usize != name_len || nl & 0x80 != 0 {
        return Err((
            len_field + 4,
            format!(
                "name-length byte {nl:02X} says {} characters but the name `{shown}` has \
                 {name_len}",
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
        return Err((
            len_field,
            format!(
                "word `{shown}` has length {length}, which does not fit the {}-byte image",
                image.len()
            ),
        ));
    }
    let word = Word {
        name,
        address: start.wrapping_add(pos as u16),
        cfa: start.wrapping_add((len_field + 5) as u16),
        code_field,
        immediate: nl & 0x40 != 0,
        length,
        kind: WordKind::Other(code_field),
    };
    Ok((word, next))
}

/// The word whose name-length field is at image offset `nlf` (as a link field leads to
/// it), or why there is none: its name ends just before its length and link fields.
fn parse_from_link(image: &[u8], start: u16, nlf: usize) -> Result<Word, String> {
    let nl = image[nlf];
    let name_len = (nl & 0x3F) as usize;
    if nl & 0x80 != 0 {
        return Err(format!("name-length byte {nl:02X} has bit 7 set"));
    }
    let Some(pos) = nlf.checked_sub(4 + name_len) else {
        return Err(format!(
            "a name of {name_len} characters (name-length byte {nl:02X}) would start before \
             the image"
        ));
    };
    let name = &image[pos..nlf - 4];
    let last_only = name.last().is_some_and(|&b| b & 0x80 != 0)
        && name.iter().filter(|&&b| b & 0x80 != 0).count() == 1;
    if !last_only {
        return Err(format!(
            "the {name_len} bytes before its length and link fields (name-length byte \
             {nl:02X}) are no name with bit 7 on its last character only"
        ));
    }
    match parse_at(image, start, pos) {
        Ok((word, _)) => Ok(word),
        // A length field that leads nowhere does not keep the Ace from using the word
        // (it looks words up by their links): the word with its length as it is.
        Err(_) => {
            let len_field = nlf - 4;
            let (Some(length), Some(code_field)) =
                (word_le(image, len_field), word_le(image, nlf + 1))
            else {
                return Err("cut off by the end of the image".into());
            };
            Ok(Word {
                name: name.iter().map(|&b| (b & 0x7F) as char).collect(),
                address: start.wrapping_add(pos as u16),
                cfa: start.wrapping_add((nlf + 1) as u16),
                code_field,
                immediate: nl & 0x40 != 0,
                length,
                kind: WordKind::Other(code_field),
            })
        }
    }
}

/// Follows the link fields from the name-length field at address `nlf`, newest first, as
/// the Ace searches: every header on the way is a word or an entry in
/// [`Found::unparsed`]; the chain ends where a link leaves the image (the ROM's words,
/// FORTH at 0x3C49) or would not lead to an older word.
fn follow_links(image: &[u8], start: u16, mut nlf: u16, found: &mut Found) {
    loop {
        let off = nlf.wrapping_sub(start) as usize;
        if off >= image.len() {
            return;
        }
        // A zero-length entry (a vocabulary's pfa+2): searches pass it by its link.
        if image[off] != 0 {
            match parse_from_link(image, start, off) {
                Ok(word) => found.add(word),
                Err(what) => found.unparsed.push(DictError {
                    number: 0,
                    address: nlf,
                    offset: off,
                    what: format!("the header a link field leads to does not parse: {what}"),
                    from_link: true,
                }),
            }
        }
        let Some(link) = off.checked_sub(2).and_then(|at| word_le(image, at)) else {
            return;
        };
        if link >= nlf {
            return;
        }
        nlf = link;
    }
}

/// Walks the words by their word-length fields from the start of the image. Where a header
/// does not parse, says so and picks up at the next word a link field led to, if any.
fn walk_lengths(image: &[u8], start: u16, found: &mut Found) {
    let mut pos = 0usize;
    // The word whose length field led to `pos`, for messages.
    let mut prev: Option<String> = None;
    while pos < image.len() {
        match parse_at(image, start, pos) {
            Ok((word, next)) => {
                prev = Some(super::tap::escape_name(word.name.as_bytes()));
                found.add(word);
                pos = next;
            }
            Err((offset, what)) => {
                let led_by = prev
                    .take()
                    .map(|name| format!(" (the length field of `{name}` leads here)"))
                    .unwrap_or_default();
                found.unparsed.push(DictError {
                    number: 0,
                    address: start.wrapping_add(pos as u16),
                    offset,
                    what: format!("{what}{led_by}"),
                    from_link: false,
                });
                let here = start.wrapping_add(pos as u16);
                let resume = found
                    .words
                    .iter()
                    .filter(|w| w.address > here)
                    .map(|w| w.address.wrapping_sub(start) as usize)
                    .min();
                match resume {
                    Some(next) => pos = next,
                    None => return,
                }
            }
        }
    }
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
        let d = read(&data, 0x3C51, None, None);
        assert_eq!(d.rom, SavingRom::Original);
        assert_eq!(
            d.rom_choice,
            RomChoice::Shared {
                matching: 1,
                total: 1
            }
        );
        assert_eq!(d.words[0].kind, WordKind::Colon);
        let forced = read(&data, 0x3C51, None, Some(SavingRom::Open));
        assert_eq!(forced.rom_choice, RomChoice::Given);
        assert_eq!(forced.words[0].kind, WordKind::Colon);
    }

    #[test]
    fn machine_code_alone_does_not_tell_the_rom() {
        // `M` whose code field points at its own parameter field (0x3C57 + 2).
        let data = [0xCD, 0x09, 0x00, 0x49, 0x3C, 0x01, 0x59, 0x3C, 0xFD, 0xE9];
        let d = read(&data, 0x3C51, None, None);
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

    /// A dictionary of our own at 0x3C51, built by hand from ace-forth.md 4.1: `A` and
    /// `C` are `: A 1 ;` (the golden vector's body), and between them the header of `BAD`
    /// whose name has no last character (no bit 7), as a program poking its own
    /// dictionary could leave it. Each link field points at the name-length field of the
    /// word before; `newest` is C's.
    fn with_a_bad_header() -> (Vec<u8>, u16) {
        let body = [0xC3, 0x0E, 0x11, 0x10, 0x01, 0x00, 0xB6, 0x04];
        let mut image = Vec::new();
        let mut link = 0x3C49u16; // FORTH's name-length field
        for (name, last_bit) in [(&b"A"[..], true), (b"BAD", false), (b"C", true)] {
            let mut n = name.to_vec();
            if last_bit {
                *n.last_mut().unwrap() |= 0x80;
            }
            image.extend(&n);
            let length = 2 + 2 + 1 + body.len() as u16;
            image.extend(length.to_le_bytes());
            image.extend(link.to_le_bytes());
            link = 0x3C51 + image.len() as u16; // this word's name-length field
            image.push(name.len() as u8);
            image.extend(body);
        }
        (image, link)
    }

    #[test]
    fn a_header_that_does_not_parse_is_reported_and_the_links_lead_past_it() {
        let (image, newest) = with_a_bad_header();
        let d = read(&image, 0x3C51, Some(newest), None);
        let names: Vec<&str> = d.words.iter().map(|w| w.name.as_str()).collect();
        assert_eq!(names, ["A", "C"]);
        assert!(d.words.iter().all(|w| w.kind == WordKind::Colon));
        // C's header: its name after A's 14 bytes and BAD's 16; its code field 6 bytes on.
        assert_eq!(d.words[1].address, 0x3C51 + 30);
        assert_eq!(d.words[1].cfa, 0x3C51 + 30 + 6);
        assert_eq!(d.unparsed.len(), 1, "{:?}", d.unparsed);
        let bad = &d.unparsed[0];
        // BAD's name-length field: its 3 name bytes and length and link fields after A.
        assert_eq!(bad.address, 0x3C51 + 14 + 3 + 4);
        assert_eq!(bad.number, 2);
        assert!(bad.from_link);
        assert!(bad.what.contains("bit 7 on its last character"), "{bad}");
        // The strict reading (no newest word to follow links from) stops there.
        let e = words(&image, 0x3C51).unwrap_err();
        assert_eq!((e.number, e.address), (2, 0x3C51 + 14));
        assert!(
            e.to_string().contains("length field of `A` leads here"),
            "{e}"
        );
    }

    #[test]
    fn a_length_field_that_leads_astray_is_reported_and_the_words_after_it_found() {
        let (mut image, newest) = with_a_bad_header();
        // BAD gets its name back; A's length field now leads 2 bytes short of it.
        image[14 + 2] |= 0x80;
        image[1] -= 2;
        let d = read(&image, 0x3C51, Some(newest), None);
        let names: Vec<&str> = d.words.iter().map(|w| w.name.as_str()).collect();
        assert_eq!(names, ["A", "BAD", "C"]);
        assert_eq!(d.unparsed.len(), 1, "{:?}", d.unparsed);
        assert_eq!(d.unparsed[0].address, 0x3C51 + 12);
        assert!(!d.unparsed[0].from_link);
        assert!(
            d.unparsed[0]
                .what
                .contains("length field of `A` leads here"),
            "{}",
            d.unparsed[0]
        );
    }

    #[test]
    fn links_that_loop_or_leave_the_image_end_the_chain() {
        let (mut image, newest) = with_a_bad_header();
        // C's link points at itself: followed once.
        let c_link = 30 + 1 + 2;
        image[c_link..c_link + 2].copy_from_slice(&newest.to_le_bytes());
        let d = read(&image, 0x3C51, Some(newest), None);
        assert_eq!(
            d.words.len(),
            2,
            "A by its length field, C by the newest pointer"
        );
        let d = read(&image, 0x3C51, Some(0xFFFF), None);
        assert_eq!(d.words.len(), 1, "A only: the length walk stops at BAD");
    }
}
