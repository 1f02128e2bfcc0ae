//! Glop 1.0 in a page: the Parameters, Computation, Database and Children tabs, the main base
//! count at the top left. Computations run in short time slices (the page stays responsive) and
//! can be stopped and resumed; the main base is kept in the browser (IndexedDB).
//! All rules and searches live in `engine::sprouts`; this module only shows and asks.
//!
//! State split (docs/architecture.md): settings = the parameters tab; state = the main base and the running
//! or stopped search; ui state = the open tab, the children list shown, messages.
//!
//! Here: the element's state (`Glop`), mounting, wiring and the actions. Beside it: `parameters`,
//! `computing` (slices, or a team of workers: `runner`, `team`, `member`, `messages`), `checks`,
//! `trust` (an answer resting on unverified couples proved again), `base` (the main base),
//! `children_tab`, and `view` (the tabs drawn from the state).

pub(crate) mod action;
mod base;
mod build;
mod checks;
mod children_tab;
mod computing;
mod member;
mod messages;
mod misere_base;
mod parameters;
mod runner;
mod team;
mod trust;
mod view;

pub use team::live_workers;
pub(crate) use team::{Heard, Team, MAX_WORKERS};

use crate::ui::widgets::drawn::Drawn;
use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use web_sys::{Event, HtmlElement, HtmlInputElement};

use crate::engine::sprouts::children::Cut;
use crate::engine::sprouts::misere;
use crate::engine::sprouts::proof::{Check, CompleteCheck, DotOptions, ProofGraph, Verifying};
use crate::engine::sprouts::search::{store_proved, Answer, Goal, Progress, Verdict};
use crate::engine::sprouts::symbols::MAX_SPOTS;
use crate::engine::sprouts::{
    check_computable, children_with_nimbers, exchange, Bases, Database, Filter, Land, Notation,
    Position, Question, Request, SolveError, Solving, Strategy, Workers,
};
use crate::engine::stop::Stop;
use crate::options::Options;
use crate::seal::{seal, unseal, Unsealed};
use crate::ui::dom::{self, on};
use crate::ui::page::{self, GamePage, Handle};
use crate::ui::widgets::slices::{self, Next};
use crate::ui::widgets::{download, keep, link};

use crate::ui::action::Named;
use action::{Action, Field};
use base::*;
use build::Dom;
use checks::*;
use children_tab::*;
use computing::*;
use misere_base::*;
use parameters::*;
use runner::Runner;

/// Expansions between two looks at the clock.
const STEP_EXPANSIONS: u64 = 40;
/// Where the main base is kept between visits (an element with an id, or the second Glop on a
/// page, adds its own suffix: each keeps its own base).
const STORAGE_KEY: &str = "gamelab-sprouts-main-base";
/// While computing, the main base is kept this often (milliseconds), so a reload loses little.
const KEEP_EVERY_MS: f64 = 3000.0;
/// Proof graphs up to this many couples are also drawn in the page.
const DRAWN_GRAPH_LIMIT: usize = 80;

/// A computation of the Computation tab (running or stopped).
struct Computation {
    position: Position,
    goal: Goal,
    /// Misère play (who cannot move wins): the goal is then the outcome.
    misere: bool,
    runner: Runner,
    /// Milliseconds spent computing so far (pauses excluded).
    spent: f64,
    /// When `spent` was last brought up to date (workers' computations, which run on their own).
    clock: f64,
    result: Option<Answer>,
    /// How far the answer can be trusted, worked out once it is shown (normal play).
    trust: Option<Trust>,
    /// The check of the answer under way (`Trust::Checking`), with its number.
    verifying: Option<(u32, Verifying)>,
}

/// How far a normal-play answer can be trusted when the main base holds couples nobody proved.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Trust {
    /// Nothing unproved under it: no unverified couple, or a check from scratch that did not
    /// trust them gave the same answer.
    Proved,
    /// Being proved again without trusting the base (in the page's slices).
    Checking,
    /// It rests on this many unverified couples (the check did not finish, or was stopped).
    Unchecked(usize),
    /// The base is wrong: what a check from scratch found.
    Refuted(String),
    /// A couple it may rest on was refuted and removed since.
    Withdrawn,
}

