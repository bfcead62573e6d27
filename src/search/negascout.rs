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
//! result is then already exact. MIN nodes mirror this. Every leaf
//! evaluation counts, repeats included.

use super::depth_first::{DepthFirst, Memory, Rule, Turn, Visit};
use super::stats::{Counter, Stats};
use super::trace::{trace, Tracer};
use super::tt::TranspositionTable;
use super::{Backend, Search};
use crate::tree::GameTree;
use crate::value::{Shown, Value, Window};
use std::io::Write;

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
        let scout = search.visit(tree, child, null);
        let t = scout.value;
        let inside = if max {
            bound < t && t < window.beta
        } else {
            window.alpha < t && t < bound
        };
        if !inside || scout.leaf || scout.leaf_children {
            return scout;
        }
        search.researches += 1;
        let wide = if max {
            Window::new(t, window.beta)
        } else {
            Window::new(window.alpha, t)
        };
        trace!(
            search.trace,
            "null window gave {}, inside the window: search again with {wide}",
            Shown(t)
        );
        search.visit(tree, child, wide)
    }
}

/// The `negascout` backend.
pub struct NegaScout {
    search: DepthFirst<Scouting>,
}

impl NegaScout {
    /// A fresh searcher; it keeps a table only on trees whose keys name
    /// positions (the board with the `tt` enhancement).
    pub fn new() -> NegaScout {
        NegaScout {
            search: DepthFirst::new(Scouting, Memory::Positions, TranspositionTable::default()),
        }
    }
}

impl Default for NegaScout {
    fn default() -> Self {
        NegaScout::new()
    }
}

impl<T: GameTree> Search<T> for NegaScout {
    fn search(&mut self, tree: &T, root: T::Node, window: Window) -> Value {
        self.search.search(tree, &root, window)
    }
}

impl Backend for NegaScout {
    fn stats(&self) -> Stats {
        self.search
            .stats()
            .with(Counter::Researches, self.search.researches)
    }

    fn reset_stats(&mut self) {
        self.search.reset_stats();
    }

    fn set_trace(&mut self, out: Option<Box<dyn Write>>) -> bool {
        self.search.trace = out.map(Tracer::new);
        true
    }
}
