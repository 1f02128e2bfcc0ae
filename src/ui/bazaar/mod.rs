//! Bazaar in a page: set up 2–6 seats (a strategy, a misbehaving actor, a human, or a JavaScript
//! player pasted or loaded from a file), a seed and a bonus; then watch or play. The referee of
//! `engine::bazaar` decides everything; this page only carries its calls to the seats:
//! built-in players are called directly, JavaScript players (and the built-in looping actor)
//! live in Web Workers that are terminated when a call passes the time limit. A human seat
//! builds its answer with clicks; an illegal choice is explained, never submitted.
//!
//! State split (docs/architecture.md): settings = seats, seed, bonus, time limit; state = the `Referee`;
//! ui state = the running brains of the seats, the call waiting for a worker or a human, the
//! human's choices so far, speed, play/pause, a tournament's tally.
//!
//! Here: the element's state (`Bazaar`, the game on the table as a `Session`), its wiring and the
//! play loop (calls to the seats, time-outs, tournaments). Beside it: `seats` (what sits at the
//! table and the JavaScript kept for it), `human` (a person's answers), `log`, `observer`,
//! `course_tests` and `view` (the controls, and drawing everything from the state).

pub(crate) mod action;
mod calls;
mod course_tests;
mod help;
mod human;
mod log;
mod observer;
mod seats;
mod view;
mod whole;

use std::rc::Rc;

use wasm_bindgen::JsCast;
use web_sys::{
    Event, HtmlCanvasElement, HtmlElement, HtmlInputElement, HtmlSelectElement,
    HtmlTextAreaElement, MouseEvent,
};

use crate::draw::bazaar::{self as table, Plan, Target};
use crate::engine::bazaar::actors::{self, Actor, Cheat, Misbehaviour};
use crate::engine::bazaar::cards::Card;
use crate::engine::bazaar::equations::Equation;
use crate::engine::bazaar::harness::{self, Prepared, HARNESSES};
use crate::engine::bazaar::json;
use crate::engine::bazaar::referee::{Call, Failure, Method, Referee, Reply};
use crate::engine::bazaar::rules::{self, Bonus};
use crate::engine::bazaar::setup::random_game;
use crate::engine::bazaar::strategy::Policy;
use crate::engine::rng::Rng;
use crate::options::Options;
use crate::scorm::Goal;
use crate::ui::dom::{self, button, child, on};
use crate::ui::page::{self, GamePage, Handle};
use crate::ui::widgets::canvas::{self, CanvasPainter};
use crate::ui::widgets::session::Session as LinkSession;
use crate::ui::widgets::slices::{Next, Pump};
use crate::ui::widgets::worker::{self, WorkerPlayer};
use crate::ui::widgets::{download, form, keep, lms};

use crate::ui::action::Named;
use crate::ui::widgets::drawn::Drawn;
use action::{Action, Field, Observe};
use calls::*;
use course_tests::*;
use human::*;
use log::*;
use seats::*;
use view::*;

/// The time limit per call: the course's default and the range the page takes (the registry's).
fn limit_ms() -> crate::games::Number {
    crate::games::number("bazaar", "limit-ms", "")
}

struct Waiting {
    seat: usize,
    id: u64,
    method: Method,
    /// When the call was posted (ms, the page's clock).
    since: f64,
}

struct Tournament {
    left: u32,
    games: u32,
    wins: Vec<u32>,
    dropouts: Vec<u32>,
    seed: u64,
}

