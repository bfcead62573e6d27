//! A transposition table: bounds on the values of nodes already searched,
//! under the keys the game tree gives them. Any backend can hold one; the
//! depth-first backends do. It stores in one of two ways, chosen by what
//! the keys name ([`Keys`]), and told at the start of every search:
//!
//! - **positions** (the engine's table): values stay true across searches,
//!   so the table is kept. A key hashes to one bucket of four
//!   slots, one cache line, so a lookup reads one line, hit or miss. The
//!   table starts small, doubles once half full (or when a bucket
//!   overflows) up to [`MAX_SLOTS`], then the newest entry takes the last
//!   slot of a full bucket: memory stays bounded, and a forgotten position
//!   is searched again. Growing is a speed-up: when the memory for a
//!   larger table cannot be had, the table stays as it is and replaces.
//! - **nodes** (the MT drivers on trees without transpositions): values are
//!   true for one search, so the table is emptied before each. A
//!   [`BoundedMap`] that forgets nothing, so that no leaf is evaluated
//!   twice, up to a number of entries set when it is made
//!   ([`NODE_ENTRIES`] unless told, `--table-size`): beyond them new nodes
//!   are not stored, and may be searched again (a leaf evaluated again),
//!   and the table says it [filled](TranspositionTable::filled).
//!
//! Keys are stored whole, so an entry is only ever used for its own key.

use super::bounded::BoundedMap;
use super::stats::Counter;
use crate::tree::Keys;
use crate::tree::value::{UNBOUNDED, Value, Window};

/// Positions or nodes held in the transposition table at the end.
pub const ENTRIES: Counter = Counter::size(
    "table",
    "entries held in the transposition table (the largest, not a sum)",
);

/// Bounds `lo <= value <= hi` on a node's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// Lower bound.
    pub lo: Value,
    /// Upper bound.
    pub hi: Value,
}

impl Bounds {
    /// Bounds that rule nothing out: a node not searched yet.
    pub const UNKNOWN: Bounds = Bounds {
        lo: -UNBOUNDED,
        hi: UNBOUNDED,
    };

    /// The value `v` exactly.
    pub const fn exactly(v: Value) -> Bounds {
        Bounds { lo: v, hi: v }
    }

    /// What a fail-soft search with `window` that returned `v` proves: at
    /// most `v` if `v <= alpha`, at least `v` if `v >= beta`, else `v`.
    pub const fn proven(v: Value, window: Window) -> Bounds {
        if v <= window.alpha {
            Bounds {
                lo: -UNBOUNDED,
                hi: v,
            }
        } else if v >= window.beta {
            Bounds {
                lo: v,
                hi: UNBOUNDED,
            }
        } else {
            Bounds::exactly(v)
        }
    }

    /// Both bounds at once: the tighter of each.
    pub fn tighten(&mut self, other: Bounds) {
        self.lo = self.lo.max(other.lo);
        self.hi = self.hi.min(other.hi);
    }
}

/// One slot: a key and its bounds. Bounds never go below `-UNBOUNDED`, so
/// a `lo` of `i32::MIN` marks an empty slot.
#[derive(Clone, Copy)]
struct Slot {
    key: u64,
    bounds: Bounds,
}

/// The `lo` of an empty slot.
const EMPTY: Value = Value::MIN;

/// An empty slot.
const FREE: Slot = Slot {
    key: 0,
    bounds: Bounds {
        lo: EMPTY,
        hi: EMPTY,
    },
};

/// Slots per bucket: 4 × 16 bytes, one cache line.
const WAYS: usize = 4;

/// The slots a key may live in, aligned to a cache line.
#[derive(Clone, Copy)]
#[repr(align(64))]
struct Bucket([Slot; WAYS]);

/// An empty bucket.
const EMPTY_BUCKET: Bucket = Bucket([FREE; WAYS]);

/// Slots in a new (or cleared) table of positions.
const INITIAL_SLOTS: usize = 1 << 12;

/// Slots of the engine's full-grown table of positions (16 bytes each:
/// 8 MiB).
pub const MAX_SLOTS: usize = 1 << 19;

