//! Dots and Boxes in a page, on the board shell (ui::board): 1×1 to 10×10 boxes with presets,
//! each player human or a computer level. This module adds what is Dots and Boxes' own: the
//! picture (lines by player: A solid, B dashed, and in colour; boxes by their owner's letter; a
//! preview of the line a click draws), analysis mode (W / D / L on every line, worked out in
//! slices), and export / import. Rules, players and solver live in `engine::dots_boxes`.

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};

use crate::draw::dots_boxes::{self as picture, Layout, Scene};
use crate::draw::palette::seat_letter;
use crate::engine::dots_boxes::analysis::{Analysis, Mark, Outcome};
use crate::engine::dots_boxes::notation::{export, import, record_of};
use crate::engine::dots_boxes::solver::Solver;
use crate::engine::dots_boxes::{Board, Direction, Game, Level, Player};
use crate::engine::turn::Record;
use crate::options::Options;
use crate::ui::board::{record_history, Background, BoardGame, Field, Parts, Plain, Seat, View};
use crate::ui::dom;
use crate::ui::dom::{button, child};
use crate::ui::widgets::canvas::CanvasPainter;
use crate::ui::widgets::slices::Slice;
use crate::ui::widgets::{form, rules};

/// Dots and Boxes' own buttons and fields beside the board shell's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DotsAction {
    /// A board size from the preset menu goes into the rows and columns fields.
    Preset,
    Analysis,
    Export,
    Import,
}

crate::named_actions!(DotsAction {
    "preset" => [DotsAction::Preset],
    "analysis" => [DotsAction::Analysis],
    "export" => [DotsAction::Export],
    "import" => [DotsAction::Import],
});

/// Search nodes a millisecond of thinking is worth in the browser (measured: about 2.1 M/s,
/// tests/wasm_bench.rs): the Strong player's exact-search budget for its time per move.
const NODES_PER_MS: u64 = 2_000;
/// The analysis gives up exact search after this many nodes (a few seconds).
const ANALYSIS_NODES: u64 = 4_000_000;
/// Search nodes or playout lines between looks at the clock.
const UNITS_PER_STEP: u64 = 4_000;

pub struct DotsAndBoxes {
    root: HtmlElement,
    preset: HtmlSelectElement,
    analysis_on: HtmlInputElement,
    verdict: HtmlElement,
    text: HtmlTextAreaElement,
    analysis: Option<Analysis>,
    solver: Option<Solver>,
    /// Analysis mode is on.
    analysing: bool,
}

const PRESETS: [(&str, &str); 6] = [
    ("", "custom"),
    ("2x2", "2 × 2 boxes (9 dots)"),
    ("3x3", "3 × 3 boxes (16 dots)"),
    ("4x4", "4 × 4 boxes (25 dots)"),
    ("5x5", "5 × 5 boxes (36 dots)"),
    ("3x5", "3 × 5 boxes (24 dots)"),
];

impl DotsAndBoxes {
    fn outcome_for(&self, game: &Game) -> Option<&Outcome> {
        if !self.analysing {
            return None;
        }
        self.analysis
            .as_ref()
            .filter(|a| a.is_for(game))
            .and_then(Analysis::outcome)
    }

    fn import(&mut self, record: &mut Record<Game>) -> String {
        let text = self.text.value();
        let trimmed = text.trim();
        let result = if trimmed.starts_with('{') {
            import(trimmed)
        } else {
            let board = record.game().board();
            import(
                &serde_json::json!({"rows": board.rows, "cols": board.cols, "dbn": trimmed})
                    .to_string(),
            )
        };
        match result {
            Ok(game) => {
                *record = record_of(&game);
                format!(
                    "Imported: {} lines drawn.",
                    game.drawn().iter().filter(|d| **d).count()
                )
            }
            Err(e) => format!("Nothing was imported: {e}. The game goes on unchanged."),
        }
    }
}

