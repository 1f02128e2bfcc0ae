//! The computer's turn on the drawn board (engine::sprouts::thinker), natively: the perfect
//! player's stroke reaches a position its opponent loses (checked by the solving front, in
//! normal and misère play, against the published outcomes), any other purpose ends as it
//! should, and the phases follow one another.
#![cfg(not(target_arch = "wasm32"))]

use gamelab::engine::sprouts::drawn::{DrawnGame, Ending};
use gamelab::engine::sprouts::player::Thought;
use gamelab::engine::sprouts::solving::{self, Bases, Question, Request};
use gamelab::engine::sprouts::thinker::{Finish, Phase, Purpose, Thinker};
use gamelab::engine::sprouts::{misere, Answer, Database, Verdict};

/// Steps a thinker to its finish as a page would, a bounded number of steps.
fn think(thinker: &mut Thinker, game: &mut DrawnGame, db: &mut Database) -> Finish {
    let mut misere = misere::Solver::new();
    let mut phases = vec![thinker.phase()];
    for _ in 0..100_000 {
        if thinker.search(db, &mut misere, 50) {
            break;
        }
    }
    thinker.choose(game);
    for _ in 0..100_000 {
        if phases.last() != Some(&thinker.phase()) {
            phases.push(thinker.phase());
        }
        if let Some(finish) = thinker.draw_step(game) {
            let finish = finish.clone();
            assert_eq!(thinker.phase(), Phase::Finished);
            return finish;
        }
    }
    panic!("no finish within the steps (phases {phases:?})");
}

/// Whether the player to move in `game` loses with perfect play.
fn loses(game: &DrawnGame) -> bool {
    let position = game.drawing().board().position();
    let question = match game.ending() {
        Ending::Normal => Question::OUTCOME,
        Ending::Misere => Question::Misere,
    };
    let (mut db, mut solver) = (Database::new(), misere::Solver::new());
    let answer = solving::solve(
        Request::new(position, question),
        Bases::both(&mut db, &mut solver),
    );
    answer.unwrap() == Answer::Outcome(Verdict::Loss)
}

#[test]
fn the_perfect_player_draws_a_winning_move_where_there_is_one() {
    // First-player wins: 3, 4 and 5 spots in normal play (published), 1 and 5 in misère (A164950).
    for (spots, ending) in [
        (3, Ending::Normal),
        (4, Ending::Normal),
        (5, Ending::Normal),
        (1, Ending::Misere),
        (5, Ending::Misere),
    ] {
        let mut game = DrawnGame::with_ending(spots, ending);
        let mut db = Database::new();
        let mut thinker = Thinker::new(&game, Purpose::Move { perfect: true }, 1);
        assert!(thinker.searches());
        let Finish::Drawn {
            choice,
            stroke,
            best,
        } = think(&mut thinker, &mut game, &mut db)
        else {
            panic!("{spots} spots: nothing drawn");
        };
        assert!(best, "{spots} spots: the choice itself had room");
        assert!(matches!(thinker.thought(), Thought::Wins(k) if *k == choice));
        game.play(&stroke, 0.5).unwrap();
        // The stroke reaches the very position chosen, and the opponent loses there.
        let reached = game.drawing().board().position();
        assert_eq!(reached, thinker.choices()[choice].0, "{spots} spots");
        assert!(
            loses(&game),
            "{spots} spots {ending:?}: the opponent can win"
        );
    }
}

#[test]
fn a_random_player_and_a_listed_move_draw_without_searching() {
    let mut db = Database::new();
    for seed in 1..6 {
        let mut game = DrawnGame::new(3);
        let mut thinker = Thinker::new(&game, Purpose::Move { perfect: false }, seed);
        assert!(!thinker.searches());
        let Finish::Drawn { stroke, .. } = think(&mut thinker, &mut game, &mut db) else {
            panic!("a random move draws");
        };
        assert_eq!(thinker.progress().2, 0, "no search");
        game.play(&stroke, 0.5).unwrap();
    }
    let mut game = DrawnGame::new(2);
    let k = 1;
    let mut thinker = Thinker::new(&game, Purpose::Listed(k), 0);
    match think(&mut thinker, &mut game, &mut db) {
        Finish::Drawn { choice, stroke, .. } => {
            assert_eq!(choice, k);
            game.play(&stroke, 0.5).unwrap();
            assert_eq!(game.drawing().board().position(), thinker.choices()[k].0);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn hints_answer_in_words_and_draw_a_winning_move_when_asked() {
    let mut db = Database::new();
    // Two spots are lost for the player to move: nothing to draw either way.
    for show_move in [false, true] {
        let mut game = DrawnGame::new(2);
        let mut thinker = Thinker::new(&game, Purpose::Hint { show_move }, 0);
        assert_eq!(think(&mut thinker, &mut game, &mut db), Finish::Answered);
        assert_eq!(thinker.thought(), &Thought::Loses);
    }
    let mut game = DrawnGame::new(3);
    let mut thinker = Thinker::new(&game, Purpose::Hint { show_move: false }, 0);
    assert_eq!(think(&mut thinker, &mut game, &mut db), Finish::Answered);
    assert!(matches!(thinker.thought(), Thought::Wins(_)));
    let mut thinker = Thinker::new(&game, Purpose::Hint { show_move: true }, 0);
    assert!(matches!(
        think(&mut thinker, &mut game, &mut db),
        Finish::Drawn { best: true, .. }
    ));
    assert_eq!(game.moves(), 0, "a hint plays nothing");
}

#[test]
fn room_asked_for_is_made_and_kept_in_the_game() {
    let mut db = Database::new();
    let mut game = DrawnGame::new(3);
    // A few moves first, so there are lines to spread out.
    for _ in 0..2 {
        let mut thinker = Thinker::new(&game, Purpose::Move { perfect: false }, 7);
        if let Finish::Drawn { stroke, .. } = think(&mut thinker, &mut game, &mut db) {
            game.play(&stroke, 0.5).unwrap();
        }
    }
    let before = game.generation();
    let mut thinker = Thinker::new(&game, Purpose::Room, 0);
    assert_eq!(thinker.phase(), Phase::Searching);
    thinker.choose(&game);
    assert_eq!(thinker.phase(), Phase::MakingRoom);
    assert!(thinker.room_progress().is_some());
    let finish = think(&mut thinker, &mut game, &mut db);
    match finish {
        Finish::RoomMade(true) => assert_ne!(game.generation(), before),
        Finish::RoomMade(false) => assert_eq!(game.generation(), before),
        other => panic!("{other:?}"),
    }
    assert!(thinker.tidied());
}
