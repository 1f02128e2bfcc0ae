//! "Embed this": what puts a game, as it is set up now, in a course page, in four forms. First
//! an iframe of the play page (the only thing Canvas's sanitizer and most Moodle text fields
//! keep), then the script module and its element (for pages that keep scripts, with `dist/`
//! beside them), then a plain link, and last a SCORM package to download (`package`). Shown by
//! an element with `data-offer-embed="on"` (the gallery's games and the play page).

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, HtmlTextAreaElement};

use crate::embedding::{iframe, play_url, snippet, title};
use crate::ui::dom;
use crate::ui::widgets::package;

/// The narrowest frame a game is made for, and the widest the play page in a frame lets a game
/// be (a course page's column is rarely wider; the games reflow to any width from the narrowest).
pub const FRAME_WIDTH: (f64, f64) = (320.0, 720.0);
/// The play page's padding on each side of the game, and its lines below it (the "Open in a
/// new tab" link, with room for a status line that wraps once more).
const PLAY_PAGE_PADDING: f64 = 8.0;
const PLAY_PAGE_FOOTER: f64 = 48.0;
/// Room for what a measure of the game here misses in the play page: a canvas a game sizes to
/// its width only after a resize (Bazaar's table, Chain Reaction's board) grows by up to 4 %,
/// and Chain Reaction's bar, with Analysis and Hint, wraps once more (its frame came 1.3 % short
/// at 1.05).
const GROWTH: f64 = 1.08;

/// Sets inline style properties for as long as `measure` runs, then puts back what was there.
fn with_style(element: &HtmlElement, set: &[(&str, &str)], measure: impl FnOnce() -> f64) -> f64 {
    let style = element.style();
    let kept: Vec<(&str, String)> = set
        .iter()
        .map(|&(p, _)| (p, style.get_property_value(p).unwrap_or_default()))
        .collect();
    for &(property, value) in set {
        dom::best_effort(style.set_property(property, value));
    }
    let measured = measure();
    for (property, value) in kept {
        dom::best_effort(if value.is_empty() {
            style.remove_property(property).map(|_| ())
        } else {
            style.set_property(property, &value)
        });
    }
    measured
}

/// A frame height that fits `root`'s game: as tall as the game lays out without the Embed this
/// panel at its width now within `FRAME_WIDTH` (the widest the play page lets it be; both set
/// for a moment, within this task: nothing is painted in between), plus the play page's own
/// margins. The frame takes its column's width.
fn frame_height(root: &HtmlElement, panel: &HtmlElement) -> u32 {
    let width = (root.get_bounding_client_rect().width() + 2.0 * PLAY_PAGE_PADDING)
        .clamp(FRAME_WIDTH.0, FRAME_WIDTH.1);
    let inner = format!("{}px", width - 2.0 * PLAY_PAGE_PADDING);
    let game = with_style(
        root,
        &[("box-sizing", "border-box"), ("width", &inner)],
        || {
            with_style(panel, &[("display", "none")], || {
                root.get_bounding_client_rect().height()
            })
        },
    );
    let height = game * GROWTH + 2.0 * PLAY_PAGE_PADDING + PLAY_PAGE_FOOTER;
    height.ceil() as u32
}

/// The site's root: where `gamelab.js` (every game's module) is served, and the folder above a
/// game's own module (which the site build puts in `games/`).
pub fn site_root() -> String {
    let module = dom::module_url();
    let folder = match module.rfind('/') {
        Some(i) => &module[..=i],
        None => return String::new(),
    };
    if cfg!(feature = "all-games") {
        return folder.to_string();
    }
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
    dom::best_effort(area.set_attribute("data-field", field));
    dom::best_effort(area.set_attribute("aria-label", label));
    dom::best_effort(area.set_attribute("spellcheck", "false"));
    details.append_child(&area).ok()?;
    Some(area)
}

/// Adds "Embed this" at the end of `root` (the shell does when the element's `offer-embed` option
/// asks for it); `current` gives the game's data attributes for its settings at the moment the
/// panel is opened.
pub fn offer(
    root: &HtmlElement,
    game: &'static str,
    current: impl Fn() -> Vec<(String, String)> + 'static,
) {
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
    dom::best_effort(details.append_child(&summary));
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
    let current: package::Current = Rc::new(current);
    let package = package::offer(&details, game, Rc::clone(&current));
    let Ok(panel) = details.clone().dyn_into::<HtmlElement>() else {
        return;
    };
    let (opened, root) = (details.clone(), root.clone());
    dom::on::<web_sys::Event>(&details, "toggle", move |_| {
        if !opened.has_attribute("open") {
            return;
        }
        let mut attributes = current();
        // The theme the element was given (checked when it was mounted) goes with it.
        if let Some(theme) = root.get_attribute("data-theme") {
            attributes.push(("data-theme".to_string(), theme));
        }
        let url = play_url(&site_root(), game, &attributes);
        let title = title(game, &attributes);
        frame_box.set_value(&iframe(&url, title, frame_height(&root, &panel)));
        script_box.set_value(&snippet(game, &attributes));
        link_box.set_value(&url);
        package.refresh();
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
