//! Sprouts to play, drawn as on paper (a Sprouts element with `data-view="play"`): a person
//! draws with the pointer, the computer (perfect or random) draws its moves as curves. Rules,
//! geometry, routing and the choice of move live in `engine::sprouts` (`drawn`, `drawing`,
//! `route`, `player`); this module only shows and asks.
//!
//! State: the settings, the game (`DrawnGame`); UI state: the stroke under the pencil, a move
//! waiting to be confirmed, a refusal, a hint, the computer's thinking. Here: the state and the
//! actions; beside it: `build` (elements), `view` (drawing them), `computer` (the computer's
//! turn and the hints, in slices).

mod build;
mod computer;
mod view;

use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, KeyboardEvent, PointerEvent};

use crate::engine::sprouts::drawing::{Drawing, Point, Refusal};
use crate::engine::sprouts::drawn::{DrawnGame, Ending, Replay, BOUNDS, MOST_SPOTS};
use crate::engine::sprouts::misere;
use crate::engine::sprouts::Database;
use crate::engine::turn::History;
use crate::options::Options;
use crate::ui::dom::{self, on};
use crate::ui::page::{self, GamePage, Handle};
use crate::ui::widgets::session::Session;
use crate::ui::widgets::slices::{self, Next, Pump, Slice};
use crate::ui::widgets::{download, form};

use build::Dom;
use computer::Thinking;

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    Human,
    Perfect,
    Random,
}

const SEATS: [Seat; 3] = [Seat::Human, Seat::Perfect, Seat::Random];

impl Seat {
    fn name(self) -> &'static str {
        match self {
            Seat::Human => "human",
            Seat::Perfect => "perfect",
            Seat::Random => "random",
        }
    }

    fn parse(text: &str) -> Option<Seat> {
        SEATS.into_iter().find(|s| s.name() == text)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    pub spots: usize,
    /// Who cannot move loses (normal play) or wins (misère).
    pub ending: Ending,
    pub seats: [Seat; 2],
    pub think_ms: usize,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            spots: 4,
            ending: Ending::Normal,
            seats: [Seat::Human, Seat::Perfect],
            think_ms: 5_000,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    NewGame,
    Undo,
    Redo,
    Confirm,
    Cancel,
    MoveNow,
    HintWho,
    HintMove,
    /// Spread the lines out (`engine::sprouts::layout`).
    MakeRoom,
    Share,
    SaveSvg,
    SavePng,
    /// The k-th move of the list.
    Listed(usize),
}

crate::named_actions!(Action {
    "new-game" => [Action::NewGame],
    "undo" => [Action::Undo],
    "redo" => [Action::Redo],
    "confirm" => [Action::Confirm],
    "cancel" => [Action::Cancel],
    "move-now" => [Action::MoveNow],
    "hint-who" => [Action::HintWho],
    "hint-move" => [Action::HintMove],
    "make-room" => [Action::MakeRoom],
    "share" => [Action::Share],
    "save-svg" => [Action::SaveSvg],
    "save-png" => [Action::SavePng],
    "move-" (k) => [Action::Listed(k)],
});

/// A move read from a stroke, waiting for its new spot's place to be confirmed.
pub struct Pending {
    line: Vec<Point>,
    along: f64,
}

pub struct Sprouts {
    dom: Dom,
    settings: Settings,
    game: DrawnGame,
    /// The stroke under the pencil.
    stroke: Vec<Point>,
    /// The pencil is down on the pending move's new spot (sliding it).
    sliding: bool,
    pending: Option<Pending>,
    refused: Option<(Vec<Point>, Refusal)>,
    /// A winning move drawn as a hint.
    hint_line: Option<Vec<Point>>,
    hint_text: String,
    thinking: Option<Thinking>,
    /// Losses found by the perfect player and the hints, kept over the game.
    db: Database,
    /// In misère play, what the perfect player and the hints worked out, kept over the game
    /// (begun afresh past `computer::MISERE_WORK_LIMIT`, which bounds its memory).
    misere: misere::Solver,
    /// The perfect player's Web Workers, started at its first move and kept (paused between
    /// moves); none where workers cannot run (`no_workers`), and the page thinks instead.
    team: Option<crate::ui::glop::Team>,
    no_workers: bool,
    message: String,
    /// The game's generation in which the computer found no room to draw its move: a person
    /// may draw one for it there, and it does not try again.
    stuck: Option<u64>,
    /// A game's text (a link's or the kept one) being read, in the page's time slices.
    loading: Option<Replay>,
    /// The game's generation (and whether a person was to move) the moves list was made for:
    /// it is made again only when they change.
    listed: Option<(u64, bool)>,
    /// The game's generation the position in Glop's notation was written for.
    written: Option<u64>,
    /// The share link and what the browser keeps of the game (once the reader has played: a
    /// kept game arriving late no longer replaces theirs).
    session: Session,
    pump: Pump,
}

