//! Sprouts drawn: the board (`board.rs`) with a place for every spot and a polyline for every
//! line, and what a pencil stroke means on it. A stroke from a spot to a spot is read into the
//! board's move: the corner it leaves and reaches at each end (by its direction among the lines
//! already there), the region it runs through, and, for a stroke that closes a loop, which parts
//! of the region end up on its new side. A stroke that crosses a line or itself, passes through a
//! spot or uses a spot without lives is refused with the reason and the place. Plain geometry,
//! no browser: the page draws these polylines, tests play strokes natively.

use std::f64::consts::TAU;

use super::board::{Board, Corner, Move, Part};

pub type Point = (f64, f64);

/// Why a stroke is not a move.
#[derive(Clone, Debug, PartialEq)]
pub enum Refusal {
    /// It does not start (or end) on a spot.
    NoSpot { at_start: bool },
    /// It is too short to leave its spot.
    TooShort,
    /// It crosses a line already drawn, here.
    Crosses { at: Point },
    /// It crosses itself, here.
    CrossesItself { at: Point },
    /// It passes through a spot on its way.
    ThroughSpot { spot: usize },
    /// A spot at one end has no life left (or, for a loop, fewer than two).
    NoLives { spot: usize },
    /// Its ends open into different regions (it would have to cross a line).
    OtherRegion,
    /// A person's loop too tight to be seen: its new spot would sit on its old one.
    TightLoop,
}

impl Refusal {
    pub fn describe(&self) -> String {
        match self {
            Refusal::NoSpot { at_start: true } => "a line starts on a spot".into(),
            Refusal::NoSpot { at_start: false } => "a line ends on a spot".into(),
            Refusal::TooShort => "the line is too short".into(),
            Refusal::Crosses { .. } => "lines may not cross".into(),
            Refusal::CrossesItself { .. } => "a line may not cross itself".into(),
            Refusal::ThroughSpot { .. } => "a line may not pass through a spot".into(),
            Refusal::NoLives { .. } => "a spot takes three lines at most".into(),
            Refusal::OtherRegion => "a line stays in one region".into(),
            Refusal::TightLoop => "a loop must go round more room than that (draw it wider)".into(),
        }
    }
}

/// How far a person's loop reaches from its spot at least, in `reach`s.
pub const LOOP_REACHES: f64 = 3.0;

#[derive(Clone, Debug)]
pub struct Drawing {
    board: Board,
    spots: Vec<Point>,
    /// Line `e` (darts `2e`, `2e + 1`), from the spot dart `2e` leaves.
    lines: Vec<Vec<Point>>,
    /// How near a point must be to a spot to be on it; lines keep half of it clear of spots.
    reach: f64,
}

