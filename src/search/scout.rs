//! Pearl's SCOUT (1980), as EVAL and TEST in the pseudo-code of the
//! project's SCOUT source (strict `>` at MAX nodes, `>=` at MIN nodes).
//!
//! TEST(S, v, r) asks only whether the value of S stands in relation r to
//! v, which needs far fewer nodes than the value itself. EVAL takes the
//! first child's value, then TESTs each later child against the best so
//! far and EVALuates it only when the TEST says it could be better: at a MAX
//! node when TEST(child, v, >) holds, at a MIN node when TEST(child, v, >=)
//! fails.

use super::stats::{Counter, Counts, Stats};
use super::{Backend, Search};
use crate::tree::{Expansion, GameTree};
use crate::value::{Value, Window};

/// The relation TEST checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Relation {
    /// `value > v`
    Greater,
    /// `value >= v`
    AtLeast,
}

impl Relation {
    fn holds(self, value: Value, v: Value) -> bool {
        match self {
            Relation::Greater => value > v,
            Relation::AtLeast => value >= v,
        }
    }
}

/// The `scout` backend.
#[derive(Clone, Debug, Default)]
pub struct Scout {
    counts: Counts,
    tests: u64,
    evals: u64,
}

impl Scout {
    /// A fresh searcher.
    pub fn new() -> Scout {
        Scout::default()
    }

    fn eval<T: GameTree>(&mut self, tree: &T, node: &T::Node) -> Value {
        self.evals += 1;
        let children = match self.counts.visit(tree, node) {
            Expansion::Leaf(value) => return value,
            Expansion::Inner(children) => children,
        };
        let max = tree.is_max(node);
        let mut value: Option<Value> = None;
        for child in children {
            let better = match value {
                None => true,
                Some(v) if max => self.test(tree, &child, v, Relation::Greater),
                Some(v) => !self.test(tree, &child, v, Relation::AtLeast),
            };
            if better {
                value = Some(self.eval(tree, &child));
            }
        }
        value.expect("an inner node has a child")
    }

    fn test<T: GameTree>(
        &mut self,
        tree: &T,
        node: &T::Node,
        v: Value,
        relation: Relation,
    ) -> bool {
        self.tests += 1;
        let children = match self.counts.visit(tree, node) {
            Expansion::Leaf(value) => return relation.holds(value, v),
            Expansion::Inner(children) => children,
        };
        if tree.is_max(node) {
            for child in children {
                if self.test(tree, &child, v, relation) {
                    return true;
                }
            }
            false
        } else {
            for child in children {
                if !self.test(tree, &child, v, relation) {
                    return false;
                }
            }
            true
        }
    }
}

impl<T: GameTree> Search<T> for Scout {
    /// SCOUT computes the exact value; the window is not used.
    fn search(&mut self, tree: &T, root: T::Node, _window: Window) -> Value {
        self.eval(tree, &root)
    }
}

impl Backend for Scout {
    fn stats(&self) -> Stats {
        Stats::new(self.counts)
            .with(Counter::Tests, self.tests)
            .with(Counter::Evals, self.evals)
    }

    fn reset_stats(&mut self) {
        let _ = std::mem::take(self);
    }
}
