//! Allis's proof-number search (1994): the tree searched so far held in
//! memory, and at each step the most-proving node expanded.
//!
//! Each pass proves or disproves that the root's value is at least a
//! threshold ([`proof`] says how the passes give a value,
//! and how bounds give the numbers). From the root, a pass descends to the
//! first child of least proof number at MAX nodes and of least disproof
//! number at MIN nodes, down to a node not expanded yet: the most-proving
//! node. Expanding it evaluates a leaf, or settles an inner node by the
//! tree's static bounds, or adds its children (each with proof and
//! disproof number 1); then the numbers and bounds of its ancestors are
//! worked out again, up to the root. The held tree lasts for the whole
//! search of one root, every pass included: no leaf is evaluated twice.
//! A node with many children has them summarised ([`Siblings`]): a step
//! through it costs a walk up a tournament, not a pass over them.
//!
//! Memory is bounded: the held tree has at most `--table-size` nodes
//! ([`NODE_ENTRIES`](super::tt::NODE_ENTRIES) unless told), fewer if the
//! memory to grow cannot be had. When a most-proving node's children do
//! not fit, its question is answered by alpha-beta with the null window
//! instead (its leaves and nodes counted with the search's), and the
//! backend says the table [filled](Backend::filled_table).

use super::alphabeta::{AlphaBeta, Pruning};
use super::backend::{Backend, Search};
use super::bounded::Budget;
use super::event::{Kind, Reason};
use super::held::{self, BYTES, HELD};
use super::proof::{self, Numbers, ProofCounts, Prover};
use super::siblings::{Siblings, WIDE};
use super::stats::Stats;
use super::trace::{Tracer, trace};
use super::tt::Bounds;
use crate::tree::value::{Value, Window};
use crate::tree::{Expansion, GameTree};
use std::collections::HashMap;

/// A node of the held tree.
#[derive(Clone, Copy, Debug)]
struct Held<N> {
    node: N,
    /// Its parent's index (the root's own index for the root).
    parent: usize,
    /// The indices of its children (empty: not expanded, or settled by
    /// its bounds or a leaf).
    first: usize,
    count: usize,
    max: bool,
}

/// The tree held during the search of one root: nodes, and in arrays
/// beside them (so that a node's children are slices), their bounds and
/// numbers. Children come after their parent. A node with many children
/// has their summary too, by its index, so that a step costs no pass over
/// them.
struct HeldTree<N> {
    nodes: Vec<Held<N>>,
    bounds: Vec<Bounds>,
    numbers: Vec<Numbers>,
    wide: HashMap<usize, Siblings>,
}

impl<N: Copy> HeldTree<N> {
    /// Bytes its arrays take.
    fn bytes(&self) -> usize {
        use std::mem::size_of;
        self.nodes.capacity() * size_of::<Held<N>>()
            + self.bounds.capacity() * size_of::<Bounds>()
            + self.numbers.capacity() * size_of::<Numbers>()
            + self.wide.values().map(Siblings::bytes).sum::<usize>()
    }

    /// The range of node `i`'s children.
    fn children(&self, i: usize) -> std::ops::Range<usize> {
        let Held { first, count, .. } = self.nodes[i];
        first..first + count
    }

    /// Summarises node `i`'s children afresh, if it has many.
    fn summarise(&mut self, i: usize) {
        let children = self.children(i);
        if children.len() < WIDE {
            return;
        }
        let (numbers, bounds) = (&self.numbers[children.clone()], &self.bounds[children]);
        match self.wide.get_mut(&i) {
            Some(siblings) => siblings.rebuild(numbers, bounds),
            None => {
                let siblings = Siblings::new(self.nodes[i].max, numbers, bounds);
                self.wide.insert(i, siblings);
            }
        }
    }

    /// Tells node `i` that its child `c` changed (its numbers were `old`).
    fn changed(&mut self, i: usize, c: usize, old: Numbers) {
        let children = self.children(i);
        if let Some(siblings) = self.wide.get_mut(&i) {
            let at = c - children.start;
            siblings.update(
                at,
                old,
                &self.numbers[children.clone()],
                &self.bounds[children],
            );
        }
    }

    /// The child of node `i` to descend to: [`proof::select`].
    fn select(&self, i: usize) -> usize {
        let children = self.children(i);
        let numbers = &self.numbers[children.clone()];
        let (best, _) = match self.wide.get(&i) {
            Some(siblings) => siblings.select(numbers),
            None => proof::select(self.nodes[i].max, numbers),
        };
        children.start + best
    }

