//! One member of Glop's team, inside a Web Worker: a df-pn search with its own copy of the base,
//! run in slices of about `SLICE_MS` so that the page's messages (pause, zap, the other members'
//! losses) are read between them. After each slice it sends the page its expansions and the
//! losses it proved; member 0, whose search is the one-thread search, also sends its levels.
//! The page (`team`) starts it with `gamelab_sprouts_member` once the module is loaded.

use std::cell::{Cell, RefCell};

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::messages::{key_of, pack, unpack, wire_key, ChildRow, FromMember, LevelRow, ToMember};
use crate::engine::sprouts::dfpn::{Dfpn, TABLE_COUPLES};
use crate::engine::sprouts::{exchange, Computation, Database, Goal, Position, Progress};
use crate::ui::dom;

/// Milliseconds a slice computes before the member looks at its messages.
const SLICE_MS: f64 = 25.0;
/// Expansions between two looks at the clock.
const STEP_EXPANSIONS: u64 = 64;
/// The levels (and the watched children) are sent at most this often, unless asked for.
const VIEWS_EVERY_MS: f64 = 200.0;

struct Member {
    index: usize,
    search: Dfpn,
    db: Database,
    running: bool,
    /// A slice is already scheduled.
    scheduled: bool,
    watched: Option<usize>,
    views_sent: f64,
}

thread_local! {
    static MEMBER: RefCell<Option<Member>> = const { RefCell::new(None) };
    /// The computation the member works on (the page's count of its Start messages).
    static RUN: Cell<u32> = const { Cell::new(0) };
    /// Where the next slice is asked for: a message to oneself is run as soon as the messages
    /// before it are (a zero timeout would be held back 4 ms after a few rounds).
    static WAKE: RefCell<Option<web_sys::MessagePort>> = const { RefCell::new(None) };
    /// The warm-up under way (`ToMember::WarmUp`), run in slices as a computation is, so that
    /// a computation asked for meanwhile replaces it at once. A slice is asked for while it is.
    static WARM_UP: RefCell<Option<(Dfpn, Database)>> = const { RefCell::new(None) };
}

/// Runs in the worker once the module is loaded: listens to the page.
#[wasm_bindgen]
pub fn gamelab_sprouts_member() {
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let heard = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(|event: web_sys::MessageEvent| {
        heard(&event.data());
    });
    scope.set_onmessage(Some(heard.as_ref().unchecked_ref()));
    heard.forget(); // for the worker's whole life
    if let Ok(channel) = web_sys::MessageChannel::new() {
        let slice = Closure::<dyn FnMut()>::new(run_slice);
        channel
            .port1()
            .set_onmessage(Some(slice.as_ref().unchecked_ref()));
        slice.forget();
        WAKE.with(|w| *w.borrow_mut() = Some(channel.port2()));
    }
}

fn say(message: &FromMember, words: &[u16]) {
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    dom::best_effort(scope.post_message(&pack(message, RUN.with(Cell::get), words)));
}

fn now() -> f64 {
    js_sys::Date::now()
}

fn heard(data: &JsValue) {
    let (message, words) = match unpack::<ToMember>(data) {
        Ok(m) => m,
        Err(e) => {
            say(&FromMember::Failed { message: e }, &[]);
            return;
        }
    };
    if let ToMember::Start {
        run,
        position,
        goal,
        index,
    } = message
    {
        RUN.with(|r| r.set(run));
        // The page reuses its workers: a new computation replaces the last one (or the
        // warm-up), whose slice may still be asked for.
        let warming = WARM_UP.with(|w| w.borrow_mut().take().is_some());
        let scheduled = MEMBER.with(|m| m.borrow_mut().take().is_some_and(|old| old.scheduled));
        let scheduled = scheduled || warming;
        match start(&position, goal.into(), index, &words) {
            Ok(mut member) => {
                member.scheduled = scheduled;
                MEMBER.with(|m| *m.borrow_mut() = Some(member));
            }
            Err(message) => say(&FromMember::Failed { message }, &[]),
        }
        schedule();
        return;
    }
    if let ToMember::WarmUp { spots } = message {
        if spots == 0 || MEMBER.with(|m| m.borrow().is_some()) {
            say(&FromMember::Ready, &[]);
        } else {
            let goal = Goal::Outcome { nimber_part: 0 };
            let search = Dfpn::new(Position::spots(spots), goal, 1 << 16);
            WARM_UP.with(|w| *w.borrow_mut() = Some((search, Database::new())));
            wake();
        }
        return;
    }
    let reply = MEMBER.with(|m| {
        let mut guard = m.borrow_mut();
        let member = guard.as_mut()?;
        Some(member.obey(message, &words))
    });
    if reply == Some(true) {
        schedule();
    }
}

/// Most expansions a warm-up makes (the 7-spot game takes 2,702): it ends there in any case.
const WARM_UP_EXPANSIONS: u64 = 20_000;

/// One slice of the warm-up: the `spots`-spot game solved with a small table and forgotten,
/// saying `Ready` at its end. The browser first runs a module on quickly made code and then
/// optimizes the functions that keep running; the compiled module is shared by the page's
/// workers, so one warm-up serves them all. True while it goes on.
fn warm_up_slice() -> bool {
    let started = now();
    let going = WARM_UP.with(|w| {
        let mut guard = w.borrow_mut();
        let Some((search, db)) = guard.as_mut() else {
            return false;
        };
        while search.stats().expansions < WARM_UP_EXPANSIONS && now() - started < SLICE_MS {
            if search.step(db, None, STEP_EXPANSIONS) != Progress::Running {
                break;
            }
        }
        let going = search.stats().expansions < WARM_UP_EXPANSIONS && !search.is_finished();
        if !going {
            *guard = None;
        }
        going
    });
    if !going {
        say(&FromMember::Ready, &[]);
    }
    going
}

