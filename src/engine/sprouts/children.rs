//! Move generation: every region's children of Kind I (a curve from a boundary to
//! itself, splitting the region) and Kind II (a curve joining two boundaries), then reduction
//! and canonization of each.

use std::collections::HashMap;
use std::rc::Rc;

use super::canon::{canonical_lands, canonical_position, try_globalize_lower};
use super::position::{Boundary, Land, Position, Region, Tree};
use super::search::{listed_in_move_order, Listed};
use super::symbols::*;
use crate::engine::stop::Stop;

/// Why a position is beyond what the engine computes on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooLarge(pub String);

impl std::fmt::Display for TooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Most non-spot boundaries one region may have (a Kind I move splits the others 2^k ways).
pub const MAX_REGION_BOUNDARIES: usize = 24;

/// The most raw children (before canonization) a position may have: about a million take
/// seconds and a few hundred MB to canonize; a region with many boundaries has far more.
pub const MAX_RAW_CHILDREN: u128 = 1_000_000;

/// Checks that moves can be generated from this position and all that follow it: letter names
/// never run out, no region asks for an absurd number of splits, and the position's own
/// children are not too many to list.
pub fn check_computable(position: &Position) -> Result<(), TooLarge> {
    check_lands(position)?;
    let raw: u128 = position.lands().iter().map(raw_child_count).sum();
    if raw > MAX_RAW_CHILDREN {
        return Err(TooLarge(format!("this position has {raw} moves to consider, too many to list (at most {MAX_RAW_CHILDREN})")));
    }
    Ok(())
}

/// How many raw children `land_children` generates from a land, counted without making them.
pub fn raw_child_count(land: &Land) -> u128 {
    let Some(prepared) = try_globalize_lower(land.tree()) else {
        return 0;
    };
    prepared.iter().map(region_child_count).sum()
}

/// Mirrors `region_children`: Kind I moves times the partitions of the other boundaries, and
/// Kind II pairs of openings.
fn region_child_count(region: &Region) -> u128 {
    let first_other = region
        .iter()
        .position(|b| !is_spot(b))
        .unwrap_or(region.len());
    let spots = first_other as u128;
    let rest = (region.len() - first_other) as u32;
    let mut count: u128 = 0;
    for (b, boundary) in region
        .iter()
        .enumerate()
        .skip(first_other.saturating_sub(1))
    {
        // The other boundaries: spots by count, the rest in all 2^k ways.
        let (other_spots, other_rest) = if b < first_other {
            (spots - 1, rest)
        } else {
            (spots, rest - 1)
        };
        let partitions =
            (other_spots + 1).saturating_mul(1u128.checked_shl(other_rest).unwrap_or(u128::MAX));
        count =
            count.saturating_add((loop_pieces(boundary).len() as u128).saturating_mul(partitions));
    }
    let start = first_other.saturating_sub(2);
    for i in start..region.len() {
        for j in i + 1..region.len() {
            count = count.saturating_add(region[i].len() as u128 * region[j].len() as u128);
        }
    }
    count
}

fn check_lands(position: &Position) -> Result<(), TooLarge> {
    for land in position.lands() {
        if land.lives() > MAX_LAND_LIVES {
            return Err(TooLarge(format!(
                "a land with {} lives is too large for this engine (at most {MAX_LAND_LIVES} lives per land, about {MAX_SPOTS} spots)",
                land.lives()
            )));
        }
        for region in land.tree() {
            let others = region.iter().filter(|b| b.as_slice() != [SPOT]).count();
            if others > MAX_REGION_BOUNDARIES - 8 {
                return Err(TooLarge(format!(
                    "a region with {others} boundaries other than spots is too large (at most {})",
                    MAX_REGION_BOUNDARIES - 8
                )));
            }
        }
    }
    Ok(())
}

