//! Dots and Boxes in a page: settings (1×1 to 10×10 boxes, presets; each player human or a
//! computer level), the board on a canvas (clicks, or arrow keys and Enter), lines marked by
//! player (A solid, B dashed, and in colour) and boxes by an owner's letter, scores, undo and
//! redo, the move history, a share link, export/import, and analysis mode. Computers and the
//! analysis work in short slices on one pump, so the page stays responsive and shows "thinking".
//! The rules, players and solver live in `engine::dots_boxes`.
//!
//! State split (design.md): settings = board size and seats; state = the `Game` (moves, undo,
//! redo); ui state = cursor, the players' thinking, the analysis and its solver, a message.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use web_sys::{
    Event, HtmlCanvasElement, HtmlElement, HtmlInputElement, HtmlSelectElement,
    HtmlTextAreaElement, KeyboardEvent, MouseEvent,
};

use crate::draw::{Align, Painter, Rgb};
use crate::engine::dots_boxes::analysis::{Analysis, Mark, Outcome};
use crate::engine::dots_boxes::notation::{self, export, import};
use crate::engine::dots_boxes::solver::Solver;
use crate::engine::dots_boxes::{Board, Direction, Game, Level, Player};
use crate::ui::dom::{self, button, child, on};
use crate::ui::widgets::canvas::CanvasPainter;
use crate::ui::widgets::{embed, link};

const COLOURS: [Rgb; 2] = [Rgb(200, 30, 40), Rgb(25, 100, 190)];
const TINTS: [Rgb; 2] = [Rgb(250, 215, 215), Rgb(210, 228, 248)];
/// The margin around the board, in canvas pixels.
const MARGIN: f64 = 22.0;

/// Distance between dots: big on small boards, never under 44 pixels (fingers).
fn gap(board: &Board) -> f64 {
    (480.0 / board.rows.max(board.cols) as f64).clamp(44.0, 84.0)
}
/// One slice of work between looks at the clock (search nodes or playout lines), and the
/// milliseconds of work per turn of the page's event loop.
const UNITS_PER_STEP: u64 = 4_000;
const SLICE_MS: f64 = 14.0;
/// Pause before a computer's move is shown, so a human can follow.
const COMPUTER_PAUSE_MS: i32 = 250;
/// Search nodes a millisecond of thinking is worth in the browser (measured: about 2.1 M/s,
/// tests/wasm_bench.rs).
const NODES_PER_MS: u64 = 2_000;
/// The analysis gives up exact search after this many nodes (a few seconds).
const ANALYSIS_NODES: u64 = 4_000_000;

