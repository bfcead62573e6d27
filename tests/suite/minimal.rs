//! The minimal tree against references of the test's own: the fewest
//! leaves whose values settle the root's value, found by trying every set
//! of leaves of small trees; Knuth and Moore's count on uniform trees of
//! distinct values; every backend at or above it, and alpha-beta on it
//! when the best move always comes first.

use crate::common::built_algos;
use winmove::answer::minimal::answer_minimal;
use winmove::answer::minimal::value_minimal;
use winmove::answer::value::value_of;
use winmove::game::eval::Eval;
use winmove::game::random::random_board;
use winmove::game::random::{BoardClass, Rng};
use winmove::search::minimal::{
    Goal, Memo, MemoBudget, UNPROVABLE, minimal_tree, no_key, proof_costs,
};
use winmove::tree::board::{DepthNode, DepthTree, Position};
use winmove::tree::uniform::{UniformTree, Values};
use winmove::{
    Algo, BoardTree, Enhancement, Enhancements, ExplicitTree, INF, Settings, Solver, Value, Window,
};
use winmove::{Expansion, GameTree, Mark};

/// A tree of the test's own.
#[derive(Clone, Debug)]
enum Node {
    Leaf(Value),
    Inner(Vec<Node>),
}

impl Node {
    /// Bracket notation.
    fn text(&self) -> String {
        match self {
            Node::Leaf(v) if *v == INF => "inf".into(),
            Node::Leaf(v) if *v == -INF => "-inf".into(),
            Node::Leaf(v) => v.to_string(),
            Node::Inner(kids) => {
                let kids: Vec<String> = kids.iter().map(Node::text).collect();
                format!("[{}]", kids.join(","))
            }
        }
    }

    fn explicit(&self) -> ExplicitTree {
        ExplicitTree::parse(&self.text()).unwrap()
    }

    fn leaves(&self) -> usize {
        match self {
            Node::Leaf(_) => 1,
            Node::Inner(kids) => kids.iter().map(Node::leaves).sum(),
        }
    }

    /// Minimax with the leaves numbered left to right: leaf `i` takes
    /// `known(i)`'s value if given, else `other`.
    fn value_with(
        &self,
        max: bool,
        next: &mut usize,
        known: &dyn Fn(usize) -> bool,
        other: Value,
    ) -> Value {
        match self {
            Node::Leaf(v) => {
                *next += 1;
                if known(*next - 1) { *v } else { other }
            }
            Node::Inner(kids) => {
                let values = kids.iter().map(|k| k.value_with(!max, next, known, other));
                if max {
                    values.max().unwrap()
                } else {
                    values.min().unwrap()
                }
            }
        }
    }

    fn value(&self) -> Value {
        self.value_with(true, &mut 0, &|_| true, 0)
    }

    /// The children sorted best first for the player to move, at every node.
    fn best_first(&self, max: bool) -> Node {
        match self {
            Node::Leaf(v) => Node::Leaf(*v),
            Node::Inner(kids) => {
                let mut kids: Vec<Node> = kids.iter().map(|k| k.best_first(!max)).collect();
                kids.sort_by_key(|k| {
                    let v = k.value_with(!max, &mut 0, &|_| true, 0);
                    if max { -(v as i64) } else { v as i64 }
                });
                Node::Inner(kids)
            }
        }
    }
}

/// A random tree of at most `depth` levels and `most` children a node,
/// values from `values`.
fn random(rng: &mut Rng, depth: u32, most: u64, values: &[Value]) -> Node {
    if depth == 0 || (depth < 3 && rng.below(4) == 0) {
        return Node::Leaf(values[rng.below(values.len() as u64) as usize]);
    }
    let n = 1 + rng.below(most);
    Node::Inner(
        (0..n)
            .map(|_| random(rng, depth - 1, most, values))
            .collect(),
    )
}

/// Which leaves (numbered left to right) are looked at.
type Known<'a> = &'a dyn Fn(usize) -> bool;

/// A value beyond every leaf, for the leaves not looked at.
const BEYOND: Value = INF + 1;

