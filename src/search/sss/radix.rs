//! The heap of SSS*'s OPEN: the states whose merit is below the level, in
//! a radix heap ordered by rank (highest merit, then leftmost).

use crate::tree::value::{UNBOUNDED, Value};

/// A state in the heap.
#[derive(Clone, Copy, Debug)]
pub(super) struct Heaped {
    /// The record's key when the state was added (or the record rekeyed).
    pub(super) key: u64,
    /// The state's merit.
    pub(super) h: Value,
    /// The record of the state's node.
    pub(super) record: u32,
    /// The record's generation when the state was added: the entry is
    /// stale once it changes.
    pub(super) generation: u32,
    /// Whether the state is solved (else live).
    pub(super) solved: bool,
}

impl Heaped {
    /// States leave the heap by rank, lowest first: highest `h`, then
    /// leftmost.
    fn rank(&self) -> u128 {
        rank(self.h, self.key)
    }
}

/// The rank of a state with merit `h` and key `key`.
pub(super) fn rank(h: Value, key: u64) -> u128 {
    let below_top = (i64::from(UNBOUNDED) - i64::from(h)) as u128;
    (below_top << 64) | key as u128
}

/// Bits of a rank: 64 of key and 32 of merit.
pub(super) const RANK_BITS: usize = 96;

/// The states with a merit below the level: a radix heap, which relies on
/// no state entering ranking below the one that left last (a state Γ adds
/// to the heap has a merit below the level, the merit of that one).
/// Bucket `i` holds the states whose rank first differs from the last
/// one's at bit `i - 1`, bucket 0 those equal to it; when bucket 0 is
/// empty, the least state of the first bucket filled becomes `last` and
/// that bucket's states move down to the buckets of their new difference.
pub(super) struct RadixHeap {
    /// The rank of the state that left last; no state ranks lower.
    last: u128,
    buckets: Vec<Vec<Heaped>>,
    /// Bit `i` is set if bucket `i` holds a state.
    filled: u128,
    /// Number of states.
    pub(super) len: usize,
    /// The most room the buckets had (they shrink when compacted).
    peak: usize,
}

impl RadixHeap {
    /// An empty heap.
    pub(super) fn new() -> RadixHeap {
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
    pub(super) fn push(&mut self, state: Heaped) {
        debug_assert!(state.rank() >= self.last, "ranks never fall");
        let i = self.bucket(&state);
        self.buckets[i].push(state);
        self.filled |= 1 << i;
        self.len += 1;
    }

    /// Takes out the state of least rank.
    pub(super) fn pop(&mut self) -> Option<Heaped> {
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
    pub(super) fn iter(&self) -> impl Iterator<Item = &Heaped> {
        self.buckets.iter().flatten()
    }

    /// The most room for states the heap had.
    pub(super) fn peak(&self) -> usize {
        self.peak.max(self.buckets.iter().map(Vec::capacity).sum())
    }

    /// Keeps the states `keep` accepts; gives back most room left unused.
    pub(super) fn retain(&mut self, mut keep: impl FnMut(&Heaped) -> bool) {
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
    pub(super) fn rebuild(&mut self, last: u128, mut keep: impl FnMut(&mut Heaped) -> bool) {
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
