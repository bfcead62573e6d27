//! What the backends that hold a tree or a table of their own share (pns,
//! dfpn, mcts): the counters of what they hold, and the alpha-beta search
//! that answers for a node whose children do not fit ([`without_room`]).

use super::alphabeta::AlphaBeta;
use super::backend::{Backend, Search};
use super::stats::{Counter, Counts};
use super::tt::Bounds;
use crate::tree::GameTree;
use crate::tree::value::{Value, Window};

/// The most nodes held at once.
pub const HELD: Counter = Counter::size(
    "held",
    "the most nodes pns or mcts held in memory at once (the largest, not a sum)",
);

/// The most bytes a search held at once.
pub const BYTES: Counter = Counter::size(
    "bytes",
    "the most bytes held at once (pns, mcts: its tree; dfpn: its table; the\n\
     largest, not a sum)",
);

/// Searches `node` with alpha-beta and `window`, for a node whose children
/// do not fit in memory (pns and dfpn ask with a null window, mcts with
/// the window that still matters there): its leaves and nodes counted in
/// `counts`, `bounds` tightened by what the fail-soft answer proves (which
/// settles the window); the answer.
pub fn without_room<T: GameTree>(
    alphabeta: &mut AlphaBeta,
    tree: &T,
    node: T::Node,
    window: Window,
    counts: &mut Counts,
    bounds: &mut Bounds,
) -> Value {
    let value = alphabeta.search(tree, node, window);
    let found = alphabeta.stats();
    alphabeta.reset_stats();
    counts.leaves += found.leaves;
    counts.nodes += found.nodes;
    let proven = Bounds::proven(value, window);
    bounds.lo = bounds.lo.max(proven.lo);
    bounds.hi = bounds.hi.min(proven.hi);
    value
}
