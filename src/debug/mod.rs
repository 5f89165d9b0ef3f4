//! The debugger's core, host-free: breakpoints (PC and Forth words), watchpoints, port
//! breakpoints, stepping at Z80 and Forth level, disassembly, and Forth introspection.
//! A front end feeds it command lines and prints what they return.
//!
//! The machine pays nothing for it when no debugger is attached: it drives the machine
//! only through [`Ace::step`] and [`Ace::run_until_pc`], and works out which memory and
//! ports an instruction touches from the instruction itself ([`access`]).

pub mod access;
pub mod condition;
pub mod disasm;
pub mod forth;
pub mod panel;
pub mod symbols;

use crate::machine::ula::FRAME_TSTATES;
use crate::machine::Ace;
use condition::Condition;
use forth::{peek16, Namer};
use iz80::{Reg16, Reg8};
use std::fmt::Write as _;
pub use symbols::Symbols;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Read,
    Write,
    ReadWrite,
}

impl Kind {
    /// `r`, `w` or `rw` if that is the next word (and how many words it took), else rw.
    fn parse_optional(s: Option<&str>) -> (Kind, usize) {
        match s {
            Some("rw") => (Kind::ReadWrite, 1),
            Some("r") => (Kind::Read, 1),
            Some("w") => (Kind::Write, 1),
            _ => (Kind::ReadWrite, 0),
        }
    }
    fn matches(self, write: bool) -> bool {
        match self {
            Kind::ReadWrite => true,
            Kind::Read => !write,
            Kind::Write => write,
        }
    }
    fn name(self) -> &'static str {
        match self {
            Kind::Read => "r",
            Kind::Write => "w",
            Kind::ReadWrite => "rw",
        }
    }
}

#[derive(Debug, Clone)]
enum Stop {
    Pc(u16),
    /// A Forth word: its CFA and name (stops when its code runs with DE = its pfa).
    Word(u16, String),
    /// A Forth word not defined yet: armed (made a `Word`) once a word of that name is.
    Pending(String),
    Watch {
        addr: u16,
        len: u16,
        kind: Kind,
    },
    Port {
        port: u8,
        kind: Kind,
    },
}

/// A stop with what gates it: a condition (`if ...`) and a hit count (`break X 3` stops
/// at the third hit that meets the condition, and at every one after it).
#[derive(Debug, Clone)]
struct Entry {
    stop: Stop,
    condition: Option<Condition>,
    count: Option<u64>,
    hits: u64,
}

impl Entry {
    /// The stop's place was reached: true when it should stop now. Counts the hit.
    fn fires(&mut self, ace: &Ace) -> bool {
        if let Some(c) = &self.condition {
            if !c.holds(ace) {
                return false;
            }
        }
        self.hits += 1;
        self.count.is_none_or(|n| self.hits >= n)
    }

    /// ` if COND`, ` count N (hits so far)` for listings.
    fn gates(&self) -> String {
        let mut s = String::new();
        if let Some(n) = self.count {
            let _ = write!(
                s,
                " count {n} ({} hit{})",
                self.hits,
                if self.hits == 1 { "" } else { "s" }
            );
        }
        if let Some(c) = &self.condition {
            let _ = write!(s, " if {}", c.text);
        }
        s
    }
}

/// Takes output as the debugger makes it; false when it could not be written.
pub type OutputSink = Box<dyn FnMut(&str) -> bool>;

/// What a command asks of the front end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Flow {
    /// Keep reading commands.
    Stay,
    /// End the run.
    Quit,
    /// A run (`continue`, `finish`, `fstep` ...) has started and goes on while the front end
    /// calls [`Debugger::advance`] (only when [`Debugger::windowed`] is set).
    Running,
}

/// A run in progress, advanced a frame at a time.
#[derive(Clone, Copy)]
enum Running {
    /// `continue [N]`: whole frames until a stop or N frames.
    Continue {
        frames: Option<u64>,
        done: u64,
        to_stop: bool,
        skip: bool,
    },
    /// `next`, `finish`, `fstep`, `fnext`: to a goal, at most `max` instructions, until
    /// T-state `end`.
    Goal {
        goal: Goal,
        end: u64,
        max: u64,
        skip: bool,
    },
}

/// What ends a run of instructions besides the user's stops.
#[derive(Clone, Copy)]
enum Goal {
    None,
    /// `next`: back at this PC with SP at least this.
    Return {
        pc: u16,
        sp: u16,
    },
    /// `finish`: a return with SP above this.
    Finish {
        sp: u16,
    },
    /// `fstep` / `fnext` (SP at least this).
    WordEntry {
        min_sp: u16,
    },
}

pub struct Debugger {
    stops: Vec<Entry>,
    pub symbols: Symbols,
    trace: bool,
    /// `trace on FILE`: where the trace lines go instead of the command's output.
    trace_file: Option<TraceFile>,
    ftrace: bool,
    /// Asked every frame (and every instruction while stepping): true breaks in (the
    /// front end's Ctrl-C).
    pub break_in: fn() -> bool,
    /// Frames `continue` (without N) runs at most; None = until a stop or Ctrl-C.
    pub continue_limit: Option<u64>,
    /// A window drives the machine: commands that run it return [`Flow::Running`] and the
    /// front end calls [`Debugger::advance`] once a frame, drawing the screen between.
    pub windowed: bool,
    running: Option<Running>,
    /// Names of ROM addresses besides the dictionary (headerless words, runtimes): the
    /// spec's table for the original ROM, the assembler's `*_cfa` labels for the open ROM.
    rom_names: Vec<(u16, String)>,
    /// The dictionary's end and newest word when pending breakpoints were last looked up
    /// ([`dictionary_mark`]).
    pending_seen: Option<(u16, u16)>,
    /// Commands refused and runs that failed (a trace file that could not be written,
    /// output that could not be written): a script with any ends with a non-zero status.
    pub failures: u64,
    /// Where output goes as it is made, while a command runs (a terminal front end); None
    /// keeps it in the command's `out` until the command returns (the window). Returns
    /// false when the output could not be written.
    pub sink: Option<OutputSink>,
    /// Called after each frame a `continue` runs outside a window (real-time pacing)
    /// while `speed` is 1 (`speed max` runs flat out).
    pub on_frame: Option<Box<dyn FnMut()>>,
    realtime: bool,
    /// What the window's memory pane follows.
    follow: panel::Follow,
}

/// Which table names a ROM's headerless words and routines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RomNames {
    /// The original ROM (or an unknown one): the spec's `rom-words.tsv`.
    Spec,
    /// The open ROM: the assembler's labels (the symbols given to the debugger).
    Symbols,
}