impl Computation {
    /// Counts the time since the last tick as computing time.
    fn tick(&mut self) {
        let now = dom::now();
        self.spent += (now - self.clock).max(0.0);
        self.clock = now;
    }
}

pub struct Glop {
    dom: Dom,
    db: Database,
    /// The misère base: everything misère computations proved (trees, lands, lost states).
    misere: misere::Solver,
    /// A misère base being read (from the browser or a file), in slices.
    misere_reading: Option<MisereReading>,
    /// Compute was pressed while the misère base was being read: it starts once it is in.
    compute_when_read: bool,
    /// A misère base file waiting for the reader's yes to replace the misère base.
    pending_misere: Option<(String, String)>,
    /// A misère check (the position computed afresh), when the last check was one.
    misere_check: Option<MisereCheckRun>,
    computation: Option<Computation>,
    running: bool,
    check: Option<CheckRun>,
    complete: Option<CompleteCheck>,
    /// The level whose children list is open.
    listing: Option<usize>,
    /// Once a computation has its answer: the moves to a losing position (the winning moves),
    /// or why they could not be listed; for the position and base size they were listed for.
    replies: Option<(Position, usize, Result<Vec<Position>, String>)>,
    /// A misère answer's winning moves being found, in slices.
    misere_listing: Option<view::MisereListing>,
    /// Checks of answers started so far (`trust`): a check's slices know it by its number.
    trust_checks: u32,
    children: Vec<(Position, Option<u8>)>,
    notation: Notation,
    message: String,
    db_message: String,
    /// When the page was last redrawn during a computation (it is redrawn every 100 ms).
    last_drawn: f64,
    /// The change being drawn came from a slice or a worker's message (`refresh`).
    paced: bool,
    /// ... and it asks to be drawn at once all the same.
    draw_now: bool,
    /// Whether a computation ran when the page was last drawn.
    drawn_running: bool,
    /// This page's own handle, for the browser's answers that come later (storage).
    me: std::rc::Weak<RefCell<Glop>>,
    /// Where this element keeps its base (and, with `-parameters`, its parameters).
    storage_key: String,
    /// When the base was last kept during a computation.
    last_kept: f64,
    /// The complete check was stopped (Complete check again goes on).
    complete_stopped: bool,
    /// How long the complete check's next slice may give one expansion (ms).
    complete_allowance_ms: f64,
    /// Couples loaded from files and not yet confirmed by a complete check.
    unverified: usize,
    /// What the Computation tab's check buttons last did (saved, added), shown by them.
    check_message: String,
    /// A child of the Children tab whose nimber is being computed on demand.
    child_run: Option<ChildRun>,
    /// What the Children tab and the check's proof graph were last drawn from.
    drawn_children: Drawn,
    drawn_proof: Drawn,
    /// Why the computation runs in the page rather than in Web Workers (empty when it does not).
    runner_note: String,
    /// Workers started when the page opened, waiting for the first computation (loaded and
    /// warmed up by then, unless it comes at once).
    ready_team: Option<Team>,
    /// `data-workers` (0: compute in the page); none: one a core.
    workers_asked: Option<usize>,
}

/// Where a file's "Saved …" message goes: by the button that saved it.
#[derive(Clone, Copy)]
enum Place {
    Database,
    Check,
}

type Shared = Handle<Glop>;

impl GamePage for Glop {
    const NAME: &'static str = "sprouts";
    const CLASS: &'static str = "gl-sprouts";
    const VIEW: &'static str = "analysis";
    type Action = Action;

