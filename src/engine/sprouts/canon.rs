//! Reduction, land splitting and canonization of a generated position, exactly in Glop 2.2's
//! order, so that child strings match Glop's.

use std::cmp::Ordering;

use super::position::{Boundary, Land, Position, Region, Tree};
use super::symbols::*;

/// Renames every lower-case pair of a land to a fresh upper-case name, so that every letter is
/// global while moves are generated; None when the names run out.
pub(crate) fn try_globalize_lower(mut land: Tree) -> Option<Tree> {
    let mut next = land
        .iter()
        .flatten()
        .flatten()
        .filter(|&&s| is_upper(s))
        .max()
        .map_or(UPPER_FIRST, |&s| s + 1);
    for region in &mut land {
        for boundary in region.iter_mut() {
            let mut renamed = LetterTable::<Sym>::new();
            for s in boundary.iter_mut() {
                if is_lower(*s) {
                    let slot = renamed.slot(*s);
                    if *slot == 0 {
                        if next > UPPER_LAST {
                            return None;
                        }
                        *slot = next;
                        next += 1;
                    }
                    *s = *slot;
                }
            }
        }
    }
    Some(land)
}

/// Whether canonizing a globalized land keeps every name apart: no boundary meets more global
/// letters twice than there are lower-case names (a later step of reduction renames those per boundary).
pub(crate) fn names_suffice(land: &[Region]) -> bool {
    land.iter().flatten().all(|boundary| {
        let mut counts = LetterTable::<u8>::new();
        for &s in boundary.iter().filter(|&&s| is_global_letter(s)) {
            let count = counts.slot(s);
            *count = count.saturating_add(1);
        }
        counts.values().filter(|&&c| c == 2).count() <= LOWER_CAPACITY
    })
}

/// The canonical position made of some raw lands: reduce, split, canonize, sort.
pub fn canonical_position(lands: Vec<Tree>) -> Position {
    let mut out = Vec::new();
    for land in lands {
        canonical_lands(land, &mut out);
    }
    Position::from_lands(out)
}

