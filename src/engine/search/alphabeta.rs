//! Alpha-beta for any turn game: the player to move maximises its own value, every other player
//! minimises it (paranoid, exact for two players). Leaves are valued by the game's returns at
//! the end and by an evaluation otherwise; the search deepens one ply at a time and thinks one
//! root move per step, so `decide_now` always has the best move of the deepest finished ply.
//! A game with a good evaluation may also narrow the search: each node then looks only at its
//! `width` best children by that evaluation (a beam, as Chain Reaction's minimax does).

use crate::engine::rng::Rng;
use crate::engine::stop::Stop;
use crate::engine::turn::{Thinker, TurnGame};

/// A position's value for `player`, between −1 (lost) and 1 (won); 0 knows nothing.
pub type Evaluation<G> = fn(&G, usize) -> f64;

pub struct AlphaBeta<G: TurnGame<Move: Copy>> {
    depth: u32,
    evaluate: Evaluation<G>,
    /// Children looked at in each node, best by the evaluation first (all when None).
    width: Option<usize>,
    /// Weights of a random choice among the best root moves with a positive value (none: the
    /// best, at random among equals).
    weights: &'static [u32],
    stop: Stop,
    rng: Rng,
    /// The position being thought about, and how far.
    position: Option<G>,
    me: usize,
    ply: u32,
    next: usize,
    moves: Vec<(G::Move, G)>,
    scores: Vec<(G::Move, f64)>,
    best: Option<G::Move>,
}

/// Wins count more than any evaluation, and sooner wins more than later ones.
const WIN: f64 = 1000.0;

impl<G: TurnGame<Move: Copy>> AlphaBeta<G> {
    /// Searches `depth` plies (at least 1), valuing unfinished leaves by `evaluate`.
    pub fn new(depth: u32, evaluate: Evaluation<G>, seed: u64) -> AlphaBeta<G> {
        AlphaBeta {
            depth: depth.max(1),
            evaluate,
            width: None,
            weights: &[],
            stop: Stop::never(),
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

    /// Looks at only the `width` (at least 1) best children of each node, by the evaluation.
    pub fn narrowed(mut self, width: usize) -> AlphaBeta<G> {
        self.width = Some(width.max(1));
        self
    }

    /// Chooses at random among the `weights.len()` best root moves whose value is positive,
    /// the k-th best with weight `weights[k]` (a win at once is always taken): some players
    /// vary their play so.
    pub fn choosing(mut self, weights: &'static [u32]) -> AlphaBeta<G> {
        self.weights = weights;
        self
    }

    /// Asks `stop` at every node: once it says stop, the root move being searched is dropped
    /// and `think` answers None (`decide_now` still has the deepest finished ply's best).
    pub fn stopped_by(mut self, stop: Stop) -> AlphaBeta<G> {
        self.stop = stop;
        self
    }

    fn start(&mut self, game: &G) {
        if self.position.as_ref() == Some(game) {
            return;
        }
        self.position = Some(game.clone());
        self.me = game.to_move().unwrap_or(0);
        self.ply = 1;
        self.next = 0;
        self.moves = self.children(game, true);
        self.scores.clear();
        self.best = None;
    }

    /// The children to search, in order: legal order, or with a width the best for whoever
    /// moves (the highest values for `me`, the lowest for the others) first.
    fn children(&self, game: &G, maximise: bool) -> Vec<(G::Move, G)> {
        let after = game.legal_moves().into_iter().filter_map(|m| {
            let mut next = game.clone();
            next.apply(m).is_ok().then_some((m, next))
        });
        let Some(width) = self.width else {
            return after.collect();
        };
        let mut valued: Vec<(f64, G::Move, G)> = after
            .map(|(m, next)| (self.leaf(&next, 0), m, next))
            .collect();
        // Stable: equal values keep the legal order.
        if maximise {
            valued.sort_by(|a, b| b.0.total_cmp(&a.0));
        } else {
            valued.sort_by(|a, b| a.0.total_cmp(&b.0));
        }
        valued.truncate(width);
        valued.into_iter().map(|(_, m, next)| (m, next)).collect()
    }

    /// A position's value where the search stops: the returns at the end, else the evaluation.
    fn leaf(&self, game: &G, depth: u32) -> f64 {
        if game.to_move().is_none() {
            let result = game.returns().get(self.me).copied().unwrap_or(0.0);
            return result * (WIN + depth as f64);
        }
        (self.evaluate)(game, self.me)
    }

    /// The value of `game` searched `depth` more plies; None once the stop asked.
    fn value(&self, game: &G, depth: u32, mut alpha: f64, mut beta: f64) -> Option<f64> {
        if self.stop.requested() {
            return None;
        }
        let Some(player) = game.to_move().filter(|_| depth > 0) else {
            return Some(self.leaf(game, depth));
        };
        let maximise = player == self.me;
        let mut best = if maximise {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
        for (_, next) in self.children(game, maximise) {
            let v = self.value(&next, depth - 1, alpha, beta)?;
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
        Some(best)
    }

    /// One of the best-scored moves, at random among equals (or by the weights).
    fn pick(&mut self) -> Option<G::Move> {
        let top = self
            .scores
            .iter()
            .map(|s| s.1)
            .fold(f64::NEG_INFINITY, f64::max);
        if !self.weights.is_empty() && top < WIN {
            let mut ranked = self.scores.clone();
            ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
            let good: Vec<(G::Move, u32)> = ranked
                .iter()
                .zip(self.weights)
                .filter(|(s, _)| s.1 > 0.0)
                .map(|(s, &w)| (s.0, w))
                .collect();
            if good.len() > 1 {
                let total: u32 = good.iter().map(|g| g.1).sum();
                let mut ticket = self.rng.below(total as usize) as u32;
                for (m, w) in good {
                    if ticket < w {
                        return Some(m);
                    }
                    ticket -= w;
                }
            }
        }
        let best: Vec<G::Move> = self
            .scores
            .iter()
            .filter(|s| s.1 == top)
            .map(|s| s.0)
            .collect();
        (!best.is_empty()).then(|| best[self.rng.below(best.len())])
    }
}

impl<G: TurnGame<Move: Copy>> Thinker<G> for AlphaBeta<G> {
    fn think(&mut self, game: &G, _units: u32) -> Option<G::Move> {
        game.to_move()?;
        self.start(game);
        if let Some((m, next)) = self.moves.get(self.next) {
            let depth = self.ply - 1;
            let v = self.value(next, depth, f64::NEG_INFINITY, f64::INFINITY)?;
            self.scores.push((*m, v));
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
        self.best
            .or_else(|| self.moves.first().map(|c| c.0))
            .or_else(|| game.legal_moves().first().copied())
    }
}
