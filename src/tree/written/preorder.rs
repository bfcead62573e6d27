//! A tree as it is read: its nodes in preorder (depth-first, as the text
//! lists them), 4 bytes each, then renumbered breadth-first.
//!
//! Breadth-first order is the order by depth, and within a depth the order
//! of the text. So a node's number is the number of nodes at lesser depths
//! plus the number of nodes at its depth before it in the text; and the
//! children of a node at depth d start at the number the next node at depth
//! d + 1 will get. One pass over the preorder records, with a count of
//! nodes per depth, fills the final arrays: the peak is 12 bytes a node
//! (records and arrays), the finished tree 8.

use super::ExplicitTree;
use crate::tree::value::{INF, Value};

/// A leaf's record is its value plus `INF`, at most `LEAF_MAX` (for
/// `inf`); an inner node's is `LEAF_MAX` plus its number of children.
const LEAF_MAX: u32 = 2 * INF as u32;

/// The nodes of a tree in preorder.
#[derive(Default)]
pub(super) struct Preorder {
    /// One record per node.
    records: Vec<u32>,
    /// Number of nodes at each depth.
    per_depth: Vec<u32>,
    /// Number of leaves.
    leaves: usize,
}

impl Preorder {
    /// Number of nodes so far.
    pub fn len(&self) -> usize {
        self.records.len()
    }

    /// Adds a leaf at `depth`, with a value in `-INF..=INF`.
    pub fn leaf(&mut self, depth: usize, value: Value) {
        self.count(depth);
        self.leaves += 1;
        self.records
            .push((i64::from(value) + i64::from(INF)) as u32);
    }

    /// Adds an inner node at `depth`; returns its place, for [`Preorder::close`].
    pub fn open(&mut self, depth: usize) -> usize {
        self.count(depth);
        self.records.push(LEAF_MAX);
        self.records.len() - 1
    }

    /// Records that the inner node at `place` has `children` children (at
    /// least 1, fewer than 2^31).
    pub fn close(&mut self, place: usize, children: u32) {
        self.records[place] = LEAF_MAX + children;
    }

    /// Counts a node at `depth`, one more than the deepest so far at most.
    fn count(&mut self, depth: usize) {
        if depth == self.per_depth.len() {
            self.per_depth.push(0);
        }
        self.per_depth[depth] += 1;
    }

    /// The tree, numbered breadth-first. Every inner node must be closed.
    pub fn breadth_first(self) -> ExplicitTree {
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
        let mut first_child = vec![0u32; nodes + 1];
        let mut value = vec![0; nodes];
        // Children still to come of each inner node being walked, innermost last.
        let mut pending: Vec<u32> = Vec::new();
        for &record in &self.records {
            let depth = pending.len();
            let number = next[depth] as usize;
            next[depth] += 1;
            first_child[number] = next[depth + 1];
            if record > LEAF_MAX {
                pending.push(record - LEAF_MAX);
                continue;
            }
            value[number] = (i64::from(record) - i64::from(INF)) as Value;
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
        ExplicitTree {
            first_child,
            value,
            leaves: self.leaves,
            levels: self.per_depth.len().saturating_sub(1),
        }
    }

    /// Bytes held, for tests of the bound.
    #[cfg(test)]
    pub fn capacity(&self) -> usize {
        4 * (self.records.capacity() + self.per_depth.capacity())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::written::TreeNode;

    #[test]
    fn records_take_4_bytes_a_node_and_the_tree_8() {
        // The records, while reading: 4 bytes a node, at most twice that
        // in capacity (of which the untouched part is not resident).
        let mut nodes = Preorder::default();
        let root = nodes.open(0);
        for k in 0..100_000 {
            nodes.leaf(1, k - INF / 2);
        }
        nodes.close(root, 100_000);
        assert!(nodes.capacity() <= 8 * 100_001 + 64, "{}", nodes.capacity());
        let tree = nodes.breadth_first();
        assert_eq!(tree.node_count(), 100_001);
        let bytes = 4 * (tree.first_child.capacity() + tree.value.capacity());
        assert_eq!(bytes, 8 * 100_001 + 4);
        let last = tree.children(tree.root()).last().unwrap();
        assert_eq!(tree.leaf_value(last), Some(99_999 - INF / 2));
    }

    #[test]
    fn records_hold_every_value_and_child_count() {
        let mut nodes = Preorder::default();
        let root = nodes.open(0);
        let inner = nodes.open(1);
        for value in [-INF, INF, 0, -1, INF - 1] {
            nodes.leaf(2, value);
        }
        nodes.close(inner, 5);
        nodes.leaf(1, INF);
        nodes.close(root, 2);
        let tree = nodes.breadth_first();
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
}
