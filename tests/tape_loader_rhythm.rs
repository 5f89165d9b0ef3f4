//! A loader that reads the port exactly as the original ROM's does while it reads a block's
//! bits (ace-hardware.md 7, measured on a 5,272-byte block): a poll every 59 T, and after
//! each level change it finds 411 or 481 T (alternately) before it polls again, 618 T at a
//! byte boundary. Decoding whole blocks of several KB through the signal with the deck
//! pressing play by itself, it must get every byte: all 0x00 (the worst case, the longest
//! stretches of sparse reads), all 0xFF and random data, at `real` and `fast` speed, and the
//! same with every spacing 20 % longer (a slower loader). The deck's first "listening" rule
//! paused the tape in the middle of such blocks; every test replays the reads it saw
//! through that rule too (the control) and checks it would have paused the tape.

use aceemu::machine::testing::{run_for_debug_bytes, TestRom};
use aceemu::machine::{RamSize, TapePort};
use aceemu::tape::deck::{Deck, DeckOptions, TapeSpeed};
use aceemu::tape::image::TapeImage;
use aceemu::tape::listen::{ListenRule, Listener};
use aceemu::tape::pulse::Block;
use aceemu::tape::tap::{with_checksum, Header};
use aceemu::tape::SharedDeck;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

/// The spacings of a loader's reads, in T-states.
#[derive(Clone, Copy, Debug)]
struct Rhythm {
    /// Between two polls that find no change.
    poll: u32,
    /// After a change that ends the first half of a bit (and in the pilot, every other one).
    after_first: u32,
    /// After a change that ends the second half of a bit.
    after_second: u32,
    /// After the change that ends a byte's last bit.
    byte_end: u32,
}

/// The original ROM's data-phase rhythm (ace-hardware.md 7).
const ORIGINAL: Rhythm = Rhythm {
    poll: 59,
    after_first: 411,
    after_second: 481,
    byte_end: 618,
};

/// Every spacing of [`ORIGINAL`] 20 % longer, rounded to the T-state.
const SLOWER: Rhythm = Rhythm {
    poll: 71,
    after_first: 493,
    after_second: 577,
    byte_end: 742,
};

/// The address the original ROM's loader reads, read after read (ace-hardware.md 7,
/// "Which port it reads").
const LOADER_PORT: u16 = 0x7FFE;

/// The old rule: each read earned 100 T of credit, at most 1,000.
const OLD_RULE: ListenRule = ListenRule {
    earn: 100,
    cap: 1_000,
    time: 325_000,
};

/// The deck pauses this long after the rule last found the machine listening (deck.rs).
const GRACE: u64 = 1_625_000;

/// Instructions that take exactly `t` T-states and change nothing but A and the flags:
/// NOP (4), CP 0 (7), JP to the next instruction (10).
fn pad(t: u32) -> String {
    for jps in 0..=t / 10 {
        for cps in 0..=(t - 10 * jps) / 7 {
            let rest = t - 10 * jps - 7 * cps;
            if rest.is_multiple_of(4) {
                let mut s = String::new();
                for _ in 0..jps {
                    s.push_str("        JP $+3\n");
                }
                for _ in 0..cps {
                    s.push_str("        CP 0\n");
                }
                for _ in 0..rest / 4 {
                    s.push_str("        NOP\n");
                }
                return s;
            }
        }
    }
    panic!("no padding of {t} T");
}

/// Counted polls of a half-period (its length in T-states from the change that started it
/// to the one that ends it): the change is seen at the first poll at or after it.
fn polls(half: u32, after: u32, r: Rhythm) -> u32 {
    half.saturating_sub(after).div_ceil(r.poll)
}

