//! Computer players written once for every turn game (engine::turn), after OpenSpiel's
//! algorithms: a random player, a greedy one (one ply), alpha-beta (paranoid for more than two
//! players) deepening one ply at a time, Monte-Carlo tree search (UCT), and an arena that plays
//! them against each other. Each is a `Thinker`: it decides in small pieces, so a page can think
//! on a real clock and a test can bound the work exactly. A game brings what it knows as plain
//! functions: an `Evaluation` (greedy, alpha-beta and its narrowing) and a `Rollout` (how MCTS
//! judges a new node); Chain Reaction's levels are such players. Dots and Boxes keeps its own
//! players, which know the game's chain theory and its exact solver.

mod alphabeta;
mod arena;
mod greedy;
mod mcts;

pub use alphabeta::{AlphaBeta, Evaluation};
pub use arena::{play_out, Match};
pub use greedy::Greedy;
pub use mcts::{random_playout, Mcts, Rollout};

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

impl<G: TurnGame<Move: Copy>> Thinker<G> for RandomPlayer {
    fn think(&mut self, game: &G, _units: u32) -> Option<G::Move> {
        self.decide_now(game)
    }

    fn decide_now(&mut self, game: &G) -> Option<G::Move> {
        let moves = game.legal_moves();
        (!moves.is_empty()).then(|| moves[self.rng.below(moves.len())])
    }
}
