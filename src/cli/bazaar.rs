//! `gamelab bazaar <harness>`: the course's milestone harnesses (spec §13). Each reads JSON values
//! from stdin and writes JSON values to stdout, one per line:
//!
//! - `xeq`: equations, wallet, bank → the usable equations, oriented wallet side first;
//! - `xturn`: a Game → the first player's TurnState;
//! - `xstrategy`: equations, TurnState, policy → exchanges, cards, points, wallet;
//! - `xrules`: equations, exchange request, TurnState → `false`, or the new wallet and bank;
//! - `xgames`, `xgames-blogic`, `xgames-resources`: actors, equations, Game → winners, drop-outs;
//! - `xserver CLIENTS-FILE`: the milestone-10 server input (equations, Game, optional bonus) on
//!   stdin with the clients' input (actors, optional special clients) from the file, run in one
//!   process → `[winners, drop-outs]`.
//!
//! `--timeout-ms N` sets the time limit per player call (default 600 ms, the course's).

use std::time::Duration;

use serde_json::Value;

use super::{CliError, Output};
use crate::engine::bazaar::actors::{Actor, Cheat, Misbehaviour, Player};
use crate::engine::bazaar::equations::{check_equations, usable, Equation};
use crate::engine::bazaar::json;
use crate::engine::bazaar::referee::{Method, Referee};
use crate::engine::bazaar::rules::{self, Bonus};
use crate::engine::bazaar::state::GameState;
use crate::engine::bazaar::strategy::{best_plan, Policy};
use crate::engine::bazaar::driver;

pub const HARNESSES: [&str; 8] = ["xeq", "xturn", "xstrategy", "xrules", "xgames", "xgames-blogic", "xgames-resources", "xserver"];

pub fn run(args: &[String], read_stdin: &mut dyn FnMut() -> Result<String, String>) -> Result<Output, CliError> {
    let mut limit = driver::DEFAULT_LIMIT;
    let mut rest = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        if arg == "--timeout-ms" {
            let ms = args.next().and_then(|n| n.parse::<u64>().ok()).filter(|&n| n > 0).ok_or("--timeout-ms needs a number of milliseconds")?;
            limit = Duration::from_millis(ms);
        } else {
            rest.push(arg.as_str());
        }
    }
    let (name, clients) = match rest[..] {
        ["xserver", file] => ("xserver", Some(std::fs::read_to_string(file).map_err(|e| format!("cannot read the clients' file {file}: {e}"))?)),
        ["xserver"] => return Err("xserver needs the clients' input file: gamelab bazaar xserver CLIENTS-FILE < SERVER-INPUT".into()),
        [name] if HARNESSES.contains(&name) => (name, None),
        _ => return Err(format!("expected one harness of {}", HARNESSES.join(", "))),
    };
    harness(name, &read_stdin()?, clients.as_deref(), limit).map(Output::Text)
}

/// Runs one harness on its input; the output values, one per line.
pub fn harness(name: &str, input: &str, clients: Option<&str>, limit: Duration) -> Result<String, CliError> {
    let values = json::values(input)?;
    let take = |n: usize| -> Result<&[Value], CliError> {
        if values.len() < n {
            return Err(format!("{name} reads {n} JSON values, the input has {}", values.len()));
        }
        Ok(&values[..n])
    };
    let out: Vec<Value> = match name {
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
        "xstrategy" => {
            let v = take(3)?;
            let equations = valid_equations(&v[0])?;
            let turn = json::turn_state(&v[1], "the turn state")?;
            let policy = v[2].as_str().and_then(Policy::parse).ok_or_else(|| format!("{} is not a policy (purchase-points or purchase-size)", json::short(&v[2])))?;
            let plan = best_plan(&equations, &turn.active.wallet, &turn.bank, &turn.visibles, policy);
            vec![
                json::equations_out(&plan.exchanges),
                json::cards_out(&plan.purchase.cards),
                Value::from(plan.purchase.points),
                json::bag_out(&plan.purchase.wallet),
            ]
        }
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
                return Err(format!("{} actors for {} players", actors.len(), game.players.len()));
            }
            let outcome = play(equations, game, actors, None, limit)?;
            vec![outcome.0, outcome.1]
        }
        "xserver" => {
            let equations = valid_equations(&take(2)?[0])?;
            let game = json::game(&values[1], "the game")?;
            if let Some(problem) = game.problem() {
                return Err(format!("the server refuses this game: {problem}"));
            }
            let bonus = match values.get(2) {
                None => None,
                Some(b) => Some(b.as_str().and_then(Bonus::parse).ok_or_else(|| format!("{} is not a bonus (\"RWB\" or \"SEY\")", json::short(b)))?),
            };
            let clients = json::values(clients.ok_or("xserver needs the clients' input")?).map_err(|e| format!("the clients' input: {e}"))?;
            let signed_up = sign_up(&clients)?;
            if signed_up.len() < 2 {
                vec![serde_json::json!([[], []])]
            } else {
                let mut game = game;
                let n = signed_up.len().min(game.players.len());
                game.players.truncate(n);
                let actors = signed_up.into_iter().take(n).collect();
                let (winners, dropouts) = play(equations, game, actors, bonus, limit)?;
                vec![Value::Array(vec![winners, dropouts])]
            }
        }
        other => return Err(format!("unknown harness '{other}': expected one of {}", HARNESSES.join(", "))),
    };
    Ok(out.iter().map(Value::to_string).collect::<Vec<_>>().join("\n"))
}

fn valid_equations(value: &Value) -> Result<Vec<Equation>, CliError> {
    let equations = json::equations(value, "the equations")?;
    check_equations(&equations).map_err(|e| format!("the equations: {e}"))?;
    Ok(equations)
}

