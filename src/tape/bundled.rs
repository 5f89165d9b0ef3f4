//! The games whose tapes are built into aceemu (`include_bytes!` of `tapes/`), so `aceemu
//! play NAME` runs them from any directory. One table: a new bundled tape is one more row.
//! `aceemu play --list --json` gives it to the web page's menu (web/build.sh writes it as
//! `tapes/tapes.json` beside the tapes), so the page and `play` share this one table.

use super::image::{Format, TapeImage};

/// A game on a tape built into the binary, and how to start it.
#[derive(Debug)]
pub struct BundledGame {
    /// The name `aceemu play` takes (the tape's file name without `.tap`).
    pub name: &'static str,
    /// The tape's file in `tapes/`.
    pub file: &'static str,
    /// What it is, for `play --list` and the web page's menu.
    pub title: &'static str,
    /// The tape's bytes (TAP).
    pub tape: &'static [u8],
    /// What is typed to load and start it, in `--type`'s notation (`\n` = ENTER).
    pub start: &'static str,
    /// Press CAPS LOCK first (the names on the tape are in capitals).
    pub caps_lock: bool,
    /// The smallest RAM it runs in, in KB (3, 19, 35 or 51).
    pub ram_kb: u32,
    /// The keys, once it has started.
    pub keys: &'static str,
}

/// Every bundled game, in the order `play --list` shows them.
pub const GAMES: &[BundledGame] = &[
    BundledGame {
        name: "maze",
        file: "maze.tap",
        title: "A-Mouz-in-Mase (the maze game, Forth)",
        tape: include_bytes!("../../tapes/maze.tap"),
        start: "LOAD MAZE\\nRUN\\n",
        caps_lock: true,
        // The large maze needs the 32 K pack; the small and medium ones run in 19 K.
        ram_kb: 35,
        keys: "any key, then 1/2/3 size, P play (A up, Z down, K right, M left) or W watch",
    },
    BundledGame {
        name: "mazezam",
        file: "mazezam.tap",
        title: "MazezaM in Forth",
        tape: include_bytes!("../../tapes/mazezam.tap"),
        start: "LOAD MAZEZAM\\nRUN\\n",
        caps_lock: true,
        ram_kb: 19,
        keys: "two digits and ENTER pick a level; Z X K M move, R restart, Q quit",
    },
    BundledGame {
        name: "mazezam-mc",
        file: "mazezam-mc.tap",
        title: "MazezaM in Z80 machine code",
        tape: include_bytes!("../../tapes/mazezam-mc.tap"),
        start: "LOAD mazezam\\nPLAY mazezam\\n",
        caps_lock: false,
        ram_kb: 19,
        keys: "two digits and ENTER pick a level; Z X K M move, R restart, Q quit",
    },
    BundledGame {
        name: "mazezam-3k",
        file: "mazezam-3k.tap",
        title: "MazezaM for the unexpanded Ace: the whole game in 3 KB (machine code)",
        tape: include_bytes!("../../tapes/mazezam-3k.tap"),
        start: "LOAD mz3k\\nPLAY mz3k\\n",
        caps_lock: false,
        ram_kb: 3,
        keys: "two digits and ENTER pick a level (01-10); Z X K M move, R restart, Q quit",
    },
    BundledGame {
        name: "sokoban",
        file: "sokoban.tap",
        title: "Sokoban with numbered boxes (Forth)",
        tape: include_bytes!("../../tapes/sokoban.tap"),
        start: "LOAD SOKOBAN\\nRUN\\n",
        caps_lock: true,
        ram_kb: 19,
        keys: "two digits and ENTER pick a level; Z X K M move, U undo, R restart, Q title",
    },
    BundledGame {
        name: "cabbage",
        file: "cabbage.tap",
        title: "CABBAGE rule games: mazezam, sokoban, boulders, tron (machine code)",
        tape: include_bytes!("../../tapes/cabbage.tap"),
        start: "LOAD cabbage\\n",
        caps_lock: false,
        ram_kb: 19,
        keys: "type PLAY mazezam (or sokoban, boulders, tron); z x k m move, Esc to Forth",
    },
    BundledGame {
        name: "demo",
        file: "demo.tap",
        title: "PLOT demo (Forth)",
        tape: include_bytes!("../../tapes/demo.tap"),
        start: "LOAD DEMO\\nDEMO\\n",
        caps_lock: true,
        ram_kb: 3,
        keys: "any key stops it; then 7 TABLE or 5 TRIANGLE",
    },
];

/// The bundled game called `name` (case-insensitive, `.tap` allowed).
pub fn find(name: &str) -> Option<&'static BundledGame> {
    let name = name.strip_suffix(".tap").unwrap_or(name);
    GAMES.iter().find(|g| g.name.eq_ignore_ascii_case(name))
}

/// The bundled game whose tape a path names (`tapes/maze.tap`, `maze.tap`), if any: for
/// the hint when such a path does not exist here.
pub fn for_path(path: &std::path::Path) -> Option<&'static BundledGame> {
    let file = path.file_name()?.to_str()?;
    GAMES.iter().find(|g| g.file == file)
}

/// The names, for messages: "maze, mazezam, ...".
pub fn names() -> String {
    GAMES.iter().map(|g| g.name).collect::<Vec<_>>().join(", ")
}

impl BundledGame {
    /// The tape, read from the bytes built in.
    pub fn image(&self) -> anyhow::Result<TapeImage> {
        TapeImage::from_bytes(self.tape, &format!("{} (built in)", self.file), Format::Tap)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bundled_tape_reads_cleanly_and_holds_the_name_it_loads() {
        for game in GAMES {
            let image = game.image().unwrap();
            assert!(
                image.warnings.is_empty(),
                "{}: {:?}",
                game.name,
                image.warnings
            );
            // The first word of the start line is LOAD, the second the name on tape.
            let loaded = game.start.split("\\n").next().unwrap();
            let name = loaded.strip_prefix("LOAD ").expect("starts with LOAD");
            let on_tape = image.blocks.iter().filter(|b| b.is_header()).any(|b| {
                super::super::tap::Header::parse(&b.data)
                    .is_some_and(|h| h.name_text().trim_end() == name)
            });
            assert!(on_tape, "{}: no file called {name} on its tape", game.name);
        }
    }

    #[test]
    fn games_are_found_by_name_and_by_their_tape_path() {
        assert_eq!(find("MAZE").unwrap().file, "maze.tap");
        assert_eq!(find("mazezam-mc.tap").unwrap().name, "mazezam-mc");
        assert!(find("tetris").is_none());
        let path = std::path::Path::new("tapes/sokoban.tap");
        assert_eq!(for_path(path).unwrap().name, "sokoban");
    }
}
