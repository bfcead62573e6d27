//! Dynamic move ordering for iterative deepening: the depth-limited tree
//! ([`GuidedTree`]) with a [`Guide`] that remembers what the searches of
//! the last iteration found, and orders the next iteration's moves by it.
//!
//! - **The best-move table**: each position's best move (the child that
//!   gave its value, or cut the others off), as the search reports it
//!   ([`GameTree::learn`]), is tried first at the next iteration.
//! - **The history heuristic** (optional): every best move adds the square of
//!   the plies left to its (player, square) score; the
//!   moves after the stored one are tried by falling score, the tree's own
//!   order breaking ties.
//!
//! The order must not change during a search (the [`GameTree`] contract:
//! NegaScout, SCOUT and the MT drivers expand nodes again, and keys that
//! name nodes are paths of child numbers). So what a search reads is
//! frozen: it is what the last iteration learnt; what this iteration
//! learns is written apart, and becomes readable at [`Guide::advance`],
//! between iterations. Both tables are direct-mapped arrays allocated
//! once, a slot overwritten by the newest position that hashes to it; an
//! entry is tagged with its iteration, so advancing is a counter's step.
//!
//! The order never changes a value: it only permutes each node's children.

use super::depth::{DepthMoves, DepthTree};
use super::position::{BoardNode, DepthNode, Position};
use crate::game::bitboard::Square;
use crate::game::board::Mark;
use crate::tree::value::{Value, Window};
use crate::tree::{Expansion, GameTree, Keys};
use std::cell::Cell;

/// Slots of each best-move table, one `u64` each (128 KiB a table): small
/// enough to stay in the processor's cache, which a lookup at every node
/// needs more than room for every position of a deep iteration (a position
/// that loses its slot is only ordered as the tree orders it).
const SLOTS_LOG2: u32 = 14;

/// Bits of a slot: the position's key (board and player to move: the
/// plies left do not matter, a position lies at one distance from the
/// root of an iteration) in the low 33, the best move's square in the next
/// 4, the iteration's tag above.
const KEY_BITS: u32 = 33;
/// Where the square lies in a slot.
const SQUARE_SHIFT: u32 = KEY_BITS;
/// Where the iteration's tag lies in a slot.
const TAG_SHIFT: u32 = KEY_BITS + 4;
/// The largest tag: generations wrap to the start past it.
const TAG_MAX: u64 = (1 << (64 - TAG_SHIFT)) - 1;
/// The first generation: an empty slot (all zero) has tag 0, which is
/// never one read (the first read tag is 1).
const FIRST_GENERATION: u64 = 2;

/// The slot of `key` in a table: the top bits of a Fibonacci hash.
#[inline]
fn slot_of(key: u64) -> usize {
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SLOTS_LOG2)) as usize
}

/// A (player, square) index into a history table.
#[inline]
fn history_index(mover: Mark, square: usize) -> usize {
    (mover == Mark::O) as usize * 16 + square
}

/// How often a stored move was right, since the last reset.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GuideCounts {
    /// Nodes whose best child was reported while the table held a move for
    /// them, on one of their empty squares.
    pub hinted: u64,
    /// Of those, the nodes whose best child was the stored move.
    pub hint_best: u64,
}

/// What iterative deepening carries from one iteration to the next: a
/// best-move table per iteration, and optionally history scores.
pub struct Guide {
    /// Two tables: the one of generation `g` is written during it and read
    /// during `g + 1`.
    tables: [Box<[Cell<u64>]>; 2],
    /// The current iteration's number.
    generation: Cell<u64>,
    /// History scores: the frozen ones read, then those being written.
    history: Option<[[Cell<u64>; 32]; 2]>,
    hinted: Cell<u64>,
    hint_best: Cell<u64>,
}

impl Guide {
    /// An empty guide, with the history heuristic or not.
    pub fn new(history: bool) -> Guide {
        let table = || (0..1usize << SLOTS_LOG2).map(|_| Cell::new(0)).collect();
        Guide {
            tables: [table(), table()],
            generation: Cell::new(FIRST_GENERATION),
            history: history.then(|| std::array::from_fn(|_| Default::default())),
            hinted: Cell::new(0),
            hint_best: Cell::new(0),
        }
    }

    /// Whether the history heuristic is on.
    pub fn history(&self) -> bool {
        self.history.is_some()
    }

    /// Ends an iteration: what it learnt is what the next one reads.
    pub fn advance(&self) {
        let next = self.generation.get() + 1;
        if next > TAG_MAX {
            // Tags wrap: forget everything rather than misread old slots.
            for slot in self.tables.iter().flat_map(|t| t.iter()) {
                slot.set(0);
            }
            self.generation.set(FIRST_GENERATION);
        } else {
            self.generation.set(next);
        }
        if let Some([read, written]) = &self.history {
            for (r, w) in read.iter().zip(written) {
                r.set(w.get());
            }
        }
    }

