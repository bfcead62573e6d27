//! The literature's theorems about the search family, checked against
//! independent references on thousands of random trees and on boards:
//!
//! - every backend's value equals a plain minimax written here;
//! - deep cutoffs only add to shallow ones: alpha-beta evaluates no leaf the
//!   one-bound form skips, which evaluates no leaf minimax skips;
//! - Stockman (1979): SSS* evaluates no leaf alpha-beta skips;
//! - Plaat, Schaeffer, Pijls and de Bruin (1996): MT-SSS* evaluates exactly
//!   the leaves SSS* evaluates, in the same order;
//! - Reinefeld (1983): NegaScout evaluates no leaf alpha-beta skips;
//! - Knuth and Moore (1975): on perfectly ordered uniform trees, alpha-beta,
//!   SSS*, NegaScout, MT-SSS* and MTD(f) started at the value evaluate the
//!   minimal tree, b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves.
//!
//! Leaves are told apart by their path (the test's own [`Recorder`]), so a
//! leaf reached twice by a search counts twice and the same leaf seen by
//! two searches is the same leaf.

use crate::common::minimax;
use crate::common::recorder::Recorder;
use std::collections::HashSet;
use winmove::ExplicitTree;
use winmove::GameTree;
use winmove::game::random::{Rng, random_board};
use winmove::tree::board::{BoardNode, Position};
use winmove::tree::written::random::random_tree;
use winmove::{Algo, Search, Settings};
use winmove::{BoardTree, Enhancements, Mark};
use winmove::{INF, Value, Window};

/// The leaves a backend evaluates, in order, as recorder identities, and
/// the value it returns.
fn run<'a, T: GameTree>(
    recorder: &Recorder<'a, T>,
    root: T::Node,
    algo: Algo,
    settings: Settings,
) -> Option<(Value, Vec<u32>)> {
    let mut search = algo.make::<Recorder<'a, T>>(&settings)?;
    let value = search.search(recorder, recorder.root(root), Window::FULL);
    Some((value, recorder.take_leaves()))
}

/// Checks every theorem that applies on one tree.
fn check_all<T: GameTree>(tree: &T, root: T::Node, label: &str) {
    let truth = minimax(tree, &root);
    let recorder = Recorder::new(tree);
    let mut orders = Vec::new();
    for algo in Algo::all_built() {
        let settings = Settings {
            guess: truth,
            ..Settings::default()
        };
        let (value, leaves) = run(&recorder, root, algo, settings).expect("built");
        assert_eq!(value, truth, "{algo} on {label}");
        orders.push((algo, leaves));
    }
    let leaves = |algo: Algo| orders.iter().find(|(a, _)| *a == algo).map(|(_, l)| l);
    let set = |algo: Algo| leaves(algo).map(|l| l.iter().copied().collect::<HashSet<u32>>());
    let alphabeta = set(Algo::AlphaBeta).expect("always built");
    let shallow = set(Algo::AlphaBetaShallow).expect("always built");
    let all = set(Algo::Minimax).expect("always built");
    assert!(
        alphabeta.is_subset(&shallow),
        "alphabeta ⊆ one-bound on {label}"
    );
    assert!(shallow.is_subset(&all), "one-bound ⊆ minimax on {label}");
    if let Some(sss) = set(Algo::Sss) {
        assert!(
            sss.is_subset(&alphabeta),
            "Stockman: sss ⊆ alphabeta on {label}"
        );
    }
    if let (Some(sss), Some(mt)) = (leaves(Algo::Sss), leaves(Algo::MtSss)) {
        assert_eq!(
            mt, sss,
            "Plaat: mt-sss evaluates sss's leaves in sss's order on {label}"
        );
    }
    if let Some(negascout) = set(Algo::NegaScout) {
        assert!(
            negascout.is_subset(&alphabeta),
            "Reinefeld: negascout ⊆ alphabeta on {label}"
        );
    }
    for algo in [Algo::MtSss, Algo::MtDual, Algo::Mtdf] {
        if let Some(l) = leaves(algo) {
            let distinct: HashSet<_> = l.iter().collect();
            assert_eq!(
                distinct.len(),
                l.len(),
                "{algo} evaluates no leaf twice on {label}"
            );
        }
    }
}

/// A uniform tree in bracket notation whose leaves, left to right, are
/// `leaves`.
fn uniform_text(
    branching: usize,
    depth: usize,
    leaves: &mut impl Iterator<Item = Value>,
) -> String {
    if depth == 0 {
        return leaves.next().expect("enough leaves").to_string();
    }
    let children: Vec<String> = (0..branching)
        .map(|_| uniform_text(branching, depth - 1, leaves))
        .collect();
    format!("[{}]", children.join(","))
}

