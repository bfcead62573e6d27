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
//! a static bound at the root, an immediate win), and nothing for a move
//! the threats it leaves decide. It depends on the enhancements that
//! shape the tree (`forced` makes leaves, `bounds` proofs without leaves,
//! the shortcut and the root's forced moves decide which moves are
//! searched), not on the order of the moves. It counts
//! the tree's leaves: with `tt` a search shares the subtrees of
//! transposed positions, and may evaluate fewer.
//!
//! The value loop to a depth limit ([`value_of`](crate::answer::value::value_of))
//! has its own ([`value_minimal`]): the fewest leaves proving the
//! question's value `v` over x's moves, every empty square.

use crate::answer::solver::answer;
use crate::game::board::Board;
use crate::game::board::Mark;
use crate::search::minimal::{Goal, Memo, UNPROVABLE, proof_costs};
use crate::tree::board::{BoardNode, BoardTree, DepthNode, DepthTree, Position};
use crate::tree::value::{INF, Value};

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
        let costs = proof_costs(
            tree,
            candidate.node,
            WIN_OR_NOT,
            BoardNode::subtree_key,
            &mut memo,
        );
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

/// The leaves of the minimal tree of the value loop's search of the
/// question `board` to `depth` plies in `tree`, whose value is `value`:
/// one of x's moves proven worth at least `value` and every other move
/// proven worth at most `value`, the smallest such union (a leaf both
/// proofs use counted once); for `value = inf`, only the winning move's
/// proof, as the loop stops at a win; 0 with no move to make (no plies
/// left, or a full board: the question is scored where it stands). It
/// counts the tree's leaves: with `tt` a search shares the subtrees of
/// transposed positions, and may evaluate fewer. [`UNPROVABLE`] if
/// `value` is not the question's value.
pub fn value_minimal(tree: &DepthTree, board: Board, depth: u32, value: Value) -> u64 {
    let position = Position {
        board,
        to_move: Mark::X,
    };
    let empty = board.empty();
    if depth == 0 || empty.is_empty() {
        return 0;
    }
    let mut memo = Memo::default();
    let costs: Vec<_> = empty
        .into_iter()
        .map(|square| {
            let node = DepthNode::root(position.play(square), depth - 1);
            proof_costs(
                tree,
                node,
                Goal::exactly(value),
                DepthNode::subtree_key,
                &mut memo,
            )
        })
        .collect();
    if value == INF {
        return costs.iter().map(|c| c.at_least).min().unwrap_or(UNPROVABLE);
    }
    // As at any MAX node: every move's upper bound, and one move's both
    // proofs in place of its upper bound.
    let all = costs
        .iter()
        .fold(0u64, |sum, c| sum.saturating_add(c.at_most));
    let extra = costs
        .iter()
        .filter(|c| c.both != UNPROVABLE)
        .map(|c| c.both - c.at_most)
        .min();
    match extra {
        Some(extra) if all != UNPROVABLE => all.saturating_add(extra),
        _ => UNPROVABLE,
    }
}
