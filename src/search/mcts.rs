//! Monte Carlo tree search with the solver's bounds: Cazenave and
//! Saffidine's score-bounded MCTS (2010), which generalises Winands,
//! Björnsson and Saito's MCTS-Solver (2008) from won and lost games to
//! any leaf values.
//!
//! Each iteration of the search of a root:
//! - selection: from the root, down the held tree to a node not expanded
//!   yet, at each node the child of highest UCB1 score, `mean + C
//!   sqrt(ln N / n)` (the mean reward from the chooser's point of view, `N`
//!   the node's visits, `n` the child's, `C` the exploration, √2 unless
//!   told); a child never visited comes first, in the tree's order;
//! - expansion: the node reached is expanded; a leaf is its value, an
//!   inner node has its children added to the held tree;
//! - playout: from an inner node, random moves (seeded) down to a leaf
//!   (none if the node's children solved it: its value is the result);
//! - back-propagation: every node on the way back up counts a visit and
//!   the playout's reward, and works out its bounds again.
//!
//! A leaf value `v` (any integer, `-inf..=inf`) maps to a reward in
//! `[0, 1]` from MAX's point of view, `1/2 + v / (2 (|v| + 1))`: monotone,
//! so a larger value is always a larger reward; a draw (0) is 1/2, and
//! `inf` and `-inf` exactly 1 and 0 (on the board, whose values are
//! `-inf`, 0 and `inf`: loss, draw, win).
//!
//! The solver's bounds make it exact. Each held node keeps a pessimistic
//! and an optimistic bound on its value (from MAX's point of view: `lo`
//! and `hi`), from the leaves reached and the tree's static bounds, worked
//! out as in a minimax: at a MAX node the largest of its children's, at a
//! MIN node the smallest. Selection skips the children whose bounds
//! cannot matter (Cazenave and Saffidine's cuts): those already solved
//! (`lo = hi`), and at a MAX node those whose optimistic bound is at most
//! the most the node is already sure of (or the window's alpha), at a MIN
//! node likewise. Every iteration expands a new node or solves one, so the
//! search ends on any finite tree, when the root's bounds meet (its exact
//! value) or, with a window, when they settle it (`hi <= alpha` or `lo >=
//! beta`: the bound is returned, as the other backends' fail-soft
//! searches return it).
//!
//! Decisive and anti-decisive moves (Teytaud and Teytaud 2010) come from
//! what the tree knows, the way every backend gets the board's forced
//! moves: in its expansion. When a node is expanded, each child is
//! expanded too, so that a child that is a leaf is solved at once (a child
//! that wins for the mover solves the node; one that loses is never
//! selected); in a playout, a move to a leaf the mover wins (its best
//! possible value) is played at once, and moves to leaves the mover loses
//! are avoided while another is left. On the board with `forced`, a move
//! that leaves the opponent an immediate win is such a lost leaf, and a
//! forced block is the only child, so the playouts block what must be
//! blocked.
//!
//! Memory is bounded: the held tree has at most `--table-size` nodes. When
//! the children of the node reached do not fit, alpha-beta searches it
//! with the window that still matters there ([`held::without_room`]),
//! which settles it, and the backend says the table
//! [filled](Backend::filled_table). The same seed gives the same search.

use super::alphabeta::{AlphaBeta, Pruning};
use super::backend::{Backend, Search};
use super::bounded::Budget;
use super::event::{Kind, Milli, Reason};
use super::held::{self, BYTES, HELD};
use super::stats::{Counter, Counts, Stats};
use super::trace::Tracer;
use super::tt::Bounds;
use crate::tree::uniform::mix;
use crate::tree::value::{INF, Value, Window};
use crate::tree::{Expansion, GameTree};

/// Iterations: selection, expansion, playout, back-propagation.
pub const ITERATIONS: Counter = Counter::count(
    "iterations",
    "iterations: selection, expansion, playout, back-propagation (mcts)",
);

/// Random playouts from an inner node to a leaf.
pub const PLAYOUTS: Counter = Counter::count(
    "playouts",
    "random playouts from an inner node to a leaf (mcts)",
);

/// Moves played in playouts.
pub const PLAYOUT_PLIES: Counter =
    Counter::count("playout_plies", "moves played in the playouts (mcts)");

pub use super::backend::DEFAULT_SEED;

