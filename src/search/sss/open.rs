//! SSS*'s OPEN list: the records of the nodes SSS* holds, the stack of
//! the states at the level, and the heap of those below it (see the
//! [module docs](super) for why this is OPEN's order).

use super::radix::{Heaped, RadixHeap, rank};
use crate::tree::GameTree;
use crate::tree::value::{UNBOUNDED, Value};

/// What the last search kept at most.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Footprint {
    /// Records of nodes held at once.
    pub records: usize,
    /// Entries of the stack (its capacity).
    pub stack: usize,
    /// Entries of the heap, stale ones included (the most room it had).
    pub heap: usize,
    /// Bytes of the three (with what is kept beside each record).
    pub bytes: usize,
    /// Times every record was given a fresh interval.
    pub rekeys: u64,
}

/// No record: the end of a list, the root's parent.
pub(super) const NONE: u32 = u32::MAX;

/// The root's record, never freed.
pub(super) const ROOT: u32 = 0;

/// Where a record sits in the tree SSS* holds.
#[derive(Clone, Copy)]
pub(super) struct Links {
    /// The parent's record ([`NONE`] for the root).
    pub(super) parent: u32,
    /// The rightmost child in the tree: siblings are linked right to left.
    pub(super) first_child: u32,
    /// The next sibling to the left; on the free list, the next free
    /// record.
    pub(super) next_sibling: u32,
    /// For a MAX node: its solved children in OPEN without a record (see
    /// [`Open::push_solved_child`]).
    pub(super) recordless: u32,
}

/// A node SSS* holds.
#[derive(Clone, Copy)]
pub(super) struct Record<N> {
    /// The node of the tree.
    pub(super) node: N,
    /// The child number, from 1 (0 for the root).
    pub(super) child: u32,
    /// The record's interval `key..key + span` orders nodes from left to
    /// right: the children of a MAX node share its interval in order, the
    /// child of a MIN node (it has one at a time) takes its parent's. The
    /// intervals of the states in OPEN are therefore disjoint and in
    /// left-to-right order; `span` is never 0.
    pub(super) key: u64,
    /// The width of the interval.
    pub(super) span: u64,
    /// For a MAX node: the merit of its best solved child below the
    /// level (see [`Open::push_solved_child`]), `NO_MERIT` if none.
    pub(super) best_h: Value,
    /// That child's record.
    pub(super) best: u32,
    /// The node is in [`Open::queued`].
    pub(super) queued: bool,
}

/// Below every merit.
pub(super) const NO_MERIT: Value = Value::MIN;

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

/// The OPEN list and the records of the nodes SSS* holds.
pub(super) struct Open<T: GameTree> {
    pub(super) records: Vec<Record<T::Node>>,
    /// For each record, its links (apart from the records: the purge
    /// walks many of them).
    pub(super) links: Vec<Links>,
    /// For each record, a number that changes whenever it is freed (apart
    /// from the records: the heap's compaction reads many of them).
    generations: Vec<u32>,
    /// For each record of an inner node, its children after those in the
    /// tree (for case 6 below a MIN node, for [`Stacked::Children`] below
    /// a MAX node); left stale when the record is freed.
    pub(super) rests: Vec<Option<T::Children>>,
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
    pub(super) len: usize,
    /// The merit of the state popped last.
    level: Value,
    /// MAX nodes (and their generations) whose best solved child is not
    /// yet in the heap.
    queued: Vec<(u32, u32)>,
    /// The widest interval a record is given: the root's (`u64::MAX`; the
    /// tests give less, so that intervals run out often).
    room: u64,
    /// Times every record was given a fresh interval.
    rekeys: u64,
}

impl<T: GameTree> Open<T> {
    /// OPEN holding `(root, L, +inf)`; no interval is wider than `room`.
    pub(super) fn new(root: T::Node, room: u64) -> Open<T> {
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
            room,
            rekeys: 0,
        };
        let root = open.allocate(root, NONE, 0, (0, room));
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
    pub(super) fn release(&mut self, index: u32) {
        let generation = &mut self.generations[index as usize];
        *generation = generation.wrapping_add(1);
        self.links[index as usize].next_sibling = self.free;
        self.free = index;
    }

    /// Drops every stale entry of the heap and of the queue. Generations
    /// wrap, so a stale entry must not outlive 2^32 frees of its record: a
    /// step frees a record once at most, and the search calls this at
    /// least once in 2^31 steps.
    #[cold]
    pub(super) fn drop_stale(&mut self) {
        let generations = &self.generations;
        let live = |record: u32, generation: u32| generations[record as usize] == generation;
        self.heap
            .retain(|state| live(state.record, state.generation));
        self.queued
            .retain(|&(node, generation)| live(node, generation));
    }

