//! The value of a question, exact or to a depth limit, and the first
//! square, in row-major order, whose move attains it: x's moves searched
//! one by one as the answer loop searches them.

use crate::answer::solver::Candidate;
use crate::game::bitboard::Square;
use crate::game::board::{Board, Mark};
use crate::search::Search;
use crate::search::backend::Backend;
use crate::search::iterative::{Deepening, Iteration};
use crate::search::stats::Counter;
use crate::tree::board::{DepthNode, Enhancement, Guide, GuidedTree, Position};
use crate::tree::value::{INF, UNBOUNDED, Value, Window};
use crate::tree::{Expansion, GameTree};

/// Nodes that, when their best move was found, had one stored by the last
/// iteration (the guide's count, added to each iteration's counters).
pub const HINTED: Counter = Counter::count(
    "hinted",
    "nodes with a best move stored by the last iteration (--iterative)",
);

/// Of the [`HINTED`] nodes, those whose stored move, tried first, was the
/// best again (or cut the others off).
pub const HINT_BEST: Counter = Counter::count(
    "hint-best",
    "of those, nodes whose stored move, tried first, was the best or cut",
);

/// What `e` does when the value is searched to a depth limit, in a line:
/// each enhancement keeps every value exact there.
pub fn at_depth_limit(e: Enhancement) -> &'static str {
    match e {
        Enhancement::Shortcut => "not used: it proves no forced win, not the value",
        Enhancement::Forced => {
            "as far as the plies left reveal: a win needs 1 ply, a block or a loss 2"
        }
        Enhancement::Bounds => "only where the plies left reach the end of every line of play",
        Enhancement::Window => "not used: each move gets (best so far, inf), as the value needs",
        Enhancement::Tt => "applies: a position is stored with its plies left and the evaluation",
        Enhancement::Symmetry => "applies: both evaluations are invariant under the automorphisms",
        Enhancement::Ordering => "applies: it only orders the moves",
        Enhancement::Etc => {
            "with tt (off by default): a child's stored bound may settle its parent"
        }
    }
}

/// Searches depths 1 to `depth` (`depth >= 1`) as
/// [`Deepening::run`] does, and returns every iteration. With `guide` (the
/// guide of the [`GuidedTree`] that
/// `search` searches), each iteration's counters gain the guide's
/// ([`HINTED`], [`HINT_BEST`]), and what it learnt orders the next
/// iteration's moves (dynamic move ordering); without, the tree's own
/// order throughout.
pub fn iterations<S: Backend + ?Sized>(
    deepening: &Deepening,
    backend: &mut S,
    depth: u32,
    guide: Option<&Guide>,
    search: impl FnMut(&mut S, u32, Window) -> Value,
) -> Vec<Iteration> {
    let mut iterations = Vec::new();
    deepening.run(backend, depth, search, |mut it| {
        if let Some(guide) = guide {
            let counts = guide.counts();
            it.stats = it
                .stats
                .with(HINTED, counts.hinted)
                .with(HINT_BEST, counts.hint_best);
            guide.reset_counts();
            guide.advance();
        }
        iterations.push(it);
    });
    iterations
}

/// The value of `board` (x to move, no line of four) by iterative
/// deepening in `tree`: depths 1 to `depth` in turn as `deepening` drives
/// them, each searched by the value loop ([`value_from`], the last depth's
/// best move at the root first) with `backend`, kept across the depths;
/// after each, the guide's counts join the iteration's and what it learnt
/// orders the next depth's moves. The last depth's value and square, and
/// every iteration (none for depth 0, searched once).
/// `searching(d, square)` is called before each of x's moves is searched
/// at depth `d`.
pub fn value_deepened(
    tree: &GuidedTree,
    backend: &mut Box<dyn Search<GuidedTree>>,
    board: Board,
    depth: u32,
    deepening: &Deepening,
    mut searching: impl FnMut(u32, Square),
) -> (Valued, Vec<Iteration>) {
    let mut last = None;
    let root = Position {
        board,
        to_move: Mark::X,
    };
    let mut search_to = |backend: &mut Box<dyn Search<GuidedTree>>, d: u32, window| {
        let first = tree.guide().best_move(&root);
        let valued = value_from(tree, board, d, window, first, |candidate, window| {
            searching(d, candidate.square);
            backend.search(tree, candidate.node, window)
        });
        last = Some(valued);
        valued.value
    };
    let iterations = if depth == 0 {
        search_to(backend, 0, Window::FULL);
        Vec::new()
    } else {
        iterations(deepening, backend, depth, Some(tree.guide()), search_to)
    };
    (last.expect("a search"), iterations)
}

