//! A game of Sprouts drawn on paper, move by move: the strokes played (each with where its new
//! spot went), the tidies that made room between them (`layout.rs`), undo and redo, and the game
//! as text for a link or the browser's keeping (`5/50:120.0.80.5_200.0.80.5~tidy~…`, or
//! `5m/…` for a game played misère). A text is replayed entry by entry under the same rules as a
//! person's pencil (a tidy is recomputed: it is deterministic): a stroke that is not a move there
//! refuses the whole text.

use crate::engine::generation;

use super::drawing::{Drawing, Point, Refusal};
use super::layout::Tidying;
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

/// The most tidies a game holds (`can_tidy`).
pub const MOST_TIDIES: usize = 4;

/// The longest text `parse` reads.
pub const TEXT_LIMIT: usize = 200_000;

/// One move as drawn: the line and where along it (0 to 1) its new spot went.
#[derive(Clone, Debug, PartialEq)]
pub struct Stroke {
    pub line: Vec<Point>,
    pub along: f64,
}

/// What happened on the paper: a move drawn, or room made.
#[derive(Clone, Debug, PartialEq)]
pub enum Entry {
    Move(Stroke),
    Tidy,
}

/// The word a text writes for a tidy.
const TIDY: &str = "tidy";

/// How a game ends: who cannot move loses (normal play) or wins (misère play).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Ending {
    #[default]
    Normal,
    Misere,
}

impl Ending {
    pub const ALL: [Ending; 2] = [Ending::Normal, Ending::Misere];

    /// The word for it in a page's attributes and a link (`normal`, `misere`).
    pub fn name(self) -> &'static str {
        match self {
            Ending::Normal => "normal",
            Ending::Misere => "misere",
        }
    }

    /// Reads a name (`misère` with its accent too: people write it so).
    pub fn parse(text: &str) -> Option<Ending> {
        let text = if text == "misère" { "misere" } else { text };
        Ending::ALL.into_iter().find(|e| e.name() == text)
    }

    /// The winner of a game over with `stuck` (0 or 1) to move.
    pub fn winner(self, stuck: usize) -> usize {
        match self {
            Ending::Normal => 1 - stuck,
            Ending::Misere => stuck,
        }
    }
}

#[derive(Clone, Debug)]
pub struct DrawnGame {
    spots: usize,
    ending: Ending,
    /// The paper before each entry, and now (last).
    drawings: Vec<Drawing>,
    entries: Vec<Entry>,
    /// Entries undone, last undone last, each with the paper it left.
    undone: Vec<(Entry, Drawing)>,
    /// Changes at every change of the game (`engine::generation`).
    generation: u64,
}

impl DrawnGame {
    /// A new game of `spots` spots (1 to `MOST_SPOTS`), played to the normal ending.
    pub fn new(spots: usize) -> DrawnGame {
        DrawnGame::with_ending(spots, Ending::Normal)
    }

    /// A new game of `spots` spots (1 to `MOST_SPOTS`) played to `ending`.
    pub fn with_ending(spots: usize, ending: Ending) -> DrawnGame {
        let spots = spots.clamp(1, MOST_SPOTS);
        DrawnGame {
            spots,
            ending,
            drawings: vec![Drawing::new(start_places(spots, BOUNDS), REACH)],
            entries: Vec::new(),
            undone: Vec::new(),
            generation: generation::next(),
        }
    }

    /// A number that changes whenever the game does (a move, an undo, a redo, a tidy).
    pub fn generation(&self) -> u64 {
        self.generation
    }

    pub fn spots(&self) -> usize {
        self.spots
    }

    pub fn ending(&self) -> Ending {
        self.ending
    }

    pub fn drawing(&self) -> &Drawing {
        &self.drawings[self.drawings.len() - 1]
    }

    /// The winner (0 or 1) once no move is left; None while the game goes on.
    pub fn winner(&self) -> Option<usize> {
        let over = self.drawing().board().moves().is_some_and(|m| m.is_empty());
        over.then(|| self.ending.winner(self.to_move()))
    }

    /// Moves played so far.
    pub fn moves(&self) -> usize {
        self.entries
            .iter()
            .filter(|e| matches!(e, Entry::Move(_)))
            .count()
    }

    /// The player to move: 0 (first) or 1.
    pub fn to_move(&self) -> usize {
        self.moves() % 2
    }

    pub fn can_undo(&self) -> bool {
        self.moves() > 0
    }

    pub fn can_redo(&self) -> bool {
        self.undone.iter().any(|(e, _)| matches!(e, Entry::Move(_)))
    }

