//! One set of tests for every turn game (after OpenSpiel's RandomSimTest and
//! RandomSimTestWithUndo): random games to their end checking the shared contract, undo and redo
//! against replays, and the text forms read back.
#![cfg(not(target_arch = "wasm32"))]

use gamelab::engine::chain_reaction::{Game as ChainGame, Settings};
use gamelab::engine::dots_boxes::{Board, Game as DotsGame};
use gamelab::engine::rng::Rng;
use gamelab::engine::sprouts::play::Game as SproutsGame;
use gamelab::engine::sprouts::Position;
use gamelab::engine::turn::{Record, TurnGame};

/// The most moves a random game may take before the test calls it endless.
const MOVE_CAP: usize = 20_000;

/// Random games from `settings`: at every position the contract holds, every move's text reads
/// back to the move, the record's text replays to the same game, and a refused move changes
/// nothing; at the end the returns are a result.
fn random_games<G: TurnGame<Move: Copy>>(settings: &G::Settings, games: u64) {
    for seed in 0..games {
        let mut rng = Rng::new(seed + 1);
        let mut record = Record::<G>::new(settings.clone());
        for _ in 0..MOVE_CAP {
            let game = record.game().clone();
            let legal = game.legal_moves();
            assert_eq!(
                game.to_move().is_none(),
                legal.is_empty(),
                "a player moves exactly when there are legal moves"
            );
            if legal.is_empty() {
                break;
            }
            assert_eq!(
                game.returns().iter().filter(|&&r| r != 0.0).count(),
                0,
                "no result before the end"
            );
            let m = legal[rng.below(legal.len())];
            assert_eq!(game.parse_move(&game.move_text(m)), Ok(m));
            record
                .play(m)
                .unwrap_or_else(|e| panic!("legal move {m:?} refused: {e}"));
            // A move already made is refused where it cannot be made twice, and nothing changes.
            let before = record.game().clone();
            let mut again = before.clone();
            if again.apply(m).is_err() {
                assert_eq!(again, before);
            }
        }
        let game = record.game();
        assert!(
            game.to_move().is_none(),
            "seed {seed}: the game ends within {MOVE_CAP} moves"
        );
        let returns = game.returns();
        assert!(
            returns.iter().all(|r| [-1.0, 0.0, 1.0].contains(r)),
            "{returns:?}"
        );
        assert!(
            returns.iter().filter(|&&r| r == 1.0).count() <= 1,
            "at most one winner: {returns:?}"
        );
        let replayed =
            Record::<G>::parse(&record.text()).unwrap_or_else(|e| panic!("{}: {e}", record.text()));
        assert_eq!(replayed.game(), record.game());
        assert_eq!(replayed.text(), record.text());
    }
}

/// A record from a position set up (not the settings' start): its text names the set-up, reads
/// back to the same game after a few random moves, and undo goes back to the set-up position.
fn set_up_starts_read_back<G: TurnGame<Move: Copy>>(start: G, seed: u64) {
    let setup = start.setup_text().expect("a set-up position says so");
    assert!(!setup.contains('/') && !setup.contains('~'), "{setup}");
    let mut rng = Rng::new(seed);
    let mut record = Record::from_start(start.clone());
    for _ in 0..3 {
        let legal = record.game().legal_moves();
        if legal.is_empty() {
            break;
        }
        record.play(legal[rng.below(legal.len())]).unwrap();
    }
    let text = record.text();
    assert!(text.contains(&format!("~{setup}/")), "{text}");
    let mut read = Record::<G>::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(read.game(), record.game());
    assert_eq!(read.text(), text);
    while read.undo() {}
    assert_eq!(read.game(), &start, "undo stops at the set-up position");
}

