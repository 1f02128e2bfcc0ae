//! Sprouts to play, drawn as on paper (a Sprouts element with `data-view="play"`), a game of the
//! board shell (`ui::board`): a person draws with the pointer (a stroke, read into a move that
//! waits for its confirmation), the computer (perfect or random) draws its moves as curves.
//! Rules, geometry, routing and the choice of move live in `engine::sprouts` (`drawn`,
//! `drawing`, `route`, `thinker`); this module only shows and asks.
//!
//! The shell owns the seats, the clock, undo and redo, the session and the status; here: the
//! pencil's marks (the stroke under it, a move waiting to be confirmed, a refusal), the page's
//! own work (a hint, a move picked from the list, room made) and its panels; beside it:
//! `computer` (the thinking, and the glue to the Web Workers), `build` (the extras' elements),
//! `view` (drawing them).

mod build;
mod computer;
mod view;

use std::cell::RefCell;
use std::rc::Rc;

use web_sys::{Element, HtmlElement};

use crate::engine::sprouts::drawing::{smoothed_stroke, Drawing, Point, Refusal};
use crate::engine::sprouts::drawn::{self, DrawnGame, Ending, Stroke, MOST_SPOTS};
use crate::options::Options;
use crate::ui::board::{
    Background, BoardGame, Entered, Entry, Field, Parts, Pencil, Seat, Think, View,
};
use crate::ui::widgets::canvas::CanvasPainter;
use crate::ui::widgets::download;
use crate::ui::widgets::slices::{Next, Slice};

use computer::{task_done, Brains, Done, SharedBrains, SproutsComputer, Task};

/// The computer's levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Perfect,
    Random,
}

impl Level {
    fn name(self) -> &'static str {
        match self {
            Level::Perfect => "perfect",
            Level::Random => "random",
        }
    }
}

/// The page's own buttons.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    HintWho,
    HintMove,
    /// Spread the lines out (`engine::sprouts::layout`).
    MakeRoom,
    SaveSvg,
    SavePng,
    /// The k-th move of the list.
    Listed(usize),
}

crate::named_actions!(Action {
    "hint-who" => [Action::HintWho],
    "hint-move" => [Action::HintMove],
    "make-room" => [Action::MakeRoom],
    "save-svg" => [Action::SaveSvg],
    "save-png" => [Action::SavePng],
    "move-" (k) => [Action::Listed(k)],
});

/// A move read from a stroke, waiting for its new spot's place to be confirmed.
struct Pending {
    line: Vec<Point>,
    along: f64,
}

/// The drawn game's part of the page.
pub struct Sprouts {
    dom: build::Extras,
    /// The stroke under the pencil.
    stroke: Vec<Point>,
    /// The pencil is down on the pending move's new spot (sliding it).
    sliding: bool,
    pending: Option<Pending>,
    refused: Option<(Vec<Point>, Refusal)>,
    /// A winning move drawn as a hint, and the hint in words.
    hint_line: Option<Vec<Point>>,
    hint_text: String,
    /// The page's own thinking: a hint, a move picked from the list, room being made.
    task: Option<Task>,
    /// What the computer and the hints know, and the workers.
    brains: SharedBrains,
    /// Changes with every mark drawn over the paper (`picture_key`).
    marks: u64,
    /// The game's generation (and whether a person could move) the moves list was made for.
    listed: Option<(u64, bool)>,
    /// The game's generation the position in Glop's notation was written for.
    written: Option<u64>,
}

/// The most points a stroke under the pencil collects.
const STROKE_POINTS: usize = 20_000;
/// How near (CSS pixels) a press must be to a spot to start a line there.
const TOUCH_REACH: f64 = 22.0;

const ENDINGS: &[(&str, &str)] = &[
    ("normal", "Normal: whoever cannot move loses"),
    ("misere", "Misère: whoever cannot move wins"),
];

impl BoardGame for Sprouts {
    type Record = DrawnGame;
    type Game = DrawnGame;
    type Move = Stroke;
    type Level = Level;
    type Computer = SproutsComputer;
    type Action = Action;

