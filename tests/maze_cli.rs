//! `aceemu maze` from the outside: dumps, PNG, refusing to overwrite, bad arguments.

mod common;

use aceemu::games::maze::{Maze, Size};
use common::cli::{aceemu, scratch_dir};

#[test]
fn dumps_hold_the_solved_maze_images() {
    let dir = scratch_dir("dumps");
    let (state, screen) = (dir.join("state.bin"), dir.join("screen.bin"));
    let out = aceemu(&[
        "maze",
        "--seed",
        "31337",
        "--size",
        "2",
        "--solve",
        "--quiet",
        "--dump-state",
        state.to_str().unwrap(),
        "--dump-screen",
        screen.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut maze = Maze::new(Size::MEDIUM, 31337);
    maze.generate();
    maze.prepare_to_play();
    maze.solve().unwrap();
    let state_bytes = std::fs::read(&state).unwrap();
    let screen_bytes = std::fs::read(&screen).unwrap();
    assert_eq!(state_bytes.len(), 2688);
    assert_eq!(state_bytes, maze.state_area());
    assert_eq!(screen_bytes, maze.screen_buffer());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("seed 31337 size 2"), "{stdout}");
    assert!(stdout.contains("solved: route"), "{stdout}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn existing_files_are_kept_unless_forced() {
    let dir = scratch_dir("force");
    let png = dir.join("maze.png");
    std::fs::write(&png, b"precious").unwrap();
    let out = aceemu(&["maze", "--quiet", "--png", png.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("already exists"));
    assert_eq!(std::fs::read(&png).unwrap(), b"precious");

    let out = aceemu(&[
        "maze",
        "--quiet",
        "--png",
        png.to_str().unwrap(),
        "--force",
        "--scale",
        "1",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    // IHDR: width and height, big-endian, at bytes 16..24: 32 x 21 characters of 8 pixels.
    assert_eq!(&bytes[16..24], &[0, 0, 1, 0, 0, 0, 0, 168]);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn minus_one_is_seed_65535_and_bad_sizes_are_refused() {
    let a = aceemu(&["maze", "--seed", "-1", "--size", "1"]);
    let b = aceemu(&["maze", "--seed", "65535", "--size", "1"]);
    assert!(a.status.success());
    let text = String::from_utf8_lossy(&a.stdout).replace("seed 65535", "");
    assert_eq!(
        text,
        String::from_utf8_lossy(&b.stdout).replace("seed 65535", "")
    );
    assert!(!aceemu(&["maze", "--size", "4"]).status.success());
    assert!(!aceemu(&["maze", "--seed", "70000"]).status.success());
}

#[test]
fn keys_move_the_mouse() {
    // Seed 0, size 1: the measured play keys start "qazmaammzm": `q` is no game key, `a`
    // runs into the entrance's wall (spec 18.3), the next 8 keys are route steps.
    let out = aceemu(&["maze", "--seed", "0", "--keys", "qazmaammzm", "--quiet"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("played: 8 moves, the mouse did not reach the exit"),
        "{stdout}"
    );
}

/// `--keys` without keys prints the route; played back, it reaches the exit in as many
/// moves as it has keys.
#[test]
fn keys_without_keys_print_the_route_to_the_exit() {
    let out = aceemu(&["maze", "--seed", "42", "--size", "2", "--keys", "--quiet"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    let route = stdout.lines().last().unwrap().to_string();
    assert!(route.chars().all(|c| "azkm".contains(c)), "{stdout}");
    assert!(
        stdout.contains(&format!("route: {} keys", route.len())),
        "{stdout}"
    );
    let out = aceemu(&[
        "maze", "--seed", "42", "--size", "2", "--keys", &route, "--quiet",
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let moves = format!("played: {} moves, the mouse reached the exit", route.len());
    assert!(stdout.contains(&moves), "{stdout}");
}

/// `--png x --dump-state x` used to write the PNG, then fail on the dump ("already
/// exists"), or with --force write the dump over the PNG. Now refused before any work.
#[test]
fn two_outputs_on_one_path_are_refused_before_writing() {
    let dir = scratch_dir("shared");
    let path = dir.join("out.bin");
    for force in [false, true] {
        let mut args = vec![
            "maze",
            "--quiet",
            "--png",
            path.to_str().unwrap(),
            "--dump-state",
            path.to_str().unwrap(),
        ];
        if force {
            args.push("--force");
        }
        let out = aceemu(&args);
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("are the same file"), "{err}");
        assert!(!path.exists(), "nothing written (force {force})");
    }
    std::fs::remove_dir_all(dir).unwrap();
}
