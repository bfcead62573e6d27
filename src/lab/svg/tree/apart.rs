//! Issue 28: no label of a drawing meets another or an edge. Every text's
//! box is worked out here from the SVG alone (its length times 0.65 em a
//! character, its font size, its anchor; from 0.8 em above its baseline
//! to 0.2 em below), and every edge and bar is read as its segments; a
//! board's position, beside its node, is a box no text nor edge meets.
//! The page's stage is checked with every text the page writes in any
//! run filled in with the longest it gets.

use super::stage::{Reserved, write_stage};
use crate::lab::draw::{draw_searches, events};
use crate::lab::page::reserve::reserve;
use crate::lab::pictures::board_tree;
use crate::search::{Algo, Settings};
use crate::tree::written::ExplicitTree;
use crate::tree::written::random::random_tree;

/// A text's box: left, top, right, bottom; and the text.
type Boxed = (f64, f64, f64, f64, String);
/// A segment of an edge or a bar: its ends.
type Segment = ((f64, f64), (f64, f64));

/// The value of attribute `name` in the tag `tag`.
fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let marker = format!(" {name}=\"");
    let start = tag.find(&marker)? + marker.len();
    tag[start..].split('"').next()
}

/// Every non-empty text's box, and every segment of a line or polyline.
fn read(svg: &str) -> (Vec<Boxed>, Vec<Segment>) {
    let number = |tag: &str, name: &str| attribute(tag, name).map(|v| v.parse::<f64>().unwrap());
    let mut texts = Vec::new();
    let mut segments = Vec::new();
    for piece in svg.split('<').skip(1) {
        let Some((tag, after)) = piece.split_once('>') else {
            continue;
        };
        if let Some(text) = tag.strip_prefix("text ") {
            let content = after
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&amp;", "&");
            if content.is_empty() {
                continue;
            }
            let tag = format!(" {text}");
            let size = number(&tag, "font-size").unwrap_or(12.0);
            let (x, y) = (number(&tag, "x").unwrap(), number(&tag, "y").unwrap());
            let width = content.chars().count() as f64 * 0.65 * size;
            let left = match attribute(&tag, "text-anchor") {
                Some("middle") => x - width / 2.0,
                Some("end") => x - width,
                _ => x,
            };
            texts.push((left, y - 0.8 * size, left + width, y + 0.2 * size, content));
        } else if let Some(rect) = tag.strip_prefix("rect class=\"board\" ") {
            let rect = format!(" {rect}");
            let (x, y) = (number(&rect, "x").unwrap(), number(&rect, "y").unwrap());
            let (w, h) = (
                number(&rect, "width").unwrap(),
                number(&rect, "height").unwrap(),
            );
            texts.push((x, y, x + w, y + h, "a position".to_string()));
        } else if let Some(line) = tag.strip_prefix("line ") {
            let line = format!(" {line}");
            let at = |a, b| (number(&line, a).unwrap(), number(&line, b).unwrap());
            segments.push((at("x1", "y1"), at("x2", "y2")));
        } else if let Some(polyline) = tag.strip_prefix("polyline ") {
            let points: Vec<(f64, f64)> = attribute(&format!(" {polyline}"), "points")
                .unwrap()
                .split(' ')
                .map(|p| {
                    let (x, y) = p.split_once(',').unwrap();
                    (x.parse().unwrap(), y.parse().unwrap())
                })
                .collect();
            segments.extend(points.windows(2).map(|w| (w[0], w[1])));
        }
    }
    (texts, segments)
}

/// Whether the segment from `a` to `b` meets the inside of the box
/// (Liang and Barsky's clipping).
fn crosses((a, b): Segment, (l, t, r, bo, _): &Boxed) -> bool {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let (mut enter, mut leave) = (0.0_f64, 1.0_f64);
    for (p, q) in [
        (-dx, a.0 - l),
        (dx, r - a.0),
        (-dy, a.1 - t),
        (dy, bo - a.1),
    ] {
        if p == 0.0 {
            if q <= 0.0 {
                return false;
            }
        } else {
            let s = q / p;
            if p < 0.0 {
                enter = enter.max(s);
            } else {
                leave = leave.min(s);
            }
        }
    }
    enter < leave
}

/// Asserts that no two texts of `svg` meet and no edge crosses a text.
fn assert_apart(what: &str, svg: &str) {
    let (mut texts, segments) = read(svg);
    texts.sort_by(|a, b| a.0.total_cmp(&b.0));
    for (i, a) in texts.iter().enumerate() {
        // Sorted by their left sides: the rest start right of this one.
        for b in texts[i + 1..].iter().take_while(|b| b.0 < a.2) {
            let meet = a.1 < b.3 && b.1 < a.3;
            assert!(!meet, "{what}: {a:?} meets {b:?}");
        }
        for &segment in &segments {
            assert!(!crosses(segment, a), "{what}: {segment:?} crosses {a:?}");
        }
    }
}

/// The trees of the issue: the textbooks', one of 100 leaves, two boards'.
fn trees() -> Vec<(String, ExplicitTree, crate::lab::svg::tree::EdgeLabels)> {
    let none = crate::lab::svg::tree::EdgeLabels::new;
    let mut trees = Vec::new();
    for text in include_str!("../../../../samples/textbook.trees").lines() {
        trees.push((text.to_string(), ExplicitTree::parse(text).unwrap(), none()));
    }
    let mut rng = crate::game::random::Rng::new(100);
    let wide = loop {
        let tree = random_tree(&mut rng, 5, 4, 10, -20, 20);
        if (90..=110).contains(&tree.leaf_count()) {
            break tree;
        }
    };
    trees.push(("wide".to_string(), wide, none()));
    // x to move, 3 empty squares: tests/suite/page.rs's board.
    let board = "xo.o\noxx.\nxox.\no.xo".parse().unwrap();
    let (tree, labels) = board_tree(board);
    trees.push(("board".to_string(), tree, labels));
    let (tree, labels) = board_tree(WIDE_BOARD.parse().unwrap());
    trees.push(("wide board".to_string(), tree, labels));
    trees
}

/// x to move, 5 empty squares, no line near: 120 leaves.
const WIDE_BOARD: &str = "xo.o\n.xxo\noxo.\n.o.x";

#[test]
fn no_label_meets_another_or_an_edge_in_a_drawing() {
    let algos: Vec<Algo> = Algo::all_built().collect();
    for (title, tree, labels) in trees() {
        let svg = draw_searches(
            &[(title.clone(), tree)],
            &[labels],
            &algos,
            &Settings::default(),
        )
        .unwrap();
        assert_apart(&title, &svg);
    }
}

#[test]
fn no_label_the_page_writes_meets_another_or_an_edge_on_its_stage() {
    let algos: Vec<Algo> = Algo::all_built().collect();
    for (title, tree, labels) in trees() {
        let mut reserved = Reserved::new();
        for &algo in &algos {
            let events = events(&tree, algo, &Settings::default()).unwrap();
            reserve(&mut reserved, &events);
        }
        let svg = write_stage(&tree, &labels, &reserved, true);
        assert_apart(&format!("{title}, stage"), &svg);
    }
}
