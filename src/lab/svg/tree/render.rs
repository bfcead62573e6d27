//! Writing a drawing of searched trees as SVG: rows of panels sized to their text, nodes, edges and the legend.

use super::drawn::{Drawn, Evaluated, Grid};
use super::grid::{APART, SIDE, write_grid};
use super::layout::{Layout, Placed};
use super::marks::Marks;
use super::reached::Reached;
use super::room;
pub(super) use super::room::HALF;
use super::room::{
    ABOVE, BELOW, BESIDE, Band, CUT_AT, CUT_BAR, MOVE_ABOVE, Reach, edge_points, level, margins,
    spacing,
};
use crate::lab::svg::Svg;
use crate::protocol::words::count;
use crate::tree::recording::dewey;
use crate::tree::value::Shown;
use std::fmt::Write;

/// Width of one character of the 12-pixel font (an estimate, for titles).
const CHAR: f64 = 7.0;
/// Padding inside a panel, left and right.
const PAD: f64 = 14.0;
/// Room above the root of a panel: its title, the root's window.
const PANEL_TOP: f64 = 30.0 + ABOVE + 12.0;
/// Room below the deepest leaves, for their numbers.
const PANEL_BOTTOM: f64 = 36.0;
/// Between panels, and around the drawing.
const MARGIN: f64 = 12.0;
/// Room for a row's title.
const ROW_TITLE: f64 = 28.0;
/// Size of the legend.
const LEGEND_WIDTH: f64 = 760.0;
const LEGEND_HEIGHT: f64 = 186.0;

/// Ink, for nodes a search reached.
pub(super) const INK: &str = "#222";
/// Grey, for nodes it did not reach.
const GREY_LINE: &str = "#c4c4c4";
const GREY_FILL: &str = "#f3f3f3";
const GREY_TEXT: &str = "#a6a6a6";
/// The fill of an evaluated leaf, and the colour of its numbers.
const EVALUATED: &str = "#ffd966";
const NUMBER: &str = "#c0392b";
/// The windows written above nodes.
const WINDOW: &str = "#1f5fa8";
/// A cut's bar and its condition.
const CUT: &str = "#d62728";
/// The squares played, on the edges of a board's tree.
const MOVE: &str = "#666";

/// The whole drawing: the legend, then the rows one under another.
pub(super) fn document(rows: &[Row]) -> String {
    let lettered = rows.iter().any(|row| row.layout.lettered);
    let width = rows.iter().map(Row::width).fold(LEGEND_WIDTH, f64::max) + 2.0 * MARGIN;
    let height = rows.iter().map(Row::height).sum::<f64>() + LEGEND_HEIGHT + MARGIN;
    let mut svg = Svg::new(width, height, 12);
    legend(&mut svg, lettered);
    let mut y = LEGEND_HEIGHT;
    for row in rows {
        row.write(&mut svg, MARGIN, y);
        y += row.height();
    }
    svg.finish()
}

/// What one backend did to one tree.
struct Panel {
    /// The title: the backend and how many leaves it evaluated.
    title: String,
    /// The nodes it reached and the leaves it evaluated.
    reached: Reached,
    /// The windows it entered nodes with, and its cuts.
    marks: Marks,
}

impl Panel {
    /// Titles what `evaluated` reached.
    fn new(evaluated: &Evaluated, (reached, marks): (Reached, Marks)) -> Panel {
        let evaluations = evaluated.leaves.len();
        let distinct = reached.distinct();
        let leaves = count(distinct, "leaf", "leaves");
        let title = if distinct < evaluations {
            let evaluations = count(evaluations, "evaluation", "evaluations");
            format!("{}: {evaluations}, {leaves}", evaluated.algo)
        } else {
            format!("{}: {leaves}", evaluated.algo)
        };
        Panel {
            title,
            reached,
            marks,
        }
    }
}

