//! Misère Sprouts (the player who cannot move wins), by plain search: every position is solved
//! from its children, with a table of the positions solved so far. Misère values do not add up
//! the way nimbers do, so nothing here splits a position into lands and sums them; a position
//! is still written in Glop's canonical form, whose simplifications (dead spots and regions
//! dropped, small regions merged, names canonized) only rewrite the same game. Reaches 8 spots
//! (1.6 million positions, about 100 s natively); reduced canonical trees (Lemoine & Viennot,
//! arXiv:0908.4407) are what will carry it further.

use std::collections::HashMap;

use super::{children, Position};

/// Positions solved in misère play: whether the player to move wins.
#[derive(Default)]
pub struct MisereTable {
    wins: HashMap<Position, bool>,
    /// Positions looked at (children generated) so far.
    pub expansions: u64,
}

/// Why a misère search stopped without an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MisereStop {
    /// It would have had to look at more positions than it was allowed.
    Budget(u64),
    /// The engine could not list a position's children (too large for its names).
    TooLarge(String),
}

impl MisereTable {
    pub fn new() -> MisereTable {
        MisereTable::default()
    }

    /// Positions in the table.
    pub fn len(&self) -> usize {
        self.wins.len()
    }

    pub fn is_empty(&self) -> bool {
        self.wins.is_empty()
    }

    /// Whether the player to move in `position` wins in misère play, looking at no more than
    /// `budget` new positions (the table keeps what was solved, so a second call goes on).
    pub fn wins(&mut self, position: &Position, budget: u64) -> Result<bool, MisereStop> {
        let limit = self.expansions.saturating_add(budget);
        self.solve(position, limit)
    }

    fn solve(&mut self, position: &Position, limit: u64) -> Result<bool, MisereStop> {
        if let Some(&wins) = self.wins.get(position) {
            return Ok(wins);
        }
        if self.expansions >= limit {
            return Err(MisereStop::Budget(limit));
        }
        self.expansions += 1;
        let kids = children(position).map_err(|e| MisereStop::TooLarge(e.0))?;
        // No move: the player to move has won. Else a move to a position lost for the
        // opponent wins. (The depth is at most the position's lives, 3 a spot.)
        let mut wins = kids.is_empty();
        for child in &kids {
            if !self.solve(child, limit)? {
                wins = true;
                break;
            }
        }
        self.wins.insert(position.clone(), wins);
        Ok(wins)
    }
}
