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
    assert!(ace.run_until_text("aceemu open Forth ROM", 50));
    let _ = std::fs::remove_dir_all(&dir);
}
