//! A drawn game of Sprouts move by move (engine::sprouts::drawn): strokes as a hand makes them,
//! undo and redo, and the game as text, replayed under the rules.
#![cfg(not(target_arch = "wasm32"))]

use gamelab::engine::sprouts::drawn::{DrawnGame, Ending, BOUNDS, REACH};
use gamelab::engine::sprouts::route::draw_position;

/// A hand's stroke: it wobbles on its spot before leaving it and again as it arrives.
#[test]
fn a_hand_that_wobbles_on_its_spots_still_draws_a_line() {
    let mut game = DrawnGame::new(2);
    let (a, b) = (game.drawing().spot(0), game.drawing().spot(1));
    let mut stroke = vec![
        a,
        (a.0 + 1.0, a.1 + 1.0),
        (a.0 + 2.0, a.1 - 1.0),
        (a.0 + 3.0, a.1),
    ];
    for k in 1..20 {
        let t = k as f64 / 20.0;
        stroke.push((
            a.0 + t * (b.0 - a.0),
            a.1 + t * (b.1 - a.1) - 40.0 * (t * std::f64::consts::PI).sin(),
        ));
    }
    stroke.extend([(b.0 - 2.0, b.1 + 1.0), (b.0 + 1.0, b.1 - 1.0), b]);
    game.play(&stroke, 0.5).unwrap();
    assert_eq!(game.moves(), 1);
    assert_eq!(game.drawing().board().spots(), 3);
}

#[test]
fn a_game_as_text_replays_to_the_same_board_and_undo_redo_hold() {
    let mut game = DrawnGame::new(3);
    // The computer's pencil plays a few moves (with their new spots off the middle).
    for (k, along) in [0.3, 0.5, 0.7, 0.4].into_iter().enumerate() {
        let outcomes = game.drawing().board().outcomes().unwrap();
        let (_, target) = &outcomes[k % outcomes.len()];
        let (_, line) = draw_position(game.drawing(), target, BOUNDS).unwrap();
        game.play(&line, along).unwrap();
    }
    let text = game.text();
    let back = DrawnGame::parse(&text).unwrap();
    assert_eq!(back.text(), text);
    assert_eq!(
        back.drawing().board().position(),
        game.drawing().board().position()
    );
    assert_eq!(back.drawing().spots(), game.drawing().spots());
    let before = game.drawing().board().position();
    // Each change is a new generation; one refused, none.
    let mut seen = vec![game.generation(), back.generation()];
    assert!(game.undo() && game.undo());
    assert!(game.can_redo());
    seen.push(game.generation());
    assert!(game.redo() && game.redo());
    seen.push(game.generation());
    assert_eq!(game.drawing().board().position(), before);
    assert!(!game.can_redo());
    assert!(!game.redo());
    assert_eq!(Some(&game.generation()), seen.last());
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(
        seen.len(),
        4,
        "every game and every change its own generation"
    );
}

/// Plays `game` to its end with the computer's pencil, always the first outcome listed.
fn play_out(game: &mut DrawnGame) {
    while game.winner().is_none() {
        let outcomes = game.drawing().board().outcomes().unwrap();
        let (_, target) = &outcomes[0];
        let (_, line) = draw_position(game.drawing(), target, BOUNDS).unwrap();
        game.play(&line, 0.5).unwrap();
    }
}

/// The same moves end the same way under both endings, with opposite winners; the ending is
/// part of the game's text (`2m/…`) and comes back with it, and a text without it is normal.
#[test]
fn a_misere_game_keeps_its_ending_and_the_stuck_player_wins() {
    let mut normal = DrawnGame::new(2);
    let mut misere = DrawnGame::with_ending(2, Ending::Misere);
    assert_eq!((normal.winner(), misere.winner()), (None, None));
    play_out(&mut normal);
    play_out(&mut misere);
    let stuck = normal.to_move();
    assert_eq!(misere.to_move(), stuck);
    assert_eq!(normal.winner(), Some(1 - stuck));
    assert_eq!(misere.winner(), Some(stuck));
    let text = misere.text();
    assert!(text.starts_with("2m/"), "{text}");
    let back = DrawnGame::parse(&text).unwrap();
    assert_eq!(back.ending(), Ending::Misere);
    assert_eq!(back.text(), text);
    assert_eq!(back.winner(), Some(stuck));
    let plain = DrawnGame::parse(&normal.text()).unwrap();
    assert_eq!(plain.ending(), Ending::Normal);
    assert_eq!(
        normal.text().split_once('/').unwrap().1,
        text.split_once('/').unwrap().1
    );
    for bad in ["2mm/", "m/", "2M/", "2 m/"] {
        assert!(DrawnGame::parse(bad).is_err(), "{bad}");
    }
    assert_eq!(Ending::parse("misere"), Some(Ending::Misere));
    assert_eq!(Ending::parse("normal"), Some(Ending::Normal));
    assert_eq!(Ending::parse("misère"), Some(Ending::Misere));
    assert_eq!(Ending::parse("Misere"), None);
}

