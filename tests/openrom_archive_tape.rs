//! A synthetic "archive tape" (issue 16): a dictionary tape as a real Ace saves it, built
//! here byte by byte from the spec's compiled layouts (ace-forth.md 4.1, 5, 5.1, 5.2, 6)
//! with the ORIGINAL ROM's addresses in it (rom-words.tsv): colon words calling ROM words,
//! a DEFINER word and its child, a COMPILER word and a word using it, control structures,
//! a float literal, and a machine-code word that calls ROM subroutines (RST 16, pop-to-BC
//! 0x084E, RST 8).
//! It is played as a signal with the spec's timings (ace-hardware.md 7) into the open ROM's
//! LOAD, into an empty dictionary and on top of a word (relocation), and run: the screen
//! must show what the original would print (worked out by hand below). No address in the
//! image comes from the open ROM's symbols.

mod openrom_support;

use aceemu::machine::Ace;
use openrom_support::tape_signal::*;
use openrom_support::{boot, enter_within, eval, word, STKBOT};

// The original's addresses (rom-words.tsv).
const DOCOLON: u16 = 0x0EC3;
const DEFINER_CF: u16 = 0x1085;
const COMPILER_CF: u16 = 0x1108;
const COMPILER_RT_CF: u16 = 0x1142;
const VARIABLE_CF: u16 = 0x0FF0;
const EXIT_RT: u16 = 0x04B6;
const LIT16: u16 = 0x1011;
const IF_RT: u16 = 0x1283;
const THEN_RT: u16 = 0x12A4;
const DO_RT: u16 = 0x1323;
const LOOP_RT: u16 = 0x1332;
const DOES_RT: u16 = 0x10E8;
const RUNS_RT: u16 = 0x1140;
const DUP: u16 = 0x086B;
const STAR: u16 = 0x0D6D;
const COMMA: u16 = 0x0F4E;
const CCOMMA: u16 = 0x0F5F;
const FETCH: u16 = 0x08B3;
const CFETCH: u16 = 0x0896;
const EMIT: u16 = 0x0AA3;
const DOT: u16 = 0x09B3;
const I: u16 = 0x12E9;
const FLIT: u16 = 0x1064;
const FDOT: u16 = 0x0AAF;
const DICT_START: u16 = 0x3C51;
const FORTH_NFA: u16 = 0x3C49;

/// A RAM dictionary being laid down at 0x3C51, as SAVE writes it (ace-forth.md 4.1).
struct Image {
    bytes: Vec<u8>,
    /// Name-length field of the newest word (the next word's link).
    newest: u16,
    /// Offset of the open word's length field.
    open_len: Option<usize>,
}

impl Image {
    fn new() -> Self {
        Image {
            bytes: Vec::new(),
            newest: FORTH_NFA,
            open_len: None,
        }
    }

    fn here(&self) -> u16 {
        DICT_START + self.bytes.len() as u16
    }

    /// Name, length field (filled by the next header or `finish`), link, name length, code
    /// field. Returns the CFA.
    fn header(&mut self, name: &str, immediate: bool, code_field: u16) -> u16 {
        self.close();
        let mut n = name.as_bytes().to_vec();
        *n.last_mut().unwrap() |= 0x80;
        self.bytes.extend(&n);
        self.open_len = Some(self.bytes.len());
        self.bytes.extend([0, 0]);
        self.cell(self.newest);
        self.newest = self.here();
        self.bytes
            .push(name.len() as u8 | if immediate { 0x40 } else { 0 });
        let cfa = self.here();
        self.cell(code_field);
        cfa
    }

    fn cell(&mut self, v: u16) {
        self.bytes.extend(v.to_le_bytes());
    }

    fn cells(&mut self, v: &[u16]) {
        for &c in v {
            self.cell(c);
        }
    }

    fn close(&mut self) {
        if let Some(at) = self.open_len.take() {
            let len = (self.bytes.len() - at) as u16;
            self.bytes[at..at + 2].copy_from_slice(&len.to_le_bytes());
        }
    }

    /// The tape header (ace-hardware.md 7.1, ace-forth.md 12) and the data block.
    fn finish(mut self, name: &str) -> (Vec<u8>, Vec<u8>) {
        self.close();
        let mut h = vec![0u8];
        h.extend(format!("{name:<10}").as_bytes());
        let len = self.bytes.len() as u16;
        for v in [
            len,
            DICT_START,
            self.newest,
            0x3C4C,
            0x3C4C,
            0x3C4F,
            DICT_START + len,
        ] {
            h.extend(v.to_le_bytes());
        }
        (h, self.bytes)
    }
}

