//! Development helper: `cargo run -p aceasm --example asm FILE.asm` prints the listing and
//! the symbol file, or the errors. The real command line is `aceemu asm`.

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: asm FILE.asm");
        std::process::exit(2);
    };
    match aceasm::assemble_file(std::path::Path::new(&path)) {
        Ok(a) => {
            print!("{}", a.listing);
            print!("{}", a.symbol_file());
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
