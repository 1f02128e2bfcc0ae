//! Helpers of the ADE applet's browser tests: its status, tracing area, dialogs, clicks on its
//! picture and keys.

use wasm_bindgen::JsCast;
use web_sys::{HtmlCanvasElement, HtmlElement, HtmlInputElement, HtmlSelectElement};

use gamelab::draw::ade::GraphLayout;
use gamelab::engine::ade::Diagram;

use super::{click, find, sleep};

/// The page address's fragment, decoded.
pub fn address_hash() -> String {
    let hash = web_sys::window().unwrap().location().hash().unwrap();
    js_sys::decode_uri_component(&hash)
        .unwrap()
        .as_string()
        .unwrap()
}

pub fn is_disabled(root: &HtmlElement, action: &str) -> bool {
    find(root, &format!("button[data-action='{action}']")).has_attribute("disabled")
}

pub fn status(root: &HtmlElement) -> String {
    find(root, ".gl-status").text_content().unwrap_or_default()
}

pub fn trace(root: &HtmlElement) -> Vec<String> {
    let items = root.query_selector_all(".gl-trace .gl-trace-line").unwrap();
    (0..items.length())
        .map(|i| items.item(i).unwrap().text_content().unwrap())
        .collect()
}

pub fn dialog_open(root: &HtmlElement, name: &str) -> bool {
    !find(root, &format!("[data-dialog='{name}']")).hidden()
}

pub fn bar_visible(root: &HtmlElement, mode: &str) -> bool {
    !find(root, &format!(".gl-buttonbar[data-mode='{mode}']")).hidden()
}

pub fn load(root: &HtmlElement, family: &str, degree: &str) {
    click(root, "load");
    assert!(dialog_open(root, "load"));
    let select: HtmlSelectElement = find(root, "[data-dialog='load'] select").unchecked_into();
    select.set_value(family);
    let input: HtmlInputElement = find(root, "[data-dialog='load'] input").unchecked_into();
    input.set_value(degree);
    click(root, "load-ok");
}

/// Clicks the canvas at the centre of `node` with a real mouse event.
pub fn click_node(root: &HtmlElement, graph: &Diagram, node: usize) {
    let canvas: HtmlCanvasElement = find(root, ".gl-canvas").unchecked_into();
    let rect = canvas.get_bounding_client_rect();
    // The picture is drawn at the size it is shown (CSS pixels).
    let layout = GraphLayout::new(graph, rect.width(), rect.height());
    let (x, y) = layout.centres[node];
    let init = web_sys::MouseEventInit::new();
    init.set_bubbles(true);
    init.set_client_x((rect.left() + x).round() as i32);
    init.set_client_y((rect.top() + y).round() as i32);
    let event = web_sys::MouseEvent::new_with_mouse_event_init_dict("click", &init).unwrap();
    canvas.dispatch_event(&event).unwrap();
}

pub fn set_value(root: &HtmlElement, text: &str) {
    let input: HtmlInputElement = find(root, "[data-dialog='value'] input").unchecked_into();
    input.set_value(text);
    click(root, "value-ok");
}

pub fn key(root: &HtmlElement, key: &str) {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key(key);
    init.set_bubbles(true);
    let event =
        web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    root.dispatch_event(&event).unwrap();
}

/// Fires the `change` event a user's choice in a select would fire.
pub fn changed(element: &web_sys::Element) {
    super::fire(element, "change");
}

pub fn mount(attributes: &[(&str, &str)]) -> HtmlElement {
    super::mount("ade", attributes)
}

/// Waits (in page time, yielding to the event loop) until the status mentions `needle`.
pub async fn wait_for_status(root: &HtmlElement, needle: &str) {
    for _ in 0..600 {
        if status(root).contains(needle) {
            return;
        }
        sleep(20).await;
    }
    panic!("status never said '{needle}': {}", status(root));
}

pub fn pixel(canvas: &HtmlCanvasElement, x: f64, y: f64) -> [u8; 3] {
    let ctx: web_sys::CanvasRenderingContext2d =
        canvas.get_context("2d").unwrap().unwrap().unchecked_into();
    let data = ctx
        .get_image_data(x.round(), y.round(), 1.0, 1.0)
        .unwrap()
        .data();
    [data[0], data[1], data[2]]
}

/// The note naming the options that were not used.
pub fn note(root: &HtmlElement) -> String {
    root.query_selector(".gl-attribute-note")
        .unwrap()
        .and_then(|n| n.text_content())
        .unwrap_or_default()
}

/// Waits until the layers a link or `data-layers` asked for have been fired (in slices).
pub async fn settled(root: &HtmlElement) {
    for _ in 0..500 {
        if root.get_attribute("data-state").as_deref() == Some("idle") {
            return;
        }
        sleep(10).await;
    }
    panic!("still firing: {}", status(root));
}
