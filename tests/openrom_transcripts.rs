//! The screens of tests/data/spec/transcripts.md (measured on the original ROM, copied from
//! shared/spec): a freshly booted 51 K Ace with the open ROM, one line typed, and then all
//! 768 bytes of video RAM must equal the transcript's (rows not shown are all spaces).
//! A round-4 transcript may type more than one line ("typed: `A`, then `B`"); it is found by
//! its first line and the test names every line it types.

mod openrom_support;

use aceemu::machine::{Ace, RamSize};
use aceemu::rom::open::open_rom;
use openrom_support::waiting_for_input;

const TRANSCRIPTS: &str = include_str!("data/spec/transcripts.md");

/// One transcript: the typed line and the 768 screen bytes after it.
struct Transcript {
    typed: String,
    screen: [u8; 768],
}

/// Reads every "typed: `...`" block with its fenced screen rows.
fn transcripts() -> Vec<Transcript> {
    let mut out = Vec::new();
    let mut lines = TRANSCRIPTS.lines();
    while let Some(line) = lines.next() {
        let Some(rest) = line.strip_prefix("typed: `") else {
            continue;
        };
        // the first backquoted line names the transcript (round 4 adds prose and more lines)
        let typed = rest
            .split_once('`')
            .expect("typed line has a closing `")
            .0
            .to_string();
        assert_eq!(lines.next(), Some("```"), "fence after {typed}");
        let mut screen = [0x20u8; 768];
        for row in lines.by_ref() {
            if row == "```" {
                break;
            }
            let (number, cells) = row.split_once(" |").expect("row number and bar");
            let number: usize = number.trim().parse().expect("row number");
            let cells = parse_cells(cells.strip_suffix('|').expect("closing bar"));
            assert_eq!(cells.len(), 32, "row {number} of {typed} has 32 cells");
            screen[number * 32..number * 32 + 32].copy_from_slice(&cells);
        }
        out.push(Transcript { typed, screen });
    }
    out
}

/// Cells of one row: a character, `{XX}` (hex code), with `⟦ ⟧` setting bit 7 in between.
fn parse_cells(text: &str) -> Vec<u8> {
    let mut cells = Vec::new();
    let mut inverse = 0;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        let code = match c {
            '⟦' => {
                inverse = 0x80;
                continue;
            }
            '⟧' => {
                inverse = 0;
                continue;
            }
            '{' => {
                let hex: String = chars.by_ref().take(3).collect();
                u8::from_str_radix(&hex[..2], 16).expect("{XX} code")
            }
            c => c as u8,
        };
        cells.push(code | inverse);
    }
    cells
}

/// Shows a screen as the transcript notation, for failure messages.
fn show(screen: &[u8]) -> String {
    let mut s = String::new();
    for (row, cells) in screen.chunks(32).enumerate() {
        if cells.iter().all(|&c| c == 0x20) {
            continue;
        }
        s += &format!("{row:2} |");
        for &c in cells {
            let ch = c & 0x7F;
            let body = if (0x20..0x7F).contains(&ch) {
                (ch as char).to_string()
            } else {
                format!("{{{ch:02X}}}")
            };
            if c & 0x80 != 0 {
                s += &format!("⟦{body}⟧");
            } else {
                s += &body;
            }
        }
        s += "|\n";
    }
    s
}

/// Boots, types the transcript's line and returns the screen once the ROM waits for input
/// again (then a few more frames, as the transcripts were taken seconds later).
fn screen_after(rom: &[u8], lines: &[&str]) -> [u8; 768] {
    let mut ace = Ace::new(rom, RamSize::K51).expect("8 KB image");
    ace.run_frames(50);
    for line in lines {
        ace.type_text(line);
        ace.type_text("\n");
        for _ in 0..3000 {
            ace.run_frame();
            if ace.typing_done() && waiting_for_input(&ace) {
                break;
            }
        }
        ace.run_frames(10);
    }
    ace.screen_codes()
}

fn check(pattern: &str) {
    check_on(open_rom(), pattern);
}

/// The same on a given image.
fn check_on(rom: &[u8], pattern: &str) {
    check_lines_on(rom, &[pattern]);
}

