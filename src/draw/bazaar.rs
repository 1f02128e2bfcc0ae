//! The Bazaar table as a picture, with no browser: equations, visible cards, bank and pile, and a
//! row per player (score, wallet, the cards it bought). One plan of where everything goes serves
//! the drawing and the clicks, in two arrangements: wide (from 600 px) and narrow (a phone's
//! column, text at its real size). Pebbles are coloured discs with their letter and cards are
//! numbered as the page's messages number them, so colour is never the only signal.

use super::palette;
use super::{Align, Painter, Rgb};
use crate::engine::bazaar::cards::Card;
use crate::engine::bazaar::equations::Equation;
use crate::engine::bazaar::pebbles::{Bag, Pebble};
use crate::engine::bazaar::state::GameState;

/// The narrowest and widest table drawn; below `NARROW` the narrow arrangement is used.
pub const MIN_WIDTH: f64 = 300.0;
pub const MAX_WIDTH: f64 = 760.0;
const NARROW: f64 = 600.0;
const PEBBLE: f64 = 9.0;
const EQUATION_ROW: f64 = 24.0;
const CARD_W: f64 = 84.0;
const CARD_H: f64 = 92.0;
/// A bought card in a player's row: five small pebbles in a frame.
const MINI_W: f64 = 46.0;
const MINI_STEP: f64 = 58.0;
const MINI_ROW: f64 = 18.0;

/// What the table shows of one seat.
#[derive(Debug)]
pub struct Seat {
    pub name: String,
    /// What plays it: a strategy, "human", "JavaScript", a misbehaviour.
    pub kind: String,
    pub show_wallet: bool,
    /// Its place in the turn order (0 = to move), or None once eliminated.
    pub place: Option<usize>,
}

/// Everything one picture of the table needs: the live game or a state from its history.
pub struct Table<'a> {
    pub equations: &'a [Equation],
    pub state: &'a GameState,
    pub seats: &'a [Seat],
    /// The seat being asked, highlighted.
    pub active: Option<usize>,
    /// A line across the top: the end of the game, or which past state is shown.
    pub banner: Option<String>,
    /// What the person being asked can pay for now (empty when no person is asked).
    pub offers: Offers,
}

/// What a person choosing can pay for now, marked on the table where they click: for each
/// equation its two sides (left given, then right given), and for each visible card.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Offers {
    pub sides: Vec<bool>,
    pub cards: Vec<bool>,
}

/// What a click on the table picks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Equation `index` (0-based), used left to right, or right to left if `flipped`: a click on
    /// the side the wallet gives.
    Equation { index: usize, flipped: bool },
    /// Visible card `index` (0-based).
    Card(usize),
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

impl Rect {
    fn contains(&self, x: f64, y: f64) -> bool {
        x >= self.x && x < self.x + self.w && y >= self.y && y < self.y + self.h
    }

    pub fn centre(&self) -> (f64, f64) {
        (self.x + self.w / 2.0, self.y + self.h / 2.0)
    }
}

/// Where everything goes for a table `width` pixels wide.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    pub width: f64,
    pub narrow: bool,
    banner: Option<f64>,
    equations_title: f64,
    /// Per equation: the left side's and the right side's clickable areas.
    pub equations: Vec<(Rect, Rect)>,
    cards_title: f64,
    pub cards: Vec<Rect>,
    card_scale: f64,
    bank: (f64, f64),
    pile: Rect,
    players_title: f64,
    /// Per seat: the top of its row and the row's height.
    pub rows: Vec<(f64, f64)>,
    pub height: f64,
}

/// How many bought cards fit on one line of a player's row.
fn minis_per_line(width: f64) -> usize {
    (((width - 44.0) / MINI_STEP).floor() as usize).max(1)
}

