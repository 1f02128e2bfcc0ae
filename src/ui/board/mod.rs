//! The board shell: one page frame for the turn-based board games (Chain Reaction, Dots and
//! Boxes, Sprouts drawn on paper), after the midend of Simon Tatham's puzzles. It owns what
//! every such game needs — the settings form built from the game's typed settings, a seat
//! (human or computer level) per player with a legend, undo / redo / restart, the session
//! (share link and keeping), the status line and an end-of-game banner, the move history, the
//! board canvas drawn sharp and fitted to the window, the entry of a person's move (a click,
//! hover and keys; or a stroke, pending until confirmed), and computers thinking in slices on a
//! real clock, with Move now — and asks the game (a `BoardGame`) for its rules-free view: the
//! picture, the move under a point or the move a stroke draws, and its own extras (Chain's
//! automaton view and animation, Dots' analysis and export, Sprouts' hints and workers). It is
//! generic over the history (`engine::turn::Played`) and so over the move's type.
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
    KeyboardEvent, MouseEvent, PointerEvent,
};

use crate::draw::palette;
use crate::engine::generation;
use crate::engine::turn::{History, Played, Record, Replaying, Saved, Thinker, TurnGame};
use crate::options::Options;
use crate::scorm::Goal;
use crate::ui::action::Named;
use crate::ui::dom::{self, button, child, on};
use crate::ui::page::{self, GamePage, Handle};
use crate::ui::widgets::canvas::{self, CanvasPainter};
use crate::ui::widgets::confirm::Confirm;
use crate::ui::widgets::lms;
use crate::ui::widgets::session::Session;
use crate::ui::widgets::slices::{self, Next, Pump, Slice};
use crate::ui::widgets::{form, rules};

use build::{build, Control};
pub use game::{
    bounds, record_history, Background, BoardAction, BoardGame, Computer, Entered, Entry, Field,
    Parts, Pencil, Plain, Seat, Settings, Think, Thought, View,
};

struct Dom {
    root: HtmlElement,
    /// The folded settings' one line, which also says the settings in play.
    settings_summary: HtmlElement,
    fields: Vec<Control>,
    seats: HtmlElement,
    think: HtmlInputElement,
    /// Confirm and Cancel of a pending move (`Entry::Stroke`), and Move now.
    confirm_move: Option<(web_sys::HtmlButtonElement, web_sys::HtmlButtonElement)>,
    move_now: web_sys::HtmlButtonElement,
    /// "Scroll sideways": shown while the board is wider than its room.
    scroll_hint: HtmlElement,
    legend: HtmlElement,
    scores: HtmlElement,
    status: HtmlElement,
    banner: HtmlElement,
    canvas: HtmlCanvasElement,
    history: HtmlElement,
    undo: web_sys::HtmlButtonElement,
    redo: web_sys::HtmlButtonElement,
    restart: web_sys::HtmlButtonElement,
    confirm: Confirm,
}

pub struct Shell<B: BoardGame> {
    dom: Dom,
    board: B,
    record: B::Record,
    seats: Vec<Seat<B::Level>>,
    computers: Vec<Option<B::Computer>>,
    think_ms: usize,
    /// When the computer to move started thinking.
    thinking_since: Option<f64>,
    /// Move now was pressed: the computer to move decides at once.
    hurried: bool,
    /// The record's generation where the computer to move could not play: a person plays for
    /// it there.
    stuck: Option<u64>,
    cursor: usize,
    keyboard_used: bool,
    hover: Option<usize>,
    /// The pencil is down on the board (`Entry::Stroke`).
    pencil_down: bool,
    message: String,
    /// The share link and what the browser keeps of the game.
    session: Session,
    /// A game's text (the kept one) being read back, in slices.
    reading: Option<<B::Record as Played>::Replay>,
    /// The settings' fields the element asks for (given as data attributes): a kept game on
    /// other values of them does not come back.
    asked: Vec<bool>,
    /// The setup of a kept game being read back (`apply_setup` once it is in).
    kept_setup: String,
    /// Changes when the seats or the time per move do (`engine::generation`): the whole game
    /// kept and shared (`WholeGame`) changed.
    setup_generation: u64,
    pump: Pump,
    /// What the view last drew, so it draws again only what changed.
    drawn: view::Drawn,
    /// A graded activity (a SCORM package, or a goal on the page): see `graded`.
    graded: Option<Graded<Settings<B>>>,
}