impl Drawing {
    /// Spots at these places, no lines; `reach` as above.
    pub fn new(spots: Vec<Point>, reach: f64) -> Drawing {
        Drawing {
            board: Board::new(spots.len()),
            spots,
            lines: Vec::new(),
            reach,
        }
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn spot(&self, spot: usize) -> Point {
        self.spots[spot]
    }

    pub fn lines(&self) -> &[Vec<Point>] {
        &self.lines
    }

    pub fn spots(&self) -> &[Point] {
        &self.spots
    }

    /// How near a point must be to a spot to be on it.
    pub fn reach(&self) -> f64 {
        self.reach
    }

    /// The spot at `p`, if one is within reach (the nearest).
    pub fn spot_at(&self, p: Point) -> Option<usize> {
        self.spot_within(p, self.reach)
    }

    /// The spot nearest `p`, if one is within `reach` (a page's finger-sized reach).
    pub fn spot_within(&self, p: Point, reach: f64) -> Option<usize> {
        (0..self.spots.len())
            .map(|s| (distance(p, self.spots[s]), s))
            .filter(|&(d, _)| d <= reach)
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, s)| s)
    }

    /// The polyline of a dart, from the spot it leaves.
    pub(super) fn dart_line(&self, dart: usize) -> Vec<Point> {
        let mut line = self.lines[dart / 2].clone();
        if dart % 2 == 1 {
            line.reverse();
        }
        line
    }

    /// The direction a polyline leaves its first point in: along its first piece. (Lines do
    /// not touch, so their first pieces leave a spot in the order the lines go round it.)
    pub(super) fn leaving_angle(&self, line: &[Point]) -> f64 {
        let (start, toward) = (line[0], line.get(1).copied().unwrap_or(line[0]));
        (toward.1 - start.1).atan2(toward.0 - start.0)
    }

    /// The corner of `spot` a line leaving at `angle` goes through: the sector after the dart
    /// before it in the turning order (increasing angle).
    fn corner_at(&self, spot: usize, angle: f64) -> (Corner, f64) {
        let darts = self.board.darts_at(spot);
        if darts.is_empty() {
            return (Corner::Lone(spot), 0.0);
        }
        // The first dart met turning from `angle` the way the darts turn.
        let after = |d: usize| (self.leaving_angle(&self.dart_line(d)) - angle).rem_euclid(TAU);
        let next = darts
            .iter()
            .copied()
            .min_by(|&a, &b| after(a).total_cmp(&after(b)))
            .unwrap_or(darts[0]);
        (Corner::Before(next), after(next))
    }

    /// Reads a stroke into the move it draws, or says why it is not one. The stroke runs from
    /// (near) one spot to (near) another, or the same; the move comes with the stroke as it will
    /// be kept (its ends on the spots, and the other way round where a loop needs it).
    pub fn stroke_move(&self, stroke: &[Point]) -> Result<(Move, Vec<Point>), Refusal> {
        if stroke.len() < 2 {
            return Err(Refusal::TooShort);
        }
        let u = self
            .spot_at(stroke[0])
            .ok_or(Refusal::NoSpot { at_start: true })?;
        let v = self
            .spot_at(stroke[stroke.len() - 1])
            .ok_or(Refusal::NoSpot { at_start: false })?;
        // The stroke runs from its spot: what it did within reach of its ends is the pencil
        // finding its way off (or onto) the spot, not part of the line.
        let (pu, pv) = (self.spots[u], self.spots[v]);
        let off = stroke.iter().position(|&p| distance(p, pu) > self.reach);
        let on = stroke.iter().rposition(|&p| distance(p, pv) > self.reach);
        let mut line: Vec<Point> = vec![pu];
        if let (Some(off), Some(on)) = (off, on) {
            if off <= on {
                line.extend_from_slice(&stroke[off..=on]);
            }
        }
        line.push(pv);
        line.dedup();
        if line.len() < 2 || (u == v && line.len() < 4) {
            return Err(Refusal::TooShort);
        }
        for spot in [u, v] {
            let needed = if u == v { 2 } else { 1 };
            if self.board.lives(spot) < needed {
                return Err(Refusal::NoLives { spot });
            }
        }
        self.check_clear(&line, u, v)?;
        let (mut from, mut from_turn) = self.corner_at(u, self.leaving_angle(&line));
        let mut back: Vec<Point> = line.iter().rev().copied().collect();
        let (mut to, mut to_turn) = self.corner_at(v, self.leaving_angle(&back));
        if from == to && from_turn < to_turn {
            // A loop out of and back into one corner: the board puts the line's first end
            // just after the corner's dart and its last end after that; drawn the other way
            // round, the stroke is read backwards.
            std::mem::swap(&mut line, &mut back);
            std::mem::swap(&mut from, &mut to);
            std::mem::swap(&mut from_turn, &mut to_turn);
        }
        let (region, part) = self.board.region_of(from).ok_or(Refusal::OtherRegion)?;
        let (to_region, to_part) = self.board.region_of(to).ok_or(Refusal::OtherRegion)?;
        if to_region != region {
            return Err(Refusal::OtherRegion);
        }
        let mut m = Move {
            region,
            from,
            to,
            inside: Vec::new(),
        };
        if part == to_part {
            m.inside = self.inside_parts(&m, part, &line);
        }
        Ok((m, line))
    }

    /// A person's new stroke read into its move: as `stroke_move`, and a loop must reach at
    /// least `LOOP_REACHES` reaches from its spot, so that it and its new spot can be seen (a
    /// tighter one was taken, then hid under the spots). Lines read back from a kept game go
    /// through `stroke_move` and are taken as they were drawn.
    pub fn new_stroke_move(&self, stroke: &[Point]) -> Result<(Move, Vec<Point>), Refusal> {
        let (m, line) = self.stroke_move(stroke)?;
        let (first, last) = (line[0], line[line.len() - 1]);
        if distance(first, last) < 1e-9 {
            let span = line.iter().map(|&p| distance(p, first)).fold(0.0, f64::max);
            if span < LOOP_REACHES * self.reach {
                return Err(Refusal::TightLoop);
            }
        }
        Ok((m, line))
    }

    /// Checks a stroke crosses no line, not itself, and passes through no spot. Touching counts
    /// as crossing (a stroke through a line's corner point is no way round it), except where the
    /// stroke leaves and reaches its own spots.
    fn check_clear(&self, line: &[Point], u: usize, v: usize) -> Result<(), Refusal> {
        let segments: Vec<(Point, Point)> = line.windows(2).map(|w| (w[0], w[1])).collect();
        let n = segments.len();
        let near = |p: Point, spot: usize| distance(p, self.spots[spot]) < 1e-9;
        // A contact of segment i that is only the stroke touching its own end spot.
        let at_own_end = |i: usize, p: Point| (i == 0 && near(p, u)) || (i == n - 1 && near(p, v));
        for (i, &(a, b)) in segments.iter().enumerate() {
            for (spot, &place) in self.spots.iter().enumerate() {
                let own = (i == 0 && spot == u) || (i == n - 1 && spot == v);
                if !own && segment_distance(place, a, b) < self.reach / 2.0 {
                    return Err(Refusal::ThroughSpot { spot });
                }
            }
            for drawn in &self.lines {
                for w in drawn.windows(2) {
                    if let Some(at) = contact(a, b, w[0], w[1]) {
                        // (Meeting at the spot, not running along the line from it.)
                        if !(at_own_end(i, at) && shared_end(a, b, w[0], w[1]).is_some()) {
                            return Err(Refusal::Crosses { at });
                        }
                    }
                }
            }
            for (j, &(c, d)) in segments.iter().enumerate().skip(i + 2) {
                if let Some(at) = contact(a, b, c, d) {
                    // A loop's first and last pieces meet at its spot.
                    if !(i == 0 && j == n - 1 && near(at, u) && shared_end(a, b, c, d).is_some()) {
                        return Err(Refusal::CrossesItself { at });
                    }
                }
            }
        }
        Ok(())
    }

    /// The parts of the move's region (other than `part`) that a loop drawn along `line` puts
    /// on its new side: the side of the board's dart `b1` (the new line's second dart), whose
    /// region lies to the right of its walk, so inside the walk's polygon when it turns
    /// clockwise and outside it when it turns the other way.
    fn inside_parts(&self, m: &Move, part: usize, line: &[Point]) -> Vec<usize> {
        let mut board = self.board.clone();
        let a1 = board.darts();
        if board.play(m).is_err() {
            return Vec::new();
        }
        let mut lines = self.lines.clone();
        let (first, second) = halves(line);
        lines.push(first);
        lines.push(second);
        let polygon: Vec<Point> = board
            .walk(a1 + 1)
            .into_iter()
            .flat_map(|d| {
                let mut l = lines[d / 2].clone();
                if d % 2 == 1 {
                    l.reverse();
                }
                l.pop();
                l
            })
            .collect();
        let clockwise = signed_area(&polygon) < 0.0;
        self.board
            .parts(m.region)
            .iter()
            .enumerate()
            .filter(|&(k, _)| k != part)
            .filter(|&(_, &p)| {
                let place = match p {
                    Part::Spot(s) => self.spots[s],
                    Part::Walk(d) => self.spots[self.board.origin(d)],
                };
                winds(&polygon, place) == clockwise
            })
            .map(|(k, _)| k)
            .collect()
    }

    /// Plays a stroke: the move it draws, with the new spot halfway along it.
    pub fn play_stroke(&mut self, stroke: &[Point]) -> Result<Move, Refusal> {
        self.play_stroke_at(stroke, 0.5)
    }

    /// Plays a stroke with the new spot `along` its length (0 to 1, kept a reach from its ends).
    pub fn play_stroke_at(&mut self, stroke: &[Point], along: f64) -> Result<Move, Refusal> {
        let (m, line) = self.stroke_move(stroke)?;
        let along = self.placeable(&line, along);
        self.board.play(&m).map_err(|_| Refusal::OtherRegion)?;
        let (first, second) = cut(&line, along);
        self.spots.push(*second.first().unwrap_or(&line[0]));
        self.lines.push(first);
        self.lines.push(second);
        Ok(m)
    }
}