/// The fewest leaves whose values settle whether the root's value is
/// `>= a` (`lower`) or `<= b` (`!lower`) or both, by trying every set: a set
/// settles it if it still holds when every other leaf is as bad as can be
/// (minimax is monotone, so the two extreme fillings are the worst cases).
fn fewest(tree: &Node, holds: &dyn Fn(Known) -> bool) -> u64 {
    let n = tree.leaves();
    (0u32..1 << n)
        .filter(|set| holds(&|i| set >> i & 1 == 1))
        .map(|set| set.count_ones() as u64)
        .min()
        .unwrap_or(UNPROVABLE)
}

fn at_least(tree: &Node, a: Value) -> u64 {
    fewest(tree, &|known| {
        tree.value_with(true, &mut 0, known, -BEYOND) >= a
    })
}

fn at_most(tree: &Node, b: Value) -> u64 {
    fewest(tree, &|known| {
        tree.value_with(true, &mut 0, known, BEYOND) <= b
    })
}

fn both(tree: &Node, a: Value, b: Value) -> u64 {
    both_within(tree, a, b, BEYOND)
}

/// [`both`], every leaf not looked at known to lie in `-range..=range`:
/// with `range = INF`, nothing needs proving `>= -inf` or `<= inf`.
fn both_within(tree: &Node, a: Value, b: Value, range: Value) -> u64 {
    fewest(tree, &|known| {
        tree.value_with(true, &mut 0, known, -range) >= a
            && tree.value_with(true, &mut 0, known, range) <= b
    })
}

#[test]
fn the_minimal_tree_is_the_fewest_leaves_that_settle_the_value() {
    let mut rng = Rng::new(18);
    let mut checked = 0;
    while checked < 250 {
        // Few distinct values, so ties are everywhere; inf among them.
        let values: &[Value] = match checked % 3 {
            0 => &[0, 1],
            1 => &[-INF, 0, INF],
            _ => &[-3, -1, 0, 2, 5],
        };
        let tree = random(&mut rng, 4, 3, values);
        if tree.leaves() > 13 {
            continue;
        }
        checked += 1;
        let explicit = tree.explicit();
        let v = tree.value();
        assert_eq!(
            minimal_tree(&explicit, explicit.root(), no_key, MemoBudget::DEFAULT).unwrap(),
            (both(&tree, v, v), v),
            "{}",
            tree.text()
        );
        // Other goals: bounds that hold, that fail, and a pair apart.
        for (a, b) in [(v, v - 1), (v + 1, v), (v - 1, v + 1), (INF, INF - 1)] {
            let costs = proof_costs(
                &explicit,
                explicit.root(),
                Goal {
                    at_least: a,
                    at_most: b,
                },
                no_key,
                &mut Memo::default(),
            )
            .unwrap();
            let expected = (at_least(&tree, a), at_most(&tree, b), both(&tree, a, b));
            assert_eq!(
                (costs.at_least, costs.at_most, costs.both),
                expected,
                "{} a={a} b={b}",
                tree.text()
            );
        }
    }
}

/// A uniform tree of distinct values (a shuffled 0..b^d), best first at
/// every node if `ordered`.
fn distinct(rng: &mut Rng, b: usize, d: u32, ordered: bool) -> Node {
    let mut values: Vec<Value> = (0..b.pow(d) as Value).collect();
    for i in (1..values.len()).rev() {
        values.swap(i, rng.below(i as u64 + 1) as usize);
    }
    fn build(values: &mut std::slice::Iter<Value>, b: usize, d: u32) -> Node {
        if d == 0 {
            return Node::Leaf(*values.next().unwrap());
        }
        Node::Inner((0..b).map(|_| build(values, b, d - 1)).collect())
    }
    let tree = build(&mut values.iter(), b, d);
    if ordered { tree.best_first(true) } else { tree }
}

