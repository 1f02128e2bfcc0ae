//! The command line's limits, through the real binary: huge, hostile and out-of-range inputs
//! finish with a clear message (exit status 2 for bad input, 3 for a budget spent), never a
//! hang, an abort, a silent cut or a wrong answer.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::io::Read;
use std::process::{Command, Stdio};

use common::gamelab;
use serde_json::{json, Value};

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Runs a command that must fail with `status`, its message containing `words`.
fn fails(args: &[&str], input: &str, status: i32, words: &str) {
    let out = gamelab(args, input);
    assert_eq!(
        out.status.code(),
        Some(status),
        "{args:?} on {}: {}",
        &input[..input.len().min(200)],
        stderr(&out)
    );
    assert!(
        stderr(&out).contains(words),
        "{args:?}: expected '{words}' in: {}",
        stderr(&out)
    );
}

// ---------------------------------------------------------------------------------------------
// ADE: pictures and histories

fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(
        &bytes[..8],
        &[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A]
    );
    (
        u32::from_be_bytes(bytes[16..20].try_into().unwrap()),
        u32::from_be_bytes(bytes[20..24].try_into().unwrap()),
    )
}

#[test]
fn an_endless_play_s_picture_is_scaled_to_the_pixel_limit_and_compressed() {
    let out = gamelab(
        &["ade", "png"],
        r#"{"graph":"E9","values":[1,0,0,0,0,0,0,0,0]}"#,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let (w, h) = png_size(&out.stdout);
    assert!(
        w <= 16_384 && h <= 16_384 && (w as u64) * (h as u64) <= 16_000_000,
        "{w} x {h}"
    );
    assert!(out.stdout.len() < 4 << 20, "{} bytes", out.stdout.len());
    let tga = gamelab(
        &["ade", "tga"],
        r#"{"graph":"E9","values":[1,0,0,0,0,0,0,0,0]}"#,
    );
    assert!(tga.status.success(), "{}", stderr(&tga));
    let image = gamelab::draw::tga::decode(&tga.stdout).expect("a TGA");
    assert_eq!((image.width(), image.height()), (w, h));
}

#[test]
fn firing_many_layers_stops_at_the_history_limit_on_every_path() {
    let request = r#"{"graph":"E10","values":[0,0,0,1,0,0,0,0,0,0],"max_layers":10000000}"#;
    let out = gamelab(&["ade", "exhaust"], request);
    assert!(out.status.success(), "{}", stderr(&out));
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["status"], "cap");
    assert!(report["layers"].as_u64().unwrap() < 1_000_000);
    // `layers` used to skip the history limit: now it stops where exhaust does, and the trace
    // of such huge values is refused past its own limit rather than written.
    let layers = r#"{"graph":"E10","values":[0,0,0,1,0,0,0,0,0,0],"layers":10000000}"#;
    fails(&["ade", "fire"], layers, 3, "ask for fewer \"layers\"");
    let png = gamelab(&["ade", "png"], layers);
    assert!(png.status.success(), "{}", stderr(&png));
}

#[test]
fn ade_budgets_count_layers() {
    let request = r#"{"graph":"E9","values":[1,0,0,0,0,0,0,0,0],"max_layers":100000}"#;
    fails(
        &["ade", "exhaust", "--max-nodes", "500"],
        request,
        3,
        "node budget of 500",
    );
    let within = gamelab(
        &["ade", "exhaust", "--max-nodes", "500"],
        r#"{"graph":"E8","values":[1,0,0,0,0,0,0,0]}"#,
    );
    assert!(within.status.success(), "{}", stderr(&within));
}

// ---------------------------------------------------------------------------------------------
// Bazaar: counts past the rules' bounds

fn card(face: bool) -> Value {
    json!({"pebbles": ["red", "red", "red", "red", "red"], "face?": face})
}

fn turn_state(visible: usize, wallet: usize) -> Value {
    json!({"bank": ["blue"], "cards": vec![card(true); visible], "active": {"wallet": vec!["red"; wallet], "score": 0}, "scores": [1]})
}

