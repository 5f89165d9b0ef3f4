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
