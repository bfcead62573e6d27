//! `winmove explain`: not written yet.

use super::args::Args;
use super::output::{Io, Status};
use super::{Subcommand, UsageError};

/// The subcommand.
pub const SUBCOMMAND: Subcommand = Subcommand {
    name: "explain",
    summary: "(not written yet)",
    options: &[],
    run,
};

/// `winmove explain`.
fn run(_args: Args, _io: &mut Io) -> Status {
    Err(UsageError::new("'winmove explain' is not written yet").into())
}
