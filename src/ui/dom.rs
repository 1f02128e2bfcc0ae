//! Small helpers for building the page from Rust.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlElement};

#[wasm_bindgen]
extern "C" {
    type ImportMeta;
    #[wasm_bindgen(thread_local_v2, js_namespace = import, js_name = meta)]
    static IMPORT_META: ImportMeta;
    #[wasm_bindgen(method, getter)]
    fn url(this: &ImportMeta) -> String;
}

/// The URL of this module's own JavaScript (`gamelab.js`, or `games/<game>.js`).
pub fn module_url() -> String {
    IMPORT_META.with(ImportMeta::url)
}

pub fn window() -> Option<web_sys::Window> {
    web_sys::window()
}

pub fn document() -> Option<Document> {
    window()?.document()
}

thread_local! {
    static IDS: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// A number no other call in this page returns: for element ids that tie a label or a tab to
/// its element, when several games share a page.
pub fn next_id() -> u32 {
    IDS.with(|n| {
        n.set(n.get() + 1);
        n.get()
    })
}

/// The one place DOM results are let go: for a call the page can do without (an attribute, a
/// style, a focus), whose failure leaves nothing to do but go on. The failure is written to the
/// console, so it is seen rather than lost.
pub fn best_effort<T>(result: Result<T, JsValue>) {
    if let Err(error) = result {
        web_sys::console::warn_2(&JsValue::from_str("gamelab: a page update failed:"), &error);
    }
}

/// A new element with a class, appended to `parent`.
pub fn child(parent: &Element, tag: &str, class: &str) -> HtmlElement {
    let element: HtmlElement = document()
        .and_then(|d| d.create_element(tag).ok())
        .and_then(|e| e.dyn_into().ok())
        .expect("the document creates elements");
    if !class.is_empty() {
        element.set_class_name(class);
    }
    best_effort(parent.append_child(&element));
    element
}

/// Whether the system asks for less motion (`prefers-reduced-motion`): animations then start
/// at their quickest setting.
pub fn reduced_motion() -> bool {
    window()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|query| query.matches())
}

/// A real `<button>` with a visible label, carrying its action's name (which tests and styles
/// can find too).
pub fn button(
    parent: &Element,
    label: &str,
    action: &impl crate::ui::action::Named,
) -> web_sys::HtmlButtonElement {
    let b = plain_button(parent, label);
    set_action(&b, action);
    b
}

/// A real `<button>` with a visible label and no action yet.
pub fn plain_button(parent: &Element, label: &str) -> web_sys::HtmlButtonElement {
    let b: web_sys::HtmlButtonElement = child(parent, "button", "gl-button").unchecked_into();
    b.set_type("button");
    b.set_text_content(Some(label));
    b
}

/// Gives an element (a button, a field) its action's name.
pub fn set_action(element: &Element, action: &impl crate::ui::action::Named) {
    best_effort(element.set_attribute("data-action", &action.name()));
}

/// Runs `handler` on every `event` of `target` for the page's lifetime.
pub fn on<E: JsCast + 'static>(
    target: &web_sys::EventTarget,
    event: &str,
    handler: impl FnMut(E) + 'static,
) {
    let mut handler = handler;
    let closure = Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
        if let Ok(e) = e.dyn_into::<E>() {
            handler(e);
        }
    });
    best_effort(target.add_event_listener_with_callback(event, closure.as_ref().unchecked_ref()));
    closure.forget();
}

/// Calls `act` with the `data-action` of every button clicked inside `root` (one listener for all
/// of a game's buttons, also those created later).
pub fn on_action(root: &HtmlElement, mut act: impl FnMut(&str) + 'static) {
    on::<web_sys::MouseEvent>(root, "click", move |event| {
        let Some(target) = event.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
            return;
        };
        if let Ok(Some(button)) = target.closest("button[data-action]") {
            act(&button.get_attribute("data-action").unwrap_or_default());
        }
    });
}

/// A `<label class="gl-field">` showing `text`, for one control to go in.
pub fn labelled(parent: &Element, text: &str) -> HtmlElement {
    let wrap = child(parent, "label", "gl-field");
    child(&wrap, "span", "").set_text_content(Some(text));
    wrap
}

/// Says, in a note at the top of the game, which of the element's options (data attributes, a
/// link in the address) were not used and what was used instead. The note stays: status lines
/// change as the game goes on, and the page's author needs to see this.
pub fn attribute_note(root: &Element, problems: &str) {
    let problems = problems.trim();
    if problems.is_empty() {
        return;
    }
    let Some(document) = root.owner_document() else {
        return;
    };
    let Ok(note) = document.create_element("p") else {
        return;
    };
    note.set_class_name("gl-attribute-note");
    best_effort(note.set_attribute("role", "note"));
    note.set_text_content(Some(&format!("Not used: {problems}")));
    best_effort(root.prepend_with_node_1(&note));
}

pub fn set_hidden(element: &HtmlElement, hidden: bool) {
    element.set_hidden(hidden);
}

