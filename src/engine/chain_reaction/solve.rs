//! Exact values of two-player positions on small boards: who wins with best play, in how many
//! plies when the winner hurries and the loser delays, and every move that does as well.
//!
//! Why it is within reach: each move adds one orb and explosions only move orbs, so after k
//! plies the board holds k orbs; a stable board holds at most Σ(critical mass − 1), so no game
//! lasts longer than that plus one ply (23 on 3 × 4). The search is a plain minimax over the
//! whole tree with a transposition table keyed by the board up to its symmetries (the player to
//! move is the parity of the orbs). Values are exact distances, so no alpha-beta cut is taken.

use std::collections::HashMap;

use super::{Game, Settings};
use crate::engine::stop::Stop;

/// A position's value for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// Wins, the last (winning) move `plies` plies from now.
    Win { plies: u32 },
    /// Loses, the opponent's winning move `plies` plies from now.
    Loss { plies: u32 },
}

impl Value {
    /// Larger is better for the player to move: a win sooner, or a loss later.
    fn score(self) -> i64 {
        match self {
            Value::Win { plies } => 1_000_000 - i64::from(plies),
            Value::Loss { plies } => -1_000_000 + i64::from(plies),
        }
    }

    /// The value one ply earlier, for the other player.
    fn before(self) -> Value {
        match self {
            Value::Win { plies } => Value::Loss { plies: plies + 1 },
            Value::Loss { plies } => Value::Win { plies: plies + 1 },
        }
    }

    pub fn plies(self) -> u32 {
        match self {
            Value::Win { plies } | Value::Loss { plies } => plies,
        }
    }
}

/// What a solve found: the value and every move (cell) that achieves it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub value: Value,
    pub best: Vec<usize>,
    /// Positions searched (each counted once, the table remembers it).
    pub positions: u64,
}

/// Why a solve stopped short.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unsolved {
    /// Not a two-player game in progress.
    NotSolvable(String),
    /// More positions than the budget allows, or the stop was asked for.
    Budget { positions: u64 },
}

/// The most cells a board may have to be solved here (3 bits a cell in a 64-bit key).
pub const MOST_CELLS: usize = 21;

/// Solves `game` (two players, not over), searching at most `most_positions` positions.
pub fn solve(game: &Game, most_positions: u64, stop: &Stop) -> Result<Solution, Unsolved> {
    let settings = game.settings();
    if settings.players != 2 {
        return Err(Unsolved::NotSolvable(
            "the solver plays two-player games only".into(),
        ));
    }
    if settings.cells() > MOST_CELLS {
        return Err(Unsolved::NotSolvable(format!(
            "the solver takes boards of at most {MOST_CELLS} cells, not {}",
            settings.cells()
        )));
    }
    if game.is_over() {
        return Err(Unsolved::NotSolvable("the game is over".into()));
    }
    let mut solver = Solver {
        symmetries: symmetries(settings),
        table: HashMap::new(),
        positions: 0,
        most: most_positions,
        stop,
    };
    let mut best = Vec::new();
    let mut value: Option<Value> = None;
    for (cell, child) in solver.children(game) {
        let v = solver.value_after(&child)?;
        match value {
            Some(b) if v.score() < b.score() => {}
            Some(b) if v.score() == b.score() => best.push(cell),
            _ => {
                value = Some(v);
                best = vec![cell];
            }
        }
    }
    let value = value.ok_or_else(|| Unsolved::NotSolvable("no move is possible".into()))?;
    Ok(Solution {
        value,
        best,
        positions: solver.positions,
    })
}

struct Solver<'a> {
    /// Cell permutations of the board's symmetries (the identity first).
    symmetries: Vec<Vec<usize>>,
    /// Solved positions: key → value for the player to move.
    table: HashMap<u64, Value>,
    positions: u64,
    most: u64,
    stop: &'a Stop,
}

impl Solver<'_> {
    /// Every legal move with the position it leads to.
    fn children(&self, game: &Game) -> Vec<(usize, Game)> {
        game.legal_cells()
            .into_iter()
            .filter_map(|cell| {
                let mut child = game.clone();
                child.play_cell_quietly(cell).ok()?;
                Some((cell, child))
            })
            .collect()
    }

    /// The value, for the player who just moved, of the position after their move.
    fn value_after(&mut self, child: &Game) -> Result<Value, Unsolved> {
        if child.is_over() {
            return Ok(Value::Win { plies: 1 });
        }
        Ok(self.value(child)?.before())
    }

    /// The value of a position in progress for the player to move.
    fn value(&mut self, game: &Game) -> Result<Value, Unsolved> {
        let key = self.key(game);
        if let Some(&v) = self.table.get(&key) {
            return Ok(v);
        }
        self.positions += 1;
        if self.positions > self.most
            || (self.positions.is_multiple_of(4096) && self.stop.requested())
        {
            return Err(Unsolved::Budget {
                positions: self.positions,
            });
        }
        let mut best: Option<Value> = None;
        for (_, child) in self.children(game) {
            let v = self.value_after(&child)?;
            if best.is_none_or(|b| v.score() > b.score()) {
                best = Some(v);
            }
        }
        // (No move at all cannot happen with two players: the one to move owns orbs.)
        let v = best.unwrap_or(Value::Loss { plies: 0 });
        self.table.insert(key, v);
        Ok(v)
    }

    /// The board as 3 bits a cell (0 empty, else 1 + 3·owner + orbs − 1), least over the
    /// board's symmetries.
    fn key(&self, game: &Game) -> u64 {
        let code = |cell: usize| match game.cell(cell) {
            None => 0u64,
            Some((owner, orbs)) => 1 + 3 * owner as u64 + u64::from(orbs.saturating_sub(1)),
        };
        self.symmetries
            .iter()
            .map(|map| map.iter().fold(0u64, |key, &cell| (key << 3) | code(cell)))
            .min()
            .unwrap_or(0)
    }
}

/// The board's symmetries as cell orders: the identity, the two mirrors and the half turn, and
/// on a square board the four more of the square.
fn symmetries(settings: Settings) -> Vec<Vec<usize>> {
    let (rows, cols) = (settings.rows, settings.cols);
    let mut maps: Vec<Vec<usize>> = Vec::new();
    let mut add = |f: &dyn Fn(usize, usize) -> (usize, usize)| {
        let map = (0..rows * cols)
            .map(|i| {
                let (r, c) = f(i / cols, i % cols);
                r * cols + c
            })
            .collect();
        maps.push(map);
    };
    add(&|r, c| (r, c));
    add(&|r, c| (rows - 1 - r, c));
    add(&|r, c| (r, cols - 1 - c));
    add(&|r, c| (rows - 1 - r, cols - 1 - c));
    if rows == cols {
        add(&|r, c| (c, r));
        add(&|r, c| (cols - 1 - c, r));
        add(&|r, c| (c, rows - 1 - r));
        add(&|r, c| (cols - 1 - c, rows - 1 - r));
    }
    maps
}
