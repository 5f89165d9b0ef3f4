//! Open ROM: a longer Forth program (tests/data/openrom_program.fth: control structures,
//! recursion, defining words, strings, AT, INKEY) is typed in, compiles without an error,
//! and its words give the results of an independent model written here in Rust.

mod openrom_support;
use aceemu::machine::keyboard::Key;
use aceemu::machine::Ace;
use openrom_support::*;

const PROGRAM: &str = include_str!("data/openrom_program.fth");

fn loaded() -> Ace {
    let mut ace = boot();
    for (n, line) in PROGRAM.lines().enumerate() {
        enter(&mut ace, line);
        let screen = ace.screen_text();
        assert!(
            !screen.contains("ERROR") && ace.screen_codes()[23 * 32..].iter().all(|&c| c != 0xBF),
            "line {}: {line:?} was not accepted:\n{screen}",
            n + 1
        );
    }
    assert!(
        data_stack(&ace).is_empty(),
        "program leaves nothing on the stack"
    );
    assert_eq!(ace.peek(FLAGS) & 0x44, 0, "no definition left open");
    enter(&mut ace, "CLS");
    ace
}

/// `want` is what the line prints after its echo when all output comes at the end, or the
/// whole printout (echo and output interleaved) when it starts with '='.
fn check(ace: &mut Ace, line: &str, want: impl AsRef<str>) {
    let want = want.as_ref();
    let got = eval(ace, line);
    let full = match want.strip_prefix('=') {
        Some(whole) => whole.to_string(),
        None => format!("{line} {want}"),
    };
    assert_eq!(got, full, "{line}");
}

