//! EDIT and REDEFINE (roms/openace/edit.asm, the buffer output in screen.asm's put_char)
//! on the open ROM. Golden behaviour: ace-forth.md 9 (EDIT puts the word's
//! listing into the input buffer, ENTER compiles it as a new word of the same name;
//! REDEFINE puts the newest word, with its own name, in the older word's place, redirecting every
//! reference and reclaiming the old body's space, 4.1 the header layout), 10 (ERROR 11, 13, 14)
//! and 11 (editing keys), with the listings as LIST prints them (transcripts.md).

mod openrom_support;
use openrom_support::*;

use aceemu::machine::keyboard::Key;
use aceemu::machine::Ace;

/// Screen row `row` as codes.
fn row(ace: &Ace, row: usize) -> Vec<u8> {
    ace.screen_codes()[row * 32..row * 32 + 32].to_vec()
}

/// A row of the input buffer as built by hand: the 0x00 marker, then `text`, then spaces.
fn marked(text: &[u8]) -> Vec<u8> {
    let mut r = vec![0u8];
    r.extend_from_slice(text);
    r.resize(32, b' ');
    r
}

/// What typing `line` printed (echo and output, without the final " OK": eval's text).
fn run(ace: &mut Ace, line: &str) -> String {
    eval(ace, line)
}

#[test]
fn edit_puts_the_listing_into_the_buffer_with_the_question_cursor() {
    let mut ace = boot();
    enter(&mut ace, ": DOUBLE 2 * ;");
    enter(&mut ace, "EDIT DOUBLE");
    // LIST's lines (`: DOUBLE`, ` 2 * `, `; `, ` `), one screen row each, each row starting
    // with the 0x00 marker; the ? cursor (0xBF) before the text of the first row.
    assert_eq!(word(&ace, 0x3C24), 0x2680, "L_HALF: four rows");
    assert_eq!(row(&ace, 20), marked(b"\xBF: DOUBLE"));
    assert_eq!(row(&ace, 21), marked(b" 2 * "));
    assert_eq!(row(&ace, 22), marked(b"; "));
    assert_eq!(row(&ace, 23), marked(b" "));
    assert_eq!(
        ace.peek(FLAGS) & 0x08,
        0,
        "FLAGS bit 3 is off while the user edits"
    );
}

#[test]
fn entering_an_edit_leaves_a_blank_row_before_what_follows() {
    // transcripts.md Round 3: "after the edited lines are entered, the original leaves one
    // blank row before the next output"; Round 4: the entered line is echoed on the EDIT
    // row, right after it, and the next line typed goes two rows down.
    let mut ace = boot();
    enter(&mut ace, ": X 1 . ; EDIT X");
    enter(&mut ace, "");
    enter(&mut ace, "2 .");
    let text = ace.screen_text();
    let rows: Vec<&str> = text.lines().map(str::trim_end).collect();
    assert_eq!(
        rows[..4],
        [": X 1 . ; EDIT X : X 1 . ;  OK", "", "2 . 2  OK", ""],
        "{text}"
    );
}

#[test]
fn an_edit_session_changes_a_word_and_enters_it_as_a_new_word() {
    let mut ace = boot();
    enter(&mut ace, ": DOUBLE 2 * ;");
    let here = word(&ace, STKBOT);
    enter(&mut ace, "EDIT DOUBLE");
    press(&mut ace, &[Key::Shift, Key::N7]); // cursor down: 32 positions, onto the row of 2 *
    assert_eq!(
        &row(&ace, 21)[..3],
        b" \xBF2",
        "the cursor moved over the row marker"
    );
    press(&mut ace, &[Key::Shift, Key::N8]); // right, past the 2
    press(&mut ace, &[Key::Shift, Key::N0]); // DELETE the 2
    ace.type_text("3");
    ace.run_frames(10);
    ace.type_text("\n");
    wait_idle(&mut ace, 500);
    assert!(word(&ace, STKBOT) > here, "a new word was compiled");
    assert_eq!(run(&mut ace, "5 DOUBLE ."), "5 DOUBLE . 15");
    // the new word lists with the change; the old one is still in the dictionary
    enter(&mut ace, "CLS");
    enter(&mut ace, "LIST DOUBLE");
    assert_eq!(
        lines(&ace)[1..6],
        ["LIST DOUBLE", ": DOUBLE", " 3 *", ";", "  OK"]
    );
}