/// The distinct canonical children of a position, in Glop's order.
pub fn children(position: &Position) -> Result<Vec<Position>, TooLarge> {
    children_until(position, &Stop::never()).map_err(|cut| match cut {
        Cut::TooLarge(why) => why,
        Cut::Stopped => TooLarge("stopped".into()),
    })
}

/// The same, unless `stop` asks to stop first. A list that would clearly take more than
/// `MAX_CHILDREN_BYTES` (each child is about as large as the position, lands untouched
/// included) is refused before it is begun.
pub fn children_until(position: &Position, stop: &Stop) -> Result<Vec<Position>, Cut> {
    check_computable(position).map_err(Cut::TooLarge)?;
    let raw: u128 = position.lands().iter().map(raw_child_count).sum();
    let estimate = raw.saturating_mul(position_bytes(position) as u128);
    if estimate > MAX_CHILDREN_BYTES as u128 {
        return Err(Cut::TooLarge(TooLarge(format!(
            "this position's {raw} moves would take about {} MB to list, more than {} MB",
            estimate >> 20,
            MAX_CHILDREN_BYTES >> 20
        ))));
    }
    children_unchecked(position, stop)
}

/// Children of a position known to pass `check_computable` (or reached from one), unless
/// `stop` asks to stop or they are too many first.
pub(crate) fn children_unchecked(position: &Position, stop: &Stop) -> Result<Vec<Position>, Cut> {
    let mut out = children_unsorted(position, stop)?;
    // (Equal positions are identical, so an unstable sort gives the same list, with less code
    // in the pages' modules.)
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

/// Why a list of children was not finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cut {
    /// The caller's `Stop` asked.
    Stopped,
    /// They would take more than `MAX_CHILDREN_BYTES`.
    TooLarge(TooLarge),
}

impl std::fmt::Display for Cut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Cut::Stopped => f.write_str("stopped before the children were all listed"),
            Cut::TooLarge(why) => why.fmt(f),
        }
    }
}

/// The most memory the children of one position may take (a land of ten thousand spots has
/// about twenty thousand children of ten thousand spots each: 200 MB).
pub const MAX_CHILDREN_BYTES: usize = 512 << 20;

/// Children in generation order, possibly repeated (the search sorts and dedups them itself),
/// unless `stop` asks to stop or they grow past `MAX_CHILDREN_BYTES` first.
pub(crate) fn children_unsorted(position: &Position, stop: &Stop) -> Result<Vec<Position>, Cut> {
    let mut meter = Meter::new(stop);
    let mut out = Vec::new();
    let lands = position.lands();
    if let [land] = lands {
        if let Some(prepared) = try_globalize_lower(land.tree()) {
            let finished = land_children(&prepared, &mut |child_land| {
                let mut child = Vec::new();
                canonical_lands(child_land, &mut child);
                let child = Position::from_lands(child);
                let go_on = meter.made(&child);
                out.push(child);
                go_on
            });
            meter.verdict(finished)?;
        }
        return Ok(out);
    }
    // Glop re-canonizes the untouched lands of every child; doing it once gives the same result.
    let recanonized: Vec<Vec<Land>> = lands
        .iter()
        .map(|land| canonical_position(vec![land.tree()]).into_lands())
        .collect();
    for (index, land) in lands.iter().enumerate() {
        // Lands are sorted, so equal lands stand together, and a move in either of two equal
        // lands makes the same child: one of them is enough (500 lands of 20 spots took 3 s
        // sorting the repeats, past a 700 ms time limit).
        if index > 0 && lands[index - 1] == *land {
            continue;
        }
        let others: Vec<Land> = recanonized
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != index)
            .flat_map(|(_, l)| l.iter().cloned())
            .collect();
        let Some(prepared) = try_globalize_lower(land.tree()) else {
            continue;
        };
        let finished = land_children(&prepared, &mut |child_land| {
            let mut child = others.clone();
            canonical_lands(child_land, &mut child);
            let child = Position::from_lands(child);
            let go_on = meter.made(&child);
            out.push(child);
            go_on
        });
        meter.verdict(finished)?;
    }
    Ok(out)
}

