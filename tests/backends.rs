//! The backends against each other: Stockman's theorem, Knuth and Moore's
//! minimal tree, and equal values and answers everywhere.

mod common;

use common::recorder::Recorder;
use std::collections::HashSet;
use winmove::explicit::ExplicitTree;
use winmove::gen::{random_board, random_tree, Rng};
use winmove::search::alphabeta::{AlphaBeta, Pruning};
use winmove::search::{Algo, Search, Settings};
use winmove::tree::GameTree;
use winmove::value::{Value, Window};
use winmove::{BoardNode, BoardTree, Enhancements, Mark, Position, Solver};

/// The value and the set of leaves (by path) a backend evaluates.
fn leaves_of<'a, T: GameTree>(
    recorder: &Recorder<'a, T>,
    root: T::Node,
    search: &mut impl Search<Recorder<'a, T>>,
) -> (Value, HashSet<u32>) {
    let value = search.search(recorder, recorder.root(root), Window::FULL);
    (value, recorder.take_leaves().into_iter().collect())
}

/// Checks Stockman's theorem and equal values on one tree: SSS* evaluates
/// a subset of alpha-beta's leaves, which are a subset of the one-bound
/// form's; every backend returns minimax's value.
fn check_theorem<T: GameTree>(tree: &T, root: T::Node, label: &str) {
    let tree = &Recorder::new(tree);
    let (minimax, all) = leaves_of(tree, root, &mut AlphaBeta::new(Pruning::None));
    let (deep_value, deep) = leaves_of(tree, root, &mut AlphaBeta::new(Pruning::Deep));
    let (shallow_value, shallow) = leaves_of(tree, root, &mut AlphaBeta::new(Pruning::Shallow));
    assert_eq!(deep_value, minimax, "alphabeta on {label}");
    assert_eq!(shallow_value, minimax, "alphabeta-shallow on {label}");
    assert!(deep.is_subset(&shallow), "alphabeta ⊆ one-bound on {label}");
    assert!(shallow.is_subset(&all), "one-bound ⊆ minimax on {label}");
    #[cfg(feature = "sss")]
    {
        let (value, sss) = leaves_of(tree, root, &mut winmove::search::sss::Sss::new());
        assert_eq!(value, minimax, "sss on {label}");
        assert!(sss.is_subset(&deep), "sss ⊆ alphabeta on {label}");
    }
    #[cfg(feature = "scout")]
    {
        let (value, _) = leaves_of(tree, root, &mut winmove::search::scout::Scout::new());
        assert_eq!(value, minimax, "scout on {label}");
    }
}

#[test]
fn stockman_holds_on_thousands_of_random_trees() {
    let mut rng = Rng::new(1979);
    let mut shapes = 0;
    for i in 0..3000 {
        let branching = 1 + rng.below(5) as usize;
        let depth = 1 + rng.below(6) as usize;
        // Three-valued leaves (many ties), also as -inf, 0, inf; a small
        // range or a wide one; some trees end early here and there.
        let (lo, hi) = [(-1, 1), (-1, 1), (0, 3), (-1000, 1000)][i % 4];
        let leaf_chance = [0, 15, 35][i / 4 % 3];
        let mut text = random_tree(&mut rng, branching, depth, leaf_chance, lo, hi);
        if i % 4 == 1 {
            text = text.replace("-1", "-inf").replace('1', "inf");
        }
        let tree = ExplicitTree::parse(&text).expect("generated trees parse");
        check_theorem(&tree, tree.root(), &text);
        shapes += 1;
    }
    assert_eq!(shapes, 3000);
}

#[test]
fn stockman_holds_on_random_boards() {
    let mut rng = Rng::new(1568);
    let tree = BoardTree::new(Enhancements::NONE);
    for _ in 0..300 {
        let pieces = 7 + rng.below(6) as usize; // 4 to 9 empty squares
        let x = pieces / 2 + rng.below(2) as usize;
        let board = random_board(&mut rng, x, pieces - x);
        let root = BoardNode::root(Position {
            board,
            to_move: Mark::X,
        });
        check_theorem(&tree, root, &winmove::gen::rows(board));
    }
}

/// A perfectly ordered uniform tree: at every node the first child is the
/// best, the others strictly worse, so alpha-beta needs only the minimal tree.
fn perfectly_ordered(branching: usize, depth: usize, value: i32, max: bool) -> String {
    if depth == 0 {
        return value.to_string();
    }
    let children: Vec<String> = (0..branching as i32)
        .map(|j| {
            let child = if max { value - j } else { value + j };
            perfectly_ordered(branching, depth - 1, child, !max)
        })
        .collect();
    format!("[{}]", children.join(","))
}

#[test]
fn knuth_moore_minimal_tree_on_perfectly_ordered_trees() {
    for branching in 2..=5usize {
        for depth in 1..=6usize {
            let tree = ExplicitTree::parse(&perfectly_ordered(branching, depth, 0, true)).unwrap();
            let minimal =
                branching.pow(depth.div_ceil(2) as u32) + branching.pow((depth / 2) as u32) - 1;
            for algo in ["alphabeta", "sss"]
                .into_iter()
                .filter_map(Algo::built_named)
            {
                let mut backend = algo.make::<ExplicitTree>(&Settings::default()).unwrap();
                assert_eq!(backend.search(&tree, tree.root(), Window::FULL), 0);
                assert_eq!(
                    backend.stats().leaves as usize,
                    minimal,
                    "{} on b={branching} d={depth}",
                    algo.name
                );
            }
        }
    }
}

#[test]
fn every_backend_gives_the_judge_answer_on_random_boards() {
    let mut judge = Solver::new(AlphaBeta::new(Pruning::Deep), Enhancements::ALL);
    let mut rng = Rng::new(2024);
    let boards: Vec<_> = (0..400)
        .map(|i| {
            if i % 2 == 0 {
                winmove::gen::uniform_question(&mut rng)
            } else {
                let pieces = 6 + rng.below(10) as usize;
                let x = (pieces / 2 + rng.below(3) as usize)
                    .saturating_sub(1)
                    .min(8);
                random_board(&mut rng, x, (pieces - x).min(8))
            }
        })
        .collect();
    let expected: Vec<_> = boards.iter().map(|&b| judge.winning_move(b)).collect();
    for algo in Algo::built() {
        for enhancements in [Enhancements::ALL, Enhancements::NONE] {
            let backend = algo.make::<BoardTree>(&Settings::default()).unwrap();
            let mut solver = Solver::new(backend, enhancements);
            for (board, want) in boards.iter().zip(&expected) {
                // The raw tree of sparse boards is too big for minimax and SSS*.
                if enhancements == Enhancements::NONE && board.empty().len() > 9 {
                    continue;
                }
                assert_eq!(
                    solver.winning_move(*board),
                    *want,
                    "{} with {enhancements:?} on\n{}",
                    algo.name,
                    winmove::gen::rows(*board)
                );
            }
        }
    }
}
