//! A tree drawn once, bare, for the page (`winmove tree --html`) to mark
//! step by step: the same layout and shapes as a panel of `--draw`, every
//! node and edge tagged with its Dewey path (`data-path`), each node with
//! its minimax value (`data-value`, shown only when the learner asks for
//! the solution), and an empty text in and beside each node for what the
//! page writes there (inside, what the search has established of its
//! value; its window above,
//! what it returned to the right, below that its proof and disproof
//! numbers, its evaluation numbers below, a cut's
//! condition on the edge to the first child skipped), and on each edge
//! its label, if given (the square a move plays, on a board's tree).

use super::drawn::EdgeLabels;
use super::layout::Layout;
use super::render::{HALF, INK, letter, move_label_at, shape};
use crate::lab::svg::Svg;
use crate::tree::recording::dewey;
use crate::tree::value::Shown;
use crate::tree::written::ExplicitTree;

/// Vertical distance between levels: room for a window above a node and
/// numbers below its parent.
const LEVEL: f64 = 74.0;
/// Horizontal room a node's column needs: a window such as `(-oo, +oo)`.
const COLUMN: f64 = 78.0;
/// Room around the tree.
const PAD: f64 = 24.0;

/// `tree` drawn bare, its nodes and edges tagged by path (the root's is
/// the empty string), each edge with its label in `labels`, if any.
pub fn stage(tree: &ExplicitTree, labels: &EdgeLabels) -> String {
    let layout = Layout::new(tree);
    let widest = (layout.nodes.iter())
        .map(|n| Shown(n.value).to_string().len())
        .max()
        .unwrap_or(1)
        // A bound's sign: `≥6`.
        + 1;
    let half = HALF.max(widest as f64 * 3.5 + 4.0);
    let spacing = COLUMN.max(2.0 * half + 40.0);
    let width = layout.leaves as f64 * spacing + 2.0 * PAD;
    let height = layout.levels as f64 * LEVEL + 2.0 * PAD + 40.0;
    let at = |column: f64, depth: usize| {
        (
            PAD + (column + 0.5) * spacing,
            PAD + 20.0 + depth as f64 * LEVEL,
        )
    };
    let mut svg = Svg::new(width, height, 12);
    for node in layout.nodes.iter().skip(1) {
        let parent = &layout.nodes[node.parent];
        let ((x1, y1), (x2, y2)) = (at(parent.column, parent.depth), at(node.column, node.depth));
        let path = dewey(&node.path);
        svg.empty(
            "line",
            format_args!(
                r#"class="edge" data-path="{path}" x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{INK}""#
            ),
        )
        .end_line();
        if let Some(label) = labels.get(&node.path) {
            let (lx, ly, anchor) = move_label_at((x1, y1), (x2, y2));
            svg.text(
                format_args!(
                    r#"class="move" data-path="{path}" x="{lx:.1}" y="{ly:.1}" text-anchor="{anchor}""#
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
        let text = |svg: &mut Svg, class: &str, x: f64, y: f64, anchor: &str, content: &str| {
            svg.text(
                format_args!(r#"class="{class}" x="{x:.1}" y="{y:.1}" text-anchor="{anchor}""#),
                content,
            );
        };
        text(&mut svg, "value", cx, cy + 4.0, "middle", "");
        // Its name as the trace and SSS*'s OPEN write it, top left.
        let name = if node.path.is_empty() { "root" } else { &path };
        text(
            &mut svg,
            "name",
            cx - half - 2.0,
            cy - HALF + 3.0,
            "end",
            name,
        );
        if layout.lettered {
            text(
                &mut svg,
                "letter",
                cx - half - 3.0,
                cy + 4.0,
                "end",
                &letter(index).to_string(),
            );
        }
        text(&mut svg, "window", cx, cy - HALF - 5.0, "middle", "");
        text(&mut svg, "returned", cx + half + 4.0, cy + 4.0, "start", "");
        text(&mut svg, "numbers", cx + half + 4.0, cy + 17.0, "start", "");
        text(&mut svg, "order", cx, cy + HALF + 15.0, "middle", "");
        if !node.path.is_empty() {
            let parent = &layout.nodes[node.parent];
            let (px, py) = at(parent.column, parent.depth);
            let (mx, my) = ((px + cx) / 2.0, (py + cy) / 2.0);
            text(&mut svg, "cut", mx, my, "middle", "");
        }
        svg.close_group().end_line();
    }
    svg.finish()
}
