//! SSS* checked against a textbook SSS* written here (OPEN a plain list,
//! scanned) on random trees, step by step; and its memory.

use super::radix::RANK_BITS;
use super::*;
use crate::game::random::Rng;
use crate::search::trace::Sink;
use crate::tree::uniform::{UniformTree, Values};
use crate::tree::value::Bound;
use crate::tree::value::UNBOUNDED;
use crate::tree::written::random::random_tree;
use crate::tree::written::{ExplicitTree, TreeChildren, TreeNode};
use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;

/// What a search did: value, leaves in order, nodes, steps, max_open,
/// and the trace's rows.
#[derive(Debug, PartialEq, Eq)]
struct Run {
    value: Value,
    leaves: Vec<u32>,
    nodes: u64,
    steps: u64,
    max_open: u64,
    rows: Vec<String>,
}

/// A state of the textbook's OPEN.
#[derive(Clone)]
struct State {
    path: Vec<u32>,
    node: TreeNode,
    solved: bool,
    h: Value,
}

/// The node at `path`, walked down from the root.
fn node_at(tree: &ExplicitTree, path: &[u32]) -> TreeNode {
    path.iter().fold(tree.root(), |node, &k| {
        tree.children(node).nth(k as usize - 1).unwrap()
    })
}

/// A trace row as the textbook would list OPEN.
fn row(step: u64, case: Option<u8>, open: &[State]) -> String {
    let mut sorted = open.to_vec();
    sorted.sort_by(|a, b| b.h.cmp(&a.h).then_with(|| a.path.cmp(&b.path)));
    let mut row = format!("{step}: {}", case.map_or("-".into(), |c| c.to_string()));
    for s in sorted {
        let name = match s.path.is_empty() {
            true => "root".to_string(),
            false => s
                .path
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join("."),
        };
        let status = if s.solved { 'S' } else { 'L' };
        row.push_str(&format!("  {name},{status},{}", Bound(s.h)));
    }
    row
}

/// Stockman's SSS* as the textbooks write it: OPEN a plain list of
/// states with Dewey paths, scanned for the best and for the purge.
fn textbook(tree: &ExplicitTree, rows: bool) -> Run {
    let mut open = vec![State {
        path: vec![],
        node: tree.root(),
        solved: false,
        h: UNBOUNDED,
    }];
    let mut run = Run {
        value: 0,
        leaves: vec![],
        nodes: 0,
        steps: 0,
        max_open: 0,
        rows: vec![],
    };
    let mut case = None;
    loop {
        run.steps += 1;
        run.max_open = run.max_open.max(open.len() as u64);
        if rows {
            run.rows.push(row(run.steps, case, &open));
        }
        let best = (0..open.len())
            .max_by(|&a, &b| {
                (open[a].h.cmp(&open[b].h)).then_with(|| open[b].path.cmp(&open[a].path))
            })
            .unwrap();
        let s = open.swap_remove(best);
        if s.path.is_empty() && s.solved {
            run.value = s.h;
            return run;
        }
        let child = |path: &[u32], k: u32, node| {
            let path = path.iter().copied().chain([k]).collect();
            State {
                path,
                node,
                solved: false,
                h: s.h,
            }
        };
        let parent = &s.path[..s.path.len().saturating_sub(1)];
        case = Some(if !s.solved {
            // A node is expanded when its live state is popped.
            run.nodes += 1;
            match tree.leaf_value(s.node) {
                Some(v) => {
                    run.leaves.push(s.node.index);
                    let h = s.h.min(v);
                    open.push(State {
                        solved: true,
                        h,
                        ..s
                    });
                    1
                }
                None if !s.node.max => {
                    let first = tree.children(s.node).next().unwrap();
                    open.push(child(&s.path, 1, first));
                    2
                }
                None => {
                    for (j, c) in tree.children(s.node).enumerate() {
                        open.push(child(&s.path, j as u32 + 1, c));
                    }
                    3
                }
            }
        } else if !s.node.max {
            open.retain(|t| !t.path.starts_with(parent));
            let node = node_at(tree, parent);
            open.push(State {
                path: parent.to_vec(),
                node,
                solved: true,
                h: s.h,
            });
            4
        } else {
            let k = *s.path.last().unwrap();
            match tree.children(node_at(tree, parent)).nth(k as usize) {
                None => {
                    open.push(State {
                        path: parent.to_vec(),
                        node: node_at(tree, parent),
                        solved: true,
                        h: s.h,
                    });
                    5
                }
                Some(next) => {
                    open.push(child(parent, k + 1, next));
                    6
                }
            }
        });
    }
}

