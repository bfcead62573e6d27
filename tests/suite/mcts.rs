//! Monte Carlo tree search (`--algo mcts`): what the registry's checks of
//! every backend do not say. Its runs are seeded (the same seed, the same
//! search to the byte); its memory is bounded and a full table still gives
//! the exact value; the move its anytime API plays, on trees whose answer
//! is worked out by hand. Beside it, the window contract of every backend
//! that uses a window (mcts is the first whose window changes when it
//! stops), against a plain minimax written here.

use crate::common::minimax;
use crate::common::winmove;
use winmove::game::random::Rng;
use winmove::search::mcts::{MctsOptions, best_after};
use winmove::{Algo, ExplicitTree, INF, Settings, Window};

/// A ragged random tree in bracket notation: 1 to 3 children, a leaf at
/// random before `depth`, values from a handful (ties) with the win values.
fn ragged(rng: &mut Rng, depth: u32) -> String {
    if depth == 0 || rng.below(4) == 0 {
        return match rng.below(7) {
            0 => "inf".to_string(),
            1 => "-inf".to_string(),
            k => (k as i64 - 4).to_string(),
        };
    }
    let children: Vec<String> = (0..1 + rng.below(3))
        .map(|_| ragged(rng, depth - 1))
        .collect();
    format!("[{}]", children.join(","))
}

/// The trees of these checks: ragged, ties, `inf` leaves.
fn trees(seed: u64, count: usize) -> Vec<ExplicitTree> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|_| ExplicitTree::parse(&ragged(&mut rng, 5)).expect("a tree"))
        .collect()
}

#[test]
fn every_backend_keeps_the_window_contract_against_a_plain_minimax() {
    let values = [-INF, -3, -2, -1, 0, 1, 2, INF];
    for (t, tree) in trees(31, 60).iter().enumerate() {
        let truth = minimax(tree, &tree.root());
        let mut windows = vec![Window::FULL];
        for &v in &values {
            windows.extend([
                Window::at_least(v),
                Window::above(v),
                Window::new(v - 1, v + 2),
            ]);
        }
        for algo in Algo::all_built() {
            let mut search = algo.make::<ExplicitTree>(&Settings::default()).unwrap();
            for &w in &windows {
                let v = search.search(tree, tree.root(), w);
                let holds = if v <= w.alpha {
                    truth <= v
                } else if v >= w.beta {
                    truth >= v
                } else {
                    truth == v
                };
                assert!(
                    holds,
                    "{algo} on tree {t} {tree} with {w}: {v}, value {truth}"
                );
            }
        }
    }
}

/// `winmove tree` with `args` on `input`: its standard error.
fn stderr(args: &[&str], input: &str) -> String {
    let run = winmove(args, input.as_bytes());
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    run.stderr
}

#[test]
fn the_same_seed_gives_the_same_stats_order_and_trace() {
    let input = std::fs::read_to_string("samples/stockman.tree").unwrap();
    let args = ["tree", "--algo", "mcts", "--stats", "--order", "--trace"];
    let first = stderr(&args, &input);
    assert!(first.contains("iteration 1\n") && first.contains("playouts="));
    assert_eq!(stderr(&args, &input), first);
    let seeded = [&args[..], &["--playout-seed", "1"]].concat();
    assert_eq!(stderr(&seeded, &input), first, "1 is the default");
    let other = [&args[..], &["--playout-seed", "2"]].concat();
    let second = stderr(&other, &input);
    assert_ne!(second, first, "another seed, other playouts");
    assert_eq!(stderr(&other, &input), second);
}

#[test]
fn a_full_table_still_gives_every_value_exactly() {
    for (t, tree) in trees(7, 40).iter().enumerate() {
        let truth = minimax(tree, &tree.root());
        for limit in [1, 3, 8] {
            let settings = Settings {
                table_size: limit,
                ..Settings::default()
            };
            let mut search = Algo::Mcts.make::<ExplicitTree>(&settings).unwrap();
            let value = search.search(tree, tree.root(), Window::FULL);
            assert_eq!(value, truth, "tree {t} {tree}, {limit} nodes");
        }
    }
}

#[test]
fn a_tree_too_big_to_hold_ends_with_its_value_and_a_warning() {
    let run = winmove(
        &[
            "tree",
            "--uniform",
            "4:10",
            "--algo",
            "mcts",
            "--table-size",
            "1000",
        ],
        b"",
    );
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    let reference = winmove(&["tree", "--uniform", "4:10"], b"");
    assert_eq!(run.stdout, reference.stdout, "alpha-beta's value");
    assert!(
        run.stderr
            .contains("warning: case 1: the table of nodes filled ("),
        "{}",
        run.stderr
    );
}

#[test]
fn best_after_plays_the_move_worked_out_by_hand() {
    // MAX at the root: min(3, 5) = 3 beats min(2, 9) = 2.
    let tree = ExplicitTree::parse("[[3,5],[2,9]]").unwrap();
    let plain = MctsOptions {
        solver: false,
        decisive: false,
        ..MctsOptions::default()
    };
    for options in [MctsOptions::default(), plain] {
        assert_eq!(best_after(&tree, tree.root(), 200, &options), Some(0));
    }
    // No playout yet: every child unvisited, the first.
    assert_eq!(best_after(&tree, tree.root(), 0, &plain), Some(0));
    // The second child wins at once (inf): proven, whatever was visited.
    let tree = ExplicitTree::parse("[[0,0,0],inf,[1,-inf]]").unwrap();
    assert_eq!(
        best_after(&tree, tree.root(), 3, &MctsOptions::default()),
        Some(1)
    );
    let leaf = ExplicitTree::parse("4").unwrap();
    assert_eq!(
        best_after(&leaf, leaf.root(), 10, &MctsOptions::default()),
        None
    );
}
