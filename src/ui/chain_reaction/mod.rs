//! Chain Reaction in a page: settings (board, 2–8 seats, each human or a computer level), the
//! board on a canvas (clicks, or arrow keys and Enter), explosions shown wave by wave, undo,
//! restart, the move history, a share link, and the seed report's automaton view. The rules and
//! the computer players live in `engine::chain_reaction`.
//!
//! State split (design.md): settings = board size and seats; state = the `Record` (every state,
//! what Undo walks); ui state = cursor, speed, automaton view, animation, a thinking computer.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use web_sys::{
    Event, HtmlCanvasElement, HtmlElement, HtmlInputElement, HtmlSelectElement, KeyboardEvent,
    MouseEvent,
};

use crate::draw::{Align, Painter, Rgb};
use crate::engine::chain_reaction::ai::{choose, Level, Mcts, Rng};
use crate::engine::chain_reaction::automaton::state_name;
use crate::engine::chain_reaction::{MoveError, Record, Settings};
use crate::ui::dom::{self, button, child, on};
use crate::ui::widgets::canvas::CanvasPainter;
use crate::ui::widgets::{embed, link};

/// Player colours, and a letter for each so colour is never the only signal.
const COLOURS: [Rgb; 8] = [
    Rgb(214, 39, 40),
    Rgb(31, 119, 180),
    Rgb(44, 160, 44),
    Rgb(148, 103, 189),
    Rgb(255, 127, 14),
    Rgb(23, 190, 207),
    Rgb(140, 86, 75),
    Rgb(227, 119, 194),
];
const CELL: f64 = 48.0;
/// Thinking slices (milliseconds) and the playouts run between looks at the clock.
const SLICE_MS: f64 = 12.0;
const PLAYOUTS_PER_STEP: u32 = 20;

