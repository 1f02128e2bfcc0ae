//! The transposition table: per position, a lower and an upper bound on its value and the move
//! that was best (tried first next time), in buckets of two slots: one keeps the entry with the
//! most undrawn lines (the costliest to recompute), the other takes every newcomer.

use super::huge_pages;

/// No move known.
pub const NO_MOVE: u8 = u8::MAX;

#[derive(Clone, Copy)]
pub struct Entry {
    pub key: u64,
    pub lo: i8,
    pub hi: i8,
    pub best: u8,
}

/// No position has this key: it is the full 64-line board, never searched.
const EMPTY: u64 = u64::MAX;

/// Bytes one entry takes.
pub const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();

pub struct Table {
    slots: Vec<Entry>,
    buckets: usize,
}

impl Table {
    /// A table of 2^bits entries.
    pub fn new(bits: u32) -> Table {
        let bits = bits.clamp(2, 32);
        let count = 1usize << bits;
        let mut slots = Vec::with_capacity(count);
        huge_pages::advise(&mut slots);
        slots.resize(
            count,
            Entry {
                key: EMPTY,
                lo: 0,
                hi: 0,
                best: NO_MOVE,
            },
        );
        Table {
            slots,
            buckets: (1 << (bits - 1)) - 1,
        }
    }

    pub fn entries(&self) -> usize {
        self.slots.len()
    }

    fn bucket(&self, key: u64) -> usize {
        2 * (((key ^ (key >> 29)).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 20) as usize
            & self.buckets)
    }

    /// Asks the processor to bring `key`'s bucket into the cache, so a probe soon after does
    /// not wait on memory (a hint only: no effect where there is no such instruction).
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let bucket = self.slots[self.bucket(key)..].as_ptr();
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
        let b = self.bucket(key);
        self.slots[b..b + 2].iter().find(|e| e.key == key).copied()
    }

    pub fn put(&mut self, key: u64, lo: i32, hi: i32, best: u8) {
        let b = self.bucket(key);
        let entry = Entry {
            key,
            lo: lo.clamp(-127, 127) as i8,
            hi: hi.clamp(-127, 127) as i8,
            best,
        };
        let kept = self.slots[b];
        // Keys of one board share their unused high bits: more zeros, more undrawn lines.
        if kept.key == key || kept.key == EMPTY || key.count_zeros() >= kept.key.count_zeros() {
            if kept.key != key && kept.key != EMPTY {
                self.slots[b + 1] = kept;
            }
            self.slots[b] = entry;
        } else {
            self.slots[b + 1] = entry;
        }
    }
}
