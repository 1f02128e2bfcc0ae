//! Drawing the Bazaar table on a canvas: equations, visible cards and the pile, the bank, and a
//! row per player (score, wallet, status). Pebbles are coloured discs with their letter, so
//! colour is never the only signal.

use crate::draw::{palette, Align, Painter, Rgb};
use crate::engine::bazaar::cards::Card;
use crate::engine::bazaar::equations::Equation;
use crate::engine::bazaar::pebbles::{Bag, Pebble};
use crate::engine::bazaar::referee::Referee;

pub const WIDTH: f64 = 760.0;
const PEBBLE: f64 = 9.0;

fn colour(p: Pebble) -> Rgb {
    match p {
        Pebble::Red => palette::RED,
        Pebble::White => palette::OFF_WHITE,
        Pebble::Blue => palette::BLUE,
        Pebble::Green => palette::GREEN,
        Pebble::Yellow => palette::YELLOW,
    }
}

fn ink(p: Pebble) -> Rgb {
    match p {
        Pebble::White | Pebble::Yellow => palette::INK,
        _ => palette::WHITE,
    }
}

/// One pebble: a disc with a dark rim and its letter.
fn pebble(p: &mut impl Painter, x: f64, y: f64, pebble: Pebble) {
    p.disc(x, y, PEBBLE, palette::SOFT_INK);
    p.disc(x, y, PEBBLE - 1.2, colour(pebble));
    p.text(
        x,
        y + 0.5,
        &pebble.letter().to_string().to_uppercase(),
        10.0,
        Align::Center,
        ink(pebble),
    );
}

/// A row of pebbles from x; returns the x after them.
fn pebbles(p: &mut impl Painter, mut x: f64, y: f64, list: &[Pebble]) -> f64 {
    for &q in list {
        pebble(p, x + PEBBLE, y, q);
        x += 2.0 * PEBBLE + 2.0;
    }
    x
}

fn equation(p: &mut impl Painter, x: f64, y: f64, e: &Equation, index: usize) {
    p.text(
        x,
        y,
        &format!("{}.", index + 1),
        12.0,
        Align::Left,
        palette::MUTED,
    );
    let after = pebbles(p, x + 20.0, y, &Bag::of(&e.left).pebbles());
    p.text(after + 8.0, y, "=", 16.0, Align::Center, palette::INK);
    pebbles(p, after + 16.0, y, &Bag::of(&e.right).pebbles());
}

/// A card: five pebbles around a circle, a smiling face in the middle if it has one.
pub fn card(p: &mut impl Painter, x: f64, y: f64, c: &Card, label: &str) {
    p.fill_rect(x, y, 84.0, 92.0, palette::CARD_EDGE);
    p.fill_rect(x + 2.0, y + 2.0, 80.0, 88.0, palette::CARD);
    let (cx, cy) = (x + 42.0, y + 42.0);
    for (i, &q) in c.pebbles.iter().enumerate() {
        let angle = -std::f64::consts::FRAC_PI_2
            + i as f64 * std::f64::consts::TAU / c.pebbles.len().max(1) as f64;
        pebble(p, cx + 26.0 * angle.cos(), cy + 26.0 * angle.sin(), q);
    }
    if c.face {
        p.text(cx, cy, "☺", 20.0, Align::Center, palette::SOFT_INK);
    }
    p.text(cx, y + 82.0, label, 10.0, Align::Center, palette::SOFT_INK);
}

/// What the table shows of each seat.
pub struct SeatView {
    pub name: String,
    pub kind: String,
    pub show_wallet: bool,
}

