//! The computer's pencil: draws a move chosen on the board (`board.rs`) as a curve on the
//! drawing (`drawing.rs`), under the same rules as a person's stroke.
//!
//! The free space is laid on a grid of small cells; cells too near a line or a spot are
//! blocked, and a path prefers cells with room around them, so curves run down the middle of
//! the space they use. A line between two parts of a region's boundary may run anywhere in it.
//! A line that closes a loop must leave the right parts on each side: before it is drawn, each
//! other part is tied by a cut (a chain of cells) to the stretch of boundary on its side, or to
//! a stub beside the spot for a loop out of one corner; the cuts are then walls, and the only
//! way from one end to the other leaves every part where it belongs. Every curve is checked by
//! reading it back as a person's stroke (`Drawing::stroke_move`): a curve that does not reach the
//! chosen position is never returned.

use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::f64::consts::{PI, TAU};

use super::board::{Corner, Move, Part};
use super::drawing::{
    contact, cross, distance, rounded, segment_distance, simplified, Drawing, Point,
};
use super::position::Position;

/// The box a drawing lives in; curves stay inside it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bounds {
    pub min: Point,
    pub max: Point,
}

/// How many moves leading to one position are tried before giving up on it.
pub const CANDIDATES_LIMIT: usize = 12;

/// The grids a move is tried on, coarse (fast) to fine (where space has grown narrow), as
/// fractions of the drawing's reach.
const GRIDS: [f64; 3] = [1.0 / 3.0, 1.0 / 6.0, 1.0 / 10.0];

/// A stroke that draws `m` (or a move to the same position), from `m`'s first spot to its last,
/// or None when no way through the free space was found.
pub fn draw_move(drawing: &Drawing, m: &Move, bounds: Bounds) -> Option<Vec<Point>> {
    (0..GRIDS.len()).find_map(|grid| draw_move_on(drawing, m, bounds, grid))
}

/// `draw_move` on one grid.
fn draw_move_on(drawing: &Drawing, m: &Move, bounds: Bounds, grid: usize) -> Option<Vec<Point>> {
    let mut after = drawing.board().clone();
    after.play(m).ok()?;
    let target = after.position();
    let cell = drawing.reach() * GRIDS[grid];
    let router = Router::new(drawing, bounds, cell);
    // Either stretch of boundary for the loop's chosen side.
    for flip in [false, true] {
        let Some(line) = router.route(m, flip) else {
            continue;
        };
        // Straightened and rounded; rounded only; as found.
        for (rounds, straighten) in [(3, 0.5 * cell), (3, 0.0), (0, 0.0)] {
            let stroke = smoothed(&line, rounds, straighten);
            // Glop's canonical form can write one position two ways; the way round a curve
            // is drawn picks which, so both ways are tried.
            let back: Vec<Point> = stroke.iter().rev().copied().collect();
            for stroke in [stroke, back] {
                if reaches(drawing, &stroke, &target) {
                    return Some(stroke);
                }
            }
        }
    }
    None
}

/// Drawing one of several positions, in order of preference, one try (a move on a grid) at a
/// time: a page spreads the tries over its time slices, and a position that cannot be drawn
/// gives way to the next.
pub struct Drafts {
    drawing: Drawing,
    bounds: Bounds,
    /// The positions wanted, each with the moves that lead there.
    targets: Vec<(Position, Vec<Move>)>,
    /// The next try: which target, which grid, which of its moves.
    target: usize,
    grid: usize,
    candidate: usize,
}

/// Where the drafts stand.
#[derive(Clone, Debug, PartialEq)]
pub enum Draft {
    Trying,
    /// Target `target` (its place in the list given) is drawn by this stroke.
    Drawn {
        target: usize,
        stroke: Vec<Point>,
    },
    /// No target could be drawn.
    Exhausted,
}

impl Drafts {
    /// Drafts for these targets (positions with moves to them: `Board::choices`), first to last.
    pub fn new(drawing: &Drawing, targets: Vec<(Position, Vec<Move>)>, bounds: Bounds) -> Drafts {
        Drafts {
            drawing: drawing.clone(),
            bounds,
            targets,
            target: 0,
            grid: 0,
            candidate: 0,
        }
    }