/// A transcript that types several lines (each then ENTER; "" is ENTER alone), found by the
/// first.
fn check_lines(lines: &[&str]) {
    check_lines_on(open_rom(), lines);
}

fn check_lines_on(rom: &[u8], lines: &[&str]) {
    let all = transcripts();
    let t = all
        .iter()
        .find(|t| t.typed == lines[0])
        .unwrap_or_else(|| panic!("no transcript {:?}", lines[0]));
    let got = screen_after(rom, lines);
    assert!(
        got == t.screen,
        "typed {:?}\nexpected:\n{}got:\n{}",
        t.typed,
        show(&t.screen),
        show(&got)
    );
}

#[test]
fn the_file_holds_every_transcript_checked_here() {
    let typed: Vec<String> = transcripts().into_iter().map(|t| t.typed).collect();
    assert_eq!(typed.len(), 47, "{typed:?}");
}

#[test]
fn an_unknown_word_is_handed_back_with_the_cursor_before_it() {
    check("1 2 FOO 3 .");
}

#[test]
fn dot_quote_echoes_its_text_and_quote() {
    check(": W .\" X\" CR .\" Y\" ; W");
}

#[test]
fn create_without_a_name() {
    check("CREATE");
}

#[test]
fn error_12_after_the_name() {
    check(": X 1 [ 5 VARIABLE Q");
}

#[test]
fn pad_does_not_hold_the_current_word() {
    check("PAD 5 TYPE");
}

#[test]
fn dot_on_an_empty_stack_after_a_definition() {
    check(": W ; .");
}

#[test]
fn vlist() {
    check("VLIST");
}

#[test]
fn plot_off_the_screen() {
    check(": P 20 0 DO I I 1 PLOT LOOP ; P");
}

#[test]
fn plot_after_cls() {
    check("CLS : P 20 0 DO I I 1 PLOT LOOP ; P");
}

#[test]
fn cls_in_a_long_line_16() {
    check("CLS 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 . .");
}

#[test]
fn cls_in_a_long_line_20() {
    check("CLS 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 . .");
}

#[test]
fn floats() {
    check_on(open_rom(), "1.5 F. 2.5 1.5 F+ F. 3.7 INT .");
}

#[test]
fn float_overflow() {
    check("1.0E40 1.0E40 F* F.");
}

#[test]
fn list() {
    check(": X 1 . ; LIST X");
}

#[test]
fn edit() {
    check(": X ; EDIT X");
}

// Round 3 (transcripts.md): LIST layout, REDEFINE, errors that echo no name, numbers.

#[test]
fn list_do_loop_layout() {
    check(": CNT 5 0 DO I . LOOP CR ; LIST CNT");
}

#[test]
fn list_string_and_comment_end_their_rows() {
    check(": T3 .\" ABC\" ( REM ) 7 ; LIST T3");
}

#[test]
fn list_five_items_a_row() {
    check(": T4 1 2 3 4 5 6 7 8 9 10 11 12 ; LIST T4");
}

#[test]
fn list_begin_while_repeat() {
    check(": T6 100 BEGIN DUP 10 > WHILE 10 - REPEAT ; LIST T6");
}

#[test]
fn list_nested_if_in_do() {
    check(": AB 10 0 DO I 2 MOD IF I . THEN LOOP ; LIST AB");
}

#[test]
fn list_ascii_float_and_bracket_literal() {
    check(": LT ASCII Q EMIT 1.25 F. [ 3 ] LITERAL . ; LIST LT");
}

#[test]
fn list_literals_in_base_16() {
    check(": HX 4096 -2 ; 16 BASE C! LIST HX");
}

#[test]
fn list_definer_word() {
    check("DEFINER TWICE , DOES> @ 2 * ; LIST TWICE");
}

#[test]
fn list_of_a_constant_is_error_14_on_the_next_row() {
    check("7 CONSTANT K LIST K");
}

#[test]
fn list_unknown_name_echoes_no_name() {
    check("LIST ZZZ");
}

#[test]
fn forget_without_a_name() {
    check("FORGET");
}

#[test]
fn edit_unknown_name_echoes_no_name() {
    check("EDIT ZZZ");
}

