//! Uniform random trees that are never held in memory: every inner node has
//! `branching` children, every leaf lies at `depth`, and a leaf's value is
//! a hash of (seed, tree number, the leaf's place), so the same tree comes
//! back on every machine and every search, at any size.
//!
//! Nodes are numbered breadth-first, the root being 0: the children of node
//! `i` are `b·i + 1 ..= b·i + b`, as in a written tree of the same shape.
//! A shape has fewer than 2^62 nodes and at most [`MAX_DEPTH`] levels
//! below the root, as written trees: the searches recurse once a level.
//!
//! ```
//! use winmove::{Algo, Settings, Window};
//! use winmove::tree::uniform::{UniformTree, Values};
//!
//! let tree = UniformTree::new(3, 4, 7, 0, Values::Wide);
//! let mut search = Algo::AlphaBeta.make::<UniformTree>(&Settings::default()).unwrap();
//! let value = search.search(&tree, tree.root(), Window::FULL);
//! assert!(value.abs() <= 1_000_000);
//! ```

use crate::tree::value::Value;
pub use crate::tree::written::MAX_DEPTH;
use crate::tree::{Expansion, GameTree, Keys};
use std::fmt;

/// What leaves hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Values {
    /// Integers uniform in `-1_000_000..=1_000_000` (ties are rare: the
    /// literature's continuous model).
    Wide,
    /// 0 or 1, each with probability 1/2 (Pearl's discrete model).
    ZeroOne,
}

impl Values {
    /// The name `--values` takes.
    pub fn name(self) -> &'static str {
        match self {
            Values::Wide => "wide",
            Values::ZeroOne => "01",
        }
    }

    /// The kind called `name`.
    pub fn from_name(name: &str) -> Option<Values> {
        [Values::Wide, Values::ZeroOne]
            .into_iter()
            .find(|v| v.name() == name)
    }
}

/// Largest value of a [`Values::Wide`] leaf (and minus the smallest).
pub const WIDE: Value = 1_000_000;

/// A uniform tree of the given shape, its leaves drawn from a hash.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UniformTree {
    branching: u64,
    depth: u32,
    /// Mixed from the seed and the tree number.
    salt: u64,
    values: Values,
    /// Number of the first node at `depth`: every node from it on is a leaf.
    first_leaf: u64,
}

/// A node: its breadth-first number and its depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UniformNode {
    /// Breadth-first number, the root being 0.
    pub index: u64,
    /// Depth, the root being at 0.
    pub depth: u32,
}

/// Why a shape cannot be built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShapeError {
    /// The branching factor is 0.
    NoBranching,
    /// The depth is above `MAX_DEPTH`.
    TooDeep {
        /// The depth asked for.
        depth: u32,
    },
    /// The tree `branching:depth` has 2^62 nodes or more.
    TooManyNodes {
        /// The branching factor asked for.
        branching: u32,
        /// The depth asked for.
        depth: u32,
    },
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShapeError::NoBranching => f.write_str("the branching factor must be at least 1"),
            ShapeError::TooDeep { depth } => write!(
                f,
                "depth {depth} is more than {MAX_DEPTH} levels, the most a search takes"
            ),
            ShapeError::TooManyNodes { branching, depth } => {
                write!(f, "{branching}:{depth} has too many nodes")
            }
        }
    }
}

impl std::error::Error for ShapeError {}

impl UniformTree {
    /// Tree number `number` of branching `branching` and depth `depth` from
    /// `seed`. Panics unless [`UniformTree::check_shape`] accepts the shape.
    pub fn new(branching: u32, depth: u32, seed: u64, number: u64, values: Values) -> UniformTree {
        UniformTree::check_shape(branching, depth).expect("a valid shape");
        let b = branching as u64;
        // Nodes above the leaves: 1 + b + ... + b^(depth-1).
        let first_leaf = (0..depth).fold(0u64, |n, _| n * b + 1);
        UniformTree {
            branching: b,
            depth,
            salt: mix(mix(seed) ^ number),
            values,
            first_leaf,
        }
    }

    /// Whether the shape can be numbered in 64 bits and searched:
    /// branching at least 1, depth at most `MAX_DEPTH`, and fewer than
    /// 2^62 nodes.
    pub fn check_shape(branching: u32, depth: u32) -> Result<(), ShapeError> {
        if branching == 0 {
            return Err(ShapeError::NoBranching);
        }
        if depth as usize > MAX_DEPTH {
            return Err(ShapeError::TooDeep { depth });
        }
        let too_many = ShapeError::TooManyNodes { branching, depth };
        let mut nodes: u64 = 1;
        let mut level: u64 = 1;
        for _ in 0..depth {
            level = level
                .checked_mul(branching as u64)
                .filter(|&l| l < 1 << 62)
                .ok_or(too_many)?;
            nodes = nodes
                .checked_add(level)
                .filter(|&n| n < 1 << 62)
                .ok_or(too_many)?;
        }
        Ok(())
    }

    /// The root.
    pub fn root(&self) -> UniformNode {
        UniformNode { index: 0, depth: 0 }
    }

    /// Number of leaves: branching^depth.
    pub fn leaf_count(&self) -> u64 {
        self.branching.pow(self.depth)
    }

