//! The referee as a state machine that holds no players: it says which player must
//! be asked what next (`next_call`), and takes the answer or the failure (`answer`). Drivers
//! connect real players: threads with time limits natively, workers in the browser. Every
//! decision goes to the log, each kick with its reason.

use std::fmt;

use super::cards::Card;
use super::equations::Equation;
use super::pebbles::Pebble;
use super::rules::{self, Bonus};
use super::state::{GameState, TurnState};

/// Turns after which a game that does not end is stopped.
pub const TURN_CAP: u32 = 10_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    Setup,
    PebbleOrTrades,
    Cards,
    Win,
}

impl Method {
    /// The course's method names (MName).
    pub fn name(self) -> &'static str {
        match self {
            Method::Setup => "setup",
            Method::PebbleOrTrades => "request-pebble-or-trades",
            Method::Cards => "request-cards",
            Method::Win => "win",
        }
    }

    pub fn parse(text: &str) -> Option<Method> {
        [
            Method::Setup,
            Method::PebbleOrTrades,
            Method::Cards,
            Method::Win,
        ]
        .into_iter()
        .find(|m| m.name() == text)
    }
}

/// A call the referee makes on a player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Call {
    Setup(Vec<Equation>),
    PebbleOrTrades(TurnState),
    Cards(TurnState),
    Win(bool),
}

impl Call {
    pub fn method(&self) -> Method {
        match self {
            Call::Setup(_) => Method::Setup,
            Call::PebbleOrTrades(_) => Method::PebbleOrTrades,
            Call::Cards(_) => Method::Cards,
            Call::Win(_) => Method::Win,
        }
    }
}

/// A player's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    Void,
    Pebble,
    Trades(Vec<Equation>),
    Cards(Vec<Card>),
}

/// Why a call did not give an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The player raised an error (or panicked).
    Error(String),
    /// It did not answer within the time limit (in milliseconds).
    TimedOut { limit_ms: u64 },
}

/// What the log records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    Turn {
        number: u32,
        seat: usize,
    },
    Pebble {
        seat: usize,
        pebble: Pebble,
    },
    Exchanged {
        seat: usize,
        exchanges: Vec<Equation>,
        price: Price,
    },
    Bought {
        seat: usize,
        cards: Vec<Card>,
        points: u32,
    },
    Kicked {
        seat: usize,
        method: Method,
        why: String,
    },
    Over {
        why: String,
    },
    Bonus {
        seat: usize,
        bonus: Bonus,
        points: u32,
    },
    Told {
        seat: usize,
        won: bool,
    },
}

/// What an exchange request cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Price {
    BottomCard(Card),
    AllVisible(usize),
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Phase {
    Setup(usize),
    Pebble,
    Cards,
    /// (seat, won) to tell, and the next one.
    Win(Vec<(usize, bool)>, usize),
    Over,
}

/// The end: winners and drop-outs by name, each sorted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub winners: Vec<String>,
    pub dropouts: Vec<String>,
}

pub struct Referee {
    equations: Vec<Equation>,
    /// Players by seat (the order of the given state); `order` is the turn order of those left.
    state: GameState,
    names: Vec<String>,
    order: Vec<usize>,
    setup_order: Vec<usize>,
    kicked: Vec<bool>,
    bonus: Option<Bonus>,
    phase: Phase,
    turns: u32,
    winners: Vec<usize>,
    log: Vec<Event>,
    /// Every state of the game so far, the start first (what an observer steps through).
    history: Vec<Snapshot>,
    /// The rules' random pebble draw (browser play); None draws deterministically.
    random_draw: Option<crate::engine::rng::Rng>,
    /// Every answer taken, in order, as on the wire (a failure as `{"failed": why}` or
    /// `{"timed-out": ms}`): with the game's setup, the whole game (`replay` plays it again).
    answers: Vec<serde_json::Value>,
}

/// The most answers a game takes (every turn two, and the setup and result calls): a
/// transcript longer than this is not one of a game.
pub const ANSWER_LIMIT: usize = 2 * TURN_CAP as usize + 4 * 6;

