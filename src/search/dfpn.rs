//! Nagai's depth-first proof-number search (df-pn, 2002): proof-number
//! search without the tree in memory, a transposition table of numbers and
//! thresholds instead.
//!
//! Each pass proves or disproves that the root's value is at least a
//! threshold ([`proof`] says how the passes give a value).
//! A call on a node (MID) expands it, reads its children's bounds and
//! numbers from the table (a child not in it counts as a node not yet
//! expanded), and descends into the child a proof-number search would
//! choose, with thresholds under which that child stays on the path to the
//! most-proving node: its number below the second best (ties broken as
//! [`select`] breaks them) and the parent's numbers below the parent's
//! thresholds. When the node's numbers reach its thresholds, it stores
//! them and returns. Nagai shows df-pn then expands the most-proving node
//! at every step, as proof-number search does; on a tree (keys that name
//! nodes) with every node kept, it evaluates the leaves `pns` evaluates in
//! each proof, in the same order (tests/suite/proof_numbers.rs checks it).
//!
//! The table holds bounds, which stay true from one proof to the next (and
//! across searches where keys name positions), and the numbers of the
//! last threshold a node was searched with; a node last searched with
//! another threshold starts again as a node not expanded, unless its
//! bounds settle the new question. A node's children's numbers are also
//! kept while the node is searched, so a node without a key, or not
//! stored, is searched again from its children's table entries, never
//! forever. Memory is bounded: at most `--table-size` entries
//! ([`NODE_ENTRIES`](super::tt::NODE_ENTRIES) unless told), fewer if the
//! memory to grow cannot be had; beyond them new nodes are not stored and
//! the backend says the table [filled](Backend::filled_table).

use super::backend::{Backend, Search};
use super::bounded::BoundedMap;
use super::event::{Kind, Reason};
use super::proof::{self, BYTES, INFINITE, Numbers, ProofCounts, Prover, select};
use super::stats::Stats;
use super::trace::{Tracer, trace};
use super::tt::{self, Bounds};
use crate::tree::value::{Value, Window};
use crate::tree::{Expansion, GameTree, Keys};

/// What the table holds for a node.
#[derive(Clone, Copy, Debug)]
struct Entry {
    bounds: Bounds,
    /// The numbers for threshold `t`.
    numbers: Numbers,
    t: Value,
}

/// What a call of MID asks of a node.
#[derive(Clone, Copy, Debug)]
struct Question {
    /// Is the value at least `t`?
    t: Value,
    /// The thresholds: search until the numbers reach them.
    th: Numbers,
    /// Whether the node is the root (whose numbers are noted).
    root: bool,
}

/// The `dfpn` backend.
#[derive(Debug)]
pub struct Dfpn {
    /// The counters both proof-number backends keep.
    tally: ProofCounts,
    entries: u64,
    /// The most bytes the table took.
    bytes: u64,
    table: BoundedMap<Entry>,
    /// What the table's keys name.
    keys: Keys,
    /// The trace, when one is asked for.
    trace: Option<Tracer>,
}

impl Dfpn {
    /// A searcher whose table holds at most `limit` entries.
    pub fn new(limit: usize) -> Dfpn {
        Dfpn {
            tally: ProofCounts::default(),
            entries: 0,
            bytes: 0,
            table: BoundedMap::new(limit),
            keys: Keys::None,
            trace: None,
        }
    }

    /// The bounds and numbers known of a node with `key` for threshold
    /// `t`: from the table, else those of a node not expanded.
    fn known(&self, key: Option<u64>, t: Value) -> (Bounds, Numbers) {
        match key.and_then(|k| self.table.get(k)) {
            Some(entry) => {
                let numbers = Numbers::settled(entry.bounds, t).unwrap_or(if entry.t == t {
                    entry.numbers
                } else {
                    Numbers::FRONTIER
                });
                (entry.bounds, numbers)
            }
            None => (Bounds::UNKNOWN, Numbers::FRONTIER),
        }
    }

    /// Stores what is known of the node with `key` (none: not stored).
    fn store(&mut self, key: Option<u64>, bounds: Bounds, numbers: Numbers, t: Value) {
        let Some(key) = key else { return };
        let entry = Entry { bounds, numbers, t };
        self.table.store(key, entry, |stored, entry| {
            let mut bounds = stored.bounds;
            bounds.tighten(entry.bounds);
            *stored = Entry { bounds, ..entry };
        });
        self.entries = self.entries.max(self.table.len() as u64);
        self.bytes = self.bytes.max(self.table.bytes() as u64);
    }

