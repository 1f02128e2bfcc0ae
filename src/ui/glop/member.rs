//! One member of Glop's team, inside a Web Worker: a df-pn search with its own copy of the base,
//! run in slices of about `SLICE_MS` so that the page's messages (pause, zap, the other members'
//! losses) are read between them. After each slice it sends the page its expansions and the
//! losses it proved; member 0, whose search is the one-thread search, also sends its levels.
//! The page (`team`) starts it with `gamelab_sprouts_member` once the module is loaded.
//!
//! In misère play a member runs the misère search (`engine::sprouts::misere::search`) with its
//! own solver, begun from the page's misère base and on a start's child of its own; it sends
//! its misère base back with its answer, and when paused.

use std::cell::{Cell, RefCell};

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::messages::{key_of, pack, unpack, wire_key, ChildRow, FromMember, LevelRow, ToMember};
use crate::engine::sprouts::dfpn::{Dfpn, TABLE_COUPLES};
use crate::engine::sprouts::misere;
use crate::engine::sprouts::misere::BaseReader;
use crate::engine::sprouts::{exchange, Computation, Database, Goal, Position, Progress};
use crate::ui::dom;

/// Milliseconds a slice computes before the member looks at its messages.
const SLICE_MS: f64 = 25.0;
/// Expansions between two looks at the clock.
const STEP_EXPANSIONS: u64 = 64;
/// The levels (and the watched children) are sent at most this often, unless asked for.
const VIEWS_EVERY_MS: f64 = 200.0;

/// What a member computes.
enum Work {
    Normal {
        search: Box<Dfpn>,
        db: Database,
    },
    Misere {
        search: misere::Search,
        solver: Box<misere::Solver>,
        /// The page's misère base, still being read (a slice at a time) before the search.
        reader: Option<Box<BaseReader>>,
    },
}

/// The misère solver's work between two looks at the clock.
const MISERE_STEP: u64 = 200;

