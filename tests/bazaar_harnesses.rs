//! Every valid course test of tests/data/bazaar through the harnesses, compared with the
//! course's conventions (`harness::same_output`): multisets where the course compared
//! multisets. Tests in
//! `invalid/` folders are skipped. Pass counts per harness are printed (`--nocapture`).
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::path::{Path, PathBuf};
use std::time::Duration;

use gamelab::cli::bazaar::harness;
use gamelab::engine::bazaar::harness::same_output;
use gamelab::engine::bazaar::json;
use serde_json::Value;

/// Time limit per player call in these runs: long enough for any strategy search here, short
/// enough that the looping actors of milestone 9 are kicked quickly.
const LIMIT: Duration = Duration::from_millis(250);

/// (input, expected output, clients' input for xserver) of every valid test of a harness.
fn cases(folder: &str) -> Vec<(PathBuf, PathBuf, Option<PathBuf>)> {
    let root = common::testdata("bazaar").join(folder);
    let mut found = Vec::new();
    let mut stack = vec![root];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or_default()
                .to_string();
            if path.is_dir() {
                if name != "invalid" && name != "Clients" && name != "ClientsBonus" {
                    stack.push(path);
                }
            } else if let Some(n) = name.strip_suffix("-in.json") {
                let expected = path.with_file_name(format!("{n}-out.json"));
                let clients = match dir.file_name().and_then(|d| d.to_str()) {
                    Some("Server") => {
                        Some(dir.with_file_name("Clients").join(format!("{n}-in.json")))
                    }
                    Some("ServerBonus") => Some(
                        dir.with_file_name("ClientsBonus")
                            .join(format!("{n}-in.json")),
                    ),
                    _ => None,
                };
                if expected.exists() {
                    found.push((path, expected, clients));
                }
            }
        }
    }
    found.sort();
    found
}

/// Runs every valid test of a harness; the failures, described.
fn run_all(folder: &str, name: &str) -> (usize, Vec<String>) {
    let all = cases(folder);
    let failures = std::sync::Mutex::new(Vec::new());
    let next = std::sync::atomic::AtomicUsize::new(0);
    // Many games wait on looping players' time limits: run several at once.
    std::thread::scope(|scope| {
        for _ in 0..12 {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                let Some((input, expected, clients)) = all.get(i) else {
                    break;
                };
                let text = std::fs::read_to_string(input).unwrap();
                let clients_text = clients.as_ref().map(|c| {
                    std::fs::read_to_string(c).unwrap_or_else(|_| panic!("no {}", c.display()))
                });
                let want = json::values(&std::fs::read_to_string(expected).unwrap()).unwrap();
                let verdict = match harness(name, &text, clients_text.as_deref(), LIMIT) {
                    Err(e) => Some(format!("{}: error {e}", short(input))),
                    Ok(out) => {
                        let got = json::values(&out).unwrap();
                        (!same_output(name, &got, &want)).then(|| {
                            format!(
                                "{}: got {out}, expected {}",
                                short(input),
                                Value::from(want.clone())
                            )
                        })
                    }
                };
                if let Some(v) = verdict {
                    failures.lock().unwrap().push(v);
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    println!(
        "{name}: {} of {} course tests pass",
        all.len() - failures.len(),
        all.len()
    );
    (all.len(), failures)
}

fn short(path: &Path) -> String {
    path.components()
        .rev()
        .take(3)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .map(|c| c.as_os_str().to_string_lossy().to_string())
        .collect::<Vec<_>>()
        .join("/")
}

fn check(folder: &str, name: &str, expected_count: usize) {
    let (count, failures) = run_all(folder, name);
    assert_eq!(
        count, expected_count,
        "{name}: the number of valid tests (testdata/bazaar/README.md)"
    );
    assert!(
        failures.is_empty(),
        "{name}: {} of {count} fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn xeq_every_course_test() {
    check("3-xeq", "xeq", 42);
}

#[test]
fn xturn_every_course_test() {
    check("4-xturn", "xturn", 81);
}

#[test]
fn xstrategy_every_course_test() {
    check("5-xstrategy", "xstrategy", 78);
}

#[test]
fn xrules_every_course_test() {
    check("6-xrules", "xrules", 105);
}

#[test]
fn xgames_every_course_test() {
    check("7-xgames", "xgames", 216);
}

#[test]
fn xgames_blogic_every_course_test() {
    check("8-xgames-blogic", "xgames-blogic", 235);
}

#[test]
fn xgames_resources_every_course_test() {
    check("9-xgames-resources", "xgames-resources", 280);
}

#[test]
fn xserver_every_course_test() {
    // 49 instructor pairs, 7 bonus pairs, 1 extra instructor pair, 3 of the team's own.
    check("10-xserver", "xserver", 60);
}

#[test]
fn invalid_tests_fail() {
    // The tests known to be wrong must not pass: they would mean a rule is off.
    for (folder, name) in [
        ("5-xstrategy/invalid", "xstrategy"),
        ("7-xgames/invalid", "xgames"),
    ] {
        let mut checked = 0;
        for (input, expected, _) in cases(folder) {
            let want = json::values(&std::fs::read_to_string(&expected).unwrap()).unwrap();
            let out =
                harness(name, &std::fs::read_to_string(&input).unwrap(), None, LIMIT).unwrap();
            let got = json::values(&out).unwrap();
            assert!(
                !same_output(name, &got, &want),
                "{} passes but is known to be wrong",
                input.display()
            );
            checked += 1;
        }
        assert!(checked > 0, "{folder} has tests");
    }
}
