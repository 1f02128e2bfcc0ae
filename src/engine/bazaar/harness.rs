//! The course's milestone harnesses without their input and output: reading a test's
//! JSON values into either the answer (the pure harnesses) or a game to play (the `xgames*` and
//! `xserver` ones), reading actors and the milestone-10 sign-up, and comparing outputs with the
//! course's conventions. The CLI plays the games with threads and time limits; the page with
//! its own seats. No web dependencies.

use std::collections::BTreeSet;

use serde_json::Value;

use super::actors::{Actor, Cheat, Misbehaviour};
use super::equations::{check_equations, usable, Equation};
use super::json;
use super::referee::{Method, Outcome};
use super::rules::{self, Bonus};
use super::state::GameState;
use super::strategy::{best_plan, Policy};

pub const HARNESSES: [&str; 8] = [
    "xeq",
    "xturn",
    "xstrategy",
    "xrules",
    "xgames",
    "xgames-blogic",
    "xgames-resources",
    "xserver",
];

/// A test read: its answer already, or a game to play with these actors.
pub enum Prepared {
    Done(Vec<Value>),
    Game {
        equations: Vec<Equation>,
        game: GameState,
        actors: Vec<Actor>,
        bonus: Option<Bonus>,
        server: bool,
    },
}

/// Reads a harness's input (and, for `xserver`, the clients' input).
pub fn prepare(name: &str, input: &str, clients: Option<&str>) -> Result<Prepared, String> {
    let values = json::values(input)?;
    let take = |n: usize| -> Result<&[Value], String> {
        if values.len() < n {
            return Err(format!(
                "{name} reads {n} JSON values, the input has {}",
                values.len()
            ));
        }
        Ok(&values[..n])
    };
    let done: Vec<Value> = match name {
        "xeq" => {
            let v = take(3)?;
            let equations = valid_equations(&v[0])?;
            let wallet = json::bag(&v[1], "the wallet")?;
            let bank = json::bag(&v[2], "the bank")?;
            vec![json::equations_out(&usable(&equations, &wallet, &bank))]
        }
        "xturn" => {
            let game = json::game(&take(1)?[0], "the game")?;
            let turn = game.turn_state().ok_or("the game has no players")?;
            vec![json::turn_state_out(&turn)]
        }
        "xstrategy" => strategy_test(take(3)?)?,
        "xrules" => {
            let v = take(3)?;
            let equations = valid_equations(&v[0])?;
            let request = json::equations(&v[1], "the exchange request")?;
            let turn = json::turn_state(&v[2], "the turn state")?;
            match rules::exchange(&equations, &request, &turn.active.wallet, &turn.bank) {
                Ok((wallet, bank)) => vec![json::bag_out(&wallet), json::bag_out(&bank)],
                Err(_) => vec![Value::Bool(false)],
            }
        }
        "xgames" | "xgames-blogic" | "xgames-resources" => {
            let v = take(3)?;
            let allowed = match name {
                "xgames" => Kinds::RAISE,
                "xgames-blogic" => Kinds::CHEAT,
                _ => Kinds::LOOP,
            };
            let actors = actors(&v[0], allowed)?;
            let equations = valid_equations(&v[1])?;
            let game = json::game(&v[2], "the game")?;
            if actors.len() != game.players.len() {
                return Err(format!(
                    "{} actors for {} players",
                    actors.len(),
                    game.players.len()
                ));
            }
            return Ok(Prepared::Game {
                equations,
                game,
                actors,
                bonus: None,
                server: false,
            });
        }
        "xserver" => {
            let (equations, mut game, bonus) = server_test(&values)?;
            let clients = json::values(clients.ok_or("xserver needs the clients' input")?)
                .map_err(|e| format!("the clients' input: {e}"))?;
            let signed_up = sign_up(self::clients(&clients)?);
            if signed_up.len() < json::MIN_PLAYERS {
                vec![serde_json::json!([[], []])]
            } else {
                let n = signed_up.len().min(game.players.len());
                game.players.truncate(n);
                let actors = signed_up.into_iter().take(n).collect();
                return Ok(Prepared::Game {
                    equations,
                    game,
                    actors,
                    bonus,
                    server: true,
                });
            }
        }
        other => {
            return Err(format!(
                "unknown harness '{}': expected one of {}",
                crate::echo::echo(other),
                HARNESSES.join(", ")
            ))
        }
    };
    Ok(Prepared::Done(done))
}

