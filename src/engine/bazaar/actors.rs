//! The player interface of the seed as a trait, and the course's actors:
//! strategy players, and misbehaving ones that raise an error in a named method, cheat, or loop
//! forever on the k-th call of a method.

use super::cards::Card;
use super::equations::{is_given, Equation};
use super::pebbles::Pebble;
use super::referee::{Call, Method, Reply};
use super::state::TurnState;
use super::strategy::{Policy, Strategy};

/// A player, as the referee sees it. An `Err` is an exception raised in the player; a call that
/// never returns is a player taking too long (the driver's time limit deals with it).
pub trait Player: Send {
    fn name(&self) -> String;
    fn setup(&mut self, equations: &[Equation]) -> Result<(), String>;
    /// None asks for a pebble; Some(exchanges) trades (an empty list is a legal request).
    fn request_pebble_or_trades(
        &mut self,
        turn: &TurnState,
    ) -> Result<Option<Vec<Equation>>, String>;
    fn request_cards(&mut self, turn: &TurnState) -> Result<Vec<Card>, String>;
    fn win(&mut self, won: bool) -> Result<(), String>;
}

/// Makes the call on a player and turns its answer into the referee's reply.
pub fn call(player: &mut dyn Player, call: &Call) -> Result<Reply, String> {
    match call {
        Call::Setup(equations) => player.setup(equations).map(|_| Reply::Void),
        Call::PebbleOrTrades(turn) => player
            .request_pebble_or_trades(turn)
            .map(|a| a.map_or(Reply::Pebble, Reply::Trades)),
        Call::Cards(turn) => player.request_cards(turn).map(Reply::Cards),
        Call::Win(won) => player.win(*won).map(|_| Reply::Void),
    }
}

/// The course's cheats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cheat {
    UseNonExistentEquation,
    BankCannotTrade,
    WalletCannotTrade,
    BuyUnavailableCard,
    WalletCannotBuyCard,
}

impl Cheat {
    pub const ALL: [Cheat; 5] = [
        Cheat::UseNonExistentEquation,
        Cheat::BankCannotTrade,
        Cheat::WalletCannotTrade,
        Cheat::BuyUnavailableCard,
        Cheat::WalletCannotBuyCard,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Cheat::UseNonExistentEquation => "use-non-existent-equation",
            Cheat::BankCannotTrade => "bank-cannot-trade",
            Cheat::WalletCannotTrade => "wallet-cannot-trade",
            Cheat::BuyUnavailableCard => "buy-unavailable-card",
            Cheat::WalletCannotBuyCard => "wallet-cannot-buy-card",
        }
    }

    pub fn parse(text: &str) -> Option<Cheat> {
        Cheat::ALL.into_iter().find(|c| c.name() == text)
    }
}

/// How an actor misbehaves, if it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Misbehaviour {
    None,
    /// Raises an error on the first call of the method.
    Raise(Method),
    Cheat(Cheat),
    /// Never returns from the count-th call of the method.
    Loop(Method, u32),
}

/// An actor of the course: a name, a strategy, and maybe a misbehaviour.
#[derive(Clone, Debug)]
pub struct Actor {
    pub name: String,
    pub strategy: Strategy,
    pub misbehaviour: Misbehaviour,
    calls: [u32; 4],
}

impl Actor {
    pub fn new(name: &str, policy: Policy, misbehaviour: Misbehaviour) -> Actor {
        Actor {
            name: name.to_string(),
            strategy: Strategy::new(policy),
            misbehaviour,
            calls: [0; 4],
        }
    }

    /// Whether the next call of `method` is the one this actor never returns from: a remote
    /// client then goes silent rather than blocking its thread for good.
    pub fn loops_on_next(&self, method: Method) -> bool {
        matches!(self.misbehaviour, Misbehaviour::Loop(m, count)
            if m == method && self.calls[method as usize] + 1 == count)
    }

    /// Counts a call of `method`; errors or loops if this call is the one to misbehave on.
    fn enter(&mut self, method: Method) -> Result<(), String> {
        let n = &mut self.calls[method as usize];
        *n += 1;
        match self.misbehaviour {
            Misbehaviour::Raise(m) if m == method && *n == 1 => Err(format!(
                "{} raised an exception in {}",
                self.name,
                method.name()
            )),
            Misbehaviour::Loop(m, count) if m == method && *n == count => loop_forever(),
            _ => Ok(()),
        }
    }

