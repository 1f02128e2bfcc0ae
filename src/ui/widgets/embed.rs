//! "Embed this": the snippet that puts a game, as it is set up now, in a course page. Shown by an
//! element with `data-offer-embed="on"` (the gallery's games).

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, HtmlTextAreaElement};

use crate::ui::dom;

/// The README's snippet for one game with these data attributes (values escaped for HTML).
pub fn snippet(game: &str, attributes: &[(String, String)]) -> String {
    let escape = |v: &str| {
        v.replace('&', "&amp;")
            .replace('"', "&quot;")
            .replace('<', "&lt;")
    };
    let options: String = attributes
        .iter()
        .map(|(name, value)| format!(" {name}=\"{}\"", escape(value)))
        .collect();
    format!(
        "<script type=\"module\">\n  import init from \"./dist/gamelab.js\";\n  init();   // mounts every element with data-gamelab on the page, and any added later\n</script>\n<div data-gamelab=\"{game}\"{options}></div>\n"
    )
}

/// Adds "Embed this" at the end of `root` when the element asks for it; `current` gives the
/// game's data attributes for its settings at the moment the snippet is opened.
pub fn offer(
    root: &HtmlElement,
    game: &'static str,
    current: impl Fn() -> Vec<(String, String)> + 'static,
) {
    let mut problems = String::new();
    if !dom::switch_attribute(root, "data-offer-embed", &mut problems) {
        return;
    }
    let Some(document) = root.owner_document() else {
        return;
    };
    let make = |tag: &str, parent: &Element| -> Option<Element> {
        let element = document.create_element(tag).ok()?;
        parent.append_child(&element).ok()?;
        Some(element)
    };
    let Some(details) = make("details", root) else {
        return;
    };
    details.set_class_name("gl-embed");
    let Some(summary) = make("summary", &details) else {
        return;
    };
    summary.set_text_content(Some("Embed this"));
    if let Some(hint) = make("p", &details) {
        hint.set_text_content(Some("Paste this into a course page, with dist/ next to it: the game opens with the settings it has now."));
    }
    let Some(area) =
        make("textarea", &details).and_then(|a| a.dyn_into::<HtmlTextAreaElement>().ok())
    else {
        return;
    };
    area.set_read_only(true);
    area.set_rows(6);
    let _ = area.set_attribute("data-field", "embed-snippet");
    let _ = area.set_attribute("aria-label", "The snippet to paste into a course page");
    let _ = area.set_attribute("spellcheck", "false");
    let (opened, target) = (details.clone(), area.clone());
    dom::on::<web_sys::Event>(&details, "toggle", move |_| {
        if opened.has_attribute("open") {
            target.set_value(&snippet(game, &current()));
            target.select();
        }
    });
}

/// `offer` for a game's app: `attributes` reads its current settings when the snippet opens.
pub fn offer_for<T: 'static>(
    root: &HtmlElement,
    game: &'static str,
    app: &Rc<RefCell<T>>,
    attributes: fn(&T) -> Vec<(String, String)>,
) {
    let handle = Rc::downgrade(app);
    offer(root, game, move || {
        handle
            .upgrade()
            .map(|a| attributes(&a.borrow()))
            .unwrap_or_default()
    });
}
