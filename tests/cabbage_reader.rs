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
    // "6 3" is read as a rule line of list B and the file ends inside list B.
    let e: Vec<_> = r.errors().map(|d| (d.line, d.column)).collect();
    assert_eq!(e, [(3, 4), (4, 6), (5, 1)]);
}

#[test]
fn x_and_y_that_do_not_match_the_map() {
    // Y too large: the map ends early.
    let text = good().replace("6 3", "6 4");
    assert_eq!(errors(&text), [(8, 1)]);
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
