//! Stockman's SSS*, with the OPEN list of states `(J, s, h)` and the Γ
//! operator's six cases numbered as in seed 000's pseudo-code:
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
//! It is kept in two ordered sets over Dewey paths: one by `(h, path)` to
//! pop the best state, one by path alone so that the states below a node
//! form one range to purge. Each step is then logarithmic in OPEN's size.

use super::stats::{Counter, Counts, Stats};
use super::{Backend, Search};
use crate::tree::{checked_expand, Expansion, GameTree};
use crate::value::{Shown, Value, Window, UNBOUNDED};
use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::ops::Bound;
use std::rc::Rc;

/// A node's Dewey path: child numbers from 1, the root being empty.
type Path = Rc<[u32]>;

/// A node SSS* has reached: the tree's node and where it sits.
struct Record<N> {
    node: N,
    /// Record of the parent (the root's is its own).
    parent: usize,
    path: Path,
}

/// A state's status and merit.
#[derive(Clone, Copy)]
struct State {
    record: usize,
    solved: bool,
    h: Value,
}

/// The OPEN list.
#[derive(Default)]
struct Open {
    /// Every state, by path.
    by_path: BTreeMap<Path, State>,
    /// The same states, best first: highest `h`, then leftmost path.
    by_merit: BTreeSet<(Reverse<Value>, Path)>,
}

impl Open {
    fn len(&self) -> usize {
        self.by_path.len()
    }

    fn insert(&mut self, path: Path, state: State) {
        self.by_merit.insert((Reverse(state.h), path.clone()));
        let old = self.by_path.insert(path, state);
        debug_assert!(old.is_none(), "a node is in OPEN at most once");
    }

    fn pop(&mut self) -> Option<(Path, State)> {
        let (_, path) = self.by_merit.pop_first()?;
        let state = self
            .by_path
            .remove(&path)
            .expect("both sets hold the same states");
        Some((path, state))
    }

    /// Removes every state whose node lies strictly below `path`.
    fn purge_below(&mut self, path: &Path) {
        let below: Vec<Path> = self
            .by_path
            .range::<[u32], _>((Bound::Excluded(&path[..]), Bound::Unbounded))
            .map(|(p, _)| p)
            .take_while(|p| p.starts_with(path))
            .cloned()
            .collect();
        for p in below {
            let state = self.by_path.remove(&p).expect("listed above");
            self.by_merit.remove(&(Reverse(state.h), p));
        }
    }

    /// The states in OPEN order, for the trace.
    fn ordered(&self) -> impl Iterator<Item = (&Path, &State)> {
        self.by_merit.iter().map(|(_, p)| (p, &self.by_path[p]))
    }
}

/// The `sss` backend.
#[derive(Default)]
pub struct Sss {
    /// Leaves: case 1 evaluations; nodes: nodes put in OPEN for the first time.
    counts: Counts,
    steps: u64,
    max_open: u64,
    trace: Option<Box<dyn Write>>,
}

impl Sss {
    /// A fresh searcher without a trace.
    pub fn new() -> Sss {
        Sss::default()
    }

    /// Writes one row of the trace: `step: case  J,s,h  J,s,h ...`.
    fn trace_row(&mut self, step: u64, case: Option<u8>, open: &Open) {
        let Some(out) = self.trace.as_mut() else {
            return;
        };
        let mut row = format!(
            "{step}: {}",
            case.map_or("-".to_string(), |c| c.to_string())
        );
        for (path, state) in open.ordered() {
            let name = if path.is_empty() {
                "e".to_string()
            } else {
                path.iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(".")
            };
            let status = if state.solved { 'S' } else { 'L' };
            row.push_str(&format!("  {name},{status},{}", Shown(state.h)));
        }
        // A trace that cannot be written is not worth stopping the search.
        let _ = writeln!(out, "{row}");
    }

    fn run<T: GameTree>(&mut self, tree: &T, root: T::Node) -> Value {
        let mut records = vec![Record {
            node: root,
            parent: 0,
            path: Path::from([]),
        }];
        self.counts.nodes += 1;
        let mut open = Open::default();
        open.insert(
            records[0].path.clone(),
            State {
                record: 0,
                solved: false,
                h: UNBOUNDED,
            },
        );
        let mut case = None;
        let mut step = 0;
        loop {
            step += 1;
            self.steps += 1;
            self.max_open = self.max_open.max(open.len() as u64);
            self.trace_row(step, case, &open);
            let (path, state) = open
                .pop()
                .expect("OPEN is never empty before the root is solved");
            let record = &records[state.record];
            if path.is_empty() && state.solved {
                return state.h;
            }
            let (node, parent) = (record.node, record.parent);
            let h = state.h;
            // Adds the `k`-th child (from 1) of the record `of` to OPEN.
            let mut add_child = |records: &mut Vec<Record<T::Node>>,
                                 open: &mut Open,
                                 of: usize,
                                 k: u32,
                                 child: T::Node| {
                let path: Path = records[of].path.iter().copied().chain([k]).collect();
                records.push(Record {
                    node: child,
                    parent: of,
                    path: path.clone(),
                });
                self.counts.nodes += 1;
                open.insert(
                    path,
                    State {
                        record: records.len() - 1,
                        solved: false,
                        h,
                    },
                );
            };
            // Puts the record `solved` in OPEN as solved, with merit `h`.
            let solve = |open: &mut Open, solved: usize| {
                let path = records[solved].path.clone();
                open.insert(
                    path,
                    State {
                        record: solved,
                        solved: true,
                        h,
                    },
                );
            };
            case = Some(if !state.solved {
                match checked_expand(tree, &node) {
                    Expansion::Leaf(value) => {
                        self.counts.leaves += 1;
                        open.insert(
                            path,
                            State {
                                solved: true,
                                h: h.min(value),
                                ..state
                            },
                        );
                        1
                    }
                    Expansion::Inner(mut children) if !tree.is_max(&node) => {
                        let first = children.next().expect("an inner node has a child");
                        add_child(&mut records, &mut open, state.record, 1, first);
                        2
                    }
                    Expansion::Inner(children) => {
                        for (j, child) in children.enumerate() {
                            add_child(&mut records, &mut open, state.record, j as u32 + 1, child);
                        }
                        3
                    }
                }
            } else if !tree.is_max(&node) {
                open.purge_below(&records[parent].path);
                solve(&mut open, parent);
                4
            } else {
                let k = *path.last().expect("the root was handled above");
                let next = match checked_expand(tree, &records[parent].node) {
                    Expansion::Inner(mut siblings) => siblings.nth(k as usize),
                    Expansion::Leaf(_) => None, // a parent is never a leaf
                };
                match next {
                    None => {
                        solve(&mut open, parent);
                        5
                    }
                    Some(next) => {
                        add_child(&mut records, &mut open, parent, k + 1, next);
                        6
                    }
                }
            });
        }
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
            .with(Counter::Steps, self.steps)
            .with(Counter::MaxOpen, self.max_open)
    }

    fn set_trace(&mut self, out: Option<Box<dyn Write>>) -> bool {
        self.trace = out;
        true
    }

    fn reset_stats(&mut self) {
        self.counts = Counts::default();
        self.steps = 0;
        self.max_open = 0;
    }
}
