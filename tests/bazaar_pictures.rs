//! The Bazaar table's picture without a browser (draw::bazaar): in the wide and the narrow
//! arrangement everything stays inside the width and apart, every equation side and card is
//! found again under its own centre, long labels are cut to their room, bought cards get room
//! in their player's row, and the drawing through `Painter` shows the pebbles' colours.
#![cfg(not(target_arch = "wasm32"))]

use gamelab::draw::bazaar::{self as table, Plan, Rect, Seat, Target};
use gamelab::draw::palette;
use gamelab::draw::raster::Raster;
use gamelab::engine::bazaar::setup::random_game;
use gamelab::engine::rng::Rng;

fn seats(n: usize, long: bool) -> Vec<Seat> {
    (0..n)
        .map(|i| Seat {
            name: format!("Player{i}"),
            kind: if long {
                "loops forever on call 7 of request-pebble-or-trades".into()
            } else {
                "purchase-points".into()
            },
            show_wallet: true,
            place: Some(i),
        })
        .collect()
}

fn apart(a: &Rect, b: &Rect) -> bool {
    a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y
}

fn inside(r: &Rect, width: f64) -> bool {
    r.x >= 0.0 && r.x + r.w <= width
}

#[test]
fn every_equation_side_and_card_is_found_under_its_centre_at_any_width() {
    for seed in 1..20 {
        let players = 2 + (seed as usize % 5);
        let (equations, state) = random_game(players, &mut Rng::new(seed));
        let seats = seats(players, false);
        let picture = table::Table {
            equations: &equations,
            state: &state,
            seats: &seats,
            active: Some(0),
            banner: (seed % 2 == 0).then(|| "Game over: Player0 wins".to_string()),
            offers: Default::default(),
        };
        for width in [320.0, 400.0, 599.0, 600.0, 760.0, 1200.0] {
            let plan = Plan::new(&picture, width);
            assert_eq!(plan.narrow, width < 600.0);
            assert!(plan.width <= table::MAX_WIDTH);
            let mut areas = Vec::new();
            for (i, (left, right)) in plan.equations.iter().enumerate() {
                assert!(
                    inside(left, plan.width) && inside(right, plan.width),
                    "{width}"
                );
                let found = |r: &Rect| plan.target_at(r.centre().0, r.centre().1);
                assert_eq!(
                    found(left),
                    Some(Target::Equation {
                        index: i,
                        flipped: false
                    })
                );
                assert_eq!(
                    found(right),
                    Some(Target::Equation {
                        index: i,
                        flipped: true
                    })
                );
                areas.push(*left);
                areas.push(*right);
            }
            for (i, card) in plan.cards.iter().enumerate() {
                assert!(
                    inside(card, plan.width - 9.0),
                    "card {i} at {width}: {card:?}"
                );
                assert_eq!(
                    plan.target_at(card.centre().0, card.centre().1),
                    Some(Target::Card(i))
                );
                areas.push(*card);
            }
            for (i, a) in areas.iter().enumerate() {
                for b in &areas[i + 1..] {
                    assert!(apart(a, b), "{a:?} overlaps {b:?} at {width}");
                }
            }
            // Player rows come after the cards, one under the other, inside the picture.
            let cards_end = plan.cards.iter().map(|c| c.y + c.h).fold(0.0, f64::max);
            let mut last = cards_end;
            for &(top, h) in &plan.rows {
                assert!(top >= last, "rows apart at {width}");
                last = top + h;
            }
            assert!(plan.height >= last);
            assert_eq!(plan.target_at(5.0, plan.height - 2.0), None);
        }
    }
}

