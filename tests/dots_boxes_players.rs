//! Dots and Boxes computer players: chain counting, the Strong player's decisions, every level's
//! legality, thinking in slices, and strength against the seed's Original player.
#![cfg(not(target_arch = "wasm32"))]

use gamelab::engine::dots_boxes::endgame::{components, Component, Endgames};
use gamelab::engine::dots_boxes::lines::Lines;
use gamelab::engine::dots_boxes::players::{play_game, Level, Player};
use gamelab::engine::dots_boxes::solver::{mask_of, Solver};
use gamelab::engine::dots_boxes::strong::{capture_move, sacrifice_move};
use gamelab::engine::dots_boxes::{Board, Game};

fn position(board: &Board, drawn: &[usize]) -> Vec<bool> {
    board.drawn_of(drawn)
}

/// 3 × 3, no safe line: box 0 alone, boxes 1-2 a pair, boxes 3..8 a snake of six.
const GROUPS_1_2_6: [usize; 12] = [3, 13, 4, 5, 15, 6, 7, 19, 23, 11, 10, 9];

#[test]
fn simple_loony_endgames_by_hand() {
    let mut endgames = Endgames::default();
    use Component::{Chain, Loop};
    assert_eq!(endgames.value(&[]), 0);
    assert_eq!(endgames.value(&[Chain(1)]), -1);
    assert_eq!(endgames.value(&[Chain(3)]), -3);
    // Two 3-chains: the other player declines the first (1 for them, 2 for the opener), then
    // takes the second: 4 to 2.
    assert_eq!(endgames.value(&[Chain(3), Chain(3)]), -2);
    assert_eq!(endgames.value(&[Loop(4)]), -4);
    // A 4-loop and a 3-chain: opening the loop first costs 1 net, the chain first 3.
    assert_eq!(endgames.value(&[Chain(3), Loop(4)]), -1);
    // Single boxes and a pair are simply taken: the opener of {1, 2} loses 1 then gains 2.
    assert_eq!(endgames.value(&[Chain(1), Chain(2)]), 1);
}

#[test]
fn components_are_chains_and_loops() {
    let board = Board::new(3, 3).unwrap();
    let lines = Lines::new(&board, position(&board, &GROUPS_1_2_6));
    let mut kinds: Vec<Component> = components(&lines).into_iter().map(|(c, _)| c).collect();
    kinds.sort();
    assert_eq!(
        kinds,
        vec![
            Component::Chain(1),
            Component::Chain(2),
            Component::Chain(6)
        ]
    );
    let board = Board::new(2, 2).unwrap();
    let lines = Lines::new(&board, position(&board, &[0, 1, 4, 5, 6, 8, 9, 11]));
    assert_eq!(
        components(&lines),
        vec![(Component::Loop(4), vec![0, 1, 2, 3])]
    );
}

#[test]
fn strong_keeps_control_only_when_it_pays() {
    let board = Board::new(3, 3).unwrap();
    let mut endgames = Endgames::default();
    // The pair {1, 2} opened at box 1's top (line 1); a snake of six is left: decline the pair
    // (draw box 2's far side, line 2) to keep control: +4 instead of -4.
    let mut drawn = GROUPS_1_2_6.to_vec();
    drawn.extend([0, 12, 1]);
    let lines = Lines::new(&board, position(&board, &drawn));
    assert_eq!(capture_move(&lines, &mut endgames), Some(2));
    let mut solver = Solver::new(&board).unwrap();
    let mask = mask_of(lines.drawn.iter().copied());
    assert!(
        solver.move_value(mask, 2) > solver.move_value(mask, 14),
        "the exact values agree"
    );
    // With the snake already taken, the pair is the last group: take it.
    let mut drawn = vec![0, 1, 12, 13, 4, 5, 15, 3];
    drawn.extend(6..12);
    drawn.extend(16..24);
    let lines = Lines::new(&board, position(&board, &drawn));
    assert_eq!(capture_move(&lines, &mut endgames), Some(14));
}

#[test]
fn strong_opens_the_cheapest_component() {
    // Opening the single box costs 5 net, the pair or the snake 7: box 0 is given (line 0).
    let board = Board::new(3, 3).unwrap();
    let lines = Lines::new(&board, position(&board, &GROUPS_1_2_6));
    assert_eq!(sacrifice_move(&lines, &mut Endgames::default()), Some(0));
    let mut solver = Solver::new(&board).unwrap();
    assert_eq!(
        solver.move_value(mask_of(lines.drawn.iter().copied()), 0),
        -5
    );
}

#[test]
fn level_names_round_trip_and_bad_names_are_refused() {
    for level in Level::ALL {
        assert_eq!(Level::parse(&level.name()), Ok(level));
    }
    assert_eq!(
        Level::parse("strong-5000"),
        Ok(Level::Strong { exact_nodes: 5000 })
    );
    assert!(Level::parse("grandmaster")
        .unwrap_err()
        .contains("grandmaster"));
}

