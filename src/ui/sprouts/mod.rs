//! Glop 1.0 in a page: the Parameters, Computation, Database and Children tabs, the main base
//! count at the top left. Computations run in short time slices (the page stays responsive) and
//! can be stopped and resumed; the main base is kept in the browser (IndexedDB).
//! All rules and searches live in `engine::sprouts`; this module only shows and asks.
//!
//! State split (docs/architecture.md): settings = the parameters tab; state = the main base and the running
//! or stopped search; ui state = the open tab, the children list shown, messages.

mod action;
mod member;
mod messages;
mod runner;
mod team;
mod view;

pub use team::live_workers;

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use web_sys::{Event, HtmlElement, HtmlInputElement};

use crate::engine::sprouts::children::Cut;
use crate::engine::sprouts::proof::{Check, CompleteCheck, DotOptions, ProofGraph};
use crate::engine::sprouts::search::{Answer, Goal, Progress, Search, Verdict};
use crate::engine::sprouts::symbols::MAX_SPOTS;
use crate::engine::sprouts::{
    check_computable, children_with_nimbers, exchange, Database, Filter, Land, Notation, Position,
};
use crate::engine::stop::Stop;
use crate::seal::{seal, unseal, Unsealed};
use crate::ui::dom::{self, on};
use crate::ui::widgets::slices::{self, Next};
use crate::ui::widgets::{download, embed, keep};

use action::Action;
use runner::Runner;
use team::{Heard, Team, MAX_WORKERS};
use view::Dom;

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
    runner: Runner,
    /// Milliseconds spent computing so far (pauses excluded).
    spent: f64,
    /// When `spent` was last brought up to date (workers' computations, which run on their own).
    clock: f64,
    result: Option<Answer>,
}

impl Computation {
    /// Counts the time since the last tick as computing time.
    fn tick(&mut self) {
        let now = dom::now();
        self.spent += (now - self.clock).max(0.0);
        self.clock = now;
    }
}

/// A check of the Computation tab.
struct CheckRun {
    position: Position,
    check: Check,
    spent: f64,
    result: Option<Result<Answer, String>>,
}

struct App {
    dom: Dom,
    db: Database,
    computation: Option<Computation>,
    running: bool,
    check: Option<CheckRun>,
    complete: Option<CompleteCheck>,
    /// The level whose children list is open.
    listing: Option<usize>,
    children: Vec<(Position, Option<u8>)>,
    notation: Notation,
    message: String,
    db_message: String,
    /// When the page was last redrawn during a computation (it is redrawn every 100 ms).
    last_drawn: f64,
    /// This page's own handle, for the browser's answers that come later (storage).
    me: std::rc::Weak<RefCell<App>>,
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
    /// Why the computation runs in the page rather than in Web Workers (empty when it does not).
    runner_note: String,
    /// Workers started when the page opened, waiting for the first computation (loaded and
    /// warmed up by then, unless it comes at once).
    ready_team: Option<Team>,
}

/// The nimber of one child of the Children tab, computed into the main base.
struct ChildRun {
    index: usize,
    position: Position,
    search: Search,
    spent: f64,
    stopped: bool,
}

/// Where a file's "Saved …" message goes: by the button that saved it.
#[derive(Clone, Copy)]
enum Place {
    Database,
    Check,
}

type Shared = Rc<RefCell<App>>;

/// Builds the page inside `root`; `data-spots`, `data-position` and `data-goal` set the start.
pub fn mount(root: &HtmlElement) {
    root.set_text_content(None);
    root.class_list().add_1("gl-sprouts").ok();
    let dom = view::build(root);
    let mut app = App {
        dom,
        db: Database::new(),
        computation: None,
        running: false,
        check: None,
        complete: None,
        listing: None,
        children: Vec::new(),
        notation: Notation::Glop10,
        message: String::new(),
        db_message: String::new(),
        last_drawn: 0.0,
        me: std::rc::Weak::new(),
        storage_key: storage_key(root),
        last_kept: 0.0,
        complete_stopped: false,
        complete_allowance_ms: COMPLETE_ALLOWANCE_MS,
        unverified: 0,
        check_message: String::new(),
        child_run: None,
        runner_note: String::new(),
        ready_team: None,
    };
    app.start_from_page(root);
    app.restore_parameters();
    let app = Rc::new(RefCell::new(app));
    app.borrow_mut().me = Rc::downgrade(&app);
    wire(&app);
    embed::offer_for(root, "sprouts", &app, App::embed_attributes);
    app.borrow_mut().refresh();
    restore_base(&app);
    prepare_team(&app);
}

/// Starts the workers as the page opens, so that the first computation finds them loaded and
/// the engine's code optimized (`team::WARM_UP_SPOTS`) rather than waiting for both. Workers
/// nobody uses within a minute are ended, as after a computation.
fn prepare_team(app: &Shared) {
    let mut a = app.borrow_mut();
    let size = a.team_size();
    if size == 0 {
        return;
    }
    let Ok(team) = a.new_team(size, true) else {
        return; // the first computation tries again, and says why it computes in the page
    };
    a.ready_team = Some(team);
    end_unused(
        &a.dom.root,
        &a.me,
        |a| a.ready_team.is_some(),
        |a| a.ready_team = None,
    );
}

/// The element's own options, to tell whether kept parameters were made for it as it is.
fn attributes_of(root: &HtmlElement) -> String {
    ["data-spots", "data-position", "data-goal"]
        .map(|name| root.get_attribute(name).unwrap_or_default())
        .join("\u{1f}")
}

