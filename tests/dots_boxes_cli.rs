//! `gamelab dots-and-boxes solve` through the binary: the spec's table of values and first
//! moves, positions with boxes already taken, and bad input.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::gamelab;
use serde_json::{json, Value};

fn solve(request: Value) -> Value {
    let out = gamelab(&["dots-and-boxes", "solve"], &request.to_string());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn the_spec_table_of_solved_values() {
    // Published values for P1 and the optimal first moves.
    assert_eq!(
        solve(json!({"rows": 1, "cols": 1, "moves": []})),
        json!({"value": -1, "best": [0, 1, 2, 3]})
    );
    assert_eq!(
        solve(json!({"rows": 1, "cols": 2, "moves": []})),
        json!({"value": 0, "best": [5]})
    );
    let two = solve(json!({"rows": 2, "cols": 2, "moves": []}));
    assert_eq!(two["value"], 2);
    assert_eq!(
        two["best"],
        json!([0, 1, 4, 5, 6, 8, 9, 11]),
        "every outer line wins"
    );
    assert_eq!(
        solve(json!({"rows": 2, "cols": 3, "moves": []}))["value"],
        -2
    );
    assert_eq!(
        solve(json!({"rows": 3, "cols": 3, "moves": []}))["value"],
        -3
    );
}

#[test]
fn three_by_four_is_a_tie_reached_only_by_18_23_and_28() {
    // Issue 17: two independent solvers agree that only these first moves keep the tie.
    assert_eq!(
        solve(json!({"rows": 3, "cols": 4, "moves": []})),
        json!({"value": 0, "best": [18, 23, 28]})
    );
}

#[test]
fn the_table_memory_changes_no_answer() {
    // The smallest table (1 MB) and a big one give 3 × 3's value and optimal moves alike.
    let default = solve(json!({"rows": 3, "cols": 3, "moves": [12]}));
    for table_mb in [1, 4096] {
        assert_eq!(
            solve(json!({"rows": 3, "cols": 3, "moves": [12], "table_mb": table_mb})),
            default,
            "table_mb {table_mb}"
        );
    }
}

#[test]
fn boxes_already_taken_count_and_the_side_to_move_matters() {
    // 1 × 1: P1 draws 0, P2 1, P1 2; P2 takes the box with line 3: the game is over, P2 +1.
    assert_eq!(
        solve(json!({"rows": 1, "cols": 1, "moves": [0, 1, 2, 3]})),
        json!({"value": -1, "best": []})
    );
    // P2 to move with the box to take: value −1 for P1, best move 3.
    assert_eq!(
        solve(json!({"rows": 1, "cols": 1, "moves": [0, 1, 2]})),
        json!({"value": -1, "best": [3]})
    );
    // 2 × 2 after P1's winning outer line 0: still +2 for P1 whatever P2 does.
    assert_eq!(
        solve(json!({"rows": 2, "cols": 2, "moves": [0]}))["value"],
        2
    );
}

#[test]
fn bad_input_is_named() {
    for (input, words) in [
        (
            r#"{"rows": 2, "cols": 2, "moves": [0, 0]}"#,
            "move 2 is illegal",
        ),
        (r#"{"rows": 2, "cols": 2, "moves": [12]}"#, "does not exist"),
        (r#"{"rows": 0, "cols": 2, "moves": []}"#, "from 1 to 10"),
        (r#"{"rows": 5, "cols": 5, "moves": []}"#, "too many"),
        (r#"{"rows": 2, "cols": 2, "moves": ["a"]}"#, "move 1:"),
        (r#"{"rows": 2}"#, "missing \"cols\""),
        (r#"nonsense"#, "not JSON"),
        (
            r#"{"rows": 2, "cols": 2, "moves": [], "table_mb": 0}"#,
            "\"table_mb\" goes from 1",
        ),
        (
            r#"{"rows": 2, "cols": 2, "moves": [], "table_mb": "big"}"#,
            "not \"big\"",
        ),
        (
            r#"{"rows": 2, "cols": 2, "moves": [], "table_mb": 99999}"#,
            "16384",
        ),
    ] {
        let out = gamelab(&["dots-and-boxes", "solve"], input);
        assert_eq!(out.status.code(), Some(2), "{input}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(words) && !err.contains("panicked"),
            "{input}: {err}"
        );
    }
}

fn arena(request: Value) -> Value {
    let out = gamelab(&["dots-and-boxes", "arena"], &request.to_string());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn arena_plays_levels_against_each_other() {
    let result =
        arena(json!({"rows": 3, "cols": 3, "levels": ["strong", "easy"], "games": 6, "seed": 2}));
    assert_eq!(result["games"], 6);
    assert_eq!(result["levels"], json!(["strong", "easy"]));
    let wins = result["wins"].as_array().unwrap();
    assert_eq!(
        wins[0].as_u64().unwrap() + wins[1].as_u64().unwrap() + result["draws"].as_u64().unwrap(),
        6
    );
    assert_eq!(
        wins[0], 6,
        "Strong beats Easy on 3 x 3 from both seats: {result}"
    );
    assert!(result["margin"].as_f64().unwrap() > 0.0);
    assert_eq!(result["ms_per_move"].as_array().unwrap().len(), 2);
    // The same seed plays the same games.
    let again =
        arena(json!({"rows": 3, "cols": 3, "levels": ["strong", "easy"], "games": 6, "seed": 2}));
    assert_eq!(again["margin"], result["margin"]);
}

#[test]
fn arena_refuses_bad_requests() {
    for (request, says) in [
        (
            json!({"rows": 3, "cols": 3, "levels": ["strong"], "games": 2}),
            "two levels",
        ),
        (
            json!({"rows": 3, "cols": 3, "levels": ["strong", "wizard"], "games": 2}),
            "wizard",
        ),
        (
            json!({"rows": 3, "cols": 3, "levels": ["strong", "easy"], "games": 0}),
            "games",
        ),
        (
            json!({"rows": 0, "cols": 3, "levels": ["strong", "easy"], "games": 1}),
            "1 to 10",
        ),
    ] {
        let out = gamelab(&["dots-and-boxes", "arena"], &request.to_string());
        assert_eq!(out.status.code(), Some(2), "{request}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(says), "{request}: {stderr}");
    }
}