/// Random games with undo and redo mixed in: undo gives the game of the shorter move list,
/// redo the game again.
fn random_games_with_undo<G: TurnGame<Move: Copy>>(settings: &G::Settings, games: u64) {
    for seed in 0..games {
        let mut rng = Rng::new(seed + 100);
        let mut record = Record::<G>::new(settings.clone());
        for _ in 0..MOVE_CAP {
            let legal = record.game().legal_moves();
            if legal.is_empty() {
                break;
            }
            // Every change is a new generation (what a page compares to know it is out of date).
            let before = record.generation();
            record.play(legal[rng.below(legal.len())]).unwrap();
            assert_ne!(record.generation(), before, "a move changes the generation");
            if rng.below(4) == 0 {
                let after = record.game().clone();
                let mut shorter = Record::<G>::new(settings.clone());
                for &m in &record.moves()[..record.moves().len() - 1] {
                    shorter.play(m).unwrap();
                }
                let played = record.generation();
                assert!(record.undo());
                assert_eq!(record.game(), shorter.game());
                let undone = record.generation();
                assert!(record.redo());
                assert_eq!(record.game(), &after);
                assert!(
                    played != undone
                        && undone != record.generation()
                        && played != record.generation()
                );
            }
        }
        let end = record.generation();
        assert!(!record.redo(), "nothing undone to redo");
        assert_eq!(
            record.generation(),
            end,
            "nothing changed, the same generation"
        );
        while record.undo() {}
        assert_eq!(record.game(), &G::start(settings));
        assert!(!record.undo(), "nothing before the start");
    }
}

/// Bad texts are refused with a message, never a panic.
fn bad_texts_are_refused<G: TurnGame<Move: Copy>>(settings: &G::Settings) {
    let game = G::start(settings);
    for text in ["", "x", "-1", "99999999999999999999", "1.2.3", "💥"] {
        if let Ok(m) = game.parse_move(text) {
            assert!(game.legal_moves().contains(&m) || game.clone().apply(m).is_err());
        }
    }
    for text in ["", "0x0", "x/", "3x3x3x3/0", "1000x1000/"] {
        assert!(Record::<G>::parse(text).is_err(), "{text}");
    }
}

/// Exactly the legal moves are accepted: every other move of `every_move` is refused and
/// changes nothing, along random games.
fn only_legal_moves_are_accepted<G: TurnGame<Move: Copy>>(
    settings: &G::Settings,
    every_move: impl Fn(&G) -> Vec<G::Move>,
) {
    for seed in 0..4 {
        let mut rng = Rng::new(seed + 100);
        let mut game = G::start(settings);
        for _ in 0..MOVE_CAP {
            let legal = game.legal_moves();
            for m in every_move(&game) {
                let mut copy = game.clone();
                let accepted = copy.apply(m).is_ok();
                assert_eq!(accepted, legal.contains(&m), "{m:?} in {game:?}");
                if !accepted {
                    assert_eq!(copy, game, "a refused move changes nothing");
                }
            }
            if legal.is_empty() {
                break;
            }
            game.apply(legal[rng.below(legal.len())]).unwrap();
        }
    }
}

#[test]
fn chain_reaction_keeps_the_turn_game_contract() {
    for (rows, cols, players) in [(2, 2, 2), (3, 3, 2), (4, 5, 3), (6, 6, 8)] {
        let settings = Settings::new(rows, cols, players).unwrap();
        random_games::<ChainGame>(&settings, 12);
        random_games_with_undo::<ChainGame>(&settings, 6);
        bad_texts_are_refused::<ChainGame>(&settings);
        only_legal_moves_are_accepted::<ChainGame>(&settings, |g| {
            (0..g.settings().cells()).collect()
        });
    }
    // The text form is the share link's.
    let record = Record::<ChainGame>::parse("3x4x2/0.0,2.3").unwrap();
    assert_eq!(record.text(), "3x4x2/0.0,2.3");
}

