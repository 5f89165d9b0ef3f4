//! `SECTION`/`ENDS`, `PIN` and `PACK`: blocks of code the packer ([`crate::layout`]) places.
//!
//! A section is assembled at the start address the previous pass's layout gave it (or,
//! before there is one, right where it is written), so its labels take their final values
//! once the layout stops changing. Inside a section, bytes are only counted until the final
//! pass, which writes them at their final addresses.

use super::{Kind, Pass};
use crate::error::{AsmError, Diag};
use crate::layout::{self, Jump, JumpEnd, Layout, Place, Region, SectionUse, Strategy};
use crate::lexer::{ident_len, split_args, Fields, Word};
use crate::source::Line;

/// One `SECTION` of the current pass.
#[derive(Clone, Debug)]
pub(super) struct SectionRec {
    pub name: String,
    /// The address it is assembled at in this pass.
    pub start: u32,
    pub size: u32,
    /// The first `AT`/`PIN`: offset into the section and the address it asks for
    /// (`None` while the address is not known yet).
    pub pin: Option<(u32, Option<i32>)>,
    /// `FOLLOWS other [ALWAYS]`: placed right after section `other` when the gap there
    /// holds it (with ALWAYS even when that leaves a sliver).
    pub follows: Option<String>,
    pub follow_always: bool,
    pub at: Place,
    /// The address assembly continues at after `ENDS`.
    pub outer_pc: u32,
}

