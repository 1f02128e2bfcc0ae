//! Dots and Boxes: rules and numbering, and the exact solver against the shared values.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use gamelab::engine::dots_boxes::board::parse_dbn;
use gamelab::engine::dots_boxes::solver::{mask_of, Solver};
use gamelab::engine::dots_boxes::{Board, Game, MoveError};

#[test]
fn every_shared_value_and_move_value() {
    let data = common::read_json("dots-and-boxes/exact_values.json");
    for entry in data["boards"].as_array().unwrap() {
        let (rows, cols) = (entry["rows"].as_u64().unwrap() as usize, entry["cols"].as_u64().unwrap() as usize);
        let board = Board::new(rows, cols).unwrap();
        assert_eq!(board.lines() as u64, entry["edges"].as_u64().unwrap());
        let mut solver = Solver::new(&board).unwrap();
        for (p, position) in entry["positions"].as_array().unwrap().iter().enumerate() {
            let drawn = parse_dbn(&board, position["dbn"].as_str().unwrap()).unwrap();
            let mask = mask_of(drawn.into_iter());
            assert_eq!(solver.value(mask) as i64, position["value"].as_i64().unwrap(), "{rows}x{cols} position {p}");
            let want = position["move_values"].as_object().unwrap();
            let got = solver.move_values(mask);
            assert_eq!(got.len(), want.len(), "{rows}x{cols} position {p}: the legal moves");
            for (line, value) in got {
                assert_eq!(value as i64, want[&line.to_string()].as_i64().unwrap(), "{rows}x{cols} position {p} line {line}");
            }
        }
    }
}

#[test]
fn numbering_scoring_and_moving_again() {
    let board = Board::new(2, 2).unwrap();
    assert_eq!(board.lines(), 12);
    assert_eq!(board.sides[0], [0, 2, 6, 7]);
    assert_eq!(board.sides[3], [3, 5, 10, 11]);
    assert_eq!(board.describe(2), "h 1 0");
    assert_eq!(board.describe(10), "v 1 1");
    let mut game = Game::new(board.clone());
    for line in [0, 2, 6] {
        assert_eq!(game.play(line).unwrap(), 0);
    }
    assert_eq!(game.current(), 1);
    assert_eq!(game.play(7).unwrap(), 1, "P2 completes box 0 and moves again");
    assert_eq!(game.current(), 1);
    assert_eq!(game.scores(), [0, 1]);
    assert_eq!(game.box_owner(0), Some(1));
    assert_eq!(game.drawn_by(0), Some(0));
    assert_eq!(game.dbn(), "101000110000");
    let before = game.clone();
    assert_eq!(game.play(7), Err(MoveError::Taken { line: 7 }));
    assert_eq!(game.play(12), Err(MoveError::OutOfRange { line: 12, lines: 12 }));
    assert_eq!(game, before);
    assert!(game.undo());
    assert_eq!(game.scores(), [0, 0]);
    assert_eq!(game.current(), 1);
    assert!(game.redo());
    assert_eq!(game, before);
    assert!(Board::new(0, 3).is_err() && Board::new(3, 11).is_err());
    assert!(parse_dbn(&board, "10100011000").is_err() && parse_dbn(&board, "10100011000x").is_err());
}

#[test]
fn a_full_game_ends_with_every_box_owned() {
    let board = Board::new(3, 4).unwrap();
    let mut game = Game::new(board.clone());
    let mut state = 12345u64;
    while !game.is_over() {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
        let legal = game.legal();
        game.play(legal[(state >> 33) as usize % legal.len()]).unwrap();
    }
    assert_eq!(game.scores()[0] + game.scores()[1], 12);
    assert_eq!(game.play(0), Err(MoveError::GameOver));
    let replayed = Game::from_moves(board, game.moves()).unwrap();
    assert_eq!(replayed.dbn(), game.dbn());
}

/// The chain rules, the corner equivalence and the table keys change no value: every value and
/// move value of random positions matches a plain search (no chain rules) on boards up to 3 × 3.
#[test]
fn pruning_changes_no_value_on_random_positions() {
    let mut state = 99u64;
    let mut next = move || {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        state >> 33
    };
    for (rows, cols, positions) in [(1, 3, 60), (2, 2, 60), (2, 3, 60), (3, 2, 40), (3, 3, 30), (1, 5, 40)] {
        let board = Board::new(rows, cols).unwrap();
        let mut pruned = Solver::new(&board).unwrap();
        let mut plain = Solver::new(&board).unwrap();
        plain.chain_rules = false;
        for p in 0..positions {
            // Between a third and all of the lines drawn, so that chains and loops are common.
            let density = 35 + next() % 60;
            let mask = (0..board.lines()).filter(|_| next() % 100 < density).fold(0u64, |m, l| m | 1 << l);
            if mask.count_ones() as usize == board.lines() || (rows * cols == 9 && mask.count_ones() < 8) {
                continue;
            }
            assert_eq!(pruned.move_values(mask), plain.move_values(mask), "{rows}x{cols} position {p}: {mask:b}");
        }
    }
}

#[test]
fn an_interrupted_search_resumes_to_the_same_value() {
    let board = Board::new(3, 3).unwrap();
    let mut solver = Solver::new(&board).unwrap();
    let mut tries = 0;
    let value = loop {
        tries += 1;
        if let Some(v) = solver.try_value(0, 20_000) {
            break v;
        }
    };
    assert!(tries > 1, "20,000 nodes are not enough for 3 x 3 at once");
    assert_eq!(value, -3);
    assert_eq!(solver.outcome(0), -1);
}