/// Reduces, splits and canonizes one raw land, pushing the resulting non-empty lands.
pub fn canonical_lands(land: Tree, out: &mut Vec<Land>) {
    let reduced = reduce(land);
    for part in split(reduced) {
        let canonical = canonize(part);
        if !canonical.is_empty() {
            out.push(Land::from_tree(&canonical));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Reduce

/// Counts occurrences of every global (upper-case or temporary) letter of a land.
fn global_counts(land: &[Region]) -> LetterTable<u8> {
    let mut counts = LetterTable::<u8>::new();
    for &s in land.iter().flatten().flatten() {
        if is_global_letter(s) {
            let count = counts.slot(s);
            *count = count.saturating_add(1);
        }
    }
    counts
}

pub fn reduce(mut land: Tree) -> Tree {
    // 1. Dead vertices: `3`, and upper-case letters now met three times (their last life used).
    let counts = global_counts(&land);
    for boundary in land.iter_mut().flatten() {
        boundary.retain(|&s| s != DEAD && !(is_upper(s) && counts.get(s) == 3));
    }
    // 2. Adjacent equal letters are one occurrence, cyclically too. 3. Empty boundaries go.
    for region in &mut land {
        for boundary in region.iter_mut() {
            boundary.dedup_by(|b, a| is_letter(*a) && a == b);
            if boundary.len() > 1 && is_letter(boundary[0]) && boundary.last() == Some(&boundary[0])
            {
                boundary.pop();
            }
        }
        region.retain(|b| !b.is_empty());
    }
    // 4. Dead regions (fewer than 2 lives).
    land.retain(|region| !is_dead(region));
    // 5. A letter met twice in one boundary becomes lower-case. 6. Small regions merge.
    for region in &mut land {
        for boundary in region.iter_mut() {
            distinguish(boundary);
        }
        merge_small(region);
    }
    // 7. A global letter met once in the land is a plain `2`.
    let counts = global_counts(&land);
    for s in land.iter_mut().flatten().flatten() {
        if is_global_letter(*s) && counts.get(*s) == 1 {
            *s = TWO;
        }
    }
    land
}

/// Region liveness (the second count): digits 3 − degree, letters 1 (a repeat of the letter
/// counted just before is not counted again).
fn is_dead(region: &Region) -> bool {
    let mut lives = 0;
    let mut last_letter = None;
    for &s in region.iter().flatten() {
        if is_letter(s) {
            if last_letter != Some(s) {
                lives += 1;
                last_letter = Some(s);
            }
        } else {
            lives += digit_lives(s);
        }
        if lives >= 2 {
            return false;
        }
    }
    true
}

/// Global letters met twice in this boundary get lower-case names `a`, `b`, … in order.
fn distinguish(boundary: &mut Boundary) {
    let mut next = LOWER_FIRST;
    for i in 0..boundary.len() {
        let s = boundary[i];
        if is_global_letter(s) && boundary.iter().filter(|&&t| t == s).count() == 2 {
            for t in boundary.iter_mut().filter(|t| **t == s) {
                *t = next;
            }
            next = next.saturating_add(1);
        }
    }
}

/// A region with exactly 2 or 3 lives (in half-lives: 4 or 6) becomes a single boundary.
fn merge_small(region: &mut Region) {
    let mut half_lives = 0;
    for &s in region.iter().flatten() {
        half_lives += if is_lower(s) {
            1
        } else if is_global_letter(s) {
            2
        } else {
            2 * digit_lives(s)
        };
        if half_lives > 6 {
            return;
        }
    }
    if half_lives != 4 && half_lives != 6 {
        return;
    }
    let mut merged = Vec::new();
    let mut half_twos = 0;
    for &s in region.iter().flatten() {
        if is_lower(s) {
            half_twos += 1;
        } else if s == TWO {
            half_twos += 2;
        } else {
            merged.push(s);
        }
    }
    merged.extend(std::iter::repeat_n(TWO, half_twos / 2));
    *region = vec![merged];
}

// ---------------------------------------------------------------------------------------------
// Split

/// Splits a land into independent lands (regions linked by a shared global letter), in Glop's
/// order: a region joins (and moves to the end) the lands it is linked to.
pub fn split(land: Tree) -> Vec<Tree> {
    if land.len() < 2 {
        return vec![land];
    }
    let letters: Vec<Vec<Sym>> = land
        .iter()
        .map(|region| {
            let mut l: Vec<Sym> = region
                .iter()
                .flatten()
                .copied()
                .filter(|&s| is_global_letter(s))
                .collect();
            l.sort_unstable();
            l.dedup();
            l
        })
        .collect();
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for r in 0..land.len() {
        let mut linked: Vec<usize> = Vec::new();
        let mut independent: Vec<Vec<usize>> = Vec::new();
        for group in groups {
            let shares = group.iter().any(|&g| {
                letters[g]
                    .iter()
                    .any(|s| letters[r].binary_search(s).is_ok())
            });
            if shares {
                linked.extend(group);
            } else {
                independent.push(group);
            }
        }
        if linked.is_empty() {
            independent.push(vec![r]);
        } else {
            linked.push(r);
            independent.push(linked);
        }
        groups = independent;
    }
    if groups.len() <= 1 {
        return vec![land];
    }
    let mut regions: Vec<Option<Region>> = land.into_iter().map(Some).collect();
    groups
        .into_iter()
        .map(|group| {
            group
                .into_iter()
                .filter_map(|r| regions[r].take())
                .collect()
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Canonize

/// Two passes of "rename the global letters in order of appearance, then sort", with the
/// lower-case letters renamed per boundary in between.
pub fn canonize(mut land: Tree) -> Tree {
    rename_global_in_order(&mut land);
    sort_land(&mut land);
    rename_lower_per_boundary(&mut land);
    rename_global_in_order(&mut land);
    sort_land(&mut land);
    land
}

fn rename_global_in_order(land: &mut Tree) {
    let mut names = LetterTable::<Sym>::new();
    let mut next = UPPER_FIRST;
    for s in land.iter_mut().flatten().flatten() {
        if is_global_letter(*s) {
            let slot = names.slot(*s);
            if *slot == 0 {
                *slot = next;
                next = next.saturating_add(1).min(UPPER_LAST);
            }
            *s = *slot;
        }
    }
}

fn rename_lower_per_boundary(land: &mut Tree) {
    for boundary in land.iter_mut().flatten() {
        let mut names = LetterTable::<Sym>::new();
        let mut next = LOWER_FIRST;
        for s in boundary.iter_mut() {
            if is_lower(*s) {
                let slot = names.slot(*s);
                if *slot == 0 {
                    *slot = next;
                    next = next.saturating_add(1).min(LOWER_LAST);
                }
                *s = *slot;
            }
        }
    }
}

/// `line_order` of `a` and `b` each followed by the same end mark (greater than any symbol
/// that can stand where it is compared): with no pseudo-order difference, the longer is smaller.
fn order_terminated(a: &[Sym], b: &[Sym]) -> Ordering {
    let (pseudo, plain) = first_differences(a.iter().copied().zip(b.iter().copied()));
    pseudo.then(b.len().cmp(&a.len())).then(plain)
}

/// `line_order` of two regions written out (boundaries ending in `END_BOUNDARY`, the region in
/// an end mark greater than all of those), read boundary by boundary: where two boundaries'
/// lengths differ, the shorter one's end mark meets a vertex and decides (an end mark is greater
/// than any vertex in the pseudo-order). Plain loops rather than the written-out sequences'
/// iterators: wasm ran those at twice the native time.
fn order_regions(a: &Region, b: &Region) -> Ordering {
    let mut plain = Ordering::Equal;
    for (x, y) in a.iter().zip(b) {
        for (&s, &t) in x.iter().zip(y) {
            if s != t {
                let pseudo = pseudo_cmp(s, t);
                if pseudo.is_ne() {
                    return pseudo;
                }
                if plain.is_eq() {
                    plain = s.cmp(&t);
                }
            }
        }
        if x.len() != y.len() {
            return y.len().cmp(&x.len());
        }
    }
    // One region's boundaries are the other's first ones: the longer comes first.
    b.len().cmp(&a.len()).then(plain)
}

/// Compares the rotations of `b` starting at `i` and at `j` in Glop's order.
fn order_rotations(b: &[Sym], i: usize, j: usize) -> Ordering {
    if i > j {
        return order_rotations(b, j, i).reverse();
    }
    // Side by side, the two rotations are three straight stretches of `b`: until the later one
    // wraps round, until the earlier one does, and the rest (no index arithmetic per symbol).
    let n = b.len();
    let until_later_wraps = b[i..].iter().zip(&b[j..]);
    let until_earlier_wraps = b[i + n - j..].iter().zip(&b[..j - i]);
    let rest = b[..i].iter().zip(&b[j - i..j]);
    let pairs = until_later_wraps.chain(until_earlier_wraps).chain(rest);
    let (pseudo, plain) = first_differences(pairs.map(|(&x, &y)| (x, y)));
    pseudo.then(plain)
}

/// The smallest rotation of a boundary, same direction.
fn smallest_rotation(boundary: &mut Boundary) {
    let n = boundary.len();
    if n < 2 {
        return;
    }
    let mut best = 0;
    for i in 1..n {
        // Most rotations lose on their first symbol: only the others are read further.
        let (first, best_first) = (pseudo_key(boundary[i]), pseudo_key(boundary[best]));
        if first < best_first
            || (first == best_first && order_rotations(boundary, i, best) == Ordering::Less)
        {
            best = i;
        }
    }
    if best != 0 {
        boundary.rotate_left(best);
    }
}

fn sort_boundaries(region: &mut Region) {
    for boundary in region.iter_mut() {
        smallest_rotation(boundary);
    }
    if region.len() > 1 {
        region.sort_by(|a, b| order_terminated(a, b));
    }
}

/// Sorts a region both ways round and keeps the smaller (each region may be mirrored alone).
fn sort_region(region: &mut Region) {
    let mut mirrored: Region = region
        .iter()
        .map(|b| b.iter().rev().copied().collect())
        .collect();
    sort_boundaries(region);
    sort_boundaries(&mut mirrored);
    if order_regions(&mirrored, region) != Ordering::Greater {
        // Glop keeps the first orientation only when it is strictly smaller.
        *region = mirrored;
    }
}

fn sort_land(land: &mut Tree) {
    for region in land.iter_mut() {
        sort_region(region);
    }
    land.sort_by(order_regions);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `order_regions` as first written: the two regions as terminated sequences.
    fn order_written_out(a: &Region, b: &Region) -> Ordering {
        let written = |r: &Region| -> Vec<Sym> {
            r.iter()
                .flat_map(|b| b.iter().copied().chain(std::iter::once(END_BOUNDARY)))
                .collect()
        };
        let (a, b) = (written(a), written(b));
        let (pseudo, plain) = first_differences(a.iter().copied().zip(b.iter().copied()));
        pseudo.then(b.len().cmp(&a.len())).then(plain)
    }

    #[test]
    fn regions_compare_boundary_by_boundary_as_written_out() {
        let pool = [
            SPOT,
            ONE,
            TWO,
            LOWER_FIRST,
            LOWER_FIRST + 1,
            UPPER_FIRST,
            UPPER_FIRST + 1,
        ];
        let mut next = test_random(0x9E37_79B9_7F4A_7C15);
        let region = |next: &mut dyn FnMut(usize) -> usize| -> Region {
            (0..1 + next(3))
                .map(|_| (0..1 + next(4)).map(|_| pool[next(pool.len())]).collect())
                .collect()
        };
        let mut decided_by = [0usize; 3];
        for _ in 0..50_000 {
            let a = region(&mut next);
            let mut b = if next(2) == 0 {
                a.clone()
            } else {
                region(&mut next)
            };
            if next(3) == 0 {
                // Change, add or drop one symbol or boundary, so that long prefixes are shared.
                match next(3) {
                    0 => b.push(vec![pool[next(pool.len())]]),
                    1 if b.len() > 1 => {
                        b.pop();
                    }
                    _ => {
                        let k = next(b.len());
                        let i = next(b[k].len());
                        b[k][i] = pool[next(pool.len())];
                    }
                }
            }
            let order = order_regions(&a, &b);
            assert_eq!(order, order_written_out(&a, &b), "{a:?} {b:?}");
            decided_by[(order as i8 + 1) as usize] += 1;
        }
        assert!(decided_by.iter().all(|&n| n > 1000), "{decided_by:?}");
    }
}
