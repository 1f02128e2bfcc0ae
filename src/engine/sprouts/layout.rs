//! Making room on a drawn board: lines pushed apart from each other and from spots, pulled
//! taut along their length, a little at a pass, without ever changing what the drawing means.
//!
//! Points move one at a time, in straight steps, and a step is taken only if nothing touches
//! during it (`Net::safe`): the moving point sweeps a piece, which must keep clear of every line
//! it is not on; each of its own pieces sweeps a triangle, which must keep clear of every other
//! point, and whose new side no line may touch (spots keep their clearance throughout). So no
//! line ever crosses another, none comes nearer a spot than the rules allow, and the order of
//! lines round each spot is kept: the board (regions, corners, sides) is the same board with
//! more room. Steps away from a near line are allowed however near it is, so nothing is stuck
//! where it stands. A point is dropped only by such a step (onto the straight piece between its
//! neighbours), and long pieces are split, so lines stay supple.
//!
//! Deterministic (plain arithmetic and square roots in a fixed order): the same drawing tidies
//! to the same drawing, however the passes are spread over time, so a game's text need only
//! say where a tidy happened. The result is checked (`Drawing::is_sound`) before it is used.

use super::drawing::{Drawing, Point};
use super::route::Bounds;

/// The most passes a tidy makes (it stops early once nothing moves much).
pub const PASSES: usize = 80;

/// The most points (spots and line points) a tidy works with: past it, no piece is split.
const MOST_NODES: usize = 6_000;

/// The most a point moves in one step, in reaches.
const MOST_STEP: f64 = 0.25;

/// How far a line point moves towards the middle of its neighbours in a pass.
const PULL: f64 = 0.5;

/// How much harder lines push a spot than a line point (spots need room round them to be
/// drawn from).
const SPOT_PUSH: f64 = 4.0;

/// A tidy under way, one pass at a time.
pub struct Tidying {
    drawing: Drawing,
    bounds: Bounds,
    spots: Vec<Point>,
    /// Every line's points, from its first spot to its last (kept on the spots).
    lines: Vec<Vec<Point>>,
    pass: usize,
    calm: bool,
}

/// One pass's view of the drawing: every point a node, every piece of line a segment.
struct Net {
    at: Vec<Point>,
    spots: usize,
    /// Per node: (line, distance along it) for each line it is on.
    along: Vec<Vec<(usize, f64)>>,
    /// Per node: its line neighbours (an interior point has two).
    neighbours: Vec<Vec<usize>>,
    segments: Vec<Segment>,
    incident: Vec<Vec<usize>>,
    /// Spots with no line.
    lone: Vec<usize>,
    grid: Grid,
    /// Where each node sits in its line (line, index), for interior points.
    place: Vec<Option<(usize, usize)>>,
}

#[derive(Clone, Copy)]
struct Segment {
    a: usize,
    b: usize,
    line: usize,
    /// Distances along the line of its ends.
    from: f64,
    to: f64,
}

/// Segments by the square cells their boxes touch, for near-by queries.
struct Grid {
    origin: Point,
    cell: f64,
    width: usize,
    height: usize,
    cells: Vec<Vec<usize>>,
    seen: Vec<u32>,
    stamp: u32,
}

impl Tidying {
    pub fn new(drawing: &Drawing, bounds: Bounds) -> Tidying {
        Tidying {
            drawing: drawing.clone(),
            bounds,
            spots: drawing.spots().to_vec(),
            lines: drawing.lines().to_vec(),
            pass: 0,
            calm: false,
        }
    }

    /// Whether this tidy began on `drawing` (the same places).
    pub fn began_on(&self, drawing: &Drawing) -> bool {
        self.drawing.spots() == drawing.spots() && self.drawing.lines() == drawing.lines()
    }

    /// Whether the tidy is over.
    pub fn done(&self) -> bool {
        self.calm || self.pass >= PASSES
    }

