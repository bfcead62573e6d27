//! Drawings of what searches did (`winmove tree --draw`): each tree once per
//! backend, side by side, as SVG.
//!
//! A panel shows the whole tree: every node with its minimax value inside
//! (MAX nodes as squares, MIN nodes as circles), the leaves the backend
//! evaluated filled and numbered in the order it evaluated them (a leaf
//! evaluated again shows all its numbers, `3,7`), and, in grey with dashed
//! edges, every node below which it evaluated no leaf. Leaves are evenly
//! spaced and a parent is centred over its children. Trees of at most 26
//! nodes are lettered breadth-first (a, b, c, ...), as textbooks letter
//! them; every node's tooltip gives its Dewey path.
//!
//! A drawing holds at most [`MAX_TREES`] trees, each of at most
//! [`MAX_LEAVES`] leaves and [`MAX_LEVELS`] levels below the root: a bigger
//! drawing cannot be read, so it is refused with a [`DrawError`] naming the
//! tree and its size.
//!
//! ```
//! use winmove::lab::draw::draw_searches;
//! use winmove::tree::written::ExplicitTree;
//! use winmove::search::{Algo, Settings};
//!
//! let tree = ExplicitTree::parse("[[5,-2,0],[1,-3,7],[5,5,4]]").unwrap();
//! let algos = [Algo::AlphaBeta];
//! let svg = draw_searches(&[("line 1".to_string(), tree)], &algos, &Settings::default()).unwrap();
//! assert!(svg.contains("alphabeta: 8 leaves"));
//! ```

use crate::lab::svg::escape;
use crate::search::{Algo, Settings};
use crate::tree::recording::{Recording, dewey};
use crate::tree::value::{Shown, Value, Window};
use crate::tree::written::{ExplicitTree, TreeNode};
use std::fmt::{self, Write};

/// Most trees one drawing holds (`--draw` draws the first ones).
pub const MAX_TREES: usize = 8;
/// Most leaves a drawn tree may have: a wider one cannot be read.
pub const MAX_LEAVES: usize = 200;
/// Most levels below the root a drawn tree may have.
pub const MAX_LEVELS: usize = 30;

/// One backend's search of a tree: its name and the leaves it evaluated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Searched {
    /// The backend's name, shown in its panel's title.
    pub backend: String,
    /// The Dewey paths (child numbers from 1) of the leaves it evaluated,
    /// in order, repeats included, as [`Recording::leaves`] gives them.
    pub leaves: Vec<Vec<u32>>,
}

/// One tree to draw, once per search of it (a row of panels).
#[derive(Clone, Debug)]
pub struct Drawn<'a> {
    /// Names the tree above its row and in errors (such as `line 3`).
    pub title: String,
    /// The tree.
    pub tree: &'a ExplicitTree,
    /// The searches of it, one panel each, left to right.
    pub searches: Vec<Searched>,
}

/// Why a drawing cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DrawError {
    /// More trees than [`MAX_TREES`].
    TooMany {
        /// How many were given.
        trees: usize,
    },
    /// A tree with more leaves than [`MAX_LEAVES`].
    TooWide {
        /// The tree's title.
        title: String,
        /// Its leaves.
        leaves: usize,
    },
    /// A tree with more levels than [`MAX_LEVELS`].
    TooDeep {
        /// The tree's title.
        title: String,
        /// Its levels below the root.
        levels: usize,
    },
    /// A backend this build does not have.
    NotBuilt {
        /// Its name.
        backend: String,
    },
    /// A search said it evaluated a node that is not a leaf of the tree.
    NotALeaf {
        /// The tree's title.
        title: String,
        /// The backend's name.
        backend: String,
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
            DrawError::NotBuilt { backend } => {
                write!(f, "{backend} is not built into this program")
            }
            DrawError::NotALeaf {
                title,
                backend,
                path,
            } => write!(
                f,
                "{title}: {backend} evaluated {}, which is not a leaf of the tree",
                dewey(path)
            ),
        }
    }
}

impl std::error::Error for DrawError {}