#[test]
fn long_labels_are_cut_to_their_room_and_bought_cards_get_room() {
    let (equations, mut state) = random_game(3, &mut Rng::new(5));
    let seats = seats(3, true);
    let bare = table::Table {
        equations: &equations,
        state: &state,
        seats: &seats,
        active: None,
        banner: None,
        offers: Default::default(),
    };
    let before = Plan::new(&bare, 400.0);
    // Player 1 bought 12 cards: its row grows by the lines of small cards it needs.
    let bought: Vec<_> = state.hidden.iter().take(12).cloned().collect();
    state.players[1].cards = bought;
    let rich = table::Table {
        equations: &equations,
        state: &state,
        seats: &seats,
        active: None,
        banner: None,
        offers: Default::default(),
    };
    let after = Plan::new(&rich, 400.0);
    assert!(after.rows[1].1 > before.rows[1].1);
    assert_eq!(after.rows[0], before.rows[0]);
    assert!(after.height > before.height);
    let label = "Player1 (loops forever on call 7 of request-pebble-or-trades)";
    let cut = table::fit(label, 13.0, 256.0);
    assert!(
        cut.ends_with('…') && cut.chars().count() < label.chars().count(),
        "{cut}"
    );
    assert!(cut.chars().count() as f64 * 13.0 * 0.6 <= 256.0);
    assert_eq!(table::fit("Adam (human)", 13.0, 256.0), "Adam (human)");
}

#[test]
fn the_drawing_shows_the_pebbles_and_the_banner() {
    let (equations, state) = random_game(2, &mut Rng::new(3));
    let seats = seats(2, false);
    let picture = table::Table {
        equations: &equations,
        state: &state,
        seats: &seats,
        active: Some(1),
        banner: Some("Game over: Player1 wins".into()),
        offers: Default::default(),
    };
    for width in [380.0, 760.0] {
        let plan = Plan::new(&picture, width);
        let mut raster = Raster::new(plan.width as u32, plan.height.ceil() as u32);
        table::draw(&mut raster, &picture, &plan);
        // The banner's band across the top.
        assert_eq!(raster.pixel(3, 3), Some(palette::HIGHLIGHT));
        // The first equation's first pebble, in its colour (ringed by soft ink).
        let (left, _) = plan.equations[0];
        let first = gamelab::engine::bazaar::pebbles::Bag::of(&equations[0].left).pebbles()[0];
        let colour = match first.name() {
            "red" => palette::RED,
            "white" => palette::OFF_WHITE,
            "blue" => palette::BLUE,
            "green" => palette::GREEN,
            _ => palette::YELLOW,
        };
        let (x, y) = (left.x + 20.0 + 9.0 - 5.0, left.y + left.h / 2.0);
        assert_eq!(raster.pixel(x as u32, y as u32), Some(colour), "{width}");
        // The active seat's row is highlighted.
        let (top, _) = plan.rows[1];
        assert_eq!(
            raster.pixel(6, (top + 2.0) as u32),
            Some(palette::HIGHLIGHT)
        );
    }
}

/// The cards a person can pay for are framed in green on the table, the others not, in both
/// arrangements; with no person asked nothing is.
#[test]
fn the_cards_a_person_can_pay_for_are_framed() {
    let (equations, state) = random_game(2, &mut Rng::new(3));
    let seats = seats(2, false);
    let mut payable = vec![false; state.visibles.len()];
    payable[1] = true;
    for width in [400.0, 760.0] {
        let framed = |offers: table::Offers| {
            let picture = table::Table {
                equations: &equations,
                state: &state,
                seats: &seats,
                active: Some(0),
                banner: None,
                offers,
            };
            let plan = Plan::new(&picture, width);
            let mut raster = Raster::new(plan.width as u32, plan.height as u32);
            table::draw(&mut raster, &picture, &plan);
            plan.cards
                .iter()
                .map(|r| {
                    raster.pixel((r.x - 2.0) as u32, r.centre().1 as u32) == Some(palette::WIN)
                })
                .collect::<Vec<bool>>()
        };
        let marked = framed(table::Offers {
            sides: Vec::new(),
            cards: payable.clone(),
        });
        assert_eq!(marked, payable, "{width}");
        assert!(!framed(table::Offers::default()).contains(&true), "{width}");
    }
}
