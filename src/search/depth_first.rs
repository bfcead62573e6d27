//! The depth-first search that minimax, the one-bound form, alpha-beta and
//! NegaScout share, written once: what tells them apart is a [`Rule`], the
//! way a node searches its next child.
//!
//! A visit of a node is fail-soft alpha-beta, in the steps
//! [`DepthFirst::visit`] numbers: (1) with memory for every node
//! ([`DepthFirst::with_memory`], the MT drivers) ask the transposition
//! table first, so that a stored leaf is not evaluated again; (2) expand
//! the node, a leaf returning its value; (3) stop at once if the tree's
//! static bounds settle the window; (4) otherwise ask the table now (a key
//! costs more than those checks); (5) search the children in order, each
//! with the window the rule gives it, until the best value so far leaves
//! the window (a MAX node once it reaches `beta`, a MIN node once it falls
//! to `alpha`), unless the rule never cuts; (6) tell a tree that learns
//! which child was best, and store what the visit proved.

use super::backend::{Backend, Search};
use super::event::{Condition, Kind, Reason, Skipped};
use super::stats::{Counter, Counts, Stats};
use super::trace::{Tracer, trace};
use super::tt::{self, Bounds, TranspositionTable};
use crate::tree::value::{UNBOUNDED, Value, Window};
use crate::tree::{Expansion, GameTree, Keys};

/// Nodes that stopped before their last child.
pub const CUTOFFS: Counter = Counter::count(
    "cutoffs",
    "nodes that stopped early, skipping at least one child",
);

/// Children searched a second time, with a wider window, after a first
/// search that did not settle them (NegaScout's rule makes them).
pub const RESEARCHES: Counter = Counter::count(
    "researches",
    "children searched again with a wider window (NegaScout)",
);

/// Nodes settled by a child's stored bound before any child was searched
/// (enhanced transposition cutoffs, shown when the tree asks for them).
pub const TRANSPOSITION_CUTOFFS: Counter = Counter::count(
    "etc",
    "nodes settled by a child's bound in the table (--enhance etc)",
);

/// The counters of the depth-first search, which several backends share:
/// shown before every backend's own.
pub const COUNTERS: [Counter; 2] = [CUTOFFS, RESEARCHES];

/// What a visit learnt about its node, besides the value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Visit {
    /// The fail-soft result of the visit.
    pub value: Value,
    /// The node is a leaf (as far as this visit saw: a node answered from
    /// the table is not).
    pub leaf: bool,
    /// The node is a leaf, or this visit searched every child of the node
    /// and each was a leaf (so even a null-window result is exact: NegaScout
    /// need not search it again).
    pub leaf_children: bool,
}

/// Where a node stands when it turns to its next child.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The child's number, from 0.
    pub k: usize,
    /// Whether the node is a MAX node.
    pub max: bool,
    /// The node's window.
    pub window: Window,
    /// The node's best value so far (`-UNBOUNDED` or `UNBOUNDED` before
    /// the first child).
    pub best: Value,
}

/// How a node searches its next child: the part of a depth-first
/// algorithm that is its own.
pub trait Rule: Copy + std::fmt::Debug {
    /// Whether a node stops once its value can no longer matter.
    fn cuts(self) -> bool {
        true
    }

    /// Searches `child` of a node that stands at `turn`, with
    /// `search.visit`.
    fn child<T: GameTree>(
        self,
        search: &mut DepthFirst<Self>,
        tree: &T,
        child: &T::Node,
        turn: Turn,
    ) -> Visit;

    /// The window a whole search's root gets, asked with `window`: that
    /// one unless the rule ignores windows.
    fn root_window(self, window: Window) -> Window {
        window
    }

    /// `stats` with the rule's own counters added (none by default).
    fn counters(self, _search: &DepthFirst<Self>, stats: Stats) -> Stats {
        stats
    }
}

