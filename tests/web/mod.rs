//! Helpers shared by the browser tests: mounting a game element, finding and clicking things,
//! firing the events a user's typing or choosing fires, waiting in page time.
#![allow(dead_code)]

pub mod ade;
pub mod bazaar;
pub mod glop;

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::HtmlElement;

pub fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

/// A fresh `data-gamelab="<game>"` element with the given attributes, mounted.
pub fn mount(game: &str, attributes: &[(&str, &str)]) -> HtmlElement {
    let element: HtmlElement = document().create_element("div").unwrap().unchecked_into();
    element.set_attribute("data-gamelab", game).unwrap();
    for (name, value) in attributes {
        element.set_attribute(name, value).unwrap();
    }
    document().body().unwrap().append_child(&element).unwrap();
    gamelab::ui::mount(&element);
    element
}

/// `window.confirm` answers yes from now on (a headless browser would answer no). The games ask
/// in the page (widgets::confirm); this only keeps a page-level question from blocking a test.
pub fn accept_confirmations() {
    let yes = wasm_bindgen::closure::Closure::<dyn Fn() -> bool>::new(|| true);
    js_sys::Reflect::set(&web_sys::window().unwrap(), &"confirm".into(), yes.as_ref()).unwrap();
    yes.forget();
}

/// Answers the question the game asks in the page (widgets::confirm): yes or no.
pub fn answer(root: &HtmlElement, yes: bool) {
    let which = if yes { "yes" } else { "no" };
    let question = find(root, ".gl-confirm");
    assert!(!question.hidden(), "the game asks nothing");
    find(root, &format!(".gl-confirm button[data-confirm='{which}']")).click();
    assert!(question.hidden(), "the answer closes the question");
}

pub fn find(root: &HtmlElement, selector: &str) -> HtmlElement {
    root.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("no {selector}"))
        .unchecked_into()
}

pub fn click(root: &HtmlElement, action: &str) {
    find(root, &format!("button[data-action='{action}']")).click();
}

/// Fires a bubbling event of this type, as the browser does for a user's input or choice.
pub fn fire(element: &web_sys::Element, kind: &str) {
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    let event = web_sys::Event::new_with_event_init_dict(kind, &init).unwrap();
    element.dispatch_event(&event).unwrap();
}

/// Waits `ms` milliseconds of page time, letting the page run.
pub async fn sleep(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms)
            .unwrap();
    });
    JsFuture::from(promise).await.unwrap();
}

/// Watches a game's move history (`.gl-history li`) for up to `ms` milliseconds or until
/// `done` says so, answering a 0 ms timer each turn of the page: (moves seen, the longest wait
/// between two moves in ms, the timers the page answered meanwhile).
pub async fn watch_moves(
    root: &HtmlElement,
    ms: f64,
    done: impl Fn(usize) -> bool,
) -> (usize, f64, u32) {
    let now = || web_sys::window().unwrap().performance().unwrap().now();
    let count = || root.query_selector_all(".gl-history li").unwrap().length() as usize;
    let fired = std::rc::Rc::new(std::cell::Cell::new(0u32));
    let (mut last_count, mut last_time, mut longest) = (count(), now(), 0.0f64);
    let started = now();
    while now() - started < ms && !done(last_count) {
        let flag = fired.clone();
        let tick = wasm_bindgen::closure::Closure::once_into_js(move || flag.set(flag.get() + 1));
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(tick.unchecked_ref(), 0)
            .unwrap();
        sleep(5).await;
        if count() != last_count {
            longest = longest.max(now() - last_time);
            (last_count, last_time) = (count(), now());
        }
    }
    (last_count, longest, fired.get())
}

/// Makes the browser refuse to keep anything (IndexedDB and local storage), as a full or
/// forbidden storage does; calling what it returns puts things back.
pub fn refuse_storage() -> js_sys::Function {
    js_sys::Function::new_no_args(
        r#"
        const open = IDBFactory.prototype.open, setItem = Storage.prototype.setItem;
        IDBFactory.prototype.open = function () { throw new DOMException("refused", "SecurityError"); };
        Storage.prototype.setItem = function () { throw new DOMException("full", "QuotaExceededError"); };
        return function () { IDBFactory.prototype.open = open; Storage.prototype.setItem = setItem; };
        "#,
    )
    .call0(&wasm_bindgen::JsValue::NULL)
    .unwrap()
    .unchecked_into()
}