/// A graded activity on the board: the one person's seat, the settings each of its games
/// starts from, and whether this game's end was counted. Its games are played to their end as
/// set: nothing is taken back, the players and the board stay, hints and imports are refused.
struct Graded<S> {
    person: Option<usize>,
    settings: S,
    counted: bool,
}

type Shared<B> = Handle<Shell<B>>;

/// Pause before a computer's move is made, so a person can follow.
const COMPUTER_PAUSE_MS: i32 = 250;

impl<B: BoardGame> GamePage for Shell<B> {
    const NAME: &'static str = B::NAME;
    const CLASS: &'static str = B::CLASS;
    const VIEW: &'static str = B::VIEW;
    type Action = BoardAction<B::Action>;

    /// The board from the element's options, or from the page's address when it shares a game.
    fn new(root: &HtmlElement, options: &Options, problems: &mut String) -> Shell<B> {
        let values: Vec<usize> = B::FIELDS
            .iter()
            .map(|field| field_value(field, options))
            .collect();
        let settings = B::settings_of(&values).unwrap_or_else(|e| {
            problems.push_str(&format!("{e}; using the default board. "));
            B::default_settings()
        });
        let mut record = <B::Record as Played>::new(settings);
        let mut session = Session::new(root, B::NAME, B::LINK, &B::keep_key());
        let mut reading = None;
        let shared = session.shared().map(|text| split_whole(&text));
        // A link's setup (seats, time per move, the game's own options) over the element's.
        let linked;
        let options = match &shared {
            Some((setup, _)) if !setup.is_empty() => {
                linked = setup_options::<B>(root, setup, problems);
                &linked
            }
            _ => options,
        };
        if let Some((_, history)) = &shared {
            match <B::Record as Played>::replay(history) {
                Ok(mut replay) => {
                    // Read at once when it is short (a record's is); else in slices.
                    // The game the reader opened is theirs: kept from now, never replaced.
                    match replay.step() {
                        Ok(true) => {
                            record = replay.finish();
                            session.touch();
                        }
                        Ok(false) => {
                            reading = Some(replay);
                            session.touch();
                        }
                        Err(e) => {
                            problems.push_str(&format!("The link's game could not be read: {e}. "))
                        }
                    }
                }
                Err(e) => problems.push_str(&format!("The link's game could not be read: {e}. ")),
            }
        }
        let players = B::players(&record.settings());
        let mut seats: Vec<Seat<B::Level>> = (0..players).map(B::default_seat).collect();
        if let Some(list) = options.text("seats").filter(|s| !s.is_empty()) {
            for (i, name) in list.split(',').enumerate().take(players) {
                match parse_seat::<B>(name) {
                    Ok(seat) => seats[i] = seat,
                    Err(e) => problems.push_str(&format!("data-seats: {e}. ")),
                }
            }
        }
        let think_ms =
            options.number(B::THINK.name).unwrap_or_default() as usize * B::THINK.unit_ms;
        let (dom, parts) = build::<B>(root, &B::values_of(&record.settings()), think_ms);
        let board = B::new(&parts, options);
        let mut shell = Shell {
            dom,
            board,
            record,
            seats,
            computers: Vec::new(),
            think_ms,
            thinking_since: None,
            hurried: false,
            stuck: None,
            cursor: 0,
            keyboard_used: false,
            hover: None,
            pencil_down: false,
            message: String::new(),
            session,
            reading,
            asked: B::FIELDS.iter().map(|f| options.given(f.name)).collect(),
            kept_setup: String::new(),
            setup_generation: generation::next(),
            pump: Pump::default(),
            drawn: view::Drawn::default(),
            graded: None,
        };
        shell.graded = graded_activity::<B>(options, &shell.seats, &shell.record, problems);
        if shell.reading.is_some() {
            shell.message = "Reading the link's game…".into();
        }
        shell.rebuild_seats();
        shell.reset_computers();
        shell
    }

    fn act(shell: &Shared<B>, action: Self::Action) {
        act(shell, action)
    }

    /// The board drawn again where it changed; the game, once played in, kept as it is shown.
    fn view(&mut self) {
        self.count_the_end();
        let (setup, generation) = self.whole_setup();
        self.session.keep(&WholeGame {
            setup,
            history: &self.record,
            generation,
        });
        Shell::refresh(self)
    }