/// The leaves `algo` evaluates searching `tree` from its root with the
/// full window: their Dewey paths, in order, repeats included.
pub fn record(
    tree: &ExplicitTree,
    algo: Algo,
    settings: &Settings,
) -> Result<Vec<Vec<u32>>, DrawError> {
    let not_built = || DrawError::NotBuilt {
        backend: algo.name().to_string(),
    };
    let mut search = algo
        .make::<Recording<ExplicitTree>>(settings)
        .ok_or_else(not_built)?;
    let recording = Recording::new(tree.clone(), tree.root());
    search.search(&recording, recording.root(), Window::FULL);
    Ok(recording.leaves())
}

/// Searches each tree with each backend and draws them all: a row per
/// tree (titled by its name), a panel per backend. Sizes are checked
/// before anything is searched.
pub fn draw_searches(
    trees: &[(String, ExplicitTree)],
    algos: &[Algo],
    settings: &Settings,
) -> Result<String, DrawError> {
    check_count(trees.len())?;
    for (title, tree) in trees {
        check_size(title, tree)?;
    }
    let mut drawn = Vec::with_capacity(trees.len());
    for (title, tree) in trees {
        let mut searches = Vec::with_capacity(algos.len());
        for &algo in algos {
            searches.push(Searched {
                backend: algo.name().to_string(),
                leaves: record(tree, algo, settings)?,
            });
        }
        drawn.push(Drawn {
            title: title.clone(),
            tree,
            searches,
        });
    }
    draw(&drawn)
}

/// Refuses more trees than [`MAX_TREES`].
fn check_count(trees: usize) -> Result<(), DrawError> {
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
        let panels = drawn
            .searches
            .iter()
            .map(|searched| Panel::new(drawn, searched))
            .collect::<Result<Vec<_>, _>>()?;
        rows.push(Row::new(drawn, layout, panels));
    }
    let lettered = rows.iter().any(|row| row.layout.lettered);
    let width = rows.iter().map(Row::width).fold(LEGEND_WIDTH, f64::max) + 2.0 * MARGIN;
    let height = rows.iter().map(Row::height).sum::<f64>() + LEGEND_HEIGHT + MARGIN;
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(svg, r#"<rect width="100%" height="100%" fill="white"/>"#);
    legend(&mut svg, lettered);
    let mut y = LEGEND_HEIGHT;
    for row in &rows {
        row.write(&mut svg, MARGIN, y);
        y += row.height();
    }
    svg.push_str("</svg>\n");
    Ok(svg)
}

/// Vertical distance between levels, in pixels.
const LEVEL: f64 = 58.0;
/// Half the side of a node's shape, for values of up to three characters.
const HALF: f64 = 13.0;
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
const INK: &str = "#222";
/// Grey, for nodes it did not reach.
const GREY_LINE: &str = "#c4c4c4";
const GREY_FILL: &str = "#f3f3f3";
const GREY_TEXT: &str = "#a6a6a6";
/// The fill of an evaluated leaf, and the colour of its numbers.
const EVALUATED: &str = "#ffd966";
const NUMBER: &str = "#c0392b";

/// A node's place in the drawing and its minimax value.
#[derive(Clone, Debug, Default)]
struct Placed {
    /// Whether MAX chooses there.
    max: bool,
    /// Its parent's index (the root's is 0).
    parent: usize,
    /// Levels below the root.
    depth: usize,
    /// Horizontal place, in leaf columns from 0.
    column: f64,
    /// Its minimax value.
    value: Value,
    /// Its Dewey path.
    path: Vec<u32>,
}

/// A tree laid out: its nodes by breadth-first index.
struct Layout {
    nodes: Vec<Placed>,
    /// Leaves, so columns.
    leaves: usize,
    /// Levels below the root.
    levels: usize,
    /// Whether nodes are lettered (at most 26 of them).
    lettered: bool,
}

impl Layout {
    /// Places every node of `tree` (already checked to be small).
    fn new(tree: &ExplicitTree) -> Layout {
        let mut layout = Layout {
            nodes: vec![Placed::default(); tree.node_count()],
            leaves: 0,
            levels: 0,
            lettered: tree.node_count() <= 26,
        };
        layout.place(tree, tree.root(), 0, &mut Vec::new());
        layout
    }

