//! `gamelab bazaar xserver PORT`: the course's milestone-10 server over TCP. It
//! reads the server's test on stdin, signs clients up (each sends its name as a JSON string),
//! runs the referee with them as remote players (a call is `["method-name", [arg]]`, a reply one
//! JSON value) and prints `[[winners…], [drop-outs…]]`. Sign-ups and refusals go to stderr.

use std::io::{BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::super::CliError;
use crate::engine::bazaar::actors::Player;
use crate::engine::bazaar::cards::Card;
use crate::engine::bazaar::driver;
use crate::engine::bazaar::equations::Equation;
use crate::engine::bazaar::harness::{outcome_values, refuse_name, server_test};
use crate::engine::bazaar::json::{self, MAX_PLAYERS};
use crate::engine::bazaar::referee::{Call, Referee, Reply};
use crate::engine::bazaar::state::TurnState;
use crate::engine::bazaar::wire::{self, read_value, MAX_MESSAGE_BYTES};

/// The server's clocks; the course's values by default.
#[derive(Clone, Copy, Debug)]
pub struct Clocks {
    /// One sign-up period (the server waits at most two for two players).
    pub wait: Duration,
    /// A client's time to send its name once connected.
    pub name: Duration,
    /// A player's time to answer one call (the course's xserver harness: 5 s).
    pub call: Duration,
}

impl Default for Clocks {
    fn default() -> Clocks {
        Clocks {
            wait: Duration::from_secs(20),
            name: Duration::from_secs(3),
            call: Duration::from_secs(5),
        }
    }
}

/// How many sign-up periods the server waits for two players.
const PERIODS: usize = 2;
/// A name is a JSON string of at most 20 letters: a value much longer is refused unread (the
/// whitespace before it, of any length, does not count).
const MAX_NAME_BYTES: usize = 256;
/// How long the accepting loop sleeps when nobody is waiting to connect.
const ACCEPT_POLL: Duration = Duration::from_millis(5);

/// Runs the server on `port` (0: any free port) with the server's test `input`.
pub fn serve(port: u16, input: &str, clocks: Clocks) -> Result<String, CliError> {
    let values = json::values(input)?;
    let (equations, mut game, bonus) = server_test(&values)?;
    let listener = TcpListener::bind(("0.0.0.0", port))
        .map_err(|e| format!("cannot listen on port {port}: {e}"))?;
    let bound = listener
        .local_addr()
        .map_err(|e| format!("cannot listen on port {port}: {e}"))?;
    eprintln!("xserver: listening on port {}", bound.port());
    let mut signed = sign_up(&listener, clocks);
    drop(listener); // later clients are refused by the system
    if signed.len() < 2 {
        eprintln!("xserver: fewer than two players signed up: no game");
        return Ok(serde_json::json!([[], []]).to_string());
    }
    let n = signed.len().min(game.players.len());
    game.players.truncate(n);
    signed.truncate(n);
    let names = signed.iter().map(|c| c.name.clone()).collect();
    let mut referee = Referee::new(equations, game, names, bonus)?;
    let players = signed
        .into_iter()
        .map(|c| Box::new(c.player(clocks.call)) as Box<dyn Player>)
        .collect();
    driver::run(&mut referee, players, clocks.call);
    let outcome = referee
        .outcome()
        .ok_or("the referee did not finish the game")?;
    Ok(outcome_values(&outcome, true)
        .iter()
        .map(Value::to_string)
        .collect::<Vec<_>>()
        .join("\n"))
}

/// A client that sent an acceptable name.
struct SignedUp {
    name: String,
    stream: TcpStream,
    reader: BufReader<Deadline>,
}

/// Accepts clients one after another (sign-up order is connection order) until six have signed
/// up or a period ends with at least two; at most `PERIODS` periods.
fn sign_up(listener: &TcpListener, clocks: Clocks) -> Vec<SignedUp> {
    let mut signed: Vec<SignedUp> = Vec::new();
    if let Err(e) = listener.set_nonblocking(true) {
        eprintln!("xserver: cannot poll for clients: {e}");
        return signed;
    }
    for _ in 0..PERIODS {
        let end = Instant::now() + clocks.wait;
        while signed.len() < MAX_PLAYERS && Instant::now() < end {
            match listener.accept() {
                Ok((stream, from)) => {
                    if let Some(client) = read_name(stream, from, &signed, clocks.name) {
                        eprintln!("xserver: {} signed up (from {from})", client.name);
                        signed.push(client);
                    }
                }
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                    std::thread::sleep(ACCEPT_POLL)
                }
                Err(e) => {
                    eprintln!("xserver: a connection failed: {e}");
                    std::thread::sleep(ACCEPT_POLL);
                }
            }
        }
        if signed.len() >= 2 {
            break;
        }
    }
    signed
}

