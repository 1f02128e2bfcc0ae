//! The boards' pictures without a browser (draw::chain_reaction, draw::dots_boxes): layouts fit
//! their room, every place on the board is found again under its own centre, and the drawing
//! (into a raster, through the same `Painter` the canvas uses) shows what the game holds.
#![cfg(not(target_arch = "wasm32"))]

use gamelab::draw::chain_reaction::{self as chain, Labels, Layout as ChainLayout, Scene};
use gamelab::draw::dots_boxes::{self as dots, Layout as DotsLayout};
use gamelab::draw::palette;
use gamelab::draw::raster::Raster;
use gamelab::engine::chain_reaction::{Game as ChainGame, Settings};
use gamelab::engine::dots_boxes::{Board, Game as DotsGame};

fn at(raster: &Raster, (x, y): (f64, f64)) -> gamelab::draw::Rgb {
    raster.pixel(x as u32, y as u32).unwrap()
}

#[test]
fn chain_reaction_layouts_fit_and_find_every_cell() {
    for (rows, cols) in [(2, 2), (9, 6), (20, 20), (3, 17)] {
        let settings = Settings::new(rows, cols, 2).unwrap();
        for room in [(300.0, 400.0), (1000.0, 700.0), (376.0, 2000.0)] {
            let layout = ChainLayout::fit(settings, room.0, room.1, Labels::Orbs);
            assert!(layout.cell >= ChainLayout::MIN_CELL && layout.cell <= ChainLayout::MAX_CELL);
            if layout.cell > ChainLayout::MIN_CELL {
                assert!(layout.width() <= room.0 && layout.height() <= room.1);
            }
            for cell in 0..settings.cells() {
                assert_eq!(
                    layout.cell_at(layout.centre(cell).0, layout.centre(cell).1),
                    Some(cell)
                );
            }
            assert_eq!(layout.cell_at(-1.0, 5.0), None);
            assert_eq!(layout.cell_at(layout.width(), 5.0), None);
            // What a test reads off the screen gives the same geometry back.
            assert_eq!(ChainLayout::with_width(settings, layout.width()), layout);
        }
    }
}

#[test]
fn chain_reaction_draws_orbs_in_their_owners_colour() {
    let settings = Settings::new(3, 3, 2).unwrap();
    let mut game = ChainGame::new(settings);
    game.play(1, 1).unwrap(); // A in the middle
    game.play(0, 0).unwrap(); // B in a corner
    let layout = ChainLayout::fit(settings, 300.0, 300.0, Labels::Orbs);
    let board: Vec<_> = (0..settings.cells()).map(|c| game.cell(c)).collect();
    let scene = Scene {
        settings,
        board: &board,
        to_move: game.current(),
        cursor: None,
        last: None,
        selected: None,
        labels: Labels::Orbs,
        flight: None,
        analysis: None,
        hint: None,
    };
    let mut raster = Raster::new(layout.width() as u32, layout.height() as u32);
    chain::draw(&mut raster, &layout, &scene);
    // One orb sits at the orbs' centre, a little above the cell's middle (its label is below).
    let orb = |cell: usize| {
        let (x, y) = layout.centre(cell);
        (x, y - layout.cell * 0.06 + 1.0)
    };
    assert_eq!(at(&raster, orb(4)), palette::seat(0));
    assert_eq!(at(&raster, orb(0)), palette::seat(1));
    assert_eq!(
        at(&raster, (layout.centre(8).0, layout.centre(8).1)),
        palette::PAPER
    );
    // The grid is in the colour of the player to move (A).
    assert_eq!(
        at(&raster, (layout.cell, layout.cell * 2.5)),
        palette::seat(0)
    );
}

