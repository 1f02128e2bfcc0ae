//! The board shell: one page frame for the turn-based board games (Chain Reaction, Dots and
//! Boxes), after the midend of Simon Tatham's puzzles. It owns what every such game needs — the
//! settings form built from the game's typed settings, a seat (human or computer level) per
//! player with a legend, undo / redo / restart, a share link per element, the status line and
//! an end-of-game banner, the move history, the board canvas drawn sharp and fitted to the
//! window, clicks, hover and keys on the board, and computers thinking in slices on a real
//! clock — and asks the game (a `BoardGame`) for its rules-free view: the picture, the move
//! under a point, cursor keys, and its own extras (Chain's automaton view and animation, Dots'
//! analysis and export).

use wasm_bindgen::JsCast;
use web_sys::{
    Element, Event, HtmlCanvasElement, HtmlElement, HtmlInputElement, HtmlSelectElement,
    KeyboardEvent, MouseEvent,
};

use crate::draw::palette;
use crate::engine::turn::{Record, Thinker, TurnGame};
use crate::ui::dom::{self, button, child, on};
use crate::ui::page::{GamePage, Handle};
use crate::ui::widgets::canvas::{self, CanvasPainter};
use crate::ui::widgets::slices::{Next, Pump, Slice};
use crate::ui::widgets::{form, link};

/// One whole-number setting in the form (and in the element's data attributes).
pub struct Field {
    /// `data-field` in the form, `data-<attribute>` on the element.
    pub name: &'static str,
    pub label: &'static str,
    pub range: (usize, usize),
    /// Offered as a menu of every value (a short range, like 2 to 8 players).
    pub menu: bool,
}

/// A settings field's control.
enum Control {
    Number(HtmlInputElement),
    Menu(HtmlSelectElement),
}

impl Control {
    fn read(&self, field: &Field) -> Result<usize, String> {
        match self {
            Control::Number(input) => form::read_number(input, field.label, field.range),
            Control::Menu(select) => select
                .value()
                .parse()
                .map_err(|_| format!("choose the {}", field.label.to_lowercase())),
        }
    }

    fn show(&self, value: usize) {
        match self {
            Control::Number(input) => input.set_value(&value.to_string()),
            Control::Menu(select) => select.set_value(&value.to_string()),
        }
    }
}

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat<L> {
    Human,
    Computer(L),
}

/// The parts of the shell a game adds its extras to.
/// What the shell's buttons and fields ask for, and the game's own actions.
#[derive(Clone, Debug)]
pub enum BoardAction<A> {
    NewGame,
    Restart,
    Undo,
    Redo,
    Share,
    /// The players field changed: the seat menus follow.
    Players,
    /// Seat i's menu changed.
    Seat(usize),
    ThinkMs,
    Game(A),
}

impl<A> BoardAction<A> {
    /// The action of a button's `data-action` or a field's `data-field`.
    fn parse(text: &str, game: impl Fn(&str) -> Option<A>) -> Option<BoardAction<A>> {
        Some(match text {
            "new-game" => BoardAction::NewGame,
            "restart" => BoardAction::Restart,
            "undo" => BoardAction::Undo,
            "redo" => BoardAction::Redo,
            "share" => BoardAction::Share,
            "players" => BoardAction::Players,
            "think-ms" => BoardAction::ThinkMs,
            other => match other.strip_prefix("seat-") {
                Some(i) => BoardAction::Seat(i.parse().ok()?),
                None => BoardAction::Game(game(other)?),
            },
        })
    }
}

pub struct Parts {
    pub root: HtmlElement,
    /// The settings (a `<details>` after its summary; a game may add a preset menu to it).
    pub settings: HtmlElement,
    /// The button bar under the settings (Undo, Redo, …).
    pub bar: HtmlElement,
    /// The panel beside the board, under the history.
    pub side: HtmlElement,
    /// Under everything (export / import).
    pub foot: HtmlElement,
}

/// What the shell knows of the board on screen, for the game to draw.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct View {
    /// The room the board may fill (CSS pixels).
    pub room: (f64, f64),
    /// The keyboard cursor, shown once the keyboard has been used on the board.
    pub cursor: Option<usize>,
    /// The move under the pointer, when a human is to move (a preview of a click).
    pub hover: Option<usize>,
    /// The place the user points at, else the last one clicked or reached by the keyboard
    /// (what a game's panel describes).
    pub selected: usize,
}

