//! The .mzm reader and writer (spec sections 6 and 7): valid files, each validity rule
//! broken once, and each edge case the spec decides. Expected values are derived by hand
//! from the spec's text.

mod common;

use aceemu::games::mazezam::format::{parse_bytes, parse_str, write, Code, Parsed};
use aceemu::games::mazezam::Level;
use common::cli::scratch_dir;
use proptest::prelude::*;

fn ok(text: &str) -> Parsed {
    parse_str(text, "t.mzm").unwrap_or_else(|e| panic!("{e}"))
}

/// The error codes, with (line, column), of a file that must fail.
fn errors(text: &str) -> Vec<(Code, usize, Option<usize>)> {
    errors_bytes(text.as_bytes())
}

fn errors_bytes(bytes: &[u8]) -> Vec<(Code, usize, Option<usize>)> {
    match parse_bytes(bytes, "t.mzm") {
        Ok(p) => panic!("parsed {} levels, expected errors", p.levels.len()),
        Err(e) => e.0.iter().map(|d| (d.code, d.line, d.column)).collect(),
    }
}

fn warning_codes(p: &Parsed) -> Vec<Code> {
    p.warnings.iter().map(|d| d.code).collect()
}

const FIRST_SHOVE: &str = "#######\n#$  $ #\n+  $ $*\n#######\n";

// ---- valid files ----

#[test]
fn a_plain_mazezam_is_read_cell_by_cell() {
    let p = ok(FIRST_SHOVE);
    assert!(p.warnings.is_empty());
    let level = &p.levels[0];
    assert_eq!((level.width(), level.height()), (5, 2));
    assert_eq!((level.entrance_row(), level.exit_row()), (1, 1));
    let cells: Vec<bool> = "$  $   $ $".chars().map(|c| c == '$').collect();
    assert_eq!(level.cells(), &cells[..]);
    assert_eq!(p.first_lines, [1]);
}

#[test]
fn the_smallest_mazezam_and_gaps_on_the_same_row_are_valid() {
    let p = ok("###\n+ *\n###\n");
    assert_eq!((p.levels[0].width(), p.levels[0].height()), (1, 1));
}

#[test]
fn empty_rows_and_full_rows_are_valid() {
    let p = ok("######\n+    #\n#$$$$#\n#    *\n######\n");
    assert_eq!(p.levels[0].row(1), [true; 4]);
}

#[test]
fn blank_lines_and_comments_separate_mazezams() {
    let p = ok("; a comment\n###\n+ *\n###\n\n\n; another\n####\n+  *\n####\n");
    assert_eq!(p.levels.len(), 2);
    assert_eq!(p.first_lines, [2, 8]);
}

#[test]
fn a_file_without_mazezams_is_not_an_error() {
    assert!(ok("").levels.is_empty());
    assert!(ok(";;Title: nothing follows\n; just comments\n")
        .levels
        .is_empty());
}

#[test]
fn metadata_is_sticky_until_the_key_appears_again_and_an_empty_value_clears_it() {
    let text = ";;Title: One\n;;Author: Someone\n###\n+ *\n###\n\n###\n+ *\n###\n\n;;Title: Three\n;;Author:\n###\n+ *\n###\n";
    let p = ok(text);
    let titles: Vec<_> = p.levels.iter().map(|l| l.meta.title.clone()).collect();
    let authors: Vec<_> = p.levels.iter().map(|l| l.meta.author.clone()).collect();
    assert_eq!(
        titles,
        [Some("One".into()), Some("One".into()), Some("Three".into())]
    );
    assert_eq!(
        authors,
        [Some("Someone".into()), Some("Someone".into()), None]
    );
}

#[test]
fn metadata_describes_the_mazezams_after_it_never_one_above() {
    let p = ok("###\n+ *\n###\n;;Title: Later\n\n###\n+ *\n###\n;;Title: After the last\n");
    assert_eq!(p.levels[0].meta.title, None);
    assert_eq!(p.levels[1].meta.title.as_deref(), Some("Later"));
}

#[test]
fn keys_are_case_insensitive_and_spaces_around_key_and_value_are_trimmed() {
    let p = ok(";;  tItLe  :   Spaced out  \n;;COMMENT:x\n;;version:1.0\n###\n+ *\n###\n");
    assert_eq!(p.levels[0].meta.title.as_deref(), Some("Spaced out"));
    assert_eq!(p.levels[0].meta.comment.as_deref(), Some("x"));
}

