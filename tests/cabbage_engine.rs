//! The CABBAGE-compatible engine against cycles worked by hand from spec rule-engine.md
//! section 4 (each expected map was derived on paper from the spec's visiting order and
//! priority, not recorded from the engine).

mod cabbage_support;

use aceemu::games::cabbage::AnomalyKind;
use cabbage_support::{engine, lines, rule};

/// A ship `>` moving right over `.`, every cycle.
fn ship_right() -> String {
    rule("****>.***", "****.>***", '*')
}

#[test]
fn a_ship_moving_with_the_scan_of_pass_a_zips_to_the_wall() {
    let mut e = engine(&[ship_right()], &[], &["#######", "#>....#", "#######"]);
    e.step(None);
    // Pass A meets the ship again at each new cell: it crosses the row in one cycle.
    assert_eq!(lines(&e), ["#######", "#....>#", "#######"]);
}

#[test]
fn a_ship_moving_against_the_scan_of_pass_b_steps_one_cell_a_cycle() {
    let mut e = engine(&[], &[ship_right()], &["#######", "#>....#", "#######"]);
    e.step(None);
    assert_eq!(lines(&e), ["#######", "#.>...#", "#######"]);
    e.step(Some(b'q'));
    assert_eq!(lines(&e), ["#######", "#..>..#", "#######"]);
}

#[test]
fn a_ship_moving_left_zips_in_pass_b_and_steps_in_pass_a() {
    let left = rule("***.<****", "***<.****", '*');
    let mut b = engine(
        &[],
        std::slice::from_ref(&left),
        &["#######", "#....<#", "#######"],
    );
    b.step(None);
    assert_eq!(lines(&b), ["#######", "#<....#", "#######"]);
    let mut a = engine(&[left], &[], &["#######", "#....<#", "#######"]);
    a.step(None);
    assert_eq!(lines(&a), ["#######", "#...<.#", "#######"]);
}

#[test]
fn two_boulders_fight_for_one_cell_and_the_first_applied_wins() {
    let slide_right = rule("*o**\\.***", "*.***o***", '*');
    let slide_left = rule("*o*./****", "*.*o*****", '*');
    let map = ["#####", "#o.o#", "#\\./#", "#####"];
    // Pass A reaches `\` (column 2) first: the left boulder takes the cell.
    let mut a = engine(&[slide_right.clone(), slide_left.clone()], &[], &map);
    a.step(None);
    assert_eq!(lines(&a), ["#####", "#..o#", "#\\o/#", "#####"]);
    // Pass B reaches `/` (column 4) first: the right boulder takes it.
    let mut b = engine(&[], &[slide_right, slide_left], &map);
    b.step(None);
    assert_eq!(lines(&b), ["#####", "#o..#", "#\\o/#", "#####"]);
}

#[test]
fn same_centre_rules_are_tried_last_written_first() {
    let to_b = rule("****a.***", "*****b***", '*');
    let to_c = rule("****a.***", "*****c***", '*');
    let mut e = engine(
        &[to_b.clone(), to_c.clone()],
        &[],
        &["#####", "#a..#", "#####"],
    );
    e.step(None);
    // The later line wins; file order ("first match wins") would have written `b`.
    assert_eq!(lines(&e), ["#####", "#ac.#", "#####"]);
    let mut e = engine(&[to_c, to_b], &[], &["#####", "#a..#", "#####"]);
    e.step(None);
    assert_eq!(lines(&e), ["#####", "#ab.#", "#####"]);
}

#[test]
fn every_same_centre_rule_is_tried_against_the_changed_map_without_rechecking_the_centre() {
    // Written first, tried second: needs the `x` the other rule writes.
    let second = rule("****ax***", "*****y***", '*');
    // Written last, tried first: turns the centre into `z` and writes `x`.
    let first = rule("****a.***", "****zx***", '*');
    let mut e = engine(&[second, first], &[], &["#####", "#a..#", "#####"]);
    e.step(None);
    // Both fired at the same cell, though the centre was no longer `a` for the second.
    assert_eq!(lines(&e), ["#####", "#zy.#", "#####"]);
}

/// A map of `.` where a rule marks every visited centre with `v`.
fn visited(list_a: bool, key: Option<u8>) -> Vec<String> {
    let mark = rule("****.****", "****v****", '*');
    let (a, b) = if list_a {
        (vec![mark], vec![])
    } else {
        (vec![], vec![mark])
    };
    let mut e = engine(&a, &b, &["....", "....", "....", "...."]);
    e.step(key);
    lines(&e)
}