/// A board game the shell can run: the typed settings and seats, and the rules-free view.
pub trait BoardGame: Sized + 'static {
    type Game: TurnGame<Move = usize>;
    type Level: Copy + PartialEq + 'static;
    type Thinker: Thinker<Self::Game>;

    /// `data-gamelab`'s value, the root's class, the share link's key.
    const NAME: &'static str;
    const CLASS: &'static str;
    const LINK: &'static str;
    /// The settings' fields, in the form's order.
    const FIELDS: &'static [Field];
    /// The computers' time per move: default and bounds (milliseconds).
    const THINK_MS: (usize, usize, usize);

    fn settings_of(values: &[usize]) -> Result<<Self::Game as TurnGame>::Settings, String>;
    fn values_of(settings: &<Self::Game as TurnGame>::Settings) -> Vec<usize>;
    fn default_settings() -> <Self::Game as TurnGame>::Settings;
    fn players(settings: &<Self::Game as TurnGame>::Settings) -> usize;
    /// The levels offered in the seat menus, weakest first.
    fn levels() -> Vec<Self::Level>;
    fn level_name(level: Self::Level) -> String;
    fn level_label(level: Self::Level) -> String;
    fn parse_level(text: &str) -> Result<Self::Level, String>;
    fn default_seat(player: usize) -> Seat<Self::Level>;
    /// What tells the seat apart besides its letter and colour ("dashed lines").
    fn seat_note(player: usize) -> &'static str;
    fn thinker(game: &Self::Game, level: Self::Level, think_ms: usize, seed: u64) -> Self::Thinker;
    /// Units of work per `think` call (a slice calls it until its time is up).
    const THINK_UNITS: u32;

    /// The game's own part: its extras built into the shell's parts.
    fn new(parts: &Parts, problems: &mut String) -> Self;
    /// The board's size (CSS pixels) for the room it has.
    fn size(&self, game: &Self::Game, room: (f64, f64)) -> (f64, f64);
    fn draw(&self, painter: &mut CanvasPainter, record: &Record<Self::Game>, view: &View);
    /// The move a click at (x, y) on the board asks for (`None`: not on a move).
    fn move_at(&self, game: &Self::Game, room: (f64, f64), x: f64, y: f64) -> Option<usize>;
    /// Where an arrow key takes the cursor.
    fn step(&self, game: &Self::Game, cursor: usize, key: &str) -> usize;
    /// The board's label for screen readers.
    fn describe(&self, game: &Self::Game, cursor: usize) -> String;
    /// One history line: `game` is the position before the move.
    fn history_line(game: &Self::Game, m: usize) -> String;
    /// A refused move, said for a person (players by letter).
    fn refusal(game: &Self::Game, m: usize, why: &str) -> String {
        let _ = (game, m);
        why.to_string()
    }

    /// A move was played (`before` is the position before it); a message for the status line.
    fn played(&mut self, before: &Self::Game, m: usize, after: &Self::Game) -> String;
    /// The record changed otherwise (undo, redo, new game, import): drop what showed a move.
    fn reset(&mut self) {}
    /// An animation is running: no moves until it ends.
    fn animating(&self) -> bool {
        false
    }
    /// Advances the animation; the milliseconds to its next frame, or None when it is over.
    fn animate(&mut self) -> Option<i32> {
        None
    }
    /// Work in the background while nobody thinks (an analysis); true when more is to do.
    fn background(&mut self, record: &Record<Self::Game>, slice: &Slice) -> bool {
        let _ = (record, slice);
        false
    }
    /// What the game's own buttons and fields ask for.
    type Action: Clone + std::fmt::Debug + 'static;
    /// The game's action a button's `data-action` or a field's `data-field` names.
    fn parse_action(text: &str) -> Option<Self::Action> {
        let _ = text;
        None
    }
    /// Does one of the game's own actions (`target`: the button or field); may replace the
    /// record. A message for the status line, if the action has one.
    fn act(
        &mut self,
        action: Self::Action,
        target: &Element,
        record: &mut Record<Self::Game>,
    ) -> Option<String> {
        let _ = (action, target, record);
        None
    }
    /// A line before the status (scores).
    fn score_line(&self, game: &Self::Game) -> String {
        let _ = game;
        String::new()
    }
    /// The end of the game in words: "Player B wins after 12 moves."
    fn result_line(&self, game: &Self::Game) -> String;
    /// The seats out of the game (Chain Reaction's eliminated players).
    fn out(&self, game: &Self::Game) -> Vec<usize> {
        let _ = game;
        Vec::new()
    }
    /// Redraws the game's own panels.
    fn refresh(&mut self, record: &Record<Self::Game>, view: &View) {
        let _ = (record, view);
    }
    /// The game's own data attributes for "Embed this".
    fn embed_attributes(&self) -> Vec<(String, String)> {
        Vec::new()
    }
    /// The share link's text and its reading (the record's own form unless the game says).
    fn link_text(record: &Record<Self::Game>) -> String {
        record.text()
    }
    fn parse_link(text: &str) -> Result<Record<Self::Game>, String> {
        Record::parse(text)
    }
}

