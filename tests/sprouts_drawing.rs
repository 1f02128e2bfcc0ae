//! Strokes on a drawn Sprouts board (engine::sprouts::drawing): what each means, what is refused
//! and why, natively.
#![cfg(not(target_arch = "wasm32"))]

use gamelab::engine::sprouts::drawing::{Drawing, Point, Refusal};
use gamelab::engine::sprouts::notation::Notation;

fn written(d: &Drawing) -> String {
    d.board().position().write(Notation::Glop10)
}

/// A circle's points from `start` round `centre`, turning one way or the other.
fn circle(centre: Point, start: Point, clockwise: bool) -> Vec<Point> {
    let r = (start.0 - centre.0).hypot(start.1 - centre.1);
    let a0 = (start.1 - centre.1).atan2(start.0 - centre.0);
    let sign = if clockwise { -1.0 } else { 1.0 };
    (0..=48)
        .map(|k| {
            let a = a0 + sign * k as f64 * std::f64::consts::TAU / 48.0;
            (centre.0 + r * a.cos(), centre.1 + r * a.sin())
        })
        .collect()
}

#[test]
fn a_line_between_two_spots_and_a_loop_round_one() {
    let mut join = Drawing::new(vec![(0.0, 0.0), (10.0, 0.0)], 1.0);
    join.play_stroke(&[(0.0, 0.0), (5.0, 3.0), (10.0, 0.0)])
        .unwrap();
    assert_eq!(written(&join), "1a1a.}]!");
    assert_eq!(join.board().spots(), 3);
    for clockwise in [false, true] {
        let mut looped = Drawing::new(vec![(0.0, 0.0), (10.0, 0.0)], 1.0);
        looped
            .play_stroke(&circle((8.0, 0.0), (0.0, 0.0), clockwise))
            .unwrap();
        assert_eq!(written(&looped), "0.AB.}AB.}]!");
    }
}

#[test]
fn refusals_say_why() {
    let spots = vec![(0.0, 0.0), (10.0, 0.0), (20.0, 0.0)];
    let d = Drawing::new(spots.clone(), 1.0);
    let refusal = |stroke: &[Point]| d.stroke_move(stroke).unwrap_err();
    assert_eq!(
        refusal(&[(3.0, 3.0), (10.0, 0.0)]),
        Refusal::NoSpot { at_start: true }
    );
    assert_eq!(
        refusal(&[(0.0, 0.0), (15.0, 5.0)]),
        Refusal::NoSpot { at_start: false }
    );
    assert_eq!(
        refusal(&[(0.0, 0.0), (20.0, 0.0)]),
        Refusal::ThroughSpot { spot: 1 }
    );
    let eight = [
        (0.0, 0.0),
        (5.0, 5.0),
        (5.0, -5.0),
        (2.0, -5.0),
        (2.0, 5.0),
        (10.0, 0.0),
    ];
    assert!(matches!(refusal(&eight), Refusal::CrossesItself { .. }));
    let mut crossed = Drawing::new(spots, 1.0);
    crossed
        .play_stroke(&[(0.0, 0.0), (10.0, 8.0), (20.0, 0.0)])
        .unwrap();
    assert!(matches!(
        crossed
            .stroke_move(&[(10.0, 0.0), (10.0, 20.0)])
            .unwrap_err(),
        Refusal::NoSpot { at_start: false }
    ));
    assert!(matches!(
        crossed
            .stroke_move(&[
                (10.0, 0.0),
                (12.0, 10.0),
                (21.0, 10.0),
                (21.0, 1.0),
                (20.0, 0.0)
            ])
            .unwrap_err(),
        Refusal::Crosses { .. }
    ));
    assert!(Refusal::Crosses { at: (0.0, 0.0) }
        .describe()
        .contains("cross"));
}