#[test]
fn redefine_makes_old_callers_use_the_new_body() {
    let mut ace = boot();
    enter(&mut ace, ": A 2 ;");
    enter(&mut ace, ": B A 10 * ;");
    assert_eq!(run(&mut ace, "B ."), "B . 20");
    enter(&mut ace, ": A 3 ;");
    assert_eq!(
        run(&mut ace, "B ."),
        "B . 20",
        "before REDEFINE B still runs the old A"
    );
    assert_eq!(run(&mut ace, "REDEFINE A"), "REDEFINE A");
    assert_eq!(run(&mut ace, "B . A ."), "B . 30 A . 3");
    // B still lists with A's name
    enter(&mut ace, "CLS");
    enter(&mut ace, "LIST B");
    assert_eq!(lines(&ace)[2..4], [": B", " A 10 *"]);
    // a REDEFINE of the newest A again: B follows the chain to the newest body
    enter(&mut ace, ": A 4 ;");
    enter(&mut ace, "REDEFINE A");
    assert_eq!(run(&mut ace, "B ."), "B . 40");
}

#[test]
fn edit_then_redefine_replaces_a_word_everywhere() {
    let mut ace = boot();
    enter(&mut ace, ": SQ DUP * ;");
    enter(&mut ace, ": SQ+1 SQ 1+ ;");
    enter(&mut ace, "EDIT SQ");
    press(&mut ace, &[Key::Shift, Key::N7]); // down 32: onto the body row, before DUP
    ace.type_text("2 + ");
    ace.run_frames(30);
    ace.type_text("\n");
    wait_idle(&mut ace, 500);
    assert_eq!(
        run(&mut ace, "4 SQ ."),
        "4 SQ . 36",
        "the new SQ is 2 + DUP *"
    );
    assert_eq!(
        run(&mut ace, "4 SQ+1 ."),
        "4 SQ+1 . 17",
        "old callers before REDEFINE"
    );
    enter(&mut ace, "REDEFINE SQ");
    assert_eq!(
        run(&mut ace, "4 SQ+1 ."),
        "4 SQ+1 . 37",
        "old callers after REDEFINE"
    );
}

#[test]
fn errors_as_the_spec_says() {
    let mut ace = boot();
    // ERROR 13: not found (the name not echoed, transcripts.md Round 3) or a ROM word
    // (ace-forth.md 10); ERROR 14: cannot be listed; ERROR 11: REDEFINE not possible (an
    // unknown name not echoed, a ROM name echoed: transcripts.md Round 3).
    assert_eq!(run(&mut ace, "EDIT NOPE"), "EDIT ERROR 13");
    assert_eq!(run(&mut ace, "EDIT DUP"), "EDIT DUP ERROR 13");
    assert_eq!(run(&mut ace, "REDEFINE NOPE"), "REDEFINE ERROR 11");
    assert_eq!(run(&mut ace, "REDEFINE DUP"), "REDEFINE DUP ERROR 11");
    enter(&mut ace, "VARIABLE V");
    assert_eq!(run(&mut ace, "EDIT V"), "EDIT V ERROR 14");
    enter(&mut ace, ": W ;");
    // the newest word is not an older one of its own name
    assert_eq!(run(&mut ace, "REDEFINE W"), "REDEFINE ERROR 11");
    // any kind of word replaces any kind (transcripts.md Round 3): the colon word W in the
    // variable V's place, keeping its own name (V is gone), then the variable P in the
    // colon word P's
    assert_eq!(run(&mut ace, "REDEFINE V"), "REDEFINE V");
    assert_eq!(
        run(&mut ace, "1 W 2 ."),
        "1 W 2 . 2",
        "W is the empty colon word"
    );
    assert_eq!(
        ram_names(&ace),
        ["W"],
        "W in V's place, V's name gone (transcripts.md Round 3)"
    );
    enter(&mut ace, ": P 1 ;");
    enter(&mut ace, "VARIABLE P");
    assert_eq!(run(&mut ace, "REDEFINE P"), "REDEFINE P");
    assert_eq!(
        run(&mut ace, "5 P ! P @ ."),
        "5 P ! P @ . 5",
        "P is a variable now"
    );
    // the newest word of CURRENT must be the last in memory: here a word of another
    // vocabulary follows it
    enter(
        &mut ace,
        "VOCABULARY VV : Q 1 ; : Q 2 ; VV DEFINITIONS : Z 3 ;",
    );
    enter(&mut ace, "FORTH DEFINITIONS");
    assert_eq!(run(&mut ace, "REDEFINE Q"), "REDEFINE Q ERROR 11");
    assert_eq!(
        run(&mut ace, "Q . VV Z ."),
        "Q . 2 VV Z . 3",
        "nothing changed"
    );
    enter(&mut ace, "FORTH");
    // while a definition is incomplete: ERROR 12 (ace-forth.md 10: "a definition is still
    // incomplete"), as SAVE and LOAD give
    assert_eq!(
        run(&mut ace, ": Z 1 [ REDEFINE W"),
        ": Z 1 [ REDEFINE W ERROR 12"
    );
    // after the errors output goes to the screen again and the machine works
    assert_eq!(ace.peek(FLAGS) & 0x08, 0);
    assert_eq!(run(&mut ace, "1 2 + ."), "1 2 + . 3");
}

