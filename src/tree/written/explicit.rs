//! A tree held whole in memory, 8 bytes a node: [`ExplicitTree`].

use crate::tree::value::{Shown, Value};
use crate::tree::{Expansion, GameTree, Keys};
use std::fmt::{self, Write};

/// Deepest tree accepted, so that searching it cannot exhaust the stack.
pub const MAX_DEPTH: usize = 2_000;

/// Most nodes in a tree, so that every node number fits in 31 bits.
pub const MAX_NODES: usize = (1 << 31) - 1;

/// Most nodes in a tree read from text (2^25), so that one endless line
/// cannot take memory without bound: reading takes at most 12 bytes a node.
pub const MAX_READ_NODES: usize = 1 << 25;

/// A tree held in two arrays, 8 bytes a node. Nodes are numbered
/// breadth-first, so the children of a node are consecutive numbers, and
/// the children of consecutive nodes follow one another.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExplicitTree {
    /// The children of node `k` are numbered `first_child[k]..first_child[k + 1]`
    /// (an empty range for a leaf); one entry more than there are nodes.
    pub(super) first_child: Vec<u32>,
    /// A leaf's value (0 for an inner node).
    pub(super) value: Vec<Value>,
    /// Number of leaves.
    pub(super) leaves: usize,
    /// Levels below the root (0 for a lone leaf).
    pub(super) levels: usize,
    /// The least and the greatest value of a leaf.
    pub(super) range: (Value, Value),
}

/// A node: its number, and whether MAX chooses there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TreeNode {
    /// Breadth-first number, the root being 0.
    pub index: u32,
    /// Whether this is a MAX node.
    pub max: bool,
}

/// The children of a node: a range of consecutive numbers.
#[derive(Clone, Debug)]
pub struct TreeChildren {
    next: u32,
    end: u32,
    max: bool,
}

impl Iterator for TreeChildren {
    type Item = TreeNode;

    fn next(&mut self) -> Option<TreeNode> {
        (self.next < self.end).then(|| {
            self.next += 1;
            TreeNode {
                index: self.next - 1,
                max: self.max,
            }
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = (self.end - self.next) as usize;
        (left, Some(left))
    }
}

impl ExactSizeIterator for TreeChildren {}

impl ExplicitTree {
    /// The root, a MAX node.
    pub fn root(&self) -> TreeNode {
        TreeNode {
            index: 0,
            max: true,
        }
    }

    /// Number of nodes.
    pub fn node_count(&self) -> usize {
        self.value.len()
    }

    /// Number of leaves.
    pub fn leaf_count(&self) -> usize {
        self.leaves
    }

    /// Levels below the root: the depth of the deepest leaf.
    pub fn levels(&self) -> usize {
        self.levels
    }

    /// The children of `node` (none for a leaf).
    pub fn children(&self, node: TreeNode) -> TreeChildren {
        let k = node.index as usize;
        TreeChildren {
            next: self.first_child[k],
            end: self.first_child[k + 1],
            max: !node.max,
        }
    }

    /// The value of a leaf, `None` for an inner node.
    pub fn leaf_value(&self, node: TreeNode) -> Option<Value> {
        let k = node.index as usize;
        (self.first_child[k] == self.first_child[k + 1]).then(|| self.value[k])
    }
}

impl GameTree for ExplicitTree {
    type Node = TreeNode;
    type Children = TreeChildren;

    fn is_max(&self, node: &TreeNode) -> bool {
        node.max
    }

    fn expand(&self, node: &TreeNode) -> Expansion<TreeChildren> {
        match self.leaf_value(*node) {
            Some(value) => Expansion::Leaf(value),
            None => Expansion::Inner(self.children(*node)),
        }
    }

    /// A node's key is its breadth-first number: its place in this tree.
    fn keys(&self) -> Keys {
        Keys::Nodes
    }

    fn key(&self, node: &TreeNode) -> Option<u64> {
        Some(node.index as u64)
    }

    fn value_range(&self) -> (Value, Value) {
        self.range
    }
}

/// Bracket notation on one line, without spaces, as
/// [`ExplicitTree::parse`] reads it: `[[3,5],[-inf,9]]`.
impl fmt::Display for ExplicitTree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The children still to write of each inner node being written,
        // innermost last (a tree may be deeper than the stack allows).
        let mut open: Vec<TreeChildren> = Vec::new();
        let mut next = Some(self.root());
        loop {
            if let Some(node) = next {
                match self.leaf_value(node) {
                    Some(value) => write!(f, "{}", Shown(value))?,
                    None => {
                        f.write_char('[')?;
                        let mut children = self.children(node);
                        next = children.next();
                        open.push(children);
                        continue;
                    }
                }
            }
            // After a node: its next sibling, or the end of its parent.
            let Some(siblings) = open.last_mut() else {
                return Ok(());
            };
            next = siblings.next();
            match next {
                Some(_) => f.write_char(',')?,
                None => {
                    f.write_char(']')?;
                    open.pop();
                }
            }
        }
    }
}
