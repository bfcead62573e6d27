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
use std::io::Write;

/// No record: the end of a list, the root's parent.
const NONE: u32 = u32::MAX;

/// The root's record, never freed.
const ROOT: u32 = 0;

/// Where a record sits in the tree SSS* holds.
#[derive(Clone, Copy)]
struct Links {
    parent: u32,
    /// The rightmost child in the tree: siblings are linked right to left.
    first_child: u32,
    /// The next sibling to the left; on the free list, the next free
    /// record.
    next_sibling: u32,
    /// For a MAX node: its solved children in OPEN without a record (see
    /// [`Open::push_solved_child`]).
    recordless: u32,
}

/// A node SSS* holds.
#[derive(Clone, Copy)]
struct Record<N> {
    node: N,
    /// The child number, from 1 (0 for the root).
    child: u32,
    /// The record's interval `key..key + span` orders nodes from left to
    /// right: the children of a MAX node share its interval in order, the
    /// child of a MIN node (it has one at a time) takes its parent's. The
    /// intervals of the states in OPEN are therefore disjoint and in
    /// left-to-right order; `span` is never 0.
    key: u64,
    /// The width of the interval.
    span: u64,
    /// For a MAX node: the merit of its best solved child below the
    /// level (see [`Open::push_solved_child`]), `NO_MERIT` if none.
    best_h: Value,
    /// That child's record.
    best: u32,
    /// The node is in [`Open::queued`].
    queued: bool,
}

/// Below every merit.
const NO_MERIT: Value = Value::MIN;

/// States on the stack (their merit is the level).
#[derive(Clone, Copy, Debug)]
enum Stacked {
    /// The state of a record.
    State {
        record: u32,
        generation: u32,
        solved: bool,
    },
    /// Case 3 adds every child of a MAX node, but a child gets a record
    /// only when its state is popped: these are the live states of the
    /// `count` children of `record` from child number `first` on.
    Children {
        record: u32,
        generation: u32,
        first: u32,
        count: u32,
    },
}

impl Stacked {
    /// The record and generation the entry names.
    fn record(self) -> (u32, u32) {
        match self {
            Stacked::State {
                record, generation, ..
            }
            | Stacked::Children {
                record, generation, ..
            } => (record, generation),
        }
    }
}

/// A state in the heap.
#[derive(Clone, Copy, Debug)]
struct Heaped {
    /// The record's key when the state was added (or the record rekeyed).
    key: u64,
    h: Value,
    record: u32,
    generation: u32,
    solved: bool,
}

impl Heaped {
    /// States leave the heap by rank, lowest first: highest `h`, then
    /// leftmost.
    fn rank(&self) -> u128 {
        rank(self.h, self.key)
    }
}

/// The rank of a state with merit `h` and key `key`.
fn rank(h: Value, key: u64) -> u128 {
    let below_top = (i64::from(UNBOUNDED) - i64::from(h)) as u128;
    (below_top << 64) | key as u128
}

/// Bits of a rank: 64 of key and 32 of merit.
const RANK_BITS: usize = 96;

/// The states with a merit below the level: a radix heap, which relies on
/// no state entering ranking below the one that left last (a state Γ adds
/// to the heap has a merit below the level, the merit of that one).
/// Bucket `i` holds the states whose rank first differs from the last
/// one's at bit `i - 1`, bucket 0 those equal to it; when bucket 0 is
/// empty, the least state of the first bucket filled becomes `last` and
/// that bucket's states move down to the buckets of their new difference.
struct RadixHeap {
    /// The rank of the state that left last; no state ranks lower.
    last: u128,
    buckets: Vec<Vec<Heaped>>,
    /// Bit `i` is set if bucket `i` holds a state.
    filled: u128,
    /// Number of states.
    len: usize,
    /// The most room the buckets had (they shrink when compacted).
    peak: usize,
}

impl RadixHeap {
    /// An empty heap.
    fn new() -> RadixHeap {
        RadixHeap {
            last: 0,
            buckets: vec![Vec::new(); RANK_BITS + 1],
            filled: 0,
            len: 0,
            peak: 0,
        }
    }

    /// The bucket of `state`.
    fn bucket(&self, state: &Heaped) -> usize {
        128 - (state.rank() ^ self.last).leading_zeros() as usize
    }

