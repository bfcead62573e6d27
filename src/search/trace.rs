//! The trace a backend writes with `--trace`: a stream of structured
//! [`Event`]s (the node's Dewey path, what happened there, its window,
//! value, the children a cut skipped, SSS*'s OPEN list ...), each rendered
//! as one line of text. The text goes to standard error with `--trace`;
//! the events themselves go into the page of `winmove tree --html`, whose
//! steps are these very lines.
//!
//! A depth-first backend writes one line per event, indented by depth,
//! each naming its node by Dewey path (`root`, then child numbers from 1
//! in search order, e.g. `2.1.1`):
//!
//! ```text
//! root: MAX (-oo, +oo)
//!   1: MIN (-oo, +oo)
//!     1.1: leaf 5
//!     1.2: leaf -2
//!     1.3: leaf 0
//!   1: returns -2
//!   2: MIN (-2, +oo)
//!     2.1: leaf 1
//!     2.2: leaf -3
//!   2: cut, -3 <= -2: skips 1 child (2.3)
//!   2: returns -3
//! ```
//!
//! Values are written as trees write leaves (`inf` and `-inf` are won
//! games, `inf-1` and `-inf+1` the values next to them); a bound beyond
//! every leaf is `+oo` (or `-oo`), and `+oo+1`, `-oo-1` in null windows
//! beyond it, so `cut, inf >= +oo` cannot be mistaken for a win.
//!
//! The proof-number backends write numbers too: `2.1: pn 1, dn 2` (a
//! node's proof and disproof numbers once they change; `oo` for a number
//! that can never be reached, as `+oo` lies beyond every leaf, and `oo-2`
//! for df-pn's thresholds just below it), `2.1:
//! most-proving` (pns: the node chosen for expansion, its Dewey path the
//! path from the root), `2: thresholds pn < 3, dn < oo` (dfpn: the
//! thresholds a node is entered with) and `2: returns pn 3, dn 1` (dfpn:
//! the numbers it returns with).
//!
//! SSS* writes one row per step, OPEN in order after the step: `step:
//! case  J,s,h ...`, the Γ case numbered as the Polish source does (its
//! 1-6 are Stockman's 4, 5, 6, 1, 3, 2; [`STOCKMAN_CASE`]).
//!
//! A trace that cannot be written stops being written; the search goes on
//! (the command line notices the failed write and ends the run).

use crate::tree::value::{INF, UNBOUNDED, Value, Window};
use std::cell::RefCell;
use std::fmt;
use std::io::Write;
use std::rc::Rc;

/// Stockman's number of each Γ case, by the Polish number (index 1-6):
/// the Polish 1-6 are Stockman's 4, 5, 6, 1, 3, 2.
pub const STOCKMAN_CASE: [u8; 7] = [0, 4, 5, 6, 1, 3, 2];

/// A value or bound as traces write it: integers, `inf`/`-inf` for won
/// games, `inf-1`/`-inf+1` next to them, `+oo`/`-oo` beyond every leaf
/// (and `+oo+1`, `-oo-1` ... further out, in null windows).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bound(pub Value);

impl fmt::Display for Bound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            INF => f.write_str("inf"),
            v if v == -INF => f.write_str("-inf"),
            v if v == INF - 1 => f.write_str("inf-1"),
            v if v == 1 - INF => f.write_str("-inf+1"),
            UNBOUNDED => f.write_str("+oo"),
            v if v == -UNBOUNDED => f.write_str("-oo"),
            v if v > UNBOUNDED => write!(f, "+oo+{}", v - UNBOUNDED),
            v if v < -UNBOUNDED => write!(f, "-oo-{}", -UNBOUNDED - v),
            v => write!(f, "{v}"),
        }
    }
}

/// A window as traces write it: `(alpha, beta)` in [`Bound`]s.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds(pub Window);

impl fmt::Display for Bounds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", Bound(self.0.alpha), Bound(self.0.beta))
    }
}

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

