//! A node's children as a proof-number search reads them, summarised so
//! that a change to one child costs a walk up a tournament, not a pass
//! over every sibling: on a node of `n` children a proof would otherwise
//! take time quadratic in `n` (choosing the most-proving child, summing
//! the numbers and the bounds after each expansion).
//!
//! The summary gives exactly what [`select`], [`Numbers::combine`] and
//! [`combine_bounds`] give over the same children: the first child of
//! least number wins its matches (a match compares the number, then the
//! child's place), the other number is a running sum, and each match
//! keeps the far bound of the two. Nodes of fewer than [`WIDE`] children,
//! or whose tournament cannot have its memory, are read whole each time,
//! as those functions do.

use super::proof::{INFINITE, Numbers, combine_bounds, select};
use super::tt::Bounds;
use crate::tree::value::Value;

/// Fewer children than this are read whole: a pass over so few is as quick
/// as a tournament.
pub const WIDE: usize = 32;

/// The winner of the matches below a place of the tournament: the child of
/// least number (the first among equals), and the bounds of the node were
/// those children all it had.
#[derive(Clone, Copy, Debug)]
struct Match {
    least: u32,
    lo: Value,
    hi: Value,
}

/// The summary of one node's children (see the module docs).
#[derive(Clone, Debug, Default)]
pub struct Siblings {
    max: bool,
    /// The sum of the children's finite other numbers (disproof numbers at
    /// MAX, proof numbers at MIN).
    finite: u128,
    /// How many children have an infinite other number.
    infinite: usize,
    /// The tournament: place `p` in `1..n` holds the winner of places `2p`
    /// and `2p + 1`, place `n + i` being child `i`; empty when the children
    /// are read whole.
    matches: Vec<Match>,
}

impl Siblings {
    /// The summary of the children of a MAX (`max`) or MIN node whose
    /// numbers and bounds are these.
    pub fn new(max: bool, numbers: &[Numbers], bounds: &[Bounds]) -> Siblings {
        let mut siblings = Siblings {
            max,
            ..Siblings::default()
        };
        siblings.rebuild(numbers, bounds);
        siblings
    }

    /// Summarises the children again, every one of them changed.
    pub fn rebuild(&mut self, numbers: &[Numbers], bounds: &[Bounds]) {
        let n = numbers.len();
        self.matches.clear();
        let wide =
            n >= WIDE && u32::try_from(n).is_ok() && self.matches.try_reserve_exact(n).is_ok();
        if !wide {
            self.matches = Vec::new();
            return;
        }
        (self.finite, self.infinite) = (0, 0);
        for &child in numbers {
            self.add(child);
        }
        let unplayed = Match {
            least: 0,
            lo: 0,
            hi: 0,
        };
        self.matches.resize(n, unplayed);
        for place in (1..n).rev() {
            self.matches[place] = self.play(place, numbers, bounds);
        }
    }

    /// Bytes it holds.
    pub fn bytes(&self) -> usize {
        self.matches.capacity() * std::mem::size_of::<Match>()
    }

    /// Child `i` changed (its numbers were `old`): the slices hold its new
    /// numbers and bounds.
    pub fn update(&mut self, i: usize, old: Numbers, numbers: &[Numbers], bounds: &[Bounds]) {
        if self.matches.is_empty() {
            return;
        }
        self.remove(old);
        self.add(numbers[i]);
        let mut place = (numbers.len() + i) / 2;
        while place >= 1 {
            self.matches[place] = self.play(place, numbers, bounds);
            place /= 2;
        }
    }

    /// The node's numbers from its children's: [`Numbers::combine`].
    pub fn numbers(&self, numbers: &[Numbers]) -> Numbers {
        if self.matches.is_empty() {
            return Numbers::combine(self.max, numbers);
        }
        let least = self.number(&numbers[self.root().least as usize]);
        let sum = if self.infinite > 0 {
            INFINITE
        } else {
            u64::try_from(self.finite).unwrap_or(INFINITE)
        };
        if self.max {
            Numbers { pn: least, dn: sum }
        } else {
            Numbers { pn: sum, dn: least }
        }
    }

    /// The node's bounds from its children's and `before`:
    /// [`combine_bounds`].
    pub fn bounds(&self, before: Bounds, bounds: &[Bounds]) -> Bounds {
        if self.matches.is_empty() {
            return combine_bounds(self.max, before, bounds);
        }
        let top = self.root();
        Bounds {
            lo: before.lo.max(top.lo),
            hi: before.hi.min(top.hi),
        }
    }

    /// The child to descend to and the bound under which its number keeps
    /// it the choice: [`select`].
    pub fn select(&self, numbers: &[Numbers]) -> (usize, u64) {
        if self.matches.is_empty() {
            return select(self.max, numbers);
        }
        let best = self.root().least as usize;
        let before = self
            .least_in(numbers, 0, best)
            .map(|i| self.number(&numbers[i]));
        let after = self
            .least_in(numbers, best + 1, numbers.len())
            .map(|i| self.number(&numbers[i]).saturating_add(1));
        let stay = before.into_iter().chain(after).min().unwrap_or(INFINITE);
        (best, stay)
    }