/// A depth-first search with the rule `R`.
#[derive(Debug)]
pub struct DepthFirst<R: Rule> {
    /// How a node searches its next child.
    rule: R,
    /// Whether values are kept under every key the tree gives (alpha-beta
    /// with memory, as the MT drivers call it), not only under keys that
    /// name positions.
    every_node: bool,
    /// Bounds on the values of nodes already searched.
    table: TranspositionTable,
    /// Whether the current search uses the table (set by `begin`).
    remember: bool,
    /// Leaves and nodes, repeats included.
    counts: Counts,
    /// Nodes that stopped before their last child.
    cutoffs: u64,
    /// Re-searches, counted by rules that make them.
    pub researches: u64,
    /// Whether a search of this searcher used enhanced transposition
    /// cutoffs (so that `--stats` shows their count).
    etc_used: bool,
    /// Nodes settled by enhanced transposition cutoffs.
    etc_cutoffs: u64,
    /// The trace, when one is asked for.
    pub trace: Option<Tracer>,
}

impl<R: Rule> DepthFirst<R> {
    /// A search with `rule` that keeps values only under keys that name
    /// positions: with transpositions a table pays even within one search,
    /// and across searches.
    pub fn with_rule(rule: R) -> DepthFirst<R> {
        DepthFirst::keeping(rule, false, tt::NODE_ENTRIES)
    }

    /// A search with `rule` that keeps values under every key the tree
    /// gives (alpha-beta with memory, as the MT drivers call it), up to
    /// `table_size` under keys that name nodes; those are forgotten at
    /// every [`DepthFirst::begin`].
    pub fn with_memory(rule: R, table_size: usize) -> DepthFirst<R> {
        DepthFirst::keeping(rule, true, table_size)
    }

    /// A search with `rule`, with memory for every node or not.
    fn keeping(rule: R, every_node: bool, table_size: usize) -> DepthFirst<R> {
        DepthFirst {
            rule,
            every_node,
            table: TranspositionTable::with_node_limit(table_size),
            remember: false,
            counts: Counts::default(),
            cutoffs: 0,
            researches: 0,
            etc_used: false,
            etc_cutoffs: 0,
            trace: None,
        }
    }

    /// Prepares a new search of `tree`: decides whether it uses the table,
    /// and forgets the values stored under keys that named the last
    /// search's nodes.
    pub fn begin<T: GameTree>(&mut self, tree: &T) {
        let keys = tree.keys();
        self.remember = match keys {
            Keys::None => false,
            Keys::Positions => true,
            Keys::Nodes => self.every_node,
        };
        if self.remember {
            self.table.begin(keys);
        }
        self.etc_used |= self.remember && tree.transposition_cutoffs();
    }

    /// The stored bounds of `key` applied to the window: `Err(value)` if
    /// they settle it, else the narrowed window.
    #[inline(always)]
    fn recall(&self, key: Option<u64>, window: Window) -> Result<Window, Value> {
        let Some(stored) = key.and_then(|key| self.table.probe(key)) else {
            return Ok(window);
        };
        if stored.lo >= window.beta {
            return Err(stored.lo);
        }
        if stored.hi <= window.alpha || stored.lo == stored.hi {
            return Err(stored.hi);
        }
        Ok(Window::new(
            window.alpha.max(stored.lo),
            window.beta.min(stored.hi),
        ))
    }

    /// Looks `node` up in the table: sets `key` to its key, and narrows
    /// `window` by the stored bounds, or returns the visit they settle, or
    /// (with enhanced transposition cutoffs) the one a child's bounds
    /// settle.
    #[inline(always)]
    fn ask_table<T: GameTree>(
        &mut self,
        tree: &T,
        node: &T::Node,
        key: &mut Option<u64>,
        window: &mut Window,
    ) -> Option<Visit> {
        *key = tree.key(node);
        match self.recall(*key, *window) {
            Ok(narrowed) => {
                *window = narrowed;
                if key.is_none() || !tree.transposition_cutoffs() {
                    return None;
                }
                let bound = self.transposition_cutoff(tree, node, *window)?;
                self.etc_cutoffs += 1;
                Some(self.settled(bound, Reason::ChildInTable))
            }
            Err(value) => Some(self.settled(value, Reason::Table)),
        }
    }

