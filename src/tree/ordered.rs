//! Generated trees whose move ordering is known: best-ordered, worst-ordered
//! and strongly ordered ones, and random branching (every inner node with
//! a number of children drawn from a range). Like [`UniformTree`], never
//! held in memory: a node's children, and their values, are a function of
//! the seed and the node's path.
//!
//! Ordered trees are generated top down, so that the ordering is exact: the
//! root draws its minimax value; a node of value `v` chooses which child is
//! best and gives it the value `v`, and every other child a value strictly
//! worse for the player to move (below `v` under a MAX node, above it under
//! a MIN node); a leaf holds the value it was given. Every node's minimax
//! value is then the value it was given, and its best child the one chosen.
//! With [`ChildOrder::Random`] the leaves' values are drawn instead, each
//! from a hash of its path, as in a uniform tree.
//!
//! [`UniformTree`]: crate::tree::uniform::UniformTree

use crate::tree::uniform::{Values, mix, wide};
use crate::tree::value::Value;
use crate::tree::{Expansion, GameTree, Keys};
use std::fmt;

/// Where the best child of each node stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChildOrder {
    /// Nowhere in particular: the leaves' values are drawn independently.
    Random,
    /// First, always (perfect ordering: with a fixed branching factor,
    /// alpha-beta evaluates exactly the minimal tree).
    Best,
    /// Last, always, and the others from worst to best.
    Worst,
    /// Marsland and Campbell's strongly ordered trees: the best child
    /// among the first quarter of the children (rounded up) with
    /// probability `quarter` percent, else among the rest; first with
    /// probability `first` percent where the first quarter holds more
    /// than the first child (5 children or more). With 4 children or fewer
    /// the first quarter is the first child alone, so the first child is
    /// best with probability `quarter`: both of their figures then hold
    /// as floors (the first child best at least `first` percent of the
    /// time, the best within the first quarter `quarter` percent).
    Strong {
        /// Percent of nodes (of 5 children or more) whose first child is
        /// best.
        first: u32,
        /// Percent of nodes whose best child is in the first quarter.
        quarter: u32,
    },
}

impl ChildOrder {
    /// The literature's strongly ordered trees: the first child best 70% of
    /// the time (90% with 4 children or fewer), the best among the first
    /// quarter 90%.
    pub const STRONG: ChildOrder = ChildOrder::Strong {
        first: 70,
        quarter: 90,
    };

    /// Parses `random`, `best`, `worst`, `strong` or `strong:P:Q`.
    pub fn parse(text: &str) -> Option<ChildOrder> {
        match text {
            "random" => Some(ChildOrder::Random),
            "best" => Some(ChildOrder::Best),
            "worst" => Some(ChildOrder::Worst),
            "strong" => Some(ChildOrder::STRONG),
            _ => {
                let (first, quarter) = text.strip_prefix("strong:")?.split_once(':')?;
                let (first, quarter) = (first.parse().ok()?, quarter.parse().ok()?);
                (first <= quarter && quarter <= 100)
                    .then_some(ChildOrder::Strong { first, quarter })
            }
        }
    }
}

impl fmt::Display for ChildOrder {
    /// As [`ChildOrder::parse`] reads it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChildOrder::Random => f.write_str("random"),
            ChildOrder::Best => f.write_str("best"),
            ChildOrder::Worst => f.write_str("worst"),
            ChildOrder::Strong { first, quarter } => write!(f, "strong:{first}:{quarter}"),
        }
    }
}

/// Why a generated tree cannot be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenerateError(String);

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for GenerateError {}

/// The most a worse child's value differs from the next better one's.
pub const SPREAD: Value = 1000;

/// A generated tree: `fewest..=most` children per inner node, every leaf
/// at `depth`, the best child placed by a [`ChildOrder`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OrderedTree {
    fewest: u32,
    most: u32,
    depth: u32,
    order: ChildOrder,
    values: Values,
    /// Mixed from the seed and the tree number.
    salt: u64,
    /// Bits a child's number takes in a key.
    width: u32,
}