    /// The number a child is chosen by.
    fn number(&self, n: &Numbers) -> u64 {
        if self.max { n.pn } else { n.dn }
    }

    /// The number summed over the children.
    fn other(&self, n: Numbers) -> u64 {
        if self.max { n.dn } else { n.pn }
    }

    fn add(&mut self, n: Numbers) {
        match self.other(n) {
            INFINITE => self.infinite += 1,
            finite => self.finite += u128::from(finite),
        }
    }

    fn remove(&mut self, n: Numbers) {
        match self.other(n) {
            INFINITE => self.infinite -= 1,
            finite => self.finite -= u128::from(finite),
        }
    }

    /// Whether child `a` comes before child `b` in the choice.
    fn before(&self, numbers: &[Numbers], a: u32, b: u32) -> bool {
        let key = |i: u32| (self.number(&numbers[i as usize]), i);
        key(a) < key(b)
    }

    /// The winner of the whole tournament (place 1: a wide node has at
    /// least two children).
    fn root(&self) -> Match {
        self.matches[1]
    }

    /// The winner at `place` of a tournament of `n` children: a match
    /// already played, or a child (its bounds read from `bounds` if given).
    fn at(&self, place: usize, n: usize, bounds: Option<&[Bounds]>) -> Match {
        match place.checked_sub(n) {
            None => self.matches[place],
            Some(i) => {
                let b = bounds.map_or(Bounds::UNKNOWN, |b| b[i]);
                Match {
                    least: i as u32,
                    lo: b.lo,
                    hi: b.hi,
                }
            }
        }
    }

    /// Plays the match at `place` from its two entrants.
    fn play(&self, place: usize, numbers: &[Numbers], bounds: &[Bounds]) -> Match {
        let n = numbers.len();
        let (a, b) = (
            self.at(2 * place, n, Some(bounds)),
            self.at(2 * place + 1, n, Some(bounds)),
        );
        let far = |x: Value, y: Value| if self.max { x.max(y) } else { x.min(y) };
        Match {
            least: if self.before(numbers, b.least, a.least) {
                b.least
            } else {
                a.least
            },
            lo: far(a.lo, b.lo),
            hi: far(a.hi, b.hi),
        }
    }

    /// The first child of least number among children `from..to`, if any.
    fn least_in(&self, numbers: &[Numbers], from: usize, to: usize) -> Option<usize> {
        let n = numbers.len();
        let (mut l, mut r) = (from + n, to + n);
        let mut best: Option<u32> = None;
        let mut meet = |i: u32| {
            if best.is_none_or(|b| self.before(numbers, i, b)) {
                best = Some(i);
            }
        };
        while l < r {
            if l & 1 == 1 {
                meet(self.at(l, n, None).least);
                l += 1;
            }
            if r & 1 == 1 {
                r -= 1;
                meet(self.at(r, n, None).least);
            }
            l /= 2;
            r /= 2;
        }
        best.map(|b| b as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A xorshift generator (the game's own lies in a layer above).
    struct Rng(u64);

    impl Rng {
        fn new(seed: u64) -> Rng {
            Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
        }

        fn below(&mut self, n: u64) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0 % n
        }
    }

    /// Numbers and bounds drawn small, so that ties are many, with
    /// infinities and sums past `u64::MAX` now and then.
    fn child(rng: &mut Rng) -> (Numbers, Bounds) {
        let mut number = || match rng.below(12) {
            0 => INFINITE,
            1 => INFINITE - 1,
            2 => 0,
            k => k % 4,
        };
        let numbers = Numbers {
            pn: number(),
            dn: number(),
        };
        let lo = rng.below(7) as Value - 3;
        let bounds = Bounds {
            lo,
            hi: lo + rng.below(4) as Value,
        };
        (numbers, bounds)
    }

    #[test]
    fn a_summary_gives_what_reading_every_child_gives() {
        let mut rng = Rng::new(5);
        for round in 0..300 {
            let n = 1 + rng.below(3 * WIDE as u64) as usize;
            let max = round % 2 == 0;
            let (mut numbers, mut bounds): (Vec<Numbers>, Vec<Bounds>) =
                (0..n).map(|_| child(&mut rng)).unzip();
            let mut siblings = Siblings::new(max, &numbers, &bounds);
            assert_eq!(siblings.bytes() > 0, n >= WIDE, "wide from {WIDE}");
            let before = Bounds { lo: -2, hi: 2 };
            for _ in 0..40 {
                assert_eq!(siblings.select(&numbers), select(max, &numbers));
                assert_eq!(siblings.numbers(&numbers), Numbers::combine(max, &numbers));
                assert_eq!(
                    siblings.bounds(before, &bounds),
                    combine_bounds(max, before, &bounds)
                );
                let i = rng.below(n as u64) as usize;
                let old = numbers[i];
                (numbers[i], bounds[i]) = child(&mut rng);
                siblings.update(i, old, &numbers, &bounds);
            }
        }
    }
}
