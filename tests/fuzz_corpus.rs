//! The committed fuzz corpus (`fuzz/corpus/TARGET/`), replayed through the same harness
//! functions the fuzz targets run (`aceemu::fuzz_harness`), so a plain `cargo test` checks
//! every input the fuzzers kept: readers never panic, and what they read writes back the
//! same. See fuzz/README.md for running the fuzzers themselves.

use std::path::Path;

#[test]
fn every_committed_fuzz_input_passes_its_harness() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus");
    let mut replayed = 0;
    for (name, harness) in aceemu::fuzz_harness::TARGETS {
        let dir = root.join(name);
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        assert!(!files.is_empty(), "{} has no inputs", dir.display());
        for file in files {
            let data = std::fs::read(&file).unwrap();
            // A panic names the input through this message.
            eprintln!("{name}: {}", file.display());
            harness(&data);
            replayed += 1;
        }
    }
    eprintln!("{replayed} inputs replayed");
}