/// A node's Dewey path as traces write it: `root`, or `2.1.3`.
pub fn node_name(path: &[u32]) -> String {
    if path.is_empty() {
        return "root".to_string();
    }
    crate::tree::recording::dewey(path)
}

/// What happened at a node: the structured part of an [`Event`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A depth-first search entered an inner node with a window.
    Enter {
        /// Whether MAX chooses there.
        max: bool,
        /// The window.
        window: Window,
    },
    /// A leaf was evaluated (by any depth-first backend, or SCOUT).
    Leaf {
        /// Its value.
        value: Value,
    },
    /// A cut: the children after this one are skipped.
    Cut {
        /// The child number (from 1) of the first child skipped.
        first: u32,
        /// How many children are skipped.
        count: u32,
    },
    /// An inner node returned a value (or a bound, outside its window).
    Returns {
        /// What it returned.
        value: Value,
    },
    /// A node settled without searching its children (a static bound, or
    /// the table's answer).
    Settled {
        /// The value or bound.
        value: Value,
        /// Whether the transposition table answered.
        table: bool,
    },
    /// An MT driver's pass: a null-window search of the root.
    Pass {
        /// The pass, from 1.
        number: u64,
        /// Its window.
        window: Window,
    },
    /// NegaScout: what a null-window search of a child gave, and the
    /// window of the search again if it lies inside the window.
    NullWindow {
        /// The null window's result.
        value: Value,
        /// The re-search's window, if any.
        again: Option<Window>,
    },
    /// SCOUT starts EVAL at an inner node.
    Eval {
        /// Whether MAX chooses there.
        max: bool,
    },
    /// SCOUT's EVAL returns a value.
    Evaluated {
        /// The value.
        value: Value,
    },
    /// SCOUT starts TEST at an inner node: whether its value is `> v`
    /// (or `>= v`).
    Test {
        /// The value tested against.
        against: Value,
        /// `>` or `>=`.
        relation: &'static str,
    },
    /// SCOUT's TEST answered (`Leaf` says so for a leaf).
    Tested {
        /// The answer.
        holds: bool,
    },
    /// SCOUT's TEST settled before its last child.
    TestCut {
        /// The child number (from 1) of the first child skipped.
        first: u32,
        /// How many children are skipped.
        count: u32,
    },
    /// A proof-number search: a node's proof and disproof numbers, as
    /// they changed (`returns`: dfpn leaves the node with them).
    Numbers {
        /// The proof number (`u64::MAX`: never reached).
        pn: u64,
        /// The disproof number.
        dn: u64,
        /// Whether the search returns from the node with them.
        returns: bool,
    },
    /// pns: the node chosen for expansion, the most-proving node.
    MostProving,
    /// dfpn: the thresholds a node is entered with; it is searched until
    /// one of its numbers reaches its threshold.
    Thresholds {
        /// The proof number's threshold (`u64::MAX`: none).
        pn: u64,
        /// The disproof number's.
        dn: u64,
    },
    /// SSS*: OPEN after a step.
    Open {
        /// The step, from 1.
        step: u64,
        /// The Γ case that produced this OPEN (Polish numbering); none at
        /// the first step.
        case: Option<u8>,
        /// The states in order: Dewey path, solved, merit.
        states: Vec<(Vec<u32>, bool, Value)>,
    },
    /// A line about no node in particular.
    Note,
}

/// One event of a trace: where, what, and its line of text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// The node it concerns (for SSS*, the state the step's case was
    /// applied to; the root at the first step).
    pub path: Vec<u32>,
    /// What happened.
    pub kind: Kind,
    /// The trace's line for it, indentation included.
    pub line: String,
}

/// The events of traces kept in memory (for the page): shared with the
/// backend that writes them.
#[derive(Clone, Debug, Default)]
pub struct EventLog(Rc<RefCell<Vec<Event>>>);

impl EventLog {
    /// Takes the events written so far, leaving the log empty.
    pub fn take(&self) -> Vec<Event> {
        self.0.take()
    }
}

