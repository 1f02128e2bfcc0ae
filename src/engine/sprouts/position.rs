//! Lands and positions in canonical form, with the counts the search orders them by.

use std::cmp::Ordering;

use super::symbols::*;

/// A boundary: the cyclic list of vertices met walking along it.
pub type Boundary = Vec<Sym>;
/// A region: its boundaries.
pub type Region = Vec<Boundary>;
/// A land as a tree of regions, the shape moves and reductions work on.
pub type Tree = Vec<Region>;

/// One land in canonical form, stored flat: every boundary ends with `END_BOUNDARY`, every
/// region with `END_REGION`, and the land with `END_LAND` (so flat comparison is Glop's order).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Land(Box<[Sym]>);

impl Land {
    /// Builds the flat form of a tree (no canonization: the caller has done it).
    pub fn from_tree(tree: &[Region]) -> Land {
        let mut flat = Vec::with_capacity(
            tree.iter()
                .map(|r| r.iter().map(|b| b.len() + 1).sum::<usize>() + 1)
                .sum::<usize>()
                + 1,
        );
        for region in tree {
            for boundary in region {
                // Symbol by symbol: boundaries are short, and wasm copies a slice by a call.
                flat.extend(boundary.iter().copied());
                flat.push(END_BOUNDARY);
            }
            flat.push(END_REGION);
        }
        flat.push(END_LAND);
        Land(flat.into_boxed_slice())
    }

    /// Rebuilds a land from its flat symbols (as stored in a database); `None` if they are not a
    /// well-formed flat land.
    pub fn from_flat(flat: &[Sym]) -> Option<Land> {
        if flat.last() != Some(&END_LAND) || flat.len() < 2 || flat[flat.len() - 2] != END_REGION {
            return None;
        }
        let body = &flat[..flat.len() - 1];
        if body
            .iter()
            .any(|&s| s == END_LAND || (s > NEW_VERTEX && s != END_BOUNDARY && s != END_REGION))
        {
            return None;
        }
        Some(Land(flat.into()))
    }

    pub fn symbols(&self) -> &[Sym] {
        &self.0
    }

    /// The land's regions, each as its boundaries' vertices, read in place from the flat
    /// symbols (what `tree` gives, without building it).
    pub fn regions(&self) -> impl Iterator<Item = impl Iterator<Item = &[Sym]> + Clone> + '_ {
        let body = self.0.strip_suffix(&[END_LAND]).unwrap_or(&self.0);
        body.split_inclusive(|&s| s == END_REGION).map(|region| {
            let region = region.strip_suffix(&[END_REGION]).unwrap_or(region);
            region
                .split_inclusive(|&s| s == END_BOUNDARY)
                .map(|b| b.strip_suffix(&[END_BOUNDARY]).unwrap_or(b))
        })
    }

    /// The land as regions of boundaries.
    pub fn tree(&self) -> Tree {
        let mut tree = Vec::new();
        let mut region = Vec::new();
        let mut boundary = Vec::new();
        for &s in self.0.iter() {
            match s {
                END_BOUNDARY => region.push(std::mem::take(&mut boundary)),
                END_REGION => tree.push(std::mem::take(&mut region)),
                END_LAND => {}
                v => boundary.push(v),
            }
        }
        tree
    }

    /// Lives for display and ordering: 3 − degree per digit, plus half the letter occurrences.
    pub fn lives(&self) -> u32 {
        lives_of(&self.0)
    }

    /// Glop's estimate of the number of children, in one pass over the symbols.
    pub fn estimated_children(&self) -> u64 {
        let mut estimate = 0u64;
        let mut region = RegionSizes::default();
        let mut size = 0u64;
        for &s in self.0.iter() {
            match s {
                END_BOUNDARY => {
                    region.add(size);
                    size = 0;
                }
                END_REGION => {
                    estimate = estimate.saturating_add(region.estimate());
                    region = RegionSizes::default();
                }
                END_LAND => {}
                _ => size += 1,
            }
        }
        estimate
    }

    pub fn region_count(&self) -> usize {
        self.0.iter().filter(|&&s| s == END_REGION).count()
    }

    /// Approximate heap bytes of this land.
    pub fn bytes(&self) -> usize {
        self.0.len()
    }
}

