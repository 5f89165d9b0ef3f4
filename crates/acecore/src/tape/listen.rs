//! "Is the machine listening?": the rule that lets the deck press play by itself.
//!
//! The Ace has no motor control, so the deck watches how the machine reads the port: every
//! IN of an even address reads EAR, and the keyboard half-rows its high byte selects
//! (ace-hardware.md 5.1, 6). Two kinds of program read it densely for a long time, and the
//! rule must tell them apart:
//!
//! * **A loader** reads **one address over and over**. The original ROM's loader reads
//!   0x7FFE every time (`IN A,(0xFE)` with A = 0x7F, its BREAK check's half-row too),
//!   about every 59 T (ace-hardware.md 7, "Which port it reads"). The open ROM's loader
//!   does not care what goes out on A8-A15: it leaves the level it last saw there, so its
//!   address changes only at an edge of the signal (0x00FE, 0x20FE) and at its SPACE
//!   check (0x7FFE), a read or two of the 18 or more between two edges.
//! * **A key scan** reads **eight addresses in turn**: the half-rows 0xFEFE, 0xFDFE, ...,
//!   0x7FFE (one 0 bit each in the high byte), both ROMs' scans alike. A program waiting
//!   for a key scans all the time: `BEGIN INKEY UNTIL` on the original reads the port
//!   about 420 times a frame, mostly 70 T apart, which is as dense as the loader's data
//!   phase (ace-hardware.md 7, "Keyboard reads are not sparse"). Spacing alone cannot
//!   tell the two apart; the address can: no read of a scan repeats the one before it.
//!
//! The rule is a credit account over the reads:
//!
//! * a read of **the same row select (high byte) as the read before it** earns
//!   [`ListenRule::earn`] T of credit, up to [`ListenRule::cap`]; a read of another one
//!   earns nothing (the low byte is no part of it: every even address is the same port);
//! * the time since the previous read is paid from the credit; a gap the credit cannot pay
//!   for ends the run of reads (the next read starts a new run, with `earn` T of credit);
//! * a run that has lasted [`ListenRule::time`] is the machine listening.
//!
//! So reads of one address that average at most `earn` T apart keep a run going, with
//! single gaps up to `cap` T now and then, and an odd read of another address (the open
//! ROM's edges and SPACE checks) only costs its gap. A key scan earns nothing after its
//! run's first read: 200 T pays for two or three of its 70 T spacings, and the run ends
//! within its first half-row cycle, however long the program waits for a key.
//!
//! The spacings come from the original ROM's loader as measured in ace-hardware.md
//! section 7:
//!
//! * Searching for a pilot it reads every 59 T with a ~476 T gap every ~77 reads: about
//!   64 T a read on average.
//! * Reading a block's bits it reads every 59 T, but after each level change it finds it
//!   spends 411 or 481 T (alternately) before polling again, and 618 T at a byte boundary
//!   (rarely 889 T). A bit-0 half lasts ~801 T, so only 6 or 7 polls fit after the long gap:
//!   over stretches of 0 bits its reads average 109-119 T apart (411 + 7 x 59 = 824 T for 8
//!   reads, 481 + 6 x 59 = 835 T for 7). This is the worst case of the whole load.
//! * A loader 20 % slower than that (a game's own loader, a ROM at another speed) reads
//!   every 71 T with 493/577 T after an edge and 742 T at byte ends: over 0 bits about 155 T
//!   a read (493 + 5 x 71 = 848 T for 6 reads, 577 + 4 x 71 = 861 T for 5), the half after a
//!   byte end 2 reads in ~813 T.
//!
//! History. The first rule (earn 100 T, cap 1,000 T) was tuned on the pilot search alone:
//! over 0 bits it lost about 10 T a read, a run ended after about a hundred such reads,
//! and the tape paused mid-block (the original ROM then gave ERROR 10). The second (earn
//! 200 T, cap 2,000 T, any address) kept whole blocks going, but it took every program
//! waiting for a key on the original ROM for a loader: its scan's 70 T spacings never
//! drain such an account (one run of 777,758 T over 12 frames of an `INKEY` loop), so a
//! game at its "press any key" screen played the tape on, and headless runs said the Ace
//! was waiting for a tape. The row-select test is what this rule adds; the numbers are the
//! second rule's. `tests/tape_loader_rhythm.rs` replays guests that read in exactly these
//! rhythms (the loader's through 6,000-byte blocks, at 0x7FFE; the original's `INKEY`
//! loop, at the eight half-rows) through this rule and the second: the loader's credit
//! never falls below 1,582 T (1,165 T at 20 % slower) of its 2,000, and over 500 frames
//! (210,619 reads) no run of the key scan lasts longer than 200 T, where the second rule's
//! one run lasted the whole test.
//!
//! What it cannot tell: a program that polls one address densely for more than 0.1 s (a
//! machine-code "press any key" loop reading all half-rows at 0x00FE, say) reads the port
//! as a loader does, and starts the tape.

