//! The XSB + Plus reader and writer against spec `sokoban-plus.md`: every row of the
//! decision table (section 4), the board rules (section 2), errors naming line and
//! column, and writing back what was read. Expected values are derived by hand from the spec.

use aceemu::games::sokoban::format::{parse_str, write, Diagnostic, Parsed};
use aceemu::games::sokoban::{Cell, Level, NO_NUMBER};

const BOARD: &str = "#######\n#.$@$.#\n#######\n";

fn one(text: &str) -> Level {
    let parsed = parse_str(text, "t.xsb").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(parsed.levels.len(), 1);
    parsed.levels.into_iter().next().unwrap()
}

fn errors(text: &str) -> Vec<Diagnostic> {
    parse_str(text, "t.xsb")
        .expect_err("should be refused")
        .errors
}

fn first_error(text: &str) -> Diagnostic {
    errors(text).remove(0)
}

// --- the board (section 2) ---

#[test]
fn every_board_character_means_what_the_spec_says() {
    let level = one("#########\n#@ -_.$*#\n#########\n");
    // Row 1: @ at 1, floor 2 3 4, goal 5, box 6, box on goal 7.
    let w = level.width();
    assert_eq!(level.player(), w + 1);
    for c in 2..=4 {
        assert_eq!(level.cell(w + c), Cell::Floor);
    }
    assert_eq!(level.goals(), &[w + 5, w + 7]);
    assert_eq!(level.boxes(), &[w + 6, w + 7]);
    let on_goal = one("#####\n#+$ #\n#####\n");
    assert_eq!(on_goal.goals(), &[6], "+ is the player on a goal");
}

#[test]
fn ragged_rows_crlf_and_outside_cells() {
    let level = one("  #####\r\n###   #\r\n#.$@ #\r\n######\r\n");
    assert_eq!((level.width(), level.height()), (7, 4));
    assert_eq!(level.cell(0), Cell::Outside);
    assert_eq!(
        level.cell(2 * 7 + 6),
        Cell::Outside,
        "past the end of a short row"
    );
    assert_eq!(level.cell(7 + 4), Cell::Floor);
}

#[test]
fn an_empty_row_inside_a_board_needs_a_dash_and_a_blank_line_ends_the_board() {
    let dashed = one("#####\n#@$.#\n#---#\n#####\n");
    assert_eq!(dashed.height(), 4);
    // A blank line ends the board: the first part is then open at the bottom.
    let e = first_error("#####\n#@$.#\n#   #\n\n#####\n");
    assert_eq!(
        (e.line, e.message.contains("not closed")),
        (2, true),
        "{e:?}"
    );
}

#[test]
fn board_errors_name_line_and_column() {
    let e = first_error("Title line\n#####\n#@@$.#\n#####\n");
    assert_eq!((e.line, e.column), (3, 3), "{e:?}");
    assert!(e.message.contains("second player"));
    let e = first_error("#####\n#$. #\n#####\n");
    assert!(e.message.contains("no player"), "{e:?}");
    let e = first_error("######\n#@$..#\n######\n");
    assert!(e.message.contains("1 boxes but 2 goals"), "{e:?}");
}

#[test]
fn several_levels_with_text_between_and_their_notes() {
    let text = "My pack\nby me\n\n#####\n#@$.#\n#####\nTitle: One\nAuthor: A\nDate: today\n\n\
                Some words\n#####\n#.$@#\n#####\nTitle: Two\n";
    let parsed = parse_str(text, "t.xsb").unwrap();
    assert_eq!(parsed.preamble, vec!["My pack", "by me"]);
    assert_eq!(parsed.levels.len(), 2);
    let first = &parsed.levels[0];
    assert_eq!(first.notes.title.as_deref(), Some("One"));
    assert_eq!(first.notes.author.as_deref(), Some("A"));
    assert_eq!(first.notes.other, vec!["Date: today", "Some words"]);
    assert_eq!(parsed.levels[1].notes.title.as_deref(), Some("Two"));
}

// --- the Plus lines (section 4, one test per row of the table) ---

#[test]
fn row_keyword_spelling_case_colon_and_tabs() {
    for (b, g) in [
        ("boxorder 1 2", "goalorder 1 2"),
        ("BoxOrder: 1\t2", "GOALORDER:\t1  2"),
        ("boxorder:1 2", "goalorder :1 2"),
    ] {
        let level = one(&format!("{BOARD}{b}\n{g}\n"));
        assert_eq!(level.box_numbers(), &[1, 2], "{b}");
        assert_eq!(level.goal_numbers(), &[1, 2], "{g}");
    }
}

