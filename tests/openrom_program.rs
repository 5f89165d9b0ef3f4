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

#[test]
fn program_compiles_and_computes() {
    let mut ace = loaded();
    let mut check = |line: &str, want: String| {
        // `want` is the whole printout (echo and output interleaved) after the first word
        // that prints; lines that print only at the end give just the output.
        let got = eval(&mut ace, line);
        let full = if want.starts_with('=') {
            want[1..].to_string()
        } else {
            format!("{line} {want}")
        };
        assert_eq!(got, full, "{line}");
    };
    check(
        "7 SQUARE . 5 CUBE .",
        "=7 SQUARE . 49 5 CUBE . 125".to_string(),
    );
    check(
        "5 1 9 BETWEEN . 0 1 9 BETWEEN .",
        "=5 1 9 BETWEEN . 1 0 1 9 BETWEEN . 0".to_string(),
    );
    check(
        "-5 SIGNUM . 0 SIGNUM . 9 SIGNUM .",
        "=-5 SIGNUM . -1 0 SIGNUM . 0 9 SIGNUM . 1".to_string(),
    );
    check("7 FACT .", (1..=7).product::<i64>().to_string());
    check("462 1071 GCD .", gcd(462, 1071).to_string());
    check("4 6 LCM .", "12".to_string());
    check("20 FIB .", fib(20).to_string());
    check("100 SUMTO .", (1..=100).sum::<i64>().to_string());
    check("9 EVENS", nums((0..9).step_by(2)));
    check("4 DOWN", "4 3 2 1".to_string());
    check("12345 COUNTDIGITS .", "5".to_string());
    check("3 4 POW2 .", "81".to_string());
    check("1000 ISQRT .", "31".to_string());
    check("50 PRIMES", nums((2..=50).filter(|&n| is_prime(n))));
    check(
        "30 MAXCOLLATZ .",
        (1..=30).map(collatz).max().unwrap().to_string(),
    );
    check("1234 REVERSE .", "4321".to_string());
    check(
        "12321 PALINDROME? . 123 PALINDROME? .",
        "=12321 PALINDROME? . 1 123 PALINDROME? . 0".to_string(),
    );
    check("9875 DIGITSUM .", "29".to_string());
    check("50 PERFECTS", "6 28".to_string());
}

#[test]
fn program_data_structures() {
    let mut ace = loaded();
    let data: Vec<i64> = (0..10).map(|i| (10 - i) * 7 % 13).collect();
    let mut sorted = data.clone();
    sorted.sort();
    let mut check = |line: &str, want: String| {
        // `want` is the whole printout (echo and output interleaved) after the first word
        // that prints; lines that print only at the end give just the output.
        let got = eval(&mut ace, line);
        let full = if want.starts_with('=') {
            want[1..].to_string()
        } else {
            format!("{line} {want}")
        };
        assert_eq!(got, full, "{line}");
    };
    check("FILLDATA SHOWDATA", nums(data.clone()));
    check("SUMDATA .", data.iter().sum::<i64>().to_string());
    check("MAXDATA .", data.iter().max().unwrap().to_string());
    check("SORTDATA SHOWDATA", nums(sorted));
    check(
        "CLEARFLAGS 3 SETFLAG 9 SETFLAG COUNTFLAGS .",
        "2".to_string(),
    );
    check(
        "TICKS . TICKS . TICKS .",
        "=TICKS . 1 TICKS . 2 TICKS . 3".to_string(),
    );
    check(
        "SQUARES 3 2 * + @ . 5 POWERS .",
        "=SQUARES 3 2 * + @ . 9 5 POWERS . 32".to_string(),
    );
    check(
        "1 SEED ! RND . RND .",
        format!(
            "=1 SEED ! RND . {} RND . {}",
            75 + 74,
            (149 * 75 + 74) % 65536
        ),
    );
    check("2 ACCUM .", "9".to_string()); // TICKS continues: 4 + 5
    check("40000 3 BIGMUL D.", "120000".to_string());
    check("-1 -1 D.", "-1".to_string());
    check("255 HEX. 5 BIN.", "=255 HEX. FF 5 BIN. 101".to_string());
    check(
        "RESET 5 43 APPLY 4 42 APPLY 9 0 APPLY ACC.",
        "20".to_string(),
    );
}

#[test]
fn program_strings_and_branches() {
    let mut ace = loaded();
    enter(&mut ace, "STRING S1 hello world\"");
    let mut check = |line: &str, want: &str| {
        // `want` is the whole printout (echo and output interleaved) after the first word
        // that prints; lines that print only at the end give just the output.
        let got = eval(&mut ace, line);
        let full = if want.starts_with('=') {
            want[1..].to_string()
        } else {
            format!("{line} {want}")
        };
        assert_eq!(got, full, "{line}");
    };
    check("S1 PRINT", "hello world");
    check("S1 STRLEN .", "11");
    check("S1 STRUP S1 PRINT", "HELLO WORLD");
    check("S1 VOWELS .", "3");
    check("GREET", "HELLO FROM THE OPEN ROM");
    check("QUOTE", "\"QUOTED\"");
    check(
        "0 TESTIFS -3 TESTIFS 4 TESTIFS 99 TESTIFS",
        "=0 TESTIFS ZERO-3 TESTIFS NEG4 TESTIFS SMALL99 TESTIFS BIG",
    );
    check("NESTED", "0 1 2");
    check("10 WHILETEST", "10 7 4 1");
    check("LEAVETEST", "0 1 2 3");
    check(
        "1 CASE3 2 CASE3 5 CASE3",
        "=1 CASE3 ONE2 CASE3 TWO5 CASE3 MANY",
    );
}

#[test]
fn program_draws_with_at() {
    let mut ace = loaded();
    enter(&mut ace, "PICTURE");
    let l = lines(&ace);
    assert_eq!(&l[2][2..12], "**********");
    assert_eq!(&l[6][2..12], "**********");
    for row in 3..6 {
        assert_eq!(l[row].chars().nth(2), Some('|'), "row {row}");
        assert_eq!(l[row].chars().nth(11), Some('|'), "row {row}");
    }
    assert_eq!(&l[4][4..7], "ACE");
    enter(&mut ace, "CLS 5 3 4 2 BOX");
    let l = lines(&ace);
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

fn press(ace: &mut Ace, key: Key) {
    ace.press_key(key);
    ace.run_frames(3);
    ace.release_key(key);
    ace.run_frames(3);
}

#[test]
fn program_reads_keys_with_inkey() {
    let mut ace = loaded();
    type_and_start(&mut ace, "GAME\n");
    press(&mut ace, Key::N5);
    press(&mut ace, Key::N9);
    press(&mut ace, Key::N7);
    wait_idle(&mut ace, 100);
    let l = lines(&ace);
    assert_eq!(l[1], "GAME 5UP 9DOWN 7RIGHT OK", "{}", ace.screen_text());
    assert_eq!(eval(&mut ace, "TRIES @ ."), "TRIES @ . 3");
    type_and_start(&mut ace, "KEYNAME\n");
    press(&mut ace, Key::Q);
    wait_idle(&mut ace, 100);
    assert!(
        ace.screen_text().contains("KEYNAME q=113"),
        "{}",
        ace.screen_text()
    );
}