/// Plays the game with the referee and the actors; winners and drop-outs as JSON.
fn play(equations: Vec<Equation>, game: GameState, actors: Vec<Actor>, bonus: Option<Bonus>, limit: Duration) -> Result<(Value, Value), CliError> {
    let names = actors.iter().map(|a| a.name.clone()).collect();
    let mut referee = Referee::new(equations, game, names, bonus)?;
    let players: Vec<Box<dyn Player>> = actors.into_iter().map(|a| Box::new(a) as Box<dyn Player>).collect();
    driver::run(&mut referee, players, limit);
    let outcome = referee.outcome().ok_or("the referee did not finish the game")?;
    Ok((Value::from(outcome.winners), Value::from(outcome.dropouts)))
}

/// Which misbehaviours an actor list may name (milestones 7, 8, 9 add one kind each).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Kinds(u8);

impl Kinds {
    const RAISE: Kinds = Kinds(1);
    const CHEAT: Kinds = Kinds(2);
    const LOOP: Kinds = Kinds(3);
}

/// A player name: letters and digits, 1 to 20 of them.
pub fn valid_name(name: &str) -> bool {
    (1..=20).contains(&name.len()) && name.chars().all(|c| c.is_ascii_alphanumeric())
}

fn actor(value: &Value, what: &str, allowed: Kinds) -> Result<Actor, CliError> {
    let parts = value.as_array().ok_or_else(|| format!("{what} must be a JSON array [name, policy, …], not {}", json::short(value)))?;
    let text = |i: usize| parts.get(i).and_then(Value::as_str);
    let name = text(0).ok_or_else(|| format!("{what}: the name must be a string"))?;
    if !valid_name(name) {
        return Err(format!("{what}: \"{name}\" is not a name (letters and digits, at most 20)"));
    }
    let policy = text(1).and_then(Policy::parse).ok_or_else(|| format!("{what}: the policy must be \"purchase-points\" or \"purchase-size\""))?;
    let misbehaviour = match parts.len() {
        2 => Misbehaviour::None,
        3 => Misbehaviour::Raise(text(2).and_then(Method::parse).ok_or_else(|| format!("{what}: {} is not a method name", json::short(&parts[2])))?),
        4 if text(2) == Some("a cheat") && allowed >= Kinds::CHEAT => {
            Misbehaviour::Cheat(text(3).and_then(Cheat::parse).ok_or_else(|| format!("{what}: {} is not a cheat", json::short(&parts[3])))?)
        }
        4 if allowed >= Kinds::LOOP => {
            let method = text(2).and_then(Method::parse).ok_or_else(|| format!("{what}: {} is not a method name", json::short(&parts[2])))?;
            let count = parts[3].as_u64().filter(|c| (1..=7).contains(c)).ok_or_else(|| format!("{what}: the count must be 1 to 7, not {}", json::short(&parts[3])))?;
            Misbehaviour::Loop(method, count as u32)
        }
        _ => return Err(format!("{what}: {} is not an actor of this harness", json::short(value))),
    };
    Ok(Actor::new(name, policy, misbehaviour))
}

fn actors(value: &Value, allowed: Kinds) -> Result<Vec<Actor>, CliError> {
    let list = value.as_array().ok_or_else(|| format!("the actors must be a JSON array, not {}", json::short(value)))?;
    let actors: Vec<Actor> = list.iter().enumerate().map(|(i, a)| actor(a, &format!("actor {}", i + 1), allowed)).collect::<Result<_, _>>()?;
    for (i, a) in actors.iter().enumerate() {
        if actors[..i].iter().any(|b| b.name == a.name) {
            return Err(format!("two actors are named {}", a.name));
        }
    }
    Ok(actors)
}

/// The protocol-level misbehaviour of the course's special clients (spec §12.4) in local form;
/// None for a client that never signs up, Some(None) for a name that is no special client.
fn special(name: &str) -> Option<Option<Misbehaviour>> {
    Some(Some(match name {
        "AAdivergeBeforeSending" => return None,
        "AAsendnameloop" => Misbehaviour::Loop(Method::Setup, 1),
        "nonSetup" => Misbehaviour::Raise(Method::Setup),
        "illTT" | "invTTBadString" => Misbehaviour::Raise(Method::PebbleOrTrades),
        "nonWin" => Misbehaviour::Raise(Method::Win),
        _ => return Some(None),
    }))
}

/// The milestone-10 sign-up (spec §9, §12.4): the clients' actors in order, then the special
/// clients named in the second value; special clients behave as their names say, bad names and
/// silent clients never sign up; six at most.
fn sign_up(clients: &[Value]) -> Result<Vec<Actor>, CliError> {
    let list = clients.first().ok_or("the clients' input is empty")?;
    let parts = list.as_array().ok_or("the clients' actors must be a JSON array")?;
    let mut signed = Vec::new();
    for (i, value) in parts.iter().enumerate() {
        match actor(value, &format!("client {}", i + 1), Kinds::LOOP) {
            Ok(mut a) => match special(&a.name) {
                None => {}
                Some(None) => signed.push(a),
                Some(Some(behaviour)) => {
                    a.misbehaviour = behaviour;
                    signed.push(a);
                }
            },
            Err(e) if e.contains("is not a name") => {} // refused at sign-up
            Err(e) => return Err(e),
        }
    }
    if let Some(extra) = clients.get(1) {
        let names = extra.as_array().ok_or("the special clients must be a JSON array of names")?;
        for name in names {
            let name = name.as_str().ok_or("a special client is named by a string")?;
            match special(name) {
                None => {}
                Some(None) => return Err(format!("unknown special client {name}")),
                Some(Some(behaviour)) => signed.push(Actor::new(name, Policy::Points, behaviour)),
            }
        }
    }
    signed.truncate(6);
    Ok(signed)
}