impl BoardGame for DotsAndBoxes {
    type Record = Record<Game>;
    type Game = Game;
    type Move = usize;
    type Level = Level;
    type Computer = Plain<Player>;

    const NAME: &'static str = "dots-and-boxes";
    const CLASS: &'static str = "gl-dots";
    const LINK: &'static str = "dots";
    const FIELDS: &'static [Field] = &[
        Field {
            name: "rows",
            label: "Rows of boxes",
            menu: false,
            words: &[],
        },
        Field {
            name: "cols",
            label: "Columns of boxes",
            menu: false,
            words: &[],
        },
    ];
    const RULES: &'static [&'static str] = &[
        "A and B take turns drawing one line between two neighbouring dots.",
        "Whoever draws the fourth side of a box takes it and must draw again; one turn can take \
         a whole chain of boxes. When every line is drawn, more boxes wins.",
        "The art is control: near the end, leave your opponent the move when only long chains \
         are left, so they must open one for you.",
    ];

    fn settings_of(values: &[usize]) -> Result<Board, String> {
        let [rows, cols] = values else {
            return Err("rows and columns are needed".into());
        };
        Board::new(*rows, *cols)
    }

    fn values_of(board: &Board) -> Vec<usize> {
        vec![board.rows, board.cols]
    }

    fn default_settings() -> Board {
        Board::new(3, 3).expect("3 × 3 is a board")
    }

    fn players(_board: &Board) -> usize {
        2
    }

    fn levels() -> Vec<Level> {
        Level::ALL.to_vec()
    }

    fn level_name(level: Level) -> String {
        level.name()
    }

    fn level_label(level: Level) -> String {
        level.label().to_string()
    }

    fn parse_level(text: &str) -> Result<Level, String> {
        Level::parse(text)
    }

    fn default_seat(player: usize) -> Seat<Level> {
        if player == 0 {
            Seat::Human
        } else {
            Seat::Computer(Level::ALL[4])
        }
    }

    fn seat_note(player: usize) -> &'static str {
        if player == 0 {
            "solid lines, moves first"
        } else {
            "dashed lines"
        }
    }

    fn computer(
        &self,
        record: &Record<Game>,
        level: Level,
        think_ms: usize,
        seed: u64,
    ) -> Plain<Player> {
        let game = record.game();
        let level = match level {
            // The Strong player's exact search gets what its time per move is worth.
            Level::Strong { .. } => Level::Strong {
                exact_nodes: think_ms as u64 * NODES_PER_MS,
            },
            other => other,
        };
        Plain::new(
            Player::new(game.board(), level, seed),
            UNITS_PER_STEP as u32,
        )
    }

    /// A box with three sides, before and after its fourth.
    fn rule_pictures(rules: &HtmlElement) {
        let Ok(board) = Board::new(1, 2) else {
            return;
        };
        // Lines of the left box: top 0, bottom 2, left 4, right 5 (shared with the right box).
        let Ok(game) = Game::from_moves(board.clone(), &[0, 2, 1, 4]) else {
            return;
        };
        let layout = Layout::fit(&board, 200.0, 120.0);
        let size = (layout.width(), layout.height());
        let draw = |game: Game, preview: Option<usize>| {
            move |painter: &mut CanvasPainter| {
                let scene = Scene {
                    game: &game,
                    cursor: None,
                    preview,
                    analysis: None,
                };
                picture::draw(painter, &layout, &scene)
            }
        };
        rules::picture(
            rules,
            size,
            "A (red, solid) to move: the left box has three sides drawn.",
            draw(game.clone(), Some(5)),
        );
        let mut after = game;
        if after.play(5).is_err() {
            return;
        }
        rules::picture(
            rules,
            size,
            "A draws its fourth side: the box is A's, and A draws again.",
            draw(after, None),
        );
    }

    fn new(parts: &Parts, options: &Options) -> DotsAndBoxes {
        let preset = form::select(&parts.settings, "Board", "preset", &PRESETS);
        // The preset menu goes first in the form, before the rows and columns it sets.
        if let (Some(label), Some(summary)) = (
            preset.parent_element(),
            parts.settings.query_selector("summary").ok().flatten(),
        ) {
            dom::best_effort(summary.after_with_node_1(&label));
        }
        let analysis_on = form::checkbox(
            &parts.bar,
            "Analysis (W / D / L, margins)",
            "analysis",
            false,
        );
        analysis_on.set_checked(options.switch("analysis"));
        let verdict = child(&parts.side, "p", "gl-verdict");
        dom::best_effort(verdict.set_attribute("aria-live", "polite"));
        let io = child(&parts.foot, "details", "gl-dots-io");
        child(&io, "summary", "").set_text_content(Some("Export / import"));
        let text: HtmlTextAreaElement = child(&io, "textarea", "gl-dots-text").unchecked_into();
        text.set_rows(3);
        dom::best_effort(text.set_attribute(
            "aria-label",
            "the game as JSON: {\"rows\", \"cols\", \"moves\", \"dbn\"}, or a DBN string",
        ));
        dom::best_effort(text.set_attribute("spellcheck", "false"));
        let io_bar = child(&io, "div", "gl-buttonbar");
        button(&io_bar, "Export this game", &DotsAction::Export);
        button(&io_bar, "Import", &DotsAction::Import);
        child(&io, "p", "gl-hint").set_text_content(Some(
            "Export gives {\"rows\", \"cols\", \"moves\": OpenSpiel line ids, \"dbn\": drawn lines}. \
             Import reads that JSON (\"numbering\": \"ksquares\" for KSquares ids), or a bare DBN \
             string of 0 and 1 for the current board size.",
        ));
        DotsAndBoxes {
            analysing: analysis_on.checked(),
            root: parts.root.clone(),
            preset,
            analysis_on,
            verdict,
            text,
            analysis: None,
            solver: None,
        }
    }

    fn size(&self, game: &Game, room: (f64, f64)) -> (f64, f64) {
        let layout = Layout::fit(game.board(), room.0, room.1);
        (layout.width(), layout.height())
    }

    fn draw(&self, painter: &mut CanvasPainter, record: &Record<Game>, view: &View) {
        let game = record.game();
        let layout = Layout::fit(game.board(), view.room.0, view.room.1);
        let scene = Scene {
            game,
            cursor: view.cursor,
            preview: view.hover,
            analysis: self.outcome_for(game),
        };
        picture::draw(painter, &layout, &scene);
    }

    /// The analysis' marks, once shown.
    fn picture_key(&self, game: &Game) -> u64 {
        u64::from(self.analysing) + 2 * u64::from(self.outcome_for(game).is_some())
    }

    fn move_at(&self, game: &Game, room: (f64, f64), x: f64, y: f64) -> Option<usize> {
        Layout::fit(game.board(), room.0, room.1).line_at(x, y)
    }

    fn step(&self, game: &Game, cursor: usize, key: &str) -> usize {
        let direction = match key {
            "ArrowUp" => Direction::Up,
            "ArrowDown" => Direction::Down,
            "ArrowLeft" => Direction::Left,
            _ => Direction::Right,
        };
        game.board().step(cursor, direction)
    }

    fn describe(&self, game: &Game, cursor: usize) -> String {
        let board = game.board();
        let cursor = cursor.min(board.lines() - 1);
        let state = match (
            game.drawn_by(cursor),
            game.preset().get(cursor).copied().unwrap_or(false),
        ) {
            (Some(p), _) => format!("drawn by {}", seat_letter(p)),
            (None, true) => "drawn before the game".into(),
            _ => "not drawn".into(),
        };
        format!(
            "Board of {} × {} boxes; the cursor is on line {cursor} ({}), {state}",
            board.rows,
            board.cols,
            board.describe(cursor)
        )
    }

    fn history(record: &Record<Game>) -> Vec<String> {
        record_history(record, history_line)
    }

    fn click_move(place: usize) -> Option<usize> {
        Some(place)
    }

    fn refusal(_: &Game, _: &usize, why: &str) -> String {
        format!("{why}. Choose another line")
    }

    /// Every move is said, the computer's too (the status is a polite live region).
    fn played(&mut self, before: &Game, &line: &usize, after: &Game) -> String {
        let player = seat_letter(before.current());
        let drew = line_in_words(before, line);
        let [a0, b0] = before.scores();
        let [a1, b1] = after.scores();
        match (a1 + b1) - (a0 + b0) {
            0 => format!("Player {player} drew {drew}."),
            1 => format!("Player {player} drew {drew}, completed a box and moves again."),
            n => format!("Player {player} drew {drew}, completed {n} boxes and moves again."),
        }
    }

    fn background(&mut self, record: &mut Record<Game>, slice: &Slice) -> Background<usize> {
        if !self.analysing {
            return Background::Idle;
        }
        let game = record.game();
        if self.analysis.as_ref().is_none_or(|a| !a.is_for(game)) {
            self.analysis = Some(Analysis::new(game, ANALYSIS_NODES));
            if self
                .solver
                .as_ref()
                .is_none_or(|s| s.board() != game.board())
            {
                self.solver = Solver::new(game.board()).ok();
            }
        }
        let (analysis, solver) = (&mut self.analysis, &mut self.solver);
        let done = slice.work(|| match analysis.as_mut() {
            Some(a) => a.step(solver.as_mut(), UNITS_PER_STEP).is_some(),
            None => true,
        });
        if done {
            Background::Idle
        } else {
            Background::More
        }
    }

    type Action = DotsAction;

    fn act(
        &mut self,
        action: DotsAction,
        target: &Element,
        record: &mut Record<Game>,
    ) -> Option<String> {
        match action {
            DotsAction::Preset => {
                let select: &HtmlSelectElement = target.unchecked_ref();
                if let Some((r, c)) = select.value().split_once('x') {
                    for (name, value) in [("rows", r), ("cols", c)] {
                        if let Ok(Some(input)) =
                            self.root.query_selector(&format!("[data-field='{name}']"))
                        {
                            input.unchecked_ref::<HtmlInputElement>().set_value(value);
                        }
                    }
                }
                None
            }
            DotsAction::Analysis => {
                self.analysing = self.analysis_on.checked();
                None
            }
            DotsAction::Export => {
                self.text.set_value(&export(record.game()));
                Some("The game is in the box below, ready to copy.".into())
            }
            DotsAction::Import => Some(self.import(record)),
        }
    }

    fn score_line(&self, game: &Game) -> String {
        let [a, b] = game.scores();
        format!("A {a} – B {b}")
    }

    fn winner(&self, game: &Game) -> Option<usize> {
        let [a, b] = game.scores();
        match (crate::engine::turn::TurnGame::to_move(game), a.cmp(&b)) {
            (Some(_), _) | (None, std::cmp::Ordering::Equal) => None,
            (None, std::cmp::Ordering::Greater) => Some(0),
            (None, std::cmp::Ordering::Less) => Some(1),
        }
    }

    /// The analysis shows the best lines, and an import could bring a game already won.
    fn graded_refuses(action: &DotsAction) -> bool {
        matches!(action, DotsAction::Analysis | DotsAction::Import)
    }

    fn result_line(&self, game: &Game) -> String {
        let [a, b] = game.scores();
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => format!("Game over: A wins {a}–{b}."),
            std::cmp::Ordering::Less => format!("Game over: B wins {b}–{a}."),
            std::cmp::Ordering::Equal => format!("Game over: a tie, {a}–{b}."),
        }
    }

    fn refresh(&mut self, record: &Record<Game>, _view: &View) {
        let game = record.game();
        let board = game.board();
        // (A switch the shell refused, in a graded game, shows its state again.)
        self.analysis_on.set_checked(self.analysing);
        // The preset menu names the board being played when it is one of its sizes.
        self.preset
            .set_value(&format!("{}x{}", board.rows, board.cols));
        if self.preset.selected_index() < 0 {
            self.preset.set_value("");
        }
        let outcome = self.outcome_for(game);
        let verdict = if !self.analysing {
            String::new()
        } else {
            match outcome {
                None => "Analysis: working…".into(),
                Some(Outcome::Over { .. }) => String::new(),
                Some(Outcome::Solved { margin, moves }) => {
                    let total = board.boxes() as i32;
                    let (fa, fb) = ((total + margin) / 2, (total - margin) / 2);
                    let result = match margin {
                        m if *m > 0 => format!("A wins {fa}–{fb}"),
                        m if *m < 0 => format!("B wins {fb}–{fa}"),
                        _ => format!("a tie, {fa}–{fb}"),
                    };
                    // Each line with the final score it leads to, the best first.
                    let listed = |wanted: Mark| {
                        let mut marked: Vec<&(usize, Mark, i32)> =
                            moves.iter().filter(|m| m.1 == wanted).collect();
                        marked.sort_by_key(|m| -m.2);
                        let lines: Vec<String> = marked
                            .iter()
                            .map(|m| {
                                let score = Mark::final_score(board.boxes(), m.2);
                                format!("{} ({score})", board.describe(m.0))
                            })
                            .collect();
                        if lines.is_empty() {
                            "none".to_string()
                        } else {
                            lines.join(", ")
                        }
                    };
                    format!(
                        "Perfect play from here: {result}.\nFor {} to move (the final score, {} first) —\nW wins: {}\nD draws: {}\nL loses: {}",
                        seat_letter(game.current()),
                        seat_letter(game.current()),
                        listed(Mark::Wins),
                        listed(Mark::Draws),
                        listed(Mark::Loses)
                    )
                }
                Some(Outcome::BestFound { line }) => format!(
                    "Too big to solve here; the Strong player's choice is marked ★: {}.",
                    board.describe(*line)
                ),
            }
        };
        self.verdict.set_text_content(Some(&verdict));
        dom::best_effort(self.verdict.set_attribute(
            "data-analysis",
            match outcome {
                Some(Outcome::Solved { .. }) => "solved",
                Some(Outcome::BestFound { .. }) => "best-found",
                _ => "",
            },
        ));
    }

    fn embed_attributes(&self) -> Vec<(String, String)> {
        if self.analysing {
            vec![("data-analysis".into(), "on".into())]
        } else {
            Vec::new()
        }
    }
}

/// A line said as a person would point at it: the side of the box it is on.
fn line_in_words(game: &Game, line: usize) -> String {
    let board = game.board();
    let (rows, cols) = (board.rows, board.cols);
    let horizontal = (rows + 1) * cols;
    if line < horizontal {
        let (r, c) = (line / cols, line % cols);
        let (side, row) = if r == rows {
            ("bottom", r)
        } else {
            ("top", r + 1)
        };
        format!("the {side} of the box in row {row}, column {}", c + 1)
    } else {
        let v = line - horizontal;
        let (r, c) = (v / (cols + 1), v % (cols + 1));
        let (side, col) = if c == cols {
            ("right", c)
        } else {
            ("left", c + 1)
        };
        format!("the {side} of the box in row {}, column {col}", r + 1)
    }
}

/// One history line: `game` is the position before the move.
fn history_line(game: &Game, &line: &usize) -> String {
    let mut after = game.clone();
    let completed = after.play(line).unwrap_or(0);
    let boxes = match completed {
        0 => String::new(),
        1 => " +1 box".into(),
        n => format!(" +{n} boxes"),
    };
    format!(
        "{}: {} (line {line}){boxes}",
        seat_letter(game.current()),
        game.board().describe(line)
    )
}
