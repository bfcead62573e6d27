//! The whole game's tablebase (`winmove::tablebase`, a retrograde
//! analysis that shares no code with the searches), built once per test
//! crate.

use super::rules::{Cells, rows_of};
use std::sync::{Mutex, OnceLock};
use winmove::answer::verify::tablebase::Tablebase;

/// The tablebase, built (on 2 threads) the first time it is asked for.
pub fn table() -> &'static Tablebase {
    static TABLE: OnceLock<Tablebase> = OnceLock::new();
    TABLE.get_or_init(|| {
        let record = |f| PROGRESS.lock().unwrap().push(f);
        Tablebase::build(2, &record).expect("memory for the tablebase")
    })
}

/// The fractions done the build of [`table`] reported, in order.
static PROGRESS: Mutex<Vec<f64>> = Mutex::new(Vec::new());

/// The fractions done the build of the tablebase reported, in order.
pub fn progress_reported() -> Vec<f64> {
    table();
    PROGRESS.lock().unwrap().clone()
}

/// The tablebase's answer to a question: the first cell, in row-major
/// order, from which x (to move) has a forced win. Panics if a line of four
/// is already complete.
pub fn first_winning_cell(cells: &Cells) -> Option<usize> {
    let index = Tablebase::index(cells);
    assert!(
        !table().has_four(index),
        "not a question:\n{}",
        rows_of(cells)
    );
    table().first_winning_cell(index)
}