impl Drawing {
    /// The same board with its spots and lines at other places (`layout.rs`); check it with
    /// `is_sound` before use.
    pub(super) fn with_places(&self, spots: Vec<Point>, lines: Vec<Vec<Point>>) -> Drawing {
        Drawing {
            board: self.board.clone(),
            spots,
            lines,
            reach: self.reach,
        }
    }

    /// Whether the places fit the board: every line runs between its spots, no two lines
    /// touch but at a common spot, no line touches a spot not at its ends, spots are apart,
    /// and the lines leave every spot in the board's turning order.
    pub fn is_sound(&self) -> bool {
        self.soundness().is_ok()
    }

    /// `is_sound`, saying what is wrong.
    pub fn soundness(&self) -> Result<(), String> {
        let board = &self.board;
        if self.spots.len() != board.spots() || 2 * self.lines.len() != board.darts() {
            return Err("spots or lines missing".into());
        }
        let ends_fit = self.lines.iter().enumerate().all(|(l, line)| {
            line.len() >= 2
                && line[0] == self.spots[board.origin(2 * l)]
                && line[line.len() - 1] == self.spots[board.origin(2 * l + 1)]
        });
        if !ends_fit {
            return Err("a line does not end on its spots".into());
        }
        // Every piece: (line, index, a, b).
        let pieces: Vec<(usize, usize, Point, Point)> = self
            .lines
            .iter()
            .enumerate()
            .flat_map(|(l, line)| {
                line.windows(2)
                    .enumerate()
                    .map(move |(k, w)| (l, k, w[0], w[1]))
            })
            .collect();
        let is_spot = |p: Point| self.spots.contains(&p);
        for (i, &(l, k, a, b)) in pieces.iter().enumerate() {
            if a == b {
                return Err(format!("line {l} repeats a point"));
            }
            let last = self.lines[l].len() - 2;
            for (s, &place) in self.spots.iter().enumerate() {
                let end = (k == 0 && board.origin(2 * l) == s)
                    || (k == last && board.origin(2 * l + 1) == s);
                if !end && segment_distance(place, a, b) == 0.0 {
                    return Err(format!("line {l} touches spot {s}"));
                }
            }
            for &(m, j, c, d) in &pieces[i + 1..] {
                if contact(a, b, c, d).is_none() {
                    continue;
                }
                // Neighbouring pieces of a line share a point; lines share their spots.
                let fine = match shared_end(a, b, c, d) {
                    Some(p) => (m == l && j == k + 1 && p == b) || is_spot(p),
                    None => false,
                };
                if !fine {
                    return Err(format!("lines {l} and {m} touch"));
                }
            }
        }
        for s in 0..self.spots.len() {
            for t in s + 1..self.spots.len() {
                if self.spots[s] == self.spots[t] {
                    return Err(format!("spots {s} and {t} coincide"));
                }
            }
            let darts = board.darts_at(s);
            if darts.len() < 3 {
                continue;
            }
            // Turning order: sorted by leaving angle, the darts follow the board's round.
            let mut by_angle = darts.clone();
            let angle = |d: usize| self.leaving_angle(&self.dart_line(d));
            by_angle.sort_by(|&x, &y| angle(x).total_cmp(&angle(y)));
            let start = by_angle.iter().position(|&d| d == darts[0]).unwrap_or(0);
            let round: Vec<usize> = (0..darts.len())
                .map(|k| by_angle[(start + k) % darts.len()])
                .collect();
            if round != darts {
                return Err(format!("lines leave spot {s} out of turn"));
            }
        }
        Ok(())
    }