/// How the search runs: [`MctsOptions::default`] is the backend's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsOptions {
    /// The seed of the playouts' moves.
    pub seed: u64,
    /// Whether the bounds steer selection (skipping the children that
    /// cannot matter) and a proven best child is the one played: the
    /// score-bounded solver. Off, it is plain UCT (the bounds are still
    /// kept, unused).
    pub solver: bool,
    /// Whether the children of an expanded node are expanded to find the
    /// leaves among them, and playouts play decisive moves and avoid
    /// anti-decisive ones.
    pub decisive: bool,
    /// UCB1's exploration constant `C`.
    pub exploration: f64,
}

impl Default for MctsOptions {
    /// Seed [`DEFAULT_SEED`], the solver and the decisive moves on, `C` =
    /// √2 (UCB1's, for rewards in `[0, 1]`).
    fn default() -> MctsOptions {
        MctsOptions {
            seed: DEFAULT_SEED,
            solver: true,
            decisive: true,
            exploration: std::f64::consts::SQRT_2,
        }
    }
}

/// The root child (from 0, in the tree's order) MCTS would play from
/// `root` after `playouts` iterations (fewer if the solver proves the root
/// first), holding at most [`NODE_ENTRIES`](super::tt::NODE_ENTRIES)
/// nodes: with the solver, the first child proven to give the root's
/// value once it is proven, else the most visited child among those the
/// bounds leave possible (without the solver, among all); ties go to the
/// first in the tree's order. `None` if the root is a leaf.
pub fn best_after<T: GameTree>(
    tree: &T,
    root: T::Node,
    playouts: u64,
    options: &MctsOptions,
) -> Option<usize> {
    if let Expansion::Leaf(_) = tree.expand(&root) {
        return None;
    }
    let mut mcts = Mcts::with_options(super::tt::NODE_ENTRIES, *options);
    let mut run = Run::new(tree, root);
    for _ in 0..playouts {
        if options.solver && run.decided(Window::FULL) {
            break;
        }
        mcts.iterate(tree, &mut run, Window::FULL);
    }
    Some(run.best(options.solver))
}

/// A reward in `[0, 1]` from MAX's point of view for the value `v` (see
/// the module docs).
pub fn reward(v: Value) -> f64 {
    if v >= INF {
        1.0
    } else if v <= -INF {
        0.0
    } else {
        0.5 + 0.5 * v as f64 / (v.unsigned_abs() as f64 + 1.0)
    }
}

/// SplitMix64 (the game's own generator lies in a layer above).
#[derive(Clone, Copy, Debug)]
struct Rng(u64);

impl Rng {
    /// A number in `0..n` (`n > 0`), by a multiply and a shift.
    fn below(&mut self, n: usize) -> usize {
        let z = mix(self.0);
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        ((z as u128 * n as u128) >> 64) as usize
    }
}

/// A node of the held tree (80 bytes with the board's node: indices in
/// 32 bits, as the held tree never has more nodes, pay for the two
/// numbers selection reads).
#[derive(Clone, Copy, Debug)]
struct Held<N> {
    node: N,
    /// Its parent's index (the root's own for the root).
    parent: u32,
    /// Its children's indices, `first..first + count` (none: not expanded
    /// yet, a leaf, or settled without them).
    first: u32,
    count: u32,
    max: bool,
    visits: u64,
    /// The rewards backed up through it, summed (MAX's point of view).
    total: f64,
    /// `total / visits`, and `1 / sqrt(visits)`: worked out once a visit,
    /// when they change, rather than for every sibling compared at
    /// every selection (undefined while `visits` is 0).
    mean: f64,
    spread: f64,
    /// What is known of its value.
    bounds: Bounds,
}

/// The most nodes a held tree has: its indices are 32 bits.
const MOST_HELD: usize = u32::MAX as usize;

/// Visit counts below this have UCB1's two roots looked up (a table of
/// 256 KB, built once a process in about a millisecond: on boards with few
/// empty squares, 20,000 iterations give many nodes thousands of visits).
const SMALL: usize = 16384;

/// `sqrt(ln n)` and `1 / sqrt(n)` for `n < SMALL`, the counts most held
/// nodes have: a load costs less than libm's logarithm or a square root
/// and a division, and gives the same number (on the heap, not on the
/// stack of the thread that builds it).
static ROOTS: std::sync::OnceLock<[Box<[f64]>; 2]> = std::sync::OnceLock::new();

/// `sqrt(ln n)` (`n > 0`).
fn sqrt_ln(n: u64) -> f64 {
    match ROOTS.get_or_init(roots)[0].get(n as usize) {
        Some(&root) => root,
        None => (n as f64).ln().sqrt(),
    }
}

