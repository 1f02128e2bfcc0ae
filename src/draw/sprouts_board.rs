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
    }
    for (k, place) in number_places(drawing, label / scale)
        .into_iter()
        .enumerate()
    {
        let (x, y) = at(place);
        let number = (k + 1).to_string();
        p.text(x, y, &number, label, Align::Center, palette::MUTED);
    }
}

/// A spot number's box (centre, half width, half height), in drawing units.
type NumberBox = (Point, f64, f64);

/// Left, right, top and bottom.
type Extent = (f64, f64, f64, f64);

/// Where each spot's number goes (its centre, in drawing units), for numbers `size` units
/// high: of eight places round its spot, the first that meets no spot, no line, no number
/// placed before it and no edge of the box, or the one that meets fewest. (Always up and to
/// the right, numbers crowded each other and the lines once spots sat close.)
pub fn number_places(drawing: &Drawing, size: f64) -> Vec<Point> {
    let spots = drawing.spots();
    // Each line with its bounding box, so most are passed over at a glance.
    let lines: Vec<(&[Point], Extent)> = drawing
        .lines()
        .iter()
        .map(|line| {
            let bounds = line.iter().fold(
                (f64::MAX, f64::MAX, f64::MIN, f64::MIN),
                |(x0, y0, x1, y1), &(x, y)| (x0.min(x), y0.min(y), x1.max(x), y1.max(y)),
            );
            (line.as_slice(), bounds)
        })
        .collect();
    let limits = crate::engine::sprouts::drawn::BOUNDS;
    let mut placed: Vec<NumberBox> = Vec::with_capacity(spots.len());
    for (k, &(x, y)) in spots.iter().enumerate() {
        let digits = (k + 1).to_string().len() as f64;
        let (hw, hh) = (0.3 * size * digits + 1.0, 0.5 * size);
        // Up-right first (where numbers always went), then round the spot.
        let places = [
            (1.0, -1.0),
            (1.0, 1.0),
            (-1.0, -1.0),
            (-1.0, 1.0),
            (0.0, -1.0),
            (1.0, 0.0),
            (0.0, 1.0),
            (-1.0, 0.0),
        ]
        .map(|(dx, dy): (f64, f64)| {
            let gap = SPOT + 1.5;
            ((x + dx * (gap + hw), y + dy * (gap + hh)), hw, hh)
        });
        let meets = |b: &NumberBox| -> usize {
            let ((cx, cy), hw, hh) = *b;
            let (left, right, top, bottom) = (cx - hw, cx + hw, cy - hh, cy + hh);
            let outside = left < limits.min.0
                || right > limits.max.0
                || top < limits.min.1
                || bottom > limits.max.1;
            let near_spots = spots
                .iter()
                .filter(|&&(sx, sy)| {
                    let dx = (sx - cx).abs() - hw;
                    let dy = (sy - cy).abs() - hh;
                    dx.max(0.0).hypot(dy.max(0.0)) < SPOT + 0.5
                })
                .count();
            let crossing = lines
                .iter()
                .filter(|(line, (x0, y0, x1, y1))| {
                    !(*x1 < left || *x0 > right || *y1 < top || *y0 > bottom)
                        && line
                            .windows(2)
                            .any(|w| segment_meets_box(w[0], w[1], (left, right, top, bottom)))
                })
                .count();
            let numbers = placed
                .iter()
                .filter(|((px, py), phw, phh)| {
                    (px - cx).abs() < phw + hw && (py - cy).abs() < phh + hh
                })
                .count();
            usize::from(outside) + near_spots + crossing + numbers
        };
        let best = places
            .iter()
            .min_by_key(|b| meets(b))
            .copied()
            .unwrap_or(places[0]);
        placed.push(best);
    }
    placed.into_iter().map(|(centre, _, _)| centre).collect()
}

/// Whether the segment a–b runs through the box (left, right, top, bottom): clipped to it
/// (Liang–Barsky), something is left.
fn segment_meets_box(a: Point, b: Point, (left, right, top, bottom): Extent) -> bool {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for (p, q) in [
        (-dx, a.0 - left),
        (dx, right - a.0),
        (-dy, a.1 - top),
        (dy, bottom - a.1),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return false;
            }
        } else {
            let t = q / p;
            if p < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
            if t0 > t1 {
                return false;
            }
        }
    }
    true
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
    let places = number_places(drawing, LABEL);
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
            "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{SPOT}\" {look}/>\n<text x=\"{:.1}\" y=\"{:.1}\" font-family=\"sans-serif\" font-size=\"{LABEL}\" text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"{}\">{}</text>\n",
            places[k].0,
            places[k].1,
            hex(palette::MUTED),
            k + 1
        ));
    }
    out.push_str("</svg>\n");
    out
}
