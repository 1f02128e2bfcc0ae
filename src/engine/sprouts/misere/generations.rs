//! A cache that forgets its least used half when full, not everything: entries go into a young
//! table; when it reaches its limit it becomes the old table (the previous old one dropped),
//! and an entry found in the old table moves back to the young one. A cheap stand-in for
//! least-recently-used order, with no list to keep. Emptying the whole cache instead threw
//! away the lands and states the search was working on right then.

use std::hash::Hash;

use super::solver::FxMap;

pub(crate) struct Generations<K, V> {
    young: FxMap<K, (V, usize)>,
    old: FxMap<K, (V, usize)>,
    /// Bytes the young table may hold before it ages (so the two hold about twice this).
    young_limit: usize,
    young_bytes: usize,
    old_bytes: usize,
    /// How many times the young table has aged (what was old then is gone).
    pub(crate) aged: u64,
}

impl<K: Hash + Eq, V: Clone> Generations<K, V> {
    pub(crate) fn new(young_limit: usize) -> Generations<K, V> {
        Generations {
            young: FxMap::default(),
            old: FxMap::default(),
            young_limit,
            young_bytes: 0,
            old_bytes: 0,
            aged: 0,
        }
    }

    /// Approximate heap bytes held, as the callers counted them on insertion.
    pub(crate) fn bytes(&self) -> usize {
        self.young_bytes + self.old_bytes
    }

    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.young.len() + self.old.len()
    }

    /// The value, without moving it to the young table (for lookups that cannot borrow
    /// mutably; an entry in use is written again soon, which moves it).
    pub(crate) fn peek(&self, key: &K) -> Option<&V> {
        self.young
            .get(key)
            .or_else(|| self.old.get(key))
            .map(|(v, _)| v)
    }

    /// The value, moved to the young table if it was old.
    pub(crate) fn get(&mut self, key: &K) -> Option<V> {
        if let Some((v, _)) = self.young.get(key) {
            return Some(v.clone());
        }
        let (key, (v, bytes)) = self.old.remove_entry(key)?;
        self.old_bytes -= bytes;
        self.insert(key, v.clone(), bytes);
        Some(v)
    }

    /// Stores `value` under `key`; `bytes` is what the caller counts the entry as.
    pub(crate) fn insert(&mut self, key: K, value: V, bytes: usize) {
        if let Some((_, was)) = self.old.remove(&key) {
            self.old_bytes -= was;
        }
        if let Some((_, was)) = self.young.insert(key, (value, bytes)) {
            self.young_bytes -= was;
        }
        self.young_bytes += bytes;
        if self.young_bytes > self.young_limit {
            self.old = std::mem::take(&mut self.young);
            self.old_bytes = std::mem::replace(&mut self.young_bytes, 0);
            self.aged += 1;
        }
    }

    pub(crate) fn remove(&mut self, key: &K) -> Option<V> {
        if let Some((v, bytes)) = self.young.remove(key) {
            self.young_bytes -= bytes;
            return Some(v);
        }
        let (v, bytes) = self.old.remove(key)?;
        self.old_bytes -= bytes;
        Some(v)
    }

    pub(crate) fn clear(&mut self) {
        self.young = FxMap::default();
        self.old = FxMap::default();
        self.young_bytes = 0;
        self.old_bytes = 0;
    }

    pub(crate) fn set_young_limit(&mut self, young_limit: usize) {
        self.young_limit = young_limit;
    }
}

#[cfg(test)]
mod tests {
    use super::Generations;

    #[test]
    fn the_young_table_ages_and_a_used_old_entry_comes_back() {
        let mut cache = Generations::new(3);
        cache.insert(1, "one", 1);
        cache.insert(2, "two", 1);
        cache.insert(3, "three", 1);
        assert_eq!((cache.len(), cache.bytes()), (3, 3));
        // The fourth byte ages the young table: nothing is lost yet.
        cache.insert(4, "four", 1);
        assert_eq!((cache.len(), cache.bytes()), (4, 4));
        // 1 is used, so it moves back to the young table.
        assert_eq!(cache.get(&1), Some("one"));
        cache.insert(5, "five", 1);
        cache.insert(6, "six", 1);
        cache.insert(7, "seven", 1);
        // The young table (1, 5, 6, 7) aged, and the old one (2, 3, 4) was dropped.
        for lost in [2, 3, 4] {
            assert_eq!(cache.peek(&lost), None, "{lost} dropped");
        }
        for kept in [1, 5, 6, 7] {
            assert!(cache.peek(&kept).is_some(), "{kept} kept");
        }
        assert_eq!(cache.remove(&5), Some("five"));
        assert_eq!((cache.len(), cache.bytes()), (3, 3));
        cache.insert(1, "uno", 2);
        assert_eq!((cache.peek(&1), cache.bytes()), (Some(&"uno"), 4));
        cache.clear();
        assert_eq!((cache.len(), cache.bytes()), (0, 0));
    }
}
