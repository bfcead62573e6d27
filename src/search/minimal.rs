//! The minimal tree (Knuth and Moore 1975): the fewest leaves a search
//! must evaluate to prove what it proves, knowing no bound on the leaves'
//! values (a search with the window (-oo, +oo), as every backend searches
//! a tree), the yardstick of every comparison.
//!
//! To prove the value `v` of a node a search needs a MAX strategy whose
//! leaves are all `>= v` (one child at MAX nodes, every child at MIN
//! nodes) and a MIN strategy whose leaves are all `<= v`; the minimal tree
//! is the smallest union of two such strategies, a leaf both use counted
//! once. More generally, for a [`Goal`] of thresholds `a` and `b`, a
//! dynamic programme over the nodes gives three costs at once:
//! - `at_least(n)`, the fewest leaves proving `value(n) >= a`: a leaf
//!   costs 1 if it is `>= a`; a MAX node the cheapest child, a MIN node
//!   the sum over its children;
//! - `at_most(n)`, proving `value(n) <= b`: the same with MAX and MIN
//!   swapped;
//! - `both(n)`, the smallest union of the two: a leaf costs 1 if it lies
//!   in `a..=b`; at a MAX node the MAX strategy follows one child `c`,
//!   whose subtree holds both proofs, and the MIN strategy every other
//!   child, so `both(n) = min over c of both(c) + sum of at_most(c') for
//!   c' != c`, that is `sum of at_most + min of (both(c) - at_most(c))`
//!   (and the same at a MIN node with `at_least`).
//!
//! A proof that cannot be made costs [`UNPROVABLE`]; counts saturate
//! there. The minimal tree of a node is `both` with `a = b = v`, its
//! minimax value, which a first pass computes. Static bounds count as
//! proofs without leaves: an inner node whose
//! [`upper_bound`](GameTree::upper_bound) is `<= b` has `at_most = 0`, as a
//! search stops there when the window allows. Ties and `inf` leaves are
//! values like any other: proving `<= inf` still takes a strategy, as no
//! backend knows `inf` is the largest value (`[inf,inf,inf]` takes 3
//! leaves, where 1 would do for a search told that `inf` is the top). A
//! question's loops do know it, and count accordingly
//! (`answer/minimal.rs`): the goal's thresholds say what is proven.
//!
//! The walk keeps its own stack (no recursion), and may remember the costs
//! of a node under a key naming its subtree (a board's position, given by
//! the caller): the count is still of the tree's leaves, every
//! transposition counted again. What it remembers takes memory up to a
//! [`MemoBudget`]; a tree that needs more (the empty board's raw tree
//! needs about 830 MB) is not worked out ([`Unworked`]), rather than
//! walked again and again without the memo, or the run aborted.

use crate::search::bounded::{BoundedMap, entries_within};
use crate::tree::value::Value;
use crate::tree::{Expansion, GameTree};
use std::fmt;

/// The cost of a proof that cannot be made.
pub const UNPROVABLE: u64 = u64::MAX;

/// What is to be proven at a node: `value >= at_least`, `value <=
/// at_most`, or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Goal {
    /// The threshold of the lower bound.
    pub at_least: Value,
    /// The threshold of the upper bound.
    pub at_most: Value,
}

impl Goal {
    /// The value is exactly `v`.
    pub const fn exactly(v: Value) -> Goal {
        Goal {
            at_least: v,
            at_most: v,
        }
    }
}

/// The fewest leaves of each proof of a [`Goal`]; [`UNPROVABLE`] if there
/// is none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Costs {
    /// Proving `value >= goal.at_least`.
    pub at_least: u64,
    /// Proving `value <= goal.at_most`.
    pub at_most: u64,
    /// Proving both (a leaf both proofs use counted once).
    pub both: u64,
}

/// The memory what a walk remembers may take: its table, in megabytes
/// (10^6 bytes), growth included (`--minimal-memory`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoBudget {
    /// Megabytes.
    pub megabytes: u64,
}

impl MemoBudget {
    /// Enough for the empty board's raw tree (about 830 MB), the largest
    /// question.
    pub const DEFAULT: MemoBudget = MemoBudget { megabytes: 1000 };

    /// The most entries of type `V` a table within it holds.
    fn entries<V>(self) -> usize {
        let bytes = self.megabytes.saturating_mul(1_000_000);
        entries_within::<V>(usize::try_from(bytes).unwrap_or(usize::MAX))
    }
}

impl Default for MemoBudget {
    fn default() -> MemoBudget {
        MemoBudget::DEFAULT
    }
}

