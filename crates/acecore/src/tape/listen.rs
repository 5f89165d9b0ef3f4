//! "Is the machine listening?": the rule that lets the deck press play by itself.
//!
//! The Ace has no motor control, so the deck watches how the machine reads the port (every
//! IN reads EAR). A loader polls densely for as long as a block lasts; a program that scans
//! the keyboard reads a handful of times per frame (a frame is 64,896 T), or, in a tight
//! loop, densely but only for a moment. The rule is a credit account over the reads:
//!
//! * each read earns [`ListenRule::earn`] T of credit, up to [`ListenRule::cap`];
//! * the time since the previous read is paid from it; a gap the credit cannot pay for
//!   ends the run of reads (the next read starts a new run);
//! * a run that has lasted [`ListenRule::time`] is the machine listening.
//!
//! So reads that average at most `earn` T apart keep a run going, with single gaps up to
//! `cap` T now and then. The numbers come from the original ROM's loader as measured in
//! ace-hardware.md section 7:
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
//! The first rule (earn 100 T, cap 1,000 T) was tuned on the pilot search alone: over 0
//! bits it lost about 10 T a read, a run ended after about a hundred such reads, and the
//! tape paused mid-block (the original ROM then gave ERROR 10). See [`ListenRule::DEFAULT`]
//! for the numbers used now. `tests/tape_loader_rhythm.rs` replays a guest that reads in
//! exactly these rhythms through 6,000-byte blocks: with the numbers used now the credit
//! never falls below 1,582 T (1,165 T at 20 % slower) of its 2,000; the first rule's fell
//! to about 115 T and lost the loader.

/// The numbers of the rule (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ListenRule {
    /// Credit each read earns, in T-states: the longest average spacing of reads that
    /// keeps a run going.
    pub earn: u64,
    /// The most credit a run can save up: the longest single gap it survives when its
    /// reads came densely before.
    pub cap: u64,
    /// How long a run must have lasted to count as listening, in T-states.
    pub time: u64,
}

impl ListenRule {
    /// * `earn` 200 T: the original loader's worst stretch averages 119 T a read and one
    ///   20 % slower about 155 T; 200 T keeps the credit growing through both (a loader has
    ///   to read well within an 801 T bit-0 half to time it, so it cannot read much more
    ///   sparsely than this and still work).
    /// * `cap` 2,000 T: the longest single gap a loader leaves inside a block is 889 T
    ///   (1,067 T at 20 % slower), so a full account pays it twice over; a program that
    ///   scans the keyboard even 20 times a frame leaves about 3,000 T between its bursts
    ///   of reads (a burst of 8 reads earns at most 1,600 T), so its runs never last. (The
    ///   open ROM's keyboard scan, at its prompt or in an `INKEY` loop, reads the port more
    ///   than 200 T apart: no run outlives a single read.)
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
    /// Start of the current run of reads and the credit it has left.
    run_start: u64,
    credit: u64,
}

impl Listener {
    pub fn new(rule: ListenRule) -> Listener {
        Listener {
            rule,
            last_read: None,
            run_start: 0,
            credit: 0,
        }
    }

    pub fn rule(&self) -> ListenRule {
        self.rule
    }

    /// Takes a port read at machine time `t` (non-decreasing); true when the machine is
    /// listening at this read.
    pub fn read(&mut self, t: u64) -> bool {
        let gap = self.last_read.map(|prev| t.saturating_sub(prev));
        self.last_read = Some(t);
        match gap {
            Some(gap) if gap <= self.credit => {
                self.credit = (self.credit - gap + self.rule.earn).min(self.rule.cap);
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
