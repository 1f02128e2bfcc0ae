//! A game of Sprouts drawn on paper, move by move: the strokes played (each with where its new
//! spot went), undo and redo, and the game as text for a link or the browser's keeping
//! (`5/50:120.0.80.5_200.0.80.5~…`). A text is replayed stroke by stroke under the same rules as a
//! person's pencil: a stroke that is not a move there refuses the whole text.

use super::drawing::{Drawing, Point, Refusal};
use super::route::{start_places, Bounds};

/// The box every drawn game lives in (a page scales it to its width).
pub const BOUNDS: Bounds = Bounds {
    min: (0.0, 0.0),
    max: (600.0, 400.0),
};

/// How near (in the box's units) a point must be to a spot to be on it.
pub const REACH: f64 = 12.0;

/// The most spots a drawn game starts with (the box holds them with room to play).
pub const MOST_SPOTS: usize = 24;

/// The most points a stroke keeps (a longer one is thinned first).
pub const MOST_POINTS: usize = 2_000;

/// The longest text `parse` reads.
pub const TEXT_LIMIT: usize = 200_000;

/// One move as drawn: the line and where along it (0 to 1) its new spot went.
#[derive(Clone, Debug, PartialEq)]
pub struct Stroke {
    pub line: Vec<Point>,
    pub along: f64,
}

#[derive(Clone, Debug)]
pub struct DrawnGame {
    spots: usize,
    /// The board before each move, and now (last).
    drawings: Vec<Drawing>,
    moves: Vec<Stroke>,
    undone: Vec<Stroke>,
}

impl DrawnGame {
    /// A new game of `spots` spots (1 to `MOST_SPOTS`).
    pub fn new(spots: usize) -> DrawnGame {
        let spots = spots.clamp(1, MOST_SPOTS);
        DrawnGame {
            spots,
            drawings: vec![Drawing::new(start_places(spots, BOUNDS), REACH)],
            moves: Vec::new(),
            undone: Vec::new(),
        }
    }

    pub fn spots(&self) -> usize {
        self.spots
    }

    pub fn drawing(&self) -> &Drawing {
        &self.drawings[self.drawings.len() - 1]
    }

    /// Moves played so far.
    pub fn moves(&self) -> usize {
        self.moves.len()
    }

    /// The player to move: 0 (first) or 1.
    pub fn to_move(&self) -> usize {
        self.moves.len() % 2
    }

    pub fn can_undo(&self) -> bool {
        !self.moves.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    /// The lines of the last move (two: the new spot cut it in two).
    pub fn last_lines(&self) -> Vec<usize> {
        if self.moves.is_empty() {
            return Vec::new();
        }
        let n = self.drawing().lines().len();
        vec![n - 2, n - 1]
    }

    /// Plays a stroke (its points rounded to a tenth of a unit, as a text keeps them), with
    /// the new spot `along` it; a new move forgets the moves undone.
    pub fn play(&mut self, line: &[Point], along: f64) -> Result<(), Refusal> {
        let stroke = Stroke {
            line: thinned(line).iter().map(|&p| rounded(p)).collect(),
            along: (along * 100.0).round() / 100.0,
        };
        self.play_kept(stroke)?;
        self.undone.clear();
        Ok(())
    }

    fn play_kept(&mut self, stroke: Stroke) -> Result<(), Refusal> {
        let mut next = self.drawing().clone();
        next.play_stroke_at(&stroke.line, stroke.along)?;
        self.drawings.push(next);
        self.moves.push(stroke);
        Ok(())
    }

    pub fn undo(&mut self) -> bool {
        let Some(stroke) = self.moves.pop() else {
            return false;
        };
        self.drawings.pop();
        self.undone.push(stroke);
        true
    }

    pub fn redo(&mut self) -> bool {
        let Some(stroke) = self.undone.pop() else {
            return false;
        };
        if self.play_kept(stroke.clone()).is_err() {
            self.undone.push(stroke);
            return false;
        }
        true
    }

    /// The game as text: `spots/along:x.y_x.y…~…` (coordinates to a tenth, along in hundredths).
    pub fn text(&self) -> String {
        let strokes: Vec<String> = self
            .moves
            .iter()
            .map(|s| {
                let points: Vec<String> = s
                    .line
                    .iter()
                    .map(|p| format!("{}.{}", tenths(p.0), tenths(p.1)))
                    .collect();
                format!("{}:{}", (s.along * 100.0).round(), points.join("_"))
            })
            .collect();
        format!("{}/{}", self.spots, strokes.join("~"))
    }

    /// A game read back from `text`, every stroke replayed; the error says what was wrong.
    pub fn parse(text: &str) -> Result<DrawnGame, String> {
        if text.len() > TEXT_LIMIT {
            return Err(format!(
                "a drawn game's text is at most {TEXT_LIMIT} characters"
            ));
        }
        let (spots, strokes) = text.split_once('/').unwrap_or((text, ""));
        let spots: usize = spots
            .parse()
            .ok()
            .filter(|n| (1..=MOST_SPOTS).contains(n))
            .ok_or_else(|| format!("a drawn game starts with 1 to {MOST_SPOTS} spots"))?;
        let mut game = DrawnGame::new(spots);
        for (k, stroke) in strokes.split('~').filter(|s| !s.is_empty()).enumerate() {
            let stroke = read_stroke(stroke)
                .ok_or_else(|| format!("move {} is not written as a stroke", k + 1))?;
            game.play_kept(stroke)
                .map_err(|why| format!("move {} is not a move there: {}", k + 1, why.describe()))?;
        }
        Ok(game)
    }
}

/// Tenths of a unit, as a whole number (coordinates are never negative in the box).
fn tenths(x: f64) -> i64 {
    (x * 10.0).round() as i64
}

fn rounded(p: Point) -> Point {
    (tenths(p.0) as f64 / 10.0, tenths(p.1) as f64 / 10.0)
}

/// At most `MOST_POINTS` of a stroke's points (every k-th, and its last).
fn thinned(line: &[Point]) -> Vec<Point> {
    if line.len() <= MOST_POINTS {
        return line.to_vec();
    }
    let step = line.len().div_ceil(MOST_POINTS - 1);
    let mut out: Vec<Point> = line.iter().step_by(step).copied().collect();
    out.push(line[line.len() - 1]);
    out
}

fn read_stroke(text: &str) -> Option<Stroke> {
    let (along, points) = text.split_once(':')?;
    let along: f64 = along.parse::<u32>().ok().filter(|&a| a <= 100)? as f64 / 100.0;
    let mut line = Vec::new();
    for point in points.split('_') {
        if line.len() >= MOST_POINTS {
            return None;
        }
        let (x, y) = point.split_once('.')?;
        let (x, y): (i64, i64) = (x.parse().ok()?, y.parse().ok()?);
        if !(0..=100_000).contains(&x) || !(0..=100_000).contains(&y) {
            return None;
        }
        line.push((x as f64 / 10.0, y as f64 / 10.0));
    }
    Some(Stroke { line, along })
}