#[test]
fn unknown_keys_are_kept_for_the_next_mazezam_only() {
    let p = ok(";;Solution(Moves): rr\n###\n+ *\n###\n\n###\n+ *\n###\n");
    assert_eq!(p.levels[0].meta.extra("solution(moves)"), Some("rr"));
    assert!(p.levels[1].meta.extra.is_empty());
}

#[test]
fn comment_lines_without_a_colon_or_with_three_semicolons_are_plain_or_unknown() {
    let p = ok(";;no colon here\n;;;Title: x\n###\n+ *\n###\n");
    let meta = &p.levels[0].meta;
    assert_eq!(meta.title, None);
    assert_eq!(meta.extra, [(";Title".to_string(), "x".to_string())]);
}

#[test]
fn titles_of_exactly_28_characters_are_allowed() {
    let title = "x".repeat(28);
    let p = ok(&format!(";;Title: {title}\n###\n+ *\n###\n"));
    assert_eq!(p.levels[0].meta.title.as_deref(), Some(&title[..]));
}

#[test]
fn comments_are_utf8_or_else_latin1() {
    let p = ok(";;Author: Zoë\n###\n+ *\n###\n");
    assert_eq!(p.levels[0].meta.author.as_deref(), Some("Zoë"));
    let p = parse_bytes(b";;Author: Zo\xEB\n###\n+ *\n###\n", "t").unwrap();
    assert_eq!(p.levels[0].meta.author.as_deref(), Some("Zoë"));
}

// ---- edge cases with warnings ----

#[test]
fn crlf_line_ends_are_accepted_with_one_warning() {
    let p = ok("###\r\n+ *\r\n###\r\n");
    assert_eq!(p.levels.len(), 1);
    assert_eq!(warning_codes(&p), [Code::Crlf]);
}

#[test]
fn a_carriage_return_elsewhere_is_an_error() {
    assert_eq!(
        errors("###\n+ \r*\n###\n"),
        [(Code::CarriageReturn, 2, Some(3))]
    );
}

#[test]
fn a_byte_order_mark_is_ignored_with_a_warning() {
    let p = parse_bytes(b"\xEF\xBB\xBF###\n+ *\n###\n", "t").unwrap();
    assert_eq!(p.levels.len(), 1);
    assert_eq!(warning_codes(&p), [Code::Bom]);
}

#[test]
fn trailing_spaces_and_tabs_after_the_wall_are_accepted_with_warnings() {
    let p = ok("###  \n+ *\t\n### \t\n");
    assert_eq!(p.levels.len(), 1);
    assert_eq!(warning_codes(&p), [Code::TrailingWhitespace; 3]);
    assert_eq!(p.warnings[1].line, 2);
    assert_eq!(p.warnings[1].column, Some(4));
}

#[test]
fn a_line_of_only_spaces_and_tabs_is_a_blank_line_with_a_warning() {
    let p = ok("###\n+ *\n###\n \t \n###\n+ *\n###\n");
    assert_eq!(p.levels.len(), 2);
    assert_eq!(warning_codes(&p), [Code::WhitespaceLine]);
}

#[test]
fn a_file_without_a_final_newline_is_read() {
    assert_eq!(ok("###\n+ *\n###").levels.len(), 1);
}

// ---- line errors ----

#[test]
fn a_tab_inside_a_row_is_an_error() {
    assert_eq!(errors("####\n+\t *\n####\n"), [(Code::Tab, 2, Some(2))]);
}

#[test]
fn leading_spaces_before_the_left_wall_are_an_error() {
    assert_eq!(
        errors("  ###\n  + *\n  ###\n"),
        [
            (Code::Leading, 1, Some(1)),
            (Code::Leading, 2, Some(1)),
            (Code::Leading, 3, Some(1))
        ]
    );
}

#[test]
fn a_line_that_is_no_row_blank_or_comment_is_an_error() {
    assert_eq!(
        errors("Title: x\n###\n+ *\n###\n"),
        [(Code::NotRow, 1, Some(1))]
    );
}

#[test]
fn a_character_outside_the_row_set_is_named_with_line_and_column() {
    assert_eq!(errors("#####\n+ . *\n#####\n"), [(Code::Char, 2, Some(3))]);
    assert_eq!(
        errors("#####\n+ \u{e9} *\n######\n"),
        [(Code::Char, 2, Some(3)), (Code::Char, 2, Some(4))]
    );
}

