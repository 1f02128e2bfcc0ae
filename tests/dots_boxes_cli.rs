//! `gamelab dots-and-boxes solve` through the binary: the spec's table of values and first
//! moves, positions with boxes already taken, and bad input.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::gamelab;
use serde_json::{json, Value};

fn solve(request: Value) -> Value {
    let out = gamelab(&["dots-and-boxes", "solve"], &request.to_string());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn the_spec_table_of_solved_values() {
    // Spec §7: values for P1 and the optimal first moves.
    assert_eq!(solve(json!({"rows": 1, "cols": 1, "moves": []})), json!({"value": -1, "best": [0, 1, 2, 3]}));
    assert_eq!(solve(json!({"rows": 1, "cols": 2, "moves": []})), json!({"value": 0, "best": [5]}));
    let two = solve(json!({"rows": 2, "cols": 2, "moves": []}));
    assert_eq!(two["value"], 2);
    assert_eq!(two["best"], json!([0, 1, 4, 5, 6, 8, 9, 11]), "every outer line wins");
    assert_eq!(solve(json!({"rows": 2, "cols": 3, "moves": []}))["value"], -2);
    assert_eq!(solve(json!({"rows": 3, "cols": 3, "moves": []}))["value"], -3);
}

#[test]
fn boxes_already_taken_count_and_the_side_to_move_matters() {
    // 1 × 1: P1 draws 0, P2 1, P1 2; P2 takes the box with line 3: the game is over, P2 +1.
    assert_eq!(solve(json!({"rows": 1, "cols": 1, "moves": [0, 1, 2, 3]})), json!({"value": -1, "best": []}));
    // P2 to move with the box to take: value −1 for P1, best move 3.
    assert_eq!(solve(json!({"rows": 1, "cols": 1, "moves": [0, 1, 2]})), json!({"value": -1, "best": [3]}));
    // 2 × 2 after P1's winning outer line 0: still +2 for P1 whatever P2 does.
    assert_eq!(solve(json!({"rows": 2, "cols": 2, "moves": [0]}))["value"], 2);
}

#[test]
fn bad_input_is_named() {
    for (input, words) in [
        (r#"{"rows": 2, "cols": 2, "moves": [0, 0]}"#, "move 1"),
        (r#"{"rows": 2, "cols": 2, "moves": [12]}"#, "does not exist"),
        (r#"{"rows": 0, "cols": 2, "moves": []}"#, "from 1 to 10"),
        (r#"{"rows": 5, "cols": 5, "moves": []}"#, "too many"),
        (r#"{"rows": 2, "cols": 2, "moves": ["a"]}"#, "move 0"),
        (r#"{"rows": 2}"#, "missing \"cols\""),
        (r#"nonsense"#, "not JSON"),
    ] {
        let out = gamelab(&["dots-and-boxes", "solve"], input);
        assert_eq!(out.status.code(), Some(2), "{input}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(words) && !err.contains("panicked"), "{input}: {err}");
    }
}
