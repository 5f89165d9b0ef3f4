//! Open ROM: a program of about 300 lines (tests/data/openrom_program.fth) is typed in,
//! compiles without an error, and its words give the results of independent models written
//! here in Rust. It covers control structures (nested DO with I J I' LEAVE, +LOOP with
//! negative steps, BEGIN WHILE REPEAT, UNTIL, EXIT), recursion (Hanoi, Ackermann),
//! DEFINER arrays, boards and record fields, COMPILER words with operands, vocabularies,
//! double numbers (U* U/MOD D+ D< DNEGATE */MOD), pictured output (<# # #S HOLD SIGN #>),
//! strings, and games driven by INKEY: Life drawn with PLOT, a text adventure, sokoban
//! drawn with AT and block graphics, an RPN calculator; BEEP and FAST/SLOW.
//! The program is typed once per run (typing dominates the run time).

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
    assert_eq!(got, full, "{line}\n{}", ace.screen_text());
}

/// `prefix . . .` (one `.` per value): each value is printed right after its `.` echo.
fn check_dots(ace: &mut Ace, prefix: &str, values: &[String]) {
    let line = format!("{prefix}{}", " .".repeat(values.len()));
    let mut want = format!("={prefix}");
    for v in values {
        want.push_str(&format!(" . {v}"));
    }
    check(ace, &line, want);
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
    enter(&mut ace, "CLS");
    program_formats_numbers(&mut ace);
    enter(&mut ace, "CLS");
    program_double_numbers(&mut ace);
    enter(&mut ace, "CLS");
    program_loops_and_recursion(&mut ace);
    enter(&mut ace, "CLS");
    program_plays_life(&mut ace);
    enter(&mut ace, "CLS");
    program_beeps(&mut ace);
    enter(&mut ace, "CLS");
    program_plays_adventure(&mut ace);
    enter(&mut ace, "CLS");
    program_plays_sokoban(&mut ace);
    enter(&mut ace, "CLS");
    program_records_cipher_and_calculator(&mut ace);
    enter(&mut ace, "CLS");
    program_reads_numbers_with_query(&mut ace);
}

// ----- second half of the program: formatting, doubles, loops, games -----------------------

