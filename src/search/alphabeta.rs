//! Depth-first minimax in the MinSearch/MaxSearch form of seed 003, in its
//! three strengths: no pruning (plain minimax), the one-bound form where a
//! node receives only its parent's current best, and full alpha-beta where
//! both bounds are passed down (deep cutoffs).
//!
//! The three differ only in the window a node hands its children; the cut
//! rule is the same (a MAX node stops once its best reaches `beta`, a MIN
//! node once its best falls to `alpha`) and minimax never cuts. With a
//! transposition key from the tree, bounds on the node's value are kept in
//! a [`TranspositionTable`] that lives as long as the searcher.

use super::tt::{Bounds, TranspositionTable};
use super::{Counts, Search, Stats};
use crate::tree::{Expansion, GameTree};
use crate::value::{Value, UNBOUNDED};

/// How much a node passes down to its children.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pruning {
    /// Minimax: children get the full window and no node is cut.
    None,
    /// Seed 003's one-bound form: a child gets only its parent's best so far.
    Shallow,
    /// Alpha-beta: a child gets both bounds, so cutoffs reach deep.
    Deep,
}

/// The depth-first backends: `minimax`, `alphabeta-shallow`, `alphabeta`.
pub struct AlphaBeta {
    pruning: Pruning,
    table: TranspositionTable,
    counts: Counts,
    cutoffs: u64,
}

impl AlphaBeta {
    /// A searcher with the given pruning and an empty transposition table.
    pub fn new(pruning: Pruning) -> AlphaBeta {
        AlphaBeta::with_table(pruning, TranspositionTable::default())
    }

    /// A searcher that keeps bounds in `table`.
    pub fn with_table(pruning: Pruning, table: TranspositionTable) -> AlphaBeta {
        AlphaBeta {
            pruning,
            table,
            counts: Counts::default(),
            cutoffs: 0,
        }
    }

    /// The transposition table (empty unless the tree gives keys).
    pub fn table(&self) -> &TranspositionTable {
        &self.table
    }

    /// The window a child gets from a node whose window is `(alpha, beta)`
    /// and whose best value so far is `best`.
    fn child_window(&self, max: bool, alpha: Value, beta: Value, best: Value) -> (Value, Value) {
        match (self.pruning, max) {
            (Pruning::None, _) => (-UNBOUNDED, UNBOUNDED),
            (Pruning::Shallow, true) => (best, UNBOUNDED),
            (Pruning::Shallow, false) => (-UNBOUNDED, best),
            (Pruning::Deep, true) => (alpha.max(best), beta),
            (Pruning::Deep, false) => (alpha, beta.min(best)),
        }
    }

    fn visit<T: GameTree>(&mut self, tree: &T, node: &T::Node, alpha: Value, beta: Value) -> Value {
        let children = match self.counts.visit(tree, node) {
            Expansion::Leaf(value) => return value,
            Expansion::Inner(children) => children,
        };
        if alpha > -UNBOUNDED {
            let hi = tree.upper_bound(node);
            if hi <= alpha {
                return hi;
            }
        }
        if beta < UNBOUNDED {
            let lo = tree.lower_bound(node);
            if lo >= beta {
                return lo;
            }
        }
        let (mut alpha, mut beta) = (alpha, beta);
        let key = tree.transposition_key(node);
        if let Some(stored) = key.and_then(|key| self.table.probe(key)) {
            if stored.lo >= beta {
                return stored.lo;
            }
            if stored.hi <= alpha || stored.lo == stored.hi {
                return stored.hi;
            }
            alpha = alpha.max(stored.lo);
            beta = beta.min(stored.hi);
        }

        let max = tree.is_max(node);
        let mut best = if max { -UNBOUNDED } else { UNBOUNDED };
        for child in children {
            let (a, b) = self.child_window(max, alpha, beta, best);
            let value = self.visit(tree, &child, a, b);
            best = if max {
                best.max(value)
            } else {
                best.min(value)
            };
            let cut = if max { best >= beta } else { best <= alpha };
            if cut && self.pruning != Pruning::None {
                self.cutoffs += 1;
                break;
            }
        }

        if let Some(key) = key {
            let bounds = if best <= alpha {
                Bounds {
                    lo: -UNBOUNDED,
                    hi: best,
                }
            } else if best >= beta {
                Bounds {
                    lo: best,
                    hi: UNBOUNDED,
                }
            } else {
                Bounds { lo: best, hi: best }
            };
            self.table.store(key, bounds);
        }
        best
    }
}

impl Search for AlphaBeta {
    fn name(&self) -> &'static str {
        match self.pruning {
            Pruning::None => "minimax",
            Pruning::Shallow => "alphabeta-shallow",
            Pruning::Deep => "alphabeta",
        }
    }

    fn search<T: GameTree>(&mut self, tree: &T, node: T::Node, alpha: Value, beta: Value) -> Value {
        self.visit(tree, &node, alpha, beta)
    }

    fn stats(&self) -> Stats {
        let mut counters = Vec::new();
        if self.pruning != Pruning::None {
            counters.push(("cutoffs", self.cutoffs));
        }
        self.counts.with(counters)
    }

    fn reset_stats(&mut self) {
        self.counts = Counts::default();
        self.cutoffs = 0;
    }
}
