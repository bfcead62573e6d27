//! The search algorithms, one per file, behind one trait.
//!
//! Every backend answers the same question about a node of any
//! [`GameTree`]: its minimax value, or enough of it to compare with a
//! window. Backends that do not use the window return the exact value,
//! which satisfies the same contract.

pub mod alphabeta;
pub mod backend;
#[cfg(feature = "scout")]
pub mod scout;
#[cfg(feature = "sss")]
pub mod sss;
pub mod tt;

use crate::tree::{Expansion, GameTree};
use crate::value::Value;
use std::ops::AddAssign;

/// A minimax search algorithm.
pub trait Search {
    /// The name `--algo` gives it.
    fn name(&self) -> &'static str;

    /// Searches `node` of `tree` with the window `(alpha, beta)` and returns
    /// `v` such that: if `v <= alpha` the value is at most `v`; if
    /// `v >= beta` it is at least `v`; otherwise `v` is the value. The
    /// window `(-UNBOUNDED, UNBOUNDED)` asks for the exact value.
    fn search<T: GameTree>(&mut self, tree: &T, node: T::Node, alpha: Value, beta: Value) -> Value;

    /// What the searches since the last reset have counted.
    fn stats(&self) -> Stats;

    /// Sets every counter to zero (but keeps what the backend remembers,
    /// such as a transposition table).
    fn reset_stats(&mut self);
}

/// Leaves and nodes, counted the same way by every depth-first backend.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Static evaluations of terminal nodes, repeats included.
    pub leaves: u64,
    /// Nodes visited, repeats included.
    pub nodes: u64,
}

impl Counts {
    /// Visits `node`: counts it (and counts it as a leaf if it is one) and
    /// expands it.
    #[inline(always)]
    pub fn visit<T: GameTree>(&mut self, tree: &T, node: &T::Node) -> Expansion<T::Children> {
        self.nodes += 1;
        let expansion = tree.expand(node);
        if let Expansion::Leaf(_) = expansion {
            self.leaves += 1;
        }
        expansion
    }

    /// These counts with a backend's own counters.
    pub fn with(self, counters: Vec<(&'static str, u64)>) -> Stats {
        Stats {
            leaves: self.leaves,
            nodes: self.nodes,
            counters,
        }
    }
}

/// Work counted by a backend.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Static evaluations of terminal nodes, repeats included.
    pub leaves: u64,
    /// Nodes visited, repeats included.
    pub nodes: u64,
    /// The backend's own counters, by name; those named `max_...` are
    /// largest sizes, and add up by taking the largest.
    pub counters: Vec<(&'static str, u64)>,
}

impl Stats {
    /// The counter called `name` (0 if the backend has none).
    pub fn counter(&self, name: &str) -> u64 {
        self.counters
            .iter()
            .find(|(n, _)| *n == name)
            .map_or(0, |&(_, v)| v)
    }
}

impl AddAssign<&Stats> for Stats {
    fn add_assign(&mut self, other: &Stats) {
        self.leaves += other.leaves;
        self.nodes += other.nodes;
        for &(name, value) in &other.counters {
            match self.counters.iter_mut().find(|(n, _)| *n == name) {
                // A counter named `max_...` is a largest size, not a count.
                Some((_, total)) if name.starts_with("max_") => *total = (*total).max(value),
                Some((_, total)) => *total += value,
                None => self.counters.push((name, value)),
            }
        }
    }
}

impl std::fmt::Display for Stats {
    /// `leaves=L nodes=N name=value ...`
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "leaves={} nodes={}", self.leaves, self.nodes)?;
        for (name, value) in &self.counters {
            write!(f, " {name}={value}")?;
        }
        Ok(())
    }
}
