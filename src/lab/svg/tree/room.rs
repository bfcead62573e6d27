//! The room each label of a drawn tree takes, so that the layout keeps
//! them apart and off the edges (shared by `--draw` and the page's
//! stage): a label's box is its text's length times an estimate of a
//! character's width at its font size.
//!
//! Edges leave a node straight down and reach a child straight down (a
//! stub each), slanting only between the levels: beside a node, the only
//! edges are its stubs, so labels put beside them never meet an edge.
//! Above a node, its window goes right of the stub into it and a cut's
//! condition left of it (a move's square, on a board's tree, further up
//! on the left); to its right, what it returned and its proof numbers;
//! below a leaf, its evaluation numbers. Neighbours on a level are spaced
//! so that what one writes to its right and the next to its left do not
//! meet.

use super::layout::Layout;

/// Half the height of a node's shape (and half the width of a narrow one).
pub(super) const HALF: f64 = 13.0;
/// Width of one character, in ems of its font: above the widest digits
/// of common sans-serif fonts (DejaVu Sans: 0.64).
const EM: f64 = 0.65;
/// From a node's centre up to the baseline of the labels above it (its
/// window, a cut's condition).
pub(super) const ABOVE: f64 = HALF + 7.0;
/// From a stub to a label beside it: room for a cut's bar across the stub.
pub(super) const BESIDE: f64 = 10.0;
/// Half the length of a cut's bar across a stub.
pub(super) const CUT_BAR: f64 = 7.0;
/// From a node's centre to the bar of a cut of the edge into it.
pub(super) const CUT_AT: f64 = HALF + 10.0;
/// From a node's centre down to the baseline of its evaluation numbers.
pub(super) const BELOW: f64 = HALF + 17.0;
/// The stub below a node: past its evaluation numbers' neighbours.
const STUB_DOWN: f64 = 22.0;
/// From a node's centre up to the baseline of a move's square above it.
pub(super) const MOVE_ABOVE: f64 = HALF + 21.0;
/// Least slanting height between two levels.
const SLANT: f64 = 16.0;
/// Room between neighbours' labels.
pub(super) const GAP: f64 = 6.0;

/// The width of `text` in a font of `size` pixels.
pub(super) fn width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * EM * size
}

/// The stub above a node: past its labels (and a move's square, if the
/// edges are labelled).
pub(super) fn stub_up(moves: bool) -> f64 {
    if moves {
        MOVE_ABOVE + 12.0 - HALF
    } else {
        ABOVE + 12.0 - HALF
    }
}

/// The distance between levels: a node, its stubs, and a slant.
pub(super) fn level(moves: bool) -> f64 {
    2.0 * HALF + STUB_DOWN + stub_up(moves) + SLANT
}

/// The points of the edge from a node centred at `parent` to its child
/// centred at `child`: from the parent's bottom down a stub, slanting,
/// down a stub to the child's top.
pub(super) fn edge_points(parent: (f64, f64), child: (f64, f64), moves: bool) -> String {
    let ((x1, y1), (x2, y2)) = (parent, child);
    let (bottom, top) = (y1 + HALF, y2 - HALF);
    let (low, high) = (bottom + STUB_DOWN, top - stub_up(moves));
    format!("{x1:.1},{bottom:.1} {x1:.1},{low:.1} {x2:.1},{high:.1} {x2:.1},{top:.1}")
}

/// The heights beside a node at which labels go, which do not overlap:
/// above it (its window, a cut's condition, a move's square), level with
/// it (its shape, its position, name and letter, what it returned, its
/// proof numbers), below it (its evaluation numbers). Neighbours' labels
/// at different heights never meet, so only those at the same height
/// keep neighbours apart.
#[derive(Clone, Copy, Debug)]
pub(super) enum Band {
    Above,
    Level,
    Below,
}

/// How far a node's labels reach left and right of its centre, at each
/// height ([`Band`]).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Reach {
    left: [f64; 3],
    right: [f64; 3],
}

impl Reach {
    /// A node's shape, `half` wide each side.
    pub fn new(half: f64) -> Reach {
        let mut reach = Reach::default();
        reach.take(Band::Level, half, half);
        reach
    }

    /// Widens to take in a label at height `band` reaching `left` and
    /// `right` of the node's centre.
    pub fn take(&mut self, band: Band, left: f64, right: f64) {
        let k = band as usize;
        self.left[k] = self.left[k].max(left);
        self.right[k] = self.right[k].max(right);
    }

    /// How far it reaches left at any height.
    fn leftmost(&self) -> f64 {
        self.left.into_iter().fold(0.0, f64::max)
    }

    /// How far it reaches right at any height.
    fn rightmost(&self) -> f64 {
        self.right.into_iter().fold(0.0, f64::max)
    }

    /// The least distance from this node's centre to the next's on its
    /// right, `next`, for their labels to be `GAP` apart at each height.
    fn apart(&self, next: &Reach) -> f64 {
        (0..3)
            .map(|k| self.right[k] + next.left[k])
            .fold(0.0, f64::max)
            + GAP
    }
}

/// The distance between neighbouring leaves that keeps the labels of
/// neighbouring nodes of each level apart, at least `least`.
pub(super) fn spacing(layout: &Layout, reach: &[Reach], least: f64) -> f64 {
    let mut spacing = least;
    // Breadth-first, a level's nodes come left to right.
    for k in 1..layout.nodes.len() {
        let (a, b) = (&layout.nodes[k - 1], &layout.nodes[k]);
        if a.depth == b.depth && b.column > a.column {
            let needed = reach[k - 1].apart(&reach[k]);
            spacing = spacing.max(needed / (b.column - a.column));
        }
    }
    spacing
}

/// How far the labels reach beyond the first and last leaf columns, left
/// and right, with `spacing`: the room a panel adds on each side.
pub(super) fn margins(layout: &Layout, reach: &[Reach], spacing: f64) -> (f64, f64) {
    let width = layout.leaves as f64 * spacing;
    let (mut left, mut right) = (0.0_f64, 0.0_f64);
    for (node, reach) in layout.nodes.iter().zip(reach) {
        let x = (node.column + 0.5) * spacing;
        left = left.max(reach.leftmost() - x);
        right = right.max(x + reach.rightmost() - width);
    }
    (left, right)
}