const EQUATIONS: &str = r#"[[["red"], ["blue", "blue"]]]"#;

#[test]
fn bazaar_refuses_counts_past_the_rules_bounds() {
    let strategy = |visible: usize, wallet: usize| {
        format!(
            "{EQUATIONS} {} \"purchase-points\"",
            turn_state(visible, wallet)
        )
    };
    let ok = gamelab(&["bazaar", "xstrategy"], &strategy(4, 40));
    assert!(ok.status.success(), "{}", stderr(&ok));
    fails(&["bazaar", "xstrategy"], &strategy(10, 5), 2, "at most 4");
    fails(
        &["bazaar", "xstrategy"],
        &strategy(100_000, 5),
        2,
        "at most 4",
    );
    fails(
        &["bazaar", "xstrategy"],
        &strategy(2, 1001),
        2,
        "at most 1000",
    );
    let player = json!({"wallet": ["red"], "score": 0});
    let game = |visible: usize, hidden: usize, players: usize| json!({"bank": ["blue"], "visibles": vec![card(false); visible], "cards": vec![card(false); hidden], "players": vec![player.clone(); players]});
    let actors = |n: usize| {
        Value::from(
            (0..n)
                .map(|i| json!([format!("p{i}"), "purchase-points"]))
                .collect::<Vec<_>>(),
        )
    };
    let games = |actors: Value, game: Value| format!("{actors} {EQUATIONS} {game}");
    let fine = gamelab(&["bazaar", "xgames"], &games(actors(2), game(4, 6, 2)));
    assert!(fine.status.success(), "{}", stderr(&fine));
    fails(
        &["bazaar", "xgames"],
        &games(actors(2), game(20_000, 0, 2)),
        2,
        "at most 4",
    );
    fails(
        &["bazaar", "xgames"],
        &games(actors(2), game(4, 17, 2)),
        2,
        "at most 20",
    );
    fails(
        &["bazaar", "xgames"],
        &games(actors(3000), game(4, 6, 3000)),
        2,
        "at most 6",
    );
    fails(
        &["bazaar", "xturn"],
        &game(4, 6, 7).to_string(),
        2,
        "at most 6",
    );
    fails(
        &["bazaar", "xgames", "--timeout-ms", "1000000000"],
        "",
        2,
        "from 1 to 60000",
    );
}

// ---------------------------------------------------------------------------------------------
// Sprouts: sizes, names, lying bases, budgets

#[test]
fn a_position_with_millions_of_moves_is_refused_at_once() {
    fails(
        &[
            "sprouts",
            "children",
            "0*20.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1",
        ],
        "",
        2,
        "too many to list",
    );
    fails(
        &["sprouts", "nimber", "0*20.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1"],
        "",
        2,
        "too many to list",
    );
}

#[test]
fn regions_apart_give_the_same_answer_however_they_are_joined() {
    // 141 lands written as regions of one land (`|`) or as a sum (`+`): the same position.
    let joined = |sep: &str| [vec!["1a1a"; 140], vec!["1aa"]].concat().join(sep);
    let by_regions = gamelab(&["sprouts", "nimber", "-q", &joined("|")], "");
    let by_lands = gamelab(&["sprouts", "nimber", "-q", &joined("+")], "");
    assert!(
        by_regions.status.success() && by_lands.status.success(),
        "{}{}",
        stderr(&by_regions),
        stderr(&by_lands)
    );
    assert_eq!(stdout(&by_regions), stdout(&by_lands));
    assert_eq!(stdout(&by_lands).trim(), "0");
    let canon = |text: &str| stdout(&gamelab(&["sprouts", "canon", text], ""));
    assert_eq!(canon(&joined("|")), canon(&joined("+")));
}