/// An answer as `Referee::answers` writes it, read back for a call of `method`.
pub fn read_answer(
    method: Method,
    value: &serde_json::Value,
) -> Result<Result<Reply, Failure>, String> {
    if let Some(why) = value.get("failed") {
        let why = why.as_str().ok_or("a failure's reason is text")?;
        return Ok(Err(Failure::Error(why.to_string())));
    }
    if let Some(limit) = value.get("timed-out") {
        let limit_ms = limit.as_u64().ok_or("a time limit is a whole number")?;
        return Ok(Err(Failure::TimedOut { limit_ms }));
    }
    super::json::reply_in(method, value).map(Ok)
}

/// A state of the game as it stood after an answer changed it: the table, the turn order, and
/// the event that led to it, in words.
#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    pub state: GameState,
    pub order: Vec<usize>,
    pub caption: String,
}

/// A game's history keeps at most this many states (a game of the rules has a few hundred at
/// most: the bank and the exchange price end it).
pub const HISTORY_LIMIT: usize = 5_000;

impl Referee {
    /// A referee for a game from `state` (players in turn order), with one name per player.
    pub fn new(
        equations: Vec<Equation>,
        state: GameState,
        names: Vec<String>,
        bonus: Option<Bonus>,
    ) -> Result<Referee, String> {
        if names.len() != state.players.len() {
            return Err(format!(
                "{} names for {} players",
                names.len(),
                state.players.len()
            ));
        }
        let order: Vec<usize> = (0..names.len()).collect();
        let mut referee = Referee {
            equations,
            kicked: vec![false; names.len()],
            setup_order: order.clone(),
            order,
            names,
            state,
            bonus,
            phase: Phase::Setup(0),
            turns: 0,
            winners: Vec::new(),
            log: Vec::new(),
            history: Vec::new(),
            random_draw: None,
            answers: Vec::new(),
        };
        if referee.setup_order.is_empty() {
            referee.start_turn(); // nobody to set up: the game is over at once
        }
        referee.remember();
        Ok(referee)
    }

    /// Every state of the game so far, the start first, each once (at most `HISTORY_LIMIT`;
    /// past it, the last says that later ones are not kept).
    pub fn history(&self) -> &[Snapshot] {
        &self.history
    }

    /// Keeps the state after an answer, if it changed anything.
    fn remember(&mut self) {
        let same = self
            .history
            .last()
            .is_some_and(|s| s.state == self.state && s.order == self.order);
        if same || self.history.len() > HISTORY_LIMIT {
            return;
        }
        let caption = if self.history.len() == HISTORY_LIMIT {
            format!("the game keeps its first {HISTORY_LIMIT} states; later ones are not kept")
        } else {
            // The newest event that is a move (not a turn's heading).
            self.log
                .iter()
                .rev()
                .find(|e| !matches!(e, Event::Turn { .. }))
                .map_or("the start of the game".to_string(), |e| {
                    e.describe(&self.names)
                })
        };
        self.history.push(Snapshot {
            state: self.state.clone(),
            order: self.order.clone(),
            caption,
        });
    }

    /// Draws pebbles at random (each pebble of the bank equally likely), seeded, instead of the
    /// course's deterministic first colour.
    pub fn draw_at_random(&mut self, seed: u64) {
        self.random_draw = Some(crate::engine::rng::Rng::new(seed));
    }

    /// Whether pebbles are drawn at random (else the first colour the bank has).
    pub fn draws_at_random(&self) -> bool {
        self.random_draw.is_some()
    }

    pub fn names(&self) -> &[String] {
        &self.names
    }

    pub fn equations(&self) -> &[Equation] {
        &self.equations
    }

    /// The state, players by seat (kicked players keep their last score, with empty wallets).
    pub fn state(&self) -> &GameState {
        &self.state
    }

    /// Seats still playing, in turn order.
    pub fn order(&self) -> &[usize] {
        &self.order
    }

    pub fn is_kicked(&self, seat: usize) -> bool {
        self.kicked[seat]
    }

    pub fn log(&self) -> &[Event] {
        &self.log
    }

    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// The turn state the active player sees.
    pub fn turn_state(&self) -> Option<TurnState> {
        let (&active, others) = self.order.split_first()?;
        Some(TurnState {
            bank: self.state.bank,
            visibles: self.state.visibles.clone(),
            active: self.state.players[active].clone(),
            scores: others
                .iter()
                .map(|&s| self.state.players[s].score.clone())
                .collect(),
        })
    }