/// A frame runner: how the front end advances the machine by one frame (the tape deck's
/// may trap the ROM's tape routines).
pub type Runner<'a> = &'a mut dyn FnMut(&mut Ace);

impl Debugger {
    pub fn new(symbols: Symbols, names: RomNames) -> Debugger {
        let mut rom_names: Vec<(u16, String)> = match names {
            RomNames::Spec => crate::rom::compat::original_rows()
                .into_iter()
                .map(|r| (r.cfa, r.name))
                .collect(),
            RomNames::Symbols => symbols.code_fields(),
        };
        rom_names.sort();
        Debugger {
            stops: Vec::new(),
            symbols,
            trace: false,
            trace_file: None,
            ftrace: false,
            break_in: || false,
            continue_limit: None,
            windowed: false,
            running: None,
            rom_names,
            pending_seen: None,
            failures: 0,
            sink: None,
            on_frame: None,
            realtime: true,
            follow: panel::Follow::Register(Reg16::HL),
        }
    }

    fn namer(&self, ace: &Ace) -> Namer {
        Namer::new(ace, &self.rom_names)
    }

    /// True while a run started in a window goes on.
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// Starts a run: to its end here, or (in a window) a frame per [`Debugger::advance`].
    fn start(&mut self, ace: &mut Ace, run: Running, runner: Runner, out: &mut String) -> Flow {
        self.running = Some(run);
        if self.windowed {
            return Flow::Running;
        }
        while self.advance(ace, runner, out) {
            self.flush_out(out);
            if self.realtime && matches!(self.running, Some(Running::Continue { .. })) {
                if let Some(f) = &mut self.on_frame {
                    f();
                }
            }
        }
        Flow::Stay
    }

    /// Hands what `out` holds to the sink, if there is one (output streams as it is made).
    fn flush_out(&mut self, out: &mut String) {
        if out.is_empty() {
            return;
        }
        if let Some(sink) = &mut self.sink {
            if !sink(out) {
                self.failures += 1;
            }
            out.clear();
        }
    }

    /// Breaks into a run (the window's key): says so and where the machine is.
    pub fn interrupt(&mut self, ace: &Ace, out: &mut String) {
        if self.running.take().is_some() {
            let _ = writeln!(out, "interrupted");
            self.show_pc(ace, out);
        }
    }

    /// Runs the current run on by about a frame; false once it has ended (its outcome is
    /// in `out`) or when nothing runs.
    pub fn advance(&mut self, ace: &mut Ace, runner: Runner, out: &mut String) -> bool {
        let Some(run) = self.running.take() else {
            return false;
        };
        let next = match run {
            Running::Continue {
                frames,
                done,
                to_stop,
                skip,
            } => self.continue_frame(ace, frames, done, to_stop, skip, runner, out),
            Running::Goal {
                goal,
                end,
                max,
                skip,
            } => self.goal_chunk(ace, goal, end, max, skip, out),
        };
        self.running = next;
        next.is_some()
    }

    /// Runs one command line; its output goes to `out`.
    pub fn command(&mut self, ace: &mut Ace, line: &str, runner: Runner, out: &mut String) -> Flow {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return Flow::Stay;
        }
        let (cmd, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let args: Vec<&str> = rest.split_whitespace().collect();
        match self.dispatch(ace, cmd, rest.trim(), &args, runner, out) {
            Ok(flow) => flow,
            Err(e) => {
                self.failures += 1;
                let _ = writeln!(out, "error: {e}");
                Flow::Stay
            }
        }
    }