    /// How far through (0 to 1).
    pub fn progress(&self) -> f64 {
        if self.done() {
            1.0
        } else {
            self.pass as f64 / PASSES as f64
        }
    }

    /// Makes one pass (none once done).
    pub fn step(&mut self) {
        if self.done() {
            return;
        }
        self.split_long();
        let mut net = self.net();
        let moved = self.relax(&mut net);
        self.drop_points(&mut net);
        self.pass += 1;
        self.calm = moved < 0.02 * self.drawing.reach();
    }

    /// The tidied drawing, if it passes the checks (else None: the drawing stays as it was).
    pub fn finish(mut self) -> Option<Drawing> {
        while !self.done() {
            self.step();
        }
        let tidied = self.drawing.with_places(self.spots, self.lines);
        tidied.is_sound().then_some(tidied)
    }

    /// Splits pieces longer than a reach, so that lines can bend where they need to.
    fn split_long(&mut self) {
        let longest = self.drawing.reach();
        let mut nodes: usize = self.spots.len() + self.lines.iter().map(Vec::len).sum::<usize>();
        for line in &mut self.lines {
            let mut out = Vec::with_capacity(line.len());
            for w in line.windows(2) {
                out.push(w[0]);
                let pieces = (length(w[0], w[1]) / longest).ceil() as usize;
                if pieces > 1 && nodes + pieces < MOST_NODES {
                    for k in 1..pieces {
                        let t = k as f64 / pieces as f64;
                        out.push(lerp(w[0], w[1], t));
                    }
                    nodes += pieces - 1;
                }
            }
            out.push(line[line.len() - 1]);
            *line = out;
        }
    }

    fn net(&self) -> Net {
        let spots = self.spots.len();
        let mut at = self.spots.clone();
        let mut along: Vec<Vec<(usize, f64)>> = vec![Vec::new(); spots];
        let mut neighbours: Vec<Vec<usize>> = vec![Vec::new(); spots];
        let mut place: Vec<Option<(usize, usize)>> = vec![None; spots];
        let mut segments = Vec::new();
        let board = self.drawing.board();
        for (l, line) in self.lines.iter().enumerate() {
            let (first, last) = (board.origin(2 * l), board.origin(2 * l + 1));
            let mut ids = vec![first];
            for (k, &p) in line.iter().enumerate().take(line.len() - 1).skip(1) {
                ids.push(at.len());
                at.push(p);
                along.push(Vec::new());
                neighbours.push(Vec::new());
                place.push(Some((l, k)));
            }
            ids.push(last);
            let mut walked = 0.0;
            for (k, w) in ids.windows(2).enumerate() {
                let step = length(line[k], line[k + 1]);
                segments.push(Segment {
                    a: w[0],
                    b: w[1],
                    line: l,
                    from: walked,
                    to: walked + step,
                });
                along[w[0]].push((l, walked));
                neighbours[w[0]].push(w[1]);
                neighbours[w[1]].push(w[0]);
                walked += step;
            }
            along[last].push((l, walked));
        }
        let mut incident = vec![Vec::new(); at.len()];
        for (k, s) in segments.iter().enumerate() {
            incident[s.a].push(k);
            incident[s.b].push(k);
        }
        let lone = (0..spots).filter(|&s| incident[s].is_empty()).collect();
        let grid = Grid::new(self.bounds, self.drawing.reach(), &at, &segments);
        Net {
            at,
            spots,
            along,
            neighbours,
            segments,
            incident,
            lone,
            grid,
            place,
        }
    }

