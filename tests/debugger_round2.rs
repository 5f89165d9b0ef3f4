//! The debugger, round 2 (issue 39): conditional breakpoints, hit counts, refusals,
//! streaming, and names that are true, through `aceemu run --debug-script` on the open ROM. Expected values are hand-derived from the
//! Forth typed in: `: T 5 0 DO I DROP LOOP ;` runs DROP five times with I = 0..4 on top.

mod common;

use common::cli::{scratch_dir, scratch_file, ScratchFile};
use std::process::{Command, Output};

fn script_file(script: &str) -> ScratchFile {
    scratch_file("script.txt", script)
}

fn run(script: &str) -> Output {
    // Bound for the whole run: the file goes when its guard does.
    let script = script_file(script);
    Command::new(env!("CARGO_BIN_EXE_aceemu"))
        .args(["run", "--debug-script"])
        .arg(&*script)
        .output()
        .unwrap()
}

fn text(out: &Output) -> String {
    format!(
        "{}\n--- stderr\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// The output lines of the `nth` command `cmd` (those after its `(ace) cmd` echo).
fn reply<'a>(out: &'a str, cmd: &str, nth: usize) -> Vec<&'a str> {
    let echo = format!("(ace) {cmd}");
    let start = out
        .lines()
        .enumerate()
        .filter(|(_, l)| *l == echo)
        .nth(nth)
        .unwrap_or_else(|| panic!("no {echo:?} #{nth} in\n{out}"))
        .0;
    out.lines()
        .skip(start + 1)
        .take_while(|l| !l.starts_with("(ace) "))
        .collect()
}

const DEFINE_T: &str = "continue 30\ntype : T 5 0 DO I DROP LOOP ;\\n\ncontinue 200\n";

#[test]
fn a_condition_on_the_top_of_the_stack_stops_once_with_it_on_top() {
    let script = format!(
        "{DEFINE_T}break DROP if tos=3\ntype T\\n\ncontinue\nstack\ncontinue\nstops\nquit\n"
    );
    let out = run(&script);
    let all = text(&out);
    assert!(out.status.success(), "{all}");
    let first = reply(&all, "continue", 0).join("\n");
    assert!(first.contains("entering DROP"), "{all}");
    // DO ... LOOP keeps its index and limit on the return stack: the data stack holds I.
    assert_eq!(reply(&all, "stack", 0)[0], "<1> 3", "{all}");
    // The fourth value (4) does not meet the condition, and the line ends: no stop.
    let second = reply(&all, "continue", 1).join("\n");
    assert!(second.contains("no stop within"), "{all}");
    assert!(
        reply(&all, "stops", 0)[0].contains("if tos=3"),
        "the listing shows the condition: {all}"
    );
}

#[test]
fn a_hit_count_stops_at_the_nth_hit() {
    let script = format!("{DEFINE_T}break DROP 4\ntype T\\n\ncontinue\nstack\nquit\n");
    let out = run(&script);
    let all = text(&out);
    assert!(out.status.success(), "{all}");
    // The fourth DROP drops I = 3.
    assert_eq!(reply(&all, "stack", 0)[0], "<1> 3", "{all}");

    let script =
        format!("{DEFINE_T}break DROP count 2 if tos>=1\ntype T\\n\ncontinue\nstack\nquit\n");
    let out = run(&script);
    let all = text(&out);
    assert!(out.status.success(), "{all}");
    // Hits that meet tos>=1: I = 1, 2, ...: the second is I = 2.
    assert_eq!(reply(&all, "stack", 0)[0], "<1> 2", "{all}");
}

#[test]
fn conditions_join_with_and_or_and_read_registers_memory_and_depth() {
    // DROP is entered with DE = its parameter field (ace-forth.md 1): DE != 0 always, so
    // `DE=0 or tos=2` stops at I = 2; `depth=1 and tos>3` at I = 4.
    let script = format!(
        "{DEFINE_T}break DROP if DE=0 or tos=2\nbreak DROP if depth=1 and tos>3 and w[0x3C2B]>=0 \
         and [0x3C2B]<256 and frame>0\ntype T\\n\ncontinue\nstack\ncontinue\nstack\nquit\n"
    );
    let out = run(&script);
    let all = text(&out);
    assert!(out.status.success(), "{all}");
    assert_eq!(reply(&all, "stack", 0)[0], "<1> 2", "{all}");
    assert_eq!(reply(&all, "stack", 1)[0], "<1> 4", "{all}");
}

#[test]
fn a_watchpoint_takes_a_condition_too() {
    // FRAMES (0x3C2B) is written every interrupt; stop only once its low byte is 100.
    let script = "watch 0x3C2B w if [0x3C2B]=100\ncontinue\nmem 0x3C2B 1\nquit\n";
    let out = run(script);
    let all = text(&out);
    assert!(out.status.success(), "{all}");
    assert!(
        reply(&all, "continue", 0).join("\n").contains("watch 1"),
        "{all}"
    );
    assert!(
        reply(&all, "mem 0x3C2B 1", 0)[0].starts_with("3C2B  64"),
        "{all}"
    );
}

