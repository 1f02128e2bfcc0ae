//! Keeps text in the browser between visits: IndexedDB (no small size limit), or local storage
//! where IndexedDB is not available. Everything is asynchronous: results come to callbacks.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{IdbDatabase, IdbOpenDbRequest, IdbTransactionMode};

use crate::ui::dom;

const DATABASE: &str = "gamelab";
const STORE: &str = "kept";

/// Runs `f` once the code now running has finished (a zero timeout): callers hold their game's
/// state borrowed while they save, and a failure known at once must still reach them.
fn later(f: impl FnOnce() + 'static) {
    let callback: JsValue = Closure::once_into_js(f);
    if let Some(window) = dom::window() {
        dom::best_effort(window.set_timeout_with_callback(callback.unchecked_ref()));
    }
}

/// Opens the database (creating the store the first time) and hands it to `then`, always
/// after the caller has returned.
fn open(then: impl FnOnce(Result<IdbDatabase, String>) + 'static) {
    let Some(factory) = dom::window().and_then(|w| w.indexed_db().ok().flatten()) else {
        return later(move || then(Err("this browser has no IndexedDB".into())));
    };
    let request: IdbOpenDbRequest = match factory.open_with_u32(DATABASE, 1) {
        Ok(r) => r,
        Err(_) => return later(move || then(Err("IndexedDB refused to open".into()))),
    };
    let upgrade = Closure::once_into_js({
        let request = request.clone();
        move || {
            if let Ok(db) = request.result().and_then(|r| r.dyn_into::<IdbDatabase>()) {
                dom::best_effort(db.create_object_store(STORE));
            }
        }
    });
    request.set_onupgradeneeded(Some(upgrade.unchecked_ref()));
    let then = std::rc::Rc::new(std::cell::RefCell::new(Some(then)));
    let success = Closure::once_into_js({
        let (request, then) = (request.clone(), then.clone());
        move || {
            let db = request
                .result()
                .ok()
                .and_then(|r| r.dyn_into::<IdbDatabase>().ok())
                .ok_or_else(|| "IndexedDB gave no database".to_string());
            if let Some(then) = then.borrow_mut().take() {
                then(db);
            }
        }
    });
    request.set_onsuccess(Some(success.unchecked_ref()));
    let failure = Closure::once_into_js(move || {
        if let Some(then) = then.borrow_mut().take() {
            then(Err("IndexedDB could not be opened".into()));
        }
    });
    request.set_onerror(Some(failure.unchecked_ref()));
}

fn local_storage() -> Option<web_sys::Storage> {
    dom::window().and_then(|w| w.local_storage().ok().flatten())
}

/// Keeps `text` under `key`; `done` learns whether it worked.
/// The key an element of `game` keeps its data under: `base` for the first such element without
/// an id (so what earlier visits kept is found), `base-ID` for one with an id, and `base-N` for
/// the N-th without one: two games of a kind on a page never overwrite each other's data.
pub fn element_key(root: &web_sys::HtmlElement, game: &str, base: &str) -> String {
    let id = root.id();
    if !id.is_empty() {
        return format!("{base}-{id}");
    }
    let selector = format!("[data-gamelab='{game}']:not([id])");
    let place = root
        .owner_document()
        .and_then(|d| d.query_selector_all(&selector).ok())
        .and_then(|list| {
            (0..list.length())
                .position(|i| list.item(i).is_some_and(|n| n.is_same_node(Some(root))))
        })
        .unwrap_or(0);
    if place == 0 {
        base.to_string()
    } else {
        format!("{base}-{}", place + 1)
    }
}

pub fn save(key: &str, text: String, done: impl FnOnce(Result<(), String>) + 'static) {
    let key = key.to_string();
    open(move |db| {
        let db = match db {
            Ok(db) => db,
            Err(e) => {
                let stored = local_storage()
                    .map(|s| s.set_item(&key, &text).is_ok())
                    .unwrap_or(false);
                return done(if stored { Ok(()) } else { Err(e) });
            }
        };
        let put = db
            .transaction_with_str_and_mode(STORE, IdbTransactionMode::Readwrite)
            .and_then(|t| t.object_store(STORE))
            .and_then(|store| {
                store.put_with_key(&JsValue::from_str(&text), &JsValue::from_str(&key))
            });
        match put {
            Ok(request) => {
                let done = std::rc::Rc::new(std::cell::RefCell::new(Some(done)));
                let ok = Closure::once_into_js({
                    let done = done.clone();
                    move || {
                        if let Some(done) = done.borrow_mut().take() {
                            done(Ok(()));
                        }
                    }
                });
                request.set_onsuccess(Some(ok.unchecked_ref()));
                let failed = Closure::once_into_js(move || {
                    if let Some(done) = done.borrow_mut().take() {
                        done(Err("the browser refused to keep it (storage full?)".into()));
                    }
                });
                request.set_onerror(Some(failed.unchecked_ref()));
            }
            Err(_) => done(Err("IndexedDB refused the write".into())),
        }
    });
}

/// What was kept under a key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kept {
    Nothing,
    Text(String),
    /// A record that is not text (changed outside gamelab): what it is.
    Unreadable(String),
}

impl Kept {
    fn of(value: Option<JsValue>) -> Kept {
        match value {
            None => Kept::Nothing,
            Some(v) if v.is_undefined() || v.is_null() => Kept::Nothing,
            Some(v) => match v.as_string() {
                Some(text) => Kept::Text(text),
                None => Kept::Unreadable(format!(
                    "a {} where text was kept",
                    v.js_typeof().as_string().unwrap_or_default()
                )),
            },
        }
    }
}

/// Reads what was kept under `key`.
pub fn load(key: &str, then: impl FnOnce(Kept) + 'static) {
    let key = key.to_string();
    open(move |db| {
        let Ok(db) = db else {
            let text = local_storage().and_then(|s| s.get_item(&key).ok().flatten());
            return then(text.map_or(Kept::Nothing, Kept::Text));
        };
        let get = db
            .transaction_with_str(STORE)
            .and_then(|t| t.object_store(STORE))
            .and_then(|store| store.get(&JsValue::from_str(&key)));
        match get {
            Ok(request) => {
                let then = std::rc::Rc::new(std::cell::RefCell::new(Some(then)));
                let ok = Closure::once_into_js({
                    let (request, then) = (request.clone(), then.clone());
                    move || {
                        let kept = Kept::of(request.result().ok());
                        if let Some(then) = then.borrow_mut().take() {
                            then(kept);
                        }
                    }
                });
                request.set_onsuccess(Some(ok.unchecked_ref()));
                let failed = Closure::once_into_js(move || {
                    if let Some(then) = then.borrow_mut().take() {
                        then(Kept::Unreadable("the browser could not read it".into()));
                    }
                });
                request.set_onerror(Some(failed.unchecked_ref()));
            }
            Err(_) => then(Kept::Unreadable("the browser could not read it".into())),
        }
    });
}

/// Forgets what was kept under `key`.
pub fn forget(key: &str) {
    if let Some(s) = local_storage() {
        dom::best_effort(s.remove_item(key));
    }
    let key = key.to_string();
    open(move |db| {
        if let Ok(db) = db {
            dom::best_effort(
                db.transaction_with_str_and_mode(STORE, IdbTransactionMode::Readwrite)
                    .and_then(|t| t.object_store(STORE))
                    .and_then(|store| store.delete(&JsValue::from_str(&key))),
            );
        }
    });
}
