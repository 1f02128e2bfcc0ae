//! Small Sprouts pictures for Glop's "How to play": the two-spot start and its two kinds of first
//! move, drawn as a person would on paper (curves as short straight pieces).

use super::palette::{self, INK};
use super::{Align, Painter};

/// The pictures, each `SIZE` pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Example {
    /// Two spots, no lines.
    Start,
    /// A line from one spot to the other, a new spot on it.
    Join,
    /// A loop from a spot back to itself around the other spot, a new spot on it.
    Loop,
}

impl Example {
    pub const ALL: [Example; 3] = [Example::Start, Example::Join, Example::Loop];

    /// The position drawn, in Glop 1.0's notation (the test checks it against the engine).
    pub fn notation(self) -> &'static str {
        match self {
            Example::Start => "0.0.}]!",
            Example::Join => "1a1a.}]!",
            Example::Loop => "0.AB.}AB.}]!",
        }
    }

    /// What the picture shows, for a player (the play page's "How to play").
    pub fn play_caption(self) -> &'static str {
        match self {
            Example::Start => "Two spots to start with.",
            Example::Join => "A move: a line from a spot to a spot, with a new spot on it.",
            Example::Loop => "Or a loop back to its spot (here round the other one).",
        }
    }

    /// What the picture shows, and how its notation reads.
    pub fn caption(self) -> &'static str {
        match self {
            Example::Start => {
                "The 2-spot start, 0.0.}]! (0*2 in Glop 2.x): two lone spots, each a boundary of \
                 its own, in one region."
            }
            Example::Join => {
                "One first move joins the spots: 1a1a.}]!. Walking round the line you meet an end \
                 (1: one line touches it), the new spot (a, met twice), the other end, the new \
                 spot again."
            }
            Example::Loop => {
                "The other loops round the second spot: 0.AB.}AB.}]!. Inside, the lone spot and \
                 the loop; outside, the loop. A and B, on the loop, border both regions."
            }
        }
    }
}

pub const SIZE: (f64, f64) = (200.0, 110.0);
const SPOT: f64 = 5.5;
const STROKE: f64 = 2.5;
/// Points along a curve.
const PIECES: usize = 48;

/// Draws `example`.
pub fn draw(p: &mut impl Painter, example: Example) {
    let (w, h) = SIZE;
    p.fill_rect(0.0, 0.0, w, h, palette::PAPER);
    let y = h / 2.0;
    match example {
        Example::Start => {
            spot(p, 65.0, y, false);
            spot(p, 135.0, y, false);
        }
        Example::Join => {
            // A bow from the left spot to the right one; the new spot at its top.
            let (a, c, b) = ((65.0, y + 10.0), (100.0, y - 70.0), (135.0, y + 10.0));
            curve(p, |t| quadratic(a, c, b, t));
            let top = quadratic(a, c, b, 0.5);
            spot(p, a.0, a.1, false);
            spot(p, b.0, b.1, false);
            spot(p, top.0, top.1, true);
            label(p, top.0, top.1 - 14.0, Align::Center);
        }
        Example::Loop => {
            // An oval through the left spot around the right one; the new spot on its far side.
            let (cx, rx, ry) = (100.0, 60.0, 40.0);
            curve(p, |t| {
                let angle = std::f64::consts::PI + t * std::f64::consts::TAU;
                (cx + rx * angle.cos(), y + ry * angle.sin())
            });
            spot(p, cx - rx, y, false);
            spot(p, cx + 5.0, y, false);
            spot(p, cx + rx, y, true);
            label(p, cx + rx + 9.0, y, Align::Left);
        }
    }
}

fn quadratic(a: (f64, f64), c: (f64, f64), b: (f64, f64), t: f64) -> (f64, f64) {
    let u = 1.0 - t;
    (
        u * u * a.0 + 2.0 * u * t * c.0 + t * t * b.0,
        u * u * a.1 + 2.0 * u * t * c.1 + t * t * b.1,
    )
}

fn curve(p: &mut impl Painter, at: impl Fn(f64) -> (f64, f64)) {
    let mut from = at(0.0);
    for k in 1..=PIECES {
        let to = at(k as f64 / PIECES as f64);
        p.line(from.0, from.1, to.0, to.1, STROKE, INK);
        p.disc(to.0, to.1, STROKE / 2.0, INK); // round joins
        from = to;
    }
}

/// A spot; the new one of a move is drawn in the accent colour.
fn spot(p: &mut impl Painter, x: f64, y: f64, new: bool) {
    p.disc(x, y, SPOT, if new { palette::FOCUS } else { INK });
}

/// "new" beside the new spot, off the line.
fn label(p: &mut impl Painter, x: f64, y: f64, align: Align) {
    p.text(x, y, "new", 11.0, align, palette::FOCUS);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::raster::Raster;

    #[test]
    fn the_notations_are_the_engines_start_and_its_two_children() {
        use crate::engine::sprouts::children::{children, spots_start};
        use crate::engine::sprouts::notation::Notation;
        let start = spots_start(2);
        assert_eq!(start.write(Notation::Glop10), Example::Start.notation());
        let mut moves: Vec<String> = children(&start)
            .expect("small")
            .iter()
            .map(|c| c.write(Notation::Glop10))
            .collect();
        moves.sort();
        let mut drawn = vec![Example::Join.notation(), Example::Loop.notation()];
        drawn.sort();
        assert_eq!(moves, drawn);
        for example in Example::ALL {
            assert!(example.caption().contains(example.notation()));
        }
    }

    #[test]
    fn each_picture_draws_its_spots_and_lines() {
        let ink_pixels = |example| {
            let mut r = Raster::new(SIZE.0 as u32, SIZE.1 as u32);
            draw(&mut r, example);
            r.pixels().iter().filter(|&&c| c == INK).count()
        };
        let (start, join, looped) = (
            ink_pixels(Example::Start),
            ink_pixels(Example::Join),
            ink_pixels(Example::Loop),
        );
        // Two spots only at the start; each move adds a line, the loop a longer one.
        assert!(start > 0, "the start shows its spots");
        // A line at least 100 px long and 2 px wide, less the new spot's own colour.
        assert!(
            join > start + 150,
            "the join draws a line ({join} vs {start})"
        );
        assert!(
            looped > join,
            "the loop is longer than the bow ({looped} vs {join})"
        );
    }
}
