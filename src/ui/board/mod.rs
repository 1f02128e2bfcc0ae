//! The board shell: one page frame for the turn-based board games (Chain Reaction, Dots and
//! Boxes), after the midend of Simon Tatham's puzzles. It owns what every such game needs — the
//! settings form built from the game's typed settings, a seat (human or computer level) per
//! player with a legend, undo / redo / restart, a share link per element, the status line and
//! an end-of-game banner, the move history, the board canvas drawn sharp and fitted to the
//! window, clicks, hover and keys on the board, and computers thinking in slices on a real
//! clock — and asks the game (a `BoardGame`) for its rules-free view: the picture, the move
//! under a point, cursor keys, and its own extras (Chain's automaton view and animation, Dots'
//! analysis and export).
//!
//! Here: the shell's state and actions, computers' turns. Beside it: `game` (what a board game
//! supplies), `build` (the form, seats, board and history elements) and `view` (drawing them
//! from the state).

mod build;
mod game;
mod view;

use wasm_bindgen::JsCast;
use web_sys::{
    Element, Event, HtmlCanvasElement, HtmlElement, HtmlInputElement, HtmlSelectElement,
    KeyboardEvent, MouseEvent,
};

use crate::draw::palette;
use crate::engine::turn::{History, Record, Thinker, TurnGame};
use crate::options::Options;
use crate::ui::action::Named;
use crate::ui::dom::{self, button, child, on};
use crate::ui::page::{self, GamePage, Handle};
use crate::ui::widgets::canvas::{self, CanvasPainter};
use crate::ui::widgets::confirm::Confirm;
use crate::ui::widgets::session::Session;
use crate::ui::widgets::slices::{Next, Pump, Slice};
use crate::ui::widgets::{form, rules};

use build::{build, Control};
pub use game::{bounds, BoardAction, BoardGame, Field, Parts, Seat, View};

struct Dom {
    root: HtmlElement,
    /// The folded settings' one line, which also says the settings in play.
    settings_summary: HtmlElement,
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
    confirm: Confirm,
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
    /// The share link and what the browser keeps of the game.
    session: Session,
    pump: Pump,
    /// What the view last drew, so it draws again only what changed.
    drawn: view::Drawn,
}

type Shared<B> = Handle<Shell<B>>;

/// Pause before a computer's move is made, so a person can follow.
const COMPUTER_PAUSE_MS: i32 = 250;

impl<B: BoardGame> GamePage for Shell<B> {
    const NAME: &'static str = B::NAME;
    const CLASS: &'static str = B::CLASS;
    type Action = BoardAction<B::Action>;

