//! Issue 35 item 5: the state the open ROM leaves, as the original leaves it (facts from
//! shared/spec/transcripts.md "Round 4", measured on the original ROM; copied into the
//! constants below): an unfinished `."` or `(` in a definition, negative ALLOT's limits,
//! and the system variables at rest.

mod openrom_support;

use aceemu::machine::{Ace, RamSize};
use aceemu::rom::open::open_rom;
use openrom_support::{data_stack, enter, word, STKBOT};

/// A fresh 51 K machine at the prompt (the round-4 measurements were made on one).
fn fresh() -> Ace {
    let mut ace = Ace::new(open_rom(), RamSize::K51).expect("8 KB image");
    openrom_support::wait_idle(&mut ace, 200);
    ace
}

fn here(ace: &Ace) -> u16 {
    word(ace, STKBOT)
}

#[test]
fn an_unfinished_dot_quote_leaves_its_cells_and_two_stack_items() {
    // Round 4: HERE = 0x3C5E, the runtime cell 0x1396 at 0x3C5A, the count cell at 0x3C5C,
    // the data stack (bottom first) 10, 0x3C5C, 34.
    let mut ace = fresh();
    enter(&mut ace, ": W2 .\" NO END ; W2 .S");
    assert_eq!(here(&ace), 0x3C5E, "HERE");
    assert_eq!(word(&ace, 0x3C5A), 0x1396, "the .\" runtime cell");
    assert_eq!(data_stack(&ace), vec![10, 0x3C5C, 34]);
}

#[test]
fn an_unfinished_comment_leaves_its_cells_and_two_stack_items() {
    // Round 4: HERE = 0x3C61, the ( cell 0x1379 at 0x3C5D, the count cell at 0x3C5F,
    // stack 10, 0x3C5F, 41.
    let mut ace = fresh();
    enter(&mut ace, ": Q 3 ( ; Q");
    assert_eq!(here(&ace), 0x3C61, "HERE");
    assert_eq!(word(&ace, 0x3C5D), 0x1379, "the ( runtime cell");
    assert_eq!(data_stack(&ace), vec![10, 0x3C5F, 41]);
}

/// HERE after `before ALLOT`, then HERE moved by `-n ALLOT` and the ERROR shown, if any.
fn negative_allot(before: u16, n: u16) -> (i32, bool) {
    let mut ace = fresh();
    enter(&mut ace, &format!("{before} ALLOT CLS"));
    let h0 = here(&ace);
    enter(&mut ace, &format!("-{n} ALLOT"));
    let moved = i32::from(here(&ace)) - i32::from(h0);
    let error = ace.screen_text().contains("ERROR 1");
    (moved, error)
}

#[test]
fn minus_two_to_minus_forty_allot_move_here_back() {
    // Round 4: tested 2, 3, 5, 11-14, 20, 21, 30, 40 (after 0, 200, 1000, 5000 allotted)
    for before in [0, 200, 1000, 5000] {
        for n in [2, 3, 5, 11, 12, 13, 14, 20, 21, 30, 40] {
            assert_eq!(
                negative_allot(before, n),
                (-i32::from(n), false),
                "-{n} ALLOT after {before} ALLOT"
            );
        }
    }
}

#[test]
fn minus_forty_one_allot_and_beyond_are_error_1() {
    // Round 4: tested 41-50, 60, 64, 70, 80, 90, 99, 100, 500, 999, 1000
    let ns = [
        41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 60, 64, 70, 80, 90, 99, 100, 500, 999, 1000,
    ];
    for before in [0, 200, 1000, 5000] {
        for n in ns {
            assert_eq!(
                negative_allot(before, n),
                (0, true),
                "-{n} ALLOT after {before} ALLOT"
            );
        }
    }
}

#[test]
fn minus_one_allot_moves_here_forward_twenty() {
    // Round 4: measured after 0, 1000 and 5000 bytes
    for before in [0, 1000, 5000] {
        assert_eq!(negative_allot(before, 1), (20, false), "after {before}");
    }
}

#[test]
fn keycnt_at_rest_after_power_on() {
    // Round 4: at the prompt after power-on (200 frames) 0x3C27 holds 0x30.
    let mut ace = Ace::new(open_rom(), RamSize::K51).expect("8 KB image");
    ace.run_frames(200);
    assert_eq!(ace.peek(0x3C27), 0x30, "after power-on");
}

#[test]
fn keycnt_at_rest_after_vlist() {
    // Round 4: after VLIST (typed, ENTER) 0x3C27 holds 0x03.
    let mut ace = fresh();
    enter(&mut ace, "VLIST");
    ace.run_frames(10);
    assert_eq!(ace.peek(0x3C27), 0x03, "after VLIST");
}

#[test]
fn vlist_leaves_3c00_to_3c05_alone() {
    // Round 4: 0x3C00-0x3C05 stay 0 after VLIST.
    let mut ace = fresh();
    for a in 0x3C00..0x3C06 {
        ace.poke(a, 0);
    }
    enter(&mut ace, "VLIST");
    let bytes: Vec<u8> = (0x3C00..0x3C06).map(|a| ace.peek(a)).collect();
    assert_eq!(bytes, vec![0; 6]);
}