/// What Glop's estimate needs of a region: how many boundaries, and the sum of their sizes
/// and of their squares.
#[derive(Default)]
struct RegionSizes {
    count: u32,
    total: u64,
    squares: u64,
}

impl RegionSizes {
    fn add(&mut self, size: u64) {
        self.count += 1;
        self.total += size;
        self.squares = self.squares.saturating_add(square(size));
    }

    /// Σ over pairs |B1|·|B2| + Σ ⌊|B|² · 2^(nb−1) / 2⌋, saturating at `u64::MAX`.
    fn estimate(&self) -> u64 {
        // The pairs: ((Σ)² − Σ squares) / 2, linear in the boundaries.
        let pairs = (square(self.total).saturating_sub(self.squares)) / 2;
        // Each ⌊|B|² · 2^(nb−1) / 2⌋ is exactly |B|² · 2^(nb−2) when nb ≥ 2 (so they add up to
        // Σ squares · 2^(nb−2)); with one boundary it is ⌊|B|² / 2⌋.
        let own = match self.count {
            0 => 0,
            1 => self.squares / 2,
            n => {
                let shift = n - 2;
                if shift >= 64 || self.squares > u64::MAX >> shift {
                    u64::MAX
                } else {
                    self.squares << shift
                }
            }
        };
        pairs.saturating_add(own)
    }
}

/// x², or `u64::MAX` past 2^32 (a size or a sum of sizes of a land in memory is below that,
/// and a comparison is cheaper in wasm than a multiplication checked for overflow, which is a
/// 128-bit library call there).
fn square(x: u64) -> u64 {
    if x >> 32 == 0 {
        x * x
    } else {
        u64::MAX
    }
}

pub(crate) fn lives_of(symbols: &[Sym]) -> u32 {
    let mut lives = 0;
    let mut letters = 0;
    for &s in symbols {
        if is_letter(s) {
            letters += 1;
        } else {
            lives += digit_lives(s);
        }
    }
    lives + letters / 2
}

impl Ord for Land {
    fn cmp(&self, other: &Self) -> Ordering {
        line_order(&self.0, &other.0)
    }
}

impl PartialOrd for Land {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// A position: its lands, canonical and sorted. The empty position has no lands.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Position {
    lands: Vec<Land>,
}

impl Position {
    /// The empty position `!` (no move left).
    pub fn empty() -> Position {
        Position { lands: Vec::new() }
    }

    /// Sorts the lands into Glop's order; the lands must already be canonical.
    pub fn from_lands(mut lands: Vec<Land>) -> Position {
        // (Equal lands are identical: an unstable sort gives the same order.)
        lands.sort_unstable();
        Position { lands }
    }

    /// The n-spot start: one region of n untouched spots.
    pub fn spots(n: usize) -> Position {
        if n == 0 {
            return Position::empty();
        }
        let region: Region = (0..n).map(|_| vec![SPOT]).collect();
        Position {
            lands: vec![Land::from_tree(&[region])],
        }
    }

    pub fn lands(&self) -> &[Land] {
        &self.lands
    }

    pub fn into_lands(self) -> Vec<Land> {
        self.lands
    }

    pub fn is_empty(&self) -> bool {
        self.lands.is_empty()
    }

    pub fn lives(&self) -> u32 {
        self.lands.iter().map(Land::lives).sum()
    }

    pub fn estimated_children(&self) -> u64 {
        self.lands
            .iter()
            .map(Land::estimated_children)
            .fold(0, u64::saturating_add)
    }

    /// The largest number of lives in one land (what bounds letter use in a search).
    pub fn largest_land_lives(&self) -> u32 {
        self.lands.iter().map(Land::lives).max().unwrap_or(0)
    }
}

impl Ord for Position {
    /// Glop's order on the whole terminated sequence (lands one after the other).
    fn cmp(&self, other: &Self) -> Ordering {
        let end = std::iter::once(END_POSITION);
        let a = self
            .lands
            .iter()
            .flat_map(|l| l.0.iter().copied())
            .chain(end.clone());
        let b = other
            .lands
            .iter()
            .flat_map(|l| l.0.iter().copied())
            .chain(end);
        // The same one pass as `line_order`: the pseudo-order, else the plain order.
        let (pseudo, plain) = first_differences(a.clone().zip(b.clone()));
        pseudo.then(plain).then_with(|| a.count().cmp(&b.count()))
    }
}

impl PartialOrd for Position {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
