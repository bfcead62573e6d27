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
mod explicit;
pub mod random;
mod reader;

pub use builder::TreeBuilder;
pub use explicit::{ExplicitTree, MAX_DEPTH, MAX_NODES, MAX_READ_NODES, TreeChildren, TreeNode};
pub use reader::TreeReader;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::random::Rng;
    use crate::tree::GameTree;
    use crate::tree::value::INF;
    use crate::tree::value::Value;
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