#[test]
fn dots_and_boxes_keeps_the_turn_game_contract() {
    for (rows, cols) in [(1, 1), (2, 2), (3, 3), (2, 5), (5, 5)] {
        let board = Board::new(rows, cols).unwrap();
        random_games::<DotsGame>(&board, 12);
        random_games_with_undo::<DotsGame>(&board, 6);
        bad_texts_are_refused::<DotsGame>(&board);
        only_legal_moves_are_accepted::<DotsGame>(&board, |g| (0..g.board().lines()).collect());
    }
    let record = Record::<DotsGame>::parse("3x1/0.1.5").unwrap();
    assert_eq!(record.text(), "3x1/0.1.5");
    // Positions set up line by line (an import, a shared position) travel with their moves.
    for seed in 1..=12u64 {
        let board = Board::new(3, 3).unwrap();
        let mut rng = Rng::new(seed);
        let drawn: Vec<bool> = (0..board.lines()).map(|_| rng.below(3) == 0).collect();
        if drawn.iter().any(|d| *d) {
            set_up_starts_read_back(DotsGame::from_position(board, &drawn), seed);
        }
    }
    // A game that sets nothing up refuses a set-up in its text.
    assert!(Record::<ChainGame>::parse("3x4x2~101/0").is_err());
}

#[test]
fn sprouts_play_keeps_the_turn_game_contract() {
    for spots in [1, 2, 3, 4] {
        let start = Position::spots(spots);
        random_games::<SproutsGame>(&start, 6);
        random_games_with_undo::<SproutsGame>(&start, 3);
        bad_texts_are_refused::<SproutsGame>(&start);
        only_legal_moves_are_accepted::<SproutsGame>(&start, |g| {
            (0..g.children().len() + 2).collect()
        });
    }
    // Moves are written as the child positions; a free position starts a game too.
    let record = Record::<SproutsGame>::parse("2/0.AB.}AB.}]!").unwrap();
    assert_eq!(record.moves().len(), 1);
    assert_eq!(record.text(), "0.0.}]!/0.AB.}AB.}]!");
    assert!(Record::<SproutsGame>::parse("2/0.0.0.}]!")
        .unwrap_err()
        .contains("is not a move"));
    assert!(Record::<SproutsGame>::parse("40000")
        .unwrap_err()
        .contains("1 to 10666"));
}

/// Undo and redo to a person's turn, as every page with a history gives them (`History`): with
/// a person as the first player against a computer, undo takes back the computer's answer with
/// the person's move, and redo plays both again; the same for a `Record` and a drawn game.
#[test]
fn undo_and_redo_go_to_a_person_s_turn_in_every_history() {
    use gamelab::engine::sprouts::drawn::{DrawnGame, BOUNDS};
    use gamelab::engine::sprouts::route::draw_position;
    use gamelab::engine::turn::History;
    fn check<H: History>(history: &mut H, played: usize, count: impl Fn(&H) -> usize) {
        let person = |player: usize| player == 0;
        assert_eq!(count(history), played);
        assert_eq!(history.player_to_move(), Some(0));
        assert!(history.undo_to(person));
        assert_eq!(count(history), played - 2, "the answer went with the move");
        assert_eq!(history.player_to_move(), Some(0));
        assert!(history.redo_to(person));
        assert_eq!(count(history), played);
        while history.undo_to(person) {}
        assert_eq!(count(history), 0);
        assert!(!history.undo_to(person));
    }
    let mut record = Record::<ChainGame>::new(Settings::new(3, 3, 2).unwrap());
    // Corners and middles far apart: no explosion ends the game early.
    for m in [0, 8, 4, 5] {
        record.play(m).unwrap();
    }
    check(&mut record, 4, |r| r.moves().len());
    let mut game = DrawnGame::new(4);
    for _ in 0..2 {
        let choices = game.drawing().board().choices(100).unwrap();
        let (_, line) = draw_position(game.drawing(), &choices[0].0, BOUNDS).unwrap();
        game.play(&line, 0.5).unwrap();
    }
    check(&mut game, 2, DrawnGame::moves);
}
