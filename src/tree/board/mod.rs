//! The board as a game tree: positions, their children, and the
//! exactness-preserving enhancements that shape the tree.
//!
//! A node of the tree is a position and the path that led to it from the
//! root of the search, so that the tree can give every node a key: the
//! position (shared by transpositions, with the `tt` enhancement) or the
//! path (without it, so that searches with memory still see a tree).

use crate::game::bitboard::{BitBoard, Square};
use crate::game::board::{Board, Forced, Mark};
use crate::game::line_tables::SQUARES_ON;
use crate::game::symmetry;
use crate::tree::value::{INF, UNBOUNDED, Value, Window};
use crate::tree::{Expansion, GameTree, Keys};

mod depth;
mod enhancements;
mod guided;

pub use depth::{DepthNode, DepthTree};
pub use guided::{Guide, GuideCounts, GuidedMoves, GuidedTree};

pub use enhancements::{Enhancement, Enhancements, UnknownEnhancement};

/// A node of the board's game tree: a board and the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The marks on the board.
    pub board: Board,
    /// The player to move: x is MAX, o is MIN.
    pub to_move: Mark,
}

impl Position {
    /// The position after the player to move plays `sq`.
    #[inline]
    pub fn play(self, sq: Square) -> Position {
        Position {
            board: self.board.play(sq, self.to_move),
            to_move: self.to_move.other(),
        }
    }
}

/// A Dewey path from the root of a search, packed into 64 bits: a leading
/// 1 bit, then the child numbers (from 0), each in as many bits as it
/// takes to write the parent's number of empty squares. Below one root the
/// empties, and so the widths, depend on the depth alone, and every width
/// is at least 1, so the bit length gives the depth and the key decodes to
/// one path. From a root with 16 empty squares a path takes at most
/// 1 + 5 + 8·4 + 4·3 + 2·2 + 1 = 55 bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PathKey(pub u64);

impl PathKey {
    /// The root's path.
    pub const ROOT: PathKey = PathKey(1);

    /// The path of child number `k` (from 0) of a node with `empties`
    /// empty squares (so `k < empties`).
    #[inline(always)]
    pub const fn child(self, k: u32, empties: u32) -> PathKey {
        let width = u32::BITS - empties.leading_zeros();
        PathKey(self.0 << width | k as u64)
    }
}

/// A node of the board's game tree: a position, and its path from the root
/// of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardNode {
    /// The position.
    pub position: Position,
    /// The path from the root of the search.
    pub path: PathKey,
    /// The number of empty squares, counted once at the root and then one
    /// fewer at each move.
    pub empties: u32,
}

impl BoardNode {
    /// `position` as the root of a search.
    pub const fn root(position: Position) -> BoardNode {
        BoardNode {
            position,
            path: PathKey::ROOT,
            empties: position.board.empty().len(),
        }
    }
}

/// The value of a game `mark` has won.
const fn win_for(mark: Mark) -> Value {
    match mark {
        Mark::X => INF,
        Mark::O => -INF,
    }
}

/// Boards with at least this many empty squares are stored under their
/// symmetric key; on fuller boards the 32 images cost more than they save.
pub const SYMMETRY_MIN_EMPTY: u32 = 8;

/// Boards with fewer empty squares are not stored in the transposition
/// table: their subtrees are cheaper to search again than to look up.
pub const TABLE_MIN_EMPTY: u32 = 8;

// Symmetry only decides the key of a stored board: a threshold below the
// table's would never apply.
const _: () = assert!(SYMMETRY_MIN_EMPTY >= TABLE_MIN_EMPTY);

/// The board's game tree, shaped by the enhancements.
///
/// A position is a leaf when the player who just moved has four in a line
/// (±inf) or the board is full (0). Positions handed to the tree must not
/// have a line of the player to move; the parser rejects such boards.
#[derive(Clone, Copy, Debug)]
pub struct BoardTree {
    enhancements: Enhancements,
}

impl BoardTree {
    /// The tree with these enhancements.
    pub fn new(enhancements: Enhancements) -> BoardTree {
        BoardTree { enhancements }
    }

    /// The enhancements in use.
    pub fn enhancements(&self) -> Enhancements {
        self.enhancements
    }
}

/// The children of a node: its moves in four groups (all but the first
/// empty without move ordering), each in row-major order.
#[derive(Clone, Debug)]
pub struct Moves {
    from: BoardNode,
    /// The moves still to come: group `g` in bits `16g..16g + 16`, so the
    /// lowest bit is the next move, whatever its group.
    queue: u64,
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
        let child = BoardNode {
            position: self.from.position.play(sq),
            path: self.from.path.child(self.k, self.from.empties),
            empties: self.from.empties - 1,
        };
        self.k += 1;
        Some(child)
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

/// Whether `mark` surely cannot force a win from `node`. Unless it wins at
/// once, a player wins only after the opponent faced two threats and could
/// block one: that needs two lines free of the opponent's marks (lines
/// never become free again), and cannot happen while the opponent can pair
/// the empty squares of those lines.
#[inline]
fn cannot_win(node: &Position, mark: Mark) -> bool {
    if node.to_move == mark && !node.board.threats(mark).is_empty() {
        return false;
    }
    let open = node.board.open_lines(mark);
    open & open.wrapping_sub(1) == 0 || node.board.has_pairing_against(mark)
}

impl GameTree for BoardTree {
    type Node = BoardNode;
    type Children = Moves;

    #[inline]
    fn is_max(&self, node: &BoardNode) -> bool {
        node.position.to_move == Mark::X
    }

