//! Chain Reaction's computer players: legal and sensible choices, and strength over seeded
//! series of games on 9 × 6 (the bars of the issue: MCTS beats random in ≥ 95 % and greedy in
//! ≥ 75 % of games, minimax beats greedy in ≥ 70 %).
#![cfg(not(target_arch = "wasm32"))]

use gamelab::engine::chain_reaction::ai::{
    choose, evaluate, play_match, Level, Player, Rng, MAX_PLAYOUTS, WIN,
};
use gamelab::engine::chain_reaction::{Game, Settings};

/// Win rate of `a` against `b` over `games` games, seats alternating.
fn rate(a: Level, b: Level, games: u64, seed: u64) -> f64 {
    let settings = Settings::default();
    let mut wins = 0;
    for g in 0..games {
        let first_is_a = g % 2 == 0;
        let seats = if first_is_a { [a, b] } else { [b, a] };
        let winner = play_match(settings, &seats, seed + g).expect("every game ends");
        if (winner == 0) == first_is_a {
            wins += 1;
        }
    }
    wins as f64 / games as f64
}

#[test]
fn levels_read_and_named() {
    assert_eq!(Level::parse("random"), Ok(Level::Random));
    assert_eq!(
        Level::parse("mcts-300"),
        Ok(Level::MonteCarlo { playouts: 300 })
    );
    assert_eq!(Level::parse("minimax"), Ok(Level::Minimax { depth: 3 }));
    assert_eq!(Level::parse("minimax-2").unwrap().name(), "minimax-2");
    assert!(Level::parse("mcts-x").is_err() && Level::parse("chess").is_err());
    // One Monte-Carlo by that name: the page menu's, bounded by the time per move.
    let mcts = Level::parse("mcts").unwrap();
    assert_eq!(
        mcts,
        Level::MonteCarlo {
            playouts: MAX_PLAYOUTS
        }
    );
    assert_eq!(mcts.name(), "mcts");
    assert_eq!(Level::parse("perfect"), Ok(Level::Perfect));
    assert_eq!(Level::parse("baseline"), Ok(Level::Baseline { depth: 4 }));
    assert_eq!(Level::parse("baseline").unwrap().name(), "baseline");
    assert_eq!(Level::parse("baseline-8").unwrap().name(), "baseline-8");
    assert!(Level::parse("baseline-13").is_err() && Level::parse("perfect-2").is_err());
}

/// The baseline chooses as the published player does: at random among the three best moves
/// that look good (weights 6, 4, 2), never a worse one, and always a win at once.
#[test]
fn the_baseline_chooses_among_its_three_best_moves() {
    let mut game = Game::new(Settings::default());
    let mut rng = Rng::new(12);
    for _ in 0..14 {
        let legal = game.legal_cells();
        game.play_cell(legal[rng.below(legal.len())]).unwrap();
    }
    let me = game.current().unwrap();
    // One ply: a move's score is the evaluation after it; ties keep the order of the cells.
    let mut scored: Vec<(usize, i64)> = game
        .legal_cells()
        .into_iter()
        .map(|cell| {
            let mut next = game.clone();
            next.play_cell(cell).unwrap();
            (cell, evaluate(&next, me))
        })
        .collect();
    scored.sort_by_key(|s| std::cmp::Reverse(s.1));
    let top: Vec<usize> = scored
        .iter()
        .take(3)
        .filter(|s| s.1 > 0)
        .map(|s| s.0)
        .collect();
    assert_eq!(top.len(), 3, "{scored:?}");
    let mut counts = [0; 3];
    for seed in 0..240 {
        let cell = Player::new(Level::Baseline { depth: 1 }, seed)
            .choose(&game)
            .unwrap();
        let rank = top.iter().position(|&c| c == cell);
        counts[rank.unwrap_or_else(|| panic!("{cell} is not among {top:?}"))] += 1;
    }
    // 6 : 4 : 2 of 240 is 120, 80, 40.
    assert!(
        counts[0] > counts[1] && counts[1] > counts[2] && counts[2] > 15,
        "{counts:?}"
    );
    let (game, winning) = position_with_a_winning_move();
    for seed in 0..20 {
        let cell = Player::new(Level::Baseline { depth: 2 }, seed)
            .choose(&game)
            .unwrap();
        assert!(winning.contains(&cell), "the baseline misses the win");
    }
}

