//! A game over a list of mazezams: lives, retry, quit and level progression as in the
//! ZX Spectrum original (spec section 5), and the keys of the inventor's versions plus
//! the Ace's cursor keys (section 9).

use super::game::{Game, Outcome};
use super::level::Level;
use super::moves::{Direction, Move};

/// Lives at the start of a game.
pub const START_LIVES: u8 = 3;

/// What the player asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Go(Direction),
    /// Restart the mazezam, costing a life.
    Retry,
    /// End the game.
    Quit,
}

/// The command an Ace `INKEY` code means: Z X K M (either case) or the cursor keys
/// (SHIFT+5 left 0x01, SHIFT+6 up 0x07, SHIFT+7 down 0x09, SHIFT+8 right 0x03), R retry,
/// Q quit.
pub fn command_for_ace_key(code: u8) -> Option<Command> {
    Some(match code {
        b'z' | b'Z' | 0x01 => Command::Go(Direction::Left),
        b'x' | b'X' | 0x03 => Command::Go(Direction::Right),
        b'k' | b'K' | 0x07 => Command::Go(Direction::Up),
        b'm' | b'M' | 0x09 => Command::Go(Direction::Down),
        b'r' | b'R' => Command::Retry,
        b'q' | b'Q' => Command::Quit,
        _ => return None,
    })
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Playing,
    /// Every mazezam was solved ("You have escaped").
    Escaped,
    /// Quit, or a retry with no life left.
    GameOver,
}

/// What one command did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// Nothing changed (a key that does nothing, or the game is over).
    Nothing,
    Moved(Move),
    /// The mazezam was solved with this move and the next one has started.
    Solved {
        next_level: usize,
    },
    /// The last mazezam was solved.
    Escaped,
    /// The mazezam restarted; lives left.
    Retried {
        lives: u8,
    },
    GameOver,
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Session {
    levels: Vec<Level>,
    /// 0-based index of the current mazezam.
    index: usize,
    lives: u8,
    game: Game,
    phase: Phase,
}

impl Session {
    /// A new game at mazezam `start` (0-based) with [`START_LIVES`]. `levels` must not be
    /// empty and `start` must index it.
    pub fn new(levels: Vec<Level>, start: usize) -> Session {
        assert!(start < levels.len(), "no mazezam {start}");
        let game = Game::new(&levels[start]);
        Session {
            levels,
            index: start,
            lives: START_LIVES,
            game,
            phase: Phase::Playing,
        }
    }

    pub fn level_index(&self) -> usize {
        self.index
    }

    pub fn level_count(&self) -> usize {
        self.levels.len()
    }

    pub fn lives(&self) -> u8 {
        self.lives
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The mazezam being played.
    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn command(&mut self, command: Command) -> Event {
        if self.phase != Phase::Playing {
            return Event::Nothing;
        }
        match command {
            Command::Go(direction) => match self.game.press(direction) {
                Outcome::Nothing => Event::Nothing,
                Outcome::Moved(m) => Event::Moved(m),
                Outcome::Solved(_) => {
                    if self.index + 1 == self.levels.len() {
                        self.phase = Phase::Escaped;
                        Event::Escaped
                    } else {
                        // Lives carry over unchanged.
                        self.index += 1;
                        self.game = Game::new(&self.levels[self.index]);
                        Event::Solved {
                            next_level: self.index,
                        }
                    }
                }
            },
            Command::Retry => match self.lives.checked_sub(1) {
                Some(lives) => {
                    self.lives = lives;
                    self.game.restart();
                    Event::Retried { lives }
                }
                None => {
                    self.phase = Phase::GameOver;
                    Event::GameOver
                }
            },
            Command::Quit => {
                self.phase = Phase::GameOver;
                Event::GameOver
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open() -> Level {
        Level::from_drawing(&["####", "+  *", "####"]).unwrap()
    }

    #[test]
    fn three_lives_give_four_attempts_then_game_over() {
        let mut s = Session::new(vec![open()], 0);
        for lives in [2, 1, 0] {
            s.command(Command::Go(Direction::Right));
            assert_eq!(s.command(Command::Retry), Event::Retried { lives });
            assert_eq!(s.game().history().len(), 0);
        }
        assert_eq!(s.command(Command::Retry), Event::GameOver);
        assert_eq!(s.phase(), Phase::GameOver);
        assert_eq!(s.command(Command::Go(Direction::Right)), Event::Nothing);
    }

    #[test]
    fn solving_advances_and_keeps_lives_and_the_last_one_escapes() {
        let mut s = Session::new(vec![open(), open()], 0);
        s.command(Command::Retry);
        for _ in 0..2 {
            s.command(Command::Go(Direction::Right));
        }
        assert_eq!(
            s.command(Command::Go(Direction::Right)),
            Event::Solved { next_level: 1 }
        );
        assert_eq!(s.lives(), 2);
        for _ in 0..2 {
            s.command(Command::Go(Direction::Right));
        }
        assert_eq!(s.command(Command::Go(Direction::Right)), Event::Escaped);
        assert_eq!(s.phase(), Phase::Escaped);
    }

    #[test]
    fn ace_keys_and_cursor_codes_map_to_commands() {
        assert_eq!(
            command_for_ace_key(b'z'),
            Some(Command::Go(Direction::Left))
        );
        assert_eq!(
            command_for_ace_key(0x03),
            Some(Command::Go(Direction::Right))
        );
        assert_eq!(command_for_ace_key(0x07), Some(Command::Go(Direction::Up)));
        assert_eq!(
            command_for_ace_key(b'M'),
            Some(Command::Go(Direction::Down))
        );
        assert_eq!(command_for_ace_key(b'R'), Some(Command::Retry));
        assert_eq!(command_for_ace_key(b'q'), Some(Command::Quit));
        assert_eq!(command_for_ace_key(b'a'), None);
    }
}