    fn dispatch(
        &mut self,
        ace: &mut Ace,
        cmd: &str,
        rest: &str,
        args: &[&str],
        runner: Runner,
        out: &mut String,
    ) -> Result<Flow, String> {
        match cmd {
            "quit" | "q" | "exit" => return Ok(Flow::Quit),
            "help" | "h" | "?" => out.push_str(HELP),
            "break" | "b" => self.add_break(ace, args, out)?,
            "watch" | "w" => {
                let spec = args
                    .first()
                    .ok_or("watch ADDR[:LEN] [r|w|rw] [N] [if COND]")?;
                let (a, l) = spec.split_once(':').unwrap_or((spec, "1"));
                let addr = self.address(ace, a)?;
                let len = symbols::parse_number(l)
                    .filter(|&n| (1..=0xFFFF).contains(&n))
                    .ok_or_else(|| format!("bad length {l:?} (1 to 65535)"))?
                    as u16;
                let (kind, used) = Kind::parse_optional(args.get(1).copied());
                let entry = self.gated(ace, Stop::Watch { addr, len, kind }, &args[1 + used..])?;
                let gates = entry.gates();
                self.stops.push(entry);
                let _ = writeln!(
                    out,
                    "watch {}: {addr:04X}:{len} {}{gates}",
                    self.stops.len(),
                    kind.name()
                );
            }
            "port" => {
                let p = args.first().ok_or("port PORT [r|w|rw] [N] [if COND]")?;
                let port = symbols::parse_number(p)
                    .filter(|&n| n <= 0xFF)
                    .ok_or_else(|| format!("bad port {p:?} (0 to 0xFF)"))?
                    as u8;
                let (kind, used) = Kind::parse_optional(args.get(1).copied());
                let entry = self.gated(ace, Stop::Port { port, kind }, &args[1 + used..])?;
                let gates = entry.gates();
                self.stops.push(entry);
                let _ = writeln!(
                    out,
                    "port break {}: {port:02X} {}{gates}",
                    self.stops.len(),
                    kind.name()
                );
            }
            "delete" | "d" => match at_most(args, 1, "delete [N]")?.first() {
                None => self.stops.clear(),
                Some(n) => {
                    let i: usize = n.parse().map_err(|_| "delete N")?;
                    if i == 0 || i > self.stops.len() {
                        return Err(format!("no stop {i}"));
                    }
                    self.stops.remove(i - 1);
                }
            },
            "stops" | "info" => {
                at_most(args, 0, "stops")?;
                self.list_stops(out)
            }
            "step" | "s" => {
                let n: u64 = at_most(args, 1, "step [N]")?
                    .first()
                    .map_or(Ok(1), |s| s.parse())
                    .map_err(|_| "step [N]: N is a whole number")?;
                for i in 0..n {
                    // Ctrl-C, F9 or SIGTERM end a long step as they end `continue`.
                    if i > 0 && (self.break_in)() {
                        let _ = writeln!(out, "interrupted after {i} steps");
                        break;
                    }
                    let why = self.run_for(ace, u64::MAX, Goal::None, true, 1, out);
                    if let Some(why) = why {
                        let _ = writeln!(out, "{why}");
                        break;
                    }
                    if out.len() >= STREAM_CHUNK {
                        self.flush_out(out);
                    }
                }
                self.show_pc(ace, out);
            }
            "next" | "n" => {
                at_most(args, 0, "next")?;
                let regs = ace.cpu().immutable_registers();
                let pc = regs.pc();
                let sp = regs.get16(Reg16::SP);
                let ins = disasm::decode(pc, |a| ace.peek(a));
                let is_call = ins.text.starts_with("CALL") || ins.text.starts_with("RST");
                let goal = if is_call {
                    Goal::Return {
                        pc: pc.wrapping_add(u16::from(ins.len)),
                        sp,
                    }
                } else {
                    Goal::None
                };
                let max = if is_call { u64::MAX } else { 1 };
                return Ok(self.run_goal(ace, goal, max, runner, out));
            }
            "finish" | "f" => {
                at_most(args, 0, "finish")?;
                let sp = ace.cpu().immutable_registers().get16(Reg16::SP);
                return Ok(self.run_goal(ace, Goal::Finish { sp }, u64::MAX, runner, out));
            }
            "fstep" => {
                at_most(args, 0, "fstep")?;
                let goal = Goal::WordEntry { min_sp: 0 };
                return Ok(self.run_goal(ace, goal, u64::MAX, runner, out));
            }
            "fnext" => {
                at_most(args, 0, "fnext")?;
                let sp = ace.cpu().immutable_registers().get16(Reg16::SP);
                let goal = Goal::WordEntry { min_sp: sp };
                return Ok(self.run_goal(ace, goal, u64::MAX, runner, out));
            }
            "continue" | "c" => {
                let frames = match at_most(args, 1, "continue [N frames]")?.first() {
                    Some(n) => Some(n.parse::<u64>().map_err(|_| "continue [N frames]")?),
                    None => self.continue_limit,
                };
                let run = Running::Continue {
                    frames,
                    done: 0,
                    to_stop: args.is_empty(),
                    skip: true,
                };
                return Ok(self.start(ace, run, runner, out));
            }
            "regs" | "r" => {
                at_most(args, 0, "regs")?;
                self.regs(ace, out)
            }
            "reg" => self.set_reg(ace, rest)?,
            "dis" => {
                let addr = match at_most(args, 2, "dis [ADDR] [N]")?.first() {
                    Some(a) => self.address(ace, a)?,
                    None => ace.cpu().immutable_registers().pc(),
                };
                let n: usize = args
                    .get(1)
                    .map_or(Ok(10), |s| s.parse())
                    .map_err(|_| "dis ADDR [N]")?;
                self.dis(ace, addr, n, out)?;
            }
            "mem" | "m" => {
                at_most(args, 2, "mem ADDR [LEN]")?;
                let addr = self.address(ace, args.first().ok_or("mem ADDR [LEN]")?)?;
                let len = args
                    .get(1)
                    .map_or(Some(64), |s| symbols::parse_number(s))
                    .ok_or("bad length")?;
                out.push_str(&hex_dump(addr, &ace.read_bytes(addr, len as usize)));
            }
            "poke" => {
                let addr = self.address(ace, args.first().ok_or("poke ADDR BYTE...")?)?;
                for (i, b) in args[1..].iter().enumerate() {
                    let v = symbols::parse_number(b).ok_or_else(|| format!("bad byte {b:?}"))?;
                    ace.poke(addr.wrapping_add(i as u16), v as u8);
                }
            }
            "type" => {
                // The rest of the line as typed keys; `\n` is ENTER. The keys are pressed
                // while the machine runs (`continue`).
                // A text in double quotes keeps its spaces: `type " "`.
                let raw = rest
                    .strip_prefix('"')
                    .and_then(|r| r.strip_suffix('"'))
                    .unwrap_or(rest);
                let text = raw.replace("\\n", "\n");
                ace.try_type_text(&text).map_err(|e| e.to_string())?;
            }
            "screen" => out.push_str(&(ace.screen_text() + "\n")),
            "frames" => {
                at_most(args, 0, "frames")?;
                let _ = writeln!(out, "frame {} (T {})", ace.frame_count(), ace.tstates());
            }
            "trace" => self.set_trace(args, out)?,
            "follow" => {
                let usage = "follow ADDR|REGISTER (the window's memory pane)";
                let what = at_most(args, 1, usage)?.first().ok_or(usage)?;
                let upper = what.to_ascii_uppercase();
                self.follow = match upper.as_str() {
                    "PC" => panel::Follow::Pc,
                    "AF" => panel::Follow::Register(Reg16::AF),
                    "BC" => panel::Follow::Register(Reg16::BC),
                    "DE" => panel::Follow::Register(Reg16::DE),
                    "HL" => panel::Follow::Register(Reg16::HL),
                    "IX" => panel::Follow::Register(Reg16::IX),
                    "IY" => panel::Follow::Register(Reg16::IY),
                    "SP" => panel::Follow::Register(Reg16::SP),
                    _ => panel::Follow::Address(self.address(ace, what)?),
                };
                let _ = writeln!(out, "the memory pane follows {what}");
            }
            "speed" => {
                match at_most(args, 1, "speed [1|max]")?.first() {
                    None => {}
                    Some(&"1") => self.realtime = true,
                    Some(&"max") => self.realtime = false,
                    Some(o) => return Err(format!("speed 1 or speed max, not {o:?}")),
                }
                let now = if self.realtime {
                    "1 (the Ace's own speed)"
                } else {
                    "max (flat out)"
                };
                let _ = writeln!(out, "continue runs at speed {now}");
            }
            "ftrace" => self.ftrace = on_off(at_most(args, 1, "ftrace on|off")?.first().copied())?,
            "stack" => {
                let floats = match at_most(args, 1, "stack [f]")?.first() {
                    None => false,
                    Some(&"f") => true,
                    Some(o) => return Err(format!("stack [f]: expected f, not {o:?}")),
                };
                self.stack(ace, floats, out)
            }
            "rstack" => {
                at_most(args, 0, "rstack")?;
                self.rstack(ace, out)
            }
            "where" => {
                at_most(args, 0, "where")?;
                self.where_(ace, out)
            }
            "panel" => {
                at_most(args, 0, "panel")?;
                for line in self.panel(ace, 40) {
                    let _ = writeln!(out, "{line}");
                }
            }
            "words" => {
                let namer = self.namer(ace);
                let n: usize = at_most(args, 1, "words [N]")?
                    .first()
                    .map_or(Ok(usize::MAX), |s| s.parse())
                    .map_err(|_| "words [N]")?;
                for w in namer.words().iter().take(n) {
                    let size = w.end.map_or("ROM".to_string(), |e| {
                        format!("{} bytes", e.wrapping_sub(w.start))
                    });
                    let _ = writeln!(out, "{:04X}  {:<16} {}", w.cfa, w.name, size);
                }
            }
            "see" => {
                let name = at_most(args, 1, "see WORD")?.first().ok_or("see WORD")?;
                let namer = self.namer(ace);
                let w = forth::find(ace, name).ok_or_else(|| format!("no word {name}"))?;
                out.push_str(&forth::see(ace, &namer, &w)?);
            }
            _ => return Err(format!("unknown command {cmd:?} (help lists them)")),
        }
        Ok(Flow::Stay)
    }