/// Calls `f` once after `ms` milliseconds.
pub fn after(ms: i32, f: impl FnOnce() + 'static) {
    let closure = Closure::once_into_js(f);
    if let Some(w) = window() {
        let _ =
            w.set_timeout_with_callback_and_timeout_and_arguments_0(closure.unchecked_ref(), ms);
    }
}

/// Calls `f` once as soon as the page has handled what is waiting (events, drawing): a task
/// posted through a MessageChannel, which browsers do not hold back the 4 ms they hold nested
/// timers back by. Falls back to a timer.
pub fn soon(f: impl FnOnce() + 'static) {
    let Ok(channel) = web_sys::MessageChannel::new() else {
        return after(0, f);
    };
    let port = channel.port1();
    let closure = Closure::once_into_js(move |_: web_sys::MessageEvent| f());
    port.set_onmessage(Some(closure.unchecked_ref()));
    best_effort(channel.port2().post_message(&JsValue::UNDEFINED));
}

/// Milliseconds since the page started.
pub fn now() -> f64 {
    window()
        .and_then(|w| w.performance())
        .map(|p| p.now())
        .unwrap_or(0.0)
}

/// What a thrown JavaScript value says: an Error's message, or the value as text.
pub fn error_text(thrown: &wasm_bindgen::JsValue) -> String {
    thrown
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| thrown.as_string())
        .unwrap_or_else(|| "an error".into())
}

/// The bytes of the file at `url` (a file of the site), at most `most` of them, or why not.
pub async fn fetch_bytes(url: &str, most: usize) -> Result<Vec<u8>, String> {
    use wasm_bindgen_futures::JsFuture;
    let window = window().ok_or("no window to fetch from")?;
    let response: web_sys::Response = JsFuture::from(window.fetch_with_str(url))
        .await
        .and_then(|r| r.dyn_into())
        .map_err(|e| format!("{url} could not be fetched ({})", error_text(&e)))?;
    if !response.ok() {
        return Err(format!("{url}: the server said {}", response.status()));
    }
    let said_length = response
        .headers()
        .get("content-length")
        .ok()
        .flatten()
        .and_then(|l| l.parse::<usize>().ok());
    if said_length.is_some_and(|l| l > most) {
        return Err(format!("{url} is over {} MB", most >> 20));
    }
    let buffer = response
        .array_buffer()
        .map(JsFuture::from)
        .map_err(|e| error_text(&e))?
        .await
        .map_err(|e| format!("{url} could not be read ({})", error_text(&e)))?;
    let bytes = js_sys::Uint8Array::new(&buffer);
    if bytes.length() as usize > most {
        return Err(format!("{url} is over {} MB", most >> 20));
    }
    Ok(bytes.to_vec())
}

// The browser's compressor: web-sys has it only behind its unstable flag, so it is bound here.
#[wasm_bindgen]
extern "C" {
    type CompressionStream;
    #[wasm_bindgen(constructor, catch)]
    fn new(format: &str) -> Result<CompressionStream, JsValue>;
    #[wasm_bindgen(method, getter)]
    fn readable(this: &CompressionStream) -> web_sys::ReadableStream;
    #[wasm_bindgen(method, getter)]
    fn writable(this: &CompressionStream) -> web_sys::WritableStream;
}

/// Bytes given to the browser's compressor at a time: it compresses on the page's thread, a
/// piece per task, so a piece must take well under a frame on a slow phone.
const DEFLATE_PIECE: usize = 64 << 10;

/// `data` as raw DEFLATE (what zip stores), made by the browser's own compressor a piece per
/// task, the page going on in between.
pub async fn deflate_raw(data: &[u8]) -> Result<Vec<u8>, String> {
    use wasm_bindgen_futures::JsFuture;
    let failed = |e: JsValue| format!("the browser could not compress ({})", error_text(&e));
    let compressor = CompressionStream::new("deflate-raw").map_err(failed)?;
    // Read as it is written, or the writes would wait for room.
    let reading = web_sys::Response::new_with_opt_readable_stream(Some(&compressor.readable()))
        .and_then(|r| r.array_buffer())
        .map(JsFuture::from)
        .map_err(failed)?;
    let writer = compressor.writable().get_writer().map_err(failed)?;
    for piece in data.chunks(DEFLATE_PIECE) {
        let written = writer.write_with_chunk(&js_sys::Uint8Array::from(piece));
        JsFuture::from(written).await.map_err(failed)?;
        next_task().await;
    }
    JsFuture::from(writer.close()).await.map_err(failed)?;
    let buffer = reading.await.map_err(failed)?;
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}

/// Resolves in a task of its own (`soon`), after what the page has waiting: a promise alone
/// goes on in the same task.
pub async fn next_task() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        soon(move || best_effort(resolve.call0(&JsValue::UNDEFINED)));
    });
    best_effort(wasm_bindgen_futures::JsFuture::from(promise).await);
}