/// This element's storage key: its id, or its place among the Glop elements of the page.
fn storage_key(root: &HtmlElement) -> String {
    let id = root.id();
    if !id.is_empty() {
        return format!("{STORAGE_KEY}-{id}");
    }
    let others = root.owner_document().and_then(|d| {
        d.query_selector_all("[data-gamelab='sprouts']:not([id])")
            .ok()
    });
    let place = others
        .map(|list| {
            (0..list.length())
                .position(|i| list.item(i).is_some_and(|n| n.is_same_node(Some(root))))
                .unwrap_or(0)
        })
        .unwrap_or(0);
    if place == 0 {
        STORAGE_KEY.to_string()
    } else {
        format!("{STORAGE_KEY}-{}", place + 1)
    }
}

/// The main base kept by an earlier visit comes back (merged, should work have started).
fn restore_base(app: &Shared) {
    let handle = Rc::downgrade(app);
    let key = app.borrow().storage_key.clone();
    keep::load(&key, move |kept| {
        let Some(app) = handle.upgrade() else {
            return;
        };
        let Ok(mut a) = app.try_borrow_mut() else {
            return;
        };
        let (text, intact) = match kept {
            keep::Kept::Nothing => return,
            keep::Kept::Unreadable(what) => {
                a.db_message = format!("The base kept in this browser could not be read ({what}); the main base starts empty.");
                a.refresh();
                return;
            }
            keep::Kept::Text(kept) => match unseal(&kept) {
                Unsealed::Intact(text) => (text, true),
                Unsealed::Unsealed(text) => (text, false),
            },
        };
        a.db_message = match a.db.merge(&[("the base kept in this browser", &text)]) {
            Ok(report) if intact => format!(
                "The main base was restored from this browser ({} couples).",
                report.read[0]
            ),
            Ok(report) => {
                // Not as gamelab kept it: trusted no more than a loaded file.
                a.unverified += report.added;
                a.keep_parameters();
                format!(
                    "The base kept in this browser was changed outside gamelab (or kept by an older version): its {} couples are unverified until a complete check proves them.",
                    report.read[0]
                )
            }
            Err(e) => format!("The base kept in this browser could not be used: {e}"),
        };
        a.refresh();
    });
}

fn wire(app: &Shared) {
    let root = app.borrow().dom.root.clone();
    let handle = app.clone();
    dom::on_action(&root, move |action| act(&handle, action));
    // Keys: arrows, Home and End move between the tabs; Enter in a position field computes.
    let handle = app.clone();
    on::<web_sys::KeyboardEvent>(&root, "keydown", move |event| {
        let Some(target) = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        else {
            return;
        };
        let action = target.get_attribute("data-action").unwrap_or_default();
        if let Some(tab) = action.strip_prefix("tab-") {
            let next = handle.borrow().dom.tab_after_key(tab, &event.key());
            if let Some(next) = next {
                event.prevent_default();
                let a = handle.borrow();
                a.dom.show_tab(&next);
                a.dom.focus_tab(&next);
            }
            return;
        }
        let field = target.get_attribute("data-field").unwrap_or_default();
        if event.key() == "Enter" && (field == "spots" || field == "free") {
            event.prevent_default();
            {
                let a = handle.borrow();
                let radio = if field == "free" {
                    &a.dom.free_radio
                } else {
                    &a.dom.spots_radio
                };
                radio.set_checked(true);
            }
            act(&handle, "compute");
        }
    });
    let handle = app.clone();
    on::<Event>(&root, "input", move |event| {
        let Some(target) = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        else {
            return;
        };
        let mut a = handle.borrow_mut();
        match target.get_attribute("data-field").as_deref() {
            Some("free") => {
                a.dom.free_radio.set_checked(true);
                a.validate_start();
                a.keep_parameters();
            }
            Some("spots") => {
                a.dom.spots_radio.set_checked(true);
                a.validate_start();
                a.keep_parameters();
            }
            Some("children-position") => a.validate_children_input(),
            _ => {}
        }
    });
    let handle = app.clone();
    on::<Event>(&root, "change", move |event| {
        let Some(target) = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        else {
            return;
        };
        match target.get_attribute("data-field").as_deref() {
            Some("files") => {
                let input: HtmlInputElement = target.unchecked_into();
                if let Some(files) = input.files() {
                    read_files(&handle, files);
                }
                input.set_value("");
            }
            Some("notation") => {
                let mut a = handle.borrow_mut();
                a.notation = if a.dom.notation.value() == "2" {
                    Notation::Glop2
                } else {
                    Notation::Glop10
                };
                a.keep_parameters();
                // The canonical form is shown in the notation chosen, like everything else.
                a.validate_start();
                a.refresh();
            }
            Some("start-kind") => {
                let mut a = handle.borrow_mut();
                a.validate_start();
                a.keep_parameters();
            }
            Some("goal") => handle.borrow_mut().keep_parameters(),
            _ => {}
        }
    });
    let handle = app.clone();
    let zone = app.borrow().dom.drop_zone.clone();
    on::<web_sys::DragEvent>(&zone, "dragover", |event| event.prevent_default());
    on::<web_sys::DragEvent>(&zone, "drop", move |event| {
        event.prevent_default();
        if let Some(files) = event.data_transfer().and_then(|d| d.files()) {
            read_files(&handle, files);
        }
    });
}

fn act(app: &Shared, action: &str) {
    let Some(action) = Action::parse(action) else {
        return;
    };
    match action {
        Action::Compute => return start_computation(app),
        Action::Check => return start_check(app),
        Action::CompleteCheck => return start_complete_check(app),
        Action::LoadBase => return app.borrow().dom.file_input.click(),
        Action::ChildNimber(i) => return start_child_nimber(app, i),
        _ => {}
    }
    let mut a = app.borrow_mut();
    match action {
        Action::Tab(tab) => a.dom.show_tab(&tab),
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
                    a.message = e;
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
        | Action::ChildNimber(_) => {}
    }
    a.refresh();
}

