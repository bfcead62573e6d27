//! Memory a search fills up to a limit, and then stops taking: the table of
//! nodes of the MT drivers, df-pn's table, pns's held tree. Beyond the
//! limit (`--table-size`), or once the memory to grow cannot be had, what
//! does not fit is not stored and the search goes on without it; the
//! budget remembers that it [filled](Budget::filled), for a warning.
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// How many entries a store may hold, and whether it ever found itself
/// full.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// The most entries held.
    limit: usize,
    /// The entries held when one did not fit, if one ever did.
    filled: Option<usize>,
    /// Whether the memory to grow could not be had (rather than the limit
    /// reached).
    short: bool,
}

impl Budget {
    /// A budget of `limit` entries.
    pub const fn new(limit: usize) -> Budget {
        Budget {
            limit,
            filled: None,
            short: false,
        }
    }

    /// Whether `extra` more entries fit beside the `held` ones: within
    /// the limit, and `reserve(extra)` got their memory. If not, the
    /// budget has filled; if the memory could not be had, the limit is
    /// what is held now.
    pub fn admit(
        &mut self,
        held: usize,
        extra: usize,
        reserve: impl FnOnce(usize) -> bool,
    ) -> bool {
        if held.saturating_add(extra) > self.limit {
            self.filled = Some(held);
            return false;
        }
        if !reserve(extra) {
            self.limit = held;
            self.filled = Some(held);
            self.short = true;
            return false;
        }
        true
    }

    /// The entries held when one first did not fit, if one ever did since
    /// the budget was made: leaves may since have been evaluated more than
    /// once.
    pub fn filled(&self) -> Option<usize> {
        self.filled
    }

    /// Whether memory, not the limit, ever stopped it: a larger limit
    /// would not have helped.
    pub fn short_of_memory(&self) -> bool {
        self.short
    }
}