/// Counts the bytes of children made: asks a `Stop` about every 64 KiB of them (a child of a
/// huge land is huge, one of a small land a few bytes: counting bytes keeps the question's cost
/// small and its delay short), and cuts the list at `MAX_CHILDREN_BYTES`.
struct Meter<'a> {
    stop: &'a Stop,
    since_asked: usize,
    total: usize,
    cut: Option<Cut>,
}

impl Meter<'_> {
    const ASK_EVERY_BYTES: usize = 64 << 10;

    fn new(stop: &Stop) -> Meter<'_> {
        Meter {
            stop,
            since_asked: 0,
            total: 0,
            cut: None,
        }
    }

    /// Counts a child made; false when the list is cut.
    fn made(&mut self, child: &Position) -> bool {
        let bytes = position_bytes(child);
        self.since_asked += bytes;
        self.total += bytes;
        if self.total > MAX_CHILDREN_BYTES {
            self.cut = Some(Cut::TooLarge(TooLarge(format!(
                "the children of this position take more than {} MB to list",
                MAX_CHILDREN_BYTES >> 20
            ))));
            return false;
        }
        if self.since_asked < Self::ASK_EVERY_BYTES {
            return true;
        }
        self.since_asked = 0;
        if self.stop.requested() {
            self.cut = Some(Cut::Stopped);
            return false;
        }
        true
    }

    /// Why the list was cut, if `finished` says it was.
    fn verdict(&mut self, finished: bool) -> Result<(), Cut> {
        match (finished, self.cut.take()) {
            (true, _) => Ok(()),
            (false, cut) => Err(cut.unwrap_or(Cut::Stopped)),
        }
    }
}

/// Heap bytes a position takes, about (each land is an allocation of its own).
pub fn position_bytes(position: &Position) -> usize {
    const PER_LAND: usize = std::mem::size_of::<Land>() + 16;
    std::mem::size_of::<Position>()
        + position
            .lands()
            .iter()
            .map(|l| PER_LAND + l.bytes())
            .sum::<usize>()
}

/// Children of recently expanded lands. A land is expanded again for every nimber part tried
/// and whenever a search comes back to it; generating its children is most of an expansion's
/// cost. Each list is kept in Glop's move order with each child's ordering key, duplicates
/// removed, so that ordering a node's children again works out nothing for those the base
/// left as they were (`search::ordered_children`). Two generations, each of at most `budget`
/// bytes (estimated): when the recent one is full, the older one is dropped.
pub struct ChildrenCache {
    recent: HashMap<Position, Rc<[Listed]>>,
    older: HashMap<Position, Rc<[Listed]>>,
    recent_bytes: usize,
    budget: usize,
}

/// Heap bytes a cached list of children takes, about (allocations included).
fn cached_bytes(key: &Position, children: &[Listed]) -> usize {
    const ALLOCATION: usize = 16;
    let lands = |p: &Position| {
        ALLOCATION
            + p.lands()
                .iter()
                .map(|l| std::mem::size_of::<Land>() + ALLOCATION + l.bytes())
                .sum::<usize>()
    };
    let listed = |c: &Listed| std::mem::size_of::<Listed>() + lands(&c.position);
    std::mem::size_of::<Position>()
        + lands(key)
        + ALLOCATION
        + children.iter().map(listed).sum::<usize>()
}

impl ChildrenCache {
    /// A cache of at most about twice `budget` bytes.
    pub fn new(budget: usize) -> ChildrenCache {
        ChildrenCache {
            recent: HashMap::new(),
            older: HashMap::new(),
            recent_bytes: 0,
            budget: budget.max(1),
        }
    }