/// Thousands separators, as COMMAS builds them digit by digit.
fn commas(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

fn money(n: i64) -> String {
    let sign = if n < 0 { "-" } else { "" };
    format!("${sign}{}.{:02}", n.abs() / 100, n.abs() % 100)
}

fn hms(s: u32) -> String {
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

fn program_formats_numbers(ace: &mut Ace) {
    for n in [-1234, 5, 32767, -7, -32768] {
        // (ABS -32768 is 0x8000, which the unsigned pictured output reads as 32768)
        check(ace, &format!("{n} MONEY"), money(n));
    }
    for s in [3725, 59, 40000] {
        // 40000 is typed as a cell that wraps to -25536; HMS reads it unsigned
        check(ace, &format!("{s} HMS"), hms(s));
    }
    check(ace, "1111 1111 U* COMMAS", commas(1111 * 1111));
    check(ace, "1000 0 COMMAS", commas(1000));
    check(ace, "7 0 COMMAS", commas(7));
    check(ace, "-1 -1 COMMAS", commas(u32::MAX as u64));
}

fn fact(n: u64) -> u64 {
    (1..=n).product()
}

/// `.` of a 16-bit cell.
fn dot(v: i64) -> String {
    (v as i16).to_string()
}

fn program_double_numbers(ace: &mut Ace) {
    check(ace, "12 FACTD D.", fact(12).to_string());
    let digits: u64 = fact(12)
        .to_string()
        .bytes()
        .map(|b| u64::from(b - b'0'))
        .sum();
    check(ace, "12 FACTD DDIGITSUM .", digits.to_string());
    let sumsq: i64 = (1..=300i64).map(|i| i * i).sum();
    check(ace, "300 DSUMSQ D.", sumsq.to_string());
    for n in [10000i64, -10000, 77] {
        let p = n * 355;
        // */MOD: 32-bit product, truncating division, remainder with the dividend's sign
        check_dots(ace, &format!("{n} PISCALE"), &[dot(p / 113), dot(p % 113)]);
    }
    check_dots(
        ace,
        "-1 0 7 U/MOD",
        &[(0xFFFF / 7).to_string(), (0xFFFF % 7).to_string()],
    );
    check(
        ace,
        "10 FACTD 100 U/MOD U. .",
        format!(
            "=10 FACTD 100 U/MOD U. {} . {}",
            fact(10) / 100,
            fact(10) % 100
        ),
    );
    check(
        ace,
        "10 FACTD 12 FACTD D< . 12 FACTD 10 FACTD D< .",
        format!(
            "=10 FACTD 12 FACTD D< . {} 12 FACTD 10 FACTD D< . {}",
            u8::from(fact(10) < fact(12)),
            u8::from(fact(12) < fact(10))
        ),
    );
    check(ace, "7 FACTD DNEGATE 1 0 D< .", "1");
    check(ace, "7 FACTD DNEGATE 5 FACTD DMAX D.", fact(5).to_string());
    check(ace, "9 FACTD 8 FACTD DMAX D.", fact(9).to_string());
    check(ace, "6 FACTD DNEGATE DABS D.", fact(6).to_string());
    check(ace, "6 FACTD DNEGATE D.", format!("-{}", fact(6)));
}

/// The counter values of `limit start DO … step +LOOP` by the Ace's rule: the loop ends
/// when the counter reaches or passes the limit (from below for step >= 0, from above for
/// a negative step); the body always runs once.
fn do_loop(limit: i64, start: i64, step: i64) -> Vec<i64> {
    let mut out = vec![];
    let mut i = start;
    loop {
        out.push(i);
        i += step;
        if (step >= 0 && i >= limit) || (step < 0 && i <= limit) {
            return out;
        }
    }
}

fn hanoi(n: u32, from: u32, to: u32, via: u32, out: &mut String) {
    if n == 0 {
        return;
    }
    hanoi(n - 1, from, via, to, out);
    out.push_str(&format!("{from}{to} "));
    hanoi(n - 1, via, to, from, out);
}

fn ackermann(m: u64, n: u64) -> u64 {
    match (m, n) {
        (0, n) => n + 1,
        (m, 0) => ackermann(m - 1, 1),
        (m, n) => ackermann(m - 1, ackermann(m, n - 1)),
    }
}

fn smallest_divisor(n: i64) -> i64 {
    (2..=n).find(|d| n % d == 0).unwrap()
}

fn program_loops_and_recursion(ace: &mut Ace) {
    let mut triples = vec![];
    for a in 1..=13i64 {
        for b in a..=13 {
            let c = ((a * a + b * b) as f64).sqrt() as i64;
            if c * c == a * a + b * b {
                triples.extend([a, b, c]);
            }
        }
    }
    check(ace, "13 PYTH", nums(triples));
    for n in [360i64, 97, 1001, 2] {
        let mut f = vec![];
        let mut m = n;
        while m > 1 {
            let d = smallest_divisor(m);
            f.push(d);
            m /= d;
        }
        check(ace, &format!("{n} FACTORS"), nums(f));
    }
    for target in [12i64, 36, 7] {
        let mut pairs = vec![];
        for j in 1..10 {
            if let Some(i) = (1..10).find(|i| i * j == target) {
                pairs.extend([j, i]);
            }
        }
        check(ace, &format!("{target} FINDPAIR"), nums(pairs));
    }
    for (hi, lo, step) in [
        (10i64, 0i64, -3i64),
        (10, 1, -3),
        (0, -10, -4),
        (0, 10, 3),
        (5, 5, -1),
    ] {
        check(
            ace,
            &format!("{hi} {lo} {step} DOWNBY"),
            nums(do_loop(lo, hi, step)),
        );
    }
    let composite: Vec<bool> = (0..200).map(|n: i64| n >= 2 && !is_prime(n)).collect();
    let count = (2..200).filter(|&n| !composite[n]).count();
    check(ace, "SIEVE NPRIMES .", count.to_string());
    let last = (2..=150i64).rev().find(|&n| is_prime(n)).unwrap();
    check(ace, "150 LASTPRIME .", last.to_string());
    let mut moves = String::new();
    hanoi(3, 1, 3, 2, &mut moves);
    check(ace, "3 1 3 2 HANOI", moves.trim_end());
    check(ace, "2 3 ACK .", ackermann(2, 3).to_string());
    check(
        ace,
        "5 SCALEK . -400 SCALEK .",
        format!(
            "=5 SCALEK . {} -400 SCALEK . {}",
            5 * 3 + 1000 - 7,
            -400 * 3 + 1000 - 7
        ),
    );
    check(
        ace,
        "S2 COUNT REVTYPE",
        "HELLO WORLD".chars().rev().collect::<String>(),
    );
    check(ace, "4 REMAINING", nums((0..4).map(|i| 4 - i)));
    check(ace, "3 DOOP .", "27");
    check(ace, "FIND SQUARE OP ! 3 DOOP .", "9");
    check(ace, "6 BANNER", "+------+");
    enter(ace, "CLS S2 COUNT 5 CENTRE");
    let l = lines(ace);
    let col = (32 - 11) / 2;
    assert_eq!(
        l[5],
        format!("{}HELLO WORLD OK", " ".repeat(col)),
        "{}",
        ace.screen_text()
    );
}

/// A PLOT pixel (x 0-63, y 0-45 from the bottom) read back from the screen codes by the
/// block-graphics rule of ace-hardware.md 3.1; None if the cell holds a character that is
/// neither a block graphic nor a space.
fn pixel(codes: &[u8; 768], x: usize, y: usize) -> Option<bool> {
    let c = codes[(22 - y / 2) * 32 + x / 2];
    if c == b' ' {
        return Some(false);
    }
    if !(0x10..=0x17).contains(&(c & 0x7F)) {
        return None;
    }
    let top = y % 2 == 1;
    let left = x.is_multiple_of(2);
    let lit = match (top, left) {
        (true, true) => c & 2 != 0,
        (true, false) => c & 1 != 0,
        (false, false) => c & 4 != 0,
        (false, true) => false,
    };
    Some(lit ^ (c & 0x80 != 0))
}

/// The program's Life board: SIZE x SIZE cells on a torus.
const SIZE: usize = 8;
type Board = [[bool; SIZE]; SIZE];

fn life_step(b: &Board) -> Board {
    let mut next = [[false; SIZE]; SIZE];
    for r in 0..SIZE {
        for c in 0..SIZE {
            let mut n = 0;
            for dr in [SIZE - 1, 0, 1] {
                for dc in [SIZE - 1, 0, 1] {
                    if (dr, dc) != (0, 0) && b[(r + dr) % SIZE][(c + dc) % SIZE] {
                        n += 1;
                    }
                }
            }
            next[r][c] = n == 3 || (n == 2 && b[r][c]);
        }
    }
    next
}

fn population(b: &Board) -> usize {
    b.iter().flatten().filter(|&&v| v).count()
}

/// The program's linear congruential generator, 16-bit wrapping.
fn random_board(seed: u16) -> Board {
    let mut s = seed;
    let mut b = [[false; SIZE]; SIZE];
    for row in b.iter_mut() {
        for cell in row.iter_mut() {
            s = s.wrapping_mul(75).wrapping_add(74);
            *cell = s & 8192 != 0;
        }
    }
    b
}

/// LIFESCREEN draws cell (r, c) as pixel (44 + c, 45 - r).
fn assert_life_screen(ace: &Ace, b: &Board, gen: usize) {
    let codes = ace.screen_codes();
    for (r, row) in b.iter().enumerate() {
        for (c, &alive) in row.iter().enumerate() {
            assert_eq!(
                pixel(&codes, 44 + c, 45 - r),
                Some(alive),
                "gen {gen} cell ({r}, {c}):\n{}",
                ace.screen_text()
            );
        }
    }
    let top = ace.screen_text();
    assert!(
        top.starts_with(&format!("GEN {gen} POP {} ", population(b))),
        "{top}"
    );
}

fn program_plays_life(ace: &mut Ace) {
    // a glider placed across the torus's edges: GLIDER wraps its cells
    let mut glider = [[false; SIZE]; SIZE];
    for (r, c) in [(6, 7), (7, 8), (8, 6), (8, 7), (8, 8)] {
        glider[r % SIZE][c % SIZE] = true;
    }
    enter(ace, "CLEARLIFE 6 6 GLIDER");
    enter_within(ace, "LIFESCREEN", 100);
    assert_life_screen(ace, &glider, 0);
    let mut b = glider;
    for _ in 0..4 {
        b = life_step(&b);
    }
    enter_within(ace, "4 GENS LIFESCREEN", 5_000);
    assert_life_screen(ace, &b, 4);
    for _ in 0..4 {
        b = life_step(&b);
    }
    enter_within(ace, "FAST 4 GENS SLOW LIFESCREEN", 5_000);
    assert_life_screen(ace, &b, 8);
    // a glider moves one cell down and right every 4 generations
    let mut moved = [[false; SIZE]; SIZE];
    for (r, row) in glider.iter().enumerate() {
        for (c, &v) in row.iter().enumerate() {
            moved[(r + 2) % SIZE][(c + 2) % SIZE] = v;
        }
    }
    assert_eq!(b, moved, "the model's glider after 8 generations");

    let mut b = random_board(77);
    enter_within(ace, "77 RANDLIFE LIFESCREEN", 200);
    assert_life_screen(ace, &b, 0);
    for _ in 0..3 {
        b = life_step(&b);
    }
    enter_within(ace, "FAST 3 GENS SLOW LIFESCREEN", 5_000);
    assert_life_screen(ace, &b, 3);
    // the board in memory: BOARD's children hold the column count, then the cells row by row
    let pfa = cfa_of_ram(ace, "OLD") + 2;
    assert_eq!(ace.peek(pfa) as usize, SIZE);
    let cells = ace.read_bytes(pfa + 1, SIZE * SIZE);
    let want: Vec<u8> = b.iter().flatten().map(|&v| u8::from(v)).collect();
    assert_eq!(cells, want, "OLD in memory");

    // population history as PLOTted bars: bar g at x = 2g, POP/4 pixels high
    let mut b = random_board(1234);
    // (short lines: PLOT on screen line 22 would land in a two-line input buffer)
    enter(ace, "1234 RANDLIFE");
    enter_within(ace, "FAST 5 LIFEHIST SLOW", 5_000);
    let codes = ace.screen_codes();
    for g in 0..5 {
        let h = population(&b) / 4;
        for y in 0..30 {
            assert_eq!(
                pixel(&codes, 2 * g, y),
                Some(y < h),
                "bar {g} y {y}\n{}",
                ace.screen_text()
            );
            assert_eq!(pixel(&codes, 2 * g + 1, y), Some(false), "gap {g} y {y}");
        }
        b = life_step(&b);
    }
}

fn program_beeps(ace: &mut Ace) {
    // forget the speaker's past without rendering it as samples (take_audio would render
    // every emulated second since power-on)
    let rate = ace.audio_rate();
    ace.set_audio_rate(rate);
    enter_within(ace, "FANFARE", 300);
    let edges = ace.speaker_edges();
    for (m, n) in [(200u64, 16u64), (150, 12), (100, 8)] {
        // ace-hardware.md 5.3: halves of 13m+2 T, n*125/m periods; a note of p periods
        // has 2p-1 speaker changes, so 2p-2 intervals of one half
        let half = 13 * m + 2;
        let periods = n * 125 / m;
        let halves = edges.windows(2).filter(|w| w[1].0 - w[0].0 == half).count() as u64;
        assert_eq!(halves, 2 * periods - 2, "note m={m} n={n}");
    }
}

/// Press a key long enough for a polling loop to see it, then give the program time to
/// act (DRAWMAP redraws the sokoban room in about 40 frames) before the next key.
fn press_slow(ace: &mut Ace, key: Key) {
    ace.press_key(key);
    ace.run_frames(3);
    ace.release_key(key);
    ace.run_frames(70);
}

fn program_plays_adventure(ace: &mut Ace) {
    // ROOM lives in the vocabulary ADV: from FORTH it is unknown, so the line is handed
    // back with the ? cursor (then removed with DELETE LINE, SHIFT+1)
    ace.type_text("ROOM\n");
    while !ace.typing_done() {
        ace.run_frame();
    }
    ace.run_frames(10);
    assert!(waiting_for_input(ace));
    assert!(
        ace.screen_codes()[23 * 32..].contains(&0xBF),
        "{}",
        ace.screen_text()
    );
    ace.press_key(Key::Shift);
    press(ace, Key::N1);
    ace.release_key(Key::Shift);
    ace.run_frames(5);
    assert!(!lines(ace)[23].contains("ROOM"), "{}", ace.screen_text());
    check(
        ace,
        "ADV FIND ROOM 0= . FORTH",
        "=ADV FIND ROOM 0= . 0 FORTH",
    );
    // exits N S E W of HALL CAVE LAKE TOWER (GOLD has none: reaching it ends the game)
    let exits: [[Option<usize>; 4]; 4] = [
        [Some(1), None, Some(2), None],
        [None, Some(0), Some(3), None],
        [Some(3), None, None, Some(0)],
        [Some(4), Some(2), None, Some(1)],
    ];
    let names = ["HALL", "CAVE", "LAKE", "TOWER", "GOLD"];
    let keys = [
        (Key::X, 'x'),
        (Key::W, 'w'),
        (Key::N, 'n'),
        (Key::E, 'e'),
        (Key::S, 's'),
        (Key::N, 'n'),
        (Key::N, 'n'),
    ];
    let mut want = vec!["ADV ADVENTURE".to_string()];
    let mut room = 0;
    for &(_, ch) in &keys {
        let mut line = format!("{}>{ch}", names[room]);
        match "nsew".find(ch) {
            None => line.push('?'),
            Some(d) => match exits[room][d] {
                None => line.push_str("BLOCKED"),
                Some(to) => room = to,
            },
        }
        want.push(line);
    }
    assert_eq!(room, 4, "the key sequence reaches the gold");
    want.push(format!("FOUND GOLD IN {} MOVES OK", keys.len()));
    enter(ace, "CLS");
    type_and_start(ace, "ADV ADVENTURE\n");
    ace.run_frames(10);
    for &(k, _) in &keys {
        press_slow(ace, k);
    }
    wait_idle(ace, 100);
    // (line 0 holds the OK of CLS)
    assert_eq!(
        &lines(ace)[1..=want.len()],
        &want[..],
        "{}",
        ace.screen_text()
    );
    assert!(
        data_stack(ace).is_empty(),
        "ADVENTURE leaves the stack empty"
    );
    enter(ace, "FORTH");
}

fn program_plays_sokoban(ace: &mut Ace) {
    let mut map: Vec<Vec<u8>> = [
        "##########",
        "#        #",
        "#  $  #  #",
        "#    $   #",
        "#   ##   #",
        "#        #",
        "##########",
    ]
    .iter()
    .map(|r| r.bytes().collect())
    .collect();
    let (mut pr, mut pc) = (3i64, 3i64);
    let mut pushes = 0;
    let keys = [
        (Key::N8, '8'),
        (Key::N8, '8'),
        (Key::N7, '7'),
        (Key::N5, '5'),
        (Key::N5, '5'),
        (Key::N5, '5'),
        (Key::N5, '5'),
        (Key::N6, '6'),
        (Key::N6, '6'),
        (Key::N6, '6'),
        (Key::N6, '6'),
        (Key::X, 'x'),
        (Key::Q, 'q'),
    ];
    for &(_, ch) in &keys {
        // Ace cursor keys: 5 left, 6 down, 7 up, 8 right
        let (dr, dc) = match ch {
            '5' => (0, -1),
            '6' => (1, 0),
            '7' => (-1, 0),
            '8' => (0, 1),
            _ => continue,
        };
        let at = |r: i64, c: i64| (r as usize, c as usize);
        let (r1, c1) = at(pr + dr, pc + dc);
        let (r2, c2) = at(pr + 2 * dr, pc + 2 * dc);
        if map[r1][c1] == b' ' {
            (pr, pc) = (pr + dr, pc + dc);
        } else if map[r1][c1] == b'$' && map[r2][c2] == b' ' {
            map[r2][c2] = b'$';
            map[r1][c1] = b' ';
            (pr, pc) = (pr + dr, pc + dc);
            pushes += 1;
        }
    }
    type_and_start(ace, "SOKO\n");
    // LOADLEVEL and the first DRAWMAP run before SOKO polls the keyboard
    ace.run_frames(150);
    for &(k, _) in &keys {
        press_slow(ace, k);
    }
    wait_idle(ace, 100);
    let codes = ace.screen_codes();
    for (r, row) in map.iter().enumerate() {
        for (c, &t) in row.iter().enumerate() {
            let want = if (r as i64, c as i64) == (pr, pc) {
                b'@'
            } else if t == b'#' {
                0x90 // TILE draws walls as the full block graphic
            } else {
                t
            };
            assert_eq!(
                codes[(r + 2) * 32 + c + 11],
                want,
                "cell ({r}, {c}):\n{}",
                ace.screen_text()
            );
        }
    }
    assert!(
        lines(ace)[0].starts_with(&format!("PUSHES {pushes} ")),
        "{}",
        ace.screen_text()
    );
    assert_eq!(pushes, 3, "the key sequence pushes a box three times");
    assert!(data_stack(ace).is_empty(), "SOKO leaves the stack empty");
}

/// Reverse Polish evaluation as CALC does it: digits build the top number, a space starts
/// a new one, p m t d apply + - * / (truncating) to the top two.
fn rpn(keys: &str) -> i64 {
    let mut stack = vec![0i64];
    for ch in keys.chars() {
        match ch {
            '0'..='9' => {
                let top = stack.pop().unwrap();
                stack.push(top * 10 + i64::from(ch as u8 - b'0'));
            }
            ' ' => stack.push(0),
            op => {
                let b = stack.pop().unwrap();
                let a = stack.pop().unwrap();
                stack.push(match op {
                    'p' => a + b,
                    'm' => a - b,
                    't' => a * b,
                    _ => a / b,
                });
            }
        }
    }
    stack.pop().unwrap()
}

fn rot13(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' => ((b - b'A' + 13) % 26 + b'A') as char,
            _ => b as char,
        })
        .collect()
}

