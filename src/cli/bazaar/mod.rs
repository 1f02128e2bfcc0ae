//! `gamelab bazaar <harness>`: the course's milestone harnesses. Each reads JSON values
//! from stdin and writes JSON values to stdout, one per line:
//!
//! - `xeq`: equations, wallet, bank → the usable equations, oriented wallet side first;
//! - `xturn`: a Game → the first player's TurnState;
//! - `xstrategy`: equations, TurnState, policy → exchanges, cards, points, wallet;
//! - `xrules`: equations, exchange request, TurnState → `false`, or the new wallet and bank;
//! - `xgames`, `xgames-blogic`, `xgames-resources`: actors, equations, Game → winners, drop-outs;
//! - `xserver PORT`: the milestone-10 server over TCP (`server`): the server's test (equations,
//!   Game, optional bonus) on stdin, clients sign up on PORT → `[winners, drop-outs]`;
//! - `xclients PORT [IP]`: the milestone-10 clients over TCP (`clients`): the clients' test
//!   (actors, optional special clients) on stdin, one connection each → `"void"`;
//! - `xserver CLIENTS-FILE`: both halves in one process (no network), the clients' test from the
//!   file → `[winners, drop-outs]`.
//!
//! `--timeout-ms N` sets the time limit per player call (default 600 ms, the course's; 5 s for
//! the TCP server, as the course's xserver). The TCP server also takes `--wait-ms N` (a sign-up
//! period, default 20 s) and `--name-ms N` (a client's time to send its name, default 3 s).

mod clients;
mod server;

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
    let mut limit = None;
    let mut clocks = server::Clocks::default();
    let mut rest = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        // A looping player costs a game up to one time limit per call: keep each to a minute.
        let mut millis = |what: &str| {
            args.next()
                .and_then(|n| n.parse::<u64>().ok())
                .filter(|&n| (1..=60_000).contains(&n))
                .map(Duration::from_millis)
                .ok_or_else(|| format!("{arg} needs {what} in milliseconds, from 1 to 60000"))
        };
        match arg.as_str() {
            "--timeout-ms" => limit = Some(millis("a time limit")?),
            "--wait-ms" => clocks.wait = millis("a sign-up period")?,
            "--name-ms" => clocks.name = millis("a time")?,
            _ => rest.push(arg.as_str()),
        }
    }
    let port = |text: &str| -> Result<u16, CliError> {
        text.parse::<u16>()
            .map_err(|_| format!("{text} is not a port (0 to 65535)"))
    };
    let is_port = |text: &str| !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    let (name, clients) = match rest[..] {
        ["xserver", p] if is_port(p) => {
            clocks.call = limit.unwrap_or(clocks.call);
            return Ok(Output::Text(server::serve(port(p)?, &read_stdin()?, clocks)?));
        }
        ["xclients", p] => return clients::connect(port(p)?, "127.0.0.1", &read_stdin()?).map(Output::Text),
        ["xclients", p, ip] => return clients::connect(port(p)?, ip, &read_stdin()?).map(Output::Text),
        ["xclients", ..] => return Err("xclients takes a port and an optional address: gamelab bazaar xclients PORT [IP] < CLIENTS-INPUT".into()),
        ["xserver", file] => ("xserver", Some(super::read_file(file).map_err(|e| format!("the clients' file: {e}"))?)),
        ["xserver"] => return Err("xserver takes a port (gamelab bazaar xserver PORT < SERVER-INPUT) or, to run both halves in one process, the clients' input file (gamelab bazaar xserver CLIENTS-FILE < SERVER-INPUT)".into()),
        [name] if HARNESSES.contains(&name) => (name, None),
        _ => return Err(format!("expected one harness of {}, xclients", HARNESSES.join(", "))),
    };
    let limit = limit.unwrap_or(driver::DEFAULT_LIMIT);
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
