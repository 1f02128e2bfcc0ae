//! The course's JSON data definitions, read with messages that name what was wrong
//! and where, and written back.

use serde_json::{json, Map, Value};

use super::cards::Card;
use super::equations::Equation;
use super::pebbles::{Bag, Pebble};
use super::state::{GameState, PlayerState, Score, TurnState};

type Result<T> = std::result::Result<T, String>;

/// The data definitions' bounds, for robustness: no course test and no game of the rules goes past them, and
/// they keep every search on accepted input small (the purchase search is factorial in the
/// visible cards). Input beyond them is refused with a message naming the bound.
/// A game needs two players at least (and the server two sign-ups).
pub const MIN_PLAYERS: usize = 2;
pub const MAX_PLAYERS: usize = 6;
pub const MAX_VISIBLE_CARDS: usize = 4;
pub const MAX_CARDS: usize = 20;
pub const MAX_BAG_PEBBLES: usize = 1000;

fn at_most(count: usize, limit: usize, what: &str, things: &str) -> Result<()> {
    if count > limit {
        return Err(format!(
            "{what} has {count} {things}; the rules allow at most {limit}"
        ));
    }
    Ok(())
}

fn array<'a>(value: &'a Value, what: &str) -> Result<&'a Vec<Value>> {
    value
        .as_array()
        .ok_or_else(|| format!("{what} must be a JSON array, not {}", short(value)))
}

fn object<'a>(value: &'a Value, what: &str) -> Result<&'a Map<String, Value>> {
    value
        .as_object()
        .ok_or_else(|| format!("{what} must be a JSON object, not {}", short(value)))
}

fn field<'a>(map: &'a Map<String, Value>, key: &str, what: &str) -> Result<&'a Value> {
    map.get(key)
        .ok_or_else(|| format!("{what} has no \"{key}\""))
}

/// A value shortened for messages.
pub fn short(value: &Value) -> String {
    let text = value.to_string();
    if text.chars().count() > 60 {
        format!("{}…", text.chars().take(60).collect::<String>())
    } else {
        text
    }
}

pub fn pebble(value: &Value, what: &str) -> Result<Pebble> {
    value.as_str().and_then(Pebble::parse).ok_or_else(|| {
        format!(
            "{what}: {} is not a pebble (red, white, blue, green or yellow)",
            short(value)
        )
    })
}

pub fn pebbles(value: &Value, what: &str) -> Result<Vec<Pebble>> {
    array(value, what)?
        .iter()
        .enumerate()
        .map(|(i, p)| pebble(p, &format!("{what}, pebble {}", i + 1)))
        .collect()
}

/// A wallet or the bank: at most `MAX_BAG_PEBBLES` pebbles.
pub fn bag(value: &Value, what: &str) -> Result<Bag> {
    at_most(array(value, what)?.len(), MAX_BAG_PEBBLES, what, "pebbles")?;
    pebbles(value, what).map(|p| Bag::of(&p))
}

/// An equation `[*Pebbles, *Pebbles]` (its validity is checked separately).
pub fn equation(value: &Value, what: &str) -> Result<Equation> {
    let sides = array(value, what)?;
    let [left, right] = &sides[..] else {
        return Err(format!("{what} must have two sides, not {}", sides.len()));
    };
    Ok(Equation::new(
        pebbles(left, &format!("{what}, left side"))?,
        pebbles(right, &format!("{what}, right side"))?,
    ))
}

pub fn equations(value: &Value, what: &str) -> Result<Vec<Equation>> {
    array(value, what)?
        .iter()
        .enumerate()
        .map(|(i, e)| equation(e, &format!("{what}: equation {}", i + 1)))
        .collect()
}

pub fn card(value: &Value, what: &str) -> Result<Card> {
    let map = object(value, what)?;
    let pebbles = pebbles(
        field(map, "pebbles", what)?,
        &format!("{what}, \"pebbles\""),
    )?;
    let face = field(map, "face?", what)?
        .as_bool()
        .ok_or_else(|| format!("{what}: \"face?\" must be true or false"))?;
    Ok(Card { pebbles, face })
}

pub fn cards(value: &Value, what: &str) -> Result<Vec<Card>> {
    array(value, what)?
        .iter()
        .enumerate()
        .map(|(i, c)| card(c, &format!("{what}: card {}", i + 1)))
        .collect()
}