#[test]
fn pass_a_without_a_key_visits_all_of_line_1_and_skips_column_1_below() {
    assert_eq!(visited(true, None), ["vvvv", ".vvv", ".vvv", "...."]);
}

#[test]
fn pass_a_with_a_key_starts_at_line_2_column_1() {
    assert_eq!(visited(true, Some(b'k')), ["....", "vvvv", ".vvv", "...."]);
}

#[test]
fn pass_b_visits_lines_y_minus_1_to_2_from_column_2() {
    assert_eq!(visited(false, None), ["....", ".vvv", ".vvv", "...."]);
    assert_eq!(visited(false, Some(b'k')), ["....", ".vvv", ".vvv", "...."]);
}

#[test]
fn visiting_order_includes_the_newline_positions() {
    let e = engine(&[], &[], &["..", "..", "..", ".."]);
    // X = 3: offsets line*3 + column-1; column 3 (offset 2, 5, ...) is the newline.
    assert_eq!(e.pass_a_cells(false), [0, 1, 2, 4, 5, 7, 8]);
    assert_eq!(e.pass_a_cells(true), [3, 4, 5, 7, 8]);
    assert_eq!(e.pass_b_cells(), [8, 7, 5, 4]);
}

#[test]
fn neighbours_above_line_1_match_nothing_and_writes_there_are_dropped() {
    // Needs `#` above the centre: never true on line 1.
    let needs_above = rule("*#**.****", "****a****", '*');
    // Writes above the centre and into the centre.
    let writes_above = rule("****b****", "*x**c****", '*');
    let mut e = engine(&[needs_above, writes_above], &[], &["#.b#", "#..#", "####"]);
    e.step(None);
    // Line 1: `.` stays (read above the map), `b` becomes `c` (its write above dropped);
    // line 2: no `.` there has `#` above it.
    assert_eq!(lines(&e), ["#.c#", "#..#", "####"]);
    let (anomalies, count) = e.anomalies();
    let kinds: Vec<_> = anomalies
        .iter()
        .map(|a| (a.kind, a.line, a.column))
        .collect();
    assert_eq!(
        kinds,
        [
            (AnomalyKind::ReadOutside, 1, 2),
            (AnomalyKind::WriteOutside, 1, 3)
        ]
    );
    assert_eq!(count, 2);
}

#[test]
fn a_key_rule_fires_only_with_its_key_and_a_wildcard_rule_always() {
    let on_key = rule("****a****", "****b****", 'x');
    let always = rule("****c****", "****d****", '*');
    let map = ["#####", "#a.c#", "#####"];
    let mut e = engine(&[on_key.clone(), always.clone()], &[], &map);
    e.step(None);
    assert_eq!(lines(&e)[1], "#a.d#");
    let mut e = engine(&[on_key.clone(), always.clone()], &[], &map);
    e.step(Some(b'z'));
    assert_eq!(lines(&e)[1], "#a.d#");
    let mut e = engine(&[on_key, always], &[], &map);
    e.step(Some(b'x'));
    assert_eq!(lines(&e)[1], "#b.d#");
}

#[test]
fn upper_and_lower_case_keys_are_different_keys() {
    let lower = rule("****a****", "****b****", 'x');
    let upper = rule("****c****", "****d****", 'X');
    let map = ["#####", "#a.c#", "#####"];
    let mut e = engine(&[lower.clone(), upper.clone()], &[], &map);
    e.step(Some(b'X'));
    assert_eq!(lines(&e)[1], "#a.d#");
    let mut e = engine(&[lower, upper], &[], &map);
    e.step(Some(b'x'));
    assert_eq!(lines(&e)[1], "#b.c#");
}

#[test]
fn the_key_is_the_same_in_both_passes() {
    let a = rule("****a****", "****b****", 'x');
    let b = rule("****c****", "****d****", 'x');
    let mut e = engine(&[a], &[b], &["#####", "#a.c#", "#####"]);
    e.step(Some(b'x'));
    assert_eq!(lines(&e)[1], "#b.d#");
}

#[test]
fn a_write_over_a_newline_is_kept_and_reported() {
    // `e` writes into its right neighbour; at the last column that is the newline byte.
    let w = rule("****e****", "*****f***", '*');
    let mut e = engine(&[w], &[], &["###", "#.e", "###"]);
    e.step(None);
    assert_eq!(e.raw()[4 + 3], b'f');
    assert_eq!(lines(&e), ["###", "#.e", "###"]);
    let (anomalies, _) = e.anomalies();
    assert_eq!(anomalies[0].kind, AnomalyKind::WriteOverNewline);
    assert_eq!((anomalies[0].line, anomalies[0].column), (2, 4));
}