#[test]
fn row_lines_inside_or_outside_the_comment_are_both_read() {
    let inside = one(&format!(
        "{BOARD}Comment:\nboxorder 1 2\ngoalorder 2 1\nComment-End:\n"
    ));
    let outside = one(&format!("{BOARD}Title: x\nboxorder 1 2\ngoalorder 2 1\n"));
    assert_eq!(inside.goal_numbers(), &[2, 1]);
    assert_eq!(outside.goal_numbers(), &[2, 1]);
}

#[test]
fn row_every_spelling_of_the_end_marker_closes_the_comment() {
    for end in [
        "Comment-End:",
        "Comment End:",
        "comment_end:",
        "COMMENT-END:",
    ] {
        let level = one(&format!("{BOARD}Comment:\nhello\n{end}\nafter\n"));
        assert_eq!(level.notes.comment, vec!["hello"], "{end}");
        assert_eq!(level.notes.other, vec!["after"], "{end}");
    }
}

#[test]
fn row_a_comment_never_closed_runs_to_the_next_board() {
    let text = format!("{BOARD}Comment:\nstill comment\nTitle: not a title\n\n{BOARD}");
    let parsed = parse_str(&text, "t.xsb").unwrap();
    assert_eq!(parsed.levels.len(), 2);
    assert_eq!(
        parsed.levels[0].notes.comment,
        vec!["still comment", "Title: not a title"]
    );
    assert_eq!(parsed.levels[0].notes.title, None);
}

#[test]
fn row_only_one_of_the_two_lines_is_an_error() {
    let e = first_error(&format!("{BOARD}boxorder 1 2\n"));
    assert_eq!((e.line, e.column), (4, 1));
    assert!(e.message.contains("only one"), "{e:?}");
    let e = first_error(&format!("{BOARD}Title: t\ngoalorder 1 2\n"));
    assert_eq!(e.line, 5);
}

#[test]
fn row_more_numbers_than_boxes_or_goals_is_an_error_at_the_first_extra() {
    let e = first_error(&format!("{BOARD}boxorder 1 2 3\ngoalorder 1 2\n"));
    assert_eq!((e.line, e.column), (4, 14), "{e:?}");
    assert!(e.message.contains("3 numbers but the board has 2 boxes"));
    let e = first_error(&format!("{BOARD}boxorder 1 2\ngoalorder 1 2 99\n"));
    assert_eq!((e.line, e.column), (5, 15), "{e:?}");
}

#[test]
fn row_fewer_numbers_are_padded_with_99() {
    let board = "#########\n#.$ @ $.#\n#.$   $.#\n#########\n";
    let short = one(&format!("{board}boxorder 2\ngoalorder 99 99 99 2\n"));
    let long = one(&format!(
        "{board}boxorder 2 99 99 99\ngoalorder 99 99 99 2\n"
    ));
    assert_eq!(short.box_numbers(), &[2, NO_NUMBER, NO_NUMBER, NO_NUMBER]);
    assert_eq!(short.box_numbers(), long.box_numbers());
    assert_eq!(short.goal_numbers(), long.goal_numbers());
}

#[test]
fn row_zero_negative_too_big_and_non_integers_are_errors_with_the_value() {
    for (bad, column, shown) in [
        ("0", 12, "number 0"),
        ("-3", 12, "number -3"),
        ("100", 12, "number 100"),
        ("1.5", 12, "\"1.5\""),
        ("x", 12, "\"x\""),
    ] {
        let e = first_error(&format!("{BOARD}boxorder 1 {bad}\ngoalorder 1 2\n"));
        assert_eq!((e.line, e.column), (4, column), "{bad}: {e:?}");
        assert!(e.message.contains(shown), "{bad}: {}", e.message);
    }
}

#[test]
fn row_a_number_with_more_boxes_than_goals_is_an_error() {
    let e = first_error(&format!("{BOARD}boxorder 1 1\ngoalorder 1 2\n"));
    assert!(e.message.contains("unsolvable by construction"), "{e:?}");
    assert_eq!(e.line, 4);
}

#[test]
fn row_the_same_line_twice_is_an_error() {
    let e = first_error(&format!(
        "{BOARD}boxorder 1 2\ngoalorder 1 2\nboxorder 1 2\n"
    ));
    assert_eq!((e.line, e.column), (6, 1));
    assert!(e.message.contains("second boxorder"), "{e:?}");
}

#[test]
fn row_numbers_wrapped_over_lines_are_not_read_as_numbers() {
    let board = "#########\n#.$ @ $.#\n#.$   $.#\n#########\n";
    let level = one(&format!("{board}boxorder 1 2\n3 4\ngoalorder 1 2\n"));
    assert_eq!(level.box_numbers(), &[1, 2, NO_NUMBER, NO_NUMBER]);
    assert_eq!(level.notes.other, vec!["3 4"]);
}

