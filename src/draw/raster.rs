//! An in-memory RGB image implementing `Painter`: what the TGA and PNG exports are made from.

use super::font;
use super::{Align, Painter, Rgb};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Raster {
    width: u32,
    height: u32,
    pixels: Vec<Rgb>,
}

impl Raster {
    /// A white image. Sizes are clamped to 1..=65535 (what TGA can hold).
    pub fn new(width: u32, height: u32) -> Raster {
        let width = width.clamp(1, 65535);
        let height = height.clamp(1, 65535);
        Raster {
            width,
            height,
            pixels: vec![Rgb::WHITE; (width * height) as usize],
        }
    }

    pub fn from_pixels(width: u32, height: u32, pixels: Vec<Rgb>) -> Option<Raster> {
        (width >= 1 && height >= 1 && pixels.len() == (width as usize) * (height as usize))
            .then_some(Raster {
                width,
                height,
                pixels,
            })
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn height(&self) -> u32 {
        self.height
    }

    pub fn pixel(&self, x: u32, y: u32) -> Option<Rgb> {
        (x < self.width && y < self.height).then(|| self.pixels[(y * self.width + x) as usize])
    }

    /// Rows from the top, pixels from the left.
    pub fn pixels(&self) -> &[Rgb] {
        &self.pixels
    }

    pub fn set(&mut self, x: i64, y: i64, color: Rgb) {
        if x >= 0 && y >= 0 && (x as u32) < self.width && (y as u32) < self.height {
            self.pixels[(y as u32 * self.width + x as u32) as usize] = color;
        }
    }

    /// Calls `inside` for every pixel centre in the box and paints the ones it accepts.
    fn paint_where(
        &mut self,
        x0: f64,
        y0: f64,
        x1: f64,
        y1: f64,
        color: Rgb,
        inside: impl Fn(f64, f64) -> bool,
    ) {
        let xs = x0.floor().max(0.0) as i64;
        let ys = y0.floor().max(0.0) as i64;
        let xe = x1.ceil().min(self.width as f64) as i64;
        let ye = y1.ceil().min(self.height as f64) as i64;
        for y in ys..ye {
            for x in xs..xe {
                if inside(x as f64 + 0.5, y as f64 + 0.5) {
                    self.set(x, y, color);
                }
            }
        }
    }
}

impl Painter for Raster {
    fn fill_rect(&mut self, x: f64, y: f64, w: f64, h: f64, color: Rgb) {
        self.paint_where(x, y, x + w, y + h, color, |_, _| true);
    }

    fn line(&mut self, x0: f64, y0: f64, x1: f64, y1: f64, width: f64, color: Rgb) {
        let half = (width / 2.0).max(0.5);
        let (dx, dy) = (x1 - x0, y1 - y0);
        let length2 = dx * dx + dy * dy;
        self.paint_where(
            x0.min(x1) - half,
            y0.min(y1) - half,
            x0.max(x1) + half,
            y0.max(y1) + half,
            color,
            |px, py| {
                let t = if length2 == 0.0 {
                    0.0
                } else {
                    (((px - x0) * dx + (py - y0) * dy) / length2).clamp(0.0, 1.0)
                };
                let (ex, ey) = (px - (x0 + t * dx), py - (y0 + t * dy));
                ex * ex + ey * ey <= half * half
            },
        );
    }

    fn disc(&mut self, cx: f64, cy: f64, r: f64, color: Rgb) {
        self.paint_where(cx - r, cy - r, cx + r, cy + r, color, |px, py| {
            (px - cx).powi(2) + (py - cy).powi(2) <= r * r
        });
    }

    fn ring(&mut self, cx: f64, cy: f64, r: f64, width: f64, color: Rgb) {
        let half = (width / 2.0).max(0.5);
        let (inner, outer) = ((r - half).max(0.0), r + half);
        self.paint_where(
            cx - outer,
            cy - outer,
            cx + outer,
            cy + outer,
            color,
            |px, py| {
                let d2 = (px - cx).powi(2) + (py - cy).powi(2);
                d2 >= inner * inner && d2 <= outer * outer
            },
        );
    }

    fn text_upright(&mut self, x: f64, y: f64, text: &str, size: f64, color: Rgb) {
        let scale = (size / font::HEIGHT as f64).round().max(1.0) as i64;
        // Along the text u runs upwards from y; across it v runs rightwards, centred on x.
        let (bottom, left) = (y as i64, x as i64 - (font::HEIGHT as i64 * scale) / 2);
        for (k, c) in text.chars().enumerate() {
            let along = k as i64 * font::ADVANCE as i64 * scale;
            for (row, bits) in font::glyph(c).iter().enumerate() {
                for col in 0..font::WIDTH {
                    if bits & (1 << (font::WIDTH - 1 - col)) == 0 {
                        continue;
                    }
                    for su in 0..scale {
                        for sv in 0..scale {
                            let u = along + col as i64 * scale + su;
                            let v = row as i64 * scale + sv;
                            self.set(left + v, bottom - u, color);
                        }
                    }
                }
            }
        }
    }

    fn text(&mut self, x: f64, y: f64, text: &str, size: f64, align: Align, color: Rgb) {
        let scale = (size / font::HEIGHT as f64).round().max(1.0) as i64;
        let width = font::text_width(text) as i64 * scale;
        let left = match align {
            Align::Left => x as i64,
            Align::Center => x as i64 - width / 2,
            Align::Right => x as i64 - width,
        };
        let top = y as i64 - (font::HEIGHT as i64 * scale) / 2;
        for (k, c) in text.chars().enumerate() {
            let glyph = font::glyph(c);
            let gx = left + k as i64 * font::ADVANCE as i64 * scale;
            for (row, bits) in glyph.iter().enumerate() {
                for col in 0..font::WIDTH {
                    if bits & (1 << (font::WIDTH - 1 - col)) != 0 {
                        for sy in 0..scale {
                            for sx in 0..scale {
                                self.set(
                                    gx + col as i64 * scale + sx,
                                    top + row as i64 * scale + sy,
                                    color,
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}
