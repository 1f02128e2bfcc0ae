//! The drawn Sprouts board as a picture: its lines, its spots (numbered, a spot with no life
//! left hollow), and what the page shows over them (the stroke being drawn, a move waiting to be
//! confirmed, a refused stroke and where it went wrong, a hint). The same picture goes to the
//! canvas, to a PNG, and, as SVG text, to a file.

use super::{palette, Align, Painter, Rgb};
use crate::engine::sprouts::drawing::{cut, Drawing, Point};

/// What the page draws over the board.
#[derive(Clone, Debug, Default)]
pub struct Overlay {
    /// The stroke under the pencil.
    pub stroke: Vec<Point>,
    /// A move read but not yet confirmed: its line, and where along it the new spot goes.
    pub pending: Option<(Vec<Point>, f64)>,
    /// A refused stroke and the place it went wrong.
    pub refused: Option<(Vec<Point>, Option<Point>)>,
    /// A winning move shown as a hint.
    pub hint: Option<Vec<Point>>,
    /// The lines of the last move (their numbers), drawn stronger.
    pub last: Vec<usize>,
}

/// Spot radius, line width and label size, in the drawing's units.
const SPOT: f64 = 5.5;
const LINE: f64 = 2.2;
const LABEL: f64 = 11.0;
/// The smallest spot number, in CSS pixels.
const MIN_LABEL_PX: f64 = 11.0;

/// Paints the board at `scale` CSS pixels a unit, `size` being the drawing's box.
pub fn paint(
    p: &mut impl Painter,
    drawing: &Drawing,
    overlay: &Overlay,
    size: (f64, f64),
    scale: f64,
) {
    let at = |q: Point| (q.0 * scale, q.1 * scale);
    p.fill_rect(0.0, 0.0, size.0 * scale, size.1 * scale, palette::PAPER);
    let polyline = |p: &mut dyn FnMut(Point, Point), line: &[Point]| {
        for w in line.windows(2) {
            p(at(w[0]), at(w[1]));
        }
    };
    if let Some(hint) = &overlay.hint {
        polyline(
            &mut |a, b| p.dashed_line(a.0, a.1, b.0, b.1, 2.5 * scale, palette::WIN, 1),
            hint,
        );
    }
    for (k, line) in drawing.lines().iter().enumerate() {
        let (width, color) = if overlay.last.contains(&k) {
            (LINE * 1.6, palette::LAST_MOVE_FRAME)
        } else {
            (LINE, palette::INK)
        };
        polyline(
            &mut |a, b| p.line(a.0, a.1, b.0, b.1, width * scale, color),
            line,
        );
    }
    if let Some((line, along)) = &overlay.pending {
        polyline(
            &mut |a, b| p.line(a.0, a.1, b.0, b.1, LINE * 1.6 * scale, palette::BLUE),
            line,
        );
        let (_, rest) = cut(line, *along);
        if let Some(&spot) = rest.first() {
            let (x, y) = at(spot);
            p.disc(x, y, SPOT * 1.3 * scale, palette::BLUE);
            p.ring(x, y, SPOT * 2.2 * scale, 1.5 * scale, palette::BLUE);
        }
    }
    if let Some((line, place)) = &overlay.refused {
        polyline(
            &mut |a, b| p.dashed_line(a.0, a.1, b.0, b.1, LINE * scale, palette::WARNING, 1),
            line,
        );
        if let Some(place) = place {
            let (x, y) = at(*place);
            p.ring(x, y, 9.0 * scale, 2.0 * scale, palette::WARNING);
        }
    }
    polyline(
        &mut |a, b| p.line(a.0, a.1, b.0, b.1, LINE * scale, palette::BLUE),
        &overlay.stroke,
    );
    let lives = drawing.board();
    // Numbers stay readable on a narrow screen (at least 11 CSS pixels).
    let label = (LABEL * scale).max(MIN_LABEL_PX);
    for (k, &spot) in drawing.spots().iter().enumerate() {
        let (x, y) = at(spot);
        if lives.lives(k) == 0 {
            p.disc(x, y, SPOT * scale, palette::PAPER);
            p.ring(x, y, SPOT * scale, 1.5 * scale, palette::GREY);
        } else {
            p.disc(x, y, SPOT * scale, palette::INK);
        }
        p.text(
            x + 0.75 * label,
            y - 0.8 * label,
            &(k + 1).to_string(),
            label,
            Align::Left,
            palette::MUTED,
        );
    }
}

fn hex(c: Rgb) -> String {
    format!("#{:02x}{:02x}{:02x}", c.0, c.1, c.2)
}

/// The board as an SVG file: the lines as polylines, the spots as circles with their numbers.
pub fn svg(drawing: &Drawing, size: (f64, f64)) -> String {
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\">\n<rect width=\"{w}\" height=\"{h}\" fill=\"{paper}\"/>\n",
        w = size.0,
        h = size.1,
        paper = hex(palette::PAPER)
    );
    for line in drawing.lines() {
        let points: Vec<String> = line
            .iter()
            .map(|q| format!("{:.1},{:.1}", q.0, q.1))
            .collect();
        out.push_str(&format!(
            "<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"{LINE}\" stroke-linecap=\"round\" stroke-linejoin=\"round\" points=\"{}\"/>\n",
            hex(palette::INK),
            points.join(" ")
        ));
    }
    for (k, &(x, y)) in drawing.spots().iter().enumerate() {
        let look = if drawing.board().lives(k) == 0 {
            format!(
                "fill=\"{}\" stroke=\"{}\" stroke-width=\"1.5\"",
                hex(palette::PAPER),
                hex(palette::GREY)
            )
        } else {
            format!("fill=\"{}\"", hex(palette::INK))
        };
        out.push_str(&format!(
            "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{SPOT}\" {look}/>\n<text x=\"{:.1}\" y=\"{:.1}\" font-family=\"sans-serif\" font-size=\"{LABEL}\" fill=\"{}\">{}</text>\n",
            x + 8.0,
            y - 5.0,
            hex(palette::MUTED),
            k + 1
        ));
    }
    out.push_str("</svg>\n");
    out
}
