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
//! [`select`](proof::select) breaks them) and the parent's numbers below
//! the parent's thresholds. When the node's numbers reach its thresholds,
//! it stores them and returns. Nagai shows df-pn then expands the
//! most-proving node at every step, as proof-number search does; on a
//! tree (keys that name nodes) with every node kept, it evaluates the
//! leaves `pns` evaluates, in the same order, in each proof and so over
//! the proofs of a search (tests/suite/proof_numbers.rs checks both).
//!
//! For that the table holds what `pns` holds between proofs: bounds,
//! which stay true from one proof to the next (and across searches where
//! keys name positions), the numbers of the last threshold a node was
//! searched with, and whether its children were read. A node last
//! searched with another threshold gets, unless its bounds settle the new
//! question, the numbers `pns` gives it: a node not expanded's if its
//! children were never read, else those worked out from its children's
//! entries (each child likewise, then stored for the new threshold; one
//! walk of the table per proof at most, as `pns` works out its held tree
//! once a proof). A node's children's numbers are also kept while the
//! node is searched, so a node without a key, or not stored, is searched
//! again from its children's table entries, never forever; a wide node's
//! are summarised ([`Siblings`]) so that a step costs no pass over them.
//!
//! Memory is bounded: at most `--table-size` entries
//! ([`NODE_ENTRIES`](super::tt::NODE_ENTRIES) unless told), the children
//! held by the calls on the path counted with them, fewer if the memory to
//! grow cannot be had; beyond them new nodes are not stored, a node whose
//! children do not fit is answered by alpha-beta with the null window
//! instead (its leaves and nodes counted with the search's), and the
//! backend says the table [filled](Backend::filled_table). The table is
//! emptied, its memory given back, between trees whose keys name nodes, so
//! that each tree's counters are its own.

use super::alphabeta::{AlphaBeta, Pruning};
use super::backend::{Backend, Search};
use super::bounded::BoundedMap;
use super::event::{Kind, Reason};
use super::held::{self, BYTES};
use super::proof::{self, Fold, INFINITE, Numbers, ProofCounts, Prover};
use super::siblings::Siblings;
use super::stats::Stats;
use super::trace::{Tracer, trace};
use super::tt::{self, Bounds};
use crate::tree::value::{Value, Window};
use crate::tree::{Expansion, GameTree, Keys, checked_expand};

/// What the table holds for a node.
#[derive(Clone, Copy, Debug)]
struct Entry {
    bounds: Bounds,
    /// The numbers for threshold `t`.
    numbers: Numbers,
    t: Value,
    /// Whether its children were read (as `pns` holds a node's children
    /// once it expanded it): their entries give its numbers for another
    /// threshold.
    expanded: bool,
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
    /// The children held by the calls on the path from the root (counted
    /// with the table's entries against its limit).
    path: usize,
    /// What the table's keys name.
    keys: Keys,
    /// Answers the questions of nodes whose children do not fit.
    fallback: AlphaBeta,
    /// The trace, when one is asked for.
    trace: Option<Tracer>,
}

impl Dfpn {
    /// A searcher whose table (and the children on its path) holds at most
    /// `limit` entries.
    pub fn new(limit: usize) -> Dfpn {
        Dfpn {
            tally: ProofCounts::default(),
            entries: 0,
            bytes: 0,
            table: BoundedMap::new(limit),
            path: 0,
            keys: Keys::None,
            fallback: AlphaBeta::new(Pruning::Deep),
            trace: None,
        }
    }