    /// Places the subtree of `node` (whose path is `path`): its leaves in
    /// the next free columns, each parent centred over its children.
    /// Returns its column and minimax value.
    fn place(
        &mut self,
        tree: &ExplicitTree,
        node: TreeNode,
        parent: usize,
        path: &mut Vec<u32>,
    ) -> (f64, Value) {
        let index = node.index as usize;
        let depth = path.len();
        let (column, value) = match tree.leaf_value(node) {
            Some(value) => {
                self.leaves += 1;
                ((self.leaves - 1) as f64, value)
            }
            None => {
                let children: Vec<(f64, Value)> = tree
                    .children(node)
                    .zip(1..)
                    .map(|(child, number)| {
                        path.push(number);
                        let placed = self.place(tree, child, index, path);
                        path.pop();
                        placed
                    })
                    .collect();
                let first = children.first().map_or(0.0, |c| c.0);
                let last = children.last().map_or(0.0, |c| c.0);
                let values = children.iter().map(|c| c.1);
                let value = if node.max { values.max() } else { values.min() };
                ((first + last) / 2.0, value.unwrap_or(0))
            }
        };
        self.levels = self.levels.max(depth);
        self.nodes[index] = Placed {
            max: node.max,
            parent,
            depth,
            column,
            value,
            path: path.clone(),
        };
        (column, value)
    }
}

/// What one backend did to one tree.
struct Panel {
    /// The title: the backend and how many leaves it evaluated.
    title: String,
    /// By node: the numbers (from 1) of its evaluations.
    numbers: Vec<Vec<usize>>,
    /// By node: whether some evaluated leaf lies below it (or is it).
    touched: Vec<bool>,
}

impl Panel {
    /// Numbers the leaves `searched` evaluated and marks the nodes above them.
    fn new(drawn: &Drawn, searched: &Searched) -> Result<Panel, DrawError> {
        let tree = drawn.tree;
        let mut numbers = vec![Vec::new(); tree.node_count()];
        let mut touched = vec![false; tree.node_count()];
        for (k, path) in searched.leaves.iter().enumerate() {
            let not_a_leaf = || DrawError::NotALeaf {
                title: drawn.title.clone(),
                backend: searched.backend.clone(),
                path: path.clone(),
            };
            let mut node = tree.root();
            touched[0] = true;
            for &number in path {
                node = (number.checked_sub(1))
                    .and_then(|k| tree.children(node).nth(k as usize))
                    .ok_or_else(not_a_leaf)?;
                touched[node.index as usize] = true;
            }
            if tree.leaf_value(node).is_none() {
                return Err(not_a_leaf());
            }
            numbers[node.index as usize].push(k + 1);
        }
        let evaluations = searched.leaves.len();
        let distinct = numbers.iter().filter(|n| !n.is_empty()).count();
        let leaves = count(distinct, "leaf", "leaves");
        let title = if distinct < evaluations {
            let evaluations = count(evaluations, "evaluation", "evaluations");
            format!("{}: {evaluations}, {leaves}", searched.backend)
        } else {
            format!("{}: {leaves}", searched.backend)
        };
        Ok(Panel {
            title,
            numbers,
            touched,
        })
    }
}

/// `1 leaf`, `8 leaves`.
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A node's letter: breadth-first, `a` for the root.
fn letter(index: usize) -> char {
    (b'a' + index as u8) as char
}