/// `xstrategy`: the plan a policy makes for a turn (equations, turn state, policy).
fn strategy_test(v: &[Value]) -> Result<Vec<Value>, String> {
    let equations = valid_equations(&v[0])?;
    let turn = json::turn_state(&v[1], "the turn state")?;
    let policy = v[2].as_str().and_then(Policy::parse).ok_or_else(|| {
        format!(
            "{} is not a policy (purchase-points or purchase-size)",
            json::short(&v[2])
        )
    })?;
    let plan = best_plan(
        &equations,
        &turn.active.wallet,
        &turn.bank,
        &turn.visibles,
        policy,
    );
    Ok(vec![
        json::equations_out(&plan.exchanges),
        json::cards_out(&plan.purchase.cards),
        Value::from(plan.purchase.points),
        json::bag_out(&plan.purchase.wallet),
    ])
}

/// Reads the server's test: equations, a Game whose players carry cards, an optional
/// bonus. A Game that breaks the data definitions' validity conditions is refused.
pub fn server_test(values: &[Value]) -> Result<(Vec<Equation>, GameState, Option<Bonus>), String> {
    if values.len() < 2 {
        return Err(format!(
            "the server's test has equations and a game: it has {} JSON values",
            values.len()
        ));
    }
    let equations = valid_equations(&values[0])?;
    let game = json::game(&values[1], "the game")?;
    if let Some(problem) = game.problem() {
        return Err(format!("the server refuses this game: {problem}"));
    }
    let bonus =
        match values.get(2) {
            None => None,
            Some(b) => Some(b.as_str().and_then(Bonus::parse).ok_or_else(|| {
                format!("{} is not a bonus (\"RWB\" or \"SEY\")", json::short(b))
            })?),
        };
    Ok((equations, game, bonus))
}

/// A game's result as the harness prints it: winners and drop-outs, or `[winners, drop-outs]`
/// for the server.
pub fn outcome_values(outcome: &Outcome, server: bool) -> Vec<Value> {
    let (winners, dropouts) = (
        Value::from(outcome.winners.clone()),
        Value::from(outcome.dropouts.clone()),
    );
    if server {
        vec![Value::Array(vec![winners, dropouts])]
    } else {
        vec![winners, dropouts]
    }
}

fn bag(value: &Value) -> Value {
    let mut pebbles: Vec<String> = value
        .as_array()
        .map(|a| a.iter().map(|p| p.to_string()).collect())
        .unwrap_or_default();
    pebbles.sort();
    Value::from(pebbles)
}

fn card(value: &Value) -> Value {
    serde_json::json!([bag(&value["pebbles"]), value["face?"]])
}

fn oriented(value: &Value) -> Value {
    serde_json::json!([bag(&value[0]), bag(&value[1])])
}

/// The output values in the form the course compared them: bags as multisets, xeq's
/// equations as a set of unordered pairs, xturn's cards as a multiset.
pub fn normalized(name: &str, values: &[Value]) -> Vec<Value> {
    match name {
        "xeq" => {
            let set: BTreeSet<String> = values
                .first()
                .and_then(Value::as_array)
                .map(|es| {
                    es.iter()
                        .map(|e| {
                            let mut sides = [bag(&e[0]).to_string(), bag(&e[1]).to_string()];
                            sides.sort();
                            sides.join("=")
                        })
                        .collect()
                })
                .unwrap_or_default();
            vec![Value::from(set.into_iter().collect::<Vec<_>>())]
        }
        "xturn" => values
            .iter()
            .map(|t| {
                let mut cards: Vec<String> = t["cards"].as_array().map(|cs| cs.iter().map(|c| card(c).to_string()).collect()).unwrap_or_default();
                cards.sort();
                serde_json::json!({"wallet": bag(&t["active"]["wallet"]), "score": t["active"]["score"], "bank": bag(&t["bank"]), "cards": cards, "scores": t["scores"]})
            })
            .collect(),
        "xstrategy" => {
            let mut out = values.to_vec();
            if out.len() == 4 {
                out[0] = Value::from(out[0].as_array().map(|es| es.iter().map(oriented).collect::<Vec<_>>()).unwrap_or_default());
                out[1] = Value::from(out[1].as_array().map(|cs| cs.iter().map(card).collect::<Vec<_>>()).unwrap_or_default());
                out[3] = bag(&out[3]);
            }
            out
        }
        "xrules" => values.iter().map(|v| if v.is_array() { bag(v) } else { v.clone() }).collect(),
        _ => values.to_vec(),
    }
}

