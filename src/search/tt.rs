//! A transposition table: bounds on the values of positions already
//! searched, under the keys the game tree gives them.
//!
//! The table starts small and doubles while it fills, up to a fixed size,
//! so that a short input touches little memory. A slot holds one position;
//! a newer position whose hash lands on the same slot replaces it. Keys are
//! stored whole, so an entry is only ever used for its own position.

use crate::value::Value;

/// Bounds `lo <= value <= hi` on a position's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// Lower bound.
    pub lo: Value,
    /// Upper bound.
    pub hi: Value,
}

/// One slot: the key plus one (0 marks an empty slot) and the bounds.
#[derive(Clone, Copy, Default)]
struct Slot {
    tag: u64,
    lo: Value,
    hi: Value,
}

/// A hash table of value bounds with a bounded size.
pub struct TranspositionTable {
    slots: Vec<Slot>,
    used: usize,
    max_slots: usize,
}

/// Slots in a new table.
const INITIAL_SLOTS: usize = 1 << 12;

/// Slots in a full-grown table (16 bytes each: 8 MiB).
pub const MAX_SLOTS: usize = 1 << 19;

impl Default for TranspositionTable {
    fn default() -> Self {
        TranspositionTable::new(MAX_SLOTS)
    }
}

impl TranspositionTable {
    /// An empty table that grows up to `max_slots` slots (a power of two).
    pub fn new(max_slots: usize) -> TranspositionTable {
        assert!(max_slots.is_power_of_two());
        TranspositionTable {
            slots: vec![Slot::default(); INITIAL_SLOTS.min(max_slots)],
            used: 0,
            max_slots,
        }
    }

    /// Bytes the slots take now.
    pub fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Slot>()
    }

    fn index(&self, key: u64) -> usize {
        // Fibonacci hashing: the top bits of key * 2^64/phi.
        let hash = key.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (hash >> (64 - self.slots.len().trailing_zeros())) as usize
    }

    /// The bounds stored for `key`, if any.
    pub fn probe(&self, key: u64) -> Option<Bounds> {
        let slot = &self.slots[self.index(key)];
        (slot.tag == key.wrapping_add(1)).then_some(Bounds {
            lo: slot.lo,
            hi: slot.hi,
        })
    }

    /// Stores bounds for `key`, tightening those already stored for it.
    pub fn store(&mut self, key: u64, bounds: Bounds) {
        let index = self.index(key);
        let slot = &mut self.slots[index];
        if slot.tag == key.wrapping_add(1) {
            slot.lo = slot.lo.max(bounds.lo);
            slot.hi = slot.hi.min(bounds.hi);
            return;
        }
        if slot.tag == 0 {
            self.used += 1;
        }
        *slot = Slot {
            tag: key.wrapping_add(1),
            lo: bounds.lo,
            hi: bounds.hi,
        };
        if 2 * self.used > self.slots.len() && self.slots.len() < self.max_slots {
            self.grow();
        }
    }

    /// Doubles the table and puts every entry back.
    fn grow(&mut self) {
        let doubled = vec![Slot::default(); 2 * self.slots.len()];
        let old = std::mem::replace(&mut self.slots, doubled);
        self.used = 0;
        for slot in old.into_iter().filter(|s| s.tag != 0) {
            let index = self.index(slot.tag - 1);
            if self.slots[index].tag == 0 {
                self.used += 1;
            }
            self.slots[index] = slot;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_tightens_and_keeps_keys_apart() {
        let mut tt = TranspositionTable::new(1 << 12);
        assert_eq!(tt.probe(0), None);
        tt.store(0, Bounds { lo: -5, hi: 9 });
        tt.store(0, Bounds { lo: -9, hi: 3 });
        assert_eq!(tt.probe(0), Some(Bounds { lo: -5, hi: 3 }));
        assert_eq!(tt.probe(1), None);
    }

    #[test]
    fn grows_without_losing_entries_until_full_size() {
        let mut tt = TranspositionTable::new(1 << 14);
        for key in 0..3000u64 {
            tt.store(
                key * 7919,
                Bounds {
                    lo: key as Value,
                    hi: key as Value,
                },
            );
        }
        assert_eq!(tt.bytes(), (1 << 13) * 16, "grew once, at half full");
        let kept = (0..3000u64)
            .filter(|&k| tt.probe(k * 7919).is_some())
            .count();
        assert!(kept > 2000, "kept {kept}");
        for key in 0..3000u64 {
            if let Some(b) = tt.probe(key * 7919) {
                assert_eq!(b.lo, key as Value);
            }
        }
    }
}