struct Dom {
    root: HtmlElement,
    fields: Vec<Control>,
    seats: HtmlElement,
    think_ms: HtmlInputElement,
    legend: HtmlElement,
    scores: HtmlElement,
    status: HtmlElement,
    banner: HtmlElement,
    canvas: HtmlCanvasElement,
    history: HtmlElement,
    undo: web_sys::HtmlButtonElement,
    redo: web_sys::HtmlButtonElement,
}

pub struct Shell<B: BoardGame> {
    dom: Dom,
    board: B,
    record: Record<B::Game>,
    seats: Vec<Seat<B::Level>>,
    thinkers: Vec<Option<B::Thinker>>,
    think_ms: usize,
    /// When the computer to move started thinking.
    thinking_since: Option<f64>,
    cursor: usize,
    keyboard_used: bool,
    hover: Option<usize>,
    message: String,
    link_key: String,
    pump: Pump,
}

type Shared<B> = Handle<Shell<B>>;

/// Pause before a computer's move is made, so a person can follow.
const COMPUTER_PAUSE_MS: i32 = 250;

impl<B: BoardGame> GamePage for Shell<B> {
    const NAME: &'static str = B::NAME;
    const CLASS: &'static str = B::CLASS;
    type Action = BoardAction<B::Action>;

    /// The board from the element's options, or from the page's address when it shares a game.
    fn new(root: &HtmlElement, problems: &mut String) -> Shell<B> {
        let values: Vec<usize> = B::FIELDS
            .iter()
            .zip(B::values_of(&B::default_settings()))
            .map(|(field, default)| {
                dom::number_attribute(root, &format!("data-{}", field.name), default, problems)
            })
            .collect();
        let settings = B::settings_of(&values).unwrap_or_else(|e| {
            problems.push_str(&format!("{e}; using the default board. "));
            B::default_settings()
        });
        let mut record = Record::new(settings);
        let link_key = link::key(B::LINK, root);
        if let Some(shared) = link::read(&link_key) {
            match B::parse_link(&shared) {
                Ok(r) => record = r,
                Err(e) => problems.push_str(&format!("The link's game could not be read: {e}. ")),
            }
        }
        let players = B::players(record.settings());
        let mut seats: Vec<Seat<B::Level>> = (0..players).map(B::default_seat).collect();
        if let Some(list) = root
            .get_attribute("data-seats")
            .filter(|s| !s.trim().is_empty())
        {
            for (i, name) in list.split(',').enumerate().take(players) {
                match parse_seat::<B>(name) {
                    Ok(seat) => seats[i] = seat,
                    Err(e) => problems.push_str(&format!("data-seats: {e}. ")),
                }
            }
        }
        let think_ms = dom::number_attribute(root, "data-think-ms", B::THINK_MS.0, problems);
        let think_ms = if (B::THINK_MS.1..=B::THINK_MS.2).contains(&think_ms) {
            think_ms
        } else {
            problems.push_str(&format!(
                "data-think-ms goes from {} to {}; using {}. ",
                B::THINK_MS.1,
                B::THINK_MS.2,
                B::THINK_MS.0
            ));
            B::THINK_MS.0
        };
        let (dom, parts) = build::<B>(root, &B::values_of(record.settings()), think_ms);
        let board = B::new(&parts, problems);
        let mut shell = Shell {
            dom,
            board,
            record,
            seats,
            thinkers: Vec::new(),
            think_ms,
            thinking_since: None,
            cursor: 0,
            keyboard_used: false,
            hover: None,
            message: String::new(),
            link_key,
            pump: Pump::default(),
        };
        shell.rebuild_seats();
        shell.reset_thinkers();
        shell.rebuild_history();
        shell
    }

    fn parse_action(text: &str) -> Option<Self::Action> {
        BoardAction::parse(text, B::parse_action)
    }

    fn act(shell: &Shared<B>, action: Self::Action) {
        act(shell, action)
    }

