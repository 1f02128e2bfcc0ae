//! The solver's memory: a fixed-size transposition table of searched positions, each with what
//! its search proved (an exact score, or a bound when a window cut it short). Its size is set
//! once, so a long solve never grows past it; when two positions want one place, the one nearer
//! the start of the game (fewer orbs: the bigger subtree) takes the first slot of the pair, the
//! one it displaces the second. A lost entry only costs its search again.

/// What a stored score says of the position's true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true score is at least this.
    Lower,
    /// The true score is at most this.
    Upper,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub score: i8,
    pub bound: Bound,
    /// Orbs on the board: how near the start the position is.
    pub orbs: u8,
}

impl Entry {
    /// 16 bits, never all zero (the bound's two bits are 1 to 3).
    fn pack(self) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        u64::from(self.score as u8) | (bound << 8) | (u64::from(self.orbs & 63) << 10)
    }

    fn unpack(bits: u64) -> Entry {
        Entry {
            score: (bits & 0xff) as u8 as i8,
            bound: match (bits >> 8) & 3 {
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            },
            orbs: ((bits >> 10) & 63) as u8,
        }
    }
}

/// One place is one word: a position's key is first mixed by a one-to-one map (multiplying by
/// an odd number); the mix's top bits choose the place, and the word keeps its other bits with
/// the entry. Place and word together give the key back, so no two positions are ever taken
/// for one another, and a probe reads one word (the pair of places shares a cache line).
pub struct Table {
    places: Vec<u64>,
    bits: u32,
}

/// The fewest and most places, as powers of two: the word has room for 47 bits of the mix
/// besides the entry and the index's low bit.
pub const MIN_BITS: u32 = 17;
pub const MAX_BITS: u32 = 32;

const MIX: u64 = 0x9E37_79B9_7F4A_7C15;

impl Table {
    /// A table of 2^bits places (bits from `MIN_BITS` to `MAX_BITS`).
    pub fn new(bits: u32) -> Table {
        let bits = bits.clamp(MIN_BITS, MAX_BITS);
        Table {
            places: vec![0; 1 << bits],
            bits,
        }
    }

    /// The first of the pair of places `key` may sit in, and the word's key part: the mix's
    /// bits below the index, and which of the pair the index named (either place may hold it).
    fn place(&self, key: u64) -> (usize, u64) {
        let mixed = key.wrapping_mul(MIX);
        let index = mixed >> (64 - self.bits);
        let rest = mixed & ((1u64 << (64 - self.bits)) - 1);
        ((index & !1) as usize, (rest << 16) | ((index & 1) << 63))
    }

    pub fn get(&self, key: u64) -> Option<Entry> {
        let (i, tag) = self.place(key);
        (i..i + 2)
            .map(|j| self.places[j])
            .find(|&word| word != 0 && word & !0xffff == tag)
            .map(Entry::unpack)
    }

    pub fn put(&mut self, key: u64, entry: Entry) {
        let (i, tag) = self.place(key);
        let word = tag | entry.pack();
        let holds = |w: u64| w != 0 && w & !0xffff == tag;
        let j = if holds(self.places[i]) {
            i
        } else if holds(self.places[i + 1]) {
            i + 1
        } else if self.places[i] == 0 || entry.orbs <= Entry::unpack(self.places[i]).orbs {
            // The first slot's position, farther from the start, moves to the second.
            self.places[i + 1] = self.places[i];
            i
        } else {
            i + 1
        };
        self.places[j] = word;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rng::Rng;

    fn entry(i: u64) -> Entry {
        Entry {
            score: ((i % 200) as i32 - 100) as i8,
            bound: [Bound::Exact, Bound::Lower, Bound::Upper][(i % 3) as usize],
            orbs: (i % 45) as u8,
        }
    }

    #[test]
    fn a_key_finds_what_was_put_under_it_and_no_other_key_does() {
        let mut table = Table::new(MIN_BITS);
        let mut rng = Rng::new(3);
        // Far fewer keys than places: each stays unless its pair of places is wanted thrice.
        let keys: Vec<u64> = (0..2000).map(|_| rng.next_u64() >> 1).collect();
        for (i, &key) in keys.iter().enumerate() {
            table.put(key, entry(i as u64));
        }
        let mut found = 0;
        for (i, &key) in keys.iter().enumerate() {
            if let Some(e) = table.get(key) {
                assert_eq!(e, entry(i as u64));
                found += 1;
            }
        }
        assert!(found > 1990, "{found} of 2000 found");
        // Keys never put are never found, though they share places with those that were.
        for _ in 0..20_000 {
            let key = rng.next_u64() >> 1;
            if !keys.contains(&key) {
                assert_eq!(table.get(key), None);
            }
        }
    }

    #[test]
    fn the_position_nearer_the_start_keeps_its_place() {
        let mut table = Table::new(MIN_BITS);
        // Keys whose mixes share a pair of places.
        let base = 12345u64;
        let (pair, _) = table.place(base);
        let rivals: Vec<u64> = (0..u64::MAX >> 1)
            .filter(|&k| k != base && table.place(k).0 == pair)
            .take(3)
            .collect();
        let near = Entry {
            score: 50,
            bound: Bound::Exact,
            orbs: 2,
        };
        table.put(base, near);
        for (i, &k) in rivals.iter().enumerate() {
            table.put(
                k,
                Entry {
                    orbs: 10 + i as u8,
                    ..near
                },
            );
        }
        assert_eq!(table.get(base), Some(near));
        assert_eq!(table.get(rivals[0]), None);
        assert!(table.get(rivals[2]).is_some());
    }
}
