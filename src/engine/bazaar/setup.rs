//! A new random game (gamelab's choice: the course leaves it open): 10 distinct equations (each side 1–4 pebbles,
//! no shared colour, no duplicate even flipped), 20 cards of 5 random pebbles with a face half of
//! the time, shuffled, 4 visible; a bank of 20 pebbles of each colour; empty wallets. Seeded, so a
//! game can be replayed from its seed.

use super::cards::Card;
use super::equations::Equation;
use super::pebbles::{Bag, Pebble};
use super::state::{GameState, PlayerState};
use crate::engine::rng::Rng;

pub fn random_equations(rng: &mut Rng) -> Vec<Equation> {
    let mut equations: Vec<Equation> = Vec::new();
    while equations.len() < 10 {
        // Split the colours between the sides so they never share one.
        let mut colours = Pebble::ALL.to_vec();
        for i in (1..colours.len()).rev() {
            colours.swap(i, rng.below(i + 1));
        }
        let cut = 1 + rng.below(4);
        let (left_colours, right_colours) = colours.split_at(cut);
        let side = |from: &[Pebble], rng: &mut Rng| -> Vec<Pebble> {
            (0..1 + rng.below(4))
                .map(|_| from[rng.below(from.len())])
                .collect()
        };
        let candidate = Equation::new(side(left_colours, rng), side(right_colours, rng));
        if !equations.iter().any(|e| e.same_up_to_flip(&candidate)) {
            equations.push(candidate);
        }
    }
    equations
}

pub fn random_cards(rng: &mut Rng) -> Vec<Card> {
    (0..20)
        .map(|_| Card {
            pebbles: (0..5).map(|_| Pebble::ALL[rng.below(5)]).collect(),
            face: rng.below(2) == 0,
        })
        .collect()
}

/// A fresh game for `players` players, and its equations.
pub fn random_game(players: usize, rng: &mut Rng) -> (Vec<Equation>, GameState) {
    let equations = random_equations(rng);
    let mut cards = random_cards(rng);
    let hidden = cards.split_off(4);
    let state = GameState {
        bank: Bag::uniform(20),
        visibles: cards,
        hidden,
        players: vec![PlayerState::default(); players],
    };
    (equations, state)
}
