//! The principal variation: the best line of play from the root.
//!
//! At every node on the line, the first child in search order whose value
//! is the node's value; found with null-window alpha-beta searches ("is
//! this child's value at least v?" at a MAX node, "at most v?" at a MIN
//! node), so it works on any tree, however large, without storing it.
//!
//! ```
//! use winmove::ExplicitTree;
//! use winmove::search::pv::principal_variation;
//!
//! let tree = ExplicitTree::parse("[[5,-2,0],[1,-3,7],[5,5,4]]").unwrap();
//! assert_eq!(principal_variation(&tree, tree.root(), 4), vec![3, 3]);
//! ```

use super::alphabeta::{AlphaBeta, Pruning};
use super::backend::Search;
use crate::tree::value::{Value, Window};
use crate::tree::{Expansion, GameTree};

/// The Dewey path (child numbers from 1) of the principal variation below
/// `root`, whose minimax value is `value`.
pub fn principal_variation<T: GameTree>(tree: &T, root: T::Node, value: Value) -> Vec<u32> {
    let mut search = AlphaBeta::new(Pruning::Deep);
    let mut path = Vec::new();
    let mut node = root;
    while let Expansion::Inner(children) = tree.expand(&node) {
        let max = tree.is_max(&node);
        let (k, child) = children
            .enumerate()
            .find(|(_, child)| {
                if max {
                    // Every child is at most `value`: is this one at least it?
                    search.search(tree, *child, Window::at_least(value)) >= value
                } else {
                    search.search(tree, *child, Window::above(value)) <= value
                }
            })
            .expect("some child has the node's value");
        path.push(k as u32 + 1);
        node = child;
    }
    path
}
