//! Analysis mode: the solved value of the current position (who wins, by how much, with perfect
//! play) and each legal line marked as winning, drawing or losing for the player to move; where
//! the position cannot be solved within the budget, the best line the Strong player finds.
//! Work is done in slices of search nodes so a page stays responsive.

use super::board::Game;
use super::players::{Level, Player};
use super::solver::{mask_of, Solver};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    Wins,
    Draws,
    Loses,
}

impl Mark {
    pub fn letter(self) -> char {
        match self {
            Mark::Wins => 'W',
            Mark::Draws => 'D',
            Mark::Loses => 'L',
        }
    }

    /// The mark with the margin it ends by (mover's boxes minus the other's): `W+5`, `D`, `L-1`.
    /// Two winning lines can differ: one ends 6–3, the other 7–2.
    pub fn label(self, margin: i32) -> String {
        match self {
            Mark::Draws => "D".to_string(),
            _ => format!("{}{margin:+}", self.letter()),
        }
    }

    /// The final score a line leads to on a board of `boxes`, mover first ("7–2").
    pub fn final_score(boxes: usize, margin: i32) -> String {
        let total = boxes as i32;
        format!("{}–{}", (total + margin) / 2, (total - margin) / 2)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// `margin`: P1's boxes minus P2's at the end with perfect play from here; each legal line
    /// with its mark for the player to move and the final margin (mover's boxes minus the other's).
    Solved {
        margin: i32,
        moves: Vec<(usize, Mark, i32)>,
    },
    /// Too big to solve here: the line the Strong player's chain counting prefers.
    BestFound { line: usize },
    /// Every line is drawn.
    Over { margin: i32 },
}

pub struct Analysis {
    game: Game,
    mask: u64,
    /// Boxes the player to move leads by already.
    lead: i32,
    undrawn: Vec<usize>,
    values: Vec<(usize, i32)>,
    spent: u64,
    budget: u64,
    /// Beyond exact search: the Strong player's own thinking, also in slices.
    player: Option<Player>,
    outcome: Option<Outcome>,
}

impl Analysis {
    /// An analysis of `game`'s position that gives up exact search after `budget` nodes.
    pub fn new(game: &Game, budget: u64) -> Analysis {
        let [p1, p2] = game.scores();
        let for_p1 = p1 as i32 - p2 as i32;
        let lead = if game.current() == 0 { for_p1 } else { -for_p1 };
        let drawn = game.drawn();
        let outcome = game.is_over().then_some(Outcome::Over { margin: for_p1 });
        Analysis {
            mask: mask_of(drawn.iter().copied()),
            undrawn: game.legal(),
            game: game.clone(),
            lead,
            values: Vec::new(),
            spent: 0,
            budget,
            player: None,
            outcome,
        }
    }

    /// Whether this analysis is of `game`'s current position.
    pub fn is_for(&self, game: &Game) -> bool {
        self.game.moves() == game.moves() && self.game.preset() == game.preset()
    }

    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// Works for about `slice` nodes; the outcome once known. `solver` must be for this board
    /// (None when the board is too big for exact search).
    pub fn step(&mut self, solver: Option<&mut Solver>, slice: u64) -> Option<&Outcome> {
        if self.outcome.is_some() {
            return self.outcome.as_ref();
        }
        let exact = solver.filter(|s| {
            s.board() == self.game.board()
                && self.undrawn.len() <= super::players::EXACT_MAX_UNDRAWN
        });
        match exact {
            Some(solver) if self.spent < self.budget => {
                while self.values.len() < self.undrawn.len() {
                    let line = self.undrawn[self.values.len()];
                    let k = solver.completes(self.mask, line);
                    let before = solver.nodes;
                    let found = solver.try_value(self.mask | 1 << line, slice);
                    self.spent += solver.nodes - before;
                    let v = found?;
                    self.values.push((line, if k > 0 { k + v } else { -v }));
                }
                let best = self.values.iter().map(|v| v.1).max().unwrap_or(0);
                let mover_margin = self.lead + best;
                let margin = if self.game.current() == 0 {
                    mover_margin
                } else {
                    -mover_margin
                };
                let moves = self
                    .values
                    .iter()
                    .map(|&(line, v)| {
                        let final_margin = self.lead + v;
                        let mark = match final_margin {
                            m if m > 0 => Mark::Wins,
                            0 => Mark::Draws,
                            _ => Mark::Loses,
                        };
                        (line, mark, final_margin)
                    })
                    .collect();
                self.outcome = Some(Outcome::Solved { margin, moves });
            }
            _ => {
                let board = self.game.board();
                let player = self
                    .player
                    .get_or_insert_with(|| Player::new(board, Level::Strong { exact_nodes: 0 }, 1));
                let line = player.think(&self.game.drawn(), slice)?;
                self.outcome = Some(Outcome::BestFound { line });
            }
        }
        self.outcome.as_ref()
    }
}
