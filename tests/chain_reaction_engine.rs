//! Chain Reaction's rules: the shared random-game vectors step by step, explosions by hand,
//! invariants over thousands of random games, elimination, the end of the game, bad moves.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use gamelab::engine::chain_reaction::automaton::state_name;
use gamelab::engine::chain_reaction::{Game, MoveError, Settings};
use gamelab::engine::rng::Rng;
use gamelab::engine::turn::Record;
use proptest::prelude::*;

#[test]
fn every_step_of_the_ten_reference_games() {
    let data = common::read_json("chain-reaction/random_games.json");
    let games = data["games"].as_array().unwrap();
    assert_eq!(games.len(), 10);
    for (g, game) in games.iter().enumerate() {
        let n = |k: &str| game[k].as_u64().unwrap() as usize;
        let settings = Settings::new(n("rows"), n("cols"), n("players")).unwrap();
        let mut played = Game::new(settings);
        for (i, step) in game["steps"].as_array().unwrap().iter().enumerate() {
            let m = step["move"].as_array().unwrap();
            let (r, c) = (
                m[0].as_u64().unwrap() as usize,
                m[1].as_u64().unwrap() as usize,
            );
            assert_eq!(
                played.current(),
                Some(step["player"].as_u64().unwrap() as usize),
                "game {g} step {i}"
            );
            let report = played
                .play(r, c)
                .unwrap_or_else(|e| panic!("game {g} step {i}: {e}"));
            let board: Vec<String> = step["board"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s.as_str().unwrap().to_string())
                .collect();
            assert_eq!(played.board_text(), board, "game {g} step {i}");
            assert_eq!(
                report.explosions as u64,
                step["explosions"].as_u64().unwrap(),
                "game {g} step {i}"
            );
            let eliminated: Vec<usize> = step["eliminated"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_u64().unwrap() as usize)
                .collect();
            assert_eq!(played.eliminated(), eliminated, "game {g} step {i}");
            assert_eq!(
                played.current(),
                step["next_player"].as_u64().map(|p| p as usize),
                "game {g} step {i}"
            );
            assert_eq!(
                report.won,
                step["final"].as_bool().unwrap(),
                "game {g} step {i}"
            );
        }
        assert_eq!(played.winner(), Some(n("winner")), "game {g}");
        assert_eq!(played.placements(), n("placements"), "game {g}");
    }
}

fn board(game: &Game) -> Vec<String> {
    game.board_text()
}

#[test]
fn corner_edge_and_interior_cells_explode_at_2_3_and_4() {
    let mut g = Game::new(Settings::new(3, 3, 2).unwrap());
    g.play(0, 0).unwrap(); // A corner: mass 2
    g.play(2, 2).unwrap();
    let report = g.play(0, 0).unwrap();
    assert_eq!(report.explosions, 1);
    assert_eq!(board(&g), vec![". A1 .", "A1 . .", ". . B1"]);
    // An edge cell (mass 3): B plays (1,2) three times... first build it up.
    let mut g = Game::new(Settings::new(3, 3, 2).unwrap());
    for (r, c) in [(0, 1), (2, 2), (0, 1), (2, 0), (0, 1)] {
        g.play(r, c).unwrap();
    }
    assert_eq!(board(&g), vec!["A1 . A1", ". A1 .", "B1 . B1"]);
    // The interior cell (mass 4).
    let mut g = Game::new(Settings::new(3, 3, 2).unwrap());
    for (r, c) in [(1, 1), (0, 0), (1, 1), (2, 2), (1, 1)] {
        g.play(r, c).unwrap();
    }
    assert_eq!(board(&g), vec!["B1 . .", ". A3 .", ". . B1"]);
    assert_eq!(
        g.play(1, 1),
        Err(MoveError::Occupied {
            row: 1,
            col: 1,
            owner: 0
        }),
        "B may not play on A's cell"
    );
    g.play(0, 2).unwrap();
    let report = g.play(1, 1).unwrap(); // A4 in the middle explodes into all four neighbours
    assert_eq!(report.explosions, 1);
    assert_eq!(board(&g), vec!["B1 A1 B1", "A1 . A1", ". A1 B1"]);
}