impl App {
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
        if d.goal.value() == "nimber" {
            out.push(("data-goal".into(), "nimber".into()));
        }
        out
    }
    fn start_from_page(&mut self, root: &HtmlElement) {
        let attr = |name: &str| root.get_attribute(name).filter(|s| !s.trim().is_empty());
        if let Some(spots) = attr("data-spots") {
            match spots.trim().parse::<usize>() {
                Ok(n) if (1..=MAX_SPOTS).contains(&n) => self.dom.spots.set_value(&n.to_string()),
                _ => self.message = format!("data-spots=\"{spots}\" is not a number of spots from 1 to {MAX_SPOTS}; using 5."),
            }
        }
        if let Some(text) = attr("data-position") {
            self.dom.free.set_value(&text);
            self.dom.free_radio.set_checked(true);
            if let Err(e) = Position::parse(&text) {
                self.message
                    .push_str(&format!("data-position=\"{text}\": {e}. "));
            }
        }
        if let Some(workers) = attr("data-workers") {
            if !matches!(workers.trim().parse::<usize>(), Ok(n) if n <= MAX_WORKERS) {
                self.message.push_str(&format!(
                    "data-workers=\"{workers}\" is not a number of workers from 0 to {MAX_WORKERS}; using one a core. "
                ));
            }
        }
        match attr("data-goal").map(|g| g.trim().to_string()).as_deref() {
            None | Some("outcome") => {}
            Some("nimber") => self.dom.goal.set_value("nimber"),
            Some(other) => self.message.push_str(&format!(
                "data-goal=\"{other}\" is neither outcome nor nimber; using outcome. "
            )),
        }
        dom::attribute_note(root, &std::mem::take(&mut self.message));
        self.validate_start();
    }

    /// The start position of the parameters tab, or the message for what is wrong with it.
    fn start(&self) -> Result<Position, String> {
        if self.dom.free_radio.checked() {
            Position::parse(&self.dom.free.value()).map_err(|e| format!("Free position: {e}"))
        } else {
            match self.dom.spots.value().trim().parse::<usize>() {
                Ok(n) if (1..=MAX_SPOTS).contains(&n) => Ok(Position::spots(n)),
                _ => Err(format!(
                    "The number of spots is a whole number from 1 to {MAX_SPOTS} ."
                )),
            }
        }
    }

    fn goal(&self) -> Goal {
        if self.dom.goal.value() == "nimber" {
            Goal::Nimber
        } else {
            Goal::Outcome { nimber_part: 0 }
        }
    }

    /// Validation as you type: the error in place, or the canonical form.
    fn validate_start(&mut self) {
        match self.start() {
            Ok(p) => {
                self.dom.start_error.set_text_content(None);
                let text = format!(
                    "Canonical form: {}   ({} lives)",
                    p.write(self.notation),
                    p.lives()
                );
                self.dom.canonical.set_text_content(Some(&text));
            }
            Err(e) => {
                self.dom.start_error.set_text_content(Some(&e));
                self.dom.canonical.set_text_content(None);
            }
        }
    }

    fn validate_children_input(&mut self) {
        let text = self.dom.children_input.value();
        let error = if text.trim().is_empty() {
            None
        } else {
            Position::parse(&text).err().map(|e| e.to_string())
        };
        self.dom.children_error.set_text_content(error.as_deref());
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
            self.store_base();
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
    }

    /// Something is running in slices (the Stop button is live).
    fn busy(&self) -> bool {
        self.running
            || self.check.as_ref().is_some_and(|r| r.result.is_none())
            || (self.complete.as_ref().is_some_and(|c| !c.is_done()) && !self.complete_stopped)
    }

    /// The parameters tab (and the count of unverified couples) as a small text in local storage.
    fn keep_parameters(&mut self) {
        let d = &self.dom;
        let kept = serde_json::json!({
            "start": if d.free_radio.checked() { "free" } else { "spots" },
            "spots": d.spots.value(), "free": d.free.value(), "goal": d.goal.value(), "notation": d.notation.value(),
            "unverified": self.unverified,
            "attributes": attributes_of(&self.dom.root),
            // What was being computed, so a reload can say where the work stood.
            "under_way": self.computation.as_ref().filter(|_| self.running).map(|c| c.position.write(self.notation)),
        });
        let stored = dom::window()
            .and_then(|w| w.local_storage().ok().flatten())
            .is_some_and(|storage| {
                storage
                    .set_item(
                        &format!("{}-parameters", self.storage_key),
                        &kept.to_string(),
                    )
                    .is_ok()
            });
        if !stored {
            self.message = "The parameters could not be kept in this browser (storage refused): a reload starts from the element's own.".into();
            self.refresh();
        }
    }

    /// The parameters kept by an earlier visit, over the element's own attributes.
    fn restore_parameters(&mut self) {
        let Some(text) = dom::window()
            .and_then(|w| w.local_storage().ok().flatten())
            .and_then(|s| {
                s.get_item(&format!("{}-parameters", self.storage_key))
                    .ok()
                    .flatten()
            })
        else {
            return;
        };
        let Ok(kept) = serde_json::from_str::<serde_json::Value>(&text) else {
            return;
        };
        // Kept for this element as its author wrote it: an element changed since starts afresh.
        if kept.get("attributes").and_then(serde_json::Value::as_str)
            != Some(attributes_of(&self.dom.root).as_str())
        {
            return;
        }
        let text_of = |key: &str| {
            kept.get(key)
                .and_then(serde_json::Value::as_str)
                .map(str::to_string)
        };
        let d = &self.dom;
        if let Some(v) = text_of("spots") {
            d.spots.set_value(&v);
        }
        if let Some(v) = text_of("free") {
            d.free.set_value(&v);
        }
        if let Some(v) = text_of("goal").filter(|v| v == "outcome" || v == "nimber") {
            d.goal.set_value(&v);
        }
        if let Some(v) = text_of("notation").filter(|v| v == "1" || v == "2") {
            d.notation.set_value(&v);
            self.notation = if v == "2" {
                Notation::Glop2
            } else {
                Notation::Glop10
            };
        }
        match text_of("start").as_deref() {
            Some("free") => d.free_radio.set_checked(true),
            Some("spots") => d.spots_radio.set_checked(true),
            _ => {}
        }
        self.unverified = kept
            .get("unverified")
            .and_then(serde_json::Value::as_u64)
            .unwrap_or(0) as usize;
        if let Some(position) = text_of("under_way") {
            self.message = format!(
                "The page was left while it computed {position}: the main base kept what that computation had found. Press Compute to go on from there."
            );
        }
        self.validate_start();
    }

    /// Empties the main base, once the reader confirms (a base of couples is work).
    fn clear_base(&mut self) {
        let question = format!(
            "Empty the main base? Its {} couples are lost unless saved to a file first.",
            self.db.len()
        );
        if self.db.is_empty()
            || dom::window()
                .and_then(|w| w.confirm_with_message(&question).ok())
                .unwrap_or(false)
        {
            self.db.clear();
            self.unverified = 0;
            self.db_message = "The main base is empty.".into();
            self.store_base();
            self.keep_parameters();
        }
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
            Err(e) => self.message = e,
        }
    }

    /// Opens a child of the Children tab as the position listed there.
    fn open_child(&mut self, index: usize) {
        if let Some((position, _)) = self.children.get(index).cloned() {
            self.dom
                .children_input
                .set_value(&position.write(self.notation));
            self.compute_children();
        }
    }

    /// A message in the Children tab, where its buttons are.
    fn children_note(&self, text: &str) {
        self.dom.children_error.set_text_content(Some(text));
    }

    fn compute_children(&mut self) {
        // Listed at once, so bounded in time: a huge land's children give up rather than
        // freeze the page.
        const LIMIT_MS: f64 = 1000.0;
        let deadline = dom::now() + LIMIT_MS;
        let stop = Stop::when(move || dom::now() >= deadline);
        let text = self.dom.children_input.value();
        match Position::parse(&text)
            .map_err(|e| e.to_string())
            .and_then(|p| {
                children_with_nimbers(&p, &self.db, &stop).map_err(|cut| match cut {
                    Cut::Stopped => format!(
                        "Listing these children took more than {} s and was stopped: the position is too large to list here.",
                        LIMIT_MS / 1000.0
                    ),
                    Cut::TooLarge(why) => format!("{why}."),
                })
            })
        {
            Ok(list) => {
                self.children = list;
                self.dom.children_error.set_text_content(None);
            }
            Err(e) => {
                self.children.clear();
                self.dom.children_error.set_text_content(Some(&e));
            }
        }
    }

    fn offer(&mut self, name: &str, bytes: Vec<u8>, mime: &str, place: Place) {
        let said = match download::offer(&bytes, mime, name) {
            Ok(()) => format!("Saved {name} ({} bytes).", bytes.len()),
            Err(e) => format!("Could not save {name}: {e}"),
        };
        match place {
            Place::Database => self.db_message = said,
            Place::Check => self.check_message = said,
        }
    }

    /// The results a check proved that the main base lacked go into the main base, so that the
    /// next check finds the base sufficient.
    fn adopt_check_results(&mut self) {
        let Some(run) = self
            .check
            .as_ref()
            .filter(|r| matches!(r.result, Some(Ok(_))))
        else {
            self.check_message = "Run a check to the end first.".into();
            return;
        };
        let mut added = 0;
        let mut conflicts = 0;
        for (land, nimber) in run.check.check_db.iter() {
            if self.db.contains(&land) {
                continue;
            }
            match self.db.insert(&land, nimber) {
                Ok(true) => added += 1,
                Ok(false) => {}
                Err(_) => conflicts += 1,
            }
        }
        self.check_message = if conflicts == 0 {
            format!("Added {added} results proved by the check to the main base; a check now finds it sufficient.")
        } else {
            format!("Added {added} results proved by the check to the main base; {conflicts} disagreed with it and were left out (a complete check finds where).")
        };
        self.store_base();
        self.keep_parameters();
    }

    fn dot_options(&self) -> DotOptions {
        DotOptions {
            detail: self.dom.detail.value().parse().unwrap_or(3),
            colours: self.dom.colours.checked(),
            min_lives: self.dom.min_lives.value().trim().parse().unwrap_or(0),
            notation: self.notation,
        }
    }

    fn check_graph(&self) -> Option<Result<ProofGraph, String>> {
        let run = self.check.as_ref()?;
        let Some(Ok(answer)) = &run.result else {
            return None;
        };
        Some(ProofGraph::for_answer(
            &run.position,
            *answer,
            &run.check.check_db,
        ))
    }

    fn save_check_graph(&mut self) {
        if !self.dom.make_graph.checked() {
            self.check_message =
                "Tick \"generate a graph file during the check\" in the Parameters tab first."
                    .into();
            return;
        }
        match self.check_graph() {
            Some(Ok(graph)) => self.offer(
                "sprouts-check.dot",
                graph.to_dot(&self.dot_options()).into_bytes(),
                "text/vnd.graphviz",
                Place::Check,
            ),
            Some(Err(e)) => self.check_message = format!("Check graph: {e}"),
            None => self.check_message = "Run a check to the end first.".into(),
        }
    }

    /// The check base replaces the main base (Glop: a smaller certificate).
    fn use_check_base(&mut self) {
        match self.check.as_ref() {
            Some(run) if matches!(run.result, Some(Ok(_))) => {
                let question = format!(
                    "Replace the main base ({} couples) by the check base ({} couples)? Couples not in the check base are lost unless saved first.",
                    self.db.len(),
                    run.check.check_db.len()
                );
                if !dom::window()
                    .and_then(|w| w.confirm_with_message(&question).ok())
                    .unwrap_or(false)
                {
                    return;
                }
                self.db = run.check.check_db.clone();
                self.db_message = format!(
                    "The main base is now the check base ({} couples).",
                    self.db.len()
                );
                self.store_base();
            }
            _ => self.check_message = "Run a check to the end first.".into(),
        }
    }

    fn filter_from_page(&self) -> Result<Filter, String> {
        let read = |input: &HtmlInputElement, what: &str| -> Result<Option<u32>, String> {
            let v = input.value();
            if v.trim().is_empty() {
                return Ok(None);
            }
            v.trim()
                .parse::<u32>()
                .map(Some)
                .map_err(|_| format!("{what}: '{v}' is not a whole number"))
        };
        let nimber = |v: Option<u32>, what: &str| -> Result<Option<u8>, String> {
            v.map(|n| u8::try_from(n).map_err(|_| format!("{what} is at most 255")))
                .transpose()
        };
        Ok(Filter {
            lives_min: read(&self.dom.lives_min, "Lives min")?,
            lives_max: read(&self.dom.lives_max, "Lives max")?,
            nimber_min: nimber(read(&self.dom.nimber_min, "Nimber min")?, "Nimber min")?,
            nimber_max: nimber(read(&self.dom.nimber_max, "Nimber max")?, "Nimber max")?,
        })
    }

    fn filter(&mut self, apply: bool) {
        let filter = match self.filter_from_page() {
            Ok(f) => f,
            Err(e) => {
                self.db_message = e;
                return;
            }
        };
        let kept = self.db.filtered(&filter);
        if apply {
            let confirmed = dom::window()
                .and_then(|w| {
                    w.confirm_with_message(&format!(
                        "Keep {} of the {} couples of the main base?",
                        kept.len(),
                        self.db.len()
                    ))
                    .ok()
                })
                .unwrap_or(true);
            if confirmed {
                self.db_message = format!(
                    "Filter applied: {} couples kept of {}.",
                    kept.len(),
                    self.db.len()
                );
                self.db = kept;
                self.store_base();
            }
        } else {
            let shown: Vec<String> = kept
                .iter()
                .take(200)
                .map(|(l, n)| format!("{} {n}", l.write(self.notation)))
                .collect();
            self.dom
                .filter_list
                .set_text_content(Some(&shown.join("\n")));
            self.db_message = format!(
                "{} couples of {} match{}.",
                kept.len(),
                self.db.len(),
                if kept.len() > 200 {
                    " (the first 200 are listed)"
                } else {
                    ""
                }
            );
        }
    }

    /// Takes couples a check refuted out of the main base (and the kept copy), saying so.
    fn remove_refuted(&mut self, refuted: &[(Land, u8)]) {
        if refuted.is_empty() {
            return;
        }
        let (kept, removed) = self.db.without(refuted);
        if removed == 0 {
            return;
        }
        self.db = kept;
        self.unverified = self.unverified.saturating_sub(removed).min(self.db.len());
        self.keep_parameters();
        self.store_base();
        self.db_message = format!(
            "{removed} couple{} the check refuted {} removed from the main base: no answer rests on {}.",
            if removed == 1 { "" } else { "s" },
            if removed == 1 { "was" } else { "were" },
            if removed == 1 { "it" } else { "them" },
        );
    }

    /// Keeps the main base in the browser (IndexedDB), saying so if the browser refuses.
    fn store_base(&mut self) {
        self.keep_parameters();
        let (handle, count) = (self.me.clone(), self.db.len());
        self.last_kept = dom::now();
        keep::save(&self.storage_key, seal(&self.db.to_spr()), move |result| {
            let (Err(e), Some(app)) = (result, handle.upgrade()) else {
                return;
            };
            let Ok(mut a) = app.try_borrow_mut() else {
                return;
            };
            a.db_message = format!("The main base ({count} couples) could not be kept in this browser ({e}); save it to a file.");
            a.refresh();
        });
    }

    fn refresh(&mut self) {
        view::refresh(self);
    }
}

