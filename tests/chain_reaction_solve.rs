//! The exact solver of two-player Chain Reaction against a brute force written here (every line
//! of play, no table, no symmetry), on the smallest boards and on random positions near the end
//! of larger ones; its perfect play against every reply; the command line's contract.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{chain_position, Lcg};

use gamelab::engine::chain_reaction::solve::{solve, Solver, Unsolved, Value};
use gamelab::engine::chain_reaction::{Game, Settings};
use gamelab::engine::stop::Stop;

/// The value of a position by brute force: +plies a win for the player to move, −plies a loss;
/// the winner takes the fastest win, the loser the slowest loss.
fn brute(game: &Game) -> i64 {
    game.legal_cells()
        .into_iter()
        .map(|cell| move_value(game, cell))
        .reduce(better)
        .unwrap_or(0)
}

/// The value of playing `cell`, for the player who plays it.
fn move_value(game: &Game, cell: usize) -> i64 {
    let mut child = game.clone();
    child.play_cell_quietly(cell).unwrap();
    if child.is_over() {
        return 1;
    }
    let theirs = brute(&child);
    if theirs > 0 {
        -(theirs + 1)
    } else {
        -theirs + 1
    }
}

fn better(a: i64, b: i64) -> i64 {
    let rank = |v: i64| if v > 0 { 1000 - v } else { -1000 - v };
    if rank(b) > rank(a) {
        b
    } else {
        a
    }
}

/// Every move the brute force finds as good as the best.
fn brute_best(game: &Game) -> (i64, Vec<usize>) {
    let scored: Vec<(usize, i64)> = game
        .legal_cells()
        .into_iter()
        .map(|cell| (cell, move_value(game, cell)))
        .collect();
    let value = scored.iter().map(|&(_, v)| v).reduce(better).unwrap();
    let best = scored
        .iter()
        .filter(|&&(_, v)| v == value)
        .map(|&(c, _)| c)
        .collect();
    (value, best)
}

fn signed(value: Value) -> i64 {
    match value {
        Value::Win { plies } => i64::from(plies),
        Value::Loss { plies } => -i64::from(plies),
    }
}

fn settings(rows: usize, cols: usize) -> Settings {
    Settings::new(rows, cols, 2).unwrap()
}

#[test]
fn the_smallest_boards_agree_with_the_brute_force_from_empty() {
    for (rows, cols) in [(2, 2), (2, 3), (3, 2)] {
        let game = Game::new(settings(rows, cols));
        let solution = solve(&game, u64::MAX, &Stop::never()).unwrap();
        let (value, best) = brute_best(&game);
        assert_eq!(signed(solution.value), value, "{rows} × {cols}");
        assert_eq!(solution.best, best, "{rows} × {cols}");
    }
}

#[test]
fn random_positions_agree_with_the_brute_force() {
    let mut rng = Lcg(64);
    // Late enough that the brute force ends quickly: at most about six plies remain.
    for (rows, cols, moves) in [(3, 3, 10), (2, 4, 7), (3, 3, 9), (2, 5, 9), (4, 2, 7)] {
        let mut checked = 0;
        while checked < 12 {
            let Some(game) = chain_position(rows, cols, moves, &mut rng) else {
                continue;
            };
            let solution = solve(&game, u64::MAX, &Stop::never()).unwrap();
            let (value, best) = brute_best(&game);
            assert_eq!(
                signed(solution.value),
                value,
                "{rows} × {cols}: {:?}",
                game.board_text()
            );
            assert_eq!(
                solution.best,
                best,
                "{rows} × {cols}: {:?}",
                game.board_text()
            );
            checked += 1;
        }
    }
}

/// Each move's value (what the page's analysis marks on the board), with the smallest table so
/// that positions are dropped and searched again.
#[test]
fn every_move_s_value_agrees_with_the_brute_force_in_a_small_table() {
    let mut rng = Lcg(21);
    for (rows, cols, moves) in [(3, 3, 9), (2, 5, 9), (2, 4, 6), (3, 2, 5)] {
        let mut solver = Solver::new(settings(rows, cols), 17).unwrap();
        let mut checked = 0;
        while checked < 8 {
            let Some(game) = chain_position(rows, cols, moves, &mut rng) else {
                continue;
            };
            let values = solver.values(&game, u64::MAX, &Stop::never()).unwrap();
            let expected: Vec<(usize, i64)> = game
                .legal_cells()
                .into_iter()
                .map(|cell| (cell, move_value(&game, cell)))
                .collect();
            let got: Vec<(usize, i64)> = values.iter().map(|&(c, v)| (c, signed(v))).collect();
            assert_eq!(got, expected, "{:?}", game.board_text());
            checked += 1;
        }
    }
}

