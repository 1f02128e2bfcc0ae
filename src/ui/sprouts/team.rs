//! The page's side of a computation in Web Workers: one member a core (`member`), each a df-pn
//! search of the same couple breaking ties its own way, as the native team does with threads.
//! The page only displays: it adds the losses each member sends to the main base and passes
//! them on to the others, shows the expansions of all and the levels of member 0, and sends
//! pauses, zaps and watches.
//!
//! A worker is a module made from a Blob that imports this module's own JavaScript (its URL is
//! `import.meta.url`) and instantiates the WebAssembly module the page passes it: nothing is
//! fetched twice, and a course page embedding gamelab.js needs no other file.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::messages::{pack, unpack, FromMember, ToMember};
use crate::engine::sprouts::search::{ChildView, LevelView};
use crate::engine::sprouts::{exchange, Answer, Database, Goal, Notation, Position};

/// Most workers a page starts, whatever the browser says of its cores: each holds a copy of the
/// base and its own table.
pub const MAX_WORKERS: usize = 16;

#[wasm_bindgen]
extern "C" {
    type ImportMeta;
    #[wasm_bindgen(thread_local_v2, js_namespace = import, js_name = meta)]
    static IMPORT_META: ImportMeta;
    #[wasm_bindgen(method, getter)]
    fn url(this: &ImportMeta) -> String;
}

/// The worker's script: load the module, wait for the page's WebAssembly module, then listen.
fn script(glue_url: &str) -> String {
    let glue = serde_json::to_string(glue_url).unwrap_or_default();
    format!(
        "import {{ initSync, gamelab_sprouts_member }} from {glue};\n\
         self.onmessage = (event) => {{\n\
           self.onmessage = null;\n\
           initSync({{ module: event.data }});\n\
           gamelab_sprouts_member();\n\
         }};\n"
    )
}

/// What a member said, for the page to act on.
pub enum Heard {
    /// Progress; `reply` when it answers a zap or a watch (worth redrawing at once).
    Progress {
        reply: bool,
    },
    Done(Answer),
    Failed(String),
    Refused(String),
}

type Handler = Closure<dyn FnMut(JsValue)>;

pub struct Team {
    workers: Vec<web_sys::Worker>,
    /// How many workers it started (they are gone once it has ended).
    size: usize,
    _handlers: Vec<Handler>,
    script_url: String,
    expansions: Vec<u64>,
    /// Couples the team added to the main base.
    pub stored: u64,
    levels: Vec<LevelView>,
    children: Option<(usize, Vec<ChildView>)>,
    /// Some member has spoken: the workers load in this page.
    pub heard: bool,
}