    /// Adds `state`, which does not rank below the state that left last.
    fn push(&mut self, state: Heaped) {
        debug_assert!(state.rank() >= self.last, "ranks never fall");
        let i = self.bucket(&state);
        self.buckets[i].push(state);
        self.filled |= 1 << i;
        self.len += 1;
    }

    /// Takes out the state of least rank.
    fn pop(&mut self) -> Option<Heaped> {
        if self.filled & 1 == 0 {
            if self.filled == 0 {
                return None;
            }
            let i = self.filled.trailing_zeros() as usize;
            let mut moving = std::mem::take(&mut self.buckets[i]);
            self.last = moving.iter().map(Heaped::rank).min().expect("filled");
            self.filled &= !(1 << i);
            self.len -= moving.len();
            for state in moving.drain(..) {
                self.push(state);
            }
            // Room kept in empty buckets would add up over many of them.
            if moving.capacity() <= 64 {
                self.buckets[i] = moving;
            }
        }
        let state = self.buckets[0].pop()?;
        if self.buckets[0].is_empty() {
            self.filled &= !1;
        }
        self.len -= 1;
        Some(state)
    }

    /// Every state.
    fn iter(&self) -> impl Iterator<Item = &Heaped> {
        self.buckets.iter().flatten()
    }

    /// The most room for states the heap had.
    fn peak(&self) -> usize {
        self.peak.max(self.buckets.iter().map(Vec::capacity).sum())
    }

    /// Keeps the states `keep` accepts; gives back most room left unused.
    fn retain(&mut self, mut keep: impl FnMut(&Heaped) -> bool) {
        self.peak = self.peak();
        self.filled = 0;
        for (i, bucket) in self.buckets.iter_mut().enumerate() {
            bucket.retain(&mut keep);
            if bucket.capacity() > 4 * bucket.len() + 16 {
                bucket.shrink_to(2 * bucket.len());
            }
            if !bucket.is_empty() {
                self.filled |= 1 << i;
            }
        }
        self.len = self.buckets.iter().map(Vec::len).sum();
    }

    /// Puts every state kept by `keep` (which may change its key) in the
    /// bucket of its rank from `last`, no state ranking below it.
    fn rebuild(&mut self, last: u128, mut keep: impl FnMut(&mut Heaped) -> bool) {
        let mut all: Vec<Heaped> = self.buckets.iter_mut().flat_map(|b| b.drain(..)).collect();
        all.retain_mut(&mut keep);
        self.last = last;
        self.filled = 0;
        self.len = 0;
        for state in all {
            self.push(state);
        }
    }
}

/// The OPEN list and the records of the nodes SSS* holds.
struct Open<T: GameTree> {
    records: Vec<Record<T::Node>>,
    /// For each record, its links (apart from the records: the purge
    /// walks many of them).
    links: Vec<Links>,
    /// For each record, a number that changes whenever it is freed (apart
    /// from the records: the heap's compaction reads many of them).
    generations: Vec<u32>,
    /// For each record of an inner node, its children after those in the
    /// tree (for case 6 below a MIN node, for [`Stacked::Children`] below
    /// a MAX node); left stale when the record is freed.
    rests: Vec<Option<T::Children>>,
    /// The first free record.
    free: u32,
    /// The leftmost state with merit `level`, if the last step added it:
    /// the top of the stack, kept out of it because it is popped next.
    next: Option<(u32, bool)>,
    /// The other states with merit `level`, leftmost on top.
    stack: Vec<Stacked>,
    /// The states with a lower merit, and stale entries.
    heap: RadixHeap,
    /// States in OPEN.
    len: usize,
    /// The merit of the state popped last.
    level: Value,
    /// MAX nodes (and their generations) whose best solved child is not
    /// yet in the heap.
    queued: Vec<(u32, u32)>,
    /// Times every record was given a fresh interval.
    rekeys: u64,
}

