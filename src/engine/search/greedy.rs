//! One ply of look-ahead for any turn game: the move whose result the evaluation likes best for
//! the mover (a win first), at random among equals.

use super::alphabeta::Evaluation;
use crate::engine::rng::Rng;
use crate::engine::turn::{Thinker, TurnGame};

pub struct Greedy<G: TurnGame<Move: Copy>> {
    evaluate: Evaluation<G>,
    rng: Rng,
}

/// A finished game outweighs any evaluation (which lies between −1 and 1).
const FINISHED: f64 = 1000.0;

impl<G: TurnGame<Move: Copy>> Greedy<G> {
    pub fn new(evaluate: Evaluation<G>, seed: u64) -> Greedy<G> {
        Greedy {
            evaluate,
            rng: Rng::new(seed),
        }
    }
}

impl<G: TurnGame<Move: Copy>> Thinker<G> for Greedy<G> {
    fn think(&mut self, game: &G, _units: u32) -> Option<G::Move> {
        self.decide_now(game)
    }

    fn decide_now(&mut self, game: &G) -> Option<G::Move> {
        let me = game.to_move()?;
        let mut best = Vec::new();
        let mut top = f64::NEG_INFINITY;
        for m in game.legal_moves() {
            let mut next = game.clone();
            if next.apply(m).is_err() {
                continue;
            }
            let value = match next.to_move() {
                None => next.returns().get(me).copied().unwrap_or(0.0) * FINISHED,
                Some(_) => (self.evaluate)(&next, me),
            };
            if value > top {
                top = value;
                best.clear();
            }
            if value == top {
                best.push(m);
            }
        }
        (!best.is_empty()).then(|| best[self.rng.below(best.len())])
    }
}
