//! `gamelab dots-and-boxes solve`: reads `{"rows": 3, "cols": 3, "moves": [a1, a2, ...]}` (boxes,
//! and OpenSpiel action ids already played) and prints `{"value": v, "best": [a, ...]}`: v the
//! final score difference, first player's boxes minus second player's, under perfect play from
//! there (boxes already taken included), and the optimal moves for the player to move.

use serde_json::{json, Value};

use super::{json_count, json_object, CliError, Output};
use crate::engine::dots_boxes::solver::{mask_of, Solver};
use crate::engine::dots_boxes::{Board, Game};

/// Positions with more undrawn lines than this are not solved exactly here (3 × 4 has 31).
pub const MAX_UNDRAWN: usize = 36;

pub fn run(command: &str, input: &str) -> Result<Output, CliError> {
    match command {
        "solve" => solve(input).map(Output::Text),
        other => Err(format!("unknown dots-and-boxes command '{other}': expected solve")),
    }
}

fn solve(input: &str) -> Result<String, CliError> {
    let request = json_object(input, "{\"rows\", \"cols\", \"moves\"}")?;
    let board = Board::new(json_count(&request, "rows")?, json_count(&request, "cols")?)?;
    let moves: Vec<usize> = request
        .get("moves")
        .and_then(Value::as_array)
        .ok_or("\"moves\" must be a list of line ids")?
        .iter()
        .enumerate()
        .map(|(i, m)| m.as_u64().map(|n| n as usize).ok_or_else(|| format!("move {i}: {m} is not a line id")))
        .collect::<Result<_, _>>()?;
    let game = Game::from_moves(board.clone(), &moves).map_err(|(i, e)| format!("move {i} is illegal: {e}"))?;
    let [p1, p2] = game.scores();
    let taken = p1 as i64 - p2 as i64;
    if game.is_over() {
        return Ok(json!({"value": taken, "best": []}).to_string());
    }
    let undrawn = game.legal().len();
    if undrawn > MAX_UNDRAWN {
        return Err(format!("{undrawn} undrawn lines are too many to solve exactly here (at most {MAX_UNDRAWN})"));
    }
    let mut solver = Solver::new(&board)?;
    let mask = mask_of((0..board.lines()).map(|l| game.drawn_by(l).is_some()));
    let values = solver.move_values(mask);
    let best_value = values.iter().map(|&(_, v)| v).max().unwrap_or(0);
    let best: Vec<usize> = values.iter().filter(|&&(_, v)| v == best_value).map(|&(l, _)| l).collect();
    let for_p1 = if game.current() == 0 { best_value as i64 } else { -(best_value as i64) };
    Ok(json!({"value": taken + for_p1, "best": best}).to_string())
}