/// A node: its path packed in a key, its depth, and the value it was given
/// (0 in a tree of [`ChildOrder::Random`], where only leaves have values).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OrderedNode {
    /// A leading 1 bit, then the child numbers from the root, each in the
    /// tree's width.
    pub key: u64,
    /// Depth, the root being at 0.
    pub depth: u32,
    /// The node's minimax value, in an ordered tree.
    pub value: Value,
}

impl OrderedTree {
    /// Tree number `number` from `seed`: `fewest..=most` children per inner
    /// node, leaves at `depth`. Ordered trees hold wide values only.
    pub fn new(
        (fewest, most): (u32, u32),
        depth: u32,
        order: ChildOrder,
        values: Values,
        seed: u64,
        number: u64,
    ) -> Result<OrderedTree, GenerateError> {
        let fail = |why: String| Err(GenerateError(why));
        if fewest == 0 || fewest > most {
            return fail(format!(
                "children per node must be a range from 1 up, found {fewest}-{most}"
            ));
        }
        if order != ChildOrder::Random && values != Values::Wide {
            return fail(format!("a tree ordered {order} holds wide values only"));
        }
        let width = (u32::BITS - (most - 1).leading_zeros()).max(1);
        let nodes_fit = (most as u64)
            .checked_pow(depth)
            .is_some_and(|leaves| leaves < 1 << 61);
        if !nodes_fit || depth.saturating_mul(width) > 62 {
            return fail(format!("{fewest}-{most}:{depth} has too many nodes"));
        }
        Ok(OrderedTree {
            fewest,
            most,
            depth,
            order,
            values,
            salt: mix(mix(seed ^ 0x0DDE_0DDE) ^ number),
            width,
        })
    }

    /// The root.
    pub fn root(&self) -> OrderedNode {
        let h = mix(self.salt);
        OrderedNode {
            key: 1,
            depth: 0,
            value: match self.order {
                ChildOrder::Random => 0,
                // Half the wide range, so that the drift stays near it.
                _ => wide(h) / 2,
            },
        }
    }

    /// The Dewey path (child numbers from 1) of a node.
    pub fn path(&self, node: OrderedNode) -> Vec<u32> {
        let mask = (1u64 << self.width) - 1;
        let mut path: Vec<u32> = (0..node.depth)
            .map(|level| (node.key >> (level * self.width) & mask) as u32 + 1)
            .collect();
        path.reverse();
        path
    }

    /// How many children `node` has, and which of them is best (for an
    /// ordered tree).
    fn plan(&self, node: &OrderedNode) -> (u32, u32) {
        let h = mix(self.salt ^ node.key);
        let k = self.fewest + (mix(h ^ 1) % (self.most - self.fewest + 1) as u64) as u32;
        let below = |n: u32, salt: u64| (mix(h ^ salt) % n as u64) as u32;
        let best = match self.order {
            ChildOrder::Random | ChildOrder::Best => 0,
            ChildOrder::Worst => k - 1,
            ChildOrder::Strong { first, quarter } => {
                let r = below(100, 2);
                let top = k.div_ceil(4);
                // A first quarter of one child makes "first" and "within
                // the first quarter" one event: it takes the larger share,
                // or the quarter's figure would fall to the first's.
                let first = if top == 1 { quarter } else { first };
                if r < first {
                    0
                } else if r < quarter && top > 1 {
                    1 + below(top - 1, 3)
                } else if top < k {
                    top + below(k - top, 4)
                } else {
                    0
                }
            }
        };
        (k, best)
    }
}

/// The children of a node, made one by one.
#[derive(Clone, Debug)]
pub struct OrderedChildren {
    parent: OrderedNode,
    /// Whether the parent is a MAX node.
    max: bool,
    count: u32,
    best: u32,
    next: u32,
    salt: u64,
    width: u32,
    order: ChildOrder,
}

impl Iterator for OrderedChildren {
    type Item = OrderedNode;

