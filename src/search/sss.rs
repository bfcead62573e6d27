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
//!
//! # How OPEN is kept
//!
//! The nodes SSS* holds, the states of OPEN and their ancestors, are
//! records in an arena, each linked to its parent, first child and next
//! sibling. A record is freed (and reused) as soon as it leaves that tree:
//! when it is solved into its parent (cases 5 and 6) or purged (case 4),
//! so memory follows OPEN, not the nodes ever generated. A record's
//! generation number changes when it is freed, which tells a stale entry
//! of OPEN (one whose state was purged) from a live one.
//!
//! The states are split in two by merit. Let `H` be the `h` of the state
//! popped last (no state in OPEN has more). Every state Γ adds with merit
//! `H` lies left of every other state with merit `H`: it stands where the
//! popped state stood (the leftmost with merit `H`), or just right of it
//! (case 6), or covers it (cases 4 and 5: the parent, whose other states
//! the purge removed). So the states with merit `H` added since `H` became
//! the highest form a **stack**, leftmost on top, and all lie left of the
//! older ones with merit `H`. The other states, those case 1 added with a
//! lower merit, wait in a binary **heap** ordered by `(h, key)`, where
//! `key` places a node from left to right (see [`Record::key`]). The next
//! state is the stack's top if there is one, else the heap's. Most steps
//! touch only the stack; a leaf that lowers the merit costs one push onto
//! and one pop from the heap.
//!
//! The purge of case 4 frees the records below the parent; their states
//! in the heap are dropped when they reach the top, or all at once when
//! they outnumber the live ones. Their states on the stack lie right on
//! its top (right of the popped state, below the parent) and are dropped
//! at once.

use super::stats::{Counter, Counts, Stats};
use super::{Backend, Search};
use crate::tree::{checked_expand, Expansion, GameTree};
use crate::value::{Shown, Value, Window, UNBOUNDED};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::io::Write;

/// No record: the end of a list, the root's parent.
const NONE: u32 = u32::MAX;

/// The root's record, never freed.
const ROOT: u32 = 0;

/// Where a record is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    /// On the free list.
    Free,
    /// In the tree SSS* holds, not in OPEN (an ancestor of states, or the
    /// state being handled).
    Held,
    /// In OPEN, on the stack.
    Stack,
    /// In OPEN, in the heap.
    Heap,
}

/// A node SSS* holds.
struct Record<T: GameTree> {
    node: T::Node,
    /// A MIN node's children after the one in the tree (for case 6).
    rest: Option<T::Children>,
    parent: u32,
    first_child: u32,
    /// The next sibling; on the free list, the next free record.
    next_sibling: u32,
    /// The child number, from 1 (0 for the root).
    child: u32,
    /// Changes whenever the record is freed.
    generation: u32,
    place: Place,
    /// The record's interval `key..key + span` orders nodes from left to
    /// right: the children of a MAX node split its interval in order, the
    /// child of a MIN node (it has one at a time) takes its parent's. The
    /// intervals of the states in OPEN are therefore disjoint and in
    /// left-to-right order; `span` is never 0.
    key: u64,
    /// The width of the interval.
    span: u64,
}

/// A state on the stack.
#[derive(Clone, Copy, Debug)]
struct Stacked {
    record: u32,
    generation: u32,
    solved: bool,
    h: Value,
}

/// A state in the heap: the greatest is the highest `h`, then the
/// leftmost (lowest key); record and generation only make the order total.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Heaped {
    h: Value,
    key: Reverse<u64>,
    record: u32,
    generation: u32,
    solved: bool,
}

/// The OPEN list and the records of the nodes SSS* holds.
struct Open<T: GameTree> {
    records: Vec<Record<T>>,
    /// The first free record.
    free: u32,
    /// The states with the merit of the state popped last, leftmost on top.
    stack: Vec<Stacked>,
    /// The states with a lower merit, and stale entries.
    heap: BinaryHeap<Heaped>,
    /// Entries of the heap whose state was purged.
    stale: usize,
    /// States in OPEN.
    len: usize,
    /// The merit of the state popped last.
    level: Value,
    /// Times every record was given a fresh interval.
    rekeys: u64,
}

impl<T: GameTree> Open<T> {
    /// OPEN holding `(root, L, +inf)`.
    fn new(root: T::Node) -> Open<T> {
        let mut open = Open {
            records: Vec::new(),
            free: NONE,
            stack: Vec::new(),
            heap: BinaryHeap::new(),
            stale: 0,
            len: 0,
            level: UNBOUNDED,
            rekeys: 0,
        };
        let root = open.allocate(root, NONE, 0, 0, u64::MAX);
        open.push(root, false, UNBOUNDED);
        open
    }