struct Member {
    index: usize,
    work: Work,
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
        begin(run, start(&position, goal.into(), index, &words));
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
    if let ToMember::StartMisere {
        run,
        position,
        index,
        first,
        base,
    } = message
    {
        begin(run, start_misere(&position, index, first, &base));
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

/// Run `run` begins with `started`: the page reuses its workers, so a new computation replaces
/// the last one (or the warm-up), whose slice may still be asked for.
fn begin(run: u32, started: Result<Member, String>) {
    RUN.with(|r| r.set(run));
    let warming = WARM_UP.with(|w| w.borrow_mut().take().is_some());
    let scheduled = MEMBER.with(|m| m.borrow_mut().take().is_some_and(|old| old.scheduled));
    match started {
        Ok(mut member) => {
            member.scheduled = scheduled || warming;
            MEMBER.with(|m| *m.borrow_mut() = Some(member));
        }
        Err(message) => say(&FromMember::Failed { message }, &[]),
    }
    schedule();
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
    let search = Box::new(search);
    Ok(member(index, Work::Normal { search, db }))
}

fn start_misere(text: &str, index: usize, first: usize, base: &str) -> Result<Member, String> {
    let position = Position::parse(text).map_err(|e| e.to_string())?;
    // The page's own misère base (it sealed it, or proved it itself): read without answering
    // its lost states again. An empty base is no base at all.
    let solver = misere::Solver::new();
    let reader = if base.is_empty() {
        None
    } else {
        let reader =
            BaseReader::new(base, solver.small_lives, u64::MAX).map_err(|e| e.to_string())?;
        Some(Box::new(reader.trusting()))
    };
    let search = misere::Search::new(position).trying_first(first);
    Ok(member(
        index,
        Work::Misere {
            search,
            solver: Box::new(solver),
            reader,
        },
    ))
}

fn member(index: usize, work: Work) -> Member {
    Member {
        index,
        work,
        running: true,
        scheduled: false,
        watched: None,
        views_sent: f64::NEG_INFINITY,
    }
}

impl Member {
    /// Does what the page asks; true when a slice should be scheduled.
    fn obey(&mut self, message: ToMember, words: &[u16]) -> bool {
        match message {
            ToMember::Start { .. } | ToMember::StartMisere { .. } | ToMember::WarmUp { .. } => {
                false
            }
            ToMember::Losses => {
                let Work::Normal { search, db } = &mut self.work else {
                    return false;
                };
                // From our own other members: a broken message is skipped, not fatal.
                if let Ok(couples) = exchange::decode(words) {
                    for (land, nimber) in &couples {
                        // A couple that disagrees with one known is skipped here: the page
                        // stores every member's losses in the main base this one was copied
                        // from, so it meets the same disagreement and says it
                        // (`computing::heard_member`).
                        let _ = db.insert(land, *nimber);
                    }
                    // A level one of them proves is left at once.
                    search.notice(&couples, db);
                }
                false
            }
            ToMember::Pause => {
                self.running = false;
                self.report(true);
                // A misère member's proofs live in its own solver: the page keeps them.
                if let Work::Misere {
                    solver,
                    reader: None,
                    ..
                } = &self.work
                {
                    say(
                        &FromMember::MisereBase {
                            base: solver.write_base(),
                        },
                        &[],
                    );
                }
                false
            }
            ToMember::Resume => {
                self.running = true;
                true
            }
            ToMember::Zap { level, child } => {
                let done = match &mut self.work {
                    Work::Normal { search, .. } => search.zap(level, child),
                    Work::Misere { search, .. } => search.zap(level, child),
                };
                self.answer(done)
            }
            ToMember::ZapStep { level, forward } => {
                let done = match &mut self.work {
                    Work::Normal { search, .. } => search.zap_step(level, forward),
                    Work::Misere { search, .. } => search.zap_step(level, forward),
                };
                self.answer(done)
            }
            ToMember::Watch { level } => {
                self.watched = level;
                self.report(true);
                false
            }
            ToMember::Avoid { keys } => {
                if let Work::Normal { search, .. } = &mut self.work {
                    search.avoid(keys.into_iter().map(key_of));
                }
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
        let views = self.index == 0 && (reply || now() - self.views_sent >= VIEWS_EVERY_MS);
        if views {
            self.views_sent = now();
        }
        let watched = self.watched;
        let (expansions, words, levels, children, path) = match &mut self.work {
            Work::Normal { search, .. } => {
                let losses = search.take_new_losses();
                let words = exchange::encode(losses.iter().map(|(l, n)| (l, *n)));
                let levels: Option<Vec<LevelRow>> =
                    views.then(|| search.levels().iter().map(LevelRow::from).collect());
                let children = watched.filter(|_| views).map(|k| {
                    let rows = search.level_children(k);
                    (k, rows.iter().map(ChildRow::from).collect())
                });
                let path = search.path().into_iter().map(wire_key).collect();
                (search.stats().expansions, words, levels, children, path)
            }
            Work::Misere { search, .. } => {
                let levels: Option<Vec<LevelRow>> =
                    views.then(|| search.levels().iter().map(LevelRow::from).collect());
                let children = watched.filter(|_| views).map(|k| {
                    let rows = search.level_children(k);
                    (k, rows.iter().map(ChildRow::from).collect())
                });
                (search.work(), Vec::new(), levels, children, Vec::new())
            }
        };
        say(
            &FromMember::Progress {
                expansions,
                levels,
                children,
                reply,
                path,
            },
            &words,
        );
    }

    /// Computes for one slice; false once the search has ended (answer or failure sent).
    fn slice(&mut self) -> bool {
        let started = now();
        let progress = match &mut self.work {
            Work::Normal { search, db } => loop {
                let progress = search.step(db, None, STEP_EXPANSIONS);
                if progress != Progress::Running || now() - started >= SLICE_MS {
                    break progress;
                }
            },
            Work::Misere {
                search,
                solver,
                reader,
            } => return misere_slice(search, solver, reader, started) && self.reported(),
        };
        match progress {
            Progress::Running => {
                self.report(false);
                true
            }
            Progress::Done(answer) => {
                let Work::Normal { search, .. } = &mut self.work else {
                    return false;
                };
                let losses = search.take_new_losses();
                let words = exchange::encode(losses.iter().map(|(l, n)| (l, *n)));
                let expansions = search.stats().expansions;
                let answer = answer.into();
                say(&FromMember::Done { expansions, answer }, &words);
                // While the page takes the answer, not when the next computation starts.
                search.release_when_finished();
                false
            }
            Progress::Failed(e) => {
                let message = e.to_string();
                say(&FromMember::Failed { message }, &[]);
                false
            }
        }
    }

    /// Reports progress after a slice that goes on; true.
    fn reported(&mut self) -> bool {
        self.report(false);
        true
    }
}

/// A misère member's slice: the page's base read on, then the search; the answer (with the
/// member's base) or a failure sent at the end. True while it goes on.
fn misere_slice(
    search: &mut misere::Search,
    solver: &mut misere::Solver,
    reader: &mut Option<Box<BaseReader>>,
    started: f64,
) -> bool {
    loop {
        if let Some(r) = reader.as_mut() {
            match r.step(MISERE_STEP) {
                Ok(false) => {}
                Ok(true) => {
                    if let Some(done) = reader.take() {
                        *solver = done.finish().0;
                    }
                }
                Err(e) => {
                    say(
                        &FromMember::Failed {
                            message: format!("the misère base: {e}"),
                        },
                        &[],
                    );
                    return false;
                }
            }
        } else {
            match search.step(solver, MISERE_STEP) {
                Ok(None) => {}
                Ok(Some(wins)) => {
                    let base = solver.write_base();
                    say(
                        &FromMember::MisereDone {
                            work: search.work(),
                            wins,
                            base,
                        },
                        &[],
                    );
                    return false;
                }
                Err(e) => {
                    say(
                        &FromMember::Failed {
                            message: format!("{e:?}"),
                        },
                        &[],
                    );
                    return false;
                }
            }
        }
        if now() - started >= SLICE_MS {
            return true;
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
