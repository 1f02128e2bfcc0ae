//! Chain Reaction in a page, on the board shell (ui::board): board size, 2–8 seats, each human
//! or a computer level. This module adds what is Chain Reaction's own: explosions shown wave by
//! wave (the placement, the cells about to burst, orbs flying to their neighbours), and the seed
//! report's automaton view (each cell's state on the board; the state machine of the cell under
//! the pointer or last clicked, the transition it just took highlighted); and beside it `study`,
//! the analysis and the hint from the exact solver. Rules, computers and solver live in
//! `engine::chain_reaction`, the picture in `draw::chain_reaction`.

mod study;

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlCanvasElement, HtmlElement, HtmlInputElement, HtmlSelectElement};

use crate::draw::chain_reaction::{self as picture, Content, Flight, Labels, Layout, Scene, Taken};
use crate::draw::palette::seat_letter;
use crate::engine::chain_reaction::ai::{Level, Player, BASELINE_DEPTH, MAX_PLAYOUTS};
use crate::engine::chain_reaction::automaton::state_of;
use crate::engine::chain_reaction::{Game, MoveError, Settings};
use crate::engine::turn::Record;
use crate::options::Options;
use crate::ui::board::{
    record_history, Background, BoardAction, BoardGame, Field, Parts, Plain, Seat, View,
};
use crate::ui::dom;
use crate::ui::dom::{button, child};
use crate::ui::widgets::canvas::CanvasPainter;
use crate::ui::widgets::slices::Slice;
use crate::ui::widgets::{form, rules};
use study::Study;

/// Chain Reaction's own fields beside the board shell's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChainAction {
    /// The automaton view switched on or off.
    Automaton,
    /// The animation's speed.
    Speed,
    /// Analysis mode switched on or off: every playable cell's exact value.
    Analysis,
    /// A best move for the player to move, ringed on the board.
    Hint,
}

crate::named_actions!(ChainAction {
    "automaton" => [ChainAction::Automaton],
    "speed" => [ChainAction::Speed],
    "analysis" => [ChainAction::Analysis],
    "hint" => [ChainAction::Hint],
});

/// One move's explosion as it is shown.
struct Animation {
    player: usize,
    /// The board after the placement and after each wave.
    frames: Vec<Vec<Content>>,
    waves: Vec<Vec<usize>>,
    /// 0: the placement; odd: wave (phase − 1) / 2 in flight; even: the board after a wave.
    phase: usize,
    tick: u32,
}

/// Milliseconds between the frames of orbs in flight.
const FRAME_MS: i32 = 16;

pub struct ChainReaction {
    speed: HtmlSelectElement,
    automaton: HtmlInputElement,
    panel: HtmlElement,
    machine: HtmlCanvasElement,
    animation: Option<Animation>,
    /// The pause on a still frame (ms); flights take as long. 0: no animation.
    pause_ms: i32,
    /// The automaton view is on.
    automaton_on: bool,
    study: Study,
}

impl ChainReaction {
    fn pause_ms(&self) -> i32 {
        self.pause_ms
    }

    fn labels(&self) -> Labels {
        if self.automaton_on {
            Labels::States
        } else {
            Labels::Orbs
        }
    }
}

impl BoardGame for ChainReaction {
    type Record = Record<Game>;
    type Game = Game;
    type Move = usize;
    type Level = Level;
    type Computer = Plain<Player>;

