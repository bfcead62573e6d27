//! The `winmove` command: see `winmove --help`.

mod cli;
mod run;

use cli::Command;
use std::process::ExitCode;

fn main() -> ExitCode {
    let command = match cli::parse(std::env::args().skip(1)) {
        Ok(command) => command,
        Err(e) => {
            eprintln!("error: {e}\nTry 'winmove --help' for the options.");
            return ExitCode::from(2);
        }
    };
    match command {
        Command::Help => {
            print!("{}", cli::help());
            ExitCode::SUCCESS
        }
        Command::Version => {
            println!("winmove {}", env!("CARGO_PKG_VERSION"));
            ExitCode::SUCCESS
        }
        Command::Boards(options) => run::boards(&options),
        Command::Tree(options) => run::trees(&options),
        Command::Verify { threads } => run::verify(threads),
        Command::Compare(options) => run::compare(&options),
        Command::Generate { class, count, seed } => run::generate(class, count, seed),
    }
}