// ---- each validity rule broken once ----

#[test]
fn r1_fewer_than_three_lines() {
    assert_eq!(errors("###\n+ *\n"), [(Code::Shape, 1, None)]);
}

#[test]
fn r1_no_interior_column() {
    assert_eq!(errors("##\n+*\n##\n"), [(Code::Shape, 1, None)]);
}

#[test]
fn r1_ragged_rows_are_never_padded() {
    assert_eq!(errors("#####\n+  *\n#####\n"), [(Code::Ragged, 2, Some(5))]);
}

#[test]
fn r1_a_block_or_space_where_the_wall_should_be() {
    assert_eq!(errors("#$#\n+ *\n###\n"), [(Code::Wall, 1, Some(2))]);
    assert_eq!(
        errors("####\n+  *\n$  #\n####\n"),
        [(Code::Wall, 3, Some(1))]
    );
    assert_eq!(
        errors("####\n+  *\n#  $\n####\n"),
        [(Code::Wall, 3, Some(4))]
    );
    assert_eq!(errors("####\n+  *\n#\n####\n")[0].0, Code::Ragged);
}

#[test]
fn r2_a_wall_inside() {
    assert_eq!(
        errors("#####\n+ # *\n#####\n"),
        [(Code::InnerWall, 2, Some(3))]
    );
}

#[test]
fn r3_no_entrance() {
    assert_eq!(errors("###\n# *\n###\n"), [(Code::NoEntrance, 1, None)]);
}

#[test]
fn r3_two_entrances() {
    assert_eq!(
        errors("###\n+ *\n+ #\n###\n"),
        [(Code::ManyEntrances, 3, Some(1))]
    );
}

#[test]
fn r3_entrance_in_the_wrong_place() {
    // Right wall, inside, top wall, corner.
    assert_eq!(
        errors("###\n* +\n###\n"),
        [
            (Code::ExitPlace, 2, Some(1)),
            (Code::EntrancePlace, 2, Some(3))
        ]
    );
    assert_eq!(
        errors("####\n#+ *\n####\n"),
        [(Code::EntrancePlace, 2, Some(2))]
    );
    assert_eq!(
        errors("#+#\n# *\n###\n"),
        [(Code::EntrancePlace, 1, Some(2))]
    );
    assert_eq!(
        errors("+##\n# *\n###\n"),
        [(Code::EntrancePlace, 1, Some(1))]
    );
}

#[test]
fn r4_a_block_right_of_the_entrance() {
    assert_eq!(
        errors("####\n+$ *\n####\n"),
        [(Code::EntranceBlocked, 2, Some(2))]
    );
}

#[test]
fn r5_no_exit() {
    assert_eq!(errors("###\n+ #\n###\n"), [(Code::NoExit, 1, None)]);
}

#[test]
fn r5_two_exits() {
    assert_eq!(
        errors("###\n+ *\n# *\n###\n"),
        [(Code::ManyExits, 3, Some(3))]
    );
}

#[test]
fn r5_exit_in_the_wrong_place() {
    assert_eq!(
        errors("####\n+ **\n####\n"),
        [(Code::ExitPlace, 2, Some(3))]
    );
    assert_eq!(errors("###\n+ #\n##*\n"), [(Code::ExitPlace, 3, Some(3))]);
}

// ---- splitting, sizes, metadata errors ----

#[test]
fn a_comment_or_blank_line_between_rows_splits_the_drawing_and_both_parts_fail() {
    let e = errors("#####\n+   *\n; oops\n#   #\n#####\n");
    assert_eq!(e, [(Code::Shape, 1, None), (Code::Shape, 4, None)]);
    let e = errors("#####\n+   *\n\n#   #\n#####\n");
    assert_eq!(e, [(Code::Shape, 1, None), (Code::Shape, 4, None)]);
}

#[test]
fn errors_in_several_mazezams_are_all_reported() {
    let e = errors("####\n+$ *\n####\n\n###\n+ #\n###\n\n###\n+ *\n###\n");
    assert_eq!(
        e,
        [(Code::EntranceBlocked, 2, Some(2)), (Code::NoExit, 5, None)]
    );
}