    /// Node `i`'s Dewey path (child numbers from 1).
    fn path(&self, mut i: usize) -> Vec<u32> {
        let mut path = Vec::new();
        while i != 0 {
            let parent = self.nodes[i].parent;
            path.push((i - self.nodes[parent].first + 1) as u32);
            i = parent;
        }
        path.reverse();
        path
    }

    /// Adds a node not expanded yet; its index.
    fn push(&mut self, node: N, parent: usize, max: bool) -> usize {
        self.nodes.push(Held {
            node,
            parent,
            first: 0,
            count: 0,
            max,
        });
        self.bounds.push(Bounds::UNKNOWN);
        self.numbers.push(Numbers::FRONTIER);
        self.nodes.len() - 1
    }

    /// Works out the bounds and numbers of node `i` for threshold `t` from
    /// its children's (a node without children keeps its bounds).
    fn update(&mut self, i: usize, t: Value) {
        let Held {
            first, count, max, ..
        } = self.nodes[i];
        let children = first..first + count;
        let wide = self.wide.get(&i);
        if count > 0 {
            let (before, bounds) = (self.bounds[i], &self.bounds[children.clone()]);
            self.bounds[i] = match wide {
                Some(siblings) => siblings.bounds(before, bounds),
                None => proof::combine_bounds(max, before, bounds),
            };
        }
        let numbers = &self.numbers[children];
        self.numbers[i] = match Numbers::settled(self.bounds[i], t) {
            Some(numbers) => numbers,
            None if count == 0 => Numbers::FRONTIER,
            None => match wide {
                Some(siblings) => siblings.numbers(numbers),
                None => Numbers::combine(max, numbers),
            },
        };
    }
}

/// The `pns` backend.
#[derive(Debug)]
pub struct Pns {
    /// The counters both proof-number backends keep.
    tally: ProofCounts,
    held: u64,
    /// The most bytes the held tree took.
    bytes: u64,
    /// The most nodes held.
    budget: Budget,
    /// Answers the questions of nodes whose children do not fit.
    fallback: AlphaBeta,
    /// The trace, when one is asked for.
    trace: Option<Tracer>,
}

impl Pns {
    /// A searcher that holds at most `limit` nodes.
    pub fn new(limit: usize) -> Pns {
        Pns {
            tally: ProofCounts::default(),
            held: 0,
            bytes: 0,
            budget: Budget::new(limit.max(1)),
            fallback: AlphaBeta::new(Pruning::Deep),
            trace: None,
        }
    }

    /// Expands node `i` of `held` (a node without children, the
    /// most-proving node), for threshold `t`; traced at the node's path.
    fn expand<T: GameTree>(&mut self, tree: &T, held: &mut HeldTree<T::Node>, i: usize, t: Value) {
        let Some(tracer) = self.trace.as_mut() else {
            return self.expand_node(tree, held, i, t);
        };
        tracer.go_to(held.path(i));
        tracer.emit(Kind::MostProving);
        self.expand_node(tree, held, i, t);
        self.trace.as_mut().expect("on").go_to(Vec::new());
    }

    /// Traces node `i`'s numbers if the trace is on and they are not
    /// `before`.
    fn trace_numbers<N: Copy>(&mut self, held: &HeldTree<N>, i: usize, before: Option<Numbers>) {
        let Numbers { pn, dn } = held.numbers[i];
        if let Some(tracer) = self.trace.as_mut() {
            if before != Some(held.numbers[i]) {
                tracer.emit_at(held.path(i), Kind::Numbers(pn, dn, false));
            }
        }
    }

