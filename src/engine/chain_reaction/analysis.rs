//! The page's analysis: every playable cell's exact value for the player to move (wins or
//! loses, in how many plies), worked out in slices of positions so the page stays responsive;
//! or, past the solver (more than two players, more than 21 cells, or a position its budget
//! does not settle), why it cannot say.

use super::solve::{Solver, Unsolved, Value, MOST_CELLS};
use super::Game;
use crate::engine::stop::Stop;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The position's value and each playable cell's, in cell order.
    Solved {
        value: Value,
        moves: Vec<(usize, Value)>,
    },
    /// Why the analysis cannot say.
    Beyond(String),
}

impl Outcome {
    /// The cells that do best (a win soonest, or a loss latest).
    pub fn best(&self) -> Vec<usize> {
        match self {
            Outcome::Solved { value, moves } => moves
                .iter()
                .filter(|m| m.1 == *value)
                .map(|m| m.0)
                .collect(),
            Outcome::Beyond(_) => Vec::new(),
        }
    }
}

pub struct Analysis {
    game: Game,
    budget: u64,
    spent: u64,
    outcome: Option<Outcome>,
}

impl Analysis {
    /// An analysis of `game` that gives up after `budget` positions.
    pub fn new(game: &Game, budget: u64) -> Analysis {
        let settings = game.settings();
        let outcome = if settings.players != 2 {
            Some(Outcome::Beyond(format!(
                "The solver settles two-player games only; this one has {} players.",
                settings.players
            )))
        } else if settings.cells() > MOST_CELLS {
            Some(Outcome::Beyond(format!(
                "The solver takes boards of at most {MOST_CELLS} cells (such as 3 × 7 or 4 × 5); \
                 this one has {}.",
                settings.cells()
            )))
        } else {
            None
        };
        Analysis {
            game: game.clone(),
            budget,
            spent: 0,
            outcome,
        }
    }

    /// The position analysed.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Whether this analysis is of `game`'s position.
    pub fn is_for(&self, game: &Game) -> bool {
        self.game == *game
    }

    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// Positions searched so far.
    pub fn spent(&self) -> u64 {
        self.spent
    }

    /// Works for about `slice` positions with `solver` (for this board: its table carries
    /// what earlier slices and positions proved); the outcome once known.
    pub fn step(&mut self, solver: &mut Solver, slice: u64) -> Option<&Outcome> {
        if self.outcome.is_some() || self.game.is_over() {
            return self.outcome.as_ref();
        }
        let budget = slice.min(self.budget.saturating_sub(self.spent)).max(1);
        match solver.values(&self.game, budget, &Stop::never()) {
            Ok(moves) => {
                let value = moves
                    .iter()
                    .map(|m| m.1)
                    .max_by_key(|v| v.rank())
                    .unwrap_or(Value::Loss { plies: 0 });
                self.spent += solver.positions();
                self.outcome = Some(Outcome::Solved { value, moves });
            }
            Err(Unsolved::Budget { positions }) => {
                self.spent += positions;
                if self.spent >= self.budget {
                    self.outcome = Some(Outcome::Beyond(format!(
                        "Not settled within {} positions: too early in the game on this board \
                         for the page's solver (the command line's gamelab chain-reaction solve \
                         has no such limit).",
                        self.budget
                    )));
                }
            }
            Err(Unsolved::NotSolvable(why)) => self.outcome = Some(Outcome::Beyond(why)),
        }
        self.outcome.as_ref()
    }
}