    const NAME: &'static str = "sprouts";
    const CLASS: &'static str = "gl-sprouts-play";
    const LINK: &'static str = "sprouts-play";
    const VIEW: &'static str = "play";
    const FIELDS: &'static [Field] = &[
        Field {
            name: "spots",
            label: "Spots",
            menu: false,
            words: &[],
        },
        Field {
            name: "ending",
            label: "Rules",
            menu: false,
            words: ENDINGS,
        },
    ];
    const THINK: Think = Think {
        name: "think-s",
        label: "Computer time per move (s)",
        unit_ms: 1000,
    };
    const ENTRY: Entry = Entry::Stroke;
    const COLOURED_SEATS: bool = false;
    const RULES: &'static [&'static str] = build::RULES;

    fn settings_of(values: &[usize]) -> Result<drawn::Settings, String> {
        let [spots, ending] = values else {
            return Err("spots and rules are needed".into());
        };
        if !(1..=MOST_SPOTS).contains(spots) {
            return Err(format!("spots are 1 to {MOST_SPOTS}"));
        }
        let ending = if *ending == 1 {
            Ending::Misere
        } else {
            Ending::Normal
        };
        Ok(drawn::Settings {
            spots: *spots,
            ending,
        })
    }

    fn values_of(settings: &drawn::Settings) -> Vec<usize> {
        vec![
            settings.spots,
            usize::from(settings.ending == Ending::Misere),
        ]
    }

    fn default_settings() -> drawn::Settings {
        drawn::Settings {
            spots: 4,
            ending: Ending::Normal,
        }
    }

    fn players(_: &drawn::Settings) -> usize {
        2
    }

    fn keep_key() -> String {
        "gamelab-sprouts-play".into()
    }

    fn player(p: usize) -> String {
        format!("Player {}", p + 1)
    }

    fn seat_mark(p: usize) -> String {
        (p + 1).to_string()
    }

    fn levels() -> Vec<Level> {
        vec![Level::Perfect, Level::Random]
    }

    fn level_name(level: Level) -> String {
        level.name().into()
    }

    fn level_label(level: Level) -> String {
        match level {
            Level::Perfect => "perfect".into(),
            Level::Random => "at random".into(),
        }
    }

    fn parse_level(text: &str) -> Result<Level, String> {
        match text {
            "perfect" => Ok(Level::Perfect),
            "random" => Ok(Level::Random),
            other => Err(format!(
                "\"{}\" is not a player: human, perfect or random",
                crate::echo::echo(other)
            )),
        }
    }

    fn default_seat(player: usize) -> Seat<Level> {
        if player == 0 {
            Seat::Human
        } else {
            Seat::Computer(Level::Perfect)
        }
    }

    fn seat_note(player: usize) -> &'static str {
        if player == 0 {
            "moves first"
        } else {
            ""
        }
    }

    fn computer(&self, _: &DrawnGame, level: Level, _: usize, _: u64) -> SproutsComputer {
        SproutsComputer::new(&self.brains, level == Level::Perfect)
    }

    fn rule_pictures(rules: &HtmlElement) {
        build::rule_pictures(rules);
    }

    fn new(parts: &Parts, options: &Options) -> Sprouts {
        let brains = Brains::new(options.number("workers") == Some(0));
        Sprouts {
            dom: build::extras(parts),
            stroke: Vec::new(),
            sliding: false,
            pending: None,
            refused: None,
            hint_line: None,
            hint_text: String::new(),
            task: None,
            brains: Rc::new(RefCell::new(brains)),
            marks: 0,
            listed: None,
            written: None,
        }
    }

    fn size(&self, _: &DrawnGame, room: (f64, f64)) -> (f64, f64) {
        let (w, h) = view::box_size();
        let s = view::scale(room);
        (w * s, h * s)
    }

    fn draw(&self, painter: &mut CanvasPainter, record: &DrawnGame, view: &View) {
        view::draw_board(self, painter, record, view::scale(view.room));
    }

    fn picture_key(&self, _: &DrawnGame) -> u64 {
        self.marks
    }

    fn pencil(
        &mut self,
        game: &DrawnGame,
        room: (f64, f64),
        pencil: Pencil,
        person: bool,
    ) -> Entered {
        let scale = view::scale(room);
        let entered = match pencil {
            Pencil::Down(x, y) => self.pencil_down(game, (x / scale, y / scale), scale, person),
            Pencil::Move(x, y) => self.pencil_move(game, (x / scale, y / scale)),
            Pencil::Up => self.pencil_up(game, scale),
        };
        if entered != Entered::Nothing {
            self.marks += 1;
        }
        entered
    }

    fn pending(&self) -> bool {
        self.pending.is_some()
    }

    fn confirm(&mut self) -> Option<Stroke> {
        self.marks += 1;
        self.pending.take().map(|p| Stroke {
            line: p.line,
            along: p.along,
        })
    }

    fn cancel(&mut self) {
        self.marks += 1;
        self.pending = None;
    }

    fn describe(&self, game: &DrawnGame, _: usize) -> String {
        let drawing = game.drawing();
        let board = drawing.board();
        let alive = (0..board.spots()).filter(|&k| board.lives(k) > 0).count();
        format!(
            "The board: {} spots ({alive} with lines left), {} lines. The moves are also listed beside it.",
            board.spots(),
            drawing.lines().len() / 2
        )
    }

    fn history(record: &DrawnGame) -> Vec<String> {
        record.history()
    }

    fn prompt(&self, _: &DrawnGame) -> String {
        "press on a spot, draw a line to a spot (or back to it), let go".into()
    }

    fn refusal(_: &DrawnGame, _: &Stroke, why: &str) -> String {
        format!("not a move: {why}")
    }

    fn played(&mut self, _: &DrawnGame, _: &Stroke, after: &DrawnGame) -> String {
        let mut brains = self.brains.borrow_mut();
        let said = brains.notice.drain(..).collect::<String>();
        // The computer's move: how long it took and where it thought (docs/benchmarks.md reads
        // them), and what it says of it.
        let note = match brains.last_move.take() {
            Some((ms, place, note)) => {
                crate::ui::dom::best_effort(
                    self.dom
                        .root
                        .set_attribute("data-move-ms", &format!("{ms:.0}")),
                );
                crate::ui::dom::best_effort(self.dom.root.set_attribute("data-thought-in", place));
                note
            }
            None => String::new(),
        };
        // The move in words (the computer's too: what it did is said, not only drawn).
        let drawn = after
            .history()
            .last()
            .map(|line| format!("{line}."))
            .unwrap_or_default();
        [said, drawn, note]
            .into_iter()
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn reset(&mut self) {
        self.marks += 1;
        self.stroke.clear();
        self.sliding = false;
        self.pending = None;
        self.refused = None;
        self.hint_line = None;
        self.hint_text.clear();
        self.task = None;
    }

    fn background(&mut self, record: &mut DrawnGame, slice: &Slice) -> Background<Stroke> {
        let Some(task) = self.task.as_mut() else {
            return Background::Idle;
        };
        match task.step(&self.brains, record, slice) {
            Some(Next::After(ms)) => return Background::After(ms),
            Some(_) => return Background::More,
            None => {}
        }
        let Some(task) = self.task.take() else {
            return Background::Idle;
        };
        self.marks += 1;
        match task_done(&task, record) {
            Done::Hint(words, line) => {
                self.hint_text = words;
                self.hint_line = line;
                Background::Idle
            }
            Done::Play(stroke) => Background::Play(stroke),
            Done::Said(words) => Background::Said(words),
        }
    }

    fn working(&self) -> Option<String> {
        let brains = self.brains.borrow();
        self.task.as_ref().map(|t| t.progress(&brains))
    }

    fn hurry(&mut self) {
        if let Some(task) = self.task.as_mut() {
            task.hurried = true;
        }
    }

    fn act(&mut self, action: Action, _: &Element, record: &mut DrawnGame) -> Option<String> {
        let game: &DrawnGame = record;
        match action {
            Action::HintWho | Action::HintMove => {
                if game.winner().is_some() || self.task.is_some() {
                    return None;
                }
                self.reset();
                self.task = Some(Task::hint(game, action == Action::HintMove));
                None
            }
            Action::MakeRoom => {
                if self.task.is_some() || self.pending.is_some() || !game.can_tidy() {
                    return None;
                }
                self.reset();
                self.task = Some(Task::room(game));
                None
            }
            Action::Listed(k) => {
                if self.task.is_some() || game.winner().is_some() {
                    return None;
                }
                self.reset();
                self.task = Some(Task::listed(game, k));
                None
            }
            Action::SaveSvg => {
                let svg = crate::draw::sprouts_board::svg(game.drawing(), view::box_size());
                Some(
                    match download::offer(svg.as_bytes(), "image/svg+xml", "sprouts.svg") {
                        Ok(()) => "The drawing was offered as sprouts.svg.".into(),
                        Err(e) => e,
                    },
                )
            }
            Action::SavePng => {
                let png = view::png(game.drawing());
                Some(match download::offer(&png, "image/png", "sprouts.png") {
                    Ok(()) => "The drawing was offered as sprouts.png.".into(),
                    Err(e) => e,
                })
            }
        }
    }

    fn winner(&self, game: &DrawnGame) -> Option<usize> {
        game.winner()
    }

    /// Hints tell who wins and the winning move.
    fn graded_refuses(action: &Action) -> bool {
        matches!(action, Action::HintWho | Action::HintMove)
    }

    fn result_line(&self, game: &DrawnGame) -> String {
        let Some(winner) = game.winner() else {
            return String::new();
        };
        let why = match game.ending() {
            Ending::Normal => format!(": player {} has no move left", game.to_move() + 1),
            Ending::Misere => ", having no move left (misère play)".into(),
        };
        format!(
            "Player {} wins{why}, after {} moves.",
            winner + 1,
            game.moves()
        )
    }

    fn refresh(&mut self, record: &DrawnGame, view: &View) {
        view::panels(self, record, view);
    }
}

