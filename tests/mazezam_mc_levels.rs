//! Level tapes for the machine-code MazezaM: one bytes file holding an `ace_data` pack,
//! BLOADed by the loader's `LEVELS name` over the built-in pack. Made here from a
//! generated .mzm (src/games/mazezam/generator.rs) as `aceemu mazezam tape` writes them.

mod mazezam_mc_support;

use aceemu::games::mazezam::ace_data::encode_pack;
use aceemu::games::mazezam::generator::{generate, Params};
use aceemu::games::mazezam::{format, Event, Level, Session, START_LIVES};
use aceemu::machine::Key;
use aceemu::tape::pulse::Block;
use aceemu::tape::TapeSpeed;
use aceemu::workflows::mazezam_mc_tape as mc_tape;
use mazezam_mc_support::*;

/// A level tape as `aceemu mazezam tape` writes it: one bytes file holding the pack, then
/// the tape's name (which the game, reading by the count byte, never reaches).
fn level_tape(name: &str, levels: &[Level]) -> Vec<Block> {
    aceemu::games::mazezam::level_tape::blocks(levels, name).unwrap()
}

/// The game's tape with a level tape recorded after it; PLAY, then Q back to Forth, then
/// `LEVELS name` with the level tape playing on.
fn with_level_tape(levels: &[Level]) -> Mc {
    let mut blocks = committed_tape();
    blocks.extend(level_tape("gen", levels));
    let mut mc = Mc::started(blocks, TapeSpeed::Instant);
    mc.key(Key::Q);
    mc.wait_for_prompt(50);
    mc.type_text("LEVELS gen\n");
    mc
}

/// Generated levels, including the largest that fit the screen in each direction (30
/// columns: no wall left of the entrance gap nor right of the exit gap; 20 rows: the
/// walls touch the status and title lines), through a .mzm text and back.
fn generated() -> Vec<Level> {
    let sizes = [
        (6, 3, "Generated six by three"),
        (30, 3, "Thirty wide"),
        (4, 20, "Twenty high"),
        (9, 4, ""),
    ];
    let levels: Vec<Level> = sizes
        .iter()
        .enumerate()
        .map(|(i, &(w, h, title))| {
            let mut params = Params::new(w, h);
            params.attempts = 40;
            params.climb_steps = 40;
            let level = generate(100 + i as u64, &params).unwrap().level;
            level.with_title(title).unwrap()
        })
        .collect();
    let text = format::write(&levels);
    format::parse_str(&text, "generated.mzm").unwrap().levels
}

#[test]
fn a_generated_level_tape_is_played_to_the_end() {
    let levels = generated();
    let mut mc = with_level_tape(&levels);
    assert!(
        mc.until(500, |mc| mc.text().contains("invented by")),
        "{}",
        mc.text()
    );
    assert!(mc.until(50, |mc| mc.ace.typing_done()));
    mc.frames(2);
    mc.choose(1);
    let mut session = Session::new(levels.clone(), 0);
    assert_screen(&mc, &expected(&session), "generated level 1 drawn");
    for (i, level) in levels.iter().enumerate() {
        let event = play(
            &mut mc,
            &mut session,
            &solution(level),
            &format!("generated {}", i + 1),
        );
        let want = if i + 1 < levels.len() {
            Event::Solved { next_level: i + 1 }
        } else {
            Event::Escaped
        };
        assert_eq!(event, want);
    }
    assert_eq!(session.lives(), START_LIVES);
    // Only as many levels as the tape holds: 05 is refused on the title page.
    mc.key(Key::Enter);
    assert!(mc.until(20, |mc| mc.text().contains("invented by")));
    mc.choose(levels.len() + 1);
    assert!(mc.text().contains("invented by"), "{}", mc.text());
}

/// A level pack larger than the game's room is refused by BLOAD's length limit (ERROR
/// 10) and the game is not started.
#[test]
fn a_level_tape_larger_than_the_room_is_refused() {
    let title = "A title of twenty-eight char";
    let level = Level::new(20, 3, 0, 0, vec![false; 60])
        .unwrap()
        .with_title(title)
        .unwrap();
    let levels = vec![level; 40];
    let size = encode_pack(&levels).unwrap().len();
    assert!(size > usize::from(mc_tape::assemble().unwrap().pack_max));
    let mut mc = with_level_tape(&levels);
    assert!(
        mc.until(500, |mc| mc.text().contains("ERROR 10")),
        "{}",
        mc.text()
    );
    assert!(!mc.text().contains("invented by"));
}