    fn refresh(&mut self) {
        Shell::refresh(self)
    }

    fn embed_attributes(&self) -> Vec<(String, String)> {
        Shell::embed_attributes(self)
    }

    fn listen(shell: &Shared<B>) {
        listen(shell)
    }

    /// A computer seated first starts thinking.
    fn started(shell: &Shared<B>) {
        go_on(shell, 0);
    }
}

fn parse_seat<B: BoardGame>(text: &str) -> Result<Seat<B::Level>, String> {
    match text.trim() {
        "human" => Ok(Seat::Human),
        level => B::parse_level(level).map(Seat::Computer),
    }
}

fn seat_name<B: BoardGame>(seat: Seat<B::Level>) -> String {
    match seat {
        Seat::Human => "human".into(),
        Seat::Computer(level) => B::level_name(level),
    }
}

fn build<B: BoardGame>(root: &HtmlElement, values: &[usize], think_ms: usize) -> (Dom, Parts) {
    // The settings fold away (a narrow screen opens the game on its board, not on its form).
    let settings = child(root, "details", "gl-board-settings");
    child(&settings, "summary", "").set_text_content(Some("Game settings"));
    if root.client_width() >= 720 {
        dom::best_effort(settings.set_attribute("open", ""));
    }
    let fields = B::FIELDS
        .iter()
        .zip(values)
        .map(|(field, &value)| {
            if field.menu {
                let options: Vec<(String, String)> = (field.range.0..=field.range.1)
                    .map(|n| (n.to_string(), n.to_string()))
                    .collect();
                let select = form::select(&settings, field.label, field.name, &options);
                select.set_value(&value.to_string());
                Control::Menu(select)
            } else {
                Control::Number(form::number(
                    &settings,
                    field.label,
                    field.name,
                    field.range,
                    value,
                ))
            }
        })
        .collect();
    let seats = child(&settings, "div", "gl-seats");
    let think = form::number(
        &settings,
        "Computer time per move (ms)",
        "think-ms",
        (B::THINK_MS.1, B::THINK_MS.2),
        think_ms,
    );
    button(&settings, "New game", "new-game");
    let bar = child(root, "div", "gl-buttonbar");
    let undo = button(&bar, "Undo", "undo");
    let redo = button(&bar, "Redo", "redo");
    button(&bar, "Restart", "restart");
    button(&bar, "Share link", "share");
    let main = child(root, "div", "gl-board-main");
    let stage = child(&main, "div", "gl-board-stage");
    let legend = child(&stage, "ul", "gl-legend");
    dom::best_effort(legend.set_attribute("aria-label", "players"));
    let scores = child(&stage, "p", "gl-scores");
    let status = child(&stage, "p", "gl-status");
    dom::best_effort(status.set_attribute("aria-live", "polite"));
    let banner = child(&stage, "p", "gl-banner");
    dom::best_effort(banner.set_attribute("role", "status"));
    banner.set_hidden(true);
    let canvas: HtmlCanvasElement = child(&stage, "canvas", "gl-canvas").unchecked_into();
    canvas.set_tab_index(0);
    dom::best_effort(canvas.set_attribute("role", "application"));
    let side = child(&main, "div", "gl-board-side");
    child(&side, "h4", "").set_text_content(Some("Moves"));
    let history = child(&side, "ol", "gl-history");
    dom::best_effort(history.set_attribute("aria-label", "the moves so far"));
    let extras = child(&side, "div", "gl-board-extras");
    let foot = child(root, "div", "gl-board-foot");
    let dom = Dom {
        root: root.clone(),
        fields,
        seats,
        think_ms: think,
        legend,
        scores,
        status,
        banner,
        canvas,
        history,
        undo,
        redo,
    };
    let parts = Parts {
        root: root.clone(),
        settings: settings.clone(),
        bar,
        side: extras,
        foot,
    };
    (dom, parts)
}

