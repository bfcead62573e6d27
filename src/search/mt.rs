//! The MT drivers of Plaat, Schaeffer, Pijls and de Bruin (1996):
//! alpha-beta with memory, called with null windows until the bounds it
//! returns meet.
//!
//! MT (Memory-enhanced Test) is [`DepthFirst`] alpha-beta that keeps lower
//! and upper bounds for every node it reaches in a transposition table
//! (asked before a node is expanded; a leaf's value is stored exactly, so
//! no leaf is evaluated twice). A null window `(g - 1, g)` only asks
//! whether the value is at least `g`; the answer is a bound. The drivers:
//! - `mt-sss` (MT-SSS*): from `g = +inf` (above every leaf) down, windows
//!   `(g - 1, g)`, until the result stops changing. Plaat et al. prove it
//!   evaluates the leaves SSS* evaluates, in the same order.
//! - `mt-dual` (MT-DUAL*): from `g = -inf` (below every leaf) up, windows
//!   `(g, g + 1)`, until the result stops changing.
//! - `mtdf` (MTD(f)): from a first guess, a lower and an upper bound move
//!   towards each other until they meet.
//!
//! On trees whose keys name nodes (written and generated trees, the board
//! without the `tt` enhancement) the table is emptied before each search
//! and forgets nothing during one, up to a size set when the driver is made
//! (`--table-size`; [`NODE_ENTRIES`], 2,097,152 nodes, unless told). So
//! Plaat et al.'s theorem holds here only while the table holds every node
//! the search reaches: once it is full, new nodes are not stored, a leaf
//! may be evaluated again, and MT-SSS* may evaluate other leaves than
//! SSS*, in another order ([`Backend::filled_table`] says when). On
//! the board with `tt`, only positions of 8 empty squares or more are
//! stored, and they stay across searches in the engine's 8 MiB table,
//! which replaces entries once full: a leaf is stored only if it has that
//! many empty squares (a line completed early, or with `forced` a forced
//! win or loss), and the other leaves are evaluated again in each pass
//! that reaches them.

use super::alphabeta::Pruning;
use super::backend::{Backend, Search};
use super::depth_first::DepthFirst;
use super::event::Kind;
use super::stats::Stats;
use super::trace::{Tracer, trace};
#[cfg(doc)]
use super::tt::NODE_ENTRIES;
use crate::tree::GameTree;
use crate::tree::value::{INF, UNBOUNDED, Value, Window};

/// Null-window searches of the root (a counter the proof-number backends
/// share).
pub use super::stats::PASSES;

/// Where a driver starts, and so which way its bounds move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// MT-SSS*: from above every value, downwards.
    Top,
    /// MT-DUAL*: from below every value, upwards.
    Bottom,
    /// MTD(f): from this first guess, either way.
    Guess(Value),
}

/// The backends `mt-sss`, `mt-dual` and `mtdf`.
#[derive(Debug)]
pub struct Mt {
    start: Start,
    search: DepthFirst<Pruning>,
    passes: u64,
    /// The passes made before the current search.
    before: u64,
}

impl Mt {
    /// A driver starting at `start` (a guess is clamped to `-inf..=inf`)
    /// whose table of nodes holds up to `table_size` entries.
    pub fn new(start: Start, table_size: usize) -> Mt {
        let start = match start {
            Start::Guess(g) => Start::Guess(g.clamp(-INF, INF)),
            other => other,
        };
        Mt {
            start,
            search: DepthFirst::with_memory(Pruning::Deep, table_size),
            passes: 0,
            before: 0,
        }
    }

    /// MTD(f) from `guess`: a lower and an upper bound meet.
    fn mtdf<T: GameTree>(&mut self, tree: &T, root: &T::Node, guess: Value) -> Value {
        let (mut lower, mut upper) = (-UNBOUNDED, UNBOUNDED);
        let mut g = guess;
        while lower < upper {
            let beta = if g == lower { g + 1 } else { g };
            g = self.pass(tree, root, Window::at_least(beta));
            if g < beta {
                upper = g;
            } else {
                lower = g;
            }
        }
        g
    }

    /// One null-window search of the root: a pass.
    fn pass<T: GameTree>(&mut self, tree: &T, root: &T::Node, window: Window) -> Value {
        debug_assert_eq!(window.beta - window.alpha, 1, "a pass's window is null");
        self.passes += 1;
        trace!(
            self.search.trace,
            Kind::Pass(self.passes - self.before, window)
        );
        self.search.visit(tree, root, window).value
    }
}

impl<T: GameTree> Search<T> for Mt {
    /// The exact value; the window is not used.
    fn search(&mut self, tree: &T, root: T::Node, _window: Window) -> Value {
        self.search.begin(tree);
        self.before = self.passes;
        // MT-SSS* and MT-DUAL*: a bound moves one way, each pass asking
        // whether the value is at least it (MT-SSS*) or above it (MT-DUAL*),
        // until a pass gives the bound back: it is then the value.
        let (mut g, null): (Value, fn(Value) -> Window) = match self.start {
            Start::Top => (UNBOUNDED, Window::at_least),
            Start::Bottom => (-UNBOUNDED, Window::above),
            Start::Guess(guess) => return self.mtdf(tree, &root, guess),
        };
        loop {
            let gamma = g;
            g = self.pass(tree, &root, null(gamma));
            if g == gamma {
                return g;
            }
        }
    }
}

impl Backend for Mt {
    fn stats(&self) -> Stats {
        self.search.stats().with(PASSES, self.passes)
    }

    fn reset_stats(&mut self) {
        self.search.reset_stats();
        self.passes = 0;
    }

    fn trace_slot(&mut self) -> Option<&mut Option<Tracer>> {
        self.search.trace_slot()
    }

    /// MTD(f) starts from `guess` (clamped as [`Mt::new`] clamps it); the
    /// other drivers start where they always do.
    fn set_guess(&mut self, guess: Value) {
        if let Start::Guess(_) = self.start {
            self.start = Start::Guess(guess.clamp(-INF, INF));
        }
    }

    fn filled_table(&self) -> Option<usize> {
        self.search.filled_table()
    }

    fn table_short_of_memory(&self) -> bool {
        self.search.table_short_of_memory()
    }

    /// Each pass is a depth-first visit of the root.
    fn depth_first(&self) -> bool {
        true
    }
}