    /// Where along a line (0 to 1) a new spot may go, nearest `along`: a reach from either end
    /// (the middle of a line too short for that), and where it can, a reach from every spot
    /// (a line may pass nearer a spot than that, or curl back near its own end).
    pub fn placeable(&self, line: &[Point], along: f64) -> f64 {
        let total = length(line);
        let margin = if total > 0.0 { self.reach / total } else { 0.5 };
        if margin >= 0.5 {
            return 0.5;
        }
        let wanted = along.clamp(margin, 1.0 - margin);
        let clear = |t: f64| {
            let (_, rest) = cut(line, t);
            let p = rest[0];
            self.spots.iter().all(|&s| distance(p, s) >= self.reach)
        };
        // The nearest clear place, looked for in steps of a tenth of a reach either way.
        let step = 0.1 * self.reach / total;
        let steps = ((1.0 - 2.0 * margin) / step).ceil() as usize;
        (0..=steps)
            .flat_map(|k| [wanted - k as f64 * step, wanted + k as f64 * step])
            .find(|&t| (margin..=1.0 - margin).contains(&t) && clear(t))
            .unwrap_or(wanted)
    }

    /// Where along a line (0 to 1) its point nearest `p` lies, and how far `p` is from it.
    pub fn nearest_along(line: &[Point], p: Point) -> (f64, f64) {
        let total = length(line).max(1e-12);
        let mut walked = 0.0;
        let mut best = (0.0, f64::INFINITY);
        for w in line.windows(2) {
            let step = distance(w[0], w[1]);
            let d = segment_distance(p, w[0], w[1]);
            if d < best.1 {
                let (dx, dy) = (w[1].0 - w[0].0, w[1].1 - w[0].1);
                let t = if step > 0.0 {
                    (((p.0 - w[0].0) * dx + (p.1 - w[0].1) * dy) / (step * step)).clamp(0.0, 1.0)
                } else {
                    0.0
                };
                best = ((walked + t * step) / total, d);
            }
            walked += step;
        }
        best
    }
}

