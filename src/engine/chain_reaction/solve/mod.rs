//! Exact values of two-player positions on small boards: who wins with best play, in how many
//! plies when the winner hurries and the loser delays, and every move that does as well.
//!
//! Why it is within reach: each move adds one orb and explosions only move orbs, so after k
//! plies the board holds k orbs; a stable board holds at most Σ(critical mass − 1), so no game
//! lasts longer than that plus one ply (23 on 3 × 4, 33 on 4 × 4).
//!
//! The search is alpha-beta (negamax) over a compact board (`board`) with a transposition table
//! (`table`) keyed by the board up to its symmetries. A score is read from the end of the game,
//! not from the position: a win whose last move is ply T of the game scores `BIG − T`, a loss
//! `T − BIG`. Since the plies played so far are the orbs on the board, the score belongs to the
//! position itself, is simply negated from one player to the other, and can be kept in the
//! table whatever line of play reached it. Windows prune what cannot change a value; the table
//! remembers bounds as well as exact scores. A solver keeps its table between calls, so a page
//! can solve in slices (each call a budget of positions; what a stopped call proved stays) and
//! a perfect player reuses what it learned on the moves before.

mod board;
mod table;

pub use board::MOST_CELLS;
use board::{Board, Geometry, Played};
use table::{Bound, Entry, Table};

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
    pub fn plies(self) -> u32 {
        match self {
            Value::Win { plies } | Value::Loss { plies } => plies,
        }
    }

    /// Larger is better for the player to move: a win sooner, or a loss later.
    pub fn rank(self) -> i32 {
        match self {
            Value::Win { plies } => 1000 - plies as i32,
            Value::Loss { plies } => plies as i32 - 1000,
        }
    }

    pub fn is_win(self) -> bool {
        matches!(self, Value::Win { .. })
    }

    /// The value for the player to move at a position with `orbs` orbs, from its score.
    fn of(score: i32, orbs: u8) -> Value {
        let orbs = i32::from(orbs);
        if score > 0 {
            Value::Win {
                plies: (BIG - score - orbs) as u32,
            }
        } else {
            Value::Loss {
                plies: (BIG + score - orbs) as u32,
            }
        }
    }
}

/// What a solve found: the value and every move (cell) that achieves it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub value: Value,
    pub best: Vec<usize>,
    /// Positions searched by this call (a position searched again, with a narrower window or
    /// after the table dropped it, counts again).
    pub positions: u64,
}

/// Why a solve stopped short.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unsolved {
    /// Not a two-player game in progress on a board of at most `MOST_CELLS` cells.
    NotSolvable(String),
    /// More positions than the budget allows, or the stop was asked for.
    Budget { positions: u64 },
}

/// A move's position, its key and where it comes in the order of search.
#[derive(Clone, Copy)]
struct Child {
    order: u8,
    key: u64,
    board: Board,
}

/// A node's children, on the stack (a board has at most `MOST_CELLS` moves).
struct Children {
    list: [Child; MOST_CELLS],
    len: usize,
}

impl Default for Children {
    fn default() -> Children {
        let none = Child {
            order: 0,
            key: 0,
            board: Board::empty(),
        };
        Children {
            list: [none; MOST_CELLS],
            len: 0,
        }
    }
}

impl Children {
    fn push(&mut self, child: Child) {
        self.list[self.len] = child;
        self.len += 1;
    }

    fn list(&self) -> &[Child] {
        &self.list[..self.len]
    }

    fn list_mut(&mut self) -> &mut [Child] {
        &mut self.list[..self.len]
    }
}

/// Scores: a win on ply T of the game is `BIG − T`; no game has 100 plies here.
const BIG: i32 = 100;
const INFINITE: i32 = BIG + 1;

/// The table's size natively: 2^25 places (256 MB) at most, less for small boards.
pub fn table_bits(settings: Settings) -> u32 {
    (8 + 2 * settings.cells() as u32).clamp(table::MIN_BITS, 25)
}