#[test]
fn a_land_needing_more_letter_names_than_the_engine_has_is_refused() {
    // Thirteen regions chained by upper-case letters, each with twelve lower-case pairs: one
    // land of 156 + 12 names, past the one-byte names of earlier versions, is canonized now.
    let letters: Vec<char> = ('A'..='Y').collect();
    let regions: Vec<String> = (0..13)
        .map(|i| {
            let mut parts = vec!["1abcdefghijkl1lkjihgfedcba".to_string()];
            if i > 0 {
                parts.push(letters[i - 1].to_string());
            }
            if i < 12 {
                parts.push(letters[i].to_string());
            }
            parts.join(".")
        })
        .collect();
    let land = regions.join("|");
    let canonical = gamelab(&["sprouts", "canon", &land], "");
    assert!(canonical.status.success(), "{}", stderr(&canonical));
    // `canon` prints the 1.0 and 2.x forms: the 2.x form canonizes to itself.
    let written = stdout(&canonical);
    let glop2 = written.trim_end().split('\t').nth(1).unwrap_or_default();
    assert!(glop2.contains("L|"), "{written}");
    let again = gamelab(&["sprouts", "canon", glop2], "");
    assert_eq!(stdout(&again), written);
    // 20,000 lower-case pairs in a boundary of a region sharing 14,000 vertices with another:
    // 34,000 names where the engine has 33,000.
    let lower: String = (1..=20_000)
        .map(|k| format!("m({k})"))
        .chain((1..=20_000).rev().map(|k| format!("m({k})")))
        .collect();
    let shared: String = (1..=14_000).map(|k| format!("Z({k})")).collect();
    let huge = format!("{lower}.{shared}|{shared}\n");
    for command in ["canon", "nimber", "children"] {
        fails(
            &["sprouts", command],
            &huge,
            2,
            "more letters than the engine can name",
        );
    }
}