#[test]
fn a_long_word_is_edited_a_page_at_a_time() {
    let mut ace = boot();
    // 5 IF ... THEN pairs list on 22 rows (`: L`, ` 0 1`, ` IF`, `  1+`, ` THEN`, ` 1`,
    // ` IF`, ..., `;`): control words on rows of their own (transcripts.md Round 3)
    let body = "1 IF 1+ THEN ".repeat(5);
    enter(&mut ace, &format!(": L 0 {body};"));
    assert_eq!(run(&mut ace, "L ."), "L . 5");
    ace.type_text("EDIT L\n");
    let mut pages = 0;
    for _ in 0..4 {
        // wait until the editor waits with the ? cursor at the start of a page
        for _ in 0..500 {
            ace.run_frame();
            if ace.typing_done() && waiting_for_input(&ace) {
                break;
            }
        }
        let l_half = word(&ace, 0x3C24) as usize;
        assert!(l_half >= 0x2700 - 22 * 32, "the buffer is at most 22 rows");
        if ace.peek(STATIN) & 0x10 == 0 {
            break; // back at the prompt
        }
        assert_eq!(
            ace.peek(word(&ace, 0x3C24) + 1),
            0xBF,
            "the ? cursor starts the page"
        );
        pages += 1;
        ace.type_text("\n");
    }
    assert_eq!(pages, 2, "the listing came in two pages");
    assert_eq!(run(&mut ace, "L ."), "L . 5", "the re-entered L works");
    assert!(!output(&ace).contains("ERROR"));
}

#[test]
fn entering_the_listing_unchanged_gives_the_same_word_again() {
    let mut ace = boot();
    // control structures, a string and a DEFINER word: LIST's text compiles back to them
    enter(&mut ace, ": T 3 0 DO I . LOOP .\" END\" ;");
    enter(&mut ace, "DEFINER K , DOES> @ 1+ ;");
    for name in ["T", "K"] {
        enter(&mut ace, &format!("EDIT {name}"));
        ace.type_text("\n");
        wait_idle(&mut ace, 500);
    }
    enter(&mut ace, "CLS");
    assert_eq!(run(&mut ace, "T"), "T 0 1 2 END");
    assert_eq!(run(&mut ace, "7 K S S ."), "7 K S S . 8");
}

#[test]
fn a_mistake_in_the_edited_text_is_handed_back_and_can_be_fixed() {
    let mut ace = boot();
    enter(&mut ace, ": INC 1 + ;");
    enter(&mut ace, "EDIT INC");
    press(&mut ace, &[Key::Shift, Key::N7]); // onto the body row, before the 1
    ace.type_text("QQ ");
    ace.run_frames(30);
    ace.type_text("\n");
    wait_idle(&mut ace, 500);
    // QQ is unknown: the rest of the text (the definition is still open) comes back with
    // the ? cursor at its start and the rows' padding as spaces
    let l_half = word(&ace, 0x3C24);
    assert_eq!(ace.peek(l_half + 1), 0xBF, "{}", ace.screen_text());
    let rest: Vec<u8> = (l_half + 2..0x2700).map(|a| ace.peek(a)).collect();
    let rest = String::from_utf8_lossy(&rest)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert_eq!(rest, "QQ 1 + ;");
    press(&mut ace, &[Key::Shift, Key::N1]); // DELETE LINE, then the body again
    ace.type_text("1 + ;\n");
    wait_idle(&mut ace, 500);
    assert_eq!(run(&mut ace, "5 INC ."), "5 INC . 6");
}

