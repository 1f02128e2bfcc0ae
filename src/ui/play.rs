//! The play page (`play.html?game=dots-and-boxes&rows=3&cols=3`): one game filling its frame,
//! set up by the address. `play.js` loads the module of the game the address names; this part
//! of that module turns the query into the game's element (each option becomes the game's
//! `data-` attribute of the same name), mounts it, and names what the query held that was not
//! used. Share links and "Embed this" on the play page point at the play page.

use wasm_bindgen::JsCast;
use web_sys::HtmlElement;

use crate::embedding::read_query;
use crate::ui::dom;

/// The play page's stage: the element the game goes into.
const STAGE: &str = "[data-gamelab-play]:not([data-gamelab-play-ready])";

/// On a play page, puts the game its address asks for on the stage and mounts it; elsewhere
/// does nothing.
pub fn set_up() {
    let Some(document) = dom::document() else {
        return;
    };
    let Some(stage) = document
        .query_selector(STAGE)
        .ok()
        .flatten()
        .and_then(|s| s.dyn_into::<HtmlElement>().ok())
    else {
        return;
    };
    let query = dom::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default();
    let request = read_query(&query);
    let Some(game) = request.game else {
        dom::best_effort(stage.set_attribute("data-gamelab-play-ready", ""));
        dom::attribute_note(&stage, &request.problems.join(" "));
        return;
    };
    if !crate::ui::carries(game) {
        return; // the module of that game sets it up
    }
    dom::best_effort(stage.set_attribute("data-gamelab-play-ready", ""));
    let Ok(element) = document.create_element("div") else {
        return;
    };
    dom::best_effort(element.set_attribute("data-gamelab", game));
    dom::best_effort(element.set_attribute("data-offer-embed", "on"));
    for (name, value) in &request.attributes {
        dom::best_effort(element.set_attribute(name, value));
    }
    let Ok(element) = element.dyn_into::<HtmlElement>() else {
        return;
    };
    dom::best_effort(stage.append_child(&element));
    crate::ui::mount(&element);
    dom::attribute_note(&element, &request.problems.join(" "));
    keep_open_link_current(&document);
}

/// The "Open in a new tab" link follows the address as the game writes its share link into it.
fn keep_open_link_current(document: &web_sys::Document) {
    let Some(link) = document
        .query_selector("a[data-play-open]")
        .ok()
        .flatten()
        .and_then(|l| l.dyn_into::<web_sys::HtmlAnchorElement>().ok())
    else {
        return;
    };
    let refresh = {
        let link = link.clone();
        move || {
            if let Some(href) = dom::window().and_then(|w| w.location().href().ok()) {
                link.set_href(&href);
            }
        }
    };
    refresh();
    for event in ["pointerdown", "focus", "click"] {
        let refresh = refresh.clone();
        dom::on::<web_sys::Event>(&link, event, move |_| refresh());
    }
}
