//! Helpers the Bazaar browser tests share: texts, the log, setting a control, waiting for
//! the table.

use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};

use super::{click, find, fire, sleep};

pub fn text(root: &HtmlElement, selector: &str) -> String {
    find(root, selector).text_content().unwrap_or_default()
}

pub fn log(root: &HtmlElement) -> Vec<String> {
    let items = root.query_selector_all(".gl-history li").unwrap();
    (0..items.length())
        .map(|i| items.item(i).unwrap().text_content().unwrap())
        .collect()
}

pub fn set(root: &HtmlElement, selector: &str, value: &str) {
    let element = find(root, selector);
    if let Some(select) = element.dyn_ref::<HtmlSelectElement>() {
        select.set_value(value);
    } else if let Some(area) = element.dyn_ref::<HtmlTextAreaElement>() {
        area.set_value(value);
    } else {
        element.unchecked_ref::<HtmlInputElement>().set_value(value);
    }
    fire(&element, "change");
}

pub async fn wait_for(root: &HtmlElement, what: &str, ready: impl Fn(&HtmlElement) -> bool) {
    for _ in 0..1500 {
        if ready(root) {
            return;
        }
        sleep(10).await;
    }
    panic!(
        "waited 15 s for {what}: {} / {} / {:?} / {}",
        text(root, ".gl-status"),
        text(root, ".gl-bazaar-exchange"),
        log(root),
        text(root, ".gl-bazaar-human")
    );
}

pub fn state(root: &HtmlElement) -> String {
    root.get_attribute("data-state").unwrap_or_default()
}

/// A table of these seats from this seed, played at full speed to the end.
pub async fn played_to_the_end(attributes: &[(&str, &str)]) -> HtmlElement {
    let root = super::mount("bazaar", attributes);
    set(&root, "[data-field='speed']", "0");
    click(&root, "play");
    wait_for(&root, "the end", |r| state(r) == "over").await;
    root
}
