//! What a search has established of each node's value, step by step, as
//! its trace's events say it: the page writes a node's value in it only
//! once an event has established it, and a bound where only a bound is
//! known (a learner should watch values appear, not read the answer).
//!
//! Each fact is what an event means by the trace's own terms: a leaf
//! evaluated is its value; a value returned from inside the node's window
//! is exact, at or below alpha an upper bound, at or above beta a lower
//! one (a pass's null window holds at every node of the pass, so a node
//! the table settles is read against it); SCOUT's TEST answers its
//! question; a proof number 0 proves the pass's question, a disproof
//! number 0 disproves it; SSS*'s solved state `(n, S, h)` says `n` is at
//! least `h` (the root, solved, is `h`), the merit on top of OPEN bounds
//! the root from above, and case 1 evaluates the leaf popped; MCTS's
//! bounds on the way back are bounds. Facts only
//! add up: a node shows all its facts together (`≥2 ≤6`, or `6` once they
//! meet).

use crate::search::event::{Conclusion, Event, Kind, Reason, Relation};
use crate::tree::value::{Bound, INF, UNBOUNDED, Value, Window};
use crate::tree::written::ExplicitTree;
use std::collections::BTreeMap;
use std::fmt;

/// One side of what is known: the value is beyond `value`, or at it too
/// if not `strict`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Side {
    value: Value,
    strict: bool,
}

/// What is known of one node's value: a lower side, an upper side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Known {
    lo: Option<Side>,
    hi: Option<Side>,
}

/// One fact an event establishes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fact {
    Exactly(Value),
    AtLeast(Value),
    Above(Value),
    AtMost(Value),
    Below(Value),
}

impl Known {
    /// Adds `fact`: whether anything new is known. A bound at the search's
    /// infinity (SSS*'s first merits, `+oo`) says nothing.
    fn add(&mut self, fact: Fact) -> bool {
        let side = |value, strict| Side { value, strict };
        let before = *self;
        match fact {
            Fact::AtMost(v) | Fact::Below(v) if v >= UNBOUNDED => {}
            Fact::AtLeast(v) | Fact::Above(v) if v <= -UNBOUNDED => {}
            Fact::Exactly(v) => {
                self.raise(side(v, false));
                self.lower(side(v, false));
            }
            Fact::AtLeast(v) => self.raise(side(v, false)),
            Fact::Above(v) => self.raise(side(v, true)),
            Fact::AtMost(v) => self.lower(side(v, false)),
            Fact::Below(v) => self.lower(side(v, true)),
        }
        *self != before
    }

    /// Keeps the higher of two lower sides (the strict one, if equal).
    fn raise(&mut self, new: Side) {
        let better = self.lo.is_none_or(|old| {
            new.value > old.value || (new.value == old.value && new.strict && !old.strict)
        });
        if better {
            self.lo = Some(new);
        }
    }

    /// Keeps the lower of two upper sides (the strict one, if equal).
    fn lower(&mut self, new: Side) {
        let better = self.hi.is_none_or(|old| {
            new.value < old.value || (new.value == old.value && new.strict && !old.strict)
        });
        if better {
            self.hi = Some(new);
        }
    }

    /// Whether `value` is consistent with all that is known.
    #[cfg(test)]
    pub fn admits(&self, value: Value) -> bool {
        let lo = self.lo.is_none_or(|s| {
            if s.strict {
                value > s.value
            } else {
                value >= s.value
            }
        });
        let hi = self.hi.is_none_or(|s| {
            if s.strict {
                value < s.value
            } else {
                value <= s.value
            }
        });
        lo && hi
    }
}

impl fmt::Display for Known {
    /// `6` once exact, else `≥2`, `>2`, `≤6`, `<7`, or both (`≥2 ≤6`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.lo, self.hi) {
            (Some(lo), Some(hi)) if lo == hi && !lo.strict => write!(f, "{}", Bound(lo.value)),
            (lo, hi) => {
                if let Some(lo) = lo {
                    let op = if lo.strict { ">" } else { "≥" };
                    write!(f, "{op}{}", Bound(lo.value))?;
                }
                if let (Some(_), Some(_)) = (lo, hi) {
                    f.write_str(" ")?;
                }
                if let Some(hi) = hi {
                    let op = if hi.strict { "<" } else { "≤" };
                    write!(f, "{op}{}", Bound(hi.value))?;
                }
                Ok(())
            }
        }
    }
}

