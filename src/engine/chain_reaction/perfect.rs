//! The perfect level: the exact solver's best move wherever it settles the position, a random
//! one among equals (a win as fast as any, or a loss held off as long as any). On boards of at
//! most `SURE_CELLS` cells the solver settles every position, so this player never lets a won
//! position go; on larger ones (up to the solver's 21 cells) it tries a small budget of
//! positions a move and, while that does not settle the position, plays as the strongest
//! heuristic level and says so. Two players only; with more it is that heuristic level.

use super::solve::{Solver, Unsolved, Value};
use super::Game;
use crate::engine::rng::Rng;
use crate::engine::stop::Stop;
use crate::engine::turn::Thinker;

/// Boards the solver settles from the empty board within a page's patience (3 × 4 takes
/// 2.3 million positions, natively 2 s).
pub const SURE_CELLS: usize = 12;
/// Positions a unit of thinking is worth.
pub const POSITIONS_PER_UNIT: u64 = 1_000;
/// The most positions one move may search: on sure boards more than any of them needs, on
/// the others what a move can spare before the heuristic level plays instead.
pub const SURE_POSITIONS: u64 = 40_000_000;
pub const TRIAL_POSITIONS: u64 = 300_000;
/// The solver's table: 2^22 places, 32 MB.
pub const TABLE_BITS: u32 = 22;

/// What the last move given rests on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Proved(Value),
    /// Not settled: the heuristic level's choice.
    Unproved,
}

pub struct Perfect {
    solver: Option<Solver>,
    fallback: Box<dyn Thinker<Game>>,
    rng: Rng,
    stop: Stop,
    /// The position being thought about, positions searched for it, and whether the solver
    /// gave up on it.
    position: Option<Game>,
    spent: u64,
    gave_up: bool,
    verdict: Option<Verdict>,
}

impl Perfect {
    /// `fallback` plays where the solver does not settle the position.
    pub fn new(fallback: Box<dyn Thinker<Game>>, seed: u64, stop: Stop) -> Perfect {
        Perfect {
            solver: None,
            fallback,
            rng: Rng::new(seed),
            stop,
            position: None,
            spent: 0,
            gave_up: false,
            verdict: None,
        }
    }

    /// What the last move given rests on.
    pub fn verdict(&self) -> Option<Verdict> {
        self.verdict
    }

    /// A slice of the solve of `game` of `positions`; the move once settled.
    fn solve(&mut self, game: &Game, positions: u64) -> Option<usize> {
        if self.position.as_ref() != Some(game) {
            self.position = Some(game.clone());
            self.spent = 0;
            self.gave_up = false;
        }
        if self.gave_up {
            return None;
        }
        let settings = game.settings();
        if self
            .solver
            .as_ref()
            .is_none_or(|s| s.settings() != settings)
        {
            self.solver = Solver::new(settings, TABLE_BITS).ok();
        }
        let Some(solver) = self.solver.as_mut() else {
            self.gave_up = true;
            return None;
        };
        let most = if settings.cells() <= SURE_CELLS {
            SURE_POSITIONS
        } else {
            TRIAL_POSITIONS
        };
        let budget = positions.min(most.saturating_sub(self.spent)).max(1);
        match solver.solve(game, budget, &self.stop) {
            Ok(solution) => {
                self.verdict = Some(Verdict::Proved(solution.value));
                let best = &solution.best;
                best.get(self.rng.below(best.len())).copied()
            }
            Err(Unsolved::Budget { positions }) => {
                self.spent += positions;
                self.gave_up = self.spent >= most;
                None
            }
            Err(Unsolved::NotSolvable(_)) => {
                self.gave_up = true;
                None
            }
        }
    }
}

impl Thinker<Game> for Perfect {
    fn think(&mut self, game: &Game, units: u32) -> Option<usize> {
        game.current()?;
        if let Some(cell) = self.solve(game, u64::from(units) * POSITIONS_PER_UNIT) {
            return Some(cell);
        }
        if !self.gave_up {
            return None;
        }
        let cell = self.fallback.think(game, units)?;
        self.verdict = Some(Verdict::Unproved);
        Some(cell)
    }

    /// Does not guess while the solve may still settle the position: another slice of it, and
    /// None until it is done or past its budget (then the heuristic level's move at once).
    fn decide_now(&mut self, game: &Game) -> Option<usize> {
        game.current()?;
        if let Some(cell) = self.solve(game, 64 * POSITIONS_PER_UNIT) {
            return Some(cell);
        }
        if !self.gave_up {
            return None;
        }
        let cell = self.fallback.decide_now(game)?;
        self.verdict = Some(Verdict::Unproved);
        Some(cell)
    }

    fn reason(&self) -> Option<String> {
        Some(match self.verdict? {
            Verdict::Proved(Value::Win { plies: 1 }) => "It wins with this move.".into(),
            Verdict::Proved(Value::Win { plies }) => {
                format!("With best play it wins in {plies} plies from here (this move included).")
            }
            Verdict::Proved(Value::Loss { plies }) => format!(
                "Every move loses against best play; this one holds out longest, {plies} plies."
            ),
            Verdict::Unproved => {
                "(Not proved: past the solver's reach, it played as the strongest heuristic level.)"
                    .into()
            }
        })
    }
}
