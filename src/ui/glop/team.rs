//! The page's side of a computation in Web Workers: one member a core (`member`), each a df-pn
//! search of the same couple breaking ties its own way, as the native team does with threads.
//! The page only displays: it adds the losses each member sends to the main base and passes
//! them on to the others, shows the expansions of all and the levels of member 0, and sends
//! pauses, zaps and watches.
//!
//! A worker is a module made from a Blob that imports this module's own JavaScript (its URL is
//! `import.meta.url`) and instantiates the WebAssembly module the page passes it: nothing is
//! fetched twice, and a course page embedding gamelab.js needs no other file.

use std::cell::Cell;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::messages::{pack, run_of, unpack, ChildRow, FromMember, LevelRow, ToMember, WireKey};
use crate::engine::sprouts::search::{ChildView, LevelView};
use crate::engine::sprouts::{exchange, Answer, Database, Goal, Notation, Position, Verdict};
use crate::ui::dom;

thread_local! {
    /// Workers of every Glop element in this page not yet ended.
    static LIVE_WORKERS: Cell<usize> = const { Cell::new(0) };
}

/// Glop's Web Workers alive in this page (each holds a table and a copy of a base).
pub fn live_workers() -> usize {
    LIVE_WORKERS.with(Cell::get)
}

/// The game the first worker solves as soon as it has loaded, before any computation
/// (`ToMember::WarmUp`): 2,702 expansions, about 0.3 s of one core in a browser.
const WARM_UP_SPOTS: usize = 7;

/// Most workers a page starts, whatever the browser says of its cores: each holds a copy of the
/// base and its own table (declared with the `workers` option, in the registry).
pub use crate::games::MAX_WORKERS;

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
    /// Said of an earlier computation: nothing to do.
    Stale,
    /// A worker has loaded (the first one has warmed up too).
    Ready,
}

type Handler = Closure<dyn FnMut(JsValue)>;

pub struct Team {
    workers: Vec<web_sys::Worker>,
    /// How many workers it started (they are gone once it has ended).
    size: usize,
    _handlers: Vec<Handler>,
    script_url: String,
    /// The computation under way: `begin` counts them.
    run: u32,
    expansions: Vec<u64>,
    /// Where each member said it was working last.
    paths: Vec<Vec<WireKey>>,
    /// Couples the team added to the main base.
    pub stored: u64,
    levels: Vec<LevelView>,
    children: Option<(usize, Vec<ChildView>)>,
    /// The run is in misère play (`begin_misere`).
    pub misere: bool,
    /// In misère play: the small lands' trees beside each level, and beside each watched child.
    level_trees: Vec<usize>,
    children_trees: Vec<usize>,
    /// A member's misère base, sent with its answer or when paused, for the page to take.
    pub misere_base: Option<String>,
    /// Some member has spoken: the workers load in this page.
    pub heard: bool,
    /// How many workers have said they are ready.
    ready: usize,
    /// The computation under way has its answer: what the other members still say of it (a
    /// slice's losses and counts sent before they were paused) is not heard, so that a
    /// finished computation's base no longer changes; replies to a watch still are.
    answered: bool,
}