    /// Moves every node once, by its forces, each as far as is safe; returns the longest move.
    fn relax(&mut self, net: &mut Net) -> f64 {
        let reach = self.drawing.reach();
        let range = 3.0 * reach;
        let most = MOST_STEP * reach;
        let n = net.at.len();
        let mut force = vec![(0.0, 0.0); n];
        // Pushes between each point and the pieces of line near it (not its own, nor its own
        // line's pieces near it along the line: those are held by the pull below).
        for x in 0..n {
            let p = net.at[x];
            let weight = if x < net.spots { SPOT_PUSH } else { 1.0 };
            for s in net.grid.near(p, p, range) {
                let seg = net.segments[s];
                if seg.a == x || seg.b == x {
                    continue;
                }
                let (a, b) = (net.at[seg.a], net.at[seg.b]);
                let (d, t, foot) = foot(p, a, b);
                // A line's own pieces push only where it bends back towards itself (a loop
                // keeps its room inside); along a line, the pull below holds them.
                let bent_back = net
                    .apart_along(x, &seg)
                    .is_none_or(|arc| arc > 1.25 * d + reach);
                if d >= range || d < 1e-9 || !bent_back {
                    continue;
                }
                // A line pushes by its length near the point, not by how many pieces it has.
                let push = weight * (range - d) / range * length(a, b) / reach;
                let dir = ((p.0 - foot.0) / d, (p.1 - foot.1) / d);
                add(&mut force[x], dir, push);
                add(&mut force[seg.a], dir, -push * (1.0 - t));
                add(&mut force[seg.b], dir, -push * t);
            }
            // The box's edges push inwards.
            let edges = [
                (p.0 - self.bounds.min.0, (1.0, 0.0)),
                (self.bounds.max.0 - p.0, (-1.0, 0.0)),
                (p.1 - self.bounds.min.1, (0.0, 1.0)),
                (self.bounds.max.1 - p.1, (0.0, -1.0)),
            ];
            for (d, dir) in edges {
                if d < range {
                    add(&mut force[x], dir, 4.0 * (range - d) / range);
                }
            }
        }
        // Spots push each other apart (a new spot can land near an old one).
        for x in 0..net.spots {
            for y in x + 1..net.spots {
                let (p, q) = (net.at[x], net.at[y]);
                let d = length(p, q);
                if d < range && d > 1e-9 {
                    let dir = ((p.0 - q.0) / d, (p.1 - q.1) / d);
                    let push = 2.0 * (range - d) / range;
                    add(&mut force[x], dir, push);
                    add(&mut force[y], dir, -push);
                }
            }
        }
        // Each line point's push averaged with its neighbours', so that lines move as a whole
        // rather than ripple.
        let force: Vec<Point> = (0..n)
            .map(|x| {
                if x < net.spots {
                    return force[x];
                }
                let (a, b) = (force[net.neighbours[x][0]], force[net.neighbours[x][1]]);
                (
                    0.5 * force[x].0 + 0.25 * (a.0 + b.0),
                    0.5 * force[x].1 + 0.25 * (a.1 + b.1),
                )
            })
            .collect();
        let mut longest: f64 = 0.0;
        for (x, f) in force.iter().enumerate() {
            // Pushed by the forces, then (a line point) pulled taut between its neighbours.
            let step = (most * f.0, most * f.1);
            longest = longest.max(self.move_by(net, x, step, most, true));
            if x >= net.spots {
                let p = net.at[x];
                let (a, b) = (net.at[net.neighbours[x][0]], net.at[net.neighbours[x][1]]);
                let pull = (
                    PULL * ((a.0 + b.0) / 2.0 - p.0),
                    PULL * ((a.1 + b.1) / 2.0 - p.1),
                );
                longest = longest.max(self.move_by(net, x, pull, most, false));
            }
        }
        self.write_back(net, &[]);
        longest
    }