#[test]
fn interiors_wider_or_taller_than_255_are_refused() {
    let wide = format!("{0}\n+{1}*\n{0}\n", "#".repeat(258), " ".repeat(256));
    assert_eq!(errors(&wide), [(Code::TooLarge, 1, None)]);
    let ok_wide = format!("{0}\n+{1}*\n{0}\n", "#".repeat(257), " ".repeat(255));
    assert_eq!(ok(&ok_wide).levels[0].width(), 255);
}

#[test]
fn titles_longer_than_28_characters_are_an_error() {
    let text = format!(";;Title: {}\n###\n+ *\n###\n", "y".repeat(29));
    assert_eq!(errors(&text), [(Code::TitleLong, 1, Some(10))]);
}

#[test]
fn only_format_version_1_is_accepted() {
    assert_eq!(
        errors(";;Version: 2\n###\n+ *\n###\n"),
        [(Code::Version, 1, Some(12))]
    );
    ok(";;Version: 1\n###\n+ *\n###\n");
}

#[test]
fn messages_name_the_file_the_line_and_the_column() {
    let err = parse_str("#####\n+ . *\n#####\n", "levels/x.mzm").unwrap_err();
    let text = err.to_string();
    assert!(
        text.starts_with("levels/x.mzm:2:3: error [CHAR]:"),
        "{text}"
    );
}

#[test]
fn a_missing_file_is_an_error_naming_it() {
    let err =
        aceemu::games::mazezam::format::parse_file(std::path::Path::new("/nonexistent/dir/x.mzm"))
            .unwrap_err();
    assert_eq!(err.codes(), [Code::Io]);
    assert!(err
        .to_string()
        .starts_with("/nonexistent/dir/x.mzm: error [IO]"));
}