/// Whether an output equals the expected one by the course's conventions.
pub fn same_output(name: &str, got: &[Value], want: &[Value]) -> bool {
    normalized(name, got) == normalized(name, want)
}

pub fn valid_equations(value: &Value) -> Result<Vec<Equation>, String> {
    let equations = json::equations(value, "the equations")?;
    check_equations(&equations).map_err(|e| format!("the equations: {e}"))?;
    Ok(equations)
}

/// Which misbehaviours an actor list may name (milestones 7, 8, 9 add one kind each).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Kinds(u8);

impl Kinds {
    pub const RAISE: Kinds = Kinds(1);
    pub const CHEAT: Kinds = Kinds(2);
    pub const LOOP: Kinds = Kinds(3);
}

/// A player name: letters and digits, 1 to 20 of them.
pub fn valid_name(name: &str) -> bool {
    (1..=20).contains(&name.len()) && name.chars().all(|c| c.is_ascii_alphanumeric())
}

/// Reads an actor; `named` checks its name against the name rule.
fn actor(value: &Value, what: &str, allowed: Kinds, named: bool) -> Result<Actor, String> {
    let parts = value.as_array().ok_or_else(|| {
        format!(
            "{what} must be a JSON array [name, policy, …], not {}",
            json::short(value)
        )
    })?;
    let text = |i: usize| parts.get(i).and_then(Value::as_str);
    let name = text(0).ok_or_else(|| format!("{what}: the name must be a string"))?;
    if named && !valid_name(name) {
        return Err(format!(
            "{what}: \"{name}\" is not a name (letters and digits, at most 20)"
        ));
    }
    let policy = text(1).and_then(Policy::parse).ok_or_else(|| {
        format!("{what}: the policy must be \"purchase-points\" or \"purchase-size\"")
    })?;
    let misbehaviour =
        match parts.len() {
            2 => Misbehaviour::None,
            3 => Misbehaviour::Raise(text(2).and_then(Method::parse).ok_or_else(|| {
                format!("{what}: {} is not a method name", json::short(&parts[2]))
            })?),
            4 if text(2) == Some("a cheat") && allowed >= Kinds::CHEAT => Misbehaviour::Cheat(
                text(3)
                    .and_then(Cheat::parse)
                    .ok_or_else(|| format!("{what}: {} is not a cheat", json::short(&parts[3])))?,
            ),
            4 if allowed >= Kinds::LOOP => {
                let method = text(2).and_then(Method::parse).ok_or_else(|| {
                    format!("{what}: {} is not a method name", json::short(&parts[2]))
                })?;
                let count = parts[3]
                    .as_u64()
                    .filter(|c| (1..=7).contains(c))
                    .ok_or_else(|| {
                        format!(
                            "{what}: the count must be 1 to 7, not {}",
                            json::short(&parts[3])
                        )
                    })?;
                Misbehaviour::Loop(method, count as u32)
            }
            _ => {
                return Err(format!(
                    "{what}: {} is not an actor of this harness",
                    json::short(value)
                ))
            }
        };
    Ok(Actor::new(name, policy, misbehaviour))
}

pub fn actors(value: &Value, allowed: Kinds) -> Result<Vec<Actor>, String> {
    let list = value.as_array().ok_or_else(|| {
        format!(
            "the actors must be a JSON array, not {}",
            json::short(value)
        )
    })?;
    if list.len() > json::MAX_PLAYERS {
        return Err(format!(
            "{} actors; the rules allow at most {} players",
            list.len(),
            json::MAX_PLAYERS
        ));
    }
    let actors: Vec<Actor> = list
        .iter()
        .enumerate()
        .map(|(i, a)| actor(a, &format!("actor {}", i + 1), allowed, true))
        .collect::<Result<_, _>>()?;
    for (i, a) in actors.iter().enumerate() {
        if actors[..i].iter().any(|b| b.name == a.name) {
            return Err(format!("two actors are named {}", a.name));
        }
    }
    Ok(actors)
}

