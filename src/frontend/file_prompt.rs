//! F3's file-name prompt in the window's title bar: typing and deleting, Tab completing
//! names as a shell does, `~/` for the home folder, and starting in the folder of the
//! last file opened. Host-free (the window feeds it characters), so tests drive it.

use std::path::{Path, PathBuf};

/// What the prompt does with the keys typed.
#[derive(Debug, PartialEq, Eq)]
pub enum PromptKey {
    Typing,
    Done(String),
    Cancelled,
}

/// The prompt's text and what it remembers between two F3s.
#[derive(Debug, Default)]
pub struct FilePrompt {
    /// The text being typed, `None` while the prompt is closed.
    text: Option<String>,
    /// The folder of the last file opened, as it was typed (ends in `/`).
    last_dir: String,
    /// What the last Tab found, shown beside the text (several names, none).
    hint: Option<String>,
}

impl FilePrompt {
    /// Opens the prompt with the last folder used already typed.
    pub fn open(&mut self) {
        self.text = Some(self.last_dir.clone());
        self.hint = None;
    }

    pub fn is_open(&self) -> bool {
        self.text.is_some()
    }

    /// The text typed so far, if open.
    pub fn text(&self) -> Option<&str> {
        self.text.as_deref()
    }

    /// What the last Tab found, if it was not one name.
    pub fn hint(&self) -> Option<&str> {
        self.hint.as_deref()
    }

    /// Edits the text with the characters typed: Enter submits, Esc cancels, Backspace
    /// deletes, Tab completes.
    pub fn edit(&mut self, chars: &[char]) -> PromptKey {
        let Some(text) = self.text.as_mut() else {
            return PromptKey::Typing;
        };
        for &c in chars {
            match c {
                '\r' | '\n' => {
                    let name = std::mem::take(text);
                    self.text = None;
                    return PromptKey::Done(name);
                }
                '\u{1b}' => {
                    self.text = None;
                    return PromptKey::Cancelled;
                }
                '\u{8}' | '\u{7f}' => {
                    text.pop();
                    self.hint = None;
                }
                '\t' => {
                    let (completed, hint) = complete(text);
                    *text = completed;
                    self.hint = hint;
                }
                c if !c.is_control() => {
                    text.push(c);
                    self.hint = None;
                }
                _ => {}
            }
        }
        PromptKey::Typing
    }

    /// Remembers the folder of a file opened (as typed), for the next F3.
    pub fn opened(&mut self, typed: &str) {
        self.last_dir = match typed.rfind('/') {
            Some(i) => typed[..=i].to_string(),
            None => String::new(),
        };
    }
}

/// A typed path as a path to open: a leading `~/` is the home folder.
pub fn expand_home(typed: &str) -> PathBuf {
    match (typed.strip_prefix("~/"), std::env::var_os("HOME")) {
        (Some(rest), Some(home)) => Path::new(&home).join(rest),
        _ => PathBuf::from(typed),
    }
}

/// Completes the last part of `typed` from the names in its folder: one match is
/// completed (a folder with `/`), several as far as they agree, and the hint lists them
/// (or says there is none). Names starting with `.` only when the part typed does.
pub fn complete(typed: &str) -> (String, Option<String>) {
    let (dir_part, prefix) = match typed.rfind('/') {
        Some(i) => typed.split_at(i + 1),
        None => ("", typed),
    };
    let dir = if dir_part.is_empty() {
        PathBuf::from(".")
    } else {
        expand_home(dir_part)
    };
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return (
            typed.to_string(),
            Some(format!("cannot read {}", dir.display())),
        );
    };
    let mut matches: Vec<(String, bool)> = entries
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().into_string().ok()?;
            let hidden = name.starts_with('.') && !prefix.starts_with('.');
            let is_dir = e.path().is_dir();
            (name.starts_with(prefix) && !hidden).then_some((name, is_dir))
        })
        .collect();
    matches.sort();
    match matches.as_slice() {
        [] => (typed.to_string(), Some("no such name".into())),
        [(name, is_dir)] => {
            let slash = if *is_dir { "/" } else { "" };
            (format!("{dir_part}{name}{slash}"), None)
        }
        several => {
            let common = several
                .iter()
                .map(|(n, _)| n.as_str())
                .reduce(common_prefix)
                .unwrap_or(prefix);
            let names: Vec<String> = several
                .iter()
                .map(|(n, d)| format!("{n}{}", if *d { "/" } else { "" }))
                .collect();
            let shown = if names.len() > 8 {
                format!("{} ... ({} names)", names[..8].join(" "), names.len())
            } else {
                names.join(" ")
            };
            (format!("{dir_part}{common}"), Some(shown))
        }
    }
}