/// Each equation's two sides, in `columns` columns from `top`.
fn equation_rects(table: &Table, top: f64, columns: usize, column_w: f64) -> Vec<(Rect, Rect)> {
    table
        .equations
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let (col, row) = (i % columns, i / columns);
            let x = 10.0 + col as f64 * column_w;
            let top = top + row as f64 * EQUATION_ROW - EQUATION_ROW / 2.0;
            let split = x + 20.0 + side_width(&e.left) + 8.0;
            let end = split + 8.0 + side_width(&e.right);
            (
                Rect {
                    x,
                    y: top,
                    w: split - x,
                    h: EQUATION_ROW,
                },
                Rect {
                    x: split,
                    y: top,
                    w: end - split,
                    h: EQUATION_ROW,
                },
            )
        })
        .collect()
}

impl Plan {
    pub fn new(table: &Table, width: f64) -> Plan {
        let width = width.clamp(MIN_WIDTH, MAX_WIDTH);
        let narrow = width < NARROW;
        let mut y = 0.0;
        let banner = table.banner.as_ref().map(|_| {
            y += 34.0;
            0.0
        });
        let equations_title = y + 14.0;
        y += 28.0;
        let columns = if narrow { 1 } else { 2 };
        let column_w = (width - 20.0) / columns as f64;
        let equations = equation_rects(table, y, columns, column_w);
        y += table.equations.len().div_ceil(columns) as f64 * EQUATION_ROW + 8.0;
        let cards_title = y;
        y += 12.0;
        // Four cards across: full size when wide, shrunk to the column when narrow.
        let card_scale = if narrow {
            ((width - 20.0 - 3.0 * 8.0) / 4.0 / CARD_W).min(1.0)
        } else {
            1.0
        };
        let cards = (0..table.state.visibles.len())
            .map(|i| Rect {
                x: 10.0 + i as f64 * (CARD_W + 8.0) * card_scale,
                y,
                w: CARD_W * card_scale,
                h: CARD_H * card_scale,
            })
            .collect();
        let (bank, pile);
        if narrow {
            // The bank in a row under the cards; the pile as a band beside its title.
            y += CARD_H * card_scale + 30.0;
            bank = (10.0, y);
            pile = Rect {
                x: width - 110.0,
                y: y - 26.0,
                w: 100.0,
                h: 22.0,
            };
            y += 34.0;
        } else {
            bank = (420.0, y + 12.0);
            pile = Rect {
                x: 520.0,
                y,
                w: 70.0,
                h: CARD_H,
            };
            y += 110.0;
        }
        let players_title = y;
        y += 22.0;
        let per_line = minis_per_line(width);
        let rows = table
            .seats
            .iter()
            .enumerate()
            .map(|(seat, _)| {
                let bought = table.state.players.get(seat).map_or(0, |p| p.cards.len());
                let lines = if narrow { 2.0 } else { 1.0 };
                let minis = bought.div_ceil(per_line) as f64 * MINI_ROW;
                let h = 26.0 * lines + minis;
                let top = y - 13.0;
                y += h + 2.0;
                (top, h)
            })
            .collect();
        Plan {
            width,
            narrow,
            banner,
            equations_title,
            equations,
            cards_title,
            cards,
            card_scale,
            bank,
            pile,
            players_title,
            rows,
            height: y + 6.0,
        }
    }

    /// What a click at (x, y) picks, if anything.
    pub fn target_at(&self, x: f64, y: f64) -> Option<Target> {
        for (index, (left, right)) in self.equations.iter().enumerate() {
            if left.contains(x, y) {
                return Some(Target::Equation {
                    index,
                    flipped: false,
                });
            }
            if right.contains(x, y) {
                return Some(Target::Equation {
                    index,
                    flipped: true,
                });
            }
        }
        self.cards
            .iter()
            .position(|r| r.contains(x, y))
            .map(Target::Card)
    }
}

fn side_width(side: &[Pebble]) -> f64 {
    Bag::of(side).size() as f64 * (2.0 * PEBBLE + 2.0)
}

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

/// One pebble: a disc with a dark rim and its letter (none when too small to read).
fn pebble(p: &mut impl Painter, x: f64, y: f64, r: f64, pebble: Pebble) {
    p.disc(x, y, r, palette::SOFT_INK);
    p.disc(x, y, r - 1.2, colour(pebble));
    if r >= 7.0 {
        let letter = pebble.letter().to_ascii_uppercase().to_string();
        p.text(x, y + 0.5, &letter, r + 1.0, Align::Center, ink(pebble));
    }
}