    /// Makes one try.
    pub fn step(&mut self) -> Draft {
        let Some((_, moves)) = self.targets.get(self.target) else {
            return Draft::Exhausted;
        };
        let tried = moves
            .get(self.candidate)
            .and_then(|m| draw_move_on(&self.drawing, m, self.bounds, self.grid));
        if let Some(stroke) = tried {
            return Draft::Drawn {
                target: self.target,
                stroke,
            };
        }
        // Every move of the target on this grid, then on the next grid, then the next target.
        self.candidate += 1;
        if self.candidate >= moves.len() {
            self.candidate = 0;
            self.grid += 1;
            if self.grid >= GRIDS.len() {
                self.grid = 0;
                self.target += 1;
            }
        }
        if self.target >= self.targets.len() {
            return Draft::Exhausted;
        }
        Draft::Trying
    }
}

/// A move to `target` and its stroke: of the board's moves that lead there, the first that can
/// be drawn (at most `CANDIDATES_LIMIT` tried), all at once (natively; a page uses `Drafts`).
pub fn draw_position(
    drawing: &Drawing,
    target: &Position,
    bounds: Bounds,
) -> Option<(Move, Vec<Point>)> {
    let choices = drawing.board().choices(CANDIDATES_LIMIT)?;
    let (position, moves) = choices.into_iter().find(|(p, _)| p == target)?;
    let mut drafts = Drafts::new(drawing, vec![(position, moves.clone())], bounds);
    loop {
        match drafts.step() {
            Draft::Trying => {}
            Draft::Exhausted => return None,
            Draft::Drawn { stroke, .. } => {
                let (m, _) = drawing.stroke_move(&stroke).ok()?;
                return Some((m, stroke));
            }
        }
    }
}

/// Whether a stroke, read as a person's, is a move to `target`.
fn reaches(drawing: &Drawing, stroke: &[Point], target: &Position) -> bool {
    let Ok((m, _)) = drawing.stroke_move(stroke) else {
        return false;
    };
    let mut board = drawing.board().clone();
    board.play(&m).is_ok() && &board.position() == target
}

/// Straightens a path of cells (its grid steps dropped where they stay within `straighten` of
/// the line kept) and rounds its corners, keeping its first two and last two points: the
/// straight pieces out of the spots decide which corner the line uses. No rounds: as it is.
fn smoothed(line: &[Point], rounds: usize, straighten: f64) -> Vec<Point> {
    if line.len() < 5 || rounds == 0 {
        return line.to_vec();
    }
    let n = line.len();
    let mut out = vec![line[0]];
    let straight = simplified(&line[1..n - 1], straighten);
    out.extend(simplified(&rounded(&straight, rounds), 0.2));
    out.push(line[n - 1]);
    out
}

/// Where `spots` spots start in `bounds`: in rows across the box, every other row shifted by
/// half a place, so that no three stand in a line more than they must.
pub fn start_places(spots: usize, bounds: Bounds) -> Vec<Point> {
    let (w, h) = (bounds.max.0 - bounds.min.0, bounds.max.1 - bounds.min.1);
    if spots == 0 {
        return Vec::new();
    }
    let columns = ((spots as f64 * w / h).sqrt().ceil() as usize).clamp(1, spots);
    let rows = spots.div_ceil(columns);
    let mut out = Vec::with_capacity(spots);
    for row in 0..rows {
        let in_row = (spots - row * columns).min(columns);
        let y = bounds.min.1 + h * (row as f64 + 0.5) / rows as f64;
        let shift = if row % 2 == 1 { 0.25 } else { 0.0 };
        for k in 0..in_row {
            let x = bounds.min.0 + w * (k as f64 + 0.5 + shift) / in_row as f64;
            let x = x.min(bounds.max.0 - w / (4.0 * in_row as f64));
            out.push((x, y));
        }
    }
    out
}