/// A node's letter: breadth-first, `a` for the root.
pub(super) fn letter(index: usize) -> char {
    (b'a' + index as u8) as char
}

/// The room a node's position takes left of its shape, if it has one.
pub(super) fn beside(grid: &Option<Grid>) -> f64 {
    if grid.is_some() { APART + SIDE } else { 0.0 }
}

/// The evaluation numbers of a leaf: `3,7`.
fn numbers_text(numbers: &[usize]) -> String {
    let parts: Vec<String> = numbers.iter().map(usize::to_string).collect();
    parts.join(",")
}

/// A tree's row: its title and a panel per search, all the same size.
pub(super) struct Row {
    title: String,
    layout: Layout,
    panels: Vec<Panel>,
    /// Half a node's width: wide enough for the widest value.
    half: f64,
    /// Distance between neighbouring leaves.
    spacing: f64,
    /// Room left of the first leaf column, for the labels beyond it.
    margin: f64,
    /// One panel's width.
    panel_width: f64,
    /// Vertical distance between levels.
    level: f64,
    /// Room above the root, for the panel's title (and the root's window).
    top: f64,
    /// Each node's edge label, by its index in the layout (the square
    /// played, on a board's tree).
    labels: Vec<Option<String>>,
    /// Whether any edge is labelled (its stubs are longer).
    moves: bool,
    /// Each node's position, by its index in the layout, on a board's tree.
    grids: Vec<Option<Grid>>,
}

impl Row {
    /// Sizes the row so that every value, number and window fits;
    /// `reached` has what each search of `drawn` reached and what its
    /// trace says, in order.
    pub(super) fn new(drawn: &Drawn, layout: Layout, reached: Vec<(Reached, Marks)>) -> Row {
        let panels: Vec<Panel> = (drawn.searches.iter().zip(reached))
            .map(|(evaluated, reached)| Panel::new(evaluated, reached))
            .collect();
        let root_value = layout.nodes.first().map_or(0, |n| n.value);
        let title = format!(
            "{}: value {}, {}",
            drawn.title,
            Shown(root_value),
            count(layout.leaves, "leaf", "leaves")
        );
        let widest_value = layout
            .nodes
            .iter()
            .map(|n| Shown(n.value).to_string().len())
            .max()
            .unwrap_or(1);
        let half = HALF.max(widest_value as f64 * CHAR / 2.0 + 4.0);
        let labels: Vec<Option<String>> = (layout.nodes.iter())
            .map(|node| drawn.labels.get(&node.path).cloned())
            .collect();
        let moves = labels.iter().any(Option::is_some);
        let grids: Vec<Option<Grid>> = (layout.nodes.iter())
            .map(|node| drawn.labels.grids.get(&node.path).copied())
            .collect();
        let reach: Vec<Reach> = (0..layout.nodes.len())
            .map(|index| {
                let mut reach = Reach::new(half);
                let mut left = half + beside(&grids[index]);
                if layout.lettered {
                    left += 3.0 + room::width("m", 11.0);
                }
                reach.take(Band::Level, left, 0.0);
                if let Some(label) = &labels[index] {
                    reach.take(Band::Above, 4.0 + room::width(label, 10.0), 0.0);
                }
                for panel in &panels {
                    let numbers = room::width(&numbers_text(&panel.reached.numbers[index]), 12.0);
                    reach.take(Band::Below, numbers / 2.0, numbers / 2.0);
                    if let Some(window) = panel.marks.label(index) {
                        reach.take(Band::Above, 0.0, BESIDE + room::width(&window, 12.0));
                    }
                    if let Some(condition) = panel.marks.cuts[index].as_ref()
                        && !panel.reached.touched[index]
                    {
                        let left = BESIDE + room::width(condition, 10.0);
                        reach.take(Band::Above, left, CUT_BAR);
                    }
                }
                reach
            })
            .collect();
        let spacing = spacing(&layout, &reach, 0.0);
        let (left, right) = margins(&layout, &reach, spacing);
        let widest_title = panels.iter().map(|p| p.title.len()).max().unwrap_or(0);
        let panel_width = (layout.leaves as f64 * spacing + left + right)
            .max(widest_title as f64 * CHAR)
            + 2.0 * PAD;
        let top = PANEL_TOP + if moves { MOVE_ABOVE - ABOVE } else { 0.0 };
        Row {
            title,
            labels,
            layout,
            panels,
            half,
            spacing,
            margin: left,
            panel_width,
            level: level(moves),
            top,
            moves,
            grids,
        }
    }

