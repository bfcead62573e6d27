//! Exact expectations by enumeration: every ordering of distinct leaves on
//! two small uniform trees, the leaves each backend evaluates summed over
//! all orderings.
//!
//! The published figures: over all 40,320 orderings of 8 distinct leaves
//! on the binary tree of depth 3, alpha-beta evaluates 719/105 leaves on
//! average and SSS* 668/105; over all 362,880 orderings of 9 leaves on the
//! ternary tree of depth 2, 521/70 and 879/140. The other backends' sums
//! are pinned only where an implementation written here, independent of the
//! crate, agrees with the crate on every single ordering: minimax (every
//! leaf), NegaScout, and the MT drivers (MTD(f) from a guess of 0); MT-SSS*
//! must also match SSS* (Plaat et al.'s equivalence). NegaScout evaluates
//! more leaves than alpha-beta on the binary tree: its re-searches count.
//!
//! A backend's leaves are counted by the test's own [`Recorder`] around the
//! tree, not by the backend's statistics (which must agree with it): for
//! every backend on the binary tree, for those with a sum to check on the
//! ternary one.

use crate::common::recorder::Recorder;
use std::cell::Cell;
use winmove::{Algo, Settings};
use winmove::{Expansion, GameTree, Keys};
use winmove::{Value, Window};

/// A uniform tree whose leaves, left to right, are `leaves`: nodes are
/// numbered breadth-first, the root 0, the children of `i` being
/// `b·i + 1 ..= b·i + b`. The leaves are cells, so that the orderings can
/// be gone through while the tree is lent to a [`Recorder`].
struct Perm {
    branching: usize,
    first_leaf: usize,
    leaves: Vec<Cell<Value>>,
}

impl Perm {
    fn new(branching: usize, depth: u32) -> Perm {
        let first_leaf = (0..depth).fold(0, |n, _| n * branching + 1);
        Perm {
            branching,
            first_leaf,
            leaves: (1..=branching.pow(depth) as Value).map(Cell::new).collect(),
        }
    }

    /// The value of leaf `i` (breadth-first number).
    fn leaf(&self, i: usize) -> Value {
        self.leaves[i - self.first_leaf].get()
    }

    /// The leaf values, left to right.
    fn values(&self) -> Vec<Value> {
        self.leaves.iter().map(Cell::get).collect()
    }
}

impl GameTree for Perm {
    /// Breadth-first number and whether MAX moves.
    type Node = (usize, bool);
    type Children = Kids;

    fn is_max(&self, node: &(usize, bool)) -> bool {
        node.1
    }

    fn expand(&self, &(i, max): &(usize, bool)) -> Expansion<Self::Children> {
        if i >= self.first_leaf {
            return Expansion::Leaf(self.leaf(i));
        }
        let first = self.branching * i + 1;
        Expansion::Inner(Kids {
            next: first..first + self.branching,
            max: !max,
        })
    }

    fn keys(&self) -> Keys {
        Keys::Nodes
    }

    fn key(&self, node: &(usize, bool)) -> Option<u64> {
        Some(node.0 as u64)
    }
}

/// The children of a node of [`Perm`]: consecutive numbers.
#[derive(Clone)]
struct Kids {
    next: std::ops::Range<usize>,
    max: bool,
}

impl Iterator for Kids {
    type Item = (usize, bool);

    fn next(&mut self) -> Option<(usize, bool)> {
        Some((self.next.next()?, self.max))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.next.size_hint()
    }
}

/// Beyond every leaf of these trees.
const BIG: Value = 1_000;

/// Reinefeld's NegaScout in negamax form, fail-soft, written from his
/// paper: the value of node `i` for the side to move (`sign` = 1 for MAX),
/// counting leaf evaluations.
fn negascout(t: &Perm, i: usize, sign: Value, alpha: Value, beta: Value, count: &mut u64) -> Value {
    if i >= t.first_leaf {
        *count += 1;
        return sign * t.leaf(i);
    }
    let mut m = -BIG;
    for k in 0..t.branching {
        let child = t.branching * i + 1 + k;
        // A child whose children are leaves (or a leaf child) gives an
        // exact answer even to a null window.
        let exact = child >= t.first_leaf || t.branching * child + 1 >= t.first_leaf;
        let t_value = if k == 0 {
            -negascout(t, child, -sign, -beta, -alpha, count)
        } else {
            let a = alpha.max(m);
            let scout = -negascout(t, child, -sign, -a - 1, -a, count);
            if scout > a && scout < beta && !exact {
                -negascout(t, child, -sign, -beta, -scout, count)
            } else {
                scout
            }
        };
        m = m.max(t_value);
        if m >= beta {
            return m;
        }
    }
    m
}

