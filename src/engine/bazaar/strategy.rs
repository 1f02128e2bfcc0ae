//! The course's strategies: exhaustive trade-then-purchase search to 4 exchanges,
//! maximal purchases only, valued by points or by cards, with the spec's tie-breakers in order.

use std::cmp::Ordering;
use std::collections::HashMap;

use super::cards::{self, points, Card};
use super::equations::{self, usable, Equation};
use super::pebbles::Bag;
use super::state::TurnState;

/// Exchanges a plan may use at most.
pub const SEARCH_DEPTH: usize = 4;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// The value of a purchase is its points.
    Points,
    /// The value of a purchase is its number of cards.
    Size,
}

impl Policy {
    pub fn parse(text: &str) -> Option<Policy> {
        match text {
            "purchase-points" => Some(Policy::Points),
            "purchase-size" => Some(Policy::Size),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Policy::Points => "purchase-points",
            Policy::Size => "purchase-size",
        }
    }
}

/// A purchase: the cards in order, their points, and the wallet left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Purchase {
    pub cards: Vec<Card>,
    pub points: u32,
    pub wallet: Bag,
}

impl Purchase {
    pub fn value(&self, policy: Policy) -> u32 {
        match policy {
            Policy::Points => self.points,
            Policy::Size => self.cards.len() as u32,
        }
    }

    /// The course's purchase tie-breakers 1–4: most points, largest wallet, smallest wallet, smallest cards
    /// (Less = better).
    fn tie_break(&self, other: &Purchase) -> Ordering {
        other
            .points
            .cmp(&self.points)
            .then_with(|| other.wallet.size().cmp(&self.wallet.size()))
            .then_with(|| self.wallet.order(&other.wallet))
            .then_with(|| cards::sequence_order(&self.cards, &other.cards))
    }

    /// The whole purchase ranking (Less = better).
    fn rank(&self, other: &Purchase, policy: Policy) -> Ordering {
        other
            .value(policy)
            .cmp(&self.value(policy))
            .then_with(|| self.tie_break(other))
    }
}

/// The best maximal purchase from `wallet` among the visible cards.
pub fn best_purchase(wallet: &Bag, visibles: &[Card], policy: Policy) -> Purchase {
    let mut best: Option<Purchase> = None;
    let mut taken = vec![false; visibles.len()];
    let mut sequence = Vec::new();
    extend_purchase(
        *wallet,
        visibles,
        &mut taken,
        &mut sequence,
        0,
        policy,
        &mut best,
    );
    best.unwrap_or(Purchase {
        cards: Vec::new(),
        points: 0,
        wallet: *wallet,
    })
}

fn extend_purchase(
    wallet: Bag,
    visibles: &[Card],
    taken: &mut Vec<bool>,
    sequence: &mut Vec<Card>,
    pts: u32,
    policy: Policy,
    best: &mut Option<Purchase>,
) {
    let mut extended = false;
    for i in 0..visibles.len() {
        if taken[i] {
            continue;
        }
        let Some(left) = wallet.minus(&visibles[i].bag()) else {
            continue;
        };
        extended = true;
        taken[i] = true;
        sequence.push(visibles[i].clone());
        extend_purchase(
            left,
            visibles,
            taken,
            sequence,
            pts + points(visibles[i].face, left.size()),
            policy,
            best,
        );
        sequence.pop();
        taken[i] = false;
    }
    if !extended {
        let candidate = Purchase {
            cards: sequence.clone(),
            points: pts,
            wallet,
        };
        if best
            .as_ref()
            .is_none_or(|b| candidate.rank(b, policy) == Ordering::Less)
        {
            *best = Some(candidate);
        }
    }
}

/// A plan: exchanges, then a purchase from the wallet they leave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    pub exchanges: Vec<Equation>,
    pub purchase: Purchase,
}

impl Plan {
    /// The exchange ranking (Less = better): value, fewest exchanges, the purchase tie-breakers, then
    /// the exchange sequences.
    fn rank(&self, other: &Plan, policy: Policy) -> Ordering {
        other
            .purchase
            .value(policy)
            .cmp(&self.purchase.value(policy))
            .then_with(|| self.exchanges.len().cmp(&other.exchanges.len()))
            .then_with(|| self.purchase.tie_break(&other.purchase))
            .then_with(|| equations::sequence_order(&self.exchanges, &other.exchanges))
    }
}

/// The trade-then-purchase search.
pub fn best_plan(
    equations: &[Equation],
    wallet: &Bag,
    bank: &Bag,
    visibles: &[Card],
    policy: Policy,
) -> Plan {
    let mut search = Search {
        equations,
        visibles,
        policy,
        purchases: HashMap::new(),
        best: None,
        path: Vec::new(),
    };
    search.visit(*wallet, *bank);
    search.best.unwrap_or(Plan {
        exchanges: Vec::new(),
        purchase: best_purchase(wallet, visibles, policy),
    })
}

struct Search<'a> {
    equations: &'a [Equation],
    visibles: &'a [Card],
    policy: Policy,
    /// Best purchases by wallet (the bank plays no part in a purchase).
    purchases: HashMap<Bag, Purchase>,
    best: Option<Plan>,
    path: Vec<Equation>,
}

impl Search<'_> {
    fn visit(&mut self, wallet: Bag, bank: Bag) {
        let (visibles, policy) = (self.visibles, self.policy);
        let purchase = self
            .purchases
            .entry(wallet)
            .or_insert_with(|| best_purchase(&wallet, visibles, policy))
            .clone();
        let candidate = Plan {
            exchanges: self.path.clone(),
            purchase,
        };
        if self
            .best
            .as_ref()
            .is_none_or(|b| candidate.rank(b, policy) == Ordering::Less)
        {
            self.best = Some(candidate);
        }
        if self.path.len() == SEARCH_DEPTH {
            return;
        }
        for step in usable(self.equations, &wallet, &bank) {
            let (left, right) = (step.left_bag(), step.right_bag());
            let (Some(w), Some(b)) = (wallet.minus(&left), bank.minus(&right)) else {
                continue;
            };
            self.path.push(step);
            self.visit(w.plus(&right), b.plus(&left));
            self.path.pop();
        }
    }
}

/// A strategy player's decisions: it remembers the purchase of its plan
/// between the two questions of a turn.
#[derive(Clone, Debug)]
pub struct Strategy {
    pub policy: Policy,
    equations: Vec<Equation>,
    planned: Option<Vec<Card>>,
}

impl Strategy {
    pub fn new(policy: Policy) -> Strategy {
        Strategy {
            policy,
            equations: Vec::new(),
            planned: None,
        }
    }

    pub fn setup(&mut self, equations: &[Equation]) {
        self.equations = equations.to_vec();
    }

    /// None: a pebble; Some(exchanges) otherwise.
    pub fn pebble_or_trades(&mut self, turn: &TurnState) -> Option<Vec<Equation>> {
        if !turn.bank.is_empty()
            && usable(&self.equations, &turn.active.wallet, &turn.bank).is_empty()
        {
            self.planned = None;
            return None;
        }
        let plan = best_plan(
            &self.equations,
            &turn.active.wallet,
            &turn.bank,
            &turn.visibles,
            self.policy,
        );
        self.planned = Some(plan.purchase.cards);
        Some(plan.exchanges)
    }

    pub fn cards(&mut self, turn: &TurnState) -> Vec<Card> {
        match self.planned.take() {
            Some(cards) => cards,
            None => best_purchase(&turn.active.wallet, &turn.visibles, self.policy).cards,
        }
    }

    pub fn equations(&self) -> &[Equation] {
        &self.equations
    }
}
