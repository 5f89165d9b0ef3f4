//! Every vector measured from the original program (shared/spec/maze-vectors.json):
//! all seeds, sizes and phases; maze-state area, screen buffer, video rows 0..21 and
//! variables, reproduced exactly. Then 21 more seeds in all three sizes, whose values come
//! from a second, independent model (tests/independent/maze_model.py, written in Python
//! from the spec alone by someone who had not read the Rust model; it also reproduces
//! every measured vector): the Rust model must agree with it on seeds nobody measured.

use aceemu::games::maze::{Maze, Size, VarName};
use serde_json::Value;
use sha2::{Digest, Sha256};

const VECTORS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/spec/maze-vectors.json"
);

/// Made by `python3 tests/independent/maze_model.py emit` (its "generated_by" entry says
/// with which seeds); same layout as the measured vectors, without raw bytes.
const INDEPENDENT: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/maze-extra-seeds.json"
);

fn load_file(path: &str) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn load() -> Value {
    load_file(VECTORS)
}

fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn unhex(text: &str) -> Vec<u8> {
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).expect("hex"))
        .collect()
}

/// Names the first differing byte, so a failure says where the model went wrong.
fn first_difference(expected: &[u8], actual: &[u8]) -> Option<String> {
    if expected.len() != actual.len() {
        return Some(format!("length {} != {}", actual.len(), expected.len()));
    }
    let i = expected.iter().zip(actual).position(|(e, a)| e != a)?;
    Some(format!(
        "first difference at byte {i} (section {}, offset {}): model {} measured {}",
        i / 672,
        i % 672,
        actual[i],
        expected[i]
    ))
}

/// Compares one phase's images and variables; returns the mismatches.
fn check_phase(label: &str, maze: &Maze, here: u16, phase: &Value) -> Vec<String> {
    let mut errors = Vec::new();
    let regions: [(&str, &str, &[u8]); 3] = [
        ("maze_state", "maze_state", maze.state_area()),
        ("screen_buffer", "screen_buffer", maze.screen_buffer()),
        ("video_rows_0_21", "video", maze.video_rows()),
    ];
    for (sha_key, hex_key, actual) in regions {
        let expected_sha = phase["sha256"][sha_key].as_str().expect("sha256 entry");
        if sha256_hex(actual) != expected_sha {
            let detail = phase["hex"][hex_key]
                .as_str()
                .map(|hex| {
                    let mut bytes = unhex(hex);
                    bytes.truncate(actual.len());
                    first_difference(&bytes, actual).unwrap_or_default()
                })
                .unwrap_or_else(|| "no raw bytes in the vectors".into());
            errors.push(format!("{label}: {sha_key} differs: {detail}"));
        }
    }
    let vars = phase["vars"].as_object().expect("vars");
    assert_eq!(vars.len(), VarName::ALL.len(), "{label}: variable list");
    for (name, value) in vars {
        let var = VarName::from_name(name).unwrap_or_else(|| panic!("unknown variable {name}"));
        let expected = value.as_u64().expect("number") as u16;
        let actual = maze.vars().value(var, here);
        if actual != expected {
            errors.push(format!("{label}: {name} = {actual}, measured {expected}"));
        }
    }
    errors
}

/// Runs one case (generate; solve; play with the case's keys) and compares every phase.
fn check_case(case: &Value, here: u16) -> Vec<String> {
    let seed = case["seed"].as_u64().expect("seed") as u16;
    let size = Size::new(case["size"].as_u64().expect("size") as u8).unwrap();
    let label = format!("seed {seed} size {size}");
    let mut errors = Vec::new();

    let mut generated = Maze::new(size, seed);
    generated.generate();
    errors.extend(check_phase(
        &format!("{label} generate"),
        &generated,
        here,
        &case["generate"],
    ));

    let mut solved = generated.clone();
    solved.prepare_to_play();
    if let Err(e) = solved.solve() {
        errors.push(format!("{label} solve: {e}"));
    }
    errors.extend(check_phase(
        &format!("{label} solve"),
        &solved,
        here,
        &case["solve"],
    ));

    let keys = case["play_keys"].as_str().expect("play_keys").as_bytes();
    let mut played = generated.clone();
    played.prepare_to_play();
    let used = played.press_keys(keys);
    if used != keys.len() || !played.mouse_at_exit() {
        errors.push(format!(
            "{label} play: used {used} of {} keys, at exit: {}",
            keys.len(),
            played.mouse_at_exit()
        ));
    }
    errors.extend(check_phase(
        &format!("{label} play"),
        &played,
        here,
        &case["play"],
    ));
    errors
}