/// Buckets of a full table of nodes: std's map holds up to 7 entries in 8
/// buckets, so [`NODE_ENTRIES`] entries take this many.
const NODE_BUCKETS: usize = 1 << 22;

/// Most entries of a table of nodes: 2^21 (2,097,152), half of
/// `NODE_BUCKETS` (2^22), so a full map has half its buckets free and
/// looking up a node it does not hold stays quick. A bucket takes 17 bytes
/// (the key, the bounds and a control byte): 2^22 × 17 bytes, 71 MB (68
/// MiB). BENCHMARKS.md says why this cap, as measured.
pub const NODE_ENTRIES: usize = NODE_BUCKETS / 2;

/// The engine's table of positions: buckets, bounded, replacing; it
/// grows while it has fewer than `limit` slots ([`MAX_SLOTS`], or fewer
/// once the memory to grow could not be had).
struct Positions {
    buckets: Vec<Bucket>,
    used: usize,
    limit: usize,
}

impl Positions {
    /// An empty table of positions, not grown yet.
    fn new() -> Positions {
        Positions {
            buckets: vec![EMPTY_BUCKET; INITIAL_SLOTS / WAYS],
            used: 0,
            limit: MAX_SLOTS,
        }
    }
}

/// A hash table of value bounds: positions, or nodes.
pub struct TranspositionTable {
    /// What the keys stored name: [`Keys::Positions`] or [`Keys::Nodes`].
    keys: Keys,
    positions: Positions,
    nodes: BoundedMap<Bounds>,
}

impl Default for TranspositionTable {
    /// An empty table of positions; one of nodes would hold up to
    /// [`NODE_ENTRIES`].
    fn default() -> Self {
        TranspositionTable::with_node_limit(NODE_ENTRIES)
    }
}

impl TranspositionTable {
    /// An empty table of positions; one of nodes would hold up to
    /// `node_limit` entries.
    pub fn with_node_limit(node_limit: usize) -> TranspositionTable {
        TranspositionTable {
            keys: Keys::Positions,
            positions: Positions::new(),
            nodes: BoundedMap::new(node_limit),
        }
    }

    /// The most entries a table of nodes held when a node found it full,
    /// if one ever did since the table was made (the node was then not
    /// stored): searches since may have evaluated leaves more than once.
    pub fn filled(&self) -> Option<usize> {
        self.nodes.filled()
    }

    /// Whether memory, not the limit, stopped the table of nodes.
    pub fn short_of_memory(&self) -> bool {
        self.nodes.short_of_memory()
    }

    /// What the table's keys name: [`Keys::Positions`] or [`Keys::Nodes`].
    pub fn keys(&self) -> Keys {
        self.keys
    }

    /// Prepares the table for a search of a tree whose keys name `keys`:
    /// a table of positions is kept (empty if it was one of nodes), one of
    /// nodes is emptied (its keys named the last search's nodes; its memory
    /// is kept for the next), and for a tree without keys (which stores
    /// nothing) the table stays as it is.
    #[inline]
    pub fn begin(&mut self, keys: Keys) {
        match keys {
            Keys::None => {}
            _ if keys != self.keys => self.remake(keys),
            Keys::Nodes => self.nodes.clear(),
            Keys::Positions => {}
        }
    }

    /// Empties the table for keys that name `keys`, giving back the memory
    /// of the other kind (kept out of line: `begin` runs before every
    /// search, and seldom remakes).
    #[cold]
    fn remake(&mut self, keys: Keys) {
        self.keys = keys;
        self.nodes.release();
        self.positions = if keys == Keys::Nodes {
            Positions {
                buckets: Vec::new(),
                used: 0,
                limit: 0,
            }
        } else {
            Positions::new()
        };
    }

    /// Entries held.
    pub fn len(&self) -> usize {
        match self.keys {
            Keys::Nodes => self.nodes.len(),
            _ => self.positions.used,
        }
    }

