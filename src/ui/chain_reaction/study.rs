//! Chain Reaction's analysis and hint in the page: the exact solver (engine::chain_reaction::
//! analysis) works out every playable cell's value in the board shell's slices; the picture
//! marks each cell W or L with the plies to the end (★ on the best), the panel says it in
//! words, and Hint rings a best move. Past the solver's reach the panel says why, and a hint
//! is the strongest heuristic level's choice, said to be unproved.

use web_sys::{HtmlElement, HtmlInputElement};

use crate::draw::palette::seat_letter;
use crate::engine::chain_reaction::ai::{Level, Player, STRONGEST_HEURISTIC};
use crate::engine::chain_reaction::analysis::{Analysis, Outcome};
use crate::engine::chain_reaction::perfect::TABLE_BITS;
use crate::engine::chain_reaction::solve::{Solver, Value};
use crate::engine::chain_reaction::Game;
use crate::engine::turn::Thinker;
use crate::ui::board::Background;
use crate::ui::dom;
use crate::ui::widgets::slices::Slice;

/// The analysis gives up after this many positions (natively a few seconds; more in a page).
pub const ANALYSIS_POSITIONS: u64 = 6_000_000;
/// Positions between looks at the clock.
const POSITIONS_PER_STEP: u64 = 20_000;
/// Units of the heuristic level's thinking between looks at the clock.
const UNITS_PER_STEP: u32 = 16;

/// A hint asked for one position: the move once known, and the level working it out where the
/// solver cannot.
struct Hint {
    game: Game,
    cell: Option<usize>,
    heuristic: Option<Player>,
}

pub struct Study {
    pub switch: HtmlInputElement,
    verdict: HtmlElement,
    /// Analysis mode is on.
    pub on: bool,
    analysis: Option<Analysis>,
    solver: Option<Solver>,
    hint: Option<Hint>,
    /// Move now stopped the work on this position: it does not start again until it changes.
    stopped: Option<Game>,
}

impl Study {
    pub fn new(switch: HtmlInputElement, verdict: HtmlElement) -> Study {
        dom::best_effort(verdict.set_attribute("aria-live", "polite"));
        Study {
            on: switch.checked(),
            switch,
            verdict,
            analysis: None,
            solver: None,
            hint: None,
            stopped: None,
        }
    }

    /// The analysis of `game`, once worked out and shown.
    pub fn outcome_for(&self, game: &Game) -> Option<&Outcome> {
        if !self.on {
            return None;
        }
        self.analysis
            .as_ref()
            .filter(|a| a.is_for(game))
            .and_then(Analysis::outcome)
    }

    /// The cell the hint rings, for this position.
    pub fn hint_for(&self, game: &Game) -> Option<usize> {
        self.hint
            .as_ref()
            .filter(|h| h.game == *game)
            .and_then(|h| h.cell)
    }

    /// Hint was pressed.
    pub fn ask_hint(&mut self, game: &Game) -> Option<String> {
        if game.is_over() {
            return Some("The game is over: there is nothing to hint.".into());
        }
        self.stopped = None;
        self.hint = Some(Hint {
            game: game.clone(),
            cell: None,
            heuristic: None,
        });
        None
    }

    /// Move now: the work on the position in hand stops.
    pub fn stop(&mut self) {
        if let Some(analysis) = self.analysis.take() {
            self.stopped = Some(analysis.game().clone());
        }
        self.hint = None;
    }

    fn hint_pending(&self, game: &Game) -> bool {
        self.hint
            .as_ref()
            .is_some_and(|h| h.game == *game && h.cell.is_none())
    }

    /// What the work in hand is doing, for the status line (None: nothing under way).
    pub fn working(&self) -> Option<String> {
        let analysis = self.analysis.as_ref()?;
        let game = analysis.game();
        if !(self.on || self.hint_pending(game)) {
            return None;
        }
        match analysis.outcome() {
            None => Some(format!(
                "Solving: {} positions searched (Move now stops it)",
                analysis.spent()
            )),
            Some(Outcome::Beyond(_)) if self.hint_pending(game) => Some(format!(
                "Working out a hint: {} is thinking",
                level_name(STRONGEST_HEURISTIC)
            )),
            Some(_) => None,
        }
    }

