//! The reader reports every problem of a description with its line and column.

mod cabbage_support;

use aceemu::games::cabbage::{read, Severity};
use cabbage_support::{file, rule};

/// The errors of a file as (line, column).
fn errors(text: &str) -> Vec<(usize, usize)> {
    let r = read(text.as_bytes());
    assert!(r.description.is_none() || r.errors().next().is_none());
    r.errors().map(|d| (d.line, d.column)).collect()
}

fn good() -> String {
    file(
        &[rule("****@.***", "****.@***", 'x')],
        &[],
        &["#####", "#@..#", "#####"],
    )
}

#[test]
fn a_good_file_reads_with_no_diagnostics() {
    let r = read(good().as_bytes());
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    let d = r.description.unwrap();
    assert_eq!(
        (d.stride, d.lines, d.list_a.len(), d.list_b.len()),
        (6, 3, 1, 0)
    );
    assert_eq!(d.map, b"#####\n#@..#\n#####\n");
    assert_eq!(d.map_line, 5);
}

#[test]
fn rule_lines_of_the_wrong_length() {
    let text = "@****.***.****@***\n@****.***.****@***xx\n\n\n6 3\n#####\n#@..#\n#####\n";
    assert_eq!(errors(text), [(1, 19), (2, 20)]);
}

#[test]
fn a_map_line_of_the_wrong_length() {
    let text = good().replace("#@..#", "#@...#");
    assert_eq!(errors(&text), [(6, 6)]);
    let text = good().replace("#@..#", "#@.#");
    assert_eq!(errors(&text), [(6, 5)]);
}

#[test]
fn missing_blank_lines() {
    let text = rule("****@.***", "****.@***", 'x') + "\n";
    assert_eq!(errors(&text), [(2, 1)]);
    let text = rule("****@.***", "****.@***", 'x') + "\n\n6 3\n#####\n";
    let r = read(text.as_bytes());
    assert!(r.description.is_none());
    // "6 3" comes where list B goes on: one error there, not one per map line after it.
    let e: Vec<_> = r.errors().map(|d| (d.line, d.column)).collect();
    assert_eq!(e, [(3, 1)]);
}

/// The first message of a file names the empty line that is missing, and no other error
/// follows from it.
fn first_error(text: &str) -> String {
    let r = read(text.as_bytes());
    assert!(r.description.is_none());
    assert_eq!(r.error_count, 1, "{:?}", r.diagnostics);
    let first = r.errors().next().unwrap().to_string();
    first
}

#[test]
fn a_missing_empty_line_between_the_rule_lists_is_named_first() {
    let a = rule("****@.***", "****.@***", 'x');
    let b = rule("****.@***", "****@.***", 'z');
    let map = "6 3\n#####\n#@..#\n#####\n";
    // List A, list B with no empty line between them: both read as list A, and `6 3`
    // comes where list B should start.
    let text = format!("{a}\n{b}\n\n{map}");
    let e = first_error(&text);
    assert!(e.starts_with("4:1: error: `6 3` is the `X Y` line"), "{e}");
    assert!(e.contains("between list A and list B is missing"), "{e}");
    // The empty line after list B missing instead.
    let e = first_error(&format!("{a}\n\n{b}\n{map}"));
    assert!(
        e.starts_with("4:1: error:") && e.contains("between list B and `X Y`"),
        "{e}"
    );
    // Neither.
    let e = first_error(&format!("{a}\n{b}\n{map}"));
    assert!(
        e.starts_with("3:1: error:") && e.contains("both empty lines"),
        "{e}"
    );
}

#[test]
fn errors_stop_being_listed_after_the_first_hundred() {
    use aceemu::games::cabbage::MAX_SHOWN;
    // 250 bytes above 0x7F on one map line (and that line too long): 251 errors.
    let bad = "\u{80}".repeat(125);
    let text = good().replace("#@..#", &format!("#@..#{bad}"));
    let r = read(text.as_bytes());
    assert_eq!(r.error_count, 251);
    assert_eq!(r.diagnostics.len(), MAX_SHOWN + 1);
    let last = r.diagnostics.last().unwrap().to_string();
    assert_eq!(
        last,
        "6:106: error: 151 more errors from here on not shown (only the first 100 are)"
    );
}

#[test]
fn x_and_y_that_do_not_match_the_map() {
    // Y too large: the map ends early (a warning, see below); the file ends before
    // the map: an error.
    let text = good().replace("6 3", "6 4");
    assert_eq!(errors(&text), []);
    let end = text.find("#####").unwrap();
    assert_eq!(errors(&text[..end]), [(5, 1)]);
    // Y too small: a line is left over.
    let text = good().replace("6 3", "6 2");
    assert_eq!(errors(&text), [(7, 1)]);
    // X too large: every map line is short.
    let text = good().replace("6 3", "7 3");
    assert_eq!(errors(&text), [(5, 6), (6, 6), (7, 6)]);
    // Not two numbers.
    assert_eq!(errors(&good().replace("6 3", "6")), [(4, 2)]);
    assert_eq!(errors(&good().replace("6 3", "6 x3")), [(4, 3)]);
    assert_eq!(errors(&good().replace("6 3", "6 3 1")), [(4, 5)]);
    assert_eq!(errors(&good().replace("6 3", "1 3")), [(4, 1)]);
}