#[test]
fn knuth_and_moore_count_on_distinct_values_and_alpha_beta_meets_it_best_first() {
    let mut rng = Rng::new(1975);
    for b in 1..=4usize {
        for d in 0..=6u32 {
            if b.pow(d) > 5000 {
                continue;
            }
            let formula = (b.pow(d.div_ceil(2)) + b.pow(d / 2) - 1) as u64;
            for ordered in [false, true] {
                let tree = distinct(&mut rng, b, d, ordered).explicit();
                let (minimal, _) =
                    minimal_tree(&tree, tree.root(), no_key, MemoBudget::DEFAULT).unwrap();
                assert_eq!(minimal, formula, "b={b} d={d}");
                for algo in built_algos() {
                    let mut search = algo.make::<ExplicitTree>(&Settings::default()).unwrap();
                    search.search(&tree, tree.root(), Window::FULL);
                    let leaves = search.stats().leaves;
                    assert!(
                        leaves >= minimal,
                        "{algo} b={b} d={d}: {leaves} < {minimal}"
                    );
                    if ordered && algo == Algo::AlphaBeta {
                        assert_eq!(leaves, minimal, "b={b} d={d}");
                    }
                }
            }
        }
    }
}

#[test]
fn no_backend_goes_below_the_minimal_tree() {
    let mut rng = Rng::new(5);
    for i in 0..300 {
        let values: &[Value] = if i % 2 == 0 {
            &[0, 1, 2]
        } else {
            &[-INF, 0, INF]
        };
        let tree = random(&mut rng, 6, 4, values).explicit();
        let (minimal, value) =
            minimal_tree(&tree, tree.root(), no_key, MemoBudget::DEFAULT).unwrap();
        for algo in built_algos() {
            let mut search = algo.make::<ExplicitTree>(&Settings::default()).unwrap();
            assert_eq!(search.search(&tree, tree.root(), Window::FULL), value);
            // MCTS's solver knows that no leaf beats inf (a proven win), which
            // the minimal tree of a value does not assume: inf leaves aside.
            if algo.name() == "mcts" && i % 2 == 1 {
                continue;
            }
            assert!(search.stats().leaves >= minimal, "{algo}");
        }
    }
    for number in 0..10 {
        for values in [Values::Wide, Values::ZeroOne] {
            let tree = UniformTree::new(3, 6, 7, number, values);
            let (minimal, _) =
                minimal_tree(&tree, tree.root(), no_key, MemoBudget::DEFAULT).unwrap();
            for algo in built_algos() {
                let mut search = algo.make::<UniformTree>(&Settings::default()).unwrap();
                search.search(&tree, tree.root(), Window::FULL);
                assert!(search.stats().leaves >= minimal, "{algo}");
            }
        }
    }
}

#[test]
fn no_backend_answers_a_question_with_fewer_leaves_than_its_minimal_tree() {
    // Without the table: with it a search shares transposed subtrees.
    let without_tt = Enhancements::DEFAULT.without(Enhancement::Tt);
    let raw = Enhancements::NONE;
    let mut checked = 0;
    for (enhancements, class) in [(raw, BoardClass::Midgame), (without_tt, BoardClass::Sparse)] {
        let tree = BoardTree::new(enhancements);
        for board in class.boards(3, 12) {
            let minimal = answer_minimal(&tree, board, MemoBudget::DEFAULT).unwrap();
            checked += (minimal > 0) as u32;
            for algo in built_algos() {
                let backend = algo.make::<BoardTree>(&Settings::default()).unwrap();
                let mut solver = Solver::new(backend, enhancements);
                solver.winning_move(board);
                let leaves = solver.search().stats().leaves;
                assert!(leaves >= minimal, "{algo} {board:?}: {leaves} < {minimal}");
            }
        }
    }
    assert!(checked > 5, "{checked}");
}

/// The depth-limited tree below `node` as a tree of the test's own.
fn copy(tree: &DepthTree, node: DepthNode) -> Node {
    match tree.expand(&node) {
        Expansion::Leaf(v) => Node::Leaf(v),
        Expansion::Inner(children) => Node::Inner(children.map(|c| copy(tree, c)).collect()),
    }
}