    /// A slice of the analysis or the hint, as the board shell's background work.
    pub fn background(&mut self, game: &Game, slice: &Slice) -> Background<usize> {
        let hint_pending = self.hint_pending(game);
        if !(self.on || hint_pending) || game.is_over() || self.stopped.as_ref() == Some(game) {
            return Background::Idle;
        }
        if self.analysis.as_ref().is_none_or(|a| !a.is_for(game)) {
            self.analysis = Some(Analysis::new(game, ANALYSIS_POSITIONS));
        }
        let settings = game.settings();
        let (analysis, solver) = (&mut self.analysis, &mut self.solver);
        let Some(analysis) = analysis.as_mut() else {
            return Background::Idle;
        };
        if analysis.outcome().is_none() {
            if solver.as_ref().is_none_or(|s| s.settings() != settings) {
                *solver = Solver::new(settings, TABLE_BITS).ok();
            }
            let Some(solver) = solver.as_mut() else {
                return Background::Idle;
            };
            let done = slice.work(|| analysis.step(solver, POSITIONS_PER_STEP).is_some());
            if !done {
                return Background::More;
            }
        }
        if !hint_pending {
            return Background::Idle;
        }
        let Some(outcome) = analysis.outcome().cloned() else {
            return Background::More;
        };
        let Some(hint) = self.hint.as_mut() else {
            return Background::Idle;
        };
        match outcome {
            Outcome::Solved { value, .. } => {
                let cell = outcome.best().first().copied();
                hint.cell = cell;
                cell.map_or(Background::Idle, |c| {
                    Background::Said(format!("Hint: {} {}.", place(game, c), in_words(value)))
                })
            }
            Outcome::Beyond(_) => {
                let player = hint
                    .heuristic
                    .get_or_insert_with(|| Player::new(STRONGEST_HEURISTIC, 7));
                let mut cell = None;
                let done = slice.work(|| {
                    cell = player.think(game, UNITS_PER_STEP);
                    cell.is_some()
                });
                match (done, cell) {
                    (true, Some(c)) => {
                        hint.cell = Some(c);
                        Background::Said(format!(
                            "Hint: {} is {}'s choice, not proved (the solver cannot settle \
                             this position).",
                            place(game, c),
                            level_name(STRONGEST_HEURISTIC)
                        ))
                    }
                    _ => Background::More,
                }
            }
        }
    }

    /// The panel beside the board: the verdict and every cell's value in words.
    pub fn refresh(&self, game: &Game) {
        self.switch.set_checked(self.on);
        let outcome = self.outcome_for(game);
        let text = if !self.on || game.is_over() {
            String::new()
        } else if self.stopped.as_ref() == Some(game) {
            "Analysis stopped for this position (it starts again after the next move).".into()
        } else {
            match outcome {
                None => "Analysis: working…".into(),
                Some(Outcome::Beyond(why)) => format!("The analysis cannot say here. {why}"),
                Some(Outcome::Solved { value, moves }) => solved_words(game, *value, moves),
            }
        };
        self.verdict.set_text_content(Some(&text));
        dom::best_effort(self.verdict.set_attribute(
            "data-analysis",
            match outcome {
                Some(Outcome::Solved { .. }) => "solved",
                Some(Outcome::Beyond(_)) => "beyond",
                None => "",
            },
        ));
    }
}

/// The verdict, then the cells grouped by value, the best first: "W in 19 ★: row 1, …".
fn solved_words(game: &Game, value: Value, moves: &[(usize, Value)]) -> String {
    let me = game.current().unwrap_or(0);
    let winner = if value.is_win() { me } else { 1 - me };
    let mut values: Vec<Value> = moves.iter().map(|m| m.1).collect();
    values.sort_by_key(|v| -v.rank());
    values.dedup();
    let lines: Vec<String> = values
        .iter()
        .map(|&v| {
            let cells: Vec<String> = moves
                .iter()
                .filter(|m| m.1 == v)
                .map(|m| place(game, m.0))
                .collect();
            format!(
                "{} in {}{}: {}",
                if v.is_win() { 'W' } else { 'L' },
                v.plies(),
                if v == value { " ★" } else { "" },
                cells.join("; ")
            )
        })
        .collect();
    format!(
        "Perfect play from here: {} wins, the last move {} plies away.\nFor {} to move, each \
         cell: W wins or L loses, in plies to the end (★ the best) —\n{}",
        seat_letter(winner),
        value.plies(),
        seat_letter(me),
        lines.join("\n")
    )
}

/// "wins in 7 plies (this move included)" or "loses: it holds out longest, 12 plies".
fn in_words(value: Value) -> String {
    match value {
        Value::Win { plies: 1 } => "wins at once".into(),
        Value::Win { plies } => {
            format!("wins in {plies} plies with best play (this move included)")
        }
        Value::Loss { plies } => format!(
            "holds out longest: every move loses against best play, this one after {plies} plies"
        ),
    }
}

fn place(game: &Game, cell: usize) -> String {
    let cols = game.settings().cols;
    format!("row {}, column {}", cell / cols + 1, cell % cols + 1)
}

fn level_name(level: Level) -> String {
    match level {
        Level::Minimax { depth } => format!("minimax, {depth} plies"),
        other => other.name(),
    }
}