/// Draws the whole table; returns the height used.
pub fn table(
    p: &mut impl Painter,
    referee: &Referee,
    seats: &[SeatView],
    active: Option<usize>,
) -> f64 {
    let state = referee.state();
    p.fill_rect(0.0, 0.0, WIDTH, 2000.0, palette::PAPER);
    p.text(
        10.0,
        14.0,
        "Equations (usable both ways)",
        13.0,
        Align::Left,
        palette::INK,
    );
    for (i, e) in referee.equations().iter().enumerate() {
        let (col, row) = (i % 2, i / 2);
        equation(p, 10.0 + col as f64 * 300.0, 36.0 + row as f64 * 24.0, e, i);
    }
    let rows = referee.equations().len().div_ceil(2) as f64;
    let mut y = 36.0 + rows * 24.0 + 8.0;
    p.text(10.0, y, "Visible cards", 13.0, Align::Left, palette::INK);
    p.text(410.0, y, "Bank", 13.0, Align::Left, palette::INK);
    y += 12.0;
    for (i, c) in state.visibles.iter().enumerate() {
        card(p, 10.0 + i as f64 * 92.0, y, c, &format!("card {}", i + 1));
    }
    if state.visibles.is_empty() {
        p.text(
            10.0,
            y + 40.0,
            "(no visible cards)",
            12.0,
            Align::Left,
            palette::MUTED,
        );
    }
    // The bank by colour, and the pile face down with its count.
    for (k, q) in Pebble::ALL.iter().enumerate() {
        let by = y + 12.0 + k as f64 * 19.0;
        pebble(p, 420.0, by, *q);
        p.text(
            436.0,
            by,
            &format!("× {}", state.bank.count(*q)),
            12.0,
            Align::Left,
            palette::INK,
        );
    }
    p.fill_rect(520.0, y, 70.0, 92.0, palette::CARD_EDGE);
    p.fill_rect(524.0, y + 4.0, 62.0, 84.0, palette::CARD_BACK);
    p.text(
        555.0,
        y + 38.0,
        &format!("{}", state.hidden.len()),
        20.0,
        Align::Center,
        palette::WHITE,
    );
    p.text(
        555.0,
        y + 62.0,
        "in the pile",
        10.0,
        Align::Center,
        palette::WHITE,
    );
    y += 110.0;
    p.text(
        10.0,
        y,
        "Players (turn order marked 1, 2, …)",
        13.0,
        Align::Left,
        palette::INK,
    );
    y += 22.0;
    for (seat, view) in seats.iter().enumerate() {
        let player = &state.players[seat];
        let place = referee.order().iter().position(|&s| s == seat);
        if Some(seat) == active {
            p.fill_rect(4.0, y - 13.0, WIDTH - 8.0, 26.0, palette::HIGHLIGHT);
        }
        let mark = match place {
            Some(i) => format!("{}", i + 1),
            None => "✗".into(),
        };
        p.text(12.0, y, &mark, 13.0, Align::Left, palette::INK);
        p.text(
            34.0,
            y,
            &format!("{} ({})", view.name, view.kind),
            13.0,
            Align::Left,
            palette::INK,
        );
        p.text(
            300.0,
            y,
            &format!("{} points", player.score),
            13.0,
            Align::Left,
            palette::INK,
        );
        if referee.is_kicked(seat) {
            p.text(400.0, y, "eliminated", 13.0, Align::Left, palette::WARNING);
        } else if view.show_wallet {
            let wallet = player.wallet.pebbles();
            if wallet.is_empty() {
                p.text(400.0, y, "empty wallet", 12.0, Align::Left, palette::MUTED);
            }
            pebbles(p, 400.0, y, &wallet[..wallet.len().min(16)]);
            if wallet.len() > 16 {
                p.text(
                    400.0 + 16.0 * 20.0,
                    y,
                    &format!("+{}", wallet.len() - 16),
                    12.0,
                    Align::Left,
                    palette::INK,
                );
            }
        } else {
            p.text(
                400.0,
                y,
                &format!(
                    "wallet hidden ({} pebble{})",
                    player.wallet.size(),
                    if player.wallet.size() == 1 { "" } else { "s" }
                ),
                12.0,
                Align::Left,
                palette::MUTED,
            );
        }
        y += 28.0;
    }
    y + 6.0
}
