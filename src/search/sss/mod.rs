//! Stockman's SSS*, with the OPEN list of states `(J, s, h)` and the Γ
//! operator's six cases numbered as in the pseudo-code of the project's
//! Polish source on SSS*:
//!
//! | case | state popped | action |
//! |---|---|---|
//! | 1 | live, J a leaf | add `(J, S, min(h, value(J)))` |
//! | 2 | live, J a MIN node | add `(J.1, L, h)` |
//! | 3 | live, J a MAX node | add `(J.j, L, h)` for every child |
//! | 4 | solved, J a MIN node | add `(parent(J), S, h)`; purge every state below `parent(J)` |
//! | 5 | solved, J the last child of its parent | add `(parent(J), S, h)` |
//! | 6 | solved, J = parent(J).k, not the last | add `(parent(J).(k+1), L, h)` |
//!
//! OPEN is ordered by `h`, highest first, ties going to the leftmost node.
//! With `--trace`, every step prints OPEN in that order.
//!
//! # How OPEN is kept
//!
//! A step costs a few memory accesses whatever OPEN holds, and memory
//! follows what OPEN holds, not the nodes ever generated:
//! - **Records.** The nodes SSS* holds, the states of OPEN and their
//!   ancestors, are records in an arena (`sss/open.rs`), linked to their parent,
//!   children and siblings, freed and reused as soon as they leave that
//!   tree (solved into the parent in cases 5 and 6, purged in case 4). A
//!   record's generation number changes when it is freed, which tells a
//!   stale entry (a purged state) from a live one.
//! - **The stack.** Let the level `H` be the merit of the state popped
//!   last: no state in OPEN has more. Every state Γ adds with merit `H`
//!   lies left of every other state with merit `H`: it stands where the
//!   popped state stood (the leftmost with merit `H`), or just right of it
//!   (case 6), or covers it (cases 4 and 5: the parent, after the purge).
//!   So the states added with merit `H` form a stack, leftmost on top, and
//!   all lie left of older states with merit `H`: while the stack holds a
//!   state, its top is the next one. Case 3 stacks the children of a MAX
//!   node as one entry; a child gets a record when it is popped.
//! - **The heap.** States with a merit below the level come only from
//!   case 1. They wait in a heap ordered by merit, then by a key that
//!   places nodes from left to right (an interval of `u64` shared out
//!   among a MAX node's children; when one runs out, every record is given
//!   a fresh interval). Merits never rise, so the heap is a radix heap
//!   (`sss/radix.rs`).
//! - **Dominated states.** Of the solved children of a MAX node below the
//!   level, only the best (highest merit, then leftmost) can ever be
//!   popped: popping it purges the others (case 4). So the others are only
//!   counted, without a record, and the best enters the heap only when the
//!   heap is next needed. (With the trace on, every state enters at once.)
//! - **The purge** of case 4 walks the records below the parent and frees
//!   them. Their states on the stack lie on its top and go at once; those
//!   in the heap go stale, and the heap drops its stale entries whenever
//!   they outnumber the states of OPEN.

mod open;
mod radix;

#[cfg(test)]
mod tests;

use super::backend::{Backend, Search};
use super::event::Kind;
use super::stats::{Counter, Counts, Stats};
use super::trace::Tracer;
use crate::tree::value::{Value, Window};
use crate::tree::{Expansion, GameTree, checked_expand};
pub use open::Footprint;
use open::{NO_MERIT, NONE, Open, ROOT, Record};

/// States popped from OPEN, the solved root included (each pop but the
/// last applies the Γ operator).
pub const STEPS: Counter = Counter::count("steps", "states popped from OPEN (SSS*)");

/// The most states OPEN held at once.
pub const MAX_OPEN: Counter = Counter::size(
    "max_open",
    "most states OPEN held at once (SSS*; the largest, not a sum)",
);

/// The `sss` backend.
#[derive(Default)]
pub struct Sss {
    /// Leaves: case 1 evaluations; nodes: live states popped (each node
    /// SSS* expands, once: it never expands a node again).
    counts: Counts,
    steps: u64,
    max_open: u64,
    trace: Option<Tracer>,
    footprint: Footprint,
    /// Bits taken off the widest interval that orders nodes (0; the tests
    /// take most, so that intervals run out and are given afresh often).
    narrowed: u32,
}

impl Sss {
    /// A fresh searcher without a trace.
    pub fn new() -> Sss {
        Sss::default()
    }

    /// What the last search kept at most.
    pub fn footprint(&self) -> Footprint {
        self.footprint
    }