/// The board (clicks, the pointer, keys), the fields and the window; the buttons are the
/// page shell's.
fn listen<B: BoardGame>(shell: &Shared<B>) {
    let root = shell.borrow().dom.root.clone();
    let canvas = shell.borrow().dom.canvas.clone();
    let handle = shell.clone();
    on::<MouseEvent>(&canvas.clone(), "click", move |event| {
        let point = canvas::point_in(&canvas, &event);
        let found = {
            let s = handle.borrow();
            let room = s.view().room;
            s.board.move_at(s.record.game(), room, point.0, point.1)
        };
        if let Some(m) = found {
            let mut s = handle.borrow_mut();
            s.cursor = m;
            s.keyboard_used = false;
            drop(s);
            human_move(&handle, m);
        }
    });
    let handle = shell.clone();
    let canvas = shell.borrow().dom.canvas.clone();
    on::<MouseEvent>(&canvas.clone(), "mousemove", move |event| {
        let point = canvas::point_in(&canvas, &event);
        let mut s = handle.borrow_mut();
        let room = s.view().room;
        let hover = s.board.move_at(s.record.game(), room, point.0, point.1);
        if hover != s.hover {
            s.hover = hover;
            s.redraw();
            let view = s.view();
            let s = &mut *s;
            s.board.refresh(&s.record, &view);
        }
    });
    let handle = shell.clone();
    on::<MouseEvent>(
        &shell.borrow().dom.canvas.clone(),
        "mouseleave",
        move |_| {
            let mut s = handle.borrow_mut();
            if s.hover.take().is_some() {
                s.redraw();
            }
        },
    );
    // Keys belong to the board alone: arrows and Enter in a field or on a button stay theirs.
    let handle = shell.clone();
    on::<KeyboardEvent>(
        &shell.borrow().dom.canvas.clone(),
        "keydown",
        move |event| {
            let key = event.key();
            match key.as_str() {
                "Enter" | " " => {
                    event.prevent_default();
                    let cursor = {
                        let mut s = handle.borrow_mut();
                        s.keyboard_used = true;
                        s.cursor
                    };
                    human_move(&handle, cursor);
                }
                "ArrowUp" | "ArrowDown" | "ArrowLeft" | "ArrowRight" => {
                    event.prevent_default();
                    let mut s = handle.borrow_mut();
                    s.cursor = s.board.step(s.record.game(), s.cursor, &key);
                    s.keyboard_used = true;
                    s.redraw();
                }
                _ => {}
            }
        },
    );
    let handle = shell.clone();
    on::<Event>(&root, "change", move |event| {
        let Some(target) = event.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
            return;
        };
        let field = target.get_attribute("data-field").unwrap_or_default();
        if let Some(action) = BoardAction::parse(&field, B::parse_action) {
            act_on(&handle, action, &target);
        }
    });
    // The board follows the window's size.
    if let Some(window) = dom::window() {
        let handle = shell.clone();
        on::<Event>(&window, "resize", move |_| {
            let mut s = handle.borrow_mut();
            if s.dom.root.is_connected() {
                s.redraw();
            }
        });
    }
}

/// A button's action (the shell's dispatch).
fn act<B: BoardGame>(shell: &Shared<B>, action: BoardAction<B::Action>) {
    let root = shell.borrow().dom.root.clone();
    act_on(shell, action, &root);
}

/// Does `action`, which came from `target` (the field that changed, or the page).
fn act_on<B: BoardGame>(shell: &Shared<B>, action: BoardAction<B::Action>, target: &Element) {
    {
        let mut s = shell.borrow_mut();
        match action {
            BoardAction::NewGame => s.new_game(),
            BoardAction::Restart => s.restart(),
            BoardAction::Undo => s.undo(),
            BoardAction::Redo => s.redo(),
            BoardAction::Share => s.share(),
            BoardAction::Players => s.players_changed(),
            BoardAction::Seat(i) => s.seat_changed(i, target),
            BoardAction::ThinkMs => s.think_ms_changed(),
            BoardAction::Game(action) => {
                let s = &mut *s;
                let before = B::link_text(&s.record);
                let message = s.board.act(action, target, &mut s.record);
                if B::link_text(&s.record) != before {
                    s.after_new_record();
                }
                if let Some(message) = message {
                    s.message = message;
                }
            }
        }
        s.refresh();
    }
    go_on(shell, 0);
}

fn human_move<B: BoardGame>(shell: &Shared<B>, m: usize) {
    {
        let mut s = shell.borrow_mut();
        let Some(player) = s.record.game().to_move() else {
            return;
        };
        if s.seats.get(player) != Some(&Seat::Human) {
            return;
        }
        // A move made while the last one is still shown: the showing ends at once.
        s.board.reset();
        s.play(m);
        s.refresh();
    }
    go_on(shell, COMPUTER_PAUSE_MS);
}

/// Keeps the game going: the animation, else the computer to move (after a pause a person can
/// follow), else the game's background work; one chain of turns at a time.
fn go_on<B: BoardGame>(shell: &Shared<B>, delay_ms: i32) {
    let (root, pump) = {
        let s = shell.borrow();
        (s.dom.root.clone(), s.pump.clone())
    };
    let handle = shell.clone();
    pump.schedule(&root, delay_ms, move |slice| turn(&handle, slice));
}