    /// Width of the row: its panels, or its title.
    fn width(&self) -> f64 {
        let panels = self.panels.len() as f64 * (self.panel_width + MARGIN) - MARGIN;
        panels.max(self.title.len() as f64 * 8.5)
    }

    /// Height of one panel.
    fn panel_height(&self) -> f64 {
        self.top + self.layout.levels as f64 * self.level + PANEL_BOTTOM
    }

    /// Height of the row, with the room below it.
    fn height(&self) -> f64 {
        let panels = if self.panels.is_empty() {
            0.0
        } else {
            self.panel_height()
        };
        ROW_TITLE + panels + MARGIN
    }

    /// Writes the row with its top left corner at `(x, y)`.
    fn write(&self, svg: &mut Svg, x: f64, y: f64) {
        svg.open_group(r#"class="tree""#).end_line();
        let at = format_args!(
            r#"x="{x}" y="{}" font-size="15" font-weight="bold""#,
            y + 18.0
        );
        svg.text(at, &self.title).end_line();
        for (k, panel) in self.panels.iter().enumerate() {
            let left = x + k as f64 * (self.panel_width + MARGIN);
            self.write_panel(svg, panel, left, y + ROW_TITLE);
        }
        svg.close_group().end_line();
    }

    /// Writes one panel with its top left corner at `(x, y)`: edges first,
    /// so that the nodes cover their ends.
    fn write_panel(&self, svg: &mut Svg, panel: &Panel, x: f64, y: f64) {
        svg.open_group(r#"class="panel""#).end_line();
        let frame = format_args!(
            r##"x="{x}" y="{y}" width="{}" height="{}" fill="none" stroke="#ddd" rx="4""##,
            self.panel_width,
            self.panel_height()
        );
        svg.empty("rect", frame).end_line();
        let at = format_args!(
            r#"class="title" x="{}" y="{}" font-weight="bold""#,
            x + PAD,
            y + 18.0
        );
        svg.text(at, &panel.title).end_line();
        let used = self.layout.leaves as f64 * self.spacing;
        let left = x + self.margin + (self.panel_width - used - 2.0 * self.margin) / 2.0;
        let at = |node: &Placed| {
            (
                left + (node.column + 0.5) * self.spacing,
                y + self.top + node.depth as f64 * self.level,
            )
        };
        for (index, node) in self.layout.nodes.iter().enumerate().skip(1) {
            let ((x1, y1), (x2, y2)) = (at(&self.layout.nodes[node.parent]), at(node));
            let style = if panel.reached.touched[index] {
                format!(r#"stroke="{INK}""#)
            } else {
                format!(r#"stroke="{GREY_LINE}" stroke-dasharray="4 3""#)
            };
            let points = edge_points((x1, y1), (x2, y2), self.moves);
            let edge = format_args!(r#"class="edge" points="{points}" fill="none" {style}"#);
            svg.empty("polyline", edge).end_line();
            if let Some(label) = &self.labels[index] {
                let at = format_args!(
                    r#"class="move" x="{:.1}" y="{:.1}" text-anchor="end" font-size="10" fill="{MOVE}" {HALO}"#,
                    x2 - 4.0,
                    y2 - MOVE_ABOVE
                );
                svg.text(at, label).end_line();
            }
            if let Some(condition) = &panel.marks.cuts[index] {
                // A child searched after all (in a later pass) keeps the
                // condition to the bar's tooltip.
                let written = !panel.reached.touched[index];
                cut_mark(svg, (x2, y2), condition, written);
            }
        }
        for (index, node) in self.layout.nodes.iter().enumerate() {
            let (cx, cy) = at(node);
            self.write_node(svg, panel, index, node, cx, cy);
        }
        svg.close_group().end_line();
    }

    /// Writes one node centred at `(cx, cy)`, on one line: its shape, its
    /// value, its letter, and (if evaluated) its numbers below it.
    fn write_node(
        &self,
        svg: &mut Svg,
        panel: &Panel,
        index: usize,
        node: &Placed,
        cx: f64,
        cy: f64,
    ) {
        let numbers = &panel.reached.numbers[index];
        let touched = panel.reached.touched[index];
        let (state, fill, stroke, text) = match (touched, numbers.is_empty()) {
            (false, _) => (" untouched", GREY_FILL, GREY_LINE, GREY_TEXT),
            (true, false) => (" evaluated", EVALUATED, INK, INK),
            (true, true) => ("", "white", INK, INK),
        };
        let kind = if node.max { "max" } else { "min" };
        let value = Shown(node.value).to_string();
        let mut tooltip = dewey(&node.path);
        if self.layout.lettered {
            let _ = write!(tooltip, " ({})", letter(index));
        }
        let _ = write!(tooltip, ": value {value}");
        if let Some(entered) = panel.marks.tooltip(index) {
            let _ = write!(tooltip, ", {entered}");
        }
        if !numbers.is_empty() {
            let _ = write!(tooltip, ", evaluated {}", numbers_text(numbers));
        } else if !touched {
            tooltip.push_str(", not reached");
        }
        svg.open_group(format_args!(r#"class="node {kind}{state}""#))
            .title(&tooltip);
        shape(svg, node.max, (cx, cy), self.half, (fill, stroke));
        let at = format_args!(
            r#"class="value" x="{cx:.1}" y="{:.1}" text-anchor="middle" fill="{text}""#,
            cy + 4.0
        );
        svg.text(at, &value);
        let beside = beside(&self.grids[index]);
        if let Some(grid) = &self.grids[index] {
            write_grid(svg, grid, &dewey(&node.path), cx - self.half - APART, cy);
        }
        if self.layout.lettered {
            let at = format_args!(
                r##"class="letter" x="{:.1}" y="{:.1}" text-anchor="end" font-size="11" font-style="italic" fill="#888""##,
                cx - self.half - beside - 3.0,
                cy + 4.0
            );
            svg.text(at, &letter(index).to_string());
        }
        if let Some(label) = panel.marks.label(index) {
            let at = format_args!(
                r#"class="window" x="{:.1}" y="{:.1}" text-anchor="start" fill="{WINDOW}" {HALO}"#,
                cx + BESIDE,
                cy - ABOVE
            );
            svg.text(at, &label);
        }
        if !numbers.is_empty() {
            let at = format_args!(
                r#"class="order" x="{cx:.1}" y="{:.1}" text-anchor="middle" font-weight="bold" fill="{NUMBER}""#,
                cy + BELOW
            );
            svg.text(at, &numbers_text(numbers));
        }
        svg.close_group().end_line();
    }
}

/// A white outline behind a text written over edges, so that it reads.
const HALO: &str = r#"stroke="white" stroke-width="3" paint-order="stroke""#;

/// A cut's mark on the edge into the child centred at `child`: a red bar
/// across the stub above it, the condition (if any) in its tooltip, and
/// left of the stub if `written`.
fn cut_mark(svg: &mut Svg, (cx, cy): (f64, f64), condition: &str, written: bool) {
    let y = cy - CUT_AT;
    let mut title = String::from("cut");
    if !condition.is_empty() {
        let _ = write!(title, ": {condition}");
    }
    svg.open_group(r#"class="cut""#).title(&title);
    let bar = format_args!(
        r#"class="bar" x1="{:.1}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="{CUT}" stroke-width="2.5""#,
        cx - CUT_BAR,
        cx + CUT_BAR
    );
    svg.empty("line", bar);
    if written && !condition.is_empty() {
        let at = format_args!(
            r#"class="condition" x="{:.1}" y="{:.1}" text-anchor="end" font-size="10" fill="{CUT}" {HALO}"#,
            cx - BESIDE,
            cy - ABOVE
        );
        svg.text(at, condition);
    }
    svg.close_group().end_line();
}

/// A node's shape centred at `at`, `half` wide each side: a square for
/// MAX, a circle (an ellipse, if wide) for MIN.
pub(super) fn shape(
    svg: &mut Svg,
    max: bool,
    at: (f64, f64),
    half: f64,
    (fill, stroke): (&str, &str),
) {
    let (cx, cy) = at;
    let paint = format!(r#"fill="{fill}" stroke="{stroke}" stroke-width="1.5""#);
    if max {
        let square = format_args!(
            r#"x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" {paint}"#,
            cx - half,
            cy - HALF,
            2.0 * half,
            2.0 * HALF
        );
        svg.empty("rect", square);
    } else {
        let circle =
            format_args!(r#"cx="{cx:.1}" cy="{cy:.1}" rx="{half:.1}" ry="{HALF}" {paint}"#);
        svg.empty("ellipse", circle);
    }
}

/// The legend, a line for each kind of mark: the two shapes, an evaluated
/// leaf and its numbers, a node not reached.
fn legend(svg: &mut Svg, lettered: bool) {
    let x = MARGIN + HALF;
    let line = |k: f64| MARGIN + HALF + 34.0 * k;
    let label = |svg: &mut Svg, y: f64, text: &str| {
        svg.text(format_args!(r#"x="{}" y="{}""#, x + 56.0, y + 4.0), text)
            .end_line();
    };
    svg.open_group(r#"class="legend""#).end_line();
    shape(svg, true, (x, line(0.0)), HALF, ("white", INK));
    shape(svg, false, (x + 32.0, line(0.0)), HALF, ("white", INK));
    let text = "a MAX node, a MIN node; inside a node, its minimax value";
    label(svg, line(0.0), text);
    shape(svg, true, (x, line(1.0)), HALF, (EVALUATED, INK));
    let numbers = format_args!(
        r#"x="{}" y="{}" font-weight="bold" fill="{NUMBER}""#,
        x + 24.0,
        line(1.0) + 4.0
    );
    svg.text(numbers, "3,7");
    let text = "a leaf the search evaluated, numbered in order (3,7: twice)";
    label(svg, line(1.0), text);
    shape(svg, false, (x, line(2.0)), HALF, (GREY_FILL, GREY_LINE));
    let mut text = "not reached: no evaluated leaf below it (grey, dashed edges)".to_string();
    if lettered {
        text.push_str(" · a, b, c, …: the nodes breadth-first");
    }
    label(svg, line(2.0), &text);
    let at = format_args!(
        r#"x="{}" y="{}" text-anchor="middle" fill="{WINDOW}""#,
        x + 16.0,
        line(3.0) + 4.0
    );
    svg.text(at, "(-2, +oo)");
    let text = "the window a node was last entered with (SCOUT: TEST or EVAL; ×3: the last of 3)";
    label(svg, line(3.0), text);
    let edge = format_args!(
        r#"x1="{x}" y1="{}" x2="{x}" y2="{}" stroke="{INK}""#,
        line(4.0) - HALF,
        line(4.0) + HALF
    );
    svg.empty("line", edge);
    cut_mark(svg, (x, line(4.0) + CUT_AT), "", false);
    let text = "a cut: each edge it skipped barred; on the first its condition (-3 <= -2), \
                unless searched later";
    label(svg, line(4.0), text);
    svg.close_group().end_line();
}