/// An explicit tree that logs the leaves searches evaluate.
struct Logged<'a> {
    tree: &'a ExplicitTree,
    leaves: RefCell<Vec<u32>>,
}

impl GameTree for Logged<'_> {
    type Node = TreeNode;
    type Children = TreeChildren;

    fn is_max(&self, node: &TreeNode) -> bool {
        node.max
    }

    fn expand(&self, node: &TreeNode) -> Expansion<TreeChildren> {
        let expansion = self.tree.expand(node);
        if let Expansion::Leaf(_) = expansion {
            self.leaves.borrow_mut().push(node.index);
        }
        expansion
    }
}

/// A writer whose bytes the test can read afterwards.
#[derive(Clone, Default)]
struct Shared(Rc<RefCell<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// This module's SSS* on `tree` (with its trace if `rows`).
fn ours(tree: &ExplicitTree, rows: bool) -> (Run, Footprint) {
    ours_narrowed(tree, rows, 0)
}

/// This module's SSS* on `tree` (with its trace if `rows`), its widest
/// interval narrowed by `bits`.
fn ours_narrowed(tree: &ExplicitTree, rows: bool, bits: u32) -> (Run, Footprint) {
    let logged = Logged {
        tree,
        leaves: RefCell::default(),
    };
    let mut sss = Sss::new();
    sss.narrowed = bits;
    let trace = Shared::default();
    if rows {
        sss.set_trace(Some(Sink::text(trace.clone())));
    }
    let value = sss.search(&logged, tree.root(), Window::FULL);
    let stats = sss.stats();
    let text = String::from_utf8(trace.0.take()).unwrap();
    let run = Run {
        value,
        leaves: logged.leaves.take(),
        nodes: stats.nodes,
        steps: stats.get(STEPS).unwrap(),
        max_open: stats.get(MAX_OPEN).unwrap(),
        rows: text.lines().map(str::to_string).collect(),
    };
    (run, sss.footprint())
}

/// Leaf values 2 and -2 of `text` become `inf` and `-inf`.
fn with_infinities(text: &str) -> String {
    let mut out = String::new();
    for token in text.split_inclusive(['[', ']', ',']) {
        let value = token.trim_end_matches(['[', ']', ',']);
        out.push_str(match value {
            "2" => "inf",
            "-2" => "-inf",
            v => v,
        });
        out.push_str(&token[value.len()..]);
    }
    out
}

#[test]
fn with_infinities_rewrites_only_whole_leaves() {
    assert_eq!(with_infinities("[[2,-2],[12,-1]]"), "[[inf,-inf],[12,-1]]");
}

#[test]
fn steps_like_the_textbook_on_random_trees() {
    let mut rng = Rng::new(1568);
    let mut rekeys = 0;
    for i in 0..3000 {
        // Ragged trees: heavy ties, some infinite leaves, few values,
        // many values.
        let (branching, depth) = (1 + rng.below(5) as usize, 1 + rng.below(7) as usize);
        let (lo, hi) = [(0, 1), (-2, 2), (-1000, 1000)][i % 3];
        let leaf_chance = rng.below(40);
        let mut text = random_tree(&mut rng, branching, depth, leaf_chance, lo, hi).to_string();
        if i % 3 == 1 {
            text = with_infinities(&text);
        }
        let tree = ExplicitTree::parse(&text).unwrap();
        let expected = textbook(&tree, false);
        assert_eq!(ours(&tree, false).0, expected, "{text}");
        // Intervals of 15 at most run out at every other MAX node.
        let (run, footprint) = ours_narrowed(&tree, false, 60);
        assert_eq!(run, expected, "{text}");
        rekeys += footprint.rekeys;
        // With the trace on (every state is then stored at once), row by
        // row, for trees of a few hundred leaves at most.
        if tree.leaf_count() < 300 {
            let expected = textbook(&tree, true);
            assert_eq!(ours(&tree, true).0, expected, "{text}");
            assert_eq!(ours_narrowed(&tree, true, 60).0, expected, "{text}");
        }
    }
    assert!(rekeys > 1000, "{rekeys}");
}

/// A spine of `depth` nodes, each with 1 to 3 children, one of them
/// the rest of the spine (at random below a MAX node, first below a
/// MIN node, so that SSS* goes all the way down), the others small
/// random trees.
fn spine(rng: &mut Rng, depth: usize, max: bool) -> String {
    if depth == 0 {
        return rng.range(-2, 2).to_string();
    }
    let n = 1 + rng.below(3);
    let at = if max { rng.below(n) } else { 0 };
    let children: Vec<String> = (0..n)
        .map(|i| match i == at {
            true => spine(rng, depth - 1, !max),
            false => random_tree(rng, 3, 2, 50, -2, 2).to_string(),
        })
        .collect();
    format!("[{}]", children.join(","))
}

#[test]
fn steps_like_the_textbook_when_intervals_run_out() {
    let mut rng = Rng::new(2);
    for depth in [150, 400, 1000] {
        for _ in 0..2 {
            let text = with_infinities(&spine(&mut rng, depth, true));
            let tree = ExplicitTree::parse(&text).unwrap();
            for rows in [false, depth < 200] {
                let (run, footprint) = ours(&tree, rows);
                assert!(footprint.rekeys > 0, "{depth}");
                assert_eq!(run, textbook(&tree, rows), "{text}");
            }
        }
    }
}

/// A chain of `depth` single children above a node with `leaves`
/// leaves (values 0, 1, 2, ...).
fn chain(depth: usize, leaves: usize) -> ExplicitTree {
    let bottom: Vec<String> = (0..leaves).map(|v| v.to_string()).collect();
    let text = format!(
        "{}[{}]{}",
        "[".repeat(depth),
        bottom.join(","),
        "]".repeat(depth)
    );
    ExplicitTree::parse(&text).unwrap()
}

#[test]
fn memory_follows_open_not_the_nodes_generated() {
    // Below a MIN node at the end of a deep chain, OPEN holds one state
    // at a time while SSS* goes through 100,000 leaves.
    let depth = 1997;
    let (run, footprint) = ours(&chain(depth, 100_000), false);
    assert_eq!((run.value, run.max_open), (0, 1));
    assert_eq!(run.leaves.len(), 100_000);
    assert!(footprint.records <= 2 * (depth + 2), "{footprint:?}");
    // Uniform trees: records are held for states and their ancestors,
    // heap entries for states (and as many stale ones at most).
    for (branching, depth) in [(2, 20), (3, 13), (4, 12), (8, 7), (8, 8)] {
        let tree = UniformTree::new(branching, depth, 9, 0, Values::Wide);
        let mut sss = Sss::new();
        sss.search(&tree, tree.root(), Window::FULL);
        let (most, footprint) = (sss.max_open as usize, sss.footprint());
        let depth = depth as usize;
        let shape = format!("{branching}:{depth} {footprint:?} max_open={most}");
        // A binary tree holding 2^k states has about 4 * 2^k nodes; SSS*
        // generates many times more.
        assert!(footprint.records <= 5 * most + 2 * depth, "{shape}");
        assert!(
            footprint.records * 8 < sss.stats().nodes as usize,
            "{shape}"
        );
        assert!(footprint.stack <= 2 * (most + depth), "{shape}");
        let kept_when_empty = 64 * (RANK_BITS + 1);
        assert!(footprint.heap <= 4 * most + kept_when_empty, "{shape}");
    }
}

/// The root's child is a MIN node with two children: a leaf worth 3, and
/// a MAX node with as many children as a `u32` can number, each a leaf
/// worth 5. Nodes are numbered: the root 0, the MIN node 1, its children
/// 2 and 3, the MAX node's children from 4 on.
struct Wide;

impl GameTree for Wide {
    type Node = u64;
    type Children = std::ops::Range<u64>;

    fn is_max(&self, node: &u64) -> bool {
        matches!(node, 0 | 2 | 3)
    }

    fn expand(&self, node: &u64) -> Expansion<std::ops::Range<u64>> {
        match node {
            0 => Expansion::Inner(1..2),
            1 => Expansion::Inner(2..4),
            2 => Expansion::Leaf(3),
            3 => Expansion::Inner(4..4 + u32::MAX as u64),
            _ => Expansion::Leaf(5),
        }
    }
}

#[test]
fn a_max_node_with_as_many_children_as_u32_numbers_is_searched() {
    // Case 3 adds the wide node's children at merit 3; the first is
    // solved at 3 and case 4 purges the others.
    let mut sss = Sss::new();
    assert_eq!(sss.search(&Wide, 0, Window::FULL), 3);
    let stats = sss.stats();
    assert_eq!((stats.leaves, stats.nodes), (2, 5));
}