/// A node's path as a tooltip writes it: `root`, or `2.1`.
fn path_text(path: &[u32]) -> String {
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
struct Row {
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
    /// Sizes the row so that every value and every number fits.
    fn new(drawn: &Drawn, layout: Layout, panels: Vec<Panel>) -> Row {
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
            .flat_map(|p| &p.numbers)
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
    fn write(&self, svg: &mut String, x: f64, y: f64) {
        let _ = writeln!(svg, r#"<g class="tree">"#);
        let _ = writeln!(
            svg,
            r#"<text x="{x}" y="{}" font-size="15" font-weight="bold">{}</text>"#,
            y + 18.0,
            escape(&self.title)
        );
        for (k, panel) in self.panels.iter().enumerate() {
            let left = x + k as f64 * (self.panel_width + MARGIN);
            self.write_panel(svg, panel, left, y + ROW_TITLE);
        }
        let _ = writeln!(svg, "</g>");
    }

    /// Writes one panel with its top left corner at `(x, y)`: edges first,
    /// so that the nodes cover their ends.
    fn write_panel(&self, svg: &mut String, panel: &Panel, x: f64, y: f64) {
        let _ = writeln!(svg, r#"<g class="panel">"#);
        let _ = writeln!(
            svg,
            r##"<rect x="{x}" y="{y}" width="{}" height="{}" fill="none" stroke="#ddd" rx="4"/>"##,
            self.panel_width,
            self.panel_height()
        );
        let _ = writeln!(
            svg,
            r#"<text class="title" x="{}" y="{}" font-weight="bold">{}</text>"#,
            x + PAD,
            y + 18.0,
            escape(&panel.title)
        );
        let left = x + (self.panel_width - self.layout.leaves as f64 * self.spacing) / 2.0;
        let at = |node: &Placed| {
            (
                left + (node.column + 0.5) * self.spacing,
                y + PANEL_TOP + node.depth as f64 * LEVEL,
            )
        };
        for (index, node) in self.layout.nodes.iter().enumerate().skip(1) {
            let ((x1, y1), (x2, y2)) = (at(&self.layout.nodes[node.parent]), at(node));
            let style = if panel.touched[index] {
                format!(r#"stroke="{INK}""#)
            } else {
                format!(r#"stroke="{GREY_LINE}" stroke-dasharray="4 3""#)
            };
            let _ = writeln!(
                svg,
                r#"<line class="edge" x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" {style}/>"#
            );
        }
        for (index, node) in self.layout.nodes.iter().enumerate() {
            let (cx, cy) = at(node);
            self.write_node(svg, panel, index, node, cx, cy);
        }
        let _ = writeln!(svg, "</g>");
    }

    /// Writes one node centred at `(cx, cy)`, on one line: its shape, its
    /// value, its letter, and (if evaluated) its numbers below it.
    fn write_node(
        &self,
        svg: &mut String,
        panel: &Panel,
        index: usize,
        node: &Placed,
        cx: f64,
        cy: f64,
    ) {
        let numbers = &panel.numbers[index];
        let touched = panel.touched[index];
        let (state, fill, stroke, text) = match (touched, numbers.is_empty()) {
            (false, _) => (" untouched", GREY_FILL, GREY_LINE, GREY_TEXT),
            (true, false) => (" evaluated", EVALUATED, INK, INK),
            (true, true) => ("", "white", INK, INK),
        };
        let kind = if node.max { "max" } else { "min" };
        let value = Shown(node.value);
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
        let _ = write!(
            svg,
            r#"<g class="node {kind}{state}"><title>{tooltip}</title>"#
        );
        shape(svg, node.max, (cx, cy), self.half, (fill, stroke));
        let _ = write!(
            svg,
            r#"<text class="value" x="{cx:.1}" y="{:.1}" text-anchor="middle" fill="{text}">{value}</text>"#,
            cy + 4.0
        );
        if self.layout.lettered {
            let _ = write!(
                svg,
                r##"<text class="letter" x="{:.1}" y="{:.1}" text-anchor="end" font-size="11" font-style="italic" fill="#888">{}</text>"##,
                cx - self.half - 3.0,
                cy + 4.0,
                letter(index)
            );
        }
        if !numbers.is_empty() {
            let _ = write!(
                svg,
                r#"<text class="order" x="{cx:.1}" y="{:.1}" text-anchor="middle" font-weight="bold" fill="{NUMBER}">{}</text>"#,
                cy + HALF + 15.0,
                numbers_text(numbers)
            );
        }
        let _ = writeln!(svg, "</g>");
    }
}

/// A node's shape centred at `at`, `half` wide each side: a square for
/// MAX, a circle (an ellipse, if wide) for MIN.
fn shape(svg: &mut String, max: bool, at: (f64, f64), half: f64, (fill, stroke): (&str, &str)) {
    let (cx, cy) = at;
    let paint = format!(r#"fill="{fill}" stroke="{stroke}" stroke-width="1.5""#);
    let _ = if max {
        write!(
            svg,
            r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" {paint}/>"#,
            cx - half,
            cy - HALF,
            2.0 * half,
            2.0 * HALF
        )
    } else {
        write!(
            svg,
            r#"<ellipse cx="{cx:.1}" cy="{cy:.1}" rx="{half:.1}" ry="{HALF}" {paint}/>"#
        )
    };
}

/// The legend, a line for each kind of mark: the two shapes, an evaluated
/// leaf and its numbers, a node not reached.
fn legend(svg: &mut String, lettered: bool) {
    let x = MARGIN + HALF;
    let line = |k: f64| MARGIN + HALF + 34.0 * k;
    let label = |svg: &mut String, x: f64, y: f64, text: &str| {
        let _ = writeln!(
            svg,
            r#"<text x="{x}" y="{}">{}</text>"#,
            y + 4.0,
            escape(text)
        );
    };
    let _ = writeln!(svg, r#"<g class="legend">"#);
    shape(svg, true, (x, line(0.0)), HALF, ("white", INK));
    shape(svg, false, (x + 32.0, line(0.0)), HALF, ("white", INK));
    let text = "a MAX node, a MIN node; inside a node, its minimax value";
    label(svg, x + 56.0, line(0.0), text);
    shape(svg, true, (x, line(1.0)), HALF, (EVALUATED, INK));
    let _ = write!(
        svg,
        r#"<text x="{}" y="{}" font-weight="bold" fill="{NUMBER}">3,7</text>"#,
        x + 24.0,
        line(1.0) + 4.0
    );
    let text = "a leaf the search evaluated, numbered in order (3,7: twice)";
    label(svg, x + 56.0, line(1.0), text);
    shape(svg, false, (x, line(2.0)), HALF, (GREY_FILL, GREY_LINE));
    let mut text = "not reached: no evaluated leaf below it (grey, dashed edges)".to_string();
    if lettered {
        text.push_str(" · a, b, c, …: the nodes breadth-first");
    }
    label(svg, x + 56.0, line(2.0), &text);
    let _ = writeln!(svg, "</g>");
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    /// The Japanese SSS* source's tree: a -> b, c, d -> e..m, value 4.
    const JAPANESE: &str = "[[5,-2,0],[1,-3,7],[5,5,4]]";
    /// Stockman's tree, from the Polish source: value 6.
    const STOCKMAN: &str = "[[[2,2]],[[7],[6,0]],[[1]],[[2],[9]]]";

    /// Checks that `svg` is well-formed XML as far as this module writes
    /// it (no comments, no CDATA): tags balanced and nested, attributes
    /// quoted, text free of `<`, `>` and unknown entities, one root.
    /// Returns the number of elements.
    fn well_formed(svg: &str) -> Result<usize, String> {
        let mut open: Vec<&str> = Vec::new();
        let (mut elements, mut roots) = (0, 0);
        let mut rest = svg;
        while let Some(start) = rest.find('<') {
            text(&rest[..start], open.is_empty())?;
            let end = start + rest[start..].find('>').ok_or("a tag is not closed")?;
            let tag = &rest[start + 1..end];
            if let Some(name) = tag.strip_prefix('/') {
                let top = open.pop().ok_or(format!("</{name}> closes nothing"))?;
                if top != name {
                    return Err(format!("<{top}> closed by </{name}>"));
                }
            } else {
                let body = tag.strip_suffix('/').unwrap_or(tag);
                let name = body.split_whitespace().next().ok_or("an empty tag")?;
                attributes(&body[name.len()..])?;
                roots += usize::from(open.is_empty());
                elements += 1;
                if !tag.ends_with('/') {
                    open.push(name);
                }
            }
            rest = &rest[end + 1..];
        }
        text(rest, true)?;
        match (open.last(), roots) {
            (Some(name), _) => Err(format!("<{name}> is never closed")),
            (None, 1) => Ok(elements),
            (None, n) => Err(format!("{n} root elements")),
        }
    }

    /// Text between tags: blank outside the root, no `>`, known entities.
    fn text(text: &str, outside: bool) -> Result<(), String> {
        if outside && !text.trim().is_empty() {
            return Err(format!("text outside the root: {text:?}"));
        }
        if text.contains('>') {
            return Err(format!("a bare '>' in {text:?}"));
        }
        for (i, _) in text.match_indices('&') {
            let entity = ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"];
            if !entity.iter().any(|e| text[i..].starts_with(e)) {
                return Err(format!("a bare '&' in {text:?}"));
            }
        }
        Ok(())
    }

    /// ` name="value" name='value'...`, nothing else.
    fn attributes(mut rest: &str) -> Result<(), String> {
        loop {
            rest = rest.trim_start();
            if rest.is_empty() {
                return Ok(());
            }
            let (name, value) = rest.split_once('=').ok_or(format!("no '=' in {rest:?}"))?;
            if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '-') {
                return Err(format!("bad attribute name {name:?}"));
            }
            let quote = value.chars().next().filter(|q| *q == '"' || *q == '\'');
            let quote = quote.ok_or(format!("{name} is not quoted"))?;
            let end = value[1..]
                .find(quote)
                .ok_or(format!("{name}'s quote is open"))?;
            text(&value[1..1 + end], false)?;
            if value[1..1 + end].contains('<') {
                return Err(format!("a '<' in {name}"));
            }
            rest = &value[end + 2..];
        }
    }

    /// A node as a panel shows it.
    #[derive(Debug, Default)]
    struct Seen {
        /// Its letter, if the tree is lettered.
        letter: String,
        /// The classes after `node`: `max`/`min`, `evaluated`, `untouched`.
        classes: String,
        /// The value written inside it.
        value: String,
        /// The numbers written below it.
        order: String,
    }

    /// The text of the first element after `marker` in `line`.
    fn inner(line: &str, marker: &str) -> String {
        line.split_once(marker)
            .and_then(|(_, rest)| rest.split_once('>'))
            .and_then(|(_, rest)| rest.split_once('<'))
            .map_or(String::new(), |(text, _)| text.to_string())
    }

    /// The nodes of the panel titled `title`, by path (`root`, `1.3`), and
    /// the number of dashed edges in it.
    fn panel(svg: &str, title: &str) -> (BTreeMap<String, Seen>, usize) {
        let heading = format!(">{title}</text>");
        let chunk = svg
            .split(r#"<g class="panel">"#)
            .find(|chunk| chunk.contains(&heading))
            .unwrap_or_else(|| panic!("no panel titled {title}"));
        let chunk = chunk.split("\n</g>").next().unwrap();
        let mut nodes = BTreeMap::new();
        for line in chunk
            .lines()
            .filter(|l| l.starts_with(r#"<g class="node "#))
        {
            let tooltip = inner(line, "<title");
            let (place, _) = tooltip.split_once(':').unwrap();
            let (path, letter) = place.split_once(" (").unwrap_or((place, ""));
            let seen = Seen {
                letter: letter.trim_end_matches(')').to_string(),
                classes: line.split('"').nth(1).unwrap()["node ".len()..].to_string(),
                value: inner(line, r#"class="value""#),
                order: inner(line, r#"class="order""#),
            };
            nodes.insert(path.to_string(), seen);
        }
        (nodes, chunk.matches("stroke-dasharray").count())
    }

    /// Draws `text` searched by each of `algos`, titled `title`.
    fn drawing(title: &str, text: &str, algos: &[Algo]) -> String {
        let tree = ExplicitTree::parse(text).unwrap();
        let svg = draw_searches(&[(title.to_string(), tree)], algos, &Settings::default());
        let svg = svg.unwrap();
        well_formed(&svg).unwrap();
        svg
    }

    /// The paths of the leaves with their numbers, and the untouched nodes'
    /// letters.
    fn numbered_and_untouched(
        nodes: &BTreeMap<String, Seen>,
    ) -> (Vec<(String, String)>, Vec<String>) {
        let mut numbered: Vec<_> = nodes
            .values()
            .filter(|n| !n.order.is_empty())
            .map(|n| (n.order.clone(), n.letter.clone()))
            .collect();
        numbered.sort_by_key(|(order, _)| order.parse::<usize>().unwrap_or(usize::MAX));
        let untouched = nodes
            .values()
            .filter(|n| n.classes.contains("untouched"))
            .map(|n| n.letter.clone())
            .collect();
        (numbered, untouched)
    }

    /// `[("1", "e"), ("2", "h"), ...]` from `"eh..."`.
    fn in_order(letters: &str) -> Vec<(String, String)> {
        letters
            .chars()
            .enumerate()
            .map(|(k, c)| ((k + 1).to_string(), c.to_string()))
            .collect()
    }

    #[test]
    fn alphabeta_on_the_japanese_tree_skips_only_j() {
        let svg = drawing("japanese", JAPANESE, &[Algo::AlphaBeta]);
        let (nodes, dashed) = panel(&svg, "alphabeta: 8 leaves");
        let (numbered, untouched) = numbered_and_untouched(&nodes);
        assert_eq!(numbered, in_order("efghiklm"));
        assert_eq!(untouched, ["j"]);
        assert_eq!(dashed, 1, "the edge c-j");
        assert_eq!(nodes["2.3"].letter, "j");
        assert_eq!(nodes["2.3"].value, "7");
    }

    #[cfg(feature = "sss")]
    #[test]
    fn sss_on_the_japanese_tree_never_evaluates_g_i_j() {
        let svg = drawing("japanese", JAPANESE, &[Algo::AlphaBeta, Algo::Sss]);
        let (nodes, dashed) = panel(&svg, "sss: 6 leaves");
        let (numbered, untouched) = numbered_and_untouched(&nodes);
        assert_eq!(numbered, in_order("ehkflm"));
        assert_eq!(untouched, ["g", "i", "j"]);
        assert_eq!(dashed, 3);
        for (path, letter) in [("1.3", "g"), ("2.2", "i"), ("2.3", "j")] {
            assert_eq!(nodes[path].letter, letter);
            assert!(nodes[path].order.is_empty());
        }
        assert!(nodes["2"].classes.contains("min") && !nodes["2"].classes.contains("untouched"));
    }

    /// Minimax as the textbooks define it, written here.
    fn minimax(tree: &ExplicitTree, node: TreeNode) -> Value {
        match tree.leaf_value(node) {
            Some(value) => value,
            None => {
                let values = tree.children(node).map(|child| minimax(tree, child));
                let best = if node.max { values.max() } else { values.min() };
                best.unwrap()
            }
        }
    }

    /// Every node of `tree` with its Dewey path as the tooltips write it.
    fn every_node(
        tree: &ExplicitTree,
        node: TreeNode,
        path: String,
        out: &mut Vec<(String, TreeNode)>,
    ) {
        out.push((path.clone(), node));
        for (k, child) in tree.children(node).enumerate() {
            let child_path = match path.as_str() {
                "root" => (k + 1).to_string(),
                _ => format!("{path}.{}", k + 1),
            };
            every_node(tree, child, child_path, out);
        }
    }

    #[test]
    fn every_value_shown_is_the_minimax_value() {
        let trees = [
            JAPANESE,
            STOCKMAN,
            "[[1,2],3,[4,[5,inf]]]",
            "7",
            "[[-inf,[2,[3,-4]]],[[8],9],-1000000]",
        ];
        for text in trees {
            let tree = ExplicitTree::parse(text).unwrap();
            let svg = drawing(text, text, &[Algo::AlphaBeta]);
            let title = svg
                .lines()
                .find_map(|l| l.contains("alphabeta:").then(|| inner(l, "")));
            let (nodes, _) = panel(&svg, &title.unwrap());
            let mut expected = Vec::new();
            every_node(&tree, tree.root(), "root".to_string(), &mut expected);
            assert_eq!(nodes.len(), expected.len(), "{text}");
            for (path, node) in expected {
                let shown = &nodes[&path];
                assert_eq!(
                    shown.value,
                    Shown(minimax(&tree, node)).to_string(),
                    "{text} {path}"
                );
                assert_eq!(shown.classes.starts_with("max"), node.max, "{text} {path}");
            }
        }
        // And by hand: the Japanese tree's b, c, d and a; Stockman's a.
        let svg = drawing("japanese", JAPANESE, &[Algo::AlphaBeta]);
        let (nodes, _) = panel(&svg, "alphabeta: 8 leaves");
        let values: Vec<&str> = ["1", "2", "3", "root"]
            .iter()
            .map(|p| nodes[*p].value.as_str())
            .collect();
        assert_eq!(values, ["-2", "-3", "4", "4"]);
        assert!(svg.contains("japanese: value 4, 9 leaves"));
        let svg = drawing("stockman", STOCKMAN, &[Algo::AlphaBeta]);
        assert!(svg.contains("stockman: value 6, 8 leaves"));
    }

    #[test]
    fn a_leaf_evaluated_again_shows_all_its_numbers() {
        let tree = ExplicitTree::parse("[3,5]").unwrap();
        let searched = Searched {
            backend: "again".to_string(),
            leaves: vec![vec![1], vec![2], vec![1]],
        };
        let drawn = Drawn {
            title: "t".to_string(),
            tree: &tree,
            searches: vec![searched],
        };
        let svg = draw(&[drawn]).unwrap();
        well_formed(&svg).unwrap();
        let (nodes, dashed) = panel(&svg, "again: 3 evaluations, 2 leaves");
        assert_eq!(
            (nodes["1"].order.as_str(), nodes["2"].order.as_str()),
            ("1,3", "2")
        );
        assert_eq!(dashed, 0);
    }

    /// A MAX root over `n` leaves.
    fn fan(n: usize) -> ExplicitTree {
        ExplicitTree::parse(&format!("[{}]", vec!["1"; n].join(","))).unwrap()
    }

    /// A chain `levels` deep.
    fn chain(levels: usize) -> ExplicitTree {
        ExplicitTree::parse(&("[".repeat(levels) + "1" + &"]".repeat(levels))).unwrap()
    }

    #[test]
    fn refuses_trees_too_wide_too_deep_or_too_many() {
        let alphabeta = [Algo::AlphaBeta];
        let settings = Settings::default();
        let one = |title: &str, tree: ExplicitTree| {
            draw_searches(&[(title.to_string(), tree)], &alphabeta, &settings)
        };
        assert!(one("wide", fan(MAX_LEAVES)).is_ok());
        let error = one("line 3", fan(MAX_LEAVES + 1)).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 3: 201 leaves, too wide to draw (at most 200)"
        );
        assert!(one("deep", chain(MAX_LEVELS)).is_ok());
        let error = one("line 4", chain(MAX_LEVELS + 1)).unwrap_err();
        assert_eq!(
            error,
            DrawError::TooDeep {
                title: "line 4".to_string(),
                levels: 31
            }
        );
        let trees: Vec<_> = (0..=MAX_TREES).map(|k| (k.to_string(), fan(2))).collect();
        assert!(draw_searches(&trees[..MAX_TREES], &alphabeta, &settings).is_ok());
        let error = draw_searches(&trees, &alphabeta, &settings).unwrap_err();
        assert_eq!(error.to_string(), "9 trees: a drawing holds at most 8");
    }

    #[test]
    fn refuses_paths_that_are_not_leaves_and_backends_not_built() {
        let tree = ExplicitTree::parse("[[1,2],3]").unwrap();
        for path in [vec![], vec![1], vec![3], vec![0], vec![1, 3], vec![2, 1]] {
            let drawn = Drawn {
                title: "t".to_string(),
                tree: &tree,
                searches: vec![Searched {
                    backend: "b".to_string(),
                    leaves: vec![vec![2], path.clone()],
                }],
            };
            let error = draw(&[drawn]).unwrap_err();
            let expected = format!(
                "t: b evaluated {}, which is not a leaf of the tree",
                dewey(&path)
            );
            assert_eq!(error.to_string(), expected);
        }
        if let Some(missing) = Algo::ALL.into_iter().find(|a| !a.built()) {
            let error = record(&tree, missing, &Settings::default()).unwrap_err();
            let expected = format!("{missing} is not built into this program");
            assert_eq!(error.to_string(), expected);
        }
    }

    #[test]
    fn escapes_titles_and_draws_a_row_without_searches() {
        let tree = ExplicitTree::parse("[1,2]").unwrap();
        let drawn = Drawn {
            title: "a <b> & c".to_string(),
            tree: &tree,
            searches: Vec::new(),
        };
        let svg = draw(&[drawn]).unwrap();
        well_formed(&svg).unwrap();
        assert!(svg.contains("a &lt;b&gt; &amp; c: value 2, 2 leaves"));
        assert!(!svg.contains(r#"<g class="panel">"#));
    }

    #[test]
    fn every_built_backend_draws_well_formed_svg() {
        let algos: Vec<Algo> = Algo::all_built().collect();
        for text in [JAPANESE, STOCKMAN] {
            let svg = drawing(text, text, &algos);
            assert_eq!(svg.matches(r#"<g class="panel">"#).count(), algos.len());
        }
    }

    #[test]
    fn the_checker_rejects_what_is_not_well_formed() {
        assert!(well_formed(r#"<svg a="1"><g></g><text>x</text></svg>"#).is_ok());
        for bad in [
            "<svg><g></svg>",
            "<svg></g></svg>",
            "<svg><g>",
            "<svg a=1></svg>",
            r#"<svg a="1></svg>"#,
            "<svg>a & b</svg>",
            "<svg>a > b</svg>",
            "<svg></svg><svg></svg>",
            "text<svg></svg>",
        ] {
            assert!(well_formed(bad).is_err(), "{bad}");
        }
    }
}
