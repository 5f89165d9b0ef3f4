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
