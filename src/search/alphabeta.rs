//! Minimax in the MinSearch/MaxSearch form of the contest lecture (the
//! POJ 1568 solution), in its three strengths, as Knuth and Moore (1975)
//! set them apart: plain minimax (no pruning), the one-bound form where a
//! node receives only its parent's best so far ("shallow" cutoffs), and
//! full alpha-beta where both bounds are passed down ("deep" cutoffs):
//!
//! ```text
//! alphabeta(n, alpha, beta):                  -- fail-soft
//!     if n is a leaf: return value(n)
//!     if n is MAX:
//!         best = -oo
//!         for each child c of n:
//!             best = max(best, alphabeta(c, max(alpha, best), beta))
//!             if best >= beta: return best    -- a cutoff
//!     else: the same with min, (alpha, min(beta, best)) and best <= alpha
//!     return best
//! ```
//!
//! The loop is the one [`DepthFirst`] search's, which every rule shares
//! (with the transposition table, the tree's static bounds and the
//! trace); what is alpha-beta's own, the window a child is searched
//! with, is the [`Rule`] below. With keys that name positions (the board
//! with the `tt` enhancement), bounds on values are kept in a
//! transposition table that lives as long as the searcher, across the
//! boards of an input.

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

    /// The child's window: at a MAX node alpha rises to the best so far,
    /// at a MIN node beta falls to it.
    #[inline(always)]
    fn child<T: GameTree>(
        self,
        search: &mut DepthFirst<Pruning>,
        tree: &T,
        child: &T::Node,
        Turn {
            max, window, best, ..
        }: Turn,
    ) -> Visit {
        let Window { alpha, beta } = window;
        let window = match self {
            Pruning::None => Window::FULL,
            Pruning::Shallow if max => Window::new(best, UNBOUNDED),
            Pruning::Shallow => Window::new(-UNBOUNDED, best),
            Pruning::Deep if max => Window::new(alpha.max(best), beta),
            Pruning::Deep => Window::new(alpha, beta.min(best)),
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
