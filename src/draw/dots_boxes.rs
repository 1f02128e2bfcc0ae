//! Dots and Boxes' board as a picture, with no browser: its size for the room it has, the line
//! nearest a point, and the drawing through `Painter` (lines by player: A solid, B dashed, and
//! in colour; boxes by their owner's letter; the analysis marks; a preview of the line under
//! the pointer). The page draws with it on a canvas; tests draw into a raster.

use super::palette::{self, seat, seat_letter, seat_tint};
use super::{text_width, Align, Painter};
use crate::engine::dots_boxes::analysis::{Mark, Outcome};
use crate::engine::dots_boxes::{Board, Game};

/// Where the dots are: `gap` pixels apart, `margin` from the edges.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    pub rows: usize,
    pub cols: usize,
    pub gap: f64,
    pub margin: f64,
}

impl Layout {
    /// Dots at least a fingertip apart (44 px), at most 120.
    pub const MIN_GAP: f64 = 44.0;
    pub const MAX_GAP: f64 = 120.0;
    const MARGIN: f64 = 22.0;

    /// The biggest board that fits `width` × `height` pixels, within the gap limits.
    pub fn fit(board: &Board, width: f64, height: f64) -> Layout {
        let by_width = (width - 2.0 * Self::MARGIN) / board.cols.max(1) as f64;
        let by_height = (height - 2.0 * Self::MARGIN) / board.rows.max(1) as f64;
        let gap = by_width
            .min(by_height)
            .floor()
            .clamp(Self::MIN_GAP, Self::MAX_GAP);
        Layout {
            rows: board.rows,
            cols: board.cols,
            gap,
            margin: Self::MARGIN,
        }
    }

    /// The layout of a board drawn `width` pixels wide (how a test finds a line on screen).
    pub fn with_width(board: &Board, width: f64) -> Layout {
        Layout {
            rows: board.rows,
            cols: board.cols,
            gap: (width - 2.0 * Self::MARGIN) / board.cols.max(1) as f64,
            margin: Self::MARGIN,
        }
    }

    pub fn width(&self) -> f64 {
        self.cols as f64 * self.gap + 2.0 * self.margin
    }

    pub fn height(&self) -> f64 {
        self.rows as f64 * self.gap + 2.0 * self.margin
    }

    pub fn dot(&self, row: usize, col: usize) -> (f64, f64) {
        (
            self.margin + col as f64 * self.gap,
            self.margin + row as f64 * self.gap,
        )
    }

    /// The two end points of a line (OpenSpiel's numbering: horizontal lines row by row, then
    /// vertical ones).
    pub fn ends(&self, line: usize) -> ((f64, f64), (f64, f64)) {
        let horizontal = (self.rows + 1) * self.cols;
        if line < horizontal {
            let (r, c) = (line / self.cols.max(1), line % self.cols.max(1));
            (self.dot(r, c), self.dot(r, c + 1))
        } else {
            let v = line - horizontal;
            let (r, c) = (v / (self.cols + 1), v % (self.cols + 1));
            (self.dot(r, c), self.dot(r + 1, c))
        }
    }

    pub fn middle(&self, line: usize) -> (f64, f64) {
        let ((x0, y0), (x1, y1)) = self.ends(line);
        ((x0 + x1) / 2.0, (y0 + y1) / 2.0)
    }

    /// The line whose middle is nearest (x, y), if it is within 45% of a gap.
    pub fn line_at(&self, x: f64, y: f64) -> Option<usize> {
        let lines = (self.rows + 1) * self.cols + self.rows * (self.cols + 1);
        (0..lines)
            .map(|line| {
                let (mx, my) = self.middle(line);
                ((mx - x).hypot(my - y), line)
            })
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .filter(|(distance, _)| *distance < self.gap * 0.45)
            .map(|(_, line)| line)
    }
}

/// Everything one picture of the board shows.
#[derive(Clone, Copy, Debug)]
pub struct Scene<'a> {
    pub game: &'a Game,
    /// The keyboard cursor, once the keyboard is used.
    pub cursor: Option<usize>,
    /// The undrawn line a click would draw now (under the pointer, a human to move).
    pub preview: Option<usize>,
    pub analysis: Option<&'a Outcome>,
}

