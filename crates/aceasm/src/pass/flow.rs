//! Walking the lines of a file or macro body: conditional assembly, collecting macro
//! definitions, and expanding macro calls with their private local-label scope.

use super::{Pass, DIRECTIVES, MAX_DEPTH, MAX_EXPANSION_BYTES, MAX_LINES, PRIVATE};
use crate::error::Diag;
use crate::lexer::{split_args, split_fields, strip_comment, Word};
use crate::macros::{expanded_line, substitute, Macro};
use crate::source::Line;
use std::path::Path;
use std::rc::Rc;

struct IfFrame {
    active: bool,
    parent_active: bool,
    taken: bool,
    else_seen: bool,
    line: Line,
    col: usize,
}

pub(super) struct MacroDef {
    pub name: String,
    pub params: Vec<String>,
    pub body: Vec<Line>,
    pub line: Line,
    pub col: usize,
}

pub(super) enum Flow {
    Next,
    End,
}

impl Pass<'_> {
    /// Processes a file or macro body; IF and MACRO must be closed within it.
    pub(super) fn block(&mut self, lines: &[Line], dir: &Path) {
        let mut ifs: Vec<IfFrame> = Vec::new();
        let mut def: Option<MacroDef> = None;
        for line in lines {
            if self.abort {
                return;
            }
            self.lines_seen += 1;
            if self.lines_seen > MAX_LINES {
                let msg = format!("the source expands to more than {MAX_LINES} lines");
                self.error(line, Diag::new(1, msg));
                self.abort = true;
                return;
            }
            if let Flow::End = self.line(line, dir, &mut ifs, &mut def) {
                break;
            }
        }
        if let Some(d) = def {
            let msg = format!("MACRO {} has no ENDM", d.name);
            self.error(&d.line, Diag::new(d.col, msg));
        }
        for f in ifs {
            self.error(&f.line, Diag::new(f.col, "IF without ENDIF"));
        }
    }

    fn line(
        &mut self,
        line: &Line,
        dir: &Path,
        ifs: &mut Vec<IfFrame>,
        def: &mut Option<MacroDef>,
    ) -> Flow {
        let active = ifs.last().is_none_or(|f| f.active);
        let text = match strip_comment(&line.text) {
            Ok(t) => t,
            Err(d) => {
                if active && def.is_none() {
                    self.error(line, d);
                }
                return Flow::Next;
            }
        };
        let fields = split_fields(text, &|w| self.is_keyword(w));
        if let Some(d) = def.as_mut() {
            let op = fields.as_ref().ok().and_then(|f| f.op);
            match op.map(|o| o.text.to_ascii_uppercase()).as_deref() {
                Some("ENDM") => {
                    let d = def.take().expect("checked above");
                    self.define_macro(d, dir);
                }
                Some("MACRO") => {
                    let col = op.map_or(1, |o| o.col);
                    self.error(
                        line,
                        Diag::new(col, "a MACRO cannot be defined inside another"),
                    );
                }
                _ => d.body.push(Line {
                    text: text.into(),
                    ..line.clone()
                }),
            }
            return Flow::Next;
        }
        let f = match fields {
            Ok(f) => f,
            Err(d) => {
                if active {
                    self.error(line, d);
                }
                return Flow::Next;
            }
        };
        let upper =
            f.op.map(|o| o.text.to_ascii_uppercase())
                .unwrap_or_default();
        match upper.as_str() {
            "IF" => {
                let (col, taken) = if active {
                    let c = f.op.map_or(1, |o| o.col);
                    match f.args {
                        Some(w) => match self.eval(w, Some("IF")) {
                            Ok(v) => (c, v.unwrap_or(0) != 0),
                            Err(d) => {
                                self.error(line, d);
                                (c, false)
                            }
                        },
                        None => {
                            self.error(line, Diag::new(c, "IF needs a condition"));
                            (c, false)
                        }
                    }
                } else {
                    (f.op.map_or(1, |o| o.col), false)
                };
                ifs.push(IfFrame {
                    active: active && taken,
                    parent_active: active,
                    taken,
                    else_seen: false,
                    line: line.clone(),
                    col,
                });
                return Flow::Next;
            }
            "ELSE" | "ENDIF" => {
                let col = f.op.map_or(1, |o| o.col);
                let Some(top) = ifs.last_mut() else {
                    self.error(line, Diag::new(col, format!("{upper} without IF")));
                    return Flow::Next;
                };
                if upper == "ENDIF" {
                    ifs.pop();
                } else if top.else_seen {
                    self.error(line, Diag::new(col, "second ELSE for one IF"));
                } else {
                    top.else_seen = true;
                    top.active = top.parent_active && !top.taken;
                }
                return Flow::Next;
            }
            _ if !active => return Flow::Next,
            "END" => {
                self.list(None, line);
                return Flow::End;
            }
            _ => {}
        }
        let start = self.pc;
        self.line_start = start;
        self.line_bytes.clear();
        let listed_addr = match self.statement(line, &f, &upper, dir, def) {
            Ok(a) => a,
            Err(d) => {
                self.error(line, d);
                Some(start)
            }
        };
        if let Some(a) = listed_addr {
            self.list(Some(a), line);
        }
        Flow::Next
    }

    fn define_macro(&mut self, d: MacroDef, dir: &Path) {
        if self.macros.contains_key(&d.name)
            || DIRECTIVES.contains(&d.name.to_ascii_uppercase().as_str())
        {
            let msg = format!("macro '{}' is already defined (or is a directive)", d.name);
            self.error(&d.line, Diag::new(d.col, msg));
            return;
        }
        let m = Macro {
            name: d.name.clone(),
            params: d.params,
            body: d.body,
            dir: dir.to_path_buf(),
        };
        self.macros.insert(d.name, Rc::new(m));
    }

    pub(super) fn expand(
        &mut self,
        m: &Rc<Macro>,
        call: &Line,
        op: Word<'_>,
        args: Option<Word<'_>>,
    ) -> Result<(), Diag> {
        let args = match args {
            Some(w) => split_args(w)?,
            None => Vec::new(),
        };
        if args.len() != m.params.len() {
            return Err(Diag::new(
                op.col,
                format!(
                    "macro {} takes {} argument{} ({}), got {}",
                    m.name,
                    m.params.len(),
                    if m.params.len() == 1 { "" } else { "s" },
                    m.params.join(", "),
                    args.len()
                ),
            ));
        }
        if self.depth >= MAX_DEPTH {
            self.abort = true;
            return Err(Diag::new(
                op.col,
                format!(
                    "macro {} nested more than {MAX_DEPTH} deep (does it call itself?)",
                    m.name
                ),
            ));
        }
        self.expansions += 1;
        let mut calls = vec![format!(
            "in macro {} called at {}:{}",
            m.name, call.file, call.line
        )];
        calls.extend(call.calls.iter().flat_map(|c| c.iter().cloned()));
        let calls = Rc::new(calls);
        let texts: Vec<&str> = args.iter().map(|w| w.text).collect();
        let mut lines: Vec<Line> = Vec::with_capacity(m.body.len());
        let mut room = MAX_EXPANSION_BYTES;
        for l in &m.body {
            let Some(text) = substitute(&l.text, &m.params, &texts, room) else {
                self.abort = true;
                return Err(Diag::new(
                    op.col,
                    format!(
                        "macro {} expands to more than {MAX_EXPANSION_BYTES} bytes of text \
                         (does an argument grow at every level of nesting?)",
                        m.name
                    ),
                ));
            };
            room -= text.len();
            lines.push(expanded_line(l, text, &calls));
        }
        self.private
            .push(format!("{}{PRIVATE}{}", self.expansions, m.name));
        self.depth += 1;
        self.block(&lines, &m.dir);
        self.depth -= 1;
        self.private.pop();
        Ok(())
    }
}