#[test]
fn what_it_does_not_understand_is_refused_and_no_stop_is_set() {
    for bad in [
        "break 0x0EC3 if HL=0 junk",
        "break SCAN three",
        "break DROP if",
        "break DROP if QQ=1",
        "break DROP 0",
        "watch 0x3C2B w if tos",
        "port 0xFE r maybe",
        "step 3 4",
        "regs all",
        "stack g",
    ] {
        let out = run(&format!("{bad}\nstops\nquit\n"));
        let all = text(&out);
        assert!(
            !out.status.success(),
            "{bad:?}: a refused command must fail the script\n{all}"
        );
        assert!(
            reply(&all, bad, 0).iter().any(|l| l.starts_with("error: ")),
            "{bad:?}: no error said\n{all}"
        );
        assert!(
            reply(&all, "stops", 0).is_empty(),
            "{bad:?}: a stop was set anyway\n{all}"
        );
        assert!(all.contains("refused"), "{bad:?}: {all}");
    }
    // The forms the issue names are understood now.
    let out = run("break 0x0EC3 if HL=0\nbreak SCAN 3\nstops\nquit\n");
    let all = text(&out);
    assert!(out.status.success(), "{all}");
    let stops = reply(&all, "stops", 0);
    assert_eq!(stops.len(), 2, "{all}");
    assert!(stops[0].contains("if HL=0"), "{all}");
    assert!(stops[1].contains("count 3"), "{all}");
}

#[test]
fn a_trace_file_that_cannot_be_made_fails_the_script() {
    let dir = scratch_dir("trace");
    let existing = dir.join("kept.txt");
    std::fs::write(&existing, "the user's file").unwrap();
    let out = run(&format!("trace on {}\nquit\n", existing.display()));
    assert!(!out.status.success(), "{}", text(&out));
    assert_eq!(
        std::fs::read_to_string(&existing).unwrap(),
        "the user's file"
    );
    let out = run("trace on /nonexistent-dir/t.txt\nquit\n");
    assert!(!out.status.success(), "{}", text(&out));
}

#[test]
fn a_long_step_streams_its_output_and_stops_on_sigterm() {
    // `step 4294967295` with a trace on: lines must reach stdout while it runs, and
    // SIGTERM must end it with what was printed kept.
    let script = script_file("trace on\nstep 4294967295\nquit\n");
    let mut child = Command::new(env!("CARGO_BIN_EXE_aceemu"))
        .args(["run", "--debug-script"])
        .arg(&*script)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    // Trace lines (well past the echoes) arrive while the step still runs.
    let mut first = vec![0u8; 64 * 1024];
    let mut got = 0;
    while got < first.len() {
        let n = std::io::Read::read(&mut stdout, &mut first[got..]).unwrap();
        assert!(n > 0, "the output ended before the step was stopped");
        got += n;
    }
    assert!(
        String::from_utf8_lossy(&first).contains("+4 "),
        "no trace lines"
    );
    // SAFETY: a signal to our own child, by its pid.
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    let mut rest = Vec::new();
    std::io::Read::read_to_end(&mut stdout, &mut rest).unwrap();
    let status = child.wait().unwrap();
    let rest = String::from_utf8_lossy(&rest);
    assert!(
        rest.contains("interrupted after"),
        "the step did not stop on SIGTERM (status {status:?})"
    );
}

#[test]
fn names_are_true() {
    let script = format!(
        "dis 0x0038 2\n{DEFINE_T}type CREATE C1 201 C, CREATE C2\\n\ncontinue 400\n\
         dis T\ndis C1 20\nbreak DROP\ntype T\\n\ncontinue\nwhere\nrstack\npanel\nquit\n"
    );
    let out = run(&script);
    let all = text(&out);
    assert!(out.status.success(), "{all}");
    // The interrupt's code is named by its label, never by a constant that happens to
    // equal an address near it (the system-variable offset O_DICT = 0x37).
    let dis = reply(&all, "dis 0x0038 2", 0).join("\n");
    assert!(!dis.contains("O_DICT"), "{all}");
    assert!(!dis.contains("KBD_PORT") && !dis.contains("FL_"), "{all}");
    // A colon word's body is a thread: said, and shown as `see` shows it.
    let t = reply(&all, "dis T", 0).join("\n");
    assert!(t.contains("colon word"), "{all}");
    assert!(t.contains("DO") && t.contains("LOOP"), "{all}");
    // C1: a code field (2 bytes) and one RET; then C2's header, which is not code.
    let c1 = reply(&all, "dis C1 20", 0);
    assert!(c1.iter().any(|l| l.contains("RET")), "{all}");
    assert!(
        c1.last().unwrap().contains("dictionary header of C2"),
        "{all}"
    );
    assert!(c1.len() < 8, "the listing ran on past the header: {all}");
    // rstack names every entry that `where` names, by the same names.
    let where_: Vec<String> = reply(&all, "where", 0)
        .iter()
        .skip(1)
        .map(|l| l.trim().split(' ').nth(1).unwrap().to_string())
        .collect();
    let rstack = reply(&all, "rstack", 0).join("\n");
    for name in &where_ {
        let base = name.split('+').next().unwrap();
        assert!(
            rstack.contains(&format!("-> {base}+")),
            "{name} not in rstack: {all}"
        );
    }
    // The panel never cuts a name: every caller `where` gives is in it whole (a long one
    // goes on over the next row).
    let panel = reply(&all, "panel", 0);
    assert!(panel.iter().all(|l| l.chars().count() <= 16), "{all}");
    let joined: String = panel.iter().map(|l| l.trim()).collect::<Vec<_>>().join("");
    for name in &where_ {
        assert!(
            joined.contains(name.as_str()),
            "{name} cut in the panel: {all}"
        );
    }
}