// ---------------------------------------------------------------------------------------------
// Time-sliced work

fn start_computation(app: &Shared) {
    let in_page = {
        let mut a = app.borrow_mut();
        if a.running {
            return;
        }
        let start = match a.start() {
            Ok(p) => p,
            Err(e) => {
                a.message = e;
                a.dom.show_tab("compute");
                a.refresh();
                return;
            }
        };
        let goal = a.goal();
        // The same start, stopped: go on. Otherwise a new computation.
        let resume = a
            .computation
            .as_ref()
            .is_some_and(|c| c.position == start && c.goal == goal && c.result.is_none());
        if resume {
            if let Some(c) = a.computation.as_mut() {
                c.clock = dom::now();
                if let Runner::Team(team) = &c.runner {
                    team.resume();
                }
            }
        } else {
            // A start the engine refuses leaves the last computation as it was.
            if let Err(e) = check_computable(&start) {
                a.message = e.0;
                a.refresh();
                return;
            }
            // The last computation's workers, if any, take the new one (or those started as
            // the page opened).
            let workers = match a.computation.take().map(|c| c.runner) {
                Some(Runner::Team(team)) if team.is_alive() => Some(team),
                _ => a.ready_team.take(),
            };
            a.runner_note.clear();
            let runner = match a.runner_for(&start, goal, workers) {
                Ok(runner) => runner,
                Err(e) => {
                    a.message = e;
                    a.refresh();
                    return;
                }
            };
            a.computation = Some(Computation {
                position: start,
                goal,
                runner,
                spent: 0.0,
                clock: dom::now(),
                result: None,
            });
        }
        a.running = true;
        a.listing = None;
        a.last_kept = dom::now();
        a.keep_parameters();
        a.message = if resume {
            "Computing (resumed)…".into()
        } else {
            "Computing…".into()
        };
        a.dom.show_tab("compute");
        a.refresh();
        a.computation
            .as_ref()
            .is_some_and(|c| matches!(c.runner, Runner::InPage(_)))
    };
    if in_page {
        in_slices(app, computation_step, computation_spent);
    }
}

