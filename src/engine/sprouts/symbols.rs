//! The symbols of a Sprouts position and the order Glop compares them in.
//!
//! A land is stored as a flat "terminated" sequence of 16-bit codes: vertices, then an end mark
//! for every boundary, region and land. The codes keep Glop 2.2's order: digits < lower-case
//! letters < upper-case letters < temporary names < end marks. Sixteen bits leave room for tens of
//! thousands of names, so positions of thousands of spots fit (Glop and SPOTS have no fixed limit
//! either; ours is far beyond what any search reaches).

use std::cmp::Ordering;
use std::ops::ControlFlow;

/// One symbol of a position: a vertex or an end mark.
pub type Sym = u16;

/// An untouched spot (3 lives).
pub const SPOT: Sym = 0;
/// A vertex of degree 1 (2 lives).
pub const ONE: Sym = 1;
/// A degree-2 vertex seen once in its land (1 life).
pub const TWO: Sym = 2;
/// A vertex that has just died (only while children are generated).
pub const DEAD: Sym = 3;

/// Lower-case letters `a`, `b`, …: a vertex seen twice in one boundary; names are per boundary.
pub const LOWER_FIRST: Sym = 4;
pub const LOWER_LAST: Sym = 32_003;
/// Upper-case letters `A`, `B`, …: a vertex seen in two regions of one land.
pub const UPPER_FIRST: Sym = 32_004;
pub const UPPER_LAST: Sym = 65_003;
/// Temporary names used while a move is built (Glop's `-`, `=` and `#`).
pub const TEMP_FIRST: Sym = 65_004;
pub const TEMP_SECOND: Sym = 65_005;
pub const NEW_VERTEX: Sym = 65_006;

pub const END_BOUNDARY: Sym = 65_530;
pub const END_REGION: Sym = 65_531;
pub const END_LAND: Sym = 65_532;
pub const END_POSITION: Sym = 65_533;

/// How many lower-case / upper-case names the codes hold.
pub const LOWER_CAPACITY: usize = (LOWER_LAST - LOWER_FIRST) as usize + 1;
pub const UPPER_CAPACITY: usize = (UPPER_LAST - UPPER_FIRST) as usize + 1;

/// Lands with more lives than this could run out of letter codes during a search (about
/// 10,000 spots).
pub const MAX_LAND_LIVES: u32 = LOWER_CAPACITY as u32;

/// The most spots of an n-spot start the engine takes (3 lives a spot).
pub const MAX_SPOTS: usize = LOWER_CAPACITY / 3;

pub fn is_lower(s: Sym) -> bool {
    (LOWER_FIRST..=LOWER_LAST).contains(&s)
}

pub fn is_upper(s: Sym) -> bool {
    (UPPER_FIRST..=UPPER_LAST).contains(&s)
}

pub fn is_temp(s: Sym) -> bool {
    (TEMP_FIRST..=NEW_VERTEX).contains(&s)
}

/// Upper-case or temporary: a name shared across the land (Glop's "2-region or temp").
pub fn is_global_letter(s: Sym) -> bool {
    (UPPER_FIRST..=NEW_VERTEX).contains(&s)
}

/// Any letter, lower-case, upper-case or temporary.
pub fn is_letter(s: Sym) -> bool {
    (LOWER_FIRST..=NEW_VERTEX).contains(&s)
}

/// A vertex (not an end mark).
pub fn is_vertex(s: Sym) -> bool {
    s <= NEW_VERTEX
}

/// Lives of a vertex symbol for the region-liveness count: 3 − degree for digits, 1 for letters.
pub fn digit_lives(s: Sym) -> u32 {
    match s {
        SPOT => 3,
        ONE => 2,
        TWO => 1,
        _ => 0,
    }
}

/// Where a symbol stands in the pseudo-order: digits and end marks by their code, letters by
/// their class only (lower-case, upper-case, temporary), which sit between the two.
#[inline]
pub fn pseudo_key(s: Sym) -> Sym {
    if is_letter(s) {
        LOWER_FIRST + Sym::from(s > LOWER_LAST) + Sym::from(s > UPPER_LAST)
    } else {
        s
    }
}

/// One step of the pseudo-order: two letters compare by class only (lower-case, upper-case,
/// temporary); anything else by code.
#[inline]
pub fn pseudo_cmp(x: Sym, y: Sym) -> Ordering {
    pseudo_key(x).cmp(&pseudo_key(y))
}

/// Reads two sequences side by side in one pass: the first pseudo-order difference, and the
/// first plain difference (which decides when the pseudo-order sees none). Equal for none.
#[inline]
pub(crate) fn first_differences(
    mut pairs: impl Iterator<Item = (Sym, Sym)>,
) -> (Ordering, Ordering) {
    let mut plain = Ordering::Equal;
    // `try_for_each` lets a chain of stretches run each stretch in its own loop.
    let pseudo = pairs.try_for_each(|(x, y)| {
        if x != y {
            let pseudo = pseudo_cmp(x, y);
            if pseudo.is_ne() {
                return ControlFlow::Break(pseudo);
            }
            if plain.is_eq() {
                plain = x.cmp(&y);
            }
        }
        ControlFlow::Continue(())
    });
    match pseudo {
        ControlFlow::Break(pseudo) => (pseudo, plain),
        ControlFlow::Continue(()) => (Ordering::Equal, plain),
    }
}

/// Glop's comparison of two sequences: first the pseudo-order (letters compare only by class),
/// then plain lexicographic order. A proper prefix is smaller.
pub fn line_order(a: &[Sym], b: &[Sym]) -> Ordering {
    let (pseudo, plain) = first_differences(a.iter().copied().zip(b.iter().copied()));
    pseudo.then(plain).then(a.len().cmp(&b.len()))
}

