//! Game trees written out in bracket notation, for the textbook examples,
//! and trees held whole in memory.
//!
//! A leaf is an integer (or `inf`, `-inf`); an inner node is
//! `[c1,c2,...]`. Spaces and tabs may go anywhere between tokens. The root
//! is a MAX node and levels alternate. [`TreeReader`] reads one tree per
//! line from a stream, in bounded memory besides the trees themselves;
//! [`ExplicitTree::parse`] reads one tree from a string, and an
//! [`ExplicitTree`] displays in bracket notation. Code builds trees with a
//! [`TreeBuilder`], and [`random`] draws seeded random ones.
//!
//! ```
//! use winmove::ExplicitTree;
//! let tree = ExplicitTree::parse("[[3, 5], [-inf, 9]]").unwrap();
//! assert_eq!(tree.leaf_count(), 4);
//! let error = ExplicitTree::parse("[[3, 5], [x]]").unwrap_err();
//! assert_eq!(
//!     error.to_string(),
//!     "line 1, column 11: expected a number, 'inf', '-inf' or '[', found 'x'"
//! );
//! ```

mod builder;
pub mod random;
mod reader;

pub use builder::TreeBuilder;
pub use reader::TreeReader;

use crate::protocol::{ReadError, TextError};
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
    first_child: Vec<u32>,
    /// A leaf's value (0 for an inner node).
    value: Vec<Value>,
    /// Number of leaves.
    leaves: usize,
    /// Levels below the root (0 for a lone leaf).
    levels: usize,
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
    /// Parses a text holding one tree in bracket notation, on one line
    /// (blank lines around it are allowed).
    pub fn parse(text: &str) -> Result<ExplicitTree, TextError> {
        TreeReader::new(text.as_bytes())
            .only_tree()
            .map_err(|e| match e {
                ReadError::Text(e) => e,
                ReadError::Io(e) => unreachable!("reading a string cannot fail: {e}"),
            })
    }

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::random::Rng;
    use crate::tree::value::INF;
    use std::collections::VecDeque;

    /// A tree as the tests build it, independently of the parser.
    #[derive(Debug)]
    enum Shape {
        Leaf(Value),
        Inner(Vec<Shape>),
    }

    impl Shape {
        /// A random tree at most `depth` deep.
        fn random(rng: &mut Rng, depth: usize) -> Shape {
            if depth == 0 || rng.below(4) == 0 {
                Shape::Leaf(rng.below(2001) as Value - 1000)
            } else {
                let width = 1 + rng.below(4) as usize;
                Shape::Inner((0..width).map(|_| Shape::random(rng, depth - 1)).collect())
            }
        }

        /// Bracket notation, with a few spaces.
        fn text(&self) -> String {
            match self {
                Shape::Leaf(v) => v.to_string(),
                Shape::Inner(children) => {
                    let parts: Vec<String> = children.iter().map(Shape::text).collect();
                    format!("[{}]", parts.join(", "))
                }
            }
        }

        /// The nodes breadth-first, by a queue: for each, its value (a
        /// leaf) or the numbers of its children.
        fn breadth_first(&self) -> Vec<Result<Value, Vec<u32>>> {
            let mut out = Vec::new();
            let mut queue = VecDeque::from([self]);
            let mut numbered = 1u32;
            while let Some(node) = queue.pop_front() {
                match node {
                    Shape::Leaf(v) => out.push(Ok(*v)),
                    Shape::Inner(children) => {
                        let count = children.len() as u32;
                        out.push(Err((numbered..numbered + count).collect()));
                        numbered += count;
                        queue.extend(children);
                    }
                }
            }
            out
        }
    }

    /// Every node of `tree` breadth-first: its value or its children's numbers.
    fn listing(tree: &ExplicitTree) -> Vec<Result<Value, Vec<u32>>> {
        (0..tree.node_count() as u32)
            .map(|index| {
                let node = TreeNode { index, max: true };
                tree.leaf_value(node)
                    .ok_or_else(|| tree.children(node).map(|c| c.index).collect())
            })
            .collect()
    }

    #[test]
    fn numbers_nodes_breadth_first() {
        let tree = ExplicitTree::parse("[[1,2],3,[4,[5]]]").unwrap();
        assert_eq!(tree.node_count(), 9);
        let root = tree.root();
        let kids: Vec<_> = tree.children(root).map(|n| n.index).collect();
        assert_eq!(kids, [1, 2, 3]);
        assert_eq!(
            tree.leaf_value(TreeNode {
                index: 2,
                max: false
            }),
            Some(3)
        );
        let grandkids: Vec<_> = tree
            .children(TreeNode {
                index: 3,
                max: false,
            })
            .collect();
        assert_eq!(grandkids.len(), 2);
        assert!(grandkids.iter().all(|n| n.max));
        assert_eq!(tree.leaf_count(), 5);
        // By hand: 0 = root; 1, 2, 3 = [1,2], 3, [4,[5]]; 4, 5 = 1, 2;
        // 6, 7 = 4, [5]; 8 = 5.
        let hand: Vec<Result<Value, Vec<u32>>> = vec![
            Err(vec![1, 2, 3]),
            Err(vec![4, 5]),
            Ok(3),
            Err(vec![6, 7]),
            Ok(1),
            Ok(2),
            Ok(4),
            Err(vec![8]),
            Ok(5),
        ];
        assert_eq!(listing(&tree), hand);
    }

    #[test]
    fn numbering_matches_a_queue_on_random_trees() {
        let mut rng = Rng::new(1568);
        for _ in 0..300 {
            let shape = Shape::random(&mut rng, 6);
            let tree = ExplicitTree::parse(&shape.text()).unwrap();
            let expected = shape.breadth_first();
            assert_eq!(listing(&tree), expected, "{}", shape.text());
            let leaves = expected.iter().filter(|n| n.is_ok()).count();
            assert_eq!(tree.leaf_count(), leaves);
        }
    }

    #[test]
    fn displays_in_bracket_notation_without_spaces() {
        let mut rng = Rng::new(7);
        for _ in 0..300 {
            let text = Shape::random(&mut rng, 6).text();
            let tree = ExplicitTree::parse(&text).unwrap();
            assert_eq!(tree.to_string(), text.replace(' ', ""));
        }
        let text = "[inf,[-inf,0],[[[-1073741823]]]]";
        assert_eq!(ExplicitTree::parse(text).unwrap().to_string(), text);
        assert_eq!(ExplicitTree::parse(" -5 ").unwrap().to_string(), "-5");
        let deep = "[".repeat(MAX_DEPTH) + "1" + &"]".repeat(MAX_DEPTH);
        assert_eq!(ExplicitTree::parse(&deep).unwrap().to_string(), deep);
    }

    #[test]
    fn levels_alternate() {
        let tree = ExplicitTree::parse("[[[1]],2]").unwrap();
        let child = tree.children(tree.root()).next().unwrap();
        assert!(!child.max);
        let grandchild = tree.children(child).next().unwrap();
        assert!(grandchild.max);
        assert_eq!(tree.key(&grandchild), Some(grandchild.index as u64));
    }

    #[test]
    fn accepts_a_single_leaf_spaces_and_infinities() {
        assert_eq!(
            ExplicitTree::parse(" 7 ").unwrap().leaf_value(TreeNode {
                index: 0,
                max: true
            }),
            Some(7)
        );
        let tree =
            ExplicitTree::parse(" [ inf ,\t-inf,+3 , -0, 1073741823, -1073741823 ] ").unwrap();
        let values: Vec<_> = tree
            .children(tree.root())
            .map(|n| tree.leaf_value(n).unwrap())
            .collect();
        assert_eq!(values, [INF, -INF, 3, 0, INF - 1, 1 - INF]);
    }

    #[test]
    fn deep_nesting_numbers_one_node_per_level() {
        let deep = "[".repeat(MAX_DEPTH) + "1" + &"]".repeat(MAX_DEPTH);
        let tree = ExplicitTree::parse(&deep).unwrap();
        assert_eq!(tree.node_count(), MAX_DEPTH + 1);
        let mut node = tree.root();
        for level in 0..MAX_DEPTH {
            let children: Vec<_> = tree.children(node).collect();
            assert_eq!(children.len(), 1);
            assert_eq!(children[0].index as usize, level + 1);
            node = children[0];
        }
        assert_eq!(tree.leaf_value(node), Some(1));
    }
}