#[test]
fn a_redefined_word_survives_save_and_a_relocating_load() {
    use openrom_support::tape_signal::{durations_of, Deck};
    // after REDEFINE the dictionary is an ordinary one again (lengths, links, threads), so
    // SAVE and LOAD's relocation treat it like any other (ace-forth.md 12)
    let mut ace = boot();
    let deck = Deck::default();
    ace.insert_tape(Box::new(deck.clone()));
    for line in [": A 2 ;", ": B A 10 * ;", ": A 3 4 + ;", "REDEFINE A"] {
        enter(&mut ace, line);
    }
    deck.clear_recording();
    enter_within(&mut ace, "SAVE T", 1500);
    let recording = deck.recorded();

    let mut other = boot();
    let deck = Deck::default();
    other.insert_tape(Box::new(deck.clone()));
    enter(&mut other, ": FIRST 5 ;"); // the tape's words land after it: they move
    deck.play(
        other.tstates() + 2_000_000,
        &durations_of(&recording),
        1.0,
        false,
    );
    enter_within(&mut other, "LOAD T", 1500);
    assert!(
        !other.screen_text().contains("ERROR"),
        "{}",
        other.screen_text()
    );
    assert_eq!(run(&mut other, "B . FIRST ."), "B . 70 FIRST . 5");
    assert_eq!(ram_names(&other), ["B", "A", "FIRST"]);
}

#[test]
fn printing_to_the_screen_ends_the_question_cursor_state() {
    // EDIT's ? cursor state (STATIN bit 4) is set from LIST's first line on; an error in
    // the listing (BREAK) aborts with it set. Whatever is printed on the screen next (the
    // ERROR message) clears it, so the prompt gets the normal cursor back.
    let mut ace = boot();
    ace.poke(STATIN, ace.peek(STATIN) | 0x10);
    enter(&mut ace, "1 .");
    assert_eq!(ace.peek(STATIN) & 0x10, 0);
    assert_eq!(ace.screen_codes()[23 * 32 + 1], 0x97, "the normal cursor");
}

/// The names of the RAM words in the FORTH vocabulary, newest first, by following the
/// links from FORTH's pfa+0 (header layout of ace-forth.md 4.1: the name before the
/// 2-byte word length, then the link, the name-length byte, the code field).
fn ram_names(ace: &Ace) -> Vec<String> {
    ram_words(ace).into_iter().map(|(name, _)| name).collect()
}

/// The RAM words of FORTH as (name, address of the name's first byte), newest first.
fn ram_words(ace: &Ace) -> Vec<(String, u16)> {
    let mut names = Vec::new();
    let mut nl = word(ace, 0x3C4C);
    while nl >= 0x3C51 {
        let len = ace.peek(nl) & 0x3F;
        let start = nl - 4 - u16::from(len);
        let name: String = (start..start + u16::from(len))
            .map(|a| (ace.peek(a) & 0x7F) as char)
            .collect();
        names.push((name, start));
        nl = word(ace, nl - 2);
    }
    names
}

/// HERE (STKBOT).
fn here(ace: &Ace) -> u16 {
    word(ace, STKBOT)
}

/// LIST's output for `name` (the lines after the command).
fn listing(ace: &mut Ace, name: &str) -> Vec<String> {
    enter(ace, "CLS");
    enter(ace, &format!("LIST {name}"));
    lines(ace)
}

