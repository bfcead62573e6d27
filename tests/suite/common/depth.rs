//! A plain depth-limited minimax over cells, with its own evaluation code:
//! the reference the depth-limited searches are checked against.

use super::rules::{Cells, LINES, O, X, has_four};
use winmove::game::eval::Eval;
use winmove::{INF, Value};

/// The lecture's open lines, counted here: lines with no o minus lines
/// with no x.
pub fn open_lines(cells: &Cells) -> Value {
    let open = |other: u8| {
        LINES
            .iter()
            .filter(|line| line.iter().all(|&i| cells[i] != other))
            .count() as Value
    };
    open(O) - open(X)
}

/// The weighted lines, counted here: a line with k x's and no o is worth
/// 10^(k-1), one with k o's and no x minus that.
pub fn weighted(cells: &Cells) -> Value {
    LINES
        .iter()
        .map(|line| {
            let count = |mark: u8| line.iter().filter(|&&i| cells[i] == mark).count() as u32;
            match (count(X), count(O)) {
                (0, 0) => 0,
                (k, 0) => 10i32.pow(k - 1),
                (0, k) => -10i32.pow(k - 1),
                _ => 0,
            }
        })
        .sum()
}

/// The reference's evaluation named like the crate's.
pub fn score(eval: Eval, cells: &Cells) -> Value {
    match eval {
        Eval::Lines => open_lines(cells),
        Eval::Weighted => weighted(cells),
    }
}

/// Plain depth-limited minimax, as the lecture writes it: `mover` is to
/// move on `cells` (the other player just moved), `depth` plies left.
pub fn minimax(cells: &mut Cells, mover: u8, depth: u32, eval: Eval) -> Value {
    let moved = if mover == X { O } else { X };
    if has_four(cells, moved) {
        return if moved == X { INF } else { -INF };
    }
    if cells.iter().all(|&c| c != 0) {
        return 0;
    }
    if depth == 0 {
        return score(eval, cells);
    }
    let mut best = if mover == X { Value::MIN } else { Value::MAX };
    for i in 0..16 {
        if cells[i] == 0 {
            cells[i] = mover;
            let v = minimax(cells, moved, depth - 1, eval);
            cells[i] = 0;
            best = if mover == X { best.max(v) } else { best.min(v) };
        }
    }
    best
}

/// The reference's value of a question (x to move) to `depth`, and the
/// first cell whose move attains it (none with no plies left or no empty
/// cell).
pub fn reference(cells: &Cells, depth: u32, eval: Eval) -> (Value, Option<usize>) {
    let mut cells = *cells;
    let value = minimax(&mut cells, X, depth, eval);
    if depth == 0 || cells.iter().all(|&c| c != 0) {
        return (value, None);
    }
    let first = (0..16).find(|&i| {
        cells[i] == 0 && {
            cells[i] = X;
            let v = minimax(&mut cells, O, depth - 1, eval);
            cells[i] = 0;
            v == value
        }
    });
    (value, first)
}