/// Why a minimal tree was not worked out: what it remembers did not fit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unworked {
    /// It needed more than its budget.
    OverBudget(MemoBudget),
    /// The memory to grow could not be had, with this much held.
    OutOfMemory {
        /// Bytes its table held.
        bytes: usize,
    },
}

impl fmt::Display for Unworked {
    /// `over N MB`, or `out of memory at N MB`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unworked::OverBudget(budget) => write!(f, "over {} MB", budget.megabytes),
            Unworked::OutOfMemory { bytes } => {
                write!(f, "out of memory at {:.1} MB", *bytes as f64 / 1e6)
            }
        }
    }
}

/// Costs remembered per key, for one goal, within a budget.
#[derive(Debug)]
pub struct Memo {
    goal: Option<Goal>,
    costs: Table<Costs>,
    values: Table<Value>,
    /// Why a walk gave up, if one did: every later walk gives up too.
    unworked: Option<Unworked>,
}

impl Memo {
    /// Nothing remembered yet, within `budget`.
    pub fn new(budget: MemoBudget) -> Memo {
        Memo {
            goal: None,
            costs: Table::new(budget),
            values: Table::new(budget),
            unworked: None,
        }
    }
}

impl Default for Memo {
    fn default() -> Memo {
        Memo::new(MemoBudget::DEFAULT)
    }
}

/// One kind of result remembered per key, within a budget.
#[derive(Debug)]
struct Table<V> {
    map: BoundedMap<V>,
    /// The most entries the budget allows.
    limit: usize,
    budget: MemoBudget,
}

impl<V> Table<V> {
    fn new(budget: MemoBudget) -> Table<V> {
        let limit = budget.entries::<V>();
        Table {
            map: BoundedMap::new(limit),
            limit,
            budget,
        }
    }

    /// Remembers `value` under `key`, or says why it did not fit: the
    /// budget, or memory that could not be had short of it.
    fn store(&mut self, key: u64, value: V) -> Result<(), Unworked> {
        self.map.store(key, value, |stored, value| *stored = value);
        match self.map.filled() {
            None => Ok(()),
            Some(held) if held >= self.limit => Err(Unworked::OverBudget(self.budget)),
            Some(_) => Err(Unworked::OutOfMemory {
                bytes: self.map.bytes(),
            }),
        }
    }

    /// Forgets every entry and gives the memory back.
    fn release(&mut self) {
        *self = Table::new(self.budget);
    }
}

/// No key: nothing is remembered.
pub fn no_key<N>(_: &N) -> Option<u64> {
    None
}

/// The number of leaves of the minimal tree of `root`, and its value.
/// `key` names subtrees worth remembering (a board's position), within
/// `budget`, or [`no_key`].
pub fn minimal_tree<T: GameTree>(
    tree: &T,
    root: T::Node,
    key: impl Fn(&T::Node) -> Option<u64>,
    budget: MemoBudget,
) -> Result<(u64, Value), Unworked> {
    let mut memo = Memo::new(budget);
    let v = minimax_value(tree, root, &key, &mut memo)?;
    let costs = proof_costs(tree, root, Goal::exactly(v), &key, &mut memo)?;
    Ok((costs.both, v))
}

/// The costs of proving `goal` at `root`, remembering subtrees by `key` in
/// `memo` (cleared if it held another goal's; the values it held are given
/// back).
pub fn proof_costs<T: GameTree>(
    tree: &T,
    root: T::Node,
    goal: Goal,
    key: impl Fn(&T::Node) -> Option<u64>,
    memo: &mut Memo,
) -> Result<Costs, Unworked> {
    if memo.goal != Some(goal) {
        memo.costs.release();
        memo.goal = Some(goal);
    }
    memo.values.release();
    remembered(memo, |memo| {
        walk(tree, root, &Proofs(goal), &key, &mut memo.costs)
    })
}

/// The minimax value of `root`, remembering subtrees by `key` in `memo`
/// (the costs it held are given back).
pub fn minimax_value<T: GameTree>(
    tree: &T,
    root: T::Node,
    key: impl Fn(&T::Node) -> Option<u64>,
    memo: &mut Memo,
) -> Result<Value, Unworked> {
    memo.costs.release();
    memo.goal = None;
    remembered(memo, |memo| {
        walk(tree, root, &Minimax, &key, &mut memo.values)
    })
}