impl Sprouts {
    /// The pencil touches the board at `at` (drawing units).
    fn pencil_down(&mut self, game: &DrawnGame, at: Point, scale: f64, person: bool) -> Entered {
        if let Some(pending) = &mut self.pending {
            let (along, off) = Drawing::nearest_along(&pending.line, at);
            if off * scale < TOUCH_REACH {
                pending.along = game.drawing().placeable(&pending.line, along);
                self.sliding = true;
                return Entered::Drawn;
            }
            return Entered::Nothing;
        }
        if !person || self.task.is_some() {
            return Entered::Nothing;
        }
        let drawing = game.drawing();
        let reach = (TOUCH_REACH / scale).max(drawing.reach());
        let Some(spot) = drawing.spot_within(at, reach) else {
            return Entered::Said("Start a line on a spot.".into());
        };
        self.refused = None;
        self.hint_line = None;
        self.stroke = vec![drawing.spot(spot)];
        Entered::Drawn
    }

    fn pencil_move(&mut self, game: &DrawnGame, at: Point) -> Entered {
        if self.sliding {
            if let Some(pending) = &mut self.pending {
                let (along, _) = Drawing::nearest_along(&pending.line, at);
                pending.along = game.drawing().placeable(&pending.line, along);
                return Entered::Drawn;
            }
        }
        if self.stroke.is_empty() || self.stroke.len() >= STROKE_POINTS {
            return Entered::Nothing;
        }
        self.stroke.push(at);
        Entered::Drawn
    }

