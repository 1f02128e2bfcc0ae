//! A player in a Web Worker: its JavaScript source plus a small harness that answers the
//! course's remote calls (`["setup", [equations]]`, …) with `{"ok": value}` or `{"error": text}`.
//! The page can terminate it at any time: that is how a time limit holds against a loop.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Appended to a player's code: dispatches calls to `setup`, `requestPebbleOrTrades`,
/// `requestCards` and `win`; a message with `"answer"` is answered as is, unless `"loop"` says to
/// loop forever (the built-in looping actor's k-th call).
const HARNESS: &str = r#"
;(() => {
  const methods = {
    "setup": typeof setup === "function" ? setup : null,
    "request-pebble-or-trades": typeof requestPebbleOrTrades === "function" ? requestPebbleOrTrades : null,
    "request-cards": typeof requestCards === "function" ? requestCards : null,
    "win": typeof win === "function" ? win : null,
  };
  onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.loop) { for (;;) {} }
    if ("answer" in message) { postMessage(JSON.stringify({ ok: message.answer })); return; }
    const [method, args] = message.call;
    try {
      const f = methods[method];
      if (!f) throw new Error("the player defines no function for " + method);
      const result = f(...args);
      postMessage(JSON.stringify({ ok: result === undefined ? "void" : result }));
    } catch (e) {
      postMessage(JSON.stringify({ error: String((e && e.message) || e) }));
    }
  };
})();
"#;

pub struct WorkerPlayer {
    worker: web_sys::Worker,
}

impl WorkerPlayer {
    /// Starts a worker for `code`; `on_reply` gets each reply's text, or an error (a syntax
    /// error in the code, an uncaught failure).
    pub fn spawn(code: &str, on_reply: impl FnMut(Result<String, String>) + 'static) -> Result<WorkerPlayer, String> {
        let source = format!("{code}\n{HARNESS}");
        let parts = js_sys::Array::of1(&JsValue::from_str(&source));
        let options = web_sys::BlobPropertyBag::new();
        options.set_type("text/javascript");
        let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(|_| "the browser could not hold the player's code")?;
        let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(|_| "the browser could not load the player's code")?;
        let worker = web_sys::Worker::new(&url).map_err(|_| "the browser could not start a worker")?;
        let _ = web_sys::Url::revoke_object_url(&url);
        let reply = std::rc::Rc::new(std::cell::RefCell::new(on_reply));
        let on_message = {
            let reply = reply.clone();
            Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
                let text = event.data().as_string().unwrap_or_default();
                (reply.borrow_mut())(Ok(text));
            })
        };
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        on_message.forget();
        let on_error = Closure::<dyn FnMut(web_sys::ErrorEvent)>::new(move |event: web_sys::ErrorEvent| {
            event.prevent_default();
            (reply.borrow_mut())(Err(format!("its code failed: {}", event.message())));
        });
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        on_error.forget();
        Ok(WorkerPlayer { worker })
    }

    pub fn post(&self, message: &str) -> Result<(), String> {
        self.worker.post_message(&JsValue::from_str(message)).map_err(|_| "the worker could not be reached".to_string())
    }

    pub fn terminate(&self) {
        self.worker.terminate();
    }
}
