//! What a drawing is given (the searches of each tree), its limits, and
//! why it may be refused.

use crate::game::bitboard::Square;
use crate::game::board::Board;
use crate::search::Algo;
use crate::search::event::Event;
use crate::tree::recording::dewey;
use crate::tree::written::ExplicitTree;
use std::collections::BTreeMap;
use std::fmt;

/// What a board's game tree adds to its drawing, by the Dewey path of a
/// node: the square the move into it plays, on the edge above it, and the
/// position it reaches, drawn beside it. Empty for other trees.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EdgeLabels {
    /// Labels of edges: the square each move plays.
    pub moves: BTreeMap<Vec<u32>, String>,
    /// The position at each node (the root's too).
    pub grids: BTreeMap<Vec<u32>, Grid>,
}

impl EdgeLabels {
    /// No labels, no positions.
    pub const fn new() -> EdgeLabels {
        EdgeLabels {
            moves: BTreeMap::new(),
            grids: BTreeMap::new(),
        }
    }

    /// The label of the edge into the node at `path`, if any.
    pub fn get(&self, path: &[u32]) -> Option<&String> {
        self.moves.get(path)
    }
}

/// A position at a node of a board's tree, drawn as a 4×4 grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    /// The marks on the board.
    pub board: Board,
    /// The square of the move that reached it (none at the root).
    pub last: Option<Square>,
}

/// Most trees one drawing holds (`--draw` draws the first ones).
pub const MAX_TREES: usize = 8;
/// Most leaves a drawn tree may have: a wider one cannot be read.
pub const MAX_LEAVES: usize = 200;
/// Most levels below the root a drawn tree may have.
pub const MAX_LEVELS: usize = 30;

/// What one backend's search of a tree evaluated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evaluated {
    /// The backend, named in its panel's title.
    pub algo: Algo,
    /// The Dewey paths (child numbers from 1) of the leaves it evaluated,
    /// in order, repeats included, as a recording gives them.
    pub leaves: Vec<Vec<u32>>,
    /// Its trace: the windows it entered nodes with, its cuts.
    pub events: Vec<Event>,
}

/// One tree to draw, once per search of it (a row of panels).
#[derive(Clone, Debug)]
pub struct Drawn<'a> {
    /// Names the tree above its row and in errors (such as `line 3`).
    pub title: String,
    /// The tree.
    pub tree: &'a ExplicitTree,
    /// The searches of it, one panel each, left to right.
    pub searches: Vec<Evaluated>,
    /// Labels of its edges (the squares played, on a board's tree).
    pub labels: &'a EdgeLabels,
}

/// Why a drawing cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DrawError {
    /// More trees than a drawing holds (8).
    TooMany {
        /// How many were given.
        trees: usize,
    },
    /// A tree with more leaves than a drawing shows (200).
    TooWide {
        /// The tree's title.
        title: String,
        /// Its leaves.
        leaves: usize,
    },
    /// A tree with more levels below the root than a drawing shows (30).
    TooDeep {
        /// The tree's title.
        title: String,
        /// Its levels below the root.
        levels: usize,
    },
    /// A backend this build does not have, asked to search a tree to draw.
    NotBuilt {
        /// The backend.
        algo: Algo,
    },
    /// A search said it evaluated a node that is not a leaf of the tree.
    NotALeaf {
        /// The tree's title.
        title: String,
        /// The backend.
        algo: Algo,
        /// The path given.
        path: Vec<u32>,
    },
}

impl fmt::Display for DrawError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DrawError::TooMany { trees } => {
                write!(f, "{trees} trees: a drawing holds at most {MAX_TREES}")
            }
            DrawError::TooWide { title, leaves } => write!(
                f,
                "{title}: {leaves} leaves, too wide to draw (at most {MAX_LEAVES})"
            ),
            DrawError::TooDeep { title, levels } => write!(
                f,
                "{title}: {levels} levels below the root, too deep to draw (at most {MAX_LEVELS})"
            ),
            DrawError::NotBuilt { algo } => {
                write!(f, "{algo} is not built into this program")
            }
            DrawError::NotALeaf { title, algo, path } => write!(
                f,
                "{title}: {algo} evaluated {}, which is not a leaf of the tree",
                dewey(path)
            ),
        }
    }
}

impl std::error::Error for DrawError {}

/// Refuses more trees than [`MAX_TREES`].
pub fn check_count(trees: usize) -> Result<(), DrawError> {
    if trees > MAX_TREES {
        return Err(DrawError::TooMany { trees });
    }
    Ok(())
}

/// Refuses a tree too wide or too deep to be read; `title` names it in
/// the error.
pub fn check_size(title: &str, tree: &ExplicitTree) -> Result<(), DrawError> {
    let (leaves, levels) = (tree.leaf_count(), tree.levels());
    if leaves > MAX_LEAVES {
        let title = title.to_string();
        return Err(DrawError::TooWide { title, leaves });
    }
    if levels > MAX_LEVELS {
        let title = title.to_string();
        return Err(DrawError::TooDeep { title, levels });
    }
    Ok(())
}