    /// MID: searches `node` (with `key`, known `bounds`) for the
    /// question's threshold until its numbers reach the question's; its
    /// bounds and numbers then.
    fn mid<T: GameTree>(
        &mut self,
        tree: &T,
        (node, key): (&T::Node, Option<u64>),
        mut bounds: Bounds,
        Question { t, th, root }: Question,
    ) -> (Bounds, Numbers) {
        self.tally.expansions += 1;
        trace!(self.trace, Kind::Thresholds(th.pn, th.dn));
        let children = match self.tally.counts.visit(tree, node) {
            Expansion::Leaf(value) => {
                let bounds = Bounds::exactly(value);
                trace!(self.trace, Kind::Leaf(value));
                let numbers = Numbers::settled(bounds, t).expect("a leaf's value settles");
                trace!(self.trace, Kind::Numbers(numbers.pn, numbers.dn, true));
                self.store(key, bounds, numbers, t);
                return (bounds, numbers);
            }
            Expansion::Inner(children) => children,
        };
        let max = tree.is_max(node);
        bounds.lo = bounds.lo.max(tree.lower_bound(node));
        bounds.hi = bounds.hi.min(tree.upper_bound(node));
        if let Some(numbers) = Numbers::settled(bounds, t) {
            let bound = if bounds.lo >= t { bounds.lo } else { bounds.hi };
            trace!(self.trace, Kind::Settled(bound, Reason::Bounds));
            trace!(self.trace, Kind::Numbers(numbers.pn, numbers.dn, true));
            self.store(key, bounds, numbers, t);
            return (bounds, numbers);
        }
        let window = Window::at_least(t);
        trace!(self.trace, Kind::Enter { max, window });
        let kids: Vec<(T::Node, Option<u64>)> = children.map(|c| (c, tree.key(&c))).collect();
        let (mut kid_bounds, mut kid_numbers): (Vec<Bounds>, Vec<Numbers>) = kids
            .iter()
            .map(|&(_, key)| {
                self.tally.counts.reach();
                self.known(key, t)
            })
            .unzip();
        // The numbers the trace last wrote for this node.
        let mut shown = None;
        loop {
            bounds = proof::combine_bounds(max, bounds, &kid_bounds);
            let numbers =
                Numbers::settled(bounds, t).unwrap_or(Numbers::combine(max, &kid_numbers));
            if root {
                self.tally.root.note(numbers);
            }
            if numbers.pn >= th.pn || numbers.dn >= th.dn {
                trace!(self.trace, Kind::Numbers(numbers.pn, numbers.dn, true));
                self.store(key, bounds, numbers, t);
                return (bounds, numbers);
            }
            if self.trace.is_some() && shown != Some(numbers) {
                shown = Some(numbers);
                trace!(self.trace, Kind::Numbers(numbers.pn, numbers.dn, false));
            }
            let (best, stay) = select(max, &kid_numbers);
            let kid = kid_numbers[best];
            // The child stays the choice while its own number is below
            // `stay` and the node's numbers below the node's thresholds.
            let kid_th = if max {
                Numbers {
                    pn: th.pn.min(stay),
                    dn: th.dn.saturating_sub(numbers.dn - kid.dn),
                }
            } else {
                Numbers {
                    pn: th.pn.saturating_sub(numbers.pn - kid.pn),
                    dn: th.dn.min(stay),
                }
            };
            let (child, child_key) = kids[best];
            if let Some(tracer) = self.trace.as_mut() {
                tracer.down(best + 1);
            }
            let question = Question {
                t,
                th: kid_th,
                root: false,
            };
            let found = self.mid(tree, (&child, child_key), kid_bounds[best], question);
            if let Some(tracer) = self.trace.as_mut() {
                tracer.up();
            }
            (kid_bounds[best], kid_numbers[best]) = found;
        }
    }

    /// Prepares the table for a search of `tree`: kept where keys name
    /// positions (and named positions before), emptied otherwise.
    fn begin<T: GameTree>(&mut self, tree: &T) {
        let keys = tree.keys();
        if keys != Keys::Positions || self.keys != Keys::Positions {
            self.table.clear();
        }
        self.keys = keys;
    }
}

impl<T: GameTree> Prover<T> for Dfpn {
    fn prove(
        &mut self,
        tree: &T,
        root: &T::Node,
        (pass, t): (u64, Value),
        bounds: Bounds,
    ) -> Bounds {
        trace!(self.trace, Kind::Pass(pass, Window::at_least(t)));
        let key = tree.key(root);
        let (stored, _) = self.known(key, t);
        let bounds = Bounds {
            lo: bounds.lo.max(stored.lo),
            hi: bounds.hi.min(stored.hi),
        };
        let unsolved = Numbers {
            pn: INFINITE,
            dn: INFINITE,
        };
        let question = Question {
            t,
            th: unsolved,
            root: true,
        };
        let (bounds, numbers) = self.mid(tree, (root, key), bounds, question);
        self.tally.root.note(numbers);
        bounds
    }
}

impl<T: GameTree> Search<T> for Dfpn {
    /// Proofs by bisection (see [`proof`]), fail-soft.
    fn search(&mut self, tree: &T, root: T::Node, window: Window) -> Value {
        self.begin(tree);
        let mut passes = 0;
        let value = proof::by_proofs(self, tree, &root, window, &mut passes);
        self.tally.passes += passes;
        value
    }
}

impl Backend for Dfpn {
    fn stats(&self) -> Stats {
        self.tally
            .stats()
            .with(tt::ENTRIES, self.entries)
            .with(BYTES, self.bytes)
    }

    fn reset_stats(&mut self) {
        self.tally = ProofCounts::default();
        self.entries = self.table.len() as u64;
        self.bytes = self.table.bytes() as u64;
    }

    fn filled_table(&self) -> Option<usize> {
        self.table.filled()
    }

    /// Each pass, then each call on a node: its leaf, its bound, or
    /// entering it with the pass's null window.
    fn trace_slot(&mut self) -> Option<&mut Option<Tracer>> {
        Some(&mut self.trace)
    }
}