/// A loop round spot 1 and not spot 2: spot 1 is inside, so a stroke from 1 to 2 must cross it,
/// while strokes from 1 to the loop's spot inside, and from 2 to it outside, are moves — the
/// board's regions and the drawing agree, whichever way the loop is drawn.
#[test]
fn a_loop_puts_the_right_spots_inside() {
    for clockwise in [false, true] {
        let mut d = Drawing::new(vec![(0.0, 0.0), (8.0, 0.0), (30.0, 0.0)], 1.0);
        d.play_stroke(&circle((8.0, 0.0), (0.0, 0.0), clockwise))
            .unwrap();
        assert!(
            matches!(
                d.stroke_move(&[(8.0, 0.0), (8.0, 12.0), (30.0, 0.0)])
                    .unwrap_err(),
                Refusal::Crosses { .. }
            ),
            "1 to 2 crosses the loop"
        );
        // From spot 1 to the loop's spot 0, inside the loop.
        let mut inside = d.clone();
        inside
            .play_stroke(&[(8.0, 0.0), (4.0, 1.0), (0.0, 0.0)])
            .expect("inside the loop");
        // From spot 2 round the outside to spot 0.
        let mut outside = d.clone();
        outside
            .play_stroke(&[
                (30.0, 0.0),
                (30.0, 20.0),
                (-5.0, 20.0),
                (-5.0, 0.0),
                (0.0, 0.0),
            ])
            .expect("outside the loop");
        // The board has spots 1 and 2 in different regions, as the drawing does.
        use gamelab::engine::sprouts::board::Corner;
        let board = d.board();
        let region = |spot| board.region_of(Corner::Lone(spot)).unwrap().0;
        assert_ne!(region(1), region(2));
        assert_eq!(
            written(&inside),
            written(&outside),
            "the same position, mirrored"
        );
    }
}

/// A loop out of a spot that already has a line, round the far spots: the corners at a spot
/// with lines are read from the stroke's direction, and the loop's inside holds what the
/// drawing shows (spot 2 and the line 0-1 inside, spot 3 outside).
#[test]
fn a_loop_from_a_spot_with_a_line() {
    let spots = vec![(0.0, 0.0), (10.0, 0.0), (20.0, 0.0), (50.0, 0.0)];
    let mut d = Drawing::new(spots, 1.0);
    d.play_stroke(&[(0.0, 0.0), (5.0, 0.0), (10.0, 0.0)])
        .unwrap();
    // Up from spot 0, round spots 1 and 2, back into spot 0 from below.
    let around = [
        (0.0, 0.0),
        (0.0, 10.0),
        (30.0, 10.0),
        (30.0, -10.0),
        (0.0, -10.0),
        (0.0, 0.0),
    ];
    for stroke in [around.to_vec(), around.iter().rev().copied().collect()] {
        let mut looped = d.clone();
        looped
            .play_stroke(&stroke)
            .expect("a loop from a spot with one line");
        assert!(matches!(
            looped
                .stroke_move(&[(20.0, 0.0), (40.0, 5.0), (50.0, 0.0)])
                .unwrap_err(),
            Refusal::Crosses { .. }
        ));
        looped
            .clone()
            .play_stroke(&[(20.0, 0.0), (15.0, 3.0), (10.0, 0.0)])
            .expect("spots 2 and 1 are both inside");
        // The loop's own spot borders both sides: spot 2 reaches it from inside, 3 from outside.
        looped
            .stroke_move(&[(20.0, 0.0), (25.0, 1.0), (30.0, 0.0)])
            .expect("from inside");
        looped
            .stroke_move(&[(50.0, 0.0), (40.0, 1.0), (30.0, 0.0)])
            .expect("from outside");
        // Spot 0 has three lines now: nothing more starts there.
        assert_eq!(
            looped
                .stroke_move(&[
                    (0.0, 0.0),
                    (-3.0, 3.0),
                    (-5.0, 30.0),
                    (50.0, 30.0),
                    (50.0, 0.0)
                ])
                .unwrap_err(),
            Refusal::NoLives { spot: 0 }
        );
    }
}