/// The longest start `a` and `b` share, cut at a character boundary.
fn common_prefix<'a>(a: &'a str, b: &str) -> &'a str {
    let len = a
        .char_indices()
        .zip(b.chars())
        .find(|((_, x), y)| x != y)
        .map_or(a.len().min(b.len()), |((i, _), _)| i);
    &a[..len]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(prompt: &mut FilePrompt, text: &str) -> PromptKey {
        prompt.edit(&text.chars().collect::<Vec<_>>())
    }

    #[test]
    fn the_prompt_edits_submits_and_cancels() {
        let mut prompt = FilePrompt::default();
        prompt.open();
        assert_eq!(typed(&mut prompt, "tapx\u{8}es/a.tap"), PromptKey::Typing);
        assert_eq!(prompt.text(), Some("tapes/a.tap"));
        assert_eq!(
            typed(&mut prompt, "\r"),
            PromptKey::Done("tapes/a.tap".into())
        );
        assert!(!prompt.is_open());
        prompt.open();
        assert_eq!(typed(&mut prompt, "x\u{1b}"), PromptKey::Cancelled);
    }

    #[test]
    fn the_prompt_starts_in_the_folder_of_the_last_file_opened() {
        let mut prompt = FilePrompt::default();
        prompt.open();
        assert_eq!(prompt.text(), Some(""));
        prompt.opened("/tmp/games/x.tap");
        prompt.open();
        assert_eq!(prompt.text(), Some("/tmp/games/"));
        prompt.opened("here.tap");
        prompt.open();
        assert_eq!(prompt.text(), Some(""));
    }

    #[test]
    fn tab_completes_one_name_and_as_far_as_several_agree() {
        let dir = std::env::temp_dir().join(format!("aceemu-prompt-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("levels")).unwrap();
        for name in ["maze.tap", "mazezam.tap", "mazezam-mc.tap", ".hidden.tap"] {
            std::fs::write(dir.join(name), b"").unwrap();
        }
        let base = format!("{}/", dir.display());
        let (text, hint) = complete(&format!("{base}l"));
        assert_eq!((text, hint), (format!("{base}levels/"), None));
        let (text, hint) = complete(&format!("{base}mazez"));
        assert_eq!(text, format!("{base}mazezam"));
        assert_eq!(hint.as_deref(), Some("mazezam-mc.tap mazezam.tap"));
        let (text, hint) = complete(&format!("{base}q"));
        assert_eq!(
            (text, hint.as_deref()),
            (format!("{base}q"), Some("no such name"))
        );
        // Hidden names only when asked for.
        let (_, hint) = complete(&base);
        assert!(!hint.unwrap().contains(".hidden"));
        let (text, _) = complete(&format!("{base}.h"));
        assert_eq!(text, format!("{base}.hidden.tap"));
        // Tab in the prompt completes in place.
        let mut prompt = FilePrompt::default();
        prompt.opened(&format!("{base}x.tap"));
        prompt.open();
        assert_eq!(typed(&mut prompt, "mazezam-\t"), PromptKey::Typing);
        assert_eq!(
            prompt.text(),
            Some(format!("{base}mazezam-mc.tap").as_str())
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn common_prefixes_stop_at_the_first_difference() {
        assert_eq!(common_prefix("mazezam", "maze.tap"), "maze");
        assert_eq!(common_prefix("abc", "ab"), "ab");
        assert_eq!(common_prefix("é1", "é2"), "é");
    }
}