#[test]
fn redefine_unknown_name_echoes_no_name() {
    check("REDEFINE ZZZ");
}

#[test]
fn redefine_a_rom_word_echoes_it() {
    check("REDEFINE DUP");
}

#[test]
fn redefine_the_newest_word_itself() {
    check(": P 1 ; REDEFINE P");
}

#[test]
fn redefine_puts_the_newest_word_in_place() {
    check(": P 1 ; : Q P . ; : R 5 ; REDEFINE P Q R .");
}

#[test]
fn redefine_removes_the_old_name() {
    check(": P 1 ; : Q P . ; : R 5 ; REDEFINE P P");
}

#[test]
fn redefine_with_a_constant() {
    check(": P 1 ; : Q P . ; 7 CONSTANT P REDEFINE P Q");
}

#[test]
fn redefine_with_a_create_word() {
    check(": P 1 ; : Q P . ; CREATE S REDEFINE P Q S .");
}

#[test]
fn float_literal_with_a_bare_e() {
    check("2.5E F.");
}

#[test]
fn number_of_a_float_leaves_4181() {
    check("NUMBER 2.5 . F.");
}

#[test]
fn f_dot_of_a_zero_exponent_byte() {
    check("3 4 F.");
}

#[test]
fn f_dot_of_one_cell() {
    check("9 F.");
}

#[test]
fn unfinished_string_in_a_definition() {
    check(": W2 .\" OPEN ; W2");
}

#[test]
fn plot_off_the_screen_wraps() {
    check("70 3 1 PLOT -5 2 1 PLOT");
}

#[test]
fn list_string_and_comment_rows() {
    check(": T8 1 2 .\" AB\" 3 4 ( C ) 5 ; LIST T8");
}

#[test]
fn list_string_after_five_items() {
    check(": TA 1 2 3 4 5 .\" AB\" 6 ; LIST TA");
}

// Round 4 (transcripts.md): the screen as the original leaves it. (`0 0 BLOAD autorun` needs
// its tape: tests/openrom_in_place.rs.)

#[test]
fn edit_then_enter_echoes_the_entered_line_on_the_edit_row() {
    check_lines(&[": B 7 . ; EDIT B", "", "B"]);
}

/// EDIT of a definition that lists on four rows (LIST puts five items to a row), then
/// ENTER, then the word. Not measured: derived from the stated rules of transcripts.md:
/// the echo is the stream of words, each followed by a space, wrapping at column 31
/// (Round 4, `-40 ALLOT`); the entered text is echoed right after the EDIT command
/// (Round 4, EDIT then ENTER); its `  OK` is followed by one blank row (Round 3, EDIT).
#[test]
fn edit_then_enter_of_a_four_row_listing_wraps_its_echo_and_leaves_one_blank_row() {
    let first = ": L22 1 2 3 4 5 + + + + . ; EDIT L22";
    let echo = format!("{first} : L22 1 2 3 4 5 + + + + . ;  OK ");
    assert_eq!(
        echo.len(),
        69,
        "the OK ends away from column 30 (Round 4's blank row)"
    );
    let mut want = [b' '; 768];
    want[..69].copy_from_slice(echo.as_bytes()); // rows 0-2
    want[4 * 32..4 * 32 + 11].copy_from_slice(b"L22 15  OK "); // row 3 left blank
    want[23 * 32] = 0x00; // the empty input line and its cursor
    want[23 * 32 + 1] = 0x97;
    let got = screen_after(open_rom(), &[first, "", "L22"]);
    assert!(
        got == want,
        "expected:\n{}got:\n{}",
        show(&want),
        show(&got)
    );
}

#[test]
fn minus_forty_allot_goes_back_and_minus_forty_one_is_error_1() {
    check("HERE 200 ALLOT -40 ALLOT HERE SWAP - . -41 ALLOT");
}

#[test]
fn minus_one_allot_goes_forward_twenty() {
    check("HERE -1 ALLOT HERE SWAP - .");
}

#[test]
fn ok_ending_in_column_30_leaves_a_blank_row() {
    check_lines(&["1 DROP 1 DROP 1 DROP 1 DROP", "2 ."]);
}