/// The guest, a bare-Ace ROM program: reads the port only in `r`'s rhythm, from power-on
/// (also while it waits for a pilot, and when no change comes for 256 polls, which ends a
/// block). B counts the polls of a half that saw no change, C holds the last level, D the
/// pilot halves in a row (saturating at 255) or the first half of a bit, E the byte being
/// put together above a sentinel bit. 255 pilot halves in a row and a short one are the
/// sync; then each bit is two halves, a 1 when their polls add up to more than two
/// 1,225 T halves would take; every byte (flag, data, checksum) goes to the debug port;
/// a second half longer than 1,800 T ends the block.
fn guest(r: Rhythm) -> Vec<u8> {
    // A poll that sees no change: IN 11, XOR 4, AND 7, JR NZ not taken 7, LD A 7,
    // INC B 4, JR Z not taken 7, padding, JR back 12. A wait is entered at its LD A
    // (ENTRY T before its first poll), so every IN goes out on 0x7FFE, as the original's.
    assert!(r.poll >= 59);
    let poll_pad = pad(r.poll - 59);
    // From the poll that sees a change to the handler's first instruction: IN 11, XOR 4,
    // AND 7, JR NZ taken 12.
    const SEEN: u32 = 34;
    // The LD A,0x7F a wait is entered at, before its first poll.
    const ENTRY: u32 = 7;
    let wait = |name: &str| {
        format!(
            "w{name}:   LD A,0x7F
l{name}:   IN A,(0xFE)
        XOR C
        AND 0x20
        JR NZ,e{name}
        LD A,0x7F
        INC B
        JR Z,t{name}
{poll_pad}        JR l{name}
t{name}:   JP timeout
"
        )
    };
    // Pilot halves are longer than 1,300 T; the pair of halves of a 1 bit longer than
    // 2,450 T (ace-hardware.md 7: 2,011 T pilot, 801/1,591 T halves, threshold ~1,225 T).
    let pilot_polls = polls(1_300, r.after_second, r);
    let one_polls = polls(2_450, r.after_first + r.after_second, r);
    // A second half longer than 1,800 T is no bit (1,591 T) but the next block's pilot
    // (2,011 T) or silence: the block has ended. (Second halves start after_first after
    // the change that ended the first.)
    let long_polls = polls(1_800, r.after_first, r);
    let mut src = format!(
        "        ORG 0
        DI
        LD SP,0x4000
        LD A,0x7F
        IN A,(0xFE)
        AND 0x20
        LD C,A
        LD D,0
        LD B,0
{}        JP wPA
",
        pad(r.after_first - 11 - 7 - 4 - 7 - 7 - 10 - ENTRY)
    );
    // Pilot search: halves alternate between the two gaps as in the data.
    for (this, next, after) in [("PA", "PB", r.after_first), ("PB", "PA", r.after_second)] {
        src += &wait(this);
        src += &format!(
            "e{this}:   LD A,C
        XOR 0x20
        LD C,A
        LD A,B
        CP {pilot_polls}
        JP C,s{this}
        LD A,D              ; one more pilot half, at most 255
        ADD A,1
        SBC A,0
        LD D,A
        LD B,0
{}        JP w{next}
s{this}:   LD A,D              ; a short half: the sync after 255 pilot halves
        INC A
        LD D,0
        LD B,0
        JP Z,y{this}
{}        JP w{next}
y{this}:
{}        JP wS
",
            pad(after - SEEN - 15 - 4 - 7 - 10 - 22 - 7 - 10 - ENTRY),
            pad(after - SEEN - 15 - 4 - 7 - 10 - 4 - 4 - 7 - 7 - 10 - 10 - ENTRY),
            pad(after - SEEN - 15 - 4 - 7 - 10 - 4 - 4 - 7 - 7 - 10 - 10 - ENTRY),
        );
    }
    // The second sync half, then the bits.
    src += &wait("S");
    src += &format!(
        "eS:    LD A,C
        XOR 0x20
        LD C,A
        LD E,1
        LD B,0
{}        JP wA
",
        pad(r.after_second - SEEN - 15 - 7 - 7 - 10 - ENTRY)
    );
    src += &wait("A");
    src += &format!(
        "eA:    LD A,C
        XOR 0x20
        LD C,A
        LD D,B              ; polls of the first half
        LD B,0
{}        JP wB
",
        pad(r.after_first - SEEN - 15 - 4 - 7 - 10 - ENTRY)
    );
    src += &wait("B");
    src += &format!(
        "eB:    LD A,C
        XOR 0x20
        LD C,A
        LD A,B
        CP {long_polls}
        JP NC,end           ; a half too long for a bit: the block has ended
        ADD A,D
        CP {one_polls}
        CCF                 ; carry: a 1
        RL E
        JR C,byte
        LD B,0
{}        JP wA
byte:   LD A,E
        OUT (1),A
        LD E,1
        LD B,0
{}        JP wA
end:    LD D,0
        LD B,0
{}        JP wPA
",
        pad(r.after_second - SEEN - 59 - 7 - 7 - 10 - ENTRY),
        pad(r.byte_end - SEEN - 59 - 12 - 4 - 11 - 7 - 7 - 10 - ENTRY),
        pad(r.after_second - SEEN - 36 - 7 - 7 - 10 - ENTRY),
    );
    // 256 polls with no change: the end of a block, or no tape; search for a pilot again.
    // From that poll: IN 11, XOR 4, AND 7, JR NZ 7, LD A 7, INC B 4, JR Z taken 12, JP 10.
    src += &format!(
        "timeout: LD D,0
        LD B,0
{}        JP wPA
",
        pad(r.after_first - 62 - 7 - 7 - 10 - ENTRY)
    );
    aceasm::assemble_str("loader_rhythm.asm", &src)
        .unwrap_or_else(|e| panic!("{e}\n{src}"))
        .bytes
}

