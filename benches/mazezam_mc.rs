//! The machine-code MazezaM (`tapes/mazezam-mc.tap`) on the emulated Ace: how much of a
//! 50 Hz frame the game's work takes per move and per level drawn, measured by playing the
//! optimal solution of every pack level (see `mazezam_ports` for how).
//!
//! Run with `cargo bench --bench mazezam_mc`. It reports emulated time, which does not
//! depend on the computer; the last line gives the wall time for comparison.

mod mazezam_ports;

use aceemu::games::mazezam::pack;
use aceemu::machine::RamSize;

fn main() {
    mazezam_ports::run(mazezam_ports::Port {
        what: "machine-code MazezaM",
        tape: "tapes/mazezam-mc.tap",
        ram: RamSize::K19,
        load: "LOAD mazezam\nPLAY mazezam\n",
        title_page: "invented by",
        levels: pack::levels(),
        // The next level's title, once the player has walked out of the last.
        level_shown: |levels, next| levels[next].meta.title.clone().unwrap(),
        after_solving: "walk-out + next level drawn",
    });
}