fn program_records_cipher_and_calculator(ace: &mut Ace) {
    // a record type made with DEFINER: fields at byte offsets 0, 2, 4
    let (mut x, mut y, mut hp) = (5i64, 7i64, 100i64);
    check(ace, "HERO HERO.", format!("{x} {y} {hp}"));
    hp = (hp - 30).max(0);
    (x, y) = (x + 3, y - 2);
    check(
        ace,
        "30 HERO HURT 3 -2 HERO WALK HERO HERO.",
        format!("{x} {y} {hp}"),
    );
    hp = (hp - 90).max(0);
    check(ace, "90 HERO HURT HERO HERO.", format!("{x} {y} {hp}"));
    check(ace, "S4 CIPHER S4 PRINT", rot13("HELLO THERE"));
    check(ace, "S4 CIPHER S4 PRINT", "HELLO THERE");
    // a high-score table kept sorted by insertion
    let mut table = vec![0i64; 5];
    let inserted = [30i64, 70, 10, 50, 90, 20];
    for &n in &inserted {
        table.push(n);
        table.sort_by(|a, b| b.cmp(a));
        table.truncate(5);
    }
    let line = inserted
        .iter()
        .map(|n| format!("{n} INSERT "))
        .collect::<String>()
        + "SCORES.";
    check(ace, &line, nums(table));
    // inverse video: bit 7 set on each character
    enter(ace, "CLS TITLE");
    let codes = ace.screen_codes();
    let want: Vec<u8> = b"HELLO WORLD".iter().map(|c| c | 0x80).collect();
    assert_eq!(
        &codes[3 * 32 + 4..3 * 32 + 15],
        &want[..],
        "{}",
        ace.screen_text()
    );
    let keys = "12 34p 5t 7m 3d";
    type_and_start(ace, "CALC\n");
    ace.type_text(keys);
    ace.type_text("\n");
    wait_idle(ace, 2000);
    let want = format!("CALC {keys}={} ", rpn(keys));
    assert!(
        ace.screen_text().contains(&want),
        "{want:?}\n{}",
        ace.screen_text()
    );
    assert!(data_stack(ace).is_empty(), "CALC leaves the stack empty");
}

