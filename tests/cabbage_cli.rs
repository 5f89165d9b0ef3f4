//! `aceemu cabbage check` and `run`: the output format and the errors a person sees.

mod common;

use common::cli::{aceemu, scratch_dir, scratch_file, ScratchFile};

fn temp_file(name: &str, text: &str) -> ScratchFile {
    scratch_file(name, text)
}

#[test]
fn check_accepts_every_bundled_rule_file() {
    for f in ["mazezam", "sokoban", "boulders", "tron"] {
        let out = aceemu(&["cabbage", "check", &format!("rules/{f}.rules")]);
        assert!(
            out.status.success(),
            "{f}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(String::from_utf8_lossy(&out.stdout).contains("0 warnings"));
    }
}

#[test]
fn check_names_the_file_line_and_column() {
    let path = temp_file("bad.rules", "@****.***.****@***\n\n\n4 3\n###\n#@.\n###\n");
    let out = aceemu(&["cabbage", "check", path.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("{}:1:19: error: a rule line", path.display())),
        "{err}"
    );
}

#[test]
fn a_file_is_required() {
    for sub in ["check", "run", "play"] {
        let out = aceemu(&["cabbage", sub]);
        assert!(!out.status.success());
        assert!(String::from_utf8_lossy(&out.stderr).contains("<FILE>"));
    }
}

#[test]
fn run_prints_each_cycle_with_its_number_and_dot_escapes() {
    // `@` steps right over `-` on the `.` key and on `x` (list B: one step a cycle);
    // the script is: the `.` key, a cycle without a key, `x`, and one more by --cycles.
    let text = "\n@****-***-****@***.\n@****-***-****@***x\n\n6 3\n#####\n#@--#\n#####\n";
    let path = temp_file("dots.rules", text);
    let out = aceemu(&[
        "cabbage",
        "run",
        path.to_str().unwrap(),
        "--keys",
        "\\..x",
        "--cycles",
        "4",
        "--initial",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let expected = "#####\n#@--#\n#####\n--- cycle 0\n\
                    #####\n#-@-#\n#####\n--- cycle 1\n\
                    #####\n#-@-#\n#####\n--- cycle 2\n\
                    #####\n#--@#\n#####\n--- cycle 3\n\
                    #####\n#--@#\n#####\n--- cycle 4\n";
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
}

#[test]
fn run_refuses_a_bad_key_script() {
    let out = aceemu(&["cabbage", "run", "rules/tron.rules", "--keys", "a\\b"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("character 2"));
}

#[test]
fn tape_refuses_two_games_of_one_name() {
    let dir = scratch_dir("same");
    let twin = dir.join("MAZEZAM.rules");
    std::fs::copy("rules/mazezam.rules", &twin).unwrap();
    let out = dir.join("two.tap");
    let out_arg = out.display().to_string();
    let twin_arg = twin.display().to_string();
    let run = aceemu(&[
        "cabbage",
        "tape",
        "rules/mazezam.rules",
        &out_arg,
        "--also",
        &twin_arg,
    ]);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(!run.status.success(), "{stderr}");
    assert!(
        stderr.contains("rules/mazezam.rules and ") && stderr.contains("the game `mazezam`"),
        "{stderr}"
    );
    assert!(!out.exists(), "no tape written");
    // The library refuses it too (the tape maker's other callers).
    use aceemu::workflows::cabbage_tape::{bundled_games, make_tape};
    let games = bundled_games().unwrap();
    let twice = vec![games[0].clone(), games[0].clone()];
    let e = make_tape(&twice).unwrap_err().to_string();
    assert!(e.contains("two games are called `mazezam`"), "{e}");
}
