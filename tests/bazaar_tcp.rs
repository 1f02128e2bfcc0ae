//! Bazaar over real TCP (spec §9, §12.4, §13): `gamelab bazaar xserver PORT` and `gamelab bazaar
//! xclients PORT` as separate processes on loopback, on every milestone-10 course pair; hostile
//! peers written here (a 100 MB reply, a reply that never ends, a client that hangs up, silence);
//! the README's Python client. The in-process form is checked in bazaar_harnesses.rs.
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

/// A port that was free a moment ago (the server is retried if another took it since).
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// A running `xserver`: its process, port, and the lines it writes on stderr.
struct Server {
    child: Child,
    port: u16,
    log: std::sync::mpsc::Receiver<String>,
}

/// Starts `xserver PORT` on a free port with the server's test `input`; waits until it listens.
fn start_server(input: &str, clocks: &[&str]) -> Server {
    for _ in 0..5 {
        let port = free_port();
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
        let first = log
            .recv_timeout(Duration::from_secs(20))
            .unwrap_or_default();
        if first.starts_with("xserver: listening on port") {
            return Server { child, port, log };
        }
        let _ = child.kill();
        let _ = child.wait();
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
                let server = start_server(&std::fs::read_to_string(server_in).unwrap(), &CLOCKS);
                let clients =
                    run_clients(server.port, &std::fs::read_to_string(clients_in).unwrap());
                let (got, log) = server.result(Duration::from_secs(60));
                let clients_said = clients.join().unwrap();
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
    let readme =
        std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("README.md"))
            .unwrap();
    let code = std::fs::read_to_string(&script).unwrap();
    assert!(
        readme.contains(code.trim()),
        "README shows examples/bazaar_client.py as it is"
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
