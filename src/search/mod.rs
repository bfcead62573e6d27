//! The search algorithms, one per file, behind one trait, and the
//! registry that lists them.
//!
//! Every backend answers the same question about a node of any
//! [`GameTree`]: its minimax value, or enough of it to compare with a
//! window. The registry below lists them all, one line each, as the
//! variants of [`Algo`]; a new algorithm is one new file here (the
//! backend, and the counters it keeps) and one line in the registry, which
//! names the file (`in module`) and the Cargo feature that builds it
//! (`if "feature"`, declared in `Cargo.toml` under the backend's name).
//!
//! - [`alphabeta`]: minimax, the one-bound form and alpha-beta, and
//!   `negascout`: Reinefeld's NegaScout, are rules of the one
//!   [`depth_first`] search;
//! - `mt`: the MT drivers (MT-SSS*, MT-DUAL*, MTD(f)): alpha-beta with
//!   memory called with null windows;
//! - `scout`: Pearl's SCOUT (TEST and EVAL);
//! - `sss`: Stockman's SSS* (the OPEN list and the Γ operator);
//! - `pns`: Allis's proof-number search and `dfpn`: Nagai's depth-first
//!   proof-number search, which answer "is the value at least t?" and
//!   give values by a sequence of such proofs (`proof`).
//!
//! The last six are built with the cargo features of their backends'
//! names (`--all-features` builds them all); [`registry`] says how a
//! line is read.

pub mod alphabeta;
pub mod depth_first;
pub mod iterative;
pub mod minimal;
/// The MT drivers, which three backends share.
#[cfg(any(feature = "mt-sss", feature = "mt-dual", feature = "mtdf"))]
pub mod mt;
/// What the proof-number backends share.
#[cfg(any(feature = "pns", feature = "dfpn"))]
pub mod proof;
pub mod pv;
pub mod recorded;
pub mod registry;
pub mod stats;
pub mod trace;
pub mod tt;

pub use registry::{Setting, Settings};
pub use stats::{Counter, Stats};

use alphabeta::{AlphaBeta, Pruning};
use registry::registry;

registry! {
    AlphaBeta "alphabeta": "alpha-beta: both bounds passed down, so cutoffs reach deep",
        counts [depth_first::CUTOFFS, tt::ENTRIES], uses [Window, Tt]
        => |_| AlphaBeta::new(Pruning::Deep);
    AlphaBetaShallow "alphabeta-shallow": "the one-bound MinSearch/MaxSearch of the POJ 1568 lecture",
        counts [depth_first::CUTOFFS, tt::ENTRIES], uses [Window, Tt]
        => |_| AlphaBeta::new(Pruning::Shallow);
    Minimax "minimax": "plain minimax: every node, no pruning",
        counts [tt::ENTRIES], uses [Tt]
        => |_| AlphaBeta::new(Pruning::None);
    Scout "scout" if "scout" in scout: "Pearl's SCOUT: TEST before EVAL",
        counts [scout::TESTS, scout::EVALS]
        => |_| scout::Scout::new();
    Sss "sss" if "sss" in sss: "Stockman's SSS*: best first, the OPEN list and the six cases",
        counts [sss::STEPS, sss::MAX_OPEN]
        => |_| sss::Sss::new();
    NegaScout "negascout" if "negascout" in negascout: "Reinefeld's NegaScout: null windows after the first child, re-search",
        counts [depth_first::CUTOFFS, depth_first::RESEARCHES, tt::ENTRIES], uses [Window, Tt]
        => |_| negascout::NegaScout::new();
    MtSss "mt-sss" if "mt-sss": "MT-SSS*: alpha-beta with memory, null windows from +inf down",
        counts [depth_first::CUTOFFS, mt::PASSES, tt::ENTRIES], takes [TableSize], uses [Tt]
        => |settings| mt::Mt::new(mt::Start::Top, settings.table_size);
    MtDual "mt-dual" if "mt-dual": "MT-DUAL*: alpha-beta with memory, null windows from -inf up",
        counts [depth_first::CUTOFFS, mt::PASSES, tt::ENTRIES], takes [TableSize], uses [Tt]
        => |settings| mt::Mt::new(mt::Start::Bottom, settings.table_size);
    Mtdf "mtdf" if "mtdf": "MTD(f): alpha-beta with memory, null windows from a first guess (--guess)",
        counts [depth_first::CUTOFFS, mt::PASSES, tt::ENTRIES], takes [Guess, TableSize], uses [Tt]
        => |settings| mt::Mt::new(mt::Start::Guess(settings.guess), settings.table_size);
    Pns "pns" if "pns" in pns: "Allis's proof-number search: the tree in memory, most-proving node first",
        counts [proof::EXPANSIONS, stats::PASSES, proof::ROOT_PN, proof::ROOT_DN, pns::HELD, proof::BYTES], takes [TableSize], uses [Window]
        => |settings| pns::Pns::new(settings.table_size);
    Dfpn "dfpn" if "dfpn" in dfpn: "Nagai's df-pn: proof numbers depth first, thresholds and a table",
        counts [proof::EXPANSIONS, stats::PASSES, proof::ROOT_PN, proof::ROOT_DN, tt::ENTRIES, proof::BYTES], takes [TableSize], uses [Window, Tt]
        => |settings| dfpn::Dfpn::new(settings.table_size);
}

use crate::tree::GameTree;
use crate::tree::value::{Value, Window};

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
    fn set_trace(&mut self, _out: Option<trace::Sink>) -> bool {
        false
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

    fn set_trace(&mut self, out: Option<trace::Sink>) -> bool {
        (**self).set_trace(out)
    }

    fn set_guess(&mut self, guess: Value) {
        (**self).set_guess(guess)
    }

    fn filled_table(&self) -> Option<usize> {
        (**self).filled_table()
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
