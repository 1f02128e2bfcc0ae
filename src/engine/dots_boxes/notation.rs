//! Games and positions as text: gamelab's export `{"rows", "cols", "moves", "dbn"}`,
//! and its import, which also reads a bare DBN position and KSquares' line numbering.

use serde_json::{json, Value};

use super::board::{parse_dbn, Board, Game};
use crate::engine::turn::{Record, TurnGame};

/// `{"rows": R, "cols": C, "moves": [ids in playing order], "dbn": "…"}`; a game set up from a
/// position also carries `"start"`, the DBN string it began from.
pub fn export(game: &Game) -> String {
    let board = game.board();
    let mut out =
        json!({"rows": board.rows, "cols": board.cols, "moves": game.moves(), "dbn": game.dbn()});
    // (The lines drawn before the moves, whatever moves followed.)
    if let Some(start) = TurnGame::setup_text(game) {
        out["start"] = Value::from(start);
    }
    out.to_string()
}

/// A game in a share link: `RxC/id.id.id` (rows × columns, then the lines in playing order); a
/// game set up from a position says it first: `RxC~<DBN>/id.id`.
pub fn link_text(game: &Game) -> String {
    record_of(game).text()
}

/// Reads a share link's game (`link_text`) and replays it; the error names what was wrong.
pub fn parse_link(text: &str) -> Result<Game, String> {
    parse_link_record(text).map(|record| record.game().clone())
}

/// The same as a record (undo goes back to the position the link starts from).
pub fn parse_link_record(text: &str) -> Result<Record<Game>, String> {
    Record::parse(text)
}

/// A game as a record: its set-up position, then its moves (undo goes back to the position).
pub fn record_of(game: &Game) -> Record<Game> {
    let mut record = Record::from_start(Game::from_position(game.board().clone(), game.preset()));
    for &line in game.moves() {
        if record.play(line).is_err() {
            break;
        }
    }
    record
}

/// KSquares' id of a line (rows interleaved: w horizontal, then w + 1 vertical) to OpenSpiel's.
pub fn from_ksquares(board: &Board, id: usize) -> Option<usize> {
    let w = board.cols;
    let (block, offset) = (id / (2 * w + 1), id % (2 * w + 1));
    if offset < w {
        (block <= board.rows).then(|| block * w + offset)
    } else {
        (block < board.rows).then(|| (board.rows + 1) * w + block * (w + 1) + offset - w)
    }
}

/// Reads an exported game: `rows`, `cols`, then `moves` (OpenSpiel ids, or KSquares' with
/// `"numbering": "ksquares"`) and/or `dbn`; `start` sets up a position before the moves. When
/// both `moves` and `dbn` are given they must agree. Every error names what was wrong.
pub fn import(text: &str) -> Result<Game, String> {
    let value: Value = serde_json::from_str(text.trim()).map_err(|e| format!("not JSON: {e}"))?;
    let object = value
        .as_object()
        .ok_or("expected a JSON object {\"rows\", \"cols\", \"moves\" or \"dbn\"}")?;
    let size = |key: &str| -> Result<usize, String> {
        object
            .get(key)
            .and_then(Value::as_u64)
            .map(|n| n as usize)
            .ok_or_else(|| format!("\"{key}\" must be a whole number of boxes"))
    };
    let board = Board::new(size("rows")?, size("cols")?)?;
    let ksquares = match object.get("numbering").map(|n| n.as_str()) {
        None | Some(Some("openspiel")) => false,
        Some(Some("ksquares")) => true,
        Some(_) => return Err("\"numbering\" is \"openspiel\" or \"ksquares\"".into()),
    };
    let dbn_of = |key: &str| -> Result<Option<Vec<bool>>, String> {
        match object.get(key) {
            None => Ok(None),
            Some(Value::String(s)) => parse_dbn(&board, s)
                .map(Some)
                .map_err(|e| format!("\"{key}\": {e}")),
            Some(other) => Err(format!(
                "\"{key}\" must be a string of 0 and 1, not {other}"
            )),
        }
    };
    let start = dbn_of("start")?;
    let dbn = dbn_of("dbn")?;
    let moves: Option<Vec<usize>> = match object.get("moves") {
        None => None,
        Some(Value::Array(items)) => Some(
            items
                .iter()
                .enumerate()
                .map(|(i, m)| {
                    let id = m
                        .as_u64()
                        .map(|n| n as usize)
                        .ok_or_else(|| format!("move {}: {m} is not a line id", i + 1))?;
                    if ksquares {
                        from_ksquares(&board, id).ok_or_else(|| {
                            format!(
                                "move {}: {id} is not a KSquares line id on this board",
                                i + 1
                            )
                        })
                    } else {
                        Ok(id)
                    }
                })
                .collect::<Result<_, String>>()?,
        ),
        Some(other) => return Err(format!("\"moves\" must be a list of line ids, not {other}")),
    };
    let (moves, start) = match (moves, start, dbn.clone()) {
        (None, None, None) => return Err("give \"moves\" (a game) or \"dbn\" (a position)".into()),
        (None, None, Some(position)) => (Vec::new(), position),
        (moves, start, _) => (
            moves.unwrap_or_default(),
            start.unwrap_or_else(|| vec![false; board.lines()]),
        ),
    };
    if moves.is_empty() && start.iter().all(|&drawn| drawn) {
        // A DBN string says which lines are drawn, not who took the boxes: a finished position
        // has nothing to play and no score to show.
        return Err(
            "every line of this position is drawn: there is nothing left to play (a DBN string does not say who took the boxes)"
                .into(),
        );
    }
    let mut game = Game::from_position(board, &start);
    for (i, &m) in moves.iter().enumerate() {
        game.play(m)
            .map_err(|e| format!("move {} ({m}) is illegal: {e}", i + 1))?;
    }
    if let Some(position) = dbn {
        if game.drawn() != position {
            return Err("\"dbn\" does not match the position the moves reach".into());
        }
    }
    Ok(game)
}