/// The deck as the machine sees it, with every read's spacing counted and replayed
/// through the current rule and the old one.
struct Watched {
    deck: SharedDeck,
    stats: Rc<RefCell<Stats>>,
}

struct Stats {
    last: Option<u64>,
    /// How often each spacing between two reads occurred.
    gaps: BTreeMap<u64, u64>,
    /// How often each port address was read.
    ports: BTreeMap<u16, u64>,
    rules: Vec<Replay>,
}

impl Stats {
    fn new(rules: Vec<Replay>) -> Stats {
        Stats {
            last: None,
            gaps: BTreeMap::new(),
            ports: BTreeMap::new(),
            rules,
        }
    }
}

/// One rule applied to the reads: the longest time it went without finding the machine
/// listening (once it first had), the least credit it had left while listening, and how
/// many reads found the machine listening.
struct Replay {
    listener: Listener,
    /// Every read is given to the rule as a read of one address (the rules before this
    /// one looked at the spacing of reads only).
    blind: bool,
    last_listening: Option<u64>,
    longest_lapse: u64,
    least_credit: u64,
    listening_reads: u64,
    /// The longest a run of reads lasted, in T-states.
    longest_run: u64,
}

impl Replay {
    fn new(rule: ListenRule) -> Replay {
        Replay {
            listener: Listener::new(rule),
            blind: false,
            last_listening: None,
            longest_lapse: 0,
            least_credit: u64::MAX,
            listening_reads: 0,
            longest_run: 0,
        }
    }

    /// `rule` as the rules before this one applied it: blind to the address.
    fn blind(rule: ListenRule) -> Replay {
        Replay {
            blind: true,
            ..Replay::new(rule)
        }
    }

    fn read(&mut self, t: u64, port: u16) {
        let port = if self.blind { LOADER_PORT } else { port };
        let listening = self.listener.read(t, port);
        self.longest_run = self.longest_run.max(t - self.listener.run_start());
        if let Some(last) = self.last_listening {
            self.longest_lapse = self.longest_lapse.max(t - last);
        }
        if listening {
            self.listening_reads += 1;
            self.last_listening = Some(t);
            self.least_credit = self.least_credit.min(self.listener.credit());
        }
    }
}

impl TapePort for Watched {
    fn ear(&mut self, t: u64, port: u16) -> bool {
        let mut s = self.stats.borrow_mut();
        if let Some(last) = s.last {
            *s.gaps.entry(t - last).or_insert(0) += 1;
        }
        s.last = Some(t);
        *s.ports.entry(port).or_insert(0) += 1;
        for r in &mut s.rules {
            r.read(t, port);
        }
        self.deck.ear(t, port)
    }

    fn mic(&mut self, t: u64, level: bool) {
        self.deck.mic(t, level)
    }

    fn is_playing(&self) -> bool {
        self.deck.is_playing()
    }
}

fn file_pair(name: &str, data: &[u8]) -> Vec<Block> {
    let header = Header::bytes(name, 0x8000, data.len() as u16);
    vec![
        Block::new(0x00, with_checksum(&header.to_payload())),
        Block::new(0xFF, with_checksum(data)),
    ]
}

fn random(len: usize, seed: u32) -> Vec<u8> {
    let mut x = seed;
    (0..len)
        .map(|_| {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (x >> 16) as u8
        })
        .collect()
}

