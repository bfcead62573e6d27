//! Minimax in the MinSearch/MaxSearch form of the contest lecture (the
//! POJ 1568 solution), in its three strengths: no pruning (plain minimax),
//! the one-bound form where a node receives only its parent's current
//! best, and full alpha-beta where both bounds are passed down (deep
//! cutoffs). The three are rules of the one [`DepthFirst`] search: they
//! differ only in the window a node hands its children.
//!
//! With keys that name positions (the board with the `tt` enhancement),
//! bounds on values are kept in a transposition table that lives as long
//! as the searcher, across the boards of an input.

use super::depth_first::{DepthFirst, Memory, Rule, Turn, Visit};
use super::stats::Stats;
use super::trace::Tracer;
use super::tt::TranspositionTable;
use super::{Backend, Search};
use crate::tree::GameTree;
use crate::value::{Value, Window, UNBOUNDED};
use std::io::Write;

/// How much a node passes down to its children.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pruning {
    /// Minimax: children get the full window and no node is cut.
    None,
    /// The lecture's one-bound form: a child gets only its parent's best so
    /// far.
    Shallow,
    /// Alpha-beta: a child gets both bounds, so cutoffs reach deep.
    Deep,
}

impl Rule for Pruning {
    fn cuts(self) -> bool {
        self != Pruning::None
    }

    #[inline(always)]
    fn child<T: GameTree>(
        self,
        search: &mut DepthFirst<Pruning>,
        tree: &T,
        child: &T::Node,
        turn: Turn,
    ) -> Visit {
        let Turn {
            max, window, best, ..
        } = turn;
        let Window { alpha, beta } = window;
        let window = match (self, max) {
            (Pruning::None, _) => Window::FULL,
            (Pruning::Shallow, true) => Window::new(best, UNBOUNDED),
            (Pruning::Shallow, false) => Window::new(-UNBOUNDED, best),
            (Pruning::Deep, true) => Window::new(alpha.max(best), beta),
            (Pruning::Deep, false) => Window::new(alpha, beta.min(best)),
        };
        search.visit(tree, child, window)
    }
}

/// The backends `minimax`, `alphabeta-shallow` and `alphabeta`.
pub struct AlphaBeta {
    search: DepthFirst<Pruning>,
}

impl AlphaBeta {
    /// A searcher with the given pruning and an empty transposition table.
    pub fn new(pruning: Pruning) -> AlphaBeta {
        AlphaBeta {
            search: DepthFirst::new(pruning, Memory::Positions, TranspositionTable::default()),
        }
    }
}

impl<T: GameTree> Search<T> for AlphaBeta {
    fn search(&mut self, tree: &T, root: T::Node, window: Window) -> Value {
        self.search.search(tree, &root, window)
    }
}

impl Backend for AlphaBeta {
    fn stats(&self) -> Stats {
        self.search.stats()
    }

    fn reset_stats(&mut self) {
        self.search.reset_stats();
    }

    fn set_trace(&mut self, out: Option<Box<dyn Write>>) -> bool {
        self.search.trace = out.map(Tracer::new);
        true
    }
}
