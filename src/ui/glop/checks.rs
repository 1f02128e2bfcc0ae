//! Checks: one result re-proved from the main base (its check base, its proof graph), and the
//! complete check of every couple, in slices.

use super::*;

/// A check of the Computation tab.
pub(super) struct CheckRun {
    pub(super) position: Position,
    pub(super) check: Check,
    pub(super) spent: f64,
    pub(super) result: Option<Result<Answer, String>>,
}

/// A misère check: the position computed afresh, with a solver of its own (none of the misère
/// base's trees or states), and compared with what the misère base says.
pub(super) struct MisereCheckRun {
    pub(super) position: Position,
    solver: misere::Solver,
    search: misere::Search,
    pub(super) spent: f64,
    /// The answer (true: the first player wins), or why there is none.
    pub(super) result: Option<Result<bool, String>>,
    /// What the misère base says of the position, once the check has its answer (None: it
    /// does not know within a short search).
    pub(super) base_says: Option<bool>,
}

impl MisereCheckRun {
    pub(super) fn work(&self) -> u64 {
        self.search.work()
    }
}

/// The work a misère base may do to say what it knows of the checked position.
const BASE_SAYS_WORK: u64 = 2_000;

pub(super) fn start_check(app: &Shared) {
    {
        let mut a = app.borrow_mut();
        let running = a.check.as_ref().is_some_and(|c| c.result.is_none())
            || a.misere_check.as_ref().is_some_and(|c| c.result.is_none());
        if running {
            return;
        }
        let start = match a.start() {
            Ok(p) => p,
            Err(e) => {
                a.message = e.to_string();
                return;
            }
        };
        a.check_message.clear();
        if a.misere_chosen() {
            if let Err(e) = check_computable(&start) {
                a.message = e.0;
                return;
            }
            a.check = None;
            a.misere_check = Some(MisereCheckRun {
                search: misere::Search::new(start.clone()),
                position: start,
                solver: misere::Solver::new(),
                spent: 0.0,
                result: None,
                base_says: None,
            });
            drop(a);
            in_slices(app, misere_check_step, check_spent);
            return;
        }
        a.misere_check = None;
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
                a.message = e.to_string();
                return;
            }
        }
    }
    in_slices(app, check_step, check_spent);
}

pub(super) fn check_step(a: &mut Glop) -> bool {
    let Some(run) = a.check.as_mut().filter(|r| r.result.is_none()) else {
        return true;
    };
    match run.check.step(&a.db, STEP_EXPANSIONS) {
        Progress::Running => return false,
        Progress::Done(answer) => run.result = Some(Ok(answer)),
        Progress::Failed(e) => run.result = Some(Err(e.to_string())),
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

pub(super) fn check_spent(a: &mut Glop, ms: f64) {
    if let Some(run) = a.check.as_mut() {
        run.spent += ms;
    }
    if let Some(run) = a.misere_check.as_mut() {
        run.spent += ms;
    }
}

/// A step of the misère check; at its end, the misère base is asked the same question, and a
/// base that says otherwise is emptied (nothing it holds is used again).
fn misere_check_step(a: &mut Glop) -> bool {
    let Some(run) = a.misere_check.as_mut().filter(|r| r.result.is_none()) else {
        return true;
    };
    let wins = match run.search.step(&mut run.solver, 200) {
        Ok(None) => return false,
        Ok(Some(wins)) => wins,
        Err(e) => {
            run.result = Some(Err(format!("{e:?}")));
            return true;
        }
    };
    run.result = Some(Ok(wins));
    // The big solver is no longer needed.
    run.solver = misere::Solver::new();
    run.base_says = a.misere.wins(&run.position, BASE_SAYS_WORK).ok();
    if run.base_says.is_some_and(|says| says != wins) {
        a.replace_misere(misere::Solver::new());
        a.store_misere();
        a.db_message =
            "The misère check refuted the misère base: it was emptied, and nothing in it is used."
                .into();
    }
    true
}

pub(super) fn start_complete_check(app: &Shared) {
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
    }
    in_slices(app, complete_check_step, |_, _| {});
}

pub(super) fn complete_check_step(a: &mut Glop) -> bool {
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
                "The complete check stopped: one expansion of entry {} takes more than {} ms, too long for the page. `gamelab sprouts check --complete --db FILE` checks it from the command line.",
                run.progress().0 + 1,
                COMPLETE_ALLOWANCE_MAX_MS
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

/// Time an in-page complete check's slice may give one expansion at first, and at most: the
/// page never stalls for longer than about 100 ms (an expansion of a base's usual entries takes
/// well under a millisecond; one of thousands of spots takes seconds).
pub(super) const COMPLETE_ALLOWANCE_MS: f64 = 40.0;

pub(super) const COMPLETE_ALLOWANCE_MAX_MS: f64 = 80.0;

impl Glop {
    /// The results a check proved that the main base lacked go into the main base, so that the
    /// next check finds the base sufficient.
    pub(super) fn adopt_check_results(&mut self) {
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

    pub(super) fn dot_options(&self) -> DotOptions {
        DotOptions {
            detail: self.dom.detail.value().parse().unwrap_or(3),
            colours: self.dom.colours.checked(),
            min_lives: self.dom.min_lives.value().trim().parse().unwrap_or(0),
            notation: self.notation,
        }
    }

    pub(super) fn check_graph(&self) -> Option<Result<ProofGraph, String>> {
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

    pub(super) fn save_check_graph(&mut self) {
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
    pub(super) fn use_check_base(&mut self) {
        match self.check.as_ref() {
            Some(run) if matches!(run.result, Some(Ok(_))) => {
                let question = format!(
                    "Replace the main base ({} couples) by the check base ({} couples)? Couples not in the check base are lost unless saved first.",
                    self.db.len(),
                    run.check.check_db.len()
                );
                self.dom.confirm.ask(
                    &question,
                    "Replace the main base",
                    &Action::UseCheckBaseConfirmed,
                );
            }
            _ => self.check_message = "Run a check to the end first.".into(),
        }
    }

    /// The check base becomes the main base, as the reader confirmed.
    pub(super) fn use_check_base_confirmed(&mut self) {
        match self.check.as_ref() {
            Some(run) if matches!(run.result, Some(Ok(_))) => {
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
}