    /// The page; `data-spots`, `data-position` and `data-goal` set the start.
    fn new(root: &HtmlElement, options: &Options, problems: &mut String) -> Glop {
        let mut app = Glop {
            dom: build::build(root),
            db: Database::new(),
            misere: misere::Solver::new(),
            misere_reading: None,
            compute_when_read: false,
            pending_misere: None,
            misere_check: None,
            computation: None,
            running: false,
            check: None,
            complete: None,
            listing: None,
            replies: None,
            misere_listing: None,
            trust_checks: 0,
            children: Vec::new(),
            notation: Notation::Glop10,
            message: String::new(),
            db_message: String::new(),
            last_drawn: 0.0,
            paced: false,
            draw_now: false,
            drawn_running: false,
            me: std::rc::Weak::new(),
            storage_key: storage_key(root),
            last_kept: 0.0,
            complete_stopped: false,
            complete_allowance_ms: COMPLETE_ALLOWANCE_MS,
            unverified: 0,
            check_message: String::new(),
            child_run: None,
            drawn_children: Drawn::default(),
            drawn_proof: Drawn::default(),
            runner_note: String::new(),
            ready_team: None,
            workers_asked: options.number("workers").map(|n| n as usize),
        };
        app.start_from_options(options);
        problems.push_str(&std::mem::take(&mut app.message));
        app.validate_start();
        app.restore_parameters();
        // A link's position and goal come last: the link is what the reader opened.
        app.start_from_link(root);
        app
    }

    fn act(app: &Shared, action: Action) {
        act(app, action)
    }

    fn view(&mut self) {
        Glop::refresh(self)
    }

    fn embed_attributes(&self) -> Vec<(String, String)> {
        Glop::embed_attributes(self)
    }

    fn listen(app: &Shared) {
        app.borrow_mut().me = Rc::downgrade(app);
        listen(app)
    }

    /// The kept base comes back, and workers start loading for the first computation.
    fn started(app: &Shared) {
        restore_base(app);
        restore_misere(app);
        prepare_team(app);
    }
}

/// The keys, the fields and dropped files; the buttons are the shell's.
fn listen(app: &Shared) {
    let root = app.borrow().dom.root.clone();
    listen_keys(app, &root);
    listen_typing(app, &root);
    listen_changes(app, &root);
}

/// The element an event happened on.
fn target_element(event: &Event) -> Option<web_sys::Element> {
    event.target().and_then(|t| t.dyn_into().ok())
}

/// Arrows, Home and End move between the tabs; Enter in a position field computes.
fn listen_keys(app: &Shared, root: &HtmlElement) {
    let handle = app.clone();
    on::<web_sys::KeyboardEvent>(root, "keydown", move |event| {
        let Some(target) = target_element(&event) else {
            return;
        };
        let action = target.get_attribute("data-action").unwrap_or_default();
        if let Some(Action::Tab(tab)) = Action::parse(&action) {
            let next = handle.borrow().dom.tab_after_key(&tab, &event.key());
            if let Some(next) = next {
                event.prevent_default();
                let a = handle.borrow();
                a.dom.show_tab(&next);
                a.dom.focus_tab(&next);
            }
            return;
        }
        let field = target
            .get_attribute("data-field")
            .and_then(|f| Field::parse(&f));
        if event.key() == "Enter" && matches!(field, Some(Field::Spots | Field::Free)) {
            event.prevent_default();
            {
                let a = handle.borrow();
                let radio = if field == Some(Field::Free) {
                    &a.dom.free_radio
                } else {
                    &a.dom.spots_radio
                };
                radio.set_checked(true);
            }
            page::dispatch(&handle, Action::Compute);
        }
    });
}

/// A start typed is checked as it is typed (and kept), as is the Children tab's position.
fn listen_typing(app: &Shared, root: &HtmlElement) {
    let handle = app.clone();
    on::<Event>(root, "input", move |event| {
        let Some(target) = target_element(&event) else {
            return;
        };
        let field = target
            .get_attribute("data-field")
            .and_then(|f| Field::parse(&f));
        page::update(&handle, |a| match field {
            Some(Field::Free) => {
                a.dom.free_radio.set_checked(true);
                a.validate_start();
                a.keep_parameters();
            }
            Some(Field::Spots) => {
                a.dom.spots_radio.set_checked(true);
                a.validate_start();
                a.keep_parameters();
            }
            Some(Field::ChildrenPosition) => a.validate_children_input(),
            _ => {}
        });
    });
}

