//! `gamelab chain-reaction play | arena`.
//!
//! `play` reads `{"rows": 9, "cols": 6, "players": 2, "moves": [[r, c], ...]}` and prints
//! `{"boards": [B1, ..., Bk], "winner": p or null}`, Bi the board after move i as rows of cells,
//! each `null` or `[player, orbs]`. An illegal move: a message naming its index, exit status 2.

use serde_json::{json, Value};

use super::{CliError, Output};
use crate::engine::chain_reaction::{Game, Record, Settings};

pub fn run(command: &str, input: &str) -> Result<Output, CliError> {
    match command {
        "play" => play(input).map(Output::Text),
        other => Err(format!("unknown chain-reaction command '{other}': expected play")),
    }
}

fn field(request: &Value, name: &str) -> Result<usize, CliError> {
    match request.get(name) {
        None => Err(format!("missing \"{name}\"")),
        Some(v) => v.as_u64().map(|n| n as usize).ok_or_else(|| format!("\"{name}\" must be a whole number, not {v}")),
    }
}

/// The board as JSON: rows of cells, `null` or `[player, orbs]`.
pub fn board_json(game: &Game) -> Value {
    let s = game.settings();
    Value::Array(
        (0..s.rows)
            .map(|r| Value::Array((0..s.cols).map(|c| game.cell_at(r, c).map_or(Value::Null, |(p, n)| json!([p, n]))).collect()))
            .collect(),
    )
}

fn play(input: &str) -> Result<String, CliError> {
    let request: Value = serde_json::from_str(input).map_err(|e| format!("the input is not JSON: {e}"))?;
    if !request.is_object() {
        return Err("the input must be one JSON object {\"rows\", \"cols\", \"players\", \"moves\"}".into());
    }
    let settings = Settings::new(field(&request, "rows")?, field(&request, "cols")?, field(&request, "players")?).map_err(|e| e.0)?;
    let moves = request.get("moves").and_then(Value::as_array).ok_or("\"moves\" must be a list of [row, col] pairs")?;
    let mut record = Record::new(settings);
    let mut boards = Vec::with_capacity(moves.len());
    for (i, m) in moves.iter().enumerate() {
        let pair = m.as_array().filter(|a| a.len() == 2).and_then(|a| Some((a[0].as_u64()? as usize, a[1].as_u64()? as usize)));
        let (r, c) = pair.ok_or_else(|| format!("move {i}: {m} is not a [row, col] pair of whole numbers"))?;
        record.play(r, c).map_err(|e| format!("move {i} ({r}, {c}) is illegal: {e}"))?;
        boards.push(board_json(record.game()));
    }
    Ok(json!({"boards": boards, "winner": record.game().winner()}).to_string())
}
