//! What one search reached of a tree: the numbers of the leaves it evaluated, and every node above them; no SVG.

use crate::tree::written::ExplicitTree;

/// What one search reached, by node (breadth-first index).
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Reached {
    /// The numbers (from 1) of its evaluations of the node.
    pub numbers: Vec<Vec<usize>>,
    /// Whether some evaluated leaf lies below the node (or is it).
    pub touched: Vec<bool>,
}

impl Reached {
    /// Numbers the leaves at `leaves` (Dewey paths, in the order they were
    /// evaluated) and marks the nodes above them; the first path that is
    /// not a leaf of `tree` is the error.
    pub fn new(tree: &ExplicitTree, leaves: &[Vec<u32>]) -> Result<Reached, Vec<u32>> {
        let mut numbers = vec![Vec::new(); tree.node_count()];
        let mut touched = vec![false; tree.node_count()];
        for (k, path) in leaves.iter().enumerate() {
            let mut node = tree.root();
            touched[0] = true;
            for &number in path {
                node = (number.checked_sub(1))
                    .and_then(|k| tree.children(node).nth(k as usize))
                    .ok_or_else(|| path.clone())?;
                touched[node.index as usize] = true;
            }
            if tree.leaf_value(node).is_none() {
                return Err(path.clone());
            }
            numbers[node.index as usize].push(k + 1);
        }
        Ok(Reached { numbers, touched })
    }

    /// The distinct leaves evaluated.
    pub fn distinct(&self) -> usize {
        self.numbers.iter().filter(|n| !n.is_empty()).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_every_evaluation_and_touches_the_nodes_above() {
        // Breadth-first: a = root, b = [1,2], c = 3, d = 1, e = 2.
        let tree = ExplicitTree::parse("[[1,2],3]").unwrap();
        let reached = Reached::new(&tree, &[vec![2], vec![1, 1], vec![2]]).unwrap();
        let numbers: Vec<Vec<usize>> = vec![vec![], vec![], vec![1, 3], vec![2], vec![]];
        assert_eq!(reached.numbers, numbers);
        assert_eq!(reached.touched, [true, true, true, true, false]);
        assert_eq!(reached.distinct(), 2);
        let nothing = Reached::new(&tree, &[]).unwrap();
        assert_eq!(nothing.touched, [false; 5]);
    }

    #[test]
    fn a_path_that_is_not_a_leaf_is_the_error() {
        let tree = ExplicitTree::parse("[[1,2],3]").unwrap();
        for path in [vec![], vec![1], vec![3], vec![0], vec![1, 3], vec![2, 1]] {
            let leaves = [vec![2], path.clone(), vec![1]];
            assert_eq!(Reached::new(&tree, &leaves), Err(path));
        }
    }
}
