//! `winmove check`: not written yet.

use super::args::Args;
use super::output::{Io, Status};
use super::{Subcommand, UsageError};

/// The subcommand.
pub const SUBCOMMAND: Subcommand = Subcommand {
    name: "check",
    summary: "(not written yet)",
    options: &[],
    run,
};

/// `winmove check`.
fn run(_args: Args, _io: &mut Io) -> Status {
    Err(UsageError::new("'winmove check' is not written yet").into())
}
