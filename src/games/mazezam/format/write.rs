//! Writing .mzm text (spec section 7, last paragraph): `;;Version: 1` once, then for each
//! mazezam the metadata that changed, its drawing and a blank line; LF line ends.

use crate::games::mazezam::level::Level;

/// The file text for `levels`. Reading it back gives the same levels and metadata.
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
                match value {
                    Some(text) => out += &format!(";;{key}: {text}\n"),
                    // An empty value clears a sticky key.
                    None => out += &format!(";;{key}:\n"),
                }
                in_force.clone_from(value);
            }
        }
        for (key, value) in &meta.extra {
            match value.as_str() {
                "" => out += &format!(";;{key}:\n"),
                text => out += &format!(";;{key}: {text}\n"),
            }
        }
        for line in level.drawing() {
            out += &line;
            out.push('\n');
        }
        out.push('\n');
    }
    out
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
}
