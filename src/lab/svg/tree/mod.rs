//! Drawings of what searches did (`winmove tree --draw`): each tree once per
//! backend, side by side, as SVG.
//!
//! A panel shows the whole tree: every node with its minimax value inside
//! (MAX nodes as squares, MIN nodes as circles), the leaves the backend
//! evaluated filled and numbered in the order it evaluated them (a leaf
//! evaluated again shows all its numbers, `3,7`), and, in grey with dashed
//! edges, every node below which it evaluated no leaf; above each inner
//! node the window the backend last entered it with (SCOUT: its TEST or
//! EVAL; `×3` if entered three times, every entry, with its MT pass, in
//! the tooltip), and across each edge a cut skipped a red bar, the cut's
//! condition on the first (`-3 <= -2`). Leaves are evenly
//! spaced and a parent is centred over its children. Trees of at most 26
//! nodes are lettered breadth-first (a, b, c, ...), as textbooks letter
//! them; every node's tooltip gives its Dewey path.
//!
//! The drawing runs no search: it is given the leaves each backend
//! evaluated ([`Evaluated`]), as [`crate::lab::draw`] or a recording
//! ([`crate::tree::recording`]) gives them, and its trace's events.
//! Placing the nodes (`layout`), marking what a search reached
//! (`reached`) and what its trace says of each node (`marks`) is apart
//! from writing the SVG (`render`).
//!
//! A drawing holds at most [`MAX_TREES`] trees, each of at most
//! [`MAX_LEAVES`] leaves and [`MAX_LEVELS`] levels below the root: a bigger
//! drawing cannot be read, so it is refused with a [`DrawError`] naming the
//! tree and its size.

mod layout;
mod marks;
mod reached;
mod render;
mod stage;
#[cfg(test)]
mod tests;

use crate::search::Algo;
use crate::search::event::Event;
use crate::tree::recording::dewey;
use crate::tree::written::ExplicitTree;
use layout::Layout;
use marks::Marks;
use reached::Reached;
use render::Row;
pub use stage::{EdgeLabels, stage};
use std::fmt;

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
pub(crate) fn check_count(trees: usize) -> Result<(), DrawError> {
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

/// One row per tree, one panel per search of it, under a legend.
pub fn draw(trees: &[Drawn]) -> Result<String, DrawError> {
    check_count(trees.len())?;
    let mut rows = Vec::with_capacity(trees.len());
    for drawn in trees {
        check_size(&drawn.title, drawn.tree)?;
        let layout = Layout::new(drawn.tree);
        let reached = drawn
            .searches
            .iter()
            .map(|evaluated| {
                let reached = Reached::new(drawn.tree, &evaluated.leaves).map_err(|path| {
                    DrawError::NotALeaf {
                        title: drawn.title.clone(),
                        algo: evaluated.algo,
                        path,
                    }
                })?;
                Ok((reached, Marks::new(drawn.tree, &evaluated.events)))
            })
            .collect::<Result<Vec<_>, _>>()?;
        rows.push(Row::new(drawn, layout, reached));
    }
    Ok(render::document(&rows))
}
