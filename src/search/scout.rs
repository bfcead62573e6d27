//! Pearl's SCOUT (1980), as EVAL and TEST in the pseudo-code of the
//! project's SCOUT source (strict `>` at MAX nodes, `>=` at MIN nodes).
//!
//! TEST(S, v, r) asks only whether the value of S stands in relation r to
//! v, which needs far fewer nodes than the value itself. EVAL takes the
//! first child's value, then TESTs each later child against the best so
//! far and EVALuates it only when the TEST says it could be better: at a MAX
//! node when TEST(child, v, >) holds, at a MIN node when TEST(child, v, >=)
//! fails.

use super::backend::{Backend, Search};
use super::event::{Kind, Question, Relation, Skipped};
use super::stats::{Counter, Counts, Stats};
use super::trace::{Tracer, trace};
use crate::tree::value::{Value, Window};
use crate::tree::{Expansion, GameTree};

/// Calls of TEST.
pub const TESTS: Counter = Counter::count("tests", "calls of TEST (SCOUT)");

/// Calls of EVAL.
pub const EVALS: Counter = Counter::count("evals", "calls of EVAL (SCOUT)");

/// The `scout` backend.
#[derive(Debug, Default)]
pub struct Scout {
    /// Leaves and nodes: every node EVAL or TEST reaches, repeats included.
    counts: Counts,
    /// Calls of TEST.
    tests: u64,
    /// Calls of EVAL.
    evals: u64,
    /// The trace, when one is asked for.
    trace: Option<Tracer>,
}

impl Scout {
    /// A fresh searcher.
    pub fn new() -> Scout {
        Scout::default()
    }

    /// Runs `f` on child number `k` (from 0), with the trace one level down.
    fn at_child<R>(&mut self, k: usize, f: impl FnOnce(&mut Self) -> R) -> R {
        if let Some(tracer) = self.trace.as_mut() {
            tracer.down(k + 1);
        }
        let result = f(self);
        if let Some(tracer) = self.trace.as_mut() {
            tracer.up();
        }
        result
    }

    /// EVAL: the exact value of `node`.
    fn eval<T: GameTree>(&mut self, tree: &T, node: &T::Node) -> Value {
        self.evals += 1;
        let children = match self.counts.visit(tree, node) {
            Expansion::Leaf(value) => {
                trace!(self.trace, Kind::EvalLeaf(value));
                return value;
            }
            Expansion::Inner(children) => children,
        };
        let max = tree.is_max(node);
        trace!(self.trace, Kind::Eval(max));
        let mut value: Option<Value> = None;
        // The child that gave `value`, kept only for a tree that learns.
        let mut best_child = None;
        for (k, child) in children.enumerate() {
            let better = match value {
                None => true,
                Some(v) if max => self.at_child(k, |s| s.test(tree, &child, v, Relation::Greater)),
                Some(v) => !self.at_child(k, |s| s.test(tree, &child, v, Relation::AtLeast)),
            };
            if better {
                value = Some(self.at_child(k, |s| s.eval(tree, &child)));
                if T::LEARNS {
                    best_child = Some(child);
                }
            }
        }
        let value = value.expect("an inner node has a child");
        if let Some(child) = best_child {
            tree.learn(node, &child);
        }
        trace!(self.trace, Kind::Evaluated(value));
        value
    }

    /// TEST: whether the value of `node` stands in `relation` to `v`.
    fn test<T: GameTree>(
        &mut self,
        tree: &T,
        node: &T::Node,
        v: Value,
        relation: Relation,
    ) -> bool {
        self.tests += 1;
        let question = Question {
            relation,
            against: v,
        };
        let mut children = match self.counts.visit(tree, node) {
            Expansion::Leaf(value) => {
                let holds = match relation {
                    Relation::Greater => value > v,
                    Relation::AtLeast => value >= v,
                };
                trace!(self.trace, Kind::TestLeaf(question, value, holds));
                return holds;
            }
            Expansion::Inner(children) => children,
        };
        let max = tree.is_max(node);
        trace!(self.trace, Kind::Test(question, max));
        // A MAX node holds as soon as one child does; a MIN node fails as
        // soon as one child fails.
        let mut answer = !max;
        let mut k = 0;
        while let Some(child) = children.next() {
            if self.at_child(k, |s| s.test(tree, &child, v, relation)) == max {
                answer = max;
                // Counted only for the trace: the children after this one.
                if let Some(tracer) = self.trace.as_mut() {
                    let count = children.clone().count() as u32;
                    if count > 0 {
                        let first = k as u32 + 2;
                        tracer.emit(Kind::TestCut(Skipped { first, count }));
                    }
                }
                break;
            }
            k += 1;
        }
        trace!(self.trace, Kind::Tested(question, answer));
        answer
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
            .with(TESTS, self.tests)
            .with(EVALS, self.evals)
    }

    fn reset_stats(&mut self) {
        self.counts = Counts::default();
        self.tests = 0;
        self.evals = 0;
    }

    fn trace_slot(&mut self) -> Option<&mut Option<Tracer>> {
        Some(&mut self.trace)
    }

    /// EVAL and TEST expand a node's descendants only within themselves.
    fn depth_first(&self) -> bool {
        true
    }
}