/// `1 / sqrt(n)` (`n > 0`).
fn inverse_sqrt(n: u64) -> f64 {
    match ROOTS.get_or_init(roots)[1].get(n as usize) {
        Some(&root) => root,
        None => 1.0 / (n as f64).sqrt(),
    }
}

fn roots() -> [Box<[f64]>; 2] {
    let n = || (0..SMALL).map(|n| n as f64);
    [
        n().map(|n| n.ln().sqrt()).collect(),
        n().map(|n| 1.0 / n.sqrt()).collect(),
    ]
}

/// Nothing known of a value yet: no leaf lies beyond `-inf..=inf`.
const UNKNOWN: Bounds = Bounds { lo: -INF, hi: INF };

impl<N> Held<N> {
    /// Whether its bounds settle `window` (`lo = hi` for the full one).
    fn decided(&self, window: Window) -> bool {
        let Bounds { lo, hi } = self.bounds;
        lo == hi || hi <= window.alpha || lo >= window.beta
    }

    /// Its mean reward from the chooser's point of view at its parent.
    fn mean_for(&self, max: bool) -> f64 {
        if max { self.mean } else { 1.0 - self.mean }
    }

    /// Counts a visit that backed up `reward`.
    fn back(&mut self, reward: f64) {
        self.visits += 1;
        self.total += reward;
        self.mean = self.total / self.visits as f64;
        self.spread = inverse_sqrt(self.visits);
    }
}

/// The held tree of the search of one root.
struct Run<N> {
    held: Vec<Held<N>>,
    /// Iterations so far.
    iterations: u64,
}

impl<N: Copy> Run<N> {
    fn new<T: GameTree<Node = N>>(tree: &T, root: N) -> Run<N> {
        let root = Held {
            node: root,
            parent: 0,
            first: 0,
            count: 0,
            max: tree.is_max(&root),
            visits: 0,
            total: 0.0,
            mean: 0.0,
            spread: 0.0,
            bounds: UNKNOWN,
        };
        Run {
            held: vec![root],
            iterations: 0,
        }
    }

    fn decided(&self, window: Window) -> bool {
        self.held[0].decided(window)
    }

    fn children(&self, i: usize) -> std::ops::Range<usize> {
        let Held { first, count, .. } = self.held[i];
        first as usize..(first + count) as usize
    }

    /// Node `i`'s Dewey path (child numbers from 1).
    fn path(&self, mut i: usize) -> Vec<u32> {
        let mut path = Vec::new();
        while i != 0 {
            let parent = self.held[i].parent as usize;
            path.push((i - self.held[parent].first as usize + 1) as u32);
            i = parent;
        }
        path.reverse();
        path
    }

    /// Works out node `i`'s bounds from its children's (tightening what was
    /// known).
    fn update(&mut self, i: usize) {
        let max = self.held[i].max;
        let children = &self.held[self.children(i)];
        let Some(first) = children.first() else {
            return;
        };
        let mut b = first.bounds;
        for c in &children[1..] {
            b = match max {
                true => Bounds {
                    lo: b.lo.max(c.bounds.lo),
                    hi: b.hi.max(c.bounds.hi),
                },
                false => Bounds {
                    lo: b.lo.min(c.bounds.lo),
                    hi: b.hi.min(c.bounds.hi),
                },
            };
        }
        let bounds = &mut self.held[i].bounds;
        bounds.lo = bounds.lo.max(b.lo);
        bounds.hi = bounds.hi.min(b.hi);
    }

    /// The child of node `i` (with its UCB1 score, `None` for one never
    /// visited) that selection takes within `window`: see the module docs.
    /// `None` only if the solver finds no child that matters, which a node
    /// its bounds do not settle always has. The score is worked out as
    /// `mean + (C sqrt(ln N)) / sqrt(n)`, the parent's factor once.
    fn select(
        &self,
        i: usize,
        window: Window,
        options: &MctsOptions,
    ) -> Option<(usize, Option<f64>)> {
        let parent = &self.held[i];
        let explore = options.exploration * sqrt_ln(parent.visits.max(1));
        let mut best: Option<(usize, f64)> = None;
        for c in self.children(i) {
            let child = &self.held[c];
            if options.solver && child.decided(window) {
                continue;
            }
            if child.visits == 0 {
                return Some((c, None));
            }
            let score = child.mean_for(parent.max) + explore * child.spread;
            if best.is_none_or(|(_, s)| score > s) {
                best = Some((c, score));
            }
        }
        best.map(|(c, score)| (c, Some(score)))
    }

