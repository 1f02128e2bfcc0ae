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

mod help;

use std::cell::RefCell;
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
use crate::ui::dom::{self, button, child, on};
use crate::ui::widgets::canvas::{self, CanvasPainter};
use crate::ui::widgets::slices::{Next, Pump};
use crate::ui::widgets::worker::{self, WorkerPlayer};
use crate::ui::widgets::{download, embed, form, keep};

/// The course's time limit per call, and the range the page accepts.
const DEFAULT_LIMIT_MS: i32 = 600;
const LIMIT_RANGE: std::ops::RangeInclusive<i32> = 20..=60_000;

/// Where a seat's pasted JavaScript is kept between visits (widgets::keep).
fn code_key(seat: usize) -> String {
    format!("bazaar-javascript-{seat}")
}

const NAMES: [&str; 6] = ["Adam", "Eve", "Carl", "Dana", "Finn", "Gwen"];

/// The example JavaScript player offered in a new JavaScript seat.
const EXAMPLE_PLAYER: &str = "// A JavaScript player: four functions answer the referee, with the course's JSON data.
function setup(equations) { }
// false asks for a pebble; a list of [left, right] equations trades.
function requestPebbleOrTrades(turn) { return false; }
// Buys the first visible card the wallet can pay for.
function requestCards(turn) {
  for (const card of turn.cards) {
    const wallet = turn.active.wallet.slice();
    if (card.pebbles.every(p => { const i = wallet.indexOf(p); if (i < 0) return false; wallet.splice(i, 1); return true; })) return [card];
  }
  return [];
}
function win(won) { }
";

/// What sits in a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SeatKind {
    Strategy(Policy),
    Misbehaving(Policy, Misbehaviour),
    Human,
    JavaScript,
}

impl SeatKind {
    /// The choices a seat's menu offers: (value, label).
    fn options() -> Vec<(String, String)> {
        let mut out = vec![
            (
                "purchase-points".to_string(),
                "strategy: purchase-points".to_string(),
            ),
            (
                "purchase-size".to_string(),
                "strategy: purchase-size".to_string(),
            ),
            ("human".to_string(), "human (you)".to_string()),
            ("javascript".to_string(), "JavaScript player".to_string()),
        ];
        for m in [
            Method::Setup,
            Method::PebbleOrTrades,
            Method::Cards,
            Method::Win,
        ] {
            out.push((
                format!("raise:{}", m.name()),
                format!("raises an exception in {}", m.name()),
            ));
        }
        for c in Cheat::ALL {
            out.push((
                format!("cheat:{}", c.name()),
                format!("cheats: {}", c.name()),
            ));
        }
        // Every looping actor the course's milestone 9 allows: each method, calls 1 to 7.
        for m in [
            Method::Setup,
            Method::PebbleOrTrades,
            Method::Cards,
            Method::Win,
        ] {
            for k in 1..=7 {
                out.push((
                    format!("loop:{}:{k}", m.name()),
                    format!("loops forever on call {k} of {}", m.name()),
                ));
            }
        }
        out
    }

    fn parse(text: &str) -> Option<SeatKind> {
        let mut parts = text.split(':');
        let kind = match (parts.next()?, parts.next(), parts.next()) {
            ("human", None, None) => SeatKind::Human,
            ("javascript", None, None) => SeatKind::JavaScript,
            (policy, None, None) => SeatKind::Strategy(Policy::parse(policy)?),
            ("raise", Some(m), None) => {
                SeatKind::Misbehaving(Policy::Points, Misbehaviour::Raise(Method::parse(m)?))
            }
            ("cheat", Some(c), None) => {
                SeatKind::Misbehaving(Policy::Points, Misbehaviour::Cheat(Cheat::parse(c)?))
            }
            ("loop", Some(m), Some(k)) => SeatKind::Misbehaving(
                Policy::Points,
                Misbehaviour::Loop(
                    Method::parse(m)?,
                    k.parse().ok().filter(|k| (1..=7).contains(k))?,
                ),
            ),
            _ => return None,
        };
        Some(kind)
    }

    fn label(self) -> String {
        match self {
            SeatKind::Strategy(p) => p.name().to_string(),
            SeatKind::Human => "human".into(),
            SeatKind::JavaScript => "JavaScript".into(),
            SeatKind::Misbehaving(_, Misbehaviour::Raise(m)) => format!("raises in {}", m.name()),
            SeatKind::Misbehaving(_, Misbehaviour::Cheat(c)) => format!("cheat: {}", c.name()),
            SeatKind::Misbehaving(_, Misbehaviour::Loop(m, k)) => {
                format!("loops on {} #{k}", m.name())
            }
            SeatKind::Misbehaving(p, Misbehaviour::None) => p.name().to_string(),
        }
    }
}

/// A seat during a game.
enum Brain {
    /// Built-in code, called directly.
    Direct(Actor),
    /// Code in a worker (JavaScript, or the built-in looping actor whose answers are computed
    /// here and whose k-th call makes the worker loop): terminated on a time-out.
    /// `broken`: why its code failed to load, if it did (its next call fails with that).
    Worker {
        worker: Option<WorkerPlayer>,
        looping: Option<(Actor, Method, u32, [u32; 4])>,
        broken: Option<String>,
    },
    Human,
}

struct Waiting {
    seat: usize,
    id: u64,
    method: Method,
    /// When the call was posted (ms, the page's clock).
    since: f64,
}

/// A state of the game as the observer keeps it: what the table shows, and what led to it.
struct Snapshot {
    state: crate::engine::bazaar::state::GameState,
    order: Vec<usize>,
    caption: String,
}

/// The observer keeps at most this many states of one game (a game of the rules has a few
/// hundred at most: the bank and the exchange price end it).
const HISTORY_LIMIT: usize = 5_000;

/// At most this many console lines and wire messages are kept in the log of one game.
const NOTE_LIMIT: usize = 5_000;
/// A wire message longer than this is shown cut, with its full length.
const WIRE_SHOWN: usize = 1_500;

/// A JSON value as the wire carries it, cut to `WIRE_SHOWN` characters with its length said.
fn on_the_wire(value: &serde_json::Value) -> String {
    let text = value.to_string();
    let length = text.chars().count();
    if length <= WIRE_SHOWN {
        return text;
    }
    let kept: String = text.chars().take(WIRE_SHOWN).collect();
    format!("{kept} … ({length} characters in all)")
}

/// The human's answer in the making.
#[derive(Default)]
struct Choices {
    exchanges: Vec<Equation>,
    cards: Vec<Card>,
    message: String,
}

struct Tournament {
    left: u32,
    games: u32,
    wins: Vec<u32>,
    dropouts: Vec<u32>,
    seed: u64,
}

struct Dom {
    root: HtmlElement,
    count: HtmlSelectElement,
    seats: HtmlElement,
    seed: HtmlInputElement,
    bonus: HtmlSelectElement,
    limit: HtmlInputElement,
    random_draw: HtmlInputElement,
    strict: HtmlInputElement,
    speed: HtmlSelectElement,
    show_wallets: HtmlInputElement,
    games: HtmlInputElement,
    canvas: HtmlCanvasElement,
    status: HtmlElement,
    observed: HtmlElement,
    waiting: HtmlElement,
    exchange: HtmlElement,
    human: HtmlElement,
    log: HtmlElement,
    tally: HtmlElement,
    test_harness: HtmlSelectElement,
    test_input: HtmlTextAreaElement,
    test_clients: HtmlTextAreaElement,
    test_expected: HtmlTextAreaElement,
    verdict: HtmlElement,
}