    /// How often the stored move was the best since the last reset.
    pub fn counts(&self) -> GuideCounts {
        GuideCounts {
            hinted: self.hinted.get(),
            hint_best: self.hint_best.get(),
        }
    }

    /// The best move the last iteration found for `position`, if the
    /// table still holds it.
    pub fn best_move(&self, position: &Position) -> Option<Square> {
        self.stored(position).map(Square::from_index)
    }

    /// Sets the counts to zero (what was learnt stays).
    pub fn reset_counts(&self) {
        self.hinted.set(0);
        self.hint_best.set(0);
    }

    /// The best move the last iteration stored for `position`.
    #[inline]
    fn stored(&self, position: &Position) -> Option<usize> {
        let generation = self.generation.get();
        let key = position.key();
        let slot = self.tables[(generation as usize + 1) % 2][slot_of(key)].get();
        let tag = generation - 1;
        let mask = (1 << KEY_BITS) - 1;
        (slot & mask == key && slot >> TAG_SHIFT == tag)
            .then_some((slot >> SQUARE_SHIFT & 15) as usize)
    }

    /// Stores `square` as the best move of `position` in this iteration's
    /// table, and adds to its history score.
    fn store(&self, position: &Position, square: usize, depth: u32) {
        let generation = self.generation.get();
        let key = position.key();
        let slot = key | (square as u64) << SQUARE_SHIFT | generation << TAG_SHIFT;
        self.tables[generation as usize % 2][slot_of(key)].set(slot);
        if let Some([_, written]) = &self.history {
            let score = &written[history_index(position.to_move, square)];
            score.set(score.get() + (depth as u64) * (depth as u64));
        }
    }

    /// The children of `from` in the guide's order: the stored move first,
    /// then by history scores (if on), the tree's order breaking ties.
    fn order(&self, moves: DepthMoves) -> GuidedMoves {
        let from = moves.moves.from;
        let mut squares = [0u8; 16];
        let mut len = 0;
        let mut queue = moves.moves.queue;
        while queue != 0 {
            squares[len] = (queue.trailing_zeros() % 16) as u8;
            queue &= queue - 1;
            len += 1;
        }
        let mut first = 0;
        if let Some(stored) = self.stored(&from.position) {
            if let Some(i) = squares[..len].iter().position(|&s| s as usize == stored) {
                squares[..=i].rotate_right(1);
                first = 1;
            }
        }
        if let Some([read, _]) = &self.history {
            let mover = from.position.to_move;
            let score = |s: u8| read[history_index(mover, s as usize)].get();
            // Insertion sort by falling score: stable, at most 16 moves.
            for i in first + 1..len {
                let mut j = i;
                while j > first && score(squares[j - 1]) < score(squares[j]) {
                    squares.swap(j - 1, j);
                    j -= 1;
                }
            }
        }
        GuidedMoves {
            from,
            depth: moves.depth,
            squares,
            len: len as u8,
            next: 0,
        }
    }

    /// Learns that `best` is the best child of `node`.
    fn learn(&self, node: &DepthNode, best: &DepthNode) {
        let played = node.node.position.board.empty().0 & !best.node.position.board.empty().0;
        let square = played.trailing_zeros() as usize;
        let position = &node.node.position;
        if let Some(stored) = self.stored(position) {
            if position.board.empty().has(Square::from_index(stored)) {
                self.hinted.set(self.hinted.get() + 1);
                if stored == square {
                    self.hint_best.set(self.hint_best.get() + 1);
                }
            }
        }
        self.store(position, square, node.depth);
    }
}

impl std::fmt::Debug for Guide {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Guide")
            .field("generation", &self.generation.get())
            .field("history", &self.history())
            .field("counts", &self.counts())
            .finish()
    }
}

/// The children of a node in the guide's order.
#[derive(Clone, Debug)]
pub struct GuidedMoves {
    from: BoardNode,
    depth: u32,
    squares: [u8; 16],
    len: u8,
    next: u8,
}

impl Iterator for GuidedMoves {
    type Item = DepthNode;

    #[inline]
    fn next(&mut self) -> Option<DepthNode> {
        if self.next == self.len {
            return None;
        }
        let k = self.next as u32;
        let square = Square::from_index(self.squares[k as usize] as usize);
        self.next += 1;
        Some(DepthNode {
            node: self.from.child(k, square),
            depth: self.depth,
        })
    }

    /// Exact: the moves left.
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = (self.len - self.next) as usize;
        (left, Some(left))
    }
}

impl ExactSizeIterator for GuidedMoves {}

/// The depth-limited tree, its moves ordered by a [`Guide`] that learns
/// from every search of it: iterative deepening's tree. Values, bounds and
/// keys are the [`DepthTree`]'s; only the order of children differs.
#[derive(Debug)]
pub struct GuidedTree {
    tree: DepthTree,
    guide: Guide,
}