/// A row of pebbles from x; returns the x after them.
fn pebbles(p: &mut impl Painter, mut x: f64, y: f64, list: &[Pebble]) -> f64 {
    for &q in list {
        pebble(p, x + PEBBLE, y, PEBBLE, q);
        x += 2.0 * PEBBLE + 2.0;
    }
    x
}

/// `text` cut to about `width` pixels at `size` (an ellipsis says it was cut).
pub fn fit(text: &str, size: f64, width: f64) -> String {
    if super::text_width(text, size) <= width {
        return text.to_string();
    }
    let most = (width / super::text_width("m", size)).floor().max(1.0) as usize;
    let kept: String = text.chars().take(most.saturating_sub(1)).collect();
    format!("{kept}…")
}

/// A card: five pebbles around a circle, a smiling face in the middle if it has one.
fn card(p: &mut impl Painter, r: Rect, c: &Card, label: &str, scale: f64) {
    p.fill_rect(r.x, r.y, r.w, r.h, palette::CARD_EDGE);
    p.fill_rect(r.x + 2.0, r.y + 2.0, r.w - 4.0, r.h - 4.0, palette::CARD);
    let (cx, cy) = (r.x + r.w / 2.0, r.y + 42.0 * scale);
    for (i, &q) in c.pebbles.iter().enumerate() {
        let angle = -std::f64::consts::FRAC_PI_2
            + i as f64 * std::f64::consts::TAU / c.pebbles.len().max(1) as f64;
        let (x, y) = (
            cx + 26.0 * scale * angle.cos(),
            cy + 26.0 * scale * angle.sin(),
        );
        pebble(p, x, y, PEBBLE * scale.max(0.8), q);
    }
    if c.face {
        p.text(cx, cy, "☺", 20.0 * scale, Align::Center, palette::SOFT_INK);
    }
    p.text(
        cx,
        r.y + r.h - 10.0,
        label,
        11.0,
        Align::Center,
        palette::SOFT_INK,
    );
}

/// An equation's side that can be given now: a pale ground and a green rule under it.
fn offer_mark(p: &mut impl Painter, side: Rect) {
    p.fill_rect(
        side.x,
        side.y + 1.0,
        side.w,
        side.h - 2.0,
        palette::LAST_MOVE_FILL,
    );
    p.fill_rect(side.x, side.y + side.h - 3.0, side.w, 2.0, palette::WIN);
}

/// A bought card in small: its five pebbles in a frame, "☺" after it if it has a face.
fn mini_card(p: &mut impl Painter, x: f64, y: f64, c: &Card) {
    p.fill_rect(x, y - 7.0, MINI_W, 14.0, palette::CARD_EDGE);
    p.fill_rect(x + 1.0, y - 6.0, MINI_W - 2.0, 12.0, palette::CARD);
    for (i, &q) in c.pebbles.iter().take(5).enumerate() {
        pebble(p, x + 6.0 + i as f64 * 8.5, y, 4.0, q);
    }
    if c.face {
        p.text(
            x + MINI_W + 2.0,
            y,
            "☺",
            11.0,
            Align::Left,
            palette::SOFT_INK,
        );
    }
}