    /// A fresh record for `node`, the `child`-th child of `parent`, with
    /// the interval `key..key + span`.
    fn allocate(&mut self, node: T::Node, parent: u32, child: u32, key: u64, span: u64) -> u32 {
        let mut record = Record {
            node,
            rest: None,
            parent,
            first_child: NONE,
            next_sibling: NONE,
            child,
            generation: 0,
            place: Place::Held,
            key,
            span,
        };
        if self.free == NONE {
            let index = u32::try_from(self.records.len())
                .ok()
                .filter(|&i| i != NONE)
                .expect("SSS* holds fewer than 2^32 nodes");
            self.records.push(record);
            return index;
        }
        let index = self.free;
        let slot = &mut self.records[index as usize];
        self.free = slot.next_sibling;
        record.generation = slot.generation;
        *slot = record;
        index
    }

    /// Frees `index` (its state, if in OPEN, leaves OPEN).
    fn release(&mut self, index: u32) {
        let record = &mut self.records[index as usize];
        match record.place {
            Place::Stack => self.len -= 1,
            Place::Heap => {
                self.len -= 1;
                self.stale += 1;
            }
            Place::Held | Place::Free => {}
        }
        record.place = Place::Free;
        record.generation = record.generation.wrapping_add(1);
        record.rest = None;
        record.first_child = NONE;
        record.next_sibling = self.free;
        self.free = index;
    }

    /// Frees every record below `top`, deepest first.
    fn release_below(&mut self, top: u32) {
        let mut at = self.records[top as usize].first_child;
        self.records[top as usize].first_child = NONE;
        while at != NONE {
            while self.records[at as usize].first_child != NONE {
                at = self.records[at as usize].first_child;
            }
            // `at` has no child left: free it and go to its next sibling,
            // or up to its parent, which then has none left.
            let (next, parent) = {
                let record = &self.records[at as usize];
                (record.next_sibling, record.parent)
            };
            self.release(at);
            at = if next != NONE {
                next
            } else if parent == top {
                NONE
            } else {
                self.records[parent as usize].first_child = NONE;
                parent
            };
        }
        // The purged states on the stack are on its top.
        while let Some(top) = self.stack.last() {
            if self.is_live(top.record, top.generation) {
                break;
            }
            self.stack.pop();
        }
        if self.stale > 32 && self.stale * 2 > self.heap.len() {
            self.rebuild_heap();
        }
    }

    /// Whether `record` still has `generation`.
    fn is_live(&self, record: u32, generation: u32) -> bool {
        self.records[record as usize].generation == generation
    }

    /// Drops the stale entries of the heap and reads every key again.
    fn rebuild_heap(&mut self) {
        let mut entries = std::mem::take(&mut self.heap).into_vec();
        entries.retain_mut(|entry| {
            let record = &self.records[entry.record as usize];
            entry.key = Reverse(record.key);
            record.generation == entry.generation
        });
        self.heap = BinaryHeap::from(entries);
        self.stale = 0;
    }

    /// Adds `(record, solved, h)` to OPEN.
    fn push(&mut self, record: u32, solved: bool, h: Value) {
        self.len += 1;
        let entry = &mut self.records[record as usize];
        let generation = entry.generation;
        if h == self.level {
            entry.place = Place::Stack;
            self.stack.push(Stacked {
                record,
                generation,
                solved,
                h,
            });
        } else {
            debug_assert!(h < self.level, "merits never rise");
            entry.place = Place::Heap;
            self.heap.push(Heaped {
                h,
                key: Reverse(entry.key),
                record,
                generation,
                solved,
            });
        }
    }

    /// Takes the best state out of OPEN: `(record, solved, h)`.
    fn pop(&mut self) -> Option<(u32, bool, Value)> {
        let (record, solved, h) = loop {
            if let Some(top) = self.stack.pop() {
                // The purge leaves no stale state on the stack.
                debug_assert!(self.is_live(top.record, top.generation));
                debug_assert!(self.heap.peek().is_none_or(|e| e.h <= top.h));
                break (top.record, top.solved, top.h);
            }
            let top = self.heap.pop()?;
            if self.is_live(top.record, top.generation) {
                break (top.record, top.solved, top.h);
            }
            self.stale -= 1;
        };
        self.len -= 1;
        self.level = h;
        self.records[record as usize].place = Place::Held;
        Some((record, solved, h))
    }

