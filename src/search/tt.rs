//! A transposition table: bounds on the values of nodes already searched,
//! under the keys the game tree gives them. Any backend can hold one; the
//! depth-first backends do.
//!
//! A key hashes to one bucket of four slots, one cache line: a lookup
//! reads one line, hit or miss. The table starts small and doubles once
//! half full (or when a bucket overflows), so that a short input touches
//! little memory. A table with a size limit, once full-grown, replaces the
//! last entry of a full bucket (the newest wins); a table without one
//! never forgets, which the MT drivers need to evaluate no leaf twice.
//! Keys are stored whole, so an entry is only ever used for its own key.

use crate::value::Value;

/// Bounds `lo <= value <= hi` on a node's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// Lower bound.
    pub lo: Value,
    /// Upper bound.
    pub hi: Value,
}

/// One slot: a key and its bounds. Bounds never go below `-UNBOUNDED`, so
/// a `lo` of `i32::MIN` marks an empty slot.
#[derive(Clone, Copy)]
struct Slot {
    key: u64,
    lo: Value,
    hi: Value,
}

/// The `lo` of an empty slot.
const EMPTY: Value = Value::MIN;

/// An empty slot.
const FREE: Slot = Slot {
    key: 0,
    lo: EMPTY,
    hi: EMPTY,
};

/// Slots per bucket: 4 × 16 bytes, one cache line.
const WAYS: usize = 4;

/// The slots a key may live in, aligned to a cache line.
#[derive(Clone, Copy)]
#[repr(align(64))]
struct Bucket([Slot; WAYS]);

/// An empty bucket.
const EMPTY_BUCKET: Bucket = Bucket([FREE; WAYS]);

/// Slots in a new (or cleared) table.
const INITIAL_SLOTS: usize = 1 << 12;

/// Slots of the engine's full-grown table (16 bytes each: 8 MiB).
pub const MAX_SLOTS: usize = 1 << 19;

/// Slots of a full-grown table of nodes (the MT drivers on trees without
/// transpositions): 2^23 slots, 128 MiB. Until it reaches that size it
/// grows rather than forget anything; it does so at half full, so it
/// forgets nothing while it holds fewer than about 4 million nodes.
pub const NODE_SLOTS: usize = 1 << 23;

/// A hash table of value bounds.
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    used: usize,
    max_slots: Option<usize>,
}

impl Default for TranspositionTable {
    /// The engine's table: up to [`MAX_SLOTS`] slots.
    fn default() -> Self {
        TranspositionTable::bounded(MAX_SLOTS)
    }
}

impl TranspositionTable {
    /// An empty table that grows up to `max_slots` slots (a power of two,
    /// at least 4), then replaces entries.
    pub fn bounded(max_slots: usize) -> TranspositionTable {
        assert!(max_slots.is_power_of_two() && max_slots >= WAYS);
        TranspositionTable {
            buckets: vec![EMPTY_BUCKET; INITIAL_SLOTS.min(max_slots) / WAYS],
            used: 0,
            max_slots: Some(max_slots),
        }
    }

    /// An empty table that grows as long as it is given keys, and so never
    /// forgets an entry.
    pub fn unbounded() -> TranspositionTable {
        TranspositionTable {
            buckets: vec![EMPTY_BUCKET; INITIAL_SLOTS / WAYS],
            used: 0,
            max_slots: None,
        }
    }

    /// Sets the size limit (`None`: grow without limit, never forget);
    /// a table larger than the new limit is emptied.
    pub fn set_limit(&mut self, max_slots: Option<usize>) {
        self.max_slots = max_slots;
        if let Some(m) = max_slots {
            assert!(m.is_power_of_two() && m >= WAYS);
            if self.slots() > m {
                self.empty_out();
            }
        }
    }

    /// Forgets every entry and shrinks back to the initial size.
    pub fn clear(&mut self) {
        if self.used > 0 || self.slots() > INITIAL_SLOTS {
            self.empty_out();
        }
    }

    /// A fresh table of the initial size.
    fn empty_out(&mut self) {
        let initial = self
            .max_slots
            .map_or(INITIAL_SLOTS, |m| m.min(INITIAL_SLOTS));
        self.buckets = vec![EMPTY_BUCKET; initial / WAYS];
        self.used = 0;
    }

    /// Entries held.
    pub fn len(&self) -> usize {
        self.used
    }

    /// Whether the table holds no entry.
    pub fn is_empty(&self) -> bool {
        self.used == 0
    }

    /// Slots in the table now.
    fn slots(&self) -> usize {
        self.buckets.len() * WAYS
    }

    /// Bytes the slots take now.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }

    /// The bucket of `key`: the top bits of a Fibonacci hash.
    #[inline(always)]
    fn bucket_of(&self, key: u64) -> usize {
        let hash = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (hash >> (64 - self.buckets.len().trailing_zeros())) as usize
    }

