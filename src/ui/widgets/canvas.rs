//! `Painter` on a 2D canvas context.

use std::f64::consts::TAU;
use web_sys::CanvasRenderingContext2d;

use crate::draw::{Align, Painter, Rgb};
use crate::ui::dom;

pub struct CanvasPainter {
    ctx: CanvasRenderingContext2d,
}

impl CanvasPainter {
    pub fn new(canvas: &web_sys::HtmlCanvasElement) -> Option<CanvasPainter> {
        use wasm_bindgen::JsCast;
        let ctx = canvas
            .get_context("2d")
            .ok()??
            .dyn_into::<CanvasRenderingContext2d>()
            .ok()?;
        Some(CanvasPainter { ctx })
    }

    /// A painter for a picture of `width` × `height` CSS pixels drawn sharp: the canvas holds
    /// device pixels (a phone's 2 or 3 per CSS pixel) and is shown at the CSS size, so nothing
    /// is stretched. Drawing coordinates stay CSS pixels.
    pub fn sharp(
        canvas: &web_sys::HtmlCanvasElement,
        width: f64,
        height: f64,
    ) -> Option<CanvasPainter> {
        CanvasPainter::zoomed(canvas, width, height, 1.0)
    }

    /// `sharp`, shown `zoom` times its size and drawn at that size (not stretched), as far as
    /// a canvas's pixels allow: past about 16 million, sharpness gives way, not the size shown.
    pub fn zoomed(
        canvas: &web_sys::HtmlCanvasElement,
        width: f64,
        height: f64,
        zoom: f64,
    ) -> Option<CanvasPainter> {
        let device = web_sys::window()
            .map(|w| w.device_pixel_ratio())
            .filter(|r| r.is_finite() && *r > 0.0)
            .unwrap_or(1.0)
            .clamp(1.0, 4.0);
        // Canvas pixels a CSS pixel of the picture: the screen's and the zoom's, within what a
        // browser's canvas takes.
        let most = (16_000_000.0 / (width * height).max(1.0)).sqrt();
        let ratio = (device * zoom).min(most);
        let shown_w = width * zoom;
        let (device_w, device_h) = (
            (width * ratio).round().max(1.0) as u32,
            (height * ratio).round().max(1.0) as u32,
        );
        if canvas.width() != device_w || canvas.height() != device_h {
            canvas.set_width(device_w);
            canvas.set_height(device_h);
        }
        let style = canvas.style();
        dom::best_effort(style.set_property("width", &format!("{}px", shown_w.round())));
        let painter = CanvasPainter::new(canvas)?;
        dom::best_effort(painter.ctx.set_transform(
            device_w as f64 / width.max(1.0),
            0.0,
            0.0,
            device_h as f64 / height.max(1.0),
            0.0,
            0.0,
        ));
        Some(painter)
    }
}

impl Painter for CanvasPainter {
    fn fill_rect(&mut self, x: f64, y: f64, w: f64, h: f64, color: Rgb) {
        self.ctx.set_fill_style_str(&color.css());
        self.ctx.fill_rect(x, y, w, h);
    }

    fn line(&mut self, x0: f64, y0: f64, x1: f64, y1: f64, width: f64, color: Rgb) {
        self.ctx.set_stroke_style_str(&color.css());
        self.ctx.set_line_width(width);
        self.ctx.begin_path();
        self.ctx.move_to(x0, y0);
        self.ctx.line_to(x1, y1);
        self.ctx.stroke();
    }

    fn disc(&mut self, cx: f64, cy: f64, r: f64, color: Rgb) {
        self.ctx.set_fill_style_str(&color.css());
        self.ctx.begin_path();
        dom::best_effort(self.ctx.arc(cx, cy, r.max(0.0), 0.0, TAU));
        self.ctx.fill();
    }

    fn ring(&mut self, cx: f64, cy: f64, r: f64, width: f64, color: Rgb) {
        self.ctx.set_stroke_style_str(&color.css());
        self.ctx.set_line_width(width);
        self.ctx.begin_path();
        dom::best_effort(self.ctx.arc(cx, cy, r.max(0.0), 0.0, TAU));
        self.ctx.stroke();
    }

    fn text(&mut self, x: f64, y: f64, text: &str, size: f64, align: Align, color: Rgb) {
        self.ctx.set_fill_style_str(&color.css());
        self.ctx
            .set_font(&format!("{}px system-ui, sans-serif", size.round()));
        self.ctx.set_text_baseline("middle");
        self.ctx.set_text_align(match align {
            Align::Left => "left",
            Align::Center => "center",
            Align::Right => "right",
        });
        dom::best_effort(self.ctx.fill_text(text, x, y));
    }

    fn text_upright(&mut self, x: f64, y: f64, text: &str, size: f64, color: Rgb) {
        self.ctx.save();
        dom::best_effort(self.ctx.translate(x, y));
        dom::best_effort(self.ctx.rotate(-TAU / 4.0));
        self.text(0.0, 0.0, text, size, Align::Left, color);
        self.ctx.restore();
    }
}

/// A pointer event's place on a picture, in the picture's CSS pixels.
pub fn point_in(canvas: &web_sys::HtmlCanvasElement, event: &web_sys::MouseEvent) -> (f64, f64) {
    let rect = canvas.get_bounding_client_rect();
    let shown = rect.width().max(1.0);
    // The canvas may be shown narrower than drawn (max-width): scale back to drawing pixels.
    let drawn = canvas
        .style()
        .get_property_value("width")
        .ok()
        .and_then(|w| w.trim_end_matches("px").parse::<f64>().ok())
        .unwrap_or(shown);
    let scale = drawn / shown;
    (
        (event.client_x() as f64 - rect.left()) * scale,
        (event.client_y() as f64 - rect.top()) * scale,
    )
}
