//! A player's JavaScript, isolated: it runs in a Web Worker inside a sandboxed frame of its own
//! (`sandbox="allow-scripts"`, no `allow-same-origin`), so its origin is opaque. It cannot
//! reach the site's storage (IndexedDB, localStorage), cannot fetch (the frame's
//! Content-Security-Policy allows no connection), and shares no channel with another player
//! (every frame is an origin of its own). The frame relays one reply per call, matched by the
//! call's id and at most `REPLY_LIMIT` characters long; anything else (a message nobody asked
//! for, a flood, an oversized answer) ends the worker. Removing the frame ends everything in it:
//! that is how a time limit holds against a loop.

use std::cell::RefCell;
use std::rc::Rc;

use crate::ui::dom;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The most console lines a call passes on.
pub const CONSOLE_LINES: usize = 20;

/// Put before a player's code, joined into its first line so that the code's line numbers stay
/// its own (a syntax error at the code's end is reported on the code's last line, not in
/// here). It dispatches calls to `setup`, `requestPebbleOrTrades`, `requestCards` and `win`,
/// looked up when called (the two that return nothing may be left out); a message with
/// `"answer"` is answered as is, unless `"loop"` says to loop forever (the built-in looping
/// actor's k-th call). `console` writes into a list that goes out with the next reply (at most
/// 20 lines of 300 characters a call; the rest are counted). An error carries the line of the
/// player's code it came from (frames in this prefix, on line 1 up to its length, have none).
/// Each line must end a statement: the lines are joined with spaces.
const HARNESS: &str = r#"(() => {
  const prefix = Number("000000");
  let lines = [], dropped = 0;
  const say = (...args) => {
    if (lines.length >= 20) { dropped++; return; }
    lines.push(args.map((a) => { if (typeof a === "string") return a; try { return JSON.stringify(a); } catch (e) { return String(a); } }).join(" ").slice(0, 300));
  };
  for (const k of ["log", "info", "warn", "error", "debug"]) console[k] = say;
  const lineOf = (e) => {
    for (const frame of String((e && e.stack) || "").split("\n").slice(1)) {
      const m = /:(\d+):(\d+)\)?$/.exec(frame.trim());
      if (m) { const line = Number(m[1]); return line === 1 && Number(m[2]) <= prefix ? null : line; }
    }
    return null;
  };
  const send = (reply) => {
    reply.console = lines; reply.dropped = dropped; lines = []; dropped = 0;
    postMessage(JSON.stringify(reply));
  };
  const method = (name) => {
    const f = { "setup": () => typeof setup === "function" ? setup : () => {},
      "request-pebble-or-trades": () => typeof requestPebbleOrTrades === "function" ? requestPebbleOrTrades : null,
      "request-cards": () => typeof requestCards === "function" ? requestCards : null,
      "win": () => typeof win === "function" ? win : () => {} }[name];
    return f ? f() : null;
  };
  onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.loop) { for (;;) {} }
    if ("answer" in message) { send({ ok: message.answer }); return; }
    const [name, args] = message.call;
    try {
      const f = method(name);
      if (!f) throw new Error("the player defines no function for " + name);
      const result = f(...args);
      send({ ok: result === undefined ? "void" : result });
    } catch (e) {
      send({ error: String((e && e.message) || e), line: lineOf(e) });
    }
  };
})();"#;

/// The harness on one line, followed by the player's code.
fn with_harness(code: &str) -> String {
    let joined: Vec<&str> = HARNESS.lines().map(str::trim).collect();
    let joined = format!("{} ", joined.join(" "));
    // The prefix's own length, written into it in six digits (same length as the placeholder).
    let prefix = joined.replacen("000000", &format!("{:06}", joined.chars().count()), 1);
    format!("{prefix}{code}")
}

/// The longest reply a player may give (a course answer is a few hundred characters).
pub const REPLY_LIMIT: usize = 65_536;

