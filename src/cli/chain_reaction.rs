//! `gamelab chain-reaction play | arena | solve`.
//!
//! `solve` reads `{"rows": 3, "cols": 4, "moves": [[r, c], ...]}` (two players, the game not
//! over) and prints `{"value": "win" | "loss", "plies": N, "best": [[r, c], ...]}`: whether the
//! player to move wins with best play, the plies to the end (the winner's last move included)
//! when the winner hurries and the loser delays, and every move that does as well.
//! `--max-nodes` counts the positions searched.
//!
//! `arena` reads `{"rows": 9, "cols": 6, "levels": ["mcts-500", "greedy"], "games": 20,
//! "seed": 1}` (levels: random, greedy, minimax[-depth], mcts[-playouts], perfect,
//! baseline[-depth]; 2 to 8 of them, one per player; optional `"ms_per_move"`: every level's
//! clock a move, past which it plays what it has) and prints `{"games": N, "levels": [...], "wins": [...], "rates": [...],
//! "ms_per_move": [...]}` (mean thinking time of each level); the seats rotate from game to
//! game, so every level moves first equally often. Same games as `ai::play_match`.
//!
//! `play` reads `{"rows": 9, "cols": 6, "players": 2, "moves": [[r, c], ...]}` and prints
//! `{"boards": [B1, ..., Bk], "winner": p or null}`, Bi the board after move i as rows of cells,
//! each `null` or `[player, orbs]`. An illegal move: a message naming its index, exit status 2.

use serde_json::{json, Value};

use super::{json_count, json_object, json_seed, Budget, CliError, Failure, Output};
use crate::engine::chain_reaction::ai::{Level, Player, Rng};
use crate::engine::chain_reaction::{Game, Settings};
use crate::engine::stop::Stop;
use crate::engine::turn::Thinker;

/// Runs one command; `--max-nodes` counts the arena's moves.
pub fn run(command: &str, input: &str, budget: &Budget) -> Result<Output, Failure> {
    match command {
        "play" => Ok(play(input).map(Output::Text)?),
        "arena" => arena(input, budget).map(Output::Text),
        "solve" => solve(input, budget).map(Output::Text),
        other => Err(format!(
            "unknown chain-reaction command '{other}': expected play, arena or solve"
        )
        .into()),
    }
}

/// The board as JSON: rows of cells, `null` or `[player, orbs]`.
pub fn board_json(game: &Game) -> Value {
    let s = game.settings();
    Value::Array(
        (0..s.rows)
            .map(|r| {
                Value::Array(
                    (0..s.cols)
                        .map(|c| {
                            game.cell_at(r, c)
                                .map_or(Value::Null, |(p, n)| json!([p, n]))
                        })
                        .collect(),
                )
            })
            .collect(),
    )
}

fn play(input: &str) -> Result<String, CliError> {
    let request = json_object(input, "{\"rows\", \"cols\", \"players\", \"moves\"}")?;
    let settings = Settings::new(
        json_count(&request, "rows")?,
        json_count(&request, "cols")?,
        json_count(&request, "players")?,
    )
    .map_err(|e| e.0)?;
    let (game, boards) = replay(settings, &request)?;
    Ok(json!({"boards": boards, "winner": game.winner()}).to_string())
}

/// The game after the request's `"moves"`, and the board after each.
fn replay(settings: Settings, request: &Value) -> Result<(Game, Vec<Value>), CliError> {
    let moves = request
        .get("moves")
        .and_then(Value::as_array)
        .ok_or("\"moves\" must be a list of [row, col] pairs")?;
    let mut game = Game::new(settings);
    let mut boards = Vec::with_capacity(moves.len());
    for (i, m) in moves.iter().enumerate() {
        let pair = m
            .as_array()
            .filter(|a| a.len() == 2)
            .and_then(|a| Some((a[0].as_u64()? as usize, a[1].as_u64()? as usize)));
        let (r, c) = pair.ok_or_else(|| {
            format!(
                "move {}: {m} is not a [row, col] pair of whole numbers",
                i + 1
            )
        })?;
        game.play(r, c)
            .map_err(|e| format!("move {} ({r}, {c}) is illegal: {e}", i + 1))?;
        boards.push(board_json(&game));
    }
    Ok((game, boards))
}