    /// The next call to make: which seat, and what; None once the game is over.
    pub fn next_call(&self) -> Option<(usize, Call)> {
        match &self.phase {
            Phase::Setup(i) => self
                .setup_order
                .get(*i)
                .map(|&s| (s, Call::Setup(self.equations.clone()))),
            Phase::Pebble => Some((self.order[0], Call::PebbleOrTrades(self.turn_state()?))),
            Phase::Cards => Some((self.order[0], Call::Cards(self.turn_state()?))),
            Phase::Win(queue, i) => queue.get(*i).map(|&(s, won)| (s, Call::Win(won))),
            Phase::Over => None,
        }
    }

    /// The result, once the game and the win notifications are over.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.phase != Phase::Over {
            return None;
        }
        let mut winners: Vec<String> = self
            .winners
            .iter()
            .map(|&s| self.names[s].clone())
            .collect();
        let mut dropouts: Vec<String> = (0..self.names.len())
            .filter(|&s| self.kicked[s])
            .map(|s| self.names[s].clone())
            .collect();
        winners.sort();
        dropouts.sort();
        Some(Outcome { winners, dropouts })
    }

    /// Why the game ended, once it has.
    pub fn end_reason(&self) -> Option<&str> {
        self.log.iter().rev().find_map(|event| match event {
            Event::Over { why } => Some(why.as_str()),
            _ => None,
        })
    }

    /// Takes the answer to the call `next_call` named (an answer from another seat is refused);
    /// the state it leads to joins the history.
    pub fn answer(&mut self, seat: usize, answer: Result<Reply, Failure>) -> Result<(), String> {
        let wire = match &answer {
            Ok(reply) => super::json::reply_out(reply),
            Err(Failure::Error(why)) => serde_json::json!({ "failed": why }),
            Err(Failure::TimedOut { limit_ms }) => serde_json::json!({ "timed-out": limit_ms }),
        };
        let answered = self.take_answer(seat, answer);
        if answered.is_ok() {
            self.answers.push(wire);
        }
        self.remember();
        answered
    }

    /// Every answer the game took, in order (see `replay`).
    pub fn answers(&self) -> &[serde_json::Value] {
        &self.answers
    }

    /// Gives the answers of a transcript (`answers` of a game with the same setup) to the calls
    /// as they come, each read as the call's answer; the first that cannot be is named, with
    /// its place, and the game is left where it got to. `told` hears each call first (the seat
    /// asked and the call), so that players who keep something between calls keep in step.
    pub fn replay(
        &mut self,
        answers: &[serde_json::Value],
        mut told: impl FnMut(usize, &Call),
    ) -> Result<(), String> {
        if answers.len() > ANSWER_LIMIT {
            return Err(format!(
                "{} answers: a game takes at most {ANSWER_LIMIT}",
                answers.len()
            ));
        }
        for (k, value) in answers.iter().enumerate() {
            let Some((seat, call)) = self.next_call() else {
                return Err(format!("answer {} comes after the game ended", k + 1));
            };
            let answer = read_answer(call.method(), value)
                .map_err(|why| format!("answer {} does not fit its call: {why}", k + 1))?;
            told(seat, &call);
            self.answer(seat, answer)
                .map_err(|why| format!("answer {}: {why}", k + 1))?;
        }
        Ok(())
    }

    fn take_answer(&mut self, seat: usize, answer: Result<Reply, Failure>) -> Result<(), String> {
        let Some((expected, call)) = self.next_call() else {
            return Err("the game is over".into());
        };
        if seat != expected {
            return Err(format!(
                "seat {seat} answered, but seat {expected} was asked"
            ));
        }
        let method = call.method();
        let reply = match answer {
            Ok(reply) => reply,
            Err(Failure::Error(e)) => {
                self.kick(seat, method, format!("it failed: {e}"));
                return Ok(());
            }
            Err(Failure::TimedOut { limit_ms }) => {
                let why = format!("it took longer than its time limit of {limit_ms} ms");
                self.kick(seat, method, why);
                return Ok(());
            }
        };
        match (method, reply) {
            (Method::Setup, Reply::Void) => self.advance_setup(),
            (Method::PebbleOrTrades, Reply::Pebble) => self.pebble(seat),
            (Method::PebbleOrTrades, Reply::Trades(trades)) => self.trades(seat, trades),
            (Method::Cards, Reply::Cards(cards)) => self.buy(seat, cards),
            (Method::Win, Reply::Void) => {
                if let Call::Win(won) = call {
                    self.log.push(Event::Told { seat, won });
                }
                self.advance_win()
            }
            (method, reply) => self.kick(
                seat,
                method,
                format!("it answered {} with {reply:?}", method.name()),
            ),
        }
        Ok(())
    }

    fn advance_setup(&mut self) {
        if let Phase::Setup(i) = self.phase {
            self.phase = Phase::Setup(i + 1);
            if i + 1 >= self.setup_order.len() {
                self.start_turn();
            }
        }
    }

    fn advance_win(&mut self) {
        if let Phase::Win(queue, i) = &self.phase {
            let (queue, i) = (queue.clone(), i + 1);
            self.phase = if i >= queue.len() {
                Phase::Over
            } else {
                Phase::Win(queue, i)
            };
        }
    }

    /// Eliminates a player: out of the turn order, its wallet gone.
    fn kick(&mut self, seat: usize, method: Method, why: String) {
        self.log.push(Event::Kicked { seat, method, why });
        self.kicked[seat] = true;
        self.state.players[seat].wallet = Default::default();
        self.order.retain(|&s| s != seat);
        match self.phase.clone() {
            Phase::Setup(_) => self.advance_setup(),
            Phase::Pebble | Phase::Cards => self.start_turn(),
            Phase::Win(..) => {
                self.winners.retain(|&s| s != seat);
                self.advance_win();
            }
            Phase::Over => {}
        }
    }

    fn over_reason(&self) -> Option<String> {
        let players: Vec<_> = self.order.iter().map(|&s| &self.state.players[s]).collect();
        rules::game_over(&self.state, &players).map(str::to_string)
    }

    /// Before a turn: the end checks, then the active player's first question.
    fn start_turn(&mut self) {
        if let Some(why) = self.over_reason() {
            return self.finish(why);
        }
        if self.turns >= TURN_CAP {
            return self.finish(format!("{TURN_CAP} turns were played (the safety cap)"));
        }
        self.turns += 1;
        self.log.push(Event::Turn {
            number: self.turns,
            seat: self.order[0],
        });
        self.phase = Phase::Pebble;
    }

    fn pebble(&mut self, seat: usize) {
        let drawn = match self.random_draw.as_mut() {
            Some(rng) => rules::draw_random_pebble(&self.state.bank, rng),
            None => rules::draw_pebble(&self.state.bank),
        };
        let Some(pebble) = drawn else {
            return self.kick(
                seat,
                Method::PebbleOrTrades,
                "it asked for a pebble from an empty bank".into(),
            );
        };
        let mut one = super::pebbles::Bag::new();
        one.add(pebble, 1);
        self.state.bank = self.state.bank.minus(&one).unwrap_or_default();
        self.state.players[seat].wallet.add(pebble, 1);
        self.log.push(Event::Pebble { seat, pebble });
        self.after_first_action();
    }

    fn trades(&mut self, seat: usize, trades: Vec<Equation>) {
        let wallet = self.state.players[seat].wallet;
        match rules::exchange(&self.equations, &trades, &wallet, &self.state.bank) {
            Err(why) => self.kick(seat, Method::PebbleOrTrades, why),
            Ok((wallet, bank)) => {
                self.state.players[seat].wallet = wallet;
                self.state.bank = bank;
                // The price of exchanging: the bottom hidden card, or every visible card.
                let price = match self.state.hidden.pop() {
                    Some(card) => Price::BottomCard(card),
                    None => Price::AllVisible(std::mem::take(&mut self.state.visibles).len()),
                };
                self.log.push(Event::Exchanged {
                    seat,
                    exchanges: trades,
                    price,
                });
                self.after_first_action();
            }
        }
    }

    fn after_first_action(&mut self) {
        match self.over_reason() {
            Some(why) => self.finish(why),
            None => self.phase = Phase::Cards,
        }
    }

    fn buy(&mut self, seat: usize, cards: Vec<Card>) {
        let wallet = self.state.players[seat].wallet;
        match rules::buy(&wallet, &self.state.visibles, &cards) {
            Err(why) => self.kick(seat, Method::Cards, why),
            Ok(purchase) => {
                let player = &mut self.state.players[seat];
                player.wallet = purchase.wallet;
                player.score += purchase.points;
                player.cards.extend(cards.iter().cloned());
                self.state.bank = self.state.bank.plus(&purchase.paid);
                self.state.visibles = purchase.visibles;
                self.log.push(Event::Bought {
                    seat,
                    cards,
                    points: purchase.points,
                });
                while self.state.visibles.len() < 4 && !self.state.hidden.is_empty() {
                    let card = self.state.hidden.remove(0);
                    self.state.visibles.push(card);
                }
                self.order.rotate_left(1);
                self.start_turn();
            }
        }
    }

    /// The game is over: bonuses, then winners and losers are told.
    fn finish(&mut self, why: String) {
        self.log.push(Event::Over { why });
        if let Some(bonus) = self.bonus {
            for &seat in &self.order {
                let points = bonus.points(&self.state.players[seat].cards);
                if points > 0 {
                    self.state.players[seat].score += points;
                    self.log.push(Event::Bonus {
                        seat,
                        bonus,
                        points,
                    });
                }
            }
        }
        let best = self
            .order
            .iter()
            .map(|&s| self.state.players[s].score.clone())
            .max();
        self.winners = self
            .order
            .iter()
            .copied()
            .filter(|&s| Some(&self.state.players[s].score) == best.as_ref())
            .collect();
        let losers = self
            .order
            .iter()
            .copied()
            .filter(|s| !self.winners.contains(s));
        let queue: Vec<(usize, bool)> = self
            .winners
            .iter()
            .map(|&s| (s, true))
            .chain(losers.map(|s| (s, false)))
            .collect();
        self.phase = if queue.is_empty() {
            Phase::Over
        } else {
            Phase::Win(queue, 0)
        };
    }
}