    #[inline(always)] // into the search's node loop: it is small and hot
    fn expand(&self, node: &BoardNode) -> Expansion<Moves> {
        let Position { board, to_move } = node.position;
        if board.has_four(to_move.other()) {
            return Expansion::Leaf(win_for(to_move.other()));
        }
        let empty = board.empty();
        if empty.is_empty() {
            return Expansion::Leaf(0);
        }
        let mut moves = empty;
        if self.enhancements.contains(Enhancement::Forced) {
            match board.forced(to_move) {
                Forced::Win(_) => return Expansion::Leaf(win_for(to_move)),
                Forced::Lose => return Expansion::Leaf(win_for(to_move.other())),
                Forced::Block(sq) => moves = sq.bit(),
                Forced::Free => {}
            }
        }
        let groups = if self.enhancements.contains(Enhancement::Ordering) && moves.has_several() {
            ordered(board, to_move, moves)
        } else {
            [moves, BitBoard::EMPTY, BitBoard::EMPTY, BitBoard::EMPTY]
        };
        Expansion::Inner(Moves::new(*node, groups))
    }

    #[inline]
    fn upper_bound(&self, node: &BoardNode) -> Value {
        if self.enhancements.contains(Enhancement::Bounds) && cannot_win(&node.position, Mark::X) {
            0
        } else {
            UNBOUNDED
        }
    }

    /// The bounds are 0 or none: an upper bound of 0 can settle a window
    /// only if `alpha >= 0`, a lower bound only if `beta <= 0`, so the
    /// other is not worked out.
    #[inline]
    fn settle(&self, node: &BoardNode, window: Window) -> Option<Value> {
        if !self.enhancements.contains(Enhancement::Bounds) {
            return None;
        }
        settle_by_bounds(&node.position, window)
    }

    #[inline]
    fn lower_bound(&self, node: &BoardNode) -> Value {
        if self.enhancements.contains(Enhancement::Bounds) && cannot_win(&node.position, Mark::O) {
            0
        } else {
            -UNBOUNDED
        }
    }

    /// With `tt`, keys name positions; without it, paths from the root.
    #[inline]
    fn keys(&self) -> Keys {
        keys_with(self.enhancements)
    }

    #[inline]
    fn key(&self, node: &BoardNode) -> Option<u64> {
        if !self.enhancements.contains(Enhancement::Tt) {
            return Some(node.path.0);
        }
        position_key(self.enhancements, node)
    }

    #[inline]
    fn transposition_cutoffs(&self) -> bool {
        self.enhancements.contains(Enhancement::Etc)
    }
}

/// The bounds' settlement of `window` at `position`: 0 if the window lies
/// above 0 and x cannot force a win, or below 0 and o cannot; the bounds
/// are 0 or none, so the other is not worked out.
#[inline(always)]
fn settle_by_bounds(position: &Position, window: Window) -> Option<Value> {
    if window.alpha >= 0 && cannot_win(position, Mark::X) {
        return Some(0);
    }
    if window.beta <= 0 && cannot_win(position, Mark::O) {
        return Some(0);
    }
    None
}

/// The key of a position in the table (with `tt`): the board's 32 bits
/// (under `symmetry`, the smallest of its 32 images) and the player to
/// move in bit 32; `None` for boards too full to store.
#[inline(always)]
fn position_key(enhancements: Enhancements, node: &BoardNode) -> Option<u64> {
    let Position { board, to_move } = node.position;
    let empty = node.empties;
    if empty < TABLE_MIN_EMPTY {
        return None;
    }
    let (x, o) = (board.marks(Mark::X), board.marks(Mark::O));
    // Always true while the two thresholds are equal (both 8); kept so
    // that symmetry alone may be raised to emptier boards.
    let symmetric = empty >= SYMMETRY_MIN_EMPTY;
    let board_key = if enhancements.contains(Enhancement::Symmetry) && symmetric {
        symmetry::canonical_key(x, o)
    } else {
        x.0 as u32 | (o.0 as u32) << 16
    };
    Some(board_key as u64 | ((to_move == Mark::O) as u64) << 32)
}

/// What a board tree's keys name: positions with `tt`, paths from the
/// root without it.
#[inline]
pub(super) fn keys_with(enhancements: Enhancements) -> Keys {
    if enhancements.contains(Enhancement::Tt) {
        Keys::Positions
    } else {
        Keys::Nodes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::random::{Rng, uniform_question};

    /// Every child iterator's size hint, at every step, is the number of
    /// children still to come, whatever the enhancements that shaped it.
    #[test]
    fn moves_know_exactly_how_many_are_left() {
        let mut rng = Rng::new(1568);
        let (forced, ordering) = (Enhancement::Forced, Enhancement::Ordering);
        let none = Enhancements::NONE;
        for set in [
            none,
            none.with(ordering),
            none.with(forced),
            Enhancements::of(&[forced, ordering]),
        ] {
            let tree = BoardTree::new(set);
            for _ in 0..300 {
                let mut node = BoardNode::root(Position {
                    board: uniform_question(&mut rng),
                    to_move: Mark::X,
                });
                // Down a random line of play, checking every node on it.
                while let Expansion::Inner(mut moves) = tree.expand(&node) {
                    let children: Vec<BoardNode> = moves.clone().collect();
                    for left in (0..=children.len()).rev() {
                        assert_eq!(moves.size_hint(), (left, Some(left)));
                        assert_eq!(moves.len(), left);
                        moves.next();
                    }
                    node = children[rng.below(children.len() as u64) as usize];
                }
            }
        }
    }
}
