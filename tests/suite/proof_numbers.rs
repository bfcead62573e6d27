//! The proof-number backends (`pns`, `dfpn`) against the literature's
//! claims about them, on random trees and boards, leaves told apart by
//! their path (the tests' own [`Recorder`]):
//!
//! - Nagai (2002): df-pn expands a most-proving node at every step, as
//!   proof-number search does; so on a tree, its table holding every node,
//!   `dfpn` evaluates the leaves `pns` evaluates, in the same order, in
//!   every proof (one proof: a null window; on a board, the answer loop's
//!   window `(0, inf)`), and over the proofs of a whole search, `dfpn`'s
//!   table giving a node searched under another threshold the numbers
//!   `pns` works out from the tree it holds;
//! - on nodes too wide to read whole at each step, both choose, sum and
//!   bound exactly as they do on narrow ones;
//! - no leaf evaluated twice: `pns` holds what it expanded for the whole
//!   search, `dfpn` stores every leaf in its table;
//! - the Stockman-style claim fails: a proof-number search may evaluate a
//!   leaf alpha-beta skips, with the same null window; the smallest tree
//!   where it does is checked here.

#![cfg(all(feature = "pns", feature = "dfpn"))]

use crate::common::minimax;
use crate::common::recorder::Recorder;
use std::collections::HashSet;
use winmove::game::random::{Rng, random_board};
use winmove::search::stats::PASSES;
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

/// The leaves `pns` and `dfpn` evaluate searching `tree` for its exact
/// value, checked equal, in order, and each value checked against
/// minimax; the proofs the search took.
fn same_leaves_every_pass(tree: &ExplicitTree) -> u64 {
    let exact = minimax(tree, &tree.root());
    let recorder = Recorder::new(tree);
    let mut found = Vec::new();
    for algo in [Algo::Pns, Algo::Dfpn] {
        let mut search = algo.make::<Recorder<ExplicitTree>>(&Settings::default());
        let search = search.as_mut().expect("built");
        let value = search.search(&recorder, recorder.root(tree.root()), Window::FULL);
        assert_eq!(value, exact, "{algo} on {tree}");
        let passes = search.stats().get(PASSES).expect("counted");
        found.push((recorder.take_leaves(), passes));
    }
    assert_eq!(
        found[1], found[0],
        "dfpn's leaves and passes, pns's, on {tree}"
    );
    found[0].1
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
fn dfpn_evaluates_the_leaves_pns_evaluates_over_every_proof_of_a_search() {
    // The audit's tree (issue 29): pns evaluates 9 leaves in 2 proofs
    // (12 in 3 before the bisection started from its leaves' values),
    // df-pn restarting the nodes of earlier proofs evaluated fewer.
    let tree = ExplicitTree::parse("[[[[1,0],[1,1]],[[1,1],0]],[[[1,1],[1,1]],[[0,0],[0,0]]]]")
        .expect("parses");
    let (_, pns) = leaves(&tree, tree.root(), Algo::Pns, Window::FULL);
    assert_eq!(pns.len(), 9);
    assert!(same_leaves_every_pass(&tree) > 1);
    let mut several = 0;
    for tree in random_trees(29, 1200) {
        several += u64::from(same_leaves_every_pass(&tree) > 1);
    }
    assert!(several > 300, "{several} searches of several proofs");
}

/// A tree whose nodes have `WIDE` children and more (a tournament chooses
/// among them) as well as few, ragged, values tied often.
fn wide_tree(rng: &mut Rng, depth: usize) -> String {
    if depth == 0 || rng.below(5) == 0 {
        return (rng.below(5) as i64 - 2).to_string();
    }
    let count = if rng.below(3) == 0 {
        30 + rng.below(80)
    } else {
        1 + rng.below(3)
    };
    let children: Vec<String> = (0..count).map(|_| wide_tree(rng, depth - 1)).collect();
    format!("[{}]", children.join(","))
}

#[test]
fn wide_nodes_are_searched_as_narrow_ones_are() {
    // The summary of a wide node's children gives what reading them whole
    // gives (src/search/siblings.rs's tests check each step): here the
    // leaves still agree, in every proof, and the values are exact.
    let mut rng = Rng::new(30);
    for _ in 0..40 {
        let tree = ExplicitTree::parse(&wide_tree(&mut rng, 3)).expect("parses");
        same_leaves_every_pass(&tree);
    }
    // One node of 100,000 leaves, the last the only 1 (issue 30).
    let mut leaves = vec!["0"; 99_999];
    leaves.push("1");
    let tree = ExplicitTree::parse(&format!("[{}]", leaves.join(","))).expect("parses");
    same_leaves_every_pass(&tree);
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

/// Issue 28: on trees of leaves 0 to 9, every pass of either backend asks
/// about a threshold its leaves can reach (`lo < t <= hi`, the least and
/// greatest leaf, read here), never 536870914; and the trace's last step
/// says the root's value, as plain minimax gives it.
#[test]
fn the_passes_ask_within_the_leaves_and_the_trace_ends_on_the_value() {
    use winmove::search::event::{Conclusion, Kind};
    use winmove::search::trace::{EventLog, Sink};
    let mut rng = Rng::new(2809);
    for round in 0..30 {
        let tree = random_tree(&mut rng, 3, 4, 30, 0, 9);
        let values: Vec<Value> = (0..tree.node_count() as u32)
            .filter_map(|index| {
                tree.leaf_value(winmove::tree::written::TreeNode { index, max: true })
            })
            .collect();
        let (lo, hi) = (*values.iter().min().unwrap(), *values.iter().max().unwrap());
        for algo in [Algo::Pns, Algo::Dfpn] {
            let mut search = algo.make::<ExplicitTree>(&Settings::default()).unwrap();
            let log = EventLog::default();
            search.set_trace(Some(Sink::Events(log.clone())));
            let value = search.search(&tree, tree.root(), Window::FULL);
            assert_eq!(value, minimax(&tree, &tree.root()), "{algo} on {tree}");
            let events = log.take();
            for event in &events {
                if let Kind::Pass(_, window) = event.kind {
                    assert!(
                        lo <= window.beta && window.beta <= hi + 1,
                        "round {round}: {algo} asks >= {} on {tree}",
                        window.beta
                    );
                }
            }
            let last = events.last().expect("a trace");
            assert!(last.path.is_empty());
            assert_eq!(
                last.kind,
                Kind::Concluded(value, Conclusion::Exact),
                "{algo} on {tree}"
            );
        }
    }
}