/// A person's loop must go round enough room to be seen: one reaching less than three reaches
/// from its spot is refused (it was taken, then its new spot sat on the old one and the loop
/// hid under the spots); a wider one is taken. A line read back (`stroke_move`) is taken as it
/// was drawn, however tight.
#[test]
fn a_persons_loop_too_tight_to_see_is_refused() {
    use gamelab::engine::sprouts::drawing::LOOP_REACHES;
    let reach = 12.0;
    let d = Drawing::new(vec![(0.0, 0.0), (200.0, 0.0)], reach);
    // Circles through the spot: they reach their diameter from it.
    for (radius, taken) in [(15.0, false), (17.0, false), (19.0, true), (30.0, true)] {
        let stroke = circle((0.0, radius), (0.0, 0.0), false);
        assert!(d.stroke_move(&stroke).is_ok(), "radius {radius}: read back");
        let fresh = d.new_stroke_move(&stroke);
        assert_eq!(fresh.is_ok(), taken, "radius {radius}: {fresh:?}");
        if !taken {
            assert_eq!(fresh.unwrap_err(), Refusal::TightLoop);
        }
        assert_eq!(2.0 * radius >= LOOP_REACHES * reach, taken);
    }
    // A line between two spots is never a loop, however short.
    let near = Drawing::new(vec![(0.0, 0.0), (30.0, 0.0)], reach);
    assert!(near
        .new_stroke_move(&[(0.0, 0.0), (15.0, 2.0), (30.0, 0.0)])
        .is_ok());
}

/// Spot numbers keep off other spots, lines and numbers where there is room: a spot just up
/// and to the right of another, and a line through that corner, sent its number elsewhere
/// (numbers always went up and to the right, and crowded once spots sat close).
#[test]
fn spot_numbers_keep_clear_of_spots_lines_and_each_other() {
    use gamelab::draw::sprouts_board::number_places;
    let size = 11.0;
    let boxed = |k: usize, (x, y): Point| {
        let hw = 0.3 * size * (k + 1).to_string().len() as f64 + 1.0;
        (x - hw, x + hw, y - size / 2.0, y + size / 2.0)
    };
    let meets_spot = |b: (f64, f64, f64, f64), (sx, sy): Point| {
        let dx = (sx - (b.0 + b.1) / 2.0).abs() - (b.1 - b.0) / 2.0;
        let dy = (sy - (b.2 + b.3) / 2.0).abs() - (b.3 - b.2) / 2.0;
        dx.max(0.0).hypot(dy.max(0.0)) < 5.5
    };
    // Spot 2 sits where spot 1's number used to go; a line runs up and right from spot 3.
    let mut d = Drawing::new(
        vec![
            (100.0, 100.0),
            (113.0, 88.0),
            (300.0, 200.0),
            (360.0, 140.0),
        ],
        12.0,
    );
    d.play_stroke(&[(300.0, 200.0), (330.0, 170.0), (360.0, 140.0)])
        .unwrap();
    let places = number_places(&d, size);
    assert_eq!(places.len(), d.spots().len());
    let boxes: Vec<_> = places
        .iter()
        .enumerate()
        .map(|(k, &p)| boxed(k, p))
        .collect();
    for (k, b) in boxes.iter().enumerate() {
        for (j, &spot) in d.spots().iter().enumerate() {
            assert!(!meets_spot(*b, spot), "number {} on spot {}", k + 1, j + 1);
        }
        for other in &boxes[k + 1..] {
            let apart = b.1 <= other.0 || other.1 <= b.0 || b.3 <= other.2 || other.3 <= b.2;
            assert!(apart, "number {} on another", k + 1);
        }
    }
    // Number 3 is not on the line leaving its spot up and to the right.
    let (x, y) = places[2];
    assert!(!(x > 300.0 && y < 200.0), "number 3 at {x}, {y}");
    // With room all round, a number goes up and to the right, as it always did.
    let lone = Drawing::new(vec![(300.0, 200.0)], 12.0);
    let (x, y) = number_places(&lone, size)[0];
    assert!(x > 300.0 && y < 200.0);
}
