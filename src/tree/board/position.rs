//! The nodes of the board's game trees: a position, its path from the
//! root of the search, and (to a depth limit) the plies left; and the keys
//! that name them.

use crate::game::bitboard::{BitBoard, Square};
use crate::game::board::{Board, Mark};
use crate::game::symmetry;

/// A position of the game: a board and the player to move.
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

    /// The position in 33 bits: x's marks in bits 0-15, o's in 16-31, the
    /// player to move in bit 32 (1 for o). Equal keys, equal positions.
    #[inline]
    pub fn key(&self) -> u64 {
        let (x, o) = self.sets();
        self.with_mover(x.0 as u32 | (o.0 as u32) << 16)
    }

    /// As [`Position::key`], but the board's 32 bits are the smallest of
    /// its 32 images under the automorphisms of the lines: equal for two
    /// positions exactly when one is an image of the other.
    #[inline]
    pub fn symmetric_key(&self) -> u64 {
        let (x, o) = self.sets();
        self.with_mover(symmetry::canonical_key(x, o))
    }

    fn sets(&self) -> (BitBoard, BitBoard) {
        (self.board.marks(Mark::X), self.board.marks(Mark::O))
    }

    /// The board's 32 bits, and the player to move in bit 32.
    fn with_mover(&self, board: u32) -> u64 {
        board as u64 | ((self.to_move == Mark::O) as u64) << 32
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

    /// Its child number `k` (from 0), the move to `sq`.
    #[inline(always)]
    pub fn child(&self, k: u32, sq: Square) -> BoardNode {
        BoardNode {
            position: self.position.play(sq),
            path: self.path.child(k, self.empties),
            empties: self.empties - 1,
        }
    }

    /// A key naming its subtree in every board tree, which expands a node
    /// from its position alone: for the walks that remember subtrees
    /// (`search::minimal`).
    pub fn subtree_key(&self) -> Option<u64> {
        Some(self.position.key())
    }
}

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

    /// A key naming its subtree in every depth-limited tree of one
    /// evaluation: its position and its plies left.
    pub fn subtree_key(&self) -> Option<u64> {
        Some(self.node.position.key() | (self.depth as u64) << 33)
    }
}
