//! The beeper (spec 5): OUT to an even port switches the speaker on, IN switches it off;
//! the machine stamps each change with its T-state and turns the level into samples, each
//! the mean level over T-states [floor(k·3,250,000/rate), floor((k+1)·3,250,000/rate)) times
//! 0.25. Expected edges are worked out by hand from instruction timings; expected samples
//! come from a brute-force model written here.

use aceemu::machine::testing::TestRom;
use aceemu::machine::{Ace, RamSize};

/// Four periods of OUT (on) / IN (off), DI from reset:
///   0000 LD C,4           7
///   0002 OUT (0xFE),A    11   I/O at +9
///   0004 LD B,20          7
///   0006 DJNZ $         255   (13·19 + 8)
///   0008 IN A,(0xFE)     11   I/O at +9
///   000A LD B,20          7
///   000C DJNZ $         255
///   000E DEC C            4
///   000F JR NZ,0002    12/7
///   0011 HALT
/// OUT k starts at 7 + 562k (on at 16 + 562k); IN k starts 273 T after it (off at
/// 289 + 562k). The port access is at T 9 of IN A,(n) / OUT (n),A, as the
/// SingleStepTests z80 suite records the bus.
fn beeper_program() -> Ace {
    let code = [
        0x0E, 0x04, 0xD3, 0xFE, 0x06, 0x14, 0x10, 0xFE, 0xDB, 0xFE, 0x06, 0x14, 0x10, 0xFE, 0x0D,
        0x20, 0xF1, 0x76,
    ];
    TestRom::new().at(0, &code).boot(RamSize::K3)
}

fn expected_edges() -> Vec<(u64, bool)> {
    (0..4u64)
        .flat_map(|k| [(16 + 562 * k, true), (289 + 562 * k, false)])
        .collect()
}

#[test]
fn out_switches_on_and_in_switches_off_at_the_io_cycle() {
    let mut ace = beeper_program();
    ace.run_tstates(3000);
    assert_eq!(ace.speaker_edges(), expected_edges());
    assert!(!ace.speaker_level());
}

#[test]
fn samples_of_100_t_states_by_hand() {
    let mut ace = beeper_program();
    ace.set_audio_rate(32_500); // exactly 100 T per sample
    ace.run_tstates(600);
    let samples = ace.take_audio();
    assert_eq!(samples.len(), 6);
    // On from 16 to 289 and from 578: 84, 100, 89, 0, 0 and 22 T of each 100.
    let want = [0.84 * 0.25, 0.25, 0.89 * 0.25, 0.0, 0.0, 0.22 * 0.25];
    for (i, (got, want)) in samples.iter().zip(want).enumerate() {
        assert!((got - want).abs() < 1e-6, "sample {i}: {got} vs {want}");
    }
}

/// Level at T-state `t` from the edge list.
fn level_at(edges: &[(u64, bool)], t: u64) -> bool {
    edges
        .iter()
        .take_while(|(et, _)| *et <= t)
        .last()
        .is_some_and(|(_, on)| *on)
}

#[test]
fn samples_at_44100_match_a_brute_force_model_and_do_not_depend_on_chunking() {
    let edges = expected_edges();
    let until = 2_600u64;
    let model: Vec<f32> = (0u64..)
        .map(|k| (k * 3_250_000 / 44_100, (k + 1) * 3_250_000 / 44_100))
        .take_while(|&(_, end)| end <= until)
        .map(|(start, end)| {
            let on = (start..end).filter(|&t| level_at(&edges, t)).count();
            0.25 * on as f32 / (end - start) as f32
        })
        .collect();
    assert!(model.len() > 30);

    let mut whole = beeper_program();
    whole.run_tstates(until);
    let at_once = whole.take_audio();

    let mut chunked = beeper_program();
    let mut pieces = Vec::new();
    while chunked.tstates() < until {
        chunked.run_tstates(97);
        pieces.extend(chunked.take_audio());
    }
    for samples in [&at_once, &pieces] {
        assert!(samples.len() >= model.len());
        for (i, (got, want)) in samples.iter().zip(&model).enumerate() {
            assert!((got - want).abs() < 1e-6, "sample {i}: {got} vs {want}");
        }
    }
}

#[test]
fn debug_port_and_odd_ports_do_not_touch_the_speaker() {
    // OUT (1),A ; IN A,(1) ; HALT
    let mut ace = TestRom::new()
        .at(0, &[0xD3, 0x01, 0xDB, 0x01, 0x76])
        .boot(RamSize::K3);
    ace.run_tstates(100);
    assert!(ace.speaker_edges().is_empty());
}

/// A run that never takes samples pays for at most the last 10 s when it finally does:
/// after 30 emulated seconds of silence, 10 s of samples at 44.1 kHz (441,000), not 30 s.
#[test]
fn samples_not_taken_for_long_are_limited_to_the_last_ten_seconds() {
    let mut ace = beeper_program();
    ace.run_frames(50 * 30);
    let samples = ace.take_audio();
    assert!(
        (440_990..=441_010).contains(&samples.len()),
        "{} samples",
        samples.len()
    );
    assert!(samples.iter().all(|&s| s == 0.0));
}
