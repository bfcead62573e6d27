//! The one trait every search algorithm runs on: a game tree.
//!
//! A tree hands out nodes, says whether a node is a MAX or a MIN node, and
//! expands a node into either its static value (a leaf) or its children, in
//! the order the search should try them. Optional hooks let a tree share
//! what it knows without the algorithms knowing the game: static bounds on
//! a node's value, and a key under which the node's value may be stored.
//!
//! # The contract
//!
//! Every search relies on it. [`check_children`] checks the first three of
//! its points at a node (levels alternate, an inner node has a child,
//! expansion is stable), not the bounds nor the keys; in a debug build,
//! with [`check_contract`] on, every search checks them at every
//! expansion it makes ([`checked_expand`]):
//! - levels alternate: every child of a MAX node is a MIN node and every
//!   child of a MIN node a MAX node;
//! - an inner node has at least one child;
//! - expansion is stable: expanding a node again gives the same leaf value,
//!   or the same children in the same order (SCOUT evaluates what it
//!   tested, NegaScout and the MT drivers search nodes again, and keys and
//!   recorded paths must name the same nodes each time); a tree that
//!   learns from searches ([`GameTree::LEARNS`]) changes its order only
//!   between searches, never during one;
//! - bounds hold: `lower_bound(n) <= value(n) <= upper_bound(n)`, and
//!   `settle` settles a window only as those bounds would;
//! - keys are honest: under [`Keys::Positions`], nodes with equal keys have
//!   equal values in every search; under [`Keys::Nodes`], a key names one
//!   node of the tree below the root of the current search.

pub mod board;
pub mod ordered;
pub mod recording;
pub mod uniform;
pub mod value;
pub mod written;

use crate::tree::value::{UNBOUNDED, Value, Window};
use std::fmt::Debug;

/// What expanding a node yields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expansion<C> {
    /// A terminal node and its value (from MAX's point of view).
    Leaf(Value),
    /// An inner node and its children, in search order.
    Inner(C),
}

/// What a tree's keys name, and so how long a value stored under a key
/// stays true: a search's transposition table stores by it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keys {
    /// The tree gives no keys.
    None,
    /// Keys name positions of the game: nodes with equal keys have equal
    /// values, in this search and every later one (transpositions).
    Positions,
    /// Keys name the nodes of the tree below the root of one search (a
    /// Dewey path, a place in a written tree): a value stored under one is
    /// true only until the next search.
    Nodes,
}

/// A two-player, zero-sum game tree seen from MAX; see the module docs for
/// the contract every implementation keeps.
pub trait GameTree {
    /// A node; cheap to copy.
    type Node: Copy + PartialEq + Debug;
    /// The children of an inner node, in search order.
    type Children: Iterator<Item = Self::Node> + Clone;

    /// Whether MAX (rather than MIN) chooses at `node`.
    fn is_max(&self, node: &Self::Node) -> bool;

    /// The node's value if it is a leaf, else its children.
    fn expand(&self, node: &Self::Node) -> Expansion<Self::Children>;

    /// An upper bound on the value of an inner node, known without search
    /// (`UNBOUNDED`, the default, if none is known).
    fn upper_bound(&self, _node: &Self::Node) -> Value {
        UNBOUNDED
    }

    /// A lower bound on the value of an inner node, known without search
    /// (`-UNBOUNDED`, the default, if none is known).
    fn lower_bound(&self, _node: &Self::Node) -> Value {
        -UNBOUNDED
    }

    /// The least and the greatest value any node can have, known without
    /// search (the least and greatest leaf, on a tree held in memory):
    /// where a bisection of the value starts. `(-UNBOUNDED, UNBOUNDED)`,
    /// the default, if not known.
    fn value_range(&self) -> (Value, Value) {
        (-UNBOUNDED, UNBOUNDED)
    }