type Shared = Handle<Sprouts>;

/// The most points a stroke under the pencil collects.
const STROKE_POINTS: usize = 20_000;
/// How near (CSS pixels) a press must be to a spot to start a line there.
const TOUCH_REACH: f64 = 22.0;

impl GamePage for Sprouts {
    const NAME: &'static str = "sprouts";
    const CLASS: &'static str = "gl-sprouts-play";
    const VIEW: &'static str = "play";
    type Action = Action;

    fn new(root: &HtmlElement, options: &Options, problems: &mut String) -> Sprouts {
        let mut settings = Settings::default();
        if let Some(spots) = options.number("spots") {
            settings.spots = spots as usize;
        }
        if let Some(seats) = options.text("seats").filter(|_| options.given("seats")) {
            let read: Vec<Option<Seat>> = seats.split(',').map(Seat::parse).collect();
            match read.as_slice() {
                [Some(a), Some(b)] => settings.seats = [*a, *b],
                _ => problems.push_str(&format!(
                    "data-seats=\"{}\" is two of human, perfect, random (\"human,perfect\"); using the default. ",
                    crate::echo::echo(seats)
                )),
            }
        }
        if let Some(ending) = options.word("ending").and_then(Ending::parse) {
            settings.ending = ending;
        }
        if let Some(seconds) = options.number("think-s") {
            settings.think_ms = seconds as usize * 1000;
        }
        let dom = build::build(root, &settings);
        Sprouts {
            dom,
            game: DrawnGame::with_ending(settings.spots, settings.ending),
            settings,
            stroke: Vec::new(),
            sliding: false,
            pending: None,
            refused: None,
            hint_line: None,
            hint_text: String::new(),
            thinking: None,
            db: Database::new(),
            misere: misere::Solver::new(),
            team: None,
            no_workers: options.number("workers") == Some(0),
            message: String::new(),
            stuck: None,
            loading: None,
            listed: None,
            written: None,
            session: Session::new(root, "sprouts", "sprouts-play", "gamelab-sprouts-play"),
            pump: Pump::default(),
        }
    }

    fn act(page: &Shared, action: Action) {
        {
            let mut p = page.borrow_mut();
            p.session.touch();
            match action {
                Action::NewGame => p.new_game(),
                Action::Undo | Action::Redo => {
                    p.clear_marks();
                    p.thinking = None;
                    // Back (or on) to a person's turn, as every game with a history does: a
                    // computer's answer goes with the move it answered.
                    let seats = p.settings.seats;
                    let human = |player: usize| seats.get(player) == Some(&Seat::Human);
                    if action == Action::Undo {
                        p.game.undo_to(human);
                    } else {
                        p.game.redo_to(human);
                    }
                    p.kept();
                }
                Action::Confirm => p.confirm(),
                Action::Cancel => {
                    p.pending = None;
                    p.message = "The line was taken back.".into();
                }
                Action::MoveNow => {
                    if let Some(t) = p.thinking.as_mut() {
                        t.hurry();
                    }
                }
                Action::HintWho | Action::HintMove => {
                    if p.game_over() || p.thinking.is_some() {
                        return;
                    }
                    p.clear_marks();
                    p.thinking = Some(Thinking::hint(&p.game, matches!(action, Action::HintMove)));
                }
                Action::MakeRoom => {
                    if p.thinking.is_some() || p.pending.is_some() || !p.game.can_tidy() {
                        return;
                    }
                    p.clear_marks();
                    p.thinking = Some(Thinking::room(&p.game));
                }
                Action::Share => {
                    let p = &mut *p;
                    let url = p.session.share(&p.game);
                    p.message = format!("This game's link is now in the address bar: {url}");
                }
                Action::SaveSvg => {
                    let svg = crate::draw::sprouts_board::svg(p.game.drawing(), size());
                    p.message =
                        match download::offer(svg.as_bytes(), "image/svg+xml", "sprouts.svg") {
                            Ok(()) => "The drawing was offered as sprouts.svg.".into(),
                            Err(e) => e,
                        };
                }
                Action::SavePng => {
                    let png = view::png(p.game.drawing());
                    p.message = match download::offer(&png, "image/png", "sprouts.png") {
                        Ok(()) => "The drawing was offered as sprouts.png.".into(),
                        Err(e) => e,
                    };
                }
                Action::Listed(k) => p.play_listed(k),
            }
        }
        computer::go_on(page);
    }