/// Reads a new client's name within `limit`; None (and a note on stderr) if it is refused.
fn read_name(
    stream: TcpStream,
    from: SocketAddr,
    signed: &[SignedUp],
    limit: Duration,
) -> Option<SignedUp> {
    let refuse = |why: String| {
        eprintln!("xserver: refused the client from {from}: {why}");
        None
    };
    let reading = match stream
        .set_nonblocking(false)
        .and_then(|_| stream.try_clone())
    {
        Ok(s) => s,
        Err(e) => return refuse(format!("the connection failed: {e}")),
    };
    let mut reader = BufReader::new(Deadline::new(reading));
    reader.get_mut().allow(limit);
    let name = match read_value(&mut reader, MAX_NAME_BYTES) {
        Ok(Value::String(name)) => name,
        Ok(other) => return refuse(format!("it sent {} for its name", json::short(&other))),
        Err(e) => return refuse(format!("{e} for its name")),
    };
    if let Some(why) = refuse_name(&name, signed.iter().map(|c| c.name.as_str())) {
        return refuse(why);
    }
    Some(SignedUp {
        name,
        stream,
        reader,
    })
}

impl SignedUp {
    fn player(self, limit: Duration) -> RemotePlayer {
        let _ = self.stream.set_write_timeout(Some(limit));
        RemotePlayer {
            name: self.name,
            line: Some((self.stream, self.reader)),
            limit,
        }
    }
}

/// A socket read that gives up at a deadline, however the peer drips its bytes.
struct Deadline {
    stream: TcpStream,
    until: Instant,
}

impl Deadline {
    fn new(stream: TcpStream) -> Deadline {
        Deadline {
            stream,
            until: Instant::now(),
        }
    }

    fn allow(&mut self, time: Duration) {
        self.until = Instant::now() + time;
    }
}

impl Read for Deadline {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let left = self.until.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(std::io::ErrorKind::TimedOut.into());
        }
        self.stream.set_read_timeout(Some(left))?;
        self.stream.read(buf)
    }
}

/// Some time past the limit before a player's own thread stops reading: the driver has
/// eliminated it by then, and the thread ends instead of waiting for ever.
const GRACE: Duration = Duration::from_millis(500);

/// A player at the other end of a connection.
struct RemotePlayer {
    name: String,
    /// None once hung up on.
    line: Option<(TcpStream, BufReader<Deadline>)>,
    limit: Duration,
}

impl RemotePlayer {
    /// Sends a call and reads the reply. A player whose reply is refused is hung up on at once
    /// (it is eliminated): whatever it still sends is not read, nor kept by the system.
    fn ask(&mut self, call: Call) -> Result<Reply, String> {
        let Some((stream, reader)) = self.line.as_mut() else {
            return Err("the connection is closed".into());
        };
        let reply = exchange(stream, reader, self.limit, call);
        if reply.is_err() {
            self.line = None;
        }
        reply
    }
}

fn exchange(
    stream: &mut TcpStream,
    reader: &mut BufReader<Deadline>,
    limit: Duration,
    call: Call,
) -> Result<Reply, String> {
    stream
        .write_all(&wire::line(&json::call_out(&call)))
        .map_err(|e| format!("the connection failed: {e}"))?;
    reader.get_mut().allow(limit + GRACE);
    let value = read_value(reader, MAX_MESSAGE_BYTES).map_err(|e| e.to_string())?;
    json::reply_in(call.method(), &value)
}

impl Player for RemotePlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn setup(&mut self, equations: &[Equation]) -> Result<(), String> {
        self.ask(Call::Setup(equations.to_vec())).map(|_| ())
    }

    fn request_pebble_or_trades(
        &mut self,
        turn: &TurnState,
    ) -> Result<Option<Vec<Equation>>, String> {
        match self.ask(Call::PebbleOrTrades(turn.clone()))? {
            Reply::Trades(exchanges) => Ok(Some(exchanges)),
            Reply::Pebble => Ok(None),
            other => Err(format!("it answered {other:?} to request-pebble-or-trades")),
        }
    }

    fn request_cards(&mut self, turn: &TurnState) -> Result<Vec<Card>, String> {
        match self.ask(Call::Cards(turn.clone()))? {
            Reply::Cards(cards) => Ok(cards),
            other => Err(format!("it answered {other:?} to request-cards")),
        }
    }

    fn win(&mut self, won: bool) -> Result<(), String> {
        self.ask(Call::Win(won)).map(|_| ())
    }
}