/// Everything that belongs to one game on the table, made fresh for each game (a new game or a
/// course test's), so nothing of the last game is left behind.
#[derive(Default)]
struct Session {
    /// The running game's seats: names and kinds (a course test brings its own).
    seat_names: Vec<String>,
    seat_kinds: Vec<SeatKind>,
    referee: Option<Referee>,
    brains: Vec<Brain>,
    waiting: Option<Waiting>,
    choices: Choices,
    last_call: String,
    last_answer: String,
    /// Whether play goes on by itself once the human has answered (Play was on before).
    resume_after_human: bool,
    /// Where the table put things when last drawn (for clicks).
    plan: Option<Plan>,
    /// Lines the log shows between the referee's events: players' console output and, when
    /// asked for, the wire JSON; each after the referee event count it was written at.
    notes: Vec<(usize, String, &'static str)>,
    /// How many referee events and notes the log shows.
    shown: std::cell::Cell<(usize, usize)>,
    /// What the table and the person's question were last drawn from.
    drawn_table: Drawn,
    drawn_question: Drawn,
    /// The state the observer shows, if not the latest (`Referee::history`).
    viewing: Option<usize>,
}

impl Session {
    fn new(
        seat_names: Vec<String>,
        seat_kinds: Vec<SeatKind>,
        referee: Option<Referee>,
        brains: Vec<Brain>,
    ) -> Session {
        Session {
            seat_names,
            seat_kinds,
            referee,
            brains,
            ..Session::default()
        }
    }
}

pub struct Bazaar {
    dom: Dom,
    /// The game on the table: everything that starts afresh with each game.
    game: Session,
    /// The seats as set up (the next new game's).
    kinds: Vec<SeatKind>,
    check: Option<Check>,
    codes: Vec<String>,
    /// Seats whose code was typed, pasted or loaded in this visit (what is kept never overrides it).
    edited: [bool; 6],
    running: bool,
    next_id: u64,
    tournament: Option<Tournament>,
    /// The referee's calls, one turn at a time (widgets::slices).
    pump: Pump,
    message: String,
    /// The time limit per call in milliseconds (20 to 60,000), as the field last read it.
    limit_ms: i32,
    /// Settings were changed during a game: they apply at the next New game.
    settings_pending: bool,
    /// Show every call and answer as the course's wire JSON.
    show_wire: bool,
    /// `data-autoplay`: play starts once the page is mounted.
    autoplay: bool,
    /// This element's part of the keys its seats' JavaScript is kept under.
    code_key: String,
    /// The share link and what the browser keeps of the game (`whole`).
    link: LinkSession,
    /// Changes with each game made (the link and the keeping tell games apart by it).
    game_generation: u64,
    /// Answers from a link or the browser, given to the next game made.
    pending_answers: Option<Vec<serde_json::Value>>,
    /// A graded activity (`goal=win`, a SCORM package).
    graded: Option<Graded>,
}

/// A graded activity's games: only a game with the activity's seats counts (not one whose
/// players were changed, nor a course test), once.
struct Graded {
    seats: Vec<SeatKind>,
    /// The game (by `game_generation`) whose end was counted last.
    counted: Option<u64>,
}

type Shared = Handle<Bazaar>;

impl Bazaar {
    /// A graded game's end, counted once: won when the student's seat (the one human or
    /// JavaScript seat) is among the winners.
    fn count_the_end(&mut self) {
        let Some(outcome) = self.game.referee.as_ref().and_then(|r| r.outcome()) else {
            return;
        };
        let generation = self.game_generation;
        let Some(graded) = self
            .graded
            .as_mut()
            .filter(|g| g.counted != Some(generation))
        else {
            return;
        };
        graded.counted = Some(generation);
        if self.game.seat_kinds != graded.seats {
            self.message =
                "This game's players are not the activity's (a course test?): it is not counted."
                    .into();
            return;
        }
        let student = self
            .game
            .seat_kinds
            .iter()
            .position(|k| matches!(k, SeatKind::Human | SeatKind::JavaScript));
        let won = student.is_some_and(|s| outcome.winners.contains(&self.game.seat_names[s]));
        lms::game_ended(won);
    }
}

/// What `data-seats` may list.
const SEAT_CHOICES: &str = "2 to 6 seats of purchase-points, purchase-size, human, javascript, \
raise:M, cheat:C or loop:M:K";

impl GamePage for Bazaar {
    const NAME: &'static str = "bazaar";
    const CLASS: &'static str = "gl-bazaar";
    type Action = Action;