impl GuidedTree {
    /// `tree` guided by a fresh guide (with history scores or not).
    pub fn new(tree: DepthTree, history: bool) -> GuidedTree {
        GuidedTree {
            tree,
            guide: Guide::new(history),
        }
    }

    /// The depth-limited tree it orders.
    pub fn tree(&self) -> &DepthTree {
        &self.tree
    }

    /// The guide.
    pub fn guide(&self) -> &Guide {
        &self.guide
    }
}

impl GameTree for GuidedTree {
    type Node = DepthNode;
    type Children = GuidedMoves;

    #[inline]
    fn is_max(&self, node: &DepthNode) -> bool {
        self.tree.is_max(node)
    }

    #[inline]
    fn expand(&self, node: &DepthNode) -> Expansion<GuidedMoves> {
        match self.tree.expand(node) {
            Expansion::Leaf(value) => Expansion::Leaf(value),
            Expansion::Inner(moves) => Expansion::Inner(self.guide.order(moves)),
        }
    }

    #[inline]
    fn upper_bound(&self, node: &DepthNode) -> Value {
        self.tree.upper_bound(node)
    }

    #[inline]
    fn lower_bound(&self, node: &DepthNode) -> Value {
        self.tree.lower_bound(node)
    }

    #[inline]
    fn settle(&self, node: &DepthNode, window: Window) -> Option<Value> {
        self.tree.settle(node, window)
    }

    #[inline]
    fn keys(&self) -> Keys {
        self.tree.keys()
    }

    #[inline]
    fn key(&self, node: &DepthNode) -> Option<u64> {
        self.tree.key(node)
    }

    #[inline]
    fn transposition_cutoffs(&self) -> bool {
        self.tree.transposition_cutoffs()
    }

    const LEARNS: bool = true;

    #[inline]
    fn learn(&self, node: &DepthNode, best: &DepthNode) {
        self.guide.learn(node, best);
    }
}

#[cfg(test)]
mod tests {
    use super::super::enhancements::Enhancements;
    use super::*;
    use crate::game::board::Board;
    use crate::game::eval::Eval;

    fn root(board: Board, depth: u32) -> DepthNode {
        DepthNode::root(
            Position {
                board,
                to_move: Mark::X,
            },
            depth,
        )
    }

    fn squares(tree: &GuidedTree, node: &DepthNode) -> Vec<usize> {
        let Expansion::Inner(moves) = tree.expand(node) else {
            panic!("a leaf")
        };
        moves
            .map(|child| {
                let played =
                    node.node.position.board.empty().0 & !child.node.position.board.empty().0;
                played.trailing_zeros() as usize
            })
            .collect()
    }

    #[test]
    fn a_stored_move_comes_first_only_from_the_next_iteration_on() {
        let tree = GuidedTree::new(DepthTree::new(Enhancements::NONE, Eval::Lines), false);
        let node = root(Board::EMPTY, 3);
        let plain: Vec<usize> = (0..16).collect();
        assert_eq!(squares(&tree, &node), plain);
        let Expansion::Inner(mut moves) = tree.expand(&node) else {
            unreachable!()
        };
        let tenth = moves.nth(9).unwrap();
        tree.learn(&node, &tenth);
        assert_eq!(squares(&tree, &node), plain, "frozen during an iteration");
        tree.guide().advance();
        let mut guided = plain.clone();
        guided[..=9].rotate_right(1);
        assert_eq!(squares(&tree, &node), guided);
        // The next iteration learnt nothing: the move is forgotten after it.
        tree.guide().advance();
        assert_eq!(squares(&tree, &node), plain);
    }

    #[test]
    fn history_orders_the_moves_after_the_stored_one_by_falling_score() {
        let tree = GuidedTree::new(DepthTree::new(Enhancements::NONE, Eval::Lines), true);
        let node = root(Board::EMPTY, 3);
        let child = |k: usize| {
            let Expansion::Inner(mut moves) = tree.expand(&node) else {
                unreachable!()
            };
            moves.nth(k).unwrap()
        };
        // Square 5 best twice, square 12 once, at 3 plies: scores 18 and 9.
        let (five, twelve) = (child(5), child(12));
        tree.learn(&node, &five);
        tree.learn(&node, &twelve);
        tree.learn(&node, &five);
        tree.guide().advance();
        // The stored move is the last learnt (5), then 12, then the rest.
        let mut expected = vec![5, 12];
        expected.extend((0..16).filter(|&s| s != 5 && s != 12));
        assert_eq!(squares(&tree, &node), expected);
        assert_eq!(tree.guide().counts(), GuideCounts::default());
        tree.learn(&node, &child(1));
        tree.learn(&node, &child(0));
        assert_eq!(
            tree.guide().counts(),
            GuideCounts {
                hinted: 2,
                hint_best: 1
            }
        );
    }
}