/// The most digits a score may have. The course's tests have scores with hundreds of digits;
/// decimal conversion costs time quadratic in the digits (4 million took about a minute).
pub const MAX_SCORE_DIGITS: usize = 10_000;

/// A natural number of up to `MAX_SCORE_DIGITS` digits.
fn natural(value: &Value, what: &str) -> Result<Score> {
    let not_natural = || format!("{what} must be a natural number, not {}", short(value));
    let Value::Number(n) = value else {
        return Err(not_natural());
    };
    let text = n.as_str();
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(not_natural());
    }
    if text.len() > MAX_SCORE_DIGITS {
        return Err(format!(
            "{what} has {} digits: a score has at most {MAX_SCORE_DIGITS}",
            text.len()
        ));
    }
    text.parse::<Score>().map_err(|_| not_natural())
}

/// A score as a JSON number, digit for digit.
pub fn score_out(score: &Score) -> Value {
    serde_json::from_str(&score.to_string()).unwrap_or(Value::Null)
}

pub fn player(value: &Value, what: &str) -> Result<PlayerState> {
    let map = object(value, what)?;
    let wallet = bag(field(map, "wallet", what)?, &format!("{what}, \"wallet\""))?;
    let score = natural(field(map, "score", what)?, &format!("{what}, \"score\""))?;
    let bought = match map.get("cards") {
        Some(c) => cards(c, &format!("{what}, \"cards\""))?,
        None => Vec::new(),
    };
    Ok(PlayerState {
        wallet,
        score,
        cards: bought,
    })
}

pub fn turn_state(value: &Value, what: &str) -> Result<TurnState> {
    let map = object(value, what)?;
    let (cards_what, scores_what) = (format!("{what}, \"cards\""), format!("{what}, \"scores\""));
    at_most(
        array(field(map, "cards", what)?, &cards_what)?.len(),
        MAX_VISIBLE_CARDS,
        &cards_what,
        "visible cards",
    )?;
    at_most(
        array(field(map, "scores", what)?, &scores_what)?.len(),
        MAX_PLAYERS - 1,
        &scores_what,
        "other players",
    )?;
    Ok(TurnState {
        bank: bag(field(map, "bank", what)?, &format!("{what}, \"bank\""))?,
        visibles: cards(field(map, "cards", what)?, &format!("{what}, \"cards\""))?,
        active: player(field(map, "active", what)?, &format!("{what}, \"active\""))?,
        scores: array(field(map, "scores", what)?, &format!("{what}, \"scores\""))?
            .iter()
            .enumerate()
            .map(|(i, s)| natural(s, &format!("{what}, score {}", i + 1)))
            .collect::<Result<_>>()?,
    })
}

pub fn game(value: &Value, what: &str) -> Result<GameState> {
    let map = object(value, what)?;
    let (visibles, players) = (
        format!("{what}, \"visibles\""),
        format!("{what}, \"players\""),
    );
    let visible_count = array(field(map, "visibles", what)?, &visibles)?.len();
    let player_list = array(field(map, "players", what)?, &players)?;
    at_most(visible_count, MAX_VISIBLE_CARDS, &visibles, "cards")?;
    at_most(player_list.len(), MAX_PLAYERS, &players, "players")?;
    let hidden = array(field(map, "cards", what)?, &format!("{what}, \"cards\""))?.len();
    if visible_count + hidden > MAX_CARDS {
        return Err(format!(
            "{what} has {} cards, visible and hidden; the rules allow at most {MAX_CARDS}",
            visible_count + hidden
        ));
    }
    Ok(GameState {
        bank: bag(field(map, "bank", what)?, &format!("{what}, \"bank\""))?,
        visibles: cards(
            field(map, "visibles", what)?,
            &format!("{what}, \"visibles\""),
        )?,
        hidden: cards(field(map, "cards", what)?, &format!("{what}, \"cards\""))?,
        players: array(
            field(map, "players", what)?,
            &format!("{what}, \"players\""),
        )?
        .iter()
        .enumerate()
        .map(|(i, p)| player(p, &format!("{what}: player {}", i + 1)))
        .collect::<Result<_>>()?,
    })
}

pub fn pebbles_out(pebbles: &[Pebble]) -> Value {
    Value::from(pebbles.iter().map(|p| p.name()).collect::<Vec<_>>())
}

pub fn bag_out(bag: &Bag) -> Value {
    pebbles_out(&bag.pebbles())
}

