//! The board searched to a depth limit, the lecture's depth-limited
//! minimax: a node carries the plies left, and a position with none left
//! is scored by an evaluation function ([`Eval`]).
//!
//! Whatever the depth, the rules come first: a four completed by the
//! player who just moved is won for that player (±inf), a full board
//! without four is 0. Any other position with no plies left is a leaf
//! worth its evaluation. The value of a node is so, by definition, that of
//! a plain depth-limited minimax; every enhancement keeps it:
//!
//! - `forced` concludes only what the plies left reveal: an immediate win
//!   needs one ply (the four is terminal at any depth), a lost position
//!   (two threats against the mover) and a forced block two (the
//!   opponent's four one ply after the mover's move);
//! - `bounds` (no forced win, so a value of at most 0) hold only when the
//!   search reaches the end of every line of play, with at least as many
//!   plies left as empty squares: then every leaf is a finished game;
//! - `tt` keys a position with its plies left, capped at its empty squares
//!   (deeper is the same exact value) and the evaluation when it is not
//!   exact, so equal keys still have equal values;
//! - `symmetry` stays: both evaluations are invariant under the 32
//!   automorphisms of the lines;
//! - `ordering` only orders, so it stays;
//! - `window` and `shortcut` belong to the answer loop, not to the tree.

use super::{
    BoardNode, Moves, cannot_win, keys_with, ordered, position_key, settle_by_bounds, win_for,
};
use super::{Enhancement, Enhancements, Position};
use crate::game::bitboard::BitBoard;
use crate::game::board::{Forced, Mark};
use crate::game::eval::Eval;
use crate::tree::value::{UNBOUNDED, Value, Window};
use crate::tree::{Expansion, GameTree, Keys};

/// A node of the depth-limited tree: a node of the board's tree and the
/// plies left to search below it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DepthNode {
    /// The position, its path from the root and its empty squares.
    pub node: BoardNode,
    /// Plies left: 0 scores the position (unless the game is over).
    pub depth: u32,
}

impl DepthNode {
    /// `position` as the root of a search with `depth` plies left.
    pub const fn root(position: Position, depth: u32) -> DepthNode {
        DepthNode {
            node: BoardNode::root(position),
            depth,
        }
    }

    /// Whether the search from here reaches the end of every line of play
    /// (a move fills a square): the value is then the game's exact value.
    #[inline]
    pub const fn exact(&self) -> bool {
        self.depth >= self.node.empties
    }
}

/// The board's game tree searched to a depth limit, scored by an
/// evaluation, shaped by the enhancements that stay exact there.
#[derive(Clone, Copy, Debug)]
pub struct DepthTree {
    enhancements: Enhancements,
    eval: Eval,
}

impl DepthTree {
    /// The tree scored by `eval`, with `enhancements`.
    pub fn new(enhancements: Enhancements, eval: Eval) -> DepthTree {
        DepthTree { enhancements, eval }
    }

    /// The enhancements in use.
    pub fn enhancements(&self) -> Enhancements {
        self.enhancements
    }

    /// The evaluation at the depth limit.
    pub fn eval(&self) -> Eval {
        self.eval
    }

    /// Whether the static bounds may be used at `node`: only where the
    /// search is exact.
    #[inline]
    fn bounds_hold(&self, node: &DepthNode) -> bool {
        self.enhancements.contains(Enhancement::Bounds) && node.exact()
    }
}

/// The children of a depth-limited node: the board's moves, one ply less
/// left.
#[derive(Clone, Debug)]
pub struct DepthMoves {
    pub(super) moves: Moves,
    pub(super) depth: u32,
}

impl Iterator for DepthMoves {
    type Item = DepthNode;

    #[inline]
    fn next(&mut self) -> Option<DepthNode> {
        let node = self.moves.next()?;
        Some(DepthNode {
            node,
            depth: self.depth,
        })
    }

    /// Exact, as the board's moves' is.
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.moves.size_hint()
    }
}

impl ExactSizeIterator for DepthMoves {}

/// A key's bits above the position's (33 of them: the board's 32, then
/// the player to move): 0 where the search is exact, else the plies left
/// plus one (5 bits) and the evaluation's number above them.
fn horizon(node: &DepthNode, eval: Eval) -> u64 {
    if node.exact() {
        0
    } else {
        (node.depth as u64 + 1) | (eval as u64) << 5
    }
}

impl GameTree for DepthTree {
    type Node = DepthNode;
    type Children = DepthMoves;

    #[inline]
    fn is_max(&self, node: &DepthNode) -> bool {
        node.node.position.to_move == Mark::X
    }

    #[inline(always)] // into the search's node loop, as the board tree's
    fn expand(&self, node: &DepthNode) -> Expansion<DepthMoves> {
        let Position { board, to_move } = node.node.position;
        if board.has_four(to_move.other()) {
            return Expansion::Leaf(win_for(to_move.other()));
        }
        let empty = board.empty();
        if empty.is_empty() {
            return Expansion::Leaf(0);
        }
        let depth = node.depth;
        if depth == 0 {
            return Expansion::Leaf(self.eval.score(board));
        }
        let mut moves = empty;
        if self.enhancements.contains(Enhancement::Forced) {
            // One ply reveals an immediate win; two, the opponent's four
            // after any move but the block (or after every move).
            match board.forced(to_move) {
                Forced::Win(_) => return Expansion::Leaf(win_for(to_move)),
                Forced::Lose if depth >= 2 => return Expansion::Leaf(win_for(to_move.other())),
                Forced::Block(sq) if depth >= 2 => moves = sq.bit(),
                _ => {}
            }
        }
        let groups = if self.enhancements.contains(Enhancement::Ordering) && moves.has_several() {
            ordered(board, to_move, moves)
        } else {
            [moves, BitBoard::EMPTY, BitBoard::EMPTY, BitBoard::EMPTY]
        };
        Expansion::Inner(DepthMoves {
            moves: Moves::new(node.node, groups),
            depth: depth - 1,
        })
    }

    #[inline]
    fn upper_bound(&self, node: &DepthNode) -> Value {
        let exact = self.bounds_hold(node);
        if exact && cannot_win(&node.node.position, Mark::X) {
            0
        } else {
            UNBOUNDED
        }
    }

    #[inline]
    fn lower_bound(&self, node: &DepthNode) -> Value {
        let exact = self.bounds_hold(node);
        if exact && cannot_win(&node.node.position, Mark::O) {
            0
        } else {
            -UNBOUNDED
        }
    }

    /// As the board's tree settles, where the bounds hold.
    #[inline]
    fn settle(&self, node: &DepthNode, window: Window) -> Option<Value> {
        if !self.bounds_hold(node) {
            return None;
        }
        settle_by_bounds(&node.node.position, window)
    }

    /// With `tt`, keys name positions with their plies left; without it,
    /// paths from the root.
    #[inline]
    fn keys(&self) -> Keys {
        keys_with(self.enhancements)
    }

    #[inline]
    fn key(&self, node: &DepthNode) -> Option<u64> {
        if !self.enhancements.contains(Enhancement::Tt) {
            return Some(node.node.path.0);
        }
        let position = position_key(self.enhancements, &node.node)?;
        Some(position | horizon(node, self.eval) << 33)
    }

    #[inline]
    fn transposition_cutoffs(&self) -> bool {
        self.enhancements.contains(Enhancement::Etc)
    }
}