/// HERE of a vectors file, checked against its maze-state address.
fn here_of(vectors: &Value) -> u16 {
    let here = vectors["here"].as_u64().expect("here") as u16;
    assert_eq!(
        u64::from(Maze::state_address(here)),
        vectors["maze_state_address"].as_u64().unwrap()
    );
    here
}

#[test]
fn every_measured_vector_is_reproduced() {
    let vectors = load();
    let here = here_of(&vectors);
    let cases = vectors["cases"].as_array().expect("cases");
    assert_eq!(cases.len(), 30, "10 seeds x 3 sizes");
    let mut errors = Vec::new();
    let mut raw_checked = 0;
    for case in cases {
        errors.extend(check_case(case, here));
        if case["generate"]["hex"].is_object() {
            raw_checked += 1;
        }
    }
    assert_eq!(raw_checked, 20, "sizes 1 and 2 carry raw bytes");
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

/// Seeds that were not measured, against the independent model: none of them is in the
/// measured file, and each size appears for every seed.
#[test]
fn the_independent_model_agrees_on_unmeasured_seeds() {
    let measured: Vec<(u64, u64)> = load()["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["seed"].as_u64().unwrap(), c["size"].as_u64().unwrap()))
        .collect();
    let vectors = load_file(INDEPENDENT);
    let here = here_of(&vectors);
    let cases = vectors["cases"].as_array().expect("cases");
    assert_eq!(cases.len(), 63, "21 seeds x 3 sizes");
    let mut errors = Vec::new();
    for case in cases {
        let key = (
            case["seed"].as_u64().unwrap(),
            case["size"].as_u64().unwrap(),
        );
        assert!(!measured.contains(&key), "{key:?} is a measured case");
        errors.extend(check_case(case, here));
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

/// The same maze built with a different HERE has the same images; only W, P and P1 move.
#[test]
fn address_variables_follow_here() {
    let mut maze = Maze::new(Size::MEDIUM, 42);
    maze.generate();
    let vars = maze.vars();
    for here in [0x3C51u16, 20712, 0x8000] {
        let m = here + 30;
        assert_eq!(vars.value(VarName::W, here), m + vars.w);
        assert_eq!(vars.value(VarName::P1, here), m + 2 * 2 * 672);
        assert_eq!(maze.screen_address(here), m + 2 * 2 * 672);
        assert_eq!(vars.value(VarName::X, here), vars.x);
    }
}

/// Control: the comparison does catch a wrong maze (the next seed's) and a wrong variable.
#[test]
fn the_comparison_catches_a_different_maze() {
    let vectors = load();
    let here = vectors["here"].as_u64().unwrap() as u16;
    let case = &vectors["cases"][0];
    assert_eq!(case["seed"], 0);
    assert_eq!(case["size"], 1);
    let mut wrong = Maze::new(Size::SMALL, 1);
    wrong.generate();
    let errors = check_phase("control", &wrong, here, &case["generate"]);
    assert!(errors.iter().any(|e| e.contains("maze_state differs")));
    assert!(errors.iter().any(|e| e.contains("video_rows_0_21 differs")));
    assert!(errors.iter().any(|e| e.contains("IX =")));
}

/// `Maze::route_keys` (what `aceemu maze --keys` prints) against the measured play keys
/// (spec 18.3): those are `q`, a key into the entrance's wall, then the route with a detour
/// (a key and its opposite) before its step number floor(L / 2). Taking the first two keys
/// and the detour away leaves the route, for every measured seed and size.
#[test]
fn the_route_is_the_measured_play_keys_without_their_extras() {
    let vectors = load();
    for case in vectors["cases"].as_array().unwrap() {
        let (seed, size) = (
            case["seed"].as_u64().unwrap(),
            case["size"].as_u64().unwrap(),
        );
        let played = case["play_keys"].as_str().unwrap();
        let steps = &played[2..];
        let half = (steps.len() - 2) / 2;
        let (a, b) = (steps.as_bytes()[half], steps.as_bytes()[half + 1]);
        let opposite = |k: u8| match k {
            b'a' => b'z',
            b'z' => b'a',
            b'k' => b'm',
            _ => b'k',
        };
        assert_eq!(
            b,
            opposite(a),
            "seed {seed} size {size}: no detour at {half}"
        );
        let expected = format!("{}{}", &steps[..half], &steps[half + 2..]);
        let mut maze = Maze::new(Size::new(size as u8).unwrap(), seed as u16);
        maze.generate();
        maze.prepare_to_play();
        let route = maze.route_keys().expect("a route");
        assert_eq!(route, expected, "seed {seed} size {size}");
        assert_eq!(maze.press_keys(route.as_bytes()), route.len());
        assert!(maze.mouse_at_exit(), "seed {seed} size {size}");
    }
}
