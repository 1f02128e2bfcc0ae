//! "Embed this": what puts a game, as it is set up now, in a course page, in three forms. First
//! an iframe of the play page (the only thing Canvas's sanitizer and most Moodle text fields
//! keep), then the script module and its element (for pages that keep scripts, with `dist/`
//! beside them), then a plain link. Shown by an element with `data-offer-embed="on"` (the
//! gallery's games and the play page).

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, HtmlTextAreaElement};

use crate::embedding::{iframe, play_url, snippet};
use crate::ui::dom;

/// The narrowest frame a game is made for, and the widest worth asking a course page for.
const FRAME_WIDTH: (f64, f64) = (320.0, 960.0);
/// The play page's own lines around the game (the "open in a new tab" link, margins).
const PLAY_PAGE_CHROME: f64 = 48.0;

/// A frame size that fits `root`'s game as laid out now, leaving out the Embed this panel.
fn frame_size(root: &HtmlElement, panel: &Element) -> (u32, u32) {
    let outer = root.get_bounding_client_rect();
    let mut right = outer.left();
    let mut bottom = outer.top();
    let children = root.children();
    for i in 0..children.length() {
        let Some(child) = children.item(i) else {
            continue;
        };
        if child == *panel {
            continue;
        }
        let rect = child.get_bounding_client_rect();
        if rect.width() > 0.0 || rect.height() > 0.0 {
            right = right.max(rect.right());
            bottom = bottom.max(rect.bottom());
        }
    }
    let width = (right - outer.left() + 24.0).clamp(FRAME_WIDTH.0, FRAME_WIDTH.1);
    let height = (bottom - outer.top()).max(200.0) + PLAY_PAGE_CHROME;
    (width.ceil() as u32, height.ceil() as u32)
}

/// The site's root: where `gamelab.js` is served (a game's own module lives in `games/`).
pub fn site_root() -> String {
    let module = dom::module_url();
    let folder = match module.rfind('/') {
        Some(i) => &module[..=i],
        None => return String::new(),
    };
    folder.strip_suffix("games/").unwrap_or(folder).to_string()
}

/// One labelled, read-only text to copy, with its `data-field` for tests.
fn copy_box(details: &Element, label: &str, field: &str, rows: u32) -> Option<HtmlTextAreaElement> {
    let document = details.owner_document()?;
    let hint = document.create_element("p").ok()?;
    hint.set_text_content(Some(label));
    details.append_child(&hint).ok()?;
    let area: HtmlTextAreaElement = document.create_element("textarea").ok()?.dyn_into().ok()?;
    area.set_read_only(true);
    area.set_rows(rows);
    let _ = area.set_attribute("data-field", field);
    let _ = area.set_attribute("aria-label", label);
    let _ = area.set_attribute("spellcheck", "false");
    details.append_child(&area).ok()?;
    Some(area)
}

/// Adds "Embed this" at the end of `root` when the element asks for it; `current` gives the
/// game's data attributes for its settings at the moment the panel is opened.
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
    let Ok(details) = document.create_element("details") else {
        return;
    };
    details.set_class_name("gl-embed");
    if root.append_child(&details).is_err() {
        return;
    }
    let Ok(summary) = document.create_element("summary") else {
        return;
    };
    summary.set_text_content(Some("Embed this"));
    let _ = details.append_child(&summary);
    let boxes = (
        copy_box(
            &details,
            "For Canvas, Moodle and most course platforms, paste this frame into the page's HTML:",
            "embed-frame",
            4,
        ),
        copy_box(
            &details,
            "For a page that keeps scripts (a Moodle Page, Open edX, your own site), with dist/ next to it:",
            "embed-snippet",
            6,
        ),
        copy_box(&details, "Or link to the game:", "embed-link", 2),
    );
    let (Some(frame_box), Some(script_box), Some(link_box)) = boxes else {
        return;
    };
    let (opened, root) = (details.clone(), root.clone());
    dom::on::<web_sys::Event>(&details, "toggle", move |_| {
        if !opened.has_attribute("open") {
            return;
        }
        let attributes = current();
        let url = play_url(&site_root(), game, &attributes);
        frame_box.set_value(&iframe(&url, game, frame_size(&root, &opened)));
        script_box.set_value(&snippet(game, &attributes));
        link_box.set_value(&url);
        frame_box.select();
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
