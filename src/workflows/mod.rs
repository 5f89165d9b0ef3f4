//! Workflows: jobs that boot a machine to get something done, one floor above the machine
//! (`crate::machine`), the deck (`crate::tape`) and the games' models (`crate::games`), and
//! below the front ends, which only call them.
//!
//! * [`from_forth`]: a dictionary tape made by typing a Forth source into the Ace and
//!   saving it.
//! * [`mc_game_tape`]: what the machine-code games' tapes share; [`mazezam_mc_tape`],
//!   [`mazezam_3k_tape`] and [`cabbage_tape`]: the tapes themselves.
//! * [`cabbage_ace_run`]: a rule file run cycle by cycle by the Z80 engine on an Ace, its
//!   maps printed as the Rust engine's (`aceemu cabbage run --ace`).
//! * [`maze_game`]: the Forth maze game driven through the keyboard, for tests.
//! * [`forth_speed`]: how many frames Forth words take (`aceemu bench --forth`).

pub mod cabbage_ace_run;
pub mod cabbage_tape;
pub mod forth_speed;
pub mod from_forth;
pub mod maze_game;
pub mod mazezam_3k_tape;
pub mod mazezam_mc_tape;
pub mod mc_game_tape;
