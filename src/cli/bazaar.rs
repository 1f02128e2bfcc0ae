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
use crate::engine::bazaar::actors::Player;
use crate::engine::bazaar::driver;
pub use crate::engine::bazaar::harness::HARNESSES;
use crate::engine::bazaar::harness::{outcome_values, prepare, Prepared};
use crate::engine::bazaar::referee::Referee;

pub fn run(
    args: &[String],
    read_stdin: &mut dyn FnMut() -> Result<String, String>,
) -> Result<Output, CliError> {
    let mut limit = driver::DEFAULT_LIMIT;
    let mut rest = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        if arg == "--timeout-ms" {
            // A looping player costs a game up to one time limit per call: keep it to a minute.
            let ms = args
                .next()
                .and_then(|n| n.parse::<u64>().ok())
                .filter(|&n| (1..=60_000).contains(&n))
                .ok_or("--timeout-ms needs a number of milliseconds from 1 to 60000")?;
            limit = Duration::from_millis(ms);
        } else {
            rest.push(arg.as_str());
        }
    }
    let (name, clients) = match rest[..] {
        ["xserver", file] => ("xserver", Some(super::read_file(file).map_err(|e| format!("the clients' file: {e}"))?)),
        ["xserver"] => return Err("xserver needs the clients' input file: gamelab bazaar xserver CLIENTS-FILE < SERVER-INPUT".into()),
        [name] if HARNESSES.contains(&name) => (name, None),
        _ => return Err(format!("expected one harness of {}", HARNESSES.join(", "))),
    };
    harness(name, &read_stdin()?, clients.as_deref(), limit).map(Output::Text)
}

/// Runs one harness on its input; the output values, one per line.
pub fn harness(
    name: &str,
    input: &str,
    clients: Option<&str>,
    limit: Duration,
) -> Result<String, CliError> {
    let out = match prepare(name, input, clients)? {
        Prepared::Done(values) => values,
        Prepared::Game {
            equations,
            game,
            actors,
            bonus,
            server,
        } => {
            let names = actors.iter().map(|a| a.name.clone()).collect();
            let mut referee = Referee::new(equations, game, names, bonus)?;
            let players: Vec<Box<dyn Player>> = actors
                .into_iter()
                .map(|a| Box::new(a) as Box<dyn Player>)
                .collect();
            driver::run(&mut referee, players, limit);
            outcome_values(
                &referee
                    .outcome()
                    .ok_or("the referee did not finish the game")?,
                server,
            )
        }
    };
    Ok(out
        .iter()
        .map(Value::to_string)
        .collect::<Vec<_>>()
        .join("\n"))
}
