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

use super::depth_first::{DepthFirst, Rule, Turn, Visit};
use crate::tree::GameTree;
use crate::tree::value::{UNBOUNDED, Window};

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

    /// Minimax ignores the window it is asked with: it computes the value.
    fn root_window(self, window: Window) -> Window {
        if self == Pruning::None {
            Window::FULL
        } else {
            window
        }
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

/// The backends `minimax`, `alphabeta-shallow` and `alphabeta`: the
/// depth-first search with the rule [`Pruning`].
pub type AlphaBeta = DepthFirst<Pruning>;

impl AlphaBeta {
    /// A searcher with the given pruning and an empty transposition table.
    pub fn new(pruning: Pruning) -> AlphaBeta {
        DepthFirst::with_rule(pruning)
    }
}