    fn cheat(&self) -> Option<Cheat> {
        match self.misbehaviour {
            Misbehaviour::Cheat(c) => Some(c),
            _ => None,
        }
    }
}

/// An endless loop. Natively the thread blocks for good (it costs no processor time); the
/// driver's time limit abandons it. (In the browser built-in actors run in a worker that the
/// referee terminates.)
#[allow(clippy::empty_loop)] // in the browser the loop itself is the point: the worker is ended
fn loop_forever() -> ! {
    loop {
        #[cfg(not(target_arch = "wasm32"))]
        std::thread::park();
    }
}

impl Player for Actor {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn setup(&mut self, equations: &[Equation]) -> Result<(), String> {
        self.enter(Method::Setup)?;
        self.strategy.setup(equations);
        Ok(())
    }

    fn request_pebble_or_trades(
        &mut self,
        turn: &TurnState,
    ) -> Result<Option<Vec<Equation>>, String> {
        self.enter(Method::PebbleOrTrades)?;
        let normal = self.strategy.pebble_or_trades(turn);
        let equations = self.strategy.equations();
        let cheat = match self.cheat() {
            Some(Cheat::UseNonExistentEquation) => {
                Some(non_existent_equation(equations).map_or_else(Vec::new, |e| vec![e]))
            }
            Some(Cheat::BankCannotTrade) => unsupported(
                equations,
                |e| !turn.bank.contains(&e.right_bag()),
                |e| !turn.bank.contains(&e.left_bag()),
            ),
            Some(Cheat::WalletCannotTrade) => unsupported(
                equations,
                |e| !turn.active.wallet.contains(&e.left_bag()),
                |e| !turn.active.wallet.contains(&e.right_bag()),
            ),
            _ => None,
        };
        Ok(cheat.map(Some).unwrap_or(normal))
    }

    fn request_cards(&mut self, turn: &TurnState) -> Result<Vec<Card>, String> {
        self.enter(Method::Cards)?;
        let normal = self.strategy.cards(turn);
        let cheat = match self.cheat() {
            Some(Cheat::BuyUnavailableCard) => Some(vec![unavailable_card(&turn.visibles)]),
            Some(Cheat::WalletCannotBuyCard) => turn
                .visibles
                .iter()
                .find(|c| !turn.active.wallet.contains(&c.bag()))
                .map(|c| vec![c.clone()]),
            _ => None,
        };
        Ok(cheat.unwrap_or(normal))
    }

    fn win(&mut self, _won: bool) -> Result<(), String> {
        self.enter(Method::Win)
    }
}

/// The use-non-existent-equation cheat: for each equation in order and each colour
/// in canonical order, the left side with its first listed pebble replaced by that colour; the
/// first result that shares no colour with the right side and is no given equation, flipped or not.
fn non_existent_equation(equations: &[Equation]) -> Option<Equation> {
    for e in equations {
        for p in Pebble::ALL {
            let mut left = e.left.clone();
            if let Some(first) = left.first_mut() {
                *first = p;
            }
            let candidate = Equation::new(left, e.right.clone());
            if !candidate.left_bag().shares_colour(&candidate.right_bag())
                && !is_given(equations, &candidate)
            {
                return Some(candidate);
            }
        }
    }
    None
}

/// The first equation whose right side fails `right_fails`, used left to right; else the flip of
/// the first whose left side fails `left_fails`.
fn unsupported(
    equations: &[Equation],
    right_fails: impl Fn(&Equation) -> bool,
    left_fails: impl Fn(&Equation) -> bool,
) -> Option<Vec<Equation>> {
    if let Some(e) = equations.iter().find(|e| right_fails(e)) {
        return Some(vec![e.clone()]);
    }
    equations
        .iter()
        .find(|e| left_fails(e))
        .map(|e| vec![e.flipped()])
}

/// A card that is not visible: the first of all five-pebble single-colour cards, then mixed ones.
fn unavailable_card(visibles: &[Card]) -> Card {
    let candidates = Pebble::ALL.iter().flat_map(|&p| {
        [false, true].map(move |face| Card {
            pebbles: vec![p; 5],
            face,
        })
    });
    candidates
        .into_iter()
        .find(|c| !visibles.iter().any(|v| v.same_as(c)))
        .unwrap_or(Card {
            pebbles: vec![Pebble::Red; 4],
            face: false,
        })
}
