//! What a search counts: leaves, nodes, and each backend's own counters,
//! typed, each knowing how it adds up over many searches.

use crate::tree::{Expansion, GameTree, checked_expand};
use std::fmt;
use std::ops::AddAssign;

/// A backend's own counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Counter {
    /// Nodes that stopped before their last child: at least one child was
    /// skipped because the node's value could no longer matter.
    Cutoffs,
    /// NegaScout: children searched a second time, with a wider window,
    /// after their null-window search landed inside the node's window.
    Researches,
    /// SCOUT: calls of TEST.
    Tests,
    /// SCOUT: calls of EVAL.
    Evals,
    /// SSS*: states popped from OPEN, the solved root included (each pop
    /// but the last applies the Γ operator).
    Steps,
    /// SSS*: the most states OPEN held at once.
    MaxOpen,
    /// MT drivers: null-window searches of the root.
    Passes,
    /// Positions or nodes held in the transposition table at the end.
    Table,
}

/// How a counter adds up over several searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AddsUp {
    /// The counts add.
    Sum,
    /// The largest count is kept: the counter is a size.
    Max,
}

impl Counter {
    /// Every counter, in the order they are shown.
    pub const ALL: [Counter; 8] = [
        Counter::Cutoffs,
        Counter::Researches,
        Counter::Tests,
        Counter::Evals,
        Counter::Steps,
        Counter::MaxOpen,
        Counter::Passes,
        Counter::Table,
    ];

    /// The name `--stats` shows.
    pub const fn name(self) -> &'static str {
        match self {
            Counter::Cutoffs => "cutoffs",
            Counter::Researches => "researches",
            Counter::Tests => "tests",
            Counter::Evals => "evals",
            Counter::Steps => "steps",
            Counter::MaxOpen => "max_open",
            Counter::Passes => "passes",
            Counter::Table => "table",
        }
    }

    /// How the counter adds up over several searches.
    pub const fn adds_up(self) -> AddsUp {
        match self {
            Counter::MaxOpen | Counter::Table => AddsUp::Max,
            _ => AddsUp::Sum,
        }
    }

    /// What the counter counts, in one line.
    pub const fn meaning(self) -> &'static str {
        match self {
            Counter::Cutoffs => "nodes that stopped early, skipping at least one child",
            Counter::Researches => "children searched again with a wider window (NegaScout)",
            Counter::Tests => "calls of TEST (SCOUT)",
            Counter::Evals => "calls of EVAL (SCOUT)",
            Counter::Steps => "states popped from OPEN (SSS*)",
            Counter::MaxOpen => "most states OPEN held at once (SSS*; the largest, not a sum)",
            Counter::Passes => "null-window searches of the root (MT drivers)",
            Counter::Table => "entries held in the transposition table (the largest, not a sum)",
        }
    }

    /// The counter's place in [`Stats`]'s array.
    const fn slot(self) -> usize {
        self as usize
    }
}

/// Leaves and nodes, counted the same way by every backend.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Static evaluations of terminal nodes, repeats included.
    pub leaves: u64,
    /// Nodes reached, repeats included (a node answered from a table counts).
    pub nodes: u64,
}

impl Counts {
    /// Counts a node reached, without expanding it.
    #[inline(always)]
    pub fn reach(&mut self) {
        self.nodes += 1;
    }

    /// Expands a node already counted by [`Counts::reach`], counting it as
    /// a leaf if it is one.
    #[inline(always)]
    pub fn expand<T: GameTree>(&mut self, tree: &T, node: &T::Node) -> Expansion<T::Children> {
        let expansion = checked_expand(tree, node);
        if let Expansion::Leaf(_) = expansion {
            self.leaves += 1;
        }
        expansion
    }

    /// Reaches and expands `node`.
    #[inline(always)]
    pub fn visit<T: GameTree>(&mut self, tree: &T, node: &T::Node) -> Expansion<T::Children> {
        self.reach();
        self.expand(tree, node)
    }
}

/// Work counted by a backend: leaves, nodes and its own counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Static evaluations of terminal nodes, repeats included.
    pub leaves: u64,
    /// Nodes reached, repeats included.
    pub nodes: u64,
    /// The backend's own counters; `None` for those it does not keep.
    own: [Option<u64>; Counter::ALL.len()],
}

impl Stats {
    /// Leaves and nodes, and no counter yet.
    pub fn new(counts: Counts) -> Stats {
        Stats {
            leaves: counts.leaves,
            nodes: counts.nodes,
            own: [None; Counter::ALL.len()],
        }
    }

    /// These stats with `counter` set to `value`.
    pub fn with(mut self, counter: Counter, value: u64) -> Stats {
        self.own[counter.slot()] = Some(value);
        self
    }

    /// The value of `counter`, if the backend keeps it.
    pub fn get(&self, counter: Counter) -> Option<u64> {
        self.own[counter.slot()]
    }

    /// The counters the backend keeps, in [`Counter::ALL`] order.
    pub fn counters(&self) -> impl Iterator<Item = (Counter, u64)> + '_ {
        Counter::ALL
            .into_iter()
            .filter_map(|c| self.get(c).map(|v| (c, v)))
    }
}

impl AddAssign<&Stats> for Stats {
    fn add_assign(&mut self, other: &Stats) {
        self.leaves += other.leaves;
        self.nodes += other.nodes;
        for (counter, value) in other.counters() {
            let total = self.own[counter.slot()].get_or_insert(0);
            *total = match counter.adds_up() {
                AddsUp::Sum => *total + value,
                AddsUp::Max => (*total).max(value),
            };
        }
    }
}

impl fmt::Display for Stats {
    /// `leaves=L nodes=N name=value ...`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "leaves={} nodes={}", self.leaves, self.nodes)?;
        for (counter, value) in self.counters() {
            write!(f, " {}={value}", counter.name())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_counts_and_keeps_the_largest_size() {
        let a = Stats::new(Counts {
            leaves: 3,
            nodes: 5,
        })
        .with(Counter::Steps, 10)
        .with(Counter::MaxOpen, 4);
        let b = Stats::new(Counts {
            leaves: 1,
            nodes: 2,
        })
        .with(Counter::Steps, 7)
        .with(Counter::MaxOpen, 9);
        let mut total = Stats::default();
        total += &a;
        total += &b;
        assert_eq!(total.to_string(), "leaves=4 nodes=7 steps=17 max_open=9");
        assert_eq!(total.get(Counter::Cutoffs), None);
    }
}