/// Loads `blocks` into the guest reading in rhythm `r` from a deck in automatic mode at
/// `speed`; checks the bytes, that the deck played by itself without a pause, that `fast`
/// asked for flat out while the tape ran, and that the reads came only in `r`'s spacings.
/// Returns the replays of the current rule and the old one.
fn load(blocks: Vec<Block>, r: Rhythm, speed: TapeSpeed) -> (Replay, Replay) {
    let expected: Vec<u8> = blocks
        .iter()
        .flat_map(|b| std::iter::once(b.flag).chain(b.data.iter().copied()))
        .collect();
    let options = DeckOptions {
        speed,
        ..DeckOptions::default()
    };
    let deck =
        SharedDeck::new(Deck::new(TapeImage::from_blocks("rhythm", blocks), &options).unwrap());
    let length = deck.deck().position().length;
    let stats = Rc::new(RefCell::new(Stats::new(vec![
        Replay::new(ListenRule::DEFAULT),
        Replay::blind(OLD_RULE),
    ])));
    let mut ace = TestRom::new().at(0, &guest(r)).boot(RamSize::K3);
    ace.insert_tape(Box::new(Watched {
        deck: deck.clone(),
        stats: stats.clone(),
    }));
    // Half the bytes, then a look at the deck in the middle of the data block.
    let budget = length + 2_000_000;
    let mut got = run_for_debug_bytes(&mut ace, expected.len() / 2, budget);
    assert!(
        deck.deck().is_running(),
        "{r:?} {speed:?}: the tape runs mid-block"
    );
    assert_eq!(
        deck.is_playing(),
        speed == TapeSpeed::Fast,
        "flat out only in fast mode"
    );
    let left = budget.saturating_sub(ace.tstates());
    got.extend(run_for_debug_bytes(
        &mut ace,
        expected.len() - got.len(),
        left,
    ));
    assert_eq!(got.len(), expected.len(), "{r:?} {speed:?}: bytes received");
    let first_bad = got.iter().zip(&expected).position(|(a, b)| a != b);
    if let Some(i) = first_bad {
        panic!(
            "{r:?} {speed:?}: byte {i} is {:02X?}, expected {:02X?}",
            &got[..(i + 8).min(got.len())],
            &expected[..(i + 8).min(got.len())]
        );
    }
    assert!(deck.deck().is_auto(), "it played by itself");

    drop(ace);
    let mut stats = Rc::try_unwrap(stats).ok().unwrap().into_inner();
    let allowed = [r.poll, r.after_first, r.after_second, r.byte_end].map(u64::from);
    let odd: Vec<_> = stats
        .gaps
        .iter()
        .filter(|(g, _)| !allowed.contains(g))
        .collect();
    assert!(odd.is_empty(), "spacings outside {allowed:?}: {odd:?}");
    assert_eq!(
        stats.ports.keys().collect::<Vec<_>>(),
        [&LOADER_PORT],
        "every read at 0x7FFE, as the original's loader"
    );
    let old = stats.rules.pop().unwrap();
    let new = stats.rules.pop().unwrap();
    eprintln!(
        "{r:?} {speed:?}: spacings {:?}; current rule: longest lapse {} T, least credit {} T; \
         old rule: longest lapse {} T, least credit {} T",
        stats.gaps, new.longest_lapse, new.least_credit, old.longest_lapse, old.least_credit
    );
    // The current rule found the machine listening all along: at most a read's spacing
    // between two such reads (a lapse of the grace would have paused the tape).
    assert!(
        new.longest_lapse <= u64::from(r.byte_end),
        "{r:?}: the rule lost the loader for {} T",
        new.longest_lapse
    );
    (new, old)
}

/// The old rule's control: on the same reads it stopped finding the machine listening for
/// longer than the grace, so the tape would have paused mid-block.
fn old_rule_would_have_paused(old: &Replay) {
    assert!(
        old.longest_lapse > GRACE,
        "the old rule kept listening (longest lapse {} T): this block is no test",
        old.longest_lapse
    );
}

const SIZE: usize = 6_000;

