//! The `winmove` command: see `winmove --help`.

use std::process::ExitCode;

fn main() -> ExitCode {
    winmove::run(std::env::args_os().skip(1).collect())
}
