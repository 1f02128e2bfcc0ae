//! The computer levels, weakest first, and a player that thinks in slices so a page
//! can stay responsive: `think` works for a bounded amount (search nodes or playout lines) and
//! returns the line once decided.

use super::endgame::Endgames;
use super::lines::Lines;
use super::original::{self, Choice};
use super::solver::{mask_of, Solver};
use super::strong::{self, SafeChoice};
use super::Board;
use crate::engine::rng::Rng;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Takes any box it can; otherwise a safe line half the time, any line the other half.
    Easy,
    /// Takes boxes, draws random safe lines, gives away the smallest group (a pair cut in the
    /// middle), never declines; plays the last 12 lines perfectly.
    Medium,
    /// The seed's Rules 4–17, smallest ids.
    Original,
    /// The seed's rules with seeded random choices where it says "any".
    OriginalRandom,
    /// Exact search when the position can be solved within `exact_nodes`; otherwise chain
    /// counting.
    Strong { exact_nodes: u64 },
}

/// The Strong player's default search budget per move (about 1.5 s natively).
pub const STRONG_EXACT_NODES: u64 = 3_000_000;
/// Positions with more undrawn lines than this are not searched exactly by the players.
pub const EXACT_MAX_UNDRAWN: usize = 36;
/// After an exact search gives up, it is tried again only this many lines later.
const RETRY_GAP: usize = 3;
const MEDIUM_EXACT_UNDRAWN: usize = 12;
/// Playouts per candidate safe line.
const PLAYOUTS: usize = 12;

impl Level {
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Original,
        Level::OriginalRandom,
        Level::Strong {
            exact_nodes: STRONG_EXACT_NODES,
        },
    ];

    /// The name used by the CLI and the page: easy, medium, original, original-random, strong
    /// (or strong-N for a budget of N search nodes per move).
    pub fn name(self) -> String {
        match self {
            Level::Easy => "easy".into(),
            Level::Medium => "medium".into(),
            Level::Original => "original".into(),
            Level::OriginalRandom => "original-random".into(),
            Level::Strong {
                exact_nodes: STRONG_EXACT_NODES,
            } => "strong".into(),
            Level::Strong { exact_nodes } => format!("strong-{exact_nodes}"),
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Original => "Original (rule-based)",
            Level::OriginalRandom => "Original (random)",
            Level::Strong { .. } => "Strong",
        }
    }

    pub fn parse(text: &str) -> Result<Level, String> {
        let text = text.trim();
        if let Some(level) = Level::ALL.iter().find(|l| l.name() == text) {
            return Ok(*level);
        }
        if let Some(n) = text.strip_prefix("strong-") {
            if let Ok(exact_nodes) = n.parse::<u64>() {
                return Ok(Level::Strong { exact_nodes });
            }
        }
        let text = crate::echo::echo(text);
        Err(format!("unknown level '{text}': expected easy, medium, original, original-random, strong or strong-N (N search nodes)"))
    }
}

/// The decision being worked on: its position, and how far the thinking has gone.
struct Pending {
    drawn: Vec<bool>,
    exact_spent: u64,
    exact_abandoned: bool,
    safe: Option<SafeChoice>,
}

pub struct Player {
    pub level: Level,
    board: Board,
    rng: Rng,
    solver: Option<Solver>,
    endgames: Endgames,
    pending: Option<Pending>,
    /// The fewest undrawn lines at which an exact search gave up (retried RETRY_GAP lines later).
    failed_at: usize,
    /// Why the Strong player chose its last move, in words.
    reason: Option<&'static str>,
}

/// The Strong player's reasons, said after its move.
const BY_SEARCH: &str = "It searched the game to its end: no line does better.";
const SEARCH_CUT: &str =
    "Its search to the end ran out of time: the best line it had found by then.";
const CAPTURE: &str = "It takes the boxes the endgame calls for.";
const SAFE: &str = "A safe line: it gives no box away (the one that did best in trial games).";
const SACRIFICE: &str = "Every line gives boxes away: it gives the fewest it can.";

impl Player {
    pub fn new(board: &Board, level: Level, seed: u64) -> Player {
        let solver = match level {
            Level::Medium => Solver::new(board).ok(),
            Level::Strong { exact_nodes } if exact_nodes > 0 => Solver::new(board).ok(),
            _ => None,
        };
        Player {
            level,
            board: board.clone(),
            rng: Rng::new(seed),
            solver,
            endgames: Endgames::default(),
            pending: None,
            failed_at: usize::MAX,
            reason: None,
        }
    }

    /// Decides the move for `drawn` outright.
    pub fn choose(&mut self, drawn: &[bool]) -> Option<usize> {
        loop {
            if let Some(line) = self.think(drawn, 1 << 22) {
                return Some(line);
            }
            if drawn.iter().all(|d| *d) || drawn.len() != self.board.lines() {
                return None;
            }
        }
    }

