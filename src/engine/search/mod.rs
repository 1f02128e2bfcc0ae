//! Computer players written once for every turn game (engine::turn), after OpenSpiel's
//! algorithms: a random player, alpha-beta (paranoid for more than two players) deepening one
//! ply at a time, Monte-Carlo tree search (UCT with random playouts), and an arena that plays
//! them against each other. Each is a `Thinker`: it decides in small pieces, so a page can think
//! on a real clock and a test can bound the work exactly. Games keep their own players only
//! where those are measured stronger (README, "Figures").

mod alphabeta;
mod arena;
mod mcts;

pub use alphabeta::AlphaBeta;
pub use arena::{play_out, Match};
pub use mcts::Mcts;

use crate::engine::rng::Rng;
use crate::engine::turn::{Thinker, TurnGame};

/// A uniformly random legal move.
pub struct RandomPlayer {
    rng: Rng,
}

impl RandomPlayer {
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: Rng::new(seed),
        }
    }
}

impl<G: TurnGame> Thinker<G> for RandomPlayer {
    fn think(&mut self, game: &G, _units: u32) -> Option<G::Move> {
        self.decide_now(game)
    }

    fn decide_now(&mut self, game: &G) -> Option<G::Move> {
        let moves = game.legal_moves();
        (!moves.is_empty()).then(|| moves[self.rng.below(moves.len())])
    }
}