/// Draws the table as planned; returns its height.
pub fn draw(p: &mut impl Painter, table: &Table, plan: &Plan) -> f64 {
    let state = table.state;
    let width = plan.width;
    p.fill_rect(0.0, 0.0, width, plan.height, palette::PAPER);
    if let (Some(top), Some(text)) = (plan.banner, &table.banner) {
        p.fill_rect(0.0, top, width, 30.0, palette::HIGHLIGHT);
        p.fill_rect(0.0, top + 28.0, width, 2.0, palette::FOCUS);
        p.text(
            width / 2.0,
            top + 15.0,
            &fit(text, 15.0, width - 20.0),
            15.0,
            Align::Center,
            palette::INK,
        );
    }
    let offers = &table.offers;
    let title = if offers.sides.contains(&true) {
        "Equations (usable both ways; underlined: a side you can give now)"
    } else {
        "Equations (usable both ways)"
    };
    p.text(
        10.0,
        plan.equations_title,
        &fit(title, 13.0, width - 20.0),
        13.0,
        Align::Left,
        palette::INK,
    );
    for (i, (e, (left, right))) in table.equations.iter().zip(&plan.equations).enumerate() {
        let y = left.y + EQUATION_ROW / 2.0;
        for (k, side) in [left, right].into_iter().enumerate() {
            if offers.sides.get(2 * i + k) == Some(&true) {
                offer_mark(p, *side);
            }
        }
        p.text(
            left.x,
            y,
            &format!("{}.", i + 1),
            12.0,
            Align::Left,
            palette::MUTED,
        );
        pebbles(p, left.x + 20.0, y, &Bag::of(&e.left).pebbles());
        p.text(right.x, y, "=", 16.0, Align::Center, palette::INK);
        pebbles(p, right.x + 8.0, y, &Bag::of(&e.right).pebbles());
    }
    let title = if offers.cards.contains(&true) {
        "Visible cards (✓ you can pay for it now)"
    } else {
        "Visible cards"
    };
    p.text(
        10.0,
        plan.cards_title,
        &fit(title, 13.0, width - 20.0),
        13.0,
        Align::Left,
        palette::INK,
    );
    for (i, (c, r)) in state.visibles.iter().zip(&plan.cards).enumerate() {
        if offers.cards.get(i) == Some(&true) {
            p.fill_rect(r.x - 3.0, r.y - 3.0, r.w + 6.0, r.h + 6.0, palette::WIN);
            card(p, *r, c, &format!("✓ card {}", i + 1), plan.card_scale);
        } else {
            card(p, *r, c, &format!("card {}", i + 1), plan.card_scale);
        }
    }
    if state.visibles.is_empty() {
        p.text(
            10.0,
            plan.cards_title + 52.0,
            "(no visible cards)",
            12.0,
            Align::Left,
            palette::MUTED,
        );
    }
    draw_bank_and_pile(p, state, plan);
    p.text(
        10.0,
        plan.players_title,
        "Players (turn order marked 1, 2, …)",
        13.0,
        Align::Left,
        palette::INK,
    );
    for (seat, (view, &(top, h))) in table.seats.iter().zip(&plan.rows).enumerate() {
        if let Some(player) = state.players.get(seat) {
            draw_row(p, table, plan, seat, view, player, top, h);
        }
    }
    plan.height
}

fn draw_bank_and_pile(p: &mut impl Painter, state: &GameState, plan: &Plan) {
    let (bx, by) = plan.bank;
    if plan.narrow {
        p.text(bx, by - 15.0, "Bank", 13.0, Align::Left, palette::INK);
        for (k, q) in Pebble::ALL.iter().enumerate() {
            let x = bx + 9.0 + k as f64 * 50.0;
            pebble(p, x, by + 6.0, PEBBLE, *q);
            let count = format!("×{}", state.bank.count(*q));
            p.text(x + 12.0, by + 6.0, &count, 12.0, Align::Left, palette::INK);
        }
    } else {
        p.text(
            bx - 10.0,
            by - 24.0,
            "Bank",
            13.0,
            Align::Left,
            palette::INK,
        );
        for (k, q) in Pebble::ALL.iter().enumerate() {
            let y = by + k as f64 * 19.0;
            pebble(p, bx, y, PEBBLE, *q);
            let count = format!("× {}", state.bank.count(*q));
            p.text(bx + 16.0, y, &count, 12.0, Align::Left, palette::INK);
        }
    }
    let r = plan.pile;
    p.fill_rect(r.x, r.y, r.w, r.h, palette::CARD_EDGE);
    p.fill_rect(
        r.x + 3.0,
        r.y + 3.0,
        r.w - 6.0,
        r.h - 6.0,
        palette::CARD_BACK,
    );
    let count = state.hidden.len().to_string();
    if plan.narrow {
        let text = format!("{count} in the pile");
        p.text(
            r.x + r.w / 2.0,
            r.y + r.h / 2.0,
            &text,
            11.0,
            Align::Center,
            palette::WHITE,
        );
    } else {
        p.text(
            r.x + r.w / 2.0,
            r.y + 38.0,
            &count,
            20.0,
            Align::Center,
            palette::WHITE,
        );
        p.text(
            r.x + r.w / 2.0,
            r.y + 62.0,
            "in the pile",
            10.0,
            Align::Center,
            palette::WHITE,
        );
    }
}

