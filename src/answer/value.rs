//! The value of a question, exact or to a depth limit, and the first
//! square, in row-major order, whose move attains it: x's moves searched
//! one by one as the answer loop searches them.

use crate::answer::solver::Candidate;
use crate::game::bitboard::Square;
use crate::game::board::{Board, Mark};
use crate::tree::board::{DepthNode, Position};
use crate::tree::value::{INF, UNBOUNDED, Value, Window};
use crate::tree::{Expansion, GameTree};

/// A question's value from x's side, and the first square whose move
/// attains it (`None` with no move to make: no plies left, or a full
/// board).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Valued {
    /// The minimax value of the question, to the depth searched.
    pub value: Value,
    /// The first square, in row-major order, whose move attains it.
    pub square: Option<Square>,
}

/// The plies that reach the end of every line of play on `board`: a
/// search to this depth gives the exact value.
pub fn exact_depth(board: Board) -> u32 {
    board.empty().len()
}

/// The value of `board` (x to move, no line of four) searched to `depth`
/// plies in `tree` (a [`DepthTree`](crate::tree::board::DepthTree), or
/// one that orders it), and its first square, as a fail-soft search of the
/// root with `window` (`Window::FULL` for the value itself): the result
/// and its square are exact when the result lies inside the window.
/// `search(candidate, window)` searches one of x's moves (every empty
/// square, in row-major order) and returns a fail-soft result: each move
/// after the first is asked only whether it beats the best so far, with
/// the window `(max(alpha, best), beta)`, and the moves stop once the best
/// reaches `beta` (or `inf`, which nothing beats).
pub fn value_of<T: GameTree<Node = DepthNode>>(
    tree: &T,
    board: Board,
    depth: u32,
    window: Window,
    mut search: impl FnMut(Candidate<DepthNode>, Window) -> Value,
) -> Valued {
    let position = Position {
        board,
        to_move: Mark::X,
    };
    let empty = board.empty();
    if depth == 0 || empty.is_empty() {
        // Scored where it stands: by the evaluation, or a full board's 0.
        let Expansion::Leaf(value) = tree.expand(&DepthNode::root(position, depth)) else {
            unreachable!("a question with no plies left or no empty square is a leaf");
        };
        return Valued {
            value,
            square: None,
        };
    }
    let mut best = Valued {
        value: -UNBOUNDED,
        square: None,
    };
    for (i, square) in empty.into_iter().enumerate() {
        let candidate = Candidate {
            number: i + 1,
            square,
            node: DepthNode::root(position.play(square), depth - 1),
        };
        let alpha = window.alpha.max(best.value);
        let value = search(candidate, Window::new(alpha, window.beta));
        if value > best.value {
            best = Valued {
                value,
                square: Some(square),
            };
        }
        if best.value >= window.beta || best.value == INF {
            break;
        }
    }
    best
}
