//! "How to play": the same folded section on every game, a few lines of rules and small pictures
//! drawn by the game's own drawing code (so the rules look like the board they explain).

use web_sys::{Element, HtmlCanvasElement, HtmlElement};

use crate::ui::dom::{self, child};
use crate::ui::widgets::canvas::CanvasPainter;

/// A folded "How to play" section at the end of `parent`, with these paragraphs.
pub fn section(parent: &Element, paragraphs: &[&str]) -> HtmlElement {
    let rules = child(parent, "details", "gl-rules");
    child(&rules, "summary", "").set_text_content(Some("How to play"));
    for text in paragraphs {
        child(&rules, "p", "").set_text_content(Some(text));
    }
    rules
}

/// A picture of `width` × `height` CSS pixels in the section, with its caption, which also
/// names it for screen readers (the picture is the caption's illustration, not the only telling).
pub fn picture(
    rules: &HtmlElement,
    (width, height): (f64, f64),
    caption: &str,
    draw: impl FnOnce(&mut CanvasPainter),
) {
    let row = match rules
        .query_selector(":scope > .gl-rules-pictures")
        .ok()
        .flatten()
    {
        Some(row) => row,
        None => child(rules, "div", "gl-rules-pictures").into(),
    };
    let figure = child(&row, "figure", "");
    let canvas: HtmlCanvasElement =
        wasm_bindgen::JsCast::unchecked_into(child(&figure, "canvas", ""));
    dom::best_effort(canvas.set_attribute("role", "img"));
    dom::best_effort(canvas.set_attribute("aria-label", caption));
    child(&figure, "figcaption", "").set_text_content(Some(caption));
    if let Some(mut painter) = CanvasPainter::sharp(&canvas, width, height) {
        draw(&mut painter);
    }
}