#[test]
fn the_value_loops_minimal_tree_is_the_fewest_leaves_that_settle_its_value() {
    // The plain tree: the question's moves are then its root's children.
    let mut rng = Rng::new(17);
    let mut checked = 0;
    let mut lost = 0;
    for _ in 0..300 {
        let empty = 3 + rng.below(2) as usize;
        let x = (16 - empty) / 2;
        let board = random_board(&mut rng, x, 16 - empty - x);
        let eval = Eval::ALL[rng.below(2) as usize];
        let tree = DepthTree::new(Enhancements::NONE, eval);
        let depth = 1 + rng.below(3) as u32;
        let root = DepthNode::root(
            Position {
                board,
                to_move: Mark::X,
            },
            depth,
        );
        let node = copy(&tree, root);
        if node.leaves() > 16 {
            continue;
        }
        let v = node.value();
        // The loop knows every leaf lies in -inf..=inf.
        let expected = both_within(&node, v, v, INF);
        assert_eq!(
            value_minimal(&tree, board, depth, v, MemoBudget::DEFAULT).unwrap(),
            expected,
            "{eval} depth {depth} {}\n{board}",
            node.text()
        );
        checked += 1;
        lost += (v == -INF) as u32;
    }
    assert!(checked > 100 && lost >= 5, "{checked} {lost}");
}

#[test]
fn no_backend_values_a_question_with_fewer_leaves_than_its_minimal_tree() {
    let mut rng = Rng::new(8);
    for enhancements in [
        Enhancements::NONE,
        Enhancements::DEFAULT.without(Enhancement::Tt),
    ] {
        for _ in 0..30 {
            let empty = 6 + rng.below(6) as usize;
            let x = (16 - empty) / 2;
            let board = random_board(&mut rng, x, 16 - empty - x);
            let eval = Eval::ALL[rng.below(2) as usize];
            let tree = DepthTree::new(enhancements, eval);
            let depth = rng.below(5) as u32;
            for algo in built_algos() {
                let mut search = algo.make::<DepthTree>(&Settings::default()).unwrap();
                let valued = value_of(&tree, board, depth, Window::FULL, |c, w| {
                    search.search(&tree, c.node, w)
                });
                let minimal =
                    value_minimal(&tree, board, depth, valued.value, MemoBudget::DEFAULT).unwrap();
                let leaves = search.stats().leaves;
                assert!(
                    minimal != UNPROVABLE && leaves >= minimal,
                    "{algo} {board:?}: {leaves} < {minimal}"
                );
            }
        }
    }
}

/// The minimal= of `winmove ARGS --stats` on each case of `input`: its
/// case lines' last field.
fn minimal_fields(args: &[&str], input: &str) -> Vec<String> {
    let run = crate::common::winmove(&[args, &["--stats"]].concat(), input.as_bytes());
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    (run.stderr.lines())
        .filter(|l| l.starts_with("case="))
        .map(|l| l.split_once(" minimal=").unwrap().1.to_string())
        .collect()
}

#[test]
fn a_tree_counts_inf_as_a_value_and_the_value_loop_as_the_top() {
    // A backend searches a tree with the window (-oo, +oo), not knowing
    // inf is the largest value: inf at the root still needs every leaf
    // shown <= inf. One leaf would do for a search that knows it.
    for (text, full_window, knowing) in [("[inf,inf,inf]", 3, 1), ("[[-inf,3]]", 2, 1)] {
        let tree = ExplicitTree::parse(text).unwrap();
        let node = copy_explicit(&tree, tree.root());
        let v = node.value();
        assert_eq!(both(&node, v, v), full_window, "{text}");
        assert_eq!(both_within(&node, v, v, INF), knowing, "{text}");
        let shown = minimal_fields(&["tree"], text);
        assert_eq!(shown, [full_window.to_string()], "{text}");
    }
    // The value loop knows it: o's one winning reply to each of x's 4
    // moves proves -inf, nothing proves a move is at least -inf (the
    // audit's board, depth 2). Counted by hand and by the brute force.
    let question = "?\nxxox\no.oo\nxoox\nx...\n$\n";
    let board = winmove::protocol::Cases::new(question.as_bytes())
        .next()
        .unwrap()
        .unwrap()
        .board;
    let tree = DepthTree::new(Enhancements::NONE, Eval::Lines);
    let root = DepthNode::root(
        Position {
            board,
            to_move: Mark::X,
        },
        2,
    );
    let node = copy(&tree, root);
    assert_eq!(
        (node.value(), both_within(&node, -INF, -INF, INF)),
        (-INF, 4)
    );
    let args = ["value", "--plain", "--depth", "2"];
    assert_eq!(minimal_fields(&args, question), ["4"]);
    // Depth 1 (value 0) needs its 4 leaves; the case sums the depths.
    let iterative = minimal_fields(&[&args[..], &["--iterative"]].concat(), question);
    assert_eq!(iterative, ["4", "4", "8"]);
}