    /// The board from the element's options, or from the page's address when it shares a game.
    fn new(root: &HtmlElement, options: &Options, problems: &mut String) -> Shell<B> {
        let number = |name: &str| options.number(name).unwrap_or_default() as usize;
        let values: Vec<usize> = B::FIELDS.iter().map(|field| number(field.name)).collect();
        let settings = B::settings_of(&values).unwrap_or_else(|e| {
            problems.push_str(&format!("{e}; using the default board. "));
            B::default_settings()
        });
        let mut record = Record::new(settings);
        let keep = format!("gamelab-{}-game", B::NAME);
        let mut session = Session::new(root, B::NAME, B::LINK, &keep);
        if let Some(shared) = session.shared() {
            match Record::parse(&shared) {
                Ok(r) => {
                    record = r;
                    // The game the reader opened is theirs: kept from now, never replaced.
                    session.touch();
                }
                Err(e) => problems.push_str(&format!("The link's game could not be read: {e}. ")),
            }
        }
        let players = B::players(record.settings());
        let mut seats: Vec<Seat<B::Level>> = (0..players).map(B::default_seat).collect();
        if let Some(list) = options.text("seats").filter(|s| !s.is_empty()) {
            for (i, name) in list.split(',').enumerate().take(players) {
                match parse_seat::<B>(name) {
                    Ok(seat) => seats[i] = seat,
                    Err(e) => problems.push_str(&format!("data-seats: {e}. ")),
                }
            }
        }
        let think_ms = number("think-ms");
        let (dom, parts) = build::<B>(root, &B::values_of(record.settings()), think_ms);
        let board = B::new(&parts, options);
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
            session,
            pump: Pump::default(),
            drawn: view::Drawn::default(),
        };
        shell.rebuild_seats();
        shell.reset_thinkers();
        shell
    }

    fn act(shell: &Shared<B>, action: Self::Action) {
        act(shell, action)
    }

    /// The board drawn again where it changed; the game, once played in, kept as it is shown.
    fn view(&mut self) {
        self.session.keep(&self.record);
        Shell::refresh(self)
    }

    fn embed_attributes(&self) -> Vec<(String, String)> {
        Shell::embed_attributes(self)
    }

    fn listen(shell: &Shared<B>) {
        listen(shell)
    }

    /// The game a reader left here comes back; a computer seated first starts thinking.
    fn started(shell: &Shared<B>) {
        let reader = {
            let s = shell.borrow();
            (!s.session.touched()).then(|| s.session.kept_reader())
        };
        if let Some(reader) = reader {
            let handle = shell.clone();
            reader.read(move |kept| {
                if let Some(text) = kept {
                    page::update(&handle, |s| s.restore(&text));
                    go_on(&handle, 0);
                }
            });
        }
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
            let room = s.board_view().room;
            s.board.move_at(s.record.game(), room, point.0, point.1)
        };
        if let Some(m) = found {
            page::update(&handle, |s| {
                s.cursor = m;
                s.keyboard_used = false;
            });
            human_move(&handle, m);
        }
    });
    let handle = shell.clone();
    let canvas = shell.borrow().dom.canvas.clone();
    on::<MouseEvent>(&canvas.clone(), "mousemove", move |event| {
        let point = canvas::point_in(&canvas, &event);
        let hover = {
            let s = handle.borrow();
            let room = s.board_view().room;
            s.board.move_at(s.record.game(), room, point.0, point.1)
        };
        if hover != handle.borrow().hover {
            page::update(&handle, |s| s.hover = hover);
        }
    });
    let handle = shell.clone();
    on::<MouseEvent>(
        &shell.borrow().dom.canvas.clone(),
        "mouseleave",
        move |_| {
            if handle.borrow().hover.is_some() {
                page::update(&handle, |s| s.hover = None);
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
                    let cursor = page::update(&handle, |s| {
                        s.keyboard_used = true;
                        s.cursor
                    });
                    human_move(&handle, cursor);
                }
                "ArrowUp" | "ArrowDown" | "ArrowLeft" | "ArrowRight" => {
                    event.prevent_default();
                    page::update(&handle, |s| {
                        s.cursor = s.board.step(s.record.game(), s.cursor, &key);
                        s.keyboard_used = true;
                    });
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
        if let Some(action) = <BoardAction<B::Action> as Named>::parse(&field) {
            page::update(&handle, |s| s.apply(action, &target));
            go_on(&handle, 0);
        }
    });
    // The board follows the window's size.
    if let Some(window) = dom::window() {
        let handle = shell.clone();
        on::<Event>(&window, "resize", move |_| {
            if handle.borrow().dom.root.is_connected() {
                // The room changed: the view draws the board again for it.
                page::update(&handle, |_| ());
            }
        });
    }
}

/// A button's action (the shell's dispatch; the shell draws the page after it).
fn act<B: BoardGame>(shell: &Shared<B>, action: BoardAction<B::Action>) {
    let root = shell.borrow().dom.root.clone();
    shell.borrow_mut().apply(action, &root);
    go_on(shell, 0);
}

/// The game a reader left, read back from the browser: it replaces the fresh one only when the
/// reader has not begun playing and it is a game of the same settings (a page whose element
/// now asks for another board starts that board).
fn restored_record<B: BoardGame>(text: &str, current: &Record<B::Game>) -> Option<Record<B::Game>> {
    let kept = Record::<B::Game>::parse(text).ok()?;
    (kept.settings() == current.settings() && !kept.moves().is_empty()).then_some(kept)
}

/// A person's move on the board (a click, Enter): played if it is a person's turn.
fn human_move<B: BoardGame>(shell: &Shared<B>, m: usize) {
    if page::update(shell, |s| s.human_move(m)) {
        go_on(shell, COMPUTER_PAUSE_MS);
    }
}

/// Keeps the game going: the animation, else the computer to move (after a pause a person can
/// follow), else the game's background work; one chain of turns at a time, each drawn after.
fn go_on<B: BoardGame>(shell: &Shared<B>, delay_ms: i32) {
    let (root, pump) = {
        let s = shell.borrow();
        (s.dom.root.clone(), s.pump.clone())
    };
    let handle = shell.clone();
    pump.schedule(&root, delay_ms, move |slice| {
        page::update(&handle, |s| s.turn(slice))
    });
}

impl<B: BoardGame> Shell<B> {
    /// Brings back the game a reader left (`restored_record`), unless they have begun another.
    fn restore(&mut self, text: &str) {
        if self.session.touched() {
            return;
        }
        if let Some(record) = restored_record::<B>(text, &self.record) {
            self.record = record;
            self.session.as_kept(&self.record);
            self.message = "The game you left here is back (New game starts another).".into();
            self.after_new_record();
        }
    }

    /// Does `action`, which came from `target` (the field that changed, or the page).
    fn apply(&mut self, action: BoardAction<B::Action>, target: &Element) {
        self.session.touch();
        match action {
            BoardAction::NewGame => self.new_game(),
            BoardAction::Restart => self.restart(),
            BoardAction::RestartConfirmed => self.restart_confirmed(),
            BoardAction::Undo => self.undo(),
            BoardAction::Redo => self.redo(),
            BoardAction::Share => self.share(),
            BoardAction::Players => self.players_changed(),
            BoardAction::Seat(i) => self.seat_changed(i, target),
            BoardAction::ThinkMs => self.think_ms_changed(),
            BoardAction::Game(action) => {
                let before = self.record.generation();
                let message = self.board.act(action, target, &mut self.record);
                if self.record.generation() != before {
                    self.after_new_record();
                }
                if let Some(message) = message {
                    self.message = message;
                }
            }
        }
    }