    /// The root child to play: see [`best_after`] (the first if the root
    /// is not expanded yet).
    fn best(&self, solver: bool) -> usize {
        let root = &self.held[0];
        let children = self.children(0);
        if solver && root.decided(Window::FULL) {
            let v = root.bounds.lo;
            let proven = |c: &Held<N>| {
                if root.max {
                    c.bounds.lo >= v
                } else {
                    c.bounds.hi <= v
                }
            };
            if let Some(c) = children.clone().find(|&c| proven(&self.held[c])) {
                return c - children.start;
            }
        }
        let sure = if root.max {
            root.bounds.lo
        } else {
            root.bounds.hi
        };
        let possible = |c: &Held<N>| {
            !solver
                || match root.max {
                    true => c.bounds.hi > sure || c.bounds.lo >= sure,
                    false => c.bounds.lo < sure || c.bounds.hi <= sure,
                }
        };
        let mut best: Option<(usize, u64)> = None;
        for c in children.clone() {
            let child = &self.held[c];
            if possible(child) && best.is_none_or(|(_, n)| child.visits > n) {
                best = Some((c - children.start, child.visits));
            }
        }
        best.map_or(0, |(c, _)| c)
    }
}

/// The `mcts` backend.
#[derive(Debug)]
pub struct Mcts {
    options: MctsOptions,
    counts: Counts,
    iterations: u64,
    playouts: u64,
    plies: u64,
    /// The most nodes held, and the most bytes.
    held: u64,
    bytes: u64,
    budget: Budget,
    /// Answers for the nodes whose children do not fit.
    fallback: AlphaBeta,
    rng: Rng,
    /// A playout's children at a node: their values if leaves.
    leaves: Vec<Option<Value>>,
    trace: Option<Tracer>,
}

impl Mcts {
    /// The backend (default options, `seed`), holding at most `limit`
    /// nodes.
    pub fn new(limit: usize, seed: u64) -> Mcts {
        let options = MctsOptions {
            seed,
            ..MctsOptions::default()
        };
        Mcts::with_options(limit, options)
    }

    /// A search with `options`, holding at most `limit` nodes.
    pub fn with_options(limit: usize, options: MctsOptions) -> Mcts {
        Mcts {
            options,
            counts: Counts::default(),
            iterations: 0,
            playouts: 0,
            plies: 0,
            held: 0,
            bytes: 0,
            budget: Budget::new(limit.clamp(1, MOST_HELD)),
            fallback: AlphaBeta::new(Pruning::Deep),
            rng: Rng(options.seed),
            leaves: Vec::new(),
            trace: None,
        }
    }

    /// One iteration on `run`, the root searched with `window`.
    fn iterate<T: GameTree>(&mut self, tree: &T, run: &mut Run<T::Node>, window: Window) {
        self.iterations += 1;
        run.iterations += 1;
        if let Some(tracer) = self.trace.as_mut() {
            tracer.go_to(Vec::new());
            tracer.emit(Kind::Iteration(run.iterations));
        }
        // Selection, the window narrowed by what each node is sure of.
        let (mut i, mut window) = (0, window);
        self.counts.reach();
        while run.held[i].count > 0 {
            let Bounds { lo, hi } = run.held[i].bounds;
            match run.held[i].max {
                true => window.alpha = window.alpha.max(lo),
                false => window.beta = window.beta.min(hi),
            }
            let (c, score) = run
                .select(i, window, &self.options)
                .expect("a node its bounds do not settle has a child that matters");
            self.counts.reach();
            i = c;
            if let Some(tracer) = self.trace.as_mut() {
                let visits = run.held[c].visits;
                tracer.emit_at(run.path(c), Kind::Selected(score.map(Milli::of), visits));
            }
        }
        if let Some(tracer) = self.trace.as_mut() {
            tracer.go_to(run.path(i));
        }
        let reward = self.expand(tree, run, i, window);
        let expanded = i;
        // Back-propagation. A node's bounds change only if a child's did
        // (the node expanded, the first, may have changed in any way): the
        // others are already worked out from their children's.
        let mut changed = true;
        loop {
            run.held[i].back(reward);
            if changed {
                let before = run.held[i].bounds;
                run.update(i);
                changed = i == expanded || run.held[i].bounds != before;
            }
            if let Some(tracer) = self.trace.as_mut() {
                let node = &run.held[i];
                let mean = Milli::of(node.total / node.visits as f64);
                tracer.emit_at(
                    run.path(i),
                    Kind::Backed(node.visits, mean, node.bounds.lo, node.bounds.hi),
                );
            }
            if i == 0 {
                break;
            }
            i = run.held[i].parent as usize;
        }
    }

