//! MazezaM for the unexpanded Ace (`tapes/mazezam-3k.tap`) on an emulated 3 KB Ace: how
//! much of a 50 Hz frame the game's work takes per move and per level drawn, measured by
//! playing the optimal solution of every built-in level (see `mazezam_ports` for how).
//!
//! Run with `cargo bench --bench mazezam_3k`. It reports emulated time, which does not
//! depend on the computer; the last line gives the wall time for comparison.

mod mazezam_ports;

use aceemu::machine::RamSize;
use aceemu::workflows::mazezam_3k_tape as tape_3k;

fn main() {
    mazezam_ports::run(mazezam_ports::Port {
        what: "MazezaM in 3 KB",
        tape: tape_3k::TAPE_PATH,
        ram: RamSize::K3,
        load: "LOAD mz3k\nPLAY mz3k\n",
        title_page: "MazezaM by",
        levels: tape_3k::builtin_levels().unwrap(),
        // No titles in 3 KB: the status line's level number.
        level_shown: |_, next| format!("LEVEL {:02}", next + 1),
        after_solving: "next level drawn",
    });
}