/// Draws the board.
pub fn draw(p: &mut impl Painter, layout: &Layout, scene: &Scene) {
    let game = scene.game;
    let board = game.board();
    let g = layout.gap;
    let unit = g / 64.0; // strokes and letters grow with the board
    p.fill_rect(0.0, 0.0, layout.width(), layout.height(), palette::PAPER);
    let drawn = game.drawn();
    for b in 0..board.boxes() {
        let (x, y) = layout.dot(b / board.cols, b % board.cols);
        if let Some(owner) = game.box_owner(b) {
            p.fill_rect(x + 3.0, y + 3.0, g - 6.0, g - 6.0, seat_tint(owner));
            p.text(
                x + g / 2.0,
                y + g / 2.0,
                &seat_letter(owner).to_string(),
                g * 0.4,
                Align::Center,
                seat(owner),
            );
        } else if board.sides[b].iter().all(|&l| drawn[l]) {
            // Closed before the game (a position set up with drawn lines): nobody's box.
            p.text(
                x + g / 2.0,
                y + g / 2.0,
                "·",
                g * 0.3,
                Align::Center,
                palette::GREY,
            );
        }
    }
    if let Some(last) = game.moves().last().copied() {
        let ((x0, y0), (x1, y1)) = layout.ends(last);
        p.line(x0, y0, x1, y1, 12.0 * unit, palette::LAST_MOVE);
    }
    for (line, &is_drawn) in drawn.iter().enumerate().take(board.lines()) {
        let ((x0, y0), (x1, y1)) = layout.ends(line);
        match game.drawn_by(line) {
            Some(0) => p.line(x0, y0, x1, y1, 5.0 * unit, seat(0)),
            Some(player) => p.dashed_line(x0, y0, x1, y1, 5.0 * unit, seat(player), 3),
            None if is_drawn => p.line(x0, y0, x1, y1, 4.0 * unit, palette::SOFT_INK),
            None => p.line(x0, y0, x1, y1, 1.0, palette::RULE),
        }
    }
    if let Some(line) = scene
        .preview
        .filter(|&l| !drawn.get(l).copied().unwrap_or(true))
    {
        // What a click draws: the mover's own stroke, pale.
        let ((x0, y0), (x1, y1)) = layout.ends(line);
        let colour = seat_tint(game.current());
        if game.current() == 0 {
            p.line(x0, y0, x1, y1, 5.0 * unit, colour);
        } else {
            p.dashed_line(x0, y0, x1, y1, 5.0 * unit, colour, 3);
        }
    }
    if let Some(outcome) = scene.analysis {
        analysis_marks(p, layout, outcome, unit);
    }
    for r in 0..=board.rows {
        for c in 0..=board.cols {
            let (x, y) = layout.dot(r, c);
            p.disc(x, y, 5.0 * unit.max(0.8), palette::INK);
        }
    }
    if let Some(cursor) = scene.cursor {
        let (mx, my) = layout.middle(cursor);
        p.ring(mx, my, 11.0 * unit.max(0.8), 3.0, palette::FOCUS);
    }
}

/// The analysis' mark on each undrawn line (W / D / L and the margin, or the best line found),
/// on a white patch so the line never strikes it.
fn analysis_marks(p: &mut impl Painter, layout: &Layout, outcome: &Outcome, unit: f64) {
    let mut mark = |line: usize, text: &str, colour| {
        let (mx, my) = layout.middle(line);
        let size = 12.0 * unit.max(0.8);
        // As wide as the label ("W+5"), on a white patch so the line never strikes it.
        let (half_w, half_h) = (
            (text_width(text, size) / 2.0 + 2.0).max(8.0 * unit.max(0.8)),
            8.0 * unit.max(0.8),
        );
        // A label on an edge line stays whole inside the picture, beside its line.
        let mx = mx.clamp(
            half_w + 1.0,
            (layout.width() - half_w - 1.0).max(half_w + 1.0),
        );
        p.fill_rect(
            mx - half_w,
            my - half_h,
            2.0 * half_w,
            2.0 * half_h,
            palette::WHITE,
        );
        p.text(mx, my, text, size, Align::Center, colour);
    };
    match outcome {
        Outcome::Solved { moves, .. } => {
            for &(line, m, margin) in moves {
                let colour = match m {
                    Mark::Wins => palette::WIN,
                    Mark::Draws => palette::DRAW,
                    Mark::Loses => palette::LOSS,
                };
                mark(line, &m.label(margin), colour);
            }
        }
        Outcome::BestFound { line } => mark(*line, "★", palette::WIN),
        Outcome::Over { .. } => {}
    }
}