    /// Adds `node`, the `child`-th child of `parent`, as a live state with
    /// merit `h` and the interval `key..key + span`; returns its record.
    fn add_child(&mut self, parent: u32, node: T::Node, child: u32, interval: (u64, u64)) -> u32 {
        let record = self.allocate(node, parent, child, interval.0, interval.1);
        self.records[parent as usize].first_child = record;
        self.push(record, false, self.level);
        record
    }

    /// Case 3: adds every child in `children` of the MAX node `record`,
    /// leftmost on top of the stack.
    fn add_children(&mut self, record: u32, children: &[T::Node]) {
        let n = children.len() as u64;
        if self.records[record as usize].span / n == 0 {
            self.rekey();
        }
        let Record { key, span, .. } = self.records[record as usize];
        let width = span / n;
        let mut next = NONE;
        for (i, &node) in children.iter().enumerate().rev() {
            let i = i as u64;
            let child = self.allocate(node, record, i as u32 + 1, key + i * width, width);
            self.records[child as usize].next_sibling = next;
            next = child;
            self.push(child, false, self.level);
        }
        self.records[record as usize].first_child = next;
    }

    /// Gives every record held a fresh interval from the left-to-right
    /// rank of the childless ones below it (the states of OPEN and the
    /// state being handled), each of those getting an equal share.
    fn rekey(&mut self) {
        self.rekeys += 1;
        let width = u64::MAX / (self.len as u64 + 1);
        let mut rank = 0;
        let mut at = ROOT;
        loop {
            loop {
                let record = &mut self.records[at as usize];
                record.key = rank * width;
                if record.first_child == NONE {
                    break;
                }
                at = record.first_child;
            }
            rank += 1;
            loop {
                let record = &mut self.records[at as usize];
                record.span = rank * width - record.key;
                if at == ROOT {
                    debug_assert_eq!(rank, self.len as u64 + 1);
                    self.rebuild_heap();
                    return;
                }
                if record.next_sibling != NONE {
                    at = record.next_sibling;
                    break;
                }
                at = record.parent;
            }
        }
    }

    /// What this OPEN holds at most.
    fn footprint(&self) -> Footprint {
        use std::mem::size_of;
        let (records, stack, heap) = (
            self.records.capacity(),
            self.stack.capacity(),
            self.heap.capacity(),
        );
        Footprint {
            records,
            stack,
            heap,
            bytes: records * size_of::<Record<T>>()
                + stack * size_of::<Stacked>()
                + heap * size_of::<Heaped>(),
            rekeys: self.rekeys,
        }
    }

    /// The Dewey path of `record`.
    fn path(&self, mut record: u32) -> Vec<u32> {
        let mut path = Vec::new();
        while record != ROOT {
            let r = &self.records[record as usize];
            path.push(r.child);
            record = r.parent;
        }
        path.reverse();
        path
    }

    /// Every state in OPEN as `(path, solved, h)`, in OPEN's order.
    fn ordered(&self) -> Vec<(Vec<u32>, bool, Value)> {
        let stacked = self
            .stack
            .iter()
            .map(|s| (s.record, s.generation, s.solved, s.h));
        let heaped = self
            .heap
            .iter()
            .map(|s| (s.record, s.generation, s.solved, s.h));
        let mut states: Vec<(Vec<u32>, bool, Value)> = stacked
            .chain(heaped)
            .filter(|&(record, generation, ..)| self.is_live(record, generation))
            .map(|(record, _, solved, h)| (self.path(record), solved, h))
            .collect();
        states.sort_by(|a, b| b.2.cmp(&a.2).then_with(|| a.0.cmp(&b.0)));
        states
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
    footprint: Footprint,
}

/// What the last search kept at most.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Footprint {
    /// Records of nodes held (the arena's capacity).
    pub records: usize,
    /// Entries of the stack (its capacity).
    pub stack: usize,
    /// Entries of the heap, stale ones included (its capacity).
    pub heap: usize,
    /// Bytes of the three.
    pub bytes: usize,
    /// Times every record was given a fresh interval.
    pub rekeys: u64,
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

