//! A headless run says "the Ace is waiting for a tape file that is not coming" only when
//! the Ace really waits for one: a deck may take a program's port reads for a loader
//! listening (a program polling one half-row densely reads the port just as a loader
//! does), but a loader keeps interrupts off (ace-hardware.md 7, both ROMs) and a program
//! waiting for a key or busy does not. The deck here always claims the Ace waits; the run
//! must go on while the Ace takes its interrupts and stop once LOAD turns them off.

use aceemu::frontend::headless::{self, HeadlessOptions, StopCondition};
use aceemu::frontend::{DeckControl, FrameRunner};
use aceemu::machine::{Ace, RamSize};

/// A deck that always says the Ace waits in vain.
struct ClaimsWaiting;

impl DeckControl for ClaimsWaiting {
    fn status(&self) -> String {
        "claims waiting".into()
    }
    fn toggle_play(&mut self) {}
    fn rewind(&mut self) {}
    fn waiting_reason(&self) -> Option<String> {
        Some("the Ace is waiting for a tape file that is not coming (claimed)".into())
    }
}

fn run(typed: &str, until: &str, max_frames: u32) -> (headless::Outcome, String) {
    let mut ace = Ace::new(aceemu::rom::open::open_rom(), RamSize::K19).unwrap();
    ace.caps_lock_at_prompt();
    let options = HeadlessOptions {
        type_text: Some(typed.into()),
        stop: StopCondition::UntilText {
            text: until.into(),
            max_frames,
        },
        ..HeadlessOptions::default()
    };
    let mut runner: FrameRunner = Box::new(|ace: &mut Ace| ace.run_frame());
    let outcome =
        headless::run_with_deck(&mut ace, &options, &mut runner, Some(&ClaimsWaiting)).unwrap();
    (outcome, ace.screen_text())
}

/// The issue's own line: a program polling the keyboard 3,000 times, then printing 49.
#[test]
fn a_program_polling_the_keyboard_is_not_waiting_for_a_tape() {
    let (outcome, screen) = run(
        ": T 3000 0 DO INKEY DROP LOOP 7 7 * . ; T\n",
        "49  OK",
        2_000,
    );
    assert_eq!(outcome.problem, None, "{screen}");
    assert_eq!(outcome.text_found, Some(true), "{screen}");
}

/// The control: LOAD of a file no tape brings keeps interrupts off, and the run stops
/// with the deck's reason.
#[test]
fn load_waiting_with_interrupts_off_is_waiting_for_a_tape() {
    let (outcome, screen) = run("LOAD NOWHERE\n", "never shown", 500);
    let problem = outcome
        .problem
        .unwrap_or_else(|| panic!("no problem:\n{screen}"));
    assert!(problem.contains("(claimed)"), "{problem}");
    assert!(outcome.frames < 500, "{} frames", outcome.frames);
}