    /// Visits `node` with `window`: fail-soft alpha-beta, each child
    /// searched as the rule says.
    pub fn visit<T: GameTree>(&mut self, tree: &T, node: &T::Node, window: Window) -> Visit {
        debug_assert!(window.alpha < window.beta, "an empty window {window}");
        self.counts.reach();
        let mut window = window;
        let mut key = None;
        // Step 1. With memory for every node, the table before anything.
        let early = self.remember && self.every_node;
        if early {
            if let Some(settled) = self.ask_table(tree, node, &mut key, &mut window) {
                return settled;
            }
        }
        // Step 2. A leaf is its value.
        let mut children = match self.counts.expand(tree, node) {
            Expansion::Leaf(value) => {
                trace!(self.trace, Kind::Leaf(value));
                if let Some(key) = key {
                    self.table.store(key, Bounds::exactly(value));
                }
                return Visit {
                    value,
                    leaf: true,
                    leaf_children: true,
                };
            }
            Expansion::Inner(children) => children,
        };
        // Step 3. The tree's static bounds.
        if let Some(bound) = tree.settle(node, window) {
            let reason = if bound <= window.alpha {
                Reason::StaticUpper
            } else {
                Reason::StaticLower
            };
            return self.settled(bound, reason);
        }
        // Step 4. The table, after the cheap checks.
        if self.remember && !early {
            if let Some(settled) = self.ask_table(tree, node, &mut key, &mut window) {
                return settled;
            }
        }
        debug_assert!(
            window.alpha < window.beta,
            "the table narrowed {window} to nothing"
        );

        // Step 5. The children, until the best value leaves the window.
        let Window { alpha, beta } = window;
        let max = tree.is_max(node);
        trace!(self.trace, Kind::Enter { max, window });
        let mut best = if max { -UNBOUNDED } else { UNBOUNDED };
        // The child that gave `best`, kept only for a tree that learns.
        let mut best_child = None;
        let mut leaf_children = true;
        let mut k = 0;
        while let Some(child) = children.next() {
            let turn = Turn {
                k,
                max,
                window,
                best,
            };
            if let Some(tracer) = self.trace.as_mut() {
                tracer.down(k + 1);
            }
            let visit = self.rule.child(self, tree, &child, turn);
            if let Some(tracer) = self.trace.as_mut() {
                tracer.up();
            }
            leaf_children &= visit.leaf;
            let better = if max {
                visit.value > best
            } else {
                visit.value < best
            };
            if better {
                best = visit.value;
                if T::LEARNS {
                    best_child = Some(child);
                }
            }
            k += 1;
            let cut = if max { best >= beta } else { best <= alpha };
            if cut && self.rule.cuts() {
                leaf_children &= !self.cut(&mut children, max, best, window, k);
                break;
            }
        }
        trace!(self.trace, Kind::Returns(best));

        // Step 6. Learn the best child (a node that failed low has none:
        // its values are bounds above, any child may be the best), and
        // store what the visit proved.
        let failed_low = if max { best <= alpha } else { best >= beta };
        if let (true, Some(child)) = (T::LEARNS && !failed_low, best_child) {
            tree.learn(node, &child);
        }
        if let Some(key) = key {
            self.table.store(key, Bounds::proven(best, window));
        }
        Visit {
            value: best,
            leaf: false,
            leaf_children,
        }
    }