impl Team {
    /// Starts `size` workers. `on_message(i, data)` gets what member `i` says, `on_error(text)`
    /// a worker that failed (to load, or crashed). `begin` gives them their computation. With
    /// `warm_up` (workers started ahead of any computation) the first warms up as it loads,
    /// and each says when it is ready.
    pub fn new(
        size: usize,
        warm_up: bool,
        on_message: impl Fn(usize, JsValue) + Clone + 'static,
        on_error: impl Fn(String) + Clone + 'static,
    ) -> Result<Team, String> {
        let size = size.clamp(1, MAX_WORKERS);
        let glue_url = crate::ui::dom::module_url();
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
            run: 0,
            expansions: vec![0; size],
            paths: vec![Vec::new(); size],
            stored: 0,
            levels: Vec::new(),
            children: None,
            misere: false,
            level_trees: Vec::new(),
            children_trees: Vec::new(),
            misere_base: None,
            heard: false,
            ready: 0,
            answered: false,
        };
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
            if warm_up {
                // The first worker warms up as soon as it has loaded; the others only say so.
                let spots = if index == 0 { WARM_UP_SPOTS } else { 0 };
                dom::best_effort(worker.post_message(&pack(&ToMember::WarmUp { spots }, 0, &[])));
            }
            team.workers.push(worker);
            LIVE_WORKERS.with(|n| n.set(n.get() + 1));
            team._handlers.extend([heard, error]);
        }
        Ok(team)
    }

    /// Gives every member `position` to search, with a copy of `db`; whatever the members were
    /// doing is dropped, and what they said of it is no longer heard. All start at once: the
    /// second member joining 300 ms later (when most computations are over, as a team pays on
    /// long ones) made 1–12 spots 7 % slower through the page (four runs each, 2026-11-25).
    /// Forgets the last run's figures and views: a new run begins.
    fn new_run(&mut self, misere: bool) {
        self.run += 1;
        self.answered = false;
        self.expansions.iter_mut().for_each(|e| *e = 0);
        self.paths.iter_mut().for_each(Vec::clear);
        self.stored = 0;
        self.levels.clear();
        self.children = None;
        self.misere = misere;
        self.level_trees.clear();
        self.children_trees.clear();
        self.misere_base = None;
    }

    /// A misère computation of `position` from the page's misère base (`base`, as text): each
    /// member begins on another of the start's children, and the first answer is the answer.
    pub fn begin_misere(&mut self, position: &Position, base: &str) {
        self.new_run(true);
        let position = position.write(Notation::Glop10);
        for (index, worker) in self.workers.iter().enumerate() {
            let start = ToMember::StartMisere {
                run: self.run,
                position: position.clone(),
                index,
                first: index,
                base: base.to_string(),
            };
            dom::best_effort(worker.post_message(&pack(&start, self.run, &[])));
        }
    }

    pub fn begin(&mut self, position: &Position, goal: Goal, db: &Database) {
        self.new_run(false);
        let couples: Vec<_> = db.iter().collect();
        let base = exchange::encode(couples.iter().map(|(l, n)| (l, *n)));
        let position = position.write(Notation::Glop10);
        for (index, worker) in self.workers.iter().enumerate() {
            let start = ToMember::Start {
                run: self.run,
                position: position.clone(),
                goal: goal.into(),
                index,
            };
            dom::best_effort(worker.post_message(&pack(&start, self.run, &base)));
        }
    }

    /// The workers are still there (not ended).
    pub fn is_alive(&self) -> bool {
        !self.workers.is_empty()
    }

    /// Every worker has loaded, and the first has warmed up.
    pub fn is_ready(&self) -> bool {
        self.ready >= self.size
    }

    pub fn run(&self) -> u32 {
        self.run
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
    /// In misère play: the small lands' trees beside each level (None in normal play).
    pub fn misere_trees(&self) -> Option<Vec<usize>> {
        self.misere.then(|| self.level_trees.clone())
    }

    /// The same for the watched level's children.
    pub fn misere_child_trees(&self) -> Option<Vec<usize>> {
        self.misere.then(|| self.children_trees.clone())
    }

    pub fn level_children(&self, level: usize) -> Vec<ChildView> {
        match &self.children {
            Some((k, list)) if *k == level => list.clone(),
            _ => Vec::new(),
        }
    }

    /// Reads what member `index` said: what it means, and the losses it sent (as words).
    pub fn hear(&mut self, index: usize, data: &JsValue) -> (Heard, Vec<u16>) {
        if run_of(data) != Some(self.run) {
            return (Heard::Stale, Vec::new());
        }
        let (message, words) = match unpack::<FromMember>(data) {
            Ok(m) => m,
            Err(e) => return (Heard::Failed(e), Vec::new()),
        };
        self.heard = true;
        if self.answered {
            // Only answers to what the page asks (a watch) are heard once the computation is
            // answered; losses and counts sent before a member was paused are not.
            return match message {
                FromMember::Progress {
                    levels,
                    children,
                    reply: true,
                    ..
                } => {
                    self.show(levels, children);
                    (Heard::Progress { reply: true }, Vec::new())
                }
                _ => (Heard::Stale, Vec::new()),
            };
        }
        let heard = match message {
            FromMember::Progress {
                expansions,
                levels,
                children,
                reply,
                path,
            } => {
                self.count(index, expansions);
                self.tell_paths(index, path);
                self.show(levels, children);
                Heard::Progress { reply }
            }
            FromMember::Done { expansions, answer } => {
                self.count(index, expansions);
                self.answered = true;
                Heard::Done(answer.into())
            }
            FromMember::MisereDone { work, wins, base } => {
                self.count(index, work);
                self.answered = true;
                self.misere_base = Some(base);
                Heard::Done(Answer::Outcome(if wins {
                    Verdict::Win
                } else {
                    Verdict::Loss
                }))
            }
            FromMember::MisereBase { base } => {
                // Member 0's, as the page shows its levels: one base kept, not one a member.
                if index == 0 {
                    self.misere_base = Some(base);
                }
                Heard::Progress { reply: false }
            }
            FromMember::Failed { message } => Heard::Failed(message),
            FromMember::Refused { message } => Heard::Refused(message),
            FromMember::Ready => {
                self.ready += 1;
                Heard::Ready
            }
        };
        (heard, words)
    }

    /// Keeps where member `index` works and tells the members after it, which keep away from
    /// the paths of the members before them (member 0 searches as one search alone does).
    fn tell_paths(&mut self, index: usize, path: Vec<WireKey>) {
        let Some(slot) = self.paths.get_mut(index) else {
            return;
        };
        *slot = path;
        for (j, worker) in self.workers.iter().enumerate().skip(index + 1) {
            let keys = self.paths[..j].iter().flatten().copied().collect();
            dom::best_effort(worker.post_message(&pack(&ToMember::Avoid { keys }, self.run, &[])));
        }
    }

    /// Keeps the levels and watched children member 0 sent, if it sent them.
    fn show(&mut self, levels: Option<Vec<LevelRow>>, children: Option<(usize, Vec<ChildRow>)>) {
        if let Some(rows) = levels {
            self.levels = rows.iter().filter_map(|r| r.view()).collect();
            self.level_trees = rows.iter().map(|r| r.trees).collect();
        }
        if let Some((k, rows)) = children {
            self.children = Some((k, rows.iter().filter_map(|r| r.view()).collect()));
            self.children_trees = rows.iter().map(|r| r.trees).collect();
        }
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
        let message = pack(&ToMember::Losses, self.run, words);
        for (i, worker) in self.workers.iter().enumerate() {
            if i != from {
                dom::best_effort(worker.post_message(&message));
            }
        }
    }

    fn tell_all(&self, message: &ToMember) {
        let packed = pack(message, self.run, &[]);
        for worker in &self.workers {
            dom::best_effort(worker.post_message(&packed));
        }
    }

    /// Member 0 is the one whose levels are shown and zapped.
    fn tell_first(&self, message: &ToMember) {
        if let Some(worker) = self.workers.first() {
            dom::best_effort(worker.post_message(&pack(message, self.run, &[])));
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
            LIVE_WORKERS.with(|n| n.set(n.get().saturating_sub(1)));
        }
        dom::best_effort(web_sys::Url::revoke_object_url(&self.script_url));
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
