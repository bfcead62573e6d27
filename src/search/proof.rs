//! What the proof-number backends (`pns`, `dfpn`) share: proof and
//! disproof numbers, the choice of the child to descend to, their
//! counters, and the driver that turns proofs into a minimax value.
//!
//! A proof-number search answers a yes-or-no question: is the value of the
//! root at least a threshold `t`? Here a node's numbers come from bounds on
//! its value found so far (leaves evaluated, the tree's static bounds): a
//! node is proven when its lower bound is at least `t`, disproven when its
//! upper bound is below `t`. The bounds do not depend on `t`, so they stay
//! true from one proof to the next.
//!
//! The driver ([`by_proofs`]) answers a window by bisection: the value
//! lies between the root's proven bounds, and only its place within the
//! window matters, so each pass asks whether the value is at least `t`,
//! the middle of what is still open (the bounds clipped to the window). A
//! proof raises the lower bound to at least `t`, a disproof lowers the
//! upper bound below it; the bounds a pass returns are values of leaves or
//! the tree's static bounds (fail-soft), so they often jump past the
//! middle. The search ends when the lower bound reaches `beta`, the upper
//! falls to `alpha`, or they meet. A null window `(t - 1, t)` takes one
//! pass; so does the answer loop's window `(0, inf)` on a board (its values
//! are `-inf`, 0 and `inf`): "does x win?".

use super::stats::{Counter, Counts, PASSES, Stats};
use super::tt::Bounds;
use crate::tree::GameTree;
use crate::tree::value::{Value, Window};

/// Expansions of nodes.
pub const EXPANSIONS: Counter = Counter::count(
    "expansions",
    "expansions of nodes, a leaf's evaluation included (pns: each node once;\n\
     dfpn: each time it enters one)",
);

/// The largest finite proof number the root had.
pub const ROOT_PN: Counter = Counter::size(
    "root_pn",
    "the largest finite proof number the root had (pns, dfpn)",
);

/// The largest finite disproof number the root had.
pub const ROOT_DN: Counter = Counter::size(
    "root_dn",
    "the largest finite disproof number the root had (pns, dfpn)",
);

/// What both proof-number backends count: the tree's leaves and nodes,
/// their [`EXPANSIONS`] and [`PASSES`], and the root's peak numbers.
#[derive(Clone, Copy, Debug, Default)]
pub struct ProofCounts {
    /// Leaves and nodes.
    pub counts: Counts,
    /// Nodes expanded.
    pub expansions: u64,
    /// Proofs against a threshold.
    pub passes: u64,
    /// The root's largest finite numbers.
    pub root: RootPeaks,
}

impl ProofCounts {
    /// The counters, as `--stats` shows them.
    pub fn stats(&self) -> Stats {
        Stats::new(self.counts)
            .with(EXPANSIONS, self.expansions)
            .with(PASSES, self.passes)
            .with(ROOT_PN, self.root.pn)
            .with(ROOT_DN, self.root.dn)
    }
}

/// The largest finite numbers a root had: [`ROOT_PN`] and [`ROOT_DN`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RootPeaks {
    /// The largest finite proof number.
    pub pn: u64,
    /// The largest finite disproof number.
    pub dn: u64,
}

impl RootPeaks {
    /// Notes the root's numbers.
    pub fn note(&mut self, numbers: Numbers) {
        if numbers.pn != INFINITE {
            self.pn = self.pn.max(numbers.pn);
        }
        if numbers.dn != INFINITE {
            self.dn = self.dn.max(numbers.dn);
        }
    }
}

/// A proof or disproof number that can never be reached: the question is
/// settled the other way.
pub const INFINITE: u64 = u64::MAX;

/// A node's proof and disproof numbers: how many more leaves, at the
/// least, must be evaluated to prove (or disprove) that its value is at
/// least the threshold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Numbers {
    /// The proof number (0: proven).
    pub pn: u64,
    /// The disproof number (0: disproven).
    pub dn: u64,
}