impl Pass<'_> {
    /// `SECTION name [AT addr]`: start a section (a label on the line names its start).
    /// A SECTION line with an error still opens a section, so that its ENDS matches.
    pub(super) fn section_start(
        &mut self,
        line: &Line,
        f: &Fields<'_>,
        op_col: usize,
    ) -> Result<Option<u32>, Diag> {
        let was_open = self.open_section.is_some();
        let r = self.open(line, f, op_col);
        if r.is_err() && !was_open && self.open_section.is_none() {
            self.sections.push(SectionRec {
                name: format!("#{}", self.sections.len()),
                start: self.pc,
                size: 0,
                pin: None,
                follows: None,
                follow_always: false,
                at: Place {
                    file: line.file.to_string(),
                    line: line.line,
                    col: op_col as u32,
                    note: line.note(),
                },
                outer_pc: self.pc,
            });
            self.open_section = Some(self.sections.len() - 1);
        }
        r
    }

    fn open(&mut self, line: &Line, f: &Fields<'_>, op_col: usize) -> Result<Option<u32>, Diag> {
        if let Some(i) = self.open_section {
            let s = &self.sections[i];
            return Err(Diag::new(
                op_col,
                format!(
                    "SECTION inside section '{}' (started at {}); close it with ENDS first",
                    s.name, s.at
                ),
            ));
        }
        // `SECTION` alone opens an anonymous section (a macro that cuts code into pieces
        // needs no names): it is named after its place in the pass, the same every pass.
        let anonymous = format!("@{}", self.sections.len());
        let (name, rest, name_col) = match f.args {
            None => (anonymous.as_str(), "", op_col),
            Some(args) => {
                let n = ident_len(args.text.as_bytes(), 0);
                if n == 0 || args.text.starts_with('.') {
                    return Err(Diag::new(
                        args.col,
                        "SECTION needs a name (letters, digits, _)",
                    ));
                }
                (&args.text[..n], &args.text[n..], args.col)
            }
        };
        let args_col = f.args.map_or(op_col, |a| a.col);
        let args_len = f.args.map_or(0, |a| a.text.len());
        let mut follows = None;
        let mut follow_always = false;
        let at = match rest.trim_start() {
            "" => None,
            r => {
                let col = args_col + args_len - r.len();
                let word_len = ident_len(r.as_bytes(), 0);
                let tail = r[word_len..].trim();
                let (tail, always) = match tail.rsplit_once(char::is_whitespace) {
                    Some((t, w)) if w.eq_ignore_ascii_case("ALWAYS") => (t.trim(), true),
                    _ => (tail, false),
                };
                if r[..word_len].eq_ignore_ascii_case("FOLLOWS")
                    && !tail.is_empty()
                    && ident_len(tail.as_bytes(), 0) == tail.len()
                {
                    follows = Some(tail.to_string());
                    follow_always = always;
                    None
                } else if !r[..word_len].eq_ignore_ascii_case("AT") || tail.is_empty() {
                    return Err(Diag::new(
                        col,
                        format!(
                            "expected `AT address` or `FOLLOWS section` after the section name, found '{r}'"
                        ),
                    ));
                } else {
                    let tail = &r[word_len..];
                    let expr = tail.trim_start();
                    Some(Word {
                        text: expr,
                        col: col + r.len() - expr.len(),
                    })
                }
            }
        };
        let name = name.to_string();
        let name = name.as_str();
        // A duplicate is still opened (and the error given at the end), so its ENDS matches.
        let duplicate = self.sections.iter().find(|s| s.name == name).map(|s| {
            Diag::new(
                name_col,
                format!("duplicate section '{name}': first at {}", s.at),
            )
        });
        let at_value = match at {
            Some(w) => {
                let v = self.eval(w, None)?;
                if let Some(v) = v.filter(|v| !(0..=0xFFFF).contains(v)) {
                    return Err(Diag::new(
                        w.col,
                        format!("section address {v} is outside 0..65535"),
                    ));
                }
                Some(v)
            }
            None => None,
        };
        let start = self
            .layout
            .starts
            .get(name)
            .copied()
            .or(at_value.flatten().map(|v| v as u32))
            .unwrap_or(self.pc);
        self.sections.push(SectionRec {
            name: name.to_string(),
            start,
            size: 0,
            pin: at_value.map(|v| (0, v)),
            follows,
            follow_always,
            at: Place {
                file: line.file.to_string(),
                line: line.line,
                col: name_col as u32,
                note: line.note(),
            },
            outer_pc: self.pc,
        });
        self.falls_through = None;
        self.open_section = Some(self.sections.len() - 1);
        self.pc = start;
        if let Some(d) = duplicate {
            return Err(d);
        }
        if let Some(l) = f.label {
            self.define(line, l, start as i32, Kind::Label)?;
        }
        Ok(Some(start))
    }

    /// `ENDS`: close the open section; assembly goes on where it was before `SECTION`.
    pub(super) fn section_end(&mut self, op_col: usize) -> Result<(), Diag> {
        let i = self
            .open_section
            .take()
            .ok_or_else(|| Diag::new(op_col, "ENDS without SECTION"))?;
        let s = &mut self.sections[i];
        s.size = self.pc - s.start;
        self.pc = s.outer_pc;
        // The packer puts whatever it likes after a section: code must not run off its end.
        if let Some(last) = self.falls_through.take().filter(|_| self.fall_check) {
            return Err(Diag::new(
                op_col,
                format!(
                    "section '{}' ends with `{last}`, which would run on into whatever the \
                     packer places next: end it with JP, JR or RET (or data)",
                    s.name
                ),
            ));
        }
        Ok(())
    }

    /// `PIN addr`: this point must be at `addr`. In a section the first pin fixes where the
    /// section goes; every pin is checked in the final pass (outside sections too).
    pub(super) fn pin(&mut self, f: &Fields<'_>, op_col: usize) -> Result<(), Diag> {
        let w = self.args_or(f, op_col, "an address")?;
        let v = self.eval(w, None)?;
        if let Some(i) = self.open_section {
            let s = &mut self.sections[i];
            if s.pin.is_none() {
                s.pin = Some((self.pc - s.start, v));
            }
        }
        let Some(want) = v.filter(|_| self.last) else {
            return Ok(());
        };
        let here = self.pc as i64;
        if here != i64::from(want) {
            let diff = here - i64::from(want);
            let how = if diff > 0 { "after" } else { "before" };
            let mut msg = format!(
                "PIN {want:#06X}: this point is at {here:#06X}, {} bytes {how} its pinned address",
                diff.abs()
            );
            if let Some(i) = self.open_section {
                let s = &self.sections[i];
                msg += &format!(
                    " (section '{}' is placed by its first AT/PIN, at {:#06X})",
                    s.name, s.start
                );
            }
            return Err(Diag::new(w.col, msg));
        }
        Ok(())
    }

    /// `PACK lo, end [, BESTFIT | INORDER | FILL]`: floating sections may use `lo..end`.
    pub(super) fn pack(&mut self, f: &Fields<'_>, op_col: usize) -> Result<(), Diag> {
        if let Some(i) = self.open_section {
            return Err(Diag::new(
                op_col,
                format!("PACK inside section '{}'", self.sections[i].name),
            ));
        }
        let args = split_args(self.args_or(f, op_col, "a range: PACK lo, end")?)?;
        if !(2..=3).contains(&args.len()) {
            return Err(Diag::new(
                op_col,
                "PACK takes lo, end (one past the last byte) and an optional BESTFIT, INORDER or FILL",
            ));
        }
        if let Some(&w) = args.get(2) {
            let s = match w.text.to_ascii_uppercase().as_str() {
                "BESTFIT" => Strategy::BestFit,
                "INORDER" => Strategy::InOrder,
                "FILL" => Strategy::Fill,
                _ => {
                    return Err(Diag::new(
                        w.col,
                        format!(
                            "'{}' is not a packing order (BESTFIT, INORDER or FILL)",
                            w.text
                        ),
                    ))
                }
            };
            if self.strategy.is_some_and(|old| old != s) {
                return Err(Diag::new(
                    w.col,
                    "PACK regions disagree on the packing order (BESTFIT, INORDER or FILL)",
                ));
            }
            self.strategy = Some(s);
        }
        let lo = self.eval(args[0], None)?;
        let end = self.eval(args[1], None)?;
        let (Some(lo), Some(end)) = (lo, end) else {
            return Ok(()); // forward reference: the region counts from the next pass
        };
        if !(0..=0x10000).contains(&lo) || !(lo..=0x10000).contains(&end) {
            return Err(Diag::new(
                args[0].col,
                format!("PACK region {lo:#06X}..{end:#06X} must satisfy 0 <= lo <= end <= 0x10000"),
            ));
        }
        self.regions.push(Region {
            lo: lo as u32,
            end: end as u32,
        });
        Ok(())
    }

    /// End of a pass: a section still open is an error.
    pub(super) fn check_sections_closed(&mut self) {
        if let Some(i) = self.open_section.take() {
            let s = &self.sections[i];
            self.errors.push(AsmError {
                file: s.at.file.clone(),
                line: s.at.line,
                column: s.at.col,
                message: format!("SECTION '{}' has no ENDS", s.name),
            });
        }
    }

    /// Where this pass's sections go (for the next pass), and what did not fit.
    /// `frozen`: the jumps to keep short, when the passes no longer take them afresh (see
    /// `assemble`); the jumps used are returned.
    /// `keep`: the layout to keep (see `layout::place`).
    pub(super) fn layout(
        &self,
        frozen: Option<&[Jump]>,
        keep: Option<&Layout>,
    ) -> (Layout, Vec<AsmError>, Vec<Jump>) {
        let uses: Vec<SectionUse> = self
            .sections
            .iter()
            .filter(|s| !matches!(s.pin, Some((_, None))))
            .map(|s| SectionUse {
                name: s.name.clone(),
                size: s.size,
                pinned_at: s
                    .pin
                    .and_then(|(off, v)| v.map(|v| i64::from(v) - i64::from(off))),
                follows: s.follows.clone(),
                follow_always: s.follow_always,
                at: s.at.clone(),
            })
            .collect();
        let jumps = match frozen {
            Some(j) => j.to_vec(),
            None => self.jrx_jumps_for(&uses),
        };
        let (layout, errors) = layout::place(
            &uses,
            &self.regions,
            &self.fixed,
            self.strategy.unwrap_or_default(),
            &jumps,
            keep,
        );
        let errors = errors
            .into_iter()
            .map(|e| AsmError {
                file: e.at.file,
                line: e.at.line,
                column: e.at.col,
                message: e.message + &e.at.note,
            })
            .collect();
        (layout, errors, jumps)
    }

    /// This pass's JRX sites as jumps between the sections of `uses` (by this pass's
    /// addresses: a target in a section becomes an offset into it).
    fn jrx_jumps_for(&self, uses: &[SectionUse]) -> Vec<Jump> {
        let index: std::collections::HashMap<&str, usize> = uses
            .iter()
            .enumerate()
            .map(|(i, u)| (u.name.as_str(), i))
            .collect();
        let in_use = |rec: usize| index.get(self.sections[rec].name.as_str()).copied();
        let mut by_start: Vec<(u32, u32, usize)> = self
            .sections
            .iter()
            .enumerate()
            .filter(|(_, s)| s.size > 0)
            .map(|(i, s)| (s.start, s.start + s.size, i))
            .collect();
        by_start.sort_unstable();
        let end_at = |addr: u32, rec: Option<usize>| {
            let rec = rec.or_else(|| {
                let k = by_start.partition_point(|r| r.0 <= addr);
                k.checked_sub(1)
                    .map(|k| by_start[k])
                    .filter(|r| addr < r.1)
                    .map(|r| r.2)
            });
            match rec.and_then(|r| in_use(r).map(|u| (u, self.sections[r].start))) {
                Some((u, start)) => JumpEnd {
                    section: Some(u),
                    off: addr.wrapping_sub(start),
                },
                None => JumpEnd {
                    section: None,
                    off: addr,
                },
            }
        };
        self.jrx_jumps
            .iter()
            .map(|&(site, rec, target, long)| Jump {
                from: end_at(site, rec),
                to: end_at(target, None),
                long,
            })
            .collect()
    }
}