impl App {
    /// Workers the computation gets: the element's `data-workers` (0 computes in the page), or
    /// one a core as the browser counts them.
    fn team_size(&self) -> usize {
        let asked = self
            .dom
            .root
            .get_attribute("data-workers")
            .and_then(|w| w.trim().parse::<usize>().ok())
            .filter(|&n| n <= MAX_WORKERS);
        asked
            .unwrap_or_else(|| {
                dom::window()
                    .map(|w| w.navigator().hardware_concurrency() as usize)
                    .unwrap_or(1)
                    .max(1)
            })
            .min(MAX_WORKERS)
    }

    /// `size` workers whose messages and failures come back to this page; `warm_up` when they
    /// are started ahead of any computation (`Team::new`).
    fn new_team(&self, size: usize, warm_up: bool) -> Result<Team, String> {
        let (said, failed) = (self.me.clone(), self.me.clone());
        Team::new(
            size,
            warm_up,
            move |index, data| member_said(&said, index, &data),
            move |text| member_failed(&failed, text),
        )
    }

    /// A team of workers on `start` (`workers`, the last computation's, if there are the
    /// right number of them), or the page's own search when there are none to be had (the
    /// note says why); Err for a start the engine refuses.
    fn runner_for(
        &mut self,
        start: &Position,
        goal: Goal,
        workers: Option<Team>,
    ) -> Result<Runner, String> {
        check_computable(start).map_err(|e| e.0)?;
        let size = self.team_size();
        if size > 0 {
            let team = match workers.filter(|t| t.size() == size) {
                Some(team) => Ok(team),
                None => self.new_team(size, false),
            };
            match team {
                Ok(mut team) => {
                    team.begin(start, goal, &self.db);
                    return Ok(Runner::Team(team));
                }
                Err(e) => {
                    self.runner_note =
                        format!("Web Workers are not available here ({e}): computing in the page.")
                }
            }
        }
        Search::new(start.clone(), goal).map(Runner::InPage)
    }
}

