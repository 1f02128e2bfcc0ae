//! `gamelab dots-and-boxes solve | arena`.
//!
//! `solve` reads `{"rows": 3, "cols": 3, "moves": [a1, a2, ...]}` (boxes,
//! and OpenSpiel action ids already played; optionally `"table_mb"`, the solver's table memory)
//! and prints `{"value": v, "best": [a, ...]}`: v the final score difference, first player's
//! boxes minus second player's, under perfect play from there (boxes already taken included),
//! and the optimal moves for the player to move.
//!
//! `arena` reads `{"rows": 4, "cols": 4, "levels": ["strong", "original"], "games": 10, "seed": 1}`
//! and plays the two levels against each other, seats alternating, printing wins, draws, win
//! rates, the mean margin in boxes and the mean thinking time per move of each level.

use serde_json::{json, Value};

use super::{json_count, json_object, json_seed, Budget, Failure, Output};
use crate::engine::dots_boxes::solver::{mask_of, Solver, DEFAULT_TABLE_BYTES};
use crate::engine::dots_boxes::{Board, Game, Level, Player};

/// Positions with more undrawn lines than this are not solved exactly here: the empty 4 × 4
/// board has 40 (about 90 s with `"table_mb": 2048`), 4 × 5 has 49, far beyond reach.
pub const MAX_UNDRAWN: usize = 40;

/// The most memory `"table_mb"` may give the solver's table (the table never takes more than
/// the board needs: 128 MB for 3 × 4, 2 GB for 4 × 4).
pub const MAX_TABLE_MB: u64 = 16 * 1024;

/// Runs one command; `--max-nodes` counts solver nodes (solve) or moves played (arena).
pub fn run(command: &str, input: &str, budget: &Budget) -> Result<Output, Failure> {
    match command {
        "solve" => solve(input, budget).map(Output::Text),
        "arena" => arena(input, budget).map(Output::Text),
        other => {
            Err(format!("unknown dots-and-boxes command '{other}': expected solve or arena").into())
        }
    }
}

fn solve(input: &str, budget: &Budget) -> Result<String, Failure> {
    let request = json_object(input, "{\"rows\", \"cols\", \"moves\"}")?;
    let board = Board::new(json_count(&request, "rows")?, json_count(&request, "cols")?)?;
    let moves: Vec<usize> = request
        .get("moves")
        .and_then(Value::as_array)
        .ok_or("\"moves\" must be a list of line ids")?
        .iter()
        .enumerate()
        .map(|(i, m)| {
            m.as_u64()
                .map(|n| n as usize)
                .ok_or_else(|| format!("move {i}: {m} is not a line id"))
        })
        .collect::<Result<_, _>>()?;
    let game = Game::from_moves(board.clone(), &moves)
        .map_err(|(i, e)| format!("move {i} is illegal: {e}"))?;
    let [p1, p2] = game.scores();
    let taken = p1 as i64 - p2 as i64;
    if game.is_over() {
        return Ok(json!({"value": taken, "best": []}).to_string());
    }
    let undrawn = game.legal().len();
    if undrawn > MAX_UNDRAWN {
        return Err(format!(
            "{undrawn} undrawn lines are too many to solve exactly here (at most {MAX_UNDRAWN})"
        )
        .into());
    }
    let table_mb = match request.get("table_mb") {
        None => DEFAULT_TABLE_BYTES as u64 >> 20,
        Some(v) => v
            .as_u64()
            .filter(|mb| (1..=MAX_TABLE_MB).contains(mb))
            .ok_or_else(|| format!("\"table_mb\" goes from 1 to {MAX_TABLE_MB}, not {v}"))?,
    };
    let mut solver = Solver::with_memory(&board, (table_mb << 20) as usize)?;
    let mask = mask_of(game.drawn().into_iter());
    // In slices: an interrupted search keeps what it learned in its table and goes on from there.
    let (best_value, best) = loop {
        if let Some(found) = solver.try_best_moves(mask, budget.slice(solver.nodes, 1 << 20)) {
            break found;
        }
        budget.check(solver.nodes, "solving")?;
    };
    let for_p1 = if game.current() == 0 {
        best_value as i64
    } else {
        -(best_value as i64)
    };
    Ok(json!({"value": taken + for_p1, "best": best}).to_string())
}

fn arena(input: &str, budget: &Budget) -> Result<String, Failure> {
    let request = json_object(
        input,
        "{\"rows\", \"cols\", \"levels\", \"games\", \"seed\"}",
    )?;
    let board = Board::new(json_count(&request, "rows")?, json_count(&request, "cols")?)?;
    let levels: Vec<Level> = request
        .get("levels")
        .and_then(Value::as_array)
        .ok_or("\"levels\" must be a list of two levels such as [\"strong\", \"original\"]")?
        .iter()
        .map(|v| {
            v.as_str()
                .ok_or_else(|| format!("a level is a string, not {v}"))
                .and_then(Level::parse)
        })
        .collect::<Result<_, _>>()?;
    let [a, b] = levels[..] else {
        return Err(format!("\"levels\" must name two levels, not {}", levels.len()).into());
    };
    let games = json_count(&request, "games")?;
    if !(1..=100_000).contains(&games) {
        return Err("\"games\" goes from 1 to 100000".into());
    }
    let seed = json_seed(&request)?;
    let (mut wins, mut draws, mut margin) = ([0usize; 2], 0usize, 0i64);
    let mut moves = 0u64;
    let mut thinking = [(0.0f64, 0u64); 2];
    for g in 0..games {
        // Game g: level (seat + g) mod 2 sits at seat `seat`.
        let level_at = |seat: usize| (seat + g) % 2;
        let game_seed = seed.wrapping_mul(1_000_003).wrapping_add(g as u64);
        let mut players = [
            Player::new(&board, [a, b][level_at(0)], game_seed),
            Player::new(&board, [a, b][level_at(1)], game_seed ^ 0xD075),
        ];
        let mut game = Game::new(board.clone());
        while !game.is_over() {
            let seat = game.current();
            let started = std::time::Instant::now();
            let line = players[seat]
                .choose(&game.drawn())
                .ok_or_else(|| format!("game {g}: no move"))?;
            thinking[level_at(seat)].0 += started.elapsed().as_secs_f64();
            thinking[level_at(seat)].1 += 1;
            game.play(line).map_err(|e| format!("game {g}: {e}"))?;
            moves += 1;
            budget.check(moves, &format!("the arena (game {} of {games})", g + 1))?;
        }
        let scores = game.scores();
        let by_level = |level: usize| -> i64 {
            (0..2)
                .filter(|&s| level_at(s) == level)
                .map(|s| scores[s] as i64)
                .sum()
        };
        let (sa, sb) = (by_level(0), by_level(1));
        margin += sa - sb;
        match sa.cmp(&sb) {
            std::cmp::Ordering::Greater => wins[0] += 1,
            std::cmp::Ordering::Less => wins[1] += 1,
            std::cmp::Ordering::Equal => draws += 1,
        }
    }
    let round = |x: f64| (x * 100.0).round() / 100.0;
    let rates: Vec<f64> = wins
        .iter()
        .map(|&w| round(w as f64 / games as f64))
        .collect();
    let ms_per_move: Vec<f64> = thinking
        .iter()
        .map(|&(s, n)| round(s * 1000.0 / n.max(1) as f64))
        .collect();
    Ok(json!({
        "games": games, "levels": [a.name(), b.name()], "wins": wins, "draws": draws, "rates": rates,
        "margin": round(margin as f64 / games as f64), "ms_per_move": ms_per_move
    })
    .to_string())
}