impl<T: GameTree> Open<T> {
    /// OPEN holding `(root, L, +inf)`.
    fn new(root: T::Node) -> Open<T> {
        let mut open = Open {
            records: Vec::new(),
            links: Vec::new(),
            generations: Vec::new(),
            rests: Vec::new(),
            free: NONE,
            next: None,
            stack: Vec::new(),
            heap: RadixHeap::new(),
            len: 0,
            level: UNBOUNDED,
            queued: Vec::new(),
            rekeys: 0,
        };
        let root = open.allocate(root, NONE, 0, (0, u64::MAX));
        open.push(root, false, UNBOUNDED);
        open
    }

    /// A fresh record for `node`, the `child`-th child of `parent`, with
    /// the interval `key..key + span`.
    #[inline(always)]
    fn allocate(&mut self, node: T::Node, parent: u32, child: u32, (key, span): (u64, u64)) -> u32 {
        let links = Links {
            parent,
            first_child: NONE,
            next_sibling: NONE,
            recordless: 0,
        };
        let record = Record {
            node,
            child,
            key,
            span,
            best_h: NO_MERIT,
            best: NONE,
            queued: false,
        };
        if self.free == NONE {
            let index = u32::try_from(self.records.len())
                .ok()
                .filter(|&i| i != NONE)
                .expect("SSS* holds fewer than 2^32 nodes");
            self.records.push(record);
            self.links.push(links);
            self.generations.push(0);
            self.rests.push(None);
            return index;
        }
        let index = self.free;
        self.free = self.links[index as usize].next_sibling;
        self.links[index as usize] = links;
        self.records[index as usize] = record;
        index
    }

    /// Frees `index`.
    #[inline(always)]
    fn release(&mut self, index: u32) {
        let generation = &mut self.generations[index as usize];
        *generation = generation.wrapping_add(1);
        self.links[index as usize].next_sibling = self.free;
        self.free = index;
    }

    /// Case 4: frees every record below `top`, the popped state's among
    /// them, and so purges every other state below `top` from OPEN.
    fn purge_below(&mut self, top: u32) {
        let top_links = &mut self.links[top as usize];
        let mut at = top_links.first_child;
        top_links.first_child = NONE;
        // The states of OPEN: records without children (the popped one
        // aside), and solved children without a record.
        let mut purged = std::mem::take(&mut top_links.recordless) as usize;
        let mut childless = 0;
        while at != NONE {
            while self.links[at as usize].first_child != NONE {
                at = self.links[at as usize].first_child;
            }
            childless += 1;
            // Free `at`, then each parent it was the last child of.
            loop {
                let Links {
                    next_sibling,
                    parent,
                    recordless,
                    ..
                } = self.links[at as usize];
                purged += recordless as usize;
                self.release(at);
                if next_sibling != NONE {
                    at = next_sibling;
                    break;
                }
                if parent == top {
                    at = NONE;
                    break;
                }
                at = parent;
            }
        }
        self.records[top as usize].best_h = NO_MERIT;
        purged += childless - 1;
        // The purged states on the stack lie on its top: those of freed
        // records, and children of freed records or of `top` yet without
        // a record.
        while let Some(&entry) = self.stack.last() {
            let (record, generation) = entry.record();
            match entry {
                Stacked::State { .. } if !self.is_live(record, generation) => {}
                Stacked::Children { count, .. }
                    if record == top || !self.is_live(record, generation) =>
                {
                    purged += count as usize
                }
                _ => break,
            }
            self.stack.pop();
        }
        self.len -= purged;
        // The live states in the heap are at most the states of OPEN: past
        // twice as many entries, the stale ones are more than the live.
        if self.heap.len > 2 * self.len + 32 {
            let generations = &self.generations;
            self.heap
                .retain(|state| generations[state.record as usize] == state.generation);
        }
    }

    /// Whether `record` still has `generation`.
    fn is_live(&self, record: u32, generation: u32) -> bool {
        self.generations[record as usize] == generation
    }

    /// Adds `(record, solved, h)` to OPEN.
    #[inline(always)]
    fn push(&mut self, record: u32, solved: bool, h: Value) {
        self.len += 1;
        if h != self.level {
            self.wait(record, solved, h);
        } else if let Some((record, solved)) = self.next.replace((record, solved)) {
            self.stack_up(record, solved);
        }
    }

