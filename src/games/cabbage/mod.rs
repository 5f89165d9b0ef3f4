//! CABBAGE, the 3x3 rule engine for games (spec `rule-engine.md`): a game is a map of
//! characters and two lists of rules that rewrite 3x3 neighbourhoods, some only when a
//! given key is pressed. This is an independent implementation of the behaviour of the
//! original (J. K. Bonfield's 1993 IOCCC entry "rince"), the "CABBAGE-compatible mode" of
//! spec section 4: the same file gives the same map cycle by cycle.
//!
//! - [`reader::read`]: the file format, every problem reported with line and column;
//! - [`Engine`]: the map and one [`Engine::step`] per cycle;
//! - [`keys::parse_keys`]: the key scripts of `aceemu cabbage run`.
//!
//! ```
//! use aceemu::games::cabbage::{reader, Engine};
//! // A player `@` steps right onto floor `.` on key `l`. The rule is in list B, whose
//! // pass runs right to left, against the move: one step a cycle.
//! let file = b"\n@****.***.****@***l\n\n6 3\n#####\n#@..#\n#####\n";
//! let description = reader::read(file).description.unwrap();
//! let mut engine = Engine::new(&description);
//! engine.step(Some(b'l'));
//! assert_eq!(engine.text(), "#####\n#.@.#\n#####\n");
//! ```

pub mod ace;
pub mod engine;
pub mod keys;
pub mod reader;
pub mod rule;

pub use engine::{map_text, Anomaly, AnomalyKind, Engine};
pub use reader::{read, Description, Diagnostic, Read, Severity, MAX_SHOWN};
pub use rule::{Rule, WILDCARD};
