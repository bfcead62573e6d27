//! The uniform-tree workload: the grid of shapes, samples per shape, every backend on each tree, and the shapes' known leaf counts.

use super::claims::{CLAIM_LEAVES, Claims, check_claims};
use super::group::{Group, Minimal, Shape};
use super::tally::Tally;
use crate::search::minimal::{MemoBudget, minimal_tree, no_key};
use crate::search::{Algo, Search, Settings};
use crate::tree::ordered::{ChildOrder, Generated, OrderedTree};
use crate::tree::uniform::{UniformTree, Values};
use crate::tree::value::Window;

/// Knuth and Moore's minimal tree: b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves.
pub fn minimal_leaves(branching: u32, depth: u32) -> u64 {
    let b = branching as u64;
    b.pow(depth.div_ceil(2)) + b.pow(depth / 2) - 1
}

/// The asymptotic branching factor of alpha-beta and SCOUT (Pearl 1980,
/// 1982) and of SSS* (Roizen and Pearl 1983) on random uniform trees with
/// continuous leaf values: ξ/(1−ξ), ξ the positive root of x^b + x − 1 = 0.
pub fn pearl_branching_factor(branching: u32) -> f64 {
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for _ in 0..100 {
        let mid = (lo + hi) / 2.0;
        if mid.powi(branching as i32) + mid - 1.0 > 0.0 {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    lo / (1.0 - lo)
}

/// The deepest uniform shape per branching factor (2 to 8) that
/// `compare --trees` reaches.
pub const DEEPEST: [(u32, u32); 7] = [(2, 20), (3, 13), (4, 12), (5, 10), (6, 9), (7, 8), (8, 8)];

/// Largest tree minimax is run on (it evaluates every leaf: its count is
/// known anyway).
pub const MINIMAX_LEAVES: u64 = 1 << 20;

/// The shapes of the grid: branching 2 to 8, from depth 2 to the deepest
/// of `DEEPEST`, with leaves of kind `values`.
pub fn tree_grid(values: Values) -> Vec<Shape> {
    DEEPEST
        .iter()
        .flat_map(|&(branching, deepest)| {
            (2..=deepest).map(move |depth| Shape {
                branching,
                depth,
                values,
                order: ChildOrder::Random,
                ragged: false,
            })
        })
        .collect()
}

impl Shape {
    /// The name of its group in the tables.
    fn name(&self) -> String {
        let mut name = match self.values {
            Values::Wide => format!("b={} d={}", self.branching, self.depth),
            Values::ZeroOne => format!("b={} d={} 0/1", self.branching, self.depth),
        };
        if self.ragged {
            name = format!("b=1-{} d={}", 2 * self.branching - 1, self.depth);
        }
        if self.order != ChildOrder::Random {
            name.push_str(&format!(" {}", self.order));
        }
        name
    }

    /// Tree number `number` of this shape from `seed`, unless it is a
    /// uniform tree of independent leaves.
    fn ordered(&self, seed: u64, number: u64) -> OrderedTree {
        let (fewest, most) = if self.ragged {
            (1, 2 * self.branching - 1)
        } else {
            (self.branching, self.branching)
        };
        OrderedTree::new(
            (fewest, most),
            self.depth,
            self.order,
            self.values,
            seed,
            number,
        )
        .expect("every shape of the grid can be generated")
    }
}

/// Trees drawn for a shape: `samples`, and fewer for big trees (a quarter
/// from 2^17 leaves, a tenth from 2^20, at least 3), so that every shape
/// costs about the same.
pub fn samples_for(shape: &Shape, samples: usize) -> usize {
    let leaves = shape.leaves();
    let n = if leaves >= 1 << 20 {
        samples / 10
    } else if leaves >= 1 << 17 {
        samples / 4
    } else {
        samples
    };
    n.max(3.min(samples))
}

/// Every backend of `algos` on the uniform trees of each shape (tree
/// numbers `0..samples_for(shape)` from `seed`), and the claims checked on
/// the trees small enough. `progress(done, total)` is called after each
/// shape.
pub fn compare_trees(
    shapes: &[Shape],
    samples: usize,
    seed: u64,
    algos: &[Algo],
    progress: &mut dyn FnMut(usize, usize),
) -> Vec<Group> {
    let mut groups = Vec::new();
    for (done, shape) in shapes.iter().enumerate() {
        let count = samples_for(shape, samples) as u64;
        groups.push(if shape.order == ChildOrder::Random && !shape.ragged {
            let make =
                |number| UniformTree::new(shape.branching, shape.depth, seed, number, shape.values);
            shape_group(shape, count, algos, make)
        } else {
            shape_group(shape, count, algos, |number| shape.ordered(seed, number))
        });
        progress(done + 1, shapes.len());
    }
    groups
}

/// Every backend of `algos` on the trees `make(0..count)` of `shape`.
fn shape_group<T: Generated + Clone>(
    shape: &Shape,
    count: u64,
    algos: &[Algo],
    make: impl Fn(u64) -> T,
) -> Group {
    let mut left_out = Vec::new();
    let mut searches: Vec<(Algo, Box<dyn Search<T>>, Tally)> = algos
        .iter()
        .filter(|&&a| {
            let skip = a == Algo::Minimax && shape.leaves() > MINIMAX_LEAVES;
            if skip {
                left_out.push((a, format!("more than {MINIMAX_LEAVES} leaves")));
            }
            !skip
        })
        .map(|&a| {
            let search = a.make::<T>(&Settings::default()).expect("built");
            (a, search, Tally::default())
        })
        .collect();
    let check = shape.leaves() <= CLAIM_LEAVES;
    let mut claims = Claims::default();
    let mut minimal = Minimal::default();
    for number in 0..count {
        let tree = make(number);
        let root = tree.root_node();
        minimal.add(minimal_tree(&tree, root, no_key, MemoBudget::DEFAULT).map(|m| m.0));
        for (_, search, tally) in searches.iter_mut() {
            search.reset_stats();
            search.search(&tree, root, Window::FULL);
            tally.add(&search.stats());
        }
        if check {
            claims.add(&check_claims(&tree, root));
        }
    }
    Group {
        name: shape.name(),
        shape: Some(*shape),
        tallies: searches.into_iter().map(|(a, _, t)| (a, t)).collect(),
        claims: check.then_some(claims),
        left_out,
        minimal,
        limit: None,
    }
}

/// The groups of `groups` on uniform trees of branching `b` and values
/// `values`, by increasing depth.
pub(super) fn depths_of(groups: &[Group], b: u32, values: Values) -> Vec<&Group> {
    let mut depths: Vec<&Group> = groups
        .iter()
        .filter(|g| {
            g.shape
                .is_some_and(|s| s.branching == b && s.values == values)
        })
        .collect();
    depths.sort_by_key(|g| g.shape.map(|s| s.depth));
    depths
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minimal_tree_and_pearl_factor() {
        assert_eq!(minimal_leaves(3, 4), 9 + 9 - 1);
        assert_eq!(minimal_leaves(2, 3), 4 + 2 - 1);
        // b = 2: x^2 + x - 1 = 0 gives the golden ratio.
        assert!((pearl_branching_factor(2) - 1.618_034).abs() < 1e-5);
    }

    #[test]
    fn fewer_samples_on_big_trees() {
        let shape = |b, d| Shape {
            branching: b,
            depth: d,
            values: Values::Wide,
            order: ChildOrder::Random,
            ragged: false,
        };
        assert_eq!(samples_for(&shape(2, 10), 20), 20);
        assert_eq!(samples_for(&shape(2, 18), 20), 5);
        assert_eq!(samples_for(&shape(8, 8), 20), 3);
        assert_eq!(samples_for(&shape(8, 8), 2), 2);
    }
}