/// What a member of the team said: its losses go into the main base and on to the others;
/// its progress, answer or failure into the Computation tab.
fn member_said(app: &std::rc::Weak<RefCell<App>>, index: usize, data: &wasm_bindgen::JsValue) {
    let Some(app) = app.upgrade() else { return };
    let Ok(mut guard) = app.try_borrow_mut() else {
        return;
    };
    let a = &mut *guard;
    if let Some(team) = a.ready_team.as_mut() {
        // Workers waiting for the first computation have loaded (or warmed up).
        if !a.dom.root.is_connected() {
            a.ready_team = None;
        } else if matches!(team.hear(index, data).0, Heard::Ready) && team.is_ready() {
            let _ = a.dom.root.set_attribute("data-workers-ready", "");
        }
        return;
    }
    let Some(c) = a.computation.as_mut() else {
        return;
    };
    if a.running {
        c.tick();
    }
    let Runner::Team(team) = &mut c.runner else {
        return;
    };
    if !a.dom.root.is_connected() {
        // The element has left the page: its work ends with it.
        team.end();
        a.running = false;
        a.refresh();
        return;
    }
    let (heard, words) = team.hear(index, data);
    if !words.is_empty() {
        team.share(index, &words);
        for (land, nimber) in exchange::decode(&words).unwrap_or_default() {
            if a.db.insert(&land, nimber) == Ok(true) {
                team.stored += 1;
            }
        }
    }
    let now_too = match heard {
        Heard::Stale | Heard::Ready => return,
        Heard::Progress { reply } => reply,
        Heard::Done(answer) => {
            // The others stop; the workers wait a while for the next computation.
            team.pause();
            end_when_idle(&a.dom.root, &a.me, team.run());
            if a.running {
                c.result = Some(answer);
                a.message.clear();
            }
            a.running = false;
            a.store_base();
            true
        }
        Heard::Failed(e) => {
            team.end();
            a.running = false;
            a.message = format!("The computation failed: {e}");
            a.store_base();
            true
        }
        Heard::Refused(e) => {
            a.message = e;
            true
        }
    };
    if a.running && dom::now() - a.last_kept > KEEP_EVERY_MS {
        a.store_base();
    }
    if now_too || dom::now() - a.last_drawn > 100.0 {
        a.last_drawn = dom::now();
        a.refresh();
    }
}

/// How long idle workers are kept.
const IDLE_MS: i32 = 60_000;

/// Idle workers hold their memory (a table, a copy of the base): a team still idle a minute
/// after its computation ended, or whose element has left the page, is ended.
fn end_when_idle(root: &HtmlElement, app: &std::rc::Weak<RefCell<App>>, run: u32) {
    let paused = move |a: &App| {
        matches!(
            a.computation.as_ref().map(|c| &c.runner),
            Some(Runner::Team(team)) if team.run() == run && !a.running
        )
    };
    end_unused(root, app, paused, |a| {
        if let Some(Runner::Team(team)) = a.computation.as_mut().map(|c| &mut c.runner) {
            team.end();
        }
    });
}

/// Looks every second at workers kept for a next computation while `waiting` says they are
/// still unused: `end` ends them a minute on (`IDLE_MS`), or as soon as the element has left
/// the page. A busy page is looked at again a second later.
fn end_unused(
    root: &HtmlElement,
    app: &std::rc::Weak<RefCell<App>>,
    waiting: impl Fn(&App) -> bool + 'static,
    end: impl Fn(&mut App) + 'static,
) {
    let unused = std::rc::Rc::new(move |app: &std::rc::Weak<RefCell<App>>, now: bool| {
        let Some(app) = app.upgrade() else {
            return false;
        };
        let Ok(mut a) = app.try_borrow_mut() else {
            return true;
        };
        let still = waiting(&a);
        if still && now {
            end(&mut a);
        }
        still && !now
    });
    let watch = slices::Pump::default();
    let (gone, end_now) = (app.clone(), unused.clone());
    watch.when_gone(move || {
        end_now(&gone, true);
    });
    let (app, since) = (app.clone(), dom::now());
    watch.schedule(root, 1000, move |_| {
        let idle_long = dom::now() - since >= f64::from(IDLE_MS);
        if unused(&app, idle_long) {
            Next::After(1000)
        } else {
            Next::Done
        }
    });
}

