//! Statistics of a group of cases: sums, squares and maxima of counts, means and standard errors.

use crate::search::registry;
use crate::search::{Counter, Stats};

/// Sum, sum of squares and largest of a per-case count.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Spread {
    /// Sum over the cases.
    pub sum: u64,
    /// Sum of the squares, for the standard error.
    pub squares: f64,
    /// Largest single case.
    pub max: u64,
}

impl Spread {
    /// Counts one case.
    fn add(&mut self, x: u64) {
        self.sum += x;
        self.squares += (x as f64) * (x as f64);
        self.max = self.max.max(x);
    }
}

/// One backend's counts over a group of cases.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Number of cases.
    pub cases: u64,
    /// Leaves evaluated.
    pub leaves: Spread,
    /// Nodes reached.
    pub nodes: Spread,
    /// The backend's own counters.
    pub counters: Vec<(Counter, Spread)>,
}

impl Tally {
    /// Counts one case: what the backend counted searching it.
    pub(super) fn add(&mut self, stats: &Stats) {
        self.cases += 1;
        self.leaves.add(stats.leaves);
        self.nodes.add(stats.nodes);
        for (counter, value) in registry::shown(*stats).counters() {
            match self.counters.iter_mut().find(|(c, _)| *c == counter) {
                Some((_, spread)) => spread.add(value),
                None => {
                    let mut spread = Spread::default();
                    spread.add(value);
                    self.counters.push((counter, spread));
                }
            }
        }
    }

    /// Mean of a spread over the cases.
    pub fn mean(&self, spread: Spread) -> f64 {
        spread.sum as f64 / self.cases.max(1) as f64
    }

    /// Standard error of the mean of a spread (0 for fewer than 2 cases).
    pub fn standard_error(&self, spread: Spread) -> f64 {
        let n = self.cases as f64;
        if self.cases < 2 {
            return 0.0;
        }
        let mean = spread.sum as f64 / n;
        let variance = ((spread.squares - n * mean * mean) / (n - 1.0)).max(0.0);
        (variance / n).sqrt()
    }
}
