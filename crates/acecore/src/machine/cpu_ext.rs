//! What iz80 0.5.1 does not let us do through its public API: set IFF1/IFF2 and the
//! interrupt mode. (Its own interrupt path panics in IM 0 and
//! IM 2 and runs the first handler instruction in the same call, so the machine accepts
//! interrupts itself and needs to clear the flip-flops.)
//!
//! iz80 exposes its whole state as a byte string (`serialize`/`deserialize`); the layout is
//! the registers (16 main + 16 shadow bytes, PC low, PC high, IFF1, IFF2, IM), then the
//! cycle counter (8 bytes), then flags: branch_taken, halted, int_signaled, nmi_pending,
//! reset_pending, int_just_enabled, index, displacement. The round trip allocates and
//! copies the whole state, so the machine keeps the interrupt state itself while it runs
//! ([`InterruptState`]) and writes iz80's copy only when a run ends with it changed. A test
//! pins the layout, so a different iz80 version fails loudly instead of corrupting state.

use iz80::{Cpu, Reg16};

const REGISTER_BYTES: usize = 32;
const IFF1: usize = REGISTER_BYTES + 2;
const IFF2: usize = REGISTER_BYTES + 3;
const IM: usize = REGISTER_BYTES + 4;
const TOTAL: usize = REGISTER_BYTES + 5 + 8 + 8;

fn patch(cpu: &mut Cpu, edit: impl FnOnce(&mut [u8])) {
    let mut state = cpu.serialize();
    assert_eq!(
        state.len(),
        TOTAL,
        "iz80 state layout changed: the machine needs updating"
    );
    edit(&mut state);
    cpu.deserialize(&state)
        .expect("iz80 accepts the state it produced");
}

/// IFF1, IFF2 and the interrupt mode: what the machine keeps of the CPU's interrupt state
/// itself, so that accepting an interrupt and EI, DI, IM, RETN/RETI and LD A,I/R reach it
/// without going through iz80 (see the module comment).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct InterruptState {
    pub iff1: bool,
    pub iff2: bool,
    /// 0, 1 or 2.
    pub im: u8,
}

impl InterruptState {
    /// iz80's copy.
    pub fn read(cpu: &Cpu) -> InterruptState {
        let s = cpu.serialize();
        InterruptState {
            iff1: s[IFF1] != 0,
            iff2: s[IFF2] != 0,
            im: s[IM],
        }
    }

    /// Makes iz80's copy this.
    pub fn write(self, cpu: &mut Cpu) {
        patch(cpu, |s| {
            s[IFF1] = self.iff1 as u8;
            s[IFF2] = self.iff2 as u8;
            s[IM] = self.im.min(2);
        });
    }
}

/// Sets both interrupt flip-flops.
pub fn set_iff(cpu: &mut Cpu, iff1: bool, iff2: bool) {
    patch(cpu, |s| {
        s[IFF1] = iff1 as u8;
        s[IFF2] = iff2 as u8;
    });
}

/// Reads IFF2 (iz80 only reports IFF1 directly).
pub fn iff2(cpu: &Cpu) -> bool {
    cpu.serialize()[IFF2] != 0
}

/// Sets the interrupt mode (0, 1 or 2).
pub fn set_im(cpu: &mut Cpu, im: u8) {
    patch(cpu, |s| s[IM] = im.min(2));
}

/// Where a shadow register pair (AF', BC', DE', HL') starts in the state: iz80 keeps the
/// shadow bytes after the main ones, in the same order (high byte first).
fn shadow_offset(rr: Reg16) -> usize {
    REGISTER_BYTES / 2 + rr as usize
}

/// Reads a shadow register pair (iz80 has no public getter; for tests and snapshots).
pub fn shadow16(cpu: &Cpu, rr: Reg16) -> u16 {
    let s = cpu.serialize();
    let at = shadow_offset(rr);
    u16::from_be_bytes([s[at], s[at + 1]])
}

/// Sets a shadow register pair.
pub fn set_shadow16(cpu: &mut Cpu, rr: Reg16, value: u16) {
    let at = shadow_offset(rr);
    patch(cpu, |s| s[at..at + 2].copy_from_slice(&value.to_be_bytes()));
}

#[cfg(test)]
mod tests {
    use super::*;
    use iz80::{Machine, PlainMachine};

    #[test]
    fn layout_matches_iz80() {
        let mut cpu = Cpu::new();
        let mut mem = PlainMachine::new();
        // EI; IM 2; HALT
        for (i, b) in [0xFB, 0xED, 0x5E, 0x76].iter().enumerate() {
            mem.poke(i as u16, *b);
        }
        cpu.registers().set16(Reg16::BC, 0x1234);
        for _ in 0..3 {
            cpu.execute_instruction(&mut mem);
        }
        assert_eq!(cpu.immutable_registers().get_interrupt_mode(), (true, 2));
        assert!(iff2(&cpu));
        assert!(cpu.is_halted());
        set_iff(&mut cpu, false, true);
        assert_eq!(cpu.immutable_registers().get_interrupt_mode(), (false, 2));
        assert!(iff2(&cpu));
        set_im(&mut cpu, 1);
        assert_eq!(cpu.immutable_registers().get_interrupt_mode(), (false, 1));
        let read = InterruptState::read(&cpu);
        assert_eq!(
            read,
            InterruptState {
                iff1: false,
                iff2: true,
                im: 1
            }
        );
        InterruptState {
            iff1: true,
            iff2: false,
            im: 2,
        }
        .write(&mut cpu);
        assert_eq!(cpu.immutable_registers().get_interrupt_mode(), (true, 2));
        assert!(!iff2(&cpu));
        assert_eq!(cpu.immutable_registers().get16(Reg16::BC), 0x1234);
        assert_eq!(cpu.immutable_registers().pc(), 4);
    }

    #[test]
    fn shadow_registers_are_where_exx_puts_them() {
        let mut cpu = Cpu::new();
        let mut mem = PlainMachine::new();
        mem.poke(0, 0xD9); // EXX
        mem.poke(1, 0x08); // EX AF,AF'
        cpu.registers().set16(Reg16::BC, 0x1234);
        cpu.registers().set16(Reg16::HL, 0x5678);
        cpu.registers().set16(Reg16::AF, 0x9ABC);
        set_shadow16(&mut cpu, Reg16::DE, 0xBEEF);
        cpu.execute_instruction(&mut mem);
        cpu.execute_instruction(&mut mem);
        assert_eq!(shadow16(&cpu, Reg16::BC), 0x1234);
        assert_eq!(shadow16(&cpu, Reg16::HL), 0x5678);
        assert_eq!(shadow16(&cpu, Reg16::AF), 0x9ABC);
        assert_eq!(cpu.immutable_registers().get16(Reg16::DE), 0xBEEF);
    }
}