/// A solve cut into calls of a few hundred positions each (as the page runs it) comes to the
/// same answer as one call: what a stopped call proved stays in the table.
#[test]
fn a_solve_in_slices_comes_to_the_same_answer() {
    for (rows, cols) in [(3, 3), (2, 5), (4, 2)] {
        let game = Game::new(settings(rows, cols));
        let whole = solve(&game, u64::MAX, &Stop::never()).unwrap();
        let mut solver = Solver::new(settings(rows, cols), 20).unwrap();
        let mut calls = 0;
        let sliced = loop {
            calls += 1;
            assert!(calls < 10_000, "{rows} × {cols} makes no progress");
            match solver.solve(&game, 300, &Stop::never()) {
                Ok(s) => break s,
                Err(Unsolved::Budget { .. }) => continue,
                Err(e) => panic!("{e:?}"),
            }
        };
        assert!(calls > 3, "{rows} × {cols} took {calls} calls");
        assert_eq!((sliced.value, sliced.best), (whole.value, whole.best));
    }
}

/// The winner's best moves keep the win against every reply, ending on time.
#[test]
fn perfect_play_never_lets_a_won_position_go() {
    let mut rng = Lcg(7);
    for (rows, cols) in [(3, 3), (2, 4), (2, 5)] {
        for _ in 0..6 {
            let Some(start) = chain_position(rows, cols, 3, &mut rng) else {
                continue;
            };
            let first = solve(&start, u64::MAX, &Stop::never()).unwrap();
            let Value::Win { plies } = first.value else {
                continue;
            };
            let winner = start.current().unwrap();
            // The loser tries a random reply each time; the winner takes a best move.
            let mut game = start.clone();
            let mut played = 0;
            while !game.is_over() {
                let cell = if game.current() == Some(winner) {
                    let s = solve(&game, u64::MAX, &Stop::never()).unwrap();
                    assert!(
                        matches!(s.value, Value::Win { .. }),
                        "{:?}",
                        game.board_text()
                    );
                    s.best[rng.below(s.best.len())]
                } else {
                    let legal = game.legal_cells();
                    legal[rng.below(legal.len())]
                };
                game.play_cell_quietly(cell).unwrap();
                played += 1;
            }
            assert_eq!(game.winner(), Some(winner));
            assert!(
                played <= plies as usize,
                "{played} plies for a win in {plies}"
            );
        }
    }
}

#[test]
fn a_solve_is_bounded_by_its_budget_and_refuses_what_it_cannot_solve() {
    let game = Game::new(settings(3, 3));
    assert!(solve(&game, 10, &Stop::never()).is_err());
    // The stop is heard within a few thousand positions (3 × 4 takes millions).
    let larger = Game::new(settings(3, 4));
    assert!(solve(&larger, u64::MAX, &Stop::when(|| true)).is_err());
    assert!(solve(&Game::new(settings(5, 5)), u64::MAX, &Stop::never()).is_err());
    assert!(solve(
        &Game::new(Settings::new(3, 3, 3).unwrap()),
        u64::MAX,
        &Stop::never()
    )
    .is_err());
}

#[cfg(feature = "cli")]
mod cli {
    use super::*;
    use common::gamelab;

    #[test]
    fn solve_prints_the_value_the_plies_and_every_best_move() {
        // 2 × 3 after one move each, against the brute force.
        let mut game = Game::new(settings(2, 3));
        game.play(0, 0).unwrap();
        game.play(1, 2).unwrap();
        let (value, best) = brute_best(&game);
        let out = gamelab(
            &["chain-reaction", "solve"],
            r#"{"rows": 2, "cols": 3, "moves": [[0, 0], [1, 2]]}"#,
        );
        assert_eq!(out.status.code(), Some(0));
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(json["value"], if value > 0 { "win" } else { "loss" });
        assert_eq!(json["plies"], value.abs());
        let cells: Vec<serde_json::Value> = best
            .iter()
            .map(|&c| serde_json::json!([c / 3, c % 3]))
            .collect();
        assert_eq!(json["best"], serde_json::Value::Array(cells));
    }

    #[test]
    fn bad_input_exits_2_and_a_spent_budget_3() {
        for (input, needle) in [
            (r#"{"rows": 5, "cols": 5, "moves": []}"#, "at most 21 cells"),
            (
                r#"{"rows": 2, "cols": 2, "moves": [[0, 0], [0, 0]]}"#,
                "move 2",
            ),
            (
                r#"{"rows": 2, "cols": 2, "moves": [[0, 0], [1, 1], [0, 0], [1, 1]]}"#,
                "over",
            ),
            (r#"{"rows": 2, "cols": 2}"#, "moves"),
        ] {
            let out = gamelab(&["chain-reaction", "solve"], input);
            assert_eq!(out.status.code(), Some(2), "{input}");
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(err.contains(needle), "{input}: {err}");
        }
        let out = gamelab(
            &["chain-reaction", "solve", "--max-nodes", "10"],
            r#"{"rows": 3, "cols": 3, "moves": []}"#,
        );
        assert_eq!(out.status.code(), Some(3));
    }
}