/// Where a trace goes: lines of text, or events kept in memory.
pub enum Sink {
    /// Lines written to a stream (`--trace`).
    Text(Box<dyn Write>),
    /// Events kept (the page).
    Events(EventLog),
}

impl Sink {
    /// Lines of text written to `out`.
    pub fn text(out: impl Write + 'static) -> Sink {
        Sink::Text(Box::new(out))
    }
}

impl fmt::Debug for Sink {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Sink::Text(_) => f.write_str("Sink::Text"),
            Sink::Events(log) => f.debug_tuple("Sink::Events").field(log).finish(),
        }
    }
}

/// Where a backend writes its trace, and the path of the node it is at.
pub struct Tracer {
    /// Where the trace goes.
    sink: Sink,
    /// The current node's Dewey path (child numbers from 1).
    path: Vec<u32>,
    /// SSS*: the state first in OPEN at the last step, the next popped.
    next_popped: Vec<u32>,
    /// The MT drivers: passes of this search so far.
    passes: u64,
    /// A write failed: nothing more is written.
    failed: bool,
}

impl Tracer {
    /// A trace written to `sink`, at the root.
    pub fn new(sink: Sink) -> Tracer {
        Tracer {
            sink,
            path: Vec::new(),
            next_popped: Vec::new(),
            passes: 0,
            failed: false,
        }
    }

    /// Goes down to child number `k` (from 1) of the current node.
    pub fn down(&mut self, k: usize) {
        self.path.push(k as u32);
    }

    /// Goes back up to the parent.
    pub fn up(&mut self) {
        self.path.pop();
    }

    /// Goes to the node at `path` (child numbers from 1; empty: the root).
    pub fn go_to(&mut self, path: Vec<u32>) {
        self.path = path;
    }

    /// An inner node entered with `window`.
    pub fn enter(&mut self, max: bool, window: Window) {
        let text = format!("{} {}", side(max), Bounds(window));
        self.event(Kind::Enter { max, window }, text);
    }

    /// A leaf evaluated.
    pub fn leaf(&mut self, value: Value) {
        self.event(Kind::Leaf { value }, format!("leaf {}", Bound(value)));
    }

    /// A cut after child `k` (from 1), `rest` children left, because
    /// `best` reached `bound` (`>=` at MAX, `<=` at MIN).
    pub fn cut(&mut self, max: bool, best: Value, bound: Value, k: usize, rest: usize) {
        let op = if max { ">=" } else { "<=" };
        let text = format!(
            "cut, {} {op} {}: skips {}",
            Bound(best),
            Bound(bound),
            self.skipped(k, rest)
        );
        let (first, count) = (k as u32 + 1, rest as u32);
        self.event(Kind::Cut { first, count }, text);
    }

    /// An inner node returns `value`.
    pub fn returns(&mut self, value: Value) {
        self.event(Kind::Returns { value }, format!("returns {}", Bound(value)));
    }

    /// A node settled without its children (`how`).
    pub fn settled(&mut self, value: Value, how: &str) {
        let table = how == "from the table";
        let text = format!("{} {how}", Bound(value));
        self.event(Kind::Settled { value, table }, text);
    }

    /// A new search begins (the MT drivers number their passes from 1).
    pub fn begin(&mut self) {
        self.passes = 0;
    }

    /// An MT driver's next pass, with `window`, at the root.
    pub fn pass(&mut self, window: Window) {
        self.passes += 1;
        let number = self.passes;
        let line = format!(
            "{:indent$}pass {number}, window {}",
            "",
            Bounds(window),
            indent = 2 * self.path.len()
        );
        self.emit(Kind::Pass { number, window }, self.path.clone(), line);
    }

    /// NegaScout: the null window of a child gave `value`; `again`, the
    /// window searched again with, or none if every child was a leaf.
    pub fn null_window(&mut self, value: Value, again: Option<Window>) {
        let text = match again {
            Some(wide) => format!(
                "null window gave {}, inside the window: search again with {}",
                Bound(value),
                Bounds(wide)
            ),
            None => format!(
                "null window gave {}, exact: every child a leaf",
                Bound(value)
            ),
        };
        self.event(Kind::NullWindow { value, again }, text);
    }