/// The archive tape: every address in it is the original's or a RAM address.
fn archive() -> (Vec<u8>, Vec<u8>) {
    let mut im = Image::new();
    // : SQ DUP * ;
    let sq = im.header("SQ", false, DOCOLON);
    im.cells(&[DUP, STAR, EXIT_RT]);

    // DEFINER KON , DOES> @ ;   (5.1; the same layout as save-vector v16)
    im.header("KON", false, DEFINER_CF);
    let kon_name = im.here() - 10; // "KON" (3) + length (2) + link (2) + nl (1) + cf (2)
    let pfa0 = im.bytes.len();
    im.cell(0); // children's code field: the CALL below
    im.cells(&[COMMA, DOES_RT]);
    let off_at = im.here();
    im.cell(kon_name.wrapping_sub(off_at + 1));
    let call = im.here();
    im.bytes.extend([0xCD]);
    im.cell(VARIABLE_CF); // CALL 0x0FF0
    im.cells(&[FETCH, EXIT_RT]);
    im.bytes[pfa0..pfa0 + 2].copy_from_slice(&call.to_le_bytes());
    // 42 KON K42: a child whose code field is the RAM address of KON's CALL
    im.header("K42", false, call);
    im.cell(42);

    // 1 COMPILER CH C, RUNS> C@ EMIT ;   (5.2; the layout of save-vector v17)
    im.header("CH", true, COMPILER_CF);
    let ch_name = im.here() - 9; // "CH" (2) + 2 + 2 + 1 + 2
    let rt_at = im.bytes.len();
    im.cell(0); // what CH compiles: the runtime code field below
    im.cells(&[CCOMMA, RUNS_RT]);
    im.bytes.push(1); // operand count
    let off_at = im.here();
    im.cell(ch_name.wrapping_sub(off_at + 1));
    let ch_rt = im.here();
    im.cell(COMPILER_RT_CF);
    im.cells(&[CFETCH, EMIT, EXIT_RT]);
    im.bytes[rt_at..rt_at + 2].copy_from_slice(&ch_rt.to_le_bytes());

    // : SAY [ 65 ] CH 1 IF 66 EMIT THEN 3 0 DO I . LOOP ;   (6: literals, IF/THEN, DO/LOOP)
    im.header("SAY", false, DOCOLON);
    im.cell(ch_rt);
    im.bytes.push(65);
    im.cells(&[LIT16, 1, IF_RT]);
    let if_off = im.bytes.len();
    im.cell(0);
    im.cells(&[LIT16, 66, EMIT, THEN_RT]);
    let target = im.here(); // forward branches land after the code they skip (6)
    let at = DICT_START + if_off as u16;
    im.bytes[if_off..if_off + 2].copy_from_slice(&target.wrapping_sub(at + 1).to_le_bytes());
    im.cells(&[LIT16, 3, LIT16, 0, DO_RT]);
    let body = im.here();
    im.cells(&[I, DOT, LOOP_RT]);
    let at = im.here();
    im.cell(body.wrapping_sub(at + 1));
    im.cell(EXIT_RT);

    // : FL 1.5 F. ;   (a float literal: 1064 and the number's 4 bytes in data-stack order,
    // ace-forth.md 6 and 8: 1.5 is the cells 0x0000, 0x4115)
    im.header("FL", false, DOCOLON);
    im.cells(&[FLIT, 0x0000, 0x4115, FDOT, EXIT_RT]);

    // A machine-code word: its code field points at its parameter field, which pushes 0x43
    // (RST 16), pops it into BC through the ROM's pop-to-BC at 0x084E, prints C (RST 8).
    let pfa = im.here() + 9; // after "MC" (2), length (2), link (2), nl (1), code field (2)
    im.header("MC", false, pfa);
    im.bytes.extend([
        0x11, 0x43, 0x00, // LD DE,0x0043
        0xD7, // RST 16
        0xCD, 0x4E, 0x08, // CALL 0x084E
        0x79, // LD A,C
        0xCF, // RST 8
        0xFD, 0xE9, // JP (IY)
    ]);
    let _ = sq;
    im.finish("ARCHIVE")
}