    /// The table, its seats from `data-seats`, `data-seed` and `data-autoplay`.
    fn new(root: &HtmlElement, options: &Options, message: &mut String) -> Bazaar {
        let dom = build(root);
        let mut kinds = vec![
            SeatKind::Strategy(Policy::Points),
            SeatKind::Strategy(Policy::Size),
        ];
        if let Some(list) = options.text("seats").filter(|_| options.given("seats")) {
            let parsed: Vec<Option<SeatKind>> =
                list.split(',').map(|s| SeatKind::parse(s.trim())).collect();
            if (json::MIN_PLAYERS..=json::MAX_PLAYERS).contains(&parsed.len())
                && parsed.iter().all(Option::is_some)
            {
                kinds = parsed.into_iter().flatten().collect();
            } else {
                let why = match list
                    .split(',')
                    .map(str::trim)
                    .find(|s| SeatKind::parse(s).is_none())
                {
                    Some(bad) => format!("\"{}\" is no seat", crate::echo::echo(bad)),
                    None => format!("{} seats", parsed.len()),
                };
                message.push_str(&format!(
                    "data-seats=\"{}\": {why} ({SEAT_CHOICES}); using two strategies. ",
                    crate::echo::echo(list)
                ));
            }
        }
        dom.seed
            .set_value(&options.number("seed").unwrap_or(1).to_string());
        dom.bonus.set_value(options.word("bonus").unwrap_or("none"));
        dom.limit
            .set_value(&options.number("limit-ms").unwrap_or(600).to_string());
        dom.random_draw.set_checked(options.switch("random-draw"));
        let autoplay = options.switch("autoplay");
        dom.count.set_value(&kinds.len().to_string());
        // A JavaScript seat's code is what the page is for (an exercise): the settings that
        // hold it open at once.
        if kinds.contains(&SeatKind::JavaScript) {
            if let Some(settings) = dom.settings_summary.parent_element() {
                dom::best_effort(settings.set_attribute("open", ""));
            }
        }
        let codes = vec![EXAMPLE_PLAYER.to_string(); 6];
        let mut app = Bazaar {
            dom,
            game: Session::default(),
            kinds,
            check: None,
            codes,
            edited: [false; 6],
            running: false,
            next_id: 0,
            tournament: None,
            pump: Pump::default(),
            message: String::new(),
            limit_ms: options.number("limit-ms").unwrap_or(600) as i32,
            settings_pending: false,
            show_wire: false,
            autoplay,
            code_key: keep::element_key(root, "bazaar", "bazaar-javascript"),
            link: LinkSession::new(root, "bazaar", "bazaar", "gamelab-bazaar-game"),
            game_generation: 0,
            pending_answers: None,
            graded: None,
        };
        app.rebuild_seats();
        if let Some(asked) = lms::asked(options, message) {
            let students = app
                .kinds
                .iter()
                .filter(|k| matches!(k, SeatKind::Human | SeatKind::JavaScript))
                .count();
            if matches!(asked.goal, Some(Goal::Win { .. })) && students != 1 {
                message.push_str(&format!(
                    "goal=win needs exactly one seat for the student (human or javascript), not {students}: this game is not graded. "
                ));
            } else {
                asked.begin();
                app.graded = Some(Graded {
                    seats: app.kinds.clone(),
                    counted: None,
                });
            }
        }
        app
    }

    fn act(app: &Shared, action: Action) {
        act(app, action)
    }

    fn view(&mut self) {
        self.count_the_end();
        Bazaar::refresh(self)
    }

    fn embed_attributes(&self) -> Vec<(String, String)> {
        Bazaar::embed_attributes(self)
    }

    fn listen(app: &Shared) {
        listen(app)
    }

