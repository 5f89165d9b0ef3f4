//! What the level games share (MazezaM in `super::mazezam`, Sokoban in `super::sokoban`):
//! a player who steps and sometimes pushes, solutions written as letters, a pack of levels
//! sent to the Ace on a level tape, and a 32x24 screen of character codes that a test
//! reads back as text. Each game keeps only what differs: its format, its rules, its
//! solver and the codes of its pictures.
//!
//! * [`moves`]: a move, a sequence of moves and their letters and Ace keys, a solution
//!   string read back ([`moves::Step`]) and the error for a letter that is not a move.
//! * [`ace_screen`]: the Ace's screen as text for people, and a game's own pictures
//!   (character codes 1, 2, ...) named once in a table ([`ace_screen::Pictures`]).
//! * [`level_tape`]: the two blocks of a level tape, and the names it may have.
//! * [`LevelGame`]: the trait a game implements so code written once serves every game
//!   (the `aceemu` command's `load` and `check` are written over it).
//!
//! # A third level game
//! A new game `foo` is a folder `games/foo/` holding what is its own, and these pieces:
//!
//! 1. `moves.rs`: `enum Direction` (its order is the order the solver tries moves in) and
//!    `impl moves::Step for Direction`: the letter of each direction, the Ace key that
//!    makes it, which characters of a solution string are which move (upper case for a
//!    push, if the game pushes), whether white space is passed over, and the words for a
//!    character that is not a move. Then `type Moves = moves::Moves<Direction>` and
//!    `type BadMoveLetter = moves::BadMoveLetter<Direction>` give it `Display`, `FromStr`,
//!    the move and push counts and the keys to type on the Ace.
//! 2. The level format (`format.rs`: a parser that names the file and the line of every
//!    error, and a writer), the rules (`game.rs`: a level in play that replays moves) and
//!    a solver.
//! 3. The Ace side (`ace.rs`): the game's pictures as `pictures! { WALL '#', ... }` in
//!    code order, a renderer to an [`ace_screen::Screen`] that a test compares with video
//!    RAM, `to_text` through [`ace_screen::to_text`], and the pack bytes the Forth game
//!    reads, sent through [`level_tape::blocks`].
//! 4. `struct Foo` and `impl LevelGame for Foo` tying 1-3 together; in
//!    `src/bin/aceemu/foo.rs`, `impl LevelCli for Foo` (the noun for a level and the line
//!    `check` prints), after which `load` and `check` are one line each. The subcommands
//!    whose options and reports differ by game (`solve`, `generate`, `tape`, `play`) stay
//!    in that file; `LevelChoice` and `GeneratedOutput` give them `--level` and
//!    `--output`.
//! 5. Its Forth game's tests use the shared rig in `tests/level_game_support/`.

pub mod ace_screen;
mod game;
pub mod level_tape;
pub mod moves;

pub use game::{Answer, LevelGame};