#[test]
fn an_explosion_keeps_the_excess_and_converts_its_neighbours() {
    // Build A3 in a corner of a 2 × 2 board by hand-made state: corners have mass 2.
    let mut g = Game::new(Settings::new(2, 3, 2).unwrap());
    g.play(0, 1).unwrap(); // A on an edge cell (mass 3)
    g.play(1, 1).unwrap(); // B below it
    g.play(0, 1).unwrap(); // A2
    g.play(1, 1).unwrap(); // B2
    let report = g.play(0, 1).unwrap(); // A3: explodes into (0,0), (0,2), (1,1)
    assert_eq!(report.explosions, 1);
    assert_eq!(report.waves, vec![vec![1]]);
    assert_eq!(board(&g), vec!["A1 . A1", ". A3 ."]);
    assert_eq!(g.orbs_of(1), 0);
    assert_eq!(g.total_orbs(), 5, "orbs are never created or lost");
}

#[test]
fn the_chain_stops_the_moment_one_player_owns_everything() {
    // 2 × 2: every cell has mass 2.
    let mut g = Game::new(Settings::new(2, 2, 2).unwrap());
    g.play(0, 0).unwrap();
    g.play(1, 1).unwrap();
    let report = g.play(0, 0).unwrap(); // explodes into (0,1) and (1,0): B still has (1,1)
    assert!(!report.won);
    g.play(1, 1).unwrap(); // B explodes: takes (0,1), (1,0) -> each has 2 -> chain...
    assert!(g.is_over());
    assert_eq!(g.winner(), Some(1));
    assert_eq!(g.play(0, 0), Err(MoveError::GameOver));
}

#[test]
fn players_are_eliminated_only_after_their_first_move_and_skipped() {
    let mut g = Game::new(Settings::new(3, 3, 3).unwrap());
    g.play(0, 0).unwrap(); // A
    g.play(0, 1).unwrap(); // B on the edge next to A
    assert_eq!(
        g.current(),
        Some(2),
        "C has no orbs but has not played: not out"
    );
    assert!(!g.is_eliminated(2));
    g.play(2, 2).unwrap(); // C
    g.play(0, 0).unwrap(); // A2 in a corner explodes: takes B's (0,1) -> B out
    assert_eq!(board(&g), vec![". A2 .", "A1 . .", ". . C1"]);
    assert_eq!(g.eliminated(), vec![1]);
    assert_eq!(g.current(), Some(2), "B is skipped");
}

#[test]
fn bad_moves_are_refused_and_change_nothing() {
    let mut g = Game::new(Settings::default());
    g.play(0, 0).unwrap();
    let before = g.clone();
    assert_eq!(
        g.play(0, 0),
        Err(MoveError::Occupied {
            row: 0,
            col: 0,
            owner: 0
        })
    );
    assert_eq!(g.play(9, 0), Err(MoveError::OffBoard { row: 9, col: 0 }));
    assert_eq!(g.play(0, 6), Err(MoveError::OffBoard { row: 0, col: 6 }));
    assert_eq!(g, before);
    for (r, c, p) in [(1, 1, 1), (0, 5, 9), (21, 5, 2), (5, 1, 2)] {
        assert!(Settings::new(r, c, p).is_err(), "{r}x{c} with {p}");
    }
    assert!(Settings::new(20, 20, 8).is_ok() && Settings::new(2, 2, 4).is_ok());
}

#[test]
fn automaton_state_names() {
    let mut g = Game::new(Settings::new(3, 3, 3).unwrap());
    assert_eq!(state_name(&g, 0), "S10");
    assert_eq!(state_name(&g, 1), "S20");
    assert_eq!(state_name(&g, 4), "S30");
    g.play(1, 1).unwrap();
    g.play(0, 1).unwrap();
    g.play(2, 2).unwrap();
    assert_eq!(state_name(&g, 4), "S31");
    assert_eq!(state_name(&g, 1), "S'21");
    assert_eq!(state_name(&g, 8), "S''11");
}