    /// The kept players' code comes back, and the first game is set on the table.
    fn started(app: &Shared) {
        // Once the element has left the page its players' frames go too (a frame whose turn was
        // not pending would otherwise stay behind, waiting).
        let weak = Rc::downgrade(app);
        app.borrow().pump.when_gone(move || {
            if let Some(app) = weak.upgrade() {
                app.borrow_mut().stop_workers();
            }
        });
        restore_codes(app);
        // A link's game is made from its setup and replayed; else the game a reader left here
        // comes back (unless they have begun another by then).
        let shared = app.borrow().link.shared();
        let reader = match shared {
            Some(text) => {
                app.borrow_mut().take_whole(&text, "The link's game");
                None
            }
            None => Some(app.borrow().link.kept_reader()),
        };
        new_game(app);
        if let Some(reader) = reader {
            let handle = app.clone();
            reader.read(move |kept| {
                let Some(text) = kept else { return };
                let take = page::update(&handle, |a| {
                    !a.link.touched() && a.same_table(&text) && a.take_whole(&text, "The kept game")
                });
                if take {
                    new_game(&handle);
                    page::update(&handle, |a| {
                        a.message = format!("The game you left here is back. {}", a.message);
                    });
                }
            });
        }
        if app.borrow().autoplay {
            act(app, Action::Play);
        }
    }
}

/// The fields, the table and the keys on it; the buttons are the shell's.
fn listen(app: &Shared) {
    let root = app.borrow().dom.root.clone();
    let handle = app.clone();
    on::<Event>(&root, "change", move |event| {
        if let Some(target) = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        {
            page::react(&handle, |handle| field_changed(handle, &target));
        }
    });
    // A human seat picks equations (by the side it gives) and cards on the table itself.
    let picture = app.borrow().dom.canvas.clone();
    let handle = app.clone();
    on::<MouseEvent>(&picture.clone(), "click", move |event| {
        let (x, y) = canvas::point_in(&picture, &event);
        let action = handle.borrow().pick_at(x, y);
        if let Some(action) = action {
            page::dispatch(&handle, action);
        }
    });
    let picture = app.borrow().dom.canvas.clone();
    let handle = app.clone();
    on::<MouseEvent>(&picture.clone(), "mousemove", move |event| {
        let (x, y) = canvas::point_in(&picture, &event);
        let pointing = handle.borrow().pick_at(x, y).is_some();
        dom::best_effort(
            picture
                .style()
                .set_property("cursor", if pointing { "pointer" } else { "default" }),
        );
    });
    // The arrow keys, Home and End step through the states when the table has the focus.
    let picture = app.borrow().dom.canvas.clone();
    let handle = app.clone();
    on::<web_sys::KeyboardEvent>(&picture, "keydown", move |event| {
        let to = match event.key().as_str() {
            "ArrowLeft" => Observe::Back,
            "ArrowRight" => Observe::Forward,
            "Home" => Observe::First,
            "End" => Observe::Latest,
            _ => return,
        };
        event.prevent_default();
        page::dispatch(&handle, Action::Observe(to));
    });
    // The table follows the element's width.
    if let Some(window) = dom::window() {
        let handle = app.clone();
        on::<Event>(&window, "resize", move |_| {
            if handle.borrow().dom.root.is_connected() {
                // The view lays the table out again for its new width.
                page::update(&handle, |_| ());
            }
        });
    }
    // Typed or pasted JavaScript is kept as it is typed, so a reload loses nothing.
    let handle = app.clone();
    on::<Event>(&root, "input", move |event| {
        let Some(area) = event
            .target()
            .and_then(|t| t.dyn_into::<HtmlTextAreaElement>().ok())
        else {
            return;
        };
        let seat = match area
            .get_attribute("data-field")
            .and_then(|f| Field::parse(&f))
        {
            Some(Field::Code(i)) if i < 6 => Some(i),
            _ => None,
        };
        if let Some(i) = seat {
            let mut a = handle.borrow_mut();
            a.codes[i] = area.value();
            a.edited[i] = true;
            keep_code(&handle, &a.code_key, i, area.value());
        }
    });
}

/// A settings field changed: seats, their code, the time limit, the wire view.
fn field_changed(handle: &Shared, target: &web_sys::Element) {
    let Some(field) = target
        .get_attribute("data-field")
        .and_then(|f| Field::parse(&f))
    else {
        return;
    };
    let mut a = handle.borrow_mut();
    let restart = a.applies_now(field);
    if a.applies_at_new_game(field) {
        a.settings_pending = true;
        a.message = "The new settings apply from the next game: press New game.".into();
    }
    match field {
        Field::Limit => return a.read_limit(),
        Field::ShowWire => {
            let on: HtmlInputElement = target.clone().unchecked_into();
            a.show_wire = on.checked();
            return;
        }
        Field::Count => {
            let n: usize = a.dom.count.value().parse().unwrap_or(2);
            let defaults = [
                SeatKind::Strategy(Policy::Points),
                SeatKind::Strategy(Policy::Size),
            ];
            while a.kinds.len() < n {
                let next = defaults[a.kinds.len() % 2];
                a.kinds.push(next);
            }
            a.kinds.truncate(n);
            a.rebuild_seats();
        }
        Field::Seat(i) => {
            let select: HtmlSelectElement = target.clone().unchecked_into();
            if let (Some(kind), true) = (SeatKind::parse(&select.value()), i < a.kinds.len()) {
                a.kinds[i] = kind;
                a.rebuild_seats();
            }
        }
        Field::Code(i) if i < 6 => {
            let area: HtmlTextAreaElement = target.clone().unchecked_into();
            a.codes[i] = area.value();
            a.edited[i] = true;
            keep_code(handle, &a.code_key, i, a.codes[i].clone());
        }
        Field::File(i) if i < 6 => {
            let file_input: HtmlInputElement = target.clone().unchecked_into();
            if let Some(file) = file_input.files().and_then(|f| f.get(0)) {
                drop(a);
                return load_code(handle, i, file);
            }
        }
        Field::Seed | Field::Bonus | Field::RandomDraw | Field::Code(_) | Field::File(_) => {}
    }
    drop(a);
    if restart {
        new_game(handle);
    }
}

fn act(app: &Shared, action: Action) {
    // The reader takes part in this game: from now on it is kept.
    if matches!(
        action,
        Action::Step | Action::Play | Action::Pebble | Action::Trade | Action::Buy
    ) {
        app.borrow_mut().link.touch();
    }
    match action {
        Action::NewGame => new_game(app),
        Action::Step => {
            let mut a = app.borrow_mut();
            (a.running, a.game.resume_after_human) = (false, false);
            drop(a);
            step(app);
        }
        Action::Play => {
            app.borrow_mut().running = true;
            schedule(app, 0);
        }
        Action::Pause => {
            let mut a = app.borrow_mut();
            (a.running, a.game.resume_after_human) = (false, false);
        }
        Action::Tournament => start_tournament(app),
        Action::Share => app.borrow_mut().share(),
        Action::RunTest => run_test(app),
        Action::Pebble => human_answer(app, Reply::Pebble),
        Action::Trade => {
            let list = app.borrow().game.choices.exchanges.clone();
            human_answer(app, Reply::Trades(list));
        }
        Action::Buy => {
            let list = app.borrow().game.choices.cards.clone();
            human_answer(app, Reply::Cards(list));
        }
        Action::Clear => app.borrow_mut().game.choices = Choices::default(),
        Action::Observe(to) => app.borrow_mut().observe(to),
        Action::SaveJson => app.borrow_mut().save_json(),
        Action::SavePng => app.borrow_mut().save_png(),
        Action::Example(i) if i < 6 => {
            let mut a = app.borrow_mut();
            a.codes[i] = EXAMPLE_PLAYER.to_string();
            a.edited[i] = true;
            keep::forget(&code_key(&a.code_key, i));
            a.rebuild_seats();
            a.settings_pending = true;
            a.message = format!(
                "{}'s code is the example player again; it plays from the next New game.",
                NAMES[i]
            );
        }
        // A seat past the six there are (a name written by hand) is no seat.
        Action::Example(_) => {}
        Action::UseEquation(i) => app.borrow_mut().choose_exchange(i),
        Action::Card(i) => app.borrow_mut().choose_card(i),
    }
}

fn new_game(app: &Shared) {
    {
        let mut a = app.borrow_mut();
        a.stop_workers();
        a.tournament = None;
        a.check = None;
        a.dom.tally.set_text_content(None);
        a.running = false;
        // A graded activity's games are played by its own seats, whatever the menus say.
        if let Some(seats) = a.graded.as_ref().map(|g| g.seats.clone()) {
            if a.kinds != seats {
                a.kinds = seats;
                a.rebuild_seats();
            }
        }
        let (seed, why) = a.read_seed();
        a.start(seed);
        if let Some(why) = why {
            a.message = why;
        }
        a.replay_pending();
    }
    spawn_workers(app);
}

fn start_tournament(app: &Shared) {
    {
        let mut a = app.borrow_mut();
        if a.kinds.contains(&SeatKind::Human) {
            a.message = "A tournament plays itself: choose no human seat.".into();
            return;
        }
        let games = a.dom.games.value().trim().parse::<u32>().unwrap_or(0);
        if !(1..=1000).contains(&games) {
            a.message = "A tournament has 1 to 1000 games.".into();
            return;
        }
        a.stop_workers();
        let (seed, why) = a.read_seed();
        let n = a.kinds.len();
        a.tournament = Some(Tournament {
            left: games,
            games,
            wins: vec![0; n],
            dropouts: vec![0; n],
            seed,
        });
        a.start(seed);
        if let Some(why) = why {
            a.message = why;
        }
        a.running = true;
    }
    spawn_workers(app);
    schedule(app, 0);
}

impl Bazaar {
    /// The data attributes that open this table's seats and seed ("Embed this").
    fn embed_attributes(&self) -> Vec<(String, String)> {
        let seats: Vec<String> = self.kinds.iter().map(|kind| kind.text()).collect();
        let mut out = vec![
            ("data-seats".to_string(), seats.join(",")),
            ("data-seed".to_string(), self.seed().to_string()),
        ];
        let bonus = self.dom.bonus.value();
        if !bonus.is_empty() {
            out.push(("data-bonus".to_string(), bonus));
        }
        if Some(self.limit_ms as u64) != limit_ms().default {
            out.push(("data-limit-ms".to_string(), self.limit_ms.to_string()));
        }
        if self.dom.random_draw.checked() {
            out.push(("data-random-draw".to_string(), "on".to_string()));
        }
        out
    }
    /// The seed field's number (1 if it holds none: `read_seed` says so).
    pub(super) fn seed(&self) -> u64 {
        self.dom.seed.value().trim().parse().unwrap_or(1)
    }

