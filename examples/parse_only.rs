//! The yardstick of the judge benchmark: reads the questions exactly as
//! `winmove` does and prints a fixed answer for each, without searching.
//!
//! `cargo run --release --example parse_only < boards.in`

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;
use winmove::Cases;

fn main() -> ExitCode {
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    for case in Cases::new(io::stdin().lock()) {
        if let Err(e) = case {
            let _ = out.flush();
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
        if out.write_all(b"#####\n").is_err() {
            return ExitCode::FAILURE;
        }
    }
    match out.flush() {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::FAILURE,
    }
}
