//! Sprouts as it is drawn on paper, without the drawing itself: the spots, the lines between
//! them and how they sit in the plane. Which lines leave a spot in which order around it (a
//! rotation system), and which connected parts of the drawing border which region, is all the
//! game needs: every move of the pencil is one `Move` here, and the position a board shows is
//! read into Glop's notation. The page draws curves over this; tests check every move against
//! the engine's own children.
//!
//! A line is two half-lines ("darts"), one each way; dart `d`'s twin is `d ^ 1`. Going round a
//! region, the dart after `d` is the one after `d`'s twin around the spot it reaches.

use super::canon::canonical_position;
use super::position::{Position, Tree};
use super::symbols::{Sym, DEAD, ONE, SPOT, UPPER_FIRST, UPPER_LAST};

/// A connected part of the drawing on a region's boundary: a spot no line touches yet, or the
/// walk round the region along the lines of one part (given by one of its darts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    Spot(usize),
    Walk(usize),
}

/// Where a line may leave or reach a spot inside a region: at a lone spot, or in the corner
/// just before `dart` as the walk goes round the region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Corner {
    Lone(usize),
    Before(usize),
}

/// A move: a line in `region` from one corner to another (the same corner for a loop back to
/// its spot), with a new spot in its middle. A line between two corners of the same part closes
/// a loop and cuts the region in two: `inside` lists the region's other parts (by their place in
/// `Board::parts(region)`) that end up on the new side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    pub region: usize,
    pub from: Corner,
    pub to: Corner,
    pub inside: Vec<usize>,
}

/// The most moves `moves` lists: a region with many lone spots has a loop move for every way of
/// putting them inside or out (2^k), so the list is bounded rather than the board's size.
pub const MOVES_LIMIT: usize = 1 << 20;

#[derive(Clone, Debug)]
pub struct Board {
    /// Lines at each spot (0 to 3).
    degree: Vec<u8>,
    /// The spot each dart leaves from.
    origin: Vec<usize>,
    /// The next dart round its origin (all turning the same way).
    turn: Vec<usize>,
    /// Each region's boundary: its parts.
    regions: Vec<Vec<Part>>,
}

impl Board {
    /// `spots` spots and no lines: one region holding every spot.
    pub fn new(spots: usize) -> Board {
        Board {
            degree: vec![0; spots],
            origin: Vec::new(),
            turn: Vec::new(),
            regions: vec![(0..spots).map(Part::Spot).collect()],
        }
    }

    pub fn spots(&self) -> usize {
        self.degree.len()
    }

    pub fn lives(&self, spot: usize) -> u8 {
        3 - self.degree[spot]
    }

    pub fn regions(&self) -> usize {
        self.regions.len()
    }

    pub fn parts(&self, region: usize) -> &[Part] {
        &self.regions[region]
    }

    /// How many darts there are (two a line; line `e` is darts `2e` and `2e + 1`).
    pub fn darts(&self) -> usize {
        self.origin.len()
    }

    /// The spot a dart leaves from.
    pub fn origin(&self, dart: usize) -> usize {
        self.origin[dart]
    }

    /// The darts leaving `spot`, in their turning order round it.
    pub fn darts_at(&self, spot: usize) -> Vec<usize> {
        let Some(first) = (0..self.origin.len()).find(|&d| self.origin[d] == spot) else {
            return Vec::new();
        };
        let mut out = vec![first];
        let mut d = self.turn[first];
        while d != first {
            out.push(d);
            d = self.turn[d];
        }
        out
    }

    /// The region a corner opens into, and the part of its boundary the corner is on.
    pub fn region_of(&self, corner: Corner) -> Option<(usize, usize)> {
        (0..self.regions.len()).find_map(|r| self.part_of(r, corner).map(|p| (r, p)))
    }

    /// The spot a corner is at.
    pub fn spot_of(&self, corner: Corner) -> usize {
        match corner {
            Corner::Lone(spot) => spot,
            Corner::Before(dart) => self.origin[dart],
        }
    }

    /// The darts of a walk round a region, from `dart`.
    pub fn walk(&self, dart: usize) -> Vec<usize> {
        let mut out = vec![dart];
        let mut d = self.turn[dart ^ 1];
        while d != dart {
            out.push(d);
            d = self.turn[d ^ 1];
        }
        out
    }

    /// A part's corners, in the order the walk meets them.
    pub fn corners(&self, part: Part) -> Vec<Corner> {
        match part {
            Part::Spot(spot) => vec![Corner::Lone(spot)],
            Part::Walk(dart) => self.walk(dart).into_iter().map(Corner::Before).collect(),
        }
    }

