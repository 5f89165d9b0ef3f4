//! The open ROM's F+ F- F* F/ against every result measured on the original ROM:
//! tests/data/spec/float-vectors.json (copied from the project's fact sheets,
//! shared/spec/float-vectors.json; transcripts.md Round 4: the original rounds to 6
//! digits). Each vector is typed as it was measured, `A B OP OVER OVER U. U. F.`, and
//! both cells (top first) and what F. printed must be the original's (a ROM that
//! truncates misses 118 of them).

mod openrom_support;
use openrom_support::*;

use serde_json::Value;

struct Vector {
    a: String,
    b: String,
    op: String,
    hi: u16,
    lo: u16,
    printed: String,
}

fn vectors() -> Vec<Vector> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/spec/float-vectors.json"
    );
    let text = std::fs::read_to_string(path).expect("tests/data/spec/float-vectors.json");
    let json: Value = serde_json::from_str(&text).expect("float-vectors.json is JSON");
    let field = |v: &Value, name: &str| v[name].as_str().expect(name).to_string();
    let cell = |v: &Value, name: &str| v[name].as_u64().expect(name) as u16;
    json["vectors"]
        .as_array()
        .expect("vectors")
        .iter()
        .map(|v| Vector {
            a: field(v, "a"),
            b: field(v, "b"),
            op: field(v, "op"),
            hi: cell(v, "hi"),
            lo: cell(v, "lo"),
            printed: field(v, "printed"),
        })
        .collect()
}

#[test]
fn every_measured_result_is_the_originals() {
    let all = vectors();
    assert_eq!(all.len(), 240, "the spec measured 240 results");
    let mut ace = boot();
    let mut wrong = Vec::new();
    for v in &all {
        let line = format!("{} {} {} OVER OVER U. U. F.", v.a, v.b, v.op);
        let printed = eval(&mut ace, &line);
        // each word's output follows its echo
        let want = format!(
            "{} {} {} OVER OVER U. {} U. {} F. {}",
            v.a, v.b, v.op, v.hi, v.lo, v.printed
        );
        if printed != want {
            wrong.push(format!("{printed:?}, want {want:?}"));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of 240 differ from the original:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
