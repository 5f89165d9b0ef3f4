//! Manual play, the game's MAN (spec section 14): A up, Z down, K right, M left.

use super::layout::{bits, codes, Direction};
use super::state::Maze;

/// What one key press did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyOutcome {
    /// Not one of A, Z, K, M (either case).
    NotAGameKey,
    /// A wall in that direction: nothing changes.
    Blocked,
    /// The mouse moved.
    Moved(Direction),
    /// The mouse moved onto the exit: the game is over.
    ReachedExit(Direction),
    /// The mouse already stands on the exit; the game no longer reads keys.
    AlreadyOut,
}

/// The direction a key code means, after the game's AND 95 (which folds lower case
/// onto upper case).
pub fn key_direction(key: u8) -> Option<Direction> {
    match key & 95 {
        b'A' => Some(Direction::Up),
        b'Z' => Some(Direction::Down),
        b'K' => Some(Direction::Right),
        b'M' => Some(Direction::Left),
        _ => None,
    }
}

impl Maze {
    /// Is the mouse (X, U, V) on the exit cell?
    pub fn mouse_at_exit(&self) -> bool {
        self.status(usize::from(self.vars().x)) & bits::EXIT != 0
    }

    /// One accepted key press (call [`Maze::prepare_to_play`] first).
    pub fn press_key(&mut self, key: u8) -> KeyOutcome {
        if self.mouse_at_exit() {
            return KeyOutcome::AlreadyOut;
        }
        let Some(dir) = key_direction(key) else {
            return KeyOutcome::NotAGameKey;
        };
        let x = usize::from(self.vars().x);
        if self.status(x) & dir.passage_bit() == 0 {
            return KeyOutcome::Blocked;
        }
        // Passage bits never point out of the maze in a generated maze; if one does
        // (a hand-made state) the move is refused like a wall rather than leaving it.
        if dir.crosses_section(x) && self.status_beyond(dir, 0).is_none() {
            return KeyOutcome::Blocked;
        }
        self.add_screen(x, codes::LARGE_MARKER.wrapping_neg());
        if dir.crosses_section(x) {
            self.switch_section(dir);
        }
        let next = dir.step_offset(x);
        self.add_screen(next, codes::LARGE_MARKER);
        self.vars_mut().x = next as u16;
        if self.mouse_at_exit() {
            KeyOutcome::ReachedExit(dir)
        } else {
            KeyOutcome::Moved(dir)
        }
    }

    /// The route from where the mouse stands to the exit as game keys (`a` up, `z` down,
    /// `k` right, `m` left), one a cell step: the maze is a tree, so the route is the one
    /// path without turning back (spec 18.3). Found by walking a copy depth first, trying
    /// A, Z, K, M in turn and backing out of dead ends. `None` if the exit cannot be
    /// reached (a hand-made state). Call [`Maze::prepare_to_play`] first.
    pub fn route_keys(&self) -> Option<String> {
        const KEYS: [u8; 4] = [b'a', b'z', b'k', b'm'];
        let opposite = |i: usize| i ^ 1; // a<->z, k<->m
        let mut maze = self.clone();
        let mut path: Vec<usize> = Vec::new();
        // For each depth, the next key to try there.
        let mut next: Vec<usize> = vec![0];
        while !maze.mouse_at_exit() {
            let depth = next.len() - 1;
            let i = next[depth];
            if i == KEYS.len() {
                next.pop();
                let back = path.pop()?;
                maze.press_key(KEYS[opposite(back)]);
                continue;
            }
            next[depth] += 1;
            if path.last().is_some_and(|&last| i == opposite(last)) {
                continue;
            }
            if let KeyOutcome::Moved(_) | KeyOutcome::ReachedExit(_) = maze.press_key(KEYS[i]) {
                path.push(i);
                next.push(0);
            }
        }
        Some(path.iter().map(|&i| KEYS[i] as char).collect())
    }

    /// Presses `keys` one after another until the mouse reaches the exit; returns how
    /// many keys were used.
    pub fn press_keys(&mut self, keys: &[u8]) -> usize {
        for (used, &key) in keys.iter().enumerate() {
            match self.press_key(key) {
                KeyOutcome::ReachedExit(_) => return used + 1,
                KeyOutcome::AlreadyOut => return used,
                _ => {}
            }
        }
        keys.len()
    }
}