    /// The bounds stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Bounds> {
        let bucket = &self.buckets[self.bucket_of(key)];
        bucket
            .0
            .iter()
            .find(|slot| slot.key == key && slot.lo != EMPTY)
            .map(|slot| Bounds {
                lo: slot.lo,
                hi: slot.hi,
            })
    }

    /// Stores bounds for `key`, tightening those already stored for it.
    pub fn store(&mut self, key: u64, bounds: Bounds) {
        debug_assert!(bounds.lo != EMPTY && bounds.lo <= bounds.hi);
        let fresh = Slot {
            key,
            lo: bounds.lo,
            hi: bounds.hi,
        };
        loop {
            let slots = self.slots();
            let can_grow = self.max_slots.is_none_or(|m| slots < m);
            let roomy = 2 * (self.used + 1) <= slots;
            let index = self.bucket_of(key);
            let bucket = &mut self.buckets[index].0;
            if let Some(slot) = bucket.iter_mut().find(|s| s.key == key && s.lo != EMPTY) {
                slot.lo = slot.lo.max(bounds.lo);
                slot.hi = slot.hi.min(bounds.hi);
                return;
            }
            let free = bucket.iter().position(|s| s.lo == EMPTY);
            match free {
                Some(i) if !can_grow || roomy => {
                    bucket[i] = fresh;
                    self.used += 1;
                    return;
                }
                None if !can_grow => {
                    // Full-grown and full: the newest entry wins the last slot.
                    bucket[WAYS - 1] = fresh;
                    return;
                }
                _ => self.grow(),
            }
        }
    }

    /// Doubles the table and puts every entry back; doubles again if a
    /// bucket overflows, unless the limit is reached (then the entries that
    /// find no room are dropped).
    fn grow(&mut self) {
        let old = std::mem::take(&mut self.buckets);
        let mut buckets = 2 * old.len();
        loop {
            self.buckets = vec![EMPTY_BUCKET; buckets];
            self.used = 0;
            let may_double = self.max_slots.is_none_or(|m| buckets * WAYS < m);
            let mut placed_all = true;
            for slot in old.iter().flat_map(|b| b.0).filter(|s| s.lo != EMPTY) {
                let index = self.bucket_of(slot.key);
                let bucket = &mut self.buckets[index].0;
                match bucket.iter().position(|s| s.lo == EMPTY) {
                    Some(i) => {
                        bucket[i] = slot;
                        self.used += 1;
                    }
                    None if may_double => {
                        placed_all = false;
                        break;
                    }
                    None => {}
                }
            }
            if placed_all || !may_double {
                return;
            }
            buckets *= 2;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_tightens_and_keeps_keys_apart() {
        let mut tt = TranspositionTable::bounded(1 << 12);
        assert_eq!(tt.probe(0), None);
        assert_eq!(
            tt.probe(u64::MAX),
            None,
            "no key is mistaken for an empty slot"
        );
        tt.store(0, Bounds { lo: -5, hi: 9 });
        tt.store(0, Bounds { lo: -9, hi: 3 });
        assert_eq!(tt.probe(0), Some(Bounds { lo: -5, hi: 3 }));
        assert_eq!(tt.probe(1), None);
        tt.store(u64::MAX, Bounds { lo: 2, hi: 2 });
        assert_eq!(tt.probe(u64::MAX), Some(Bounds { lo: 2, hi: 2 }));
        assert_eq!(tt.len(), 2);
    }

    #[test]
    fn an_unbounded_table_never_forgets() {
        let mut tt = TranspositionTable::unbounded();
        for key in 0..100_000u64 {
            tt.store(
                key * 7919,
                Bounds {
                    lo: key as Value,
                    hi: key as Value,
                },
            );
        }
        assert_eq!(tt.len(), 100_000);
        for key in 0..100_000u64 {
            assert_eq!(tt.probe(key * 7919).map(|b| b.lo), Some(key as Value));
        }
        tt.clear();
        assert!(tt.is_empty() && tt.probe(7919).is_none());
    }

    #[test]
    fn a_bounded_table_stops_growing_and_keeps_what_it_holds_right() {
        let mut tt = TranspositionTable::bounded(1 << 13);
        for key in 0..30_000u64 {
            tt.store(
                key,
                Bounds {
                    lo: key as Value,
                    hi: key as Value,
                },
            );
        }
        assert_eq!(tt.bytes(), (1 << 13) * 16);
        assert_eq!(std::mem::align_of::<Bucket>(), 64);
        let kept = (0..30_000u64).filter(|&k| tt.probe(k).is_some()).count();
        assert!(kept > 4000, "kept {kept}");
        for key in 0..30_000u64 {
            if let Some(b) = tt.probe(key) {
                assert_eq!(b.lo, key as Value);
            }
        }
    }
}