/// A freehand stroke made fit to keep: its jitter dropped (points within a unit of the line
/// through those kept) and its corners rounded.
pub fn smoothed_stroke(stroke: &[Point]) -> Vec<Point> {
    let mut points = stroke.to_vec();
    points.dedup();
    if points.len() < 3 {
        return points;
    }
    rounded(&simplified(&points, 1.0), 2)
}

/// Rounds a polyline's corners (Chaikin's corner cutting), `rounds` times, keeping its ends.
pub(super) fn rounded(points: &[Point], rounds: usize) -> Vec<Point> {
    let mut points = points.to_vec();
    if points.len() < 3 {
        return points;
    }
    for _ in 0..rounds {
        let mut next = vec![points[0]];
        for w in points.windows(2) {
            let (a, b) = (w[0], w[1]);
            next.push((0.75 * a.0 + 0.25 * b.0, 0.75 * a.1 + 0.25 * b.1));
            next.push((0.25 * a.0 + 0.75 * b.0, 0.25 * a.1 + 0.75 * b.1));
        }
        next.push(points[points.len() - 1]);
        points = next;
    }
    points
}

/// The points that matter to a polyline's shape (Ramer–Douglas–Peucker): the points dropped
/// lie within `tolerance` of the simplified line.
pub(super) fn simplified(points: &[Point], tolerance: f64) -> Vec<Point> {
    let n = points.len();
    if n < 3 {
        return points.to_vec();
    }
    let mut keep = vec![false; n];
    keep[0] = true;
    keep[n - 1] = true;
    let mut stack = vec![(0, n - 1)];
    while let Some((a, b)) = stack.pop() {
        let farthest = (a + 1..b)
            .map(|i| (segment_distance(points[i], points[a], points[b]), i))
            .max_by(|x, y| x.0.total_cmp(&y.0));
        if let Some((d, i)) = farthest {
            if d > tolerance {
                keep[i] = true;
                stack.push((a, i));
                stack.push((i, b));
            }
        }
    }
    (0..n).filter(|&i| keep[i]).map(|i| points[i]).collect()
}

