//! The transposition table: per position, a lower and an upper bound on its value and the move
//! that was best (tried first next time), in buckets of four slots that fill one cache line. A
//! newcomer takes the slot of the same position, an empty one, or else the one whose position
//! has the fewest undrawn lines (the cheapest to recompute).
//!
//! Buckets are grouped in regions of 128 KB; a position's region is chosen by its inner lines
//! (the key above its border bits, geometry.rs) and its bucket there by the whole key. The
//! search visits positions that differ only in border lines close together in time, so their
//! entries share memory pages: on the 4 × 4 board, whose table is 2 GB and where most of a
//! probe's cost was the walk of the page tables, that saves about a quarter of the time for
//! 3 % more nodes.

use super::memory::Zeroed;

/// No move known.
pub const NO_MOVE: u8 = u8::MAX;

#[derive(Clone, Copy)]
pub struct Entry {
    /// The position's key, complemented in the table (`EMPTY` below).
    pub key: u64,
    pub lo: i8,
    pub hi: i8,
    pub best: u8,
}

/// A free slot's stored key. Keys are stored complemented, so this stands for the full 64-line
/// board, never searched, and a table fresh from the system (all zero bytes) is all free slots.
const EMPTY: u64 = 0;

/// Slots a bucket.
const SLOTS: usize = 4;

/// One cache line of entries.
#[derive(Clone, Copy)]
#[repr(align(64))]
struct Bucket([Entry; SLOTS]);

/// Bytes one entry takes.
pub const ENTRY_BYTES: usize = std::mem::size_of::<Bucket>() / SLOTS;

/// Buckets per region, log2: 2^11 buckets of 64 bytes, 128 KB (at least: regions grow when keys
/// have few inner lines).
const REGION_BITS: u32 = 11;

pub struct Table {
    buckets: Zeroed<Bucket>,
    /// Key bits below the inner lines (what chooses a region is above them).
    border_bits: u32,
    /// Buckets per region, log2.
    region_bits: u32,
}

impl Table {
    /// A table of 2^bits entries (at least one bucket) for keys whose lowest `border_bits` are
    /// border lines, with `inner_lines` above them; a message if the system refuses the memory.
    pub fn new(bits: u32, border_bits: u32, inner_lines: u32) -> Result<Table, String> {
        let bucket_bits = bits.clamp(2, 32) - 2;
        // SAFETY: a bucket is integers only, for which zero bytes are a value.
        let buckets = unsafe { Zeroed::<Bucket>::new(1 << bucket_bits)? };
        // No more regions than a quarter of the inner lines' patterns, or some would go unused.
        let region_bits =
            REGION_BITS.max(bucket_bits.saturating_sub(inner_lines.saturating_sub(2)));
        Ok(Table {
            buckets,
            border_bits,
            region_bits,
        })
    }

    pub fn entries(&self) -> usize {
        self.buckets.len() * SLOTS
    }

    fn bucket(&self, key: u64) -> usize {
        let inner = key >> self.border_bits;
        let region = (inner ^ (inner >> 29)).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 20;
        let within = (key ^ (key >> 31)).wrapping_mul(0xD6E8_FEB8_6659_FD93) >> 40;
        let within = within & ((1 << self.region_bits) - 1);
        (region << self.region_bits | within) as usize & (self.buckets.len() - 1)
    }

    /// Asks the processor to bring `key`'s bucket into the cache, so a probe soon after does
    /// not wait on memory (a hint only: no effect where there is no such instruction).
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let bucket: *const Bucket = &self.buckets[self.bucket(key)];
            // SAFETY: a prefetch reads nothing and cannot fault; the pointer is in the table.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                    bucket as *const i8,
                )
            };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub fn get(&self, key: u64) -> Option<Entry> {
        let bucket = &self.buckets[self.bucket(key)];
        let stored = !key;
        let found = bucket.0.iter().find(|e| e.key == stored)?;
        Some(Entry { key, ..*found })
    }

    pub fn put(&mut self, key: u64, lo: i32, hi: i32, best: u8) {
        let entry = Entry {
            key: !key,
            lo: lo.clamp(-127, 127) as i8,
            hi: hi.clamp(-127, 127) as i8,
            best,
        };
        let b = self.bucket(key);
        let slots = &mut self.buckets[b].0;
        // Keys of one board share their unused high bits: more zeros, more undrawn lines.
        let mut victim = 0;
        for (i, e) in slots.iter().enumerate() {
            if e.key == entry.key || e.key == EMPTY {
                victim = i;
                break;
            }
            // Stored complemented, a key's one bits are its undrawn lines: the fewest make room.
            if e.key.count_ones() < slots[victim].key.count_ones() {
                victim = i;
            }
        }
        slots[victim] = entry;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A deterministic stream of 64-bit values.
    fn values(seed: u64) -> impl Iterator<Item = u64> {
        let mut rng = crate::engine::rng::Rng::new(seed);
        std::iter::from_fn(move || Some(rng.next_u64()))
    }

    #[test]
    fn what_was_put_is_found_until_its_bucket_overflows() {
        let mut table = Table::new(16, 12, 24).unwrap();
        let keys: Vec<u64> = values(7).map(|v| v >> 28).take(1000).collect();
        for (i, &key) in keys.iter().enumerate() {
            table.put(key, -(i as i32 % 5), i as i32 % 7, (i % 40) as u8);
            let entry = table.get(key).expect("the newest entry is always kept");
            let expected = (-((i % 5) as i8), (i % 7) as i8, (i % 40) as u8);
            assert_eq!((entry.lo, entry.hi, entry.best), expected);
        }
        // A thousand keys in 2^14 buckets of four: nearly none was pushed out.
        let found = keys.iter().filter(|&&k| table.get(k).is_some()).count();
        assert!(found >= 990, "{found} of 1000 found");
    }

    #[test]
    fn a_newcomer_displaces_the_entry_with_fewest_undrawn_lines() {
        // A table of one bucket: four positions fill it; a fifth replaces the one with the most
        // lines drawn (the most one bits), and the position with the fewest stays.
        let mut table = Table::new(2, 4, 4).unwrap();
        let keys = [0b0000_0001, 0b0000_0011, 0b1111_0111, 0b0000_0111];
        for key in keys {
            table.put(key, 0, 0, NO_MOVE);
        }
        table.put(0b1000_0000, 1, 1, NO_MOVE);
        assert!(
            table.get(0b1111_0111).is_none(),
            "the cheapest entry made room"
        );
        for key in [0b0000_0001, 0b0000_0011, 0b0000_0111, 0b1000_0000] {
            assert!(table.get(key).is_some(), "{key:#b} kept");
        }
    }

    #[test]
    fn keys_with_few_inner_lines_still_spread_over_the_whole_table() {
        // 4 inner lines (16 patterns) above 27 border lines: with 2^11-bucket regions only 16
        // regions (32,768 buckets) could ever be used; regions grow instead.
        let table = Table::new(20, 27, 4).unwrap();
        let used: std::collections::HashSet<usize> = values(11)
            .map(|v| v >> 33)
            .take(1 << 16)
            .map(|key| table.bucket(key))
            .collect();
        assert!(used.len() > 40_000, "{} buckets used", used.len());
    }
}
