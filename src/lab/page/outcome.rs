//! How each pass of a search ends, as its trace says it: the page's
//! practice asks the learner whether a pass fails high or low, and reads
//! the answer here, at the event that first settles it.
//!
//! A pass asks whether the root's value is at least its window's `beta`:
//! the root returning `beta` or more (a proof-number search: the root's
//! proof number 0) fails high, the root returning `alpha` or less (its
//! disproof number 0) fails low.

use crate::search::event::{Event, Kind};
use crate::tree::value::Window;

/// How a pass ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The value is at least the pass's `beta`.
    High,
    /// The value is at most the pass's `alpha`.
    Low,
}

impl Outcome {
    /// The word the page's JSON writes.
    pub fn word(self) -> &'static str {
        match self {
            Outcome::High => "high",
            Outcome::Low => "low",
        }
    }
}

/// For each event, the outcome of its pass if it is the event that first
/// settles it (the root's return or numbers); none elsewhere, and none in
/// a search without passes.
pub fn outcomes(events: &[Event]) -> Vec<Option<Outcome>> {
    let mut pass: Option<Window> = None;
    let mut out = Vec::with_capacity(events.len());
    for event in events {
        let at_root = event.path.is_empty();
        let outcome = match (&event.kind, pass) {
            (Kind::Pass(_, window), _) => {
                pass = Some(*window);
                None
            }
            (Kind::Returns(v) | Kind::Settled(v, _), Some(w)) if at_root => {
                if *v >= w.beta {
                    Some(Outcome::High)
                } else if *v <= w.alpha {
                    Some(Outcome::Low)
                } else {
                    None
                }
            }
            (Kind::Numbers(0, _, _), Some(_)) if at_root => Some(Outcome::High),
            (Kind::Numbers(_, 0, _), Some(_)) if at_root => Some(Outcome::Low),
            _ => None,
        };
        // Only the first event to settle a pass says so.
        if outcome.is_some() {
            pass = None;
        }
        out.push(outcome);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::value::Window;

    #[test]
    fn a_pass_fails_at_the_roots_first_word_on_it() {
        let at = |path: Vec<u32>, kind| Event { path, kind };
        let events = [
            at(vec![], Kind::Pass(1, Window::at_least(5))),
            at(vec![1], Kind::Returns(7)),
            at(vec![], Kind::Returns(7)),
            at(vec![], Kind::Returns(7)),
            at(vec![], Kind::Pass(2, Window::at_least(8))),
            at(vec![], Kind::Numbers(3, 1, false)),
            at(vec![], Kind::Numbers(9, 0, false)),
            at(vec![], Kind::Returns(2)),
        ];
        let want = [None, None, Some(Outcome::High), None].into_iter().chain([
            None,
            None,
            Some(Outcome::Low),
            None,
        ]);
        assert_eq!(outcomes(&events), want.collect::<Vec<_>>());
    }
}
