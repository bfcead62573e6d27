//! A tree drawn once, bare, for the page (`winmove tree --html`) to mark
//! step by step: the layout and shapes of a panel of `--draw` (`room`),
//! every node and edge tagged with its Dewey path (`data-path`), each node
//! with its minimax value (`data-value`, shown only when the learner asks
//! for the solution), and an empty text in and beside each node for what
//! the page writes there: inside, what the search has established of its
//! value; right of the stub above it its window, left of it a cut's
//! condition; to its right what it returned, below that its proof and
//! disproof numbers; its evaluation numbers below. On a board's tree,
//! the square each move plays is written above the stub into its node and
//! the position beside each node. Neighbours are spaced for the longest
//! text the page writes beside each ([`Reserved`]).

use super::drawn::EdgeLabels;
use super::grid::{APART, write_grid};
use super::layout::Layout;
use super::render::{INK, beside, letter, shape};
use super::room::{
    self, ABOVE, BELOW, BESIDE, Band, HALF, MOVE_ABOVE, Reach, edge_points, level, margins, spacing,
};
use crate::lab::svg::Svg;
use crate::tree::recording::dewey;
use crate::tree::value::Shown;
use crate::tree::written::ExplicitTree;
use std::collections::BTreeMap;

/// Room around the tree.
const PAD: f64 = 24.0;
/// The font size of the texts the page writes beside a node.
const SMALL: f64 = 11.0;
/// The font size of a node's name.
const NAME: f64 = 9.0;

/// What the page writes beside a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Label {
    /// The window it was entered with, above it on the right.
    Window,
    /// What it returned (`→ 6`, `true`), to its right.
    Returned,
    /// Its proof and disproof numbers (`2/1`), below that.
    Numbers,
    /// The condition of a cut that skipped it, above it on the left.
    Cut,
    /// The evaluation numbers of a leaf (`3,7`), below it.
    Order,
}

/// The longest text the page writes beside each node, of each label, in
/// any of its runs: the room the stage keeps for it.
#[derive(Clone, Debug, Default)]
pub struct Reserved(BTreeMap<(Vec<u32>, Label), String>);

impl Reserved {
    /// Nothing reserved.
    pub fn new() -> Reserved {
        Reserved::default()
    }

    /// Keeps room for `text` as `label` of the node at `path`.
    pub fn reserve(&mut self, path: &[u32], label: Label, text: &str) {
        let kept = self.0.entry((path.to_vec(), label)).or_default();
        if text.chars().count() > kept.chars().count() {
            *kept = text.to_string();
        }
    }

    /// The longest text reserved as `label` of the node at `path`.
    pub fn longest(&self, path: &[u32], label: Label) -> &str {
        self.0
            .get(&(path.to_vec(), label))
            .map_or("", String::as_str)
    }
}

/// `tree` drawn bare, its nodes and edges tagged by path (the root's is
/// the empty string), each edge with its label in `labels`, if any, with
/// room for the texts `reserved`.
pub fn stage(tree: &ExplicitTree, labels: &EdgeLabels, reserved: &Reserved) -> String {
    write_stage(tree, labels, reserved, false)
}

