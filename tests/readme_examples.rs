//! Every `aceemu` example in README.md's `sh` blocks, in order, in a scratch directory
//! holding copies of the repository's tapes, levels, rules, sources and ROM sources: the
//! README must stay true.
//!
//! An example that can run to its end without a person runs, and must succeed: headless
//! runs, debugger scripts, the tape, ROM, assembler and level commands. The `printf … >
//! FILE`, `cat > FILE <<'END'` and `cat A B > C` lines that make their files run too. An
//! example that needs a window, a terminal player, a benchmark's minutes or a file only
//! the reader has (the original ROM) is given `--help` instead, which still refuses an
//! unknown subcommand or option, or a bad value before it.
//!
//! Two placeholder files stand for the reader's own: `game.tap` is a copy of
//! tapes/demo.tap and `my-levels.mzm` of levels/aceemu.mzm.

mod common;

use common::cli::{aceemu_command, output_within, scratch_dir, text};
use std::path::{Path, PathBuf};

/// One logical line of a `sh` block (continuation lines joined), with its README line.
struct Example {
    line: usize,
    text: String,
}

/// The logical lines of README.md's `sh` blocks, a heredoc's body kept with its command.
fn sh_lines(readme: &str) -> Vec<Example> {
    let mut out = Vec::new();
    let mut in_block = false;
    let mut pending: Option<Example> = None;
    let mut heredoc_end: Option<String> = None;
    for (i, raw) in readme.lines().enumerate() {
        if raw.starts_with("```") {
            in_block = !in_block && raw.trim() == "```sh";
            continue;
        }
        if !in_block {
            continue;
        }
        if let Some(end) = &heredoc_end {
            let example = pending.as_mut().expect("a heredoc belongs to a command");
            example.text.push('\n');
            example.text.push_str(raw);
            if raw.trim() == end {
                heredoc_end = None;
                out.push(pending.take().unwrap());
            }
            continue;
        }
        let example = pending.get_or_insert_with(|| Example {
            line: i + 1,
            text: String::new(),
        });
        if let Some(head) = raw.strip_suffix('\\') {
            example.text.push_str(head);
            continue;
        }
        example.text.push_str(raw);
        if let Some(at) = example.text.find("<<'") {
            let rest = &example.text[at + 3..];
            heredoc_end = Some(rest[..rest.find('\'').unwrap()].to_string());
            continue;
        }
        out.push(pending.take().unwrap());
    }
    out
}

/// Splits a shell command line into words: single quotes keep everything, double quotes
/// keep all but `\"` and `\\`, a `#` starting a word ends the line.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '#' if word.is_none() => break,
            ' ' | '\t' => {
                if let Some(w) = word.take() {
                    out.push(w);
                }
            }
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                for q in chars.by_ref() {
                    if q == '\'' {
                        break;
                    }
                    w.push(q);
                }
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                while let Some(q) = chars.next() {
                    match q {
                        '"' => break,
                        '\\' if matches!(chars.peek(), Some('"') | Some('\\')) => {
                            w.push(chars.next().unwrap())
                        }
                        _ => w.push(q),
                    }
                }
            }
            _ => word.get_or_insert_with(String::new).push(c),
        }
    }
    out.extend(word);
    out
}

/// What `printf` makes of its format: `\n` a newline, `\\` a backslash.
fn printf_text(format: &str) -> String {
    let mut out = String::new();
    let mut chars = format.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    out
}

/// Copies the directory tree `from` to `to`.
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// Whether an example needs a person (a window, a terminal player) or minutes (bench):
/// such an example is given `--help`.
fn needs_a_person_or_minutes(args: &[String]) -> bool {
    const SUBCOMMANDS: [&str; 10] = [
        "run", "play", "tape", "rom", "asm", "maze", "mazezam", "sokoban", "cabbage", "bench",
    ];
    let headless = args
        .iter()
        .any(|a| a == "--headless" || a == "--debug-script" || a == "--list");
    let second = args.get(1).map(String::as_str);
    match args.first().map(String::as_str) {
        Some("bench") => true,
        Some("mazezam" | "sokoban" | "cabbage") => second == Some("play"),
        Some(sub) if SUBCOMMANDS.contains(&sub) && sub != "run" && sub != "play" => false,
        // `run`, `play NAME`, a bare file or options alone: the window, unless headless.
        _ => !headless,
    }
}