fn letter(player: usize) -> char {
    if player == 0 {
        'A'
    } else {
        'B'
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Seat {
    Human,
    Computer(Level),
}

impl Seat {
    fn parse(text: &str) -> Result<Seat, String> {
        match text.trim() {
            "human" => Ok(Seat::Human),
            level => Level::parse(level).map(Seat::Computer),
        }
    }

    fn name(self) -> String {
        match self {
            Seat::Human => "human".into(),
            Seat::Computer(level) => level.name(),
        }
    }
}

struct Dom {
    root: HtmlElement,
    rows: HtmlInputElement,
    cols: HtmlInputElement,
    seats: [HtmlSelectElement; 2],
    think_ms: HtmlInputElement,
    analysis: HtmlInputElement,
    canvas: HtmlCanvasElement,
    scores: HtmlElement,
    status: HtmlElement,
    verdict: HtmlElement,
    history: HtmlElement,
    text: HtmlTextAreaElement,
}

struct App {
    dom: Dom,
    game: Game,
    seats: [Seat; 2],
    /// Each computer seat's player (its search table lasts the whole game).
    players: [Option<Player>; 2],
    cursor: usize,
    /// When the computer to move started thinking.
    thinking_since: Option<f64>,
    analysis: Option<Analysis>,
    solver: Option<Solver>,
    pump_scheduled: bool,
    message: String,
    /// This element's entry in the page address (share links).
    link_key: String,
}

type Shared = Rc<RefCell<App>>;

pub fn mount(root: &HtmlElement) {
    root.set_text_content(None);
    root.class_list().add_1("gl-dots").ok();
    let dom = build(root);
    let attr = |name: &str| root.get_attribute(name).filter(|s| !s.trim().is_empty());
    let mut message = String::new();
    let rows = dom::number_attribute(root, "data-rows", 3, &mut message);
    let cols = dom::number_attribute(root, "data-cols", 3, &mut message);
    let board = Board::new(rows, cols).unwrap_or_else(|e| {
        message.push_str(&format!("{e}; using 3 × 3. "));
        Board::new(3, 3).expect("3 × 3 is a board")
    });
    let mut seats = [
        Seat::Human,
        Seat::Computer(Level::Strong {
            exact_nodes: 1_500 * NODES_PER_MS,
        }),
    ];
    if let Some(list) = attr("data-seats") {
        for (i, name) in list.split(',').enumerate().take(2) {
            match Seat::parse(name) {
                Ok(seat) => seats[i] = seat,
                Err(e) => message.push_str(&format!("data-seats: {e}. ")),
            }
        }
    }
    if dom::switch_attribute(root, "data-analysis", &mut message) {
        dom.analysis.set_checked(true);
    }
    let mut game = Game::new(board);
    // A shared link (`#dots=3x3/0.5.13`) replays its game.
    let link_key = link::key("dots", root);
    if let Some(shared) = link::read(&link_key).as_deref() {
        match notation::parse_link(shared) {
            Ok(g) => game = g,
            Err(e) => message.push_str(&format!("The link's game could not be read: {e}. ")),
        }
    }
    dom.rows.set_value(&game.board().rows.to_string());
    dom.cols.set_value(&game.board().cols.to_string());
    for (select, seat) in dom.seats.iter().zip(seats) {
        select.set_value(&seat.name());
        if select.value() != seat.name() {
            select.set_value("strong");
        }
    }
    dom::attribute_note(root, &message);
    let app = Rc::new(RefCell::new(App {
        dom,
        game,
        seats,
        players: [None, None],
        cursor: 0,
        thinking_since: None,
        analysis: None,
        solver: None,
        pump_scheduled: false,
        message: String::new(),
        link_key,
    }));
    app.borrow_mut().reset_players();
    wire(&app);
    embed::offer_for(root, "dots-and-boxes", &app, App::embed_attributes);
    app.borrow_mut().refresh();
    schedule(&app, 0);
}

fn build(root: &HtmlElement) -> Dom {
    let settings = child(root, "fieldset", "gl-dots-settings");
    child(&settings, "legend", "").set_text_content(Some("Game"));
    let field = |parent: &HtmlElement, label: &str| dom::labelled(parent, label);
    let wrap = field(&settings, "Board");
    let preset: HtmlSelectElement = child(&wrap, "select", "").unchecked_into();
    let _ = preset.set_attribute("data-field", "preset");
    for (value, text) in [
        ("", "custom"),
        ("2x2", "2 × 2 boxes (9 dots)"),
        ("3x3", "3 × 3 boxes (16 dots)"),
        ("4x4", "4 × 4 boxes (25 dots)"),
        ("5x5", "5 × 5 boxes (36 dots)"),
        ("3x5", "3 × 5 boxes (24 dots)"),
    ] {
        let o: web_sys::HtmlOptionElement = child(&preset, "option", "").unchecked_into();
        o.set_value(value);
        o.set_text_content(Some(text));
    }
    let number = |label: &str, name: &str, min: &str, max: &str| {
        let wrap = field(&settings, label);
        let i: HtmlInputElement = child(&wrap, "input", "").unchecked_into();
        i.set_type("number");
        i.set_min(min);
        i.set_max(max);
        let _ = i.set_attribute("data-field", name);
        i
    };
    let rows = number("Rows of boxes", "rows", "1", "10");
    let cols = number("Columns of boxes", "cols", "1", "10");
    let seat = |player: usize| {
        let wrap = field(
            &settings,
            &format!(
                "Player {} ({})",
                letter(player),
                if player == 0 {
                    "solid lines, moves first"
                } else {
                    "dashed lines"
                }
            ),
        );
        let select: HtmlSelectElement = child(&wrap, "select", "").unchecked_into();
        let _ = select.set_attribute("data-field", &format!("seat-{player}"));
        let mut options = vec![("human".to_string(), "human".to_string())];
        options.extend(
            Level::ALL
                .iter()
                .map(|l| (l.name(), format!("computer: {}", l.label()))),
        );
        for (value, text) in options {
            let o: web_sys::HtmlOptionElement = child(&select, "option", "").unchecked_into();
            o.set_value(&value);
            o.set_text_content(Some(&text));
        }
        select
    };
    let seats = [seat(0), seat(1)];
    let think_ms = number("Strong: time per move (ms)", "think-ms", "100", "60000");
    think_ms.set_value("1500");
    button(&settings, "New game", "new-game");
    let bar = child(root, "div", "gl-buttonbar");
    button(&bar, "Undo", "undo");
    button(&bar, "Redo", "redo");
    button(&bar, "Share link", "share");
    let analysis: HtmlInputElement = child(
        &dom::labelled(&bar, "Analysis (W / D / L on every line)"),
        "input",
        "",
    )
    .unchecked_into();
    analysis.set_type("checkbox");
    let _ = analysis.set_attribute("data-field", "analysis");
    let main = child(root, "div", "gl-dots-main");
    let canvas: HtmlCanvasElement = child(&main, "canvas", "gl-canvas").unchecked_into();
    canvas.set_tab_index(0);
    let side = child(&main, "div", "gl-dots-side");
    let scores = child(&side, "p", "gl-scores");
    let status = child(&side, "p", "gl-status");
    let _ = status.set_attribute("aria-live", "polite");
    let verdict = child(&side, "p", "gl-verdict");
    child(&side, "h4", "").set_text_content(Some("Moves"));
    let history = child(&side, "ol", "gl-history");
    let io = child(root, "details", "gl-dots-io");
    child(&io, "summary", "").set_text_content(Some("Export / import"));
    let text: HtmlTextAreaElement = child(&io, "textarea", "gl-dots-text").unchecked_into();
    text.set_rows(3);
    let _ = text.set_attribute(
        "aria-label",
        "the game as JSON: {\"rows\", \"cols\", \"moves\", \"dbn\"}, or a DBN string",
    );
    let _ = text.set_attribute("spellcheck", "false");
    let io_bar = child(&io, "div", "gl-buttonbar");
    button(&io_bar, "Export this game", "export");
    button(&io_bar, "Import", "import");
    let hint = child(&io, "p", "gl-hint");
    hint.set_text_content(Some(
        "Export gives {\"rows\", \"cols\", \"moves\": OpenSpiel line ids, \"dbn\": drawn lines}. Import reads that JSON (\"numbering\": \"ksquares\" for KSquares ids), \
         or a bare DBN string of 0 and 1 for the current board size.",
    ));
    Dom {
        root: root.clone(),
        rows,
        cols,
        seats,
        think_ms,
        analysis,
        canvas,
        scores,
        status,
        verdict,
        history,
        text,
    }
}

fn wire(app: &Shared) {
    let root = app.borrow().dom.root.clone();
    let handle = app.clone();
    dom::on_action(&root, move |action| {
        handle.borrow_mut().act(action);
        schedule(&handle, 0);
    });
    let handle = app.clone();
    let canvas = app.borrow().dom.canvas.clone();
    on::<MouseEvent>(&canvas.clone(), "click", move |event| {
        let rect = canvas.get_bounding_client_rect();
        let x =
            (event.client_x() as f64 - rect.left()) * canvas.width() as f64 / rect.width().max(1.0);
        let y = (event.client_y() as f64 - rect.top()) * canvas.height() as f64
            / rect.height().max(1.0);
        let nearest = {
            let a = handle.borrow();
            let board = a.game.board();
            (0..board.lines())
                .map(|l| {
                    let ((x0, y0), (x1, y1)) = ends(board, l);
                    (((x0 + x1) / 2.0 - x).hypot((y0 + y1) / 2.0 - y), l)
                })
                .min_by(|a, b| a.0.total_cmp(&b.0))
        };
        if let Some((distance, line)) = nearest {
            let near = gap(handle.borrow().game.board()) * 0.45;
            if distance < near {
                handle.borrow_mut().cursor = line;
                human_move(&handle);
            }
        }
    });
    let handle = app.clone();
    let canvas = app.borrow().dom.canvas.clone();
    on::<KeyboardEvent>(&canvas, "keydown", move |event| {
        let direction = match event.key().as_str() {
            "ArrowUp" => Direction::Up,
            "ArrowDown" => Direction::Down,
            "ArrowLeft" => Direction::Left,
            "ArrowRight" => Direction::Right,
            "Enter" | " " => {
                event.prevent_default();
                human_move(&handle);
                return;
            }
            _ => return,
        };
        event.prevent_default();
        let mut a = handle.borrow_mut();
        a.cursor = a.game.board().step(a.cursor, direction);
        a.refresh();
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
        {
            let mut a = handle.borrow_mut();
            if field == "preset" {
                let select: HtmlSelectElement = target.unchecked_into();
                if let Some((r, c)) = select.value().split_once('x') {
                    a.dom.rows.set_value(r);
                    a.dom.cols.set_value(c);
                }
            } else if let Some(i) = field
                .strip_prefix("seat-")
                .and_then(|i| i.parse::<usize>().ok())
                .filter(|&i| i < 2)
            {
                let select: HtmlSelectElement = target.unchecked_into();
                a.seats[i] = Seat::parse(&select.value()).unwrap_or(Seat::Human);
                a.reset_players();
            } else if field == "think-ms" {
                a.reset_players();
            }
            a.refresh();
        }
        schedule(&handle, 0);
    });
}

/// The two end points of a line on the canvas.
fn ends(board: &Board, line: usize) -> ((f64, f64), (f64, f64)) {
    let horizontal = (board.rows + 1) * board.cols;
    let g = gap(board);
    let at = |r: usize, c: usize| (MARGIN + c as f64 * g, MARGIN + r as f64 * g);
    if line < horizontal {
        let (r, c) = (line / board.cols, line % board.cols);
        (at(r, c), at(r, c + 1))
    } else {
        let v = line - horizontal;
        let (r, c) = (v / (board.cols + 1), v % (board.cols + 1));
        (at(r, c), at(r + 1, c))
    }
}

fn human_move(app: &Shared) {
    {
        let mut a = app.borrow_mut();
        let player = a.game.current();
        if a.seats[player] != Seat::Human || a.game.is_over() {
            return;
        }
        let line = a.cursor;
        match a.game.play(line) {
            Ok(completed) => a.after_move(player, completed),
            Err(e) => a.message = format!("Player {}: {e}. Choose another line.", letter(player)),
        }
        a.refresh();
    }
    schedule(app, COMPUTER_PAUSE_MS);
}

/// Runs the pump after `ms` unless it is already due.
fn schedule(app: &Shared, ms: i32) {
    {
        let mut a = app.borrow_mut();
        if a.pump_scheduled {
            return;
        }
        a.pump_scheduled = true;
    }
    let app = app.clone();
    dom::after(ms, move || pump(app));
}

/// One turn of work: the computer to move thinks (and plays once decided), or else the
/// analysis of the position goes on; each for about SLICE_MS.
fn pump(app: Shared) {
    let again = {
        let mut a = app.borrow_mut();
        a.pump_scheduled = false;
        if !a.dom.root.is_connected() {
            return; // the element left the page: its work ends
        }
        let a = &mut *a;
        let player = a.game.current();
        if let (Seat::Computer(_), false) = (a.seats[player], a.game.is_over()) {
            a.thinking_since.get_or_insert_with(dom::now);
            let drawn = a.game.drawn();
            let started = dom::now();
            let mut decided = None;
            while decided.is_none() && dom::now() - started < SLICE_MS {
                decided = a.players[player]
                    .as_mut()
                    .and_then(|p| p.think(&drawn, UNITS_PER_STEP));
                if a.players[player].is_none() {
                    break;
                }
            }
            // The time per move is a real clock: past it, the move is decided with what is known.
            let think_ms = a
                .dom
                .think_ms
                .value()
                .trim()
                .parse::<f64>()
                .unwrap_or(1500.0)
                .clamp(100.0, 60_000.0);
            if decided.is_none()
                && a.thinking_since
                    .is_some_and(|since| dom::now() - since >= think_ms)
            {
                decided = a.players[player]
                    .as_mut()
                    .and_then(|p| p.decide_now(&drawn));
            }
            match decided {
                Some(line) => {
                    a.thinking_since = None;
                    match a.game.play(line) {
                        Ok(completed) => a.after_move(player, completed),
                        Err(e) => a.message = format!("The computer's line was refused: {e}."),
                    }
                    a.refresh();
                    Some(COMPUTER_PAUSE_MS)
                }
                None => {
                    a.refresh();
                    Some(0)
                }
            }
        } else if a.dom.analysis.checked() {
            a.thinking_since = None;
            if a.analysis.as_ref().is_none_or(|x| !x.is_for(&a.game)) {
                a.analysis = Some(Analysis::new(&a.game, ANALYSIS_NODES));
                if a.solver
                    .as_ref()
                    .is_none_or(|s| s.board() != a.game.board())
                {
                    a.solver = Solver::new(a.game.board()).ok();
                }
            }
            let started = dom::now();
            let mut done = false;
            while !done && dom::now() - started < SLICE_MS {
                done = match a.analysis.as_mut() {
                    Some(analysis) => analysis.step(a.solver.as_mut(), UNITS_PER_STEP).is_some(),
                    None => true,
                };
            }
            a.refresh();
            (!done).then_some(0)
        } else {
            None
        }
    };
    if let Some(ms) = again {
        schedule(&app, ms);
    }
}

impl App {
    /// The data attributes that open this game's settings ("Embed this").
    fn embed_attributes(&self) -> Vec<(String, String)> {
        let board = self.game.board();
        let mut out = vec![
            ("data-rows".to_string(), board.rows.to_string()),
            ("data-cols".to_string(), board.cols.to_string()),
            (
                "data-seats".to_string(),
                format!("{},{}", self.seats[0].name(), self.seats[1].name()),
            ),
        ];
        if self.dom.analysis.checked() {
            out.push(("data-analysis".into(), "on".into()));
        }
        out
    }
    fn reset_players(&mut self) {
        let think_ms = self
            .dom
            .think_ms
            .value()
            .trim()
            .parse::<u64>()
            .unwrap_or(1500)
            .clamp(100, 60_000);
        let seed = dom::now().to_bits();
        for (i, seat) in self.seats.iter().enumerate() {
            self.players[i] = match seat {
                Seat::Human => None,
                Seat::Computer(Level::Strong { .. }) => Some(Player::new(
                    self.game.board(),
                    Level::Strong {
                        exact_nodes: think_ms * NODES_PER_MS,
                    },
                    seed ^ i as u64,
                )),
                Seat::Computer(level) => {
                    Some(Player::new(self.game.board(), *level, seed ^ i as u64))
                }
            };
        }
        self.thinking_since = None;
    }

    fn after_move(&mut self, player: usize, completed: usize) {
        self.message = match completed {
            0 => String::new(),
            1 => format!("Player {} completed a box and moves again.", letter(player)),
            n => format!(
                "Player {} completed {n} boxes and moves again.",
                letter(player)
            ),
        };
    }

    fn act(&mut self, action: &str) {
        match action {
            "new-game" => self.new_game(),
            "undo" => self.undo(),
            "redo" => self.redo(),
            "share" => self.share(),
            "export" => {
                self.dom.text.set_value(&export(&self.game));
                self.message = "The game is in the box below, ready to copy.".into();
            }
            "import" => self.import(),
            _ => {}
        }
        self.refresh();
    }

    fn new_game(&mut self) {
        let read = |i: &HtmlInputElement| i.value().trim().parse::<usize>().unwrap_or(0);
        match Board::new(read(&self.dom.rows), read(&self.dom.cols)) {
            Ok(board) => {
                self.game = Game::new(board);
                self.cursor = 0;
                self.message.clear();
                self.reset_players();
            }
            Err(e) => self.message = format!("{e}. The game goes on unchanged."),
        }
    }

    /// Takes back the last move, and the computers' moves before it, to the last human turn.
    fn undo(&mut self) {
        self.thinking_since = None;
        if !self.game.undo() {
            self.message = "Nothing to undo.".into();
            return;
        }
        while self.seats[self.game.current()] != Seat::Human && self.game.undo() {}
        self.message.clear();
    }

    /// Plays undone moves again up to the next human turn.
    fn redo(&mut self) {
        if !self.game.redo() {
            self.message = "Nothing to redo.".into();
            return;
        }
        while self.seats[self.game.current()] != Seat::Human
            && self.game.can_redo()
            && self.game.redo()
        {}
        self.message.clear();
    }

    fn share(&mut self) {
        let href = link::write(&self.link_key, &notation::link_text(&self.game));
        self.message = format!("Link to this game: {href}");
    }

    fn import(&mut self) {
        let text = self.dom.text.value();
        let trimmed = text.trim();
        let result = if trimmed.starts_with('{') {
            import(trimmed)
        } else {
            let board = self.game.board();
            import(
                &serde_json::json!({"rows": board.rows, "cols": board.cols, "dbn": trimmed})
                    .to_string(),
            )
        };
        match result {
            Ok(game) => {
                self.game = game;
                self.dom.rows.set_value(&self.game.board().rows.to_string());
                self.dom.cols.set_value(&self.game.board().cols.to_string());
                self.cursor = 0;
                self.reset_players();
                self.message = format!(
                    "Imported: {} lines drawn.",
                    self.game.drawn().iter().filter(|d| **d).count()
                );
            }
            Err(e) => {
                self.message = format!("Nothing was imported: {e}. The game goes on unchanged.")
            }
        }
    }

    fn refresh(&mut self) {
        let board = self.game.board().clone();
        self.cursor = self.cursor.min(board.lines() - 1);
        // The preset menu names the board being played when it is one of its sizes.
        if let Ok(Some(preset)) = self.dom.root.query_selector("[data-field='preset']") {
            let preset: HtmlSelectElement = preset.unchecked_into();
            preset.set_value(&format!("{}x{}", board.rows, board.cols));
            if preset.selected_index() < 0 {
                preset.set_value("");
            }
        }
        let (w, h) = (
            board.cols as f64 * gap(&board) + 2.0 * MARGIN,
            board.rows as f64 * gap(&board) + 2.0 * MARGIN,
        );
        self.dom.canvas.set_width(w as u32);
        self.dom.canvas.set_height(h as u32);
        let _ = self.dom.canvas.set_attribute(
            "aria-label",
            &format!(
                "Board of {} × {} boxes; the cursor is on line {} ({}), {}",
                board.rows,
                board.cols,
                self.cursor,
                board.describe(self.cursor),
                self.line_state(self.cursor)
            ),
        );
        let analysis = if self.dom.analysis.checked() {
            self.analysis
                .as_ref()
                .filter(|x| x.is_for(&self.game))
                .and_then(Analysis::outcome)
                .cloned()
        } else {
            None
        };
        if let Some(mut p) = CanvasPainter::new(&self.dom.canvas) {
            self.draw(&mut p, &board, analysis.as_ref());
        }
        self.write_text(analysis.as_ref());
    }

    fn line_state(&self, line: usize) -> String {
        match (
            self.game.drawn_by(line),
            self.game.preset().get(line).copied().unwrap_or(false),
        ) {
            (Some(p), _) => format!("drawn by {}", letter(p)),
            (None, true) => "drawn before the game".into(),
            _ => "not drawn".into(),
        }
    }

    fn draw(&self, p: &mut CanvasPainter, board: &Board, analysis: Option<&Outcome>) {
        let g = gap(board);
        let (w, h) = (
            board.cols as f64 * g + 2.0 * MARGIN,
            board.rows as f64 * g + 2.0 * MARGIN,
        );
        p.fill_rect(0.0, 0.0, w, h, Rgb(252, 252, 249));
        for b in 0..board.boxes() {
            let (x, y) = (
                MARGIN + (b % board.cols) as f64 * g,
                MARGIN + (b / board.cols) as f64 * g,
            );
            if let Some(owner) = self.game.box_owner(b) {
                p.fill_rect(x + 3.0, y + 3.0, g - 6.0, g - 6.0, TINTS[owner]);
                p.text(
                    x + g / 2.0,
                    y + g / 2.0 + 8.0,
                    &letter(owner).to_string(),
                    24.0,
                    Align::Center,
                    COLOURS[owner],
                );
            } else if board.sides[b].iter().all(|&l| self.game.drawn()[l]) {
                p.text(
                    x + g / 2.0,
                    y + g / 2.0 + 5.0,
                    "·",
                    16.0,
                    Align::Center,
                    Rgb(120, 120, 120),
                );
            }
        }
        let last = self.game.moves().last().copied();
        let drawn = self.game.drawn();
        for (line, &is_drawn) in drawn.iter().enumerate().take(board.lines()) {
            let ((x0, y0), (x1, y1)) = ends(board, line);
            match self.game.drawn_by(line) {
                Some(player) => {
                    if Some(line) == last {
                        p.line(x0, y0, x1, y1, 9.0, Rgb(250, 200, 40)); // the last line, highlighted
                    }
                    if player == 0 {
                        p.line(x0, y0, x1, y1, 4.0, COLOURS[0]);
                    } else {
                        dashed(p, (x0, y0), (x1, y1), COLOURS[1]);
                    }
                }
                None if is_drawn => p.line(x0, y0, x1, y1, 3.0, Rgb(60, 60, 60)),
                None => p.line(x0, y0, x1, y1, 1.0, Rgb(215, 215, 215)),
            }
        }
        if let Some(outcome) = analysis {
            let mark = |p: &mut CanvasPainter, line: usize, text: &str, colour: Rgb| {
                let ((x0, y0), (x1, y1)) = ends(board, line);
                let (mx, my) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
                p.fill_rect(mx - 7.0, my - 7.0, 14.0, 14.0, Rgb(255, 255, 255));
                p.text(mx, my + 5.0, text, 12.0, Align::Center, colour);
            };
            match outcome {
                Outcome::Solved { moves, .. } => {
                    for &(line, m, _) in moves {
                        let colour = match m {
                            Mark::Wins => Rgb(20, 130, 40),
                            Mark::Draws => Rgb(110, 110, 110),
                            Mark::Loses => Rgb(190, 30, 30),
                        };
                        mark(p, line, &m.letter().to_string(), colour);
                    }
                }
                Outcome::BestFound { line } => mark(p, *line, "★", Rgb(20, 130, 40)),
                Outcome::Over { .. } => {}
            }
        }
        for r in 0..=board.rows {
            for c in 0..=board.cols {
                p.disc(
                    MARGIN + c as f64 * g,
                    MARGIN + r as f64 * g,
                    5.0,
                    Rgb(30, 30, 30),
                );
            }
        }
        let ((x0, y0), (x1, y1)) = ends(board, self.cursor);
        p.ring((x0 + x1) / 2.0, (y0 + y1) / 2.0, 10.0, 2.0, Rgb(0, 0, 0));
    }

    fn write_text(&self, analysis: Option<&Outcome>) {
        let [a, b] = self.game.scores();
        self.dom
            .scores
            .set_text_content(Some(&format!("A {a} – B {b}")));
        let who = |player: usize| match self.seats[player] {
            Seat::Human => format!("Player {}", letter(player)),
            Seat::Computer(level) => {
                format!("Player {} (computer: {})", letter(player), level.label())
            }
        };
        let mut status = if self.game.is_over() {
            match a.cmp(&b) {
                std::cmp::Ordering::Greater => format!("Game over: A wins {a}–{b}."),
                std::cmp::Ordering::Less => format!("Game over: B wins {b}–{a}."),
                std::cmp::Ordering::Equal => format!("Game over: a tie, {a}–{b}."),
            }
        } else {
            let player = self.game.current();
            match self.seats[player] {
                Seat::Computer(_) => {
                    let seconds = self
                        .thinking_since
                        .map_or(0.0, |since| (dom::now() - since) / 1000.0);
                    format!("{} is thinking… {seconds:.1} s", who(player))
                }
                Seat::Human => format!(
                    "{} to move: click a line, or arrows and Enter.",
                    who(player)
                ),
            }
        };
        if !self.message.is_empty() {
            status = format!("{}\n{status}", self.message);
        }
        self.dom.status.set_text_content(Some(&status));
        // A computer to move is thinking from the moment its turn comes (its pause included).
        let state = if self.game.is_over() {
            "over"
        } else if self.seats[self.game.current()] != Seat::Human {
            "thinking"
        } else {
            "playing"
        };
        let _ = self.dom.root.set_attribute("data-state", state);
        let verdict = if !self.dom.analysis.checked() {
            String::new()
        } else {
            match analysis {
                None => "Analysis: working…".into(),
                Some(Outcome::Over { .. }) => String::new(),
                Some(Outcome::Solved { margin, moves }) => {
                    let total = self.game.board().boxes() as i32;
                    let (fa, fb) = ((total + margin) / 2, (total - margin) / 2);
                    let result = match margin {
                        m if *m > 0 => format!("A wins {fa}–{fb}"),
                        m if *m < 0 => format!("B wins {fb}–{fa}"),
                        _ => format!("a tie, {fa}–{fb}"),
                    };
                    let board = self.game.board();
                    let listed = |wanted: Mark| {
                        let lines: Vec<String> = moves
                            .iter()
                            .filter(|m| m.1 == wanted)
                            .map(|m| board.describe(m.0))
                            .collect();
                        if lines.is_empty() {
                            "none".to_string()
                        } else {
                            lines.join(", ")
                        }
                    };
                    format!(
                        "Perfect play from here: {result}. For the player to move, W wins: {}; D draws: {}; L loses: {}.",
                        listed(Mark::Wins),
                        listed(Mark::Draws),
                        listed(Mark::Loses)
                    )
                }
                Some(Outcome::BestFound { line }) => {
                    format!(
                        "Too big to solve here; the Strong player's choice is marked ★: {}.",
                        self.game.board().describe(*line)
                    )
                }
            }
        };
        self.dom.verdict.set_text_content(Some(&verdict));
        let _ = self.dom.verdict.set_attribute(
            "data-analysis",
            match analysis {
                Some(Outcome::Solved { .. }) => "solved",
                Some(Outcome::BestFound { .. }) => "best-found",
                _ => "",
            },
        );
        self.dom.history.set_text_content(None);
        for (line, player, completed) in self.game.history() {
            let li = child(&self.dom.history, "li", "");
            let boxes = match completed {
                0 => String::new(),
                1 => " +1 box".into(),
                n => format!(" +{n} boxes"),
            };
            li.set_text_content(Some(&format!(
                "{}: {} (line {line}){boxes}",
                letter(player),
                self.game.board().describe(line)
            )));
        }
    }
}

/// Player B's lines: dashes, so they differ from A's without colour.
fn dashed(p: &mut CanvasPainter, (x0, y0): (f64, f64), (x1, y1): (f64, f64), colour: Rgb) {
    let dashes = 5;
    for k in 0..dashes {
        let t0 = k as f64 / dashes as f64;
        let t1 = t0 + 0.6 / dashes as f64;
        p.line(
            x0 + (x1 - x0) * t0,
            y0 + (y1 - y0) * t0,
            x0 + (x1 - x0) * t1,
            y0 + (y1 - y0) * t1,
            4.0,
            colour,
        );
    }
}