/// The course's special clients of the bonus tests, known by their names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    /// Connects and never sends its name.
    DivergeBeforeSending,
    /// Sends its name, then never answers.
    SendNameLoop,
    /// Answers something other than "void" to setup.
    NonSetup,
    /// Answers ill-formed JSON to the turn calls.
    IllTurn,
    /// Answers a bad string to the turn calls.
    BadStringTurn,
    /// Answers something other than "void" to win.
    NonWin,
}

impl Special {
    pub fn from_name(name: &str) -> Option<Special> {
        Some(match name {
            "AAdivergeBeforeSending" => Special::DivergeBeforeSending,
            "AAsendnameloop" => Special::SendNameLoop,
            "nonSetup" => Special::NonSetup,
            "illTT" => Special::IllTurn,
            "invTTBadString" => Special::BadStringTurn,
            "nonWin" => Special::NonWin,
            _ => return None,
        })
    }

    /// How the client shows in one process (no wire): None for one that never signs up.
    fn local(self) -> Option<Misbehaviour> {
        Some(match self {
            Special::DivergeBeforeSending => return None,
            Special::SendNameLoop => Misbehaviour::Loop(Method::Setup, 1),
            Special::NonSetup => Misbehaviour::Raise(Method::Setup),
            Special::IllTurn | Special::BadStringTurn => {
                Misbehaviour::Raise(Method::PebbleOrTrades)
            }
            Special::NonWin => Misbehaviour::Raise(Method::Win),
        })
    }
}

/// One client of a milestone-10 clients' test, in the order it connects: an actor (whose name
/// may break the name rule: the server refuses it), special if its name says so.
pub struct Client {
    pub actor: Actor,
    pub special: Option<Special>,
}

/// Reads the clients' test: the actors, then the optional list of special clients'
/// names (these play purchase-points when they play at all); six clients at most sign up, but
/// all of them try.
pub fn clients(values: &[Value]) -> Result<Vec<Client>, String> {
    let list = values.first().ok_or("the clients' input is empty")?;
    let parts = list
        .as_array()
        .ok_or("the clients' actors must be a JSON array")?;
    if parts.len() > MAX_CLIENTS {
        return Err(format!(
            "{} clients; at most {MAX_CLIENTS} connect",
            parts.len()
        ));
    }
    let mut clients = Vec::new();
    for (i, value) in parts.iter().enumerate() {
        let actor = actor(value, &format!("client {}", i + 1), Kinds::LOOP, false)?;
        let special = Special::from_name(&actor.name);
        clients.push(Client { actor, special });
    }
    if let Some(extra) = values.get(1) {
        let names = extra
            .as_array()
            .ok_or("the special clients must be a JSON array of names")?;
        if names.len() > MAX_CLIENTS {
            return Err(format!(
                "{} special clients; at most {MAX_CLIENTS}",
                names.len()
            ));
        }
        for name in names {
            let name = name
                .as_str()
                .ok_or("a special client is named by a string")?;
            let special =
                Special::from_name(name).ok_or_else(|| format!("unknown special client {name}"))?;
            let actor = Actor::new(name, Policy::Points, Misbehaviour::None);
            clients.push(Client {
                actor,
                special: Some(special),
            });
        }
    }
    Ok(clients)
}

/// The most clients a clients' test may name (the server signs up six; the rest are refused).
pub const MAX_CLIENTS: usize = 64;

/// The server's sign-up rule for one name: the name rule, and no name twice.
pub fn refuse_name<'a>(name: &str, mut signed: impl Iterator<Item = &'a str>) -> Option<String> {
    if !valid_name(name) {
        Some(format!(
            "{} breaks the name rule (letters and digits, 1 to 20)",
            Value::from(name)
        ))
    } else if signed.any(|s| s == name) {
        Some(format!("{name} has signed up already"))
    } else {
        None
    }
}

/// The milestone-10 sign-up in one process: the clients in order, special ones
/// behaving as their names say; bad or repeated names and silent clients never sign up; six at
/// most.
pub fn sign_up(clients: Vec<Client>) -> Vec<Actor> {
    let mut signed: Vec<Actor> = Vec::new();
    for Client { mut actor, special } in clients {
        let taken = signed.iter().map(|a| a.name.as_str());
        if signed.len() == json::MAX_PLAYERS || refuse_name(&actor.name, taken).is_some() {
            continue;
        }
        match special.map(Special::local) {
            Some(None) => continue,
            Some(Some(behaviour)) => actor.misbehaviour = behaviour,
            None => {}
        }
        signed.push(actor);
    }
    signed
}