    fn add_break(&mut self, ace: &Ace, args: &[&str], out: &mut String) -> Result<(), String> {
        let usage = "break ADDR|WORD [N] [if COND]";
        let what = args.first().ok_or(usage)?;
        let (stop, said) = if let Some(addr) = self.number_or_symbol(what) {
            (Stop::Pc(addr), format!("{addr:04X}"))
        } else if let Some(w) = forth::find(ace, what) {
            let said = format!("word {} (CFA {:04X})", w.name, w.cfa);
            (Stop::Word(w.cfa, w.name), said)
        } else {
            let name = what.to_ascii_uppercase();
            let said =
                format!("no word {name} yet; it is armed when a word of that name is defined");
            (Stop::Pending(name), said)
        };
        // Everything after the place is checked before the stop is set: a condition or
        // count it cannot read refuses the whole command.
        let entry = self.gated(ace, stop, &args[1..])?;
        if matches!(entry.stop, Stop::Pending(_)) {
            self.pending_seen = Some(dictionary_mark(ace));
        }
        let gates = entry.gates();
        self.stops.push(entry);
        let _ = writeln!(out, "break {}: {said}{gates}", self.stops.len());
        Ok(())
    }

    /// A stop with the gates that follow its place: `[N | count N] [if COND]`.
    fn gated(&self, ace: &Ace, stop: Stop, rest: &[&str]) -> Result<Entry, String> {
        let mut rest = rest;
        let mut count = None;
        let number = |s: &str| -> Result<u64, String> {
            s.parse::<u64>()
                .ok()
                .filter(|&n| n >= 1)
                .ok_or_else(|| format!("a hit count is a whole number from 1, not {s:?}"))
        };
        match rest.first() {
            Some(&"count") => {
                let n = rest.get(1).ok_or("count N: the count is missing")?;
                count = Some(number(n)?);
                rest = &rest[2..];
            }
            Some(n) if n.starts_with(|c: char| c.is_ascii_digit()) => {
                count = Some(number(n)?);
                rest = &rest[1..];
            }
            _ => {}
        }
        let condition = match rest.first() {
            None => None,
            Some(w) if w.eq_ignore_ascii_case("if") => {
                let resolve = |a: &str| self.address(ace, a);
                Some(Condition::parse(&rest[1..], &resolve)?)
            }
            Some(w) => {
                return Err(format!(
                    "{w:?} is not understood here: expected a hit count (N or count N) or \
                     `if CONDITION`; nothing was set"
                ))
            }
        };
        Ok(Entry {
            stop,
            condition,
            count,
            hits: 0,
        })
    }

    /// `dis ADDR N`: Z80 code, or, at a colon word, what it is (a thread, as `see` shows
    /// it: its bytes are addresses, not instructions). The listing stops where a
    /// dictionary header starts (names and links are not code either).
    fn dis(&self, ace: &Ace, addr: u16, n: usize, out: &mut String) -> Result<(), String> {
        let namer = self.namer(ace);
        let colon = |cfa: u16| peek16(ace, cfa) == forth::COLON_CODE;
        if let Some(w) = namer.words().iter().find(|w| w.cfa == addr && colon(w.cfa)) {
            let _ = writeln!(
                out,
                "{addr:04X} is {}, a colon word: its parameter field is a thread of word \
                 addresses, not Z80 code. As `see` shows it:",
                w.name
            );
            out.push_str(&forth::see(ace, &namer, w)?);
            return Ok(());
        }
        if let Some(place) = namer.thread_containing(ace, addr) {
            let _ = writeln!(
                out,
                "{addr:04X} is inside the thread of the colon word {} (word addresses, not \
                 Z80 code); `see {}` shows it",
                place.name, place.name
            );
            return Ok(());
        }
        let mut addr = addr;
        if let Some(w) = namer.words().iter().find(|w| w.cfa == addr) {
            // A word's code field holds an address (the routine that runs it), not an
            // instruction: say so, and list what follows it.
            let field = peek16(ace, addr);
            let routine = namer
                .describe(field)
                .or_else(|| self.symbols.describe(field))
                .map_or(String::new(), |n| format!(" ({n})"));
            let _ = writeln!(
                out,
                "{addr:04X}  {:02X} {:02X}        code field of {}: {field:04X}{routine}",
                ace.peek(addr),
                ace.peek(addr.wrapping_add(1)),
                w.name
            );
            addr = addr.wrapping_add(2);
        }
        let headers: Vec<u16> = namer
            .words()
            .iter()
            .map(|w| w.start)
            .filter(|&h| h > addr)
            .collect();
        let syms = &self.symbols;
        let mut pc = addr;
        for _ in 0..n {
            if let Some(&h) = headers.iter().find(|&&h| h == pc) {
                let name = namer
                    .words()
                    .iter()
                    .find(|w| w.start == h)
                    .map_or(String::new(), |w| w.name.clone());
                let _ = writeln!(out, "{pc:04X}  (the dictionary header of {name}: not code)");
                break;
            }
            let one = disasm::listing(
                pc,
                1,
                |a| ace.peek(a),
                |a| syms.name_at(a).map(str::to_string),
            );
            out.push_str(&one);
            pc = pc.wrapping_add(u16::from(disasm::decode(pc, |a| ace.peek(a)).len));
        }
        Ok(())
    }

    fn number_or_symbol(&self, s: &str) -> Option<u16> {
        let numeric = s.starts_with(|c: char| c.is_ascii_digit()) || s.starts_with('$');
        if numeric {
            return symbols::parse_number(s).map(|v| v as u16);
        }
        self.symbols.lookup(s)
    }

    /// An address: a number, a symbol, or a Forth word (its CFA).
    fn address(&self, ace: &Ace, s: &str) -> Result<u16, String> {
        self.number_or_symbol(s)
            .or_else(|| forth::find(ace, s).map(|w| w.cfa))
            .ok_or_else(|| format!("no address, symbol or word {s:?}"))
    }