    /// Writes one row of the trace, `step: case  J,s,h  J,s,h ...`, about
    /// `popped`, the state the case was applied to; returns the state
    /// popped next, the first of OPEN.
    fn trace_row<T: GameTree>(
        &mut self,
        (step, case): (u64, Option<u8>),
        popped: Vec<u32>,
        open: &Open<T>,
    ) -> Vec<u32> {
        let states = open.ordered();
        let next = states
            .first()
            .map_or(Vec::new(), |(path, _, _)| path.clone());
        if let Some(tracer) = self.trace.as_mut() {
            tracer.emit_at(popped, Kind::Open { step, case, states });
        }
        next
    }

    /// One search: Γ applied to OPEN until it pops the root solved.
    fn run<T: GameTree>(&mut self, tree: &T, root: T::Node) -> Value {
        let mut open = Open::<T>::new(root, u64::MAX >> self.narrowed);
        // Counted here, added to the backend's counters at the end.
        let mut counts = Counts::default();
        let mut max_open = 0;
        let tracing = self.trace.is_some();
        // The state popped last, which the case of the next row concerns.
        let mut popped = Vec::new();
        let mut case = None;
        let mut step = 0;
        let value = loop {
            step += 1;
            if step % (1 << 31) == 0 {
                open.drop_stale();
            }
            max_open = max_open.max(open.len);
            if tracing {
                popped = self.trace_row((step, case), popped, &open);
            }
            let (j, solved, h) = open
                .pop()
                .expect("OPEN is never empty before the root is solved");
            if j == ROOT && solved {
                break h;
            }
            let Record {
                node, key, span, ..
            } = open.records[j as usize];
            let parent = open.links[j as usize].parent;
            case = Some(if !solved {
                counts.reach();
                match checked_expand(tree, &node) {
                    Expansion::Leaf(value) if parent != NONE && !tree.is_max(&node) => {
                        counts.leaves += 1;
                        open.push_solved_child(j, parent, h.min(value), tracing);
                        1
                    }
                    Expansion::Leaf(value) => {
                        counts.leaves += 1;
                        open.push(j, true, h.min(value));
                        1
                    }
                    Expansion::Inner(mut rest) if !tree.is_max(&node) => {
                        let first = rest.next().expect("an inner node has a child");
                        open.rests[j as usize] = Some(rest);
                        open.add_child(j, first, 1, (key, span));
                        2
                    }
                    Expansion::Inner(children) => {
                        open.add_children(j, children);
                        3
                    }
                }
            } else if !tree.is_max(&node) {
                open.purge_below(parent);
                open.push(parent, true, h);
                4
            } else {
                match open.rests[parent as usize]
                    .as_mut()
                    .and_then(Iterator::next)
                {
                    None => {
                        open.release(j);
                        open.rests[parent as usize] = None;
                        open.links[parent as usize].first_child = NONE;
                        open.push(parent, true, h);
                        5
                    }
                    Some(next) => {
                        // The next sibling takes J's record: same parent,
                        // same interval, and no state of OPEN names J.
                        let record = &mut open.records[j as usize];
                        record.node = next;
                        record.child += 1;
                        record.best_h = NO_MERIT;
                        open.push(j, false, h);
                        6
                    }
                }
            });
        };
        self.counts.leaves += counts.leaves;
        self.counts.nodes += counts.nodes;
        self.steps += step;
        self.max_open = self.max_open.max(max_open as u64);
        self.footprint = open.footprint();
        value
    }
}

impl<T: GameTree> Search<T> for Sss {
    /// SSS* computes the exact value; the window is not used.
    fn search(&mut self, tree: &T, root: T::Node, _window: Window) -> Value {
        self.run(tree, root)
    }
}

impl Backend for Sss {
    fn stats(&self) -> Stats {
        Stats::new(self.counts)
            .with(STEPS, self.steps)
            .with(MAX_OPEN, self.max_open)
    }

    fn trace_slot(&mut self) -> Option<&mut Option<Tracer>> {
        Some(&mut self.trace)
    }

    fn reset_stats(&mut self) {
        self.counts = Counts::default();
        self.steps = 0;
        self.max_open = 0;
    }
}

impl std::fmt::Debug for Sss {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sss")
            .field("counts", &self.counts)
            .field("steps", &self.steps)
            .field("max_open", &self.max_open)
            .field("tracing", &self.trace.is_some())
            .field("footprint", &self.footprint)
            .finish_non_exhaustive()
    }
}
