//! `aceemu rom save FILE`: writes the embedded open ROM, never overwrites without --force.

mod common;
use common::cli::{aceemu, scratch_dir};

#[test]
fn rom_save_writes_the_image_and_refuses_to_overwrite() {
    let dir = scratch_dir("rom-save");
    let file = dir.join("open.rom");
    let path = file.to_str().unwrap();

    let out = aceemu(&["rom", "save", path]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(&file).unwrap();
    assert_eq!(bytes.as_slice(), aceemu::rom::open::open_rom().as_slice());

    std::fs::write(&file, b"user data").unwrap();
    let out = aceemu(&["rom", "save", path]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("already exists") && err.contains("--force"),
        "{err}"
    );
    assert_eq!(std::fs::read(&file).unwrap(), b"user data");

    let out = aceemu(&["rom", "save", path, "--force"]);
    assert!(out.status.success());
    assert_eq!(std::fs::read(&file).unwrap().len(), 8192);

    // The saved image boots in the emulator like the embedded one.
    let mut ace =
        aceemu::machine::Ace::new(&std::fs::read(&file).unwrap(), aceemu::machine::RamSize::K3)
            .unwrap();
    ace.run_frames(50);
    ace.type_text("1 2 + .\n");
    assert!(ace.run_until_text("1 2 + . 3  OK", 300));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `rom compare`: the open ROM rotated by 100 bytes shares its last 8,092 bytes with itself
/// (at 100 in the open ROM, 0 in the other); a wrong-size file is refused by name.
#[test]
fn rom_compare_reports_the_longest_shared_run() {
    let dir = scratch_dir("compare");
    let mut rotated = aceemu::rom::open::open_rom().to_vec();
    rotated.rotate_left(100);
    let file = dir.join("rotated.rom");
    std::fs::write(&file, &rotated).unwrap();
    let out = aceemu(&["rom", "compare", file.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains("longest identical run: 8092 bytes (open ROM 0x0064, other 0x0000)"),
        "{text}"
    );
    let short = dir.join("short.rom");
    std::fs::write(&short, [0u8; 100]).unwrap();
    let out = aceemu(&["rom", "compare", short.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("short.rom"));
}

/// `run --caps-lock` presses CAPS LOCK once the ROM is ready: STATIN bit 1 is set and typed
/// letters arrive as capitals; without it they arrive in lower case, as on a real Ace.
#[test]
fn caps_lock_option_makes_letters_capitals_from_power_on() {
    let run = |extra: &[&str]| {
        let mut args = vec![
            "run",
            "--headless",
            "--type",
            "load demo",
            "--frames",
            "150",
            "--screen-text",
            "--dump-mem",
            "0x3C28:1",
        ];
        args.extend(extra);
        let out = aceemu(&args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let with = run(&["--caps-lock"]);
    assert!(with.contains("LOAD DEMO"), "{with}");
    let statin = with.lines().last().unwrap();
    let byte = u8::from_str_radix(statin.split_whitespace().nth(1).unwrap(), 16).unwrap();
    assert_eq!(byte & 2, 2, "STATIN {statin}");

    let without = run(&[]);
    assert!(without.contains("load demo"), "{without}");
    assert!(!without.contains("LOAD DEMO"));
}
