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
