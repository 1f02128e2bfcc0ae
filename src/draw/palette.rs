//! Every colour the pictures use, named by what it means, so the five games look like one site
//! and a colour is changed in one place. Seats also differ by letter (and Dots' B by dashes):
//! colour is never the only signal.

use super::Rgb;

/// Hues with a name of their own (Bazaar's pebbles, Glop's losing / winning / several lands).
pub const RED: Rgb = Rgb(214, 39, 40);
pub const BLUE: Rgb = Rgb(31, 119, 180);
pub const GREEN: Rgb = Rgb(44, 160, 44);
pub const YELLOW: Rgb = Rgb(240, 200, 20);
/// A white that shows on white paper (a pebble).
pub const OFF_WHITE: Rgb = Rgb(245, 245, 245);

/// The seats' colours, A to H (a colour-blind-safe set after Tableau 10), and their tints for
/// filled areas (a box owned, a seat's row).
pub const SEATS: [Rgb; 8] = [
    RED,
    BLUE,
    GREEN,
    Rgb(148, 103, 189),
    Rgb(255, 127, 14),
    Rgb(23, 190, 207),
    Rgb(140, 86, 75),
    Rgb(227, 119, 194),
];
pub const SEAT_TINTS: [Rgb; 8] = [
    Rgb(250, 215, 215),
    Rgb(210, 228, 248),
    Rgb(212, 240, 212),
    Rgb(230, 220, 242),
    Rgb(255, 228, 200),
    Rgb(205, 242, 246),
    Rgb(232, 218, 214),
    Rgb(248, 218, 238),
];

/// A seat's colour (seats past eight reuse the list; their letters still differ).
pub fn seat(player: usize) -> Rgb {
    SEATS[player % SEATS.len()]
}

pub fn seat_tint(player: usize) -> Rgb {
    SEAT_TINTS[player % SEAT_TINTS.len()]
}

/// A seat's letter: A, B, C, …
pub fn seat_letter(player: usize) -> char {
    char::from(b'A' + (player % 26) as u8)
}

/// Backgrounds: a board, a plain picture, a card.
pub const PAPER: Rgb = Rgb(250, 250, 247);
pub const WHITE: Rgb = Rgb::WHITE;
pub const CARD: Rgb = Rgb(250, 244, 228);
pub const CARD_EDGE: Rgb = Rgb(120, 100, 70);
pub const CARD_BACK: Rgb = Rgb(90, 120, 160);

/// Text and lines, from strongest to faintest.
pub const INK: Rgb = Rgb(30, 30, 30);
pub const SOFT_INK: Rgb = Rgb(60, 60, 60);
pub const MUTED: Rgb = Rgb(90, 90, 90);
pub const GREY: Rgb = Rgb(120, 120, 120);
pub const FAINT: Rgb = Rgb(150, 150, 150);
pub const RULE: Rgb = Rgb(215, 215, 215);
pub const SHADE: Rgb = Rgb(235, 235, 235);

/// The keyboard cursor: the site's accent, the colour of the focus outline (games.css --accent).
pub const FOCUS: Rgb = Rgb(138, 58, 20);
/// The last move, and what a move is about to do: a pale teal, unlike the focus and the seats.
pub const LAST_MOVE: Rgb = Rgb(150, 220, 210);
/// The cell of the last move where orbs sit on it (Chain Reaction): a paler fill that every seat's
/// colour stands out on (2:1 and more; cyan on LAST_MOVE was 1.4:1), inside a frame of deep teal.
pub const LAST_MOVE_FILL: Rgb = Rgb(236, 250, 247);
pub const LAST_MOVE_FRAME: Rgb = Rgb(15, 118, 110);
/// A row or cell to look at (the Bazaar seat to move, a trace line).
pub const HIGHLIGHT: Rgb = Rgb(255, 236, 170);
/// Danger: a cell about to explode, an eliminated player.
pub const WARNING: Rgb = Rgb(180, 30, 30);

/// Results: a win, a draw, a loss (also told by W / D / L letters).
pub const WIN: Rgb = Rgb(20, 130, 40);
pub const DRAW: Rgb = Rgb(110, 110, 110);
pub const LOSS: Rgb = Rgb(190, 30, 30);

/// The ADE pictures: a node's value (positive, zero, negative), the firing-sequence graph's
/// rings and discs, the node just fired.
pub const VALUE_POSITIVE: Rgb = Rgb(214, 84, 50);
pub const VALUE_ZERO: Rgb = Rgb(236, 236, 236);
pub const VALUE_NEGATIVE: Rgb = Rgb(52, 101, 164);
pub const RING: Rgb = Rgb(120, 40, 20);
pub const DISC: Rgb = Rgb(250, 214, 165);
pub const FIRED: Rgb = Rgb(240, 190, 0);
pub const LIGHT_RULE: Rgb = Rgb(200, 200, 200);

#[cfg(test)]
mod tests {
    use super::*;

    /// WCAG's contrast ratio of two colours.
    fn contrast(a: Rgb, b: Rgb) -> f64 {
        let luminance = |c: Rgb| {
            let channel = |v: u8| {
                let v = v as f64 / 255.0;
                if v <= 0.03928 {
                    v / 12.92
                } else {
                    ((v + 0.055) / 1.055).powf(2.4)
                }
            };
            0.2126 * channel(c.0) + 0.7152 * channel(c.1) + 0.0722 * channel(c.2)
        };
        let (x, y) = (luminance(a), luminance(b));
        (x.max(y) + 0.05) / (x.min(y) + 0.05)
    }

    #[test]
    fn every_seat_stands_out_on_the_last_move_cell() {
        for (i, &colour) in SEATS.iter().enumerate() {
            let ratio = contrast(colour, LAST_MOVE_FILL);
            assert!(ratio >= 2.0, "seat {i} on the last move: {ratio:.2}");
        }
        assert!(
            contrast(SEATS[5], LAST_MOVE) < 2.0,
            "the old fill was the fault"
        );
    }
}
