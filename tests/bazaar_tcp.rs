//! Bazaar over real TCP: `gamelab bazaar xserver PORT` and `gamelab bazaar
//! xclients PORT` as separate processes on loopback, on every milestone-10 course pair, started at
//! the same moment as the course's harness starts them; hostile peers written here (a 100 MB
//! reply, a reply that never ends, a client that hangs up, silence); peers that behave as the
//! course's reference implementation does (padded messages, a schema-strict client, a server
//! that listens late, its misbehaving messages); docs/cli.md's Python client. The in-process form is checked in bazaar_harnesses.rs.
#![cfg(all(not(target_arch = "wasm32"), feature = "cli"))]

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// The clocks of these runs: a short sign-up period (the clients connect at once), a time limit
/// that a strategy search (a few milliseconds) never reaches, even on a loaded machine.
const CLOCKS: [&str; 6] = [
    "--wait-ms",
    "2500",
    "--timeout-ms",
    "1500",
    "--name-ms",
    "500",
];

/// A port that was free a moment ago (the server is retried if another took it since), and
/// never one handed out before in this run: the system may offer a port again once it is
/// released, and two pairs on one port mix their clients (one pair's server, listening,
/// signed up the other pair's clients, which were retrying after their own server found the
/// port taken).
fn free_port() -> u16 {
    static HANDED_OUT: std::sync::Mutex<std::collections::BTreeSet<u16>> =
        std::sync::Mutex::new(std::collections::BTreeSet::new());
    for _ in 0..10_000 {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .expect("a free port");
        if HANDED_OUT.lock().unwrap().insert(port) {
            return port;
        }
    }
    panic!("the system offered no port not handed out before in 10,000 tries");
}

/// A running `xserver`: its process, port, and the lines it writes on stderr.
struct Server {
    child: Child,
    port: u16,
    log: std::sync::mpsc::Receiver<String>,
}

/// Starts `xserver PORT` with the server's test `input`, without waiting for it to listen.
fn spawn_server(port: u16, input: &str, clocks: &[&str]) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamelab"))
        .args(["bazaar", "xserver", &port.to_string()])
        .args(clocks)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gamelab runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let (send, log) = std::sync::mpsc::channel();
    let stderr = BufReader::new(child.stderr.take().unwrap());
    std::thread::spawn(move || {
        for line in stderr.lines().map_while(Result::ok) {
            let _ = send.send(line);
        }
    });
    Server { child, port, log }
}

/// Starts `xserver PORT` on a free port with the server's test `input`; waits until it listens.
fn start_server(input: &str, clocks: &[&str]) -> Server {
    for _ in 0..5 {
        let mut server = spawn_server(free_port(), input, clocks);
        let first = server
            .log
            .recv_timeout(Duration::from_secs(20))
            .unwrap_or_default();
        if first.starts_with("xserver: listening on port") {
            return server;
        }
        let _ = server.child.kill();
        let _ = server.child.wait();
        assert!(
            first.contains("cannot listen"),
            "the server did not start: {first}"
        );
    }
    panic!("no free port in five tries");
}