/// The symbols packed four to a 64-bit word (the last word padded with zeros), for hashing.
#[inline]
pub(crate) fn words(symbols: &[Sym]) -> impl Iterator<Item = u64> + '_ {
    symbols.chunks(4).map(|chunk| {
        chunk
            .iter()
            .rev()
            .fold(0u64, |word, &s| (word << 16) | s as u64)
    })
}

/// Values kept per letter (counts, new names) for the letters of one class: lower-case, or global
/// (upper-case and temporary). The first names are held inline, so the usual lands allocate
/// nothing; names past them spill to the heap.
pub(crate) struct LetterTable<T> {
    inline: [T; INLINE_LETTERS],
    spill: Vec<T>,
}

const INLINE_LETTERS: usize = 128;

/// A letter's place in its class's table (temporary names first, then upper-case ones).
fn letter_index(s: Sym) -> usize {
    match s {
        LOWER_FIRST..=LOWER_LAST => (s - LOWER_FIRST) as usize,
        UPPER_FIRST..=UPPER_LAST => (s - UPPER_FIRST) as usize + 3,
        _ => s.saturating_sub(TEMP_FIRST) as usize,
    }
}

impl<T: Copy + Default> LetterTable<T> {
    pub fn new() -> Self {
        LetterTable {
            inline: [T::default(); INLINE_LETTERS],
            spill: Vec::new(),
        }
    }

    /// The value of letter `s` (the default if never set).
    #[inline]
    pub fn get(&self, s: Sym) -> T {
        let i = letter_index(s);
        match self.inline.get(i) {
            Some(&v) => v,
            None => self
                .spill
                .get(i - INLINE_LETTERS)
                .copied()
                .unwrap_or_default(),
        }
    }

    /// The value of letter `s`, to change.
    #[inline]
    pub fn slot(&mut self, s: Sym) -> &mut T {
        let i = letter_index(s);
        if i < INLINE_LETTERS {
            return &mut self.inline[i];
        }
        let i = i - INLINE_LETTERS;
        if i >= self.spill.len() {
            self.spill.resize(i + 1, T::default());
        }
        &mut self.spill[i]
    }

    /// Every value, set or not.
    pub fn values(&self) -> impl Iterator<Item = &T> {
        self.inline.iter().chain(&self.spill)
    }
}

/// The engine's generator (engine::rng) as its tests use it: `next(below)` is in `0..below` (0 when
/// `below` is 0), the same sequence on every run for a seed.
#[cfg(test)]
pub(crate) fn test_random(seed: u64) -> impl FnMut(usize) -> usize {
    let mut rng = crate::engine::rng::Rng::new(seed);
    move |below: usize| rng.below(below)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cmp::Ordering;

    #[test]
    fn letters_compare_by_class_first() {
        // "1 B A ." < "1 A C ." under the pseudo-order is undecided, then lexicographic.
        let b_a = [ONE, UPPER_FIRST + 1, UPPER_FIRST, END_BOUNDARY];
        let a_c = [ONE, UPPER_FIRST, UPPER_FIRST + 2, END_BOUNDARY];
        assert_eq!(line_order(&a_c, &b_a), Ordering::Less);
        // A lower-case letter beats any upper-case one, whatever the names.
        let lower = [LOWER_FIRST + 5, END_BOUNDARY];
        let upper = [UPPER_FIRST, END_BOUNDARY];
        assert_eq!(line_order(&lower, &upper), Ordering::Less);
        // A longer letter boundary sorts before a shorter one with the same prefix.
        let long = [UPPER_FIRST, UPPER_FIRST + 1, END_BOUNDARY];
        let short = [UPPER_FIRST, END_BOUNDARY];
        assert_eq!(line_order(&long, &short), Ordering::Less);
    }

    /// The spec's definition read literally: two letters by class, anything else by
    /// code; over the common length, the pseudo-order first, then the plain order, then length.
    fn two_pass_order(a: &[Sym], b: &[Sym]) -> Ordering {
        let class = |s: Sym| {
            [is_lower(s), is_upper(s), is_temp(s)]
                .iter()
                .position(|&c| c)
        };
        let pseudo = a.iter().zip(b).find_map(|(&x, &y)| {
            let o = match (class(x), class(y)) {
                (Some(p), Some(q)) => p.cmp(&q),
                _ => x.cmp(&y),
            };
            o.is_ne().then_some(o)
        });
        pseudo.unwrap_or_else(|| a.cmp(b))
    }

    #[test]
    fn the_one_pass_order_is_the_specs_two_pass_order() {
        // Symbols from every class and both ends of each, in short random sequences.
        let pool = [
            SPOT,
            ONE,
            TWO,
            DEAD,
            LOWER_FIRST,
            LOWER_FIRST + 1,
            LOWER_LAST,
            UPPER_FIRST,
            UPPER_FIRST + 1,
            UPPER_LAST,
            TEMP_FIRST,
            TEMP_SECOND,
            NEW_VERTEX,
            END_BOUNDARY,
            END_REGION,
            END_LAND,
            END_POSITION,
        ];
        let mut next = test_random(0x9E37_79B9_7F4A_7C15);
        for _ in 0..20_000 {
            let mut a: Vec<Sym> = (0..next(6)).map(|_| pool[next(pool.len())]).collect();
            let mut b: Vec<Sym> = (0..next(6)).map(|_| pool[next(pool.len())]).collect();
            if next(2) == 0 {
                // Often a shared prefix, so later symbols decide.
                b = a.iter().copied().take(next(4)).chain(b).collect();
            }
            if next(4) == 0 {
                a.clone_from(&b);
            }
            assert_eq!(line_order(&a, &b), two_pass_order(&a, &b), "{a:?} {b:?}");
        }
    }
}
