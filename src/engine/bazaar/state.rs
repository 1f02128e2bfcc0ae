//! The game state: bank, visible cards, the hidden pile (front = top, last =
//! bottom), and the players' wallets, scores and bought cards; what a player is shown of it.

use num_bigint::BigUint;

use super::cards::Card;
use super::pebbles::Bag;

/// A score (a natural number of any size).
pub type Score = BigUint;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerState {
    pub wallet: Bag,
    /// Scores have no bound: the course's tests give some with hundreds of digits.
    pub score: Score,
    /// Cards bought (given in milestone-10 states, and during the game): the bonuses count them.
    pub cards: Vec<Card>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameState {
    pub bank: Bag,
    pub visibles: Vec<Card>,
    /// The hidden pile: refills come from the front (top), the exchange price from the back.
    pub hidden: Vec<Card>,
    /// In turn order; the first is the active player.
    pub players: Vec<PlayerState>,
}

/// What the active player sees (the course's TurnState).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnState {
    pub bank: Bag,
    pub visibles: Vec<Card>,
    pub active: PlayerState,
    /// The other players' scores, in turn order after the active one.
    pub scores: Vec<Score>,
}

impl GameState {
    /// The first player's view (the `xturn` harness).
    pub fn turn_state(&self) -> Option<TurnState> {
        let (active, others) = self.players.split_first()?;
        Some(TurnState {
            bank: self.bank,
            visibles: self.visibles.clone(),
            active: active.clone(),
            scores: others.iter().map(|p| p.score.clone()).collect(),
        })
    }

    /// The validity conditions of that the server enforces: at most 4 visible cards,
    /// fewer only with an empty pile, at most 20 cards on the table, 5 pebbles a card, at most
    /// 100 pebbles in bank and wallets, 6 players at most.
    pub fn problem(&self) -> Option<String> {
        if self.visibles.len() > 4 {
            return Some(format!("{} visible cards (at most 4)", self.visibles.len()));
        }
        if self.visibles.len() < 4 && !self.hidden.is_empty() {
            return Some(format!(
                "{} visible cards while the pile is not empty (4 expected)",
                self.visibles.len()
            ));
        }
        let cards = self.visibles.len() + self.hidden.len();
        if cards > 20 {
            return Some(format!("{cards} cards in the game (at most 20)"));
        }
        if let Some(card) = self
            .visibles
            .iter()
            .chain(&self.hidden)
            .find(|c| c.pebbles.len() != 5)
        {
            return Some(format!(
                "a card with {} pebbles ({card}); cards have 5",
                card.pebbles.len()
            ));
        }
        let total = self
            .players
            .iter()
            .fold(self.bank, |all, p| all.plus(&p.wallet));
        if total.size() > 100 {
            return Some(format!(
                "{} pebbles in the bank and wallets (at most 100)",
                total.size()
            ));
        }
        if self.players.len() > 6 {
            return Some(format!("{} players (at most 6)", self.players.len()));
        }
        None
    }
}