/// A uniform tree ordered for the searcher (`best_first`: the best child
/// first at every node, the others strictly worse: the minimal tree
/// suffices) or against it (the best child last).
fn ordered_text(
    branching: usize,
    depth: usize,
    value: Value,
    max: bool,
    best_first: bool,
) -> String {
    if depth == 0 {
        return value.to_string();
    }
    let children: Vec<String> = (0..branching as Value)
        .map(|j| {
            let rank = if best_first {
                j
            } else {
                branching as Value - 1 - j
            };
            let child = if max { value - rank } else { value + rank };
            ordered_text(branching, depth - 1, child, !max, best_first)
        })
        .collect();
    format!("[{}]", children.join(","))
}

#[test]
fn every_theorem_holds_on_thousands_of_random_trees() {
    let mut rng = Rng::new(1996);
    for i in 0..3000 {
        let branching = 1 + rng.below(5) as usize;
        let depth = 1 + rng.below(6) as usize;
        let text = match i % 6 {
            // Distinct values (almost surely), uniform shape.
            0 => {
                let mut values = (0..).map(|_| rng.range(-1_000_000, 1_000_000) as Value);
                uniform_text(branching, depth.min(5), &mut values)
            }
            // Heavy ties: three values, ragged depths.
            1 => random_tree(&mut rng, branching, depth, 25, -1, 1).to_string(),
            // Ties with the win values themselves.
            2 => random_tree(&mut rng, branching, depth, 15, -1, 1)
                .to_string()
                .replace("-1", "-inf")
                .replace('1', "inf"),
            // Ragged, a wider range.
            3 => random_tree(&mut rng, branching, depth, 35, -100, 100).to_string(),
            // Perfectly ordered and worst ordered.
            4 => ordered_text(branching, depth.min(5), 0, true, true),
            _ => ordered_text(branching, depth.min(5), 0, true, false),
        };
        let tree = ExplicitTree::parse(&text).expect("generated trees parse");
        check_all(&tree, tree.root(), &text);
    }
}

#[test]
fn every_theorem_holds_on_random_boards_raw_tree() {
    let mut rng = Rng::new(1568);
    let tree = BoardTree::new(Enhancements::NONE);
    for _ in 0..150 {
        let pieces = 8 + rng.below(6) as usize; // 3 to 8 empty squares
        let x = pieces / 2 + rng.below(2) as usize;
        let board = random_board(&mut rng, x, pieces - x);
        for to_move in [Mark::X, Mark::O] {
            let root = BoardNode::root(Position { board, to_move });
            check_all(&tree, root, &board.to_string());
        }
    }
}

#[test]
fn knuth_moore_minimal_tree_on_perfectly_ordered_trees() {
    for branching in 1..=5usize {
        for depth in 1..=6usize {
            let text = ordered_text(branching, depth, 0, true, true);
            let tree = ExplicitTree::parse(&text).unwrap();
            let minimal =
                branching.pow(depth.div_ceil(2) as u32) + branching.pow((depth / 2) as u32) - 1;
            let algos = [
                Algo::AlphaBeta,
                Algo::Sss,
                Algo::NegaScout,
                Algo::MtSss,
                Algo::Mtdf,
            ];
            for algo in algos.into_iter().filter(|a| a.built()) {
                // MTD(f) started at the value: the guess is the root's value, 0.
                let recorder = Recorder::new(&tree);
                let mut search = algo
                    .make::<Recorder<ExplicitTree>>(&Settings {
                        guess: 0,
                        ..Settings::default()
                    })
                    .unwrap();
                let root = recorder.root(tree.root());
                assert_eq!(search.search(&recorder, root, Window::FULL), 0);
                let leaves = recorder.leaves().len();
                assert_eq!(leaves, minimal, "{algo} on b={branching} d={depth}");
                assert_eq!(
                    search.stats().leaves as usize,
                    leaves,
                    "{algo}'s statistics on b={branching} d={depth}"
                );
            }
        }
    }
}

#[test]
fn values_and_null_windows_are_safe_at_the_win_values() {
    // Trees whose value is inf or -inf, and windows next to them.
    for text in [
        "inf",
        "-inf",
        "[inf,-inf]",
        "[[-inf,-inf],[inf,-inf]]",
        "[[inf],[inf,0]]",
    ] {
        let tree = ExplicitTree::parse(text).unwrap();
        let truth = minimax(&tree, &tree.root());
        for algo in Algo::all_built() {
            for guess in [-INF, 0, INF] {
                let mut search = algo
                    .make::<ExplicitTree>(&Settings {
                        guess,
                        ..Settings::default()
                    })
                    .unwrap();
                assert_eq!(
                    search.search(&tree, tree.root(), Window::FULL),
                    truth,
                    "{algo} on {text}"
                );
            }
        }
    }
}