/// A hasher for keys that are already well spread or small integers:
/// a Fibonacci multiply and the SplitMix finaliser's last xor-shift.
#[derive(Clone, Copy, Debug, Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0 ^ self.0 >> 29
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }

    #[inline]
    fn write_u64(&mut self, key: u64) {
        self.0 = (self.0 ^ key).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// A map of keys to values that stores until its [`Budget`] is spent and
/// then keeps what it holds: an entry it holds is still updated.
#[derive(Clone, Debug)]
pub struct BoundedMap<V> {
    map: HashMap<u64, V, BuildHasherDefault<KeyHasher>>,
    budget: Budget,
}

impl<V> BoundedMap<V> {
    /// An empty map of at most `limit` entries.
    pub fn new(limit: usize) -> BoundedMap<V> {
        BoundedMap {
            map: HashMap::default(),
            budget: Budget::new(limit),
        }
    }

    /// The value stored under `key`.
    #[inline]
    pub fn get(&self, key: u64) -> Option<&V> {
        self.map.get(&key)
    }

    /// Merges `value` into the one stored under `key` with `merge`, or
    /// stores it if it fits.
    pub fn store(&mut self, key: u64, value: V, merge: impl FnOnce(&mut V, V)) {
        self.store_beside(key, 0, value, merge);
    }

    /// As [`BoundedMap::store`], `beside` entries held elsewhere counting
    /// against the same budget.
    pub fn store_beside(
        &mut self,
        key: u64,
        beside: usize,
        value: V,
        merge: impl FnOnce(&mut V, V),
    ) {
        if let Some(stored) = self.map.get_mut(&key) {
            return merge(stored, value);
        }
        let map = &mut self.map;
        let free = map.capacity() - map.len();
        let held = map.len().saturating_add(beside);
        let fits = self
            .budget
            .admit(held, 1, |n| free >= n || map.try_reserve(n).is_ok());
        if fits {
            map.insert(key, value);
        }
    }

    /// Whether `extra` entries held elsewhere fit in the budget beside
    /// the map's and `beside` others: [`Budget::admit`].
    pub fn admit(
        &mut self,
        beside: usize,
        extra: usize,
        reserve: impl FnOnce(usize) -> bool,
    ) -> bool {
        let held = self.map.len().saturating_add(beside);
        self.budget.admit(held, extra, reserve)
    }

    /// Entries held.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// Forgets every entry, keeping its memory and its budget.
    pub fn clear(&mut self) {
        self.map.clear();
    }

    /// Forgets every entry and gives its memory back, keeping its budget.
    pub fn release(&mut self) {
        self.map = HashMap::default();
    }

    /// Bytes its buckets take: each an entry and a control byte.
    pub fn bytes(&self) -> usize {
        map_bytes::<(u64, V)>(self.map.capacity())
    }

    /// See [`Budget::filled`].
    pub fn filled(&self) -> Option<usize> {
        self.budget.filled()
    }

    /// See [`Budget::short_of_memory`].
    pub fn short_of_memory(&self) -> bool {
        self.budget.short_of_memory()
    }
}

/// The most entries a [`BoundedMap<V>`] may be given (its `limit`) so that
/// its buckets never take more than `bytes`, growth included: std's map
/// doubles its buckets when full, holding the old ones while it moves its
/// entries over, so the largest table and the one it grew from fit
/// together. 0 if not even the smallest table fits.
pub fn entries_within<V>(bytes: usize) -> usize {
    let mut entries = 0;
    let mut buckets = 8usize;
    loop {
        let capacity = buckets / 8 * 7;
        let grown = map_bytes::<(u64, V)>(capacity) + map_bytes::<(u64, V)>(capacity / 2);
        if grown > bytes {
            return entries;
        }
        entries = capacity;
        buckets = match buckets.checked_mul(2) {
            Some(more) => more,
            None => return entries,
        };
    }
}

/// The buckets std's map allocates to hold `capacity` entries, as it
/// reports its capacity: a power of two, 7 in 8 of them usable (all but
/// one in tables of fewer than 8).
fn buckets_for(capacity: usize) -> usize {
    match capacity {
        0 => 0,
        1..=7 => capacity + 1,
        _ => capacity / 7 * 8,
    }
}

/// Bytes a std hash map holding up to `capacity` entries of type `E`
/// takes: its buckets, each an entry and one control byte.
fn map_bytes<E>(capacity: usize) -> usize {
    buckets_for(capacity) * (std::mem::size_of::<E>() + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_map_holds_as_many_as_told_and_says_when_it_filled() {
        let mut map = BoundedMap::new(100);
        for key in 0..100 {
            map.store(key, key, |_, _| unreachable!("new keys"));
        }
        assert_eq!((map.len(), map.filled()), (100, None), "full, not filled");
        map.store(5, 50, |stored, v| *stored += v);
        assert_eq!((map.get(5), map.filled()), (Some(&55), None), "updated");
        map.store(100, 100, |_, _| {});
        assert_eq!((map.get(100), map.filled()), (None, Some(100)));
        map.clear();
        assert_eq!((map.len(), map.filled()), (0, Some(100)), "filled once");
        let mut none = BoundedMap::new(0);
        none.store(1, 1, |_, _| {});
        assert_eq!((none.len(), none.filled()), (0, Some(0)));
    }

    #[test]
    fn entries_within_a_size_keep_the_table_and_the_one_it_grew_from_in_it() {
        // (u64, u64) entries: 17 bytes a bucket. 8 buckets (7 entries) and
        // the 4 they grew from take 204 bytes.
        assert_eq!(entries_within::<u64>(203), 0);
        assert_eq!(entries_within::<u64>(204), 7);
        assert_eq!(entries_within::<u64>(3 * 1024 * 17 / 2), 7 * 1024 / 8);
        let mut map = BoundedMap::new(entries_within::<u64>(1 << 20));
        for key in 0..1 << 20 {
            map.store(key, key, |_, _| {});
        }
        assert!(map.filled().is_some() && map.bytes() <= 1 << 20);
        assert!(map.bytes() * 2 > 1 << 20, "the largest table that fits");
    }

    #[test]
    fn memory_that_cannot_be_had_is_the_limit() {
        let mut budget = Budget::new(10);
        assert!(budget.admit(3, 2, |_| true));
        assert!(!budget.admit(4, 2, |_| false));
        assert_eq!(budget.filled(), Some(4));
        assert!(budget.short_of_memory());
        assert!(!budget.admit(4, 1, |_| true), "the limit is now 4");
    }
}