fn random_game(settings: Settings, seed: u64) -> (Record<Game>, Vec<u32>) {
    let mut record = Record::<Game>::new(settings);
    let mut rng = Rng::new(seed);
    let mut totals = Vec::new();
    while !record.game().is_over() {
        let legal = record.game().legal_cells();
        assert!(!legal.is_empty(), "a player in the game always has a move");
        let cell = legal[rng.below(legal.len())];
        record.play(cell).unwrap();
        let game = record.game();
        if game.winner().is_none() {
            // Orbs = placements; every cell below its mass; owners exactly on non-empty cells.
            assert_eq!(game.total_orbs() as usize, game.placements());
            for cell in 0..settings.cells() {
                if let Some((_, n)) = game.cell(cell) {
                    assert!(n >= 1 && n < settings.critical_mass(cell));
                }
            }
            totals.push(game.total_orbs());
        }
        assert!(game.placements() <= settings.max_stable_orbs() + 1);
    }
    (record, totals)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_the_invariants(rows in 2usize..=9, cols in 2usize..=9, players in 2usize..=8, seed in any::<u64>()) {
        prop_assume!(rows * cols >= players);
        let settings = Settings::new(rows, cols, players).unwrap();
        let (record, _) = random_game(settings, seed);
        let game = record.game();
        let winner = game.winner().unwrap();
        prop_assert_eq!(game.orbs_of(winner), game.total_orbs());
        // Replaying the moves gives the same game; undo walks back exactly.
        let replayed = Record::<Game>::parse(&record.text()).unwrap();
        prop_assert_eq!(replayed.game(), game);
        let mut undone = record.clone();
        let mut states = vec![undone.game().clone()];
        while undone.undo() {
            states.push(undone.game().clone());
        }
        prop_assert_eq!(states.last().unwrap(), &Game::new(settings));
    }
}

#[test]
fn thousands_of_random_games_on_9_by_6() {
    for seed in 1..=2000u64 {
        let players = 2 + (seed % 7) as usize;
        let (record, _) = random_game(Settings::new(9, 6, players).unwrap(), seed * 7919);
        assert!(record.game().is_over());
    }
}

/// A reference resolution written here, independent of the engine's waves: one unstable cell
/// at a time, first-in-first-out or last-in-first-out, until the board is stable.
fn resolve_elsewhere(
    before: &Game,
    cell: usize,
    last_in_first_out: bool,
) -> Vec<Option<(usize, u8)>> {
    let s = before.settings();
    let player = before.current().unwrap();
    let mut board: Vec<Option<(usize, u8)>> = (0..s.cells()).map(|c| before.cell(c)).collect();
    let add = |board: &mut Vec<Option<(usize, u8)>>, c: usize| {
        let orbs = board[c].map_or(0, |(_, n)| n) + 1;
        board[c] = Some((player, orbs));
    };
    add(&mut board, cell);
    let mut pending = std::collections::VecDeque::from([cell]);
    while let Some(c) = if last_in_first_out {
        pending.pop_back()
    } else {
        pending.pop_front()
    } {
        let mass = s.critical_mass(c);
        let Some((_, n)) = board[c] else { continue };
        if n < mass {
            continue;
        }
        board[c] = if n - mass == 0 {
            None
        } else {
            Some((player, n - mass))
        };
        if n - mass >= mass {
            pending.push_back(c);
        }
        for nb in s.neighbours(c) {
            add(&mut board, nb);
            pending.push_back(nb);
        }
    }
    board
}

#[test]
fn explosion_order_does_not_matter_for_non_final_moves() {
    let mut compared = 0;
    for seed in 1..=300u64 {
        let settings = Settings::new(
            6 + (seed % 4) as usize,
            5 + (seed % 3) as usize,
            2 + (seed % 3) as usize,
        )
        .unwrap();
        let mut game = Game::new(settings);
        let mut rng = Rng::new(seed);
        while !game.is_over() {
            let legal = game.legal_cells();
            let cell = legal[rng.below(legal.len())];
            let before = game.clone();
            let report = game.play_cell(cell).unwrap();
            if report.won {
                break;
            }
            let engine: Vec<Option<(usize, u8)>> =
                (0..settings.cells()).map(|c| game.cell(c)).collect();
            assert_eq!(
                resolve_elsewhere(&before, cell, false),
                engine,
                "FIFO, seed {seed}"
            );
            assert_eq!(
                resolve_elsewhere(&before, cell, true),
                engine,
                "LIFO, seed {seed}"
            );
            compared += 1;
        }
    }
    assert!(compared > 10_000, "{compared} moves compared");
}