/// Files the reader would have to bring (the original ROM): an example naming one that
/// is not here gets `--help`.
fn names_a_missing_input(args: &[String], dir: &Path) -> bool {
    args.iter()
        .any(|a| a.ends_with(".rom") && !dir.join(a).exists() && a != "openace.rom")
}

#[test]
fn every_readme_example_runs_or_at_least_parses() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let dir = scratch_dir("readme");
    for sub in ["tapes", "levels", "rules", "forth", "mc", "roms"] {
        copy_tree(&root.join(sub), &dir.join(sub));
    }
    std::fs::copy(root.join("tapes/demo.tap"), dir.join("game.tap")).unwrap();
    std::fs::copy(root.join("levels/aceemu.mzm"), dir.join("my-levels.mzm")).unwrap();

    let (mut ran, mut parsed) = (0, 0);
    let examples = sh_lines(&readme);
    for (at, example) in examples.iter().enumerate() {
        let mut lines = example.text.lines();
        let command = lines.next().unwrap();
        let w = words(command);
        let place = format!("README.md line {}: {command}", example.line);
        match w.first().map(String::as_str) {
            Some("printf") => {
                assert_eq!(w.get(2).map(String::as_str), Some(">"), "{place}");
                std::fs::write(dir.join(&w[3]), printf_text(&w[1])).unwrap();
            }
            Some("cat") if w.get(1).map(String::as_str) == Some(">") => {
                let body: Vec<&str> = lines.collect();
                let body = &body[..body.len() - 1];
                std::fs::write(dir.join(&w[2]), body.join("\n") + "\n").unwrap();
            }
            Some("cat") => {
                let to = w.iter().position(|a| a == ">").expect("cat A B > C");
                let mut bytes = Vec::new();
                for from in &w[1..to] {
                    bytes.extend(std::fs::read(dir.join(from)).unwrap_or_else(|e| {
                        panic!("{place}: {from}: {e}");
                    }));
                }
                std::fs::write(dir.join(&w[to + 1]), bytes).unwrap();
            }
            Some("aceemu") => {
                let args = &w[1..];
                let mut run = aceemu_command();
                run.current_dir(&*dir).args(args);
                if needs_a_person_or_minutes(args) || names_a_missing_input(args, &dir) {
                    run.arg("--help");
                    parsed += 1;
                } else {
                    ran += 1;
                }
                let out = output_within(300, &mut run);
                // Comment lines right after an example without a comment of its own show
                // what it prints: then it may end with a failure status (an unsolvable
                // level), but must print that.
                let own_comment = command.split_whitespace().any(|w| w.starts_with('#'));
                let shown = examples
                    .get(at + 1)
                    .filter(|next| !own_comment && next.line == example.line + 1)
                    .and_then(|next| next.text.trim().strip_prefix('#'));
                if let Some(shown) = shown {
                    assert!(
                        text(&out.stdout).contains(shown.trim()),
                        "{place}: does not print {shown:?}\n{}",
                        text(&out.stdout)
                    );
                    assert_ne!(out.status.code(), Some(2), "{place}: a usage error");
                    continue;
                }
                assert!(
                    out.status.success(),
                    "{place}\n--- stdout\n{}\n--- stderr\n{}",
                    text(&out.stdout),
                    text(&out.stderr)
                );
            }
            // Set-up and build commands (apt-get, cargo, git, web/build.sh ...) are the
            // reader's machine's business, and comment lines are only words.
            _ => {}
        }
    }
    // The README has about 50 runnable examples and 25 that need a person: a parser that
    // stopped finding them would pass with nothing checked.
    eprintln!("README examples: {ran} ran, {parsed} given --help");
    assert!(ran >= 40 && parsed >= 15, "ran {ran}, parsed {parsed}");
}

#[test]
fn shell_words_are_split_as_a_shell_would() {
    assert_eq!(
        words(r#"aceemu run --type 'LOAD MAZE\nRUN\n' --keys "x\"k" x # comment"#),
        [
            "aceemu",
            "run",
            "--type",
            r"LOAD MAZE\nRUN\n",
            "--keys",
            "x\"k",
            "x"
        ]
    );
    assert_eq!(printf_text(r"a\nb\\n"), "a\nb\\n");
}