#[test]
fn every_level_plays_legal_lines_to_the_end() {
    for (rows, cols) in [(1, 1), (2, 3), (4, 4), (6, 5)] {
        let board = Board::new(rows, cols).unwrap();
        for a in Level::ALL {
            let game = play_game(&board, [a, Level::OriginalRandom], 3);
            assert!(game.is_over(), "{} on {rows}x{cols}", a.name());
            assert_eq!(game.moves().len(), board.lines());
            assert_eq!(game.scores().iter().sum::<usize>(), rows * cols);
        }
    }
}

#[test]
fn thinking_in_small_slices_reaches_the_same_move() {
    let board = Board::new(3, 3).unwrap();
    let game = Game::from_moves(board.clone(), &[0, 13, 22]).unwrap();
    let drawn = game.drawn();
    let strong = Level::Strong {
        exact_nodes: 10_000_000,
    };
    let at_once = Player::new(&board, strong, 1).choose(&drawn).unwrap();
    let mut sliced = Player::new(&board, strong, 1);
    let mut slices = 0;
    let line = loop {
        slices += 1;
        if let Some(line) = sliced.think(&drawn, 2_000) {
            break line;
        }
    };
    assert!(slices > 3, "the search took several slices");
    assert_eq!(line, at_once);
    let mut solver = Solver::new(&board).unwrap();
    let mask = mask_of(drawn.iter().copied());
    assert_eq!(
        solver.move_value(mask, line),
        solver.value(mask),
        "and it is optimal"
    );
}

#[test]
fn strong_plays_perfectly_where_it_can_solve() {
    // Along games against Original (random) on 3 × 3, every Strong move keeps the exact value.
    let board = Board::new(3, 3).unwrap();
    let mut solver = Solver::new(&board).unwrap();
    for seed in 0..4u64 {
        let mut strong = Player::new(
            &board,
            Level::Strong {
                exact_nodes: 10_000_000,
            },
            seed,
        );
        let mut other = Player::new(&board, Level::OriginalRandom, seed);
        let mut game = Game::new(board.clone());
        let strong_seat = (seed % 2) as usize;
        while !game.is_over() {
            let drawn = game.drawn();
            let line = if game.current() == strong_seat {
                let line = strong.choose(&drawn).unwrap();
                let mask = mask_of(drawn.iter().copied());
                assert_eq!(
                    solver.move_value(mask, line),
                    solver.value(mask),
                    "seed {seed}, after {:?}",
                    game.moves()
                );
                line
            } else {
                other.choose(&drawn).unwrap()
            };
            game.play(line).unwrap();
        }
    }
}

/// Strong against Original and Original (random), seats alternating: (wins, draws, losses).
fn series(rows: usize, cols: usize, games: u64) -> (u32, u32, u32) {
    let board = Board::new(rows, cols).unwrap();
    let strong = Level::Strong {
        exact_nodes: 2_000_000,
    };
    let mut tally = (0, 0, 0);
    for g in 0..games {
        let opponent = if g < 2 {
            Level::Original
        } else {
            Level::OriginalRandom
        };
        let strong_first = g % 2 == 0;
        let levels = if strong_first {
            [strong, opponent]
        } else {
            [opponent, strong]
        };
        let scores = play_game(&board, levels, 1000 + g).scores();
        let (mine, theirs) = if strong_first {
            (scores[0], scores[1])
        } else {
            (scores[1], scores[0])
        };
        match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => tally.0 += 1,
            std::cmp::Ordering::Equal => tally.1 += 1,
            std::cmp::Ordering::Less => tally.2 += 1,
        }
    }
    tally
}

#[test]
fn strong_never_loses_to_original_on_3x3() {
    let (wins, draws, losses) = series(3, 3, 20);
    assert_eq!(losses, 0, "{wins} wins, {draws} draws");
}

#[test]
fn strong_never_loses_to_original_on_4x4() {
    let (wins, draws, losses) = series(4, 4, 6);
    assert_eq!(losses, 0, "{wins} wins, {draws} draws");
}

#[test]
fn strong_wins_the_clear_majority_on_5x5() {
    let (wins, draws, losses) = series(5, 5, 12);
    assert!(
        wins >= 9,
        "{wins} wins, {draws} draws, {losses} losses of 12"
    );
}

mod analysis {
    use gamelab::engine::dots_boxes::analysis::{Analysis, Mark, Outcome};
    use gamelab::engine::dots_boxes::solver::Solver;
    use gamelab::engine::dots_boxes::{Board, Game};

    fn run(game: &Game, solver: Option<&mut Solver>) -> Outcome {
        let mut analysis = Analysis::new(game, 5_000_000);
        let mut solver = solver;
        loop {
            if let Some(outcome) = analysis.step(solver.as_deref_mut(), 500) {
                return outcome.clone();
            }
        }
    }

    #[test]
    fn the_empty_2x2_board_every_outer_line_wins_the_inner_ones_draw() {
        let board = Board::new(2, 2).unwrap();
        let mut solver = Solver::new(&board).unwrap();
        let Outcome::Solved { margin, moves } = run(&Game::new(board), Some(&mut solver)) else {
            panic!("2 x 2 is solved")
        };
        assert_eq!(margin, 2, "P1 wins 3-1");
        for (line, mark, final_margin) in moves {
            let inner = [2, 3, 7, 10].contains(&line);
            assert_eq!(
                mark,
                if inner { Mark::Draws } else { Mark::Wins },
                "line {line}"
            );
            assert_eq!(final_margin, if inner { 0 } else { 2 });
        }
    }