/// The exact value of a two-player position (`engine::chain_reaction::solve`).
fn solve(input: &str, budget: &Budget) -> Result<String, Failure> {
    use crate::engine::chain_reaction::solve::{solve, Unsolved, Value as Solved};
    let request = json_object(input, "{\"rows\", \"cols\", \"moves\"}")?;
    let settings = Settings::new(
        json_count(&request, "rows")?,
        json_count(&request, "cols")?,
        2,
    )
    .map_err(|e| e.0)?;
    let (game, _) = replay(settings, &request)?;
    let solution = solve(&game, budget.max_nodes, &budget.stop()).map_err(|e| match e {
        Unsolved::NotSolvable(why) => Failure::from(why),
        Unsolved::Budget { positions } => Failure::BudgetSpent(format!(
            "the solve stopped after {positions} positions: give a larger --max-nodes or --time-limit-ms"
        )),
    })?;
    let cols = settings.cols;
    let best: Vec<Value> = solution
        .best
        .iter()
        .map(|&cell| json!([cell / cols, cell % cols]))
        .collect();
    let value = match solution.value {
        Solved::Win { .. } => "win",
        Solved::Loss { .. } => "loss",
    };
    Ok(json!({"value": value, "plies": solution.value.plies(), "best": best}).to_string())
}

fn arena(input: &str, budget: &Budget) -> Result<String, Failure> {
    let request = json_object(
        input,
        "{\"rows\", \"cols\", \"levels\", \"games\", \"seed\"}",
    )?;
    let levels: Vec<Level> = request
        .get("levels")
        .and_then(Value::as_array)
        .ok_or("\"levels\" must be a list such as [\"mcts-500\", \"greedy\"]")?
        .iter()
        .map(|v| {
            v.as_str()
                .ok_or_else(|| format!("a level is a string, not {v}"))
                .and_then(Level::parse)
        })
        .collect::<Result<_, _>>()?;
    let settings = Settings::new(
        json_count(&request, "rows")?,
        json_count(&request, "cols")?,
        levels.len(),
    )
    .map_err(|e| e.0)?;
    let games = json_count(&request, "games")?;
    if !(1..=100_000).contains(&games) {
        return Err("\"games\" goes from 1 to 100000".into());
    }
    let seed = json_seed(&request)?;
    // A clock a move, the same for every level: each thinks until it decides or the time is up,
    // then plays what it has (as in the page).
    let ms_per_move = match request.get("ms_per_move") {
        None => None,
        Some(v) => match v.as_u64() {
            Some(ms @ 1..=60_000) => Some(ms),
            _ => return Err("\"ms_per_move\" goes from 1 to 60000".into()),
        },
    };
    let mut moves = 0u64;
    let players = levels.len();
    let mut wins = vec![0usize; players];
    let mut thinking = vec![(0.0f64, 0u64); players];
    for g in 0..games {
        // Seat s plays level (s + g) mod n.
        let mut game = Game::new(settings);
        let mut rng = Rng::new(seed.wrapping_add(g as u64));
        while let Some(seat) = game.current() {
            let level = (seat + g) % players;
            let started = std::time::Instant::now();
            // Thought in pieces, so a long think still meets the budget; minimax also asks the
            // budget's clock inside its search.
            let what = format!("the arena (game {} of {games})", g + 1);
            let deadline = ms_per_move.map(|ms| started + std::time::Duration::from_millis(ms));
            let stop = match deadline {
                Some(at) => budget.stop().or(Stop::at(at)),
                None => budget.stop(),
            };
            let mut player = Player::stopped_by(levels[level], rng.next_u64(), stop);
            let cell = loop {
                if let Some(cell) = player.think(&game, 256) {
                    break Some(cell);
                }
                if deadline.is_some_and(|at| std::time::Instant::now() >= at) {
                    if let Some(cell) = player.decide_now(&game) {
                        break Some(cell);
                    }
                }
                budget.check(moves, &what)?;
                if budget.stop().requested() {
                    return Err(Failure::BudgetSpent(format!("{what}: the time ran out")));
                }
            };
            let Some(cell) = cell else { break };
            thinking[level].0 += started.elapsed().as_secs_f64();
            thinking[level].1 += 1;
            game.play_cell(cell)
                .map_err(|e| format!("game {}: {e}", g + 1))?;
            moves += 1;
            budget.check(moves, &format!("the arena (game {} of {games})", g + 1))?;
        }
        if let Some(winner) = game.winner() {
            wins[(winner + g) % players] += 1;
        }
    }
    let rates: Vec<f64> = wins.iter().map(|&w| w as f64 / games as f64).collect();
    let names: Vec<String> = levels.iter().map(Level::name).collect();
    let ms_per_move: Vec<f64> = thinking
        .iter()
        .map(|&(s, n)| (s * 1000.0 / n.max(1) as f64 * 100.0).round() / 100.0)
        .collect();
    Ok(json!({"games": games, "levels": names, "wins": wins, "rates": rates, "ms_per_move": ms_per_move}).to_string())
}