/// The numbers of the rule (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ListenRule {
    /// Credit each read of the same row select as the read before it earns, in
    /// T-states: the longest average spacing of such reads that keeps a run going.
    pub earn: u64,
    /// The most credit a run can save up: the longest single gap it survives when its
    /// reads came densely before.
    pub cap: u64,
    /// How long a run must have lasted to count as listening, in T-states.
    pub time: u64,
}

impl ListenRule {
    /// * `earn` 200 T (for a read of the row select read last): the original loader's worst stretch averages 119 T a read and one
    ///   20 % slower about 155 T; 200 T keeps the credit growing through both (a loader has
    ///   to read well within an 801 T bit-0 half to time it, so it cannot read much more
    ///   sparsely than this and still work).
    /// * `cap` 2,000 T: the longest single gap a loader leaves inside a block is 889 T
    ///   (1,067 T at 20 % slower), so a full account pays it twice over; a program that
    ///   scans the keyboard even 20 times a frame leaves about 3,000 T between its bursts
    ///   of reads, so its runs never last (and a scan's reads, each of another half-row,
    ///   earn nothing after a run's first).
    /// * `time` 325,000 T (0.1 s): a program polling the keyboard in a tight loop for a
    ///   moment does not start the tape. The tape then loses about 80 pilot cycles of the
    ///   1,024 or 8,192 the loader sees before a block, and the loader needs 256.
    pub const DEFAULT: ListenRule = ListenRule {
        earn: 200,
        cap: 2_000,
        time: 325_000,
    };
}

impl Default for ListenRule {
    fn default() -> Self {
        ListenRule::DEFAULT
    }
}

/// The rule applied to a machine's port reads, one at a time.
#[derive(Clone, Debug)]
pub struct Listener {
    rule: ListenRule,
    last_read: Option<u64>,
    /// The row select (high byte of the address) of the last read.
    last_rows: Option<u8>,
    /// Start of the current run of reads and the credit it has left.
    run_start: u64,
    credit: u64,
}

impl Listener {
    pub fn new(rule: ListenRule) -> Listener {
        Listener {
            rule,
            last_read: None,
            last_rows: None,
            run_start: 0,
            credit: 0,
        }
    }

    pub fn rule(&self) -> ListenRule {
        self.rule
    }

    /// Takes a read of port address `port` at machine time `t` (non-decreasing); true when
    /// the machine is listening at this read.
    pub fn read(&mut self, t: u64, port: u16) -> bool {
        let gap = self.last_read.map(|prev| t.saturating_sub(prev));
        let rows = (port >> 8) as u8;
        let same_rows = self.last_rows == Some(rows);
        self.last_read = Some(t);
        self.last_rows = Some(rows);
        match gap {
            Some(gap) if gap <= self.credit => {
                let earned = if same_rows { self.rule.earn } else { 0 };
                self.credit = (self.credit - gap + earned).min(self.rule.cap);
            }
            _ => {
                self.run_start = t;
                self.credit = self.rule.earn;
            }
        }
        t - self.run_start >= self.rule.time
    }

    /// The credit left after the last read, in T-states.
    pub fn credit(&self) -> u64 {
        self.credit
    }

    /// When the current run of reads started.
    pub fn run_start(&self) -> u64 {
        self.run_start
    }
}

impl Default for Listener {
    fn default() -> Self {
        Listener::new(ListenRule::DEFAULT)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads `n` times, `gap` T apart, from `t`, at the addresses of `ports` in turn;
    /// true if any read found the machine listening.
    fn reads(l: &mut Listener, t: &mut u64, n: usize, gap: u64, ports: &[u16]) -> bool {
        let mut listening = false;
        for i in 0..n {
            *t += gap;
            listening |= l.read(*t, ports[i % ports.len()]);
        }
        listening
    }

    #[test]
    fn one_address_read_densely_is_listening_and_eight_in_turn_are_not() {
        let rows = [
            0xFEFE, 0xFDFE, 0xFBFE, 0xF7FE, 0xEFFE, 0xDFFE, 0xBFFE, 0x7FFE,
        ];
        let (mut t, mut l) = (0, Listener::default());
        // 1 s of the eight half-rows 70 T apart: never a run longer than a few reads.
        assert!(!reads(&mut l, &mut t, 46_000, 70, &rows));
        assert!(t - l.run_start() < 300);
        // 0x7FFE 70 T apart: listening after 0.1 s.
        assert!(!reads(&mut l, &mut t, 4_000, 70, &[0x7FFE]));
        assert!(reads(&mut l, &mut t, 1_000, 70, &[0x7FFE]));
        // The open ROM's loader: the row select changes at an edge (every 18 reads).
        let mut l = Listener::default();
        let mut edges = Vec::new();
        for i in 0..10_000 {
            edges.push(if i / 18 % 2 == 0 { 0x00FE } else { 0x20FE });
        }
        assert!(reads(&mut l, &mut t, 10_000, 43, &edges));
        assert!(l.credit() >= 1_000, "credit {}", l.credit());
    }
}
