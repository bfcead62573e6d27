//! What a trace says: typed [`Event`]s, each displaying itself as its
//! line of `--trace` ([`trace`](super::trace) says how they are written).
//!
//! Values and windows are written as [`Bound`] writes them; the
//! proof-number backends' numbers as [`Count`] writes them. SSS* writes
//! one row per step, OPEN in order after the step: `step: case  J,s,h
//! ...`, the Γ case numbered as the Polish source does (its 1-6 are
//! Stockman's 4, 5, 6, 1, 3, 2; [`STOCKMAN_CASE`]).

use crate::tree::recording::dewey;
use crate::tree::value::{Bound, Value, Window};
use std::fmt;

/// Stockman's number of each Γ case, by the Polish number (index 1-6):
/// the Polish 1-6 are Stockman's 4, 5, 6, 1, 3, 2.
pub const STOCKMAN_CASE: [u8; 7] = [0, 4, 5, 6, 1, 3, 2];

/// A proof or disproof number as traces write it: `oo` for one that can
/// never be reached (`u64::MAX`, the proof-number backends' infinity),
/// `oo-2` for a threshold that much below it (df-pn's thresholds are
/// `oo` less the siblings' numbers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count(pub u64);

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            u64::MAX => f.write_str("oo"),
            n if n > u64::MAX / 2 => write!(f, "oo-{}", u64::MAX - n),
            n => write!(f, "{n}"),
        }
    }
}

/// A fraction in thousandths, as MCTS traces write its means and UCB1
/// scores (`0.625`), so that an event stays an exact, comparable value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Milli(pub u64);

impl Milli {
    /// `x` (not negative) to the nearest thousandth.
    pub fn of(x: f64) -> Milli {
        Milli((x * 1000.0).round() as u64)
    }
}

impl fmt::Display for Milli {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{:03}", self.0 / 1000, self.0 % 1000)
    }
}

/// The relation SCOUT's TEST checks: `value > v` at MAX nodes, `value >=
/// v` at MIN nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    /// `value > v`
    Greater,
    /// `value >= v`
    AtLeast,
}

impl fmt::Display for Relation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Relation::Greater => ">",
            Relation::AtLeast => ">=",
        })
    }
}

/// Why a node settled without its children being searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The tree's static upper bound is at most alpha.
    StaticUpper,
    /// The tree's static lower bound is at least beta.
    StaticLower,
    /// The transposition table's bounds settle the window.
    Table,
    /// A child's bound in the table settles it (enhanced transposition
    /// cutoffs).
    ChildInTable,
    /// Its bounds settle a proof-number search's question.
    Bounds,
    /// pns had no room to hold its children: alpha-beta answered.
    NoRoom,
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Reason::StaticUpper => "by a static upper bound",
            Reason::StaticLower => "by a static lower bound",
            Reason::Table => "from the table",
            Reason::ChildInTable => "by a child's bound in the table",
            Reason::Bounds => "by its bounds",
            Reason::NoRoom => "by alpha-beta: no room to hold",
        })
    }
}

/// What the passes of a search by proofs concluded of the root's value:
/// its bounds met, or one passed the window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Conclusion {
    /// The value, exactly: the lower and upper bounds met.
    Exact,
    /// At least this: the lower bound reached beta.
    AtLeast,
    /// At most this: the upper bound fell to alpha.
    AtMost,
}

/// SCOUT's question at a node: is its value `relation` `against`?
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Question {
    /// `>` at MAX nodes, `>=` at MIN nodes.
    pub relation: Relation,
    /// The value tested against.
    pub against: Value,
}

impl fmt::Display for Question {
    /// `TEST > 5`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TEST {} {}", self.relation, Bound(self.against))
    }
}