fn nums(v: impl IntoIterator<Item = i64>) -> String {
    v.into_iter()
        .map(|n| n.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn fib(n: i64) -> i64 {
    let (mut a, mut b) = (0i64, 1i64);
    for _ in 0..n {
        (a, b) = (b, a + b);
    }
    a
}

fn is_prime(n: i64) -> bool {
    n >= 2 && (2..n).all(|d| n % d != 0)
}

fn collatz(mut n: i64) -> i64 {
    let mut steps = 0;
    while n != 1 {
        n = if n % 2 == 1 { 3 * n + 1 } else { n / 2 };
        steps += 1;
    }
    steps
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

fn program_compiles_and_computes(ace: &mut Ace) {
    check(ace, "7 SQUARE . 5 CUBE .", "=7 SQUARE . 49 5 CUBE . 125");
    check(
        ace,
        "5 1 9 BETWEEN . 0 1 9 BETWEEN .",
        "=5 1 9 BETWEEN . 1 0 1 9 BETWEEN . 0",
    );
    check(
        ace,
        "-5 SIGNUM . 0 SIGNUM . 9 SIGNUM .",
        "=-5 SIGNUM . -1 0 SIGNUM . 0 9 SIGNUM . 1",
    );
    check(ace, "7 FACT .", (1..=7).product::<i64>().to_string());
    check(ace, "462 1071 GCD .", gcd(462, 1071).to_string());
    check(ace, "4 6 LCM .", "12");
    check(ace, "20 FIB .", fib(20).to_string());
    check(ace, "100 SUMTO .", (1..=100).sum::<i64>().to_string());
    check(ace, "9 EVENS", nums((0..9).step_by(2)));
    check(ace, "4 DOWN", "4 3 2 1");
    check(ace, "12345 COUNTDIGITS .", "5");
    check(ace, "3 4 POW2 .", "81");
    check(ace, "1000 ISQRT .", "31");
    check(ace, "50 PRIMES", nums((2..=50).filter(|&n| is_prime(n))));
    check(
        ace,
        "30 MAXCOLLATZ .",
        (1..=30).map(collatz).max().unwrap().to_string(),
    );
    check(ace, "1234 REVERSE .", "4321");
    check(
        ace,
        "12321 PALINDROME? . 123 PALINDROME? .",
        "=12321 PALINDROME? . 1 123 PALINDROME? . 0",
    );
    check(ace, "9875 DIGITSUM .", "29");
    check(ace, "50 PERFECTS", "6 28");
}

fn program_data_structures(ace: &mut Ace) {
    let data: Vec<i64> = (0..10).map(|i| (10 - i) * 7 % 13).collect();
    let mut sorted = data.clone();
    sorted.sort();
    check(ace, "FILLDATA SHOWDATA", nums(data.clone()));
    check(ace, "SUMDATA .", data.iter().sum::<i64>().to_string());
    check(ace, "MAXDATA .", data.iter().max().unwrap().to_string());
    check(ace, "SORTDATA SHOWDATA", nums(sorted));
    check(ace, "CLEARFLAGS 3 SETFLAG 9 SETFLAG COUNTFLAGS .", "2");
    check(
        ace,
        "TICKS . TICKS . TICKS .",
        "=TICKS . 1 TICKS . 2 TICKS . 3",
    );
    check(
        ace,
        "SQUARES 3 2 * + @ . 5 POWERS .",
        "=SQUARES 3 2 * + @ . 9 5 POWERS . 32",
    );
    check(
        ace,
        "1 SEED ! RND . RND .",
        format!("=1 SEED ! RND . {} RND . {}", 75 + 74, 149 * 75 + 74),
    );
    check(ace, "2 ACCUM .", "9"); // TICKS continues: 4 + 5
    check(ace, "40000 3 BIGMUL D.", "120000");
    check(ace, "-1 -1 D.", "-1");
    check(ace, "255 HEX. 5 BIN.", "=255 HEX. FF 5 BIN. 101");
    check(ace, "RESET 5 43 APPLY 4 42 APPLY 9 0 APPLY ACC.", "20");
}

fn program_strings_and_branches(ace: &mut Ace) {
    enter(ace, "STRING S1 hello world\"");
    check(ace, "S1 PRINT", "hello world");
    check(ace, "S1 STRLEN .", "11");
    check(ace, "S1 STRUP S1 PRINT", "HELLO WORLD");
    check(ace, "S1 VOWELS .", "3");
    check(ace, "GREET", "HELLO FROM THE OPEN ROM");
    check(ace, "QUOTE", "\"QUOTED\"");
    check(
        ace,
        "0 TESTIFS -3 TESTIFS 4 TESTIFS 99 TESTIFS",
        "=0 TESTIFS ZERO-3 TESTIFS NEG4 TESTIFS SMALL99 TESTIFS BIG",
    );
    check(ace, "NESTED", "0 1 2");
    check(ace, "10 WHILETEST", "10 7 4 1");
    check(ace, "LEAVETEST", "0 1 2 3");
    check(
        ace,
        "1 CASE3 2 CASE3 5 CASE3",
        "=1 CASE3 ONE2 CASE3 TWO5 CASE3 MANY",
    );
}

fn program_draws_with_at(ace: &mut Ace) {
    enter(ace, "PICTURE");
    let l = lines(ace);
    assert_eq!(&l[2][2..12], "**********");
    assert_eq!(&l[6][2..12], "**********");
    for (row, line) in l.iter().enumerate().take(6).skip(3) {
        assert_eq!(line.chars().nth(2), Some('|'), "row {row}");
        assert_eq!(line.chars().nth(11), Some('|'), "row {row}");
    }
    assert_eq!(&l[4][4..7], "ACE");
    enter(ace, "CLS 5 3 4 2 BOX");
    let l = lines(ace);
    assert_eq!(l[5], "   ****");
    assert!(l[6].starts_with("   **** OK"), "{}", l[6]);
}

/// Type a line and let it start running (it then waits for keys: not idle).
fn type_and_start(ace: &mut Ace, text: &str) {
    ace.type_text(text);
    while !ace.typing_done() {
        ace.run_frame();
    }
    ace.run_frames(5);
}

fn program_second_part(ace: &mut Ace) {
    check(ace, "-42 6 RJUST", "   -42");
    check(ace, "5 BIT . 0 BIT .", "=5 BIT . 32 0 BIT . 1");
    check(
        ace,
        "255 POPCOUNT . -1 POPCOUNT .",
        "=255 POPCOUNT . 8 -1 POPCOUNT . 16",
    );
    check(ace, "5 BITS.", "0000000000000101");
    check(ace, "BIGTEST BIG@ D.", "300000");
    check(ace, ": T10 TEN 1+ ; T10 .", "=: T10 TEN 1+ ; T10 . 11");
    check(ace, "USEBYTE .", "201");
    check(ace, "65 70 ASCIITAB", "ABCDE");
    check(ace, "4 CYCLE", "RED GREEN AMBER RED");
    check(ace, "S2 S3 S= . S2 S4 S= .", "=S2 S3 S= . 1 S2 S4 S= . 0");
    check(ace, "S2 COUNT TRIM SWAP DROP .", "11");
    check(
        ace,
        "3 EXTRA INEXTRA . FORTH 3 INFORTH .",
        "=3 EXTRA INEXTRA . 27 FORTH 3 INFORTH . 9",
    );
    check(ace, "AFTERFORGET .", "3");
    // SCRATCH1 and SCRATCH2 were forgotten: AFTERFORGET follows MAX3's predecessor chain
    // straight to the vocabulary EXTRA's words' successor INFORTH.
    let after = cfa_of_ram(ace, "AFTERFORGET");
    let link = word(ace, after - 3);
    assert_eq!(ram_name(ace, link), "INFORTH");
    check(
        ace,
        "3 9 4 MAX3 . 3 9 4 MIN3 .",
        "=3 9 4 MAX3 . 9 3 9 4 MIN3 . 3",
    );
    check(
        ace,
        "15 0 10 CLAMP . -5 0 10 CLAMP .",
        "=15 0 10 CLAMP . 10 -5 0 10 CLAMP . 0",
    );
    check(
        ace,
        "7 9 AVERAGE . 250 40 PERCENT . 7 2 ROUNDDIV .",
        "=7 9 AVERAGE . 8 250 40 PERCENT . 100 7 2 ROUNDDIV . 4",
    );
    check(
        ace,
        "100 TRIANGULAR . 5 SQUARES.",
        "=100 TRIANGULAR . 5050 5 SQUARES. 1 4 9 16 25",
    );
    check(ace, "99 ODDS . TESTALL .", "=99 ODDS . 50 TESTALL . 25");
    check(
        ace,
        "3 8 ABSDIFF . -3 NEG? .",
        "=3 8 ABSDIFF . 5 -3 NEG? . 1",
    );
    check(ace, "DEPTHTEST", "2 1 4 3");
    check(ace, "S2 4 HEXDUMP", "  B 48 45 4C");
    check(ace, "7 4 U.R", "   7");
    enter(ace, "CLS 3 MULTABLE");
    let l = lines(ace);
    assert_eq!(l[1], "   1     1       1");
    assert_eq!(l[2], "   2     4       8");
    assert_eq!(l[3], "   3     9      27 OK");
    enter(ace, "HISTO");
    let l = lines(ace);
    for bar in 0..5usize {
        for h in 0..12usize {
            let want = if h < 2 * bar + 1 { '#' } else { ' ' };
            let got = l[20 - h].chars().nth(2 * bar).unwrap_or(' ');
            assert_eq!(got, want, "bar {bar} height {h}");
        }
    }
    type_and_start(ace, "CLS KEYLOOP\n");
    for k in [Key::A, Key::C, Key::E] {
        press(ace, k);
    }
    press(ace, Key::Enter);
    wait_idle(ace, 100);
    assert_eq!(lines(ace)[0], "KEYLOOP ace OK", "{}", ace.screen_text());
}

/// Name of the RAM word whose name-length field is at `nl`.
fn ram_name(ace: &Ace, nl: u16) -> String {
    let len = ace.peek(nl) & 0x3F;
    let start = nl - 4 - u16::from(len);
    ace.read_bytes(start, len as usize)
        .iter()
        .map(|&c| (c & 0x7F) as char)
        .collect()
}

/// CFA of a RAM word found by walking FORTH's chain.
fn cfa_of_ram(ace: &Ace, name: &str) -> u16 {
    let mut nl = word(ace, 0x3C4C);
    while nl >= 0x3C00 {
        if ace.peek(nl) & 0x3F != 0 && ram_name(ace, nl) == name {
            return nl + 1;
        }
        nl = word(ace, nl - 2);
    }
    panic!("no RAM word {name}");
}

fn press(ace: &mut Ace, key: Key) {
    ace.press_key(key);
    ace.run_frames(3);
    ace.release_key(key);
    ace.run_frames(3);
}

fn program_reads_keys_with_inkey(ace: &mut Ace) {
    type_and_start(ace, "GAME\n");
    press(ace, Key::N5);
    press(ace, Key::N9);
    press(ace, Key::N7);
    wait_idle(ace, 100);
    let l = lines(ace);
    assert_eq!(l[1], "GAME 5UP 9DOWN 7RIGHT OK", "{}", ace.screen_text());
    assert_eq!(eval(ace, "TRIES @ ."), "TRIES @ . 3");
    type_and_start(ace, "KEYNAME\n");
    press(ace, Key::Q);
    wait_idle(ace, 100);
    assert!(
        ace.screen_text().contains("KEYNAME q=113"),
        "{}",
        ace.screen_text()
    );
}

/// The program is typed once (it takes a few seconds of emulated typing); each part then
/// runs its words on the same machine.
#[test]
fn program_compiles_and_runs() {
    let mut ace = loaded();
    enter(&mut ace, "CLS");
    program_compiles_and_computes(&mut ace);
    enter(&mut ace, "CLS");
    program_data_structures(&mut ace);
    enter(&mut ace, "CLS");
    program_strings_and_branches(&mut ace);
    enter(&mut ace, "CLS");
    program_draws_with_at(&mut ace);
    enter(&mut ace, "CLS");
    program_second_part(&mut ace);
    enter(&mut ace, "CLS");
    program_reads_keys_with_inkey(&mut ace);
}