/// `walk`'s result, unless a walk of `memo` gave up before: then, or if
/// this one does, why; the memory is given back.
fn remembered<O>(
    memo: &mut Memo,
    walk: impl FnOnce(&mut Memo) -> Result<O, Unworked>,
) -> Result<O, Unworked> {
    if let Some(unworked) = memo.unworked {
        return Err(unworked);
    }
    walk(memo).inspect_err(|&unworked| {
        memo.unworked = Some(unworked);
        memo.costs.release();
        memo.values.release();
    })
}

/// What a walk computes per node, from the leaves up.
trait Fold<T: GameTree> {
    /// A node's result.
    type Out: Copy;
    /// What a node gathers from its children.
    type Acc: Copy;
    /// A leaf's result.
    fn leaf(&self, value: Value) -> Self::Out;
    /// The result of an inner node known without its children, if any.
    fn settled(&self, tree: &T, node: &T::Node) -> Option<Self::Out>;
    /// Nothing gathered yet at a MAX (`max`) or MIN node.
    fn start(&self, max: bool) -> Self::Acc;
    /// Gathers a child's result.
    fn add(&self, max: bool, acc: &mut Self::Acc, child: Self::Out);
    /// The node's result from what it gathered.
    fn finish(&self, tree: &T, node: &T::Node, max: bool, acc: Self::Acc) -> Self::Out;
}

/// An inner node being walked.
struct Frame<T: GameTree, A> {
    node: T::Node,
    max: bool,
    children: T::Children,
    acc: A,
    key: Option<u64>,
}

/// Folds `fold` over the tree below `root`, with an explicit stack; gives
/// up if what it remembers does not fit.
fn walk<T: GameTree, F: Fold<T>>(
    tree: &T,
    root: T::Node,
    fold: &F,
    key: &impl Fn(&T::Node) -> Option<u64>,
    memo: &mut Table<F::Out>,
) -> Result<F::Out, Unworked> {
    let mut stack: Vec<Frame<T, F::Acc>> = Vec::new();
    // The node to enter next, or the result to hand up.
    let mut next = Err(root);
    'walk: loop {
        let out = match next {
            Ok(out) => out,
            Err(node) => 'node: {
                let k = key(&node);
                if let Some(out) = k.and_then(|k| memo.map.get(k)) {
                    break 'node *out;
                }
                match tree.expand(&node) {
                    Expansion::Leaf(v) => fold.leaf(v),
                    Expansion::Inner(children) => {
                        if let Some(out) = fold.settled(tree, &node) {
                            break 'node out;
                        }
                        let max = tree.is_max(&node);
                        stack.push(Frame {
                            node,
                            max,
                            children,
                            acc: fold.start(max),
                            key: k,
                        });
                        next = Err(stack.last_mut().unwrap().children.next().expect("a child"));
                        continue 'walk;
                    }
                }
            }
        };
        let Some(top) = stack.last_mut() else {
            return Ok(out);
        };
        fold.add(top.max, &mut top.acc, out);
        next = match top.children.next() {
            Some(child) => Err(child),
            None => {
                let done = stack.pop().expect("a frame");
                let out = fold.finish(tree, &done.node, done.max, done.acc);
                if let Some(k) = done.key {
                    memo.store(k, out)?;
                }
                Ok(out)
            }
        };
    }
}

/// The minimax value.
struct Minimax;

impl<T: GameTree> Fold<T> for Minimax {
    type Out = Value;
    type Acc = Value;
    fn leaf(&self, value: Value) -> Value {
        value
    }
    fn settled(&self, _: &T, _: &T::Node) -> Option<Value> {
        None
    }
    fn start(&self, max: bool) -> Value {
        if max { Value::MIN } else { Value::MAX }
    }
    fn add(&self, max: bool, acc: &mut Value, child: Value) {
        *acc = if max {
            (*acc).max(child)
        } else {
            (*acc).min(child)
        };
    }
    fn finish(&self, _: &T, _: &T::Node, _: bool, acc: Value) -> Value {
        acc
    }
}

/// The costs of a goal's proofs.
struct Proofs(Goal);

/// What an inner node gathers: the cheapest child's proof and the sum of
/// every child's (for the proof the node's player chooses, and the other),
/// and the least extra a child's union costs over its share of the sum.
#[derive(Clone, Copy)]
struct Gathered {
    cheapest: u64,
    sum: u64,
    extra: u64,
}

/// 0 if `holds`, else [`UNPROVABLE`].
fn free_if(holds: bool) -> u64 {
    if holds { 0 } else { UNPROVABLE }
}

