//! Choosing a backend by name at run time.

use super::alphabeta::{AlphaBeta, Pruning};
#[cfg(feature = "scout")]
use super::scout::Scout;
#[cfg(feature = "sss")]
use super::sss::Sss;
use super::{Search, Stats};
use crate::tree::GameTree;
use crate::value::Value;

/// The search backends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algo {
    /// Alpha-beta with both bounds passed down.
    AlphaBeta,
    /// Seed 003's one-bound alpha-beta.
    AlphaBetaShallow,
    /// Minimax without pruning.
    Minimax,
    /// Pearl's SCOUT.
    Scout,
    /// Stockman's SSS*.
    Sss,
}

impl Algo {
    /// Every backend, in the order tables list them.
    pub const ALL: [Algo; 5] = [
        Algo::AlphaBeta,
        Algo::AlphaBetaShallow,
        Algo::Minimax,
        Algo::Scout,
        Algo::Sss,
    ];

    /// The name `--algo` takes.
    pub fn name(self) -> &'static str {
        match self {
            Algo::AlphaBeta => "alphabeta",
            Algo::AlphaBetaShallow => "alphabeta-shallow",
            Algo::Minimax => "minimax",
            Algo::Scout => "scout",
            Algo::Sss => "sss",
        }
    }

    /// The backend named `name`.
    pub fn from_name(name: &str) -> Option<Algo> {
        Algo::ALL.into_iter().find(|a| a.name() == name)
    }

    /// The cargo feature the backend needs, if it is not always built.
    pub fn feature(self) -> Option<&'static str> {
        match self {
            Algo::Scout => Some("scout"),
            Algo::Sss => Some("sss"),
            _ => None,
        }
    }

    /// Whether this build has the backend.
    pub fn is_built(self) -> bool {
        let (scout, sss) = (cfg!(feature = "scout"), cfg!(feature = "sss"));
        match self {
            Algo::Scout => scout,
            Algo::Sss => sss,
            _ => true,
        }
    }
}

/// Any backend, chosen at run time.
pub enum Backend {
    /// `alphabeta`, `alphabeta-shallow` or `minimax`.
    DepthFirst(AlphaBeta),
    /// `scout`.
    #[cfg(feature = "scout")]
    Scout(Scout),
    /// `sss`.
    #[cfg(feature = "sss")]
    Sss(Sss),
}

impl Backend {
    /// A fresh backend; `None` if this build lacks it.
    pub fn new(algo: Algo) -> Option<Backend> {
        Some(match algo {
            Algo::AlphaBeta => Backend::DepthFirst(AlphaBeta::new(Pruning::Deep)),
            Algo::AlphaBetaShallow => Backend::DepthFirst(AlphaBeta::new(Pruning::Shallow)),
            Algo::Minimax => Backend::DepthFirst(AlphaBeta::new(Pruning::None)),
            #[cfg(feature = "scout")]
            Algo::Scout => Backend::Scout(Scout::new()),
            #[cfg(feature = "sss")]
            Algo::Sss => Backend::Sss(Sss::new()),
            #[allow(unreachable_patterns)]
            _ => return None,
        })
    }
}

impl Search for Backend {
    fn name(&self) -> &'static str {
        match self {
            Backend::DepthFirst(s) => s.name(),
            #[cfg(feature = "scout")]
            Backend::Scout(s) => s.name(),
            #[cfg(feature = "sss")]
            Backend::Sss(s) => s.name(),
        }
    }

    fn search<T: GameTree>(&mut self, tree: &T, node: T::Node, alpha: Value, beta: Value) -> Value {
        match self {
            Backend::DepthFirst(s) => s.search(tree, node, alpha, beta),
            #[cfg(feature = "scout")]
            Backend::Scout(s) => s.search(tree, node, alpha, beta),
            #[cfg(feature = "sss")]
            Backend::Sss(s) => s.search(tree, node, alpha, beta),
        }
    }

    fn stats(&self) -> Stats {
        match self {
            Backend::DepthFirst(s) => s.stats(),
            #[cfg(feature = "scout")]
            Backend::Scout(s) => s.stats(),
            #[cfg(feature = "sss")]
            Backend::Sss(s) => s.stats(),
        }
    }

    fn reset_stats(&mut self) {
        match self {
            Backend::DepthFirst(s) => s.reset_stats(),
            #[cfg(feature = "scout")]
            Backend::Scout(s) => s.reset_stats(),
            #[cfg(feature = "sss")]
            Backend::Sss(s) => s.reset_stats(),
        }
    }
}