    const NAME: &'static str = "chain-reaction";
    const CLASS: &'static str = "gl-chain";
    const LINK: &'static str = "chain";
    const FIELDS: &'static [Field] = &[
        Field {
            name: "rows",
            label: "Rows",
            menu: false,
            words: &[],
        },
        Field {
            name: "cols",
            label: "Columns",
            menu: false,
            words: &[],
        },
        Field {
            name: "players",
            label: "Players",
            menu: true,
            words: &[],
        },
    ];
    const RULES: &'static [&'static str] = &[
        "Players take turns dropping one orb into an empty cell or a cell of their own.",
        "A cell can hold one orb fewer than it has neighbours (up, down, left, right): a corner 1, \
         an edge 2, the middle 3. One more and it bursts: one orb to each neighbour, and each \
         neighbour, with every orb in it, takes the burster's colour. A burst can fill a \
         neighbour, which bursts in turn: a chain reaction.",
        "Once everyone has moved, a player with no orbs is out. The last player with orbs wins.",
    ];

    fn settings_of(values: &[usize]) -> Result<Settings, String> {
        let [rows, cols, players] = values else {
            return Err("rows, columns and players are needed".into());
        };
        Settings::new(*rows, *cols, *players).map_err(|e| e.0)
    }

    fn values_of(settings: &Settings) -> Vec<usize> {
        vec![settings.rows, settings.cols, settings.players]
    }

    fn default_settings() -> Settings {
        Settings::default()
    }

    fn players(settings: &Settings) -> usize {
        settings.players
    }

    fn levels() -> Vec<Level> {
        vec![
            Level::Random,
            Level::Greedy,
            Level::Minimax { depth: 2 },
            Level::Minimax { depth: 4 },
            Level::Baseline {
                depth: BASELINE_DEPTH,
            },
            Level::MonteCarlo {
                playouts: MAX_PLAYOUTS,
            },
            Level::Perfect,
        ]
    }

    fn level_name(level: Level) -> String {
        level.name()
    }

    fn level_label(level: Level) -> String {
        match level {
            Level::Random => "random".into(),
            Level::Greedy => "greedy".into(),
            Level::Minimax { depth } => format!("minimax, {depth} plies"),
            Level::MonteCarlo { playouts } if playouts == MAX_PLAYOUTS => "Monte-Carlo".into(),
            Level::MonteCarlo { playouts } => format!("Monte-Carlo, {playouts} playouts"),
            Level::Perfect => "perfect (solves boards up to 12 cells)".into(),
            Level::Baseline { depth } => {
                format!("baseline (the published minimax, {depth} plies, every move)")
            }
        }
    }

    fn parse_level(text: &str) -> Result<Level, String> {
        Level::parse(text)
    }

    fn default_seat(_player: usize) -> Seat<Level> {
        Seat::Human
    }

    fn seat_note(_player: usize) -> &'static str {
        ""
    }

    fn computer(&self, _: &Record<Game>, level: Level, _: usize, seed: u64) -> Plain<Player> {
        Plain::new(Player::new(level, seed), 16)
    }

    /// A corner one orb short of bursting, before and after the orb that sets it off.
    fn rule_pictures(rules: &HtmlElement) {
        let Ok(settings) = Settings::new(3, 3, 2) else {
            return;
        };
        let mut game = Game::new(settings);
        // A in the top-left corner and the far corner, B beside and under A's first orb.
        for cell in [0, 1, 8, 3] {
            if game.play_cell(cell).is_err() {
                return;
            }
        }
        let layout = Layout::fit(settings, 150.0, 150.0, Labels::Orbs);
        let size = (layout.width(), layout.height());
        let draw = |game: &Game, last: Option<usize>| {
            let board: Vec<Content> = (0..settings.cells()).map(|c| game.cell(c)).collect();
            let to_move = game.current();
            move |painter: &mut CanvasPainter| {
                let scene = Scene {
                    settings,
                    board: &board,
                    to_move,
                    cursor: None,
                    last,
                    selected: None,
                    labels: Labels::Orbs,
                    flight: None,
                    analysis: None,
                    hint: None,
                };
                picture::draw(painter, &layout, &scene)
            }
        };
        rules::picture(
            rules,
            size,
            "A (red) to move. The top-left corner holds 1 orb, as many as a corner can.",
            draw(&game, None),
        );
        if game.play_cell(0).is_err() {
            return;
        }
        rules::picture(
            rules,
            size,
            "A drops a second orb there: the corner bursts, and both of B's cells become A's. \
             B has no orbs left, so A wins.",
            draw(&game, Some(0)),
        );
    }

    fn new(parts: &Parts, options: &Options) -> ChainReaction {
        let speed = form::select(
            &parts.bar,
            "Animation",
            "speed",
            &[("300", "normal"), ("120", "fast"), ("0", "instant")],
        );
        if dom::reduced_motion() {
            speed.set_value("0");
        }
        let automaton = form::checkbox(
            &parts.bar,
            "Automaton view",
            "automaton",
            options.switch("automaton"),
        );
        // Under the board, in its column: above it they pushed a phone's board off the screen.
        let analysis = form::checkbox(
            &parts.under,
            "Analysis (W / L, plies to the end)",
            "analysis",
            options.switch("analysis"),
        );
        button(&parts.under, "Hint", &BoardAction::Game(ChainAction::Hint));
        let study = Study::new(analysis, child(&parts.side, "p", "gl-verdict"));
        let panel = child(&parts.side, "div", "gl-automaton");
        let machine: HtmlCanvasElement =
            child(&parts.side, "canvas", "gl-machine").unchecked_into();
        dom::best_effort(machine.set_attribute("role", "img"));
        machine.set_hidden(true);
        ChainReaction {
            pause_ms: speed.value().parse().unwrap_or(300),
            automaton_on: automaton.checked(),
            speed,
            automaton,
            panel,
            machine,
            animation: None,
            study,
        }
    }

    fn size(&self, game: &Game, room: (f64, f64)) -> (f64, f64) {
        let layout = Layout::fit(game.settings(), room.0, room.1, self.labels());
        (layout.width(), layout.height())
    }

    fn draw(&self, painter: &mut CanvasPainter, record: &Record<Game>, view: &View) {
        let game = record.game();
        let settings = game.settings();
        let layout = Layout::fit(settings, view.room.0, view.room.1, self.labels());
        let current: Vec<Content> = (0..settings.cells()).map(|c| game.cell(c)).collect();
        let mut flight: Option<Flight> = None;
        let board: Vec<Content> = match &self.animation {
            Some(a) if a.phase % 2 == 1 => {
                let wave = (a.phase - 1) / 2;
                let (board, mut f) =
                    picture::launch(settings, &a.frames[wave], &a.waves[wave], a.player);
                f.progress = a.tick as f64 / self.flight_ticks() as f64;
                flight = Some(f);
                board
            }
            Some(a) => a.frames[(a.phase / 2).min(a.frames.len() - 1)].clone(),
            None => current,
        };
        let last = record
            .moves()
            .last()
            .copied()
            .filter(|_| !record.moves().is_empty());
        let scene = Scene {
            settings,
            board: &board,
            to_move: if self.animation.is_some() {
                self.animation.as_ref().map(|a| a.player)
            } else {
                game.current()
            },
            cursor: view.cursor,
            last,
            selected: self.automaton_on.then_some(view.selected),
            labels: self.labels(),
            flight: flight.as_ref(),
            // (The marks and the hint are of the position, not of a move's frames.)
            analysis: self
                .study
                .outcome_for(game)
                .filter(|_| self.animation.is_none()),
            hint: self
                .study
                .hint_for(game)
                .filter(|_| self.animation.is_none()),
        };
        picture::draw(painter, &layout, &scene);
    }

    /// The analysis' marks and the hint, once shown.
    fn picture_key(&self, game: &Game) -> u64 {
        let marks = self.study.outcome_for(game).is_some();
        let hint = self.study.hint_for(game).map_or(0, |c| c as u64 + 1);
        u64::from(marks) + 2 * hint
    }

    fn move_at(&self, game: &Game, room: (f64, f64), x: f64, y: f64) -> Option<usize> {
        Layout::fit(game.settings(), room.0, room.1, self.labels()).cell_at(x, y)
    }

    fn step(&self, game: &Game, cursor: usize, key: &str) -> usize {
        let s = game.settings();
        let (r, c) = (cursor / s.cols, cursor % s.cols);
        match key {
            "ArrowUp" if r > 0 => cursor - s.cols,
            "ArrowDown" if r + 1 < s.rows => cursor + s.cols,
            "ArrowLeft" if c > 0 => cursor - 1,
            "ArrowRight" if c + 1 < s.cols => cursor + 1,
            _ => cursor,
        }
    }

    fn describe(&self, game: &Game, cursor: usize) -> String {
        let s = game.settings();
        let content = match game.cell(cursor) {
            Some((owner, orbs)) => format!("{orbs} orbs of player {}", seat_letter(owner)),
            None => "empty".into(),
        };
        format!(
            "Board {} × {}; cursor at row {}, column {}: {content}",
            s.rows,
            s.cols,
            cursor / s.cols + 1,
            cursor % s.cols + 1
        )
    }

    fn history(record: &Record<Game>) -> Vec<String> {
        record_history(record, history_line)
    }

    fn click_move(place: usize) -> Option<usize> {
        Some(place)
    }

    fn refusal(game: &Game, &m: &usize, why: &str) -> String {
        let cols = game.settings().cols;
        match game.check_move(m / cols, m % cols) {
            Err(MoveError::Occupied { row, col, owner }) => format!(
                "row {}, column {} belongs to player {}",
                row + 1,
                col + 1,
                seat_letter(owner)
            ),
            _ => why.to_string(),
        }
    }

    fn played(&mut self, before: &Game, &m: &usize, _after: &Game) -> String {
        let mut replay = before.clone();
        let Ok(report) = replay.play_cell(m) else {
            return String::new();
        };
        // Only explosions are animated: a quiet placement shows at once.
        self.animation = (self.pause_ms() > 0 && !report.waves.is_empty()).then(|| Animation {
            player: report.player,
            frames: report.frames.clone(),
            waves: report.waves.clone(),
            phase: 0,
            tick: 0,
        });
        // Every move is said, a quiet one too: the line a screen reader hears after a
        // computer's move (the status is a polite live region).
        let cols = before.settings().cols;
        let mut words = vec![format!(
            "placed an orb at row {}, column {}",
            m / cols + 1,
            m % cols + 1
        )];
        if report.explosions > 0 {
            words.push(format!(
                "{} explosion{} in {} wave{}",
                report.explosions,
                if report.explosions == 1 { "" } else { "s" },
                report.waves.len(),
                if report.waves.len() == 1 { "" } else { "s" },
            ));
        }
        for p in report.eliminated {
            words.push(format!("player {} is out", seat_letter(p)));
        }
        format!("{} {}.", seat_letter(report.player), words.join(", "))
    }

    fn reset(&mut self) {
        self.animation = None;
    }

    fn embed_attributes(&self) -> Vec<(String, String)> {
        let on = |name: &str, is_on: bool| is_on.then(|| (format!("data-{name}"), "on".into()));
        on("automaton", self.automaton_on)
            .into_iter()
            .chain(on("analysis", self.study.on))
            .collect()
    }

    fn background(&mut self, record: &mut Record<Game>, slice: &Slice) -> Background<usize> {
        self.study.background(record.game(), slice)
    }

    fn working(&self) -> Option<String> {
        self.study.working()
    }

    fn hurry(&mut self) {
        self.study.stop();
    }

    /// The analysis and the hint give the best moves away.
    fn graded_refuses(action: &ChainAction) -> bool {
        matches!(action, ChainAction::Analysis | ChainAction::Hint)
    }

    fn animating(&self) -> bool {
        self.animation.is_some()
    }

    fn animate(&mut self) -> Option<i32> {
        let pause = self.pause_ms();
        let ticks = self.flight_ticks();
        let a = self.animation.as_mut()?;
        let last_phase = 2 * a.waves.len();
        if a.phase % 2 == 1 && a.tick < ticks {
            a.tick += 1;
            return Some(FRAME_MS);
        }
        if a.phase >= last_phase || pause == 0 {
            self.animation = None;
            return None;
        }
        a.phase += 1;
        a.tick = 0;
        Some(if a.phase % 2 == 1 {
            FRAME_MS
        } else {
            pause / 2
        })
    }

    type Action = ChainAction;

    fn act(
        &mut self,
        action: ChainAction,
        _: &Element,
        record: &mut Record<Game>,
    ) -> Option<String> {
        match action {
            ChainAction::Analysis => self.study.on = self.study.switch.checked(),
            ChainAction::Hint => return self.study.ask_hint(record.game()),
            ChainAction::Automaton => self.automaton_on = self.automaton.checked(),
            ChainAction::Speed => {
                self.pause_ms = self.speed.value().parse().unwrap_or(300);
                if self.pause_ms == 0 {
                    self.animation = None;
                }
            }
        }
        None
    }

    /// The orbs each player has on the board as it is shown: while a move's explosions play,
    /// the frame on the screen, not the end the rules already know.
    fn score_line(&self, game: &Game) -> String {
        let shown = self.animation.as_ref().map(|a| {
            let frame = &a.frames[(a.phase / 2).min(a.frames.len() - 1)];
            let mut orbs = vec![0; game.settings().players];
            for (owner, count) in frame.iter().flatten() {
                if let Some(total) = orbs.get_mut(*owner) {
                    *total += *count as usize;
                }
            }
            orbs
        });
        // Every player keeps a place on the line, those out named so: with eight players a line
        // of the three left said nothing of the other five.
        let out = self.out(game);
        let orbs: Vec<String> = (0..game.settings().players)
            .map(|p| {
                let count = match &shown {
                    Some(orbs) => orbs[p],
                    None => game.orbs_of(p) as usize,
                };
                if out.contains(&p) && (shown.is_none() || count == 0) {
                    format!("{} out", seat_letter(p))
                } else {
                    format!("{} {count}", seat_letter(p))
                }
            })
            .collect();
        format!("Orbs: {}", orbs.join(" · "))
    }

    fn winner(&self, game: &Game) -> Option<usize> {
        game.winner()
    }

    fn result_line(&self, game: &Game) -> String {
        match game.winner() {
            Some(w) => format!(
                "Player {} wins after {} moves.",
                seat_letter(w),
                game.placements()
            ),
            None => "The game is over.".into(),
        }
    }

    /// The eliminated players; once someone has won, everyone else (the chain that wins stops
    /// at once, before the players it emptied are counted out).
    fn out(&self, game: &Game) -> Vec<usize> {
        match game.winner() {
            Some(w) => (0..game.settings().players).filter(|&p| p != w).collect(),
            None => game.eliminated(),
        }
    }

    fn refresh(&mut self, record: &Record<Game>, view: &View) {
        self.study.refresh(record.game());
        self.panel.set_text_content(None);
        let on = self.automaton_on;
        self.machine.set_hidden(!on);
        if !on {
            return;
        }
        let game = record.game();
        let settings = game.settings();
        let cell = view.selected.min(settings.cells() - 1);
        let mass = settings.critical_mass(cell);
        let now = game.cell(cell);
        let taken = last_transition(record, cell);
        let head = child(&self.panel, "p", "");
        let how = match &taken {
            Some(t) if t.symbol == "ε" => format!("ε, orbs from {}'s explosion", t.mover),
            Some(t) => format!("{}, a placement by {}", t.symbol, t.mover),
            None => "none on the last move".into(),
        };
        head.set_text_content(Some(&format!(
            "Cell (row {}, column {}), critical mass {mass}: state {}. Last transition: {how}.",
            cell / settings.cols + 1,
            cell % settings.cols + 1,
            state_of(mass, now),
        )));
        // The machine as a list too (screen readers, and the figure's text).
        let machine = child(&self.panel, "ol", "gl-fsm");
        dom::best_effort(machine.set_attribute("aria-label", "the cell's state machine"));
        let owner = now.map_or(0, |(p, _)| p);
        let orbs = now.map_or(0, |(_, n)| n);
        for k in 0..mass {
            let content = (k > 0).then_some((owner, k));
            let current = k == orbs;
            let li = child(&machine, "li", if current { "gl-current" } else { "" });
            let arrow = if k + 1 < mass {
                " —placement or ε→"
            } else {
                " —explodes→ empty, an orb to each neighbour"
            };
            li.set_text_content(Some(&format!(
                "{}{}{arrow}",
                state_of(mass, content),
                if current { " ◀ now" } else { "" }
            )));
            if let (true, Some(t)) = (current, &taken) {
                child(&li, "strong", "gl-taken")
                    .set_text_content(Some(&format!(" (arrived by {})", t.symbol)));
            }
        }
        let players = settings.players;
        let (w, h) = picture::machine_size(mass, players);
        dom::best_effort(self.machine.set_attribute(
            "aria-label",
            &format!(
                "the state machine of the cell at row {}, column {}",
                cell / settings.cols + 1,
                cell % settings.cols + 1
            ),
        ));
        if let Some(mut p) = CanvasPainter::sharp(&self.machine, w, h) {
            let taken = taken.map(|t| t.taken);
            picture::draw_machine(&mut p, mass, players, now, taken.as_ref());
        }
        child(&self.panel, "p", "gl-hint").set_text_content(Some(
            "States S{c−1}{k}: c the critical mass, k the orbs; S for A, S' for B, S'' for C, \
             then S⁽³⁾ for D…; an empty cell is S{c−1}0. Point at a cell (or click it) to see its \
             machine.",
        ));
    }
}