/// The free space of one drawing on a grid.
struct Router<'a> {
    drawing: &'a Drawing,
    origin: Point,
    cell: f64,
    width: usize,
    height: usize,
    /// Cells too near a line (within `clearance`) or a spot (within `spot_clearance`).
    blocked: Vec<bool>,
    /// Each free cell's distance to the nearest blocked one, in cells.
    room: Vec<u16>,
    clearance: f64,
    spot_clearance: f64,
}

/// The cells either side of the curve to be drawn: cuts of one side reach these.
struct Side {
    goal: Vec<bool>,
}

impl Side {
    /// A wall cell of this side: a cut reaching a cell beside it has arrived.
    fn reach_beside(&mut self, router: &Router, wall: usize) {
        for n in router.beside(wall) {
            self.goal[n] = true;
        }
    }
}

impl<'a> Router<'a> {
    fn new(drawing: &'a Drawing, bounds: Bounds, cell: f64) -> Router<'a> {
        let width = ((bounds.max.0 - bounds.min.0) / cell).ceil().max(1.0) as usize;
        let height = ((bounds.max.1 - bounds.min.1) / cell).ceil().max(1.0) as usize;
        let mut router = Router {
            drawing,
            origin: bounds.min,
            cell,
            width,
            height,
            blocked: vec![false; width * height],
            room: Vec::new(),
            clearance: 1.5 * cell,
            spot_clearance: drawing.reach() / 2.0 + 1.5 * cell,
        };
        for line in drawing.lines() {
            for w in line.windows(2) {
                let (a, b, r) = (w[0], w[1], router.clearance);
                router.each_near(a, b, r, |router, k| router.blocked[k] = true);
            }
        }
        for &spot in drawing.spots() {
            let r = router.spot_clearance;
            router.each_near(spot, spot, r, |router, k| router.blocked[k] = true);
        }
        router.room = router.measure_room();
        router
    }

    fn centre(&self, k: usize) -> Point {
        let (i, j) = (k % self.width, k / self.width);
        (
            self.origin.0 + (i as f64 + 0.5) * self.cell,
            self.origin.1 + (j as f64 + 0.5) * self.cell,
        )
    }

    fn cell_at(&self, p: Point) -> Option<usize> {
        let i = ((p.0 - self.origin.0) / self.cell).floor();
        let j = ((p.1 - self.origin.1) / self.cell).floor();
        if i < 0.0 || j < 0.0 || i >= self.width as f64 || j >= self.height as f64 {
            return None;
        }
        Some(j as usize * self.width + i as usize)
    }

    /// Calls `f` for every cell whose centre lies within `r` of segment ab.
    fn each_near(&mut self, a: Point, b: Point, r: f64, mut f: impl FnMut(&mut Self, usize)) {
        for k in self.cells_near(a, b, r) {
            f(self, k);
        }
    }

    fn cells_near(&self, a: Point, b: Point, r: f64) -> Vec<usize> {
        let lo = |x: f64, o: f64| (((x - r - o) / self.cell).floor().max(0.0)) as usize;
        let hi = |x: f64, o: f64, n: usize| {
            ((((x + r - o) / self.cell).ceil()).max(0.0) as usize).min(n)
        };
        let (i0, i1) = (
            lo(a.0.min(b.0), self.origin.0),
            hi(a.0.max(b.0), self.origin.0, self.width),
        );
        let (j0, j1) = (
            lo(a.1.min(b.1), self.origin.1),
            hi(a.1.max(b.1), self.origin.1, self.height),
        );
        let mut out = Vec::new();
        for j in j0..j1 {
            for i in i0..i1 {
                let k = j * self.width + i;
                if segment_distance(self.centre(k), a, b) < r {
                    out.push(k);
                }
            }
        }
        out
    }

    /// The four cells beside cell `k`.
    fn beside(&self, k: usize) -> impl Iterator<Item = usize> + '_ {
        let (i, j) = (k % self.width, k / self.width);
        let (w, h) = (self.width, self.height);
        [
            (i > 0).then(|| k - 1),
            (i + 1 < w).then(|| k + 1),
            (j > 0).then(|| k - w),
            (j + 1 < h).then(|| k + w),
        ]
        .into_iter()
        .flatten()
    }