    /// The pencil lifts: the stroke is read into a move (waiting to be confirmed) or refused.
    fn pencil_up(&mut self, game: &DrawnGame, scale: f64) -> Entered {
        if self.sliding {
            self.sliding = false;
            return Entered::Drawn;
        }
        if self.stroke.len() < 2 {
            self.stroke.clear();
            return Entered::Drawn;
        }
        let mut stroke = std::mem::take(&mut self.stroke);
        // A stroke that ends near a spot ends on it (a finger is not a pencil point).
        let drawing = game.drawing();
        let reach = (TOUCH_REACH / scale).max(drawing.reach());
        let last = stroke[stroke.len() - 1];
        if let Some(spot) = drawing.spot_within(last, reach) {
            stroke.push(drawing.spot(spot));
        }
        let line = smoothed_stroke(&stroke);
        match drawing.new_stroke_move(&line) {
            Ok((_, kept)) => {
                self.pending = Some(Pending {
                    line: kept,
                    along: 0.5,
                });
                Entered::Said(
                    "Slide the new spot along the line if you like, then confirm (Enter).".into(),
                )
            }
            Err(why) => {
                let words = format!("Not a move: {}.", why.describe());
                self.refused = Some((line, why));
                Entered::Said(words)
            }
        }
    }
}