/// A course test being played in the page: its harness and expected output.
struct Check {
    name: String,
    expected: Vec<serde_json::Value>,
    server: bool,
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
    /// Every state of the game so far (the observer), and the one shown if not the latest.
    history: Vec<Snapshot>,
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

struct App {
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
}

type Shared = Rc<RefCell<App>>;

pub fn mount(root: &HtmlElement) {
    root.set_text_content(None);
    root.class_list().add_1("gl-bazaar").ok();
    let dom = build(root);
    let attr = |name: &str| root.get_attribute(name).filter(|s| !s.trim().is_empty());
    let mut message = String::new();
    let mut kinds = vec![
        SeatKind::Strategy(Policy::Points),
        SeatKind::Strategy(Policy::Size),
    ];
    if let Some(list) = attr("data-seats") {
        let parsed: Vec<Option<SeatKind>> =
            list.split(',').map(|s| SeatKind::parse(s.trim())).collect();
        if (2..=6).contains(&parsed.len()) && parsed.iter().all(Option::is_some) {
            kinds = parsed.into_iter().flatten().collect();
        } else {
            let why = match list
                .split(',')
                .map(str::trim)
                .find(|s| SeatKind::parse(s).is_none())
            {
                Some(bad) => format!("\"{bad}\" is no seat"),
                None => format!("{} seats", parsed.len()),
            };
            message.push_str(&format!(
                "data-seats=\"{list}\": {why} (2 to 6 seats of purchase-points, purchase-size, human, javascript, raise:M, cheat:C or loop:M:K); using two strategies. "
            ));
        }
    }
    if let Some(seed) = attr("data-seed") {
        match seed.trim().parse::<u64>() {
            Ok(n) => dom.seed.set_value(&n.to_string()),
            Err(_) => message.push_str(&format!("data-seed=\"{seed}\" is not a whole number from 0 to 18446744073709551615; using 1. ")),
        }
    }
    let autoplay = dom::switch_attribute(root, "data-autoplay", &mut message);
    dom::attribute_note(root, &message);
    dom.count.set_value(&kinds.len().to_string());
    let codes = vec![EXAMPLE_PLAYER.to_string(); 6];
    let app = Rc::new(RefCell::new(App {
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
        limit_ms: DEFAULT_LIMIT_MS,
        settings_pending: false,
        show_wire: false,
    }));
    app.borrow_mut().rebuild_seats();
    // Once the element has left the page its players' frames go too (a frame whose turn was
    // not pending would otherwise stay behind, waiting).
    let weak = Rc::downgrade(&app);
    app.borrow().pump.when_gone(move || {
        if let Some(app) = weak.upgrade() {
            app.borrow_mut().stop_workers();
        }
    });
    wire(&app);
    restore_codes(&app);
    embed::offer_for(root, "bazaar", &app, App::embed_attributes);
    new_game(&app);
    if autoplay {
        act(&app, "play");
    }
}

fn field(parent: &HtmlElement, label: &str) -> HtmlElement {
    dom::labelled(parent, label)
}

fn build(root: &HtmlElement) -> Dom {
    help::add(root);
    let settings = child(root, "fieldset", "gl-bazaar-settings");
    child(&settings, "legend", "").set_text_content(Some("Game"));
    let counts: Vec<(String, String)> = (2..=6).map(|n| (n.to_string(), n.to_string())).collect();
    let count = form::select(&settings, "Players", "count", &counts);
    let seed = form::input(&settings, "Seed", "seed", "number", "1");
    let bonus = form::select(
        &settings,
        "End bonus",
        "bonus",
        &[
            ("", "none"),
            ("RWB", "RWB (+10)"),
            ("SEY", "Seychelles (+50)"),
        ],
    );
    let limit = form::input(
        &settings,
        "Time limit per call (ms)",
        "limit",
        "number",
        &DEFAULT_LIMIT_MS.to_string(),
    );
    let _ = limit.set_attribute("min", &LIMIT_RANGE.start().to_string());
    let _ = limit.set_attribute("max", &LIMIT_RANGE.end().to_string());
    // The course's referee draws the first colour the bank has; the rules say "a random pebble".
    let random_draw = form::input(
        &settings,
        "Random pebble draw",
        "random-draw",
        "checkbox",
        "",
    );
    // Strict rules: a human's illegal answer goes to the referee, which eliminates, as for any player.
    let strict = form::input(
        &settings,
        "Strict rules for humans",
        "strict",
        "checkbox",
        "",
    );
    let seats = child(&settings, "div", "gl-bazaar-seats");
    button(&settings, "New game", "new-game");
    let bar = child(root, "div", "gl-buttonbar");
    button(&bar, "Step", "step");
    button(&bar, "Play", "play");
    button(&bar, "Pause", "pause");
    let speed = form::select(
        &bar,
        "Speed",
        "speed",
        &[
            ("600", "slow"),
            ("150", "normal"),
            ("20", "fast"),
            ("0", "instant"),
        ],
    );
    speed.set_value("150");
    let show_wallets = form::input(&bar, "Show wallets", "show-wallets", "checkbox", "");
    form::input(&bar, "Show the wire JSON", "show-wire", "checkbox", "");
    let canvas: HtmlCanvasElement = child(root, "canvas", "gl-canvas").unchecked_into();
    let _ = canvas.set_attribute("role", "img");
    // Focusable, so the arrow keys step through the game's states.
    let _ = canvas.set_attribute("tabindex", "0");
    let observer = child(root, "div", "gl-buttonbar gl-bazaar-observer");
    let _ = observer.set_attribute("role", "group");
    let _ = observer.set_attribute("aria-label", "Observer: every state of this game");
    button(&observer, "First", "observe-first");
    button(&observer, "◀ Back", "observe-back");
    button(&observer, "Forward ▶", "observe-forward");
    button(&observer, "Latest", "observe-latest");
    let observed = child(&observer, "span", "gl-bazaar-observed");
    button(&observer, "Save as Game JSON", "save-json");
    button(&observer, "Save as PNG", "save-png");
    let status = child(root, "p", "gl-status");
    let _ = status.set_attribute("aria-live", "polite");
    // A worker seat's thinking time against its limit (not announced: it changes ten times a second).
    let waiting = child(root, "p", "gl-bazaar-waiting");
    dom::set_hidden(&waiting, true);
    let exchange = child(root, "p", "gl-bazaar-exchange");
    let human = child(root, "div", "gl-bazaar-human");
    let details = child(root, "details", "gl-bazaar-log");
    let _ = details.set_attribute("open", "");
    child(&details, "summary", "").set_text_content(Some("Referee's log"));
    let log = child(&details, "ol", "gl-history");
    let tour = child(root, "fieldset", "gl-bazaar-tournament");
    child(&tour, "legend", "").set_text_content(Some("Tournament"));
    let games = form::input(&tour, "Games", "games", "number", "20");
    button(&tour, "Run tournament", "tournament");
    let tally = child(&tour, "div", "gl-bazaar-tally");
    let course = child(root, "details", "gl-bazaar-course");
    child(&course, "summary", "").set_text_content(Some("Run a course test"));
    let harnesses: Vec<(String, String)> = HARNESSES
        .iter()
        .map(|h| (h.to_string(), h.to_string()))
        .collect();
    let test_harness = form::select(&course, "Harness", "test-harness", &harnesses);
    let area = |label: &str, name: &str| {
        let a: HtmlTextAreaElement =
            child(&field(&course, label), "textarea", "gl-bazaar-code").unchecked_into();
        a.set_rows(4);
        let _ = a.set_attribute("data-field", name);
        let _ = a.set_attribute("spellcheck", "false");
        a
    };
    let test_input = area("Input (n-in.json)", "test-input");
    let test_clients = area("Clients' input (xserver only)", "test-clients");
    let test_expected = area("Expected output (n-out.json)", "test-expected");
    button(&course, "Run the test", "run-test");
    let verdict = child(&course, "p", "gl-bazaar-verdict");
    let _ = verdict.set_attribute("aria-live", "polite");
    Dom {
        root: root.clone(),
        count,
        seats,
        seed,
        bonus,
        limit,
        random_draw,
        strict,
        speed,
        show_wallets,
        games,
        canvas,
        status,
        observed,
        waiting,
        exchange,
        human,
        log,
        tally,
        test_harness,
        test_input,
        test_clients,
        test_expected,
        verdict,
    }
}

fn wire(app: &Shared) {
    let root = app.borrow().dom.root.clone();
    let handle = app.clone();
    dom::on_action(&root, move |action| act(&handle, action));
    let handle = app.clone();
    on::<Event>(&root, "change", move |event| {
        let Some(target) = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        else {
            return;
        };
        let name = target.get_attribute("data-field").unwrap_or_default();
        let mut a = handle.borrow_mut();
        if name == "limit" {
            return a.read_limit();
        }
        if name == "show-wire" {
            let on: HtmlInputElement = target.unchecked_into();
            a.show_wire = on.checked();
            return;
        }
        if a.applies_at_new_game(&name) {
            a.settings_pending = true;
            a.message = "The new settings apply from the next game: press New game.".into();
        }
        if name == "count" {
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
        } else if let Some(i) = name
            .strip_prefix("seat-")
            .and_then(|i| i.parse::<usize>().ok())
        {
            let select: HtmlSelectElement = target.unchecked_into();
            if let (Some(kind), true) = (SeatKind::parse(&select.value()), i < a.kinds.len()) {
                a.kinds[i] = kind;
                a.rebuild_seats();
            }
        } else if let Some(i) = name
            .strip_prefix("code-")
            .and_then(|i| i.parse::<usize>().ok())
            .filter(|&i| i < 6)
        {
            let area: HtmlTextAreaElement = target.unchecked_into();
            a.codes[i] = area.value();
            a.edited[i] = true;
            keep_code(&handle, i, a.codes[i].clone());
        } else if let Some(i) = name
            .strip_prefix("file-")
            .and_then(|i| i.parse::<usize>().ok())
            .filter(|&i| i < 6)
        {
            let file_input: HtmlInputElement = target.unchecked_into();
            if let Some(file) = file_input.files().and_then(|f| f.get(0)) {
                drop(a);
                return load_code(&handle, i, file);
            }
        }
        a.refresh();
    });
    // A human seat picks equations (by the side it gives) and cards on the table itself.
    let picture = app.borrow().dom.canvas.clone();
    let handle = app.clone();
    on::<MouseEvent>(&picture.clone(), "click", move |event| {
        let (x, y) = canvas::point_in(&picture, &event);
        let action = handle.borrow().pick_at(x, y);
        if let Some(action) = action {
            act(&handle, &action);
        }
    });
    let picture = app.borrow().dom.canvas.clone();
    let handle = app.clone();
    on::<MouseEvent>(&picture.clone(), "mousemove", move |event| {
        let (x, y) = canvas::point_in(&picture, &event);
        let pointing = handle.borrow().pick_at(x, y).is_some();
        let _ = picture
            .style()
            .set_property("cursor", if pointing { "pointer" } else { "default" });
    });
    // The arrow keys, Home and End step through the states when the table has the focus.
    let picture = app.borrow().dom.canvas.clone();
    let handle = app.clone();
    on::<web_sys::KeyboardEvent>(&picture, "keydown", move |event| {
        let action = match event.key().as_str() {
            "ArrowLeft" => "observe-back",
            "ArrowRight" => "observe-forward",
            "Home" => "observe-first",
            "End" => "observe-latest",
            _ => return,
        };
        event.prevent_default();
        act(&handle, action);
    });
    // The table follows the element's width.
    if let Some(window) = dom::window() {
        let handle = app.clone();
        on::<Event>(&window, "resize", move |_| {
            let mut a = handle.borrow_mut();
            if a.dom.root.is_connected() {
                a.refresh();
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
        let seat = area
            .get_attribute("data-field")
            .and_then(|f| {
                f.strip_prefix("code-")
                    .and_then(|i| i.parse::<usize>().ok())
            })
            .filter(|&i| i < 6);
        if let Some(i) = seat {
            let mut a = handle.borrow_mut();
            a.codes[i] = area.value();
            a.edited[i] = true;
            keep_code(&handle, i, area.value());
        }
    });
}

/// Keeps seat `seat`'s JavaScript in the browser; if the browser refuses, the player is told
/// where they look (the message line) that a reload would lose it.
fn keep_code(app: &Shared, seat: usize, text: String) {
    let handle = Rc::downgrade(app);
    keep::save(&code_key(seat), text, move |result| {
        let (Err(e), Some(app)) = (result, handle.upgrade()) else {
            return;
        };
        let Ok(mut a) = app.try_borrow_mut() else {
            return;
        };
        a.message = format!(
            "{}'s JavaScript could not be kept in this browser ({e}): a reload would lose it, so copy it into a .js file of your own.",
            NAMES[seat]
        );
        a.refresh();
    });
}

/// Brings back the JavaScript kept from an earlier visit into the seats' code boxes.
fn restore_codes(app: &Shared) {
    for (seat, name) in NAMES.iter().enumerate() {
        let handle = app.clone();
        keep::load(&code_key(seat), move |kept| {
            let code = match kept {
                keep::Kept::Text(code) if !code.trim().is_empty() => code,
                keep::Kept::Unreadable(what) => {
                    let mut a = handle.borrow_mut();
                    a.message = format!(
                        "{name}'s JavaScript kept from your last visit could not be read ({what}); the seat starts with the example player."
                    );
                    a.refresh();
                    return;
                }
                _ => return,
            };
            let mut a = handle.borrow_mut();
            if a.codes[seat] == code || a.edited[seat] {
                return;
            }
            a.codes[seat] = code;
            if a.kinds.get(seat) == Some(&SeatKind::JavaScript) {
                a.rebuild_seats();
                // The game already set up took the example player: start again with the kept
                // one if nothing has happened yet, or say it plays from the next game.
                let untouched = !a.running
                    && a.check.is_none()
                    && a.tournament.is_none()
                    && a.game.referee.as_ref().is_none_or(|r| r.turns() == 0);
                let back = format!("{name}'s JavaScript from your last visit is back");
                if untouched {
                    drop(a);
                    new_game(&handle);
                    let mut a = handle.borrow_mut();
                    a.message = format!("{back}.");
                    a.refresh();
                } else {
                    a.settings_pending = true;
                    a.message = format!("{back}; it plays from the next New game.");
                    a.refresh();
                }
            }
        });
    }
}

/// Reads a JavaScript player from a file into seat i's code box.
fn load_code(app: &Shared, seat: usize, file: web_sys::File) {
    let Ok(reader) = web_sys::FileReader::new() else {
        return;
    };
    let handle = app.clone();
    let source = reader.clone();
    let done = wasm_bindgen::closure::Closure::once_into_js(move || {
        let text = source
            .result()
            .ok()
            .and_then(|r| r.as_string())
            .unwrap_or_default();
        keep_code(&handle, seat, text.clone());
        let mut a = handle.borrow_mut();
        a.codes[seat] = text;
        a.edited[seat] = true;
        a.rebuild_seats();
        a.message = format!(
            "{}'s JavaScript player was loaded from the file.",
            NAMES[seat]
        );
        a.refresh();
    });
    reader.set_onload(Some(done.unchecked_ref()));
    let _ = reader.read_as_text(&file);
}

fn act(app: &Shared, action: &str) {
    match action {
        "new-game" => return new_game(app),
        "step" => {
            let mut a = app.borrow_mut();
            (a.running, a.game.resume_after_human) = (false, false);
            drop(a);
            step(app);
        }
        "play" => {
            app.borrow_mut().running = true;
            schedule(app, 0);
        }
        "pause" => {
            let mut a = app.borrow_mut();
            (a.running, a.game.resume_after_human) = (false, false);
        }
        "tournament" => return start_tournament(app),
        "run-test" => return run_test(app),
        "pebble" => human_answer(app, Reply::Pebble),
        "trade" => {
            let list = app.borrow().game.choices.exchanges.clone();
            human_answer(app, Reply::Trades(list));
        }
        "buy" => {
            let list = app.borrow().game.choices.cards.clone();
            human_answer(app, Reply::Cards(list));
        }
        "clear" => app.borrow_mut().game.choices = Choices::default(),
        "observe-first" | "observe-back" | "observe-forward" | "observe-latest" => {
            app.borrow_mut().observe(action)
        }
        "save-json" => app.borrow_mut().save_json(),
        "save-png" => app.borrow_mut().save_png(),
        other => {
            if let Some(i) = other
                .strip_prefix("example-")
                .and_then(|i| i.parse::<usize>().ok())
                .filter(|&i| i < 6)
            {
                let mut a = app.borrow_mut();
                a.codes[i] = EXAMPLE_PLAYER.to_string();
                a.edited[i] = true;
                keep::forget(&code_key(i));
                a.rebuild_seats();
                a.settings_pending = true;
                a.message = format!(
                    "{}'s code is the example player again; it plays from the next New game.",
                    NAMES[i]
                );
            }
            if let Some(i) = other
                .strip_prefix("use-")
                .and_then(|i| i.parse::<usize>().ok())
            {
                app.borrow_mut().choose_exchange(i);
            } else if let Some(i) = other
                .strip_prefix("card-")
                .and_then(|i| i.parse::<usize>().ok())
            {
                app.borrow_mut().choose_card(i);
            }
        }
    }
    app.borrow_mut().refresh();
}

fn new_game(app: &Shared) {
    {
        let mut a = app.borrow_mut();
        a.stop_workers();
        a.tournament = None;
        a.check = None;
        a.dom.tally.set_text_content(None);
        a.running = false;
        let seed = a.seed();
        a.start(seed);
    }
    app.borrow_mut().refresh();
    spawn_workers(app);
}

fn start_tournament(app: &Shared) {
    {
        let mut a = app.borrow_mut();
        if a.kinds.contains(&SeatKind::Human) {
            a.message = "A tournament plays itself: choose no human seat.".into();
            a.refresh();
            return;
        }
        let games = a.dom.games.value().trim().parse::<u32>().unwrap_or(0);
        if !(1..=1000).contains(&games) {
            a.message = "A tournament has 1 to 1000 games.".into();
            a.refresh();
            return;
        }
        a.stop_workers();
        let seed = a.seed();
        let n = a.kinds.len();
        a.tournament = Some(Tournament {
            left: games,
            games,
            wins: vec![0; n],
            dropouts: vec![0; n],
            seed,
        });
        a.start(seed);
        a.running = true;
        a.refresh();
    }
    spawn_workers(app);
    schedule(app, 0);
}

/// Starts the workers of the game's worker seats, each reporting to the pump.
fn spawn_workers(app: &Shared) {
    let seats: Vec<usize> = app
        .borrow()
        .game
        .brains
        .iter()
        .enumerate()
        .filter(|(_, b)| matches!(b, Brain::Worker { .. }))
        .map(|(i, _)| i)
        .collect();
    for seat in seats {
        let code = {
            let a = app.borrow();
            if a.game.seat_kinds.get(seat) == Some(&SeatKind::JavaScript) {
                a.codes[seat].clone()
            } else {
                String::new()
            }
        };
        let handle = app.clone();
        let host = app.borrow().dom.root.clone();
        let spawned = WorkerPlayer::spawn(&host, &code, move |reply| {
            worker_reply(&handle, seat, reply)
        });
        let mut a = app.borrow_mut();
        match spawned {
            Ok(worker) => {
                if let Some(Brain::Worker { worker: slot, .. }) = a.game.brains.get_mut(seat) {
                    *slot = Some(worker);
                }
            }
            Err(e) => a.message = format!("{}: {e}", a.game.seat_names[seat]),
        }
    }
}

fn schedule(app: &Shared, ms: i32) {
    let (root, pump) = {
        let a = app.borrow();
        (a.dom.root.clone(), a.pump.clone())
    };
    let app = app.clone();
    // Once the element has left the page no turn comes; its players' frames went with it.
    pump.schedule(&root, ms, move |_| {
        if app.borrow().running {
            step(&app);
        }
        Next::Done
    });
}

/// One call of the referee: made at once for built-in players, sent to a worker (with a time
/// limit), or left to the human. Keeps going while playing.
fn step(app: &Shared) {
    let mut again = None;
    {
        let mut a = app.borrow_mut();
        if a.game.waiting.is_some() {
            return;
        }
        let Some(referee) = a.game.referee.as_ref() else {
            return;
        };
        let Some((seat, call)) = referee.next_call() else {
            drop(a);
            return game_over(app);
        };
        a.game.last_call = describe_call(&a.game.seat_names[seat], &call);
        a.game.last_answer.clear();
        if a.show_wire {
            let text = format!(
                "→ {}: {}",
                a.game.seat_names[seat],
                on_the_wire(&json::call_out(&call))
            );
            a.note(text, "gl-wire");
        }
        let a = &mut *a;
        match &mut a.game.brains[seat] {
            Brain::Direct(actor) => {
                let answer = actors::call(actor, &call).map_err(Failure::Error);
                a.give(seat, answer, None);
                again = Some(a.speed());
            }
            Brain::Worker {
                broken: Some(why), ..
            } => {
                let answer = Err(Failure::Error(why.clone()));
                a.give(seat, answer, None);
                again = Some(a.speed());
            }
            Brain::Worker {
                worker, looping, ..
            } => {
                let method = call.method();
                let message = match looping {
                    Some((actor, m, k, calls)) => {
                        calls[method as usize] += 1;
                        if *m == method && calls[method as usize] == *k {
                            serde_json::json!({"loop": true})
                        } else {
                            let reply = actors::call(actor, &call)
                                .map(|r| json::reply_out(&r))
                                .unwrap_or(serde_json::Value::Null);
                            serde_json::json!({"answer": reply})
                        }
                    }
                    None => serde_json::json!({"call": json::call_out(&call)}),
                };
                let posted = worker.as_ref().map(|w| w.post(&message.to_string()));
                a.next_id += 1;
                let id = a.next_id;
                match posted {
                    Some(Ok(())) => {
                        a.game.waiting = Some(Waiting {
                            seat,
                            id,
                            method,
                            since: dom::now(),
                        });
                        let limit = a.limit_ms;
                        let handle = app.clone();
                        dom::after(limit, move || time_out(&handle, id));
                        let handle = app.clone();
                        dom::after(100, move || tick_waiting(&handle, id));
                    }
                    _ => {
                        let answer = Err(Failure::Error("its worker could not be started".into()));
                        a.give(seat, answer, None);
                        again = Some(a.speed());
                    }
                }
            }
            Brain::Human if matches!(call, Call::Setup(_) | Call::Win(_)) => {
                // Nothing to decide: the page answers for the human.
                a.give(seat, Ok(Reply::Void), None);
                again = Some(a.speed());
            }
            Brain::Human => {
                // Waits for the human's clicks; Play goes on afterwards only if it was on
                // (asked again while waiting, the answer stays what it was).
                a.game.resume_after_human |= a.running;
                a.running = false;
            }
        }
        a.refresh();
    }
    if let Some(ms) = again {
        schedule(app, ms);
    }
}

fn worker_reply(app: &Shared, seat: usize, reply: Result<String, String>) {
    {
        let mut a = app.borrow_mut();
        let Some(waiting) = a.game.waiting.as_ref().filter(|w| w.seat == seat) else {
            // Not asked anything: a failure now is its code failing to load; say so at its next call.
            if let (Err(why), Some(Brain::Worker { broken, .. })) =
                (reply, a.game.brains.get_mut(seat))
            {
                *broken = Some(why);
            }
            return;
        };
        let method = waiting.method;
        a.game.waiting = None;
        let value = reply.as_ref().ok().map(|text| {
            serde_json::from_str::<serde_json::Value>(text).unwrap_or(serde_json::Value::Null)
        });
        // What the player wrote to its console comes first, in its name.
        if let Some(value) = &value {
            a.console_notes(seat, value);
        }
        let answer = reply.and_then(|_| {
            let value = value
                .as_ref()
                .filter(|v| v.is_object())
                .ok_or("its reply is not JSON")?;
            if let Some(error) = value.get("error") {
                let line = match value.get("line").and_then(|l| l.as_u64()) {
                    Some(line) => format!(" (line {line})"),
                    None => String::new(),
                };
                return Err(format!(
                    "it raised: {}{line}",
                    error.as_str().unwrap_or("an error")
                ));
            }
            json::reply_in(method, value.get("ok").unwrap_or(&serde_json::Value::Null))
        });
        let sent = value.as_ref().and_then(|v| v.get("ok")).cloned();
        a.give(seat, answer.map_err(Failure::Error), sent);
        // An eliminated player (a failure, or a cheat the referee caught) keeps nothing running.
        if a.game.referee.as_ref().is_some_and(|r| r.is_kicked(seat)) {
            a.stop_worker(seat);
        }
        a.refresh();
    }
    let ms = app.borrow().speed();
    schedule(app, ms);
}

/// Shows how long the worker seat has been thinking, against its limit, until it answers.
fn tick_waiting(app: &Shared, id: u64) {
    let a = app.borrow();
    let Some(waiting) = a.game.waiting.as_ref().filter(|w| w.id == id) else {
        return;
    };
    if !a.dom.root.is_connected() {
        return;
    }
    let elapsed = (dom::now() - waiting.since).max(0.0).min(a.limit_ms as f64);
    a.dom.waiting.set_text_content(Some(&format!(
        "Waiting for {}… {} of {} ms",
        a.game.seat_names[waiting.seat],
        elapsed.round(),
        a.limit_ms
    )));
    let _ = a.dom.waiting.set_attribute(
        "style",
        &format!("--done: {:.3}", elapsed / a.limit_ms as f64),
    );
    dom::set_hidden(&a.dom.waiting, false);
    drop(a);
    let handle = app.clone();
    dom::after(100, move || tick_waiting(&handle, id));
}

/// The time limit passed: the worker is terminated and its player eliminated.
fn time_out(app: &Shared, id: u64) {
    {
        let mut a = app.borrow_mut();
        let Some(seat) = a
            .game
            .waiting
            .as_ref()
            .filter(|w| w.id == id)
            .map(|w| w.seat)
        else {
            return;
        };
        a.game.waiting = None;
        a.stop_worker(seat);
        let limit_ms = a.limit_ms as u64;
        a.give(seat, Err(Failure::TimedOut { limit_ms }), None);
        a.game.last_answer =
            format!("No answer within the time limit of {limit_ms} ms: its worker was terminated.");
        a.refresh();
    }
    let ms = app.borrow().speed();
    schedule(app, ms);
}

fn human_answer(app: &Shared, reply: Reply) {
    {
        let mut a = app.borrow_mut();
        let Some((seat, call)) = a.game.referee.as_ref().and_then(Referee::next_call) else {
            return;
        };
        if !matches!(a.game.brains.get(seat), Some(Brain::Human)) {
            return;
        }
        // The rules are checked before anything is submitted: a human is told, not eliminated
        // (unless strict rules are on: then the referee judges, as for any player).
        let strict = a.dom.strict.checked();
        let problem = match (&call, &reply) {
            _ if strict => None,
            (Call::PebbleOrTrades(turn), Reply::Pebble) => turn
                .bank
                .is_empty()
                .then(|| "the bank is empty: no pebble can be drawn".to_string()),
            (Call::PebbleOrTrades(turn), Reply::Trades(list)) => rules::exchange(
                a.game
                    .referee
                    .as_ref()
                    .map(|r| r.equations())
                    .unwrap_or_default(),
                list,
                &turn.active.wallet,
                &turn.bank,
            )
            .err(),
            (Call::Cards(turn), Reply::Cards(list)) => {
                rules::buy(&turn.active.wallet, &turn.visibles, list).err()
            }
            (Call::Setup(_) | Call::Win(_), _) => None,
            _ => Some("that is not an answer to this question".into()),
        };
        if let Some(problem) = problem {
            a.game.choices.message = format!("Not allowed: {problem}.");
            a.refresh();
            return;
        }
        a.give(seat, Ok(reply), None);
        a.game.choices = Choices::default();
        // Play goes on if it was on when the human was asked (or is on still: a second answer
        // can come before the call that would have paused it).
        a.running |= std::mem::take(&mut a.game.resume_after_human);
        a.refresh();
    }
    // Stepping, the next call waits for Step (the human's own purchase question shows at once).
    if app.borrow().running {
        schedule(app, 0);
    }
}

fn game_over(app: &Shared) {
    let mut next = false;
    {
        let mut a = app.borrow_mut();
        let outcome = a.game.referee.as_ref().and_then(Referee::outcome);
        if let (Some(outcome), Some(check)) = (outcome.as_ref(), a.check.take()) {
            let got = harness::outcome_values(outcome, check.server);
            a.show_verdict(&check.name, &got, &check.expected);
        }
        if let (Some(outcome), Some(t)) = (outcome, a.tournament.as_mut()) {
            for (i, name) in NAMES.iter().enumerate().take(t.wins.len()) {
                t.wins[i] += outcome.winners.iter().any(|w| w == name) as u32;
                t.dropouts[i] += outcome.dropouts.iter().any(|w| w == name) as u32;
            }
            t.left -= 1;
            t.seed += 1;
            next = t.left > 0;
            let seed = t.seed;
            a.stop_workers();
            if next {
                a.start(seed);
            } else {
                a.running = false;
            }
        } else {
            a.running = false;
            a.stop_workers();
        }
        a.refresh();
    }
    if next {
        spawn_workers(app);
        schedule(app, 0);
    }
}

/// A course actor's seat: called directly, or in a worker if it loops (its other answers are
/// computed here; its looping call makes the worker loop, and the time limit ends it).
fn brain_for(actor: Actor) -> Brain {
    match actor.misbehaviour {
        Misbehaviour::Loop(method, k) => {
            let mut calm = actor.clone();
            calm.misbehaviour = Misbehaviour::None;
            Brain::Worker {
                worker: None,
                looping: Some((calm, method, k, [0; 4])),
                broken: None,
            }
        }
        _ => Brain::Direct(actor),
    }
}

/// Runs a course test pasted into the page: at once for the pure harnesses; as a game played
/// by the page's seats for the others, compared when it ends.
fn run_test(app: &Shared) {
    {
        let mut a = app.borrow_mut();
        let name = a.dom.test_harness.value();
        let input = a.dom.test_input.value();
        let clients = a.dom.test_clients.value();
        let expected = match json::values(&a.dom.test_expected.value()) {
            Ok(values) => values,
            Err(e) => {
                a.set_verdict(&format!("The expected output was not read: {e}."), "error");
                return;
            }
        };
        match harness::prepare(&name, &input, Some(&clients)) {
            Err(e) => a.set_verdict(&format!("The input was not read: {e}."), "error"),
            Ok(Prepared::Done(got)) => a.show_verdict(&name, &got, &expected),
            Ok(Prepared::Game {
                equations,
                game,
                actors,
                bonus,
                server,
            }) => {
                a.stop_workers();
                a.tournament = None;
                let names: Vec<String> = actors.iter().map(|x| x.name.clone()).collect();
                let kinds = actors
                    .iter()
                    .map(|x| match x.misbehaviour {
                        Misbehaviour::None => SeatKind::Strategy(x.strategy.policy),
                        m => SeatKind::Misbehaving(x.strategy.policy, m),
                    })
                    .collect();
                let referee = Referee::new(equations, game, names.clone(), bonus).ok();
                let brains = actors.into_iter().map(brain_for).collect();
                a.begin(Session::new(names, kinds, referee, brains));
                a.check = Some(Check {
                    name,
                    expected,
                    server,
                });
                a.message = "Playing the course test's game…".into();
                a.set_verdict("Playing the game…", "running");
                a.running = true;
            }
        }
        a.refresh();
    }
    spawn_workers(app);
    schedule(app, 0);
}

/// Pebbles as small coloured discs with their letter, inside a button's label.
fn pebble_marks(parent: &web_sys::Element, bag: &crate::engine::bazaar::pebbles::Bag) {
    for pebble in bag.pebbles() {
        let mark = child(parent, "span", "gl-pebble");
        let _ = mark.set_attribute("data-pebble", pebble.name());
        mark.set_text_content(Some(&pebble.letter().to_ascii_uppercase().to_string()));
    }
}

/// An exchange button: the equation's number as the table shows it, what is given, what comes.
fn exchange_label(
    b: &web_sys::HtmlButtonElement,
    number: usize,
    give: &crate::engine::bazaar::pebbles::Bag,
    get: &crate::engine::bazaar::pebbles::Bag,
) {
    let _ = b.append_with_str_1(&format!("{number}: "));
    pebble_marks(b, give);
    let _ = b.append_with_str_1(" → ");
    pebble_marks(b, get);
    let _ = b.set_attribute(
        "aria-label",
        &format!("equation {number}: give {give}, get {get}"),
    );
}

fn describe_call(name: &str, call: &Call) -> String {
    match call {
        Call::Setup(_) => format!("The referee asks {name} to set up with the equations."),
        Call::PebbleOrTrades(_) => format!("The referee asks {name}: a pebble, or exchanges?"),
        Call::Cards(_) => format!("The referee asks {name}: which cards?"),
        Call::Win(won) => format!(
            "The referee tells {name}: you {}.",
            if *won { "won" } else { "lost" }
        ),
    }
}

fn describe_answer(answer: &Result<Reply, Failure>) -> String {
    match answer {
        Ok(Reply::Void) => "Answer: fine.".into(),
        Ok(Reply::Pebble) => "Answer: a pebble, please.".into(),
        Ok(Reply::Trades(list)) if list.is_empty() => {
            "Answer: no exchange (it still costs a card).".into()
        }
        Ok(Reply::Trades(list)) => format!(
            "Answer: exchange {}.",
            crate::engine::bazaar::referee::shortened(list.iter().map(|e| format!(
                "{} → {}",
                e.left_bag(),
                e.right_bag()
            )))
        ),
        Ok(Reply::Cards(list)) if list.is_empty() => "Answer: no cards.".into(),
        Ok(Reply::Cards(list)) => format!(
            "Answer: buy {}.",
            crate::engine::bazaar::referee::shortened(list.iter().map(|c| c.to_string()))
        ),
        Err(Failure::Error(e)) => format!("No answer: {e}."),
        Err(Failure::TimedOut { limit_ms }) => {
            format!("No answer within the time limit of {limit_ms} ms.")
        }
    }
}

impl App {
    /// The data attributes that open this table's seats and seed ("Embed this").
    fn embed_attributes(&self) -> Vec<(String, String)> {
        let options = SeatKind::options();
        let seats: Vec<String> = self
            .kinds
            .iter()
            .filter_map(|kind| {
                options
                    .iter()
                    .find(|(v, _)| SeatKind::parse(v) == Some(*kind))
                    .map(|(v, _)| v.clone())
            })
            .collect();
        vec![
            ("data-seats".to_string(), seats.join(",")),
            ("data-seed".to_string(), self.seed().to_string()),
        ]
    }
    fn set_verdict(&self, text: &str, verdict: &str) {
        self.dom.verdict.set_text_content(Some(text));
        let _ = self.dom.verdict.set_attribute("data-verdict", verdict);
    }

    /// Compares an output with the expected one by the course's conventions.
    fn show_verdict(&self, name: &str, got: &[serde_json::Value], expected: &[serde_json::Value]) {
        let shown: Vec<String> = got.iter().map(|v| v.to_string()).collect();
        if harness::same_output(name, got, expected) {
            self.set_verdict(
                &format!(
                    "Pass: the output equals the expected one (as the course compared).\n{}",
                    shown.join("\n")
                ),
                "pass",
            );
        } else {
            let want: Vec<String> = expected.iter().map(|v| v.to_string()).collect();
            self.set_verdict(
                &format!(
                    "Fail: the output\n{}\ndiffers from the expected\n{}",
                    shown.join("\n"),
                    want.join("\n")
                ),
                "fail",
            );
        }
    }

    fn seed(&self) -> u64 {
        self.dom.seed.value().trim().parse().unwrap_or(1)
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
    fn read_limit(&mut self) {
        let typed = self.dom.limit.value();
        let limit = match typed.trim().parse::<i64>() {
            Ok(n) => n.clamp(*LIMIT_RANGE.start() as i64, *LIMIT_RANGE.end() as i64) as i32,
            Err(_) => self.limit_ms,
        };
        self.limit_ms = limit;
        self.dom.limit.set_value(&limit.to_string());
        self.message = if typed.trim() == limit.to_string() {
            format!("The time limit is {limit} ms a call, from the next call on.")
        } else {
            format!(
                "A time limit is {} to {} ms: \"{}\" gives {limit} ms a call.",
                LIMIT_RANGE.start(),
                LIMIT_RANGE.end(),
                typed.trim()
            )
        };
        self.refresh();
    }

    /// The question a human seat is to answer with its clicks (a pebble or exchanges, or
    /// cards), if that is what the game waits for.
    fn human_question(&self) -> Option<Call> {
        let (seat, call) = self.game.referee.as_ref()?.next_call()?;
        let human = matches!(self.game.brains.get(seat), Some(Brain::Human));
        (human && matches!(call, Call::PebbleOrTrades(_) | Call::Cards(_))).then_some(call)
    }

    /// The human's pick at a point of the table (an action as the buttons name it), when a
    /// human seat is choosing and the table shows the game as it stands.
    fn pick_at(&self, x: f64, y: f64) -> Option<String> {
        if self.game.viewing.is_some() {
            return None;
        }
        let call = self.human_question()?;
        match (self.game.plan.as_ref()?.target_at(x, y)?, call) {
            (Target::Equation { index, flipped }, Call::PebbleOrTrades(_)) => {
                Some(format!("use-{}", 2 * index + flipped as usize))
            }
            (Target::Card(i), Call::Cards(_)) => Some(format!("card-{i}")),
            _ => None,
        }
    }

    /// Whether a change of this field waits for the next game (while one is being played).
    fn applies_at_new_game(&self, field: &str) -> bool {
        let setting = matches!(field, "count" | "seed" | "bonus" | "random-draw")
            || field.starts_with("seat-")
            || field.starts_with("code-")
            || field.starts_with("file-");
        let playing = self
            .game
            .referee
            .as_ref()
            .is_some_and(|r| r.outcome().is_none() && r.turns() > 0);
        setting && playing
    }

    /// Hands a seat's answer to the referee; `sent` is the JSON the player itself sent (a
    /// worker's reply), shown as is when the wire is shown.
    fn give(
        &mut self,
        seat: usize,
        answer: Result<Reply, Failure>,
        sent: Option<serde_json::Value>,
    ) {
        self.game.last_answer = describe_answer(&answer);
        if self.show_wire {
            let name = &self.game.seat_names[seat];
            let text = match (&answer, sent) {
                (_, Some(value)) => format!("← {name}: {}", on_the_wire(&value)),
                (Ok(reply), None) => format!("← {name}: {}", on_the_wire(&json::reply_out(reply))),
                (Err(_), None) => format!("← {name}: nothing ({})", self.game.last_answer),
            };
            self.note(text, "gl-wire");
        }
        if let Some(referee) = self.game.referee.as_mut() {
            let _ = referee.answer(seat, answer);
        }
        self.remember();
    }

    /// Keeps the state after an answer if it changed anything (the observer's history).
    fn remember(&mut self) {
        let Some(referee) = self.game.referee.as_ref() else {
            return;
        };
        let same = self
            .game
            .history
            .last()
            .is_some_and(|s| &s.state == referee.state() && s.order == referee.order());
        if same || self.game.history.len() > HISTORY_LIMIT {
            return;
        }
        let caption = if self.game.history.len() == HISTORY_LIMIT {
            format!("the observer keeps the first {HISTORY_LIMIT} states; later ones are not kept")
        } else {
            // The newest event that is a move (not the turn's heading).
            referee
                .log()
                .iter()
                .rev()
                .find(|e| !matches!(e, crate::engine::bazaar::referee::Event::Turn { .. }))
                .map_or("the start of the game".to_string(), |e| {
                    e.describe(referee.names())
                })
        };
        self.game.history.push(Snapshot {
            state: referee.state().clone(),
            order: referee.order().to_vec(),
            caption,
        });
    }

    /// Moves the observer: first, back, forward or latest (the live game).
    fn observe(&mut self, action: &str) {
        let last = self.game.history.len().saturating_sub(1);
        let at = self.game.viewing.unwrap_or(last);
        let to = match action {
            "observe-first" => 0,
            "observe-back" => at.saturating_sub(1),
            "observe-forward" => (at + 1).min(last),
            _ => last,
        };
        self.game.viewing = (to < last).then_some(to);
    }

    /// The state the observer shows: its index, and the snapshot.
    fn observed(&self) -> Option<(usize, &Snapshot)> {
        let at = self
            .game
            .viewing
            .unwrap_or(self.game.history.len().checked_sub(1)?);
        self.game.history.get(at).map(|s| (at, s))
    }

    fn save_json(&mut self) {
        let Some((at, snapshot)) = self.observed() else {
            return;
        };
        let game = json::game_out(&snapshot.state, &snapshot.order);
        let text = serde_json::to_string_pretty(&game).unwrap_or_default();
        let name = format!("bazaar-state-{}.json", at + 1);
        self.message = match download::offer(text.as_bytes(), "application/json", &name) {
            Ok(()) => format!("State {} saved as the course's Game JSON ({name}).", at + 1),
            Err(e) => format!("Not saved: {e}."),
        };
    }

    fn save_png(&mut self) {
        let Some((at, _)) = self.observed() else {
            return;
        };
        let name = format!("bazaar-state-{}.png", at + 1);
        let bytes = self
            .dom
            .canvas
            .to_data_url()
            .ok()
            .and_then(|url| url.strip_prefix("data:image/png;base64,").map(String::from))
            .and_then(|b64| dom::window()?.atob(&b64).ok())
            .map(|binary| binary.chars().map(|c| c as u32 as u8).collect::<Vec<u8>>());
        self.message = match bytes.map(|b| download::offer(&b, "image/png", &name)) {
            Some(Ok(())) => format!("State {} saved as a picture ({name}).", at + 1),
            Some(Err(e)) => format!("Not saved: {e}."),
            None => "Not saved: the browser gave no picture of the table.".into(),
        };
    }

    /// A line for the log, after the referee's events so far (at most `NOTE_LIMIT` a game).
    fn note(&mut self, text: String, class: &'static str) {
        let at = self.game.referee.as_ref().map_or(0, |r| r.log().len());
        match self.game.notes.len() {
            n if n < NOTE_LIMIT => self.game.notes.push((at, text, class)),
            n if n == NOTE_LIMIT => self.game.notes.push((
                at,
                format!("({NOTE_LIMIT} console lines and wire messages shown; the rest of this game's are not)"),
                "gl-hint",
            )),
            _ => {}
        }
    }

    /// The console lines a worker's reply carries, in the player's name.
    fn console_notes(&mut self, seat: usize, reply: &serde_json::Value) {
        let name = self.game.seat_names[seat].clone();
        let lines = reply.get("console").and_then(|c| c.as_array());
        for line in lines.into_iter().flatten().take(worker::CONSOLE_LINES) {
            let text = line.as_str().unwrap_or_default();
            self.note(format!("{name} logs: {text}"), "gl-console");
        }
        let dropped = reply.get("dropped").and_then(|d| d.as_u64()).unwrap_or(0);
        if dropped > 0 {
            let limit = worker::CONSOLE_LINES;
            let text = format!(
                "{name} logged {dropped} more lines in this call (the log keeps {limit} a call)"
            );
            self.note(text, "gl-console");
        }
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
        self.message = format!("A new game from seed {seed}.");
        self.settings_pending = false;
    }

    /// Puts a new game on the table: nothing of the last one stays (its log goes too).
    fn begin(&mut self, session: Session) {
        self.game = session;
        self.dom.log.set_text_content(None);
        self.remember();
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

    /// The human adds oriented equation i (equation i/2, flipped if odd) to the exchanges.
    fn choose_exchange(&mut self, i: usize) {
        let Some(referee) = self.game.referee.as_ref() else {
            return;
        };
        let Some((_, Call::PebbleOrTrades(turn))) = referee.next_call() else {
            return;
        };
        let Some(base) = referee.equations().get(i / 2) else {
            return;
        };
        let step = if i.is_multiple_of(2) {
            base.clone()
        } else {
            base.flipped()
        };
        let mut list = self.game.choices.exchanges.clone();
        list.push(step);
        let strict = self.dom.strict.checked();
        match rules::exchange(referee.equations(), &list, &turn.active.wallet, &turn.bank) {
            Err(why) if strict => {
                self.game.choices.exchanges = list;
                self.game.choices.message = format!("Strict rules: this list breaks a rule ({why}); submitting it means elimination.");
            }
            Ok(_) => {
                self.game.choices.exchanges = list;
                self.game.choices.message.clear();
            }
            Err(why) => self.game.choices.message = format!("Not allowed: {why}."),
        }
    }

    /// The human adds visible card i to the purchase.
    fn choose_card(&mut self, i: usize) {
        let Some(referee) = self.game.referee.as_ref() else {
            return;
        };
        let Some((_, Call::Cards(turn))) = referee.next_call() else {
            return;
        };
        let Some(card) = turn.visibles.get(i) else {
            return;
        };
        let mut list = self.game.choices.cards.clone();
        list.push(card.clone());
        let strict = self.dom.strict.checked();
        match rules::buy(&turn.active.wallet, &turn.visibles, &list) {
            Err(why) if strict => {
                self.game.choices.cards = list;
                self.game.choices.message = format!("Strict rules: this purchase breaks a rule ({why}); submitting it means elimination.");
            }
            Ok(_) => {
                self.game.choices.cards = list;
                self.game.choices.message.clear();
            }
            Err(why) => self.game.choices.message = format!("Not allowed: {why}."),
        }
    }

    fn rebuild_seats(&mut self) {
        let parent = self.dom.seats.clone();
        parent.set_text_content(None);
        let options = SeatKind::options();
        for (i, kind) in self.kinds.iter().enumerate() {
            let row = child(&parent, "div", "gl-bazaar-seat");
            let s = form::select(&row, NAMES[i], &format!("seat-{i}"), &options);
            let value = options
                .iter()
                .find(|(v, _)| SeatKind::parse(v) == Some(*kind))
                .map(|(v, _)| v.clone())
                .unwrap_or_default();
            s.set_value(&value);
            if *kind == SeatKind::JavaScript {
                let area: HtmlTextAreaElement =
                    child(&row, "textarea", "gl-bazaar-code").unchecked_into();
                area.set_value(&self.codes[i]);
                area.set_rows(8);
                let _ = area.set_attribute("data-field", &format!("code-{i}"));
                let _ =
                    area.set_attribute("aria-label", &format!("{}'s JavaScript player", NAMES[i]));
                let _ = area.set_attribute("spellcheck", "false");
                let load =
                    form::input(&row, "or load a .js file", &format!("file-{i}"), "file", "");
                let _ = load.set_attribute("accept", ".js,text/javascript");
                button(&row, "Example player", &format!("example-{i}"));
            }
        }
    }

    fn refresh(&mut self) {
        let Some(referee) = self.game.referee.as_ref() else {
            return;
        };
        let next = referee.next_call();
        // A past state when the observer looks back; the live game otherwise.
        let past = self
            .game
            .viewing
            .and_then(|i| self.game.history.get(i).map(|s| (i, s)));
        let (state, order) = match past {
            Some((_, snapshot)) => (&snapshot.state, snapshot.order.as_slice()),
            None => (referee.state(), referee.order()),
        };
        let active = next.as_ref().map(|(s, _)| *s).filter(|_| past.is_none());
        let show_all = self.dom.show_wallets.checked();
        let seats: Vec<table::Seat> = self
            .game
            .seat_kinds
            .iter()
            .enumerate()
            .map(|(i, k)| table::Seat {
                name: self.game.seat_names[i].clone(),
                kind: k.label(),
                show_wallet: show_all || *k == SeatKind::Human,
                place: order.iter().position(|&s| s == i),
            })
            .collect();
        let total = self.game.history.len();
        let banner = match past {
            Some((i, _)) => Some(format!(
                "State {} of {total} (Latest returns to the game)",
                i + 1
            )),
            None => referee.outcome().map(|o| match o.winners.as_slice() {
                [] => "Game over: nobody wins".to_string(),
                [one] => format!("Game over: {one} wins"),
                many => format!("Game over: {} share the win", many.join(", ")),
            }),
        };
        let observed = match past {
            Some((i, snapshot)) => format!("State {} of {total}: {}", i + 1, snapshot.caption),
            None => format!("State {total} of {total} (the game as it stands)"),
        };
        self.dom.observed.set_text_content(Some(&observed));
        let _ = self.dom.root.set_attribute(
            "data-observing",
            &past.map_or(0, |(i, _)| i + 1).to_string(),
        );
        let picture = table::Table {
            equations: referee.equations(),
            state,
            seats: &seats,
            active,
            banner,
        };
        // The table takes the element's width, so its text keeps its size on a phone.
        let width =
            (self.dom.root.client_width() as f64 - 20.0).clamp(table::MIN_WIDTH, table::MAX_WIDTH);
        let plan = Plan::new(&picture, width);
        if let Some(mut p) = CanvasPainter::sharp(&self.dom.canvas, plan.width, plan.height) {
            table::draw(&mut p, &picture, &plan);
        }
        let human_picks = past.is_none() && self.human_question().is_some();
        let _ = self
            .dom
            .canvas
            .set_attribute("data-picks", if human_picks { "yes" } else { "no" });
        self.game.plan = Some(plan);
        let scores: Vec<String> = seats
            .iter()
            .enumerate()
            .map(|(i, s)| format!("{} {}", s.name, state.players[i].score))
            .collect();
        let _ = self.dom.canvas.set_attribute(
            "aria-label",
            &format!(
                "The table ({observed}): {} cards in the pile, {} visible; scores {}",
                state.hidden.len(),
                state.visibles.len(),
                scores.join(", ")
            ),
        );
        let mut status = match referee.outcome() {
            Some(outcome) => format!(
                "Game over after {} turns. Winners: {}. Eliminated: {}.",
                referee.turns(),
                if outcome.winners.is_empty() {
                    "none".to_string()
                } else {
                    outcome.winners.join(", ")
                },
                if outcome.dropouts.is_empty() {
                    "none".to_string()
                } else {
                    outcome.dropouts.join(", ")
                }
            ),
            None => {
                let live: Vec<String> = seats
                    .iter()
                    .zip(&referee.state().players)
                    .map(|(s, p)| format!("{} {}", s.name, p.score))
                    .collect();
                format!("Turn {}. Scores: {}.", referee.turns(), live.join(", "))
            }
        };
        if !self.message.is_empty() {
            status = format!("{}\n{status}", self.message);
        }
        self.dom.status.set_text_content(Some(&status));
        self.dom.exchange.set_text_content(Some(&format!(
            "{}\n{}",
            self.game.last_call, self.game.last_answer
        )));
        let state = if referee.outcome().is_some() {
            "over"
        } else if self.game.waiting.is_some() {
            "waiting"
        } else if self.human_question().is_some() {
            "human"
        } else if self.running {
            "playing"
        } else {
            "paused"
        };
        let _ = self.dom.root.set_attribute("data-state", state);
        if self.game.waiting.is_none() {
            dom::set_hidden(&self.dom.waiting, true);
        }
        if let Ok(Some(new_game)) = self.dom.root.query_selector("[data-action='new-game']") {
            let _ = new_game
                .class_list()
                .toggle_with_force("gl-pending", self.settings_pending);
        }
        self.render_log(referee);
        self.render_human(next);
        self.render_tally();
    }

    /// Adds what is new to the log: the referee's events with the notes written between them.
    fn render_log(&self, referee: &Referee) {
        let log = &self.dom.log;
        let events = referee.log();
        let (mut shown_events, mut shown_notes) = self.game.shown.get();
        if shown_events > events.len() || shown_notes > self.game.notes.len() {
            // A new game: start the list again.
            log.set_text_content(None);
            (shown_events, shown_notes) = (0, 0);
        }
        // The log follows the newest line, unless the reader has scrolled up to read.
        let following = log.scroll_top() + log.client_height() >= log.scroll_height() - 8;
        loop {
            let note = self
                .game
                .notes
                .get(shown_notes)
                .filter(|(at, ..)| *at <= shown_events);
            if let Some((_, text, class)) = note {
                child(log, "li", class).set_text_content(Some(text));
                shown_notes += 1;
            } else if let Some(event) = events.get(shown_events) {
                let class = if matches!(event, crate::engine::bazaar::referee::Event::Kicked { .. })
                {
                    "gl-kicked"
                } else {
                    ""
                };
                child(log, "li", class).set_text_content(Some(&event.describe(referee.names())));
                shown_events += 1;
            } else {
                break;
            }
        }
        self.game.shown.set((shown_events, shown_notes));
        if following {
            log.set_scroll_top(log.scroll_height());
        }
    }

    fn render_human(&self, next: Option<(usize, Call)>) {
        let panel = &self.dom.human;
        panel.set_text_content(None);
        let Some((seat, call)) = next else { return };
        // Setup and the result need no answer from a person: the page gives it.
        if !matches!(self.game.brains.get(seat), Some(Brain::Human))
            || matches!(call, Call::Setup(_) | Call::Win(_))
        {
            return;
        }
        let Some(referee) = self.game.referee.as_ref() else {
            return;
        };
        child(panel, "h4", "")
            .set_text_content(Some(&format!("Your move, {}", self.game.seat_names[seat])));
        match call {
            Call::PebbleOrTrades(turn) => {
                let preview = rules::exchange(
                    referee.equations(),
                    &self.game.choices.exchanges,
                    &turn.active.wallet,
                    &turn.bank,
                );
                let (wallet, bank) = preview.unwrap_or((turn.active.wallet, turn.bank));
                child(panel, "p", "").set_text_content(Some(&format!(
                    "Exchanges so far: {}. Wallet: {}; bank: {}.",
                    if self.game.choices.exchanges.is_empty() {
                        "none".to_string()
                    } else {
                        self.game
                            .choices
                            .exchanges
                            .iter()
                            .map(|e| format!("{} → {}", e.left_bag(), e.right_bag()))
                            .collect::<Vec<_>>()
                            .join(", ")
                    },
                    wallet.summary(),
                    bank.summary()
                )));
                child(panel, "p", "gl-hint").set_text_content(Some(
                    "Click the side of an equation you give, on the table or here; each click adds one exchange.",
                ));
                let bar = child(panel, "div", "gl-buttonbar");
                for (i, e) in referee.equations().iter().enumerate() {
                    for (k, (give, get)) in
                        [(e.left_bag(), e.right_bag()), (e.right_bag(), e.left_bag())]
                            .into_iter()
                            .enumerate()
                    {
                        let b = button(&bar, "", &format!("use-{}", 2 * i + k));
                        exchange_label(&b, i + 1, &give, &get);
                    }
                }
                let bar = child(panel, "div", "gl-buttonbar");
                button(&bar, "Take a pebble", "pebble");
                button(&bar, "Trade these (costs the bottom card)", "trade");
                button(&bar, "Start over", "clear");
            }
            Call::Cards(turn) => {
                let preview = rules::buy(
                    &turn.active.wallet,
                    &turn.visibles,
                    &self.game.choices.cards,
                );
                let points = preview.as_ref().map(|p| p.points).unwrap_or(0);
                child(panel, "p", "").set_text_content(Some(&format!(
                    "Cards chosen: {} ({points} points). Wallet: {}.",
                    if self.game.choices.cards.is_empty() {
                        "none".to_string()
                    } else {
                        self.game
                            .choices
                            .cards
                            .iter()
                            .map(|c| c.to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    },
                    preview
                        .map(|p| p.wallet)
                        .unwrap_or(turn.active.wallet)
                        .summary()
                )));
                child(panel, "p", "gl-hint").set_text_content(Some(
                    "Click the cards to buy, in order, on the table or here.",
                ));
                let bar = child(panel, "div", "gl-buttonbar");
                for (i, c) in turn.visibles.iter().enumerate() {
                    let b = button(&bar, &format!("card {} ", i + 1), &format!("card-{i}"));
                    pebble_marks(&b, &c.bag());
                    if c.face {
                        let _ = b.append_with_str_1(" ☺");
                    }
                    let _ = b.set_attribute("aria-label", &format!("buy card {}: {c}", i + 1));
                }
                let bar = child(panel, "div", "gl-buttonbar");
                button(&bar, "Buy these", "buy");
                button(&bar, "Start over", "clear");
            }
            _ => {}
        }
        if !self.game.choices.message.is_empty() {
            child(panel, "p", "gl-error").set_text_content(Some(&self.game.choices.message));
        }
    }

    fn render_tally(&self) {
        let Some(t) = &self.tournament else { return };
        let played = t.games - t.left;
        let rows: Vec<String> = (0..t.wins.len())
            .map(|i| {
                format!(
                    "{} ({}): {} wins, eliminated {} times",
                    NAMES[i],
                    self.kinds[i].label(),
                    t.wins[i],
                    t.dropouts[i]
                )
            })
            .collect();
        self.dom.tally.set_text_content(Some(&format!(
            "{played} of {} games played.\n{}",
            t.games,
            rows.join("\n")
        )));
        let _ = self
            .dom
            .tally
            .set_attribute("data-done", if t.left == 0 { "yes" } else { "no" });
    }
}