    fn list_stops(&self, out: &mut String) {
        for (i, e) in self.stops.iter().enumerate() {
            let n = i + 1;
            let what = match &e.stop {
                Stop::Pc(a) => format!("break {a:04X}"),
                Stop::Word(c, name) => format!("break word {name} ({c:04X})"),
                Stop::Pending(name) => format!("break word {name} (not defined yet)"),
                Stop::Watch { addr, len, kind } => {
                    format!("watch {addr:04X}:{len} {}", kind.name())
                }
                Stop::Port { port, kind } => format!("port {port:02X} {}", kind.name()),
            };
            let _ = writeln!(out, "{n}: {what}{}", e.gates());
        }
    }

    /// Runs to a goal; within the `continue` limit when there is one (scripts), so a goal
    /// that never comes (fstep while the ROM waits for a key) cannot hang the run.
    fn run_goal(
        &mut self,
        ace: &mut Ace,
        goal: Goal,
        max: u64,
        runner: Runner,
        out: &mut String,
    ) -> Flow {
        let end = self.continue_limit.map_or(u64::MAX, |n| {
            ace.tstates().saturating_add(n * FRAME_TSTATES)
        });
        let run = Running::Goal {
            goal,
            end,
            max,
            skip: true,
        };
        self.start(ace, run, runner, out)
    }

    /// A frame's worth of a run to a goal; the run goes on (`Some`) if the goal was not
    /// reached within the frame.
    fn goal_chunk(
        &mut self,
        ace: &mut Ace,
        goal: Goal,
        end: u64,
        max: u64,
        skip: bool,
        out: &mut String,
    ) -> Option<Running> {
        let chunk = end.min(ace.tstates().saturating_add(FRAME_TSTATES));
        match self.run_for(ace, chunk, goal, skip, max, out) {
            Some(why) => {
                let _ = writeln!(out, "{why}");
            }
            None if ace.tstates() >= end => {
                let _ = writeln!(
                    out,
                    "not reached within {}",
                    crate::plural::count(self.continue_limit.unwrap_or(0) as usize, "frame")
                );
            }
            None if ace.tstates() >= chunk => {
                return Some(Running::Goal {
                    goal,
                    end,
                    max,
                    skip: false,
                })
            }
            None => {}
        }
        self.show_pc(ace, out);
        None
    }

    /// One frame of `continue [N]`: through the front end's runner while nothing needs
    /// watching, else instruction by instruction up to the frame's end.
    #[allow(clippy::too_many_arguments)]
    fn continue_frame(
        &mut self,
        ace: &mut Ace,
        frames: Option<u64>,
        done: u64,
        to_stop: bool,
        skip: bool,
        runner: Runner,
        out: &mut String,
    ) -> Option<Running> {
        if frames.is_some_and(|n| done >= n) {
            if to_stop {
                let _ = writeln!(
                    out,
                    "no stop within {}",
                    crate::plural::count(done as usize, "frame")
                );
            }
            let _ = writeln!(out, "frame {}", ace.frame_count());
            return None;
        }
        if (self.break_in)() {
            let _ = writeln!(out, "interrupted");
            self.show_pc(ace, out);
            return None;
        }
        self.arm_pending(ace, out);
        // Breakpoints still waiting for their word are looked for between frames, so
        // the frame goes through the runner (the tape deck's traps run there: a word is
        // most often defined by LOAD).
        let watching = self
            .stops
            .iter()
            .any(|e| !matches!(e.stop, Stop::Pending(_)))
            || self.trace
            || self.ftrace;
        if !watching {
            runner(ace);
        } else {
            let end = (ace.frame_count() + 1) * FRAME_TSTATES;
            if let Some(why) = self.run_for(ace, end, Goal::None, skip, u64::MAX, out) {
                let _ = writeln!(out, "{why}");
                self.show_pc(ace, out);
                return None;
            }
        }
        Some(Running::Continue {
            frames,
            done: done + 1,
            to_stop,
            skip: false,
        })
    }

    /// Arms the pending word breakpoints whose word now exists. Looked up only when the
    /// dictionary has changed since the last look.
    fn arm_pending(&mut self, ace: &Ace, out: &mut String) {
        let Some(seen) = self.pending_seen else {
            return;
        };
        let now = dictionary_mark(ace);
        if now == seen {
            return;
        }
        self.pending_seen = Some(now);
        let mut left = false;
        for (i, entry) in self.stops.iter_mut().enumerate() {
            let stop = &mut entry.stop;
            if let Stop::Pending(name) = stop {
                match forth::find(ace, name) {
                    Some(w) => {
                        let _ = writeln!(
                            out,
                            "break {}: {} defined (CFA {:04X}): armed",
                            i + 1,
                            w.name,
                            w.cfa
                        );
                        *stop = Stop::Word(w.cfa, w.name);
                    }
                    None => left = true,
                }
            }
        }
        if !left {
            self.pending_seen = None;
        }
    }

