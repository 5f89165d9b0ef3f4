//! `aceemu run --headless` and `aceemu rom info` end to end, with a small guest ROM that
//! waits for ENTER and then writes "OK" to the screen.

mod common;

use common::cli::{aceemu_command, scratch_dir};
use std::path::PathBuf;

/// LD SP,0x4000 ; loop: LD A,0xBF ; IN A,(0xFE) ; AND 1 ; JR NZ,loop ;
/// LD HL,"OK" ; LD (0x2400),HL ; HALT
fn ok_rom(dir: &std::path::Path) -> PathBuf {
    let mut rom = vec![0u8; 8192];
    let code = [
        0x31, 0x00, 0x40, 0x3E, 0xBF, 0xDB, 0xFE, 0xE6, 0x01, 0x20, 0xF8, 0x21, 0x4F, 0x4B, 0x22,
        0x00, 0x24, 0x76,
    ];
    rom[..code.len()].copy_from_slice(&code);
    let path = dir.join("ok.rom");
    std::fs::write(&path, rom).unwrap();
    path
}

#[test]
fn typing_enter_makes_the_guest_print_ok() {
    let dir = scratch_dir("type");
    let rom = ok_rom(&dir);
    let out = aceemu_command()
        .args(["run", "--headless", "--rom"])
        .arg(&rom)
        .args(["--type", r"\n", "--until-text", "OK", "--screen-text"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 24);
    assert_eq!(lines[0], format!("OK{}", " ".repeat(30)));
}

#[test]
fn until_text_that_never_appears_fails_with_a_message() {
    let dir = scratch_dir("never");
    let rom = ok_rom(&dir);
    let out = aceemu_command()
        .args(["run", "--headless", "--rom"])
        .arg(&rom)
        .args(["--until-text", "OK", "--max-frames", "5"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("\"OK\" did not appear") && err.contains("5 frames"),
        "{err}"
    );
}

#[test]
fn dump_mem_and_screenshot_without_overwriting() {
    let dir = scratch_dir("dump");
    let rom = ok_rom(&dir);
    let png = dir.join("shot.png");
    let run = || {
        aceemu_command()
            .args(["run", "--headless", "--frames", "2", "--rom"])
            .arg(&rom)
            .args(["--dump-mem", "0x0000:4", "--screenshot"])
            .arg(&png)
            .output()
            .unwrap()
    };
    let out = run();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!("0000  31 00 40 3E{}  1.@>\n", " ".repeat(36))
    );
    let header = std::fs::read(&png).unwrap();
    assert_eq!(&header[1..4], b"PNG");
    let again = run();
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("--force"));
}

#[test]
fn rom_errors_name_the_file_or_say_what_to_do() {
    let dir = scratch_dir("rom");
    let short = dir.join("short.rom");
    std::fs::write(&short, [0u8; 1000]).unwrap();
    let out = aceemu_command()
        .args(["run", "--headless", "--rom"])
        .arg(&short)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("short.rom") && err.contains("8192") && err.contains("1000"),
        "{err}"
    );

    let info = aceemu_command()
        .args(["rom", "info", "--rom"])
        .arg(ok_rom(&dir))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&info.stdout);
    assert!(info.status.success());
    assert!(
        text.contains("unknown ROM") && text.contains("sha256:"),
        "{text}"
    );
}

#[test]
fn headless_only_flags_require_headless() {
    let out = aceemu_command()
        .args(["run", "--screen-text"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--headless"));
}

/// Output into a pipe closed early (`aceemu ... | head`) ends the program quietly: no
/// panic message. 64 KB of hex dump is far more than a pipe buffer holds.
#[test]
fn a_closed_output_pipe_ends_the_program_quietly() {
    use std::io::Read;
    use std::process::Stdio;
    let mut child = aceemu_command()
        .args([
            "run",
            "--headless",
            "--frames",
            "1",
            "--dump-mem",
            "0x0000:65535",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 100];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// `--screenshot-scale 2` writes a 512x384 PNG (the width and height in its IHDR chunk).
#[test]
fn screenshot_scale_multiplies_the_picture_size() {
    let dir = scratch_dir("scale");
    let rom = ok_rom(&dir);
    let png = dir.join("shot.png");
    let out = aceemu_command()
        .args(["run", "--headless", "--frames", "2", "--rom"])
        .arg(&rom)
        .arg("--screenshot")
        .arg(&png)
        .args(["--screenshot-scale", "2"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(&png).unwrap();
    let be = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    assert_eq!(&bytes[12..16], b"IHDR");
    assert_eq!((be(16), be(20)), (512, 384));
}

/// `--type` is not only for --headless: the window types it too, so its errors are
/// reported before a window would open (before, the window ignored --type, and without a
/// display the only message was about the display).
#[test]
fn type_is_checked_for_the_window_too() {
    for (text, expect) in [(r"a\q", r"unknown escape \q"), ("é", "cannot type 'é'")] {
        let out = aceemu_command()
            .args(["run", "--type", text])
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .output()
            .unwrap();
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("--type") && err.contains(expect), "{err}");
    }
}

/// LOAD with no tape in the deck: the failure says there is no tape (it used to say only
/// that the text did not appear), and counts its frames in good English.
#[test]
fn load_without_a_tape_says_there_is_none() {
    let out = aceemu_command()
        .args(["run", "--headless", "--type", "LOAD MAZE\\n"])
        .args(["--until-text", "OK", "--max-frames", "150"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("no tape in the deck"), "{stderr}");
    assert!(stderr.contains("within 150 frames"), "{stderr}");

    let out = aceemu_command()
        .args(["run", "--headless", "--type", "1 2 +\\n"])
        .args(["--until-text", "NEVER", "--max-frames", "1"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("within 1 frame:") || stderr.contains("within 1 frame\n"),
        "{stderr}"
    );
    assert!(!stderr.contains("no tape"), "{stderr}");
}