    /// The move for `drawn` now, with what thinking has found so far (a caller's clock ran
    /// out): the exact search is given up for this move, a capture the endgame rules want is
    /// taken, else the safe line the playouts so far rate best, else the cheapest sacrifice.
    pub fn decide_now(&mut self, drawn: &[bool]) -> Option<usize> {
        if drawn.len() != self.board.lines() || drawn.iter().all(|d| *d) {
            return None;
        }
        let Level::Strong { .. } = self.level else {
            return self.choose(drawn);
        };
        let board = self.board.clone();
        let lines = Lines::new(&board, drawn.to_vec());
        let pending = self.pending.take().filter(|p| p.drawn == lines.drawn);
        if let Some(line) = strong::capture_move(&lines, &mut self.endgames) {
            self.reason = Some(CAPTURE);
            return Some(line);
        }
        let safe = match pending.and_then(|p| p.safe) {
            Some(safe) => Some(safe),
            None => SafeChoice::new(&lines, &mut self.rng, PLAYOUTS),
        };
        if let Some(line) = safe.and_then(|s| s.best_so_far()) {
            self.reason = Some(SAFE);
            return Some(line);
        }
        self.reason = Some(SACRIFICE);
        strong::sacrifice_move(&lines, &mut self.endgames).or_else(|| lines.undrawn().next())
    }

    /// Why the Strong player chose its last move (other levels say nothing).
    pub fn reason(&self) -> Option<&'static str> {
        self.reason
    }

    /// Thinks about the move for `drawn` for about `budget` units of work; the line once decided.
    pub fn think(&mut self, drawn: &[bool], budget: u64) -> Option<usize> {
        if drawn.len() != self.board.lines() || drawn.iter().all(|d| *d) {
            return None;
        }
        let board = self.board.clone();
        let lines = Lines::new(&board, drawn.to_vec());
        match self.level {
            Level::Original => original::choose(&lines, Choice::Smallest).map(|(l, _)| l),
            Level::OriginalRandom => {
                original::choose(&lines, Choice::Random(&mut self.rng)).map(|(l, _)| l)
            }
            Level::Easy => Some(self.easy(&lines)),
            Level::Medium => {
                let undrawn = lines.undrawn().count();
                if undrawn <= MEDIUM_EXACT_UNDRAWN {
                    if let Some(line) = self.exact(&lines, u64::MAX) {
                        return Some(line);
                    }
                }
                Some(self.medium(&lines))
            }
            Level::Strong { exact_nodes } => self.strong(&lines, budget, exact_nodes),
        }
    }

    fn random_of(&mut self, options: &[usize]) -> Option<usize> {
        (!options.is_empty()).then(|| options[self.rng.below(options.len())])
    }

    fn easy(&mut self, lines: &Lines) -> usize {
        let undrawn: Vec<usize> = lines.undrawn().collect();
        if let Some(&capture) = undrawn.iter().find(|&&l| lines.completes(l) > 0) {
            return capture;
        }
        let safe: Vec<usize> = undrawn
            .iter()
            .copied()
            .filter(|&l| lines.is_safe(l))
            .collect();
        let careful = self.rng.below(2) == 0;
        let pick = if careful { self.random_of(&safe) } else { None };
        pick.or_else(|| self.random_of(&undrawn)).unwrap_or(0)
    }

    fn medium(&mut self, lines: &Lines) -> usize {
        let undrawn: Vec<usize> = lines.undrawn().collect();
        if let Some(&capture) = undrawn.iter().find(|&&l| lines.completes(l) > 0) {
            return capture;
        }
        let safe: Vec<usize> = undrawn
            .iter()
            .copied()
            .filter(|&l| lines.is_safe(l))
            .collect();
        if let Some(line) = self.random_of(&safe) {
            return line;
        }
        original::choose(lines, Choice::Smallest)
            .map(|(l, _)| l)
            .unwrap_or(undrawn[0])
    }

    /// A best move by exact search within `budget` nodes (None if it did not finish).
    fn exact(&mut self, lines: &Lines, budget: u64) -> Option<usize> {
        let solver = self.solver.as_mut()?;
        solver
            .try_best_move(mask_of(lines.drawn.iter().copied()), budget)
            .map(|(line, _)| line)
    }

    fn strong(&mut self, lines: &Lines, budget: u64, exact_nodes: u64) -> Option<usize> {
        if self.pending.as_ref().is_none_or(|p| p.drawn != lines.drawn) {
            self.pending = Some(Pending {
                drawn: lines.drawn.clone(),
                exact_spent: 0,
                exact_abandoned: false,
                safe: None,
            });
        }
        let undrawn = lines.undrawn().count();
        let exact_possible = undrawn <= EXACT_MAX_UNDRAWN
            && undrawn + RETRY_GAP <= self.failed_at
            && self.solver.is_some();
        let pending = self.pending.as_mut()?;
        if exact_possible && !pending.exact_abandoned {
            let slice = budget
                .min(exact_nodes.saturating_sub(pending.exact_spent))
                .max(1);
            let solver = self.solver.as_mut()?;
            let before = solver.nodes;
            let mask = mask_of(lines.drawn.iter().copied());
            let found = best_with_traps(solver, mask, slice);
            pending.exact_spent += solver.nodes - before;
            match found {
                Exact::Decided(line) => {
                    self.pending = None;
                    self.reason = Some(BY_SEARCH);
                    return Some(line);
                }
                Exact::Unfinished(_) if pending.exact_spent < exact_nodes => return None, // more slices to come
                Exact::Unfinished(Some(line)) => {
                    self.pending = None;
                    self.reason = Some(SEARCH_CUT);
                    return Some(line);
                }
                Exact::Unfinished(None) => {}
            }
            pending.exact_abandoned = true;
            self.failed_at = undrawn;
        }
        if let Some(line) = strong::capture_move(lines, &mut self.endgames) {
            self.pending = None;
            self.reason = Some(CAPTURE);
            return Some(line);
        }
        if pending.safe.is_none() {
            pending.safe = SafeChoice::new(lines, &mut self.rng, PLAYOUTS);
        }
        let decided = match pending.safe.as_mut() {
            Some(safe) => {
                self.reason = Some(SAFE);
                safe.step(lines, &mut self.endgames, &mut self.rng, budget)
            }
            None => {
                self.reason = Some(SACRIFICE);
                strong::sacrifice_move(lines, &mut self.endgames).or_else(|| lines.undrawn().next())
            }
        };
        if decided.is_some() {
            self.pending = None;
        }
        decided
    }
}