    /// Whether the table holds no entry.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Bytes the table takes now.
    pub fn bytes(&self) -> usize {
        match self.keys {
            Keys::Nodes => self.nodes.bytes(),
            _ => self.positions.buckets.len() * std::mem::size_of::<Bucket>(),
        }
    }

    /// The bucket of `key` among `count` (a power of two): the top bits of
    /// a Fibonacci hash.
    #[inline(always)]
    fn bucket_of(key: u64, count: usize) -> usize {
        let hash = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (hash >> (64 - count.trailing_zeros())) as usize
    }

    /// The bounds stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Bounds> {
        if self.keys == Keys::Nodes {
            return self.nodes.get(key).copied();
        }
        let buckets = &self.positions.buckets;
        buckets[Self::bucket_of(key, buckets.len())]
            .0
            .iter()
            .find(|slot| slot.key == key && slot.bounds.lo != EMPTY)
            .map(|slot| slot.bounds)
    }

    /// Stores bounds for `key`, tightening those already stored for it.
    pub fn store(&mut self, key: u64, bounds: Bounds) {
        debug_assert!(bounds.lo != EMPTY && bounds.lo <= bounds.hi);
        if self.keys == Keys::Nodes {
            return self.nodes.store(key, bounds, Bounds::tighten);
        }
        let Positions {
            buckets,
            used,
            limit,
        } = &mut self.positions;
        loop {
            let slots = buckets.len() * WAYS;
            let can_grow = slots < *limit;
            let index = Self::bucket_of(key, buckets.len());
            let bucket = &mut buckets[index].0;
            if let Some(slot) = bucket
                .iter_mut()
                .find(|s| s.key == key && s.bounds.lo != EMPTY)
            {
                slot.bounds.tighten(bounds);
                return;
            }
            let fresh = Slot { key, bounds };
            match bucket.iter().position(|s| s.bounds.lo == EMPTY) {
                Some(i) if !can_grow || 2 * (*used + 1) <= slots => {
                    bucket[i] = fresh;
                    *used += 1;
                    return;
                }
                None if !can_grow => {
                    // Full-grown and full: the newest entry wins the last slot.
                    bucket[WAYS - 1] = fresh;
                    return;
                }
                _ => match Self::grown(buckets, *limit) {
                    Some(grown) => (*buckets, *used) = grown,
                    // No memory for more: full-grown as it is.
                    None => *limit = slots,
                },
            }
        }
    }

    /// The buckets doubled, every entry put back, and the count of entries;
    /// doubled again if a bucket overflows, up to `limit` slots (then the
    /// entries that find no room are dropped). `None` if the memory cannot
    /// be had.
    fn grown(old: &[Bucket], limit: usize) -> Option<(Vec<Bucket>, usize)> {
        let mut count = 2 * old.len();
        loop {
            let mut buckets = Vec::new();
            buckets.try_reserve_exact(count).ok()?;
            buckets.resize(count, EMPTY_BUCKET);
            let may_double = count * WAYS < limit;
            let mut used = 0;
            let mut placed_all = true;
            for slot in old
                .iter()
                .flat_map(|b| b.0)
                .filter(|s| s.bounds.lo != EMPTY)
            {
                let bucket = &mut buckets[Self::bucket_of(slot.key, count)].0;
                match bucket.iter().position(|s| s.bounds.lo == EMPTY) {
                    Some(i) => {
                        bucket[i] = slot;
                        used += 1;
                    }
                    None => placed_all = false,
                }
            }
            if placed_all || !may_double {
                return Some((buckets, used));
            }
            count *= 2;
        }
    }
}