    /// Each cell's distance (in steps) to a blocked cell or the grid's edge.
    fn measure_room(&self) -> Vec<u16> {
        let mut room = vec![u16::MAX; self.blocked.len()];
        let mut queue = std::collections::VecDeque::new();
        for (k, room) in room.iter_mut().enumerate() {
            let (i, j) = (k % self.width, k / self.width);
            let edge = i == 0 || j == 0 || i + 1 == self.width || j + 1 == self.height;
            if self.blocked[k] {
                *room = 0;
                queue.push_back(k);
            } else if edge {
                *room = 1;
                queue.push_back(k);
            }
        }
        while let Some(k) = queue.pop_front() {
            let next = room[k] + 1;
            let beside: Vec<usize> = self.beside(k).collect();
            for n in beside {
                if room[n] > next {
                    room[n] = next;
                    queue.push_back(n);
                }
            }
        }
        room
    }

    /// The cheapest path of free cells from any source to any goal cell: steps into cells with
    /// little room cost more. `diagonal` allows diagonal steps between two free cells.
    fn path(
        &self,
        blocked: &[bool],
        sources: &[usize],
        goal: &[bool],
        diagonal: bool,
    ) -> Option<Vec<usize>> {
        let n = blocked.len();
        let mut cost = vec![f64::INFINITY; n];
        let mut from = vec![usize::MAX; n];
        let mut heap = BinaryHeap::new();
        for &s in sources {
            if !blocked[s] {
                cost[s] = 0.0;
                heap.push(Step(0.0, s));
            }
        }
        let w = self.width as isize;
        while let Some(Step(c, k)) = heap.pop() {
            if c > cost[k] {
                continue;
            }
            if goal[k] {
                let mut out = vec![k];
                while from[out[out.len() - 1]] != usize::MAX {
                    out.push(from[out[out.len() - 1]]);
                }
                out.reverse();
                return Some(out);
            }
            let (i, j) = ((k % self.width) as isize, (k / self.width) as isize);
            let steps: &[(isize, isize)] = if diagonal {
                &[
                    (1, 0),
                    (-1, 0),
                    (0, 1),
                    (0, -1),
                    (1, 1),
                    (1, -1),
                    (-1, 1),
                    (-1, -1),
                ]
            } else {
                &[(1, 0), (-1, 0), (0, 1), (0, -1)]
            };
            for &(di, dj) in steps {
                let (ni, nj) = (i + di, j + dj);
                if ni < 0 || nj < 0 || ni >= w || nj >= self.height as isize {
                    continue;
                }
                let next = (nj * w + ni) as usize;
                if blocked[next] {
                    continue;
                }
                if di != 0 && dj != 0 {
                    // No cutting past a blocked cell's corner.
                    let (side1, side2) = ((j * w + ni) as usize, (nj * w + i) as usize);
                    if blocked[side1] || blocked[side2] {
                        continue;
                    }
                }
                let length = if di != 0 && dj != 0 { 1.5 } else { 1.0 };
                let room = f64::from(self.room[next].max(1));
                let step = length * (1.0 + 40.0 / (room * room));
                if c + step < cost[next] {
                    cost[next] = c + step;
                    from[next] = k;
                    heap.push(Step(c + step, next));
                }
            }
        }
        None
    }

    /// The corner's opening at its spot: the angle it starts at and how wide it is, turning the
    /// way the darts do (a lone spot's corner is the whole turn, from angle 0).
    fn opening(&self, corner: Corner) -> (f64, f64) {
        let board = self.drawing.board();
        let Corner::Before(dart) = corner else {
            return (0.0, TAU);
        };
        let darts = board.darts_at(board.origin(dart));
        let at = darts.iter().position(|&d| d == dart).unwrap_or(0);
        let before = darts[(at + darts.len() - 1) % darts.len()];
        let angle = |d: usize| self.drawing.leaving_angle(&self.drawing.dart_line(d));
        let (from, to) = (angle(before), angle(dart));
        let wide = (to - from).rem_euclid(TAU);
        (from, if wide < 1e-9 { TAU } else { wide })
    }