    /// Moves node x by `step` (at most `most`, staying in the box), or by half of it, or a
    /// quarter, … as long as the move is safe (`Net::safe`; `escape`: see `keep`); returns how
    /// far it went.
    fn move_by(&self, net: &mut Net, x: usize, step: Point, most: f64, escape: bool) -> f64 {
        let reach = self.drawing.reach();
        let size = (step.0 * step.0 + step.1 * step.1).sqrt();
        if size < 1e-9 {
            return 0.0;
        }
        let scale = (most / size).min(1.0);
        // Inside the box, a margin from its edges (a point already nearer stays as near).
        let margin = 1.5 * reach;
        let inside = |x: f64, now: f64, lo: f64, hi: f64| {
            x.clamp((lo + margin).min(now), (hi - margin).max(now))
        };
        let p = net.at[x];
        let (min, max) = (self.bounds.min, self.bounds.max);
        let mut to = (
            inside(p.0 + scale * step.0, p.0, min.0, max.0),
            inside(p.1 + scale * step.1, p.1, min.1, max.1),
        );
        for _ in 0..4 {
            if net.safe(x, to, reach, escape) {
                net.at[x] = to;
                return length(p, to);
            }
            to = lerp(p, to, 0.5);
        }
        0.0
    }

    /// Drops line points that lie nearly straight between close neighbours, moving each onto
    /// the piece between them first (a safe move, as any other).
    fn drop_points(&mut self, net: &mut Net) {
        let reach = self.drawing.reach();
        let mut dropped = vec![false; net.at.len()];
        for x in net.spots..net.at.len() {
            let (p, q) = (net.neighbours[x][0], net.neighbours[x][1]);
            if dropped[p] || dropped[q] {
                continue;
            }
            let (a, b) = (net.at[p], net.at[q]);
            if length(a, b) > 0.8 * reach {
                continue;
            }
            let (_, _, onto) = foot(net.at[x], a, b);
            if net.safe(x, onto, reach, false) {
                net.at[x] = onto;
                dropped[x] = true;
            }
        }
        self.write_back(net, &dropped);
    }

    /// The net's places back into spots and lines, without the dropped points.
    fn write_back(&mut self, net: &Net, dropped: &[bool]) {
        self.spots.copy_from_slice(&net.at[..net.spots]);
        let board = self.drawing.board();
        let mut lines: Vec<Vec<Point>> = self
            .lines
            .iter()
            .enumerate()
            .map(|(l, _)| vec![self.spots[board.origin(2 * l)]])
            .collect();
        for x in net.spots..net.at.len() {
            if dropped.get(x).copied().unwrap_or(false) {
                continue;
            }
            if let Some((l, _)) = net.place[x] {
                lines[l].push(net.at[x]);
            }
        }
        for (l, line) in lines.iter_mut().enumerate() {
            line.push(self.spots[board.origin(2 * l + 1)]);
        }
        self.lines = lines;
    }
}

impl Net {
    /// How far along their line node x is from the segment, if they are on one line.
    fn apart_along(&self, x: usize, seg: &Segment) -> Option<f64> {
        self.along[x]
            .iter()
            .filter(|&&(line, _)| line == seg.line)
            .map(|&(_, at)| (at - seg.from).abs().min((at - seg.to).abs()))
            .min_by(f64::total_cmp)
    }

