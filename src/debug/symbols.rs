//! Symbol tables in the assembler's `name EQU value` format (`aceemu asm --sym`).

use std::collections::{BTreeMap, HashMap, HashSet};

#[derive(Debug, Default, Clone)]
pub struct Symbols {
    /// Labels: the names of places in code and data, for naming addresses.
    by_addr: BTreeMap<u16, String>,
    /// Every symbol, constants too (`break`, `mem` and conditions look names up here).
    by_name: HashMap<String, u16>,
    /// The names given as labels (the rest of `by_name` are constants).
    labels: HashSet<String>,
}

impl Symbols {
    /// Parses `name EQU value` lines; `what` names the source in errors (file name). A
    /// line with the comment `; constant` (the assembler's mark for EQU and DEFL symbols:
    /// offsets, masks, port numbers) can be looked up but never names an address.
    pub fn parse(text: &str, what: &str) -> Result<Symbols, String> {
        let mut s = Symbols::default();
        for (i, line) in text.lines().enumerate() {
            let (line, comment) = line.split_once(';').unwrap_or((line, ""));
            let constant = comment.trim() == "constant";
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            let parts: Vec<&str> = line.split_whitespace().collect();
            let bad = || format!("{what}:{}: expected `name EQU value`, got {line:?}", i + 1);
            if parts.len() != 3 || !parts[1].eq_ignore_ascii_case("EQU") {
                return Err(bad());
            }
            let value = parse_number(parts[2]).ok_or_else(bad)?;
            if value > 0xFFFF {
                continue; // not an address
            }
            if constant {
                s.by_name.insert(parts[0].to_string(), value as u16);
            } else {
                s.add(parts[0], value as u16);
            }
        }
        Ok(s)
    }

    pub fn add(&mut self, name: &str, addr: u16) {
        self.by_name.insert(name.to_string(), addr);
        self.labels.insert(name.to_string());
        // Prefer code labels (the open ROM spells them in lower case; upper-case names
        // are constants such as bit masks) and global labels over private ones
        // (`word.loop`); else the first given.
        let rank = |n: &str| (n.chars().any(|c| c.is_ascii_lowercase()), !n.contains('.'));
        let replace = match self.by_addr.get(&addr) {
            None => true,
            Some(old) => rank(name) > rank(old),
        };
        if replace {
            self.by_addr.insert(addr, name.to_string());
        }
    }

    pub fn merge(&mut self, other: &Symbols) {
        for (name, &addr) in &other.by_name {
            if other.labels.contains(name) {
                self.add(name, addr);
            } else {
                self.by_name.insert(name.clone(), addr);
            }
        }
    }

    /// The code-field labels (`name_cfa`, as the open ROM's source names every word and
    /// headerless word), as (address, label): the open ROM's table of its own words.
    pub fn code_fields(&self) -> Vec<(u16, String)> {
        self.by_name
            .iter()
            .filter(|(n, _)| n.ends_with("_cfa") && !n.contains('.') && self.labels.contains(*n))
            .map(|(n, &a)| (a, n.clone()))
            .collect()
    }

    pub fn name_at(&self, addr: u16) -> Option<&str> {
        self.by_addr.get(&addr).map(|s| s.as_str())
    }

    pub fn lookup(&self, name: &str) -> Option<u16> {
        self.by_name.get(name).copied()
    }

    /// `label+offset` for the nearest symbol at or below `addr` (within 256 bytes).
    pub fn describe(&self, addr: u16) -> Option<String> {
        let (&a, name) = self.by_addr.range(..=addr).next_back()?;
        match addr - a {
            0 => Some(name.clone()),
            d if d < 256 => Some(format!("{name}+{d}")),
            _ => None,
        }
    }
}

/// `0x1F`, `$1F`, `1Fh`, or decimal.
pub fn parse_number(s: &str) -> Option<u32> {
    let s = s.trim();
    if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        u32::from_str_radix(h, 16).ok()
    } else if let Some(h) = s.strip_prefix('$') {
        u32::from_str_radix(h, 16).ok()
    } else if let Some(h) = s.strip_suffix(['h', 'H']) {
        u32::from_str_radix(h, 16).ok()
    } else if let Some(n) = s.strip_prefix('-') {
        let v: i64 = n.parse().ok()?;
        Some((-v) as u32 & 0xFFFF)
    } else {
        s.parse().ok()
    }
}