impl ChainReaction {
    fn flight_ticks(&self) -> u32 {
        (self.pause_ms() / FRAME_MS).max(1) as u32
    }
}

/// The transition a cell took on the last move, and who made the move.
struct Transition {
    taken: Taken,
    symbol: String,
    mover: char,
}

fn last_transition(record: &Record<Game>, cell: usize) -> Option<Transition> {
    let &m = record.moves().last()?;
    let before = record.before(record.moves().len() - 1);
    let mover = before.current()?;
    let mut replay = before.clone();
    let report = replay.play_cell(m).ok()?;
    let received = report.received(before.settings());
    let exploded = report.waves.iter().flatten().any(|&c| c == cell);
    let symbol = if cell == m {
        char::from(b'a' + mover as u8).to_string()
    } else if received.contains(&cell) {
        "ε".to_string()
    } else {
        return None;
    };
    Some(Transition {
        taken: Taken {
            before: before.cell(cell),
            after: record.game().cell(cell),
            symbol: symbol.clone(),
            exploded,
        },
        symbol,
        mover: seat_letter(mover),
    })
}

/// One history line: `game` is the position before the move.
fn history_line(game: &Game, &m: &usize) -> String {
    // Rows and columns from 1, as the board's label and the cursor say them.
    let cols = game.settings().cols;
    format!(
        "{} (row {}, column {})",
        seat_letter(game.current().unwrap_or(0)),
        m / cols + 1,
        m % cols + 1
    )
}
