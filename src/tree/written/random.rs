//! Seeded random trees, built node by node, so that every test and
//! benchmark run sees the same trees.

use super::builder::TreeBuilder;
use super::explicit::ExplicitTree;
use crate::game::random::Rng;
use crate::tree::value::Value;

/// A uniform tree: every inner node has `branching` children, every leaf
/// is at `depth`, leaf values drawn from `lo..=hi`.
pub fn uniform_tree(
    rng: &mut Rng,
    branching: usize,
    depth: usize,
    lo: Value,
    hi: Value,
) -> ExplicitTree {
    build(rng, depth, &mut |rng, _| {
        (branching, rng.range(lo as i64, hi as i64) as Value)
    })
}

/// A ragged random tree: each node at depth `d < max_depth` has between 1
/// and `max_branching` children, or is a leaf with probability `leaf_chance`
/// percent (like a game that ends early); values from `lo..=hi`.
pub fn random_tree(
    rng: &mut Rng,
    max_branching: usize,
    max_depth: usize,
    leaf_chance: u64,
    lo: Value,
    hi: Value,
) -> ExplicitTree {
    build(rng, max_depth, &mut |rng, depth_left| {
        let leaf = depth_left > 0 && rng.below(100) < leaf_chance;
        let branching = if leaf {
            0
        } else {
            1 + rng.below(max_branching as u64) as usize
        };
        (branching, rng.range(lo as i64, hi as i64) as Value)
    })
}

/// A tree `depth` levels deep at most; `shape(rng, depth_left)` gives each
/// node's number of children (0: a leaf) and the value it has if it is a
/// leaf, node by node in preorder.
fn build(
    rng: &mut Rng,
    depth: usize,
    shape: &mut impl FnMut(&mut Rng, usize) -> (usize, Value),
) -> ExplicitTree {
    let mut tree = TreeBuilder::default();
    add(rng, &mut tree, depth, shape);
    tree.finish()
}

/// Adds a node and the subtree below it, `depth_left` levels at most.
fn add(
    rng: &mut Rng,
    tree: &mut TreeBuilder,
    depth_left: usize,
    shape: &mut impl FnMut(&mut Rng, usize) -> (usize, Value),
) {
    let (branching, value) = shape(rng, depth_left);
    if depth_left == 0 || branching == 0 {
        tree.leaf(value);
        return;
    }
    tree.open();
    for _ in 0..branching {
        add(rng, tree, depth_left - 1, shape);
    }
    tree.close();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uniform_trees_have_the_asked_shape() {
        let mut rng = Rng::new(5);
        let tree = uniform_tree(&mut rng, 3, 4, -9, 9);
        assert_eq!(tree.leaf_count(), 81);
        assert_eq!(tree.node_count(), 1 + 3 + 9 + 27 + 81);
        assert_eq!(tree.levels(), 4);
    }

    #[test]
    fn random_trees_keep_to_their_bounds() {
        let mut rng = Rng::new(5);
        for _ in 0..50 {
            let tree = random_tree(&mut rng, 4, 5, 30, 0, 2);
            assert!(tree.levels() <= 5);
            let mut nodes = vec![tree.root()];
            while let Some(node) = nodes.pop() {
                match tree.leaf_value(node) {
                    Some(value) => assert!((0..=2).contains(&value)),
                    None => {
                        let before = nodes.len();
                        nodes.extend(tree.children(node));
                        assert!((1..=4).contains(&(nodes.len() - before)));
                    }
                }
            }
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_trees_as_ever() {
        // As the generators wrote them when they wrote text, which tests
        // and benchmarks were made with.
        let uniform = uniform_tree(&mut Rng::new(5), 2, 2, -9, 9);
        assert_eq!(uniform.to_string(), "[[3,6],[5,2]]");
        let ragged = random_tree(&mut Rng::new(1568), 3, 3, 30, -100, 100);
        assert_eq!(ragged.to_string(), "[[[27,27],-61],-57]");
    }
}
