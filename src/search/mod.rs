//! The search algorithms, one per file, behind one trait, and the
//! registry that lists them.
//!
//! Every backend answers the same question about a node of any
//! [`GameTree`](crate::tree::GameTree): its minimax value, or enough of it
//! to compare with a window ([`Search`]). The [`registry`] lists them all,
//! one line each, as the variants of [`Algo`]; a new algorithm is one new
//! file here (the backend, and the counters it keeps), its module below
//! (under the cargo feature of its name, declared in `Cargo.toml`), and
//! one line in the registry.
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
//!   give values by a sequence of such proofs (`proof`; `siblings`
//!   summarises a wide node's children);
//! - `mcts`: Monte Carlo tree search, UCB1 and seeded playouts, made exact
//!   by Cazenave and Saffidine's score bounds.
//!
//! What they share: [`stats`] (counters), [`trace`] and [`event`] (the
//! trace), [`tt`] and [`bounded`] (tables), [`iterative`] deepening over
//! any of them, and the yardsticks: the [`minimal`] tree, the principal
//! variation ([`pv`]), a search through a recording ([`recorded`]).

pub mod alphabeta;
pub mod backend;
pub mod bounded;
pub mod depth_first;
#[cfg(feature = "dfpn")]
pub mod dfpn;
pub mod event;
#[cfg(any(feature = "pns", feature = "dfpn", feature = "mcts"))]
pub mod held;
pub mod iterative;
#[cfg(feature = "mcts")]
pub mod mcts;
pub mod minimal;
#[cfg(any(feature = "mt-sss", feature = "mt-dual", feature = "mtdf"))]
pub mod mt;
#[cfg(feature = "negascout")]
pub mod negascout;
#[cfg(feature = "pns")]
pub mod pns;
#[cfg(any(feature = "pns", feature = "dfpn"))]
pub mod proof;
pub mod pv;
pub mod recorded;
pub mod registry;
#[cfg(feature = "scout")]
pub mod scout;
#[cfg(any(feature = "pns", feature = "dfpn"))]
pub mod siblings;
#[cfg(feature = "sss")]
pub mod sss;
pub mod stats;
pub mod trace;
pub mod tt;

pub use backend::{Backend, Search};
pub use registry::{Algo, Setting, Settings, UnknownAlgo, Uses};
pub use stats::{Counter, Stats};
