//! Reinefeld's NegaScout (1983), fail-soft, as a rule of the one
//! [`DepthFirst`] search, written from MAX's and MIN's points of view
//! rather than in negamax form.
//!
//! The first child is searched with the node's window. Every later child
//! gets a null window next to the best value so far: at a MAX node
//! `(a, a + 1)` with `a = max(alpha, best)`, which only asks whether the
//! child beats `a`. When the answer `t` lands strictly inside the node's
//! current window (`a < t < beta`), the child is searched again with
//! `(t, beta)`, unless every child of that child is a leaf: the null-window
//! result is then already exact (the trace says so). MIN nodes mirror this. Every leaf
//! evaluation counts, repeats included.

use super::depth_first::{DepthFirst, RESEARCHES, Rule, Turn, Visit};
use super::event::Kind;
use super::stats::Stats;
use super::trace::trace;
use crate::tree::GameTree;
use crate::tree::value::Window;

/// NegaScout's rule: null windows after the first child, re-searches when
/// they fail inside the window.
#[derive(Clone, Copy, Debug, Default)]
pub struct Scouting;

impl Rule for Scouting {
    #[inline(always)]
    fn child<T: GameTree>(
        self,
        search: &mut DepthFirst<Scouting>,
        tree: &T,
        child: &T::Node,
        turn: Turn,
    ) -> Visit {
        let Turn {
            k,
            max,
            window,
            best,
        } = turn;
        if k == 0 {
            return search.visit(tree, child, window);
        }
        // The node's current bound on the side it improves, and the null
        // window next to it.
        let (bound, null) = if max {
            let a = window.alpha.max(best);
            (a, Window::above(a))
        } else {
            let b = window.beta.min(best);
            (b, Window::at_least(b))
        };
        debug_assert_eq!(null.beta - null.alpha, 1, "a scout search's window is null");
        let scout = search.visit(tree, child, null);
        let t = scout.value;
        let inside = if max {
            bound < t && t < window.beta
        } else {
            window.alpha < t && t < bound
        };
        if !inside || scout.leaf {
            return scout;
        }
        if scout.leaf_children {
            trace!(search.trace, Kind::NullWindow(t, None));
            return scout;
        }
        search.researches += 1;
        let wide = if max {
            Window::new(t, window.beta)
        } else {
            Window::new(window.alpha, t)
        };
        trace!(search.trace, Kind::NullWindow(t, Some(wide)));
        search.visit(tree, child, wide)
    }

    /// The re-searches.
    fn counters(self, search: &DepthFirst<Scouting>, stats: Stats) -> Stats {
        stats.with(RESEARCHES, search.researches)
    }
}

/// The `negascout` backend: the depth-first search with the rule
/// [`Scouting`].
pub type NegaScout = DepthFirst<Scouting>;

impl NegaScout {
    /// A fresh searcher; it keeps a table only on trees whose keys name
    /// positions (the board with the `tt` enhancement).
    pub fn new() -> NegaScout {
        DepthFirst::with_rule(Scouting)
    }
}

impl Default for NegaScout {
    fn default() -> Self {
        NegaScout::new()
    }
}