    /// Every legal move (at most `MOVES_LIMIT`; None past it).
    pub fn moves(&self) -> Option<Vec<Move>> {
        let mut out = Vec::new();
        for (region, parts) in self.regions.iter().enumerate() {
            // (part, corner) for every corner with a life left.
            let corners: Vec<(usize, Corner)> = parts
                .iter()
                .enumerate()
                .flat_map(|(p, &part)| self.corners(part).into_iter().map(move |c| (p, c)))
                .filter(|&(_, c)| self.lives(self.spot_of(c)) > 0)
                .collect();
            for (i, &(p, from)) in corners.iter().enumerate() {
                for &(q, to) in &corners[i..] {
                    let (u, v) = (self.spot_of(from), self.spot_of(to));
                    if u == v && self.lives(u) < 2 {
                        continue;
                    }
                    if p != q {
                        out.push(Move {
                            region,
                            from,
                            to,
                            inside: Vec::new(),
                        });
                        continue;
                    }
                    // A loop: every way of sharing the region's other parts between its sides.
                    let others: Vec<usize> = (0..parts.len()).filter(|&o| o != p).collect();
                    if others.len() >= 20 || out.len() + (1 << others.len()) > MOVES_LIMIT {
                        return None;
                    }
                    for mask in 0u32..1 << others.len() {
                        let inside = others
                            .iter()
                            .enumerate()
                            .filter(|(k, _)| mask >> k & 1 == 1)
                            .map(|(_, &o)| o)
                            .collect();
                        out.push(Move {
                            region,
                            from,
                            to,
                            inside,
                        });
                    }
                }
            }
        }
        Some(out)
    }

    /// The moves that lead to different positions, each with the position it leads to (the
    /// first move found for each): what a player chooses among, and how a position the engine
    /// picked is drawn.
    pub fn outcomes(&self) -> Option<Vec<(Move, Position)>> {
        Some(
            self.choices(1)?
                .into_iter()
                .filter_map(|(position, mut moves)| Some((moves.pop()?, position)))
                .collect(),
        )
    }

    /// The positions the board's moves lead to, in the order first met, each with the first
    /// `per_position` moves that lead there (a position too narrow to draw one way may be drawn
    /// another).
    pub fn choices(&self, per_position: usize) -> Option<Vec<(Position, Vec<Move>)>> {
        let mut index: std::collections::HashMap<Position, usize> =
            std::collections::HashMap::new();
        let mut out: Vec<(Position, Vec<Move>)> = Vec::new();
        for m in self.moves()? {
            let mut next = self.clone();
            if next.play(&m).is_err() {
                continue;
            }
            let position = next.position();
            match index.get(&position) {
                Some(&k) => {
                    if out[k].1.len() < per_position {
                        out[k].1.push(m);
                    }
                }
                None => {
                    index.insert(position.clone(), out.len());
                    out.push((position, vec![m]));
                }
            }
        }
        Some(out)
    }

    /// A move in words, spots numbered from 1: "a line from spot 1 to spot 2", "a loop from
    /// spot 1, round spot 3, spot 4" (a loop's one side: the parts on the other are the rest).
    /// Moves from different corners of a spot read alike: a player picks among `outcomes`, each
    /// shown with the position it leads to.
    pub fn describe(&self, m: &Move) -> String {
        let end = |corner: Corner| format!("spot {}", self.spot_of(corner) + 1);
        let (from, to) = (end(m.from), end(m.to));
        let parts = &self.regions[m.region];
        let loop_part = self.part_of(m.region, m.from);
        if loop_part.is_none() || loop_part != self.part_of(m.region, m.to) {
            return format!("a line from {from} to {to}");
        }
        let inside: Vec<String> = m
            .inside
            .iter()
            .filter_map(|&k| parts.get(k))
            .map(|&part| match part {
                Part::Spot(s) => format!("spot {}", s + 1),
                Part::Walk(d) => format!("the lines at spot {}", self.origin[d] + 1),
            })
            .collect();
        let what = if from == to {
            format!("a loop from {from}")
        } else {
            format!("a line from {from} to {to}")
        };
        match inside.len() {
            0 => format!("{what}, round nothing else"),
            _ => format!("{what}, round {}", inside.join(", ")),
        }
    }

    /// Which of `region`'s parts a corner is on.
    fn part_of(&self, region: usize, corner: Corner) -> Option<usize> {
        self.regions[region]
            .iter()
            .position(|&part| self.corners(part).contains(&corner))
    }

