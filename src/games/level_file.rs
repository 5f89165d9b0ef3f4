//! Which game a level file is for, told by its extension, so a MazezaM file given to the
//! Sokoban commands (or the other way round) is named as such instead of failing with a
//! page of errors about its characters.

use std::path::Path;

/// The level files of the games here: (extension, game, its command).
const KINDS: [(&str, &str, &str); 4] = [
    ("mzm", "MazezaM", "aceemu mazezam"),
    ("xsb", "Sokoban", "aceemu sokoban"),
    ("sok", "Sokoban", "aceemu sokoban"),
    ("rules", "CABBAGE rule", "aceemu cabbage"),
];

/// When `file`'s extension says it is another game's level file than `game` ("MazezaM",
/// "Sokoban"), the message saying so and which commands take it.
pub fn other_game(file: &Path, game: &str) -> Option<String> {
    let ext = file.extension()?.to_str()?.to_ascii_lowercase();
    let (_, other, command) = KINDS.iter().find(|(e, _, _)| *e == ext)?;
    (*other != game).then(|| {
        format!(
            "{}: a {other} file (by its .{ext} name), not a {game} one: the `{command}` \
             commands take it (e.g. `{command} solve {}`)",
            file.display(),
            file.display()
        )
    })
}

#[cfg(test)]
mod tests {
    use super::other_game;
    use std::path::Path;

    #[test]
    fn another_games_file_is_named_and_this_games_is_not() {
        let msg = other_game(Path::new("levels/aceemu.mzm"), "Sokoban").unwrap();
        assert!(msg.contains("a MazezaM file"), "{msg}");
        assert!(
            msg.contains("`aceemu mazezam solve levels/aceemu.mzm`"),
            "{msg}"
        );
        let msg = other_game(Path::new("x.XSB"), "MazezaM").unwrap();
        assert!(msg.contains("a Sokoban file"), "{msg}");
        assert!(other_game(Path::new("x.xsb"), "Sokoban").is_none());
        assert!(other_game(Path::new("x.txt"), "Sokoban").is_none());
    }
}
