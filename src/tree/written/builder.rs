//! A tree built node by node in preorder (depth-first, as bracket notation
//! lists them): its nodes held 4 bytes each, then renumbered breadth-first.
//!
//! Breadth-first order is the order by depth, and within a depth the order
//! of the text. So a node's number is the number of nodes at lesser depths
//! plus the number of nodes at its depth before it in the text; and the
//! children of a node at depth d start at the number the next node at depth
//! d + 1 will get. One pass over the preorder records, with a count of
//! nodes per depth, fills the final arrays: the peak is 12 bytes a node
//! (records and arrays), the finished tree 8.

use super::explicit::{ExplicitTree, MAX_DEPTH, MAX_NODES};
use crate::tree::value::{INF, Value};
use std::collections::TryReserveError;

/// A leaf's record is its value plus `INF`, at most `LEAF_MAX` (for
/// `inf`); an inner node's is `LEAF_MAX` plus its number of children.
const LEAF_MAX: u32 = 2 * INF as u32;

/// A tree built node by node in preorder: a node, then its children's
/// subtrees in order. The reader of bracket notation builds its trees
/// with it, and so can any code that makes trees.
///
/// ```
/// use winmove::tree::written::TreeBuilder;
/// let mut builder = TreeBuilder::default();
/// builder.open(); // the root
/// builder.leaf(3);
/// builder.open();
/// builder.leaf(-1);
/// builder.close();
/// builder.close();
/// let tree = builder.finish();
/// assert_eq!(tree.to_string(), "[3,[-1]]");
/// ```
#[derive(Debug, Default)]
pub struct TreeBuilder {
    /// One record per node.
    records: Vec<u32>,
    /// Number of nodes at each depth.
    per_depth: Vec<u32>,
    /// Number of leaves.
    leaves: usize,
    /// The inner nodes still open, outermost first: each one's place among
    /// the records, and its children so far.
    open: Vec<(usize, u32)>,
}

impl TreeBuilder {
    /// Number of nodes so far.
    pub fn len(&self) -> usize {
        self.records.len()
    }

    /// Whether no node is added yet.
    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// Number of inner nodes open: the depth of the next node.
    pub fn depth(&self) -> usize {
        self.open.len()
    }

    /// Adds a leaf, with a value in `-INF..=INF`: the root, or the next
    /// child of the innermost open node.
    pub fn leaf(&mut self, value: Value) {
        assert!(
            (-INF..=INF).contains(&value),
            "leaf value {value} out of range"
        );
        self.count();
        self.leaves += 1;
        self.records
            .push((i64::from(value) + i64::from(INF)) as u32);
    }

    /// Opens an inner node, the root or the next child of the innermost
    /// open node: the nodes added next are its children, up to
    /// [`TreeBuilder::close`]. At most 2,000 nodes are open.
    pub fn open(&mut self) {
        assert!(
            self.open.len() < MAX_DEPTH,
            "tree deeper than {MAX_DEPTH} levels"
        );
        self.count();
        self.open.push((self.records.len(), 0));
        self.records.push(LEAF_MAX);
    }

    /// Closes the innermost open node, which must have a child.
    pub fn close(&mut self) {
        let (place, children) = self.open.pop().expect("an open node to close");
        assert!(children > 0, "an inner node has a child");
        self.records[place] = LEAF_MAX + children;
    }

    /// Makes room for one more node (growing the records as adding it
    /// would), or says that the memory cannot be had.
    pub fn try_reserve(&mut self) -> Result<(), TryReserveError> {
        self.records.try_reserve(1)
    }

    /// Counts a new node at the current depth, as a child of the innermost
    /// open node, if any.
    fn count(&mut self) {
        assert!(
            self.open.last().is_some() || self.records.is_empty(),
            "a tree has one root"
        );
        assert!(
            self.records.len() < MAX_NODES,
            "more than {MAX_NODES} nodes"
        );
        if let Some((_, children)) = self.open.last_mut() {
            *children += 1;
        }
        let depth = self.open.len();
        if depth == self.per_depth.len() {
            self.per_depth.push(0);
        }
        self.per_depth[depth] += 1;
    }

    /// The tree, numbered breadth-first. Panics unless it is whole: a root,
    /// and every inner node closed.
    pub fn finish(self) -> ExplicitTree {
        self.try_finish().expect("memory for the tree")
    }