    /// Runs instructions until T-state `end`, `max` instructions, a stop or the goal.
    /// `skip`: do not stop before the first instruction (to move off a breakpoint).
    fn run_for(
        &mut self,
        ace: &mut Ace,
        end: u64,
        goal: Goal,
        mut skip: bool,
        max: u64,
        out: &mut String,
    ) -> Option<String> {
        let simple = matches!(goal, Goal::None)
            && max == u64::MAX
            && !self.trace
            && !self.ftrace
            && self
                .stops
                .iter()
                .all(|e| matches!(e.stop, Stop::Pc(_) | Stop::Word(..) | Stop::Pending(_)));
        let mut count = 0u64;
        while ace.tstates() < end && count < max {
            self.arm_pending(ace, out);
            let moving_off = skip;
            if !skip {
                if let Some(why) = self.pc_stop(ace) {
                    return Some(why);
                }
            }
            skip = false;
            if simple && moving_off {
                // run_until_pc returns at once at a listed PC: step off the breakpoint.
                ace.step();
                continue;
            }
            if simple {
                let pcs = self.pc_list(ace);
                match ace.run_until_pc(&pcs, end - ace.tstates()) {
                    None => return None,
                    Some(_) => {
                        // A colon word entered may be the one a pending breakpoint waits for.
                        self.arm_pending(ace, out);
                        if let Some(why) = self.pc_stop(ace) {
                            return Some(why);
                        }
                        ace.step();
                        continue;
                    }
                }
            }
            if max == u64::MAX && count.is_multiple_of(4096) && (self.break_in)() {
                return Some("interrupted".into());
            }
            let (pc, sp, de) = {
                let r = ace.cpu().immutable_registers();
                (r.pc(), r.get16(Reg16::SP), r.get16(Reg16::DE))
            };
            let _ = de;
            let (mem, ports) = access::predict(ace);
            let before: Vec<Vec<u8>> = self.watched_writes(ace);
            let t0 = ace.tstates();
            let op = ace.peek(pc);
            let text = if self.trace {
                disasm::decode(pc, |a| ace.peek(a)).text
            } else {
                String::new()
            };
            ace.step();
            count += 1;
            if self.trace {
                let line = format!("{t0:>10} +{:<3} {pc:04X}  {text}", ace.tstates() - t0);
                match &mut self.trace_file {
                    Some(file) => {
                        let written = std::io::Write::write_all(&mut file.out, line.as_bytes())
                            .and_then(|_| std::io::Write::write_all(&mut file.out, b"\n"));
                        if let Err(e) = written {
                            let why = format!(
                                "error: trace: cannot write {}: {e}; the trace is off and no \
                                 file was made",
                                file.path.display()
                            );
                            self.trace = false;
                            self.trace_file = None;
                            self.failures += 1;
                            return Some(why);
                        }
                    }
                    None => {
                        let _ = writeln!(out, "{line}");
                        if out.len() >= STREAM_CHUNK {
                            self.flush_out(out);
                        }
                    }
                }
            }
            let now = ace.cpu().immutable_registers();
            let (npc, nsp, nde) = (now.pc(), now.get16(Reg16::SP), now.get16(Reg16::DE));
            // Entering a Forth word: NEXT ends with JP (HL), DE = the pfa, and the code
            // field just below it holds the new PC (ace-forth.md 1).
            let entered = op == 0xE9 && peek16(ace, nde.wrapping_sub(2)) == npc;
            if entered && self.ftrace {
                let namer = self.namer(ace);
                let cfa = nde.wrapping_sub(2);
                let name = namer
                    .name_of_cfa(ace, cfa)
                    .unwrap_or_else(|| format!("{cfa:04X}"));
                let _ = writeln!(
                    out,
                    "{name:<12} {}",
                    stack_text(&forth::data_stack(ace), false)
                );
                if out.len() >= STREAM_CHUNK {
                    self.flush_out(out);
                }
            }
            if let Some(why) = self.watch_hit(ace, pc, &mem, &ports, &before) {
                return Some(why);
            }
            match goal {
                Goal::None => {}
                Goal::Return { pc: ret, sp: s } => {
                    if npc == ret && nsp >= s {
                        return None;
                    }
                }
                Goal::Finish { sp: s } => {
                    let ret = op == 0xC9 || (op & 0xC7 == 0xC0) || (op == 0xED && nsp > s);
                    if ret && nsp > s {
                        return Some(format!("returned to {npc:04X}"));
                    }
                }
                Goal::WordEntry { min_sp } => {
                    if entered && nsp >= min_sp {
                        let namer = self.namer(ace);
                        let cfa = nde.wrapping_sub(2);
                        let name = namer
                            .name_of_cfa(ace, cfa)
                            .unwrap_or_else(|| format!("{cfa:04X}"));
                        return Some(format!("entering {name} (CFA {cfa:04X})"));
                    }
                }
            }
            let _ = (sp, de);
        }
        None
    }

    /// The PCs worth stopping at: PC breakpoints and the code of each word breakpoint;
    /// while a word breakpoint waits for its word, also every colon word's entry, so the
    /// word is armed before its first run even when it is defined and run in one frame.
    fn pc_list(&self, ace: &Ace) -> Vec<u16> {
        let mut pcs: Vec<u16> = self
            .stops
            .iter()
            .filter_map(|e| match &e.stop {
                Stop::Pc(a) => Some(*a),
                Stop::Word(cfa, _) => Some(peek16(ace, *cfa)),
                _ => None,
            })
            .collect();
        if self.pending_seen.is_some() {
            pcs.push(forth::COLON_CODE);
        }
        pcs
    }

    /// The breakpoint addresses the code pane marks.
    pub(crate) fn pc_list_for_panes(&self, ace: &Ace) -> Vec<u16> {
        self.stops
            .iter()
            .filter_map(|e| match &e.stop {
                Stop::Pc(a) => Some(*a),
                Stop::Word(cfa, _) => Some(peek16(ace, *cfa)),
                _ => None,
            })
            .collect()
    }

    fn pc_stop(&mut self, ace: &Ace) -> Option<String> {
        let r = ace.cpu().immutable_registers();
        let (pc, de) = (r.pc(), r.get16(Reg16::DE));
        for (i, e) in self.stops.iter_mut().enumerate() {
            let why = match &e.stop {
                Stop::Pc(a) if *a == pc => format!("break {} at {pc:04X}", i + 1),
                Stop::Word(cfa, name) if peek16(ace, *cfa) == pc && de == cfa.wrapping_add(2) => {
                    format!("break {}: entering {name} (CFA {cfa:04X})", i + 1)
                }
                _ => continue,
            };
            if e.fires(ace) {
                return Some(why);
            }
        }
        None
    }

    fn watched_writes(&self, ace: &Ace) -> Vec<Vec<u8>> {
        self.stops
            .iter()
            .map(|e| match e.stop {
                Stop::Watch { addr, len, kind } if kind.matches(true) => {
                    ace.read_bytes(addr, len as usize)
                }
                _ => Vec::new(),
            })
            .collect()
    }

    /// The first watchpoint or port breakpoint the instruction just run set off. Their
    /// conditions are read after the instruction (the value written is in memory).
    fn watch_hit(
        &mut self,
        ace: &Ace,
        pc: u16,
        mem: &[access::Access],
        ports: &[(u16, bool)],
        before: &[Vec<u8>],
    ) -> Option<String> {
        for (i, e) in self.stops.iter_mut().enumerate() {
            let why = match e.stop {
                Stop::Watch { addr, len, kind } => {
                    let overlaps = |a: &access::Access| {
                        let (s0, e0) = (u32::from(a.addr), u32::from(a.addr) + u32::from(a.len));
                        let (s1, e1) = (u32::from(addr), u32::from(addr) + u32::from(len));
                        s0 < e1 && s1 < e0
                    };
                    let hit = mem.iter().find(|a| kind.matches(a.write) && overlaps(a));
                    let changed =
                        kind.matches(true) && ace.read_bytes(addr, len as usize) != before[i];
                    if hit.is_none() && !changed {
                        continue;
                    }
                    let w = hit.is_none_or(|a| a.write);
                    let verb = if w { "write" } else { "read" };
                    let now = hex_bytes(&ace.read_bytes(addr, len as usize));
                    format!(
                        "watch {}: {verb} of {addr:04X}:{len} by the instruction at {pc:04X}, now {now}",
                        i + 1
                    )
                }
                Stop::Port { port, kind } => {
                    let Some(&(p, w)) = ports
                        .iter()
                        .find(|(p, w)| *p as u8 == port && kind.matches(*w))
                    else {
                        continue;
                    };
                    let verb = if w { "OUT to" } else { "IN from" };
                    format!("port break {}: {verb} port {p:04X} at {pc:04X}", i + 1)
                }
                _ => continue,
            };
            if e.fires(ace) {
                return Some(why);
            }
        }
        None
    }

