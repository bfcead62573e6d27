//! The search algorithms, one per file, behind one trait.
//!
//! Every backend answers the same question about a node of any
//! [`GameTree`]: its minimax value, or enough of it to compare with a
//! window. [`registry`] lists them all, one line each, as the variants of
//! [`Algo`]; a new algorithm is one new file here (the backend, and the
//! counters it keeps), its `pub mod` line below (under
//! `#[cfg(feature = "...")]` if it is optional, with a Cargo feature of
//! the same name), and one line in the registry.
//!
//! - [`alphabeta`]: minimax, the one-bound form and alpha-beta, and
//!   `negascout`: Reinefeld's NegaScout, are rules of the one
//!   [`depth_first`] search;
//! - `mt`: the MT drivers (MT-SSS*, MT-DUAL*, MTD(f)): alpha-beta with
//!   memory called with null windows;
//! - `scout`: Pearl's SCOUT (TEST and EVAL);
//! - `sss`: Stockman's SSS* (the OPEN list and the Γ operator).
//!
//! The last four are built with the cargo features of their backends'
//! names (`--all-features` builds them all).

pub mod alphabeta;
pub mod depth_first;
#[cfg(any(feature = "mt-sss", feature = "mt-dual", feature = "mtdf"))]
pub mod mt;
#[cfg(feature = "negascout")]
pub mod negascout;
pub mod pv;
pub mod registry;
#[cfg(feature = "scout")]
pub mod scout;
#[cfg(feature = "sss")]
pub mod sss;
pub mod stats;
pub mod trace;
pub mod tt;

pub use registry::{Algo, Setting, Settings};
pub use stats::{Counter, Counts, Stats};

use crate::tree::GameTree;
use crate::tree::value::{Value, Window};
use std::io::Write;

/// What every backend has, whatever tree it searches: its counters, and
/// a trace.
pub trait Backend: std::fmt::Debug {
    /// What the searches since the last reset have counted.
    fn stats(&self) -> Stats;

    /// Sets every counter to zero (but keeps what the backend remembers,
    /// such as a transposition table of positions).
    fn reset_stats(&mut self);

    /// Writes a trace of every later search to `out` (`None`: no trace);
    /// `false` if this backend cannot trace.
    fn set_trace(&mut self, _out: Option<Box<dyn Write>>) -> bool {
        false
    }
}

/// A minimax search algorithm on trees of type `T`. Object safe: the
/// [`registry`] hands backends out as `Box<dyn Search<T>>`.
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

    fn set_trace(&mut self, out: Option<Box<dyn Write>>) -> bool {
        (**self).set_trace(out)
    }
}

impl<T: GameTree, S: Search<T> + ?Sized> Search<T> for Box<S> {
    fn search(&mut self, tree: &T, root: T::Node, window: Window) -> Value {
        (**self).search(tree, root, window)
    }
}
