//! What `winmove tree --draw` and `--html` picture: the first trees of a
//! run, each small enough to show, written out (a board's whole game tree
//! with the square of each move on its edge), then each backend's search
//! of them painted as a drawing ([`draw_searches`]) or a page ([`page`]).

use crate::game::bitboard::BitBoard;
use crate::game::board::{Board, Mark};
use crate::lab::draw::draw_searches;
use crate::lab::page::page;
use crate::lab::svg::tree::{DrawError, EdgeLabels, Grid, MAX_TREES, check_size};
use crate::search::{Algo, Settings};
use crate::tree::board::{BoardNode, BoardTree, Enhancements, Position};
use crate::tree::written::{ExplicitTree, TreeBuilder};
use crate::tree::{Expansion, GameTree};

/// The backends a drawing shows unless told (those built).
pub const DRAWN: [Algo; 5] = [
    Algo::AlphaBeta,
    Algo::Scout,
    Algo::Sss,
    Algo::NegaScout,
    Algo::MtSss,
];

/// What paints the searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paint {
    /// An SVG drawing (`--draw`).
    Drawing,
    /// A web page (`--html`).
    Page,
}

/// The trees a picture will show, titled, with the labels of their edges.
#[derive(Clone, Debug)]
pub struct Picture {
    paint: Paint,
    trees: Vec<(String, ExplicitTree)>,
    labels: Vec<EdgeLabels>,
}

impl Picture {
    /// A picture painted by `paint`, with no tree yet.
    pub fn new(paint: Paint) -> Picture {
        Picture {
            paint,
            trees: Vec::new(),
            labels: Vec::new(),
        }
    }

    /// Whether it takes more trees: it shows [`MAX_TREES`] at most.
    pub fn wants(&self) -> bool {
        self.trees.len() < MAX_TREES
    }

    /// Whether it has no tree.
    pub fn is_empty(&self) -> bool {
        self.trees.is_empty()
    }

    /// Takes `tree`, titled `title`, its edges labelled by `labels`, if it
    /// is small enough to show; else the error that says why.
    pub fn take(
        &mut self,
        title: &str,
        tree: &ExplicitTree,
        labels: &EdgeLabels,
    ) -> Result<(), DrawError> {
        check_size(title, tree)?;
        self.trees.push((title.to_string(), tree.clone()));
        self.labels.push(labels.clone());
        Ok(())
    }

    /// Paints each backend of `algos` searching each tree with `settings`:
    /// if `algos` is empty, a drawing's backends are those of [`DRAWN`]
    /// built, a page's every backend built.
    pub fn paint(&self, algos: &[Algo], settings: &Settings) -> Result<String, DrawError> {
        let default: Vec<Algo> = match self.paint {
            Paint::Drawing => DRAWN.into_iter().filter(|a| a.built()).collect(),
            Paint::Page => Algo::all_built().collect(),
        };
        let algos = if algos.is_empty() { &default } else { algos };
        let paint = match self.paint {
            Paint::Drawing => draw_searches,
            Paint::Page => page,
        };
        paint(&self.trees, &self.labels, algos, settings)
    }
}

/// The whole game tree of `board`, x to move (no enhancement: every empty
/// square a move, in row-major order), written out, and the square each
/// move plays and the position it reaches, by the path of the node it
/// leads to.
pub fn board_tree(board: Board) -> (ExplicitTree, EdgeLabels) {
    let tree = BoardTree::new(Enhancements::NONE);
    let root = BoardNode::root(Position {
        board,
        to_move: Mark::X,
    });
    let mut labels = EdgeLabels::new();
    let grid = Grid { board, last: None };
    labels.grids.insert(Vec::new(), grid);
    let written = written_out(&tree, root, |path, parent, child| {
        let before = parent.position.board.empty();
        let board = child.position.board;
        let last = BitBoard(before.0 & !board.empty().0).first();
        if let Some(square) = last {
            labels.moves.insert(path.to_vec(), square.to_string());
        }
        labels.grids.insert(path.to_vec(), Grid { board, last });
    });
    (written, labels)
}

/// The tree of `root` written out; `edge` is called with the path of each
/// node but the root, its parent and itself.
pub fn written_out<T: GameTree>(
    tree: &T,
    root: T::Node,
    mut edge: impl FnMut(&[u32], &T::Node, &T::Node),
) -> ExplicitTree {
    fn add<T: GameTree, F: FnMut(&[u32], &T::Node, &T::Node)>(
        tree: &T,
        node: &T::Node,
        path: &mut Vec<u32>,
        out: &mut TreeBuilder,
        edge: &mut F,
    ) {
        match tree.expand(node) {
            Expansion::Leaf(v) => out.leaf(v),
            Expansion::Inner(children) => {
                out.open();
                for (child, number) in children.zip(1..) {
                    path.push(number);
                    edge(path, node, &child);
                    add(tree, &child, path, out, edge);
                    path.pop();
                }
                out.close();
            }
        }
    }
    let mut out = TreeBuilder::default();
    add(tree, &root, &mut Vec::new(), &mut out, &mut edge);
    out.finish()
}
