//! What a search counts: leaves, nodes, and the counters each backend
//! keeps. A counter is declared where it is kept (the depth-first search's
//! in `depth_first`, the table's in `tt`, a backend's own in its file),
//! typed, knowing how it adds up over many searches; the registry lists
//! each backend's, and the order they are shown in.

use crate::tree::{Expansion, GameTree, checked_expand};
use std::fmt;
use std::ops::AddAssign;

/// A counter a backend keeps: its name, what it counts, and how it adds
/// up over several searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Counter {
    name: &'static str,
    meaning: &'static str,
    adds_up: AddsUp,
}

/// How a counter adds up over several searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AddsUp {
    /// The counts add.
    Sum,
    /// The largest count is kept: the counter is a size.
    Max,
}

impl Counter {
    /// A count called `name` (as `--stats` shows it), which adds up over
    /// searches; `meaning` says what it counts, in one line.
    pub const fn count(name: &'static str, meaning: &'static str) -> Counter {
        Counter {
            name,
            meaning,
            adds_up: AddsUp::Sum,
        }
    }

    /// A size called `name`: over several searches the largest is kept.
    pub const fn size(name: &'static str, meaning: &'static str) -> Counter {
        Counter {
            name,
            meaning,
            adds_up: AddsUp::Max,
        }
    }

    /// The name `--stats` shows.
    pub const fn name(self) -> &'static str {
        self.name
    }

    /// How the counter adds up over several searches.
    pub const fn adds_up(self) -> AddsUp {
        self.adds_up
    }

    /// What the counter counts, in one line.
    pub const fn meaning(self) -> &'static str {
        self.meaning
    }
}

/// Searches of the root against one bound, kept by the backends that
/// search a root several times: the MT drivers' null windows, the
/// proof-number backends' proofs against a threshold.
#[cfg(any(
    feature = "mt-sss",
    feature = "mt-dual",
    feature = "mtdf",
    feature = "pns",
    feature = "dfpn"
))]
pub const PASSES: Counter = Counter::count(
    "passes",
    "searches of the root against one bound (MT drivers: null windows;\n\
     pns, dfpn: proofs against a threshold)",
);

/// Leaves and nodes, counted the same way by every backend.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Static evaluations of terminal nodes, repeats included.
    pub leaves: u64,
    /// Node visits, repeats included: each time a search reaches a node (a
    /// node answered from a table counts; SSS* reaches a node when it pops
    /// its live state, once).
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

/// Work counted by a backend: leaves, nodes and the counters it keeps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Static evaluations of terminal nodes, repeats included.
    pub leaves: u64,
    /// Node visits, repeats included (as `Counts::nodes`).
    pub nodes: u64,
    /// The counters the backend keeps, with their values, in the order
    /// they are shown; then `None`.
    own: [Option<(Counter, u64)>; Stats::MOST],
}

impl Stats {
    /// The most counters one backend may keep.
    pub const MOST: usize = 8;

    /// Leaves and nodes, and no counter yet.
    pub fn new(counts: Counts) -> Stats {
        Stats {
            leaves: counts.leaves,
            nodes: counts.nodes,
            own: [None; Stats::MOST],
        }
    }

    /// These stats with `counter` set to `value`.
    pub fn with(mut self, counter: Counter, value: u64) -> Stats {
        *self.value_mut(counter) = value;
        self
    }

    /// The value of `counter`, if the backend keeps it.
    pub fn get(&self, counter: Counter) -> Option<u64> {
        self.counters().find(|&(c, _)| c == counter).map(|(_, v)| v)
    }

    /// The counters the backend keeps, in the order kept.
    pub fn counters(&self) -> impl Iterator<Item = (Counter, u64)> + '_ {
        self.own.iter().map_while(|&kept| kept)
    }

    /// These stats with their counters in `order`, the order they are
    /// shown in (any not in it after those in it, as kept).
    pub fn ordered(mut self, order: &[Counter]) -> Stats {
        let place = |kept: &Option<(Counter, u64)>| match kept {
            Some((counter, _)) => order
                .iter()
                .position(|c| c == counter)
                .unwrap_or(order.len()),
            None => usize::MAX,
        };
        self.own.sort_by_key(place);
        self
    }

    /// The value of `counter`, first kept with the value 0 if it was not
    /// kept yet.
    fn value_mut(&mut self, counter: Counter) -> &mut u64 {
        let kept = self.counters().count();
        let found = self.counters().position(|(c, _)| c == counter);
        let at = match found {
            Some(at) => at,
            None => {
                assert!(
                    kept < Stats::MOST,
                    "a backend keeps at most {} counters",
                    Stats::MOST
                );
                self.own[kept] = Some((counter, 0));
                kept
            }
        };
        let (_, value) = self.own[at].as_mut().expect("kept");
        value
    }
}

impl AddAssign<&Stats> for Stats {
    /// Adds the leaves, the nodes and every counter, each as it adds up.
    fn add_assign(&mut self, other: &Stats) {
        self.leaves += other.leaves;
        self.nodes += other.nodes;
        for (counter, value) in other.counters() {
            let total = self.value_mut(counter);
            *total = match counter.adds_up() {
                AddsUp::Sum => *total + value,
                AddsUp::Max => (*total).max(value),
            };
        }
    }
}

impl fmt::Display for Stats {
    /// `leaves=L nodes=N name=value ...`, the counters as kept (see
    /// [`Stats::ordered`]).
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

    /// Two counters of the tests' own.
    const POPS: Counter = Counter::count("pops", "a count");
    const PEAK: Counter = Counter::size("peak", "a size");

    #[test]
    fn sums_counts_and_keeps_the_largest_size() {
        let a = Stats::new(Counts {
            leaves: 3,
            nodes: 5,
        })
        .with(POPS, 10)
        .with(PEAK, 4);
        let b = Stats::new(Counts {
            leaves: 1,
            nodes: 2,
        })
        .with(POPS, 7)
        .with(PEAK, 9);
        let mut total = Stats::default();
        total += &a;
        total += &b;
        assert_eq!(total.to_string(), "leaves=4 nodes=7 pops=17 peak=9");
        assert_eq!(total.get(Counter::count("other", "a count")), None);
    }

    #[test]
    fn counters_are_kept_as_added_and_shown_in_the_order_asked() {
        let stats = Stats::default().with(PEAK, 1).with(POPS, 2);
        assert_eq!(stats.to_string(), "leaves=0 nodes=0 peak=1 pops=2");
        let order = [POPS, PEAK];
        assert_eq!(
            stats.ordered(&order).to_string(),
            "leaves=0 nodes=0 pops=2 peak=1"
        );
        let other = Counter::count("other", "a count");
        let stats = stats.with(other, 3).ordered(&[PEAK]);
        assert_eq!(stats.to_string(), "leaves=0 nodes=0 peak=1 pops=2 other=3");
    }
}
