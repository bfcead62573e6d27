//! Generated trees of known ordering, checked with a minimax of the
//! test's own: the best child is where the ordering says, exactly; and the
//! searches' leaf counts at the two extremes (alpha-beta evaluates exactly
//! the minimal tree when the best child comes first, nearly every leaf
//! when it comes last).

use winmove::search::minimal::{MemoBudget, minimal_tree, no_key};
use winmove::tree::ordered::{ChildOrder, OrderedNode, OrderedTree};
use winmove::tree::uniform::Values;
use winmove::{Algo, Expansion, GameTree, Settings, Value, Window};

/// The minimax value of `node`, written here.
fn minimax(tree: &OrderedTree, node: &OrderedNode) -> Value {
    match tree.expand(node) {
        Expansion::Leaf(v) => v,
        Expansion::Inner(kids) => {
            let values = kids.map(|k| minimax(tree, &k));
            if tree.is_max(node) {
                values.max().unwrap()
            } else {
                values.min().unwrap()
            }
        }
    }
}

/// At every inner node: the children's values, best first for the player
/// to move (`max` flips them so that larger is better).
fn each_node(tree: &OrderedTree, node: &OrderedNode, visit: &mut dyn FnMut(&[Value])) {
    if let Expansion::Inner(kids) = tree.expand(node) {
        let sign = if tree.is_max(node) { 1 } else { -1 };
        let kids: Vec<OrderedNode> = kids.collect();
        let goodness: Vec<Value> = kids.iter().map(|k| sign * minimax(tree, k)).collect();
        visit(&goodness);
        for kid in &kids {
            each_node(tree, kid, visit);
        }
    }
}

/// Where the best child is, checking it is the only best one.
fn best_place(goodness: &[Value]) -> usize {
    let top = *goodness.iter().max().unwrap();
    assert_eq!(
        goodness.iter().filter(|&&g| g == top).count(),
        1,
        "{goodness:?}"
    );
    goodness.iter().position(|&g| g == top).unwrap()
}

fn tree(b: (u32, u32), d: u32, order: ChildOrder, number: u64) -> OrderedTree {
    OrderedTree::new(b, d, order, Values::Wide, 7, number).unwrap()
}

#[test]
fn the_best_child_is_first_or_last_exactly() {
    for number in 0..20 {
        let best = tree((1, 5), 5, ChildOrder::Best, number);
        each_node(&best, &best.root(), &mut |g| assert_eq!(best_place(g), 0));
        let worst = tree((1, 5), 5, ChildOrder::Worst, number);
        each_node(&worst, &worst.root(), &mut |g| {
            assert!(g.is_sorted() && g.windows(2).all(|w| w[0] < w[1]), "{g:?}");
        });
        // The value each node was given is its minimax value.
        let root = best.root();
        assert_eq!(minimax(&best, &root), root.value);
    }
}

#[test]
fn strongly_ordered_trees_have_the_literatures_frequencies() {
    let (mut nodes, mut first, mut quarter) = (0u32, 0u32, 0u32);
    let mut counts = std::collections::HashSet::new();
    for number in 0..30 {
        let strong = tree((8, 12), 3, ChildOrder::STRONG, number);
        each_node(&strong, &strong.root(), &mut |g| {
            counts.insert(g.len());
            let at = best_place(g);
            nodes += 1;
            first += (at == 0) as u32;
            quarter += (at < g.len().div_ceil(4)) as u32;
        });
    }
    let share = |n: u32| n as f64 / nodes as f64;
    assert!(nodes > 2000, "{nodes}");
    assert!((share(first) - 0.70).abs() < 0.04, "{}", share(first));
    assert!((share(quarter) - 0.90).abs() < 0.03, "{}", share(quarter));
    assert_eq!(counts.len(), 5, "every count from 8 to 12: {counts:?}");
}

