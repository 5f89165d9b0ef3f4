//! The register/stack panel a window shows beside the machine's screen: short lines of
//! text (the window draws them), made here so the panel says what `regs`, `stack` and
//! `where` say.

use super::{disasm, forth, Debugger};
use crate::machine::Ace;
use iz80::{Reg16, Reg8};

/// The panel's width in characters.
pub const WIDTH: usize = 16;
/// The code pane's width in characters (below the screen, on the left).
pub const CODE_WIDTH: usize = 22;
/// The memory pane's width in characters (below the screen, on the right): an address,
/// [`MEMORY_BYTES`] bytes in hex and as characters.
pub const MEMORY_WIDTH: usize = 5 + 3 * MEMORY_BYTES + MEMORY_BYTES;
/// Bytes a row of the memory pane shows.
pub const MEMORY_BYTES: usize = 6;

/// What the memory pane follows (`follow ADDR|REG`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Follow {
    Address(u16),
    Register(Reg16),
    Pc,
}

impl Debugger {
    /// The panel: registers, flags, the data stack (top first) and the Forth word running
    /// with its callers, at most `rows` lines of at most [`WIDTH`] characters.
    pub fn panel(&self, ace: &Ace, rows: usize) -> Vec<String> {
        let r = ace.cpu().immutable_registers();
        let reg = |a: &str, ra: Reg16, b: &str, rb: Reg16| {
            format!("{a} {:04X} {b} {:04X}", r.get16(ra), r.get16(rb))
        };
        let flags = super::flag_letters(r.get8(Reg8::F));
        let (iff1, _, im) = ace.interrupt_state();
        let mut lines = vec![
            format!("PC {:04X} SP {:04X}", r.pc(), r.get16(Reg16::SP)),
            reg("AF", Reg16::AF, "BC", Reg16::BC),
            reg("DE", Reg16::DE, "HL", Reg16::HL),
            reg("IX", Reg16::IX, "IY", Reg16::IY),
            format!("F  {flags}"),
            format!(
                "I {:02X} IM{im} {}{}",
                r.get8(Reg8::I),
                if iff1 { "EI" } else { "DI" },
                if ace.is_halted() { " HLT" } else { "" }
            ),
            format!("frame {}", ace.frame_count()),
            String::new(),
        ];
        // The callers among the top of the return stack (drawn every frame: kept short).
        let (now, callers) = self.where_lines(ace, 48);
        let cells = forth::data_stack(ace);
        // The word and its callers get what the stack leaves (at least 3 rows).
        let word_rows = 3 + callers.len().min(5);
        let stack_rows = rows.saturating_sub(lines.len() + 2 + word_rows).max(1);
        lines.push(format!("STACK <{}>", cells.len()));
        for c in cells.iter().take(stack_rows) {
            lines.push(format!("{:>7} {c:04X}", *c as i16));
        }
        if cells.len() > stack_rows {
            lines.push("  ...".into());
        }
        lines.push(String::new());
        lines.push("WORD".into());
        // The word being entered, or else the code PC is in (PC itself is at the top).
        let now = match now.strip_prefix("entering ") {
            Some(word) => word.split(" (").next().unwrap_or(word),
            None => now
                .split_once(" in ")
                .map_or(now.as_str(), |(_, code)| code),
        };
        lines.push(format!(" {now}"));
        for (name, _) in callers.iter().take(5) {
            lines.push(format!("  in {name}"));
        }
        // A long name (`wait_enter.wait+1`) goes on over the next row rather than being
        // cut: a name cut short can read as another name.
        let mut wrapped = Vec::new();
        for l in lines {
            let chars: Vec<char> = l.chars().collect();
            if chars.len() <= WIDTH {
                wrapped.push(l);
                continue;
            }
            // Break before a `+` or `.` where there is one, else at the width.
            let cut = (4..=WIDTH)
                .rev()
                .find(|&i| matches!(chars[i], '+' | '.'))
                .unwrap_or(WIDTH);
            wrapped.push(chars[..cut].iter().collect());
            for piece in chars[cut..].chunks(WIDTH - 3) {
                wrapped.push(format!("   {}", piece.iter().collect::<String>()));
            }
        }
        wrapped.truncate(rows);
        wrapped
    }
}

impl Debugger {
    /// The code pane: a heading, then instructions around PC (`>` marks PC, `*` a
    /// breakpoint), at most `rows` lines of at most [`CODE_WIDTH`] characters.
    pub fn code_pane(&self, ace: &Ace, rows: usize) -> Vec<String> {
        let pc = ace.cpu().immutable_registers().pc();
        let marks = self.pc_list_for_panes(ace);
        let before = rows.saturating_sub(1) / 3;
        let mut addr = start_before(ace, pc, before);
        let mut lines = vec!["CODE".to_string()];
        while lines.len() < rows {
            let ins = disasm::decode(addr, |a| ace.peek(a));
            let mark = if addr == pc {
                '>'
            } else if marks.contains(&addr) {
                '*'
            } else {
                ' '
            };
            let mut line = format!("{mark}{addr:04X} {}", ins.text);
            line.truncate(CODE_WIDTH);
            lines.push(line);
            addr = addr.wrapping_add(u16::from(ins.len.max(1)));
        }
        lines
    }

    /// The memory pane: a heading naming what it follows, then rows of
    /// [`MEMORY_BYTES`] bytes from there.
    pub fn memory_pane(&self, ace: &Ace, rows: usize) -> Vec<String> {
        let r = ace.cpu().immutable_registers();
        let (addr, what) = match self.follow {
            Follow::Address(a) => (a, format!("{a:04X}")),
            Follow::Register(reg) => (r.get16(reg), format!("{reg:?}")),
            Follow::Pc => (r.pc(), "PC".to_string()),
        };
        let mut lines = vec![format!("MEMORY at {what}")];
        for row in 0..rows.saturating_sub(1) {
            let a = addr.wrapping_add((row * MEMORY_BYTES) as u16);
            let bytes = ace.read_bytes(a, MEMORY_BYTES);
            let hex: Vec<String> = bytes.iter().map(|b| format!("{b:02X}")).collect();
            lines.push(format!(
                "{a:04X} {} {}",
                hex.join(" "),
                super::printable(&bytes)
            ));
        }
        lines
    }
}

/// An address `n` instructions before `pc`, found by decoding forward from up to 4·n
/// bytes back and keeping a start whose instructions land exactly on `pc` (Z80 code
/// cannot be decoded backwards); `pc` itself when none does.
fn start_before(ace: &Ace, pc: u16, n: usize) -> u16 {
    if n == 0 {
        return pc;
    }
    for back in (1..=(4 * n as u16)).rev() {
        let start = pc.wrapping_sub(back);
        let mut at = start;
        let mut starts = Vec::new();
        while at != pc && pc.wrapping_sub(at) <= back {
            starts.push(at);
            at = at.wrapping_add(u16::from(disasm::decode(at, |a| ace.peek(a)).len.max(1)));
        }
        if at == pc && starts.len() >= n {
            return starts[starts.len() - n];
        }
    }
    pc
}