    /// Where a line leaving `spot` at `angle` reaches free space: the first free cell along the
    /// ray beyond the spot's own clearance (and `least` out), whose straight way back to the spot touches no line.
    fn exit(&self, spot: usize, angle: f64, least: f64) -> Option<(Point, usize)> {
        let centre = self.drawing.spot(spot);
        let reach = self.drawing.reach();
        let (dx, dy) = (angle.cos(), angle.sin());
        let mut r = least.max(self.spot_clearance + self.cell);
        while r < 6.0 * reach {
            let p = (centre.0 + r * dx, centre.1 + r * dy);
            let inner = (centre.0 + 0.3 * reach * dx, centre.1 + 0.3 * reach * dy);
            if let Some(k) = self.cell_at(p) {
                let clear = self.drawing.lines().iter().all(|line| {
                    line.windows(2)
                        .all(|w| contact(inner, p, w[0], w[1]).is_none())
                });
                if !clear {
                    return None;
                }
                if !self.blocked[k] {
                    return Some((p, k));
                }
            } else {
                return None;
            }
            r += self.cell / 2.0;
        }
        None
    }

    /// Where a line leaves `spot` through the opening from angle `from`, `wide` across: down
    /// its middle if it can, else nearer one side.
    fn exit_within(&self, spot: usize, from: f64, wide: f64) -> Option<(Point, usize)> {
        [0.5, 0.35, 0.65, 0.2, 0.8, 0.1, 0.9]
            .into_iter()
            .find_map(|f| self.exit(spot, from + f * wide, 0.0))
    }