    /// Whether node x may move straight to `to`: during the whole move, nothing comes
    /// nearer anything than it may (`keep`). The moving point sweeps the piece from where it
    /// is to `to`, which must keep clear of every line it is not on; each of its own pieces
    /// sweeps a triangle (the point's two places and the piece's other end), which must keep
    /// clear of every other point, and whose new side no line may touch. Spots stay a reach
    /// apart (or no nearer than they are).
    fn safe(&mut self, x: usize, to: Point, reach: f64, escape: bool) -> bool {
        let p = self.at[x];
        // Everything that could come within a clearance, wherever it has moved this pass.
        let margin = reach / 2.0 + 2.0 * MOST_STEP * reach + 1.0;
        let near = self.grid.near(p, to, margin);
        for &s in &near {
            let seg = self.segments[s];
            if seg.a == x || seg.b == x {
                continue;
            }
            let (a, b) = (self.at[seg.a], self.at[seg.b]);
            let now = foot(p, a, b).0;
            let path = segments_apart(p, to, a, b);
            if path <= keep(now, self.clearance(x, &seg, reach), escape) {
                return false;
            }
        }
        for k in 0..self.incident[x].len() {
            let own = self.segments[self.incident[x][k]];
            let w = if own.a == x { own.b } else { own.a };
            let end = self.at[w];
            let swept = [p, to, end];
            for s in self.grid.near_triangle(swept, margin) {
                let seg = self.segments[s];
                let (a, b) = (self.at[seg.a], self.at[seg.b]);
                for y in [seg.a, seg.b] {
                    if y != x && y != w {
                        let now = foot(self.at[y], p, end).0;
                        let limit = keep(now, self.clearance(y, &own, reach), escape);
                        if triangle_distance(self.at[y], swept) <= limit {
                            return false;
                        }
                    }
                }
                // A line not at x may not touch the piece's new place (a line at w meets it
                // there, and is held by its far point and the path above).
                let at_w = seg.a == w || seg.b == w;
                if seg.a != x && seg.b != x && !at_w && segments_apart(to, end, a, b) <= 0.0 {
                    return false;
                }
            }
            for &y in &self.lone {
                let now = foot(self.at[y], p, end).0;
                if triangle_distance(self.at[y], swept) <= keep(now, reach / 2.0, escape) {
                    return false;
                }
            }
        }
        if x < self.spots {
            for y in (0..self.spots).filter(|&y| y != x) {
                let (now, then) = (length(p, self.at[y]), length(to, self.at[y]));
                if then < reach.min(now) {
                    return false;
                }
            }
        }
        true
    }

    /// How far node `y` keeps from a segment: half a reach for a spot (as a stroke must),
    /// except from the pieces of its own lines next to it (a new spot may sit close to them).
    fn clearance(&self, y: usize, seg: &Segment, reach: f64) -> f64 {
        if y < self.spots && self.apart_along(y, seg).is_none_or(|arc| arc > 2.0 * reach) {
            reach / 2.0
        } else {
            0.0
        }
    }
}

impl Grid {
    fn new(bounds: Bounds, cell: f64, at: &[Point], segments: &[Segment]) -> Grid {
        let width = ((bounds.max.0 - bounds.min.0) / cell).ceil().max(1.0) as usize;
        let height = ((bounds.max.1 - bounds.min.1) / cell).ceil().max(1.0) as usize;
        let mut grid = Grid {
            origin: bounds.min,
            cell,
            width,
            height,
            cells: vec![Vec::new(); width * height],
            seen: vec![0; segments.len()],
            stamp: 0,
        };
        for (k, s) in segments.iter().enumerate() {
            let (a, b) = (at[s.a], at[s.b]);
            let (i0, j0) = grid.cell_of((a.0.min(b.0), a.1.min(b.1)));
            let (i1, j1) = grid.cell_of((a.0.max(b.0), a.1.max(b.1)));
            for j in j0..=j1 {
                for i in i0..=i1 {
                    grid.cells[j * width + i].push(k);
                }
            }
        }
        grid
    }

    fn cell_of(&self, p: Point) -> (usize, usize) {
        let i = ((p.0 - self.origin.0) / self.cell).floor().max(0.0) as usize;
        let j = ((p.1 - self.origin.1) / self.cell).floor().max(0.0) as usize;
        (i.min(self.width - 1), j.min(self.height - 1))
    }

    /// The segments (each once) in the cells that the box round a and b, `margin` wider,
    /// touches: every segment that was within `margin` of it when the grid was made.
    fn near(&mut self, a: Point, b: Point, margin: f64) -> Vec<usize> {
        let lo = (a.0.min(b.0) - margin, a.1.min(b.1) - margin);
        let hi = (a.0.max(b.0) + margin, a.1.max(b.1) + margin);
        self.stamp += 1;
        let (i0, j0) = self.cell_of(lo);
        let (i1, j1) = self.cell_of(hi);
        let mut out = Vec::new();
        for j in j0..=j1 {
            for i in i0..=i1 {
                for &s in &self.cells[j * self.width + i] {
                    if self.seen[s] != self.stamp {
                        self.seen[s] = self.stamp;
                        out.push(s);
                    }
                }
            }
        }
        out
    }