    /// Plays `m`, or says why it is not a move here (the board is then unchanged).
    pub fn play(&mut self, m: &Move) -> Result<(), String> {
        if m.region >= self.regions.len() {
            return Err(format!("there is no region {}", m.region + 1));
        }
        let (Some(p), Some(q)) = (self.part_of(m.region, m.from), self.part_of(m.region, m.to))
        else {
            return Err("the line must start and end in the same region".into());
        };
        let (u, v) = (self.spot_of(m.from), self.spot_of(m.to));
        if u == v && self.lives(u) < 2 {
            return Err(format!(
                "a loop needs two free ends at its spot, and this one has {} lines",
                self.degree[u]
            ));
        }
        for spot in [u, v] {
            if self.lives(spot) == 0 {
                return Err("a spot takes three lines at most".into());
            }
        }
        let count = self.regions[m.region].len();
        if p != q && !m.inside.is_empty() {
            return Err("a line joining two parts closes no loop: nothing can be inside".into());
        }
        if m.inside.iter().any(|&o| o >= count || o == p) {
            return Err("a part inside the loop is not one of the region's other parts".into());
        }
        // The new spot, and its two lines: u → w (darts a1, b1) and w → v (darts a2, b2).
        let w = self.degree.len();
        self.degree.push(2);
        let a1 = self.origin.len();
        let (b1, a2, b2) = (a1 + 1, a1 + 2, a1 + 3);
        self.origin.extend([u, w, w, v]);
        self.turn.extend([a1, a2, b1, b2]);
        self.insert(a1, m.from, None);
        self.insert(b2, m.to, (m.to == m.from).then_some(a1));
        self.degree[u] += 1;
        self.degree[v] += 1;
        let parts = std::mem::take(&mut self.regions[m.region]);
        if p != q {
            // Two parts become one.
            let mut kept: Vec<Part> = parts
                .iter()
                .enumerate()
                .filter(|&(k, _)| k != p && k != q)
                .map(|(_, &part)| part)
                .collect();
            kept.push(Part::Walk(a1));
            self.regions[m.region] = kept;
        } else {
            // The loop cuts the region: the walk of a1 stays, the walk of b1 is the new side.
            let (mut stay, mut new): (Vec<Part>, Vec<Part>) = (Vec::new(), Vec::new());
            for (k, &part) in parts.iter().enumerate() {
                if k == p {
                    continue;
                }
                if m.inside.contains(&k) {
                    new.push(part);
                } else {
                    stay.push(part);
                }
            }
            stay.push(Part::Walk(a1));
            new.push(Part::Walk(b1));
            self.regions[m.region] = stay;
            self.regions.push(new);
        }
        Ok(())
    }

    /// Puts dart `x` (leaving the corner's spot) into the corner: just before the corner's dart
    /// round the spot, or, when the loop's first end `after` already sits in that corner, just
    /// after it.
    fn insert(&mut self, x: usize, corner: Corner, after: Option<usize>) {
        match (corner, after) {
            (Corner::Lone(_), None) => self.turn[x] = x,
            (Corner::Lone(_), Some(first)) | (Corner::Before(_), Some(first)) => {
                let next = self.turn[first];
                self.turn[first] = x;
                self.turn[x] = next;
            }
            (Corner::Before(dart), None) => {
                let before = self.before(dart);
                self.turn[before] = x;
                self.turn[x] = dart;
            }
        }
    }

    /// The dart just before `dart` round its spot.
    fn before(&self, dart: usize) -> usize {
        let mut d = dart;
        while self.turn[d] != dart {
            d = self.turn[d];
        }
        d
    }

    /// The position the board shows, in Glop's canonical form.
    pub fn position(&self) -> Position {
        // Spots with two lines are named (a letter each), met at each of their two corners.
        let mut names = vec![0 as Sym; self.spots()];
        let mut next = UPPER_FIRST;
        for (spot, &degree) in self.degree.iter().enumerate() {
            if degree == 2 && next <= UPPER_LAST {
                names[spot] = next;
                next += 1;
            }
        }
        let symbol = |spot: usize| match self.degree[spot] {
            0 => SPOT,
            1 => ONE,
            2 => names[spot],
            _ => DEAD,
        };
        let tree: Tree = self
            .regions
            .iter()
            .map(|parts| {
                parts
                    .iter()
                    .map(|&part| {
                        self.corners(part)
                            .into_iter()
                            .map(|c| symbol(self.spot_of(c)))
                            .collect()
                    })
                    .collect()
            })
            .collect();
        canonical_position(vec![tree])
    }
}