/// A worker failed. Before any member has spoken, the workers cannot load in this page (its
/// policy, say): the computation starts again in the page. Later, it is a real failure.
fn member_failed(handle: &std::rc::Weak<RefCell<App>>, text: String) {
    let Some(app) = handle.upgrade() else { return };
    let in_page = {
        let Ok(mut a) = app.try_borrow_mut() else {
            return;
        };
        if a.ready_team.take().is_some() {
            // Workers started ahead cannot load here: the first computation tries again,
            // and computes in the page when they still cannot.
            return;
        }
        let Some(c) = a.computation.as_mut() else {
            return;
        };
        let Runner::Team(team) = &mut c.runner else {
            return;
        };
        team.end();
        let fallback = !team.heard;
        if fallback {
            match Search::new(c.position.clone(), c.goal) {
                Ok(search) => c.runner = Runner::InPage(search),
                Err(e) => a.message = e,
            }
            a.runner_note =
                format!("Web Workers are not available here ({text}): computing in the page.");
        } else {
            a.running = false;
            a.message = format!("The computation failed in a worker: {text}");
            a.store_base();
        }
        a.refresh();
        fallback && a.running
    };
    if in_page {
        in_slices(&app, computation_step, computation_spent);
    }
}

/// Runs `step` (one small piece of some work; true when it is finished) in the page's slices
/// (widgets::slices) until it is finished. `spent` learns the time each slice took; the page is
/// redrawn at most every 100 ms.
fn in_slices(app: &Shared, step: fn(&mut App) -> bool, spent: fn(&mut App, f64)) {
    let root = app.borrow().dom.root.clone();
    let app = app.clone();
    slices::run(&root, 0, move |slice| {
        let mut guard = app.borrow_mut();
        let a = &mut *guard;
        let done = slice.work(|| step(a));
        spent(a, slice.elapsed());
        if done || dom::now() - a.last_drawn > 100.0 {
            a.last_drawn = dom::now();
            a.refresh();
        }
        if done {
            Next::Done
        } else {
            Next::Again
        }
    });
}

fn computation_step(a: &mut App) -> bool {
    let Some(c) = a.computation.as_mut().filter(|_| a.running) else {
        return true;
    };
    let Runner::InPage(search) = &mut c.runner else {
        return true;
    };
    match search.step(&mut a.db, None, STEP_EXPANSIONS) {
        Progress::Running => {
            // What was found is kept every few seconds: a reload mid-computation loses little.
            if dom::now() - a.last_kept > KEEP_EVERY_MS {
                a.store_base();
            }
            return false;
        }
        Progress::Done(answer) => {
            c.result = Some(answer);
            a.message.clear();
            a.store_base();
        }
        Progress::Failed(e) => a.message = format!("The computation failed: {e}"),
    }
    a.running = false;
    true
}

fn computation_spent(a: &mut App, ms: f64) {
    if let Some(c) = a.computation.as_mut() {
        c.spent += ms;
        c.clock = dom::now();
    }
}

fn start_check(app: &Shared) {
    {
        let mut a = app.borrow_mut();
        if a.check.as_ref().is_some_and(|c| c.result.is_none()) {
            return;
        }
        let start = match a.start() {
            Ok(p) => p,
            Err(e) => {
                a.message = e;
                a.refresh();
                return;
            }
        };
        a.check_message.clear();
        match Check::new(start.clone(), a.goal()) {
            Ok(check) => {
                a.check = Some(CheckRun {
                    position: start,
                    check,
                    spent: 0.0,
                    result: None,
                })
            }
            Err(e) => {
                a.message = e;
                a.refresh();
                return;
            }
        }
        a.refresh();
    }
    in_slices(app, check_step, check_spent);
}

fn check_step(a: &mut App) -> bool {
    let Some(run) = a.check.as_mut().filter(|r| r.result.is_none()) else {
        return true;
    };
    match run.check.step(&a.db, STEP_EXPANSIONS) {
        Progress::Running => return false,
        Progress::Done(answer) => run.result = Some(Ok(answer)),
        Progress::Failed(e) => run.result = Some(Err(e)),
    }
    // Couples of the main base the check refuted never answer again.
    let refuted: Vec<(Land, u8)> = run
        .check
        .search
        .contradictions()
        .iter()
        .map(|c| (c.land.clone(), c.stored))
        .collect();
    a.remove_refuted(&refuted);
    true
}

fn check_spent(a: &mut App, ms: f64) {
    if let Some(run) = a.check.as_mut() {
        run.spent += ms;
    }
}

fn start_complete_check(app: &Shared) {
    {
        let mut a = app.borrow_mut();
        let stopped = a.complete.as_ref().is_some_and(|c| !c.is_done()) && a.complete_stopped;
        if a.complete.as_ref().is_some_and(|c| !c.is_done()) && !stopped {
            return;
        }
        if !stopped {
            a.complete = Some(CompleteCheck::new(&a.db));
            a.complete_allowance_ms = COMPLETE_ALLOWANCE_MS;
        }
        a.complete_stopped = false; // a stopped check goes on where it was
        a.refresh();
    }
    in_slices(app, complete_check_step, |_, _| {});
}

