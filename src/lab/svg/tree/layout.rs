//! Where each node of a tree goes: its column and level, with its minimax value; pure geometry, no SVG.

use crate::tree::value::Value;
use crate::tree::written::{ExplicitTree, TreeNode};

/// A node's place in the drawing and its minimax value.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Placed {
    /// Whether MAX chooses there.
    pub max: bool,
    /// Its parent's index (the root's is 0).
    pub parent: usize,
    /// Levels below the root.
    pub depth: usize,
    /// Horizontal place, in leaf columns from 0.
    pub column: f64,
    /// Its minimax value.
    pub value: Value,
    /// Its Dewey path.
    pub path: Vec<u32>,
}

/// A tree laid out: its nodes by breadth-first index.
#[derive(Debug)]
pub(super) struct Layout {
    /// The nodes, by breadth-first index (the root first).
    pub nodes: Vec<Placed>,
    /// Leaves, so columns.
    pub leaves: usize,
    /// Levels below the root.
    pub levels: usize,
    /// Whether nodes are lettered (at most 26 of them).
    pub lettered: bool,
}

impl Layout {
    /// Places every node of `tree` (already checked to be small).
    pub fn new(tree: &ExplicitTree) -> Layout {
        let mut layout = Layout {
            nodes: vec![Placed::default(); tree.node_count()],
            leaves: 0,
            levels: 0,
            lettered: tree.node_count() <= 26,
        };
        layout.place(tree, tree.root(), 0, &mut Vec::new());
        layout
    }

    /// Places the subtree of `node` (whose path is `path`): its leaves in
    /// the next free columns, each parent centred over its children.
    /// Returns its column and minimax value.
    fn place(
        &mut self,
        tree: &ExplicitTree,
        node: TreeNode,
        parent: usize,
        path: &mut Vec<u32>,
    ) -> (f64, Value) {
        let index = node.index as usize;
        let depth = path.len();
        let (column, value) = match tree.leaf_value(node) {
            Some(value) => {
                self.leaves += 1;
                ((self.leaves - 1) as f64, value)
            }
            None => {
                let children: Vec<(f64, Value)> = tree
                    .children(node)
                    .zip(1..)
                    .map(|(child, number)| {
                        path.push(number);
                        let placed = self.place(tree, child, index, path);
                        path.pop();
                        placed
                    })
                    .collect();
                let first = children.first().map_or(0.0, |c| c.0);
                let last = children.last().map_or(0.0, |c| c.0);
                let values = children.iter().map(|c| c.1);
                let value = if node.max { values.max() } else { values.min() };
                ((first + last) / 2.0, value.unwrap_or(0))
            }
        };
        self.levels = self.levels.max(depth);
        self.nodes[index] = Placed {
            max: node.max,
            parent,
            depth,
            column,
            value,
            path: path.clone(),
        };
        (column, value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `(path, column, depth, value, max)` of every node, by path.
    fn places(text: &str) -> Vec<(Vec<u32>, f64, usize, Value, bool)> {
        let layout = Layout::new(&ExplicitTree::parse(text).unwrap());
        let mut places: Vec<_> = layout
            .nodes
            .iter()
            .map(|n| (n.path.clone(), n.column, n.depth, n.value, n.max))
            .collect();
        places.sort_by(|a, b| a.0.cmp(&b.0));
        places
    }

    #[test]
    fn leaves_take_the_columns_in_order_and_parents_centre_over_children() {
        // MAX root over a MIN node over 1 and 2, and a leaf 3: worked by hand.
        let expected = vec![
            (vec![], 1.25, 0, 3, true),
            (vec![1], 0.5, 1, 1, false),
            (vec![1, 1], 0.0, 2, 1, true),
            (vec![1, 2], 1.0, 2, 2, true),
            (vec![2], 2.0, 1, 3, false),
        ];
        assert_eq!(places("[[1,2],3]"), expected);
        let layout = Layout::new(&ExplicitTree::parse("[[1,2],3]").unwrap());
        assert_eq!((layout.leaves, layout.levels), (3, 2));
        assert!(layout.lettered);
    }

    #[test]
    fn parents_are_the_nodes_one_level_up_and_only_small_trees_are_lettered() {
        let layout = Layout::new(&ExplicitTree::parse("[[5,-2,0],[1,-3,7],[5,5,4]]").unwrap());
        for node in layout.nodes.iter().skip(1) {
            let parent = &layout.nodes[node.parent];
            assert_eq!(parent.path, node.path[..node.path.len() - 1]);
        }
        assert_eq!(layout.nodes[0].value, 4);
        let wide = format!("[{}]", vec!["1"; 26].join(","));
        assert!(!Layout::new(&ExplicitTree::parse(&wide).unwrap()).lettered);
    }
}
