//! `gamelab chain-reaction play` through the real binary: the contract on the reference games,
//! and bad input (a message on stderr naming the move, exit status 2, never a panic).
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::gamelab;
use serde_json::{json, Value};

/// The spec's text form of a row ("A1 . B2") as the contract's cells.
fn row_cells(text: &str) -> Value {
    Value::Array(
        text.split(' ')
            .map(|cell| match cell {
                "." => Value::Null,
                _ => json!([
                    (cell.as_bytes()[0] - b'A') as u64,
                    cell[1..].parse::<u64>().unwrap()
                ]),
            })
            .collect(),
    )
}

#[test]
fn play_reproduces_every_reference_game() {
    let data = common::read_json("chain-reaction/random_games.json");
    for (g, game) in data["games"].as_array().unwrap().iter().enumerate() {
        let request = json!({"rows": game["rows"], "cols": game["cols"], "players": game["players"], "moves": game["moves"]});
        let out = gamelab(&["chain-reaction", "play"], &request.to_string());
        assert!(
            out.status.success(),
            "game {g}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let answer: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(answer.as_object().unwrap().len(), 2);
        assert_eq!(answer["winner"], game["winner"], "game {g}");
        let boards = answer["boards"].as_array().unwrap();
        let steps = game["steps"].as_array().unwrap();
        assert_eq!(boards.len(), steps.len());
        for (i, (board, step)) in boards.iter().zip(steps).enumerate() {
            let want = Value::Array(
                step["board"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|r| row_cells(r.as_str().unwrap()))
                    .collect(),
            );
            assert_eq!(board, &want, "game {g} move {i}");
        }
    }
}

#[test]
fn an_unfinished_game_has_no_winner() {
    let out = gamelab(
        &["chain-reaction", "play"],
        r#"{"rows": 3, "cols": 3, "players": 2, "moves": [[1, 1], [0, 0]]}"#,
    );
    let answer: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        answer,
        json!({"boards": [[[null, null, null], [null, [0, 1], null], [null, null, null]], [[[1, 1], null, null], [null, [0, 1], null], [null, null, null]]], "winner": null})
    );
}

#[test]
fn bad_input_names_what_was_wrong() {
    let cases = [
        (
            r#"{"rows": 3, "cols": 3, "players": 2, "moves": [[1, 1], [1, 1]]}"#,
            "move 2 (1, 1) is illegal",
        ),
        (
            r#"{"rows": 3, "cols": 3, "players": 2, "moves": [[1, 1], [3, 0]]}"#,
            "off the board",
        ),
        (
            r#"{"rows": 2, "cols": 2, "players": 2, "moves": [[0,0],[1,1],[0,0],[1,1],[0,1]]}"#,
            "move 5",
        ),
        (
            r#"{"rows": 3, "cols": 3, "players": 2, "moves": [[1, "x"]]}"#,
            "move 1:",
        ),
        (
            r#"{"rows": 1, "cols": 3, "players": 2, "moves": []}"#,
            "rows and columns",
        ),
        (
            r#"{"rows": 3, "cols": 3, "players": 9, "moves": []}"#,
            "players",
        ),
        (
            r#"{"rows": 3, "cols": 3, "moves": []}"#,
            "missing \"players\"",
        ),
        (r#"[1, 2]"#, "one JSON object"),
        (r#"{"rows": 3"#, "not JSON"),
    ];
    for (input, words) in cases {
        let out = gamelab(&["chain-reaction", "play"], input);
        assert_eq!(out.status.code(), Some(2), "{input}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(words) && !err.contains("panicked"),
            "{input}: {err}"
        );
        assert!(out.stdout.is_empty());
    }
}