    /// Puts `(record, solved, level)` on the stack.
    #[inline(never)]
    fn stack_up(&mut self, record: u32, solved: bool) {
        let generation = self.generations[record as usize];
        self.stack.push(Stacked::State {
            record,
            generation,
            solved,
        });
    }

    /// Puts `(record, solved, h)`, `h` below the level, in the heap.
    #[inline(never)]
    fn wait(&mut self, record: u32, solved: bool, h: Value) {
        debug_assert!(h < self.level, "merits never rise");
        let generation = self.generations[record as usize];
        self.heap.push(Heaped {
            h,
            key: self.records[record as usize].key,
            record,
            generation,
            solved,
        });
    }

    /// Case 1 at a MIN leaf, the last child given a record of the MAX
    /// node `parent`: adds `(record, S, h)`. Of the solved children of a
    /// MAX node below the level, only the best (highest `h`, then
    /// leftmost) can leave OPEN by a pop: popping it purges the others
    /// (case 4). So the others are only counted, their records freed
    /// (if they are next to it in the list), and the best goes to the heap
    /// when the heap is next needed (its merit is below the level, so the
    /// stack runs empty first). The trace lists every state, so when it
    /// is on (`all`) every state goes in at once.
    #[inline(always)]
    fn push_solved_child(&mut self, record: u32, parent: u32, h: Value, all: bool) {
        if h == self.level || all {
            return self.push(record, true, h);
        }
        self.len += 1;
        let Record { best_h, best, .. } = self.records[parent as usize];
        let beats = best_h == NO_MERIT
            || h > best_h
            || (h == best_h
                && self.records[record as usize].child < self.records[best as usize].child);
        let left = self.links[record as usize].next_sibling;
        let freed = match beats {
            false => record,
            true if best_h != NO_MERIT && left == best => best,
            true => NONE,
        };
        if freed != NONE {
            // `freed` is the head of the list or comes right after it.
            let after = self.links[freed as usize].next_sibling;
            if freed == record {
                self.links[parent as usize].first_child = after;
            } else {
                self.links[record as usize].next_sibling = after;
            }
            self.links[parent as usize].recordless += 1;
            self.release(freed);
        }
        if beats {
            let generation = self.generations[parent as usize];
            let node = &mut self.records[parent as usize];
            node.best_h = h;
            node.best = record;
            if !node.queued {
                node.queued = true;
                self.queued.push((parent, generation));
            }
        }
    }

    /// Puts the best solved child of every node in [`Open::queued`] in
    /// the heap.
    fn flush_queued(&mut self) {
        while let Some((node, generation)) = self.queued.pop() {
            if self.generations[node as usize] != generation {
                continue;
            }
            let node = &mut self.records[node as usize];
            node.queued = false;
            if node.best_h != NO_MERIT {
                let (best, h) = (node.best, node.best_h);
                self.wait(best, true, h);
            }
        }
    }

    /// Takes the best state out of OPEN: `(record, solved, h)`.
    #[inline(always)]
    fn pop(&mut self) -> Option<(u32, bool, Value)> {
        self.len -= 1;
        match self.next.take() {
            Some((record, solved)) => Some((record, solved, self.level)),
            None => self.pop_stored(),
        }
    }

    /// Takes the best state out of the stack or the heap.
    #[inline(never)]
    fn pop_stored(&mut self) -> Option<(u32, bool, Value)> {
        if let Some(top) = self.stack.last_mut() {
            // The purge leaves no stale state on the stack.
            debug_assert!({
                let (record, generation) = top.record();
                self.generations[record as usize] == generation
            });
            let state = match *top {
                Stacked::State { record, solved, .. } => {
                    self.stack.pop();
                    (record, solved)
                }
                Stacked::Children {
                    record,
                    ref mut first,
                    ref mut count,
                    ..
                } => {
                    let child = *first;
                    let n = child - 1 + *count;
                    *first += 1;
                    *count -= 1;
                    if *count == 0 {
                        self.stack.pop();
                    }
                    (self.add_next_child(record, child, n), false)
                }
            };
            return Some((state.0, state.1, self.level));
        }
        self.flush_queued();
        loop {
            let top = self.heap.pop()?;
            if self.is_live(top.record, top.generation) {
                self.level = top.h;
                return Some((top.record, top.solved, top.h));
            }
        }
    }

