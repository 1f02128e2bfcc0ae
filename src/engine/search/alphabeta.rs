//! Alpha-beta for any turn game: the player to move maximises its own value, every other player
//! minimises it (paranoid, exact for two players). Leaves are valued by the game's returns at
//! the end and by an evaluation otherwise; the search deepens one ply at a time and thinks one
//! root move per step, so `decide_now` always has the best move of the deepest finished ply.

use crate::engine::rng::Rng;
use crate::engine::turn::{Thinker, TurnGame};

/// A position's value for `player`, between −1 (lost) and 1 (won); 0 knows nothing.
pub type Evaluation<G> = fn(&G, usize) -> f64;

pub struct AlphaBeta<G: TurnGame> {
    depth: u32,
    evaluate: Evaluation<G>,
    rng: Rng,
    /// The position being thought about, and how far.
    position: Option<G>,
    me: usize,
    ply: u32,
    next: usize,
    moves: Vec<G::Move>,
    scores: Vec<(G::Move, f64)>,
    best: Option<G::Move>,
}

/// Wins count more than any evaluation, and sooner wins more than later ones.
const WIN: f64 = 1000.0;

impl<G: TurnGame> AlphaBeta<G> {
    /// Searches `depth` plies (at least 1), valuing unfinished leaves by `evaluate`.
    pub fn new(depth: u32, evaluate: Evaluation<G>, seed: u64) -> AlphaBeta<G> {
        AlphaBeta {
            depth: depth.max(1),
            evaluate,
            rng: Rng::new(seed),
            position: None,
            me: 0,
            ply: 1,
            next: 0,
            moves: Vec::new(),
            scores: Vec::new(),
            best: None,
        }
    }

    /// Knows nothing before the end: exact play within its depth.
    pub fn exact(depth: u32, seed: u64) -> AlphaBeta<G> {
        AlphaBeta::new(depth, |_, _| 0.0, seed)
    }

    fn start(&mut self, game: &G) {
        if self.position.as_ref() == Some(game) {
            return;
        }
        self.position = Some(game.clone());
        self.me = game.to_move().unwrap_or(0);
        self.ply = 1;
        self.next = 0;
        self.moves = game.legal_moves();
        self.scores.clear();
        self.best = None;
    }

    fn value(&self, game: &G, depth: u32, mut alpha: f64, mut beta: f64) -> f64 {
        let Some(player) = game.to_move() else {
            let result = game.returns().get(self.me).copied().unwrap_or(0.0);
            return result * (WIN + depth as f64);
        };
        if depth == 0 {
            return (self.evaluate)(game, self.me);
        }
        let maximise = player == self.me;
        let mut best = if maximise {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
        for m in game.legal_moves() {
            let mut next = game.clone();
            if next.apply(m).is_err() {
                continue;
            }
            let v = self.value(&next, depth - 1, alpha, beta);
            if maximise {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// One of the best-scored moves, at random among equals.
    fn pick(&mut self) -> Option<G::Move> {
        let top = self
            .scores
            .iter()
            .map(|s| s.1)
            .fold(f64::NEG_INFINITY, f64::max);
        let best: Vec<G::Move> = self
            .scores
            .iter()
            .filter(|s| s.1 == top)
            .map(|s| s.0)
            .collect();
        (!best.is_empty()).then(|| best[self.rng.below(best.len())])
    }
}

impl<G: TurnGame> Thinker<G> for AlphaBeta<G> {
    fn think(&mut self, game: &G, _units: u32) -> Option<G::Move> {
        game.to_move()?;
        self.start(game);
        if let Some(&m) = self.moves.get(self.next) {
            let mut next = game.clone();
            if next.apply(m).is_ok() {
                let v = self.value(&next, self.ply - 1, f64::NEG_INFINITY, f64::INFINITY);
                self.scores.push((m, v));
            }
            self.next += 1;
        }
        if self.next < self.moves.len() {
            return None;
        }
        self.best = self.pick();
        let won = self.scores.iter().any(|s| s.1 >= WIN);
        if self.ply >= self.depth || won {
            return self.best;
        }
        self.ply += 1;
        self.next = 0;
        self.scores.clear();
        None
    }

    fn decide_now(&mut self, game: &G) -> Option<G::Move> {
        game.to_move()?;
        self.start(game);
        self.best.or_else(|| game.legal_moves().first().copied())
    }
}