/// Files chosen are read; the notation, the kind of start and the goal are kept as chosen.
fn listen_changes(app: &Shared, root: &HtmlElement) {
    let handle = app.clone();
    on::<Event>(root, "change", move |event| {
        let Some(target) = target_element(&event) else {
            return;
        };
        let field = target
            .get_attribute("data-field")
            .and_then(|f| Field::parse(&f));
        match field {
            Some(Field::Files) => {
                let input: HtmlInputElement = target.unchecked_into();
                if let Some(files) = input.files() {
                    page::react(&handle, |handle| read_files(handle, files));
                }
                input.set_value("");
            }
            Some(Field::Notation) => page::update(&handle, |a| {
                a.notation = if a.dom.notation.value() == "2" {
                    Notation::Glop2
                } else {
                    Notation::Glop10
                };
                a.keep_parameters();
                // The canonical form is shown in the notation chosen, like everything else.
                a.validate_start();
            }),
            Some(Field::StartKind) => page::update(&handle, |a| {
                a.validate_start();
                a.keep_parameters();
            }),
            Some(Field::Goal) => page::update(&handle, Glop::keep_parameters),
            _ => {}
        }
    });
    let handle = app.clone();
    let zone = app.borrow().dom.drop_zone.clone();
    on::<web_sys::DragEvent>(&zone, "dragover", |event| event.prevent_default());
    on::<web_sys::DragEvent>(&zone, "drop", move |event| {
        event.prevent_default();
        if let Some(files) = event.data_transfer().and_then(|d| d.files()) {
            page::react(&handle, |handle| read_files(handle, files));
        }
    });
}

fn act(app: &Shared, action: Action) {
    match action {
        Action::Compute => return start_computation(app),
        Action::Check => return start_check(app),
        Action::CompleteCheck => return start_complete_check(app),
        Action::LoadBase => return app.borrow().dom.file_input.click(),
        Action::ChildNimber(i) => return start_child_nimber(app, i),
        Action::MisereLoadConfirmed => return load_pending_misere(app),
        _ => {}
    }
    let mut a = app.borrow_mut();
    match action {
        Action::Tab(tab) => a.dom.show_tab(&tab),
        Action::Share => a.share(),
        Action::Stop => a.stop(),
        Action::Restart => {
            a.stop();
            a.computation = None;
            a.message = "The computation was discarded; the main base keeps what it found.".into();
        }
        Action::SaveBase => {
            let text = a.db.to_spr();
            a.offer(
                "sprouts-base.spr",
                text.into_bytes(),
                "text/plain",
                Place::Database,
            );
        }
        Action::SaveCheckBase => match a.check.as_ref().map(|c| c.check.check_db.to_spr()) {
            Some(text) => a.offer(
                "sprouts-check.spr",
                text.into_bytes(),
                "text/plain",
                Place::Check,
            ),
            None => a.check_message = "Run a check first.".into(),
        },
        Action::SaveCheckGraph => a.save_check_graph(),
        Action::UseCheckBase => a.use_check_base(),
        Action::UseCheckBaseConfirmed => a.use_check_base_confirmed(),
        Action::ClearBaseConfirmed => a.clear_base_confirmed(),
        Action::SaveMisereBase => a.save_misere(),
        Action::ClearMisereBase => a.clear_misere(),
        Action::ClearMisereBaseConfirmed => a.clear_misere_confirmed(),
        Action::FilterApplyConfirmed => a.filter_apply_confirmed(),
        Action::AdoptCheckResults => a.adopt_check_results(),
        Action::StopChild => {
            if let Some(run) = a.child_run.as_mut() {
                run.stopped = true;
            }
        }
        Action::Filter { apply } => a.filter(apply),
        Action::ClearBase => a.clear_base(),
        Action::ChildrenCompute => a.compute_children(),
        Action::ChildrenClose => {
            a.listing = None;
            if let Some(c) = a.computation.as_mut() {
                c.runner.watch(None);
            }
        }
        Action::LevelStep { level, forward } => {
            if let Some(c) = a.computation.as_mut() {
                if let Err(e) = c.runner.zap_step(level, forward) {
                    a.message = e.to_string();
                }
            }
        }
        Action::LevelList(level) => {
            a.listing = Some(level);
            if let Some(c) = a.computation.as_mut() {
                c.runner.watch(Some(level));
            }
        }
        Action::Zap { level, child } => a.zap(level, child),
        Action::Child(i) => a.open_child(i),
        // Handled above, before the state was borrowed.
        Action::Compute
        | Action::Check
        | Action::CompleteCheck
        | Action::LoadBase
        | Action::MisereLoadConfirmed
        | Action::ChildNimber(_) => {}
    }
}