    /// Cases 2 and 6: adds `node`, the `child`-th child of `parent`, as a
    /// live state with the interval `key..key + span`.
    #[inline]
    fn add_child(&mut self, parent: u32, node: T::Node, child: u32, interval: (u64, u64)) {
        let record = self.allocate(node, parent, child, interval);
        self.links[parent as usize].first_child = record;
        self.push(record, false, self.level);
    }

    /// Case 3: adds a live state for every child of the MAX node
    /// `record`, whose children are `children`; only the first gets a
    /// record (it is popped next). Returns how many there are.
    fn add_children(&mut self, record: u32, children: T::Children) -> u32 {
        let n = u32::try_from(children.clone().count())
            .ok()
            .filter(|&n| n > 0 && n < NONE)
            .expect("an inner node has between 1 and 2^32 - 2 children");
        if self.records[record as usize].span >> shift(n) == 0 {
            self.rekey();
        }
        self.rests[record as usize] = Some(children);
        debug_assert!(self.next.is_none(), "the popped state was next");
        let first = self.add_next_child(record, 1, n);
        self.next = Some((first, false));
        if n > 1 {
            self.stack.push(Stacked::Children {
                record,
                generation: self.generations[record as usize],
                first: 2,
                count: n - 1,
            });
        }
        self.len += n as usize;
        n
    }

    /// Gives child number `child` of the MAX node `parent`, which has `n`
    /// children and keeps those after `child - 1` in its rest, a record.
    #[inline(always)]
    fn add_next_child(&mut self, parent: u32, child: u32, n: u32) -> u32 {
        let node = self.rests[parent as usize]
            .as_mut()
            .and_then(Iterator::next)
            .expect("as many children as counted");
        let Record { key, span, .. } = self.records[parent as usize];
        let width = span >> shift(n);
        let record = self.allocate(
            node,
            parent,
            child,
            (key + (child as u64 - 1) * width, width),
        );
        let parent_links = &mut self.links[parent as usize];
        let left = parent_links.first_child;
        parent_links.first_child = record;
        self.links[record as usize].next_sibling = left;
        record
    }

    /// Gives a record to every child of a [`Stacked::Children`] entry,
    /// each a [`Stacked::State`] in its place.
    fn add_all_children(&mut self) {
        let mut stack = Vec::with_capacity(self.stack.len());
        for entry in std::mem::take(&mut self.stack) {
            let Stacked::Children {
                record,
                first,
                count,
                ..
            } = entry
            else {
                stack.push(entry);
                continue;
            };
            let n = first - 1 + count;
            let children: Vec<u32> = (first..=n)
                .map(|child| self.add_next_child(record, child, n))
                .collect();
            for &child in children.iter().rev() {
                stack.push(Stacked::State {
                    record: child,
                    generation: self.generations[child as usize],
                    solved: false,
                });
            }
        }
        self.stack = stack;
    }

