//! The board as a game tree: positions and their keys (`position.rs`),
//! the enhancements that shape the tree (`enhancements.rs`), a position's
//! moves (`moves.rs`), and the trees: searched to the end ([`BoardTree`],
//! `exact.rs`), to a depth limit ([`DepthTree`], `depth.rs`), and with its
//! moves ordered by what the last iteration of iterative deepening found
//! ([`GuidedTree`], `guided.rs`).

mod depth;
mod enhancements;
mod exact;
mod guided;
mod moves;
mod position;

pub use depth::{DepthMoves, DepthTree};
pub use enhancements::{Enhancement, Enhancements, UnknownEnhancement};
pub use exact::{BoardTree, SYMMETRY_MIN_EMPTY, TABLE_MIN_EMPTY};
pub use guided::{Guide, GuideCounts, GuidedMoves, GuidedTree};
pub use moves::Moves;
pub use position::{BoardNode, DepthNode, PathKey, Position};