impl Proofs {
    /// What the static bounds of `node` prove alone: each cost 0 if a bound
    /// proves it, [`UNPROVABLE`] if a bound rules it out, else `None`.
    fn by_bounds<T: GameTree>(&self, tree: &T, node: &T::Node) -> (Option<u64>, Option<u64>) {
        let (lo, hi) = (tree.lower_bound(node), tree.upper_bound(node));
        let Goal { at_least, at_most } = self.0;
        let at_least = if lo >= at_least || hi < at_least {
            Some(free_if(lo >= at_least))
        } else {
            None
        };
        let at_most = if hi <= at_most || lo > at_most {
            Some(free_if(hi <= at_most))
        } else {
            None
        };
        (at_least, at_most)
    }
}

impl<T: GameTree> Fold<T> for Proofs {
    type Out = Costs;
    type Acc = Gathered;

    fn leaf(&self, value: Value) -> Costs {
        let Goal { at_least, at_most } = self.0;
        let one_if = |holds: bool| if holds { 1 } else { UNPROVABLE };
        Costs {
            at_least: one_if(value >= at_least),
            at_most: one_if(value <= at_most),
            both: one_if(at_least <= value && value <= at_most),
        }
    }

    fn settled(&self, tree: &T, node: &T::Node) -> Option<Costs> {
        match self.by_bounds(tree, node) {
            (Some(at_least), Some(at_most)) => Some(Costs {
                at_least,
                at_most,
                both: at_least.max(at_most),
            }),
            _ => None,
        }
    }

    fn start(&self, _: bool) -> Gathered {
        Gathered {
            cheapest: UNPROVABLE,
            sum: 0,
            extra: UNPROVABLE,
        }
    }

    /// At a MAX node the cheapest child proves `>= a`, and every child
    /// `<= b`; at a MIN node the other way round.
    fn add(&self, max: bool, acc: &mut Gathered, child: Costs) {
        let (chosen, all) = if max {
            (child.at_least, child.at_most)
        } else {
            (child.at_most, child.at_least)
        };
        acc.cheapest = acc.cheapest.min(chosen);
        acc.sum = acc.sum.saturating_add(all);
        if child.both != UNPROVABLE {
            acc.extra = acc.extra.min(child.both - all);
        }
    }

    fn finish(&self, tree: &T, node: &T::Node, max: bool, acc: Gathered) -> Costs {
        let both = if acc.sum == UNPROVABLE || acc.extra == UNPROVABLE {
            UNPROVABLE
        } else {
            acc.sum.saturating_add(acc.extra)
        };
        let (mut at_least, mut at_most) = if max {
            (acc.cheapest, acc.sum)
        } else {
            (acc.sum, acc.cheapest)
        };
        let mut both = both;
        // A bound that proves one half leaves the other to the children.
        let (lo_free, hi_free) = self.by_bounds(tree, node);
        if lo_free == Some(0) {
            at_least = 0;
            both = both.min(at_most);
        }
        if hi_free == Some(0) {
            at_most = 0;
            both = both.min(at_least);
        }
        Costs {
            at_least,
            at_most,
            both,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::written::ExplicitTree;

    fn minimal(text: &str) -> (u64, Value) {
        let tree = ExplicitTree::parse(text).unwrap();
        minimal_tree(&tree, tree.root(), no_key, MemoBudget::DEFAULT).unwrap()
    }

    #[test]
    fn small_trees_by_hand() {
        assert_eq!(minimal("7"), (1, 7));
        // MAX over two leaves: both must be seen.
        assert_eq!(minimal("[3,5]"), (2, 5));
        // The textbook tree: b=3, d=2 with distinct values: 3 + 3 - 1.
        assert_eq!(minimal("[[5,-2,0],[1,-3,7],[6,8,4]]"), (5, 4));
        // Ties: [[1,1],[1,1]] needs one leaf per MIN node for <= 1 at MAX
        // ... and the MAX strategy's two leaves, one shared: 3.
        assert_eq!(minimal("[[1,1],[1,1]]"), (3, 1));
    }

    #[test]
    fn win_or_not_proofs() {
        let tree = ExplicitTree::parse("[[inf,0],[inf,inf]]").unwrap();
        let goal = Goal {
            at_least: crate::tree::value::INF,
            at_most: crate::tree::value::INF - 1,
        };
        let costs = proof_costs(&tree, tree.root(), goal, no_key, &mut Memo::default()).unwrap();
        assert_eq!(
            (costs.at_least, costs.at_most, costs.both),
            (2, UNPROVABLE, UNPROVABLE)
        );
    }
}