    /// Expands node `i` as [`Pns::expand`] does, untraced.
    fn expand_node<T: GameTree>(
        &mut self,
        tree: &T,
        held: &mut HeldTree<T::Node>,
        i: usize,
        t: Value,
    ) {
        self.tally.expansions += 1;
        let node = held.nodes[i].node;
        let children = match self.tally.counts.visit(tree, &node) {
            Expansion::Leaf(value) => {
                trace!(self.trace, Kind::Leaf(value));
                held.bounds[i] = Bounds::exactly(value);
                return;
            }
            Expansion::Inner(children) => children,
        };
        let bounds = &mut held.bounds[i];
        bounds.lo = bounds.lo.max(tree.lower_bound(&node));
        bounds.hi = bounds.hi.min(tree.upper_bound(&node));
        if Numbers::settled(*bounds, t).is_some() {
            let bound = if bounds.lo >= t { bounds.lo } else { bounds.hi };
            trace!(self.trace, Kind::Settled(bound, Reason::Bounds));
            return;
        }
        let count = children.clone().count();
        let fits = self.budget.admit(held.nodes.len(), count, |count| {
            held.nodes.try_reserve(count).is_ok()
                && held.bounds.try_reserve(count).is_ok()
                && held.numbers.try_reserve(count).is_ok()
        });
        if !fits {
            let (counts, bounds) = (&mut self.tally.counts, &mut held.bounds[i]);
            let value = held::without_room(
                &mut self.fallback,
                tree,
                node,
                Window::at_least(t),
                counts,
                bounds,
            );
            trace!(self.trace, Kind::Settled(value, Reason::NoRoom));
            return;
        }
        let (max, window) = (held.nodes[i].max, Window::at_least(t));
        trace!(self.trace, Kind::Enter { max, window });
        let max = !held.nodes[i].max;
        let first = held.nodes.len();
        for child in children {
            held.push(child, i, max);
        }
        held.nodes[i].first = first;
        held.nodes[i].count = count;
        held.summarise(i);
        self.held = self.held.max(held.nodes.len() as u64);
    }
}

/// A pass over the held tree.
struct Pass<'a, T: GameTree> {
    pns: &'a mut Pns,
    held: HeldTree<T::Node>,
}

impl<T: GameTree> Prover<T> for Pass<'_, T> {
    fn prove(&mut self, tree: &T, _root: &T::Node, (pass, t): (u64, Value), _: Bounds) -> Bounds {
        trace!(self.pns.trace, Kind::Pass(pass, Window::at_least(t)));
        let held = &mut self.held;
        // The numbers of every held node for this threshold, children
        // (which come after their parents) first.
        for i in (0..held.nodes.len()).rev() {
            held.summarise(i);
            held.update(i, t);
        }
        self.pns.trace_numbers(held, 0, None);
        loop {
            let root = held.numbers[0];
            if held.nodes[0].count > 0 {
                // As df-pn sees it: once the root has children.
                self.pns.tally.root.note(root);
            }
            if root.solved() {
                return held.bounds[0];
            }
            // Down to the most-proving node.
            let mut i = 0;
            while held.nodes[i].count > 0 {
                self.pns.tally.counts.reach();
                i = held.select(i);
            }
            self.pns.expand(tree, held, i, t);
            // Back up to the root, each node told which child changed.
            let mut changed = None;
            loop {
                if let Some((child, old)) = changed {
                    held.changed(i, child, old);
                }
                let before = held.numbers[i];
                held.update(i, t);
                self.pns.trace_numbers(held, i, Some(before));
                if i == 0 {
                    break;
                }
                changed = Some((i, before));
                i = held.nodes[i].parent;
            }
        }
    }
}

impl<T: GameTree> Search<T> for Pns {
    /// Proofs by bisection (see [`proof`]), fail-soft.
    fn search(&mut self, tree: &T, root: T::Node, window: Window) -> Value {
        let mut held = HeldTree {
            nodes: Vec::new(),
            bounds: Vec::new(),
            numbers: Vec::new(),
            wide: HashMap::new(),
        };
        held.push(root, 0, tree.is_max(&root));
        self.held = self.held.max(1);
        let mut passes = 0;
        let mut pass = Pass { pns: self, held };
        let value = proof::by_proofs(&mut pass, tree, &root, window, &mut passes);
        let bytes = pass.held.bytes() as u64;
        self.tally.passes += passes;
        self.bytes = self.bytes.max(bytes);
        value
    }
}

impl Backend for Pns {
    fn stats(&self) -> Stats {
        self.tally
            .stats()
            .with(HELD, self.held)
            .with(BYTES, self.bytes)
    }

    fn reset_stats(&mut self) {
        self.tally = ProofCounts::default();
        self.held = 0;
        self.bytes = 0;
    }

    fn filled_table(&self) -> Option<usize> {
        self.budget.filled()
    }

    fn table_short_of_memory(&self) -> bool {
        self.budget.short_of_memory()
    }

    /// Each pass, then each expansion at the expanded node: its leaf, its
    /// bound, or its children added (as entering it with the pass's null
    /// window).
    fn trace_slot(&mut self) -> Option<&mut Option<Tracer>> {
        Some(&mut self.trace)
    }
}
