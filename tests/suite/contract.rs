//! The `GameTree` contract (see `winmove::tree`), checked node by node on
//! every kind of tree the program searches: written trees, the board under
//! every set of enhancements, uniform trees, and recordings of them. And
//! the check itself: it catches trees that break the contract.

use std::cell::Cell;
use winmove::Value;
use winmove::game::random::{Rng, random_board};
use winmove::tree::board::{BoardNode, Position};
use winmove::tree::check_children;
use winmove::tree::ordered::{ChildOrder, OrderedTree};
use winmove::tree::recording::Recording;
use winmove::tree::uniform::{UniformTree, Values};
use winmove::tree::written::random::random_tree;
use winmove::{BoardTree, Enhancement, Enhancements, Mark};
use winmove::{Expansion, GameTree, Keys};

/// Checks the contract at every node below `node`, down to `depth` levels;
/// returns the number of nodes checked. Bounds must hold too: checked
/// against the values found below (exactly, where the whole subtree is
/// walked).
fn walk<T: GameTree>(tree: &T, node: &T::Node, depth: usize) -> (usize, Option<Value>) {
    match tree.expand(node) {
        Expansion::Leaf(v) => (1, Some(v)),
        Expansion::Inner(children) => {
            check_children(tree, node, children.clone());
            let mut count = 1;
            let mut values = Vec::new();
            for child in children {
                if depth > 0 {
                    let (n, v) = walk(tree, &child, depth - 1);
                    count += n;
                    values.push(v);
                }
            }
            let exact = (depth > 0 && values.iter().all(Option::is_some)).then(|| {
                let values = values.iter().flatten().copied();
                if tree.is_max(node) {
                    values.max().expect("a child")
                } else {
                    values.min().expect("a child")
                }
            });
            if let Some(v) = exact {
                assert!(
                    tree.lower_bound(node) <= v && v <= tree.upper_bound(node),
                    "bounds of {node:?} exclude its value {v}"
                );
            }
            (count, exact)
        }
    }
}

#[test]
fn written_and_uniform_trees_and_their_recordings_keep_the_contract() {
    let mut rng = Rng::new(7);
    for _ in 0..300 {
        let tree = random_tree(&mut rng, 4, 5, 20, -3, 3);
        walk(&tree, &tree.root(), usize::MAX);
        let root = tree.root();
        let recording = Recording::new(tree, root);
        walk(&recording, &recording.root(), usize::MAX);
    }
    for (b, d) in [(1, 5), (2, 8), (5, 4), (8, 3)] {
        let tree = UniformTree::new(b, d, 3, 0, Values::Wide);
        let (nodes, _) = walk(&tree, &tree.root(), usize::MAX);
        assert_eq!(
            nodes as u64,
            (0..=d).map(|k| (b as u64).pow(k)).sum::<u64>()
        );
    }
    for order in [
        ChildOrder::Random,
        ChildOrder::Best,
        ChildOrder::Worst,
        ChildOrder::STRONG,
    ] {
        let tree = OrderedTree::new((1, 4), 6, order, Values::Wide, 3, 0).unwrap();
        walk(&tree, &tree.root(), usize::MAX);
    }
}

#[test]
fn the_board_keeps_the_contract_under_every_set_of_enhancements() {
    let mut rng = Rng::new(11);
    let mut sets = vec![Enhancements::DEFAULT, Enhancements::NONE];
    for enhancement in Enhancement::ALL {
        sets.push(Enhancements::NONE.with(enhancement));
    }
    let mut checked = 0;
    for _ in 0..60 {
        let pieces = 7 + rng.below(6) as usize;
        let x = pieces / 2 + rng.below(2) as usize;
        let board = random_board(&mut rng, x, pieces - x);
        for to_move in [Mark::X, Mark::O] {
            let root = BoardNode::root(Position { board, to_move });
            for &set in &sets {
                let tree = BoardTree::new(set);
                checked += walk(&tree, &root, 4).0;
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
}

#[test]
fn keys_without_tt_name_paths_and_tell_every_node_apart() {
    // Every node of a raw tree below one root gets its own key.
    let board = random_board(&mut Rng::new(5), 4, 4);
    let tree = BoardTree::new(Enhancements::NONE);
    assert_eq!(tree.keys(), Keys::Nodes);
    let mut keys = std::collections::HashSet::new();
    let mut stack = vec![BoardNode::root(Position {
        board,
        to_move: Mark::X,
    })];
    while let Some(node) = stack.pop() {
        assert!(keys.insert(tree.key(&node).unwrap()), "{node:?}");
        if let Expansion::Inner(children) = tree.expand(&node) {
            stack.extend(children);
        }
    }
    assert!(keys.len() > 10_000, "{}", keys.len());
}

/// A tree that breaks the contract in a chosen way.
struct Broken {
    how: &'static str,
    expansions: Cell<u32>,
}

impl GameTree for Broken {
    type Node = (u32, bool);
    type Children = std::vec::IntoIter<(u32, bool)>;

    fn is_max(&self, node: &(u32, bool)) -> bool {
        node.1
    }

    fn expand(&self, &(depth, max): &(u32, bool)) -> Expansion<Self::Children> {
        if depth == 2 {
            return Expansion::Leaf(0);
        }
        self.expansions.set(self.expansions.get() + 1);
        let children = match self.how {
            "no child" => vec![],
            "same level" => vec![(depth + 1, max)],
            // A different number of children every time.
            _ => (0..self.expansions.get())
                .map(|_| (depth + 1, !max))
                .collect(),
        };
        Expansion::Inner(children.into_iter())
    }
}

#[test]
fn the_check_catches_each_breach() {
    for how in ["no child", "same level", "unstable"] {
        let tree = Broken {
            how,
            expansions: Cell::new(0),
        };
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            walk(&tree, &(0, true), usize::MAX);
        }));
        assert!(caught.is_err(), "{how} was not caught");
    }
}

/// With the switch on (the test profile keeps debug assertions), every
/// backend checks the contract at each expansion it makes: silent on
/// trees that keep it, a panic on each breach.
#[test]
fn every_backend_checks_the_contract_at_each_expansion_when_asked() {
    use winmove::{Algo, Settings, Window};
    winmove::tree::check_contract(true);
    let mut rng = Rng::new(3);
    let trees: Vec<_> = (0..20)
        .map(|_| random_tree(&mut rng, 3, 4, 12, -3, 3))
        .collect();
    for algo in Algo::all_built() {
        for tree in &trees {
            let mut search = algo.make(&Settings::default()).unwrap();
            search.search(tree, tree.root(), Window::FULL);
        }
        for how in ["no child", "same level", "unstable"] {
            let tree = Broken {
                how,
                expansions: Cell::new(0),
            };
            let mut search = algo.make(&Settings::default()).unwrap();
            let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                search.search(&tree, (0, true), Window::FULL);
            }));
            assert!(caught.is_err(), "{algo}: {how} was not caught");
        }
    }
    winmove::tree::check_contract(false);
    let tree = Broken {
        how: "unstable",
        expansions: Cell::new(0),
    };
    let mut search = Algo::AlphaBeta.make(&Settings::default()).unwrap();
    search.search(&tree, (0, true), Window::FULL);
}
