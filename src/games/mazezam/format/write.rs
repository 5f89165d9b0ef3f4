//! Writing .mzm text (spec section 7, last paragraph): `;;Version: 1` once, then for each
//! mazezam the metadata that changed, its drawing and a blank line; LF line ends.

use crate::games::mazezam::level::Level;

/// The file text for `levels`. Reading it back gives the same levels and metadata, once
/// metadata values are in the form a file can hold: one line each (a line break would end
/// the comment and start a broken row, so each becomes a space) without surrounding spaces
/// (the reader trims them).
pub fn write(levels: &[Level]) -> String {
    let mut out = String::from(";;Version: 1\n");
    let (mut title, mut author, mut comment) = (None, None, None);
    for level in levels {
        let meta = &level.meta;
        for (key, value, in_force) in [
            ("Title", &meta.title, &mut title),
            ("Author", &meta.author, &mut author),
            ("Comment", &meta.comment, &mut comment),
        ] {
            if in_force != value {
                // An empty value clears a sticky key.
                out += &metadata_line(key, value.as_deref().unwrap_or(""));
                in_force.clone_from(value);
            }
        }
        for (key, value) in &meta.extra {
            out += &metadata_line(key, value);
        }
        for line in level.drawing() {
            out += &line;
            out.push('\n');
        }
        out.push('\n');
    }
    out
}

/// `;;Key: value` on one line (`;;Key:` for an empty value).
fn metadata_line(key: &str, value: &str) -> String {
    let one_line = value.replace(['\r', '\n'], " ");
    match one_line.trim() {
        "" => format!(";;{key}:\n"),
        text => format!(";;{key}: {text}\n"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::mazezam::format::parse_str;

    fn tiny(title: Option<&str>) -> Level {
        let mut level = Level::new(1, 1, 0, 0, vec![false]).unwrap();
        level.meta.title = title.map(str::to_string);
        level
    }

    #[test]
    fn only_changed_metadata_is_written_and_clearing_writes_an_empty_value() {
        let text = write(&[tiny(Some("A")), tiny(Some("A")), tiny(None)]);
        assert_eq!(
            text,
            ";;Version: 1\n;;Title: A\n###\n+ *\n###\n\n###\n+ *\n###\n\n;;Title:\n###\n+ *\n###\n\n"
        );
        let back = parse_str(&text, "t").unwrap().levels;
        assert_eq!(back, [tiny(Some("A")), tiny(Some("A")), tiny(None)]);
    }

    /// A value with a line break (e.g. `generate --author` from a shell) used to end the
    /// comment line and write its rest as a broken row: the file did not read back.
    #[test]
    fn values_are_written_on_one_line() {
        let mut level = tiny(Some("two\nlines"));
        level.meta.author = Some(" me\r\n#####\n".into());
        level.meta.extra.push(("Note".into(), "a\nb".into()));
        let text = write(&[level]);
        assert_eq!(
            text,
            ";;Version: 1\n;;Title: two lines\n;;Author: me  #####\n;;Note: a b\n###\n+ *\n###\n\n"
        );
        let back = parse_str(&text, "t").unwrap().levels;
        assert_eq!(back.len(), 1);
        assert_eq!(back[0].meta.title.as_deref(), Some("two lines"));
        assert_eq!(back[0].meta.author.as_deref(), Some("me  #####"));
    }
}
