//! The minimal tree of a question: the fewest leaves with which the answer
//! loop ([`answer`]) could prove its answer on a board tree.
//!
//! The loop searches x's moves in its order (every empty square in
//! row-major order on the raw tree; with `forced`, only the moves the
//! forced moves leave) until one wins. Its minimal tree is the sum, over
//! the moves it searches, of the fewest leaves proving that a move before
//! the answer does not win (a MIN strategy whose leaves are all below
//! `inf`) and that the answer wins (a MAX strategy whose leaves are all
//! `inf`: the loop asks only whether a move wins, so `inf` is the top and
//! nothing proves a win is at most `inf`); 0 for a question settled without search (the count shortcut,
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
//! question's value `v` over x's moves, every empty square, `inf` the
//! largest value and `-inf` the smallest. Both remember positions within
//! a [`MemoBudget`], and say why if they gave up ([`Unworked`]).

use crate::answer::solver::answer;
use crate::game::board::Board;
use crate::game::board::Mark;
use crate::search::minimal::{Goal, Memo, MemoBudget, UNPROVABLE, Unworked, proof_costs};
use crate::tree::board::{BoardNode, BoardTree, DepthNode, DepthTree, Position};
use crate::tree::value::{INF, Value};

/// What each searched move must be proven: a win (`>= inf`), or not one
/// (`<= inf - 1`).
const WIN_OR_NOT: Goal = Goal {
    at_least: INF,
    at_most: INF - 1,
};

/// The leaves of the minimal tree of the question `board` in `tree`, its
/// positions remembered within `budget`.
pub fn answer_minimal(tree: &BoardTree, board: Board, budget: MemoBudget) -> Result<u64, Unworked> {
    let mut memo = Memo::new(budget);
    let mut leaves = Ok(0u64);
    answer(tree, board, |candidate, _| {
        let costs = proof_costs(
            tree,
            candidate.node,
            WIN_OR_NOT,
            BoardNode::subtree_key,
            &mut memo,
        );
        let costs = match costs {
            Ok(costs) => costs,
            Err(unworked) => {
                // Given up: the loop goes on to its end, every later move
                // given up at once.
                leaves = Err(unworked);
                return 0;
            }
        };
        let (won, cost) = match costs.at_least {
            UNPROVABLE => (false, costs.at_most),
            at_least => (true, at_least),
        };
        leaves = leaves.map(|sum| sum.saturating_add(cost));
        if won { INF } else { 0 }
    });
    leaves
}

/// The leaves of the minimal tree of the value loop's search of the
/// question `board` to `depth` plies in `tree`, whose value is `value`,
/// its positions remembered within `budget`. Every leaf lies in
/// `-inf..=inf`, and the loop knows it at the root: it stops at a win. So
/// this is the fewest leaves proving the value with `inf` the largest value
/// and `-inf` the smallest: one of x's moves proven worth at least `value`
/// and every other move proven worth at most `value`, the smallest such
/// union (a leaf both proofs use counted once); for `value = inf`, only
/// the winning move's proof (nothing is above `inf`); for `value = -inf`,
/// only every move's proof that it is at most `-inf` (nothing is below
/// it); 0 with no move to make (no plies left, or a full board: the
/// question is scored where it stands). It counts the tree's leaves: with
/// `tt` a search shares the subtrees of transposed positions, and may
/// evaluate fewer. [`UNPROVABLE`] if `value` is not the question's value.
pub fn value_minimal(
    tree: &DepthTree,
    board: Board,
    depth: u32,
    value: Value,
    budget: MemoBudget,
) -> Result<u64, Unworked> {
    let position = Position {
        board,
        to_move: Mark::X,
    };
    let empty = board.empty();
    if depth == 0 || empty.is_empty() {
        return Ok(0);
    }
    let mut memo = Memo::new(budget);
    let costs = empty
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
        .collect::<Result<Vec<_>, _>>()?;
    let all = costs
        .iter()
        .fold(0u64, |sum, c| sum.saturating_add(c.at_most));
    if value == INF {
        return Ok(costs.iter().map(|c| c.at_least).min().unwrap_or(UNPROVABLE));
    }
    if value == -INF {
        return Ok(all);
    }
    // As at any MAX node: every move's upper bound, and one move's both
    // proofs in place of its upper bound.
    let extra = costs
        .iter()
        .filter(|c| c.both != UNPROVABLE)
        .map(|c| c.both - c.at_most)
        .min();
    Ok(match extra {
        Some(extra) if all != UNPROVABLE => all.saturating_add(extra),
        _ => UNPROVABLE,
    })
}