/// A score as text: a score with more digits than a row holds says how many it has.
fn score_text(score: &crate::engine::bazaar::state::Score) -> String {
    let digits = score.to_string();
    if digits.len() > 9 {
        format!("a {}-digit score", digits.len())
    } else if digits == "1" {
        "1 point".into()
    } else {
        format!("{digits} points")
    }
}

#[allow(clippy::too_many_arguments)]
fn draw_row(
    p: &mut impl Painter,
    table: &Table,
    plan: &Plan,
    seat: usize,
    view: &Seat,
    player: &crate::engine::bazaar::state::PlayerState,
    top: f64,
    h: f64,
) {
    let width = plan.width;
    if Some(seat) == table.active {
        p.fill_rect(4.0, top, width - 8.0, h, palette::HIGHLIGHT);
    }
    let y = top + 13.0;
    let mark = match view.place {
        Some(i) => format!("{}", i + 1),
        None => "✗".into(),
    };
    p.text(12.0, y, &mark, 13.0, Align::Left, palette::INK);
    // Name and kind up to the points column (wide) or the score at the right (narrow).
    let (points_x, label_room) = if plan.narrow {
        (width - 10.0, width - 34.0 - 110.0)
    } else {
        (300.0, 300.0 - 34.0 - 10.0)
    };
    let label = fit(&format!("{} ({})", view.name, view.kind), 13.0, label_room);
    p.text(34.0, y, &label, 13.0, Align::Left, palette::INK);
    let points = score_text(&player.score);
    let align = if plan.narrow {
        Align::Right
    } else {
        Align::Left
    };
    p.text(points_x, y, &points, 13.0, align, palette::INK);
    let (wallet_x, wallet_y) = if plan.narrow {
        (34.0, y + 26.0)
    } else {
        (400.0, y)
    };
    let room = width - wallet_x - 10.0;
    if view.place.is_none() {
        p.text(
            wallet_x,
            wallet_y,
            "eliminated",
            13.0,
            Align::Left,
            palette::WARNING,
        );
    } else if view.show_wallet {
        let wallet = player.wallet.pebbles();
        let fits = ((room - 30.0) / (2.0 * PEBBLE + 2.0)).floor().max(1.0) as usize;
        if wallet.is_empty() {
            p.text(
                wallet_x,
                wallet_y,
                "empty wallet",
                12.0,
                Align::Left,
                palette::MUTED,
            );
        }
        let after = pebbles(p, wallet_x, wallet_y, &wallet[..wallet.len().min(fits)]);
        if wallet.len() > fits {
            let more = format!("+{}", wallet.len() - fits);
            p.text(
                after + 2.0,
                wallet_y,
                &more,
                12.0,
                Align::Left,
                palette::INK,
            );
        }
    } else {
        let n = player.wallet.size();
        let text = format!(
            "wallet hidden ({n} pebble{})",
            if n == 1 { "" } else { "s" }
        );
        p.text(wallet_x, wallet_y, &text, 12.0, Align::Left, palette::MUTED);
    }
    // The cards it bought, in small, under the row.
    let per_line = minis_per_line(width);
    let first = wallet_y + 22.0;
    for (i, c) in player.cards.iter().enumerate() {
        let (line, col) = (i / per_line, i % per_line);
        mini_card(
            p,
            34.0 + col as f64 * MINI_STEP,
            first + line as f64 * MINI_ROW - 4.0,
            c,
        );
    }
}