fn turn<B: BoardGame>(shell: &Shared<B>, slice: &Slice) -> Next {
    let mut s = shell.borrow_mut();
    if s.board.animating() {
        let next = s.board.animate();
        s.redraw();
        return match next {
            Some(ms) => Next::After(ms),
            None => {
                s.refresh();
                Next::After(COMPUTER_PAUSE_MS)
            }
        };
    }
    let s = &mut *s;
    if let Some(player) = s.record.game().to_move() {
        if let Some(Seat::Computer(_)) = s.seats.get(player).copied() {
            let since = *s.thinking_since.get_or_insert_with(dom::now);
            let game = s.record.game().clone();
            let Some(thinker) = s.thinkers.get_mut(player).and_then(Option::as_mut) else {
                return Next::Done;
            };
            let mut decided = None;
            slice.work(|| {
                decided = thinker.think(&game, B::THINK_UNITS);
                decided.is_some()
            });
            // The time per move is a real clock: past it, the move is made with what is known.
            if decided.is_none() && dom::now() - since >= s.think_ms as f64 {
                decided = thinker.decide_now(&game);
            }
            return match decided {
                Some(m) => {
                    s.thinking_since = None;
                    s.play(m);
                    s.refresh();
                    Next::After(COMPUTER_PAUSE_MS)
                }
                None => {
                    s.write_status();
                    Next::Again
                }
            };
        }
    }
    s.thinking_since = None;
    if s.board.background(&s.record, slice) {
        s.refresh();
        Next::Again
    } else {
        s.refresh();
        Next::Done
    }
}

impl<B: BoardGame> Shell<B> {
    /// The seat menus follow the players of the next game (this game keeps its own).
    fn players_changed(&mut self) {
        let control = B::FIELDS
            .iter()
            .zip(&self.dom.fields)
            .find(|(f, _)| f.name == "players");
        if let Some(players) = control.and_then(|(f, control)| control.read(f).ok()) {
            let playing = B::players(self.record.settings());
            self.resize_seats(players.max(playing));
        }
    }

    fn seat_changed(&mut self, i: usize, target: &Element) {
        let select: &HtmlSelectElement = target.unchecked_ref();
        if i < self.seats.len() {
            self.seats[i] = parse_seat::<B>(&select.value()).unwrap_or(Seat::Human);
            self.reset_thinkers();
        }
    }

    fn think_ms_changed(&mut self) {
        let range = (B::THINK_MS.1, B::THINK_MS.2);
        match form::read_number(&self.dom.think_ms, "The time per move", range) {
            Ok(ms) => {
                self.think_ms = ms;
                self.reset_thinkers();
            }
            Err(e) => self.message = format!("{e}; the computers keep {} ms.", self.think_ms),
        }
    }

    fn view(&self) -> View {
        let human_to_move = self
            .record
            .game()
            .to_move()
            .is_some_and(|p| self.seats.get(p) == Some(&Seat::Human));
        View {
            room: self.room(),
            cursor: self.keyboard_used.then_some(self.cursor),
            hover: self
                .hover
                .filter(|_| human_to_move && !self.board.animating()),
            selected: self.hover.unwrap_or(self.cursor),
        }
    }

    /// The room the board may take: the game's width less the side panel when it sits beside
    /// the board, and the window's height less the status above the board.
    fn room(&self) -> (f64, f64) {
        let width = self.dom.root.client_width() as f64;
        let window_height = dom::window()
            .and_then(|w| w.inner_height().ok())
            .and_then(|h| h.as_f64())
            .unwrap_or(800.0);
        let beside = width >= 720.0;
        let board_width = if beside { width - 300.0 } else { width - 24.0 };
        (board_width.max(120.0), (window_height - 140.0).max(240.0))
    }