    /// The seed for a new game: the field's number, or 1 with a message and the field showing
    /// it, so what is shown is what is played.
    fn read_seed(&mut self) -> (u64, Option<String>) {
        let typed = self.dom.seed.value();
        match typed.trim().parse::<u64>() {
            Ok(seed) => (seed, None),
            Err(_) => {
                self.dom.seed.set_value("1");
                let why = format!(
                    "The seed is a whole number from 0 to {}: '{}' is not one, so this game uses 1.",
                    u64::MAX,
                    crate::echo::echo(typed.trim())
                );
                (1, Some(why))
            }
        }
    }

    fn speed(&self) -> i32 {
        if self.tournament.is_some() {
            0
        } else {
            self.dom.speed.value().parse().unwrap_or(150)
        }
    }

    /// Reads the time limit field; a value out of range is brought into it, and the field shows
    /// the limit used, so what is shown is what holds.
    /// The time limit field: a whole number of milliseconds in `limit_ms()`'s range, or the limit stays
    /// as it was and the message says why.
    fn read_limit(&mut self) {
        let range = (limit_ms().min as usize, limit_ms().max as usize);
        match form::read_number(&self.dom.limit, "The time limit per call (ms)", range) {
            Ok(ms) => {
                self.limit_ms = ms as i32;
                self.message = format!("The time limit is {ms} ms a call, from the next call on.");
            }
            Err(e) => {
                self.message = format!("{e}: it stays {} ms a call.", self.limit_ms);
                self.dom.limit.set_value(&self.limit_ms.to_string());
            }
        }
    }