    /// A cut after child number `k` (from 1): traced with the children it
    /// skips, and counted if it skips any; whether it does.
    #[inline]
    fn cut<I: Iterator + Clone>(
        &mut self,
        children: &mut I,
        max: bool,
        best: Value,
        window: Window,
        k: usize,
    ) -> bool {
        if let Some(tracer) = self.trace.as_mut() {
            let count = children.clone().count() as u32;
            if count > 0 {
                let bound = if max { window.beta } else { window.alpha };
                let skipped = Skipped {
                    first: k as u32 + 1,
                    count,
                };
                tracer.emit(Kind::Cut(Condition { max, best, bound }, skipped));
            }
        }
        let skips = has_more(children);
        self.cutoffs += u64::from(skips);
        skips
    }

    /// Enhanced transposition cutoffs: the bound stored for one of the
    /// children of `node` (if an inner node) that settles its window (a MAX
    /// node is at least a child's lower bound, a MIN node at most a child's
    /// upper bound), if any. The node is expanded again here, out of line,
    /// so that the search's own loop over the children is as without it.
    #[inline(never)]
    fn transposition_cutoff<T: GameTree>(
        &self,
        tree: &T,
        node: &T::Node,
        window: Window,
    ) -> Option<Value> {
        let Expansion::Inner(mut children) = tree.expand(node) else {
            return None;
        };
        let max = tree.is_max(node);
        children.find_map(|child| {
            let stored = self.table.probe(tree.key(&child)?)?;
            if max && stored.lo >= window.beta {
                Some(stored.lo)
            } else if !max && stored.hi <= window.alpha {
                Some(stored.hi)
            } else {
                None
            }
        })
    }

    /// A node settled without its children being searched.
    #[inline]
    fn settled(&mut self, value: Value, reason: Reason) -> Visit {
        trace!(self.trace, Kind::Settled(value, reason));
        Visit {
            value,
            leaf: false,
            leaf_children: false,
        }
    }
}

impl<R: Rule, T: GameTree> Search<T> for DepthFirst<R> {
    /// One whole search of `root` with `window`.
    fn search(&mut self, tree: &T, root: T::Node, window: Window) -> Value {
        self.begin(tree);
        let window = self.rule.root_window(window);
        self.visit(tree, &root, window).value
    }
}

impl<R: Rule> Backend for DepthFirst<R> {
    /// The counts, the cutoffs (if the rule cuts), the table's size (if
    /// the search keeps a table for every tree, or holds entries), and the
    /// rule's own counters.
    fn stats(&self) -> Stats {
        let stats = Stats::new(self.counts);
        let stats = if self.rule.cuts() {
            stats.with(CUTOFFS, self.cutoffs)
        } else {
            stats
        };
        let stats = if self.every_node || !self.table.is_empty() {
            stats.with(tt::ENTRIES, self.table.len() as u64)
        } else {
            stats
        };
        let stats = if self.etc_used {
            stats.with(TRANSPOSITION_CUTOFFS, self.etc_cutoffs)
        } else {
            stats
        };
        self.rule.counters(self, stats)
    }

    fn reset_stats(&mut self) {
        self.counts = Counts::default();
        self.cutoffs = 0;
        self.researches = 0;
        self.etc_cutoffs = 0;
    }

    fn trace_slot(&mut self) -> Option<&mut Option<Tracer>> {
        Some(&mut self.trace)
    }

    fn filled_table(&self) -> Option<usize> {
        self.table.filled()
    }

    fn table_short_of_memory(&self) -> bool {
        self.table.short_of_memory()
    }

    /// A visit expands a node's descendants only within itself.
    fn depth_first(&self) -> bool {
        true
    }
}

/// Whether `children` has a child left: from its size hint when that says
/// (every tree of the project gives an exact one, so a cut is counted
/// without generating the next child), else by taking one.
#[inline]
fn has_more<I: Iterator>(children: &mut I) -> bool {
    match children.size_hint() {
        (n, _) if n > 0 => true,
        (_, Some(0)) => false,
        _ => children.next().is_some(),
    }
}