    /// The lines of the last move (two: the new spot cut it in two).
    pub fn last_lines(&self) -> Vec<usize> {
        if self.moves() == 0 {
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
        self.entries.push(Entry::Move(stroke));
        self.generation = generation::next();
        Ok(())
    }

    /// Whether room may be made now: not right after a tidy (a second finds nothing more to
    /// move), and at most `MOST_TIDIES` in a game (each is a fraction of a second's work to
    /// replay).
    pub fn can_tidy(&self) -> bool {
        let tidies = self.entries.iter().filter(|e| **e == Entry::Tidy).count();
        self.entries.last() != Some(&Entry::Tidy) && tidies < MOST_TIDIES
    }

    /// A tidy of the paper as it is now, for a page to run a pass at a time.
    pub fn tidying(&self) -> Tidying {
        Tidying::new(self.drawing(), BOUNDS)
    }

    /// Keeps a tidy begun on the paper as it is now (`tidying`); false (nothing kept) when the
    /// paper has changed since, or the tidy's result fails its checks. Like a move, it
    /// forgets the moves undone (they were drawn on the paper before it).
    pub fn keep_tidy(&mut self, tidying: Tidying) -> bool {
        if !self.can_tidy() || !tidying.began_on(self.drawing()) {
            return false;
        }
        let Some(tidied) = tidying.finish() else {
            return false;
        };
        self.drawings.push(tidied);
        self.entries.push(Entry::Tidy);
        self.undone.clear();
        self.generation = generation::next();
        true
    }

    /// The player to move, or None once the game is over.
    pub fn player_to_move(&self) -> Option<usize> {
        self.winner().is_none().then(|| self.to_move())
    }

    /// Undoes the last move (and the tidies made after it).
    pub fn undo(&mut self) -> bool {
        if !self.can_undo() {
            return false;
        }
        while let Some(entry) = self.entries.pop() {
            // (A paper per entry, and the first one besides: never short.)
            let Some(paper) = self.drawings.pop() else {
                self.entries.push(entry);
                break;
            };
            let was_move = matches!(entry, Entry::Move(_));
            self.undone.push((entry, paper));
            if was_move {
                break;
            }
        }
        self.generation = generation::next();
        true
    }

    /// Redoes the last move undone (and the tidies made before it).
    pub fn redo(&mut self) -> bool {
        if !self.can_redo() {
            return false;
        }
        while let Some((entry, paper)) = self.undone.pop() {
            let was_move = matches!(entry, Entry::Move(_));
            self.entries.push(entry);
            self.drawings.push(paper);
            if was_move {
                break;
            }
        }
        self.generation = generation::next();
        true
    }

    /// The game as text: `spots/along:x.y_x.y…~tidy~…` (coordinates to a tenth, along in
    /// hundredths; `spots` followed by `m` in misère play).
    pub fn text(&self) -> String {
        let entries: Vec<String> = self
            .entries
            .iter()
            .map(|e| match e {
                Entry::Tidy => TIDY.to_string(),
                Entry::Move(s) => {
                    let points: Vec<String> = s
                        .line
                        .iter()
                        .map(|p| format!("{}.{}", tenths(p.0), tenths(p.1)))
                        .collect();
                    format!("{}:{}", (s.along * 100.0).round(), points.join("_"))
                }
            })
            .collect();
        let ending = match self.ending {
            Ending::Normal => "",
            Ending::Misere => "m",
        };
        format!("{}{ending}/{}", self.spots, entries.join("~"))
    }

    /// A game read back from `text`, every entry replayed; the error says what was wrong.
    /// (All at once: a page replays a text in its time slices with `Replay`.)
    pub fn parse(text: &str) -> Result<DrawnGame, String> {
        let mut replay = Replay::new(text)?;
        while !replay.step()? {}
        Ok(replay.game)
    }
}

/// A game's text being replayed, a stroke or a pass of a tidy at a time.
pub struct Replay {
    game: DrawnGame,
    entries: Vec<String>,
    next: usize,
    tidying: Option<Tidying>,
}

impl Replay {
    /// Reads the text's start (its length and spots); the entries are replayed by `step`.
    pub fn new(text: &str) -> Result<Replay, String> {
        if text.len() > TEXT_LIMIT {
            return Err(format!(
                "a drawn game's text is at most {TEXT_LIMIT} characters"
            ));
        }
        let (start, entries) = text.split_once('/').unwrap_or((text, ""));
        let (spots, ending) = match start.strip_suffix('m') {
            Some(spots) => (spots, Ending::Misere),
            None => (start, Ending::Normal),
        };
        let spots: usize = spots
            .parse()
            .ok()
            .filter(|n| (1..=MOST_SPOTS).contains(n))
            .ok_or_else(|| {
                format!("a drawn game starts with 1 to {MOST_SPOTS} spots (then m if misère)")
            })?;
        Ok(Replay {
            game: DrawnGame::with_ending(spots, ending),
            entries: entries
                .split('~')
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect(),
            next: 0,
            tidying: None,
        })
    }