    /// Case 4: frees every record below `top`, the popped state's among
    /// them, and so purges every other state below `top` from OPEN.
    pub(super) fn purge_below(&mut self, top: u32) {
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
            self.drop_stale();
        }
    }

    /// Whether `record` still has `generation`.
    fn is_live(&self, record: u32, generation: u32) -> bool {
        self.generations[record as usize] == generation
    }

    /// Adds `(record, solved, h)` to OPEN.
    #[inline(always)]
    pub(super) fn push(&mut self, record: u32, solved: bool, h: Value) {
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

    /// Case 1 at a MIN leaf, child of the MAX node `parent`: adds
    /// `(record, S, h)`. Of the solved children of a MAX node below the
    /// level, only the best (highest `h`, then leftmost) can leave OPEN by
    /// a pop: popping it purges the others (case 4). So the others are
    /// only counted, their records freed where unlinking them is cheap (at
    /// the head of the list, or right after the new best), and the best
    /// goes to the heap when the heap is next needed (its merit is below
    /// the level, so the stack runs empty first). The trace lists every
    /// state, so when it is on (`all`) every state goes in at once.
    #[inline(always)]
    pub(super) fn push_solved_child(&mut self, record: u32, parent: u32, h: Value, all: bool) {
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
            false if self.links[parent as usize].first_child == record => record,
            true if best_h != NO_MERIT && left == best => best,
            _ => NONE,
        };
        if freed != NONE {
            // `freed` is the head of the list, or comes right after `record`.
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
    pub(super) fn pop(&mut self) -> Option<(u32, bool, Value)> {
        self.len -= 1;
        match self.next.take() {
            Some((record, solved)) => Some((record, solved, self.level)),
            None => self.pop_stored(),
        }
    }

    /// Takes the best state out of the stack or the heap.
    #[inline(always)]
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
                    if *count == 1 {
                        self.stack.pop();
                    } else {
                        // `first` stays a child number: at most `n`.
                        *first += 1;
                        *count -= 1;
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
    pub(super) fn add_child(
        &mut self,
        parent: u32,
        node: T::Node,
        child: u32,
        interval: (u64, u64),
    ) {
        let record = self.allocate(node, parent, child, interval);
        self.links[parent as usize].first_child = record;
        self.push(record, false, self.level);
    }

    /// Case 3: adds a live state for every child of the MAX node
    /// `record`, whose children are `children`; only the first gets a
    /// record (it is popped next).
    pub(super) fn add_children(&mut self, record: u32, children: T::Children) {
        // From the size hint when it is exact (it is on every tree of the
        // project), else by counting a copy.
        let count = match children.size_hint() {
            (lower, Some(upper)) if lower == upper => lower,
            _ => children.clone().count(),
        };
        // Child numbers are not record numbers: all of u32 is theirs.
        let n = u32::try_from(count)
            .ok()
            .filter(|&n| n > 0)
            .expect("an inner node has between 1 and 2^32 - 1 children");
        if self.records[record as usize].span >> shift(n) == 0 {
            self.rekey();
            assert!(
                self.records[record as usize].span >> shift(n) > 0,
                "intervals for every state of OPEN and every child"
            );
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
        let width = (u64::MAX / slots).min(self.room);
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
    pub(super) fn footprint(&self) -> Footprint {
        use std::mem::size_of;
        // A record is added only when none is free: the arena's length is
        // the most records held at once.
        let (records, stack, heap) = (self.records.len(), self.stack.capacity(), self.heap.peak());
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
    pub(super) fn ordered(&self) -> Vec<(Vec<u32>, bool, Value)> {
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
                } => named.extend(
                    (first..=first - 1 + count).map(|c| (record, Some(c), false, self.level)),
                ),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::uniform::{UniformTree, Values};
    use crate::tree::{Expansion, GameTree};

    /// The root of `4294967295:1` has as many children as a `u32` can
    /// number: case 3 stacks them as one entry, and the last comes out as
    /// the entry goes.
    #[test]
    fn a_max_node_may_have_as_many_children_as_u32_numbers() {
        let tree = UniformTree::new(u32::MAX, 1, 1, 0, Values::Wide);
        let children = || match tree.expand(&tree.root()) {
            Expansion::Inner(children) => children,
            Expansion::Leaf(_) => unreachable!("the root has children"),
        };
        let mut open = Open::<UniformTree>::new(tree.root(), u64::MAX);
        let (root, solved, _) = open.pop().unwrap();
        assert_eq!((root, solved), (ROOT, false));
        open.add_children(root, children());
        assert_eq!(open.len, u32::MAX as usize);
        let (first, ..) = open.pop().unwrap();
        assert_eq!(open.records[first as usize].child, 1);
        // On to the last two children: the rest starts at child n - 1.
        let n = u32::MAX;
        let mut rest = children();
        rest.nth(n as usize - 3);
        open.rests[root as usize] = Some(rest);
        let Some(Stacked::Children { first, count, .. }) = open.stack.last_mut() else {
            panic!("the children after the first are one entry");
        };
        (*first, *count) = (n - 1, 2);
        for child in [n - 1, n] {
            let (record, solved, _) = open.pop().unwrap();
            let Record {
                node,
                child: number,
                ..
            } = open.records[record as usize];
            assert_eq!((number, solved), (child, false));
            assert_eq!(tree.path(node), [child]);
        }
        assert!(open.stack.is_empty());
    }
}
