//! A position's moves as the board's trees expand it: the rules first (a
//! completed four or a full board ends the game), then the `forced` moves
//! and the `ordering` enhancement shape the children. Written once for
//! the exact tree and the depth-limited one, which differ only in the
//! plies left.

use super::enhancements::{Enhancement, Enhancements};
use super::position::{BoardNode, Position};
use crate::game::bitboard::{BitBoard, Square};
use crate::game::board::{Board, Forced, Mark};
use crate::game::line_tables::SQUARES_ON;
use crate::tree::Expansion;
use crate::tree::value::{INF, Value};

/// The value of a game `mark` has won.
pub(super) const fn win_for(mark: Mark) -> Value {
    match mark {
        Mark::X => INF,
        Mark::O => -INF,
    }
}

/// Expands `node` with `plies` left (`u32::MAX`: no limit), shaped by
/// `enhancements`: a finished game is its value, a position with no plies
/// left `score(board)`; `forced` concludes only what the plies left
/// reveal (an immediate win needs one ply, for the four is terminal at any
/// depth; a lost position and a forced block two, the opponent's four one
/// ply after the mover's move).
#[inline(always)]
pub(super) fn expand(
    node: &BoardNode,
    enhancements: Enhancements,
    plies: u32,
    score: impl FnOnce(Board) -> Value,
) -> Expansion<Moves> {
    let Position { board, to_move } = node.position;
    if board.has_four(to_move.other()) {
        return Expansion::Leaf(win_for(to_move.other()));
    }
    let empty = board.empty();
    if empty.is_empty() {
        return Expansion::Leaf(0);
    }
    if plies == 0 {
        return Expansion::Leaf(score(board));
    }
    let mut moves = empty;
    if enhancements.contains(Enhancement::Forced) {
        match board.forced(to_move) {
            Forced::Win(_) => return Expansion::Leaf(win_for(to_move)),
            Forced::Lose if plies >= 2 => return Expansion::Leaf(win_for(to_move.other())),
            Forced::Block(sq) if plies >= 2 => moves = sq.bit(),
            _ => {}
        }
    }
    let groups = if enhancements.contains(Enhancement::Ordering) && moves.has_several() {
        ordered(board, to_move, moves)
    } else {
        [moves, BitBoard::EMPTY, BitBoard::EMPTY, BitBoard::EMPTY]
    };
    Expansion::Inner(Moves::new(*node, groups))
}

/// The children of a node: its moves in four groups (all but the first
/// empty without move ordering), each in row-major order.
#[derive(Clone, Debug)]
pub struct Moves {
    pub(super) from: BoardNode,
    /// The moves still to come: group `g` in bits `16g..16g + 16`, so the
    /// lowest bit is the next move, whatever its group.
    pub(super) queue: u64,
    /// The next child's number, from 0.
    k: u32,
}

impl Moves {
    fn new(from: BoardNode, groups: [BitBoard; 4]) -> Moves {
        let [a, b, c, d] = groups.map(|group| group.0 as u64);
        Moves {
            from,
            queue: a | b << 16 | c << 32 | d << 48,
            k: 0,
        }
    }
}

impl Iterator for Moves {
    type Item = BoardNode;

    #[inline]
    fn next(&mut self) -> Option<BoardNode> {
        if self.queue == 0 {
            return None;
        }
        let sq = Square::from_index(self.queue.trailing_zeros() as usize % 16);
        self.queue &= self.queue - 1;
        let child = self.from.child(self.k, sq);
        self.k += 1;
        Some(child)
    }

    /// The moves left, without making their children (MCTS counts them
    /// to draw one at random).
    #[inline]
    fn count(self) -> usize {
        self.queue.count_ones() as usize
    }

    /// Skips `n` moves without making their children (a playout's random
    /// move); the same child `next` would give after `n` calls.
    #[inline]
    fn nth(&mut self, n: usize) -> Option<BoardNode> {
        for _ in 0..n {
            if self.queue == 0 {
                return None;
            }
            self.queue &= self.queue - 1;
            self.k += 1;
        }
        self.next()
    }

    /// Exact: the moves left in the queue. The forced moves and the
    /// ordering chose the groups when the node was expanded, and `next`
    /// yields every move left, so this is the number of children still to
    /// come.
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.queue.count_ones() as usize;
        (left, Some(left))
    }
}

impl ExactSizeIterator for Moves {}

/// The moves in search order: threat-making moves, then squares on three,
/// then two, lines x can still complete (to build them, or to block them),
/// then the rest. Kept out of line so that the raw tree's `expand` stays small.
#[inline(never)]
fn ordered(board: Board, to_move: Mark, moves: BitBoard) -> [BitBoard; 4] {
    let threats = board.threat_makers(to_move).and(moves);
    let [_, twice, thrice] = SQUARES_ON[board.open_lines(Mark::X) as usize];
    let triple = BitBoard(thrice).and(moves).and(threats.not());
    let double = BitBoard(twice).and(moves).and(threats.or(triple).not());
    let rest = moves.and(threats.or(triple).or(double).not());
    [threats, triple, double, rest]
}