    /// How many positions' children lists it holds.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.recent.len() + self.older.len()
    }

    /// The children of `position`, from the cache or made now (unless cut).
    pub(crate) fn children(
        &mut self,
        position: &Position,
        stop: &Stop,
    ) -> Result<Rc<[Listed]>, Cut> {
        if let Some(found) = self.recent.get(position) {
            return Ok(found.clone());
        }
        let found: Rc<[Listed]> = match self.older.remove(position) {
            Some(found) => found,
            None => listed_in_move_order(children_unsorted(position, stop)?).into(),
        };
        let bytes = cached_bytes(position, &found);
        if self.recent_bytes + bytes > self.budget {
            self.older = std::mem::take(&mut self.recent);
            self.recent_bytes = 0;
        }
        self.recent_bytes += bytes;
        self.recent.insert(position.clone(), found.clone());
        Ok(found)
    }
}

/// The raw children of a land, before reduction and canonization (`3` marks a vertex that just
/// died, `-` `=` `#` the temporary names): what move generation makes. For tests and study.
pub fn raw_children(land: &Land) -> Vec<Tree> {
    let mut out = Vec::new();
    if let Some(prepared) = try_globalize_lower(land.tree()) {
        land_children(&prepared, &mut |child| {
            out.push(child);
            true
        });
    }
    out
}

/// Calls `emit` with every raw child of a prepared land (all letters global), until it returns
/// false (then returns false).
fn land_children(land: &[Region], emit: &mut dyn FnMut(Tree) -> bool) -> bool {
    land.iter().enumerate().all(|(r, region)| {
        region_children(region, &mut |child_regions: Vec<Region>| {
            let mut child: Tree = Vec::with_capacity(land.len() + 1);
            child.extend(
                land.iter()
                    .enumerate()
                    .filter(|&(i, _)| i != r)
                    .map(|(_, reg)| reg.clone()),
            );
            child.extend(child_regions);
            emit(child)
        })
    })
}

fn is_spot(boundary: &Boundary) -> bool {
    boundary.as_slice() == [SPOT]
}

/// Calls `emit` with every raw child of a region, until it returns false (then returns false).
fn region_children(region: &Region, emit: &mut dyn FnMut(Vec<Region>) -> bool) -> bool {
    let first_other = region
        .iter()
        .position(|b| !is_spot(b))
        .unwrap_or(region.len());
    // Spots are interchangeable, so only the last spot starts a Kind I move and only the
    // last two spots start Kind II moves.
    let kind_one_start = first_other.saturating_sub(1);
    let kind_two_start = first_other.saturating_sub(2);

    for b in kind_one_start..region.len() {
        let pieces = loop_pieces(&region[b]);
        if pieces.is_empty() {
            continue;
        }
        let others = region
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != b)
            .map(|(_, x)| x);
        // Every way of sending the other boundaries to the two sides of the loop: spots only by
        // count, the rest in all 2^k ways, made one at a time (listing them first
        // took memory quadratic in the spots).
        let (spots, rest): (Vec<&Boundary>, Vec<&Boundary>) = others.partition(|x| is_spot(x));
        let rest = &rest[..rest.len().min(127)];
        for (outer, inner) in &pieces {
            for to_first in 0..=spots.len() {
                for mask in 0..1u128 << rest.len() {
                    let chosen = |bit: usize| mask & 1 << bit != 0;
                    let mut x: Region = Vec::with_capacity(region.len());
                    x.push(outer.clone());
                    x.extend(spots[..to_first].iter().map(|&b| b.clone()));
                    let firsts = rest.iter().enumerate().filter(|&(bit, _)| chosen(bit));
                    x.extend(firsts.map(|(_, &b)| b.clone()));
                    let mut y: Region = Vec::with_capacity(region.len() + 1 - x.len());
                    y.push(inner.clone());
                    y.extend(spots[to_first..].iter().map(|&b| b.clone()));
                    let seconds = rest.iter().enumerate().filter(|&(bit, _)| !chosen(bit));
                    y.extend(seconds.map(|(_, &b)| b.clone()));
                    if !emit(vec![x, y]) {
                        return false;
                    }
                }
            }
        }
    }

    for i in kind_two_start..region.len() {
        let openings_i = openings(&region[i]);
        for j in i + 1..region.len() {
            let openings_j = openings(&region[j]);
            for a in &openings_i {
                for b in &openings_j {
                    if is_upper(a[0]) && a[0] == b[0] {
                        continue; // a vertex on both boundaries: only on surfaces
                    }
                    let mut merged = Vec::with_capacity(a.len() + b.len() + 2);
                    merged.extend_from_slice(a);
                    merged.push(NEW_VERTEX);
                    let rename = a[0] == TEMP_FIRST && b[0] == TEMP_FIRST;
                    merged.extend(b.iter().map(|&s| {
                        if rename && s == TEMP_FIRST {
                            TEMP_SECOND
                        } else {
                            s
                        }
                    }));
                    merged.push(NEW_VERTEX);
                    let mut new_region: Region = Vec::with_capacity(region.len() - 1);
                    new_region.push(merged);
                    new_region.extend(
                        region
                            .iter()
                            .enumerate()
                            .filter(|&(k, _)| k != i && k != j)
                            .map(|(_, x)| x.clone()),
                    );
                    if !emit(vec![new_region]) {
                        return false;
                    }
                }
            }
        }
    }
    true
}