    /// Gives every record held a fresh interval from the left-to-right
    /// rank of the childless ones below it (the states of OPEN and the
    /// popped one), each of those getting an equal share.
    fn rekey(&mut self) {
        self.rekeys += 1;
        self.add_all_children();
        // At most the states of OPEN and the popped one.
        let slots = self.len as u64 + 1;
        let width = u64::MAX / slots;
        // Childless records given an interval so far, from the right (the
        // walk goes down to the rightmost child first).
        let mut done = 0;
        let mut at = ROOT;
        'walk: loop {
            loop {
                // The right end of the interval, for now.
                self.records[at as usize].key = (slots - done) * width;
                let first_child = self.links[at as usize].first_child;
                if first_child == NONE {
                    break;
                }
                at = first_child;
            }
            done += 1;
            loop {
                let record = &mut self.records[at as usize];
                let left = (slots - done) * width;
                record.span = record.key - left;
                record.key = left;
                let links = self.links[at as usize];
                if at == ROOT {
                    break 'walk;
                }
                if links.next_sibling != NONE {
                    at = links.next_sibling;
                    break;
                }
                at = links.parent;
            }
        }
        // States without a record need no interval.
        debug_assert!(done <= slots);
        let (records, generations) = (&self.records, &self.generations);
        // Every state in the heap has merit `level` at most.
        self.heap.rebuild(rank(self.level, 0), |state| {
            state.key = records[state.record as usize].key;
            generations[state.record as usize] == state.generation
        });
    }

    /// What this OPEN holds at most.
    fn footprint(&self) -> Footprint {
        use std::mem::size_of;
        let (records, stack, heap) = (
            self.records.capacity(),
            self.stack.capacity(),
            self.heap.peak(),
        );
        let per_record = size_of::<Record<T::Node>>()
            + size_of::<Links>()
            + size_of::<u32>()
            + size_of::<Option<T::Children>>();
        Footprint {
            records,
            stack,
            heap,
            bytes: records * per_record + stack * size_of::<Stacked>() + heap * size_of::<Heaped>(),
            rekeys: self.rekeys,
        }
    }

    /// The Dewey path of `record`.
    fn path(&self, mut record: u32) -> Vec<u32> {
        let mut path = Vec::new();
        while record != ROOT {
            path.push(self.records[record as usize].child);
            record = self.links[record as usize].parent;
        }
        path.reverse();
        path
    }

    /// Every state in OPEN as `(path, solved, h)`, in OPEN's order.
    fn ordered(&self) -> Vec<(Vec<u32>, bool, Value)> {
        // (record, child number if a child without a record, solved, h).
        let mut named: Vec<(u32, Option<u32>, bool, Value)> = Vec::new();
        let live = |record: u32, generation: u32| self.is_live(record, generation);
        if let Some((record, solved)) = self.next {
            named.push((record, None, solved, self.level));
        }
        for state in self.heap.iter().filter(|s| live(s.record, s.generation)) {
            named.push((state.record, None, state.solved, state.h));
        }
        for &entry in &self.stack {
            match entry {
                Stacked::State { record, solved, .. } => {
                    named.push((record, None, solved, self.level))
                }
                Stacked::Children {
                    record,
                    first,
                    count,
                    ..
                } => named
                    .extend((first..first + count).map(|c| (record, Some(c), false, self.level))),
            }
        }
        let mut states: Vec<(Vec<u32>, bool, Value)> = named
            .into_iter()
            .map(|(record, child, solved, h)| {
                let mut path = self.path(record);
                path.extend(child);
                (path, solved, h)
            })
            .collect();
        states.sort_by(|a, b| b.2.cmp(&a.2).then_with(|| a.0.cmp(&b.0)));
        states
    }
}

/// The `shift` such that a MAX node's interval splits in `2^shift >= n`
/// equal parts, one per child (a shift is cheaper than a division).
fn shift(n: u32) -> u32 {
    u32::BITS - (n - 1).leading_zeros()
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
        // Counted here, added to the backend's counters at the end.
        let mut counts = Counts {
            leaves: 0,
            nodes: 1,
        };
        let mut max_open = 0;
        let tracing = self.trace.is_some();
        let mut case = None;
        let mut step = 0;
        let value = loop {
            step += 1;
            max_open = max_open.max(open.len);
            if tracing {
                self.trace_row(step, case, &open);
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
                        counts.nodes += 1;
                        2
                    }
                    Expansion::Inner(children) => {
                        counts.nodes += u64::from(open.add_children(j, children));
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
                        counts.nodes += 1;
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
    use crate::uniform::{UniformTree, Values};
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
        // Uniform trees: records are held for states and their ancestors,
        // heap entries for states (and as many stale ones at most).
        for (branching, depth) in [(2, 20), (3, 13), (4, 12), (8, 7), (8, 8)] {
            let tree = UniformTree::new(branching, depth, 9, 0, Values::Wide);
            let mut sss = Sss::new();
            sss.search(&tree, tree.root(), Window::FULL);
            let (most, footprint) = (sss.max_open as usize, sss.footprint());
            let depth = depth as usize;
            let shape = format!("{branching}:{depth} {footprint:?} max_open={most}");
            assert!(footprint.records <= 4 * (most + depth), "{shape}");
            assert!(footprint.stack <= 2 * (most + depth), "{shape}");
            let kept_when_empty = 64 * (RANK_BITS + 1);
            assert!(footprint.heap <= 4 * most + kept_when_empty, "{shape}");
        }
    }
}
