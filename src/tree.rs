//! The one trait every search algorithm runs on: a game tree.
//!
//! A tree hands out nodes, says whether a node is a MAX or a MIN node, and
//! expands a node into either its static value (a leaf) or its children, in
//! the order the search should try them. Two optional hooks let a tree share
//! what it knows without the algorithms knowing the game: static bounds on a
//! node's value, and a key under which the node's value may be remembered.

use crate::value::{Value, UNBOUNDED};

/// What expanding a node yields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expansion<C> {
    /// A terminal node and its value (from MAX's point of view).
    Leaf(Value),
    /// An inner node and its children, in search order.
    Inner(C),
}

/// A two-player, zero-sum game tree seen from MAX.
pub trait GameTree {
    /// A node; cheap to copy.
    type Node: Copy;
    /// The children of an inner node, in search order.
    type Children: Iterator<Item = Self::Node>;

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

    /// A key under which the node's value may be stored and shared with
    /// every node of the same key; `None` if the node must not be stored.
    fn transposition_key(&self, _node: &Self::Node) -> Option<u64> {
        None
    }
}
