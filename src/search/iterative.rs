//! Iterative deepening: a depth-limited search run at depths 1, 2, ..., D
//! in turn, each iteration told what the last one found.
//!
//! The driver knows neither the tree nor how a depth is searched: it is
//! handed a backend and a function that searches the root to a depth with
//! a window. Between iterations it passes on the previous value: as
//! MTD(f)'s first guess ([`Backend::set_guess`]), and, with an aspiration
//! window, as the centre of the root's window `(v - delta, v + delta)`; a
//! result outside it (fail low or high) is searched again with the window
//! widened to the far bound, so every iteration returns the exact value of
//! its depth. The backend is kept across iterations, and its table with
//! it (keyed by the plies left, so a value is reused only at its own
//! depth). With a [`Guide`](crate::tree::board::Guide)
//! ([`iterations`](crate::answer::value::iterations)), what each
//! iteration learnt of the best moves orders the next one's.

use super::backend::Backend;
use super::stats::Stats;
use crate::tree::value::{INF, UNBOUNDED, Value, Window};

/// How the root of each iteration is searched.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Deepening {
    /// The aspiration window's half-width around the previous value
    /// (`--aspiration`); `None`: the full window.
    pub aspiration: Option<Value>,
}

/// What one iteration found, and what it cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Iteration {
    /// The depth searched.
    pub depth: u32,
    /// Its exact value.
    pub value: Value,
    /// The aspiration window's failures searched again (0 or 1).
    pub failed: u32,
    /// The backend's counters for this iteration alone.
    pub stats: Stats,
}

impl Deepening {
    /// Searches depths 1 to `depth` (`depth >= 1`) with `backend`:
    /// `search(backend, d, window)` searches the root to depth `d` and
    /// returns a fail-soft result; `each` is told every iteration, in
    /// order, before the next begins. Returns the last iteration's value.
    /// The backend's counters are reset after each iteration.
    pub fn run<S: Backend + ?Sized>(
        &self,
        backend: &mut S,
        depth: u32,
        mut search: impl FnMut(&mut S, u32, Window) -> Value,
        mut each: impl FnMut(Iteration),
    ) -> Value {
        let mut previous: Option<Value> = None;
        for d in 1..=depth {
            if let Some(guess) = previous {
                backend.set_guess(guess);
            }
            let window = match (self.aspiration, previous) {
                (Some(delta), Some(v)) if v.abs() < INF => aspiration(v, delta),
                _ => Window::FULL,
            };
            let mut value = search(backend, d, window);
            let mut failed = 0;
            // Outside the window, the result is a bound: search again up
            // to the far end.
            if value <= window.alpha {
                failed = 1;
                value = search(backend, d, Window::new(-UNBOUNDED, value + 1));
            } else if value >= window.beta {
                failed = 1;
                value = search(backend, d, Window::new(value - 1, UNBOUNDED));
            }
            each(Iteration {
                depth: d,
                value,
                failed,
                stats: backend.stats(),
            });
            backend.reset_stats();
            previous = Some(value);
        }
        previous.expect("at least one iteration")
    }
}

/// The window `(v - delta, v + delta)`, kept inside the full window.
fn aspiration(v: Value, delta: Value) -> Window {
    Window::new(
        v.saturating_sub(delta).max(-UNBOUNDED),
        v.saturating_add(delta).min(UNBOUNDED),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::stats::Counts;

    /// A backend that counts nothing and remembers its guesses.
    #[derive(Debug, Default)]
    struct Guessing(Vec<Value>);

    impl Backend for Guessing {
        fn stats(&self) -> Stats {
            Stats::new(Counts::default())
        }

        fn reset_stats(&mut self) {}

        fn set_guess(&mut self, guess: Value) {
            self.0.push(guess);
        }
    }

    /// A fail-soft search of a value `truth[d]` at depth `d`, logging the
    /// windows it is asked with.
    fn search_of(truth: &[Value], log: &mut Vec<(u32, Window)>, d: u32, window: Window) -> Value {
        log.push((d, window));
        truth[d as usize]
    }

    #[test]
    fn each_depth_in_turn_with_the_last_value_as_guess_and_window_centre() {
        let truth = [0, 5, -3, 4, 40];
        let mut log = Vec::new();
        let mut backend = Guessing::default();
        let mut seen = Vec::new();
        let deepening = Deepening {
            aspiration: Some(10),
        };
        let value = deepening.run(
            &mut backend,
            4,
            |_, d, w| search_of(&truth, &mut log, d, w),
            |it| seen.push((it.depth, it.value, it.failed)),
        );
        assert_eq!(value, 40);
        assert_eq!(seen, [(1, 5, 0), (2, -3, 0), (3, 4, 0), (4, 40, 1)]);
        assert_eq!(backend.0, [5, -3, 4]);
        assert_eq!(
            log,
            [
                (1, Window::FULL),
                (2, Window::new(-5, 15)),
                (3, Window::new(-13, 7)),
                (4, Window::new(-6, 14)),
                // 40 >= 14 failed high: searched again above it.
                (4, Window::new(39, UNBOUNDED)),
            ]
        );
    }
}
