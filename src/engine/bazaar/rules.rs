//! The rules of a turn: exchange requests, purchases and their points, the
//! deterministic pebble draw, and the end of the game.

use super::cards::{points, Card};
use super::equations::Equation;
use super::pebbles::{Bag, Pebble};
use super::state::{GameState, PlayerState};

/// Points at which the game ends.
pub const WINNING_POINTS: u32 = 20;

/// Applies an exchange request step by step (each equation left to right); the new wallet and
/// bank, or why the request is illegal.
pub fn exchange(
    equations: &[Equation],
    request: &[Equation],
    wallet: &Bag,
    bank: &Bag,
) -> Result<(Bag, Bag), String> {
    let (mut wallet, mut bank) = (*wallet, *bank);
    for (i, step) in request.iter().enumerate() {
        // Named as the table shows it: the equation's number, and the way it is used.
        let Some(number) = equations.iter().position(|e| e.same_up_to_flip(step)) else {
            return Err(format!(
                "the {} exchange ({} → {}) is not one of the equations",
                ordinal(i + 1),
                step.left_bag(),
                step.right_bag()
            ));
        };
        let (left, right) = (step.left_bag(), step.right_bag());
        let named = format!(
            "the {} exchange (equation {}, {left} → {right})",
            ordinal(i + 1),
            number + 1
        );
        let Some(paid) = wallet.minus(&left) else {
            return Err(format!("{named}: the wallet ({wallet}) cannot pay {left}"));
        };
        let Some(rest) = bank.minus(&right) else {
            return Err(format!("{named}: the bank ({bank}) cannot pay {right}"));
        };
        wallet = paid.plus(&right);
        bank = rest.plus(&left);
    }
    Ok((wallet, bank))
}

/// The outcome of a legal purchase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Purchase {
    pub wallet: Bag,
    pub paid: Bag,
    pub points: u32,
    pub visibles: Vec<Card>,
}

/// Buys `cards` in order from the visible cards with `wallet`; points card by card from the
/// pebbles left after paying for each.
pub fn buy(wallet: &Bag, visibles: &[Card], cards: &[Card]) -> Result<Purchase, String> {
    let (mut wallet, mut paid, mut total) = (*wallet, Bag::new(), 0);
    let mut visibles = visibles.to_vec();
    // The table's numbers of the cards still on it (a bought card leaves a gap in the numbering).
    let mut numbers: Vec<usize> = (1..=visibles.len()).collect();
    for (i, card) in cards.iter().enumerate() {
        let Some(at) = visibles.iter().position(|v| v.same_as(card)) else {
            return Err(format!(
                "the {} card bought ({card}) is not among the visible cards{}",
                ordinal(i + 1),
                if i > 0 { " left" } else { "" }
            ));
        };
        let Some(left) = wallet.minus(&card.bag()) else {
            return Err(format!(
                "the {} card bought (card {}, {card}): the wallet ({wallet}) cannot pay for it",
                ordinal(i + 1),
                numbers[at]
            ));
        };
        visibles.remove(at);
        numbers.remove(at);
        wallet = left;
        paid = paid.plus(&card.bag());
        total += points(card.face, wallet.size());
    }
    Ok(Purchase {
        wallet,
        paid,
        points: total,
        visibles,
    })
}

/// The exchanges that can come next after `chosen`: entry 2i is equation i used as written
/// (its left side given), entry 2i + 1 the other way; true when the wallet and the bank, as the
/// chosen exchanges leave them, can pay for it. All false when `chosen` itself breaks a rule.
pub fn next_exchanges(
    equations: &[Equation],
    chosen: &[Equation],
    wallet: &Bag,
    bank: &Bag,
) -> Vec<bool> {
    let Ok((wallet, bank)) = exchange(equations, chosen, wallet, bank) else {
        return vec![false; 2 * equations.len()];
    };
    equations
        .iter()
        .flat_map(|e| [e.clone(), e.flipped()])
        .map(|step| exchange(equations, &[step], &wallet, &bank).is_ok())
        .collect()
}

/// The visible cards (by their place in `visibles`) that can be bought next after `chosen`.
pub fn next_cards(wallet: &Bag, visibles: &[Card], chosen: &[Card]) -> Vec<bool> {
    let Ok(purchase) = buy(wallet, visibles, chosen) else {
        return vec![false; visibles.len()];
    };
    visibles
        .iter()
        .map(|card| {
            purchase.visibles.iter().any(|v| v.same_as(card))
                && purchase.wallet.contains(&card.bag())
        })
        .collect()
}

/// "1st", "2nd", "3rd", "4th", … "11th", "21st".
pub fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// The deterministic draw: the first colour in canonical order the bank still has.
pub fn draw_pebble(bank: &Bag) -> Option<Pebble> {
    bank.first_colour()
}

/// The rules' random draw: every pebble in the bank equally likely.
pub fn draw_random_pebble(bank: &Bag, rng: &mut crate::engine::rng::Rng) -> Option<Pebble> {
    if bank.is_empty() {
        return None;
    }
    let mut k = rng.below(bank.size() as usize) as u32;
    Pebble::ALL.into_iter().find(|&p| {
        if k < bank.count(p) {
            return true;
        }
        k -= bank.count(p);
        false
    })
}

/// Why the game is over, if it is, for the remaining players `players`.
pub fn game_over(state: &GameState, players: &[&PlayerState]) -> Option<&'static str> {
    if players.is_empty() {
        return Some("no players are left");
    }
    if players.iter().any(|p| p.score >= WINNING_POINTS.into()) {
        return Some("a player has 20 points or more");
    }
    if state.visibles.is_empty() && state.hidden.is_empty() {
        return Some("no cards are left");
    }
    let affordable = |p: &&PlayerState| {
        state
            .visibles
            .iter()
            .chain(&state.hidden)
            .any(|c| p.wallet.contains(&c.bag()))
    };
    if state.bank.is_empty() && !players.iter().any(affordable) {
        return Some("the bank is empty and nobody can buy a card");
    }
    None
}

/// End-of-game bonuses (milestone 10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bonus {
    /// +10 for bought cards showing red, white and blue.
    Rwb,
    /// +50 for bought cards showing all five colours.
    Sey,
}

impl Bonus {
    pub fn parse(text: &str) -> Option<Bonus> {
        match text {
            "RWB" => Some(Bonus::Rwb),
            "SEY" => Some(Bonus::Sey),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Bonus::Rwb => "RWB",
            Bonus::Sey => "SEY",
        }
    }

    /// The points a player's bought cards earn.
    pub fn points(self, cards: &[Card]) -> u32 {
        let shown = cards.iter().fold(Bag::new(), |all, c| all.plus(&c.bag()));
        let has = |p: Pebble| shown.count(p) > 0;
        match self {
            Bonus::Rwb if has(Pebble::Red) && has(Pebble::White) && has(Pebble::Blue) => 10,
            Bonus::Sey if Pebble::ALL.into_iter().all(has) => 50,
            _ => 0,
        }
    }
}