    /// The bounds and numbers known of `node` (with `key`) for threshold
    /// `t`: from the table, else those of a node not expanded. A node the
    /// table holds for another threshold gets the numbers `pns` would give
    /// it: those its bounds settle; else, if its children were read, the
    /// numbers worked out from theirs (each child likewise, and stored for
    /// `t`); else a node not expanded's.
    fn known<T: GameTree>(
        &mut self,
        tree: &T,
        node: &T::Node,
        key: Option<u64>,
        t: Value,
    ) -> (Bounds, Numbers) {
        let Some(entry) = key.and_then(|k| self.table.get(k)).copied() else {
            return (Bounds::UNKNOWN, Numbers::FRONTIER);
        };
        if let Some(numbers) = Numbers::settled(entry.bounds, t) {
            return (entry.bounds, numbers);
        }
        if entry.t == t {
            return (entry.bounds, entry.numbers);
        }
        // A leaf's bounds settle every threshold: this is an inner node.
        let (true, Expansion::Inner(children)) = (entry.expanded, checked_expand(tree, node))
        else {
            return (entry.bounds, Numbers::FRONTIER);
        };
        let mut fold = Fold::new(tree.is_max(node));
        for child in children {
            self.tally.counts.reach();
            let (bounds, numbers) = self.known(tree, &child, tree.key(&child), t);
            fold.bounds(bounds);
            fold.numbers(numbers);
        }
        let (bounds, numbers) = fold.combined(entry.bounds);
        let numbers = Numbers::settled(bounds, t).unwrap_or(numbers);
        self.store(key, (bounds, numbers), t, true);
        (bounds, numbers)
    }