    /// Writes one row of the trace: `step: case  J,s,h  J,s,h ...`.
    fn trace_row<T: GameTree>(&mut self, step: u64, case: Option<u8>, open: &Open<T>) {
        let Some(out) = self.trace.as_mut() else {
            return;
        };
        let mut row = format!(
            "{step}: {}",
            case.map_or("-".to_string(), |c| c.to_string())
        );
        for (path, solved, h) in open.ordered() {
            let name = if path.is_empty() {
                "e".to_string()
            } else {
                path.iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(".")
            };
            let status = if solved { 'S' } else { 'L' };
            row.push_str(&format!("  {name},{status},{}", Shown(h)));
        }
        // A trace that cannot be written is not worth stopping the search.
        let _ = writeln!(out, "{row}");
    }

    fn run<T: GameTree>(&mut self, tree: &T, root: T::Node) -> Value {
        let mut open = Open::<T>::new(root);
        self.counts.nodes += 1;
        // The children of a MAX node, kept from one expansion to the next.
        let mut children = Vec::new();
        let mut case = None;
        let mut step = 0;
        let value = loop {
            step += 1;
            self.steps += 1;
            self.max_open = self.max_open.max(open.len as u64);
            if self.trace.is_some() {
                self.trace_row(step, case, &open);
            }
            let (j, solved, h) = open
                .pop()
                .expect("OPEN is never empty before the root is solved");
            if j == ROOT && solved {
                break h;
            }
            let Record { node, parent, .. } = open.records[j as usize];
            case = Some(if !solved {
                match checked_expand(tree, &node) {
                    Expansion::Leaf(value) => {
                        self.counts.leaves += 1;
                        open.push(j, true, h.min(value));
                        1
                    }
                    Expansion::Inner(mut rest) if !tree.is_max(&node) => {
                        let first = rest.next().expect("an inner node has a child");
                        let Record { key, span, .. } = open.records[j as usize];
                        open.records[j as usize].rest = Some(rest);
                        open.add_child(j, first, 1, (key, span));
                        self.counts.nodes += 1;
                        2
                    }
                    Expansion::Inner(all) => {
                        children.clear();
                        children.extend(all);
                        open.add_children(j, &children);
                        self.counts.nodes += children.len() as u64;
                        3
                    }
                }
            } else if !tree.is_max(&node) {
                open.release_below(parent);
                open.push(parent, true, h);
                4
            } else {
                let Record {
                    child, key, span, ..
                } = open.records[j as usize];
                let next = open.records[parent as usize]
                    .rest
                    .as_mut()
                    .and_then(Iterator::next);
                open.release(j);
                match next {
                    None => {
                        let record = &mut open.records[parent as usize];
                        record.first_child = NONE;
                        record.rest = None;
                        open.push(parent, true, h);
                        5
                    }
                    Some(next) => {
                        open.add_child(parent, next, child + 1, (key, span));
                        self.counts.nodes += 1;
                        6
                    }
                }
            });
        };
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explicit::{ExplicitTree, TreeChildren, TreeNode};
    use crate::gen::{random_tree, Rng};
    use std::cell::RefCell;
    use std::rc::Rc;

    /// What a search did: value, leaves in order, nodes, steps, max_open,
    /// and the trace's rows.
    #[derive(Debug, PartialEq, Eq)]
    struct Run {
        value: Value,
        leaves: Vec<u32>,
        nodes: u64,
        steps: u64,
        max_open: u64,
        rows: Vec<String>,
    }

    /// A state of the textbook's OPEN.
    #[derive(Clone)]
    struct State {
        path: Vec<u32>,
        node: TreeNode,
        solved: bool,
        h: Value,
    }

    /// The node at `path`, walked down from the root.
    fn node_at(tree: &ExplicitTree, path: &[u32]) -> TreeNode {
        path.iter().fold(tree.root(), |node, &k| {
            tree.children(node).nth(k as usize - 1).unwrap()
        })
    }

    /// A trace row as the textbook would list OPEN.
    fn row(step: u64, case: Option<u8>, open: &[State]) -> String {
        let mut sorted = open.to_vec();
        sorted.sort_by(|a, b| b.h.cmp(&a.h).then_with(|| a.path.cmp(&b.path)));
        let mut row = format!("{step}: {}", case.map_or("-".into(), |c| c.to_string()));
        for s in sorted {
            let name = match s.path.is_empty() {
                true => "e".to_string(),
                false => s
                    .path
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join("."),
            };
            let status = if s.solved { 'S' } else { 'L' };
            row.push_str(&format!("  {name},{status},{}", Shown(s.h)));
        }
        row
    }

    /// Stockman's SSS* as the textbooks write it: OPEN a plain list of
    /// states with Dewey paths, scanned for the best and for the purge.
    fn textbook(tree: &ExplicitTree, rows: bool) -> Run {
        let mut open = vec![State {
            path: vec![],
            node: tree.root(),
            solved: false,
            h: UNBOUNDED,
        }];
        let mut run = Run {
            value: 0,
            leaves: vec![],
            nodes: 1,
            steps: 0,
            max_open: 0,
            rows: vec![],
        };
        let mut case = None;
        loop {
            run.steps += 1;
            run.max_open = run.max_open.max(open.len() as u64);
            if rows {
                run.rows.push(row(run.steps, case, &open));
            }
            let best = (0..open.len())
                .max_by(|&a, &b| {
                    (open[a].h.cmp(&open[b].h)).then_with(|| open[b].path.cmp(&open[a].path))
                })
                .unwrap();
            let s = open.swap_remove(best);
            if s.path.is_empty() && s.solved {
                run.value = s.h;
                return run;
            }
            let mut child = |path: &[u32], k: u32, node| {
                run.nodes += 1;
                let path = path.iter().copied().chain([k]).collect();
                State {
                    path,
                    node,
                    solved: false,
                    h: s.h,
                }
            };
            let parent = &s.path[..s.path.len().saturating_sub(1)];
            case = Some(if !s.solved {
                match tree.leaf_value(s.node) {
                    Some(v) => {
                        run.leaves.push(s.node.index);
                        let h = s.h.min(v);
                        open.push(State {
                            solved: true,
                            h,
                            ..s
                        });
                        1
                    }
                    None if !s.node.max => {
                        let first = tree.children(s.node).next().unwrap();
                        open.push(child(&s.path, 1, first));
                        2
                    }
                    None => {
                        for (j, c) in tree.children(s.node).enumerate() {
                            open.push(child(&s.path, j as u32 + 1, c));
                        }
                        3
                    }
                }
            } else if !s.node.max {
                open.retain(|t| !t.path.starts_with(parent));
                let node = node_at(tree, parent);
                open.push(State {
                    path: parent.to_vec(),
                    node,
                    solved: true,
                    h: s.h,
                });
                4
            } else {
                let k = *s.path.last().unwrap();
                match tree.children(node_at(tree, parent)).nth(k as usize) {
                    None => {
                        open.push(State {
                            path: parent.to_vec(),
                            node: node_at(tree, parent),
                            solved: true,
                            h: s.h,
                        });
                        5
                    }
                    Some(next) => {
                        open.push(child(parent, k + 1, next));
                        6
                    }
                }
            });
        }
    }

    /// An explicit tree that logs the leaves searches evaluate.
    struct Logged<'a> {
        tree: &'a ExplicitTree,
        leaves: RefCell<Vec<u32>>,
    }