/// Alpha-beta with memory as Plaat et al. write it (bounds per node, the
/// table asked first, a leaf stored exactly), in MAX/MIN form.
fn memory_alphabeta(
    t: &Perm,
    (i, max): (usize, bool),
    mut alpha: Value,
    mut beta: Value,
    memo: &mut [Option<(Value, Value)>],
    count: &mut u64,
) -> Value {
    if let Some((lo, hi)) = memo[i] {
        if lo >= beta {
            return lo;
        }
        if hi <= alpha || lo == hi {
            return hi;
        }
        alpha = alpha.max(lo);
        beta = beta.min(hi);
    }
    if i >= t.first_leaf {
        *count += 1;
        let v = t.leaf(i);
        memo[i] = Some((v, v));
        return v;
    }
    let first = t.branching * i + 1;
    let mut g = if max { -BIG } else { BIG };
    let (mut a, mut b) = (alpha, beta);
    for child in first..first + t.branching {
        let v = memory_alphabeta(t, (child, !max), a, b, memo, count);
        if max {
            g = g.max(v);
            a = a.max(g);
            if g >= beta {
                break;
            }
        } else {
            g = g.min(v);
            b = b.min(g);
            if g <= alpha {
                break;
            }
        }
    }
    let (lo, hi) = memo[i].unwrap_or((-BIG, BIG));
    let stored = if g <= alpha {
        (lo, hi.min(g))
    } else if g >= beta {
        (lo.max(g), hi)
    } else {
        (g, g)
    };
    memo[i] = Some(stored);
    g
}

/// The MT drivers over [`memory_alphabeta`]: leaves evaluated by MT-SSS*
/// (from above), MT-DUAL* (from below) and MTD(f) from `guess`.
fn mt_drivers(t: &Perm, guess: Value) -> [u64; 3] {
    let root = (0, true);
    let mut counts = [0; 3];
    // MT-SSS*: windows (g - 1, g) from above every leaf.
    let nodes = t.first_leaf + t.leaves.len();
    let (mut memo, mut g) = (vec![None; nodes], BIG);
    loop {
        let gamma = g;
        g = memory_alphabeta(t, root, gamma - 1, gamma, &mut memo, &mut counts[0]);
        if g == gamma {
            break;
        }
    }
    // MT-DUAL*: windows (g, g + 1) from below every leaf.
    let (mut memo, mut g) = (vec![None; nodes], -BIG);
    loop {
        let gamma = g;
        g = memory_alphabeta(t, root, gamma, gamma + 1, &mut memo, &mut counts[1]);
        if g == gamma {
            break;
        }
    }
    // MTD(f).
    let (mut memo, mut g) = (vec![None; nodes], guess);
    let (mut lower, mut upper) = (-BIG, BIG);
    while lower < upper {
        let beta = if g == lower { g + 1 } else { g };
        g = memory_alphabeta(t, root, beta - 1, beta, &mut memo, &mut counts[2]);
        if g < beta {
            upper = g;
        } else {
            lower = g;
        }
    }
    counts
}