impl Glop {
    /// The data attributes that open this page's parameters ("Embed this").
    fn embed_attributes(&self) -> Vec<(String, String)> {
        let d = &self.dom;
        let mut out = if d.free_radio.checked() {
            vec![(
                "data-position".to_string(),
                d.free.value().trim().to_string(),
            )]
        } else {
            vec![("data-spots".to_string(), d.spots.value().trim().to_string())]
        };
        let goal = d.goal.value();
        if goal == "nimber" || goal == "misere" {
            out.push(("data-goal".into(), goal));
        }
        out
    }
    /// Stops whatever runs: the computation (its base is kept), a check, the complete check.
    fn stop(&mut self) {
        if self.running {
            self.running = false;
            self.message = String::new();
            if let Some(c) = self.computation.as_mut() {
                if let Runner::Team(team) = &c.runner {
                    team.pause();
                    c.tick();
                }
            }
            if self.computation.as_ref().is_some_and(|c| c.misere) {
                self.store_misere();
            } else {
                self.store_base();
            }
        }
        if let Some(run) = self.misere_check.as_mut().filter(|r| r.result.is_none()) {
            run.result = Some(Err(format!("stopped after {} units of work", run.work())));
        }
        if let Some(run) = self.check.as_mut().filter(|r| r.result.is_none()) {
            run.result = Some(Err(format!(
                "stopped after {} expansions",
                run.check.search.stats().expansions
            )));
        }
        if self.complete.as_ref().is_some_and(|c| !c.is_done()) {
            self.complete_stopped = true;
        }
        trust::stop_trust_check(self);
    }

    /// Something is running in slices (the Stop button is live).
    fn busy(&self) -> bool {
        self.running
            || trust::checking_expansions(self).is_some()
            || self.check.as_ref().is_some_and(|r| r.result.is_none())
            || self
                .misere_check
                .as_ref()
                .is_some_and(|r| r.result.is_none())
            || (self.complete.as_ref().is_some_and(|c| !c.is_done()) && !self.complete_stopped)
    }

    /// Makes a level compute one of its children.
    fn zap(&mut self, level: usize, child: usize) {
        let Some(c) = self.computation.as_mut() else {
            return;
        };
        match c.runner.zap(level, child) {
            Ok(()) => {
                self.listing = None;
                c.runner.watch(None);
            }
            Err(e) => self.message = e.to_string(),
        }
    }

    fn offer(&mut self, name: &str, bytes: Vec<u8>, mime: &str, place: Place) {
        let said = match download::offer(&bytes, mime, name) {
            Ok(()) => format!(
                "Saved {name} ({} bytes).{}",
                bytes.len(),
                download::framed_note()
            ),
            Err(e) => format!("Could not save {name}: {e}"),
        };
        match place {
            Place::Database => self.db_message = said,
            Place::Check => self.check_message = said,
        }
    }

    /// The view. Slices and workers' messages come hundreds of times a second while work runs:
    /// their views (`paced`) are drawn at most every 100 ms, unless one asks to be drawn now (an
    /// answer, work finished, a reply the page asked for); everything else is drawn at once.
    fn refresh(&mut self) {
        let paced = std::mem::take(&mut self.paced);
        // A computation that started or ended is drawn at once too.
        let now = std::mem::take(&mut self.draw_now) || self.running != self.drawn_running;
        if paced && !now && dom::now() - self.last_drawn < 100.0 {
            return;
        }
        self.last_drawn = dom::now();
        self.drawn_running = self.running;
        view::refresh(self);
    }
}

// ---------------------------------------------------------------------------------------------
// Time-sliced work

/// Used by the view: the words for an answer (in misère play or not).
fn answer_words(answer: Answer, misere: bool) -> String {
    let play = if misere { " in misère play" } else { "" };
    match answer {
        Answer::Outcome(Verdict::Win) => format!("win (the first player wins{play})"),
        Answer::Outcome(Verdict::Loss) => format!("loss (the first player loses{play})"),
        Answer::Nimber(n) => format!("nimber {n}"),
    }
}