#[test]
fn zeros_in_the_original_rhythm_load_at_real_and_fast_speed() {
    for speed in [TapeSpeed::Real, TapeSpeed::Fast] {
        let (_, old) = load(file_pair("ZEROS", &[0; SIZE]), ORIGINAL, speed);
        old_rule_would_have_paused(&old);
    }
}

#[test]
fn ones_in_the_original_rhythm_load_at_real_and_fast_speed() {
    // The densest reads of all (21 polls in a 1,591 T half): the old rule held on to
    // these, so this test has no control.
    for speed in [TapeSpeed::Real, TapeSpeed::Fast] {
        load(file_pair("ONES", &[0xFF; SIZE]), ORIGINAL, speed);
    }
}

#[test]
fn random_data_in_the_original_rhythm_loads_at_real_and_fast_speed() {
    for speed in [TapeSpeed::Real, TapeSpeed::Fast] {
        let (_, old) = load(file_pair("RANDOM", &random(SIZE, 21)), ORIGINAL, speed);
        old_rule_would_have_paused(&old);
    }
}

#[test]
fn zeros_read_twenty_percent_slower_load_at_real_and_fast_speed() {
    for speed in [TapeSpeed::Real, TapeSpeed::Fast] {
        let (_, old) = load(file_pair("ZEROS", &[0; SIZE]), SLOWER, speed);
        old_rule_would_have_paused(&old);
    }
}

#[test]
fn ones_read_twenty_percent_slower_load_at_real_and_fast_speed() {
    for speed in [TapeSpeed::Real, TapeSpeed::Fast] {
        let (_, old) = load(file_pair("ONES", &[0xFF; SIZE]), SLOWER, speed);
        old_rule_would_have_paused(&old);
    }
}

#[test]
fn random_data_read_twenty_percent_slower_loads_at_real_and_fast_speed() {
    for speed in [TapeSpeed::Real, TapeSpeed::Fast] {
        let (_, old) = load(file_pair("RANDOM", &random(SIZE, 22)), SLOWER, speed);
        old_rule_would_have_paused(&old);
    }
}

/// The other side of the rule: the open ROM scanning its keyboard, idle at the prompt and
/// in a Forth loop calling `INKEY` as fast as it can, for 10 s each with a tape in a deck
/// that plays by itself: the tape never moves.
#[test]
fn keyboard_scans_at_the_prompt_and_in_an_inkey_loop_never_start_the_tape() {
    let blocks = file_pair("KEYS", &random(100, 23));
    let deck = SharedDeck::new(
        Deck::new(
            TapeImage::from_blocks("keys", blocks),
            &DeckOptions::default(),
        )
        .unwrap(),
    );
    let mut ace = aceemu::machine::Ace::new(aceemu::rom::open::open_rom(), RamSize::K19).unwrap();
    ace.insert_tape(Box::new(deck.clone()));
    ace.caps_lock_at_prompt();
    ace.run_frames(500);
    assert_eq!(deck.deck().position().time, 0, "idle at the prompt");
    ace.type_text(": K BEGIN INKEY 0 = 0 UNTIL ; K\n");
    for _ in 0..1_000 {
        ace.run_frame();
        if ace.typing_done() {
            break;
        }
    }
    assert!(ace.typing_done());
    ace.run_frames(500);
    assert!(
        ace.screen_text().contains("K BEGIN") && !ace.screen_text().contains("ERROR"),
        "{}",
        ace.screen_text()
    );
    assert!(!deck.deck().is_running());
    assert_eq!(deck.deck().position().time, 0, "in the INKEY loop");
}

/// The half-rows a key scan reads, in the original ROM's order (ace-hardware.md 7,
/// "Keyboard reads are not sparse"): the high byte of each address, one 0 bit each.
const HALF_ROWS: [u8; 8] = [0xFE, 0xFD, 0xFB, 0xF7, 0xEF, 0xDF, 0xBF, 0x7F];

/// The spacings after each half-row read of a scan but the last (ace-hardware.md 7:
/// "mostly 70 T apart, with gaps of 130 T"), and between one scan and the next, in
/// turn ("319-443 T and about 1,000 T between scans"). They average 154 T a read, the
/// measured 5,055 reads in 12 frames.
const SCAN_GAPS: [u32; 7] = [130, 70, 70, 70, 70, 70, 70];
const BETWEEN_SCANS: [u32; 4] = [319, 1_000, 411, 1_000];

