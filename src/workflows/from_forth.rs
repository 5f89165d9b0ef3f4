//! Making a dictionary tape the way an Ace owner would: boot the machine, type a Forth
//! source into it line by line, then `SAVE NAME` and keep what the tape deck recorded.
//!
//! The tape therefore holds exactly what the ROM itself compiled and saved (headers, links,
//! compiled cells, the TAP header fields). Every line is checked as it is typed: an
//! `ERROR n` or a line handed back by the ROM (it did not know a word) stops the run with
//! the source file and line.

use crate::machine::keyboard::{line_editor_waiting, STATIN};
use crate::machine::{Ace, RamSize};
use crate::tape::attach::attach;
use crate::tape::deck::{DeckOptions, TapeSpeed};
use crate::tape::pulse::Block;
use crate::tape::tap::{FileKind, Header};
use crate::tape::traps::RomTapeTraps;
use anyhow::{anyhow, bail, Context};

/// System variable L_HALF: start of the input buffer (ace-forth.md 2).
const L_HALF: u16 = 0x3C24;
/// System variable SCRPOS: where the next character is printed (ace-forth.md 2).
const SCRPOS: u16 = 0x3C1C;
/// End of the input buffer (the screen's last byte + 1; 0x2700 always holds 0).
const BUFFER_END: u16 = 0x2700;
/// The inverse `?` cursor of a line handed back for correction (ace-forth.md 11).
const RETYPE_CURSOR: u8 = 0xBF;
/// Frames one line may take to be typed and run (60 emulated seconds).
const LINE_FRAMES: u32 = 50 * 60;

/// The longest line the Ace's input buffer takes: 22 rows of 32 characters less the
/// logical-line marker (ace-forth.md 11: the buffer grows up to 22 lines).
const MAX_LINE_CHARS: usize = 22 * 32 - 1;
/// How much of a line an error message quotes.
const QUOTED_CHARS: usize = 60;

/// `line` for an error message: control characters escaped, cut after [`QUOTED_CHARS`].
fn excerpt(line: &str) -> String {
    let mut quoted: String = line
        .chars()
        .take(QUOTED_CHARS)
        .flat_map(char::escape_default)
        .collect();
    if line.chars().count() > QUOTED_CHARS {
        quoted.push_str("...");
    }
    quoted
}

/// What the Ace's error numbers mean (ace-forth.md 10).
fn error_meaning(n: u32) -> &'static str {
    match n {
        1 => "not enough memory",
        2 => "data stack underflow",
        3 => "BREAK",
        4 => "compiling word used outside a definition",
        5 => "structure wrong (IF/THEN, DO/LOOP, BEGIN/UNTIL ... do not match)",
        6 => "name of a new word too short or too long",
        7 => "PICK or ROLL with n <= 0",
        8 => "floating-point overflow",
        9 => "AT position inside the input buffer",
        10 => "tape error",
        11 => "REDEFINE or FORGET not possible",
        12 => "a definition is still incomplete",
        13 => "word not found, or a ROM word",
        14 => "word cannot be listed",
        _ => "unknown error",
    }
}

/// The lines of a Forth source that are typed: all but blank lines and reader's notes, with
/// trailing spaces removed, each with its 1-based line number.
///
/// A line whose first non-blank character is `\` is a note for the reader of the file and
/// is never typed: Ace Forth has no comment outside a definition (`(` there is ERROR 4), and
/// a `(` comment inside one is kept in the dictionary and stepped over every time the word
/// runs, which a game's inner loop should not pay for.
pub fn typed_lines(source: &str) -> Vec<(usize, &str)> {
    source
        .lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim_end()))
        .filter(|(_, line)| {
            let text = line.trim_start();
            !text.is_empty() && !text.starts_with('\\')
        })
        .collect()
}

/// Boots `rom`, types `source` (named `source_name` in errors), saves the dictionary as
/// `name` and returns the two recorded blocks (header, data).
pub fn make_dictionary_tape(
    rom: &[u8],
    rom_sha256: &str,
    ram: RamSize,
    source_name: &str,
    source: &str,
    name: &str,
) -> anyhow::Result<Vec<Block>> {
    if name.is_empty() || name.len() > 10 || !name.chars().all(|c| c.is_ascii_graphic()) {
        bail!("the tape name must be 1 to 10 printable characters without spaces: {name:?}");
    }
    let mut ace = Ace::new(rom, ram)?;
    // The signal is recorded from MIC whatever the ROM; a ROM whose save routine is known
    // (the open ROM's) is trapped (instant) so saving costs no emulated time.
    let traps = RomTapeTraps::for_rom(rom_sha256).filter(|t| t.save_block.is_some());
    let speed = if traps.is_some() {
        TapeSpeed::Instant
    } else {
        TapeSpeed::Real
    };
    let options = DeckOptions {
        speed,
        ..DeckOptions::default()
    };
    let mut control = attach(&mut ace, traps, None, &options)?;
    let mut run_line = |ace: &mut Ace, text: &str| -> anyhow::Result<()> {
        ace.try_type_text(text)
            .map_err(|e| anyhow!("cannot be typed on the Ace: {e}"))?;
        for _ in 0..LINE_FRAMES {
            control.run_frame(ace);
            if ace.typing_done() && line_editor_waiting(ace.peek(STATIN)) {
                return check_answer(ace);
            }
        }
        bail!("the Ace was still busy after {} s", LINE_FRAMES / 50)
    };
    // The Ace's keyboard has no tab: a tab separates words as a space does, as real Forth
    // sources use it.
    let source = source.replace('\t', " ");
    let lines = typed_lines(&source);
    if lines.is_empty() {
        bail!(
            "{source_name}: the source is empty: it has no line to type (only blank lines and \
             \\ notes)"
        );
    }
    // Refused before booting: a line the input buffer cannot hold, or one with characters
    // that cannot be typed, would otherwise be found only after typing all before it.
    for &(number, line) in &lines {
        let chars = line.chars().count();
        if chars > MAX_LINE_CHARS {
            bail!(
                "{source_name}:{number}: the line has {chars} characters; the Ace's input \
                 line holds at most {MAX_LINE_CHARS} ({})",
                excerpt(line)
            );
        }
        if let Err(e) = crate::machine::keyboard::strokes_for(line) {
            bail!("{source_name}:{number}: {e} ({})", excerpt(line));
        }
    }
    wait_for_prompt(&mut ace)?;
    for (number, line) in lines {
        run_line(&mut ace, &format!("{line}\n"))
            .with_context(|| format!("{source_name}:{number}: {}", excerpt(line)))?;
    }
    run_line(&mut ace, &format!("SAVE {name}\n")).with_context(|| format!("SAVE {name}"))?;
    control.finish()?;
    let blocks = control.deck.deck().recorded().to_vec();
    check_saved(&blocks, name)?;
    Ok(blocks)
}

