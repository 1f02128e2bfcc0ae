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

use super::{json_count, json_object, json_seed, Budget, Failure, Output, Pacer};
use crate::engine::dots_boxes::solver::{
    machine_table_bytes, mask_of, table_bits, table_bytes_for, wanted_table_bits, Solver,
    DEFAULT_TABLE_BYTES,
};
use crate::engine::dots_boxes::{Board, Game, Level, Player};

/// Positions with more undrawn lines than this are not solved exactly here: the empty 4 × 4
/// board has 40 (about 90 s with `"table_mb": 2048`), 4 × 5 has 49, far beyond reach.
pub const MAX_UNDRAWN: usize = 40;

/// The most memory `"table_mb"` may ask for. The table takes at most what the position can use
/// (16 bytes × 2^(undrawn lines − 8), up to 2 GiB: 128 MiB for the empty 3 × 4 board, 2 GiB for
/// 4 × 4) and at most half the memory the machine has free; without `"table_mb"`, a quarter.
pub const MAX_TABLE_MB: u64 = 16 * 1024;

/// Runs one command; `--max-nodes` counts solver nodes (solve) or moves played (arena).
pub fn run(command: &str, input: &str, budget: &Budget) -> Result<Output, Failure> {
    match command {
        "solve" => solve(input, budget),
        "arena" => arena(input, budget).map(Output::Text),
        other => {
            Err(format!("unknown dots-and-boxes command '{other}': expected solve or arena").into())
        }
    }
}

fn solve(input: &str, budget: &Budget) -> Result<Output, Failure> {
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
                .ok_or_else(|| format!("move {}: {m} is not a line id", i + 1))
        })
        .collect::<Result<_, _>>()?;
    let game = Game::from_moves(board.clone(), &moves)
        .map_err(|(i, e)| format!("move {} is illegal: {e}", i + 1))?;
    let [p1, p2] = game.scores();
    let taken = p1 as i64 - p2 as i64;
    if game.is_over() {
        return Ok(Output::Text(
            json!({"value": taken, "best": []}).to_string(),
        ));
    }
    let undrawn = game.legal().len();
    if undrawn > MAX_UNDRAWN {
        return Err(format!(
            "{undrawn} undrawn lines are too many to solve exactly here (at most {MAX_UNDRAWN})"
        )
        .into());
    }
    let requested_mb = match request.get("table_mb") {
        None => None,
        Some(v) => Some(
            v.as_u64()
                .filter(|mb| (1..=MAX_TABLE_MB).contains(mb))
                .ok_or_else(|| format!("\"table_mb\" goes from 1 to {MAX_TABLE_MB}, not {v}"))?,
        ),
    };
    let (mut solver, notes) = sized_solver(&board, undrawn, requested_mb)?;
    let mask = mask_of(game.drawn().into_iter());
    // In slices of about 20 ms, so the clock is read often whatever a node costs (the first
    // touches of a big table's pages are slow): an interrupted search keeps what it learned in
    // its table and goes on from there.
    let mut pacer = Pacer::new(1 << 20);
    let (best_value, best) = loop {
        let started = std::time::Instant::now();
        let slice = budget.slice(solver.nodes, pacer.slice());
        if let Some(found) = solver.try_best_moves(mask, slice) {
            break found;
        }
        pacer.took(started.elapsed());
        budget.check(solver.nodes, "solving").map_err(|spent| {
            let mut message = notes.clone();
            message.push(spent.message().to_string());
            Failure::BudgetSpent(message.join("\n"))
        })?;
    };
    let for_p1 = if game.current() == 0 {
        best_value as i64
    } else {
        -(best_value as i64)
    };
    let text = json!({"value": taken + for_p1, "best": best}).to_string();
    Ok(match notes.is_empty() {
        true => Output::Text(text),
        false => Output::Logged {
            text,
            log: notes.join("\n") + "\n",
        },
    })
}

/// A solver whose table fits the position (`undrawn` lines), the caller's request (MiB) and
/// the machine, with a note for each way the request was lowered. When the system refuses the
/// memory the table is halved, down to 1 MiB, before giving up.
fn sized_solver(
    board: &Board,
    undrawn: usize,
    requested_mb: Option<u64>,
) -> Result<(Solver, Vec<String>), Failure> {
    let mut notes = Vec::new();
    let machine = machine_table_bytes(requested_mb.is_some());
    let mut allowance = match requested_mb {
        Some(mb) => mb << 20,
        None => machine.unwrap_or(DEFAULT_TABLE_BYTES as u64),
    };
    let wanted = table_bytes_for(wanted_table_bits(undrawn));
    if let Some(mb) = requested_mb.filter(|&mb| mb << 20 > wanted) {
        notes.push(format!(
            "\"table_mb\": {mb} lowered to {} (all that {undrawn} undrawn lines can use)",
            wanted.div_ceil(1 << 20)
        ));
        allowance = wanted;
    }
    if let (Some(mb), Some(machine)) = (requested_mb, machine.filter(|&m| allowance > m)) {
        notes.push(format!(
            "\"table_mb\": {mb} lowered to {} (half the memory free on this machine)",
            machine >> 20
        ));
        allowance = machine;
    }
    // Refused boards are not a memory matter: only the table's refusals are retried below.
    Solver::check_board(board)?;
    let mut bits = table_bits(undrawn, usize::try_from(allowance).unwrap_or(usize::MAX));
    loop {
        match Solver::with_table(board, bits) {
            Ok(solver) => return Ok((solver, notes)),
            Err(refused) if bits > 16 => {
                notes.push(format!("{refused}; trying half as much"));
                bits -= 1;
            }
            Err(refused) => return Err(Failure::BadInput(refused)),
        }
    }
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
                .ok_or_else(|| format!("game {}: no move", g + 1))?;
            thinking[level_at(seat)].0 += started.elapsed().as_secs_f64();
            thinking[level_at(seat)].1 += 1;
            game.play(line)
                .map_err(|e| format!("game {}: {e}", g + 1))?;
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