/// The stage, with each text the page writes filled in with the longest
/// reserved for it if `filled` (to check that none meets another).
pub(super) fn write_stage(
    tree: &ExplicitTree,
    labels: &EdgeLabels,
    reserved: &Reserved,
    filled: bool,
) -> String {
    let layout = Layout::new(tree);
    let widest = (layout.nodes.iter())
        .map(|n| Shown(n.value).to_string().len())
        .max()
        .unwrap_or(1)
        // A bound's sign: `≥6`.
        + 1;
    let half = HALF.max(widest as f64 * 3.5 + 4.0);
    let moves = !labels.moves.is_empty();
    let name_of = |path: &[u32]| {
        if path.is_empty() {
            "root".to_string()
        } else {
            dewey(path)
        }
    };
    let reach: Vec<Reach> = (layout.nodes.iter().enumerate())
        .map(|(index, node)| {
            let path = &node.path;
            let grid = beside(&labels.grids.get(path).copied());
            let width = |label| room::width(reserved.longest(path, label), SMALL);
            let mut left = room::width(&name_of(path), NAME);
            if layout.lettered {
                left = left.max(room::width(&letter(index).to_string(), SMALL));
            }
            let mut reach = Reach::new(half);
            let right = half + 4.0 + width(Label::Returned).max(width(Label::Numbers));
            reach.take(Band::Level, half + grid + 3.0 + left, right);
            let order = room::width(reserved.longest(path, Label::Order), 12.0) / 2.0;
            reach.take(Band::Below, order, order);
            let cut = BESIDE + width(Label::Cut);
            reach.take(Band::Above, cut, BESIDE + width(Label::Window));
            if let Some(label) = labels.get(path) {
                reach.take(Band::Above, 4.0 + room::width(label, SMALL), 0.0);
            }
            reach
        })
        .collect();
    let spacing = spacing(&layout, &reach, 2.0 * half + 8.0);
    let (left, right) = margins(&layout, &reach, spacing);
    let level = level(moves);
    let top = if moves { MOVE_ABOVE } else { ABOVE } + 12.0;
    let width = layout.leaves as f64 * spacing + left + right + 2.0 * PAD;
    let height = top + layout.levels as f64 * level + BELOW + 2.0 * PAD;
    let at = |column: f64, depth: usize| {
        (
            PAD + left + (column + 0.5) * spacing,
            PAD + top + depth as f64 * level,
        )
    };
    let mut svg = Svg::new(width.ceil(), height.ceil(), 12);
    for node in layout.nodes.iter().skip(1) {
        let parent = &layout.nodes[node.parent];
        let (from, to) = (at(parent.column, parent.depth), at(node.column, node.depth));
        let path = dewey(&node.path);
        let points = edge_points(from, to, moves);
        svg.empty(
            "polyline",
            format_args!(
                r#"class="edge" data-path="{path}" points="{points}" fill="none" stroke="{INK}""#
            ),
        )
        .end_line();
        if let Some(label) = labels.get(&node.path) {
            svg.text(
                format_args!(
                    r#"class="move" data-path="{path}" x="{:.1}" y="{:.1}" text-anchor="end" font-size="{SMALL}""#,
                    to.0 - 4.0,
                    to.1 - MOVE_ABOVE
                ),
                label,
            )
            .end_line();
        }
    }
    for (index, node) in layout.nodes.iter().enumerate() {
        let (cx, cy) = at(node.column, node.depth);
        let path = if node.path.is_empty() {
            String::new()
        } else {
            dewey(&node.path)
        };
        let kind = if node.max { "max" } else { "min" };
        let value = Shown(node.value);
        svg.open_group(format_args!(
            r#"class="node {kind}" data-path="{path}" data-value="{value}""#
        ));
        let mut tooltip = dewey(&node.path);
        if layout.lettered {
            tooltip.push_str(&format!(" ({})", letter(index)));
        }
        svg.title(&tooltip);
        shape(&mut svg, node.max, (cx, cy), half, ("white", INK));
        let grid = labels.grids.get(&node.path);
        if let Some(grid) = grid {
            write_grid(&mut svg, grid, &path, cx - half - APART, cy);
        }
        let text = |svg: &mut Svg, (class, label): (&str, Option<Label>), (x, y), anchor, size| {
            let content = match label {
                Some(label) if filled => reserved.longest(&node.path, label),
                _ => "",
            };
            let (x, y): (f64, f64) = (x, y);
            let (anchor, size): (&str, f64) = (anchor, size);
            svg.text(
                format_args!(
                    r#"class="{class}" x="{x:.1}" y="{y:.1}" text-anchor="{anchor}" font-size="{size}""#
                ),
                content,
            );
        };
        text(&mut svg, ("value", None), (cx, cy + 4.0), "middle", 12.0);
        // Its name as the trace and SSS*'s OPEN write it, top left, and
        // its letter below that: left of its position, on a board's tree.
        let side = cx - half - beside(&grid.copied()) - 3.0;
        svg.text(
            format_args!(
                r#"class="name" x="{side:.1}" y="{:.1}" text-anchor="end" font-size="{NAME}""#,
                cy - HALF + 4.0
            ),
            &name_of(&node.path),
        );
        if layout.lettered {
            svg.text(
                format_args!(
                    r#"class="letter" x="{side:.1}" y="{:.1}" text-anchor="end" font-size="{SMALL}""#,
                    cy + 4.0
                ),
                &letter(index).to_string(),
            );
        }
        let above = cy - ABOVE;
        text(
            &mut svg,
            ("window", Some(Label::Window)),
            (cx + BESIDE, above),
            "start",
            SMALL,
        );
        let right = cx + half + 4.0;
        text(
            &mut svg,
            ("returned", Some(Label::Returned)),
            (right, cy + 4.0),
            "start",
            SMALL,
        );
        text(
            &mut svg,
            ("numbers", Some(Label::Numbers)),
            (right, cy + 17.0),
            "start",
            SMALL,
        );
        text(
            &mut svg,
            ("order", Some(Label::Order)),
            (cx, cy + BELOW),
            "middle",
            12.0,
        );
        if !node.path.is_empty() {
            text(
                &mut svg,
                ("cut", Some(Label::Cut)),
                (cx - BESIDE, above),
                "end",
                SMALL,
            );
        }
        svg.close_group().end_line();
    }
    svg.finish()
}
