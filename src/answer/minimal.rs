//! The minimal tree of a question: the fewest leaves with which the answer
//! loop ([`answer`]) could prove its answer on a board tree.
//!
//! The loop searches x's moves in its order (every empty square in
//! row-major order on the raw tree; with `forced`, only the moves the
//! forced moves leave) until one wins. Its minimal tree is the sum, over
//! the moves it searches, of the fewest leaves proving that a move before
//! the answer does not win (a MIN strategy whose leaves are all below
//! `inf`) and that the answer wins (a MAX strategy whose leaves are all
//! `inf`); 0 for a question settled without search (the count shortcut,
//! a static bound at the root, an immediate win). It depends on the
//! enhancements that shape the tree (`forced` makes leaves, `bounds`
//! proofs without leaves, the shortcut and the root's forced moves decide
//! which moves are searched), not on the order of the moves. It counts
//! the tree's leaves: with `tt` a search shares the subtrees of
//! transposed positions, and may evaluate fewer.

use crate::answer::solver::answer;
use crate::game::board::Board;
use crate::search::minimal::{Goal, Memo, UNPROVABLE, position_key, proof_costs};
use crate::tree::board::BoardTree;
use crate::tree::value::INF;

/// What each searched move must be proven: a win (`>= inf`), or not one
/// (`<= inf - 1`).
const WIN_OR_NOT: Goal = Goal {
    at_least: INF,
    at_most: INF - 1,
};

/// The leaves of the minimal tree of the question `board` in `tree`.
pub fn answer_minimal(tree: &BoardTree, board: Board) -> u64 {
    let mut memo = Memo::default();
    let mut leaves = 0u64;
    answer(tree, board, |candidate, _| {
        let costs = proof_costs(tree, candidate.node, WIN_OR_NOT, position_key, &mut memo);
        if costs.at_least != UNPROVABLE {
            leaves = leaves.saturating_add(costs.at_least);
            INF
        } else {
            leaves = leaves.saturating_add(costs.at_most);
            0
        }
    });
    leaves
}