    /// The tree, numbered breadth-first, or an error if the memory for its
    /// arrays cannot be had. Panics unless it is whole.
    pub fn try_finish(self) -> Result<ExplicitTree, TryReserveError> {
        assert!(
            !self.records.is_empty() && self.open.is_empty(),
            "a tree is finished once its root is closed"
        );
        let nodes = self.records.len();
        // `next[d]`: the number of the next node at depth d; one more depth
        // than there are, where the children of the deepest nodes would go.
        let mut next = Vec::with_capacity(self.per_depth.len() + 1);
        let mut start = 0;
        for &count in &self.per_depth {
            next.push(start);
            start += count;
        }
        next.push(start);
        let mut first_child = zeros(nodes + 1)?;
        let mut value = zeros(nodes)?;
        // Children still to come of each inner node being walked, innermost last.
        let mut pending: Vec<u32> = Vec::new();
        let mut range: Option<(Value, Value)> = None;
        for &record in &self.records {
            let depth = pending.len();
            let number = next[depth] as usize;
            next[depth] += 1;
            first_child[number] = next[depth + 1];
            if record > LEAF_MAX {
                pending.push(record - LEAF_MAX);
                continue;
            }
            let leaf = (i64::from(record) - i64::from(INF)) as Value;
            value[number] = leaf;
            range = Some(range.map_or((leaf, leaf), |(lo, hi)| (lo.min(leaf), hi.max(leaf))));
            // The leaf may be the last child of its parent, and so on up.
            while let Some(left) = pending.last_mut() {
                *left -= 1;
                if *left > 0 {
                    break;
                }
                pending.pop();
            }
        }
        first_child[nodes] = nodes as u32;
        Ok(ExplicitTree {
            first_child,
            value,
            leaves: self.leaves,
            levels: self.per_depth.len().saturating_sub(1),
            range: range.expect("a tree has a leaf"),
        })
    }

    /// Bytes held, for tests of the bound.
    #[cfg(test)]
    pub fn capacity(&self) -> usize {
        4 * (self.records.capacity() + self.per_depth.capacity())
    }
}

/// `len` zeros, or an error if the memory cannot be had.
fn zeros<T: Clone + Default>(len: usize) -> Result<Vec<T>, TryReserveError> {
    let mut zeros = Vec::new();
    zeros.try_reserve_exact(len)?;
    zeros.resize(len, T::default());
    Ok(zeros)
}

#[cfg(test)]
mod tests {
    use super::super::explicit::TreeNode;
    use super::*;

    #[test]
    fn records_take_4_bytes_a_node_and_the_tree_8() {
        // The records, while reading: 4 bytes a node, at most twice that
        // in capacity (of which the untouched part is not resident).
        let mut nodes = TreeBuilder::default();
        nodes.open();
        for k in 0..100_000 {
            nodes.leaf(k - INF / 2);
        }
        nodes.close();
        assert!(nodes.capacity() <= 8 * 100_001 + 64, "{}", nodes.capacity());
        let tree = nodes.finish();
        assert_eq!(tree.node_count(), 100_001);
        let bytes = 4 * (tree.first_child.capacity() + tree.value.capacity());
        assert_eq!(bytes, 8 * 100_001 + 4);
        let last = tree.children(tree.root()).last().unwrap();
        assert_eq!(tree.leaf_value(last), Some(99_999 - INF / 2));
    }

    #[test]
    fn records_hold_every_value_and_child_count() {
        let mut nodes = TreeBuilder::default();
        nodes.open();
        nodes.open();
        for value in [-INF, INF, 0, -1, INF - 1] {
            nodes.leaf(value);
        }
        nodes.close();
        nodes.leaf(INF);
        nodes.close();
        let tree = nodes.finish();
        let values: Vec<_> = (2..8)
            .map(|index| tree.leaf_value(TreeNode { index, max: true }))
            .collect();
        assert_eq!(
            values,
            [INF, -INF, INF, 0, -1, INF - 1].map(Some),
            "node 2 is the root's second child, then the grandchildren"
        );
        assert_eq!(tree.leaf_count(), 6);
    }

    #[test]
    #[should_panic(expected = "a tree has one root")]
    fn a_second_root_is_refused() {
        let mut nodes = TreeBuilder::default();
        nodes.leaf(1);
        nodes.leaf(2);
    }

    #[test]
    #[should_panic(expected = "an inner node has a child")]
    fn an_empty_inner_node_is_refused() {
        let mut nodes = TreeBuilder::default();
        nodes.open();
        nodes.close();
    }
}