    fn embed_attributes(&self) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = B::FIELDS
            .iter()
            .zip(B::values_of(self.record.settings()))
            .map(|(field, value)| (format!("data-{}", field.name), value.to_string()))
            .collect();
        let seats: Vec<String> = self.seats.iter().map(|&s| seat_name::<B>(s)).collect();
        out.push(("data-seats".into(), seats.join(",")));
        if self.think_ms != B::THINK_MS.0 {
            out.push(("data-think-ms".into(), self.think_ms.to_string()));
        }
        out.extend(self.board.embed_attributes());
        out
    }

    fn play(&mut self, m: usize) {
        let before = self.record.game().clone();
        let player = before.to_move().unwrap_or(0);
        match self.record.play(m) {
            Ok(()) => {
                self.message = self.board.played(&before, m, self.record.game());
                self.append_history(&before, m);
            }
            Err(why) => {
                self.message = format!(
                    "Player {}: {}.",
                    palette::seat_letter(player),
                    B::refusal(&before, m, &why)
                )
            }
        }
    }

    fn is_human(&self, player: usize) -> bool {
        self.seats.get(player).is_none_or(|s| *s == Seat::Human)
    }

    fn undo(&mut self) {
        self.step_back_or_forward(true);
    }

    fn redo(&mut self) {
        self.step_back_or_forward(false);
    }

    /// Undo or Redo: moves back (or forward) to a human's turn, the computers' moves with them.
    fn step_back_or_forward(&mut self, back: bool) {
        let seats = self.seats.clone();
        let human = |p: usize| seats.get(p).is_none_or(|s| *s == Seat::Human);
        let moved = if back {
            self.record.undo_to(human)
        } else {
            self.record.redo_to(human)
        };
        self.message = match (moved, back) {
            (true, _) => String::new(),
            (false, true) => "Nothing to undo.".into(),
            (false, false) => "Nothing to redo.".into(),
        };
        self.after_new_record();
    }

    /// Back to the start of this game, after asking; Redo plays the moves again.
    fn restart(&mut self) {
        let moves = self.record.moves().len();
        if moves == 0 {
            return;
        }
        let question =
            format!("Restart? The {moves} moves of this game go (Redo plays them again).");
        let yes = dom::window()
            .and_then(|w| w.confirm_with_message(&question).ok())
            .unwrap_or(false);
        if !yes {
            return;
        }
        while self.record.undo() {}
        self.message = "Restarted: Redo plays the moves again.".into();
        self.after_new_record();
    }

    fn new_game(&mut self) {
        let mut values = Vec::new();
        for (field, control) in B::FIELDS.iter().zip(&self.dom.fields) {
            match control.read(field) {
                Ok(v) => values.push(v),
                Err(e) => {
                    self.message = format!("{e}. The game goes on unchanged.");
                    return;
                }
            }
        }
        match B::settings_of(&values) {
            Ok(settings) => {
                self.resize_seats(B::players(&settings));
                self.record = Record::new(settings);
                self.cursor = 0;
                self.message.clear();
                self.after_new_record();
            }
            Err(e) => self.message = format!("{e}. The game goes on unchanged."),
        }
    }

    fn after_new_record(&mut self) {
        self.thinking_since = None;
        self.board.reset();
        self.reset_thinkers();
        let values = B::values_of(self.record.settings());
        for (control, value) in self.dom.fields.iter().zip(values) {
            control.show(value);
        }
        self.resize_seats(B::players(self.record.settings()));
        self.rebuild_history();
    }

    fn share(&mut self) {
        let href = link::write(&self.link_key, &B::link_text(&self.record));
        self.message = format!("Link to this game: {href}");
    }

    fn resize_seats(&mut self, players: usize) {
        if self.seats.len() != players {
            let old = self.seats.len();
            self.seats.resize(players, Seat::Human);
            for i in old..players {
                self.seats[i] = B::default_seat(i);
            }
            self.rebuild_seats();
            self.reset_thinkers();
        }
    }

    fn reset_thinkers(&mut self) {
        let seed = dom::now().to_bits();
        let game = self.record.game();
        self.thinkers = self
            .seats
            .iter()
            .enumerate()
            .map(|(i, seat)| match seat {
                Seat::Human => None,
                Seat::Computer(level) => {
                    Some(B::thinker(game, *level, self.think_ms, seed ^ i as u64))
                }
            })
            .collect();
        self.thinking_since = None;
    }

    fn rebuild_seats(&mut self) {
        let parent = self.dom.seats.clone();
        parent.set_text_content(None);
        let mut options = vec![("human".to_string(), "human".to_string())];
        options.extend(
            B::levels()
                .into_iter()
                .map(|l| (B::level_name(l), format!("computer: {}", B::level_label(l)))),
        );
        for (i, seat) in self.seats.iter().enumerate() {
            let note = B::seat_note(i);
            let label = if note.is_empty() {
                format!("Player {}", palette::seat_letter(i))
            } else {
                format!("Player {} ({note})", palette::seat_letter(i))
            };
            let select = form::select(&parent, &label, &format!("seat-{i}"), &options);
            let name = seat_name::<B>(*seat);
            if !options.iter().any(|(v, _)| *v == name) {
                // A level from data-seats that the menu does not list: offered as it is.
                form::fill(
                    &select,
                    &[(name.clone(), format!("computer: {name}"))]
                        .into_iter()
                        .chain(options.iter().cloned())
                        .collect::<Vec<_>>(),
                );
            }
            select.set_value(&name);
        }
    }

    fn append_history(&mut self, before: &B::Game, m: usize) {
        let li = child(&self.dom.history, "li", "");
        li.set_text_content(Some(&B::history_line(before, m)));
        self.dom
            .history
            .set_scroll_top(self.dom.history.scroll_height());
    }

    fn rebuild_history(&mut self) {
        self.dom.history.set_text_content(None);
        let mut game = self.record.start().clone();
        for &m in self.record.moves() {
            let li = child(&self.dom.history, "li", "");
            li.set_text_content(Some(&B::history_line(&game, m)));
            if game.apply(m).is_err() {
                break;
            }
        }
        self.dom
            .history
            .set_scroll_top(self.dom.history.scroll_height());
    }

    fn redraw(&mut self) {
        let view = self.view();
        let game = self.record.game();
        let (w, h) = self.board.size(game, view.room);
        if let Some(mut painter) = CanvasPainter::sharp(&self.dom.canvas, w, h) {
            self.board.draw(&mut painter, &self.record, &view);
        }
        dom::best_effort(
            self.dom
                .canvas
                .set_attribute("aria-label", &self.board.describe(game, self.cursor)),
        );
    }

    fn refresh(&mut self) {
        self.redraw();
        self.write_status();
        let view = self.view();
        self.board.refresh(&self.record, &view);
        self.dom.undo.set_disabled(self.record.moves().is_empty());
        self.dom.redo.set_disabled(!self.record.can_redo());
    }

    fn write_status(&mut self) {
        let game = self.record.game();
        let out = self.board.out(game);
        let to_move = game.to_move();
        self.dom.legend.set_text_content(None);
        for (i, seat) in self.seats.iter().enumerate() {
            let item = child(&self.dom.legend, "li", "");
            let swatch = child(&item, "span", "gl-swatch");
            dom::best_effort(
                swatch
                    .style()
                    .set_property("background", &palette::seat(i).css()),
            );
            swatch.set_text_content(Some(&palette::seat_letter(i).to_string()));
            let who = match seat {
                Seat::Human => "human".to_string(),
                Seat::Computer(level) => B::level_label(*level).to_string(),
            };
            let mut text = format!(" {who}");
            if out.contains(&i) {
                text.push_str(" (out)");
                dom::best_effort(item.class_list().add_1("gl-out"));
            }
            if to_move == Some(i) {
                dom::best_effort(item.class_list().add_1("gl-to-move"));
                dom::best_effort(item.set_attribute("aria-current", "true"));
            }
            child(&item, "span", "").set_text_content(Some(&text));
        }
        let mut status = match to_move {
            None => self.board.result_line(game),
            Some(p) => {
                let letter = palette::seat_letter(p);
                match self.seats.get(p) {
                    Some(Seat::Computer(level)) => {
                        let seconds = self
                            .thinking_since
                            .map_or(0.0, |since| (dom::now() - since) / 1000.0);
                        format!(
                            "Player {letter} (computer: {}) is thinking… {seconds:.1} s (move {}).",
                            B::level_label(*level),
                            self.record.moves().len() + 1
                        )
                    }
                    _ => format!(
                        "Player {letter} to move (move {}): click the board, or arrows and Enter.",
                        self.record.moves().len() + 1
                    ),
                }
            }
        };
        let score = self.board.score_line(game);
        self.dom.scores.set_hidden(score.is_empty());
        self.dom.scores.set_text_content(Some(&score));
        if !self.message.is_empty() {
            status = format!("{}\n{status}", self.message);
        }
        self.dom.status.set_text_content(Some(&status));
        let over = to_move.is_none();
        self.dom.banner.set_hidden(!over);
        if over {
            self.dom
                .banner
                .set_text_content(Some(&self.board.result_line(game)));
        }
        let state = if over {
            "over"
        } else if to_move.is_some_and(|p| !self.is_human(p)) {
            "thinking"
        } else {
            "playing"
        };
        dom::best_effort(self.dom.root.set_attribute("data-state", state));
    }
}