/// A file that never ends (a pipe whose writer never closes, like a device) is refused
/// at once, as every input that is not a regular file is, instead of being read for ever.
/// Without the check the parse blocks in the read; the channel timeout turns that hang
/// into a failure.
#[cfg(unix)]
#[test]
fn an_endless_pipe_is_refused_as_not_a_regular_file() {
    use aceemu::games::mazezam::format::{parse_file, MAX_FILE_BYTES};
    use std::io::Write;
    use std::sync::mpsc;
    use std::time::Duration;
    let dir = scratch_dir("fifo");
    let fifo = dir.join("endless.mzm");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("mkfifo not available: test skipped");
        return;
    }
    // The writer keeps the pipe open (so a reader never sees its end) until the test ends.
    let (stop_tx, stop_rx) = mpsc::channel::<()>();
    let writer_path = fifo.clone();
    std::thread::spawn(move || {
        let mut w = std::fs::OpenOptions::new()
            .write(true)
            .open(&writer_path)
            .unwrap();
        let chunk = vec![b'\n'; 1 << 16];
        for _ in 0..=(MAX_FILE_BYTES >> 16) {
            if w.write_all(&chunk).is_err() {
                break; // the reader has gone
            }
        }
        let _ = stop_rx.recv();
    });
    let (tx, rx) = mpsc::channel();
    let reader_path = fifo.clone();
    std::thread::spawn(move || {
        let _ = tx.send(parse_file(&reader_path).map_err(|e| (e.codes(), e.to_string())));
    });
    let result = rx
        .recv_timeout(Duration::from_secs(60))
        .expect("parse_file of an endless pipe still reading after 60 s");
    drop(stop_tx);
    let (codes, text) = result.unwrap_err();
    assert_eq!(codes, [Code::Io]);
    assert!(
        text.starts_with(&format!(
            "{}: error [IO]: cannot read: it is not a regular file",
            fifo.display()
        )),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// One long line of bad characters used to give an error per character (a 16 MB line: 16
/// million errors, 5.5 GB, as many lines of output), and many bad lines made the reader
/// quadratic (100,000 lines: 24 s in a dev build). Now the first MAX_SHOWN errors are kept
/// and one more diagnostic counts the rest.
#[test]
fn errors_past_the_cap_are_counted_not_kept() {
    use aceemu::games::mazezam::format::MAX_SHOWN;
    let long_line = format!("#{}\n", "x".repeat(1_000_000));
    let found = errors(&long_line);
    assert_eq!(found.len(), MAX_SHOWN + 1);
    assert_eq!(found[0], (Code::Char, 1, Some(2)));
    assert_eq!(found[MAX_SHOWN - 1], (Code::Char, 1, Some(MAX_SHOWN + 1)));
    assert_eq!(found[MAX_SHOWN], (Code::MoreErrors, 0, None));
    let err = parse_str(&long_line, "t.mzm").unwrap_err().to_string();
    assert!(
        err.ends_with(&format!(
            "t.mzm: error [MORE_ERRORS]: {} more errors not shown (only the first {MAX_SHOWN} are)",
            1_000_000 - MAX_SHOWN
        )),
        "{}",
        &err[err.len() - 200..]
    );
    // Many bad lines, and many warnings in an otherwise valid file.
    let found = errors(&"#x\n".repeat(50_000));
    assert_eq!(found.len(), MAX_SHOWN + 1);
    assert_eq!(found[MAX_SHOWN - 1], (Code::Char, MAX_SHOWN, Some(2)));
    let trailing = "### \n+ * \n### \n\n".repeat(100);
    let p = ok(&trailing);
    assert_eq!(p.levels.len(), 100);
    assert_eq!(p.warnings.len(), MAX_SHOWN + 1);
    assert_eq!(p.warnings[MAX_SHOWN].code, Code::MoreWarnings);
    assert!(p.warnings[MAX_SHOWN]
        .to_string()
        .contains("200 more warnings"));
}

// ---- writing ----

#[test]
fn writing_uses_lf_no_trailing_spaces_and_one_version_line() {
    let p = ok(";;Title: A\r\n###  \r\n+ *\r\n###\r\n\r\n###\r\n+ *\r\n###\r\n");
    let text = write(&p.levels);
    assert!(!text.contains('\r'));
    assert!(text.lines().all(|l| !l.ends_with(' ')));
    assert_eq!(text.matches(";;Version").count(), 1);
    assert_eq!(text.matches(";;Title").count(), 1);
}

fn arb_text() -> impl Strategy<Value = Option<String>> {
    prop::option::of("[A-Za-z0-9 éü!?.-]{1,28}".prop_map(|s| s.trim().to_string()))
        .prop_map(|o| o.filter(|s| !s.is_empty()))
}

fn arb_level() -> impl Strategy<Value = Level> {
    (1usize..8, 1usize..6)
        .prop_flat_map(|(w, h)| {
            (
                Just((w, h)),
                0..h,
                0..h,
                prop::collection::vec(any::<bool>(), w * h),
                arb_text(),
                arb_text(),
                arb_text(),
                prop::option::of("[a-z]{1,5}"),
            )
        })
        .prop_map(|((w, h), e, x, mut cells, title, author, comment, extra)| {
            cells[e * w] = false;
            let mut level = Level::new(w, h, e, x, cells).unwrap();
            level.meta.title = title;
            level.meta.author = author;
            level.meta.comment = comment;
            if let Some(v) = extra {
                level.meta.extra.push(("Solution(Moves)".into(), v));
            }
            level
        })
}

proptest! {
    #[test]
    fn written_files_read_back_as_the_same_levels(levels in prop::collection::vec(arb_level(), 0..6)) {
        let text = write(&levels);
        let back = parse_str(&text, "roundtrip").unwrap();
        prop_assert!(back.warnings.is_empty());
        prop_assert_eq!(back.levels, levels);
    }
}

/// Lines made of the characters that matter, plus a few bytes that must not.
fn arb_messy_file() -> impl Strategy<Value = Vec<u8>> {
    let byte = prop::sample::select(vec![
        b'#', b'#', b'#', b' ', b' ', b'$', b'+', b'*', b';', b':', b'\n', b'\n', b'\r', b'\t',
        b'T', 0xEF, 0xBB, 0xBF, 0xE9, 0x00,
    ]);
    prop::collection::vec(byte, 0..200)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Any bytes: no panic; errors name this file and a line inside it; a file that
    /// reads writes back to the same levels.
    #[test]
    fn messy_files_never_panic_and_what_reads_round_trips(bytes in arb_messy_file()) {
        let lines = bytes.split(|&b| b == b'\n').count();
        match parse_bytes(&bytes, "messy.mzm") {
            Ok(parsed) => {
                let again = parse_str(&write(&parsed.levels), "again").unwrap();
                prop_assert_eq!(again.levels, parsed.levels);
            }
            Err(errors) => {
                prop_assert!(!errors.0.is_empty());
                for d in &errors.0 {
                    prop_assert_eq!(&d.file, "messy.mzm");
                    prop_assert!(d.line >= 1 && d.line <= lines, "{}", d);
                }
            }
        }
    }
}