impl Numbers {
    /// A node not expanded yet, and not settled by its bounds.
    pub const FRONTIER: Numbers = Numbers { pn: 1, dn: 1 };

    /// Whether the question is settled at this node.
    #[cfg(feature = "pns")]
    pub fn solved(self) -> bool {
        self.pn == 0 || self.dn == 0
    }

    /// The numbers `bounds` settle for threshold `t`, if they do.
    pub fn settled(bounds: Bounds, t: Value) -> Option<Numbers> {
        if bounds.lo >= t {
            Some(Numbers {
                pn: 0,
                dn: INFINITE,
            })
        } else if bounds.hi < t {
            Some(Numbers {
                pn: INFINITE,
                dn: 0,
            })
        } else {
            None
        }
    }

    /// The numbers of an inner node from its children's: at a MAX node one
    /// child proven suffices (least proof number, summed disproof
    /// numbers), at a MIN node one child disproven.
    pub fn combine(max: bool, children: &[Numbers]) -> Numbers {
        let mut fold = Fold::new(max);
        children.iter().for_each(|&n| fold.numbers(n));
        fold.combined(Bounds::UNKNOWN).1
    }
}

/// The bounds of a node with children: at a MAX node the largest of the
/// children's, at a MIN node the smallest; tightened with what was known
/// of the node before (bounds only ever tighten).
pub fn combine_bounds(max: bool, before: Bounds, children: &[Bounds]) -> Bounds {
    let mut fold = Fold::new(max);
    children.iter().for_each(|&b| fold.bounds(b));
    fold.combined(before).0
}

/// A node's bounds and numbers from its children's, taken one child at a
/// time ([`combine_bounds`], [`Numbers::combine`]): df-pn works them out
/// for another threshold without holding the children.
#[derive(Clone, Copy, Debug)]
pub struct Fold {
    max: bool,
    /// The least of the numbers a child is chosen by.
    least: u64,
    /// The sum of the others (saturating at [`INFINITE`]).
    sum: u64,
    /// The largest (MAX) or smallest (MIN) of the children's bounds.
    bounds: Option<Bounds>,
}

impl Fold {
    /// No child yet, at a MAX (`max`) or MIN node.
    pub fn new(max: bool) -> Fold {
        Fold {
            max,
            least: INFINITE,
            sum: 0,
            bounds: None,
        }
    }

    /// Takes a child's numbers.
    pub fn numbers(&mut self, n: Numbers) {
        let (chosen, summed) = if self.max { (n.pn, n.dn) } else { (n.dn, n.pn) };
        self.least = self.least.min(chosen);
        self.sum = self.sum.saturating_add(summed);
    }

    /// Takes a child's bounds.
    pub fn bounds(&mut self, b: Bounds) {
        let pick = |x: Value, y: Value| if self.max { x.max(y) } else { x.min(y) };
        self.bounds = Some(match self.bounds {
            None => b,
            Some(f) => Bounds {
                lo: pick(f.lo, b.lo),
                hi: pick(f.hi, b.hi),
            },
        });
    }

    /// The node's bounds (`before` tightened by the children's) and
    /// numbers, from the children taken.
    pub fn combined(&self, before: Bounds) -> (Bounds, Numbers) {
        let children = self.bounds.unwrap_or(Bounds::UNKNOWN);
        let bounds = Bounds {
            lo: before.lo.max(children.lo),
            hi: before.hi.min(children.hi),
        };
        let numbers = if self.max {
            Numbers {
                pn: self.least,
                dn: self.sum,
            }
        } else {
            Numbers {
                pn: self.sum,
                dn: self.least,
            }
        };
        (bounds, numbers)
    }
}

