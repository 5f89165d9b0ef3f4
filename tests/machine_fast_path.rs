//! The machine's fast path (the common instructions run by the machine itself) against
//! iz80 with the machine's fixes (the reference, `Ace::set_fast_path(false)`), which the
//! SingleStepTests suite checks (`tests/machine_singlestep.rs`).
//!
//! * Random instruction streams: random registers, hidden state and memory, a program of
//!   random instructions (biased towards the fast path's: every unprefixed opcode, CB, the
//!   ED and DD/FD forms it has, with random operands), run one instruction at a time on two
//!   flat-memory machines, one on each path. After every instruction the whole state is
//!   compared (registers, shadow registers, flags, R, I, IFF, IM, WZ, Q, the EI and
//!   LD A,I/R marks), the T-states and the port accesses; memory after each stream.
//! * The whole Ace: the open ROM booted, a Forth loop typed and run, on both paths, must
//!   end in the same state: registers, memory, time and screen.

use aceemu::machine::testing::{FlatMachine, TestRom, Z80State};
use aceemu::machine::{Ace, RamSize};

/// xorshift64*: a small generator, so every run tests the same streams.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn byte(&mut self) -> u8 {
        (self.next() >> 32) as u8
    }
    fn word(&mut self) -> u16 {
        (self.next() >> 32) as u16
    }
    fn below(&mut self, n: u32) -> u32 {
        ((self.next() >> 32) as u32) % n
    }
    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u32) as usize]
    }
}

/// The ED instructions the fast path has.
const ED_FAST: [u8; 21] = [
    0x42, 0x4A, 0x52, 0x5A, 0x62, 0x6A, 0x72, 0x7A, 0x43, 0x4B, 0x53, 0x5B, 0x63, 0x6B, 0x73, 0x7B,
    0x44, 0xA0, 0xA8, 0xB0, 0xB8,
];

/// The DD/FD instructions the fast path has (besides the (IX+d) forms of 0x40-0xBF).
const INDEX_FAST: [u8; 16] = [
    0xE9, 0x21, 0x22, 0x2A, 0x23, 0x2B, 0x09, 0x19, 0x29, 0x39, 0xE1, 0xE5, 0xF9, 0xE3, 0x34, 0x35,
];

/// One random instruction's bytes (operands random too).
fn random_instruction(rng: &mut Rng, out: &mut Vec<u8>) {
    match rng.below(11) {
        0..=4 => out.push(rng.byte()),
        // What the fast path runs of the interrupt state: DI, EI, HALT.
        10 => out.push(rng.pick(&[0xF3, 0xFB, 0x76])),
        5 => out.extend([0xCB, rng.byte()]),
        6 => {
            let op = if rng.below(4) == 0 {
                rng.byte()
            } else {
                rng.pick(&ED_FAST)
            };
            out.extend([0xED, op]);
        }
        _ => {
            let prefix = rng.pick(&[0xDD, 0xFD]);
            let op = match rng.below(4) {
                0 => rng.byte(),
                1 => rng.pick(&INDEX_FAST),
                2 => 0x36,
                // An (IX+d) form: LD r,(IX+d), LD (IX+d),r, ALU (IX+d).
                _ => match rng.below(3) {
                    0 => 0x46 | rng.byte() & 0x38,
                    1 => 0x70 | rng.byte() & 0x07,
                    _ => 0x86 | rng.byte() & 0x38,
                },
            };
            out.extend([prefix, op]);
        }
    }
    // Operands (a displacement, n, nn): whatever follows is read as them.
    for _ in 0..3 {
        out.push(rng.byte());
    }
}

fn random_state(rng: &mut Rng) -> Z80State {
    let f = rng.byte();
    Z80State {
        a: rng.byte(),
        f,
        b: rng.byte(),
        c: rng.byte(),
        d: rng.byte(),
        e: rng.byte(),
        h: rng.byte(),
        l: rng.byte(),
        i: rng.byte(),
        r: rng.byte(),
        pc: rng.word(),
        sp: rng.word(),
        ix: rng.word(),
        iy: rng.word(),
        af_: rng.word(),
        bc_: rng.word(),
        de_: rng.word(),
        hl_: rng.word(),
        wz: rng.word(),
        iff1: rng.below(2) == 0,
        iff2: rng.below(2) == 0,
        im: rng.below(3) as u8,
        ei: false,
        p: false,
        q: if rng.below(2) == 0 { f } else { 0 },
    }
}

/// Random bytes around the addresses the registers point at, then the program at PC.
fn random_memory(rng: &mut Rng, s: &Z80State) -> Vec<(u16, u8)> {
    let mut ram = Vec::new();
    let pair = |h: u8, l: u8| u16::from_le_bytes([l, h]);
    for base in [
        pair(s.b, s.c),
        pair(s.d, s.e),
        pair(s.h, s.l),
        s.sp,
        s.ix,
        s.iy,
    ] {
        for offset in 0..32u16 {
            ram.push((base.wrapping_add(offset).wrapping_sub(8), rng.byte()));
        }
    }
    // (IX+d) reaches 128 bytes either way.
    for _ in 0..64 {
        let at = s.ix.wrapping_add(rng.word() % 256).wrapping_sub(128);
        ram.push((at, rng.byte()));
        let at = s.iy.wrapping_add(rng.word() % 256).wrapping_sub(128);
        ram.push((at, rng.byte()));
    }
    let mut program = Vec::new();
    while program.len() < 240 {
        random_instruction(rng, &mut program);
    }
    for (i, &b) in program.iter().enumerate() {
        ram.push((s.pc.wrapping_add(i as u16), b));
    }
    ram
}

