//! The computer's strokes on a drawn Sprouts board (engine::sprouts::route), natively.
#![cfg(not(target_arch = "wasm32"))]

use gamelab::engine::rng::Rng;
use gamelab::engine::sprouts::drawing::{Drawing, Point};
use gamelab::engine::sprouts::notation::Notation;
use gamelab::engine::sprouts::route::{draw_position, Bounds};
use gamelab::engine::sprouts::Position;
use gamelab::engine::sprouts::{children, solve, Answer, Database, Goal};

const BOUNDS: Bounds = Bounds {
    min: (0.0, 0.0),
    max: (600.0, 420.0),
};

fn written(p: &Position) -> String {
    p.write(Notation::Glop10)
}

/// Spots round an ellipse in the middle of the box, as a page lays them out.
fn start(spots: usize) -> Drawing {
    let places: Vec<Point> = (0..spots)
        .map(|k| {
            let a = k as f64 * std::f64::consts::TAU / spots as f64;
            (300.0 + 170.0 * a.cos(), 210.0 + 110.0 * a.sin())
        })
        .collect();
    Drawing::new(places, 14.0)
}

/// Plays random games, the computer drawing every move (a position it cannot draw is left for
/// another); returns (moves drawn, positions not drawn, drawn moves that are literally one of
/// the engine's children).
fn random_games(spots: usize, games: usize, seed: u64) -> (usize, usize, usize) {
    let mut rng = Rng::new(seed);
    let (mut drawn, mut missed, mut listed) = (0, 0, 0);
    let mut db = Database::new();
    for _ in 0..games {
        let mut drawing = start(spots);
        loop {
            let before = drawing.board().position();
            let mut outcomes = drawing.board().outcomes().unwrap();
            let stroke = loop {
                if outcomes.is_empty() {
                    break None;
                }
                let (_, target) = outcomes.swap_remove(rng.below(outcomes.len()));
                match draw_position(&drawing, &target, BOUNDS) {
                    Some((_, stroke)) => break Some((target, stroke)),
                    None => missed += 1,
                }
            };
            let Some((target, stroke)) = stroke else {
                break;
            };
            // The stroke, read back as a person's, is a move to the chosen position.
            drawing.play_stroke(&stroke).unwrap();
            assert_eq!(drawing.board().position(), target);
            // ... which is one of the engine's children of the position before, or (where the
            // engine's canonical form merged a small region first) worth the same.
            let engine = children(&before).unwrap();
            if engine.contains(&target) {
                listed += 1;
            } else {
                let value = nimber(&target, &mut db);
                assert!(
                    engine.iter().any(|c| nimber(c, &mut db) == value),
                    "{} is worth {value}, no child of {} is",
                    written(&target),
                    written(&before)
                );
            }
            drawn += 1;
        }
    }
    (drawn, missed, listed)
}

fn nimber(position: &Position, db: &mut Database) -> u8 {
    match solve(position, Goal::Nimber, db).expect("small positions are solved") {
        (Answer::Nimber(n), _) => n,
        (other, _) => panic!("{other:?} is no nimber"),
    }
}

#[test]
fn the_computer_draws_nearly_every_move_of_random_games() {
    let (mut drawn, mut missed, mut listed) = (0, 0, 0);
    // Games per size: `SPROUTS_RANDOM_GAMES` (a long check: 1000), else 30.
    let per_size = std::env::var("SPROUTS_RANDOM_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(30);
    for spots in 1..=7 {
        let (d, m, l) = random_games(spots, per_size, spots as u64);
        drawn += d;
        missed += m;
        listed += l;
    }
    eprintln!(
        "{} games: {drawn} moves drawn, {missed} positions not, {listed} engine children",
        7 * per_size
    );
    assert!(drawn > 7 * per_size * 8, "{drawn} moves drawn");
    // Where space has grown too narrow a position is left for another (105 of 2,025 here, most
    // late in crowded games).
    assert!(
        missed * 10 < drawn,
        "{missed} positions not drawn, {drawn} drawn"
    );
    assert!(
        listed * 10 > drawn * 9,
        "{listed} of {drawn} are engine children"
    );
}

/// A loop round a chosen set of spots: the cuts hold each where it belongs, whichever it is.
#[test]
fn loops_leave_each_spot_on_its_side() {
    let drawing = start(5);
    let board = drawing.board();
    let outcomes = board.outcomes().unwrap();
    // From five lone spots: a line to another spot, and loops round 0, 1 or 2 of the others
    // (a loop round 3 of 4 leaves 1 on its other side: the same position).
    assert_eq!(outcomes.len(), 4);
    for (m, target) in &outcomes {
        let (_, stroke) = draw_position(&drawing, target, BOUNDS)
            .unwrap_or_else(|| panic!("{} not drawn", board.describe(m)));
        let mut after = drawing.clone();
        after.play_stroke(&stroke).unwrap();
        assert_eq!(&after.board().position(), target, "{}", board.describe(m));
    }
}