    /// Expands node `i` (reached by selection with `window`) and plays out
    /// from it; the reward to back up.
    fn expand<T: GameTree>(
        &mut self,
        tree: &T,
        run: &mut Run<T::Node>,
        i: usize,
        window: Window,
    ) -> f64 {
        let bounds = run.held[i].bounds;
        if bounds.lo == bounds.hi {
            // A leaf met again by plain UCT: its value, no playout.
            return reward(bounds.lo);
        }
        let node = run.held[i].node;
        let children = match self.counts.expand(tree, &node) {
            Expansion::Leaf(v) => {
                run.held[i].bounds = Bounds::exactly(v);
                self.trace(|| Kind::Leaf(v));
                return reward(v);
            }
            Expansion::Inner(children) => children,
        };
        let bounds = &mut run.held[i].bounds;
        bounds.lo = bounds.lo.max(tree.lower_bound(&node));
        bounds.hi = bounds.hi.min(tree.upper_bound(&node));
        if self.options.solver && run.held[i].decided(window) {
            let bound = run.held[i].bounds;
            self.trace(|| {
                Kind::Settled(
                    if bound.hi <= window.alpha {
                        bound.hi
                    } else {
                        bound.lo
                    },
                    Reason::Bounds,
                )
            });
            return self.playout(tree, node, children);
        }
        let count = children.clone().count();
        let held = &mut run.held;
        let fits = self
            .budget
            .admit(held.len(), count, |count| held.try_reserve(count).is_ok());
        if !fits {
            if !self.options.solver {
                return self.playout(tree, node, children);
            }
            let bounds = &mut run.held[i].bounds;
            let value = held::without_room(
                &mut self.fallback,
                tree,
                node,
                window,
                &mut self.counts,
                bounds,
            );
            self.trace(|| Kind::Settled(value, Reason::NoRoom));
            return reward(value);
        }
        let first = run.held.len();
        let max = !run.held[i].max;
        for child in children.clone() {
            let bounds = match self.options.decisive {
                false => UNKNOWN,
                true => match self.counts.visit(tree, &child) {
                    Expansion::Leaf(v) => Bounds::exactly(v),
                    Expansion::Inner(_) => Bounds {
                        lo: tree.lower_bound(&child).max(-INF),
                        hi: tree.upper_bound(&child).min(INF),
                    },
                },
            };
            run.held.push(Held {
                node: child,
                parent: i as u32,
                first: 0,
                count: 0,
                max,
                visits: 0,
                total: 0.0,
                mean: 0.0,
                spread: 0.0,
                bounds,
            });
        }
        run.held[i].first = first as u32;
        run.held[i].count = count as u32;
        run.update(i);
        self.trace(|| Kind::Expanded(count as u32));
        self.held = self.held.max(run.held.len() as u64);
        let bytes = run.held.capacity() * std::mem::size_of::<Held<T::Node>>();
        self.bytes = self.bytes.max(bytes as u64);
        let Bounds { lo, hi } = run.held[i].bounds;
        if lo == hi {
            // Solved by its children's leaves: its value, no playout.
            return reward(lo);
        }
        self.playout(tree, node, children)
    }

    /// Writes the event `kind` makes at the node the trace is at (the node
    /// last selected), if the trace is on.
    fn trace(&mut self, kind: impl FnOnce() -> Kind) {
        if let Some(tracer) = self.trace.as_mut() {
            tracer.emit(kind());
        }
    }

    /// A playout from the inner node `node`, whose `children` are given:
    /// seeded random moves ([`Mcts::choose`]) down to a leaf; its reward.
    fn playout<T: GameTree>(&mut self, tree: &T, node: T::Node, children: T::Children) -> f64 {
        self.playouts += 1;
        let mut moves = Vec::new();
        let (mut node, mut children) = (node, children);
        let value = loop {
            let (k, leaf) = self.choose(tree, &node, children.clone());
            let child = children.nth(k).expect("a child chosen among them");
            self.plies += 1;
            if self.trace.is_some() {
                moves.push(k as u32 + 1);
            }
            if let Some(v) = leaf {
                break v;
            }
            match self.counts.visit(tree, &child) {
                Expansion::Leaf(v) => break v,
                Expansion::Inner(next) => (node, children) = (child, next),
            }
        };
        if let Some(tracer) = self.trace.as_mut() {
            let leaf = [tracer.path(), &moves].concat();
            tracer.emit(Kind::Playout(moves));
            tracer.emit_at(leaf, Kind::Leaf(value));
        }
        reward(value)
    }