fn start(text: &str, goal: Goal, index: usize, base: &[u16]) -> Result<Member, String> {
    let position = Position::parse(text).map_err(|e| e.to_string())?;
    let mut db = Database::new();
    for (land, nimber) in exchange::decode(base)? {
        // The page's main base holds each land once: nothing here can disagree.
        let _ = db.insert(&land, nimber);
    }
    // As the native team: member 0 searches as one search alone does, the others break ties
    // their own way. Each has a whole table (its own memory: halves forgot too much).
    let seed = index as u64 * 0x2545_F491_4F6C_DD1D;
    let search = Dfpn::new(position, goal, TABLE_COUPLES).team_member(seed);
    Ok(Member {
        index,
        search,
        db,
        running: true,
        scheduled: false,
        watched: None,
        views_sent: f64::NEG_INFINITY,
    })
}

impl Member {
    /// Does what the page asks; true when a slice should be scheduled.
    fn obey(&mut self, message: ToMember, words: &[u16]) -> bool {
        match message {
            ToMember::Start { .. } | ToMember::WarmUp { .. } => false,
            ToMember::Losses => {
                // From our own other members: a broken message is skipped, not fatal.
                if let Ok(couples) = exchange::decode(words) {
                    for (land, nimber) in &couples {
                        // A couple that disagrees with one known is dropped: the page's checks
                        // are where a base is judged, not a member's search.
                        let _ = self.db.insert(land, *nimber);
                    }
                    // A level one of them proves is left at once.
                    self.search.notice(&couples, &self.db);
                }
                false
            }
            ToMember::Pause => {
                self.running = false;
                self.report(true);
                false
            }
            ToMember::Resume => {
                self.running = true;
                true
            }
            ToMember::Zap { level, child } => {
                let done = self.search.zap(level, child);
                self.answer(done)
            }
            ToMember::ZapStep { level, forward } => {
                let done = self.search.zap_step(level, forward);
                self.answer(done)
            }
            ToMember::Watch { level } => {
                self.watched = level;
                self.report(true);
                false
            }
            ToMember::Avoid { keys } => {
                self.search.avoid(keys.into_iter().map(key_of));
                false
            }
        }
    }

    fn answer(&mut self, done: Result<(), String>) -> bool {
        match done {
            Ok(()) => self.report(true),
            Err(message) => say(&FromMember::Refused { message }, &[]),
        }
        false
    }

    /// Sends the expansions and new losses; the levels too when asked (`reply`) or when due.
    fn report(&mut self, reply: bool) {
        let losses = self.search.take_new_losses();
        let words = exchange::encode(losses.iter().map(|(l, n)| (l, *n)));
        let views = self.index == 0 && (reply || now() - self.views_sent >= VIEWS_EVERY_MS);
        let (levels, children) = if views {
            self.views_sent = now();
            let levels = self.search.levels().iter().map(LevelRow::from).collect();
            let children = self.watched.map(|k| {
                let rows = self.search.level_children(k);
                (k, rows.iter().map(ChildRow::from).collect())
            });
            (Some(levels), children)
        } else {
            (None, None)
        };
        say(
            &FromMember::Progress {
                expansions: self.search.stats().expansions,
                levels,
                children,
                reply,
                path: self.search.path().into_iter().map(wire_key).collect(),
            },
            &words,
        );
    }

    /// Computes for one slice; false once the search has ended (answer or failure sent).
    fn slice(&mut self) -> bool {
        let started = now();
        let progress = loop {
            let progress = self.search.step(&mut self.db, None, STEP_EXPANSIONS);
            if progress != Progress::Running || now() - started >= SLICE_MS {
                break progress;
            }
        };
        match progress {
            Progress::Running => {
                self.report(false);
                true
            }
            Progress::Done(answer) => {
                let losses = self.search.take_new_losses();
                let words = exchange::encode(losses.iter().map(|(l, n)| (l, *n)));
                let expansions = self.search.stats().expansions;
                let answer = answer.into();
                say(&FromMember::Done { expansions, answer }, &words);
                // While the page takes the answer, not when the next computation starts.
                self.search.release_when_finished();
                false
            }
            Progress::Failed(message) => {
                say(&FromMember::Failed { message }, &[]);
                false
            }
        }
    }
}

fn schedule() {
    let ask = MEMBER.with(|m| {
        let mut guard = m.borrow_mut();
        match guard.as_mut() {
            Some(member) if member.running && !member.scheduled => {
                member.scheduled = true;
                true
            }
            _ => false,
        }
    });
    if ask {
        wake();
    }
}

/// Asks for a slice (`run_slice`), run once the messages already here are read.
fn wake() {
    WAKE.with(|w| {
        if let Some(port) = w.borrow().as_ref() {
            dom::best_effort(port.post_message(&JsValue::NULL));
        }
    });
}

fn run_slice() {
    if WARM_UP.with(|w| w.borrow().is_some()) {
        if warm_up_slice() {
            wake();
        }
        return;
    }
    let again = MEMBER.with(|m| {
        let mut guard = m.borrow_mut();
        let Some(member) = guard.as_mut() else {
            return false;
        };
        member.scheduled = false;
        if !member.running {
            return false;
        }
        let going = member.slice();
        member.running = going;
        going
    });
    if again {
        schedule();
    }
}
