//! What the original ROM does not refuse (transcripts.md Round 3), and the unfinished
//! comment inside a definition: the open ROM does as the original does.

mod openrom_support;
use openrom_support::*;

#[test]
fn vlist_leaves_a_zero_on_the_data_stack() {
    let mut ace = boot();
    enter(&mut ace, "VLIST");
    assert_eq!(data_stack(&ace), vec![0]);
}

#[test]
fn at_with_a_negative_row_is_not_refused() {
    // row -1: the address arithmetic puts column 5 at 0x2400 - 32 + 5, in the alias page
    // of the video RAM (0x23E5 = 0x27E5, below the 24 rows shown): the echo of the words
    // after AT and EMIT's character go there
    let mut ace = boot();
    enter(&mut ace, "CLS");
    enter(&mut ace, "-1 5 AT 65 EMIT");
    assert!(
        !ace.screen_text().contains("ERROR"),
        "{}",
        ace.screen_text()
    );
    assert_eq!(ace.read_bytes(0x27E5, 9), b"65 EMIT A");
    // a row past the input buffer is still ERROR 9 (ace-forth.md 10)
    enter(&mut ace, "CLS");
    assert_eq!(eval(&mut ace, "30 0 AT"), "30 0 AT ERROR 9");
}

#[test]
fn an_unfinished_comment_in_a_definition_is_handed_back() {
    let mut ace = boot();
    ace.type_text(": W3 ( OPEN ; W3\n");
    wait_idle(&mut ace, 300);
    let codes = ace.screen_codes();
    assert_eq!(
        codes[23 * 32 + 1],
        0xBF,
        "the ? cursor:\n{}",
        ace.screen_text()
    );
    assert_eq!(&codes[23 * 32 + 2..23 * 32 + 11], b"OPEN ; W3");
    assert_eq!(
        ace.peek(FLAGS) & 0x44,
        0x44,
        "the definition stays open, compiling"
    );
}

// `-2 ALLOT` is allowed (transcripts.md Round 3: HERE goes down by 2). Hand-derived from
// ace-forth.md 3 (the data stack sits 12 bytes above STKBOT = HERE and moves with it):
// the items on the stack are kept, the 12-byte gap below them is still 12 bytes (an empty
// stack still underflows with ERROR 2), and the next word is built at the new HERE.
#[test]
fn negative_allot_moves_here_back_and_keeps_the_stack() {
    let mut ace = boot();
    enter(&mut ace, "CREATE BUF 6 ALLOT");
    let here = word(&ace, STKBOT);
    enter(&mut ace, "11 -22 333");
    // the gap's bytes move with the stack: what lies just below the items stays
    let gap = ace.read_bytes(here, 12);
    enter(&mut ace, "-2 ALLOT");
    assert!(!output(&ace).contains("ERROR"), "{}", ace.screen_text());
    assert_eq!(word(&ace, STKBOT), here - 2, "HERE goes down by 2");
    assert_eq!(
        word(&ace, SPARE),
        here - 2 + 12 + 6,
        "the gap and 3 items above it"
    );
    assert_eq!(data_stack(&ace), vec![11, (-22i16) as u16, 333]);
    assert_eq!(ace.read_bytes(here - 2, 12), gap);
    assert_eq!(eval(&mut ace, ". . ."), ". 333 . -22 . 11");
    let under = eval(&mut ace, ".");
    assert!(
        under.ends_with("ERROR 2"),
        "the gap is still 12 bytes: {under}"
    );
    // HERE as the stack sees it, and a definition built there that runs
    assert_eq!(eval(&mut ace, "HERE ."), format!("HERE . {}", here - 2));
    enter(&mut ace, ": W 7 ; W .");
    assert_eq!(last_line(&ace), ": W 7 ; W . 7  OK");
    // W's header starts at the new HERE: its name's first letter is there
    assert_eq!(ace.peek(here - 2), b'W' | 0x80);
}

#[test]
fn negative_allot_gives_back_a_whole_buffer_of_forty_and_positive_allot_still_checks_room() {
    // Round 4: n of 2-40 goes back (more is ERROR 1: tests/openrom_state.rs).
    let mut ace = boot();
    let here = word(&ace, STKBOT);
    enter(&mut ace, "5 40 ALLOT -40 ALLOT");
    assert_eq!(word(&ace, STKBOT), here);
    assert_eq!(data_stack(&ace), vec![5]);
    assert_eq!(eval(&mut ace, "30000 ALLOT"), "30000 ALLOT ERROR 1");
    assert_eq!(word(&ace, STKBOT), here, "a refused ALLOT moves nothing");
}