    fn embed_attributes(&self) -> Vec<(String, String)> {
        Shell::embed_attributes(self)
    }

    fn listen(shell: &Shared<B>) {
        listen(shell)
    }

    /// A link's long game is read in slices; else the game a reader left here comes back; a
    /// computer seated first starts thinking.
    fn started(shell: &Shared<B>) {
        if shell.borrow().reading.is_some() {
            return read_on(shell, Source::Link);
        }
        let reader = {
            let s = shell.borrow();
            (!s.session.touched()).then(|| s.session.kept_reader())
        };
        if let Some(reader) = reader {
            let handle = shell.clone();
            reader.read(move |kept| {
                let Some(text) = kept else {
                    return;
                };
                let reading = page::update(&handle, |s| s.begin_restore(&text));
                if reading {
                    read_on(&handle, Source::Kept);
                }
            });
        }
        go_on(shell, 0);
    }
}

/// The graded activity the options ask for (`goal`, `scorm`), once the platform around the
/// page, if any, is found (`widgets::lms`); None for free play.
fn graded_activity<B: BoardGame>(
    options: &Options,
    seats: &[Seat<B::Level>],
    record: &B::Record,
    problems: &mut String,
) -> Option<Graded<Settings<B>>> {
    let asked = lms::asked(options, problems)?;
    let people: Vec<usize> = (0..seats.len())
        .filter(|&i| seats[i] == Seat::Human)
        .collect();
    if matches!(asked.goal, Some(Goal::Win { .. })) && people.len() != 1 {
        problems.push_str(&format!(
            "goal=win needs exactly one person's seat among the players (data-seats), not {}: this game is not graded. ",
            people.len()
        ));
        return None;
    }
    asked.begin();
    Some(Graded {
        person: people.first().copied(),
        settings: record.settings(),
        // A game read back already over was counted when it ended.
        counted: record.player_to_move().is_none(),
    })
}

/// Where a game's text came from.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Source {
    Link,
    Kept,
}

/// Reads the game's text being read (`Shell::reading`) in the page's time slices, showing how
/// far it got, then plays on from it.
fn read_on<B: BoardGame>(shell: &Shared<B>, source: Source) {
    let root = shell.borrow().dom.root.clone();
    let handle = shell.clone();
    slices::run(&root, 0, move |slice| {
        let next = page::update(&handle, |s| s.read_slice(slice, source));
        if next == Next::Done {
            go_on(&handle, 0);
        }
        next
    });
}