fn complete_check_step(a: &mut App) -> bool {
    if a.complete_stopped {
        return true;
    }
    let Some(run) = a.complete.as_mut() else {
        return true;
    };
    // An expansion still listing its children when the slice's time is up gives up and is
    // done again next slice, with twice the time, up to a limit the page can bear.
    let deadline = dom::now() + a.complete_allowance_ms;
    run.set_stop(Stop::when(move || dom::now() >= deadline));
    let before = (run.progress().0, run.expansions());
    let done = run.step(&a.db, STEP_EXPANSIONS);
    if !done && (run.progress().0, run.expansions()) == before {
        if a.complete_allowance_ms >= COMPLETE_ALLOWANCE_MAX_MS {
            a.complete_stopped = true;
            a.db_message = format!(
                "The complete check stopped: one expansion of entry {} takes more than {} s, too long for the page. `gamelab sprouts check --complete --db FILE` checks it from the command line.",
                run.progress().0 + 1,
                COMPLETE_ALLOWANCE_MAX_MS / 1000.0
            );
            return true;
        }
        a.complete_allowance_ms *= 2.0;
    }
    if done {
        let refuted: Vec<(Land, u8)> = run
            .failures
            .iter()
            .map(|f| (f.position.clone(), f.stored))
            .collect();
        if refuted.is_empty() {
            // Every couple is proved: none is unverified any more.
            a.unverified = 0;
            a.keep_parameters();
        }
        a.remove_refuted(&refuted);
    }
    done
}

/// Time an in-page complete check's slice may give one expansion at first, and at most.
const COMPLETE_ALLOWANCE_MS: f64 = 50.0;
const COMPLETE_ALLOWANCE_MAX_MS: f64 = 1600.0;

/// Computes the nimber of child `index` of the Children tab into the main base, in slices
/// (Stop ends it; the couples found so far stay in the base).
fn start_child_nimber(app: &Shared, index: usize) {
    {
        let mut a = app.borrow_mut();
        if a.child_run.as_ref().is_some_and(|r| !r.stopped) || a.running {
            a.children_note("One computation at a time: wait for it or stop it first.");
            a.refresh();
            return;
        }
        let Some((position, _)) = a.children.get(index).cloned() else {
            return;
        };
        match Search::new(position.clone(), Goal::Nimber) {
            Ok(search) => {
                a.child_run = Some(ChildRun {
                    index,
                    position,
                    search,
                    spent: 0.0,
                    stopped: false,
                })
            }
            Err(e) => {
                a.children_note(&e);
                a.refresh();
                return;
            }
        }
        a.refresh();
    }
    in_slices(app, child_step, |a, ms| {
        if let Some(run) = a.child_run.as_mut() {
            run.spent += ms;
        }
    });
}

fn child_step(a: &mut App) -> bool {
    let Some(run) = a.child_run.as_mut() else {
        return true;
    };
    if run.stopped {
        a.store_base();
        return true;
    }
    let answer = match run.search.step(&mut a.db, None, STEP_EXPANSIONS) {
        Progress::Running => return false,
        Progress::Done(Answer::Nimber(n)) => Ok(n),
        Progress::Done(other) => Err(format!("the search answered {other:?}, not a nimber")),
        Progress::Failed(e) => Err(e),
    };
    let (index, position) = (run.index, run.position.clone());
    a.child_run = None;
    match answer {
        // The list may have changed meanwhile: the answer goes to the same position.
        Ok(n) => {
            if let Some(entry) = a.children.get_mut(index).filter(|(p, _)| *p == position) {
                entry.1 = Some(n);
            }
        }
        Err(e) => a.children_note(&format!("The nimber was not found: {e}")),
    }
    a.store_base();
    true
}

/// Reads `.spr` files, then merges them all at once (a conflict or a bad file loads nothing).
fn read_files(app: &Shared, files: web_sys::FileList) {
    let count = files.length() as usize;
    if count == 0 {
        return;
    }
    // (name, text) of each file, filled in as the reads finish.
    type Read = Option<(String, String)>;
    let texts: Rc<RefCell<Vec<Read>>> = Rc::new(RefCell::new(vec![None; count]));
    for i in 0..count {
        let Some(file) = files.item(i as u32) else {
            continue;
        };
        let Ok(reader) = web_sys::FileReader::new() else {
            continue;
        };
        let (texts, app, name, reader2) = (texts.clone(), app.clone(), file.name(), reader.clone());
        let onload = wasm_bindgen::closure::Closure::once_into_js(move || {
            let text = reader2
                .result()
                .ok()
                .and_then(|r| r.as_string())
                .unwrap_or_default();
            let all = {
                let mut t = texts.borrow_mut();
                t[i] = Some((name, text));
                t.iter().all(Option::is_some)
            };
            if all {
                let files: Vec<(String, String)> = texts.borrow_mut().drain(..).flatten().collect();
                let mut a = app.borrow_mut();
                a.merge_files(&files);
                a.refresh();
            }
        });
        reader.set_onload(Some(onload.unchecked_ref()));
        let _ = reader.read_as_text(&file);
    }
}

impl App {
    fn merge_files(&mut self, files: &[(String, String)]) {
        let refs: Vec<(&str, &str)> = files
            .iter()
            .map(|(n, t)| (n.as_str(), t.as_str()))
            .collect();
        match self.db.merge(&refs) {
            Ok(report) => {
                self.unverified += report.added;
                self.db_message = format!(
                    "Loaded {} couples from {} file(s); {} new, unverified until a complete check proves them (the searches use them as they are).",
                    report.read.iter().sum::<usize>(),
                    files.len(),
                    report.added
                );
                self.store_base();
                self.keep_parameters();
            }
            Err(e) => self.db_message = format!("Nothing was loaded. {e}"),
        }
    }
}

/// Used by the view: the words for an answer.
fn answer_words(answer: Answer) -> String {
    match answer {
        Answer::Outcome(Verdict::Win) => "win (the first player wins)".into(),
        Answer::Outcome(Verdict::Loss) => "loss (the first player loses)".into(),
        Answer::Nimber(n) => format!("nimber {n}"),
    }
}