/// The frame's own script: starts the worker from the code it is sent, passes calls in and one
/// reply per call out. Its hash is in the frame's policy and in the site pages' policies
/// (`index.html`, `www/embed.html`: a frame written with `srcdoc` inherits its parent's policy
/// too); `scripts/smoke.sh` checks that they agree.
pub const FRAME_SCRIPT: &str = r#"(() => {
  const LIMIT = 65536;
  let worker = null, pending = null;
  const tell = (m) => parent.postMessage(m, "*");
  const fail = (why) => { if (worker) worker.terminate(); worker = null; pending = null; tell({ failed: why }); };
  addEventListener("message", (e) => {
    if (e.source !== parent) return;
    const m = e.data || {};
    if (typeof m.start === "string" && worker === null) {
      const url = URL.createObjectURL(new Blob([m.start], { type: "text/javascript" }));
      worker = new Worker(url);
      URL.revokeObjectURL(url);
      worker.onmessage = (w) => {
        if (pending === null) return fail("it sent a message when nothing was asked");
        const text = typeof w.data === "string" ? w.data : "";
        if (text.length > LIMIT) return fail("its answer is longer than 64 KiB");
        tell({ id: pending, reply: text });
        pending = null;
      };
      worker.onerror = (w) => { w.preventDefault(); fail("its code failed: " + w.message + (w.lineno ? " (line " + w.lineno + ")" : "")); };
    } else if (typeof m.id === "number" && typeof m.text === "string" && worker !== null) {
      pending = m.id;
      worker.postMessage(m.text);
    }
  });
  tell({ ready: true });
})();"#;

/// SHA-256 of `FRAME_SCRIPT`, as Content-Security-Policy writes it.
pub const FRAME_SCRIPT_HASH: &str = "'sha256-NYtNK7hkkYRQEpMCQ0UTYcPEshn+WidSk7gRqG1GfPY='";

/// Where a player stands with its frame.
struct Link {
    /// The frame has started and been sent the code.
    ready: bool,
    /// Messages posted before the frame was ready.
    queued: Vec<JsValue>,
    code: String,
    next_id: u32,
    /// The call whose reply is awaited; any other reply is dropped.
    expecting: Option<u32>,
    on_reply: Box<dyn FnMut(Result<String, String>)>,
}

type Listener = Closure<dyn FnMut(web_sys::MessageEvent)>;

pub struct WorkerPlayer {
    frame: web_sys::HtmlIFrameElement,
    link: Rc<RefCell<Link>>,
    /// The page's `message` listener; taken out when the player ends.
    listener: RefCell<Option<Listener>>,
}