    fn show_pc(&self, ace: &Ace, out: &mut String) {
        let pc = ace.cpu().immutable_registers().pc();
        let ins = disasm::decode(pc, |a| ace.peek(a));
        let place = self
            .symbols
            .describe(pc)
            .map_or(String::new(), |s| format!("  ; {s}"));
        let _ = writeln!(out, "{pc:04X}  {}{place}", ins.text);
    }

    fn regs(&self, ace: &Ace, out: &mut String) {
        let r = ace.cpu().immutable_registers();
        let st = ace.cpu().serialize();
        let alt = |i: usize| u16::from_be_bytes([st[16 + i], st[17 + i]]);
        let (iff1, iff2, im) = ace.interrupt_state();
        let flags = flag_letters(r.get8(Reg8::F));
        let _ = writeln!(
            out,
            "PC={:04X} SP={:04X} AF={:04X} BC={:04X} DE={:04X} HL={:04X} IX={:04X} IY={:04X}",
            r.pc(),
            r.get16(Reg16::SP),
            r.get16(Reg16::AF),
            r.get16(Reg16::BC),
            r.get16(Reg16::DE),
            r.get16(Reg16::HL),
            r.get16(Reg16::IX),
            r.get16(Reg16::IY)
        );
        let _ = writeln!(
            out,
            "AF'={:04X} BC'={:04X} DE'={:04X} HL'={:04X} I={:02X} R={:02X} IFF1={} IFF2={} IM={} F={flags}{}",
            alt(0),
            alt(2),
            alt(4),
            alt(6),
            r.get8(Reg8::I),
            r.get8(Reg8::R),
            iff1 as u8,
            iff2 as u8,
            im,
            if ace.is_halted() { " HALTED" } else { "" }
        );
        let _ = writeln!(out, "T={} frame={}", ace.tstates(), ace.frame_count());
    }

    fn set_reg(&self, ace: &mut Ace, spec: &str) -> Result<(), String> {
        let (name, value) = spec.split_once('=').ok_or("reg NAME=VALUE")?;
        let v = symbols::parse_number(value).ok_or_else(|| format!("bad value {value:?}"))? as u16;
        let name = name.trim().to_ascii_uppercase();
        let regs = ace.cpu_mut().registers();
        let r16 = match name.as_str() {
            "PC" => {
                regs.set_pc(v);
                return Ok(());
            }
            "AF" => Reg16::AF,
            "BC" => Reg16::BC,
            "DE" => Reg16::DE,
            "HL" => Reg16::HL,
            "IX" => Reg16::IX,
            "IY" => Reg16::IY,
            "SP" => Reg16::SP,
            _ => {
                let r8 = match name.as_str() {
                    "A" => Reg8::A,
                    "F" => Reg8::F,
                    "B" => Reg8::B,
                    "C" => Reg8::C,
                    "D" => Reg8::D,
                    "E" => Reg8::E,
                    "H" => Reg8::H,
                    "L" => Reg8::L,
                    "I" => Reg8::I,
                    "R" => Reg8::R,
                    _ => return Err(format!("no register {name}")),
                };
                regs.set8(r8, v as u8);
                return Ok(());
            }
        };
        regs.set16(r16, v);
        Ok(())
    }

    fn stack(&self, ace: &Ace, floats: bool, out: &mut String) {
        let cells = forth::data_stack(ace);
        let _ = writeln!(out, "{}", stack_text(&cells, floats));
    }

    fn rstack(&self, ace: &Ace, out: &mut String) {
        let namer = self.namer(ace);
        for (addr, v) in forth::return_stack(ace) {
            let into = self
                .caller(ace, &namer, v)
                .map(|name| format!("  -> {name}"))
                .unwrap_or_default();
            let _ = writeln!(out, "{addr:04X}: {v:04X} {:>6}{into}", v as i16);
        }
    }

    /// What a return-stack entry points into, as `where` names it: a colon word's thread
    /// (`T+16`), or a headerless ROM thread by its label (`outer_loop+4`).
    fn caller(&self, ace: &Ace, namer: &Namer, v: u16) -> Option<String> {
        if let Some(w) = namer.thread_containing(ace, v) {
            return Some(format!("{}+{}", w.name, v - w.cfa));
        }
        let called_a_word = namer
            .name_of_cfa(ace, peek16(ace, v.wrapping_sub(2)))
            .is_some();
        if v < 0x2000 && called_a_word {
            return self.symbols.describe(v);
        }
        None
    }

    /// The word running now (from PC or, at a word's entry, DE) and the colon words it
    /// was called from (the return-stack entries that point into a word's thread, in RAM
    /// or in the ROM).
    fn where_(&self, ace: &Ace, out: &mut String) {
        let (now, callers) = self.where_lines(ace, usize::MAX);
        let _ = writeln!(out, "{now}");
        for (name, ip) in callers {
            let _ = writeln!(out, "  in {name} (IP {ip:04X})");
        }
    }

    /// `where`'s answer: a line for the word running now, then (caller, return address)
    /// pairs, innermost first, from the top `depth` return-stack entries.
    pub fn where_lines(&self, ace: &Ace, depth: usize) -> (String, Vec<(String, u16)>) {
        let namer = self.namer(ace);
        let r = ace.cpu().immutable_registers();
        let (pc, de) = (r.pc(), r.get16(Reg16::DE));
        let entering = peek16(ace, de.wrapping_sub(2)) == pc;
        let here = if entering {
            namer.name_of_cfa(ace, de.wrapping_sub(2))
        } else {
            None
        };
        let code = self
            .symbols
            .describe(pc)
            .or_else(|| namer.describe(pc))
            .unwrap_or_else(|| format!("{pc:04X}"));
        let now = match here {
            Some(name) => format!("entering {name} (PC {pc:04X} {code})"),
            None => format!("PC {pc:04X} in {code}"),
        };
        let mut callers = Vec::new();
        for (_, v) in forth::return_stack(ace).into_iter().take(depth) {
            if let Some(w) = namer.thread_containing(ace, v) {
                callers.push((w.name, v));
            } else if let Some(label) = self.caller(ace, &namer, v) {
                // A headerless ROM thread (the open ROM's outer loop), by its label.
                callers.push((label, v));
            }
        }
        (now, callers)
    }
}