    fn view(&mut self) {
        view::refresh(self);
    }

    fn embed_attributes(&self) -> Vec<(String, String)> {
        let s = &self.settings;
        vec![
            ("data-view".into(), "play".into()),
            ("data-spots".into(), s.spots.to_string()),
            ("data-ending".into(), s.ending.name().into()),
            (
                "data-seats".into(),
                format!("{},{}", s.seats[0].name(), s.seats[1].name()),
            ),
            ("data-think-s".into(), (s.think_ms / 1000).to_string()),
        ]
    }

    fn listen(page: &Shared) {
        let (canvas, root) = {
            let p = page.borrow();
            (p.dom.canvas.clone(), p.dom.root.clone())
        };
        let handle = page.clone();
        on(&canvas, "pointerdown", move |e: PointerEvent| {
            let at = view::point(&handle.borrow(), &e);
            if page::update(&handle, |p| p.pencil_down(at)) {
                e.prevent_default();
                if let Some(target) = e
                    .target()
                    .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                {
                    dom::best_effort(target.set_pointer_capture(e.pointer_id()));
                }
            }
        });
        let handle = page.clone();
        on(&canvas, "pointermove", move |e: PointerEvent| {
            let at = view::point(&handle.borrow(), &e);
            // Only a line being drawn changes anything: the pointer passing over the board
            // draws nothing.
            let drawing = handle.borrow().sliding || !handle.borrow().stroke.is_empty();
            if drawing {
                page::update(&handle, |p| p.pencil_move(at));
            }
        });
        for event in ["pointerup", "pointercancel"] {
            let handle = page.clone();
            on(&canvas, event, move |_: PointerEvent| {
                page::update(&handle, Sprouts::pencil_up);
            });
        }
        let handle = page.clone();
        on(&root, "keydown", move |e: KeyboardEvent| {
            let action = match e.key().as_str() {
                "Enter" if handle.borrow().pending.is_some() => Action::Confirm,
                "Escape" if handle.borrow().pending.is_some() => Action::Cancel,
                _ => return,
            };
            e.prevent_default();
            page::dispatch(&handle, action);
        });
        let handle = page.clone();
        for field in ["spots", "ending", "seat-0", "seat-1", "think-s"] {
            let handle = handle.clone();
            if let Ok(Some(control)) = root.query_selector(&format!("[data-field='{field}']")) {
                on(&control, "change", move |_: web_sys::Event| {
                    let new_game = page::update(&handle, |p| p.read_settings(field));
                    if new_game {
                        page::dispatch(&handle, Action::NewGame);
                    } else {
                        page::react(&handle, computer::go_on);
                    }
                });
            }
        }
        if let Some(window) = dom::window() {
            let handle = page.clone();
            on(&window, "resize", move |_: web_sys::Event| {
                page::update(&handle, |_| ());
            });
        }
    }

    fn started(page: &Shared) {
        let (from_link, reader) = {
            let p = page.borrow();
            (p.session.shared(), p.session.kept_reader())
        };
        if let Some(text) = from_link {
            load(page, &text, Source::Link);
            return;
        }
        let handle = page.clone();
        reader.read(move |kept| match kept {
            Some(text) => load(&handle, &text, Source::Kept),
            None => page::react(&handle, computer::go_on),
        });
    }
}