    /// The cells along segment ab (a chain with no gap a path could slip through).
    fn chain(&self, a: Point, b: Point) -> Vec<usize> {
        let steps = (distance(a, b) / (self.cell / 4.0)).ceil().max(1.0) as usize;
        let mut out: Vec<usize> = Vec::new();
        for s in 0..=steps {
            let t = s as f64 / steps as f64;
            if let Some(k) = self.cell_at((a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1))) {
                if out.last() != Some(&k) {
                    out.push(k);
                }
            }
        }
        out
    }

    /// The free cells touching a part, on the region's side: a lone spot all round; a walk on
    /// the right of each of its darts (a region lies to the right of its walks). A cut starts or
    /// ends on them, leaving no gap between it and the part.
    fn beside_part(&self, part: Part, off: &dyn Fn(Point) -> bool) -> Vec<usize> {
        match part {
            Part::Spot(s) => {
                let p = self.drawing.spot(s);
                let r = self.spot_clearance;
                self.cells_near(p, p, r + 2.0 * self.cell)
                    .into_iter()
                    .filter(|&k| self.room[k] == 1)
                    .collect()
            }
            Part::Walk(d) => {
                let darts = self.drawing.board().walk(d);
                self.beside_darts(&darts, off)
            }
        }
    }

    fn beside_darts(&self, darts: &[usize], off: &dyn Fn(Point) -> bool) -> Vec<usize> {
        let mut out = Vec::new();
        for &d in darts {
            let line = self.drawing.dart_line(d);
            for w in line.windows(2) {
                let (a, b) = (w[0], w[1]);
                for k in self.cells_near(a, b, self.clearance + 2.0 * self.cell) {
                    let p = self.centre(k);
                    if self.room[k] != 1 || cross(a, b, p) >= 0.0 || !along(p, a, b) || off(p) {
                        continue;
                    }
                    out.push(k);
                }
            }
        }
        out
    }

    /// The polyline of move `m`, from its first spot to its last. `flip` puts the parts on the
    /// loop's chosen side with the other stretch of boundary (which of the two stretches is the
    /// loop's new side depends on the way it turns; the caller tries both).
    fn route(&self, m: &Move, flip: bool) -> Option<Vec<Point>> {
        let board = self.drawing.board();
        let (u, v) = (board.spot_of(m.from), board.spot_of(m.to));
        let (region, p) = board.region_of(m.from)?;
        let (_, q) = board.region_of(m.to)?;
        let parts = board.parts(region);
        let mut blocked = self.blocked.clone();
        let reach = self.drawing.reach();
        let (pu, pv) = (self.drawing.spot(u), self.drawing.spot(v));
        let (start, end);
        // The cells each side's cuts may reach, and walls laid before the cuts.
        let mut inner = Side {
            goal: vec![false; blocked.len()],
        };
        let mut outer = Side {
            goal: vec![false; blocked.len()],
        };
        let mut walls: Vec<usize> = Vec::new();
        if p != q {
            let (from, wide) = self.opening(m.from);
            start = self.exit_within(u, from, wide)?;
            let (from, wide) = self.opening(m.to);
            end = self.exit_within(v, from, wide)?;
        } else if m.from == m.to {
            // A loop out of one corner: a stub down the corner's middle holds the parts inside;
            // the line leaves on one side of it and comes back on the other.
            let (from, wide) = match m.from {
                Corner::Lone(_) => {
                    let towards = self.roomiest(u);
                    (towards - PI, TAU)
                }
                Corner::Before(_) => self.opening(m.from),
            };
            let middle = from + wide / 2.0;
            let spread = (wide / 2.0).min(1.2);
            // Far enough out that the two ends and the stub between them are cells apart.
            let least = 3.0 * self.cell / (spread / 2.0).sin();
            start = self.exit(u, middle - spread / 2.0, least)?;
            end = self.exit(u, middle + spread / 2.0, least)?;
            let stub = self.stub(
                pu,
                middle,
                (2.5 * reach).max(least + 2.0 * self.cell),
                &blocked,
            );
            for &k in &stub {
                inner.reach_beside(self, k);
            }
            // A round end to the stub, where there is room, makes a round loop with room inside.
            if let Some(&tip) = stub.last() {
                // (Room counts steps along the grid: a disc needs a little less than that.)
                let room = f64::from(self.room[tip]) / 2f64.sqrt() - 3.0;
                let r = (1.5 * reach).min(room * self.cell);
                if r > self.cell {
                    let at = self.centre(tip);
                    for k in self.cells_near(at, at, r) {
                        inner.reach_beside(self, k);
                        walls.push(k);
                    }
                }
            }
            walls.extend(stub);
            match m.from {
                Corner::Lone(_) => {
                    // No lines hold the line's way back round the spot: a second stub does.
                    let back = self.stub(pu, middle + PI, 2.5 * reach, &blocked);
                    for &k in &back {
                        outer.reach_beside(self, k);
                    }
                    walls.extend(back);
                }
                Corner::Before(_) => {
                    // Not in the corner itself, where the parts inside are held.
                    let near = distance(start.0, pu) + 2.0 * self.cell;
                    let in_corner = |x: Point| {
                        let angle = (x.1 - pu.1).atan2(x.0 - pu.0);
                        distance(x, pu) < near && (angle - from).rem_euclid(TAU) < wide
                    };
                    for k in self.beside_part(parts[p], &in_corner) {
                        outer.goal[k] = true;
                    }
                }
            }
        } else {
            // A line between two corners of one walk: the parts inside are tied to the stretch
            // of the walk from one corner to the other, the rest to the other stretch.
            let (Corner::Before(a), Corner::Before(b)) = (m.from, m.to) else {
                return None;
            };
            let (from, wide) = self.opening(m.from);
            start = self.exit_within(u, from, wide)?;
            let (from, wide) = self.opening(m.to);
            end = self.exit_within(v, from, wide)?;
            let walk = board.walk(a);
            let split = walk.iter().position(|&d| d == b)?;
            let at_ends = |x: Point| distance(x, pu).min(distance(x, pv)) < reach;
            for k in self.beside_darts(&walk[..split], &at_ends) {
                inner.goal[k] = true;
            }
            for k in self.beside_darts(&walk[split..], &at_ends) {
                outer.goal[k] = true;
            }
        }
        if flip {
            std::mem::swap(&mut inner, &mut outer);
        }
        // The straight pieces out of the spots are walls too (no cut, and not the line itself,
        // may cross them), and the line's ends stay clear of cuts.
        for (spot, (point, _)) in [(pu, start), (pv, end)] {
            walls.extend(self.chain(spot, point));
        }
        for &k in &walls {
            blocked[k] = true;
        }
        let mut reserved = blocked.clone();
        for (point, _) in [start, end] {
            for k in self.cells_near(point, point, 2.5 * self.cell) {
                reserved[k] = true;
            }
        }
        if p == q {
            // The other parts, nearest the line's start first.
            let place = |part: Part| match part {
                Part::Spot(s) => self.drawing.spot(s),
                Part::Walk(d) => self.drawing.spot(board.origin(d)),
            };
            let mut others: Vec<usize> = (0..parts.len()).filter(|&k| k != p).collect();
            others.sort_by(|&a, &b| {
                distance(place(parts[a]), pu).total_cmp(&distance(place(parts[b]), pu))
            });
            for k in others {
                let part = parts[k];
                let side = if m.inside.contains(&k) {
                    &mut inner
                } else {
                    &mut outer
                };
                let sources = self.beside_part(part, &|_| false);
                let cut = self.path(&reserved, &sources, &side.goal, false)?;
                for &c in &cut {
                    reserved[c] = true;
                    blocked[c] = true;
                }
                for &c in &cut {
                    side.reach_beside(self, c);
                }
            }
        }
        blocked[start.1] = false;
        blocked[end.1] = false;
        let mut goal = vec![false; blocked.len()];
        goal[end.1] = true;
        let cells = self.path(&blocked, &[start.1], &goal, true)?;
        let mut line = vec![pu, start.0];
        if cells.len() > 2 {
            line.extend(cells[1..cells.len() - 1].iter().map(|&k| self.centre(k)));
        }
        line.push(end.0);
        line.push(pv);
        Some(line)
    }

    /// The direction from `spot` with the most room a few reaches out.
    fn roomiest(&self, spot: usize) -> f64 {
        let centre = self.drawing.spot(spot);
        let reach = self.drawing.reach();
        (0..16)
            .map(|k| k as f64 * TAU / 16.0)
            .max_by_key(|&a| {
                (1..=4)
                    .map(|s| {
                        let r = s as f64 * reach;
                        self.cell_at((centre.0 + r * a.cos(), centre.1 + r * a.sin()))
                            .map_or(0, |k| u32::from(self.room[k].min(40)))
                    })
                    .sum::<u32>()
            })
            .unwrap_or(0.0)
    }

    /// The cells from a spot out along `angle`, up to `length` or short of the first thing in
    /// the way.
    fn stub(&self, spot: Point, angle: f64, length: f64, blocked: &[bool]) -> Vec<usize> {
        let tip = (spot.0 + length * angle.cos(), spot.1 + length * angle.sin());
        let mut out = Vec::new();
        let near = self.spot_clearance + 3.0 * self.cell;
        for k in self.chain(spot, tip) {
            if blocked[k] {
                if out.is_empty() {
                    continue;
                }
                break;
            }
            // Out of the spot's own neighbourhood, the stub stops short of anything else, so
            // that the line can go round its end.
            if distance(self.centre(k), spot) > near && self.room[k] < 3 {
                break;
            }
            out.push(k);
        }
        out
    }
}

/// Whether p lies alongside segment ab (its foot on the segment).
fn along(p: Point, a: Point, b: Point) -> bool {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let t = ((p.0 - a.0) * dx + (p.1 - a.1) * dy) / (dx * dx + dy * dy).max(1e-12);
    (0.0..=1.0).contains(&t)
}

/// A cell waiting in the path search, cheapest first.
#[derive(PartialEq)]
struct Step(f64, usize);

impl Eq for Step {}

impl Ord for Step {
    fn cmp(&self, other: &Self) -> Ordering {
        other.0.total_cmp(&self.0).then(other.1.cmp(&self.1))
    }
}

impl PartialOrd for Step {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
