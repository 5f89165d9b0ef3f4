//! Garbage in, located errors out: random lines built from assembler tokens must never panic
//! or hang, and every error must point inside the source.

use aceasm::assemble_str;

const TOKENS: &[&str] = &[
    "ld",
    "jr",
    "djnz",
    "ex",
    "db",
    "dw",
    "ds",
    "dc",
    "org",
    "equ",
    "defl",
    "if",
    "else",
    "endif",
    "macro",
    "endm",
    "include",
    "incbin",
    "assert",
    "end",
    "section",
    "ends",
    "pin",
    "pack",
    "at",
    "inorder",
    "bit",
    "rst",
    "im",
    "in",
    "out",
    "a",
    "b",
    "hl",
    "ix",
    "iy",
    "ixh",
    "(ix+",
    "(iy-",
    "(hl)",
    "(c)",
    "af'",
    "(",
    ")",
    ",",
    ",",
    "+",
    "-",
    "*",
    "/",
    "%",
    "<<",
    ">>",
    "==",
    "!",
    "~",
    "$",
    "$1F",
    "%101",
    "0FFh",
    "0x",
    "1234",
    "99999999999",
    "'",
    "\"",
    "'a'",
    "\"str\"",
    "\\",
    ";",
    ":",
    ".l",
    "lbl",
    "lbl:",
    "M",
    "LOW(",
    "DEFINED(",
    "=",
    " ",
    " ",
    "\t",
    "é",
    "0b2",
    "x.y",
    "?",
];

/// Small deterministic generator (no dependency needed for a fixed pseudo-random stream).
struct Lcg(u64);
impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

#[test]
fn random_token_soup_gives_errors_not_panics() {
    let mut rng = Lcg(0x5EED);
    for _ in 0..400 {
        let mut src = String::from("M MACRO p\n db p\n ENDM\n");
        let lines = 1 + rng.next(12);
        for _ in 0..lines {
            if rng.next(2) == 0 {
                src.push(' ');
            }
            for _ in 0..rng.next(7) {
                src.push_str(TOKENS[rng.next(TOKENS.len())]);
                if rng.next(3) == 0 {
                    src.push(' ');
                }
            }
            src.push('\n');
        }
        let line_count = src.lines().count() as u32 + 1;
        match assemble_str("soup.asm", &src) {
            Ok(_) => {}
            Err(errors) => {
                assert!(!errors.0.is_empty());
                for e in &errors.0 {
                    let in_file = e.file == "soup.asm" || e.message.contains("cannot read");
                    assert!(
                        in_file && e.line >= 1 && e.line <= line_count && e.column >= 1,
                        "{e}\n{src}"
                    );
                }
            }
        }
    }
}

#[test]
fn wide_expansion_hits_the_line_limit() {
    // 20 levels, each calling the next twice: 2^20 expansions of L0, over the limit
    let mut src = String::from("L0 MACRO\n ; no bytes\n ENDM\n");
    for i in 1..=20 {
        src.push_str(&format!("L{i} MACRO\n L{}\n L{}\n ENDM\n", i - 1, i - 1));
    }
    src.push_str(" L20\n");
    let errors = assemble_str("wide.asm", &src).unwrap_err();
    assert_eq!(errors.0.len(), 1, "{errors}");
    assert!(
        errors.0[0]
            .message
            .starts_with("the source expands to more than 1000000 lines"),
        "{errors}"
    );
}

#[test]
fn runaway_macro_expansion_is_stopped() {
    // each level calls the next twice: 2^40 lines if nothing stopped it
    let mut src = String::from("L0 MACRO\n nop\n ENDM\n");
    for i in 1..=40 {
        src.push_str(&format!("L{i} MACRO\n L{}\n L{}\n ENDM\n", i - 1, i - 1));
    }
    src.push_str(" L40\n");
    let errors = assemble_str("big.asm", &src).unwrap_err();
    assert_eq!(errors.0.len(), 1, "{errors}");
    assert!(
        errors.to_string().contains("nested more than 32 deep")
            || errors.to_string().contains("more than 1000000 lines"),
        "{errors}"
    );
}

#[test]
fn an_argument_that_doubles_at_every_level_is_stopped() {
    // Each level passes `a+a` down: the argument doubles per level, 2^30 bytes at the
    // bottom. Before the cap this allocated gigabytes (and aborted where memory ran out).
    let mut src = String::from("m0 MACRO a\n db 0\n ENDM\n");
    for k in 1..=30 {
        src.push_str(&format!("m{k} MACRO a\n m{} a+a\n ENDM\n", k - 1));
    }
    src.push_str(" m30 1\n");
    let errors = assemble_str("grow.asm", &src).unwrap_err();
    assert_eq!(errors.0.len(), 1, "{errors}");
    let e = &errors.0[0];
    assert!(
        e.message.contains("expands to more than 4194304 bytes"),
        "{errors}"
    );
    assert_eq!(e.file, "grow.asm");
}

#[test]
fn assembly_stops_after_100_errors() {
    // 900,000 bad lines took 48 minutes before (a linear duplicate check per error).
    let src = " frob\n".repeat(200_000);
    let errors = assemble_str("many.asm", &src).unwrap_err();
    assert_eq!(errors.0.len(), 101, "{}", errors.0.len());
    assert_eq!(errors.0[100].message, "more than 100 errors; stopping here");
    assert_eq!(errors.0[100].line, 100);
}
