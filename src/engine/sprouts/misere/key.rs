//! Fingerprints of states: 128 bits that stand for a state in df-pn's tables and in the table
//! of settled states, so that a child can be looked up without being built (a state's lands
//! and trees are a multiset, and its fingerprint is the sum of theirs, so a move changes it by
//! what it takes away and what it adds).
//!
//! Two different states share a fingerprint only by chance: each land's and tree's part is a
//! well-mixed 128-bit number, so among a billion states the chance of any two colliding is
//! below 10^-20. Bases never rely on it: their lost states are written out in full and checked
//! move by move.

use std::hash::{DefaultHasher, Hash, Hasher};

use super::trees::{TreeId, ONE};
use crate::engine::sprouts::Land;

/// A state's fingerprint.
pub(crate) type Key = u128;

/// A land's part: two SipHash digests of the land with different prefixes.
pub(crate) fn land_key(land: &Land) -> Key {
    let half = |prefix: u8| {
        let mut h = DefaultHasher::new();
        prefix.hash(&mut h);
        land.hash(&mut h);
        h.finish()
    };
    (u128::from(half(1)) << 64) | u128::from(half(2))
}

/// A tree's part (trees are named by their place in the arena).
pub(crate) fn tree_key(tree: TreeId) -> Key {
    let id = tree.index() as u64;
    (u128::from(mix(id ^ 0x243f_6a88_85a3_08d3)) << 64)
        | u128::from(mix(id ^ 0x1319_8a2e_0370_7344))
}

/// The part of a heap of one, which two of cancel.
pub(crate) fn one_key() -> Key {
    tree_key(ONE)
}

/// A state's fingerprint from scratch: its lands' parts plus its trees' (a tidy list: no
/// `ZERO`, at most one `ONE`).
pub(crate) fn state_key(lands: &[Land], trees: &[TreeId]) -> Key {
    let lands = lands.iter().fold(0u128, |k, l| k.wrapping_add(land_key(l)));
    trees
        .iter()
        .fold(lands, |k, &t| k.wrapping_add(tree_key(t)))
}

/// SplitMix64's finalizer: a bijection on 64 bits that spreads every input bit.
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}