/// The minimax value of `node`, walked once: at every inner node, `visit`
/// is given the children's values, best first for the player to move
/// (larger is better).
fn walk(tree: &OrderedTree, node: &OrderedNode, visit: &mut dyn FnMut(&[Value])) -> Value {
    match tree.expand(node) {
        Expansion::Leaf(v) => v,
        Expansion::Inner(kids) => {
            let sign = if tree.is_max(node) { 1 } else { -1 };
            let goodness: Vec<Value> = kids.map(|k| sign * walk(tree, &k, visit)).collect();
            visit(&goodness);
            sign * goodness.iter().max().unwrap()
        }
    }
}

/// Marsland and Campbell's figures on every branching factor, small ones
/// included, where the first quarter (rounded up) is the first child alone
/// and so the first child is best at 90% of the nodes: measured on about
/// 5,000 nodes per branching factor, whose frequencies the documented
/// ones must be within 3 points of (more than four standard errors).
#[test]
fn strongly_ordered_trees_keep_both_figures_on_every_branching() {
    for b in 2u32..=8 {
        // Trees of at most 4,096 leaves, as many as make 5,000 nodes.
        let depth = 4096u32.ilog(b);
        let (mut nodes, mut first, mut quarter) = (0u32, 0u32, 0u32);
        let mut number = 0;
        while nodes < 5000 {
            let strong = tree((b, b), depth, ChildOrder::STRONG, number);
            walk(&strong, &strong.root(), &mut |g| {
                let at = best_place(g);
                nodes += 1;
                first += (at == 0) as u32;
                quarter += (at < g.len().div_ceil(4)) as u32;
            });
            number += 1;
        }
        let share = |n: u32| n as f64 / nodes as f64;
        let (want_first, want_quarter) = if b <= 4 { (0.90, 0.90) } else { (0.70, 0.90) };
        assert!(
            (share(first) - want_first).abs() < 0.03,
            "b={b}: first child best at {} of {nodes} nodes",
            share(first)
        );
        assert!(
            (share(quarter) - want_quarter).abs() < 0.03,
            "b={b}: best within the first quarter at {} of {nodes} nodes",
            share(quarter)
        );
    }
}

#[test]
fn alpha_beta_meets_the_minimal_tree_best_first_and_sees_nearly_every_leaf_worst_first() {
    for (b, d) in [(2u32, 6u32), (3, 5), (4, 4), (5, 3)] {
        let formula = b.pow(d.div_ceil(2)) as u64 + b.pow(d / 2) as u64 - 1;
        for number in 0..5 {
            let mut search = Algo::AlphaBeta
                .make::<OrderedTree>(&Settings::default())
                .unwrap();
            let best = tree((b, b), d, ChildOrder::Best, number);
            let (minimal, value) =
                minimal_tree(&best, best.root(), no_key, MemoBudget::DEFAULT).unwrap();
            assert_eq!(minimal, formula);
            assert_eq!(search.search(&best, best.root(), Window::FULL), value);
            assert_eq!(search.stats().leaves, minimal, "{b}:{d}");
            search.reset_stats();
            let worst = tree((b, b), d, ChildOrder::Worst, number);
            search.search(&worst, worst.root(), Window::FULL);
            // Only deep cutoffs remain: nearly every leaf.
            let leaves = search.stats().leaves;
            assert!(leaves * 10 >= (b as u64).pow(d) * 9, "{b}:{d}: {leaves}");
        }
    }
}

#[test]
fn random_branching_keeps_to_its_range_and_every_backend_agrees() {
    for number in 0..10 {
        for order in [ChildOrder::Random, ChildOrder::STRONG] {
            let t = tree((1, 4), 6, order, number);
            each_node(&t, &t.root(), &mut |g| assert!((1..=4).contains(&g.len())));
            let expected = minimax(&t, &t.root());
            for algo in Algo::all_built() {
                let mut search = algo.make::<OrderedTree>(&Settings::default()).unwrap();
                assert_eq!(
                    search.search(&t, t.root(), Window::FULL),
                    expected,
                    "{algo}"
                );
            }
        }
    }
}