/// A text whose stroke is no move there is refused whole, saying which move and why.
#[test]
fn a_text_with_a_bad_move_is_refused() {
    let mut game = DrawnGame::new(2);
    let (a, b) = (game.drawing().spot(0), game.drawing().spot(1));
    game.play(&[a, ((a.0 + b.0) / 2.0, a.1 - 60.0), b], 0.5)
        .unwrap();
    let text = game.text();
    // The same line twice: the second crosses the first at both ends' spots.
    let twice = format!("{text}~{}", text.split_once('/').unwrap().1);
    let e = DrawnGame::parse(&twice).unwrap_err();
    assert!(e.starts_with("move 2 is not a move there"), "{e}");
    for bad in [
        "0/",
        "99/",
        "x/",
        "2/50:1.2",
        "2/150:1.2_3.4",
        &"9".repeat(300_000),
    ] {
        assert!(DrawnGame::parse(bad).is_err(), "{bad}");
    }
}

/// A stroke may meet a line at their common spot, but not run along it from there: a straight
/// line drawn again over itself is no move.
#[test]
fn a_stroke_along_a_line_from_its_spot_is_refused() {
    let mut game = DrawnGame::new(2);
    let (a, b) = (game.drawing().spot(0), game.drawing().spot(1));
    game.play(&[a, b], 0.5).unwrap();
    assert!(game.play(&[a, b], 0.5).is_err());
    assert!(game.play(&[b, a], 0.5).is_err());
}

/// A new spot goes where asked when it can, but not within a reach of another spot.
#[test]
fn a_new_spot_keeps_clear_of_other_spots() {
    let game = DrawnGame::new(3);
    let drawing = game.drawing();
    let (a, c) = (drawing.spot(0), drawing.spot(2));
    // A line from spot 0 that passes just over half a reach from spot 2 at its middle.
    let near_c = (c.0, c.1 - 7.0);
    let line = vec![a, near_c, (c.0 + 80.0, c.1 - 7.0)];
    let total: f64 = line
        .windows(2)
        .map(|w| (w[0].0 - w[1].0).hypot(w[0].1 - w[1].1))
        .sum();
    let along_c = (a.0 - c.0).hypot(a.1 - near_c.1) / total;
    let placed = drawing.placeable(&line, along_c);
    assert!(
        (placed - along_c).abs() > 1e-6,
        "moved off the place beside spot 2"
    );
    let (_, rest) = gamelab::engine::sprouts::drawing::cut(&line, placed);
    let p = rest[0];
    assert!((p.0 - c.0).hypot(p.1 - c.1) >= REACH - 1e-9);
    // Far from every spot, it stays where asked.
    assert!((drawing.placeable(&line, 0.9) - 0.9).abs() < 1e-9);
}

/// The drawn game is the board shell's history (`engine::turn::Played`): new from its settings,
/// moves played as strokes, its text read back a step at a time, and its moves in words.
#[test]
fn a_drawn_game_is_a_history_the_board_shell_runs() {
    use gamelab::engine::sprouts::drawn::{Settings, Stroke};
    use gamelab::engine::turn::{Played, Replaying};
    let settings = Settings {
        spots: 2,
        ending: Ending::Misere,
    };
    let mut game = <DrawnGame as Played>::new(settings);
    assert_eq!(game.settings(), settings);
    // A loop at spot 1, then a line from spot 1 to spot 2 round it.
    let outcomes = game.drawing().board().outcomes().unwrap();
    let (_, target) = &outcomes[0];
    let (_, line) = draw_position(game.drawing(), target, BOUNDS).unwrap();
    Played::play(&mut game, Stroke { line, along: 0.5 }).unwrap();
    assert_eq!(Played::moves(&game), 1);
    let refused = Played::play(
        &mut game,
        Stroke {
            line: vec![(1.0, 1.0), (2.0, 2.0)],
            along: 0.5,
        },
    );
    assert!(refused.is_err(), "a stroke off the spots is no move");
    let history = game.history();
    assert_eq!(history.len(), 1);
    assert!(
        history[0].starts_with("Player 1: ") && history[0].contains("new spot 3"),
        "{history:?}"
    );
    let mut replay = <DrawnGame as Played>::replay(&game.text()).unwrap();
    let mut steps = 0;
    while !replay.step().unwrap() {
        steps += 1;
        assert!(steps < 10);
    }
    assert_eq!(replay.progress(), 1.0);
    let again = replay.finish();
    assert_eq!(again.text(), game.text());
    assert_eq!(again.settings(), settings);
}

/// A line is said by the spots at its ends, as the board numbers them.
#[test]
fn a_line_is_said_by_the_spots_at_its_ends() {
    use gamelab::engine::sprouts::drawn::describe_line;
    let game = DrawnGame::new(3);
    let d = game.drawing();
    let (a, c) = (d.spot(0), d.spot(2));
    assert_eq!(
        describe_line(d, &[a, (a.0 + 50.0, a.1 - 40.0), c]),
        "spot 1 to spot 3"
    );
    assert_eq!(
        describe_line(
            d,
            &[a, (a.0 + 30.0, a.1 - 30.0), (a.0 + 30.0, a.1 + 30.0), a]
        ),
        "a loop at spot 1"
    );
}