#[test]
fn every_level_plays_only_legal_moves_and_takes_a_win() {
    let mut rng = Rng::new(3);
    for level in [
        Level::Random,
        Level::Greedy,
        Level::Minimax { depth: 2 },
        Level::MonteCarlo { playouts: 50 },
    ] {
        let mut game = Game::new(Settings::new(4, 4, 3).unwrap());
        while !game.is_over() {
            let cell = choose(&game, level, &mut rng).unwrap();
            assert!(game.legal_cells().contains(&cell), "{level:?}");
            game.play_cell(cell).unwrap();
        }
        assert!(choose(&game, level, &mut rng).is_none());
    }
    // A position (found by random play on 3 × 3) where some moves win at once and others do not:
    // every level but random takes a winning one.
    let (game, winning) = position_with_a_winning_move();
    for level in [
        Level::Greedy,
        Level::Minimax { depth: 2 },
        Level::MonteCarlo { playouts: 20 },
    ] {
        let cell = choose(&game, level, &mut Rng::new(1)).unwrap();
        assert!(winning.contains(&cell), "{level:?} misses the win");
    }
}

fn position_with_a_winning_move() -> (Game, Vec<usize>) {
    let mut rng = Rng::new(99);
    loop {
        let mut game = Game::new(Settings::new(3, 3, 2).unwrap());
        while !game.is_over() {
            let legal = game.legal_cells();
            let winning: Vec<usize> = legal
                .iter()
                .copied()
                .filter(|&m| {
                    let mut g = game.clone();
                    g.play_cell(m).unwrap();
                    g.winner().is_some()
                })
                .collect();
            if !winning.is_empty() && winning.len() < legal.len() {
                return (game, winning);
            }
            game.play_cell(legal[rng.below(legal.len())]).unwrap();
        }
    }
}

#[test]
fn the_evaluation_sees_wins_and_threats() {
    let mut game = Game::new(Settings::new(3, 3, 2).unwrap());
    game.play(0, 0).unwrap();
    game.play(2, 2).unwrap();
    let calm = evaluate(&game, 0);
    // A's corner is one short of its mass (A1 in a corner of mass 2): a bonus.
    assert!(calm > 1);
    let mut won = Game::new(Settings::new(2, 2, 2).unwrap());
    for (r, c) in [(0, 0), (1, 1), (0, 0), (1, 1)] {
        won.play(r, c).unwrap();
    }
    assert_eq!(evaluate(&won, 1), WIN);
    assert_eq!(evaluate(&won, 0), -WIN);
}

#[test]
fn strength_mcts_beats_random_and_greedy() {
    let mcts = Level::MonteCarlo { playouts: 1500 };
    let vs_random = rate(mcts, Level::Random, 40, 1000);
    assert!(vs_random >= 0.95, "MCTS vs random: {vs_random}");
    let vs_greedy = rate(mcts, Level::Greedy, 40, 5);
    assert!(vs_greedy >= 0.75, "MCTS vs greedy: {vs_greedy}");
}

#[test]
fn strength_minimax_beats_greedy() {
    let vs_greedy = rate(Level::Minimax { depth: 3 }, Level::Greedy, 40, 3);
    assert!(vs_greedy >= 0.70, "minimax vs greedy: {vs_greedy}");
}

#[test]
fn monte_carlo_thinks_in_slices_with_the_same_result() {
    use gamelab::engine::turn::Thinker;
    let mut game = Game::new(Settings::default());
    let mut rng = Rng::new(8);
    for _ in 0..10 {
        let legal = game.legal_cells();
        game.play_cell(legal[rng.below(legal.len())]).unwrap();
    }
    let level = Level::MonteCarlo { playouts: 600 };
    let (mut sliced, mut whole) = (Player::new(level, 5), Player::new(level, 5));
    let mut thoughts = 0;
    let in_slices = loop {
        thoughts += 1;
        if let Some(cell) = sliced.think(&game, 10) {
            break cell;
        }
    };
    assert!(thoughts >= 60, "600 playouts, 10 at a time");
    assert_eq!(Some(in_slices), whole.choose(&game));
    assert!(game.legal_cells().contains(&in_slices));
}

#[test]
fn minimax_gives_up_when_stopped_and_otherwise_agrees_with_itself() {
    use gamelab::engine::stop::Stop;
    let mut game = Game::new(Settings::default());
    let mut rng = Rng::new(4);
    for _ in 0..12 {
        let legal = game.legal_cells();
        game.play_cell(legal[rng.below(legal.len())]).unwrap();
    }
    let level = Level::Minimax { depth: 3 };
    let stopped = Player::stopped_by(level, 1, Stop::when(|| true)).choose(&game);
    assert_eq!(stopped, None);
    let (a, b) = (
        Player::new(level, 2).choose(&game),
        Player::stopped_by(level, 2, Stop::never()).choose(&game),
    );
    assert!(a.is_some() && a == b);
}