/// Solves `game` (two players, not over), searching at most `most_positions` positions, with a
/// table sized for its board.
pub fn solve(game: &Game, most_positions: u64, stop: &Stop) -> Result<Solution, Unsolved> {
    Solver::new(game.settings(), table_bits(game.settings()))?.solve(game, most_positions, stop)
}

/// A solver for one board size, with its table.
pub struct Solver {
    geometry: Geometry,
    table: Table,
    /// Positions searched by the current call, and the most it may search.
    positions: u64,
    most: u64,
    stop: Stop,
}

impl Solver {
    /// A solver for two-player games on `settings`' board, with a table of 2^`table_bits`
    /// places (8 bytes each).
    pub fn new(settings: Settings, table_bits: u32) -> Result<Solver, Unsolved> {
        if settings.players != 2 {
            return Err(Unsolved::NotSolvable(
                "the solver plays two-player games only".into(),
            ));
        }
        let geometry = Geometry::new(settings).ok_or_else(|| {
            Unsolved::NotSolvable(format!(
                "the solver takes boards of at most {MOST_CELLS} cells, not {}",
                settings.cells()
            ))
        })?;
        Ok(Solver {
            geometry,
            table: Table::new(table_bits),
            positions: 0,
            most: 0,
            stop: Stop::never(),
        })
    }

    pub fn settings(&self) -> Settings {
        self.geometry.settings
    }

    /// The value of `game` and every move that achieves it, in cell order.
    pub fn solve(
        &mut self,
        game: &Game,
        most_positions: u64,
        stop: &Stop,
    ) -> Result<Solution, Unsolved> {
        let board = self.start(game, most_positions, stop)?;
        let score = self.exact(&board)?;
        // A move is best when its score, tested in a window just around the value, is the value.
        let mut best = Vec::new();
        for (cell, child) in self.moves(&board)? {
            let theirs = match child {
                None => -(BIG - i32::from(board.total()) - 1),
                Some(child) => {
                    let key = self.geometry.key(&child);
                    self.search(&child, key, -score - 1, -score + 1)?
                }
            };
            if -theirs == score {
                best.push(cell);
            }
        }
        Ok(Solution {
            value: Value::of(score, board.total()),
            best,
            positions: self.positions,
        })
    }

    /// Every legal move's value for the player who makes it, in cell order.
    pub fn values(
        &mut self,
        game: &Game,
        most_positions: u64,
        stop: &Stop,
    ) -> Result<Vec<(usize, Value)>, Unsolved> {
        let board = self.start(game, most_positions, stop)?;
        let mut values = Vec::new();
        for (cell, child) in self.moves(&board)? {
            let value = match child {
                None => Value::Win { plies: 1 },
                Some(child) => {
                    let theirs = self.exact(&child)?;
                    Value::of(-theirs, board.total())
                }
            };
            values.push((cell, value));
        }
        Ok(values)
    }

    /// Positions searched by the last call.
    pub fn positions(&self) -> u64 {
        self.positions
    }

    fn start(&mut self, game: &Game, most: u64, stop: &Stop) -> Result<Board, Unsolved> {
        if game.settings() != self.geometry.settings {
            return Err(Unsolved::NotSolvable(
                "the game is on another board than this solver's".into(),
            ));
        }
        if game.is_over() {
            return Err(Unsolved::NotSolvable("the game is over".into()));
        }
        let board = Board::of(game).ok_or_else(|| {
            Unsolved::NotSolvable("the solver plays two-player games only".into())
        })?;
        self.positions = 0;
        self.most = most;
        self.stop = stop.clone();
        Ok(board)
    }

    /// The legal moves with the board each leads to (None: the move wins at once).
    fn moves(&self, board: &Board) -> Result<Vec<(usize, Option<Board>)>, Unsolved> {
        let mut moves = Vec::new();
        for cell in (0..self.geometry.cells).filter(|&c| board.playable(c)) {
            moves.push((cell, self.child(board, cell)?));
        }
        Ok(moves)
    }