    /// Stores what is known of the node with `key` (none: not stored):
    /// its bounds and numbers for `t`, and whether its children were read.
    fn store(
        &mut self,
        key: Option<u64>,
        (bounds, numbers): (Bounds, Numbers),
        t: Value,
        expanded: bool,
    ) {
        let Some(key) = key else { return };
        let entry = Entry {
            bounds,
            numbers,
            t,
            expanded,
        };
        self.table
            .store_beside(key, self.path, entry, |stored, entry| {
                let mut bounds = stored.bounds;
                bounds.tighten(entry.bounds);
                let expanded = stored.expanded || entry.expanded;
                *stored = Entry {
                    bounds,
                    expanded,
                    ..entry
                };
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
        question: Question,
    ) -> (Bounds, Numbers) {
        let t = question.t;
        self.tally.expansions += 1;
        trace!(self.trace, Kind::Thresholds(question.th.pn, question.th.dn));
        let children = match self.tally.counts.visit(tree, node) {
            Expansion::Leaf(value) => {
                let bounds = Bounds::exactly(value);
                trace!(self.trace, Kind::Leaf(value));
                let numbers = Numbers::settled(bounds, t).expect("a leaf's value settles");
                trace!(self.trace, Kind::Numbers(numbers.pn, numbers.dn, true));
                self.store(key, (bounds, numbers), t, false);
                return (bounds, numbers);
            }
            Expansion::Inner(children) => children,
        };
        bounds.lo = bounds.lo.max(tree.lower_bound(node));
        bounds.hi = bounds.hi.min(tree.upper_bound(node));
        if let Some(numbers) = Numbers::settled(bounds, t) {
            let bound = if bounds.lo >= t { bounds.lo } else { bounds.hi };
            trace!(self.trace, Kind::Settled(bound, Reason::Bounds));
            trace!(self.trace, Kind::Numbers(numbers.pn, numbers.dn, true));
            self.store(key, (bounds, numbers), t, false);
            return (bounds, numbers);
        }
        // The children, held while the node is searched: within the
        // table's limit, and only if their memory can be had.
        let count = children.clone().count();
        let mut kids = Kids::default();
        let fits = self
            .table
            .admit(self.path, count, |count| kids.reserve(count));
        if !fits {
            let counts = &mut self.tally.counts;
            let value = held::without_room(
                &mut self.fallback,
                tree,
                *node,
                Window::at_least(t),
                counts,
                &mut bounds,
            );
            trace!(self.trace, Kind::Settled(value, Reason::NoRoom));
            let numbers = Numbers::settled(bounds, t).expect("alpha-beta settles it");
            trace!(self.trace, Kind::Numbers(numbers.pn, numbers.dn, true));
            self.store(key, (bounds, numbers), t, false);
            return (bounds, numbers);
        }
        self.path += count;
        let found = self.children(tree, (node, key), bounds, question, children, kids);
        self.path -= count;
        found
    }

    /// MID's loop at an inner node whose `kids` have their memory: down
    /// into the child a proof-number search would choose until the node's
    /// numbers reach the question's thresholds.
    fn children<T: GameTree>(
        &mut self,
        tree: &T,
        (node, key): (&T::Node, Option<u64>),
        mut bounds: Bounds,
        Question { t, th, root }: Question,
        children: T::Children,
        mut kids: Kids<T::Node>,
    ) -> (Bounds, Numbers) {
        let max = tree.is_max(node);
        let window = Window::at_least(t);
        trace!(self.trace, Kind::Enter { max, window });
        for child in children {
            self.tally.counts.reach();
            let key = tree.key(&child);
            let (b, n) = self.known(tree, &child, key, t);
            kids.nodes.push((child, key));
            kids.bounds.push(b);
            kids.numbers.push(n);
        }
        let mut siblings = Siblings::new(max, &kids.numbers, &kids.bounds);
        // The numbers the trace last wrote for this node.
        let mut shown = None;
        loop {
            bounds = siblings.bounds(bounds, &kids.bounds);
            let numbers = Numbers::settled(bounds, t).unwrap_or(siblings.numbers(&kids.numbers));
            if root {
                self.tally.root.note(numbers);
            }
            if numbers.pn >= th.pn || numbers.dn >= th.dn {
                trace!(self.trace, Kind::Numbers(numbers.pn, numbers.dn, true));
                self.store(key, (bounds, numbers), t, true);
                return (bounds, numbers);
            }
            if self.trace.is_some() && shown != Some(numbers) {
                shown = Some(numbers);
                trace!(self.trace, Kind::Numbers(numbers.pn, numbers.dn, false));
            }
            let (best, stay) = siblings.select(&kids.numbers);
            let kid = kids.numbers[best];
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
            let (child, child_key) = kids.nodes[best];
            if let Some(tracer) = self.trace.as_mut() {
                tracer.down(best + 1);
            }
            let question = Question {
                t,
                th: kid_th,
                root: false,
            };
            let found = self.mid(tree, (&child, child_key), kids.bounds[best], question);
            if let Some(tracer) = self.trace.as_mut() {
                tracer.up();
            }
            (kids.bounds[best], kids.numbers[best]) = found;
            siblings.update(best, kid, &kids.numbers, &kids.bounds);
        }
    }

    /// Prepares the table for a search of `tree`: kept where keys name
    /// positions (and named positions before), emptied otherwise, its
    /// memory given back so that what a search reports is its own.
    fn begin<T: GameTree>(&mut self, tree: &T) {
        let keys = tree.keys();
        if keys != Keys::Positions || self.keys != Keys::Positions {
            self.table.release();
        }
        self.keys = keys;
        self.entries = self.entries.max(self.table.len() as u64);
        self.bytes = self.bytes.max(self.table.bytes() as u64);
    }
}

/// The children of a node MID searches: each with its key, bounds and
/// numbers.
struct Kids<N> {
    nodes: Vec<(N, Option<u64>)>,
    bounds: Vec<Bounds>,
    numbers: Vec<Numbers>,
}

impl<N> Default for Kids<N> {
    fn default() -> Self {
        Kids {
            nodes: Vec::new(),
            bounds: Vec::new(),
            numbers: Vec::new(),
        }
    }
}

impl<N> Kids<N> {
    /// Whether the memory for `count` children could be had.
    fn reserve(&mut self, count: usize) -> bool {
        self.nodes.try_reserve_exact(count).is_ok()
            && self.bounds.try_reserve_exact(count).is_ok()
            && self.numbers.try_reserve_exact(count).is_ok()
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
        let stored = key
            .and_then(|k| self.table.get(k))
            .map_or(Bounds::UNKNOWN, |entry| entry.bounds);
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

    /// The table's entries and bytes count from the next search, which
    /// keeps them only if it keeps the table.
    fn reset_stats(&mut self) {
        self.tally = ProofCounts::default();
        self.entries = 0;
        self.bytes = 0;
    }

    fn filled_table(&self) -> Option<usize> {
        self.table.filled()
    }

    fn table_short_of_memory(&self) -> bool {
        self.table.short_of_memory()
    }

    /// Each pass, then each call on a node: its leaf, its bound, or
    /// entering it with the pass's null window.
    fn trace_slot(&mut self) -> Option<&mut Option<Tracer>> {
        Some(&mut self.trace)
    }
}