impl std::fmt::Debug for TranspositionTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TranspositionTable")
            .field("keys", &self.keys())
            .field("len", &self.len())
            .field("bytes", &self.bytes())
            .field("filled", &self.filled())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exact(v: u64) -> Bounds {
        Bounds {
            lo: v as Value,
            hi: v as Value,
        }
    }

    #[test]
    fn stores_tightens_and_keeps_keys_apart() {
        for keys in [Keys::Positions, Keys::Nodes] {
            let mut tt = TranspositionTable::default();
            tt.begin(keys);
            assert_eq!(tt.keys(), keys);
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
    }

    #[test]
    fn positions_last_across_searches_and_nodes_for_one() {
        let mut tt = TranspositionTable::default();
        tt.store(7, exact(7));
        tt.begin(Keys::Positions);
        tt.begin(Keys::None);
        assert_eq!(tt.probe(7), Some(exact(7)), "positions are kept");
        tt.begin(Keys::Nodes);
        assert_eq!((tt.keys(), tt.len()), (Keys::Nodes, 0));
        tt.store(7, exact(7));
        tt.begin(Keys::None);
        assert_eq!(tt.probe(7), Some(exact(7)), "no keys, no change");
        tt.begin(Keys::Nodes);
        assert_eq!(tt.probe(7), None, "nodes are for one search");
        tt.store(7, exact(7));
        tt.begin(Keys::Positions);
        assert_eq!((tt.keys(), tt.len()), (Keys::Positions, 0));
    }

    #[test]
    fn a_table_of_nodes_forgets_nothing_up_to_its_size() {
        let mut tt = TranspositionTable::default();
        tt.begin(Keys::Nodes);
        for key in 0..100_000u64 {
            tt.store(key * 7919, exact(key));
        }
        assert_eq!(tt.len(), 100_000);
        for key in 0..100_000u64 {
            assert_eq!(tt.probe(key * 7919), Some(exact(key)));
        }
        assert!(tt.bytes() < 100_000 * 40, "{} bytes", tt.bytes());
    }

    #[test]
    fn a_full_table_of_nodes_keeps_its_buckets() {
        let mut tt = TranspositionTable::default();
        tt.begin(Keys::Nodes);
        for key in 0..NODE_ENTRIES as u64 + 1000 {
            tt.store(key, exact(key));
        }
        assert_eq!(tt.len(), NODE_ENTRIES);
        assert_eq!(tt.probe(NODE_ENTRIES as u64), None, "not stored");
        assert_eq!(tt.bytes(), NODE_BUCKETS * 17);
        assert_eq!(tt.filled(), Some(NODE_ENTRIES));
    }

    #[test]
    fn a_table_of_nodes_holds_as_many_as_told_and_says_when_it_filled() {
        let mut tt = TranspositionTable::with_node_limit(100);
        tt.begin(Keys::Nodes);
        for key in 0..100 {
            tt.store(key, exact(key));
        }
        assert_eq!((tt.len(), tt.filled()), (100, None), "full, not filled");
        tt.store(5, exact(5));
        assert_eq!(tt.filled(), None, "a node it holds is tightened");
        tt.store(100, exact(100));
        assert_eq!((tt.probe(100), tt.filled()), (None, Some(100)));
        tt.begin(Keys::Nodes);
        assert_eq!((tt.len(), tt.filled()), (0, Some(100)), "filled once");
        let mut none = TranspositionTable::with_node_limit(0);
        none.begin(Keys::Nodes);
        none.store(1, exact(1));
        assert_eq!((none.len(), none.filled()), (0, Some(0)));
        // Positions are not limited by it.
        let mut positions = TranspositionTable::with_node_limit(0);
        positions.store(1, exact(1));
        assert_eq!((positions.len(), positions.filled()), (1, None));
    }

    #[test]
    fn a_table_of_positions_stops_growing_and_keeps_what_it_holds_right() {
        let mut tt = TranspositionTable::default();
        for key in 0..3 * MAX_SLOTS as u64 {
            tt.store(key, exact(key));
        }
        assert_eq!(tt.bytes(), MAX_SLOTS * 16);
        assert_eq!(std::mem::align_of::<Bucket>(), 64);
        let kept = (0..3 * MAX_SLOTS as u64)
            .filter(|&k| tt.probe(k).is_some())
            .count();
        assert!(kept > MAX_SLOTS / 4, "kept {kept}");
        for key in 0..3 * MAX_SLOTS as u64 {
            if let Some(b) = tt.probe(key) {
                assert_eq!(b, exact(key));
            }
        }
    }
}