    /// The value of the leaf numbered `index`.
    pub fn leaf_value(&self, index: u64) -> Value {
        let h = mix(self.salt ^ index);
        match self.values {
            // The top bits of h times the range: uniform up to 2^-43.
            Values::Wide => wide(h),
            Values::ZeroOne => (h >> 63) as Value,
        }
    }

    /// The Dewey path (child numbers from 1) of a node.
    pub fn path(&self, node: UniformNode) -> Vec<u32> {
        let mut path = Vec::with_capacity(node.depth as usize);
        let mut index = node.index;
        for _ in 0..node.depth {
            path.push(((index - 1) % self.branching) as u32 + 1);
            index = (index - 1) / self.branching;
        }
        path.reverse();
        path
    }
}

/// A wide value from a hash: uniform in `-WIDE..=WIDE`.
pub(crate) fn wide(h: u64) -> Value {
    ((h as u128 * (2 * WIDE as u128 + 1)) >> 64) as Value - WIDE
}

/// SplitMix64's finaliser: a bijective mix of 64 bits.
pub(crate) fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The children of a node: consecutive numbers.
#[derive(Clone, Debug)]
pub struct UniformChildren {
    next: u64,
    end: u64,
    depth: u32,
}

impl Iterator for UniformChildren {
    type Item = UniformNode;

    #[inline]
    fn next(&mut self) -> Option<UniformNode> {
        (self.next < self.end).then(|| {
            self.next += 1;
            UniformNode {
                index: self.next - 1,
                depth: self.depth,
            }
        })
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = (self.end - self.next) as usize;
        (left, Some(left))
    }

    /// Skips `n` children at once.
    fn nth(&mut self, n: usize) -> Option<UniformNode> {
        self.next = self.next.saturating_add(n as u64).min(self.end);
        self.next()
    }
}

impl ExactSizeIterator for UniformChildren {}

impl GameTree for UniformTree {
    type Node = UniformNode;
    type Children = UniformChildren;

    /// The root is a MAX node; levels alternate.
    #[inline]
    fn is_max(&self, node: &UniformNode) -> bool {
        node.depth % 2 == 0
    }

    #[inline]
    fn expand(&self, node: &UniformNode) -> Expansion<UniformChildren> {
        if node.index >= self.first_leaf {
            return Expansion::Leaf(self.leaf_value(node.index));
        }
        let first = node.index * self.branching + 1;
        Expansion::Inner(UniformChildren {
            next: first,
            end: first + self.branching,
            depth: node.depth + 1,
        })
    }

    /// A node's key is its breadth-first number.
    fn keys(&self) -> Keys {
        Keys::Nodes
    }

    #[inline]
    fn key(&self, node: &UniformNode) -> Option<u64> {
        Some(node.index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_paths_and_leaves_like_a_written_tree() {
        let tree = UniformTree::new(3, 2, 1, 0, Values::Wide);
        assert_eq!(tree.leaf_count(), 9);
        let Expansion::Inner(kids) = tree.expand(&tree.root()) else {
            panic!()
        };
        let kids: Vec<_> = kids.collect();
        assert_eq!(kids.iter().map(|k| k.index).collect::<Vec<_>>(), [1, 2, 3]);
        let Expansion::Inner(grandkids) = tree.expand(&kids[2]) else {
            panic!()
        };
        let last = grandkids.last().unwrap();
        assert_eq!((last.index, tree.path(last)), (12, vec![3, 3]));
        assert!(matches!(tree.expand(&last), Expansion::Leaf(v) if v.abs() <= WIDE));
    }

    #[test]
    fn values_are_spread_and_reproducible() {
        let a = UniformTree::new(2, 10, 5, 0, Values::Wide);
        let b = UniformTree::new(2, 10, 5, 1, Values::Wide);
        let first_leaf = (1 << 10) - 1;
        let values: Vec<Value> = (0..1024).map(|i| a.leaf_value(first_leaf + i)).collect();
        assert_eq!(
            values[7],
            UniformTree::new(2, 10, 5, 0, Values::Wide).leaf_value(first_leaf + 7)
        );
        assert_ne!(
            values,
            (0..1024)
                .map(|i| b.leaf_value(first_leaf + i))
                .collect::<Vec<_>>()
        );
        let positive = values.iter().filter(|&&v| v > 0).count();
        assert!((400..624).contains(&positive), "{positive}");
        let ones = (0..1024)
            .filter(|&i| {
                UniformTree::new(2, 10, 5, 0, Values::ZeroOne).leaf_value(first_leaf + i) == 1
            })
            .count();
        assert!((400..624).contains(&ones), "{ones}");
    }

    #[test]
    fn refuses_shapes_that_do_not_fit() {
        assert!(UniformTree::check_shape(2, 60).is_ok());
        let too_many = UniformTree::check_shape(2, 62).unwrap_err();
        assert_eq!(too_many.to_string(), "2:62 has too many nodes");
        let none = UniformTree::check_shape(0, 3).unwrap_err();
        assert_eq!(none.to_string(), "the branching factor must be at least 1");
        assert!(UniformTree::check_shape(1000, 7).is_err());
        assert!(UniformTree::check_shape(1, 2000).is_ok());
        assert!(UniformTree::check_shape(u32::MAX, 1).is_ok());
        let deep = UniformTree::check_shape(1, 2001).unwrap_err();
        assert_eq!(
            deep.to_string(),
            "depth 2001 is more than 2000 levels, the most a search takes"
        );
    }
}