impl Server {
    /// Waits for the result (at most `within`); its stdout as JSON, and what it logged.
    fn result(mut self, within: Duration) -> (Value, Vec<String>) {
        let end = Instant::now() + within;
        while self.child.try_wait().unwrap().is_none() {
            if Instant::now() > end {
                let _ = self.child.kill();
                panic!("the server did not finish in {within:?}");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let mut out = String::new();
        self.child
            .stdout
            .take()
            .unwrap()
            .read_to_string(&mut out)
            .unwrap();
        let log = self.log.try_iter().collect();
        let value = serde_json::from_str(&out)
            .unwrap_or_else(|e| panic!("the server printed {out:?}: {e}; log {log:?}"));
        (value, log)
    }
}

/// Runs `xclients PORT` with the clients' test `input`; its stdout once it ends (at most 60 s).
fn run_clients(port: u16, input: &str) -> std::thread::JoinHandle<String> {
    let input = input.to_string();
    std::thread::spawn(move || {
        let out = common::gamelab(&["bazaar", "xclients", &port.to_string()], &input);
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    })
}

/// Every server test with its clients' test, `(server, expected, clients)`.
fn course_pairs() -> Vec<(PathBuf, PathBuf, PathBuf)> {
    let root = common::testdata("bazaar/10-xserver");
    let mut pairs = Vec::new();
    for source in ["instructor", "instructor-1Tests", "own"] {
        for (server, clients) in [("Server", "Clients"), ("ServerBonus", "ClientsBonus")] {
            let Ok(entries) = std::fs::read_dir(root.join(source).join(server)) else {
                continue;
            };
            for entry in entries.flatten() {
                let path = entry.path();
                let name = path.file_name().unwrap().to_string_lossy().to_string();
                if let Some(n) = name.strip_suffix("-in.json") {
                    let expected = path.with_file_name(format!("{n}-out.json"));
                    let client = root.join(source).join(clients).join(&name);
                    pairs.push((path, expected, client));
                }
            }
        }
    }
    pairs.sort();
    pairs
}

fn short(path: &Path) -> String {
    let parts: Vec<_> = path.iter().map(|p| p.to_string_lossy()).collect();
    parts[parts.len().saturating_sub(3)..].join("/")
}

#[test]
fn every_course_pair_passes_as_two_processes_on_loopback() {
    let pairs = course_pairs();
    assert_eq!(
        pairs.len(),
        60,
        "49 + 1 + 3 pairs and 7 bonus pairs (testdata README)"
    );
    let failures = std::sync::Mutex::new(Vec::new());
    let next = std::sync::atomic::AtomicUsize::new(0);
    // Each pair waits out a sign-up period (fewer than six clients) and its players' time-outs.
    std::thread::scope(|scope| {
        for _ in 0..8 {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                let Some((server_in, expected, clients_in)) = pairs.get(i) else {
                    break;
                };
                // Server and clients start at the same moment, as the course's harness starts
                // them: the clients try again until the server listens.
                let (server_text, clients_text) = (
                    std::fs::read_to_string(server_in).unwrap(),
                    std::fs::read_to_string(clients_in).unwrap(),
                );
                let (got, log, clients_said) = loop {
                    let port = free_port();
                    let mut server = spawn_server(port, &server_text, &CLOCKS);
                    let clients = run_clients(port, &clients_text);
                    let first = server.log.recv_timeout(Duration::from_secs(20));
                    if !first.is_ok_and(|l| l.starts_with("xserver: listening on port")) {
                        // Another process took the port in between: again, on another.
                        let _ = server.child.kill();
                        let _ = server.child.wait();
                        let _ = clients.join();
                        continue;
                    }
                    let (got, log) = server.result(Duration::from_secs(60));
                    break (got, log, clients.join().unwrap());
                };
                let want: Value =
                    serde_json::from_str(&std::fs::read_to_string(expected).unwrap()).unwrap();
                if got != want || clients_said != "\"void\"" {
                    failures.lock().unwrap().push(format!(
                        "{}: server {got}, expected {want}; clients {clients_said}; log {log:?}",
                        short(server_in)
                    ));
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(
        failures.is_empty(),
        "{} of 60 fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The server's test of instructor pair `n`.
fn server_test(n: u32) -> String {
    common::read_text(&format!("bazaar/10-xserver/instructor/Server/{n}-in.json"))
}

/// A hand-written peer: connects, signs up as `name`.
fn peer(port: u16, name: &str) -> TcpStream {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream
        .write_all(format!("{}\n", json!(name)).as_bytes())
        .unwrap();
    stream
}

/// Reads one line (a call) from the server, or None once it hangs up.
fn next_call(reader: &mut BufReader<TcpStream>) -> Option<Value> {
    let mut line = String::new();
    match reader.read_line(&mut line) {
        Ok(0) | Err(_) => None,
        Ok(_) => serde_json::from_str(&line).ok(),
    }
}

/// Resident memory high-water mark of a process, in kB (Linux).
fn peak_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn a_hundred_megabyte_reply_is_refused_without_holding_it() {
    // Server test 1 seats three: Big, then a looping Theresa (who holds the game open for one
    // time limit, while the server's memory is read), then Adam.
    let server = start_server(&server_test(1), &CLOCKS);
    let pid = server.child.id();
    let mut big = peer(server.port, "Big");
    std::thread::sleep(Duration::from_millis(100));
    let clients = run_clients(
        server.port,
        r#"[["Theresa","purchase-size","setup",1],["Adam","purchase-points"]]"#,
    );
    let mut reader = BufReader::new(big.try_clone().unwrap());
    let call = next_call(&mut reader).expect("setup");
    assert_eq!(call[0], "setup");
    // 100 MB of an array that never closes; the server hangs up after its 1 MB limit.
    let chunk = vec![b'['; 1 << 16];
    let mut sent = 0usize;
    while sent < 100 << 20 {
        match big.write(&chunk) {
            Ok(n) => sent += n,
            Err(_) => break,
        }
    }
    assert!(sent < 100 << 20, "the server read on past its limit");
    let peak = peak_kb(pid).unwrap_or_else(|| {
        panic!(
            "the server still runs (Theresa holds the game); sent {sent}; {:?}",
            std::fs::read_to_string(format!("/proc/{pid}/status"))
        )
    });
    println!("sent {sent} bytes before the server hung up; its memory peak {peak} kB");
    assert!(peak < 64 * 1024, "the server's memory peaked at {peak} kB");
    let (result, log) = server.result(Duration::from_secs(30));
    assert_eq!(result, json!([["Adam"], ["Big", "Theresa"]]), "log {log:?}");
    assert_eq!(clients.join().unwrap(), "\"void\"");
}

#[test]
fn a_reply_that_never_ends_and_a_client_that_hangs_up_are_eliminated() {
    let server = start_server(&server_test(1), &CLOCKS);
    let started = Instant::now();
    let port = server.port;
    // Drip answers setup with a string it never closes, a byte every 50 ms.
    let drip = std::thread::spawn(move || {
        let mut stream = peer(port, "Drip");
        let mut reader = BufReader::new(stream.try_clone().unwrap());
        next_call(&mut reader).expect("setup");
        let _ = stream.write_all(b"\"");
        while stream.write_all(b"a").is_ok() && started.elapsed() < Duration::from_secs(20) {
            std::thread::sleep(Duration::from_millis(50));
        }
    });
    std::thread::sleep(Duration::from_millis(100));
    // Gone signs up and hangs up at once.
    drop(peer(port, "Gone"));
    std::thread::sleep(Duration::from_millis(100));
    let clients = run_clients(port, r#"[["Adam","purchase-points"]]"#);
    let (result, log) = server.result(Duration::from_secs(30));
    assert_eq!(result, json!([["Adam"], ["Drip", "Gone"]]), "log {log:?}");
    // Drip cost one time limit (1.5 s) and its grace, not the 20 s it would drip for.
    assert!(started.elapsed() < Duration::from_secs(12));
    assert_eq!(clients.join().unwrap(), "\"void\"");
    drip.join().unwrap();
}

#[test]
fn fewer_than_two_players_after_two_periods_is_no_game() {
    let server = start_server(&server_test(1), &["--wait-ms", "400"]);
    let started = Instant::now();
    let _alone = peer(server.port, "Alone");
    let (result, _) = server.result(Duration::from_secs(10));
    assert_eq!(result, json!([[], []]));
    assert!(
        started.elapsed() >= Duration::from_millis(700),
        "two periods of 400 ms"
    );
}

#[test]
fn six_sign_ups_start_the_game_at_once_and_names_are_checked() {
    // The course's 20 s period: six clients start the game without waiting it out.
    let server = start_server(&server_test(3), &["--timeout-ms", "1500"]);
    let started = Instant::now();
    let port = server.port;
    // Refused: a repeated name, a name that breaks the rule, a number for a name.
    let _twice = peer(port, "Adam");
    let _bad = peer(port, "no spaces allowed");
    let mut number = TcpStream::connect(("127.0.0.1", port)).unwrap();
    number.write_all(b"42\n").unwrap();
    std::thread::sleep(Duration::from_millis(200));
    let clients = run_clients(
        port,
        &common::read_text("bazaar/10-xserver/instructor/Clients/3-in.json"),
    );
    let (result, log) = server.result(Duration::from_secs(15));
    assert!(started.elapsed() < Duration::from_secs(10));
    assert_eq!(clients.join().unwrap(), "\"void\"");
    // The first Adam took a seat: the clients' own Adam was refused as a repeat.
    assert!(
        log.iter().any(|l| l.contains("Adam has signed up already")),
        "{log:?}"
    );
    assert!(
        log.iter().any(|l| l.contains("breaks the name rule")),
        "{log:?}"
    );
    assert!(
        log.iter().any(|l| l.contains("sent 42 for its name")),
        "{log:?}"
    );
    let names: Vec<&str> = result
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|l| l.as_array().unwrap())
        .map(|n| n.as_str().unwrap())
        .collect();
    assert!(
        names.contains(&"Adam"),
        "the silent first Adam is eliminated: {result}"
    );
}

#[test]
fn the_readme_python_client_plays_a_whole_game() {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/bazaar_client.py");
    let guide =
        std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/cli.md"))
            .unwrap();
    let code = std::fs::read_to_string(&script).unwrap();
    assert!(
        guide.contains(code.trim()),
        "docs/cli.md shows examples/bazaar_client.py as it is"
    );
    let server = start_server(&server_test(0), &CLOCKS);
    let clients = run_clients(server.port, r#"[["Adam","purchase-points"]]"#);
    std::thread::sleep(Duration::from_millis(200));
    let python = Command::new("python3")
        .arg(&script)
        .args(["Py", &server.port.to_string()])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    let (result, log) = server.result(Duration::from_secs(30));
    let out = python.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "python: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(clients.join().unwrap(), "\"void\"");
    assert!(
        log.iter().any(|l| l.starts_with("xserver: Py signed up")),
        "{log:?}"
    );
    // Py plays by the rules (an empty exchange and no purchase are always legal): not a drop-out.
    assert!(result[0].as_array().is_some(), "{result}");
    assert!(
        !result[1].as_array().unwrap().contains(&json!("Py")),
        "{result}"
    );
}

#[test]
fn the_command_line_names_what_is_wrong() {
    let out = common::gamelab(&["bazaar", "xserver", "99999"], &server_test(1));
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("99999 is not a port"));
    let port = free_port(); // nobody listens there
    let out = common::gamelab(
        &["bazaar", "xclients", &port.to_string()],
        r#"[["Adam","purchase-points"]]"#,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no server answered"));
    let out = common::gamelab(
        &["bazaar", "xserver", "0", "--wait-ms", "0"],
        &server_test(1),
    );
    assert_eq!(out.status.code(), Some(2));
    let out = common::gamelab(&["bazaar", "xserver", "0"], "[] {\"bank\": 3}");
    assert_eq!(out.status.code(), Some(2));
}

// Interoperation with peers that behave as the course's reference implementation does: its
// clients put 5,000 spaces before every message and check each TurnState against the
// milestone's schema; its server takes seconds to listen; its misbehaving clients send bare
// words, cut literals and values of the wrong kind.

/// The spaces the reference client sends before every message.
const REFERENCE_PADDING: usize = 5000;

/// Milestone 10's Player as a strict client checks it: exactly a wallet, a score and cards.
fn strict_player(player: &Value) -> Result<(), String> {
    let map = player.as_object().ok_or("the player is not an object")?;
    let mut keys: Vec<&str> = map.keys().map(String::as_str).collect();
    keys.sort_unstable();
    if keys != ["cards", "score", "wallet"] {
        return Err(format!("the player has the fields {keys:?}"));
    }
    if !map["cards"].is_array() || !map["wallet"].is_array() || !map["score"].is_u64() {
        return Err(format!(
            "the player's fields are of the wrong kinds: {player}"
        ));
    }
    Ok(())
}

/// Milestone 10's TurnState as a strict client checks it.
fn strict_turn_state(turn: &Value) -> Result<(), String> {
    let map = turn.as_object().ok_or("the turn state is not an object")?;
    let mut keys: Vec<&str> = map.keys().map(String::as_str).collect();
    keys.sort_unstable();
    if keys != ["active", "bank", "cards", "scores"] {
        return Err(format!("the turn state has the fields {keys:?}"));
    }
    strict_player(&map["active"])
}

/// A client as the reference writes one: pads every message, checks every call's schema (and
/// hangs up on one that fails it, as the reference's player does), asks for a pebble on every
/// turn and buys nothing. Returns how many calls it answered, or why it hung up.
fn reference_client(port: u16, name: &str) -> Result<usize, String> {
    let padded = |v: Value| format!("{}{v}", " ".repeat(REFERENCE_PADDING));
    let mut stream = TcpStream::connect(("127.0.0.1", port)).map_err(|e| e.to_string())?;
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    stream.write_all(padded(json!(name)).as_bytes()).unwrap();
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut answered = 0;
    while let Some(call) = next_call(&mut reader) {
        let (method, arg) = (call[0].as_str().unwrap_or(""), &call[1][0]);
        let reply = match method {
            "setup" | "win" => json!("void"),
            "request-pebble-or-trades" | "request-cards" => {
                strict_turn_state(arg).map_err(|e| format!("{name} refuses {call}: {e}"))?;
                if method == "request-cards" {
                    json!([])
                } else {
                    json!(false)
                }
            }
            _ => return Err(format!("{name} got the call {call}")),
        };
        if stream.write_all(padded(reply).as_bytes()).is_err() {
            break;
        }
        answered += 1;
    }
    Ok(answered)
}

#[test]
fn clients_that_pad_every_message_and_check_the_schema_play_a_whole_game() {
    // Server test 5 seats two; the reference's clients sign up in its place.
    let server = start_server(&server_test(5), &CLOCKS);
    let port = server.port;
    let clients: Vec<_> = ["Ref1", "Ref2"]
        .into_iter()
        .map(|name| {
            let client = std::thread::spawn(move || reference_client(port, name));
            std::thread::sleep(Duration::from_millis(100)); // in this order
            client
        })
        .collect();
    let (result, log) = server.result(Duration::from_secs(60));
    for client in clients {
        let answered = client
            .join()
            .unwrap()
            .unwrap_or_else(|e| panic!("{e}; log {log:?}"));
        assert!(
            answered >= 3,
            "setup, at least one turn and win: {answered}"
        );
    }
    assert_eq!(result[1], json!([]), "nobody dropped out; log {log:?}");
    assert!(!result[0].as_array().unwrap().is_empty(), "{result}");
}

#[test]
fn the_clients_wait_for_a_server_that_listens_three_seconds_late() {
    let port = free_port();
    let clients = run_clients(
        port,
        r#"[["Adam","purchase-points"],["Eve","purchase-size"]]"#,
    );
    std::thread::sleep(Duration::from_secs(3));
    let listener = TcpListener::bind(("127.0.0.1", port)).expect("the port is still free");
    listener.set_nonblocking(true).unwrap();
    let mut names = Vec::new();
    let until = Instant::now() + Duration::from_secs(15);
    while names.len() < 2 {
        let stream = match listener.accept() {
            Ok((stream, _)) => stream,
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock && Instant::now() < until => {
                std::thread::sleep(Duration::from_millis(20));
                continue;
            }
            Err(e) => panic!(
                "the clients did not come ({e}); they said {:?}",
                clients.join()
            ),
        };
        stream.set_nonblocking(false).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        let mut reader = BufReader::new(stream);
        let value = gamelab::engine::bazaar::wire::read_value(&mut reader, 256).unwrap();
        names.push(value);
    } // the server hangs up: the clients are done
    assert_eq!(names, [json!("Adam"), json!("Eve")]);
    assert_eq!(clients.join().unwrap(), "\"void\"");
}

#[test]
fn the_clients_give_up_on_a_server_that_never_listens_in_ten_seconds() {
    let started = Instant::now();
    let out = common::gamelab(
        &["bazaar", "xclients", &free_port().to_string()],
        r#"[["Adam","purchase-points"],["Eve","purchase-size"]]"#,
    );
    let took = started.elapsed();
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("no server answered"), "{said}");
    assert!(
        took >= Duration::from_secs(9) && took < Duration::from_secs(30),
        "{took:?}"
    );
}

#[test]
fn the_reference_misbehaving_messages_eliminate_their_senders_only() {
    // Server test 3 seats six: three misbehaving peers and two of gamelab's clients sign up.
    let server = start_server(&server_test(3), &CLOCKS);
    let port = server.port;
    let misbehave = |name: &'static str, setup: Vec<u8>, turn: Option<Vec<u8>>| {
        std::thread::spawn(move || {
            let mut stream = peer(port, name);
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            while let Some(call) = next_call(&mut reader) {
                let reply = match (call[0].as_str(), &turn) {
                    (Some("setup"), _) => setup.clone(),
                    (_, Some(turn)) => turn.clone(),
                    _ => b"\"void\"\n".to_vec(),
                };
                if stream.write_all(&reply).is_err() {
                    break;
                }
            }
        })
    };
    let peers = [
        misbehave("Void", b"void\n".to_vec(), None),
        misbehave(
            "Fals",
            format!("{}fals\n", " ".repeat(4095)).into_bytes(),
            None,
        ),
        misbehave("True", b"\"void\"\n".to_vec(), Some(b"true\n".to_vec())),
    ];
    std::thread::sleep(Duration::from_millis(300));
    let clients = run_clients(
        port,
        r#"[["Adam","purchase-points"],["Eve","purchase-size"]]"#,
    );
    let (result, log) = server.result(Duration::from_secs(60));
    let mut dropped: Vec<&str> = result[1]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    dropped.sort_unstable();
    assert_eq!(dropped, ["Fals", "True", "Void"], "log {log:?}");
    assert_eq!(clients.join().unwrap(), "\"void\"");
    for p in peers {
        p.join().unwrap();
    }
}