/// A bare-Ace ROM program that reads the port as the original ROM does in
/// `: W BEGIN INKEY UNTIL ; W` with no key pressed: the eight half-rows in turn, in the
/// measured spacings, for ever, with interrupts off.
fn key_scan_guest() -> Vec<u8> {
    let mut src = String::from("        ORG 0\n        DI\n        LD SP,0x4000\nscan:\n");
    for (scan, &between) in BETWEEN_SCANS.iter().enumerate() {
        for (k, &rows) in HALF_ROWS.iter().enumerate() {
            src += &format!("        LD A,0x{rows:02X}\n        IN A,(0xFE)\n");
            let gap = SCAN_GAPS.get(k).copied().unwrap_or(between);
            // From this IN to the next: IN 11, padding, the JP back at the very end 10,
            // LD A 7.
            let jump = if scan + 1 == BETWEEN_SCANS.len() && k == 7 {
                10
            } else {
                0
            };
            src += &pad(gap - 11 - jump - 7);
        }
    }
    src += "        JP scan\n";
    aceasm::assemble_str("key_scan_rhythm.asm", &src)
        .unwrap_or_else(|e| panic!("{e}\n{src}"))
        .bytes
}

/// A program waiting for a key on the original ROM reads the port in the key scan's
/// rhythm for as long as it waits: 10 s of it, with a tape in a deck that plays by
/// itself, never move the tape. The guest is checked against the measured numbers first
/// (reads a frame, the spacings, the eight half-rows); the control: the same reads given
/// to the rule blind to the address (the one before this) are a loader listening, and
/// the tape would have played.
#[test]
fn the_original_roms_inkey_loop_rhythm_never_starts_the_tape() {
    let deck = SharedDeck::new(
        Deck::new(
            TapeImage::from_blocks("keys", file_pair("KEYS", &random(100, 24))),
            &DeckOptions::default(),
        )
        .unwrap(),
    );
    let stats = Rc::new(RefCell::new(Stats::new(vec![
        Replay::new(ListenRule::DEFAULT),
        Replay::blind(ListenRule::DEFAULT),
    ])));
    let mut ace = TestRom::new().at(0, &key_scan_guest()).boot(RamSize::K3);
    ace.insert_tape(Box::new(Watched {
        deck: deck.clone(),
        stats: stats.clone(),
    }));
    ace.run_frames(12);
    {
        let s = stats.borrow();
        let reads: u64 = s.ports.values().sum();
        // Measured: 5,055 reads in 12 frames.
        assert!(
            (5_005..=5_105).contains(&reads),
            "{reads} reads in 12 frames, measured 5,055"
        );
        let rows: Vec<u8> = s.ports.keys().map(|p| (p >> 8) as u8).collect();
        let mut expected = HALF_ROWS.to_vec();
        expected.sort_unstable();
        assert_eq!(rows, expected, "the eight half-rows");
        let most = s.gaps.iter().max_by_key(|(_, n)| **n).map(|(g, _)| *g);
        assert_eq!(most, Some(70), "mostly 70 T apart: {:?}", s.gaps);
        let allowed = [70, 130, 319, 411, 1_000];
        assert!(
            s.gaps.keys().all(|g| allowed.contains(g)),
            "spacings {:?}",
            s.gaps
        );
    }
    ace.run_frames(500 - 12);
    drop(ace);
    let stats = Rc::try_unwrap(stats).ok().unwrap().into_inner();
    let (rule, blind) = (&stats.rules[0], &stats.rules[1]);
    assert_eq!(deck.deck().position().time, 0, "the tape never moved");
    assert!(!deck.deck().is_running());
    assert_eq!(
        rule.listening_reads, 0,
        "no read found the machine listening"
    );
    let reads: u64 = stats.ports.values().sum();
    eprintln!(
        "{reads} reads in 500 frames: longest run {} T (blind to the address: {} T, \
         {} reads listening)",
        rule.longest_run, blind.longest_run, blind.listening_reads
    );
    assert!(
        rule.longest_run < 1_000,
        "a run of {} T: a key scan earns nothing after its run's first read",
        rule.longest_run
    );
    assert!(
        blind.listening_reads > reads * 9 / 10,
        "control: blind to the address, the rule took {} of {reads} reads for a loader's",
        blind.listening_reads
    );
}
