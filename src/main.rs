//! The `winmove` command: see `winmove --help`.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::main(std::env::args_os().skip(1).collect())
}
