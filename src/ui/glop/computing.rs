//! The computation: in the page's own thread in time slices, or by a team of Web Workers,
//! and the workers' life (start, warm-up, replies, idle end).

use super::*;

pub(super) fn start_computation(app: &Shared) {
    let in_page = {
        let mut a = app.borrow_mut();
        if a.running {
            return;
        }
        // A listing of the last answer's winning moves gives way: the computation uses the
        // misère base now.
        a.misere_listing = None;
        let start = match a.start() {
            Ok(p) => p,
            Err(e) => {
                a.message = e;
                a.dom.show_tab("compute");
                return;
            }
        };
        let (goal, misere) = (a.goal(), a.misere_chosen());
        // The same start, stopped: go on. Otherwise a new computation.
        let resume = a.computation.as_ref().is_some_and(|c| {
            c.position == start && c.goal == goal && c.misere == misere && c.result.is_none()
        });
        // A new misère computation starts from the whole misère base: once it is read.
        if let Some(reading) = a.misere_reading.as_ref().filter(|_| misere && !resume) {
            a.message = format!(
                "The misère base is being read ({:.0}%): the computation starts once it is in.",
                100.0 * reading.progress()
            );
            a.compute_when_read = true;
            a.dom.show_tab("compute");
            return;
        }
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
                return;
            }
            // The last computation's workers, if any, take the new one (or those started as
            // the page opened).
            let workers = match a.computation.take().map(|c| c.runner) {
                Some(Runner::Team(team)) if team.is_alive() => Some(team),
                _ => a.ready_team.take(),
            };
            a.runner_note.clear();
            let runner = match a.runner_for(&start, goal, misere, workers) {
                Ok(runner) => runner,
                Err(e) => {
                    a.message = e.to_string();
                    return;
                }
            };
            a.computation = Some(Computation {
                position: start,
                goal,
                misere,
                runner,
                spent: 0.0,
                clock: dom::now(),
                result: None,
                trust: None,
                verifying: None,
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
        a.computation
            .as_ref()
            .is_some_and(|c| matches!(c.runner, Runner::InPage(_)))
    };
    if in_page {
        in_slices(app, computation_step, computation_spent);
    }
}

/// Starts the workers as the page opens, so that the first computation finds them loaded and
/// the engine's code optimized (`team::WARM_UP_SPOTS`) rather than waiting for both. Workers
/// nobody uses within a minute are ended, as after a computation.
pub(super) fn prepare_team(app: &Shared) {
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

/// What a member of the team said: its losses go into the main base and on to the others;
/// its progress, answer or failure into the Computation tab.
pub(super) fn member_said(
    app: &std::rc::Weak<RefCell<Glop>>,
    index: usize,
    data: &wasm_bindgen::JsValue,
) {
    let Some(app) = app.upgrade() else { return };
    let misere_base = page::try_update(&app, |a| {
        a.paced = true;
        heard_member(a, index, data);
        // A member's misère base (with its answer, or as it was paused) becomes the page's.
        a.computation.as_mut().and_then(|c| match &mut c.runner {
            Runner::Team(team) => team.misere_base.take(),
            _ => None,
        })
    });
    if let Some(text) = misere_base.flatten() {
        page::react(&app, |app| {
            read_misere(app, &text, "the workers".into(), true, true)
        });
    }
}

fn heard_member(a: &mut Glop, index: usize, data: &wasm_bindgen::JsValue) {
    if let Some(team) = a.ready_team.as_mut() {
        // Workers waiting for the first computation have loaded (or warmed up).
        if !a.dom.root.is_connected() {
            a.ready_team = None;
        } else if matches!(team.hear(index, data).0, Heard::Ready) && team.is_ready() {
            dom::best_effort(a.dom.root.set_attribute("data-workers-ready", ""));
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
        // The element has left the page: its work ends with it (and says so now).
        team.end();
        a.running = false;
        a.draw_now = true;
        return;
    }
    let (heard, words) = team.hear(index, data);
    if !words.is_empty() {
        team.share(index, &words);
        let mut refuted = Vec::new();
        for (land, nimber) in exchange::decode(&words).unwrap_or_default() {
            if store_proved(&mut a.db, &land, nimber, &mut refuted) {
                team.stored += 1;
            }
        }
        if !refuted.is_empty() {
            // The page's base holds what the team refuted: no answer may rest on it.
            team.end();
            a.running = false;
            let e = SolveError::BaseRefuted(refuted);
            a.message = format!("The computation failed: {e}.");
            a.draw_now = true;
            return;
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
                c.trust = None;
                c.verifying = None;
                a.message.clear();
            }
            a.running = false;
            // (A misère base is kept once the member's is read.)
            if !c.misere {
                a.store_base();
            }
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
    // What the page asked for, or an end, is drawn at once; progress as the view's pace allows.
    a.draw_now |= now_too;
}

/// How long idle workers are kept.
pub(super) const IDLE_MS: i32 = 60_000;

/// Idle workers hold their memory (a table, a copy of the base): a team still idle a minute
/// after its computation ended, or whose element has left the page, is ended.
pub(super) fn end_when_idle(root: &HtmlElement, app: &std::rc::Weak<RefCell<Glop>>, run: u32) {
    let paused = move |a: &Glop| {
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
pub(super) fn end_unused(
    root: &HtmlElement,
    app: &std::rc::Weak<RefCell<Glop>>,
    waiting: impl Fn(&Glop) -> bool + 'static,
    end: impl Fn(&mut Glop) + 'static,
) {
    let unused = std::rc::Rc::new(move |app: &std::rc::Weak<RefCell<Glop>>, now: bool| {
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
pub(super) fn member_failed(handle: &std::rc::Weak<RefCell<Glop>>, text: String) {
    let Some(app) = handle.upgrade() else { return };
    let in_page = page::try_update(&app, |a| {
        if a.ready_team.take().is_some() {
            // Workers started ahead cannot load here: the first computation tries again,
            // and computes in the page when they still cannot.
            return false;
        }
        let Some(c) = a.computation.as_mut() else {
            return false;
        };
        let Runner::Team(team) = &mut c.runner else {
            return false;
        };
        team.end();
        let fallback = !team.heard;
        if fallback {
            match in_page(&c.position, c.goal, c.misere) {
                Ok(runner) => c.runner = runner,
                Err(e) => a.message = e.to_string(),
            }
            a.runner_note =
                format!("Web Workers are not available here ({text}): computing in the page.");
        } else {
            a.running = false;
            a.message = format!("The computation failed in a worker: {text}");
            a.store_base();
        }
        fallback && a.running
    });
    if in_page == Some(true) {
        in_slices(&app, computation_step, computation_spent);
    }
}

/// Runs `step` (one small piece of some work; true when it is finished) in the page's slices
/// (widgets::slices) until it is finished. `spent` learns the time each slice took; the page is
/// drawn after each (the view keeps its own pace while a computation runs).
pub(super) fn in_slices(app: &Shared, step: fn(&mut Glop) -> bool, spent: fn(&mut Glop, f64)) {
    let root = app.borrow().dom.root.clone();
    let app = app.clone();
    slices::run(&root, 0, move |slice| {
        page::update(&app, |a| {
            a.paced = true;
            let done = slice.work(|| step(a));
            spent(a, slice.elapsed());
            a.draw_now |= done;
            if done {
                Next::Done
            } else {
                Next::Again
            }
        })
    });
}

pub(super) fn computation_step(a: &mut Glop) -> bool {
    let Some(c) = a.computation.as_mut().filter(|_| a.running) else {
        return true;
    };
    let misere = c.misere;
    let Runner::InPage(solving) = &mut c.runner else {
        return true;
    };
    let budget = if misere { MISERE_STEP } else { STEP_EXPANSIONS };
    let progress = solving.step(Bases::both(&mut a.db, &mut a.misere), budget);
    match progress {
        Progress::Running => {
            // What was found is kept every few seconds: a reload mid-computation loses little.
            // (A misère base is written whole: less often.)
            if misere && dom::now() - a.last_kept > 5.0 * KEEP_EVERY_MS {
                a.store_misere();
            } else if !misere && dom::now() - a.last_kept > KEEP_EVERY_MS {
                a.store_base();
            }
            return false;
        }
        Progress::Done(answer) => {
            c.result = Some(answer);
            c.trust = None;
            c.verifying = None;
            a.message.clear();
            if misere {
                a.store_misere();
            } else {
                a.store_base();
            }
        }
        Progress::Failed(e) => a.message = format!("The computation failed: {e}."),
    }
    a.running = false;
    true
}

/// The misère solver's work between two looks at the clock (a few milliseconds).
const MISERE_STEP: u64 = 200;

/// The page's own computation of `start`, through the engine's front: df-pn in normal play,
/// the misère search that shows its levels in misère play.
fn in_page(start: &Position, goal: Goal, misere: bool) -> Result<Runner, SolveError> {
    let (question, strategy) = if misere {
        (Question::Misere, Strategy::DepthFirst)
    } else {
        (Question::Normal(goal), Strategy::ProofNumber)
    };
    let request = Request::new(start.clone(), question).with_workers(Workers::One(strategy));
    Solving::new(request).map(Runner::InPage)
}

pub(super) fn computation_spent(a: &mut Glop, ms: f64) {
    if let Some(c) = a.computation.as_mut() {
        c.spent += ms;
        c.clock = dom::now();
    }
}

impl Glop {
    /// Workers the computation gets: the element's `data-workers` (0 computes in the page), or
    /// one a core as the browser counts them.
    pub(super) fn team_size(&self) -> usize {
        self.workers_asked
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
    pub(super) fn new_team(&self, size: usize, warm_up: bool) -> Result<Team, String> {
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
    /// note says why); Err for a start the engine refuses. In misère play the goal is the
    /// outcome and the computation starts from the misère base.
    pub(super) fn runner_for(
        &mut self,
        start: &Position,
        goal: Goal,
        misere: bool,
        workers: Option<Team>,
    ) -> Result<Runner, SolveError> {
        check_computable(start)?;
        let size = self.team_size();
        if size > 0 {
            let team = match workers.filter(|t| t.size() == size) {
                Some(team) => Ok(team),
                None => self.new_team(size, false),
            };
            match team {
                Ok(mut team) if misere => {
                    let base = if self.misere_held() {
                        self.misere.write_base()
                    } else {
                        String::new()
                    };
                    team.begin_misere(start, &base);
                    return Ok(Runner::Team(team));
                }
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
        in_page(start, goal, misere)
    }
}
