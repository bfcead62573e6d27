//! Writing a drawing of searched trees as SVG: rows of panels sized to their text, nodes, edges and the legend.

use super::layout::{Layout, Placed};
use super::reached::Reached;
use super::{Drawn, Evaluated};
use crate::lab::svg::Svg;
use crate::tree::recording::dewey;
use crate::tree::value::Shown;
use std::fmt::Write;

/// Vertical distance between levels, in pixels.
const LEVEL: f64 = 58.0;
/// Half the side of a node's shape, for values of up to three characters.
pub(super) const HALF: f64 = 13.0;
/// Width of one character of the 12-pixel font (an estimate).
const CHAR: f64 = 7.0;
/// Room between neighbouring leaves.
const GAP: f64 = 8.0;
/// Room left of a node for its letter.
const LETTER: f64 = 10.0;
/// Padding inside a panel, left and right.
const PAD: f64 = 14.0;
/// Room above the root of a panel, for its title.
const PANEL_TOP: f64 = 42.0;
/// Room below the deepest leaves, for their numbers.
const PANEL_BOTTOM: f64 = 36.0;
/// Between panels, and around the drawing.
const MARGIN: f64 = 12.0;
/// Room for a row's title.
const ROW_TITLE: f64 = 28.0;
/// Size of the legend.
const LEGEND_WIDTH: f64 = 640.0;
const LEGEND_HEIGHT: f64 = 118.0;

/// Ink, for nodes a search reached.
pub(super) const INK: &str = "#222";
/// Grey, for nodes it did not reach.
const GREY_LINE: &str = "#c4c4c4";
const GREY_FILL: &str = "#f3f3f3";
const GREY_TEXT: &str = "#a6a6a6";
/// The fill of an evaluated leaf, and the colour of its numbers.
const EVALUATED: &str = "#ffd966";
const NUMBER: &str = "#c0392b";

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
}

impl Panel {
    /// Titles what `evaluated` reached.
    fn new(evaluated: &Evaluated, reached: Reached) -> Panel {
        let evaluations = evaluated.leaves.len();
        let distinct = reached.distinct();
        let leaves = count(distinct, "leaf", "leaves");
        let title = if distinct < evaluations {
            let evaluations = count(evaluations, "evaluation", "evaluations");
            format!("{}: {evaluations}, {leaves}", evaluated.algo)
        } else {
            format!("{}: {leaves}", evaluated.algo)
        };
        Panel { title, reached }
    }
}

/// `1 leaf`, `8 leaves`.
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A node's letter: breadth-first, `a` for the root.
pub(super) fn letter(index: usize) -> char {
    (b'a' + index as u8) as char
}

/// A node's path as a tooltip writes it: `root`, or `2.1`.
pub(super) fn path_text(path: &[u32]) -> String {
    if path.is_empty() {
        "root".to_string()
    } else {
        dewey(path)
    }
}

/// The width of a text in the 12-pixel font (an estimate: commas are narrow).
fn width(text: &str) -> f64 {
    text.chars()
        .map(|c| if c == ',' { CHAR / 2.0 } else { CHAR })
        .sum()
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
    /// One panel's width.
    panel_width: f64,
}

impl Row {
    /// Sizes the row so that every value and every number fits; `reached`
    /// has what each search of `drawn` reached, in order.
    pub(super) fn new(drawn: &Drawn, layout: Layout, reached: Vec<Reached>) -> Row {
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
        let widest_numbers = panels
            .iter()
            .flat_map(|p| &p.reached.numbers)
            .map(|n| width(&numbers_text(n)))
            .fold(0.0, f64::max);
        let half = HALF.max(widest_value as f64 * CHAR / 2.0 + 4.0);
        let letter_room = if layout.lettered { LETTER } else { 0.0 };
        // A letter sits beside its node, numbers below it: side by side, they never meet.
        let spacing = (2.0 * half + letter_room).max(widest_numbers) + GAP;
        let widest_title = panels.iter().map(|p| p.title.len()).max().unwrap_or(0);
        let panel_width =
            (layout.leaves as f64 * spacing).max(widest_title as f64 * CHAR) + 2.0 * PAD;
        Row {
            title,
            layout,
            panels,
            half,
            spacing,
            panel_width,
        }
    }

    /// Width of the row: its panels, or its title.
    fn width(&self) -> f64 {
        let panels = self.panels.len() as f64 * (self.panel_width + MARGIN) - MARGIN;
        panels.max(self.title.len() as f64 * 8.5)
    }

    /// Height of one panel.
    fn panel_height(&self) -> f64 {
        PANEL_TOP + self.layout.levels as f64 * LEVEL + PANEL_BOTTOM
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
        let left = x + (self.panel_width - self.layout.leaves as f64 * self.spacing) / 2.0;
        let at = |node: &Placed| {
            (
                left + (node.column + 0.5) * self.spacing,
                y + PANEL_TOP + node.depth as f64 * LEVEL,
            )
        };
        for (index, node) in self.layout.nodes.iter().enumerate().skip(1) {
            let ((x1, y1), (x2, y2)) = (at(&self.layout.nodes[node.parent]), at(node));
            let style = if panel.reached.touched[index] {
                format!(r#"stroke="{INK}""#)
            } else {
                format!(r#"stroke="{GREY_LINE}" stroke-dasharray="4 3""#)
            };
            let edge = format_args!(
                r#"class="edge" x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" {style}"#
            );
            svg.empty("line", edge).end_line();
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
        let mut tooltip = path_text(&node.path);
        if self.layout.lettered {
            let _ = write!(tooltip, " ({})", letter(index));
        }
        let _ = write!(tooltip, ": value {value}");
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
        if self.layout.lettered {
            let at = format_args!(
                r##"class="letter" x="{:.1}" y="{:.1}" text-anchor="end" font-size="11" font-style="italic" fill="#888""##,
                cx - self.half - 3.0,
                cy + 4.0
            );
            svg.text(at, &letter(index).to_string());
        }
        if !numbers.is_empty() {
            let at = format_args!(
                r#"class="order" x="{cx:.1}" y="{:.1}" text-anchor="middle" font-weight="bold" fill="{NUMBER}""#,
                cy + HALF + 15.0
            );
            svg.text(at, &numbers_text(numbers));
        }
        svg.close_group().end_line();
    }
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
    svg.close_group().end_line();
}