/// A written tree as a tree of the test's own.
fn copy_explicit(tree: &ExplicitTree, node: <ExplicitTree as GameTree>::Node) -> Node {
    match tree.expand(&node) {
        Expansion::Leaf(v) => Node::Leaf(v),
        Expansion::Inner(children) => {
            Node::Inner(children.map(|c| copy_explicit(tree, c)).collect())
        }
    }
}

#[test]
fn a_minimal_tree_over_its_budget_is_a_question_mark_and_the_run_goes_on() {
    // The first case of the statement to 10 plies needs about 3 MB of
    // positions, the second none.
    let run = crate::common::winmove(
        &[
            "value",
            "--plain",
            "--depth",
            "10",
            "--stats",
            "--minimal-memory",
            "1",
        ],
        crate::common::STATEMENT.as_bytes(),
    );
    assert_eq!(
        (run.status, run.stdout.as_str()),
        (Some(0), "0 (0,0)\ninf (0,1)\n")
    );
    let minimal: Vec<&str> = (run.stderr.lines())
        .map(|l| l.split_once(" minimal=").unwrap().1)
        .collect();
    assert_eq!(
        minimal,
        ["? (over 1 MB)", "1", "? (over 1 MB)"],
        "{}",
        run.stderr
    );
    let refused = crate::common::winmove(&["--minimal-memory", "1"], b"");
    assert_eq!(refused.status, Some(2), "without --stats");
}

#[cfg(target_os = "linux")]
#[test]
fn a_minimal_tree_short_of_memory_is_a_question_mark_after_the_answers() {
    // The empty board to 7 plies: the search needs about 4 MB, its
    // minimal tree about 16 MB; the statement's first case before it far
    // less.
    let input = format!(
        "{}?\n....\n....\n....\n....\n$\n",
        crate::common::FIRST_CASE
    );
    let args = ["value", "--plain", "--depth", "7"];
    let plain = crate::common::under_limit(12 * 1024, &args, input.as_bytes());
    let run = crate::common::under_limit(
        12 * 1024,
        &[&args[..], &["--stats"]].concat(),
        input.as_bytes(),
    );
    assert_eq!(
        (run.status, &run.stdout),
        (Some(0), &plain.stdout),
        "{}",
        run.stderr
    );
    assert_eq!(plain.stdout.lines().count(), 2);
    let minimal: Vec<&str> = (run.stderr.lines())
        .map(|l| l.split_once(" minimal=").unwrap().1)
        .collect();
    assert!(minimal[0].parse::<u64>().is_ok(), "{}", run.stderr);
    for unworked in &minimal[1..] {
        assert!(
            unworked.starts_with("? (out of memory at "),
            "{}",
            run.stderr
        );
    }
}

#[test]
fn compare_says_what_happened_where_a_ratio_is_no_number() {
    let table = |input: &str| {
        let run = crate::common::winmove(&["compare", "--boards", "-"], input.as_bytes());
        assert_eq!(run.status, Some(0), "{}", run.stderr);
        let rows: Vec<String> = (run.stdout.lines())
            .filter(|l| l.starts_with("| standard input |"))
            .map(str::to_string)
            .collect();
        rows
    };
    // The count shortcut and the forced moves answer both without search.
    let rows = table(crate::common::STATEMENT);
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert!(
        rows[0].starts_with("| standard input | every backend | 2 | no search: "),
        "{rows:?}"
    );
    // A static bound proves each move is no win without a leaf, but only
    // the third child of a node the searches reach: they evaluate leaves.
    let rows = table("?\n.oo.\n.x.x\n.x..\n..o.\n$\n");
    assert_eq!(rows.len(), built_algos().len());
    for row in rows {
        let cells: Vec<&str> = row.split(" | ").collect();
        assert_ne!(cells[3], "0.0", "{row}");
        assert_eq!(cells.last().unwrap(), &"∞ (none needed) |", "{row}");
    }
}
