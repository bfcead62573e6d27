//! A board's position drawn beside its node, as a small 4×4 grid: x's
//! crosses, o's rings, the square last played shaded (shared by `--draw`
//! and the page's stage).

use super::drawn::Grid;
use super::room::HALF;
use crate::game::bitboard::Square;
use crate::game::board::Mark;
use crate::lab::svg::Svg;
use std::fmt::Write;

/// The grid's side: as tall as a node's shape.
pub(super) const SIDE: f64 = 2.0 * HALF;
/// From a node's shape to the grid left of it.
pub(super) const APART: f64 = 3.0;
/// One square's side.
const CELL: f64 = SIDE / 4.0;

/// Writes `grid` with its right side at `right`, centred on `cy`, as one
/// group of class `grid` (its node's path in `data-path`).
pub(super) fn write_grid(svg: &mut Svg, grid: &Grid, path: &str, right: f64, cy: f64) {
    let (left, top) = (right - SIDE, cy - HALF);
    svg.open_group(format_args!(r#"class="grid" data-path="{path}""#));
    let frame = format_args!(
        r##"class="board" x="{left:.1}" y="{top:.1}" width="{SIDE:.1}" height="{SIDE:.1}" fill="white" stroke="#777" stroke-width="0.8""##
    );
    svg.empty("rect", frame);
    let corner = |square: Square| {
        (
            left + square.col() as f64 * CELL,
            top + square.row() as f64 * CELL,
        )
    };
    if let Some(square) = grid.last {
        let (x, y) = corner(square);
        let shade = format_args!(
            r##"class="last" x="{x:.2}" y="{y:.2}" width="{CELL:.2}" height="{CELL:.2}" fill="#f4b860""##
        );
        svg.empty("rect", shade);
    }
    let mut lines = String::new();
    for k in 1..4 {
        let at = k as f64 * CELL;
        let _ = write!(
            lines,
            "M{:.2} {top:.1}V{:.1}M{left:.1} {:.2}H{:.1}",
            left + at,
            top + SIDE,
            top + at,
            left + SIDE
        );
    }
    let rule = format_args!(r##"class="rules" d="{lines}" stroke="#ccc" stroke-width="0.5""##);
    svg.empty("path", rule);
    let mut crosses = String::new();
    let arm = CELL / 2.0 - 1.3;
    for index in 0..16 {
        let square = Square::from_index(index);
        let (x, y) = corner(square);
        let (mx, my) = (x + CELL / 2.0, y + CELL / 2.0);
        match grid.board.get(square) {
            Some(Mark::X) => {
                let _ = write!(
                    crosses,
                    "M{:.2} {:.2}L{:.2} {:.2}M{:.2} {:.2}L{:.2} {:.2}",
                    mx - arm,
                    my - arm,
                    mx + arm,
                    my + arm,
                    mx - arm,
                    my + arm,
                    mx + arm,
                    my - arm
                );
            }
            Some(Mark::O) => {
                let ring = format_args!(
                    r##"class="o" cx="{mx:.2}" cy="{my:.2}" r="{arm:.2}" fill="none" stroke="#1f5fa8" stroke-width="1""##
                );
                svg.empty("circle", ring);
            }
            None => {}
        }
    }
    if !crosses.is_empty() {
        let x = format_args!(r##"class="x" d="{crosses}" stroke="#222" stroke-width="1""##);
        svg.empty("path", x);
    }
    svg.close_group();
}
