//! One small drawing interface, drawn either on a browser canvas (`ui`) or into an in-memory
//! raster (`raster`) that becomes a TGA or PNG file without a browser.

pub mod ade;
pub mod bazaar;
pub mod chain_reaction;
pub mod dots_boxes;
mod font;
pub mod palette;
pub mod png;
pub mod raster;
pub mod sprouts;
pub mod sprouts_board;
pub mod tga;

/// An opaque RGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    pub const WHITE: Rgb = Rgb(255, 255, 255);
    pub const BLACK: Rgb = Rgb(0, 0, 0);

    /// `#rrggbb`, for the canvas.
    pub fn css(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// About how wide `text` is at `size` pixels: 0.6 of the size a character, what the canvas's
/// sans-serif and the raster's 5×7 font (6 pixels a character at 10 px) both stay within.
pub fn text_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * size * 0.6
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Center,
    Right,
}

/// What every picture in gamelab is drawn with. Coordinates are pixels, y grows downwards.
pub trait Painter {
    fn fill_rect(&mut self, x: f64, y: f64, w: f64, h: f64, color: Rgb);
    fn line(&mut self, x0: f64, y0: f64, x1: f64, y1: f64, width: f64, color: Rgb);
    fn disc(&mut self, cx: f64, cy: f64, r: f64, color: Rgb);
    /// A circle outline of radius `r` and stroke `width`.
    fn ring(&mut self, cx: f64, cy: f64, r: f64, width: f64, color: Rgb);
    /// Text whose vertical middle is at `y`; `size` is the glyph height in pixels.
    fn text(&mut self, x: f64, y: f64, text: &str, size: f64, align: Align, color: Rgb);
    /// Text read upwards (turned a quarter left): it starts at `y` and runs up, centred on `x`.
    fn text_upright(&mut self, x: f64, y: f64, text: &str, size: f64, color: Rgb);

    /// A line in `dashes` dashes (each half of its share): Dots and Boxes' player B, outlines.
    #[allow(clippy::too_many_arguments)]
    fn dashed_line(
        &mut self,
        x0: f64,
        y0: f64,
        x1: f64,
        y1: f64,
        width: f64,
        color: Rgb,
        dashes: usize,
    ) {
        let dashes = dashes.max(1);
        for k in 0..dashes {
            let t0 = k as f64 / dashes as f64;
            let t1 = t0 + 0.5 / dashes as f64;
            self.line(
                x0 + (x1 - x0) * t0,
                y0 + (y1 - y0) * t0,
                x0 + (x1 - x0) * t1,
                y0 + (y1 - y0) * t1,
                width,
                color,
            );
        }
    }
}
