//! One rule (spec rule-engine.md 1-2): a 3x3 match pattern, a 3x3 update pattern and a
//! key, read from its one-line form `eabcdfghi512346789K`.

/// The wildcard of game files: any character on the match side, "leave as it is" on the
/// update side, "no key needed" as the key.
pub const WILDCARD: u8 = b'*';

/// Length of a rule line without its newline.
pub const RULE_LEN: usize = 19;

/// A rule as the original files it: by its centre character, with the eight neighbours in
/// reading order (a b c d f g h i / 1 2 3 4 6 7 8 9).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    /// The centre the rule is filed under (never treated as a wildcard, spec 6.3).
    pub centre: u8,
    /// Match characters of the neighbours, reading order.
    pub matches: [u8; 8],
    /// What the centre becomes (`*`: unchanged).
    pub new_centre: u8,
    /// What the neighbours become (`*`: unchanged), reading order.
    pub updates: [u8; 8],
    /// The key that fires it, or `*` for every cycle.
    pub key: u8,
    /// The line of the file it came from (1-based), for reports.
    pub line: usize,
}

impl Rule {
    /// Reads one 19-byte rule line. The caller has checked the length.
    pub fn from_line(bytes: &[u8; RULE_LEN], line: usize) -> Rule {
        let mut matches = [0; 8];
        matches.copy_from_slice(&bytes[1..9]);
        let mut updates = [0; 8];
        updates.copy_from_slice(&bytes[10..18]);
        Rule {
            centre: bytes[0],
            matches,
            new_centre: bytes[9],
            updates,
            key: bytes[18],
            line,
        }
    }

    /// The one-line form, as written in a file (without the newline).
    pub fn to_line(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(RULE_LEN);
        out.push(self.centre);
        out.extend_from_slice(&self.matches);
        out.push(self.new_centre);
        out.extend_from_slice(&self.updates);
        out.push(self.key);
        out
    }

    /// Does the rule fire in a cycle whose key is `key` (None: no key)?
    pub fn wants_key(&self, key: Option<u8>) -> bool {
        self.key == WILDCARD || Some(self.key) == key
    }
}
