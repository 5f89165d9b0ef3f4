//! The web page's `runHeadless` gives up typing after the same number of frames as
//! `aceemu run --headless` (issue 36): a program that reads keys slowly gets its keys on
//! the page as on the command line.

use aceemu::machine::keyboard::{
    SHIFT_LEAD_FRAMES, SHIFT_TRAIL_FRAMES, UNREAD_WAIT_SCANNING_FRAMES,
};

#[test]
fn the_page_types_with_the_native_time_limit() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("web/emulator.js");
    let js = std::fs::read_to_string(path).unwrap();
    let line = js
        .lines()
        .find(|l| l.contains("const FRAMES_PER_STROKE ="))
        .expect("runHeadless's FRAMES_PER_STROKE");
    let sum: u32 = line
        .split('=')
        .nth(1)
        .unwrap()
        .trim()
        .trim_end_matches(';')
        .split('+')
        .map(|term| {
            term.split('*')
                .map(|f| f.trim().parse::<u32>().expect("a number"))
                .product::<u32>()
        })
        .sum();
    let native = SHIFT_LEAD_FRAMES + SHIFT_TRAIL_FRAMES + 2 * UNREAD_WAIT_SCANNING_FRAMES;
    assert_eq!(sum, native, "{line}");
    assert!(js.contains("const limit = FRAMES_PER_STROKE * [...text].length + 10;"));
}