/// What happened at a node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A depth-first search entered an inner node with a window (pns: it
    /// expanded one, for its pass's null window).
    Enter {
        /// Whether MAX chooses there.
        max: bool,
        /// The window.
        window: Window,
    },
    /// A leaf was evaluated: its value.
    Leaf(Value),
    /// A cut, after the best value so far reached a bound: the condition
    /// that held, and the children skipped (numbers, from 1).
    Cut(Condition, Skipped),
    /// An inner node returned a value (or a bound, outside its window).
    Returns(Value),
    /// A node settled without its children being searched.
    Settled(Value, Reason),
    /// A pass of a backend that searches the root against one bound at a
    /// time (the MT drivers, the proof-number searches): its number, from
    /// 1 in each search, and its window.
    Pass(u64, Window),
    /// NegaScout: a child's null window gave the value; the child is
    /// searched again with the window, or not if every child of it was a
    /// leaf.
    NullWindow(Value, Option<Window>),
    /// SCOUT's EVAL starts at an inner node (MAX if true).
    Eval(bool),
    /// SCOUT's EVAL of a leaf: its value.
    EvalLeaf(Value),
    /// SCOUT's EVAL returns a value.
    Evaluated(Value),
    /// SCOUT's TEST starts at an inner node (MAX if true).
    Test(Question, bool),
    /// SCOUT's TEST of a leaf: its value, and the answer.
    TestLeaf(Question, Value, bool),
    /// SCOUT's TEST settled before its last child.
    TestCut(Skipped),
    /// SCOUT's TEST answers.
    Tested(Question, bool),
    /// A proof-number search: a node's proof and disproof numbers as they
    /// changed; dfpn leaves the node with them if true.
    Numbers(u64, u64, bool),
    /// pns: the node chosen for expansion, the most-proving node.
    MostProving,
    /// dfpn: the proof and disproof thresholds a node is entered with.
    Thresholds(u64, u64),
    /// A search by proofs ends at the root: what its passes' bounds say.
    Concluded(Value, Conclusion),
    /// MCTS: an iteration starts, its number from 1 in each search.
    Iteration(u64),
    /// MCTS: selection took this child, by its UCB1 score (`None`: never
    /// visited, taken first), with its visits before this iteration.
    Selected(Option<Milli>, u64),
    /// MCTS: the node reached was expanded, its children added (their
    /// number).
    Expanded(u32),
    /// MCTS: a playout from the node, its moves (child numbers from 1, one
    /// a ply); the leaf it reached follows, as [`Kind::Leaf`] at its path.
    Playout(Vec<u32>),
    /// MCTS: back-propagation updated the node: its visits, mean reward
    /// (MAX's point of view) and bounds on its value, pessimistic and
    /// optimistic (MAX's `lo` and `hi`, Cazenave and Saffidine's pess and
    /// opt).
    Backed(u64, Milli, Value, Value),
    /// SSS*: OPEN after a step.
    Open {
        /// The step, from 1.
        step: u64,
        /// The Γ case that made it (Polish numbering); none at the first
        /// step.
        case: Option<u8>,
        /// Its states in order: Dewey path, solved, merit.
        states: Vec<(Vec<u32>, bool, Value)>,
    },
}

/// A cut's condition as the trace, the drawings and the page write it:
/// `best >= bound` where MAX chooses, `best <= bound` where MIN does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Condition {
    /// Whether MAX chooses at the node.
    pub max: bool,
    /// The best value so far.
    pub best: Value,
    /// The window's bound it reached.
    pub bound: Value,
}

impl fmt::Display for Condition {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let op = if self.max { ">=" } else { "<=" };
        write!(f, "{} {op} {}", Bound(self.best), Bound(self.bound))
    }
}

/// The children a cut skipped: `count` of them from child number `first`
/// (from 1) on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Skipped {
    /// The first child skipped.
    pub first: u32,
    /// How many.
    pub count: u32,
}

/// One event of a trace: the node it concerns (for SSS*, the state the
/// step's case was applied to; the root at the first step) and what
/// happened there. It displays as its line of `--trace`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// The node's Dewey path (child numbers from 1; empty: the root).
    pub path: Vec<u32>,
    /// What happened.
    pub kind: Kind,
}

impl Event {
    /// The children a cut skipped: `1 child (2.3)`, `3 children (2.3-2.5)`.
    fn skipped(&self, Skipped { first, count }: Skipped) -> String {
        let child = |k: u32| dewey(&[&self.path[..], &[k]].concat());
        match count {
            1 => format!("1 child ({})", child(first)),
            n => format!("{n} children ({}-{})", child(first), child(first + n - 1)),
        }
    }
}