/// Kind I on one boundary: the (outer, inner) pairs of new boundaries for every way of drawing
/// a curve from the boundary back to itself.
fn loop_pieces(boundary: &Boundary) -> Vec<(Boundary, Boundary)> {
    let mut out = Vec::new();
    if boundary.len() == 1 {
        let end = match boundary[0] {
            SPOT => TEMP_FIRST,
            ONE => DEAD,
            _ => return out,
        };
        let piece = vec![end, NEW_VERTEX];
        out.push((piece.clone(), piece));
        return out;
    }
    let n = boundary.len();
    for i in 0..n {
        for j in i..n {
            let (vi, vj) = (boundary[i], boundary[j]);
            if (i == j && vi == TWO) || (vi == vj && vi > TWO) {
                continue;
            }
            let mut w = boundary.clone();
            if i != j {
                w[i] = match vi {
                    ONE => TEMP_FIRST,
                    TWO => DEAD,
                    v => v,
                };
                w[j] = match vj {
                    ONE => TEMP_SECOND,
                    TWO => DEAD,
                    v => v,
                };
            } else if vi == ONE {
                w[i] = DEAD;
            }
            let mut outer = Vec::with_capacity(n + 2);
            outer.extend_from_slice(&w[j..]);
            outer.extend_from_slice(&w[..i]);
            outer.push(w[i]);
            outer.push(NEW_VERTEX);
            let mut inner = Vec::with_capacity(j - i + 2);
            inner.extend_from_slice(&w[i..j]);
            inner.push(w[j]);
            inner.push(NEW_VERTEX);
            out.push((outer, inner));
        }
    }
    out
}

/// Kind II on one boundary: the boundary opened at each vertex, ready to be joined.
fn openings(boundary: &Boundary) -> Vec<Boundary> {
    let n = boundary.len();
    let mut out = Vec::with_capacity(n);
    for p in 0..n {
        let v = boundary[p];
        let rest = boundary[p + 1..].iter().chain(&boundary[..p]).copied();
        let piece: Boundary = match v {
            SPOT => std::iter::once(ONE).chain(rest).collect(),
            ONE => std::iter::once(TEMP_FIRST)
                .chain(rest)
                .chain(std::iter::once(TEMP_FIRST))
                .collect(),
            TWO => std::iter::once(DEAD).chain(rest).collect(),
            letter => std::iter::once(letter)
                .chain(rest)
                .chain(std::iter::once(letter))
                .collect(),
        };
        out.push(piece);
    }
    out
}

/// The position of the n-spot start: `n` untouched spots in one region.
pub fn spots_start(n: usize) -> Position {
    Position::spots(n)
}