/// A list for the log: the first dozen items, then how many there were (a legal exchange request
/// can be long: every exchange may be undone by the next).
pub fn shortened(items: impl ExactSizeIterator<Item = String>) -> String {
    const SHOWN: usize = 12;
    let total = items.len();
    let mut shown: Vec<String> = items.take(SHOWN).collect();
    if total > SHOWN {
        shown.push(format!("… {total} in all"));
    }
    shown.join(", ")
}

impl Event {
    /// The event in words, players by name.
    pub fn describe(&self, names: &[String]) -> String {
        let who = |seat: &usize| {
            names
                .get(*seat)
                .cloned()
                .unwrap_or_else(|| format!("seat {seat}"))
        };
        match self {
            Event::Turn { number, seat } => format!("turn {number}: {}", who(seat)),
            Event::Pebble { seat, pebble } => format!(
                "{} requests a pebble and draws {}",
                who(seat),
                pebble.name()
            ),
            Event::Exchanged {
                seat,
                exchanges,
                price,
            } => {
                let list = shortened(
                    exchanges
                        .iter()
                        .map(|e| format!("{} → {}", e.left_bag(), e.right_bag())),
                );
                let price = match price {
                    Price::BottomCard(card) => format!("the bottom card {card} is removed"),
                    Price::AllVisible(n) => {
                        format!("the pile is empty: the {n} visible cards are removed")
                    }
                };
                format!("{} exchanges [{list}] (price: {price})", who(seat))
            }
            Event::Bought {
                seat,
                cards,
                points,
            } => {
                format!(
                    "{} buys [{}] for {points} points",
                    who(seat),
                    shortened(cards.iter().map(|c| c.to_string()))
                )
            }
            Event::Kicked { seat, method, why } => {
                format!("{} is eliminated in {}: {why}", who(seat), method.name())
            }
            Event::Over { why } => format!("game over: {why}"),
            Event::Bonus {
                seat,
                bonus,
                points,
            } => format!("{} gets the {} bonus: +{points}", who(seat), bonus.name()),
            Event::Told { seat, won } => format!(
                "{} is told it {}",
                who(seat),
                if *won { "won" } else { "lost" }
            ),
        }
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe(&[]))
    }
}

/// Plays the game to the end calling the players directly: for trusted, built-in players (no time
/// limit can be enforced on a call in the same thread).
pub fn run_direct(referee: &mut Referee, players: &mut [Box<dyn super::actors::Player>]) {
    while let Some((seat, call)) = referee.next_call() {
        let answer = match players.get_mut(seat) {
            Some(player) => super::actors::call(player.as_mut(), &call).map_err(Failure::Error),
            None => Err(Failure::Error("no such player".into())),
        };
        if referee.answer(seat, answer).is_err() {
            break;
        }
    }
}