pub fn equation_out(e: &Equation) -> Value {
    json!([pebbles_out(&e.left), pebbles_out(&e.right)])
}

pub fn equations_out(es: &[Equation]) -> Value {
    Value::from(es.iter().map(equation_out).collect::<Vec<_>>())
}

pub fn card_out(c: &Card) -> Value {
    json!({"pebbles": pebbles_out(&c.pebbles), "face?": c.face})
}

pub fn cards_out(cs: &[Card]) -> Value {
    Value::from(cs.iter().map(card_out).collect::<Vec<_>>())
}

pub fn player_out(p: &PlayerState) -> Value {
    json!({"wallet": bag_out(&p.wallet), "score": score_out(&p.score)})
}

/// A player as milestone 10 writes it: with the cards it bought so far (for the end bonus).
pub fn player_with_cards_out(p: &PlayerState) -> Value {
    json!({"wallet": bag_out(&p.wallet), "score": score_out(&p.score), "cards": cards_out(&p.cards)})
}

/// A state as the course's Game JSON: the players still in the game, in turn order
/// from `order` (the first is the one to move), each with the cards it bought (milestone 10).
pub fn game_out(state: &GameState, order: &[usize]) -> Value {
    let players: Vec<Value> = order
        .iter()
        .filter_map(|&seat| state.players.get(seat))
        .map(player_with_cards_out)
        .collect();
    json!({
        "bank": bag_out(&state.bank),
        "visibles": cards_out(&state.visibles),
        "cards": cards_out(&state.hidden),
        "players": players,
    })
}

/// A TurnState as milestone 4's harness writes it: the active player's wallet and score.
pub fn turn_state_out(t: &TurnState) -> Value {
    turn_state_with(t, player_out(&t.active))
}

/// A TurnState as milestone 10's calls carry it: the active player with its cards, as the
/// milestone's Player has them (a client that checks the schema refuses it without).
pub fn turn_state_call_out(t: &TurnState) -> Value {
    turn_state_with(t, player_with_cards_out(&t.active))
}

fn turn_state_with(t: &TurnState, active: Value) -> Value {
    json!({"bank": bag_out(&t.bank), "cards": cards_out(&t.visibles), "active": active, "scores": t.scores.iter().map(score_out).collect::<Vec<_>>()})
}

/// Reads whitespace-separated JSON values (a harness's standard input).
pub fn values(input: &str) -> Result<Vec<Value>> {
    serde_json::Deserializer::from_str(input)
        .into_iter::<Value>()
        .enumerate()
        .map(|(i, v)| v.map_err(|e| format!("input value {}: not well-formed JSON: {e}", i + 1)))
        .collect()
}

use super::referee::{Call, Method, Reply};

/// A call in the course's remote form: `["method-name", [arg, …]]`.
pub fn call_out(call: &Call) -> Value {
    let method = call.method().name();
    match call {
        Call::Setup(equations) => json!([method, [equations_out(equations)]]),
        Call::PebbleOrTrades(turn) | Call::Cards(turn) => {
            json!([method, [turn_state_call_out(turn)]])
        }
        Call::Win(won) => json!([method, [won]]),
    }
}

/// A reply in the remote form: `"void"`, `false`, exchanges, or cards.
pub fn reply_out(reply: &Reply) -> Value {
    match reply {
        Reply::Void => Value::from("void"),
        Reply::Pebble => Value::Bool(false),
        Reply::Trades(exchanges) => equations_out(exchanges),
        Reply::Cards(cards) => cards_out(cards),
    }
}

/// Reads a remote reply to a call of `method`; an answer of the wrong kind is a failure.
pub fn reply_in(method: Method, value: &Value) -> Result<Reply> {
    match method {
        Method::Setup | Method::Win => match value.as_str() {
            Some("void") => Ok(Reply::Void),
            _ => Err(format!("it answered {} to {} instead of \"void\"", short(value), method.name())),
        },
        Method::PebbleOrTrades => match value {
            Value::Bool(false) => Ok(Reply::Pebble),
            Value::Array(_) => equations(value, "its exchange request").map(Reply::Trades),
            other => Err(format!("it answered {} to request-pebble-or-trades (false or a list of exchanges expected)", short(other))),
        },
        Method::Cards => cards(value, "its purchase").map(Reply::Cards),
    }
}