/// The child a proof-number search descends to (the most-proving node
/// lies below it): at a MAX node the first child of least proof number,
/// at a MIN node the first of least disproof number. Also the bound under
/// which that number must stay for the child to stay the choice: the
/// least among the other children, plus one if every child with it comes
/// later ([`INFINITE`] if there is no other child).
pub fn select(max: bool, children: &[Numbers]) -> (usize, u64) {
    let number = |n: &Numbers| if max { n.pn } else { n.dn };
    let mut best = 0;
    for (i, child) in children.iter().enumerate() {
        if number(child) < number(&children[best]) {
            best = i;
        }
    }
    let mut stay = INFINITE;
    for (i, child) in children.iter().enumerate().filter(|&(i, _)| i != best) {
        let bound = if i < best {
            number(child)
        } else {
            number(child).saturating_add(1)
        };
        stay = stay.min(bound);
    }
    (best, stay)
}

/// A proof-number search that proves or disproves, for one root at a
/// time, that the value is at least a threshold.
pub trait Prover<T: GameTree> {
    /// Proves or disproves, in pass number `pass` (from 1) of a search
    /// (`pass_t` is `(pass, t)`), that the value of `root` is at least `t`
    /// (`bounds` are those known of it, with `lo < t <= hi`); returns the
    /// root's bounds after: `lo >= t` or `hi < t`.
    fn prove(&mut self, tree: &T, root: &T::Node, pass_t: (u64, Value), bounds: Bounds) -> Bounds;
}

/// Searches `root` with `window` by bisection (see the module docs),
/// fail-soft; counts each proof in `passes`.
pub fn by_proofs<T: GameTree, P: Prover<T>>(
    prover: &mut P,
    tree: &T,
    root: &T::Node,
    window: Window,
    passes: &mut u64,
) -> Value {
    let mut bounds = Bounds::UNKNOWN;
    let mut pass = 0;
    loop {
        if bounds.lo >= window.beta || bounds.lo == bounds.hi {
            return bounds.lo;
        }
        if bounds.hi <= window.alpha {
            return bounds.hi;
        }
        // The middle of (a, b]: a proof or a disproof shrinks it.
        let a = i64::from(bounds.lo.max(window.alpha));
        let b = i64::from(bounds.hi.min(window.beta));
        let t = Value::try_from(a + (b - a + 1) / 2).expect("between two values");
        *passes += 1;
        pass += 1;
        bounds = prover.prove(tree, root, (pass, t), bounds);
        debug_assert!(
            bounds.lo >= t || bounds.hi < t,
            "a pass settles its question"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbers(pn: u64, dn: u64) -> Numbers {
        Numbers { pn, dn }
    }

    #[test]
    fn the_choice_stays_while_it_is_the_first_least() {
        let kids = [numbers(3, 1), numbers(2, 1), numbers(3, 1)];
        // Child 1 stays the first of least proof number while below 3 (the
        // earlier child 0 has 3 and wins ties).
        assert_eq!(select(true, &kids), (1, 3));
        let kids = [numbers(2, 1), numbers(3, 1)];
        // Child 0 wins ties with the later child 1: it stays up to 3.
        assert_eq!(select(true, &kids), (0, 4));
        assert_eq!(select(false, &[numbers(1, 5)]), (0, INFINITE));
        assert_eq!(
            Numbers::combine(true, &kids),
            numbers(2, 2),
            "MAX: least pn, summed dn"
        );
        assert_eq!(Numbers::combine(false, &kids), numbers(5, 1));
    }

    #[test]
    fn bounds_settle_the_question_either_way() {
        let b = Bounds { lo: 0, hi: 5 };
        assert_eq!(Numbers::settled(b, 0), Some(numbers(0, INFINITE)));
        assert_eq!(Numbers::settled(b, 6), Some(numbers(INFINITE, 0)));
        assert_eq!(Numbers::settled(b, 5), None);
        let kids = [Bounds { lo: 1, hi: 4 }, Bounds { lo: -2, hi: 9 }];
        assert_eq!(
            combine_bounds(true, Bounds::UNKNOWN, &kids),
            Bounds { lo: 1, hi: 9 }
        );
        assert_eq!(
            combine_bounds(false, Bounds { lo: -9, hi: 3 }, &kids),
            Bounds { lo: -2, hi: 3 }
        );
    }
}