/// Plays the tape into `ace` and LOADs it.
fn load(ace: &mut Ace) -> (Vec<u8>, Vec<u8>) {
    let (header, data) = archive();
    let deck = Deck::default();
    ace.insert_tape(Box::new(deck.clone()));
    deck.play(
        ace.tstates() + 2_000_000,
        &file_durations(&header, &data, 4204),
        1.0,
        false,
    );
    enter_within(ace, "LOAD ARCHIVE", 1500);
    (header, data)
}

/// What the words print, worked out by hand from their definitions.
fn run_the_words(ace: &mut Ace) {
    assert_eq!(eval(ace, "5 SQ ."), "5 SQ . 25");
    assert_eq!(eval(ace, "K42 ."), "K42 . 42");
    assert_eq!(eval(ace, "SAY"), "SAY AB0 1 2");
    assert_eq!(eval(ace, "MC"), "MC C");
    assert_eq!(eval(ace, "FL"), "FL 1.5");
    assert_eq!(eval(ace, "7 KON K7 K7 ."), "7 KON K7 K7 . 7");
}

#[test]
fn an_archive_tape_loads_and_runs_unchanged() {
    let mut ace = boot();
    let (_, data) = load(&mut ace);
    assert!(
        ace.screen_text().contains("Dict: ARCHIVE"),
        "{}",
        ace.screen_text()
    );
    assert_eq!(
        ace.read_bytes(DICT_START, data.len()),
        data,
        "loaded into an empty dictionary: unchanged"
    );
    assert_eq!(word(&ace, STKBOT), DICT_START + data.len() as u16);
    run_the_words(&mut ace);
}

#[test]
fn an_archive_tape_loaded_on_top_of_a_word_is_relocated_and_runs() {
    let mut ace = boot();
    enter_within(&mut ace, ": FIRST 7 ;", 100);
    let before = word(&ace, STKBOT);
    let (_, data) = load(&mut ace);
    assert_eq!(word(&ace, STKBOT), before + data.len() as u16);
    // K42's code field (a RAM address into the image) moved with it.
    run_the_words(&mut ace);
    assert_eq!(eval(&mut ace, "FIRST ."), "FIRST . 7");
}

/// The tape block read at 0x18A7 with the original's contract (ace-forth.md 1, issue 16),
/// called from machine code in RAM: HL = destination, DE = length, C = 0 for a header,
/// carry set to load. It must come back with carry set and interrupts enabled.
#[test]
fn machine_code_reads_a_tape_block_through_0x18a7() {
    let mut ace = boot();
    // CREATE RD and point its code field at its parameter field (the code below).
    let code: &[u8] = &[
        0x21, 0x00, 0x3E, // LD HL,0x3E00
        0x11, 0x19, 0x00, // LD DE,25
        0x0E, 0x00, // LD C,0      a header block
        0x37, // SCF          load
        0xCD, 0xA7, 0x18, // CALL 0x18A7
        0x11, 0x00, 0x00, // LD DE,0
        0x30, 0x01, // JR NC,+1
        0x13, // INC DE       carry set: 1
        0xD7, // RST 16
        0xED, 0x57, // LD A,I      P/V = IFF2
        0x11, 0x00, 0x00, // LD DE,0
        0xE2, 0x00, 0x00, // JP PO,skip (patched below)
        0x13, // INC DE       interrupts on: 1
        0xD7, // skip: RST 16
        0xFD, 0xE9, // JP (IY)
    ];
    enter_within(&mut ace, "CREATE RD", 100);
    let pfa = word(&ace, STKBOT);
    enter_within(&mut ace, "40 ALLOT", 100);
    let mut code = code.to_vec();
    let skip = pfa + 28;
    code[25..27].copy_from_slice(&skip.to_le_bytes());
    ace.write_bytes(pfa, &code);
    ace.write_bytes(pfa - 2, &pfa.to_le_bytes());
    let (header, _) = archive();
    let deck = Deck::default();
    ace.insert_tape(Box::new(deck.clone()));
    deck.play(
        ace.tstates() + 2_000_000,
        &block_durations(0x00, &header, PILOT_CHANGES_HEADER),
        1.0,
        false,
    );
    // (each word is echoed as it is taken, then runs: interrupts on, then carry set)
    assert_eq!(eval(&mut ace, "RD . ."), "RD . 1 . 1");
    assert_eq!(ace.read_bytes(0x3E00, 25), header);
}