#[test]
fn redefine_moves_the_new_body_into_the_old_place_and_reclaims_the_space() {
    let mut ace = boot();
    let start = here(&ace);
    enter(&mut ace, ": A 2 ;");
    // a RAM word's header is name + 2 (length) + 2 (link) + 1 + 2 (code field): 8 bytes
    // for a one-letter name (ace-forth.md 4.1); the rest is the body
    let old_body = here(&ace) - start - 8;
    let a_cfa = start + 6;
    // words between: a variable, a DEFINER with a child, a string, a caller
    enter(&mut ace, "7 VARIABLE V");
    assert_eq!(run(&mut ace, "V @ ."), "V @ . 7");
    enter(&mut ace, "DEFINER K , DOES> @ 1+ ;");
    enter(&mut ace, "5 K KK");
    enter(&mut ace, ": S .\" HI\" A . ;");
    enter(&mut ace, ": B A 10 * ;");
    let lists: Vec<Vec<String>> = ["K", "S", "B"]
        .iter()
        .map(|n| listing(&mut ace, n))
        .collect();
    let before_new = here(&ace);
    enter(&mut ace, ": A 2 3 + ;");
    let new_body = here(&ace) - before_new - 8;
    assert_eq!(run(&mut ace, "B ."), "B . 20", "before REDEFINE");
    enter(&mut ace, "REDEFINE A");
    assert_eq!(
        here(&ace),
        before_new + new_body - old_body,
        "the old body and the new header are gone"
    );
    assert_eq!(
        ram_names(&ace),
        ["B", "S", "KK", "K", "V", "A"],
        "A once, in its place"
    );
    assert_eq!(run(&mut ace, "B . A ."), "B . 50 A . 5");
    assert_eq!(run(&mut ace, "S"), "S HI5");
    assert_eq!(run(&mut ace, "V @ . KK ."), "V @ . 7 KK . 6");
    assert_eq!(run(&mut ace, "8 K K2 K2 ."), "8 K K2 K2 . 9");
    assert_eq!(
        run(&mut ace, "FIND A ."),
        format!("FIND A . {a_cfa}"),
        "A kept its place"
    );
    for (n, want) in ["K", "S", "B"].iter().zip(&lists) {
        assert_eq!(&listing(&mut ace, n), want, "LIST {n} unchanged");
    }
    assert_eq!(listing(&mut ace, "A")[2..4], [": A", " 2 3 +"]);
    // the dictionary is whole: FORGET of a later word, new words after it
    let (_, s_start) = ram_words(&ace).into_iter().find(|(n, _)| n == "S").unwrap();
    enter(&mut ace, "FORGET S");
    assert_eq!(here(&ace), s_start, "FORGET S cut at S's name");
    assert_eq!(ram_names(&ace), ["KK", "K", "V", "A"]);
    enter(&mut ace, ": C A 1+ ;");
    assert_eq!(run(&mut ace, "C . V @ ."), "C . 6 V @ . 7");
    assert!(!output(&ace).contains("ERROR"));
}

#[test]
fn the_newest_word_keeps_its_own_name_of_any_length() {
    // transcripts.md Round 3: the newest word takes the older word's place with its own
    // name; here the names differ in length both ways (the transcripts use one letter)
    for (old, new) in [("LONGNAME", "AB"), ("P", "LONGERNAME")] {
        let mut ace = boot();
        let start = here(&ace);
        enter(&mut ace, &format!(": {old} 1 ; : Q {old} . ; : {new} 7 ;"));
        enter(&mut ace, &format!("REDEFINE {old}"));
        assert_eq!(
            run(&mut ace, &format!("Q {new} .")),
            format!("Q 7 {new} . 7")
        );
        assert_eq!(ram_names(&ace), ["Q", new], "{new} in {old}'s place");
        assert_eq!(
            run(&mut ace, &format!("FIND {new} .")),
            format!("FIND {new} . {}", start + new.len() as u16 + 5),
            "{new}'s CFA right after its header at the dictionary's start"
        );
        assert_eq!(
            listing(&mut ace, "Q")[2..4],
            [": Q".to_string(), format!(" {new} .")]
        );
    }
}

#[test]
fn an_empty_word_can_be_replaced_and_a_bigger_body_fits() {
    let mut ace = boot();
    enter(&mut ace, ": X ;");
    enter(&mut ace, ": Y X 1 ;");
    enter(&mut ace, ": X 2 3 4 ;");
    enter(&mut ace, "REDEFINE X");
    assert_eq!(run(&mut ace, "Y . . . ."), "Y . 1 . 4 . 3 . 2");
    assert_eq!(ram_names(&ace), ["Y", "X"]);
    // and back to an empty body
    enter(&mut ace, ": X ;");
    enter(&mut ace, "REDEFINE X");
    assert_eq!(run(&mut ace, "Y ."), "Y . 1");
    assert_eq!(ram_names(&ace), ["Y", "X"]);
}

#[test]
fn a_vocabulary_between_and_a_recursive_new_body_follow_the_move() {
    let mut ace = boot();
    enter(&mut ace, ": A 1 ;");
    enter(
        &mut ace,
        "VOCABULARY VV VV DEFINITIONS : IN 7 ; FORTH DEFINITIONS",
    );
    enter(&mut ace, ": B A ;");
    // the new A calls itself (its own CFA becomes the old A's)
    enter(&mut ace, ": A DUP IF 1- A 2+ THEN ;");
    enter(&mut ace, "REDEFINE A");
    assert_eq!(run(&mut ace, "3 A . 3 B ."), "3 A . 6 3 B . 6");
    assert_eq!(run(&mut ace, "VV IN . FORTH"), "VV IN . 7 FORTH");
    assert_eq!(ram_names(&ace), ["B", "VV", "A"]);
    enter(&mut ace, "VV DEFINITIONS : IN2 IN 1+ ;");
    assert_eq!(run(&mut ace, "IN2 ."), "IN2 . 8");
}