fn field(value: &JsValue, name: &str) -> JsValue {
    js_sys::Reflect::get(value, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
}

impl WorkerPlayer {
    /// Starts a player for `code` in a hidden frame inside `host`; `on_reply` gets the reply to
    /// each call, or an error (the code does not load, it failed, it broke the protocol).
    pub fn spawn(
        host: &web_sys::Element,
        code: &str,
        on_reply: impl FnMut(Result<String, String>) + 'static,
    ) -> Result<WorkerPlayer, String> {
        let document = host
            .owner_document()
            .ok_or("the player's frame has no document")?;
        let frame: web_sys::HtmlIFrameElement = document
            .create_element("iframe")
            .map_err(|_| "the browser could not make a frame for the player")?
            .unchecked_into();
        dom::best_effort(frame.set_attribute("sandbox", "allow-scripts"));
        dom::best_effort(frame.set_attribute("title", "a JavaScript player (isolated)"));
        dom::best_effort(frame.set_attribute("aria-hidden", "true"));
        dom::best_effort(frame.set_attribute("tabindex", "-1"));
        dom::best_effort(frame.set_attribute("data-gamelab-player", ""));
        dom::best_effort(frame.set_attribute("style", "display:none"));
        let policy =
            format!("default-src 'none'; script-src {FRAME_SCRIPT_HASH}; worker-src blob:");
        frame.set_srcdoc(&format!("<!doctype html><meta http-equiv=\"Content-Security-Policy\" content=\"{policy}\"><script>{FRAME_SCRIPT}</script>"));
        let link = Rc::new(RefCell::new(Link {
            ready: false,
            queued: Vec::new(),
            code: with_harness(code),
            next_id: 0,
            expecting: None,
            on_reply: Box::new(on_reply),
        }));
        let listener = {
            let (link, frame) = (link.clone(), frame.clone());
            Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
                // Only this player's own frame speaks for it.
                let from_frame = match (event.source(), frame.content_window()) {
                    (Some(source), Some(window)) => js_sys::Object::is(&source, &window),
                    _ => false,
                };
                if from_frame {
                    receive(&link, &frame, &event.data());
                }
            })
        };
        let window = web_sys::window().ok_or("no window")?;
        window
            .add_event_listener_with_callback("message", listener.as_ref().unchecked_ref())
            .map_err(|_| "the browser could not listen to the player")?;
        host.append_child(&frame)
            .map_err(|_| "the browser could not add the player's frame")?;
        Ok(WorkerPlayer {
            frame,
            link,
            listener: RefCell::new(Some(listener)),
        })
    }

    /// Sends one call; the reply to it (and to nothing else) goes to `on_reply`.
    pub fn post(&self, message: &str) -> Result<(), String> {
        let envelope = js_sys::Object::new();
        let mut link = self.link.borrow_mut();
        link.next_id += 1;
        let id = link.next_id;
        link.expecting = Some(id);
        dom::best_effort(js_sys::Reflect::set(
            &envelope,
            &JsValue::from_str("id"),
            &JsValue::from(id),
        ));
        dom::best_effort(js_sys::Reflect::set(
            &envelope,
            &JsValue::from_str("text"),
            &JsValue::from_str(message),
        ));
        if link.ready {
            drop(link);
            send(&self.frame, &envelope)
        } else {
            link.queued.push(envelope.into());
            Ok(())
        }
    }

    /// Ends the player: its frame, worker and everything they started are gone.
    pub fn terminate(&self) {
        self.link.borrow_mut().expecting = None;
        self.frame.remove();
        if let Some(listener) = self.listener.borrow_mut().take() {
            if let Some(window) = web_sys::window() {
                dom::best_effort(window.remove_event_listener_with_callback(
                    "message",
                    listener.as_ref().unchecked_ref(),
                ));
            }
            // This may run inside that very listener (a reply that ends the player): free it
            // once the call has returned.
            crate::ui::dom::after(0, move || drop(listener));
        }
    }
}

impl Drop for WorkerPlayer {
    fn drop(&mut self) {
        self.terminate();
    }
}

fn send(frame: &web_sys::HtmlIFrameElement, message: &JsValue) -> Result<(), String> {
    let window = frame.content_window().ok_or("the player's frame is gone")?;
    window
        .post_message(message, "*")
        .map_err(|_| "the player's frame could not be reached".to_string())
}

/// A message from the player's frame: ready (send the code and what waited), a reply, or a
/// failure.
fn receive(link: &Rc<RefCell<Link>>, frame: &web_sys::HtmlIFrameElement, data: &JsValue) {
    if field(data, "ready").is_truthy() {
        let (code, queued) = {
            let mut l = link.borrow_mut();
            if l.ready {
                return;
            }
            l.ready = true;
            (l.code.clone(), std::mem::take(&mut l.queued))
        };
        let start = js_sys::Object::new();
        dom::best_effort(js_sys::Reflect::set(
            &start,
            &JsValue::from_str("start"),
            &JsValue::from_str(&code),
        ));
        // A frame gone between its ready and now is found by the call's time limit.
        let _ = send(frame, &start);
        for message in queued {
            let _ = send(frame, &message);
        }
        return;
    }
    let outcome = if let Some(why) = field(data, "failed").as_string() {
        Err(why)
    } else {
        let id = field(data, "id").as_f64().map(|id| id as u32);
        let mut l = link.borrow_mut();
        if id.is_none() || id != l.expecting {
            return; // a reply to a call that is over: dropped
        }
        l.expecting = None;
        Ok(field(data, "reply").as_string().unwrap_or_default())
    };
    // The callback may terminate this player: no borrow is held while it runs.
    let mut on_reply = std::mem::replace(&mut link.borrow_mut().on_reply, Box::new(|_| {}));
    on_reply(outcome);
    link.borrow_mut().on_reply = on_reply;
}
