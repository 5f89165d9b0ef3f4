//! A `.ace` snapshot saved at the ORIGINAL ROM's prompt (ace-hardware.md 8: PC 0x059B
//! inside its QUERY wait, IY 0x04C8, return addresses into its interpreter on the stack)
//! comes back on the open ROM at the prompt with its dictionary, variables, data stack and
//! screen, and its program runs. The snapshot is built here byte by byte from the spec's
//! layouts (ace-forth.md 2, 3, 4.1, 6 and the original's addresses of rom-words.tsv), not
//! taken from a real file, and goes through the file format (write, then parse).

use aceemu::machine::{Ace, RamSize};
use aceemu::rom::open::open_rom;
use aceemu::tape::ace_snapshot::{AceSnapshot, Registers, BASE};
use aceemu::tape::snapshot_glue::load_snapshot;

// The original's addresses (rom-words.tsv).
const DOCOLON: u16 = 0x0EC3;
const VARIABLE_CF: u16 = 0x0FF0;
const VOCAB_CF: u16 = 0x11B5;
const EXIT_RT: u16 = 0x04B6;
const LIT16: u16 = 0x1011;
const DOT: u16 = 0x09B3;

const RAMTOP: u16 = 0x8000; // 19 K
const SP: u16 = RAMTOP - 6;

struct Memory(Vec<u8>);

impl Memory {
    fn put(&mut self, addr: u16, bytes: &[u8]) {
        let at = usize::from(addr - BASE);
        self.0[at..at + bytes.len()].copy_from_slice(bytes);
    }
    fn word(&mut self, addr: u16, v: u16) {
        self.put(addr, &v.to_le_bytes());
    }
}

/// The snapshot: `: HI 42 . ;` and `1234 VARIABLE V` in the dictionary, 77 on the data
/// stack, a line of text on the screen, the empty input line with its cursor.
fn snapshot() -> AceSnapshot {
    let mut m = Memory(vec![0; usize::from(RAMTOP - BASE)]);
    for a in 0x2400..0x2800u16 {
        m.put(a, b" ");
    }
    m.put(0x2400, b"SCREEN KEPT");
    m.put(0x26E0, &[0x00, 0x97]); // the input line: marker, cursor (ace-forth.md 11)
                                  // dictionary from 0x3C51 (ace-forth.md 4.1): name, word length, link, name length, code
    let hi = 0x3C51u16;
    m.put(hi, b"H\xC9");
    m.word(hi + 2, 15); // from the length field to the end: 2 + 2 + 1 + 2 + 8
    m.word(hi + 4, 0x3C49); // FORTH's name-length field
    m.put(hi + 6, &[2]);
    for (i, c) in [DOCOLON, LIT16, 42, DOT, EXIT_RT].into_iter().enumerate() {
        m.word(hi + 7 + 2 * i as u16, c);
    }
    let v = hi + 17;
    m.put(v, b"\xD6");
    m.word(v + 1, 9); // 2 + 2 + 1 + 2 + 2
    m.word(v + 3, hi + 6);
    m.put(v + 5, &[1]);
    m.word(v + 6, VARIABLE_CF);
    m.word(v + 8, 1234);
    let here = v + 10;
    // the FORTH word (ace-forth.md 3), its newest word V
    m.put(0x3C40, b"FORT\xC8");
    m.word(0x3C45, 0);
    m.word(0x3C47, 0x1FFF);
    m.put(0x3C49, &[5]);
    m.word(0x3C4A, VOCAB_CF);
    m.word(0x3C4C, v + 5);
    m.put(0x3C4E, &[0, 0, 0]);
    // system variables (ace-forth.md 2) as they are while QUERY waits
    for (addr, value) in [
        (0x3C18, RAMTOP),
        (0x3C1C, 0x2420),    // SCRPOS: row 1
        (0x3C1E, 0x26E0),    // INSCRN
        (0x3C20, 0x26E1),    // CURSOR
        (0x3C22, 0x26E2),    // ENDBUF
        (0x3C24, 0x26E0),    // L_HALF
        (0x3C29, 0),         // EXWRCH
        (0x3C2B, 1000),      // FRAMES
        (0x3C31, 0x3C4C),    // CURRENT
        (0x3C33, 0x3C4C),    // CONTEXT
        (0x3C35, 0x3C4F),    // VOCLNK
        (0x3C37, here),      // STKBOT
        (0x3C39, 0),         // DICT: nothing unfinished
        (0x3C3B, here + 14), // SPARE: one cell on the data stack
    ] {
        m.word(addr, value);
    }
    m.put(0x3C26, &[0, 0, 1]); // KEYCOD, KEYCNT, STATIN: the editor on
    m.put(0x3C3D, &[255, 0, 10]); // ERR_NO, FLAGS, BASE
    m.word(here + 12, 77);
    // the return stack: addresses inside the original's interpreter
    for (i, ret) in [0x04F0u16, 0x0566, 0x04C8].into_iter().enumerate() {
        m.word(SP + 2 * i as u16, ret);
    }
    AceSnapshot {
        ram_top: u32::from(RAMTOP),
        memory: m.0,
        regs: Registers {
            ix: 0x3C00,
            iy: 0x04C8,
            sp: SP,
            pc: 0x059B,
            im: 1,
            iff1: true,
            iff2: true,
            ..Registers::default()
        },
    }
}