    fn next(&mut self) -> Option<OrderedNode> {
        if self.next == self.count {
            return None;
        }
        let i = self.next;
        self.next += 1;
        let key = self.parent.key << self.width | i as u64;
        let value = if self.order == ChildOrder::Random {
            0
        } else if i == self.best {
            self.parent.value
        } else {
            let h = mix(self.salt ^ key);
            // How much worse than the best: in a worst-ordered tree, more
            // for every place further from the best (so strictly from worst
            // to best), else anywhere in 1..=SPREAD.
            let gap = match self.order {
                ChildOrder::Worst => {
                    (self.best - i) as Value * SPREAD + 1 + (h % (SPREAD - 1) as u64) as Value
                }
                _ => 1 + (h % SPREAD as u64) as Value,
            };
            if self.max {
                self.parent.value - gap
            } else {
                self.parent.value + gap
            }
        };
        Some(OrderedNode {
            key,
            depth: self.parent.depth + 1,
            value,
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = (self.count - self.next) as usize;
        (left, Some(left))
    }
}

impl GameTree for OrderedTree {
    type Node = OrderedNode;
    type Children = OrderedChildren;

    /// The root is a MAX node; levels alternate.
    fn is_max(&self, node: &OrderedNode) -> bool {
        node.depth % 2 == 0
    }

    fn expand(&self, node: &OrderedNode) -> Expansion<OrderedChildren> {
        if node.depth == self.depth {
            return Expansion::Leaf(match (self.order, self.values) {
                (ChildOrder::Random, Values::Wide) => wide(mix(self.salt ^ node.key)),
                (ChildOrder::Random, Values::ZeroOne) => (mix(self.salt ^ node.key) >> 63) as Value,
                _ => node.value,
            });
        }
        let (count, best) = self.plan(node);
        Expansion::Inner(OrderedChildren {
            parent: *node,
            max: self.is_max(node),
            count,
            best,
            next: 0,
            salt: self.salt,
            width: self.width,
            order: self.order,
        })
    }

    /// A node's key is its packed path.
    fn keys(&self) -> Keys {
        Keys::Nodes
    }

    fn key(&self, node: &OrderedNode) -> Option<u64> {
        Some(node.key)
    }
}

/// A generated tree ([`UniformTree`] or [`OrderedTree`]), which hands out
/// its root.
///
/// [`UniformTree`]: crate::tree::uniform::UniformTree
pub trait Generated: GameTree {
    /// The root.
    fn root_node(&self) -> Self::Node;
}

impl Generated for crate::tree::uniform::UniformTree {
    fn root_node(&self) -> Self::Node {
        self.root()
    }
}

impl Generated for OrderedTree {
    fn root_node(&self) -> Self::Node {
        self.root()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_parse_and_show_alike() {
        for text in ["random", "best", "worst", "strong:70:90", "strong:0:100"] {
            assert_eq!(ChildOrder::parse(text).unwrap().to_string(), text);
        }
        assert_eq!(ChildOrder::parse("strong"), Some(ChildOrder::STRONG));
        for bad in ["strong:90:70", "strong:70:101", "strong:70", "sorted"] {
            assert_eq!(ChildOrder::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn paths_and_shapes() {
        let tree = OrderedTree::new((2, 5), 3, ChildOrder::Best, Values::Wide, 1, 0).unwrap();
        let Expansion::Inner(kids) = tree.expand(&tree.root()) else {
            panic!()
        };
        let last = kids.last().unwrap();
        let Expansion::Inner(grandkids) = tree.expand(&last) else {
            panic!()
        };
        let first = grandkids.clone().next().unwrap();
        assert_eq!(tree.path(first), [tree.path(last)[0], 1]);
        assert!((2..=5).contains(&grandkids.count()));
        assert!(OrderedTree::new((3, 2), 3, ChildOrder::Best, Values::Wide, 1, 0).is_err());
        assert!(OrderedTree::new((2, 2), 3, ChildOrder::Best, Values::ZeroOne, 1, 0).is_err());
        assert!(OrderedTree::new((2, 2), 63, ChildOrder::Random, Values::Wide, 1, 0).is_err());
    }
}