#[test]
fn a_lying_base_is_caught_by_check_which_names_the_couple_and_its_file() {
    let dir = std::env::temp_dir().join(format!("gamelab-lie-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let lie = dir.join("lie.spr");
    std::fs::write(&lie, "[Positions+Nimber]\n0*5 0\n").unwrap();
    let lie = lie.to_str().unwrap();
    // The search's answer is proved again without the base, which shows the lie: no answer.
    fails(
        &["sprouts", "outcome", "--db", lie, "0*5"],
        "",
        2,
        "0*5 has nimber 0 in the base",
    );
    // The check proves 0*5 a win and reports the base's couple with the file it came from.
    fails(
        &["sprouts", "check", "--db", lie, "0*5"],
        "",
        2,
        "0*5 has nimber 0 in the base",
    );
    fails(&["sprouts", "check", "--db", lie, "0*5"], "", 2, lie);
    fails(
        &["sprouts", "check", "--complete", "--db", lie],
        "",
        2,
        "1 problem(s)",
    );
    let truth = gamelab(&["sprouts", "check", "-q", "0*5"], "");
    assert_eq!(stdout(&truth).trim(), "win");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn sprouts_searches_stop_when_their_budget_runs_out() {
    fails(
        &["sprouts", "outcome", "--max-nodes", "100", "0*12"],
        "",
        3,
        "node budget of 100",
    );
    fails(
        &["sprouts", "nimber", "0*12", "--time-limit-ms", "50"],
        "",
        3,
        "time limit of 50 ms",
    );
    fails(
        &["sprouts", "check", "--max-nodes", "10", "0*8"],
        "",
        3,
        "node budget of 10",
    );
    fails(
        &["sprouts", "outcome", "--max-nodes", "0", "0*3"],
        "",
        2,
        "above 0",
    );
    let enough = gamelab(
        &["sprouts", "outcome", "-q", "--max-nodes", "100000", "0*5"],
        "",
    );
    assert_eq!(stdout(&enough).trim(), "win");
}

// ---------------------------------------------------------------------------------------------
// Dots and Boxes, Chain Reaction: budgets, seeds, levels

#[test]
fn dots_and_boxes_searches_stop_when_their_budget_runs_out() {
    let empty_3x4 = r#"{"rows": 3, "cols": 4, "moves": []}"#;
    fails(
        &["dots-and-boxes", "solve", "--max-nodes", "1000"],
        empty_3x4,
        3,
        "node budget of 1000",
    );
    fails(
        &["dots-and-boxes", "solve", "--time-limit-ms", "20"],
        empty_3x4,
        3,
        "time limit of 20 ms",
    );
    // The empty 4 × 4 board (40 lines, the most taken) is accepted, then held to the budget.
    fails(
        &["dots-and-boxes", "solve", "--max-nodes", "1000"],
        r#"{"rows": 4, "cols": 4, "moves": [], "table_mb": 1}"#,
        3,
        "node budget of 1000",
    );
    let arena = r#"{"rows": 3, "cols": 3, "levels": ["strong", "easy"], "games": 50}"#;
    fails(
        &["dots-and-boxes", "arena", "--max-nodes", "30"],
        arena,
        3,
        "node budget of 30",
    );
}

#[test]
fn seeds_and_levels_out_of_range_are_refused_not_replaced() {
    for seed in [r#""x""#, "-1", "1.5", "18446744073709551616", "null"] {
        let dots = format!(
            r#"{{"rows": 2, "cols": 2, "levels": ["easy", "medium"], "games": 1, "seed": {seed}}}"#
        );
        fails(
            &["dots-and-boxes", "arena"],
            &dots,
            2,
            "\"seed\" must be a whole number",
        );
        let chain = format!(
            r#"{{"rows": 3, "cols": 3, "levels": ["random", "greedy"], "games": 1, "seed": {seed}}}"#
        );
        fails(
            &["chain-reaction", "arena"],
            &chain,
            2,
            "\"seed\" must be a whole number",
        );
    }
    for (level, words) in [
        ("minimax-99", "from 1 to 6"),
        ("minimax-0", "from 1 to 6"),
        ("mcts-0", "from 1 to 50000,"),
        ("mcts-50001", "from 1 to 50000,"),
        ("baseline-0", "from 1 to 12"),
        ("baseline-13", "from 1 to 12"),
    ] {
        let chain =
            format!(r#"{{"rows": 3, "cols": 3, "levels": ["{level}", "greedy"], "games": 1}}"#);
        fails(&["chain-reaction", "arena"], &chain, 2, words);
    }
    let fine = gamelab(
        &["chain-reaction", "arena"],
        r#"{"rows": 3, "cols": 3, "levels": ["minimax-6", "mcts-1"], "games": 1, "seed": 18446744073709551615}"#,
    );
    assert!(fine.status.success(), "{}", stderr(&fine));
    for ms in ["0", "60001", "\"fast\"", "-5"] {
        let timed = format!(
            r#"{{"rows": 3, "cols": 3, "levels": ["random", "greedy"], "games": 1, "ms_per_move": {ms}}}"#
        );
        fails(
            &["chain-reaction", "arena"],
            &timed,
            2,
            "\"ms_per_move\" goes from 1 to 60000",
        );
    }
    // With a clock every level plays, the perfect and the baseline too.
    let timed = gamelab(
        &["chain-reaction", "arena"],
        r#"{"rows": 3, "cols": 3, "levels": ["perfect", "baseline-12"], "games": 2, "ms_per_move": 5}"#,
    );
    assert!(timed.status.success(), "{}", stderr(&timed));
    fails(
        &["chain-reaction", "arena", "--max-nodes", "3"],
        r#"{"rows": 5, "cols": 5, "levels": ["random", "random"], "games": 5}"#,
        3,
        "node budget of 3",
    );
}

// ---------------------------------------------------------------------------------------------
// Output and input at the edges

#[test]
fn help_into_a_closed_pipe_is_no_panic() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamelab"))
        .arg("--help")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // the reader goes away before the usage is written
    let mut errors = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut errors)
        .unwrap();
    let status = child.wait().unwrap();
    assert!(!errors.contains("panicked"), "{errors}");
    assert_ne!(status.code(), Some(101), "{errors}");
    let usage = gamelab(&["--help"], "");
    assert!(stdout(&usage).contains("--max-nodes N") && stdout(&usage).contains("exit status 3"));
}

#[test]
fn an_oversized_input_is_refused_naming_the_limit() {
    let huge = " ".repeat((256 << 20) + 1);
    fails(&["chain-reaction", "play"], &huge, 2, "256 MiB");
}