    /// Replays one stroke, or one pass of a tidy; true once every entry is replayed.
    pub fn step(&mut self) -> Result<bool, String> {
        let k = self.game.moves() + 1;
        if let Some(mut tidying) = self.tidying.take() {
            tidying.step();
            if !tidying.done() {
                self.tidying = Some(tidying);
            } else if !self.game.keep_tidy(tidying) {
                return Err(format!("the tidy before move {k} is not one"));
            }
            return Ok(false);
        }
        let Some(entry) = self.entries.get(self.next) else {
            return Ok(true);
        };
        self.next += 1;
        if entry == TIDY {
            if !self.game.can_tidy() {
                return Err(format!("the tidy before move {k} is not one"));
            }
            self.tidying = Some(self.game.tidying());
            return Ok(false);
        }
        let stroke =
            read_stroke(entry).ok_or_else(|| format!("move {k} is not written as a stroke"))?;
        self.game
            .play_kept(stroke)
            .map_err(|why| format!("move {k} is not a move there: {}", why.describe()))?;
        Ok(self.next == self.entries.len())
    }

    /// How far through (0 to 1).
    pub fn progress(&self) -> f64 {
        // Entries done, and the part done of a tidy under way (its entry already counted in
        // `next`).
        let done = match &self.tidying {
            Some(tidying) => (self.next - 1) as f64 + tidying.progress(),
            None => self.next as f64,
        };
        done / self.entries.len().max(1) as f64
    }

    /// The game replayed (once `step` says so).
    pub fn game(self) -> DrawnGame {
        self.game
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

impl crate::engine::turn::Saved for DrawnGame {
    fn text(&self) -> String {
        DrawnGame::text(self)
    }

    fn generation(&self) -> u64 {
        DrawnGame::generation(self)
    }
}

impl crate::engine::turn::History for DrawnGame {
    fn undo(&mut self) -> bool {
        DrawnGame::undo(self)
    }

    fn redo(&mut self) -> bool {
        DrawnGame::redo(self)
    }

    fn player_to_move(&self) -> Option<usize> {
        DrawnGame::player_to_move(self)
    }
}

/// A line drawn on `drawing` in words, by the spots at its ends ("spot 1 to spot 3", "a loop
/// at spot 2"; spots numbered from 1, as the board shows them): what the picture shows.
pub fn describe_line(drawing: &Drawing, line: &[Point]) -> String {
    let spot = |p: Option<&Point>| {
        p.and_then(|&p| drawing.spot_within(p, REACH))
            .map_or("?".to_string(), |s| (s + 1).to_string())
    };
    let (from, to) = (spot(line.first()), spot(line.last()));
    if from == to {
        format!("a loop at spot {from}")
    } else {
        format!("spot {from} to spot {to}")
    }
}

/// A drawn game's settings: its spots and its ending.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    pub spots: usize,
    pub ending: Ending,
}

impl DrawnGame {
    /// The moves in words, first to last, and the room made between them: "Player 1: spot 1
    /// to spot 3, new spot 5" (players and spots numbered from 1, as the board shows them).
    pub fn history(&self) -> Vec<String> {
        let mut lines = Vec::new();
        let mut moves = 0;
        for (k, entry) in self.entries.iter().enumerate() {
            let before = &self.drawings[k];
            let line = match entry {
                Entry::Tidy => "room made on the paper".to_string(),
                Entry::Move(stroke) => {
                    let new = before.spots().len() + 1;
                    moves += 1;
                    let player = 2 - moves % 2;
                    let line = describe_line(before, &stroke.line);
                    format!("Player {player}: {line}, new spot {new}")
                }
            };
            lines.push(line);
        }
        lines
    }
}

/// A drawn game is the board shell's history itself: its moves are strokes, and the room made
/// between them is kept as it was made (a text replays it).
impl crate::engine::turn::Played for DrawnGame {
    type Game = DrawnGame;
    type Move = Stroke;
    type Settings = Settings;
    type Replay = Replay;

    fn new(settings: Settings) -> DrawnGame {
        DrawnGame::with_ending(settings.spots, settings.ending)
    }

    fn settings(&self) -> Settings {
        Settings {
            spots: self.spots,
            ending: self.ending,
        }
    }

    fn game(&self) -> &DrawnGame {
        self
    }

    fn play(&mut self, m: Stroke) -> Result<(), String> {
        DrawnGame::play(self, &m.line, m.along).map_err(|why| why.describe())
    }

    fn moves(&self) -> usize {
        DrawnGame::moves(self)
    }

    fn can_redo(&self) -> bool {
        DrawnGame::can_redo(self)
    }

    fn replay(text: &str) -> Result<Replay, String> {
        Replay::new(text)
    }
}

impl crate::engine::turn::Replaying<DrawnGame> for Replay {
    fn step(&mut self) -> Result<bool, String> {
        Replay::step(self)
    }

    fn progress(&self) -> f64 {
        Replay::progress(self)
    }

    fn finish(self) -> DrawnGame {
        self.game
    }
}