/// Every ordering of `t.leaves` (Heap's algorithm), calling `visit` on each.
fn each_ordering(t: &Perm, visit: &mut impl FnMut(&Perm)) {
    let n = t.leaves.len();
    let mut c = vec![0; n];
    visit(t);
    let mut i = 0;
    while i < n {
        if c[i] < i {
            let j = if i % 2 == 0 { 0 } else { c[i] };
            t.leaves[j].swap(&t.leaves[i]);
            visit(t);
            c[i] += 1;
            i = 0;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
}

/// Leaves evaluated over every ordering, per built backend (counted by the
/// recorder; the backend's statistics must say as many), each checked
/// ordering by ordering against the implementations written here where
/// there is one; returns the sums by backend, and the number of orderings.
fn sums(branching: usize, depth: u32, algos: &[Algo]) -> (Vec<(Algo, u64)>, u64) {
    let t = Perm::new(branching, depth);
    let recorder = Recorder::new(&t);
    let algos: Vec<Algo> = algos.iter().copied().filter(|a| a.built()).collect();
    // MTD(f) starts at 0, below every leaf value (1..=n).
    let settings = Settings::default();
    let mut searches: Vec<_> = algos
        .iter()
        .map(|a| a.make::<Recorder<Perm>>(&settings).expect("built"))
        .collect();
    let mut totals = vec![0u64; algos.len()];
    let mut orderings = 0u64;
    each_ordering(&t, &mut |t| {
        orderings += 1;
        let mut ns = 0;
        negascout(t, 0, 1, -BIG, BIG, &mut ns);
        let [sss, dual, mtdf] = mt_drivers(t, 0);
        let reference = [
            (Algo::NegaScout, ns),
            (Algo::MtSss, sss),
            (Algo::MtDual, dual),
            (Algo::Mtdf, mtdf),
            (Algo::Minimax, t.leaves.len() as u64),
        ];
        for ((algo, search), total) in algos.iter().zip(&mut searches).zip(&mut totals) {
            search.reset_stats();
            search.search(&recorder, recorder.root((0, true)), Window::FULL);
            let leaves = recorder.take_leaves().len() as u64;
            assert_eq!(
                search.stats().leaves,
                leaves,
                "{algo}'s statistics on {:?}",
                t.values()
            );
            if let Some(&(_, want)) = reference.iter().find(|(a, _)| a == algo) {
                assert_eq!(leaves, want, "{algo} on {:?}", t.values());
            }
            *total += leaves;
        }
    });
    let named: Vec<_> = algos.into_iter().zip(totals).collect();
    (named, orderings)
}

/// Checks the sums against the published figures and the pinned ones;
/// every backend is enumerated with `every`, else only those with a sum
/// expected.
fn check(branching: usize, depth: u32, orderings: u64, expected: &[(Algo, u64, u64)], every: bool) {
    let algos: Vec<Algo> = match every {
        true => Algo::ALL.to_vec(),
        false => expected.iter().map(|&(algo, _, _)| algo).collect(),
    };
    let (sums, n) = sums(branching, depth, &algos);
    assert_eq!(n, orderings);
    for &(algo, numerator, denominator) in expected {
        let Some(&(_, sum)) = sums.iter().find(|(a, _)| *a == algo) else {
            continue;
        };
        // sum / orderings == numerator / denominator, in integers.
        assert_eq!(
            sum as u128 * denominator as u128,
            numerator as u128 * orderings as u128,
            "{algo}: {sum} leaves over {orderings} orderings, expected {numerator}/{denominator} each"
        );
    }
}

#[test]
fn eight_leaves_on_the_binary_tree_of_depth_3() {
    check(
        2,
        3,
        40_320,
        &[
            (Algo::AlphaBeta, 719, 105),
            (Algo::Sss, 668, 105),
            (Algo::MtSss, 668, 105),
            (Algo::Minimax, 8, 1),
            // Pinned after the implementations above agreed on every ordering.
            (Algo::NegaScout, 4909, 630),
            (Algo::MtDual, 219, 35),
            (Algo::Mtdf, 219, 35),
        ],
        true,
    );
}

#[test]
fn nine_leaves_on_the_ternary_tree_of_depth_2() {
    check(
        3,
        2,
        362_880,
        &[
            (Algo::AlphaBeta, 521, 70),
            (Algo::Sss, 879, 140),
            (Algo::MtSss, 879, 140),
            (Algo::Minimax, 9, 1),
            // Pinned after the implementations above agreed on every
            // ordering: at depth 2 NegaScout's null windows are exact (a
            // child's children are leaves), so it is alpha-beta; MTD(f)
            // from 0 (below every leaf) is MT-DUAL*.
            (Algo::NegaScout, 521, 70),
            (Algo::MtDual, 521, 70),
            (Algo::Mtdf, 521, 70),
        ],
        // The backends with no sum to check here are checked ordering by
        // ordering on the binary tree.
        false,
    );
}