    /// The child (from 0) a playout plays at `node`, and its value if it is
    /// known to be a leaf. At random without the decisive moves; with
    /// them, every child is expanded: the first leaf that gives the mover
    /// the best the node can have (its static bound, `inf` at most) is
    /// played, else one at random among those that are not leaves the
    /// mover has lost (among all, if every one is).
    fn choose<T: GameTree>(
        &mut self,
        tree: &T,
        node: &T::Node,
        children: T::Children,
    ) -> (usize, Option<Value>) {
        if !self.options.decisive {
            return (self.rng.below(children.count()), None);
        }
        let max = tree.is_max(node);
        let (best, lost) = match max {
            true => (tree.upper_bound(node).min(INF), -INF),
            false => (tree.lower_bound(node).max(-INF), INF),
        };
        self.leaves.clear();
        for (k, child) in children.enumerate() {
            let leaf = match self.counts.visit(tree, &child) {
                Expansion::Leaf(v) => Some(v),
                Expansion::Inner(_) => None,
            };
            if leaf.is_some_and(|v| if max { v >= best } else { v <= best }) {
                return (k, leaf);
            }
            self.leaves.push(leaf);
        }
        let open = self
            .leaves
            .iter()
            .filter(|&&leaf| leaf != Some(lost))
            .count();
        let k = match open {
            0 => self.rng.below(self.leaves.len()),
            _ => {
                let nth = self.rng.below(open);
                let mut open = (0..self.leaves.len()).filter(|&k| self.leaves[k] != Some(lost));
                open.nth(nth).expect("nth is below their count")
            }
        };
        (k, self.leaves[k])
    }
}

impl<T: GameTree> Search<T> for Mcts {
    /// Iterations until the root's bounds settle `window`, from the seed
    /// each time: the bound that settles it (the value, with the full
    /// window).
    fn search(&mut self, tree: &T, root: T::Node, window: Window) -> Value {
        self.rng = Rng(self.options.seed);
        let mut run = Run::new(tree, root);
        while !run.decided(window) {
            self.iterate(tree, &mut run, window);
        }
        let bytes = run.held.capacity() * std::mem::size_of::<Held<T::Node>>();
        self.bytes = self.bytes.max(bytes as u64);
        self.held = self.held.max(run.held.len() as u64);
        let Bounds { lo, hi } = run.held[0].bounds;
        if hi <= window.alpha { hi } else { lo }
    }
}

impl Backend for Mcts {
    fn stats(&self) -> Stats {
        Stats::new(self.counts)
            .with(ITERATIONS, self.iterations)
            .with(PLAYOUTS, self.playouts)
            .with(PLAYOUT_PLIES, self.plies)
            .with(HELD, self.held)
            .with(BYTES, self.bytes)
    }

    fn reset_stats(&mut self) {
        self.counts = Counts::default();
        (self.iterations, self.playouts, self.plies) = (0, 0, 0);
        (self.held, self.bytes) = (0, 0);
    }

    fn filled_table(&self) -> Option<usize> {
        self.budget.filled()
    }

    fn table_short_of_memory(&self) -> bool {
        self.budget.short_of_memory()
    }

    /// Each iteration: the children selected (with their UCB1 scores), the
    /// node expanded, the playout's moves and leaf, then the visits, mean
    /// reward and bounds of each node on the way back up.
    fn trace_slot(&mut self) -> Option<&mut Option<Tracer>> {
        Some(&mut self.trace)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The looked-up roots are the ones libm gives, below the table's end
    /// and past it.
    #[test]
    fn looked_up_roots_are_the_computed_ones() {
        for n in 1..2 * SMALL as u64 {
            assert_eq!(sqrt_ln(n), (n as f64).ln().sqrt(), "sqrt(ln {n})");
            assert_eq!(inverse_sqrt(n), 1.0 / (n as f64).sqrt(), "1 / sqrt({n})");
        }
    }
}