#[test]
fn random_instruction_streams_match_iz80() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut fast = FlatMachine::new();
    let mut reference = FlatMachine::new();
    reference.set_fast_path(false);
    const STREAMS: usize = 3000;
    const STEPS: usize = 40;
    for stream in 0..STREAMS {
        let initial = random_state(&mut rng);
        let ram = random_memory(&mut rng, &initial);
        let ports = [rng.byte(), rng.byte()];
        let mut a = fast.step(&initial, &ram, &ports);
        let mut b = reference.step(&initial, &ram, &ports);
        for step in 0..=STEPS {
            assert_eq!(
                (a.state, a.tstates, &a.ports),
                (b.state, b.tstates, &b.ports),
                "stream {stream}, instruction {step}: fast path (left) and iz80 (right) differ; \
                 started from {initial:?}"
            );
            if step < STEPS {
                let ports = [rng.byte(), rng.byte()];
                a = fast.step_on(&ports);
                b = reference.step_on(&ports);
            }
        }
        for addr in 0..=0xFFFFu16 {
            assert_eq!(
                fast.peek(addr),
                reference.peek(addr),
                "stream {stream}: memory at {addr:04X} differs"
            );
        }
    }
}

/// The whole machine on the open ROM: a Forth loop (DO LOOP, arithmetic, a variable, the
/// screen) typed and run, on both paths, from power-on.
#[test]
fn the_open_rom_runs_the_same_on_both_paths() {
    let rom = aceemu::rom::open::open_rom();
    let run = |fast: bool| {
        let mut ace = Ace::new(rom, RamSize::K51).unwrap();
        ace.set_fast_path(fast);
        ace.type_text("0 VARIABLE V : T 100 0 DO I V @ + V ! I . LOOP ; T\n");
        ace.run_frames(600);
        ace
    };
    let (a, b) = (run(true), run(false));
    assert!(a.screen_text().contains(" 99"), "{}", a.screen_text());
    assert_eq!(a.tstates(), b.tstates());
    // iz80's state up to IM (registers, PC, IFF1, IFF2, IM; not its own cycle counter,
    // which counts only what iz80 ran).
    assert_eq!(a.cpu().serialize()[..37], b.cpu().serialize()[..37]);
    assert_eq!(a.read_bytes(0, 0x10000), b.read_bytes(0, 0x10000));
    assert_eq!(a.screen_text(), b.screen_text());
    assert_eq!(a.interrupt_state(), b.interrupt_state());
}

/// `DJNZ $` runs its rounds in one go on the fast path when the run loop lets it (no
/// interrupt or stop before the run's end). Stopped after every possible number of
/// T-states (chunks of 1 to 40 T), for B = 0 (256 rounds), 1, 2 and 200, the machine must
/// be where iz80 round by round leaves it: clock, registers, R, PC, and WZ and Q (read
/// through the BIT 0,(HL) and SCF after the loop: their bits 5 and 3 come from WZ's high
/// byte and from Q).
#[test]
fn djnz_to_itself_in_one_go_matches_iz80_round_by_round() {
    let code = [
        0x3A, 0x00, 0x3C, // 0x1A20: LD A,(0x3C00): WZ = 0x3C01
        0x06, 0x00, // LD B,n
        0x10, 0xFE, // 0x1A25: DJNZ $: WZ = 0x1A25 once a round is taken
        0xCB, 0x46, // BIT 0,(HL): bits 5 and 3 of F from WZ's high byte
        0x37, // SCF: bits 5 and 3 from Q and A
        0x76, // HALT
    ];
    for b in [0u8, 1, 2, 200] {
        for chunk in 1..=40u64 {
            let mut code = code;
            code[4] = b;
            let rom = TestRom::new()
                .at(0, &[0xC3, 0x20, 0x1A]) // JP 0x1A20
                .at(0x1A20, &code);
            let mut fast = rom.boot(RamSize::K3);
            let mut reference = rom.boot(RamSize::K3);
            reference.set_fast_path(false);
            // Past the longest loop (256 rounds) and the HALT.
            let end = 13 * 256 + 100;
            while fast.tstates() < end {
                fast.run_tstates(chunk);
                reference.run_tstates(chunk);
                assert_eq!(fast.tstates(), reference.tstates(), "B {b}, chunk {chunk}");
                assert_eq!(
                    fast.cpu().serialize()[..37],
                    reference.cpu().serialize()[..37],
                    "B {b}, chunk {chunk}, at T {}",
                    fast.tstates()
                );
            }
            // The loop ended and HALT ran (PC is past it).
            assert_eq!(fast.cpu().immutable_registers().pc(), 0x1A2B, "B {b}");
        }
    }
    // One run of a whole frame: the loop in one go.
    let rom = TestRom::new().at(0, &[0xC3, 0x20, 0x1A]).at(0x1A20, &code);
    let mut fast = rom.boot(RamSize::K3);
    let mut reference = rom.boot(RamSize::K3);
    reference.set_fast_path(false);
    fast.run_frame();
    reference.run_frame();
    assert_eq!(
        fast.cpu().serialize()[..37],
        reference.cpu().serialize()[..37]
    );
    assert_eq!(fast.cpu().immutable_registers().pc(), 0x1A2B);
}