fn letter(player: usize) -> char {
    char::from(b'A' + player as u8)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Seat {
    Human,
    Computer(Level),
}

struct Dom {
    root: HtmlElement,
    rows: HtmlInputElement,
    cols: HtmlInputElement,
    players: HtmlSelectElement,
    seats: HtmlElement,
    speed: HtmlSelectElement,
    think_ms: HtmlInputElement,
    automaton: HtmlInputElement,
    canvas: HtmlCanvasElement,
    status: HtmlElement,
    panel: HtmlElement,
    history: HtmlElement,
}

struct Thinking {
    mcts: Option<Mcts>,
    level: Level,
    started: f64,
}

struct App {
    dom: Dom,
    record: Record,
    seats: Vec<Seat>,
    cursor: usize,
    /// Frames of the move being shown, and the next one to draw.
    frames: Vec<Vec<Option<(usize, u8)>>>,
    frame: usize,
    thinking: Option<Thinking>,
    rng: Rng,
    /// For the automaton panel: the last move's cell and player, and the cells that received orbs.
    last: Option<(usize, usize, Vec<usize>)>,
    message: String,
    /// This element's entry in the page address (share links).
    link_key: String,
}

type Shared = Rc<RefCell<App>>;

pub fn mount(root: &HtmlElement) {
    root.set_text_content(None);
    root.class_list().add_1("gl-chain").ok();
    let dom = build(root);
    let attr = |name: &str| root.get_attribute(name).filter(|s| !s.trim().is_empty());
    let mut message = String::new();
    let number = |name: &str, default: usize, message: &mut String| {
        dom::number_attribute(root, name, default, message)
    };
    let (rows, cols, players) = (
        number("data-rows", 9, &mut message),
        number("data-cols", 6, &mut message),
        number("data-players", 2, &mut message),
    );
    let settings = Settings::new(rows, cols, players).unwrap_or_else(|e| {
        message.push_str(&format!("{e}; using 9 × 6 with 2 players. "));
        Settings::default()
    });
    dom.rows.set_value(&settings.rows.to_string());
    dom.cols.set_value(&settings.cols.to_string());
    dom.players.set_value(&settings.players.to_string());
    let mut seats = vec![Seat::Human; settings.players];
    if let Some(list) = attr("data-seats") {
        for (i, name) in list.split(',').enumerate().take(settings.players) {
            match name.trim() {
                "human" => {}
                level => match Level::parse(level) {
                    Ok(l) => seats[i] = Seat::Computer(l),
                    Err(e) => message.push_str(&format!("data-seats: {e}. ")),
                },
            }
        }
    }
    // A shared link (`#chain=9x6x2/8.2,0.0`) replays its game.
    let mut record = Record::new(settings);
    let link_key = link::key("chain", root);
    if let Some(shared) = link::read(&link_key).as_deref() {
        match crate::engine::chain_reaction::link::parse(shared) {
            Ok(r) => {
                dom.rows.set_value(&r.game().settings().rows.to_string());
                dom.cols.set_value(&r.game().settings().cols.to_string());
                dom.players
                    .set_value(&r.game().settings().players.to_string());
                record = r;
            }
            Err(e) => message.push_str(&format!("The link's game could not be read: {e}. ")),
        }
    }
    let players = record.game().settings().players;
    seats.resize(players, Seat::Human);
    dom::attribute_note(root, &message);
    let app = Rc::new(RefCell::new(App {
        dom,
        record,
        seats,
        cursor: 0,
        frames: Vec::new(),
        frame: 0,
        thinking: None,
        rng: Rng::new(dom::now().to_bits() ^ 0x5EED),
        last: None,
        message: String::new(),
        link_key,
    }));
    app.borrow_mut().rebuild_seats();
    wire(&app);
    embed::offer_for(root, "chain-reaction", &app, App::embed_attributes);
    app.borrow_mut().refresh();
    computer_turn(&app);
}

fn build(root: &HtmlElement) -> Dom {
    let settings = child(root, "fieldset", "gl-chain-settings");
    child(&settings, "legend", "").set_text_content(Some("Game"));
    let number = |label: &str, field: &str, min: &str, max: &str| {
        let wrap = child(&settings, "label", "gl-field");
        child(&wrap, "span", "").set_text_content(Some(label));
        let i: HtmlInputElement = child(&wrap, "input", "").unchecked_into();
        i.set_type("number");
        i.set_min(min);
        i.set_max(max);
        let _ = i.set_attribute("data-field", field);
        i
    };
    let rows = number("Rows", "rows", "2", "20");
    let cols = number("Columns", "cols", "2", "20");
    let wrap = child(&settings, "label", "gl-field");
    child(&wrap, "span", "").set_text_content(Some("Players"));
    let players: HtmlSelectElement = child(&wrap, "select", "").unchecked_into();
    let _ = players.set_attribute("data-field", "players");
    for n in 2..=8 {
        let o: web_sys::HtmlOptionElement = child(&players, "option", "").unchecked_into();
        o.set_value(&n.to_string());
        o.set_text_content(Some(&n.to_string()));
    }
    let seats = child(&settings, "div", "gl-seats");
    let wrap = child(&settings, "label", "gl-field");
    child(&wrap, "span", "").set_text_content(Some("Animation"));
    let speed: HtmlSelectElement = child(&wrap, "select", "").unchecked_into();
    let _ = speed.set_attribute("data-field", "speed");
    for (v, t) in [("150", "normal"), ("50", "fast"), ("0", "instant")] {
        let o: web_sys::HtmlOptionElement = child(&speed, "option", "").unchecked_into();
        o.set_value(v);
        o.set_text_content(Some(t));
    }
    let think_ms = number("Computer time per move (ms)", "think-ms", "50", "60000");
    think_ms.set_value("500");
    button(&settings, "New game", "new-game");
    let bar = child(root, "div", "gl-buttonbar");
    button(&bar, "Undo", "undo");
    button(&bar, "Restart", "restart");
    button(&bar, "Share link", "share");
    let wrap = child(&bar, "label", "gl-field");
    let automaton: HtmlInputElement = child(&wrap, "input", "").unchecked_into();
    automaton.set_type("checkbox");
    let _ = automaton.set_attribute("data-field", "automaton");
    child(&wrap, "span", "").set_text_content(Some("Automaton view"));
    let main = child(root, "div", "gl-chain-main");
    let canvas: HtmlCanvasElement = child(&main, "canvas", "gl-canvas").unchecked_into();
    canvas.set_tab_index(0);
    let _ = canvas.set_attribute("role", "grid");
    let side = child(&main, "div", "gl-chain-side");
    let status = child(&side, "p", "gl-status");
    let _ = status.set_attribute("aria-live", "polite");
    let panel = child(&side, "div", "gl-automaton");
    child(&side, "h4", "").set_text_content(Some("Moves"));
    let history = child(&side, "ol", "gl-history");
    Dom {
        root: root.clone(),
        rows,
        cols,
        players,
        seats,
        speed,
        think_ms,
        automaton,
        canvas,
        status,
        panel,
        history,
    }
}

fn wire(app: &Shared) {
    let root = app.borrow().dom.root.clone();
    let handle = app.clone();
    dom::on_action(&root, move |action| act(&handle, action));
    let handle = app.clone();
    let canvas = app.borrow().dom.canvas.clone();
    on::<MouseEvent>(&canvas.clone(), "click", move |event| {
        let rect = canvas.get_bounding_client_rect();
        let s = handle.borrow().record.game().settings();
        let x =
            (event.client_x() as f64 - rect.left()) * canvas.width() as f64 / rect.width().max(1.0);
        let y = (event.client_y() as f64 - rect.top()) * canvas.height() as f64
            / rect.height().max(1.0);
        let (c, r) = ((x / CELL).floor(), (y / CELL).floor());
        if c >= 0.0 && r >= 0.0 && (c as usize) < s.cols && (r as usize) < s.rows {
            handle.borrow_mut().cursor = r as usize * s.cols + c as usize;
            human_move(&handle);
        }
    });
    // Keys belong to the board alone: arrows and Enter in a field or on a button stay theirs.
    let handle = app.clone();
    let board = app.borrow().dom.canvas.clone();
    on::<KeyboardEvent>(&board, "keydown", move |event| {
        let s = handle.borrow().record.game().settings();
        let cursor = handle.borrow().cursor;
        let (r, c) = (cursor / s.cols, cursor % s.cols);
        let moved = match event.key().as_str() {
            "ArrowUp" if r > 0 => Some(cursor - s.cols),
            "ArrowDown" if r + 1 < s.rows => Some(cursor + s.cols),
            "ArrowLeft" if c > 0 => Some(cursor - 1),
            "ArrowRight" if c + 1 < s.cols => Some(cursor + 1),
            "Enter" | " " => {
                event.prevent_default();
                human_move(&handle);
                return;
            }
            _ => return,
        };
        event.prevent_default();
        if let Some(cell) = moved {
            let mut a = handle.borrow_mut();
            a.cursor = cell;
            a.refresh();
        }
    });
    let handle = app.clone();
    on::<Event>(&root, "change", move |event| {
        let Some(target) = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        else {
            return;
        };
        let field = target.get_attribute("data-field").unwrap_or_default();
        let mut a = handle.borrow_mut();
        if field == "players" {
            let n: usize = a.dom.players.value().parse().unwrap_or(2);
            a.seats.resize(n, Seat::Human);
            a.rebuild_seats();
        } else if let Some(i) = field
            .strip_prefix("seat-")
            .and_then(|i| i.parse::<usize>().ok())
        {
            let select: HtmlSelectElement = target.unchecked_into();
            if i < a.seats.len() {
                a.seats[i] = match select.value().as_str() {
                    "human" => Seat::Human,
                    level => Level::parse(level)
                        .map(Seat::Computer)
                        .unwrap_or(Seat::Human),
                };
            }
            drop(a);
            computer_turn(&handle);
            return;
        }
        a.refresh();
    });
}

fn act(app: &Shared, action: &str) {
    {
        let mut a = app.borrow_mut();
        match action {
            "new-game" => a.new_game(),
            "restart" => {
                // Restart throws the game away (no undo brings it back): ask first.
                let moves = a.record.moves.len();
                let question = format!(
                    "Restart? The {moves} moves of this game are lost (Share link keeps them)."
                );
                if moves == 0
                    || dom::window()
                        .and_then(|w| w.confirm_with_message(&question).ok())
                        .unwrap_or(false)
                {
                    a.record = Record::new(a.record.game().settings());
                    a.stop_everything();
                }
            }
            "undo" => a.undo(),
            "share" => a.share(),
            _ => {}
        }
        a.refresh();
    }
    if matches!(action, "new-game" | "restart") {
        computer_turn(app);
    }
}

fn human_move(app: &Shared) {
    {
        let mut a = app.borrow_mut();
        let game = a.record.game();
        let Some(player) = game.current() else { return };
        if a.seats[player] != Seat::Human || a.animating() || a.thinking.is_some() {
            return;
        }
        let s = game.settings();
        let cell = a.cursor;
        if let Err(e) = a.play(cell / s.cols, cell % s.cols) {
            // Players are letters on the page (the engine counts them from 0).
            let why = match e {
                MoveError::Occupied { row, col, owner } => {
                    format!(
                        "row {}, column {} belongs to player {}",
                        row + 1,
                        col + 1,
                        letter(owner)
                    )
                }
                other => other.to_string(),
            };
            a.message = format!("Player {}: {why}.", letter(player));
            a.refresh();
            return;
        }
    }
    animate(app.clone());
}

/// Shows the frames of the last move one wave at a time, then lets a computer move.
fn animate(app: Shared) {
    let delay = {
        let mut a = app.borrow_mut();
        if a.frame < a.frames.len() {
            a.frame += 1;
        }
        a.refresh();
        if a.animating() {
            Some(a.dom.speed.value().parse::<i32>().unwrap_or(150))
        } else {
            None
        }
    };
    match delay {
        Some(ms) => dom::after(ms, move || animate(app)),
        None => computer_turn(&app),
    }
}

/// If a computer is to move, it thinks in slices and then plays.
fn computer_turn(app: &Shared) {
    {
        let mut a = app.borrow_mut();
        let Some(player) = a.record.game().current() else {
            return;
        };
        let Seat::Computer(level) = a.seats[player] else {
            return;
        };
        if a.thinking.is_some() || a.animating() {
            return;
        }
        let mcts = matches!(level, Level::MonteCarlo { .. }).then(|| Mcts::new(a.record.game()));
        a.thinking = Some(Thinking {
            mcts,
            level,
            started: dom::now(),
        });
        a.refresh();
    }
    let app = app.clone();
    dom::after(0, move || think(app));
}

fn think(app: Shared) {
    let done = {
        let mut a = app.borrow_mut();
        if !a.dom.root.is_connected() {
            a.thinking = None; // the element left the page: its work ends
            return;
        }
        let budget = a
            .dom
            .think_ms
            .value()
            .trim()
            .parse::<f64>()
            .unwrap_or(500.0)
            .clamp(50.0, 60_000.0);
        let a = &mut *a;
        let Some(thinking) = a.thinking.as_mut() else {
            return;
        };
        let cell = match (&mut thinking.mcts, thinking.level) {
            (Some(tree), Level::MonteCarlo { playouts }) => {
                let slice = dom::now();
                while tree.playouts() < playouts && dom::now() - slice < SLICE_MS {
                    tree.run(PLAYOUTS_PER_STEP, &mut a.rng);
                }
                let out_of_time = dom::now() - thinking.started > budget;
                (tree.playouts() >= playouts || out_of_time)
                    .then(|| tree.best())
                    .flatten()
            }
            (_, level) => choose(a.record.game(), level, &mut a.rng),
        };
        match cell {
            Some(cell) => {
                a.thinking = None;
                let s = a.record.game().settings();
                if let Err(e) = a.play(cell / s.cols, cell % s.cols) {
                    a.message = format!("The computer's move was refused: {e}.");
                }
                true
            }
            None => {
                a.refresh();
                false
            }
        }
    };
    if done {
        animate(app);
    } else {
        dom::after(0, move || think(app));
    }
}

impl App {
    /// The data attributes that open this game's settings ("Embed this").
    fn embed_attributes(&self) -> Vec<(String, String)> {
        let s = self.record.game().settings();
        let seats: Vec<String> = self
            .seats
            .iter()
            .map(|seat| match seat {
                Seat::Human => "human".to_string(),
                Seat::Computer(level) => level.name(),
            })
            .collect();
        vec![
            ("data-rows".into(), s.rows.to_string()),
            ("data-cols".into(), s.cols.to_string()),
            ("data-players".into(), s.players.to_string()),
            ("data-seats".into(), seats.join(",")),
        ]
    }
    fn animating(&self) -> bool {
        self.frame < self.frames.len()
    }

    fn play(
        &mut self,
        row: usize,
        col: usize,
    ) -> Result<(), crate::engine::chain_reaction::MoveError> {
        let report = self.record.play(row, col)?;
        let received = report.received(self.record.game().settings());
        self.last = Some((report.cell, report.player, received));
        let instant = self.dom.speed.value() == "0";
        self.frames = if instant { Vec::new() } else { report.frames };
        self.frame = 0;
        self.message.clear();
        Ok(())
    }

    fn stop_everything(&mut self) {
        self.thinking = None;
        self.frames.clear();
        self.frame = 0;
        self.last = None;
        self.message.clear();
    }

    fn new_game(&mut self) {
        let read = |i: &HtmlInputElement| i.value().trim().parse::<usize>().unwrap_or(0);
        let players: usize = self.dom.players.value().parse().unwrap_or(2);
        match Settings::new(read(&self.dom.rows), read(&self.dom.cols), players) {
            Ok(settings) => {
                self.record = Record::new(settings);
                self.seats.resize(players, Seat::Human);
                self.cursor = 0;
                self.stop_everything();
            }
            Err(e) => self.message = format!("{e}. The game goes on unchanged."),
        }
    }

    /// Takes back the last move, and the computers' moves before it, to the last human turn.
    fn undo(&mut self) {
        self.thinking = None;
        self.frames.clear();
        if !self.record.undo() {
            self.message = "Nothing to undo.".into();
            return;
        }
        while let Some(p) = self.record.game().current() {
            if self.seats[p] == Seat::Human || !self.record.undo() {
                break;
            }
        }
        self.last = None;
        self.message.clear();
    }

    fn share(&mut self) {
        let href = link::write(
            &self.link_key,
            &crate::engine::chain_reaction::link::text(&self.record),
        );
        self.message = format!("Link to this game: {href}");
    }

    fn rebuild_seats(&mut self) {
        let parent = self.dom.seats.clone();
        parent.set_text_content(None);
        for (i, seat) in self.seats.iter().enumerate() {
            let wrap = child(&parent, "label", "gl-field");
            child(&wrap, "span", "").set_text_content(Some(&format!("Player {}", letter(i))));
            let select: HtmlSelectElement = child(&wrap, "select", "").unchecked_into();
            let _ = select.set_attribute("data-field", &format!("seat-{i}"));
            for (value, text) in [
                ("human", "human"),
                ("random", "computer: random"),
                ("greedy", "computer: greedy"),
                ("minimax-2", "computer: minimax"),
                ("mcts-1500", "computer: Monte-Carlo"),
            ] {
                let o: web_sys::HtmlOptionElement = child(&select, "option", "").unchecked_into();
                o.set_value(value);
                o.set_text_content(Some(text));
            }
            select.set_value(&match seat {
                Seat::Human => "human".to_string(),
                Seat::Computer(l) => l.name(),
            });
        }
    }

    fn refresh(&mut self) {
        let game = self.record.game();
        let s = game.settings();
        let board: Vec<Option<(usize, u8)>> = match self.frames.get(self.frame) {
            Some(frame) if self.animating() => frame.clone(),
            _ => (0..s.cells()).map(|c| game.cell(c)).collect(),
        };
        let (w, h) = (s.cols as f64 * CELL, s.rows as f64 * CELL);
        self.dom.canvas.set_width(w as u32);
        self.dom.canvas.set_height(h as u32);
        let _ = self.dom.canvas.set_attribute(
            "aria-label",
            &format!(
                "Board {} × {}; cursor at row {}, column {}",
                s.rows,
                s.cols,
                self.cursor / s.cols + 1,
                self.cursor % s.cols + 1
            ),
        );
        let automaton = self.dom.automaton.checked();
        if let Some(mut p) = CanvasPainter::new(&self.dom.canvas) {
            p.fill_rect(0.0, 0.0, w, h, Rgb(250, 250, 248));
            let turn = game
                .current()
                .map(|p| COLOURS[p % 8])
                .unwrap_or(Rgb(120, 120, 120));
            for (cell, &content) in board.iter().enumerate().take(s.cells()) {
                let (x, y) = ((cell % s.cols) as f64 * CELL, (cell / s.cols) as f64 * CELL);
                p.line(x, y, x + CELL, y, 1.0, turn);
                p.line(x, y, x, y + CELL, 1.0, turn);
                if let Some((owner, orbs)) = content {
                    let colour = COLOURS[owner % 8];
                    for k in 0..orbs.min(6) {
                        let (dx, dy) = [
                            (-9.0, -6.0),
                            (9.0, -6.0),
                            (0.0, 8.0),
                            (-9.0, 8.0),
                            (9.0, 8.0),
                            (0.0, -6.0),
                        ][k as usize];
                        p.disc(x + CELL / 2.0 + dx, y + CELL / 2.0 + dy - 4.0, 7.0, colour);
                    }
                    let label = if automaton {
                        state_name(game, cell)
                    } else {
                        format!("{}{orbs}", letter(owner))
                    };
                    p.text(
                        x + CELL / 2.0,
                        y + CELL - 4.0,
                        &label,
                        10.0,
                        Align::Center,
                        Rgb(0, 0, 0),
                    );
                } else if automaton {
                    p.text(
                        x + CELL / 2.0,
                        y + CELL - 4.0,
                        &state_name(game, cell),
                        10.0,
                        Align::Center,
                        Rgb(90, 90, 90),
                    );
                }
            }
            p.line(w - 1.0, 0.0, w - 1.0, h, 1.0, turn);
            p.line(0.0, h - 1.0, w, h - 1.0, 1.0, turn);
            let (cx, cy) = (
                (self.cursor % s.cols) as f64 * CELL,
                (self.cursor / s.cols) as f64 * CELL,
            );
            p.ring(
                cx + CELL / 2.0,
                cy + CELL / 2.0,
                CELL / 2.0 - 3.0,
                2.0,
                Rgb(0, 0, 0),
            );
            if let Some((last, _, _)) = &self.last {
                let (lx, ly) = ((last % s.cols) as f64 * CELL, (last / s.cols) as f64 * CELL);
                p.fill_rect(lx + 2.0, ly + 2.0, 6.0, 6.0, Rgb(0, 0, 0));
            }
        }
        // Status
        let mut status = match (game.winner(), game.current()) {
            (Some(w), _) => format!(
                "Player {} wins after {} moves.",
                letter(w),
                game.placements()
            ),
            (None, Some(p)) => {
                let who = match self.seats[p] {
                    Seat::Human => "your move".to_string(),
                    Seat::Computer(l) if self.thinking.is_some() => {
                        format!("the computer ({}) is thinking…", l.name())
                    }
                    Seat::Computer(l) => format!("computer ({})", l.name()),
                };
                format!(
                    "Player {} to move — {who} (move {}).",
                    letter(p),
                    game.placements() + 1
                )
            }
            _ => String::new(),
        };
        let out = game.eliminated();
        if !out.is_empty() {
            status.push_str(&format!(
                " Out: {}.",
                out.iter()
                    .map(|&p| letter(p).to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        if !self.message.is_empty() {
            status = format!("{}\n{status}", self.message);
        }
        self.dom.status.set_text_content(Some(&status));
        let _ = self.dom.root.set_attribute(
            "data-state",
            if game.is_over() {
                "over"
            } else if self.thinking.is_some() {
                "thinking"
            } else {
                "playing"
            },
        );
        // Automaton panel: the ring's cell as a state machine (its owner's states, 0 … c−1 orbs,
        // then the explosion), the current state and the transition the last move took marked.
        self.dom.panel.set_text_content(None);
        if automaton {
            let cell = self.cursor;
            let mass = s.critical_mass(cell);
            let owner = game.cell(cell).map(|(p, _)| p);
            let orbs = game.cell(cell).map_or(0, |(_, n)| n);
            let (symbol, words) = match &self.last {
                Some((last, player, _)) if *last == cell => (
                    char::from(b'a' + *player as u8).to_string(),
                    format!("a placement by {}", letter(*player)),
                ),
                Some((_, player, received)) if received.contains(&cell) => (
                    "ε".to_string(),
                    format!("orbs from {}'s explosion", letter(*player)),
                ),
                _ => (String::new(), "none on the last move".to_string()),
            };
            let head = child(&self.dom.panel, "p", "");
            head.set_text_content(Some(&format!(
                "Cell (row {}, column {}), critical mass {mass}: state {}. Last transition: {}{words}.",
                cell / s.cols + 1,
                cell % s.cols + 1,
                state_name(game, cell),
                if symbol.is_empty() { String::new() } else { format!("{symbol}, ") }
            )));
            let machine = child(&self.dom.panel, "ol", "gl-fsm");
            let _ = machine.set_attribute("aria-label", "the cell's state machine");
            let primes = "'".repeat(owner.unwrap_or(0));
            for k in 0..mass {
                let name = if k == 0 {
                    format!("S{}0", mass - 1)
                } else {
                    format!("S{primes}{}{k}", mass - 1)
                };
                let current = k == orbs;
                let li = child(&machine, "li", if current { "gl-current" } else { "" });
                let arrow = if k + 1 < mass {
                    format!(
                        " —{}→",
                        if current && !symbol.is_empty() {
                            ""
                        } else {
                            "a/b/ε"
                        }
                    )
                } else {
                    " —explodes→ S…0, ε to each neighbour".to_string()
                };
                li.set_text_content(Some(&format!(
                    "{name}{}{arrow}",
                    if current { " ◀ now" } else { "" }
                )));
                if current && !symbol.is_empty() {
                    let taken = child(&li, "strong", "gl-taken");
                    taken.set_text_content(Some(&format!(" (arrived by {symbol})")));
                }
            }
            let legend = child(&self.dom.panel, "p", "gl-hint");
            legend.set_text_content(Some("States S{c−1}{k}: c the critical mass, k the orbs; one prime per player after A (S for A, S' for B, S'' for C…); an empty cell is S{c−1}0."));
        }
        self.dom.history.set_text_content(None);
        // Rows and columns from 1, as the board's label and the cursor say them.
        for (i, (r, c)) in self.record.moves.iter().enumerate() {
            let li = child(&self.dom.history, "li", "");
            li.set_text_content(Some(&format!(
                "{} (row {}, column {})",
                letter(self.record.mover_of(i).unwrap_or(0)),
                r + 1,
                c + 1
            )));
        }
    }
}