/// Runs until the ROM's line editor waits for the first line.
fn wait_for_prompt(ace: &mut Ace) -> anyhow::Result<()> {
    for _ in 0..500 {
        ace.run_frame();
        if line_editor_waiting(ace.peek(STATIN)) {
            return Ok(());
        }
    }
    bail!("the ROM did not reach its input line within 10 s of power-on")
}

/// After a line: an `ERROR n` on the last printed screen line, or the line handed back for
/// correction, is an error.
fn check_answer(ace: &Ace) -> anyhow::Result<()> {
    let start = u16::from_le_bytes([ace.peek(L_HALF), ace.peek(L_HALF + 1)]);
    if (start..BUFFER_END).any(|a| ace.peek(a) == RETYPE_CURSOR) {
        let text: String = (start..BUFFER_END)
            .map(|a| ace.peek(a) & 0x7F)
            .filter(|c| (0x20..0x7F).contains(c))
            .map(char::from)
            .collect();
        bail!(
            "the Ace did not understand a word and handed the line back: {}",
            text.trim()
        );
    }
    let scrpos = u16::from_le_bytes([ace.peek(SCRPOS), ace.peek(SCRPOS + 1)]);
    let last = scrpos.saturating_sub(1).clamp(0x2400, 0x26FF);
    let row_start = 0x2400 + (last - 0x2400) / 32 * 32;
    let row: String = (row_start..row_start + 32)
        .map(|a| char::from(ace.peek(a) & 0x7F))
        .collect();
    if let Some(at) = row.find("ERROR ") {
        let digits: String = row[at + 6..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        if let Ok(n) = digits.parse::<u32>() {
            bail!("the Ace answered ERROR {n} ({})", error_meaning(n));
        }
    }
    Ok(())
}

/// The recording must be one dictionary file of that name: a header and its data, whose
/// length (without the checksum byte) is the header's.
fn check_saved(blocks: &[Block], name: &str) -> anyhow::Result<()> {
    let file = match blocks {
        [header, data] if header.is_header() && !data.is_header() => {
            Header::parse(&header.data).map(|h| (h, data))
        }
        _ => None,
    };
    match file {
        Some((h, data))
            if h.kind == FileKind::Dictionary
                && h.name_text().trim_end() == name
                && data.data.len() == usize::from(h.length) + 1 =>
        {
            Ok(())
        }
        _ => bail!(
            "SAVE {name} did not record one dictionary file with its data ({} recorded)",
            crate::plural::count(blocks.len(), "block")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(name: &str, length: u16) -> Block {
        let h = Header {
            kind: FileKind::Dictionary,
            name: crate::tape::tap::pad_name(name),
            length,
            start: 0x3C51,
            newest: 0x3C49,
            current: 0x3C4C,
            context: 0x3C4C,
            voclnk: 0x3C4F,
            stkbot: 0x3C51 + length,
        };
        Block::new(0x00, crate::tape::tap::with_checksum(&h.to_payload()))
    }

    #[test]
    fn a_recording_must_be_the_named_file_with_its_whole_data() {
        let data = Block::new(0xFF, crate::tape::tap::with_checksum(&[1, 2, 3]));
        assert!(check_saved(&[header("DEMO", 3), data.clone()], "DEMO").is_ok());
        assert!(check_saved(&[header("DEMO", 4), data.clone()], "DEMO").is_err());
        assert!(check_saved(&[header("OTHER", 3), data.clone()], "DEMO").is_err());
        let empty = Block::new(0xFF, Vec::new());
        assert!(check_saved(&[header("DEMO", 3), empty], "DEMO").is_err());
        assert!(check_saved(&[header("DEMO", 3)], "DEMO").is_err());
    }

    #[test]
    fn blank_lines_are_not_typed_and_numbers_are_kept() {
        let src = ": A 1 ;\n\n   \n: B 2 ;  \n";
        assert_eq!(typed_lines(src), vec![(1, ": A 1 ;"), (4, ": B 2 ;")]);
    }

    #[test]
    fn readers_notes_are_not_typed() {
        let src = "\\ a note\n  \\ an indented note\n: A ( kept ) 1 ;\n: B 2 ; \\ not a note\n";
        assert_eq!(
            typed_lines(src),
            vec![(3, ": A ( kept ) 1 ;"), (4, ": B 2 ; \\ not a note")]
        );
    }
}