/// An exact search's progress on a move.
enum Exact {
    /// An optimal move, chosen to set traps.
    Decided(usize),
    /// Out of budget; an optimal move if one is known already.
    Unfinished(Option<usize>),
}

/// An optimal move by exact search within `budget` nodes; among equally good moves, the one that
/// leaves the opponent the largest share of plausible replies that lose (a lost position is not
/// resigned: the opponent must still find the right answers).
fn best_with_traps(solver: &mut Solver, mask: u64, budget: u64) -> Exact {
    let start = solver.nodes;
    let Some((line, value)) = solver.try_best_move(mask, budget) else {
        return Exact::Unfinished(None);
    };
    let left = |solver: &Solver| budget.saturating_sub(solver.nodes - start);
    let Some(values) = solver.try_move_values(mask, left(solver)) else {
        return Exact::Unfinished(Some(line));
    };
    let mut best = (f64::MIN, line);
    for &(candidate, _) in values.iter().filter(|&&(_, v)| v == value) {
        let trap = if solver.completes(mask, candidate) > 0 {
            0.0 // the same player moves again: no reply to get wrong
        } else {
            let after = mask | 1 << candidate;
            let Some(replies) = solver.try_move_values(after, left(solver)) else {
                return Exact::Unfinished(Some(line));
            };
            // Most players take boxes and draw safe lines while they can: the replies such a
            // player would consider are those; the share of them that loses is the trap.
            let right = replies.iter().map(|r| r.1).max().unwrap_or(0);
            let captures: Vec<i32> = replies
                .iter()
                .filter(|r| solver.completes(after, r.0) > 0)
                .map(|r| r.1)
                .collect();
            let safe: Vec<i32> = replies
                .iter()
                .filter(|r| solver.is_safe(after, r.0))
                .map(|r| r.1)
                .collect();
            let all: Vec<i32> = replies.iter().map(|r| r.1).collect();
            let plausible = [captures, safe, all]
                .into_iter()
                .find(|v| !v.is_empty())
                .unwrap_or_default();
            plausible.iter().filter(|&&v| v < right).count() as f64 / plausible.len().max(1) as f64
        };
        if trap > best.0 {
            best = (trap, candidate);
        }
    }
    Exact::Decided(best.1)
}

/// Plays a whole game between two levels (P1 first); the finished game.
pub fn play_game(board: &Board, levels: [Level; 2], seed: u64) -> super::Game {
    let mut players = [
        Player::new(board, levels[0], seed),
        Player::new(board, levels[1], seed ^ 0x5EED_D075),
    ];
    let mut game = super::Game::new(board.clone());
    while !game.is_over() {
        let drawn = game.drawn();
        let line = players[game.current()]
            .choose(&drawn)
            .unwrap_or_else(|| drawn.iter().position(|d| !d).unwrap_or(0));
        if game.play(line).is_err() {
            break;
        }
    }
    game
}

impl crate::engine::turn::Thinker<super::Game> for Player {
    fn think(&mut self, game: &super::Game, units: u32) -> Option<usize> {
        Player::think(self, &game.drawn(), units as u64)
    }

    fn decide_now(&mut self, game: &super::Game) -> Option<usize> {
        Player::decide_now(self, &game.drawn())
    }

    fn reason(&self) -> Option<String> {
        Player::reason(self).map(str::to_string)
    }
}
