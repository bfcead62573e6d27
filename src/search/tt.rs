//! A transposition table: bounds on the values of nodes already searched,
//! under the keys the game tree gives them. Any backend can hold one; the
//! depth-first backends do.
//!
//! Open addressing with short linear probes. The table starts small and
//! doubles once half full, so that a short input touches little memory. A
//! table with a size limit replaces an entry when it is full (the last one
//! of the probe run); a table without one never forgets, which the MT
//! drivers need to evaluate no leaf twice. Keys are stored whole, so an
//! entry is only ever used for its own key.

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

/// Slots looked at for one key before the table grows or replaces.
const PROBES: usize = 8;

/// Slots in a new (or cleared) table.
const INITIAL_SLOTS: usize = 1 << 12;

/// Slots of the engine's full-grown table (16 bytes each: 8 MiB).
pub const MAX_SLOTS: usize = 1 << 19;

/// A hash table of value bounds.
pub struct TranspositionTable {
    slots: Vec<Slot>,
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
    /// An empty table that grows up to `max_slots` slots (a power of two),
    /// then replaces entries.
    pub fn bounded(max_slots: usize) -> TranspositionTable {
        assert!(max_slots.is_power_of_two());
        TranspositionTable {
            slots: vec![FREE; INITIAL_SLOTS.min(max_slots)],
            used: 0,
            max_slots: Some(max_slots),
        }
    }

    /// An empty table that grows as long as it is given keys, and so never
    /// forgets an entry.
    pub fn unbounded() -> TranspositionTable {
        TranspositionTable {
            slots: vec![FREE; INITIAL_SLOTS],
            used: 0,
            max_slots: None,
        }
    }

    /// Sets the size limit (`None`: grow without limit, never forget);
    /// a table larger than the new limit is emptied.
    pub fn set_limit(&mut self, max_slots: Option<usize>) {
        if let Some(m) = max_slots {
            assert!(m.is_power_of_two());
            if self.slots.len() > m {
                self.max_slots = max_slots;
                self.empty_out();
                return;
            }
        }
        self.max_slots = max_slots;
    }

    /// Forgets every entry and shrinks back to the initial size.
    pub fn clear(&mut self) {
        if self.used > 0 || self.slots.len() > INITIAL_SLOTS {
            self.empty_out();
        }
    }

    /// A fresh table of the initial size.
    fn empty_out(&mut self) {
        let initial = self
            .max_slots
            .map_or(INITIAL_SLOTS, |m| m.min(INITIAL_SLOTS));
        self.slots = vec![FREE; initial];
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

    /// Bytes the slots take now.
    pub fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Slot>()
    }

    /// The first slot of `key`'s probe run: the top bits of a Fibonacci hash.
    #[inline(always)]
    fn home(&self, key: u64) -> usize {
        let hash = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (hash >> (64 - self.slots.len().trailing_zeros())) as usize
    }

    /// The bounds stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Bounds> {
        let mask = self.slots.len() - 1;
        let home = self.home(key);
        for i in 0..PROBES {
            let slot = &self.slots[(home + i) & mask];
            if slot.lo == EMPTY {
                return None;
            }
            if slot.key == key {
                return Some(Bounds {
                    lo: slot.lo,
                    hi: slot.hi,
                });
            }
        }
        None
    }

    /// Stores bounds for `key`, tightening those already stored for it.
    pub fn store(&mut self, key: u64, bounds: Bounds) {
        debug_assert!(bounds.lo != EMPTY && bounds.lo <= bounds.hi);
        loop {
            let mask = self.slots.len() - 1;
            let home = self.home(key);
            let mut free = None;
            for i in 0..PROBES {
                let index = (home + i) & mask;
                let slot = &mut self.slots[index];
                if slot.lo == EMPTY {
                    free = Some(index);
                    break;
                }
                if slot.key == key {
                    slot.lo = slot.lo.max(bounds.lo);
                    slot.hi = slot.hi.min(bounds.hi);
                    return;
                }
            }
            let can_grow = self.max_slots.is_none_or(|m| self.slots.len() < m);
            match free {
                Some(index) if !can_grow || 2 * (self.used + 1) <= self.slots.len() => {
                    self.used += 1;
                    self.slots[index] = Slot {
                        key,
                        lo: bounds.lo,
                        hi: bounds.hi,
                    };
                    return;
                }
                None if !can_grow => {
                    // Full at its largest: the newest entry wins the run's last slot.
                    self.slots[(home + PROBES - 1) & mask] = Slot {
                        key,
                        lo: bounds.lo,
                        hi: bounds.hi,
                    };
                    return;
                }
                _ => self.grow(),
            }
        }
    }

    /// Doubles the table and puts every entry back; doubles again if an
    /// entry finds no free slot in its run, unless the limit is reached
    /// (then that entry is dropped).
    fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        let mut size = 2 * old.len();
        loop {
            self.slots = vec![FREE; size];
            self.used = 0;
            let may_double = self.max_slots.is_none_or(|m| size < m);
            let mask = size - 1;
            let mut placed_all = true;
            for slot in old.iter().filter(|s| s.lo != EMPTY) {
                let home = self.home(slot.key);
                match (0..PROBES).find(|&i| self.slots[(home + i) & mask].lo == EMPTY) {
                    Some(i) => {
                        self.slots[(home + i) & mask] = *slot;
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
            size *= 2;
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
        let kept = (0..30_000u64).filter(|&k| tt.probe(k).is_some()).count();
        assert!(kept > 4000, "kept {kept}");
        for key in 0..30_000u64 {
            if let Some(b) = tt.probe(key) {
                assert_eq!(b.lo, key as Value);
            }
        }
    }
}