    /// `near` for a triangle.
    fn near_triangle(&mut self, t: [Point; 3], margin: f64) -> Vec<usize> {
        let lo = (
            t[0].0.min(t[1].0).min(t[2].0),
            t[0].1.min(t[1].1).min(t[2].1),
        );
        let hi = (
            t[0].0.max(t[1].0).max(t[2].0),
            t[0].1.max(t[1].1).max(t[2].1),
        );
        self.near(lo, hi, margin)
    }
}

/// How near a move may bring two things now `d` apart: no nearer than `clearance` where that is
/// kept. Where it is not (a new spot put near a line), a push may still move them (`escape`:
/// no nearer than a third of what they are, and pushes go away from spots); the pull along a
/// line may not, or a line pulled taut round a spot would close in on it.
fn keep(d: f64, clearance: f64, escape: bool) -> f64 {
    if d > clearance || !escape {
        clearance
    } else {
        d / 3.0
    }
}

/// How far apart segments ab and cd are (0 where they meet).
fn segments_apart(a: Point, b: Point, c: Point, d: Point) -> f64 {
    if crosses(a, b, c, d) {
        return 0.0;
    }
    foot(a, c, d)
        .0
        .min(foot(b, c, d).0)
        .min(foot(c, a, b).0)
        .min(foot(d, a, b).0)
}

/// Whether segments ab and cd cross properly (each one's ends either side of the other;
/// touching shows as a zero distance in `segments_apart`).
fn crosses(a: Point, b: Point, c: Point, d: Point) -> bool {
    let side = |o: Point, p: Point, q: Point| (p.0 - o.0) * (q.1 - o.1) - (p.1 - o.1) * (q.0 - o.0);
    side(a, b, c) * side(a, b, d) < 0.0 && side(c, d, a) * side(c, d, b) < 0.0
}

/// How far p is from the triangle (0 inside it).
fn triangle_distance(p: Point, t: [Point; 3]) -> f64 {
    let side = |o: Point, q: Point| (q.0 - o.0) * (p.1 - o.1) - (q.1 - o.1) * (p.0 - o.0);
    let (s1, s2, s3) = (side(t[0], t[1]), side(t[1], t[2]), side(t[2], t[0]));
    // (A flat triangle has no inside: only its sides count.)
    let area = (t[1].0 - t[0].0) * (t[2].1 - t[0].1) - (t[1].1 - t[0].1) * (t[2].0 - t[0].0);
    let inside = area != 0.0
        && ((s1 >= 0.0 && s2 >= 0.0 && s3 >= 0.0) || (s1 <= 0.0 && s2 <= 0.0 && s3 <= 0.0));
    if inside {
        return 0.0;
    }
    foot(p, t[0], t[1])
        .0
        .min(foot(p, t[1], t[2]).0)
        .min(foot(p, t[2], t[0]).0)
}

fn add(f: &mut Point, dir: Point, by: f64) {
    f.0 += dir.0 * by;
    f.1 += dir.1 * by;
}

fn length(a: Point, b: Point) -> f64 {
    ((a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1)).sqrt()
}

fn lerp(a: Point, b: Point, t: f64) -> Point {
    (a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1))
}

/// The distance from p to segment ab, where along it the nearest point lies (0 to 1), and
/// that point.
fn foot(p: Point, a: Point, b: Point) -> (f64, f64, Point) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let size = dx * dx + dy * dy;
    let t = if size > 0.0 {
        (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / size).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let f = (a.0 + t * dx, a.1 + t * dy);
    (length(p, f), t, f)
}
