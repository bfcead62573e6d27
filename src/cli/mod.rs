//! The command line: one file per subcommand, each a [`Command`] that owns
//! its options, its help and its run; this file dispatches to them.
//!
//! A command declares each option once, as a [`Row`] of its table
//! (`table.rs`); [`Command::parse`] (`command.rs`) reads the arguments
//! (`args.rs`) against that table; the help's OPTIONS section is made from
//! it, and the unknown-option errors suggest from it. What a run writes,
//! and where, is `output.rs`'s; the options several commands share are
//! `search_options.rs`'s, and the searches they ask for `searcher.rs`'s.
//!
//! [`Command`]: command::Command
//! [`Command::parse`]: command::Command::parse
//! [`Row`]: table::Row

pub mod args;
pub mod check;
pub mod command;
pub mod compare;
pub mod explain;
pub mod generate;
pub mod output;
pub mod package;
pub mod search_options;
pub mod searcher;
pub mod solve;
pub mod table;
pub mod tree;
pub mod value;
pub mod verify;

use args::{Args, closest};
use command::Subcommand;
use output::Failure;
use std::ffi::OsString;
use std::path::Path;
use std::process::ExitCode;

/// `winmove` itself (answering questions), then every subcommand.
const COMMANDS: &[&dyn Subcommand] = &[
    solve::COMMAND,
    tree::COMMAND,
    value::COMMAND,
    explain::COMMAND,
    check::COMMAND,
    verify::COMMAND,
    compare::COMMAND,
    generate::COMMAND,
    package::COMMAND,
];

/// Every subcommand: every command but `winmove` itself.
fn subcommands() -> impl Iterator<Item = &'static dyn Subcommand> {
    COMMANDS.iter().copied().filter(|c| !c.name().is_empty())
}

/// Runs the command line `args` (without the program name).
pub fn main(args: Vec<OsString>) -> ExitCode {
    let mut io = output::Io::new();
    let named = args.first().and_then(|a| a.to_str());
    let (name, status) = match named.and_then(|word| subcommands().find(|s| s.name() == word)) {
        Some(sub) => {
            let args = Args::new(args[1..].to_vec());
            (sub.name(), sub.main(args, &mut io, COMMANDS))
        }
        None => match mistyped_subcommand(&args) {
            Some(message) => ("", Err(Failure::Usage(message))),
            None => ("", solve::COMMAND.main(Args::new(args), &mut io, COMMANDS)),
        },
    };
    match status {
        Ok(()) => match io.flush() {
            Ok(()) => ExitCode::SUCCESS,
            Err(_) => ExitCode::FAILURE,
        },
        Err(Failure::Failed) => ExitCode::FAILURE,
        Err(Failure::Usage(message)) => {
            let _ = io.flush();
            let help = if name.is_empty() {
                "winmove --help".to_string()
            } else {
                format!("winmove {name} --help")
            };
            let _ = io.note(format_args!(
                "error: {message}\nTry '{help}' for the options."
            ));
            let _ = io.flush();
            ExitCode::from(2)
        }
    }
}

/// A first argument that looks like a mistyped subcommand rather than a
/// file: not a file that exists, and close to a subcommand's name.
fn mistyped_subcommand(args: &[OsString]) -> Option<String> {
    let word = args.first()?.to_str()?;
    if word.starts_with('-') || Path::new(word).exists() {
        return None;
    }
    if word == "help" {
        return Some(
            "there is no file or subcommand 'help' (did you mean 'winmove --help'?)".into(),
        );
    }
    let close = closest(word, subcommands().map(|s| s.name()))?;
    Some(format!(
        "there is no file or subcommand '{}' (did you mean 'winmove {close}'?)",
        word.escape_debug()
    ))
}
