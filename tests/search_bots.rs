//! The computer players written once (engine::search) on every turn game: they play legal moves
//! to the end of every game, exact alpha-beta plays Sprouts perfectly, Monte-Carlo beats random.
#![cfg(not(target_arch = "wasm32"))]

use gamelab::engine::chain_reaction::{Game as ChainGame, Settings};
use gamelab::engine::dots_boxes::{Board, Game as DotsGame};
use gamelab::engine::search::{play_out, AlphaBeta, Mcts, RandomPlayer};
use gamelab::engine::sprouts::play::Game as SproutsGame;
use gamelab::engine::sprouts::Position;
use gamelab::engine::turn::{Thinker, TurnGame};

/// Random, Monte-Carlo and alpha-beta against each other, to the end of the game.
fn every_bot_finishes<G: TurnGame<Move: Copy> + 'static>(settings: &G::Settings, players: usize) {
    for seed in 0..3u64 {
        let mut seats: Vec<Box<dyn Thinker<G>>> = Vec::new();
        for seat in 0..players {
            seats.push(match (seat as u64 + seed) % 3 {
                0 => Box::new(RandomPlayer::new(seed)),
                1 => Box::new(Mcts::<G>::new(40, seed)),
                _ => Box::new(AlphaBeta::<G>::exact(2, seed)),
            });
        }
        let result = play_out::<G>(settings, &mut seats, 64, 5_000).unwrap();
        assert!(result.record.game().to_move().is_none());
        assert_eq!(result.returns, result.record.game().returns());
    }
}

#[test]
fn every_bot_plays_every_game_to_its_end() {
    every_bot_finishes::<ChainGame>(&Settings::new(3, 3, 3).unwrap(), 3);
    every_bot_finishes::<DotsGame>(&Board::new(2, 2).unwrap(), 2);
    every_bot_finishes::<SproutsGame>(&Position::spots(3), 2);
}

/// Sprouts' known results (spec: the first player wins n = 3, 4, 5 and loses n = 1, 2, 6):
/// exact alpha-beta wins from the winning side against any opponent.
#[test]
fn exact_alpha_beta_wins_sprouts_from_the_winning_side() {
    for (spots, winner) in [(1, 1), (2, 1), (3, 0), (4, 0)] {
        for seed in 0..4 {
            let mut seats: Vec<Box<dyn Thinker<SproutsGame>>> = vec![
                Box::new(RandomPlayer::new(seed)),
                Box::new(RandomPlayer::new(seed + 7)),
            ];
            seats[winner] = Box::new(AlphaBeta::exact(40, seed));
            let result = play_out(&Position::spots(spots), &mut seats, 1_000_000, 100).unwrap();
            assert_eq!(
                result.returns[winner],
                1.0,
                "{spots} spots, seed {seed}: {}",
                result.record.text()
            );
        }
    }
}

#[test]
fn monte_carlo_beats_random_at_dots_and_boxes() {
    let board = Board::new(2, 2).unwrap();
    let mut wins = 0;
    for seed in 0..10u64 {
        let mut seats: Vec<Box<dyn Thinker<DotsGame>>> = vec![
            Box::new(Mcts::new(300, seed)),
            Box::new(RandomPlayer::new(seed)),
        ];
        let result = play_out(&board, &mut seats, 300, 100).unwrap();
        if result.returns[0] > 0.0 {
            wins += 1;
        }
    }
    assert!(wins >= 8, "Monte-Carlo won {wins} of 10");
}

/// Generic players without a game's knowledge against those given it, and against Dots and Boxes'
/// own Strong player (figures for docs/cli.md, not a pass/fail test):
/// `cargo test --release --test search_bots -- --ignored --nocapture`.
#[test]
#[ignore]
fn generic_players_against_the_games_own() {
    use gamelab::engine::chain_reaction::ai::{Level as ChainLevel, Player as ChainPlayer};
    use gamelab::engine::dots_boxes::{Level as DotsLevel, Player as DotsPlayer};
    let games = 20u64;
    let duel = |name: &str, play: &dyn Fn(u64, bool) -> f64| {
        let mut generic = 0.0;
        for seed in 0..games {
            // Seats alternate: the generic player moves first in half the games.
            let first = seed % 2 == 0;
            let returns = play(seed, first);
            generic += if returns > 0.0 {
                1.0
            } else if returns == 0.0 {
                0.5
            } else {
                0.0
            };
        }
        println!("{name}: the generic player scored {generic} of {games}");
    };
    let chain = Settings::new(5, 5, 2).unwrap();
    duel(
        "Chain Reaction 5 x 5, MCTS 1000 with random playouts vs with the game's rollout (mcts-1000)",
        &|seed, first| {
            face(
                &chain,
                Box::new(Mcts::new(1000, seed)),
                Box::new(ChainPlayer::new(
                    ChainLevel::MonteCarlo { playouts: 1000 },
                    seed,
                )),
                first,
            )
        },
    );
    duel(
        "Chain Reaction 5 x 5, alpha-beta 2 plies without an evaluation vs with the game's (minimax-2)",
        &|seed, first| {
            face(
                &chain,
                Box::new(AlphaBeta::exact(2, seed)),
                Box::new(ChainPlayer::new(ChainLevel::Minimax { depth: 2 }, seed)),
                first,
            )
        },
    );
    let board = Board::new(3, 3).unwrap();
    duel(
        "Dots and Boxes 3 x 3, generic MCTS 3000 vs the game's Strong",
        &|seed, first| {
            let strong = DotsLevel::Strong {
                exact_nodes: 1_000_000,
            };
            face(
                &board,
                Box::new(Mcts::new(3000, seed)),
                Box::new(DotsPlayer::new(&board, strong, seed)),
                first,
            )
        },
    );
}

/// One game between a generic player and a game's own, the generic one first if `first`; the
/// generic player's return.
fn face<G: TurnGame<Move: Copy> + 'static>(
    settings: &G::Settings,
    generic: Box<dyn Thinker<G>>,
    own: Box<dyn Thinker<G>>,
    first: bool,
) -> f64 {
    let mut seats = if first {
        vec![generic, own]
    } else {
        vec![own, generic]
    };
    let result = play_out(settings, &mut seats, 1_000_000, 5_000).unwrap();
    result.returns[if first { 0 } else { 1 }]
}