    /// Whether a change of this field waits for the next game (while one is being played).
    fn applies_at_new_game(&self, field: Field) -> bool {
        let setting = field.is_game_setting() || matches!(field, Field::Code(_) | Field::File(_));
        setting && self.game_begun()
    }

    /// Whether the game on the table has begun: a call was answered and it is not over.
    fn game_begun(&self) -> bool {
        self.game
            .referee
            .as_ref()
            .is_some_and(|r| r.outcome().is_none() && !r.log().is_empty())
    }

    /// Whether a change of this field makes the game on the table start again at once: it has
    /// not begun, so nothing is lost and what is shown is what is played.
    fn applies_now(&self, field: Field) -> bool {
        let setting = field.is_game_setting();
        let over = self
            .game
            .referee
            .as_ref()
            .is_some_and(|r| r.outcome().is_some());
        setting && !self.game_begun() && !over
    }

    /// A new game from `seed` with the seats as set.
    fn start(&mut self, seed: u64) {
        let n = self.kinds.len();
        let (equations, state) = random_game(n, &mut Rng::new(seed));
        let bonus = Bonus::parse(&self.dom.bonus.value());
        let names: Vec<String> = NAMES[..n].iter().map(|s| s.to_string()).collect();
        let mut referee = Referee::new(equations, state, names.clone(), bonus).ok();
        if self.dom.random_draw.checked() {
            if let Some(referee) = referee.as_mut() {
                referee.draw_at_random(seed ^ 0xD7A4);
            }
        }
        let brains = self
            .kinds
            .iter()
            .enumerate()
            .map(|(i, kind)| match *kind {
                SeatKind::Strategy(policy) => {
                    brain_for(Actor::new(NAMES[i], policy, Misbehaviour::None))
                }
                SeatKind::Misbehaving(policy, behaviour) => {
                    brain_for(Actor::new(NAMES[i], policy, behaviour))
                }
                SeatKind::JavaScript => Brain::Worker {
                    worker: None,
                    looping: None,
                    broken: None,
                },
                SeatKind::Human => Brain::Human,
            })
            .collect();
        self.begin(Session::new(names, self.kinds.clone(), referee, brains));
        self.game_generation = crate::engine::generation::next();
        lms::next_game();
        // What a link or the browser's setup said stays in front of the game it made.
        let said = std::mem::take(&mut self.message);
        self.message = if self.pending_answers.is_some() {
            said
        } else {
            format!("A new game from seed {seed}.")
        };
        self.settings_pending = false;
    }

    /// Puts a new game on the table: nothing of the last one stays (its log goes too).
    fn begin(&mut self, session: Session) {
        self.game = session;
        self.dom.log.set_text_content(None);
    }

    fn stop_worker(&mut self, seat: usize) {
        if let Some(Brain::Worker { worker, .. }) = self.game.brains.get_mut(seat) {
            if let Some(w) = worker.take() {
                w.terminate();
            }
        }
    }

    fn stop_workers(&mut self) {
        for seat in 0..self.game.brains.len() {
            self.stop_worker(seat);
        }
        self.game.waiting = None;
    }
}
