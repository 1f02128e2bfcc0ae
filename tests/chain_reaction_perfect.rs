//! Chain Reaction's perfect level, the page's analysis and the computer's explanations: the
//! perfect level keeps every won position against every kind of reply and says why it moved;
//! the analysis agrees with the solver and says when it cannot; a move's explanation names the
//! chain, the cells taken and the threat answered.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{chain_position, Lcg};

use gamelab::engine::chain_reaction::analysis::{Analysis, Outcome};
use gamelab::engine::chain_reaction::explain::explain;
use gamelab::engine::chain_reaction::perfect::TABLE_BITS;
use gamelab::engine::chain_reaction::solve::{solve, Solver, Value};
use gamelab::engine::chain_reaction::{ai::Level, ai::Player, Game, Settings};
use gamelab::engine::stop::Stop;
use gamelab::engine::turn::Thinker;

fn settings(rows: usize, cols: usize) -> Settings {
    Settings::new(rows, cols, 2).unwrap()
}

fn game_of(rows: usize, cols: usize, moves: &[usize]) -> Game {
    let mut game = Game::new(settings(rows, cols));
    for &m in moves {
        game.play_cell(m).unwrap();
    }
    game
}

/// From won positions, the perfect level against random, greedy and minimax replies: it wins
/// every game, within the plies the solver promised.
#[test]
fn the_perfect_level_never_lets_a_won_position_go() {
    let mut rng = Lcg(17);
    let mut games = 0;
    for (rows, cols, opening) in [(3, 3, 2), (2, 4, 3), (2, 5, 4), (3, 4, 6), (4, 3, 5)] {
        for reply in [Level::Random, Level::Greedy, Level::Minimax { depth: 2 }] {
            let Some(start) = chain_position(rows, cols, opening, &mut rng) else {
                continue;
            };
            let Value::Win { plies } = solve(&start, u64::MAX, &Stop::never()).unwrap().value
            else {
                continue;
            };
            let winner = start.current().unwrap();
            let mut perfect = Player::new(Level::Perfect, rng.0);
            let mut other = Player::new(reply, rng.0 ^ 1);
            let mut game = start.clone();
            let mut played = 0;
            while !game.is_over() {
                let player = if game.current() == Some(winner) {
                    &mut perfect
                } else {
                    &mut other
                };
                let cell = player.choose(&game).unwrap();
                game.play_cell(cell).unwrap();
                played += 1;
            }
            assert_eq!(
                game.winner(),
                Some(winner),
                "{rows} × {cols} against {reply:?}"
            );
            assert!(
                played <= plies as usize,
                "{played} plies for a win in {plies}"
            );
            games += 1;
        }
    }
    assert!(games >= 8, "only {games} won positions came up");
}

#[test]
fn the_perfect_level_says_what_it_proved_and_plays_on_where_it_cannot() {
    // 3 × 4 after A (1, 1) and B (2, 3): A to move.
    let game = game_of(3, 4, &[5, 11]);
    let mut perfect = Player::new(Level::Perfect, 1);
    let cell = perfect.choose(&game).unwrap();
    let solution = solve(&game, u64::MAX, &Stop::never()).unwrap();
    assert!(solution.best.contains(&cell));
    let why = perfect.reason().unwrap();
    assert_eq!(
        why.split(" With best play").next().unwrap(),
        explain(&game, cell).why
    );
    let plies = solution.value.plies();
    assert!(
        why.contains(&format!("it wins in {plies} plies")),
        "{why} (a win in {plies})"
    );
    // 9 × 6 is past the solver: the strongest heuristic level plays, and says it is not proved.
    let mut big = Game::new(Settings::default());
    big.play_cell(0).unwrap();
    let mut perfect = Player::new(Level::Perfect, 1);
    let cell = perfect.choose(&big).unwrap();
    assert!(big.legal_cells().contains(&cell));
    assert!(perfect.reason().unwrap().contains("Not proved"));
    // So are three players.
    let three = Game::new(Settings::new(3, 3, 3).unwrap());
    let mut perfect = Player::new(Level::Perfect, 1);
    assert!(perfect.choose(&three).is_some());
    assert!(perfect.reason().unwrap().contains("Not proved"));
}