#[test]
fn row_the_lines_belong_to_the_board_above_them() {
    let text = format!("{BOARD}\n{BOARD}boxorder 1 2\ngoalorder 2 1\n");
    let parsed = parse_str(&text, "t.xsb").unwrap();
    assert!(!parsed.levels[0].has_numbers());
    assert_eq!(parsed.levels[1].goal_numbers(), &[2, 1]);
    let e = first_error(&format!("boxorder 1\n{BOARD}"));
    assert_eq!((e.line, e.column), (1, 1));
}

#[test]
fn row_box_on_goal_and_player_on_goal_take_numbers_in_reading_order() {
    // Boxes: * at col 1, $ at col 3, then row 2. Goals: * at col 1, + at col 2, . at col 4.
    let level = one("#######\n#*+$ .#\n#.$ $ #\n#######\nboxorder 5 6 7\ngoalorder 5 7 6 99\n");
    let w = level.width();
    assert_eq!(level.boxes(), &[w + 1, w + 3, 2 * w + 2, 2 * w + 4]);
    assert_eq!(level.goals(), &[w + 1, w + 2, w + 5, 2 * w + 1]);
    assert_eq!(level.box_numbers(), &[5, 6, 7, NO_NUMBER]);
    assert_eq!(level.goal_numbers(), &[5, 7, 6, NO_NUMBER]);
}

#[test]
fn row_more_than_98_numbered_boxes_is_refused() {
    // 99 boxes each with number 1 and 99 goals with number 1.
    let mut rows = vec!["#".repeat(101)];
    rows.push(format!("#@{}#", "$".repeat(99)));
    rows.push(format!("# {}#", ".".repeat(99)));
    rows.push("#".repeat(101));
    let ones = vec!["1"; 99].join(" ");
    let text = format!("{}\nboxorder {ones}\ngoalorder {ones}\n", rows.join("\n"));
    let e = first_error(&text);
    assert!(e.message.contains("more than 98"), "{e:?}");
}

// --- writing ---

fn round_trip(text: &str) -> Parsed {
    let parsed = parse_str(text, "t.xsb").unwrap();
    let written = write(&parsed);
    let again = parse_str(&written, "written.xsb").unwrap_or_else(|e| panic!("{e}\n{written}"));
    assert_eq!(again, parsed, "{written}");
    assert_eq!(write(&again), written, "writing is stable");
    parsed
}

#[test]
fn writing_gives_back_what_was_read_with_plus_lines_inside_the_comment() {
    let text = "Pack intro\n\n  #####\n###.  #\n#@$ $.#\n####  #\n   ####\nTitle: T\nAuthor: Me\n\
                Date: x\nboxorder 1\ngoalorder 99 1\nComment: first\nsecond\nComment End:\n";
    let parsed = round_trip(text);
    let written = write(&parsed);
    let comment_at = written.find("Comment:").unwrap();
    let box_at = written.find("boxorder 1\n").unwrap();
    let goal_at = written.find("goalorder 99 1\n").unwrap();
    let end_at = written.find("Comment-End:").unwrap();
    assert!(
        comment_at < box_at && box_at < goal_at && goal_at < end_at,
        "{written}"
    );
    assert!(
        written.starts_with("Pack intro\n\n  #####\n###.  #\n"),
        "{written}"
    );
}

#[test]
fn writing_plain_levels_adds_no_plus_lines() {
    let parsed = round_trip("#####\n#@$.#\n#####\n");
    assert_eq!(write(&parsed), "#####\n#@$.#\n#####\n");
}

#[test]
fn a_line_with_other_text_where_a_plus_keyword_would_end_is_not_a_panic() {
    // Found by the fuzzer: "goalo" then a character of several bytes, so the cut at the
    // keyword's length fell inside that character. Such a line is comment text.
    let text = format!("goalo\u{FFFD}\u{FFFD}rder\n{BOARD}boxorder 1 2\ngoalorder 2 1\n");
    let level = one(&text);
    assert_eq!(level.box_numbers(), &[1, 2]);
    assert_eq!(level.goal_numbers(), &[2, 1]);
}

#[test]
fn trailing_floor_characters_do_not_widen_the_board() {
    // Found by the fuzzer: a row ending in a space read 8 cells wide, and wrote back 7.
    let plain = one("######\n#  @.#\n# #$ #\n#   ###\n####\n");
    for padded in [
        "######\n#  @.#\n# #$ #\n#   ### \n####\n",
        "######--\n#  @.#\n# #$ #__\n#   ###\n####   \n",
    ] {
        let level = one(padded);
        assert_eq!(level, plain, "{padded:?}");
        assert_eq!(one(&write_level_text(&level)), plain);
    }
}

fn write_level_text(level: &Level) -> String {
    aceemu::games::sokoban::format::write_level(level)
}
