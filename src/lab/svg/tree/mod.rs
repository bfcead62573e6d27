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
//! spaced and a parent is centred over its children; edges leave and
//! reach nodes straight down, and every label sits beside those stubs,
//! the leaves spaced so that no two labels meet (`room`). Trees of at most 26
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

#[cfg(test)]
mod apart;
mod drawn;
mod grid;
mod layout;
mod marks;
#[cfg(test)]
mod positions;
mod reached;
mod render;
mod room;
mod stage;
#[cfg(test)]
mod tests;

pub use drawn::{
    DrawError, Drawn, EdgeLabels, Evaluated, Grid, MAX_LEAVES, MAX_LEVELS, MAX_TREES, check_count,
    check_size,
};
use layout::Layout;
use marks::Marks;
use reached::Reached;
use render::Row;
pub use stage::{Label, Reserved, stage};

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
