//! Misère Sprouts by plain search: every whole position is solved from its children, with a
//! table of the positions solved so far; no land is split off and no game tree simplified.
//! Slow (8 spots: 1.6 million positions, about 100 s natively) and simple: kept as the
//! yardstick the fast search (`solver`) is tested against.

use std::collections::HashMap;

use super::Unfinished;
use crate::engine::sprouts::{children, Position};

/// Positions solved in misère play: whether the player to move wins.
#[derive(Default)]
pub struct Plain {
    wins: HashMap<Position, bool>,
    /// Positions looked at (children generated) so far.
    pub expansions: u64,
}

impl Plain {
    pub fn new() -> Plain {
        Plain::default()
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
    pub fn wins(&mut self, position: &Position, budget: u64) -> Result<bool, Unfinished> {
        let limit = self.expansions.saturating_add(budget);
        self.solve(position, limit)
    }

    fn solve(&mut self, position: &Position, limit: u64) -> Result<bool, Unfinished> {
        if let Some(&wins) = self.wins.get(position) {
            return Ok(wins);
        }
        if self.expansions >= limit {
            return Err(Unfinished::Budget(limit));
        }
        self.expansions += 1;
        let kids = children(position).map_err(|e| Unfinished::TooLarge(e.0))?;
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