    fn child(&self, board: &Board, cell: usize) -> Result<Option<Board>, Unsolved> {
        match self.geometry.play(board, cell) {
            Played::Board(child) => Ok(Some(child)),
            Played::Won => Ok(None),
            Played::Runaway => Err(Unsolved::NotSolvable(
                "a chain did not settle: a bug in the solver".into(),
            )),
        }
    }

    /// Counts a position searched; an error once past the budget or when the stop asks.
    fn count(&mut self) -> Result<(), Unsolved> {
        self.positions += 1;
        if self.positions > self.most
            || (self.positions.is_multiple_of(4096) && self.stop.requested())
        {
            return Err(Unsolved::Budget {
                positions: self.positions,
            });
        }
        Ok(())
    }

    /// The exact score of `board`: first who wins, then how soon, each step a search with a
    /// null window (a yes-or-no question the table makes cheap to ask again), halving the
    /// range the score is known to lie in.
    fn exact(&mut self, board: &Board) -> Result<i32, Unsolved> {
        let key = self.geometry.key(board);
        // Scores are never 0: a window around it asks who wins.
        let first = self.search(board, key, -1, 1)?;
        let (mut low, mut high) = if first > 0 {
            (first, BIG - i32::from(board.total()) - 1)
        } else {
            (-INFINITE, first)
        };
        while low < high {
            let guess = low + (high - low + 1) / 2;
            let score = self.search(board, key, guess - 1, guess)?;
            if score >= guess {
                low = score;
            } else {
                high = score;
            }
        }
        Ok(low)
    }

    /// The score of `board` (whose key is `key`) for the player to move, exact when it falls
    /// inside (alpha, beta); at most alpha means at most that, at least beta at least that.
    fn search(
        &mut self,
        board: &Board,
        key: u64,
        mut alpha: i32,
        mut beta: i32,
    ) -> Result<i32, Unsolved> {
        let orbs = board.total();
        // Nothing beats winning with the next move.
        let ceiling = BIG - i32::from(orbs) - 1;
        if alpha >= ceiling {
            return Ok(ceiling);
        }
        let alpha_before = alpha;
        if let Some(known) = self.table.get(key) {
            let score = i32::from(known.score);
            match known.bound {
                Bound::Exact => return Ok(score),
                Bound::Lower => alpha = alpha.max(score),
                Bound::Upper => beta = beta.min(score),
            }
            if alpha >= beta {
                return Ok(score);
            }
        }
        self.count()?;
        let mut children = Children::default();
        for cell in (0..self.geometry.cells).filter(|&c| board.playable(c)) {
            match self.child(board, cell)? {
                Some(child) => children.push(Child {
                    // The moves that leave the opponent fewest orbs first: they cut the most.
                    order: child.orbs_of(board.mover() ^ 1),
                    key: self.geometry.key(&child),
                    board: child,
                }),
                None => {
                    self.remember(key, ceiling, Bound::Exact, orbs);
                    return Ok(ceiling);
                }
            }
        }
        // A child the table already shows to be bad enough for the opponent cuts this node
        // without a search. The probes are independent, so their memory reads overlap.
        for child in children.list() {
            if let Some(known) = self.table.get(child.key) {
                let mine = -i32::from(known.score);
                if known.bound != Bound::Lower && mine >= beta {
                    self.remember(key, mine, Bound::Lower, orbs);
                    return Ok(mine);
                }
            }
        }
        children.list_mut().sort_unstable_by_key(|c| c.order);
        let mut best = -INFINITE;
        for child in children.list() {
            let score = -self.search(&child.board, child.key, -beta, -alpha)?;
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        let bound = if best <= alpha_before {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.remember(key, best, bound, orbs);
        Ok(best)
    }

    fn remember(&mut self, key: u64, score: i32, bound: Bound, orbs: u8) {
        self.table.put(
            key,
            Entry {
                score: score as i8,
                bound,
                orbs,
            },
        );
    }
}
