//! What every backend is, whatever it searches: [`Backend`], its counters
//! and its trace, and [`Search`], a minimax search of trees of one type.

use super::stats::Stats;
use super::trace::{Sink, Tracer};
use crate::tree::GameTree;
use crate::tree::value::{Value, Window};

/// The seed of a randomised search unless told (`--playout-seed`): every
/// build knows it, as it knows every backend's name.
pub const DEFAULT_SEED: u64 = 1;

/// What every backend has, whatever tree it searches: its counters, and
/// a trace.
pub trait Backend: std::fmt::Debug {
    /// What the searches since the last reset have counted.
    fn stats(&self) -> Stats;

    /// Sets every counter to zero (but keeps what the backend remembers,
    /// such as a transposition table of positions).
    fn reset_stats(&mut self);

    /// Where the backend keeps its trace, if it can write one.
    fn trace_slot(&mut self) -> Option<&mut Option<Tracer>> {
        None
    }

    /// Writes a trace of every later search to `out` (`None`: no trace);
    /// `false` if this backend cannot trace.
    fn set_trace(&mut self, out: Option<Sink>) -> bool {
        match self.trace_slot() {
            Some(slot) => {
                *slot = out.map(Tracer::new);
                true
            }
            None => false,
        }
    }

    /// A first guess at the value of the next searches (iterative
    /// deepening passes on the last value); backends that take no guess
    /// ignore it.
    fn set_guess(&mut self, _guess: Value) {}

    /// The entries a table of nodes held when it filled, if it ever did
    /// since the backend was made (a node then went unstored, so leaves
    /// may have been evaluated more than once); `None` for a backend
    /// without such a table.
    fn filled_table(&self) -> Option<usize> {
        None
    }

    /// Whether the table filled because the memory to grow it could not be
    /// had (a larger `--table-size` would not have helped).
    fn table_short_of_memory(&self) -> bool {
        false
    }

    /// Whether the backend searches depth first: it expands the nodes below
    /// a node only while it searches that node, so that a
    /// [`Recording`](crate::tree::recording::Recording) of its search need
    /// keep only the path to the node expanded last. `false` unless the
    /// backend says so.
    fn depth_first(&self) -> bool {
        false
    }
}

/// A minimax search algorithm on trees of type `T`. Object safe: the
/// registry hands backends out as `Box<dyn Search<T>>`.
pub trait Search<T: GameTree>: Backend {
    /// Searches `root` of `tree` with `window` and returns `v` such that:
    /// if `v <= alpha` the value is at most `v`; if `v >= beta` it is at
    /// least `v`; otherwise `v` is the value. [`Window::FULL`] asks for the
    /// exact value; backends that ignore the window always return it.
    fn search(&mut self, tree: &T, root: T::Node, window: Window) -> Value;
}

impl<S: Backend + ?Sized> Backend for Box<S> {
    fn stats(&self) -> Stats {
        (**self).stats()
    }

    fn reset_stats(&mut self) {
        (**self).reset_stats()
    }

    fn trace_slot(&mut self) -> Option<&mut Option<Tracer>> {
        (**self).trace_slot()
    }

    fn set_guess(&mut self, guess: Value) {
        (**self).set_guess(guess)
    }

    fn filled_table(&self) -> Option<usize> {
        (**self).filled_table()
    }

    fn table_short_of_memory(&self) -> bool {
        (**self).table_short_of_memory()
    }

    fn depth_first(&self) -> bool {
        (**self).depth_first()
    }
}

impl<T: GameTree, S: Search<T> + ?Sized> Search<T> for Box<S> {
    fn search(&mut self, tree: &T, root: T::Node, window: Window) -> Value {
        (**self).search(tree, root, window)
    }
}