/// The analysis marks winning cells in the win colour and losing ones in the loss colour, in
/// the cell's top corner; the hint rings its cell in the win colour.
#[test]
fn chain_reaction_draws_the_analysis_marks_and_the_hint() {
    use gamelab::engine::chain_reaction::analysis::Outcome;
    use gamelab::engine::chain_reaction::solve::Value;
    let settings = Settings::new(2, 3, 2).unwrap();
    let board = vec![None; settings.cells()];
    let outcome = Outcome::Solved {
        value: Value::Win { plies: 7 },
        moves: vec![(0, Value::Win { plies: 7 }), (4, Value::Loss { plies: 8 })],
    };
    let layout = ChainLayout::fit(settings, 300.0, 300.0, Labels::Orbs);
    let scene = Scene {
        settings,
        board: &board,
        to_move: Some(0),
        cursor: None,
        last: None,
        selected: None,
        labels: Labels::Orbs,
        flight: None,
        analysis: Some(&outcome),
        hint: Some(2),
    };
    let mut raster = Raster::new(layout.width() as u32, layout.height() as u32);
    chain::draw(&mut raster, &layout, &scene);
    let count = |cell: usize, colour: gamelab::draw::Rgb, top: bool| {
        let (cx, cy) = layout.centre(cell);
        let (x0, y0) = (cx - layout.cell / 2.0, cy - layout.cell / 2.0);
        let rows = if top {
            0..(layout.cell * 0.25) as u32
        } else {
            0..layout.cell as u32
        };
        rows.flat_map(|dy| (0..layout.cell as u32).map(move |dx| (dx, dy)))
            .filter(|&(dx, dy)| raster.pixel(x0 as u32 + dx, y0 as u32 + dy) == Some(colour))
            .count()
    };
    assert!(count(0, palette::WIN, true) > 20, "W7★ in the first cell");
    assert!(count(4, palette::LOSS, true) > 20, "L8 in the fifth");
    assert_eq!(
        count(1, palette::WIN, false) + count(1, palette::LOSS, false),
        0
    );
    assert!(count(2, palette::WIN, false) > 100, "the hint's ring");
}

#[test]
fn dots_and_boxes_layouts_fit_and_find_every_line() {
    for (rows, cols) in [(1, 1), (3, 3), (5, 5), (10, 10), (2, 7)] {
        let board = Board::new(rows, cols).unwrap();
        for room in [(376.0, 500.0), (980.0, 760.0)] {
            let layout = DotsLayout::fit(&board, room.0, room.1);
            for line in 0..board.lines() {
                let (x, y) = layout.middle(line);
                assert_eq!(layout.line_at(x, y), Some(line));
            }
            // The middle of a box is no line.
            let (x, y) = layout.dot(0, 0);
            assert_eq!(
                layout.line_at(x + layout.gap / 2.0, y + layout.gap / 2.0),
                None
            );
            assert_eq!(DotsLayout::with_width(&board, layout.width()), layout);
        }
    }
}

#[test]
fn dots_and_boxes_draws_a_solid_and_b_dashed() {
    let board = Board::new(2, 2).unwrap();
    let mut game = DotsGame::new(board.clone());
    game.play(0).unwrap(); // A: the top left line
    game.play(6).unwrap(); // B: the left side of the top left box
    game.play(1).unwrap(); // A: the last move
    let layout = DotsLayout::fit(&board, 400.0, 400.0);
    let mut raster = Raster::new(layout.width() as u32, layout.height() as u32);
    let scene = dots::Scene {
        game: &game,
        cursor: None,
        preview: None,
        analysis: None,
    };
    dots::draw(&mut raster, &layout, &scene);
    assert_eq!(at(&raster, layout.middle(0)), palette::seat(0));
    // B's line: colour on its dashes, the board between them.
    let ((x0, y0), (_, y1)) = layout.ends(6);
    let along = |t: f64| (x0, y0 + (y1 - y0) * t);
    assert_eq!(at(&raster, along(0.08)), palette::seat(1));
    assert_ne!(at(&raster, along(0.25)), palette::seat(1));
    // An undrawn line is a faint rule.
    assert_eq!(at(&raster, layout.middle(11)), palette::RULE);
}
