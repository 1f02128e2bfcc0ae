//! Helpers the Glop (Sprouts) browser tests share: one Glop element alone on the page, its
//! fields, waiting for its status, loading files, a reload.

use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, HtmlInputElement};

use super::{click, find, sleep};

pub async fn forget_kept_base() {
    gamelab::ui::widgets::keep::forget("gamelab-sprouts-main-base");
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    storage
        .remove_item("gamelab-sprouts-main-base-parameters")
        .unwrap();
    sleep(60).await;
}

/// A Glop element, alone on the page as after a reload (the ones before it are taken away), with
/// the page's confirmations answered yes.
pub fn mount(attributes: &[(&str, &str)]) -> HtmlElement {
    let old = super::document()
        .query_selector_all("[data-gamelab='sprouts']")
        .unwrap();
    for i in 0..old.length() {
        if let Some(element) = old
            .item(i)
            .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
        {
            element.remove(); // its work stops with it
        }
    }
    super::accept_confirmations();
    super::mount("sprouts", attributes)
}

pub fn text(root: &HtmlElement, selector: &str) -> String {
    find(root, selector).text_content().unwrap_or_default()
}

pub fn field(root: &HtmlElement, name: &str) -> HtmlInputElement {
    find(root, &format!("[data-field='{name}']")).unchecked_into()
}

/// Types into a field: sets the value and sends the `input` event a keyboard would.
pub fn type_into(root: &HtmlElement, name: &str, value: &str) {
    let input = field(root, name);
    input.set_value(value);
    super::fire(&input, "input");
}

pub fn base_count(root: &HtmlElement) -> usize {
    let info = text(root, ".gl-base-info");
    info.split_whitespace()
        .nth(2)
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{info}"))
}

pub async fn wait_for(root: &HtmlElement, selector: &str, needle: &str) {
    for _ in 0..2400 {
        if text(root, selector).contains(needle) {
            return;
        }
        sleep(25).await;
    }
    panic!(
        "'{needle}' never appeared in {selector}: {}",
        text(root, selector)
    );
}

/// Waits until the computation has its result.
pub async fn wait_done(root: &HtmlElement) {
    for _ in 0..2400 {
        if root.get_attribute("data-state").as_deref() == Some("done") {
            return;
        }
        sleep(25).await;
    }
    panic!("not done: {}", text(root, ".gl-status"));
}

pub async fn compute(root: &HtmlElement, spots: &str) {
    type_into(root, "spots", spots);
    click(root, "compute");
    wait_for(
        root,
        ".gl-tab-panel[data-tab='compute'] .gl-status",
        "expansions",
    )
    .await;
    wait_done(root).await;
}

/// A reload: a new Glop element alone on the page, once it has restored the kept base.
pub async fn reload() -> HtmlElement {
    let again = mount(&[]);
    wait_for(
        &again,
        "[data-tab='database'] .gl-status",
        "restored from this browser",
    )
    .await;
    again
}

/// Loads files through the page's file input, as a user picking them would.
pub async fn load_files(root: &HtmlElement, files: &[(&str, &str)]) {
    let transfer = web_sys::DataTransfer::new().unwrap();
    for (name, content) in files {
        let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(content));
        let file = web_sys::File::new_with_str_sequence(&parts, name).unwrap();
        transfer.items().add_with_file(&file).unwrap();
    }
    let input = field(root, "files");
    input.set_files(transfer.files().as_ref());
    super::fire(&input, "change");
    sleep(100).await;
}

/// Empties the main base: the page asks first when it holds couples, and is answered yes.
pub fn clear_base(root: &HtmlElement) {
    super::click(root, "clear-base");
    if !find(root, ".gl-confirm").hidden() {
        super::answer(root, true);
    }
}
