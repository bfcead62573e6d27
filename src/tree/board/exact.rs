//! The board's game tree searched to the end, shaped by the enhancements:
//! the exact values the answer loop asks for.
//!
//! A node of the tree is a position and the path that led to it from the
//! root of the search, so that the tree can give every node a key: the
//! position (shared by transpositions, with the `tt` enhancement) or the
//! path (without it, so that searches with memory still see a tree).

use super::enhancements::{Enhancement, Enhancements};
use super::moves::{self, Moves};
use super::position::{BoardNode, Position};
use crate::game::board::Mark;
use crate::tree::value::{UNBOUNDED, Value, Window};
use crate::tree::{Expansion, GameTree, Keys};

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

    /// Whether the static bounds are in use.
    #[inline(always)]
    fn bounds(&self) -> bool {
        self.enhancements.contains(Enhancement::Bounds)
    }
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
        moves::expand(node, self.enhancements, u32::MAX, |_| {
            unreachable!("no limit, so no position is scored")
        })
    }

    #[inline]
    fn upper_bound(&self, node: &BoardNode) -> Value {
        if self.bounds() && cannot_win(&node.position, Mark::X) {
            0
        } else {
            UNBOUNDED
        }
    }

    #[inline]
    fn lower_bound(&self, node: &BoardNode) -> Value {
        if self.bounds() && cannot_win(&node.position, Mark::O) {
            0
        } else {
            -UNBOUNDED
        }
    }

    /// The bounds are 0 or none: an upper bound of 0 can settle a window
    /// only if `alpha >= 0`, a lower bound only if `beta <= 0`, so the
    /// other is not worked out.
    #[inline]
    fn settle(&self, node: &BoardNode, window: Window) -> Option<Value> {
        if !self.bounds() {
            return None;
        }
        if window.alpha >= 0 && cannot_win(&node.position, Mark::X) {
            return Some(0);
        }
        if window.beta <= 0 && cannot_win(&node.position, Mark::O) {
            return Some(0);
        }
        None
    }

    /// With `tt`, keys name positions; without it, paths from the root.
    #[inline]
    fn keys(&self) -> Keys {
        if self.enhancements.contains(Enhancement::Tt) {
            Keys::Positions
        } else {
            Keys::Nodes
        }
    }

    /// With `tt`, the position ([`Position::key`], or under `symmetry`
    /// [`Position::symmetric_key`]), or none for boards too full to store;
    /// without it, the path.
    #[inline]
    fn key(&self, node: &BoardNode) -> Option<u64> {
        if !self.enhancements.contains(Enhancement::Tt) {
            return Some(node.path.0);
        }
        if node.empties < TABLE_MIN_EMPTY {
            return None;
        }
        // Always symmetric while the two thresholds are equal (both 8);
        // kept so that symmetry alone may be raised to emptier boards.
        let symmetric = node.empties >= SYMMETRY_MIN_EMPTY;
        Some(
            if self.enhancements.contains(Enhancement::Symmetry) && symmetric {
                node.position.symmetric_key()
            } else {
                node.position.key()
            },
        )
    }

    #[inline]
    fn transposition_cutoffs(&self) -> bool {
        self.enhancements.contains(Enhancement::Etc)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::random::{Rng, uniform_question};

    /// Every child iterator's size hint, at every step, is the number of
    /// children still to come, whatever the enhancements that shaped it;
    /// its `count` and `nth` agree with walking the children.
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
                    let again = moves.clone();
                    for left in (0..=children.len()).rev() {
                        assert_eq!(moves.size_hint(), (left, Some(left)));
                        assert_eq!(moves.len(), left);
                        moves.next();
                    }
                    // Counting and skipping (which make no child) give
                    // what walking the children one by one gives.
                    assert_eq!(again.clone().count(), children.len());
                    for k in 0..=children.len() {
                        let mut skipping = again.clone();
                        assert_eq!(skipping.nth(k), children.get(k).copied());
                        assert_eq!(
                            skipping.collect::<Vec<_>>(),
                            children[(k + 1).min(children.len())..]
                        );
                    }
                    node = children[rng.below(children.len() as u64) as usize];
                }
            }
        }
    }
}