/// HILO asks for numbers with QUERY and NUMBER (which copies the number it takes up to the
/// screen, ace-forth.md 7) until the secret 37 is typed; a line that is not a number is
/// refused with BAD and asked again.
fn program_reads_numbers_with_query(ace: &mut Ace) {
    let entries = ["50", "abc", "20", "37"];
    let mut want = vec![" OK".to_string(), "HILO".to_string()];
    let mut tries = 0;
    for e in entries {
        tries += 1;
        match e.parse::<i64>() {
            Err(_) => {
                tries -= 1; // GETNUM asks again inside the same try
                want.push("NUMBER?BAD".to_string());
            }
            Ok(37) => want.push("NUMBER?37".to_string()),
            Ok(n) => want.push(format!(
                "NUMBER?{n} {}",
                if n < 37 { "HIGHER" } else { "LOWER" }
            )),
        }
    }
    want.push(format!("GOT IT IN {tries}  OK"));
    type_and_start(ace, "HILO\n");
    for e in entries {
        for _ in 0..200 {
            if waiting_for_input(ace) {
                break;
            }
            ace.run_frame();
        }
        ace.type_text(&format!("{e}\n"));
        while !ace.typing_done() {
            ace.run_frame();
        }
        ace.run_frames(5);
    }
    wait_idle(ace, 200);
    assert_eq!(
        &lines(ace)[..want.len()],
        &want[..],
        "{}",
        ace.screen_text()
    );
    assert!(data_stack(ace).is_empty(), "HILO leaves the stack empty");
}