/// Where a game's text came from.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Source {
    Link,
    Kept,
}

/// Replays a game's text in the page's time slices (a tidy in it is a fraction of a second's
/// work), showing how far it got, and then plays on from it: a kept game only while nobody has
/// touched the page, a link's game unless the reader has started another meanwhile.
fn load(page: &Shared, text: &str, source: Source) {
    let read = page::update(page, |p| match Replay::new(text) {
        Ok(replay) => {
            p.loading = Some(replay);
            true
        }
        Err(e) => {
            p.message = source.refused(&e);
            false
        }
    });
    if !read {
        return page::react(page, computer::go_on);
    }
    let root = page.borrow().dom.root.clone();
    let handle = page.clone();
    slices::run(&root, 0, move |slice| {
        let next = page::update(&handle, |p| read_slice(p, slice, source));
        if next == Next::Done {
            page::react(&handle, computer::go_on);
        }
        next
    });
}

/// A slice of the reading of a game's text; once it is read, the game is used if it may be.
fn read_slice(p: &mut Sprouts, slice: &Slice, source: Source) -> Next {
    let Some(replay) = p.loading.as_mut() else {
        return Next::Done;
    };
    let mut outcome = Ok(false);
    slice.work(|| {
        outcome = replay.step();
        !matches!(outcome, Ok(false))
    });
    if let Ok(false) = outcome {
        p.message = format!("Reading the game… {:.0}%", 100.0 * replay.progress());
        return Next::Again;
    }
    let replay = p.loading.take().expect("a game being read");
    let fresh = !p.session.touched() && p.game.moves() == 0;
    match outcome {
        Err(e) => p.message = source.refused(&e),
        Ok(_) if !fresh => {
            p.message = match source {
                Source::Link => "The link's game was not used: a game was begun meanwhile.".into(),
                Source::Kept => String::new(),
            }
        }
        Ok(_) => {
            let game = replay.game();
            if source == Source::Link || game.moves() > 0 {
                p.settings.spots = game.spots();
                p.settings.ending = game.ending();
                p.dom.spots.set_value(&game.spots().to_string());
                p.dom.ending.set_value(game.ending().name());
                p.game = game;
                p.session.as_kept(&p.game);
                p.misere = misere::Solver::new();
                p.message = match source {
                    Source::Link => "The game of the link.".into(),
                    Source::Kept => "Your last game, as you left it.".into(),
                };
            } else {
                p.message = String::new();
            }
        }
    }
    Next::Done
}

impl Source {
    fn refused(self, why: &str) -> String {
        match self {
            Source::Link => format!("The link's game was not used: {why}."),
            Source::Kept => format!("The kept game was not used: {why}."),
        }
    }
}

/// The drawing's box, in its units.
fn size() -> (f64, f64) {
    (BOUNDS.max.0 - BOUNDS.min.0, BOUNDS.max.1 - BOUNDS.min.1)
}

impl Sprouts {
    fn seat(&self) -> Seat {
        self.settings.seats[self.game.to_move()]
    }

    fn game_over(&self) -> bool {
        self.game.winner().is_some()
    }

    fn human_to_move(&self) -> bool {
        (self.seat() == Seat::Human || self.is_stuck())
            && !self.game_over()
            && self.thinking.is_none()
    }

    /// The computer to move found no room to draw its move here.
    fn is_stuck(&self) -> bool {
        self.stuck == Some(self.game.generation())
    }

    fn clear_marks(&mut self) {
        self.stroke.clear();
        self.pending = None;
        self.refused = None;
        self.hint_line = None;
        self.hint_text.clear();
        self.message.clear();
    }

    fn new_game(&mut self) {
        self.clear_marks();
        self.thinking = None;
        self.game = DrawnGame::with_ending(self.settings.spots, self.settings.ending);
        self.db = Database::new();
        self.misere = misere::Solver::new();
        self.kept();
    }