    #[test]
    fn each_line_is_labelled_with_the_margin_it_ends_by() {
        assert_eq!(Mark::Wins.label(5), "W+5");
        assert_eq!(Mark::Draws.label(0), "D");
        assert_eq!(Mark::Loses.label(-1), "L-1");
        assert_eq!(Mark::final_score(9, 5), "7–2");
        assert_eq!(Mark::final_score(9, 3), "6–3");
        // 3 × 3 after A h 0 0, B h 1 2, A v 0 1, B v 1 2, A h 1 0, B v 0 0 (B took a box): every
        // line wins for B, but not by as much; the labels tell them apart.
        let board = Board::new(3, 3).unwrap();
        let game = Game::from_moves(board.clone(), &[0, 5, 13, 18, 3, 12]).unwrap();
        let mut solver = Solver::new(&board).unwrap();
        let Outcome::Solved { moves, .. } = run(&game, Some(&mut solver)) else {
            panic!("3 x 3 is solved")
        };
        let mut labels: Vec<String> = moves.iter().map(|&(_, mark, m)| mark.label(m)).collect();
        labels.sort();
        labels.dedup();
        assert!(labels.len() > 1, "one label for every line: {labels:?}");
    }

    #[test]
    fn marks_count_boxes_already_taken_and_the_side_to_move() {
        // 1 × 2: P1 0, P2 2, P1 4, P2 5 takes box 0 and moves again (lead 1).
        let board = Board::new(1, 2).unwrap();
        let game = Game::from_moves(board.clone(), &[0, 2, 4, 5]).unwrap();
        assert_eq!(game.current(), 1);
        let mut solver = Solver::new(&board).unwrap();
        let Outcome::Solved { margin, moves } = run(&game, Some(&mut solver)) else {
            panic!("solved")
        };
        // Box 1 has one side (5): three lines are left, P2 draws the first and the third: P2
        // takes box 1 too, 2-0. Marks are for the player to move (P2), margins P2 minus P1.
        assert_eq!(margin, -2);
        assert!(
            moves
                .iter()
                .all(|&(_, mark, m)| mark == Mark::Wins && m == 2),
            "{moves:?}"
        );
        let over = Game::from_moves(board, &[0, 2, 4, 5, 1, 3, 6]).unwrap();
        assert_eq!(run(&over, None), Outcome::Over { margin: -2 });
    }

    #[test]
    fn too_big_to_solve_gives_the_best_line_found() {
        let game = Game::new(Board::new(7, 7).unwrap());
        let Outcome::BestFound { line } = run(&game, None) else {
            panic!("7 x 7 is not solved")
        };
        assert!(line < game.board().lines());
    }
}

/// When a page's clock runs out, Strong decides at once with what it has: a legal line, in the
/// middle of an exact search or of its playouts, on every board size.
#[test]
fn strong_decides_now_with_a_legal_line_whatever_it_was_doing() {
    let mut rng = gamelab::engine::rng::Rng::new(7);
    for (rows, cols) in [(2, 2), (3, 3), (3, 4), (5, 5), (4, 6)] {
        let board = Board::new(rows, cols).unwrap();
        for seed in 0..6 {
            let mut game = Game::new(board.clone());
            let mut player = Player::new(
                &board,
                Level::Strong {
                    exact_nodes: 1_000_000,
                },
                seed,
            );
            while !game.is_over() {
                let drawn = game.drawn();
                // A little thinking (an unfinished search or playouts), then the clock runs out.
                let thought = player.think(&drawn, 1 + rng.below(300) as u64);
                let line = match thought {
                    Some(line) => line,
                    None => player.decide_now(&drawn).expect("a move is always decided"),
                };
                assert!(
                    game.legal().contains(&line),
                    "{rows} x {cols}: line {line} is not legal"
                );
                game.play(line).unwrap();
            }
        }
    }
}

/// The Strong player says why it chose its move: by a search to the end where it can finish
/// one, a safe line on a board too big to search from the start; other levels say nothing.
#[test]
fn the_strong_player_says_why() {
    let small = Board::new(2, 2).unwrap();
    let mut strong = Player::new(
        &small,
        Level::Strong {
            exact_nodes: 1_000_000,
        },
        1,
    );
    assert!(strong.choose(&vec![false; small.lines()]).is_some());
    assert_eq!(
        strong.reason(),
        Some("It searched the game to its end: no line does better.")
    );
    let big = Board::new(6, 6).unwrap();
    let mut strong = Player::new(&big, Level::Strong { exact_nodes: 1_000 }, 1);
    assert!(strong.choose(&vec![false; big.lines()]).is_some());
    assert_eq!(
        strong.reason(),
        Some("A safe line: it gives no box away (the one that did best in trial games).")
    );
    let mut easy = Player::new(&small, Level::Easy, 1);
    assert!(easy.choose(&vec![false; small.lines()]).is_some());
    assert_eq!(easy.reason(), None);
}