impl Team {
    /// Starts `size` members on `position` with a copy of `db` each. `on_message(i, data)` gets
    /// what member `i` says, `on_error(text)` a worker that failed (to load, or crashed).
    pub fn start(
        position: &Position,
        goal: Goal,
        size: usize,
        db: &Database,
        on_message: impl Fn(usize, JsValue) + Clone + 'static,
        on_error: impl Fn(String) + Clone + 'static,
    ) -> Result<Team, String> {
        let size = size.clamp(1, MAX_WORKERS);
        let glue_url = IMPORT_META.with(ImportMeta::url);
        let parts = js_sys::Array::of1(&JsValue::from_str(&script(&glue_url)));
        let bag = web_sys::BlobPropertyBag::new();
        bag.set_type("text/javascript");
        let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &bag)
            .map_err(|_| "the browser refused the worker's script".to_string())?;
        let script_url = web_sys::Url::create_object_url_with_blob(&blob)
            .map_err(|_| "the browser refused the worker's script".to_string())?;
        let mut team = Team {
            workers: Vec::new(),
            size,
            _handlers: Vec::new(),
            script_url,
            expansions: vec![0; size],
            stored: 0,
            levels: Vec::new(),
            children: None,
            heard: false,
        };
        let couples: Vec<_> = db.iter().collect();
        let base = exchange::encode(couples.iter().map(|(l, n)| (l, *n)));
        let options = web_sys::WorkerOptions::new();
        options.set_type(web_sys::WorkerType::Module);
        for index in 0..size {
            let worker = web_sys::Worker::new_with_options(&team.script_url, &options)
                .map_err(|e| format!("no Web Worker here ({})", describe(&e)))?;
            let said = on_message.clone();
            let heard = Handler::new(move |event: JsValue| {
                let data = js_sys::Reflect::get(&event, &"data".into()).unwrap_or_default();
                said(index, data);
            });
            worker.set_onmessage(Some(heard.as_ref().unchecked_ref()));
            let failed = on_error.clone();
            let error = Handler::new(move |event: JsValue| {
                let text = js_sys::Reflect::get(&event, &"message".into())
                    .ok()
                    .and_then(|m| m.as_string())
                    .unwrap_or_else(|| "it could not load".into());
                failed(text);
            });
            worker.set_onerror(Some(error.as_ref().unchecked_ref()));
            worker
                .post_message(&wasm_bindgen::module())
                .map_err(|e| format!("the worker refused the module ({})", describe(&e)))?;
            let start = ToMember::Start {
                position: position.write(Notation::Glop10),
                goal: goal.into(),
                index,
                team: size,
            };
            let _ = worker.post_message(&pack(&start, &base));
            team.workers.push(worker);
            team._handlers.extend([heard, error]);
        }
        Ok(team)
    }

    pub fn size(&self) -> usize {
        self.size
    }

    pub fn expansions(&self) -> u64 {
        self.expansions.iter().sum()
    }

    pub fn levels(&self) -> Vec<LevelView> {
        self.levels.clone()
    }

    /// The children of `level`, once member 0 has sent them.
    pub fn level_children(&self, level: usize) -> Vec<ChildView> {
        match &self.children {
            Some((k, list)) if *k == level => list.clone(),
            _ => Vec::new(),
        }
    }

    /// Reads what member `index` said: what it means, and the losses it sent (as words).
    pub fn hear(&mut self, index: usize, data: &JsValue) -> (Heard, Vec<u16>) {
        let (message, words) = match unpack::<FromMember>(data) {
            Ok(m) => m,
            Err(e) => return (Heard::Failed(e), Vec::new()),
        };
        self.heard = true;
        let heard = match message {
            FromMember::Progress {
                expansions,
                levels,
                children,
                reply,
            } => {
                self.count(index, expansions);
                if let Some(rows) = levels {
                    self.levels = rows.iter().filter_map(|r| r.view()).collect();
                }
                if let Some((k, rows)) = children {
                    self.children = Some((k, rows.iter().filter_map(|r| r.view()).collect()));
                }
                Heard::Progress { reply }
            }
            FromMember::Done { expansions, answer } => {
                self.count(index, expansions);
                Heard::Done(answer.into())
            }
            FromMember::Failed { message } => Heard::Failed(message),
            FromMember::Refused { message } => Heard::Refused(message),
        };
        (heard, words)
    }

    fn count(&mut self, index: usize, expansions: u64) {
        if let Some(slot) = self.expansions.get_mut(index) {
            *slot = expansions;
        }
    }

    /// Passes the losses member `from` proved to the others.
    pub fn share(&self, from: usize, words: &[u16]) {
        if words.is_empty() || self.workers.len() < 2 {
            return;
        }
        let message = pack(&ToMember::Losses, words);
        for (i, worker) in self.workers.iter().enumerate() {
            if i != from {
                let _ = worker.post_message(&message);
            }
        }
    }

    fn tell_all(&self, message: &ToMember) {
        let packed = pack(message, &[]);
        for worker in &self.workers {
            let _ = worker.post_message(&packed);
        }
    }

    /// Member 0 is the one whose levels are shown and zapped.
    fn tell_first(&self, message: &ToMember) {
        if let Some(worker) = self.workers.first() {
            let _ = worker.post_message(&pack(message, &[]));
        }
    }

    pub fn pause(&self) {
        self.tell_all(&ToMember::Pause);
    }

    pub fn resume(&self) {
        self.tell_all(&ToMember::Resume);
    }

    pub fn zap(&self, level: usize, child: usize) {
        self.tell_first(&ToMember::Zap { level, child });
    }

    pub fn zap_step(&self, level: usize, forward: bool) {
        self.tell_first(&ToMember::ZapStep { level, forward });
    }

    /// Asks member 0 for the children of `level` along with its levels (None: no more).
    pub fn watch(&mut self, level: Option<usize>) {
        self.children = None;
        self.tell_first(&ToMember::Watch { level });
    }

    /// Ends the workers (their work is over or no longer wanted).
    pub fn end(&mut self) {
        for worker in self.workers.drain(..) {
            worker.set_onmessage(None);
            worker.set_onerror(None);
            worker.terminate();
        }
        let _ = web_sys::Url::revoke_object_url(&self.script_url);
    }
}

impl Drop for Team {
    fn drop(&mut self) {
        self.end();
    }
}

fn describe(error: &JsValue) -> String {
    js_sys::Reflect::get(error, &"message".into())
        .ok()
        .and_then(|m| m.as_string())
        .or_else(|| error.as_string())
        .unwrap_or_else(|| "refused".into())
}