#[test]
fn the_analysis_gives_every_cell_s_value_in_slices_or_says_why_it_cannot() {
    let mut rng = Lcg(5);
    for (rows, cols, moves) in [(3, 3, 4), (2, 5, 6), (3, 4, 8)] {
        let Some(game) = chain_position(rows, cols, moves, &mut rng) else {
            continue;
        };
        let mut solver = Solver::new(game.settings(), TABLE_BITS).unwrap();
        let mut analysis = Analysis::new(&game, u64::MAX);
        let mut steps = 0;
        while analysis.step(&mut solver, 2_000).is_none() {
            steps += 1;
            assert!(steps < 100_000);
        }
        let Some(Outcome::Solved { value, moves }) = analysis.outcome().cloned() else {
            panic!("{:?}", analysis.outcome());
        };
        let mut fresh = Solver::new(game.settings(), 20).unwrap();
        assert_eq!(
            moves,
            fresh.values(&game, u64::MAX, &Stop::never()).unwrap()
        );
        let solution = solve(&game, u64::MAX, &Stop::never()).unwrap();
        assert_eq!(value, solution.value);
        assert_eq!(analysis.outcome().unwrap().best(), solution.best);
    }
    // Past the solver, at once: too many cells, or players.
    for (game, words) in [
        (Game::new(Settings::default()), "at most 21 cells"),
        (Game::new(Settings::new(3, 3, 3).unwrap()), "two-player"),
    ] {
        let analysis = Analysis::new(&game, 1_000);
        match analysis.outcome() {
            Some(Outcome::Beyond(why)) => assert!(why.contains(words), "{why}"),
            other => panic!("{other:?}"),
        }
    }
    // Past its budget: 4 × 5 from the start is not settled in 20,000 positions.
    let game = Game::new(settings(4, 5));
    let mut solver = Solver::new(game.settings(), 17).unwrap();
    let mut analysis = Analysis::new(&game, 20_000);
    while analysis.step(&mut solver, 3_000).is_none() {}
    match analysis.outcome() {
        Some(Outcome::Beyond(why)) => assert!(why.contains("Not settled within 20000"), "{why}"),
        other => panic!("{other:?}"),
    }
    assert!(analysis.spent() >= 20_000 && analysis.spent() < 23_000);
}

#[test]
fn a_move_is_explained_by_its_chain_its_captures_and_the_threat_it_answers() {
    // The rules' picture: A in two corners, B beside and under the first; A bursts the corner.
    let game = game_of(3, 3, &[0, 1, 8, 3]);
    assert_eq!(
        explain(&game, 0).to_string(),
        "Its orb at row 1, column 1 set off 1 burst in 1 wave. It took 2 cells from B (row 1, \
         column 2 and row 2, column 1): every orb left is its own, and it wins."
    );
    // A quiet first move into a corner.
    let empty = Game::new(settings(3, 3));
    let words = explain(&empty, 0).to_string();
    assert!(
        words.starts_with("It put an orb at row 1, column 1.") && words.contains("A corner"),
        "{words}"
    );
    // 3 × 3: A (1, 2), B (1, 1), A (1, 2) again: A's edge cell holds 2, and B's corner, one
    // orb from bursting, touches it. B plays far away; A bursts its edge into B's corner.
    let mut game = game_of(3, 3, &[1, 0, 1, 8]);
    let words = explain(&game, 1).to_string();
    assert!(
        words.contains("set off")
            && words.contains("It took 1 cell from B")
            && words.contains("Among them B's cell at row 1, column 1, one orb from bursting"),
        "{words}"
    );
    // A quiet move that loads a cell beside an enemy one: A (2, 2) twice, B (1, 2) and (3, 3).
    game = game_of(3, 3, &[4, 1, 4, 8]);
    let words = explain(&game, 4);
    assert_eq!(words.what, "It put an orb at row 2, column 2");
    assert!(
        words
            .why
            .starts_with("The cell is now one orb from bursting: a threat to"),
        "{words}"
    );
}