/// What a trace has established so far, event by event.
pub struct Knowledge<'a> {
    /// The tree searched: the value of a leaf SSS* evaluates.
    tree: &'a ExplicitTree,
    /// What is known of each node, by path.
    known: BTreeMap<Vec<u32>, Known>,
    /// The window each node was last entered with.
    entered: BTreeMap<Vec<u32>, Window>,
    /// The window of the pass in progress, if any.
    pass: Option<Window>,
}

impl<'a> Knowledge<'a> {
    /// Nothing known yet of `tree`.
    pub fn new(tree: &'a ExplicitTree) -> Knowledge<'a> {
        Knowledge {
            tree,
            known: BTreeMap::new(),
            entered: BTreeMap::new(),
            pass: None,
        }
    }

    /// What is known of the node at `path`.
    #[cfg(test)]
    pub fn of(&self, path: &[u32]) -> Known {
        self.known.get(path).copied().unwrap_or_default()
    }

    /// Takes in `event`: the nodes of which more is known, with all that
    /// is known of each now.
    pub fn learn(&mut self, event: &Event) -> Vec<(Vec<u32>, Known)> {
        let facts = self.facts(event);
        let mut changed: Vec<(Vec<u32>, Known)> = Vec::new();
        for (path, fact) in facts {
            let known = self.known.entry(path.clone()).or_default();
            if known.add(fact) {
                let now = *known;
                changed.retain(|(p, _)| *p != path);
                changed.push((path, now));
            }
        }
        changed
    }

    /// The facts `event` establishes, by node.
    fn facts(&mut self, event: &Event) -> Vec<(Vec<u32>, Fact)> {
        let here = |fact| vec![(event.path.clone(), fact)];
        // A value against a window: inside exact, else the bound it is.
        let against = |v: Value, w: Window| {
            if v <= w.alpha {
                Fact::AtMost(v)
            } else if v >= w.beta {
                Fact::AtLeast(v)
            } else {
                Fact::Exactly(v)
            }
        };
        match &event.kind {
            Kind::Enter { window, .. } => {
                self.entered.insert(event.path.clone(), *window);
                vec![]
            }
            Kind::Pass(_, window) => {
                self.pass = Some(*window);
                vec![]
            }
            Kind::Leaf(v)
            | Kind::EvalLeaf(v)
            | Kind::TestLeaf(_, v, _)
            | Kind::Evaluated(v)
            | Kind::NullWindow(v, None) => here(Fact::Exactly(*v)),
            Kind::Returns(v) => match self.entered.get(&event.path) {
                Some(w) => here(against(*v, *w)),
                None => vec![],
            },
            Kind::Concluded(v, Conclusion::Exact) => here(Fact::Exactly(*v)),
            Kind::Concluded(v, Conclusion::AtLeast) => here(Fact::AtLeast(*v)),
            Kind::Concluded(v, Conclusion::AtMost) => here(Fact::AtMost(*v)),
            Kind::Settled(v, Reason::StaticUpper) => here(Fact::AtMost(*v)),
            Kind::Settled(v, Reason::StaticLower) => here(Fact::AtLeast(*v)),
            // Settled against the pass's null window, the window of every
            // node of the pass; without one, nothing is claimed.
            Kind::Settled(v, _) => match self.pass {
                Some(w) if w.beta - w.alpha == 1 => here(against(*v, w)),
                _ => vec![],
            },
            Kind::Tested(question, holds) => {
                let v = question.against;
                here(match (question.relation, holds) {
                    (Relation::Greater, true) => Fact::Above(v),
                    (Relation::Greater, false) => Fact::AtMost(v),
                    (Relation::AtLeast, true) => Fact::AtLeast(v),
                    (Relation::AtLeast, false) => Fact::Below(v),
                })
            }
            Kind::Numbers(pn, dn, _) => match self.pass {
                Some(w) if *pn == 0 => here(Fact::AtLeast(w.beta)),
                Some(w) if *dn == 0 => here(Fact::AtMost(w.alpha)),
                _ => vec![],
            },
            Kind::Open { case, states, .. } => {
                let mut facts = Vec::new();
                if *case == Some(1) {
                    if let Some(v) = self.leaf_value(&event.path) {
                        facts.push((event.path.clone(), Fact::Exactly(v)));
                    }
                }
                for (path, solved, h) in states {
                    if *solved {
                        let fact = if path.is_empty() {
                            Fact::Exactly(*h)
                        } else {
                            Fact::AtLeast(*h)
                        };
                        facts.push((path.clone(), fact));
                    }
                }
                if let Some(top) = states.iter().map(|s| s.2).max() {
                    facts.push((vec![], Fact::AtMost(top)));
                }
                facts
            }
            Kind::Cut(..)
            | Kind::TestCut(_)
            | Kind::NullWindow(_, Some(_))
            | Kind::Eval(_)
            | Kind::Test(..)
            | Kind::MostProving
            | Kind::Thresholds(..)
            | Kind::Iteration(_)
            | Kind::Selected(..)
            | Kind::Expanded(_)
            | Kind::Playout(_) => vec![],
            // MCTS's bounds: those beyond every leaf say nothing.
            Kind::Backed(_, _, lo, hi) => {
                let mut facts = Vec::new();
                if *lo > -INF || lo == hi {
                    facts.push((event.path.clone(), Fact::AtLeast(*lo)));
                }
                if *hi < INF || lo == hi {
                    facts.push((event.path.clone(), Fact::AtMost(*hi)));
                }
                facts
            }
        }
    }

    /// The value of the leaf at `path`, if it is a leaf.
    fn leaf_value(&self, path: &[u32]) -> Option<Value> {
        let mut node = self.tree.root();
        for &k in path {
            node = self.tree.children(node).nth(k.checked_sub(1)? as usize)?;
        }
        self.tree.leaf_value(node)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::draw::events;
    use crate::search::{Algo, Settings};
    use crate::tree::written::TreeNode;
    use crate::tree::written::random::random_tree;

    /// Plain minimax of every node, by path: the reference.
    fn minimax(
        tree: &ExplicitTree,
        node: TreeNode,
        path: &mut Vec<u32>,
        out: &mut BTreeMap<Vec<u32>, Value>,
    ) -> Value {
        let value = match tree.leaf_value(node) {
            Some(v) => v,
            None => {
                let mut values = Vec::new();
                for (child, k) in tree.children(node).zip(1..) {
                    path.push(k);
                    values.push(minimax(tree, child, path, out));
                    path.pop();
                }
                let pick = if node.max {
                    values.iter().max()
                } else {
                    values.iter().min()
                };
                *pick.unwrap()
            }
        };
        out.insert(path.clone(), value);
        value
    }

    #[test]
    fn what_is_known_is_written_as_the_page_shows_it() {
        let mut known = Known::default();
        assert_eq!(known.to_string(), "");
        assert!(known.add(Fact::AtLeast(2)));
        assert_eq!(known.to_string(), "≥2");
        assert!(!known.add(Fact::AtLeast(1)));
        assert!(known.add(Fact::Below(7)));
        assert_eq!(known.to_string(), "≥2 <7");
        assert!(known.add(Fact::AtMost(2)));
        assert_eq!(known.to_string(), "2");
        assert!(!Known::default().add(Fact::AtMost(UNBOUNDED)));
        let mut above = Known::default();
        above.add(Fact::Above(2));
        assert_eq!(above.to_string(), ">2");
    }

    /// Every fact every backend's trace establishes holds for the true
    /// value (plain minimax), on random trees; and by the end of each
    /// search the root's value is known exactly.
    #[test]
    fn every_fact_holds_and_each_search_ends_knowing_the_root() {
        let mut rng = crate::game::random::Rng::new(28);
        for round in 0..40 {
            let (lo, hi) = [(0, 1), (-9, 9), (-3, 3)][round % 3];
            let tree = random_tree(&mut rng, 4, 4, 40, lo, hi);
            let mut truth = BTreeMap::new();
            minimax(&tree, tree.root(), &mut Vec::new(), &mut truth);
            for algo in Algo::ALL {
                let Ok(trace) = events(&tree, algo, &Settings::default()) else {
                    continue;
                };
                let mut knowledge = Knowledge::new(&tree);
                for event in &trace {
                    for (path, known) in knowledge.learn(event) {
                        assert!(
                            known.admits(truth[&path]),
                            "{algo} on {tree}: {} is {known} after `{event}`, but {}",
                            crate::tree::recording::dewey(&path),
                            truth[&path]
                        );
                    }
                }
                let root = knowledge.of(&[]).to_string();
                assert_eq!(root, Bound(truth[&vec![]]).to_string(), "{algo} on {tree}");
            }
        }
    }
}