    impl GameTree for Logged<'_> {
        type Node = TreeNode;
        type Children = TreeChildren;

        fn is_max(&self, node: &TreeNode) -> bool {
            node.max
        }

        fn expand(&self, node: &TreeNode) -> Expansion<TreeChildren> {
            let expansion = self.tree.expand(node);
            if let Expansion::Leaf(_) = expansion {
                self.leaves.borrow_mut().push(node.index);
            }
            expansion
        }
    }

    /// A writer whose bytes the test can read afterwards.
    #[derive(Clone, Default)]
    struct Shared(Rc<RefCell<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.borrow_mut().extend_from_slice(bytes);
            Ok(bytes.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// This module's SSS* on `tree` (with its trace if `rows`).
    fn ours(tree: &ExplicitTree, rows: bool) -> (Run, Footprint) {
        let logged = Logged {
            tree,
            leaves: RefCell::default(),
        };
        let mut sss = Sss::new();
        let trace = Shared::default();
        if rows {
            sss.set_trace(Some(Box::new(trace.clone())));
        }
        let value = sss.search(&logged, tree.root(), Window::FULL);
        let stats = sss.stats();
        let text = String::from_utf8(trace.0.take()).unwrap();
        let run = Run {
            value,
            leaves: logged.leaves.take(),
            nodes: stats.nodes,
            steps: stats.get(Counter::Steps).unwrap(),
            max_open: stats.get(Counter::MaxOpen).unwrap(),
            rows: text.lines().map(str::to_string).collect(),
        };
        (run, sss.footprint())
    }

    /// Leaf values 2 and -2 of `text` become `inf` and `-inf`.
    fn with_infinities(text: &str) -> String {
        let mut out = String::new();
        for token in text.split_inclusive(['[', ']', ',']) {
            let value = token.trim_end_matches(['[', ']', ',']);
            out.push_str(match value {
                "2" => "inf",
                "-2" => "-inf",
                v => v,
            });
            out.push_str(&token[value.len()..]);
        }
        out
    }

    #[test]
    fn with_infinities_rewrites_only_whole_leaves() {
        assert_eq!(with_infinities("[[2,-2],[12,-1]]"), "[[inf,-inf],[12,-1]]");
    }

    #[test]
    fn steps_like_the_textbook_on_random_trees() {
        let mut rng = Rng::new(1568);
        for i in 0..3000 {
            // Ragged trees: heavy ties, some infinite leaves, few values,
            // many values.
            let (branching, depth) = (1 + rng.below(5) as usize, 1 + rng.below(7) as usize);
            let (lo, hi) = [(0, 1), (-2, 2), (-1000, 1000)][i % 3];
            let leaf_chance = rng.below(40);
            let mut text = random_tree(&mut rng, branching, depth, leaf_chance, lo, hi);
            if i % 3 == 1 {
                text = with_infinities(&text);
            }
            let tree = ExplicitTree::parse(&text).unwrap();
            // The trace (and the textbook's rows) for trees of a few
            // hundred leaves at most.
            let rows = tree.leaf_count() < 300;
            let (run, _) = ours(&tree, rows);
            assert_eq!(run, textbook(&tree, rows), "{text}");
        }
    }

    /// A spine of `depth` nodes, each with 1 to 3 children, one of them
    /// the rest of the spine (at random below a MAX node, first below a
    /// MIN node, so that SSS* goes all the way down), the others small
    /// random trees.
    fn spine(rng: &mut Rng, depth: usize, max: bool) -> String {
        if depth == 0 {
            return rng.range(-2, 2).to_string();
        }
        let n = 1 + rng.below(3);
        let at = if max { rng.below(n) } else { 0 };
        let children: Vec<String> = (0..n)
            .map(|i| match i == at {
                true => spine(rng, depth - 1, !max),
                false => random_tree(rng, 3, 2, 50, -2, 2),
            })
            .collect();
        format!("[{}]", children.join(","))
    }

    #[test]
    fn steps_like_the_textbook_when_intervals_run_out() {
        let mut rng = Rng::new(2);
        for depth in [150, 400, 1000] {
            for _ in 0..2 {
                let text = with_infinities(&spine(&mut rng, depth, true));
                let tree = ExplicitTree::parse(&text).unwrap();
                let rows = depth < 200;
                let (run, footprint) = ours(&tree, rows);
                assert!(footprint.rekeys > 0, "{depth}");
                assert_eq!(run, textbook(&tree, rows), "{text}");
            }
        }
    }

    /// A chain of `depth` single children above a node with `leaves`
    /// leaves (values 0, 1, 2, ...).
    fn chain(depth: usize, leaves: usize) -> ExplicitTree {
        let bottom: Vec<String> = (0..leaves).map(|v| v.to_string()).collect();
        let text = format!(
            "{}[{}]{}",
            "[".repeat(depth),
            bottom.join(","),
            "]".repeat(depth)
        );
        ExplicitTree::parse(&text).unwrap()
    }

    #[test]
    fn memory_follows_open_not_the_nodes_generated() {
        // Below a MIN node at the end of a deep chain, OPEN holds one state
        // at a time while SSS* goes through 100,000 leaves.
        let depth = 1997;
        let (run, footprint) = ours(&chain(depth, 100_000), false);
        assert_eq!((run.value, run.max_open), (0, 1));
        assert_eq!(run.leaves.len(), 100_000);
        assert!(footprint.records <= 2 * (depth + 2), "{footprint:?}");
        // Uniform trees: records held are states and their ancestors.
        let mut rng = Rng::new(9);
        for (branching, depth) in [(2, 14), (4, 8), (8, 5)] {
            let text = crate::gen::uniform_tree(&mut rng, branching, depth, -1000, 1000);
            let (run, footprint) = ours(&ExplicitTree::parse(&text).unwrap(), false);
            let most = run.max_open as usize;
            assert!(
                footprint.records <= 8 * most + 2 * depth,
                "{footprint:?} {most}"
            );
            assert!(footprint.stack <= 2 * most, "{footprint:?} {most}");
            assert!(footprint.heap <= 8 * most + 128, "{footprint:?} {most}");
        }
    }
}
