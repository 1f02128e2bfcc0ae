//! `gamelab bazaar xclients PORT [IP]`: the course's milestone-10 clients over TCP
//! (docs/bazaar-wire.md). It reads the clients' test on stdin and connects one client per actor, in order (the
//! server signs them up in that order); each sends its name and answers the server's calls with
//! its actor's strategy and misbehaviour, for real on the wire: an exception closes the
//! connection, an endless loop goes silent, and the special clients of the bonus tests send what
//! their names say. It prints `"void"` once every connection has ended.

use std::io::{BufReader, ErrorKind, Write};
use std::net::{SocketAddr, TcpStream, ToSocketAddrs};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use super::super::CliError;
use crate::engine::bazaar::actors::call;
use crate::engine::bazaar::harness::{clients, Client, Special};
use crate::engine::bazaar::json::{self, reply_out};
use crate::engine::bazaar::referee::Method;
use crate::engine::bazaar::wire::{self, call_in, read_value, WireError, MAX_MESSAGE_BYTES};

/// The longest a client takes to connect (and to send one message).
const CONNECT_LIMIT: Duration = Duration::from_secs(5);
/// How long the clients keep trying a server that refuses connections: the course's harness
/// starts server and clients at the same moment, and a server may take seconds to listen (the
/// reference's takes up to 4 s; its clients retry for 10 s, as these do).
const RETRY_FOR: Duration = Duration::from_secs(10);
/// The pause between two tries.
const RETRY_EVERY: Duration = Duration::from_millis(250);
/// The longest a client waits for the server's next call before it gives up.
const IDLE_LIMIT: Duration = Duration::from_secs(300);

/// Connects the clients of `input` to the server at `ip`:`port` and plays until it closes them.
pub fn connect(port: u16, ip: &str, input: &str) -> Result<String, CliError> {
    let values = json::values(input)?;
    let clients = clients(&values)?;
    let server: SocketAddr = (ip, port)
        .to_socket_addrs()
        .map_err(|e| format!("{ip} is not an address: {e}"))?
        .next()
        .ok_or_else(|| format!("{ip} is not an address"))?;
    let mut playing = Vec::new();
    let mut refused = None;
    // One deadline for all: once a server listens, the clients connect at once.
    let retry_until = Instant::now() + RETRY_FOR;
    for client in clients {
        let name = client.actor.name.clone();
        match sign_up(client, server, retry_until) {
            Ok(thread) => playing.push(thread),
            Err(e) => {
                eprintln!("xclients: {name} could not connect to {server}: {e}");
                refused.get_or_insert(e);
            }
        }
    }
    if playing.is_empty() {
        if let Some(e) = refused {
            return Err(format!("no server answered at {server}: {e}"));
        }
    }
    for thread in playing {
        let _ = thread.join();
    }
    Ok(json!("void").to_string())
}

/// Connects one client and sends its name (before the next client connects, so that any
/// server sees the clients in order); its thread then plays.
fn sign_up(
    client: Client,
    server: SocketAddr,
    retry_until: Instant,
) -> std::io::Result<std::thread::JoinHandle<()>> {
    let mut stream = connect_retrying(server, retry_until)?;
    stream.set_write_timeout(Some(CONNECT_LIMIT))?;
    stream.set_read_timeout(Some(IDLE_LIMIT))?;
    if client.special != Some(Special::DivergeBeforeSending) {
        stream.write_all(&wire::line(&Value::from(client.actor.name.as_str())))?;
    }
    Ok(std::thread::spawn(move || play(client, stream)))
}

/// Connects to `server`, trying again while it refuses, until `retry_until`.
fn connect_retrying(server: SocketAddr, retry_until: Instant) -> std::io::Result<TcpStream> {
    loop {
        match TcpStream::connect_timeout(&server, CONNECT_LIMIT) {
            Err(e) if e.kind() == ErrorKind::ConnectionRefused && Instant::now() < retry_until => {
                std::thread::sleep(RETRY_EVERY)
            }
            result => return result,
        }
    }
}

/// What a client sends back for one call: a reply, nothing (it has gone silent), or it hangs up.
enum Answer {
    Send(Vec<u8>),
    Silent,
    HangUp(String),
}

fn play(mut client: Client, stream: TcpStream) {
    let name = client.actor.name.clone();
    let Ok(mut writer) = stream.try_clone() else {
        return;
    };
    let mut reader = BufReader::new(stream);
    let mut silent = client.special == Some(Special::DivergeBeforeSending);
    loop {
        let value = match read_value(&mut reader, MAX_MESSAGE_BYTES) {
            Ok(value) => value,
            Err(WireError::Closed) => return,
            Err(WireError::Io(ErrorKind::WouldBlock | ErrorKind::TimedOut, _)) => {
                eprintln!(
                    "xclients: {name}: no call from the server in {} s: it gives up",
                    IDLE_LIMIT.as_secs()
                );
                return;
            }
            Err(e) => {
                eprintln!("xclients: {name}: the server {e}");
                return;
            }
        };
        if silent {
            continue; // reads on until the server hangs up
        }
        let answer = match call_in(&value) {
            Ok(c) => answer(&mut client, &c),
            Err(e) => Answer::HangUp(format!("the server's call: {e}")),
        };
        match answer {
            Answer::Send(bytes) => {
                if writer.write_all(&bytes).is_err() {
                    return;
                }
            }
            Answer::Silent => silent = true,
            Answer::HangUp(why) => {
                eprintln!("xclients: {name} hangs up: {why}");
                return;
            }
        }
    }
}

/// The client's answer to a call: its special behaviour, else its actor's.
fn answer(client: &mut Client, c: &crate::engine::bazaar::referee::Call) -> Answer {
    let method = c.method();
    let turn = matches!(method, Method::PebbleOrTrades | Method::Cards);
    let odd = |v: Value| Answer::Send(wire::line(&v));
    match client.special {
        Some(Special::SendNameLoop | Special::DivergeBeforeSending) => return Answer::Silent,
        Some(Special::NonSetup) if method == Method::Setup => return odd(json!("ready")),
        Some(Special::IllTurn) if turn => return Answer::Send(b"[false,,]\n".to_vec()),
        Some(Special::BadStringTurn) if turn => return odd(json!("a pebble, please")),
        Some(Special::NonWin) if method == Method::Win => return odd(json!("thanks")),
        _ => {}
    }
    if client.actor.loops_on_next(method) {
        return Answer::Silent;
    }
    match call(&mut client.actor, c) {
        Ok(reply) => Answer::Send(wire::line(&reply_out(&reply))),
        Err(e) => Answer::HangUp(e),
    }
}
