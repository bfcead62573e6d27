//! The proof-number backends (`pns`, `dfpn`) against the literature's
//! claims about them, on random trees and boards, leaves told apart by
//! their path (the tests' own [`Recorder`]):
//!
//! - Nagai (2002): df-pn expands a most-proving node at every step, as
//!   proof-number search does; so on a tree, its table holding every node,
//!   `dfpn` evaluates the leaves `pns` evaluates, in the same order, in
//!   every proof (one proof: a null window; on a board, the answer loop's
//!   window `(0, inf)`);
//! - no leaf evaluated twice: `pns` holds what it expanded for the whole
//!   search, `dfpn` stores every leaf in its table;
//! - the Stockman-style claim fails: a proof-number search may evaluate a
//!   leaf alpha-beta skips, with the same null window; the smallest tree
//!   where it does is checked here.

#![cfg(all(feature = "pns", feature = "dfpn"))]

use crate::common::recorder::Recorder;
use std::collections::HashSet;
use winmove::game::random::{Rng, random_board};
use winmove::tree::board::{BoardNode, Position};
use winmove::tree::written::random::random_tree;
use winmove::{Algo, ExplicitTree, Search, Settings};
use winmove::{BoardTree, Enhancements, Mark};
use winmove::{GameTree, INF, Value, Window};

/// The leaves `algo` evaluates searching `root` with `window`, in order,
/// and the result.
fn leaves<T: GameTree>(tree: &T, root: T::Node, algo: Algo, window: Window) -> (Value, Vec<u32>) {
    let recorder = Recorder::new(tree);
    let mut search = algo
        .make::<Recorder<T>>(&Settings::default())
        .expect("built");
    let value = search.search(&recorder, recorder.root(root), window);
    (value, recorder.take_leaves())
}

fn distinct(leaves: &[u32]) -> bool {
    leaves.iter().collect::<HashSet<_>>().len() == leaves.len()
}

/// Random trees: small values so that ties are many, ragged depths.
fn random_trees(seed: u64, count: usize) -> Vec<ExplicitTree> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|_| {
            let branching = 1 + rng.below(4) as usize;
            let depth = 1 + rng.below(6) as usize;
            let text = random_tree(&mut rng, branching, depth, 30, -3, 3).to_string();
            ExplicitTree::parse(&text).expect("generated trees parse")
        })
        .collect()
}

#[test]
fn nagai_dfpn_evaluates_the_leaves_pns_evaluates_in_each_proof() {
    for tree in random_trees(2002, 1500) {
        for t in -3..=4 {
            let window = Window::at_least(t);
            let (value, pns) = leaves(&tree, tree.root(), Algo::Pns, window);
            let (dfpn_value, dfpn) = leaves(&tree, tree.root(), Algo::Dfpn, window);
            assert_eq!(dfpn, pns, "{tree}, value >= {t}?");
            assert_eq!(dfpn_value >= t, value >= t, "{tree}, value >= {t}?");
        }
    }
    // On boards, one proof per move: "does x win after it?" (the raw
    // tree, whose keys name paths).
    let tree = BoardTree::new(Enhancements::NONE);
    let mut rng = Rng::new(1994);
    for _ in 0..80 {
        let pieces = 8 + rng.below(5) as usize; // 4 to 8 empty squares
        let x = pieces / 2 + rng.below(2) as usize;
        let board = random_board(&mut rng, x, pieces - x);
        let root = BoardNode::root(Position {
            board,
            to_move: Mark::O,
        });
        let window = Window::new(0, INF);
        let (value, pns) = leaves(&tree, root, Algo::Pns, window);
        let (dfpn_value, dfpn) = leaves(&tree, root, Algo::Dfpn, window);
        assert_eq!(dfpn, pns, "{board}");
        assert_eq!(dfpn_value == INF, value == INF, "{board}");
    }
}

#[test]
fn neither_evaluates_a_leaf_twice_over_the_passes_of_a_search() {
    for tree in random_trees(1994, 1000) {
        for algo in [Algo::Pns, Algo::Dfpn] {
            let (_, leaves) = leaves(&tree, tree.root(), algo, Window::FULL);
            assert!(distinct(&leaves), "{algo} on {tree}");
        }
    }
}

/// Stockman's theorem for SSS* (no leaf alpha-beta skips) has no
/// counterpart here: asked whether the value of `[[1,1],0]` is at least 1,
/// alpha-beta with the null window `(0, 1)` proves it with the first
/// child's two leaves and skips the leaf 0, while proof-number search,
/// once the first child shows a proof number of 2 (a MIN node: both leaves
/// needed), turns to the leaf 0, whose proof number is 1. No smaller tree
/// does it: with two leaves or fewer, either the first leaf answers or
/// alpha-beta evaluates every leaf too.
#[test]
fn the_stockman_style_claim_fails_on_the_smallest_tree() {
    let tree = ExplicitTree::parse("[[1,1],0]").unwrap();
    let window = Window::at_least(1);
    let (_, alphabeta) = leaves(&tree, tree.root(), Algo::AlphaBeta, window);
    for algo in [Algo::Pns, Algo::Dfpn] {
        let (value, found) = leaves(&tree, tree.root(), algo, window);
        assert!(value >= 1, "{algo}");
        assert_eq!(found.len(), 3, "{algo}: every leaf");
        assert_eq!(alphabeta.len(), 2, "alpha-beta: the first child's two");
        let skipped: Vec<u32> = found
            .into_iter()
            .filter(|l| !alphabeta.contains(l))
            .collect();
        assert_eq!(
            skipped.len(),
            1,
            "{algo}: the leaf 0, which alpha-beta skips"
        );
    }
    // And on every smaller tree (two leaves at most, values 0 and 1), the
    // claim holds.
    for text in [
        "0",
        "1",
        "[0]",
        "[1]",
        "[0,1]",
        "[1,0]",
        "[[0]]",
        "[[1],0]",
        "[[0],1]",
        "[0,[1]]",
        "[[0,1]]",
        "[[1,0]]",
        "[[0],[1]]",
        "[[1],[0]]",
    ] {
        let tree = ExplicitTree::parse(text).unwrap();
        let (_, alphabeta) = leaves(&tree, tree.root(), Algo::AlphaBeta, window);
        for algo in [Algo::Pns, Algo::Dfpn] {
            let (_, found) = leaves(&tree, tree.root(), algo, window);
            assert!(
                found.iter().all(|l| alphabeta.contains(l)),
                "{algo} on {text}"
            );
        }
    }
}
