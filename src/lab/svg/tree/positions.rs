//! Issue 28 item 9: the grid beside each node of a board's tree shows the
//! position its path reaches, read back from the SVG's geometry and
//! checked against a board played here from the root along that path.

use super::stage::{Reserved, stage};
use crate::game::bitboard::Square;
use crate::game::board::{Board, Mark};
use crate::lab::draw::draw_searches;
use crate::lab::pictures::board_tree;
use crate::search::{Algo, Settings};
use std::collections::BTreeSet;

/// What a grid shows: x's squares, o's squares, the square shaded.
type Shown = (BTreeSet<usize>, BTreeSet<usize>, Option<usize>);

/// The numbers in `text` after `name="`.
fn number(text: &str, name: &str) -> f64 {
    let marker = format!(" {name}=\"");
    let start = text.find(&marker).unwrap() + marker.len();
    text[start..].split('"').next().unwrap().parse().unwrap()
}

/// Every grid of `svg`, by its node's path as written, read from its
/// geometry: each mark's square is where its centre falls.
fn grids(svg: &str) -> Vec<(String, Shown)> {
    let mut found = Vec::new();
    for piece in svg.split(r#"<g class="grid" data-path=""#).skip(1) {
        let (path, rest) = piece.split_once('"').unwrap();
        let group = rest.split("</g>").next().unwrap();
        let board = group.split("<rect class=\"board\"").nth(1).unwrap();
        let (left, top) = (number(board, "x"), number(board, "y"));
        let cell = number(board, "width") / 4.0;
        let square = |x: f64, y: f64| {
            let (col, row) = ((x - left) / cell, (y - top) / cell);
            assert!((0.0..4.0).contains(&col) && (0.0..4.0).contains(&row));
            4 * row as usize + col as usize
        };
        let last = group
            .split("<rect class=\"last\"")
            .nth(1)
            .map(|r| square(number(r, "x") + cell / 2.0, number(r, "y") + cell / 2.0));
        let o = (group.split("<circle class=\"o\"").skip(1))
            .map(|c| square(number(c, "cx"), number(c, "cy")))
            .collect();
        let mut x = BTreeSet::new();
        if let Some(d) = group.split("<path class=\"x\" d=\"").nth(1) {
            let d = d.split('"').next().unwrap();
            let numbers: Vec<f64> = d
                .split(['M', 'L', ' '])
                .filter(|n| !n.is_empty())
                .map(|n| n.parse().unwrap())
                .collect();
            // A cross: two strokes, four ends; its centre their mean.
            for cross in numbers.chunks(8) {
                let mean = |k: usize| (0..4).map(|i| cross[2 * i + k]).sum::<f64>() / 4.0;
                x.insert(square(mean(0), mean(1)));
            }
        }
        found.push((path.to_string(), (x, o, last)));
    }
    found
}

/// The position at the node `path` (as written, `root` or `2.1`):
/// from `root`, x to move, child number k of a node plays its k-th
/// empty square in row-major order, as the rules of the tree say.
fn position(root: Board, path: &str) -> Shown {
    let (mut board, mut mark, mut last) = (root, Mark::X, None);
    let path: Vec<usize> = match path {
        "root" | "" => Vec::new(),
        _ => path.split('.').map(|n| n.parse().unwrap()).collect(),
    };
    for k in path {
        let empty: Vec<Square> = (0..16)
            .map(Square::from_index)
            .filter(|&s| board.get(s).is_none())
            .collect();
        board = board.play(empty[k - 1], mark);
        (mark, last) = (mark.other(), Some(empty[k - 1].index()));
    }
    let of = |m| (0..16).filter(move |&i| board.get(Square::from_index(i)) == Some(m));
    (of(Mark::X).collect(), of(Mark::O).collect(), last)
}

#[test]
fn each_node_of_a_board_s_tree_shows_the_position_its_moves_reach() {
    let root: Board = "xo.o\n.xxo\noxo.\n.o.x".parse().unwrap();
    let (tree, labels) = board_tree(root);
    let drawing = draw_searches(
        &[("board".to_string(), tree.clone())],
        std::slice::from_ref(&labels),
        &[Algo::AlphaBeta],
        &Settings::default(),
    )
    .unwrap();
    let stage = stage(&tree, &labels, &Reserved::new());
    for (what, svg) in [("drawing", drawing), ("stage", stage)] {
        let grids = grids(&svg);
        // Every node has one, in each panel.
        assert_eq!(grids.len(), tree.node_count(), "{what}");
        for (path, shown) in grids {
            assert_eq!(shown, position(root, &path), "{what}: {path}");
        }
    }
}