    /// Reads a changed settings field; true when it asks for a new game.
    fn read_settings(&mut self, field: &str) -> bool {
        match field {
            "spots" => match form::read_number(&self.dom.spots, "Spots", (1, MOST_SPOTS)) {
                Ok(n) => {
                    self.settings.spots = n;
                    true
                }
                Err(e) => {
                    self.message = e;
                    false
                }
            },
            "ending" => match Ending::parse(&self.dom.ending.value()) {
                Some(ending) => {
                    self.settings.ending = ending;
                    true
                }
                None => false,
            },
            "think-s" => {
                match form::read_number(&self.dom.think, "Computer time per move", (1, 600)) {
                    Ok(s) => self.settings.think_ms = s * 1000,
                    Err(e) => self.message = e,
                }
                false
            }
            _ => {
                for k in 0..2 {
                    if let Some(seat) = Seat::parse(&self.dom.seats[k].value()) {
                        self.settings.seats[k] = seat;
                    }
                }
                false
            }
        }
    }

    /// The pencil touches the board at `at` (drawing units); true if the board takes it.
    fn pencil_down(&mut self, at: Point) -> bool {
        self.session.touch();
        if let Some(pending) = &mut self.pending {
            let (along, off) = Drawing::nearest_along(&pending.line, at);
            if off * view::scale(&self.dom) < TOUCH_REACH {
                pending.along = self.game.drawing().placeable(&pending.line, along);
                self.sliding = true;
                return true;
            }
            return false;
        }
        if !self.human_to_move() {
            return false;
        }
        let reach = TOUCH_REACH / view::scale(&self.dom);
        let drawing = self.game.drawing();
        let Some(spot) = drawing.spot_within(at, reach.max(drawing.reach())) else {
            self.message = "Start a line on a spot.".into();
            return true;
        };
        self.refused = None;
        self.hint_line = None;
        self.stroke = vec![drawing.spot(spot)];
        true
    }

    fn pencil_move(&mut self, at: Point) -> bool {
        if self.sliding {
            if let Some(pending) = &mut self.pending {
                let (along, _) = Drawing::nearest_along(&pending.line, at);
                pending.along = self.game.drawing().placeable(&pending.line, along);
                return true;
            }
        }
        if self.stroke.is_empty() || self.stroke.len() >= STROKE_POINTS {
            return false;
        }
        self.stroke.push(at);
        true
    }

    /// The pencil lifts: the stroke is read into a move (waiting to be confirmed) or refused.
    fn pencil_up(&mut self) {
        if self.sliding {
            self.sliding = false;
            return;
        }
        if self.stroke.len() < 2 {
            self.stroke.clear();
            return;
        }
        let mut stroke = std::mem::take(&mut self.stroke);
        // A stroke that ends near a spot ends on it (a finger is not a pencil point).
        let reach = TOUCH_REACH / view::scale(&self.dom);
        let drawing = self.game.drawing();
        let last = stroke[stroke.len() - 1];
        if let Some(spot) = drawing.spot_within(last, reach.max(drawing.reach())) {
            stroke.push(drawing.spot(spot));
        }
        let line = crate::engine::sprouts::drawing::smoothed_stroke(&stroke);
        match drawing.stroke_move(&line) {
            Ok((_, kept)) => {
                self.pending = Some(Pending {
                    line: kept,
                    along: 0.5,
                });
                self.message =
                    "Slide the new spot along the line if you like, then confirm (Enter).".into();
            }
            Err(why) => {
                self.message = format!("Not a move: {}.", why.describe());
                self.refused = Some((line, why));
            }
        }
    }

    fn confirm(&mut self) {
        let Some(pending) = self.pending.take() else {
            return;
        };
        match self.game.play(&pending.line, pending.along) {
            Ok(()) => {
                self.message.clear();
                self.kept();
            }
            Err(why) => self.message = format!("Not a move: {}.", why.describe()),
        }
    }

    /// Plays the k-th move of the list, drawn by the computer's pencil (in slices).
    fn play_listed(&mut self, k: usize) {
        if !self.human_to_move() {
            return;
        }
        self.clear_marks();
        self.thinking = Some(Thinking::listed(&self.game, k));
    }

    /// Keeps the game in the browser (a reload finds it), once the reader has played in it.
    fn kept(&mut self) {
        self.session.keep(&self.game);
    }
}