    /// SCOUT: EVAL of a leaf.
    pub fn eval_leaf(&mut self, value: Value) {
        self.event(Kind::Leaf { value }, format!("EVAL: leaf {}", Bound(value)));
    }

    /// SCOUT: EVAL starts at an inner node.
    pub fn eval(&mut self, max: bool) {
        self.event(Kind::Eval { max }, format!("EVAL {}", side(max)));
    }

    /// SCOUT: EVAL returns `value`.
    pub fn evaluated(&mut self, value: Value) {
        self.event(
            Kind::Evaluated { value },
            format!("EVAL = {}", Bound(value)),
        );
    }

    /// SCOUT: TEST `relation` `against` of a leaf worth `value`.
    pub fn test_leaf(&mut self, relation: &'static str, against: Value, value: Value, holds: bool) {
        let text = format!(
            "TEST {relation} {}: leaf {}, {holds}",
            Bound(against),
            Bound(value)
        );
        self.event(Kind::Leaf { value }, text);
    }

    /// SCOUT: TEST starts at an inner node.
    pub fn test(&mut self, relation: &'static str, against: Value, max: bool) {
        let text = format!("TEST {relation} {} at {}", Bound(against), side(max));
        self.event(Kind::Test { against, relation }, text);
    }

    /// SCOUT: TEST settled after child `k` (from 1), `rest` left.
    pub fn test_cut(&mut self, k: usize, rest: usize) {
        let text = format!("TEST settled: skips {}", self.skipped(k, rest));
        let (first, count) = (k as u32 + 1, rest as u32);
        self.event(Kind::TestCut { first, count }, text);
    }

    /// SCOUT: TEST answers `holds`.
    pub fn tested(&mut self, relation: &'static str, against: Value, holds: bool) {
        let text = format!("TEST {relation} {}: {holds}", Bound(against));
        self.event(Kind::Tested { holds }, text);
    }

    /// A proof-number search: the node's numbers changed to `pn`, `dn`.
    pub fn numbers(&mut self, pn: u64, dn: u64) {
        let text = format!("pn {}, dn {}", Count(pn), Count(dn));
        let returns = false;
        self.event(Kind::Numbers { pn, dn, returns }, text);
    }

    /// dfpn: the search returns from the node with numbers `pn`, `dn`.
    pub fn returns_numbers(&mut self, pn: u64, dn: u64) {
        let text = format!("returns pn {}, dn {}", Count(pn), Count(dn));
        let returns = true;
        self.event(Kind::Numbers { pn, dn, returns }, text);
    }

    /// pns: the node is the most-proving one, expanded next.
    pub fn most_proving(&mut self) {
        self.event(Kind::MostProving, "most-proving".to_string());
    }

    /// dfpn: the node is entered with thresholds `pn` and `dn`.
    pub fn thresholds(&mut self, pn: u64, dn: u64) {
        let text = format!("thresholds pn < {}, dn < {}", Count(pn), Count(dn));
        self.event(Kind::Thresholds { pn, dn }, text);
    }

    /// SSS*: OPEN after step `step` (produced by Γ case `case`), its
    /// states in order.
    pub fn open(&mut self, step: u64, case: Option<u8>, states: Vec<(Vec<u32>, bool, Value)>) {
        let mut line = format!(
            "{step}: {}",
            case.map_or("-".to_string(), |c| c.to_string())
        );
        for (path, solved, h) in &states {
            let status = if *solved { 'S' } else { 'L' };
            line.push_str(&format!("  {},{status},{}", node_name(path), Bound(*h)));
        }
        let concerns = std::mem::take(&mut self.next_popped);
        if let Some((first, _, _)) = states.first() {
            self.next_popped = first.clone();
        }
        let kind = Kind::Open { step, case, states };
        self.emit(kind, concerns, line);
    }