#[test]
fn a_wildcard_centre_is_an_error() {
    let text = good().replace("@****.***.****@***x", "*****.***.****@***x");
    assert_eq!(errors(&text), [(1, 1)]);
}

#[test]
fn cr_before_lf_is_an_error_on_every_line() {
    let text = good().replace('\n', "\r\n");
    let r = read(text.as_bytes());
    assert!(r.description.is_none());
    let crs: Vec<_> = r
        .errors()
        .filter(|d| d.message.starts_with("CR"))
        .map(|d| (d.line, d.column))
        .collect();
    assert_eq!(
        crs,
        [(1, 20), (2, 1), (3, 1), (4, 4), (5, 6), (6, 6), (7, 6)]
    );
}

#[test]
fn a_map_starting_with_white_space_is_an_error() {
    let text = good().replace("#####\n#@..#", " ####\n#@..#");
    assert_eq!(errors(&text), [(5, 1)]);
}

#[test]
fn bytes_above_0x7f_and_a_missing_final_newline() {
    let text = good().replace("#@..#", "#@.\u{e9}#");
    // é is two bytes in UTF-8: both reported, and the line is one byte too long.
    assert_eq!(errors(&text), [(6, 4), (6, 5), (6, 6)]);
    let text = good();
    assert_eq!(errors(text.trim_end_matches('\n')), [(7, 6)]);
}

#[test]
fn a_star_tile_is_only_a_warning() {
    let text = good().replace("#@..#", "#@.*#");
    let r = read(text.as_bytes());
    assert!(r.description.is_some());
    assert_eq!(r.diagnostics.len(), 1);
    assert_eq!(r.diagnostics[0].severity, Severity::Warning);
    assert_eq!((r.diagnostics[0].line, r.diagnostics[0].column), (6, 4));
}

/// The original reads the map with one read of X * Y bytes: a file whose map is a line
/// short plays with that line as NUL bytes (one of the original's own files is such a
/// file). The same shape here: Y = 4, three lines given.
#[test]
fn a_map_a_line_short_reads_the_last_line_as_nul_bytes() {
    let text = good().replace("6 3", "6 4");
    let r = read(text.as_bytes());
    let d = r.description.expect("accepted, as the original runs it");
    assert_eq!(d.lines, 4);
    assert_eq!(d.map, b"#####\n#@..#\n#####\n\0\0\0\0\0\0");
    assert_eq!(r.diagnostics.len(), 1);
    let w = r.diagnostics[0].to_string();
    assert!(
        w.starts_with("8:1: warning: the map has 3 lines; Y = 4: map line 4 read as NUL bytes"),
        "{w}"
    );
    // Two lines short: both named.
    let r = read(good().replace("6 3", "6 5").as_bytes());
    assert!(r.description.is_some());
    assert!(
        r.diagnostics[0].message.contains("map lines 4-5"),
        "{:?}",
        r.diagnostics
    );
    // The engine plays it: the player's list A rule zips it right along line 2 (pass A
    // meets it again at each new place), as in the full map.
    let mut engine = aceemu::games::cabbage::Engine::new(&d);
    engine.step(Some(b'x'));
    assert_eq!(engine.text(), "#####\n#..@#\n#####\n\0\0\0\0\0\n");
}

/// The extension `end C` after the map (which the original never reads) names the tile
/// that finishes the game; anything else after the map stays an error.
#[test]
fn an_end_line_after_the_map_names_the_end_tile() {
    let with = |trailer: &str| format!("{}{trailer}", good());
    let r = read(with("\nend W\n").as_bytes());
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    assert_eq!(r.description.unwrap().end_tile, Some(b'W'));
    assert_eq!(read(good().as_bytes()).description.unwrap().end_tile, None);
    // Line 7 is the map's last.
    assert_eq!(
        errors(&with("\nend W\nend X\n")),
        [(10, 1)],
        "a second end line"
    );
    assert_eq!(errors(&with("end\n")), [(8, 1)], "no tile");
    assert_eq!(errors(&with("end  \n")), [(8, 1)], "a space is no tile");
    assert_eq!(errors(&with("#####\n")), [(8, 1)], "a map line too many");
    let r = read(with("end #\n").as_bytes());
    let d = r.description.expect("only a warning");
    assert_eq!(d.end_tile, Some(b'#'));
    assert!(
        r.diagnostics
            .iter()
            .any(|d| d.severity == Severity::Warning && d.message.contains("already")),
        "{:?}",
        r.diagnostics
    );
}