    /// A static bound that settles `window` at an inner node without
    /// search, if the tree knows one: `v <= alpha` (the value is at most
    /// `v`) or `v >= beta` (at least `v`). By default from
    /// [`GameTree::upper_bound`] and [`GameTree::lower_bound`]; a tree may
    /// skip a bound it knows cannot settle this window.
    #[inline]
    fn settle(&self, node: &Self::Node, window: Window) -> Option<Value> {
        if window.alpha > -UNBOUNDED {
            let hi = self.upper_bound(node);
            if hi <= window.alpha {
                return Some(hi);
            }
        }
        if window.beta < UNBOUNDED {
            let lo = self.lower_bound(node);
            if lo >= window.beta {
                return Some(lo);
            }
        }
        None
    }

    /// What the keys of [`GameTree::key`] name.
    fn keys(&self) -> Keys {
        Keys::None
    }

    /// The key under which the node's value may be stored; `None` if the
    /// node is not to be stored.
    fn key(&self, _node: &Self::Node) -> Option<u64> {
        None
    }

    /// Whether the tree wants to be told each node's best child
    /// ([`GameTree::learn`]), to order later searches by it. A constant,
    /// so that a search of a tree that does not learn tracks nothing.
    const LEARNS: bool = false;

    /// Told, by a search that found it, the child of `node` that gave its
    /// value: the best one, or the one whose value cut the others off.
    /// Called only when [`GameTree::LEARNS`]; by default, nothing.
    fn learn(&self, _node: &Self::Node, _best: &Self::Node) {}

    /// Whether a search with a transposition table should look up an
    /// inner node's children in it before searching them, and stop when
    /// one's stored bound already settles the node's window (enhanced
    /// transposition cutoffs). No by default.
    fn transposition_cutoffs(&self) -> bool {
        false
    }
}

#[cfg(debug_assertions)]
thread_local! {
    /// Whether [`checked_expand`] checks the contract on this thread.
    static CHECKING: std::cell::Cell<bool> = std::cell::Cell::new(
        std::env::var_os("WINMOVE_CHECK_CONTRACT").is_some_and(|v| v == "1"),
    );
}

/// Whether the searches of this thread check the contract at every
/// expansion they make, in a debug build (a release build never does).
/// Off unless `WINMOVE_CHECK_CONTRACT=1` is set: it expands every inner
/// node twice, so it is a switch of its own rather than part of every
/// debug build's assertions.
pub fn check_contract(on: bool) {
    #[cfg(debug_assertions)]
    CHECKING.set(on);
    #[cfg(not(debug_assertions))]
    let _ = on;
}

/// Expands `node`, as every search does; in a debug build with
/// [`check_contract`] on, also checks the contract with [`check_children`].
#[inline(always)]
pub fn checked_expand<T: GameTree>(tree: &T, node: &T::Node) -> Expansion<T::Children> {
    let expansion = tree.expand(node);
    #[cfg(debug_assertions)]
    if let Expansion::Inner(children) = &expansion {
        if CHECKING.get() {
            check_children(tree, node, children.clone());
        }
    }
    expansion
}

/// Checks the contract at an inner node whose expansion gave `children`:
/// there is at least one, each alternates with the node, and a second
/// expansion gives the same children in the same order (walked side by
/// side, without allocation). Panics naming the node otherwise.
#[cold]
#[inline(never)]
pub fn check_children<T: GameTree>(tree: &T, node: &T::Node, children: T::Children) {
    let max = tree.is_max(node);
    let Expansion::Inner(mut again) = tree.expand(node) else {
        panic!("GameTree contract: {node:?} became a leaf when expanded again");
    };
    let mut count = 0usize;
    for child in children {
        assert_ne!(
            tree.is_max(&child),
            max,
            "GameTree contract: levels must alternate, {node:?} and its child {child:?}"
        );
        assert_eq!(
            again.next(),
            Some(child),
            "GameTree contract: expanding {node:?} again gave other children"
        );
        count += 1;
    }
    assert!(
        count > 0,
        "GameTree contract: inner node {node:?} has no child"
    );
    assert!(
        again.next().is_none(),
        "GameTree contract: expanding {node:?} again gave more children"
    );
}
