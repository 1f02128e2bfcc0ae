//! Generations: a number a history takes at each change, new across every history of the
//! process, so a page knows whether what it shows is out of date by comparing two numbers rather
//! than writing the game out again (and a game started afresh is never taken for the old one).

use std::sync::atomic::{AtomicU64, Ordering};

static LAST: AtomicU64 = AtomicU64::new(0);

/// A generation no history has had before.
pub fn next() -> u64 {
    LAST.fetch_add(1, Ordering::Relaxed) + 1
}

#[cfg(test)]
mod tests {
    #[test]
    fn each_generation_is_new() {
        let (a, b) = (super::next(), super::next());
        assert!(b > a);
    }
}