/// A polyline's length.
pub fn length(line: &[Point]) -> f64 {
    line.windows(2).map(|w| distance(w[0], w[1])).sum()
}

/// A polyline cut at half its length: the two halves share the cut point.
fn halves(line: &[Point]) -> (Vec<Point>, Vec<Point>) {
    cut(line, 0.5)
}

/// A polyline cut `along` its length (0 to 1): the two pieces share the cut point.
pub fn cut(line: &[Point], along: f64) -> (Vec<Point>, Vec<Point>) {
    let total = length(line);
    let wanted = total * along.clamp(0.0, 1.0);
    let mut walked = 0.0;
    for (i, w) in line.windows(2).enumerate() {
        let step = distance(w[0], w[1]);
        if walked + step >= wanted && step > 0.0 {
            let t = (wanted - walked) / step;
            let cut = (
                w[0].0 + t * (w[1].0 - w[0].0),
                w[0].1 + t * (w[1].1 - w[0].1),
            );
            let mut first = line[..=i].to_vec();
            first.push(cut);
            let mut second = vec![cut];
            second.extend_from_slice(&line[i + 1..]);
            first.dedup();
            second.dedup();
            return (first, second);
        }
        walked += step;
    }
    (line.to_vec(), vec![line[line.len() - 1]])
}

pub(super) fn distance(a: Point, b: Point) -> f64 {
    (a.0 - b.0).hypot(a.1 - b.1)
}

pub(super) fn cross(o: Point, a: Point, b: Point) -> f64 {
    (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
}

/// Where segments ab and cd meet, if they do (crossing or touching; for overlapping collinear
/// segments, a point of the overlap).
pub(super) fn contact(a: Point, b: Point, c: Point, d: Point) -> Option<Point> {
    let (d1, d2) = (cross(a, b, c), cross(a, b, d));
    let (d3, d4) = (cross(c, d, a), cross(c, d, b));
    if d1 * d2 > 0.0 || d3 * d4 > 0.0 {
        return None;
    }
    if d1 == 0.0 && d2 == 0.0 {
        // Collinear: they meet where one's end lies on the other.
        return [c, d]
            .into_iter()
            .find(|&p| segment_distance(p, a, b) == 0.0)
            .or_else(|| {
                [a, b]
                    .into_iter()
                    .find(|&p| segment_distance(p, c, d) == 0.0)
            });
    }
    let t = d3 / (d3 - d4);
    Some((a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1)))
}

/// The end segments ab and cd share, if they meet only there (and do not overlap).
fn shared_end(a: Point, b: Point, c: Point, d: Point) -> Option<Point> {
    let p = [a, b].into_iter().find(|&p| p == c || p == d)?;
    let (x, y) = (if p == a { b } else { a }, if p == c { d } else { c });
    (segment_distance(x, c, d) > 0.0 && segment_distance(y, a, b) > 0.0).then_some(p)
}

pub(super) fn segment_distance(p: Point, a: Point, b: Point) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let length = dx * dx + dy * dy;
    if length == 0.0 {
        return distance(p, a);
    }
    let t = (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / length).clamp(0.0, 1.0);
    distance(p, (a.0 + t * dx, a.1 + t * dy))
}

fn signed_area(polygon: &[Point]) -> f64 {
    let n = polygon.len();
    (0..n)
        .map(|i| {
            let (a, b) = (polygon[i], polygon[(i + 1) % n]);
            a.0 * b.1 - b.0 * a.1
        })
        .sum::<f64>()
        / 2.0
}

/// Whether the closed polygon winds round `p` (a non-zero winding number).
fn winds(polygon: &[Point], p: Point) -> bool {
    let n = polygon.len();
    let mut winding = 0i32;
    for i in 0..n {
        let (a, b) = (polygon[i], polygon[(i + 1) % n]);
        if a.1 <= p.1 {
            if b.1 > p.1 && cross(a, b, p) > 0.0 {
                winding += 1;
            }
        } else if b.1 <= p.1 && cross(a, b, p) < 0.0 {
            winding -= 1;
        }
    }
    winding != 0
}