    /// The children skipped by a cut after child `k` (from 1) when `count`
    /// more remained: `1 child (2.3)` or `3 children (2.3-2.5)`.
    fn skipped(&self, k: usize, count: usize) -> String {
        let child = |j: usize| {
            let mut path = self.path.clone();
            path.push(j as u32);
            node_name(&path)
        };
        match count {
            1 => format!("1 child ({})", child(k + 1)),
            n => format!("{n} children ({}-{})", child(k + 1), child(k + n)),
        }
    }

    /// Writes `path: text` for the current node, indented by its depth.
    fn event(&mut self, kind: Kind, text: String) {
        let line = format!(
            "{:indent$}{}: {text}",
            "",
            node_name(&self.path),
            indent = 2 * self.path.len()
        );
        self.emit(kind, self.path.clone(), line);
    }

    /// Sends an event to the sink, unless a write failed before.
    fn emit(&mut self, kind: Kind, path: Vec<u32>, line: String) {
        match &mut self.sink {
            Sink::Text(out) => {
                if !self.failed && writeln!(out, "{line}").is_err() {
                    self.failed = true;
                }
            }
            Sink::Events(log) => log.0.borrow_mut().push(Event { path, kind, line }),
        }
    }
}

/// `MAX` or `MIN`.
fn side(max: bool) -> &'static str {
    if max { "MAX" } else { "MIN" }
}

/// Writes a trace event if the trace is on: `trace!(tracer, leaf(v))`.
macro_rules! trace {
    ($tracer:expr, $event:ident($($arg:expr),*)) => {
        if let Some(tracer) = $tracer.as_mut() {
            tracer.$event($($arg),*);
        }
    };
}
pub(crate) use trace;

impl fmt::Debug for Tracer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Tracer")
            .field("path", &self.path)
            .field("failed", &self.failed)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn win_values_and_bounds_beyond_every_leaf_are_told_apart() {
        assert_eq!(Bound(INF).to_string(), "inf");
        assert_eq!(Bound(-INF).to_string(), "-inf");
        assert_eq!(Bound(UNBOUNDED).to_string(), "+oo");
        assert_eq!(Bound(-UNBOUNDED).to_string(), "-oo");
        assert_eq!(Bound(INF - 1).to_string(), "inf-1");
        assert_eq!(Bound(1 - INF).to_string(), "-inf+1");
        assert_eq!(Bound(-7).to_string(), "-7");
        assert_eq!(Bounds(Window::FULL).to_string(), "(-oo, +oo)");
        // MTD(f) guessing inf, and null windows on either side of +-oo.
        assert_eq!(Bounds(Window::at_least(INF)).to_string(), "(inf-1, inf)");
        assert_eq!(
            Bounds(Window::at_least(UNBOUNDED)).to_string(),
            "(inf, +oo)"
        );
        assert_eq!(Bounds(Window::above(UNBOUNDED)).to_string(), "(+oo, +oo+1)");
        assert_eq!(
            Bounds(Window::at_least(-UNBOUNDED)).to_string(),
            "(-oo-1, -oo)"
        );
    }

    #[test]
    fn numbers_never_reached_are_oo() {
        assert_eq!(Count(u64::MAX).to_string(), "oo");
        assert_eq!(Count(0).to_string(), "0");
        assert_eq!(Count(12).to_string(), "12");
        assert_eq!(Count(u64::MAX - 2).to_string(), "oo-2");
    }

    #[test]
    fn the_root_is_not_named_like_a_leaf() {
        assert_eq!(node_name(&[]), "root");
        assert_eq!(node_name(&[2, 1]), "2.1");
    }

    #[test]
    fn stockman_numbers_are_the_polish_ones_permuted() {
        // Seed 002: Stockman's 1-6 are the Polish 4, 6, 5, 1, 2, 3.
        for (stockman, polish) in [4, 6, 5, 1, 2, 3].into_iter().enumerate() {
            assert_eq!(STOCKMAN_CASE[polish] as usize, stockman + 1);
        }
    }
}