/// A trace being written to a file (`trace on FILE`): all or nothing, through
/// [`crate::output_file::NewFile`], so a full disk or a killed run never leaves half a
/// trace under the name, and an existing file is never replaced.
struct TraceFile {
    path: std::path::PathBuf,
    out: crate::output_file::NewFile,
}

impl Debugger {
    /// `trace on [FILE]` / `trace off`. A file is made new (an existing one is kept and
    /// the command refused) and is in place once `trace off` or the end of the session
    /// ([`Debugger::close`]) completes it.
    fn set_trace(&mut self, args: &[&str], out: &mut String) -> Result<(), String> {
        let args = at_most(args, 2, "trace on [FILE] | trace off")?;
        let on = on_off(args.first().copied())?;
        if !on && args.len() > 1 {
            return Err("trace off takes no file".into());
        }
        let path = match (on, args.get(1)) {
            (true, Some(path)) => Some(std::path::PathBuf::from(path)),
            _ => None,
        };
        // Refuse a file that exists before anything changes.
        let file = match &path {
            Some(path) if std::fs::symlink_metadata(path).is_ok() => {
                return Err(format!(
                    "trace: cannot create {}: it exists, and an existing file is not replaced",
                    path.display()
                ))
            }
            Some(path) => {
                Some(crate::output_file::create(path, false).map_err(|e| format!("trace: {e:#}"))?)
            }
            None => None,
        };
        self.close_trace(out)?;
        self.trace = on;
        if let (Some(path), Some(file)) = (path, file) {
            self.trace_file = Some(TraceFile { path, out: file });
        }
        Ok(())
    }

    /// Completes a trace file being written, if any.
    fn close_trace(&mut self, out: &mut String) -> Result<(), String> {
        if let Some(file) = self.trace_file.take() {
            let path = file.path.display().to_string();
            file.out
                .commit()
                .map_err(|e| format!("trace: cannot write {path}: {e:#}"))?;
            let _ = writeln!(out, "trace written to {path}");
        }
        Ok(())
    }

    /// The end of a debugging session: completes the trace file. A failure is counted
    /// (a script's exit status) and said in `out`.
    pub fn close(&mut self, out: &mut String) {
        if let Err(e) = self.close_trace(out) {
            self.failures += 1;
            let _ = writeln!(out, "error: {e}");
        }
    }
}

/// What changes when a word is defined or loaded: the dictionary's end (STKBOT) and the
/// context vocabulary's newest word (a LOAD moves the one before it sets the other).
fn dictionary_mark(ace: &Ace) -> (u16, u16) {
    let vocab = peek16(ace, forth::CONTEXT);
    (peek16(ace, forth::STKBOT), peek16(ace, vocab))
}

/// Output held back at most this long before it goes to the sink (`step N`, traces).
const STREAM_CHUNK: usize = 16 * 1024;

/// The arguments, refused when there are more than `n` (the usage says what is taken).
fn at_most<'a, 'b>(args: &'a [&'b str], n: usize, usage: &str) -> Result<&'a [&'b str], String> {
    match args.get(n) {
        None => Ok(args),
        Some(extra) => Err(format!(
            "{usage}: {extra:?} is not understood; nothing was done"
        )),
    }
}

fn on_off(s: Option<&str>) -> Result<bool, String> {
    match s {
        None | Some("on") => Ok(true),
        Some("off") => Ok(false),
        Some(o) => Err(format!("expected on or off, not {o:?}")),
    }
}

/// The data stack, top first: `<depth> a b c`, as signed numbers or as floats.
pub fn stack_text(cells: &[u16], floats: bool) -> String {
    let mut s = format!("<{}>", cells.len());
    if floats {
        for pair in cells.chunks(2) {
            if pair.len() == 2 {
                let _ = write!(s, " {}", forth::float_value(pair[0], pair[1]));
            } else {
                let _ = write!(s, " {}", pair[0] as i16);
            }
        }
    } else {
        for c in cells {
            let _ = write!(s, " {}", *c as i16);
        }
    }
    s
}

fn hex_bytes(b: &[u8]) -> String {
    b.iter()
        .map(|x| format!("{x:02X}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Bytes as text for a memory listing: ASCII as itself, anything else as `.`.
pub(crate) fn printable(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|&b| {
            if (0x20..0x7F).contains(&b) {
                b as char
            } else {
                '.'
            }
        })
        .collect()
}

fn hex_dump(addr: u16, bytes: &[u8]) -> String {
    let mut out = String::new();
    for (i, chunk) in bytes.chunks(16).enumerate() {
        let a = addr.wrapping_add((i * 16) as u16);
        let _ = writeln!(
            out,
            "{a:04X}  {:<47}  {}",
            hex_bytes(chunk),
            printable(chunk)
        );
    }
    out
}

pub const HELP: &str = "\
Z80:   break ADDR|SYMBOL [N] [if COND]   watch ADDR[:LEN] [r|w|rw] [N] [if COND]
       port PORT [r|w|rw] [N] [if COND]   stops   delete [N]
       step [N]   next   finish   continue [N frames]   speed [1|max]   regs   reg NAME=VALUE
       follow ADDR|REG (the window's memory pane)
       dis [ADDR] [N]   mem ADDR [LEN]   poke ADDR BYTE...   frames   trace on [FILE]|off   screen
       type TEXT (keys pressed while the machine runs; \\n is ENTER)
       N (or count N): stop at the Nth hit.  COND: comparisons joined by and/or, e.g.
       tos=3   HL>=0x2400 and [0x3C2B]!=0   w[FRAMES]>100 or depth<2   frame>=500
       (A F B C D E H L I R AF BC DE HL IX IY SP PC tos nos depth [ADDR] w[ADDR] frame)
Forth: break WORD [N] [if COND]   stack [f]   rstack   where   fstep   fnext   see WORD   words [N]   ftrace on|off
       panel (what the window's panel shows)   quit
";

/// The F register as letters, one column a bit from 7 down (SZ5H3PNC), `-` where clear.
pub(crate) fn flag_letters(f: u8) -> String {
    "SZ5H3PNC"
        .chars()
        .enumerate()
        .map(|(i, c)| if f & (0x80 >> i) != 0 { c } else { '-' })
        .collect()
}