impl fmt::Display for Event {
    /// The event's line: indented by depth and named by path, but for a
    /// pass (indented only) and an SSS* step (neither).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = |max: bool| if max { "MAX" } else { "MIN" };
        let indent = 2 * self.path.len();
        match &self.kind {
            Kind::Pass(n, window) => return write!(f, "{:indent$}pass {n}, window {window}", ""),
            Kind::Iteration(n) => return write!(f, "iteration {n}"),
            Kind::Open { step, case, states } => {
                match case {
                    Some(case) => write!(f, "{step}: {case}")?,
                    None => write!(f, "{step}: -")?,
                }
                for (path, solved, h) in states {
                    let status = if *solved { 'S' } else { 'L' };
                    write!(f, "  {},{status},{}", dewey(path), Bound(*h))?;
                }
                return Ok(());
            }
            _ => write!(f, "{:indent$}{}: ", "", dewey(&self.path))?,
        }
        match &self.kind {
            Kind::Enter { max, window } => write!(f, "{} {window}", side(*max)),
            Kind::Leaf(v) => write!(f, "leaf {}", Bound(*v)),
            Kind::Cut(condition, skipped) => {
                let skipped = self.skipped(*skipped);
                write!(f, "cut, {condition}: skips {skipped}")
            }
            Kind::Returns(v) => write!(f, "returns {}", Bound(*v)),
            Kind::Settled(v, reason) => write!(f, "{} {reason}", Bound(*v)),
            Kind::NullWindow(v, Some(wide)) => write!(
                f,
                "null window gave {}, inside the window: search again with {wide}",
                Bound(*v)
            ),
            Kind::NullWindow(v, None) => {
                let v = Bound(*v);
                write!(f, "null window gave {v}, exact: every child a leaf")
            }
            Kind::Eval(max) => write!(f, "EVAL {}", side(*max)),
            Kind::EvalLeaf(v) => write!(f, "EVAL: leaf {}", Bound(*v)),
            Kind::Evaluated(v) => write!(f, "EVAL = {}", Bound(*v)),
            Kind::Test(question, max) => write!(f, "{question} at {}", side(*max)),
            Kind::TestLeaf(question, v, holds) => {
                write!(f, "{question}: leaf {}, {holds}", Bound(*v))
            }
            Kind::TestCut(skipped) => write!(f, "TEST settled: skips {}", self.skipped(*skipped)),
            Kind::Tested(question, holds) => write!(f, "{question}: {holds}"),
            Kind::Numbers(pn, dn, returns) => {
                let returns = if *returns { "returns " } else { "" };
                write!(f, "{returns}pn {}, dn {}", Count(*pn), Count(*dn))
            }
            Kind::MostProving => f.write_str("most-proving"),
            Kind::Thresholds(pn, dn) => {
                write!(f, "thresholds pn < {}, dn < {}", Count(*pn), Count(*dn))
            }
            Kind::Concluded(v, conclusion) => {
                let v = Bound(*v);
                match conclusion {
                    Conclusion::Exact => write!(f, "value {v}: the bounds met"),
                    Conclusion::AtLeast => write!(f, "at least {v}: beta reached"),
                    Conclusion::AtMost => write!(f, "at most {v}: alpha reached"),
                }
            }
            Kind::Selected(Some(score), visits) => {
                write!(f, "selected, ucb {score} (visits {visits})")
            }
            Kind::Selected(None, _) => f.write_str("selected, never visited"),
            Kind::Expanded(count) => match count {
                1 => f.write_str("expanded, 1 child"),
                n => write!(f, "expanded, {n} children"),
            },
            Kind::Playout(moves) => {
                let leaf = dewey(&[&self.path[..], moves].concat());
                write!(f, "playout to {leaf}")
            }
            Kind::Backed(visits, mean, lo, hi) => write!(
                f,
                "visits {visits}, mean {mean}, pess {}, opt {}",
                Bound(*lo),
                Bound(*hi)
            ),
            Kind::Pass(..) | Kind::Iteration(_) | Kind::Open { .. } => {
                unreachable!("written above")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_roots_and_cases_are_written_as_the_sources_do() {
        let counts = [u64::MAX, 0, 12, u64::MAX - 2].map(|n| Count(n).to_string());
        assert_eq!(counts, ["oo", "0", "12", "oo-2"]);
        assert_eq!((dewey(&[]), dewey(&[2, 1])), ("root".into(), "2.1".into()));
        // Seed 002: Stockman's 1-6 are the Polish 4, 6, 5, 1, 2, 3.
        for (stockman, polish) in [4, 6, 5, 1, 2, 3].into_iter().enumerate() {
            assert_eq!(STOCKMAN_CASE[polish] as usize, stockman + 1);
        }
    }

    #[test]
    fn events_write_their_lines() {
        let at = |path: &[u32], kind| {
            (Event {
                path: path.to_vec(),
                kind,
            })
            .to_string()
        };
        let skipped = Skipped { first: 3, count: 2 };
        let (max, best, bound) = (false, -3, -2);
        let cut = Kind::Cut(Condition { max, best, bound }, skipped);
        assert_eq!(
            at(&[2], cut),
            "  2: cut, -3 <= -2: skips 2 children (2.3-2.4)"
        );
        let pass = Kind::Pass(2, Window::at_least(5));
        assert_eq!(at(&[], pass), "pass 2, window (4, 5)");
        let states = vec![(vec![1, 2], true, 4), (vec![], false, 7)];
        let (step, case) = (3, Some(2));
        let open = Kind::Open { step, case, states };
        assert_eq!(at(&[1], open), "3: 2  1.2,S,4  root,L,7");
        let settled = Kind::Settled(0, Reason::Table);
        assert_eq!(at(&[1, 1], settled), "    1.1: 0 from the table");
    }
}