    /// Plays `m` for the person to move; false when it is no person's turn.
    fn human_move(&mut self, m: usize) -> bool {
        let Some(player) = self.record.game().to_move() else {
            return false;
        };
        if self.seats.get(player) != Some(&Seat::Human) {
            return false;
        }
        // A move made while the last one is still shown: the showing ends at once.
        self.board.reset();
        self.session.touch();
        self.play(m);
        true
    }

    /// One turn of the game's work: a frame of the animation, a slice of the computer's
    /// thinking, or of the game's background work.
    fn turn(&mut self, slice: &Slice) -> Next {
        if self.board.animating() {
            return match self.board.animate() {
                Some(ms) => Next::After(ms),
                None => Next::After(COMPUTER_PAUSE_MS),
            };
        }
        if let Some(player) = self.record.game().to_move() {
            if let Some(Seat::Computer(_)) = self.seats.get(player).copied() {
                let since = *self.thinking_since.get_or_insert_with(dom::now);
                let game = self.record.game().clone();
                let Some(thinker) = self.thinkers.get_mut(player).and_then(Option::as_mut) else {
                    return Next::Done;
                };
                let mut decided = None;
                slice.work(|| {
                    decided = thinker.think(&game, B::THINK_UNITS);
                    decided.is_some()
                });
                // The time per move is a real clock: past it, the move is made with what is known.
                if decided.is_none() && dom::now() - since >= self.think_ms as f64 {
                    decided = thinker.decide_now(&game);
                }
                return match decided {
                    Some(m) => {
                        self.thinking_since = None;
                        self.play(m);
                        Next::After(COMPUTER_PAUSE_MS)
                    }
                    None => Next::Again,
                };
            }
        }
        self.thinking_since = None;
        if self.board.background(&self.record, slice) {
            Next::Again
        } else {
            Next::Done
        }
    }
    /// The seat menus follow the players of the next game (this game keeps its own).
    fn players_changed(&mut self) {
        let control = B::FIELDS
            .iter()
            .zip(&self.dom.fields)
            .find(|(f, _)| f.name == "players");
        if let Some(players) = control.and_then(|(f, control)| control.read::<B>(f).ok()) {
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
        let range = bounds::<B>("think-ms");
        match form::read_number(&self.dom.think_ms, "The time per move", range) {
            Ok(ms) => {
                self.think_ms = ms;
                self.reset_thinkers();
            }
            Err(e) => self.message = format!("{e}; the computers keep {} ms.", self.think_ms),
        }
    }

    fn board_view(&self) -> View {
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
    /// the board (from 640 px: a 720 px course frame holds a game 700 px wide), and the window's
    /// height less what the game shows above the board (buttons, folded settings, status), so
    /// the board and its chrome fit one window, or one frame.
    fn room(&self) -> (f64, f64) {
        let width = self.dom.root.client_width() as f64;
        let window_height = dom::window()
            .and_then(|w| w.inner_height().ok())
            .and_then(|h| h.as_f64())
            .unwrap_or(800.0);
        let above = (self.dom.canvas.get_bounding_client_rect().top()
            - self.dom.root.get_bounding_client_rect().top())
        .clamp(0.0, window_height / 2.0);
        let beside = width >= 640.0;
        let board_width = if beside { width - 300.0 } else { width - 24.0 };
        (
            board_width.max(120.0),
            (window_height - above - 24.0).max(240.0),
        )
    }

    fn embed_attributes(&self) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = B::FIELDS
            .iter()
            .zip(B::values_of(self.record.settings()))
            .map(|(field, value)| (format!("data-{}", field.name), value.to_string()))
            .collect();
        let seats: Vec<String> = self.seats.iter().map(|&s| seat_name::<B>(s)).collect();
        out.push(("data-seats".into(), seats.join(",")));
        if Some(self.think_ms as u64) != crate::games::number(B::NAME, "think-ms", "").default {
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
        self.dom.confirm.ask(
            &question,
            "Restart",
            &BoardAction::<B::Action>::RestartConfirmed,
        );
    }

    /// Back to the start, as the reader confirmed.
    fn restart_confirmed(&mut self) {
        while self.record.undo() {}
        self.message = "Restarted: Redo plays the moves again.".into();
        self.after_new_record();
    }

    fn new_game(&mut self) {
        let mut values = Vec::new();
        for (field, control) in B::FIELDS.iter().zip(&self.dom.fields) {
            match control.read::<B>(field) {
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
    }

    fn share(&mut self) {
        let href = self.session.share(&self.record);
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
}