fn row(ace: &Ace, r: usize) -> String {
    ace.screen_text().lines().nth(r).unwrap_or("").to_string()
}

#[test]
fn a_snapshot_saved_at_the_originals_prompt_resumes_at_the_open_roms_prompt() {
    let file = snapshot().write();
    let snap = AceSnapshot::parse(&file, "prompt.ace").expect("a valid .ace image");
    let mut ace = Ace::new(open_rom(), RamSize::K19).expect("8 KB image");
    load_snapshot(&mut ace, &snap, "prompt.ace").expect("loads");
    ace.run_frames(20);
    assert_eq!(ace.peek(0x3C28) & 1, 1, "waiting for a line");
    assert!(
        row(&ace, 0).starts_with("SCREEN KEPT"),
        "{}",
        ace.screen_text()
    );
    let frames = u16::from_le_bytes([ace.peek(0x3C2B), ace.peek(0x3C2C)]);
    assert!(
        (1000..1100).contains(&frames),
        "FRAMES goes on from 1000: {frames}"
    );
    ace.type_text("HI V @ . .\n");
    for _ in 0..400 {
        ace.run_frame();
        if ace.typing_done() && ace.peek(0x3C28) & 1 != 0 {
            break;
        }
    }
    assert!(
        row(&ace, 0).starts_with("SCREEN KEPT"),
        "{}",
        ace.screen_text()
    );
    assert_eq!(
        row(&ace, 1).trim_end(),
        "HI 42 V @ . 1234 . 77  OK",
        "the word, the variable and the data stack survived:\n{}",
        ace.screen_text()
    );
    // the dictionary goes on growing from the snapshot's HERE
    ace.type_text(": TWO HI HI ; TWO\n");
    for _ in 0..400 {
        ace.run_frame();
        if ace.typing_done() && ace.peek(0x3C28) & 1 != 0 {
            break;
        }
    }
    assert_eq!(row(&ace, 2).trim_end(), ": TWO HI HI ; TWO 42 42  OK");
}

/// Issue 35 item 7: a snapshot saved while the original ROM ran its own code (PC 0x04E2,
/// not its prompt) cannot resume on the open ROM, which has other code there: the load is
/// refused with a message naming the address and `--rom`, and the machine is left alone.
#[test]
fn a_snapshot_saved_inside_the_originals_code_is_refused_with_a_clear_message() {
    let mut snap = snapshot();
    snap.regs.pc = 0x04E2;
    let mut ace = Ace::new(open_rom(), RamSize::K19).expect("8 KB image");
    ace.run_frames(50);
    let before = ace.screen_codes();
    let err = load_snapshot(&mut ace, &snap, "game.ace")
        .expect_err("refused")
        .to_string();
    for part in ["game.ace", "0x04E2", "--rom", "original ROM"] {
        assert!(err.contains(part), "{part:?} in {err}");
    }
    assert_eq!(ace.screen_codes(), before, "the machine is left as it was");
}

/// The open ROM's own snapshots are not refused, wherever in the ROM the PC is: one taken
/// at the prompt (PC in the ROM, the outer loop on the return stack) loads and runs on.
#[test]
fn the_open_roms_own_snapshot_with_pc_in_rom_still_loads() {
    let mut ace = Ace::new(open_rom(), RamSize::K19).expect("8 KB image");
    ace.run_frames(50);
    ace.type_text(": SEVEN 7 . ;\n");
    ace.run_frames(200);
    let snap = aceemu::tape::snapshot_glue::snapshot_of(&ace).expect("snapshot");
    assert!(
        snap.regs.pc < 0x2000,
        "PC in the ROM: {:#06X}",
        snap.regs.pc
    );
    let mut other = Ace::new(open_rom(), RamSize::K19).expect("8 KB image");
    load_snapshot(&mut other, &snap, "own.ace").expect("loads");
    other.type_text("SEVEN\n");
    other.run_frames(200);
    assert!(
        other.screen_text().contains("SEVEN 7  OK"),
        "{}",
        other.screen_text()
    );
}