/// A question's value from x's side, and the first square whose move
/// attains it (`None` with no move to make: no plies left, or a full
/// board).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Valued {
    /// The minimax value of the question, to the depth searched.
    pub value: Value,
    /// The first square, in row-major order, whose move attains it.
    pub square: Option<Square>,
}

/// The plies that reach the end of every line of play on `board`: a
/// search to this depth gives the exact value.
pub fn exact_depth(board: Board) -> u32 {
    board.empty().len()
}

/// The value of `board` (x to move, no line of four) searched to `depth`
/// plies in `tree` (a [`DepthTree`](crate::tree::board::DepthTree), or
/// one that orders it), and its first square, as a fail-soft search of the
/// root with `window` (`Window::FULL` for the value itself): the result
/// and its square are exact when the result lies inside the window.
/// `search(candidate, window)` searches one of x's moves (every empty
/// square, in row-major order) and returns a fail-soft result: each move
/// after the first is asked only whether it beats the best so far, with
/// the window `(max(alpha, best), beta)`, and the moves stop once the best
/// reaches `beta` (or `inf`, which nothing beats).
pub fn value_of<T: GameTree<Node = DepthNode>>(
    tree: &T,
    board: Board,
    depth: u32,
    window: Window,
    search: impl FnMut(Candidate<DepthNode>, Window) -> Value,
) -> Valued {
    value_from(tree, board, depth, window, None, search)
}

/// [`value_of`], searching `first` (if given, and empty) before the other
/// squares: the move iterative deepening's last depth found best. Each
/// square before the best one so far, in row-major order, is then asked
/// whether it ties the best (the window's alpha one below it), so that
/// the square is still the first, in row-major order, to attain the value.
/// A tree that learns ([`GameTree::LEARNS`]) is told the root's best move.
pub fn value_from<T: GameTree<Node = DepthNode>>(
    tree: &T,
    board: Board,
    depth: u32,
    window: Window,
    first: Option<Square>,
    mut search: impl FnMut(Candidate<DepthNode>, Window) -> Value,
) -> Valued {
    let position = Position {
        board,
        to_move: Mark::X,
    };
    let empty = board.empty();
    if depth == 0 || empty.is_empty() {
        // Scored where it stands: by the evaluation, or a full board's 0.
        let Expansion::Leaf(value) = tree.expand(&DepthNode::root(position, depth)) else {
            unreachable!("a question with no plies left or no empty square is a leaf");
        };
        return Valued {
            value,
            square: None,
        };
    }
    let child = |square: Square| DepthNode::root(position.play(square), depth - 1);
    let first = first.filter(|&s| empty.has(s));
    let rest = empty.into_iter().filter(|&s| Some(s) != first);
    let mut best = Valued {
        value: -UNBOUNDED,
        square: None,
    };
    for square in first.into_iter().chain(rest) {
        // Before the best square, a tie takes its place.
        let earlier = best.square.is_some_and(|b| square.index() < b.index());
        if best.value == INF && !earlier {
            // Nothing beats inf, and no earlier square is left.
            break;
        }
        let to_beat = if earlier { best.value - 1 } else { best.value };
        let candidate = Candidate {
            number: empty.into_iter().take_while(|&s| s != square).count() + 1,
            square,
            node: child(square),
        };
        let alpha = window.alpha.max(to_beat);
        let value = search(candidate, Window::new(alpha, window.beta));
        if value > to_beat {
            best = Valued {
                value,
                square: Some(square),
            };
        }
        if best.value >= window.beta {
            break;
        }
    }
    if T::LEARNS {
        if let Some(square) = best.square {
            tree.learn(&DepthNode::root(position, depth), &child(square));
        }
    }
    best
}