/// A field's value from the element's options: a number, or a word's place in its list.
fn field_value(field: &Field, options: &Options) -> usize {
    if field.words.is_empty() {
        return options.number(field.name).unwrap_or_default() as usize;
    }
    // (An accent may be typed or not: "misère" is "misere".)
    let word = options
        .word(field.name)
        .unwrap_or_default()
        .replace('è', "e");
    field
        .words
        .iter()
        .position(|(w, _)| *w == word)
        .unwrap_or_default()
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

/// The board (clicks or strokes, the pointer, keys), the fields and the window; the buttons are
/// the page shell's.
fn listen<B: BoardGame>(shell: &Shared<B>) {
    match B::ENTRY {
        Entry::Click => listen_clicks(shell),
        Entry::Stroke => listen_strokes(shell),
    }
    let root = shell.borrow().dom.root.clone();
    let handle = shell.clone();
    on::<Event>(&root, "change", move |event| {
        let Some(target) = event.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
            return;
        };
        let field = target.get_attribute("data-field").unwrap_or_default();
        let action = if field == B::THINK.name {
            Some(BoardAction::ThinkMs)
        } else {
            <BoardAction<B::Action> as Named>::parse(&field)
        };
        if let Some(action) = action {
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

/// Click entry: a click plays the move under it, the pointer shows it first, arrows and Enter
/// play from the keyboard.
fn listen_clicks<B: BoardGame>(shell: &Shared<B>) {
    let canvas = shell.borrow().dom.canvas.clone();
    let handle = shell.clone();
    on::<MouseEvent>(&canvas.clone(), "click", move |event| {
        let point = canvas::point_in(&canvas, &event);
        let found = {
            let s = handle.borrow();
            let room = s.board_view().room;
            s.board.move_at(s.record.game(), room, point.0, point.1)
        };
        if let Some(place) = found {
            page::update(&handle, |s| {
                s.cursor = place;
                s.keyboard_used = false;
            });
            click_move(&handle, place);
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
                    click_move(&handle, cursor);
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
}

/// Stroke entry: the pencil (mouse, finger, pen) draws on the board, which reads the stroke
/// into a pending move; Enter confirms it and Escape takes it back.
fn listen_strokes<B: BoardGame>(shell: &Shared<B>) {
    let (canvas, root) = {
        let s = shell.borrow();
        (s.dom.canvas.clone(), s.dom.root.clone())
    };
    let handle = shell.clone();
    let board = canvas.clone();
    on(&canvas, "pointerdown", move |e: PointerEvent| {
        let at = canvas::point_in(&board, &e);
        let taken = page::update(&handle, |s| s.pencil(Pencil::Down(at.0, at.1)));
        if taken {
            e.prevent_default();
            dom::best_effort(board.set_pointer_capture(e.pointer_id()));
        }
    });
    let handle = shell.clone();
    let board = canvas.clone();
    on(&canvas, "pointermove", move |e: PointerEvent| {
        let at = canvas::point_in(&board, &e);
        // (Only a line being drawn changes anything: a pointer passing over draws nothing.)
        let drawing = handle.borrow().pencil_down;
        if drawing {
            page::update(&handle, |s| s.pencil(Pencil::Move(at.0, at.1)));
        }
    });
    for event in ["pointerup", "pointercancel"] {
        let handle = shell.clone();
        on(&canvas, event, move |_: PointerEvent| {
            page::update(&handle, |s| s.pencil(Pencil::Up));
        });
    }
    let handle = shell.clone();
    on(&root, "keydown", move |e: KeyboardEvent| {
        let pending = handle.borrow().board.pending();
        let action = match e.key().as_str() {
            "Enter" if pending => BoardAction::Confirm,
            "Escape" if pending => BoardAction::Cancel,
            _ => return,
        };
        e.prevent_default();
        page::dispatch(&handle, action);
    });
}

/// A button's action (the shell's dispatch; the shell draws the page after it).
fn act<B: BoardGame>(shell: &Shared<B>, action: BoardAction<B::Action>) {
    let root = shell.borrow().dom.root.clone();
    shell.borrow_mut().apply(action, &root);
    go_on(shell, 0);
}

/// A person's click (or Enter) on a place: its move played if it is a person's turn.
fn click_move<B: BoardGame>(shell: &Shared<B>, place: usize) {
    let Some(m) = B::click_move(place) else {
        return;
    };
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
    /// Begins reading back the game a reader left (`text`), unless they have begun another;
    /// true when it is read (in slices: `read_slice`).
    fn begin_restore(&mut self, text: &str) -> bool {
        if self.session.touched() || self.reading.is_some() {
            return false;
        }
        let (setup, history) = split_whole(text);
        match <B::Record as Played>::replay(&history) {
            Ok(replay) => {
                self.reading = Some(replay);
                self.kept_setup = setup;
                true
            }
            Err(_) => false,
        }
    }

    /// A slice of the reading of a game's text; once read, the game is used if it may be: a
    /// link's unless the reader has begun another meanwhile, a kept one only while nobody has
    /// touched the page, with moves in it, and on the settings the element asks for (an element
    /// that now asks for another board starts that board).
    fn read_slice(&mut self, slice: &Slice, source: Source) -> Next {
        let Some(replay) = self.reading.as_mut() else {
            return Next::Done;
        };
        let mut outcome = Ok(false);
        slice.work(|| {
            outcome = replay.step();
            !matches!(outcome, Ok(false))
        });
        if let Ok(false) = outcome {
            self.message = format!("Reading the game… {:.0}%", 100.0 * replay.progress());
            return Next::Again;
        }
        let Some(replay) = self.reading.take() else {
            return Next::Done;
        };
        self.message.clear();
        let record = match outcome {
            Ok(_) => replay.finish(),
            Err(e) => {
                if source == Source::Link {
                    self.message = format!("The link's game was not used: {e}.");
                }
                return Next::Done;
            }
        };
        let fresh = self.record.moves() == 0;
        let usable = match source {
            Source::Link => fresh,
            Source::Kept => {
                let kept = B::values_of(&record.settings());
                let asked = B::values_of(&self.record.settings());
                let agrees = (0..kept.len()).all(|i| !self.asked[i] || kept[i] == asked[i]);
                !self.session.touched() && agrees && record.moves() > 0
            }
        };
        if !usable {
            if source == Source::Link {
                self.message = "The link's game was not used: a game was begun meanwhile.".into();
            }
            return Next::Done;
        }
        self.record = record;
        if let Some(graded) = self.graded.as_mut() {
            // A game read back over was counted when it ended.
            graded.counted = self.record.player_to_move().is_none();
        }
        self.after_new_record();
        self.message = match source {
            Source::Link => "The game of the link.".into(),
            Source::Kept => {
                let setup = std::mem::take(&mut self.kept_setup);
                self.apply_setup(&setup);
                let (setup, generation) = self.whole_setup();
                self.session.as_kept(&WholeGame {
                    setup,
                    history: &self.record,
                    generation,
                });
                "The game you left here is back (New game starts another).".into()
            }
        };
        Next::Done
    }

    /// Does `action`, which came from `target` (the field that changed, or the page).
    fn apply(&mut self, action: BoardAction<B::Action>, target: &Element) {
        self.session.touch();
        if self.graded.is_some() && self.graded_refuses(&action) {
            return;
        }
        match action {
            BoardAction::NewGame => self.ask_new_game(),
            BoardAction::NewGameConfirmed => self.new_game(),
            BoardAction::Restart => self.restart(),
            BoardAction::RestartConfirmed => self.restart_confirmed(),
            BoardAction::Undo => self.undo(),
            BoardAction::Redo => self.redo(),
            BoardAction::Share => self.share(),
            BoardAction::Players => self.players_changed(),
            BoardAction::Seat(i) => self.seat_changed(i, target),
            BoardAction::ThinkMs => self.think_ms_changed(),
            BoardAction::Confirm => {
                if let Some(m) = self.board.confirm() {
                    self.human_move(m);
                }
            }
            BoardAction::Cancel => {
                if self.board.pending() {
                    self.board.cancel();
                    self.message = "The move was taken back.".into();
                }
            }
            BoardAction::MoveNow => {
                if self.computer_to_move().is_some() {
                    self.hurried = true;
                } else {
                    self.board.hurry();
                }
            }
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

    /// The pencil on the board (`Entry::Stroke`); true when the board took it.
    fn pencil(&mut self, pencil: Pencil) -> bool {
        match pencil {
            Pencil::Down(..) => self.session.touch(),
            Pencil::Up if !self.pencil_down => return false,
            _ => {}
        }
        let person = self.person_to_move().is_some() && !self.board.animating();
        let room = self.board_view().room;
        let entered = self.board.pencil(self.record.game(), room, pencil, person);
        self.pencil_down = match pencil {
            Pencil::Down(..) => entered != Entered::Nothing,
            Pencil::Move(..) => self.pencil_down,
            Pencil::Up => false,
        };
        if let Entered::Said(words) = &entered {
            self.message = words.clone();
        }
        entered != Entered::Nothing
    }

    /// The player to move, if a person moves for them now (a human seat, or a computer that
    /// could not play here).
    fn person_to_move(&self) -> Option<usize> {
        let player = self.record.player_to_move()?;
        let stuck = self.stuck == Some(self.record.generation());
        (self.seats.get(player) == Some(&Seat::Human) || stuck).then_some(player)
    }

    /// The computer seat to move, if one is (and can play here).
    fn computer_to_move(&self) -> Option<usize> {
        let player = self.record.player_to_move()?;
        match self.seats.get(player) {
            Some(Seat::Computer(_)) if self.stuck != Some(self.record.generation()) => Some(player),
            _ => None,
        }
    }

    /// Plays `m` for the person to move; false when it is no person's turn.
    fn human_move(&mut self, m: B::Move) -> bool {
        if self.person_to_move().is_none() {
            return false;
        }
        // A move made while the last one is still shown: the showing ends at once.
        self.board.reset();
        self.session.touch();
        self.play(m);
        true
    }

    /// One turn of the game's work: a frame of the animation, a slice of the computer's
    /// thinking, or of the game's own work.
    fn turn(&mut self, slice: &Slice) -> Next {
        if self.board.animating() {
            return match self.board.animate() {
                Some(ms) => Next::After(ms),
                None => Next::After(COMPUTER_PAUSE_MS),
            };
        }
        if self.reading.is_some() {
            // (The game being read back plays on once it is in.)
            return Next::Done;
        }
        if let Some(player) = self.computer_to_move() {
            let since = *self.thinking_since.get_or_insert_with(dom::now);
            let out_of_time = self.hurried || dom::now() - since >= self.think_ms as f64;
            let Some(computer) = self.computers.get_mut(player).and_then(Option::as_mut) else {
                return Next::Done;
            };
            return match computer.think(&mut self.record, slice, out_of_time) {
                Thought::Thinking => Next::Again,
                Thought::Waiting(ms) => Next::After(ms),
                Thought::Move(m) => {
                    let why = computer.reason();
                    self.thinking_since = None;
                    self.hurried = false;
                    self.play(m);
                    // What it did, then why (where the computer can say).
                    if let Some(why) = why {
                        self.message = format!("{} {why}", self.message).trim().to_string();
                    }
                    Next::After(COMPUTER_PAUSE_MS)
                }
                Thought::Stuck(words) => {
                    self.thinking_since = None;
                    self.hurried = false;
                    self.stuck = Some(self.record.generation());
                    self.message = words;
                    Next::Done
                }
            };
        }
        self.thinking_since = None;
        match self.board.background(&mut self.record, slice) {
            Background::Idle => Next::Done,
            Background::More => Next::Again,
            Background::After(ms) => Next::After(ms),
            Background::Play(m) => {
                self.human_move(m);
                Next::After(COMPUTER_PAUSE_MS)
            }
            Background::Said(words) => {
                self.message = words;
                Next::Done
            }
        }
    }

    /// The seat menus follow the players of the next game (this game keeps its own).
    fn players_changed(&mut self) {
        let control = B::FIELDS
            .iter()
            .zip(&self.dom.fields)
            .find(|(f, _)| f.name == "players");
        if let Some(players) = control.and_then(|(f, control)| control.read::<B>(f).ok()) {
            let playing = B::players(&self.record.settings());
            self.resize_seats(players.max(playing));
        }
    }

    fn seat_changed(&mut self, i: usize, target: &Element) {
        let select: &HtmlSelectElement = target.unchecked_ref();
        if i < self.seats.len() {
            self.seats[i] = parse_seat::<B>(&select.value()).unwrap_or(Seat::Human);
            self.reset_computers();
        }
    }

    fn think_ms_changed(&mut self) {
        let range = bounds::<B>(B::THINK.name);
        match form::read_number(&self.dom.think, "The time per move", range) {
            Ok(units) => {
                self.think_ms = units * B::THINK.unit_ms;
                self.reset_computers();
            }
            Err(e) => {
                let kept = self.think_ms / B::THINK.unit_ms;
                self.message = format!("{e}; the computers keep {kept}.");
            }
        }
    }

    fn board_view(&self) -> View {
        let human_to_move = self.person_to_move().is_some();
        View {
            room: self.room(),
            cursor: self.keyboard_used.then_some(self.cursor),
            hover: self
                .hover
                .filter(|_| human_to_move && !self.board.animating()),
            selected: self.hover.unwrap_or(self.cursor),
            person: human_to_move && !self.board.animating(),
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
        // (The view first: it says which page of the game the rest belongs to.)
        let view = (!B::VIEW.is_empty()).then(|| ("data-view".to_string(), B::VIEW.to_string()));
        let mut out: Vec<(String, String)> = view.into_iter().collect();
        let values = B::values_of(&self.record.settings());
        for (field, value) in B::FIELDS.iter().zip(values) {
            out.push((format!("data-{}", field.name), field.show(value)));
        }
        let seats: Vec<String> = self.seats.iter().map(|&s| seat_name::<B>(s)).collect();
        out.push(("data-seats".into(), seats.join(",")));
        let think = self.think_ms / B::THINK.unit_ms;
        if Some(think as u64) != crate::games::number(B::NAME, B::THINK.name, B::VIEW).default {
            out.push((format!("data-{}", B::THINK.name), think.to_string()));
        }
        out.extend(self.board.embed_attributes());
        out
    }

    fn play(&mut self, m: B::Move) {
        let before = self.record.game().clone();
        let player = self.record.player_to_move().unwrap_or(0);
        match self.record.play(m.clone()) {
            Ok(()) => {
                self.message = self.board.played(&before, &m, self.record.game());
            }
            Err(why) => {
                self.message = format!("{}: {}.", B::player(player), B::refusal(&before, &m, &why))
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
        let moves = self.record.moves();
        if moves == 0 {
            return;
        }
        let question = if moves == 1 {
            "Restart? The move of this game goes (Redo plays it again).".into()
        } else {
            format!("Restart? The {moves} moves of this game go (Redo plays them again).")
        };
        self.dom.confirm.ask(
            &question,
            "Restart",
            &BoardAction::<B::Action>::RestartConfirmed,
        );
    }

    /// A new game, after asking when this one has moves and is not over: nothing brings a game
    /// back once another has begun.
    fn ask_new_game(&mut self) {
        let moves = self.record.moves();
        if moves == 0 || self.record.player_to_move().is_none() {
            return self.new_game();
        }
        let question = if moves == 1 {
            "Start a new game? The move of this one goes, and Undo cannot bring it back.".into()
        } else {
            format!(
                "Start a new game? The {moves} moves of this one go, and Undo cannot bring them back."
            )
        };
        self.dom.confirm.ask(
            &question,
            "New game",
            &BoardAction::<B::Action>::NewGameConfirmed,
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
                self.record = <B::Record as Played>::new(settings);
                self.cursor = 0;
                self.message.clear();
                self.after_new_record();
            }
            Err(e) => self.message = format!("{e}. The game goes on unchanged."),
        }
    }

    /// In a graded activity: what is refused (said in the status line), and New game, which
    /// starts the activity's next game once this one is over. True when `action` was handled.
    fn graded_refuses(&mut self, action: &BoardAction<B::Action>) -> bool {
        let refusal = match action {
            BoardAction::Undo
            | BoardAction::Redo
            | BoardAction::Restart
            | BoardAction::RestartConfirmed => {
                "In a graded game moves are not taken back: play it to its end."
            }
            BoardAction::Players | BoardAction::Seat(_) | BoardAction::ThinkMs => {
                "In a graded game the players stay as the activity set them."
            }
            BoardAction::Game(a) if B::graded_refuses(a) => {
                "A graded game is played without hints, analysis or imported games."
            }
            BoardAction::NewGame | BoardAction::NewGameConfirmed => {
                if self.record.moves() > 0 && self.record.player_to_move().is_some() {
                    "Finish this game first: in a graded activity every game is played to its end."
                } else {
                    let Some(graded) = self.graded.as_mut() else {
                        return false;
                    };
                    self.record = <B::Record as Played>::new(graded.settings.clone());
                    graded.counted = false;
                    lms::next_game();
                    self.cursor = 0;
                    self.message.clear();
                    self.after_new_record();
                    return true;
                }
            }
            _ => return false,
        };
        self.message = refusal.into();
        // Fields and menus the reader changed show the game's own values again; the game and
        // the computers' thinking go on untouched.
        self.rebuild_seats();
        self.show_fields();
        self.dom
            .think
            .set_value(&(self.think_ms / B::THINK.unit_ms).to_string());
        true
    }

    /// Counts the end of a graded game once, for the one person's seat: a win or not.
    fn count_the_end(&mut self) {
        let over = self.reading.is_none()
            && self.record.player_to_move().is_none()
            && !self.board.animating();
        let Some(graded) = self.graded.as_mut().filter(|g| over && !g.counted) else {
            return;
        };
        graded.counted = true;
        let won = graded
            .person
            .is_some_and(|p| self.board.winner(self.record.game()) == Some(p));
        if !lms::game_ended(won) {
            self.message = "The activity has had all its games: this one is not counted.".into();
        }
    }

    fn after_new_record(&mut self) {
        self.thinking_since = None;
        self.hurried = false;
        self.stuck = None;
        self.board.reset();
        self.reset_computers();
        self.show_fields();
        self.resize_seats(B::players(&self.record.settings()));
    }

    /// The settings' fields show the game's values.
    fn show_fields(&self) {
        let values = B::values_of(&self.record.settings());
        for ((control, field), value) in self.dom.fields.iter().zip(B::FIELDS).zip(values) {
            control.show(field, value);
        }
    }

    fn share(&mut self) {
        let (setup, generation) = self.whole_setup();
        let href = self.session.share(&WholeGame {
            setup,
            history: &self.record,
            generation,
        });
        self.message = format!("Link to this game (its players too): {href}");
    }

    /// The setup a kept game brings back: its seats and time per move.
    fn apply_setup(&mut self, setup: &str) {
        for (name, value) in crate::options::setup_pairs(setup) {
            if name == "seats" {
                for (i, text) in value.split(',').enumerate().take(self.seats.len()) {
                    if let Ok(seat) = parse_seat::<B>(text) {
                        self.seats[i] = seat;
                    }
                }
                self.rebuild_seats();
            } else if name == B::THINK.name {
                let range = bounds::<B>(B::THINK.name);
                if let Ok(units) = value.parse::<usize>() {
                    let units = units.clamp(range.0, range.1);
                    self.think_ms = units * B::THINK.unit_ms;
                    self.dom.think.set_value(&units.to_string());
                }
            }
        }
        self.reset_computers();
    }

    fn resize_seats(&mut self, players: usize) {
        if self.seats.len() != players {
            let old = self.seats.len();
            self.seats.resize(players, Seat::Human);
            for i in old..players {
                self.seats[i] = B::default_seat(i);
            }
            self.rebuild_seats();
            self.reset_computers();
        }
    }

    fn reset_computers(&mut self) {
        self.setup_generation = generation::next();
        let seed = dom::now().to_bits();
        self.computers = self
            .seats
            .iter()
            .enumerate()
            .map(|(i, seat)| match seat {
                Seat::Human => None,
                Seat::Computer(level) => {
                    Some(
                        self.board
                            .computer(&self.record, *level, self.think_ms, seed ^ i as u64),
                    )
                }
            })
            .collect();
        self.thinking_since = None;
        self.hurried = false;
    }
}

/// The whole game, as a share link and the browser keep it: its setup (the seats, the time per
/// move and the game's own options, as Embed this writes them) and its history, `setup|history`
/// (`seats=human,greedy;think-ms=1000;automaton=on|9x6x2/12,5`). A text without the setup is a
/// history alone (links written before).
struct WholeGame<'a, R> {
    setup: String,
    history: &'a R,
    generation: u64,
}

/// The history is written out only when the session asks (`Session::keep` asks only when the
/// generation changed): never on every slice a computer thinks.
impl<R: Saved> Saved for WholeGame<'_, R> {
    fn text(&self) -> String {
        format!("{}|{}", self.setup, self.history.text())
    }

    fn generation(&self) -> u64 {
        self.generation
    }
}

impl<B: BoardGame> Shell<B> {
    /// The whole game's setup and its generation (`WholeGame`, which borrows the record beside
    /// them: the session is borrowed apart from it).
    fn whole_setup(&self) -> (String, u64) {
        let fields: Vec<String> = B::FIELDS
            .iter()
            .map(|f| format!("data-{}", f.name))
            .collect();
        let setup: Vec<String> = self
            .embed_attributes()
            .into_iter()
            .filter(|(name, _)| name != "data-view" && !fields.contains(name))
            .filter_map(|(name, value)| {
                let name = name.strip_prefix("data-")?.to_string();
                Some(format!("{name}={value}"))
            })
            .collect();
        let generation = self.record.generation().max(self.setup_generation);
        (setup.join(";"), generation)
    }
}

/// A whole game's text split into its setup and its history.
fn split_whole(text: &str) -> (String, String) {
    match text.split_once('|') {
        Some((setup, history)) => (setup.to_string(), history.to_string()),
        None => (String::new(), text.to_string()),
    }
}

/// The element's options with a link's setup over them, read as the page reads its attributes
/// (a value refused is named).
fn setup_options<B: BoardGame>(root: &HtmlElement, setup: &str, problems: &mut String) -> Options {
    let game = crate::games::game(B::NAME).expect("every board game is in the registry");
    let mut said = String::new();
    let options = Options::read_setup(
        game.options.iter().chain(crate::games::COMMON_OPTIONS),
        B::VIEW,
        setup,
        |name| root.get_attribute(&format!("data-{name}")),
        &mut said,
    );
    if !said.is_empty() {
        problems.push_str(&format!("The link's setup: {said}"));
    }
    options
}
