//! The Glop page's elements and how the state is shown in them.

use wasm_bindgen::JsCast;
use web_sys::{HtmlCanvasElement, HtmlElement};

use super::trust::{answer_trust, checking_expansions};
use super::{answer_words, Action, Glop, MisereCheckRun, Trust, DRAWN_GRAPH_LIMIT};
use crate::draw::{palette, Align, Painter};
use crate::engine::sprouts::proof::{NodeKind, ProofGraph};
use crate::engine::sprouts::search::{children_with_nimbers, Answer, Verdict};
use crate::engine::sprouts::search::{Goal, LevelColour};
use crate::engine::sprouts::{Database, Notation, Position};
use crate::engine::stop::Stop;
use crate::ui::action::Named;
use crate::ui::dom;
use crate::ui::dom::{button, child};
use crate::ui::page;
use crate::ui::widgets::canvas::CanvasPainter;
use crate::ui::widgets::slices::{self, Next};

/// One cell of the level table: its text, and for a zappable level the button's action and
/// label.
struct Cell {
    text: String,
    action: Option<(Action, &'static str)>,
}

impl Cell {
    fn text(text: String) -> Cell {
        Cell { text, action: None }
    }

    fn button(text: String, action: Action, label: &'static str) -> Cell {
        Cell {
            text,
            action: Some((action, label)),
        }
    }
}

/// Brings the level table to `rows`, changing cells in place: the table is redrawn ten times a
/// second while computing, and a click (mouse down, then up a fifth of a second later) must
/// land on the same button, which keeps the keyboard focus too.
fn update_levels(table: &HtmlElement, rows: &[(&str, Vec<Cell>)]) {
    if table.child_element_count() == 0 {
        let head = child(table, "tr", "");
        for title in ["Numero", "Alive", "Lives", "Nimber", "Position"] {
            child(&head, "th", "").set_text_content(Some(title));
        }
    }
    // Rows past the header, one per level.
    while table.child_element_count() as usize > rows.len() + 1 {
        if let Some(last) = table.last_element_child() {
            last.remove();
        }
    }
    for (k, (class, cells)) in rows.iter().enumerate() {
        let row: HtmlElement = match table.children().item(k as u32 + 1) {
            Some(row) => row.unchecked_into(),
            None => {
                let row = child(table, "tr", "");
                dom::best_effort(row.set_attribute("data-level", &k.to_string()));
                row
            }
        };
        row.set_class_name(class);
        let buttons = cells.iter().all(|c| c.action.is_some());
        let same_shape = row.child_element_count() as usize == cells.len()
            && row.query_selector("button").ok().flatten().is_some() == buttons;
        if !same_shape {
            row.set_text_content(None);
            for cell in cells {
                let td = child(&row, "td", "");
                if let Some((action, label)) = &cell.action {
                    dom::best_effort(
                        button(&td, &cell.text, action).set_attribute("aria-label", label),
                    );
                } else {
                    td.set_text_content(Some(&cell.text));
                }
            }
            continue;
        }
        for (i, cell) in cells.iter().enumerate() {
            let Some(td) = row.children().item(i as u32) else {
                continue;
            };
            let target = match &cell.action {
                Some((action, label)) => {
                    let Some(b) = td.first_element_child() else {
                        continue;
                    };
                    if b.get_attribute("data-action") != Some(action.name()) {
                        dom::set_action(&b, action);
                        dom::best_effort(b.set_attribute("aria-label", label));
                    }
                    b
                }
                None => td,
            };
            if target.text_content().as_deref() != Some(cell.text.as_str()) {
                target.set_text_content(Some(&cell.text));
            }
        }
    }
}

/// Draws every panel from the state (each function below draws one).
pub fn refresh(app: &mut Glop) {
    base_line(app);
    // (The answer first: it works out how far the answer can be trusted, which the status
    // line says too.)
    answer_panel(app);
    status_line(app);
    levels_panel(app);
    level_children_panel(app);
    check_panel(app);
    database_panel(app);
    children_panel(app);
}

/// The main base's count at the top left, and which buttons can be pressed now.
fn base_line(app: &Glop) {
    let d = &app.dom;
    let unverified = match app.unverified.min(app.db.len()) {
        0 => String::new(),
        n => format!(" · {n} loaded, unverified"),
    };
    let misere = if app.misere_held() {
        let (states, lands) = app.misere.solved();
        format!(" · misère base: {states} states, {lands} lands")
    } else {
        String::new()
    };
    d.base_info.set_text_content(Some(&format!(
        "Main base: {} positions (≈ {} KB){unverified}{misere}",
        app.db.len(),
        app.db.memory_bytes().div_ceil(1024)
    )));
    dom::best_effort(
        d.compute
            .toggle_attribute_with_force("disabled", app.running),
    );
    dom::best_effort(d.stop.toggle_attribute_with_force("disabled", !app.busy()));
    dom::best_effort(
        d.stop_complete
            .toggle_attribute_with_force("disabled", !app.busy()),
    );
}

/// The status line: the computation's state, its figures and the page's messages.
fn status_line(app: &Glop) {
    let d = &app.dom;
    let mut status = match &app.computation {
        Some(c) => {
            let workers = match c.runner.workers() {
                0 => String::new(),
                1 => " in a Web Worker".into(),
                n => format!(" in {n} Web Workers"),
            };
            let what = match c.goal {
                _ if c.misere => "misère outcome",
                Goal::Nimber => "nimber",
                Goal::Outcome { .. } => "outcome",
            };
            let head = match c.result {
                Some(_) if matches!(c.trust, Some(Trust::Refuted(_))) => format!(
                    "{}: no answer: the main base is wrong (the banner says where).",
                    c.position.write(app.notation)
                ),
                Some(_) if matches!(c.trust, Some(Trust::Withdrawn)) => format!(
                    "{}: the answer was withdrawn (a couple it may rest on was refuted).",
                    c.position.write(app.notation)
                ),
                Some(answer) => format!(
                    "{}: {}.",
                    c.position.write(app.notation),
                    answer_words(answer, c.misere)
                ),
                None if app.running => format!(
                    "Computing the {what} of {}…",
                    c.position.write(app.notation)
                ),
                None => format!(
                    "Stopped: the {what} of {} (Compute goes on from here).",
                    c.position.write(app.notation)
                ),
            };
            // An answer that rests on couples nobody proved says so.
            let rests_on = match (&c.trust, app.unverified.min(app.db.len())) {
                (Some(Trust::Checking), n) => format!(
                    " It rests on a main base with {n} unverified couple{}: proving it again without them, {} expansions so far (Stop ends the check).",
                    if n == 1 { "" } else { "s" },
                    checking_expansions(app).unwrap_or(0)
                ),
                (Some(Trust::Unchecked(_)), n) if n > 0 => format!(
                    " It rests on a main base with {n} unverified couple{} (loaded or changed outside gamelab): Complete check proves them.",
                    if n == 1 { "" } else { "s" }
                ),
                _ => String::new(),
            };
            if c.misere {
                let (states, lands) = app.misere.solved();
                format!(
                    "{head} {} units of work{workers}, {:.2} s; the misère base holds {states} settled states and {lands} lands' trees.",
                    c.runner.expansions(),
                    c.spent / 1000.0
                )
            } else {
                format!(
                    "{head} {} expansions{workers}, {} couples stored, {:.2} s.{rests_on}",
                    c.runner.expansions(),
                    c.runner.stored(),
                    c.spent / 1000.0
                )
            }
        }
        None => "Press Compute to start (Parameters tab: the start position).".into(),
    };
    if !app.message.is_empty() {
        status = format!("{}\n{status}", app.message);
    }
    if app.computation.is_some() && !app.runner_note.is_empty() {
        status = format!("{}\n{status}", app.runner_note);
    }
    d.status.set_text_content(Some(&status));
    dom::best_effort(d.root.set_attribute(
        "data-state",
        if app.running {
            "running"
        } else if checking_expansions(app).is_some() {
            "checking"
        } else if app.computation.as_ref().is_some_and(|c| c.result.is_some()) {
            "done"
        } else {
            "idle"
        },
    ));
}

/// How many winning moves the answer names (the Children tab lists them all).
const REPLIES_SHOWN: usize = 6;

/// The children of a position the base knows lost for their mover (winning moves), listed
/// within 300 ms.
fn winning_moves(position: &Position, db: &Database) -> Result<Vec<Position>, String> {
    const LIMIT_MS: f64 = 300.0;
    let deadline = dom::now() + LIMIT_MS;
    let stop = Stop::when(move || dom::now() >= deadline);
    match children_with_nimbers(position, db, &stop) {
        Ok(children) => Ok(children
            .into_iter()
            .filter(|(_, nimber)| *nimber == Some(0))
            .map(|(child, _)| child)
            .collect()),
        Err(_) => Err("too many to list here; the Children tab lists them".to_string()),
    }
}

/// The answer in a banner once the computation has it, and the winning moves under it: the
/// children the main base knows to be losing (nimber 0), listed once, within a short time.
fn answer_panel(app: &mut Glop) {
    let answer = app.computation.as_ref().and_then(|c| {
        c.result
            .map(|answer| (answer, c.position.clone(), c.misere))
    });
    let Some((answer, position, misere)) = answer else {
        app.replies = None;
        app.dom.banner.set_hidden(true);
        app.dom.replies.set_hidden(true);
        return;
    };
    let written = position.write(app.notation);
    let play = if misere { " in misère play" } else { "" };
    let trust = if misere {
        Trust::Proved
    } else {
        answer_trust(app)
    };
    match &trust {
        Trust::Refuted(found) => {
            let banner = format!("No answer: the main base is wrong. Checked without trusting it: {found}. Complete check removes what it refutes.");
            show_untrusted(app, &banner, "refuted");
            return;
        }
        Trust::Withdrawn => {
            let banner = format!("Withdrawn: the answer for {written} may have rested on a couple a check refuted and removed. Compute again.");
            show_untrusted(app, &banner, "withdrawn");
            return;
        }
        Trust::Proved | Trust::Unchecked(_) | Trust::Checking => {}
    }
    let (banner, wins) = match answer {
        Answer::Outcome(Verdict::Win) => {
            (format!("Win: the first player wins {written}{play}"), true)
        }
        Answer::Outcome(Verdict::Loss) => (
            format!("Loss: the first player loses {written}{play}"),
            false,
        ),
        Answer::Nimber(n) => (format!("Nimber {n}: {written}"), n > 0),
    };
    let unverified = app.unverified.min(app.db.len());
    let couples = if unverified == 1 { "" } else { "s" };
    let (banner, said) = match trust {
        Trust::Unchecked(n) => (format!(
            "Unchecked — {banner}, if the main base's {n} loaded couple{} nobody proved are right (Complete check proves them)",
            if n == 1 { "" } else { "s" }
        ), "unchecked"),
        Trust::Checking => (format!(
            "Checking — {banner}, if the main base's {unverified} loaded couple{couples} nobody proved are right: proving it again without them…"
        ), "checking"),
        _ => (banner, "proved"),
    };
    app.dom.banner.set_text_content(Some(&banner));
    dom::best_effort(app.dom.banner.set_attribute("data-trust", said));
    app.dom.banner.set_hidden(false);
    // (A misère list is made once per answer: the misère base only grows.)
    let size = if misere { 0 } else { app.db.len() };
    let listed_for_this = matches!(&app.replies, Some((p, n, _)) if *p == position && *n == size);
    if !listed_for_this && misere {
        // Settling each move takes searching: it is done in the page's slices, and said once
        // it is done (it took up to 0.2 s at once after an answer).
        start_misere_listing(app, &position);
    } else if !listed_for_this {
        let moves = winning_moves(&position, &app.db);
        app.replies = Some((position, size, moves));
    }
    let text = match (wins, app.replies.as_ref().map(|(_, _, moves)| moves)) {
        (false, _) => "Every move leads to a position the opponent wins.".to_string(),
        (true, Some(Ok(moves))) if !moves.is_empty() => {
            let shown: Vec<String> = moves
                .iter()
                .take(REPLIES_SHOWN)
                .map(|m| m.write(app.notation))
                .collect();
            let more = match moves.len().saturating_sub(REPLIES_SHOWN) {
                0 => String::new(),
                n => format!(" and {n} more (Children tab)"),
            };
            format!(
                "Winning move{} (to a losing position): {}{more}",
                if moves.len() == 1 { "" } else { "s" },
                shown.join(", ")
            )
        }
        (true, Some(Err(why))) => format!("Winning moves: {why}."),
        (true, None) if app.misere_listing.is_some() => {
            "Winning moves: settling each move in turn…".to_string()
        }
        (true, _) => "Winning moves: the main base does not hold the losing child (the Children tab computes it).".to_string(),
    };
    app.dom.replies.set_text_content(Some(&text));
    app.dom.replies.set_hidden(false);
}

/// The banner for an answer that cannot be given as it is, with no winning moves under it.
fn show_untrusted(app: &mut Glop, banner: &str, trust: &str) {
    app.dom.banner.set_text_content(Some(banner));
    dom::best_effort(app.dom.banner.set_attribute("data-trust", trust));
    app.dom.banner.set_hidden(false);
    app.dom.replies.set_hidden(true);
}

/// The work a misère answer's list of winning moves may take in all (some tenths of a second,
/// in slices): the move the computation found is settled already, others may be quick to
/// settle too.
const MISERE_LIST_WORK: u64 = 3_000;

/// The work one look at a move may do before the page has its turn again.
const MISERE_LIST_STEP: u64 = 100;

/// A misère answer's winning moves being found: the children of `position`, settled one after
/// another in the page's slices within `MISERE_LIST_WORK`.
pub(super) struct MisereListing {
    position: Position,
    kids: Vec<Position>,
    next: usize,
    found: Vec<Position>,
    work: u64,
}

impl MisereListing {
    pub(super) fn position(&self) -> &Position {
        &self.position
    }
}

/// Begins listing the winning moves of `position` (a misère answer), unless it is listed or
/// being listed already.
fn start_misere_listing(app: &mut Glop, position: &Position) {
    if app
        .misere_listing
        .as_ref()
        .is_some_and(|l| l.position == *position)
    {
        return;
    }
    let kids = match crate::engine::sprouts::children(position) {
        Ok(kids) => kids,
        Err(_) => {
            app.replies = Some((position.clone(), 0, Err("too many to list here".into())));
            return;
        }
    };
    app.misere_listing = Some(MisereListing {
        position: position.clone(),
        kids,
        next: 0,
        found: Vec::new(),
        work: 0,
    });
    if let Some(handle) = app.me.upgrade() {
        slices::run(&app.dom.root, 0, move |slice| {
            page::update(&handle, |a| {
                let done = slice.work(|| misere_listing_step(a));
                a.draw_now |= done;
                if done {
                    Next::Done
                } else {
                    Next::Again
                }
            })
        });
    }
}

/// One look at the next move: settled as a loss for its mover, a winning move; true once
/// every move was looked at or the work is spent.
fn misere_listing_step(a: &mut Glop) -> bool {
    let Some(listing) = a.misere_listing.as_mut() else {
        return true;
    };
    let finished = listing.next >= listing.kids.len() || listing.work >= MISERE_LIST_WORK;
    if !finished {
        let kid = &listing.kids[listing.next];
        let before = a.misere.work();
        let budget = MISERE_LIST_STEP.min(MISERE_LIST_WORK - listing.work).max(1);
        let settled = a.misere.wins(kid, budget);
        listing.work += a.misere.work().saturating_sub(before).max(1);
        match settled {
            Ok(false) => {
                listing.found.push(kid.clone());
                listing.next += 1;
            }
            Ok(true) => listing.next += 1,
            // Not settled yet: the next look goes on from where this one stopped.
            Err(_) => {}
        }
        return false;
    }
    let Some(listing) = a.misere_listing.take() else {
        return true;
    };
    let moves = if listing.found.is_empty() {
        Err("none settled quickly enough to list".to_string())
    } else {
        Ok(listing.found)
    };
    a.replies = Some((listing.position, 0, moves));
    true
}

/// The Computation tab's levels (Glop's zapping table): one row a level of the search.
fn levels_panel(app: &Glop) {
    let d = &app.dom;
    let running = app.computation.as_ref().filter(|c| c.result.is_none());
    let levels = running.map(|c| c.runner.levels()).unwrap_or_default();
    // A misère level has no nimber part, and small lands' trees beside its lands.
    let trees = running.and_then(|c| c.runner.misere_trees());
    let rows: Vec<(&str, Vec<Cell>)> = levels
        .iter()
        .enumerate()
        .map(|(k, level)| {
            let class = match level.colour() {
                LevelColour::Red => "gl-level gl-red",
                LevelColour::Green => "gl-level gl-green",
                LevelColour::Plain => "gl-level",
            };
            let mut position = level.position.write(app.notation);
            let mut nimber = level.nimber.to_string();
            if let Some(trees) = &trees {
                position = misere_state(&position, trees.get(k).copied().unwrap_or(0));
                nimber = "–".into();
            }
            let cells = if level.zappable {
                let next = Action::LevelStep {
                    level: k,
                    forward: true,
                };
                vec![
                    Cell::button(
                        format!("{}/{}", level.numero, level.count),
                        next.clone(),
                        "next child",
                    ),
                    Cell::button(level.alive.to_string(), next.clone(), "next child"),
                    Cell::button(level.lives.to_string(), next, "next child"),
                    Cell::button(
                        nimber,
                        Action::LevelStep {
                            level: k,
                            forward: false,
                        },
                        "previous child",
                    ),
                    Cell::button(position, Action::LevelList(k), "all children of this level"),
                ]
            } else {
                vec![
                    Cell::text(format!("land {}/{}", level.numero, level.count)),
                    Cell::text(level.alive.to_string()),
                    Cell::text(level.lives.to_string()),
                    Cell::text(nimber),
                    Cell::text(position),
                ]
            };
            (class, cells)
        })
        .collect();
    update_levels(&d.levels, &rows);
}

/// A misère search's state in words: its large lands, and the small lands' trees beside them.
fn misere_state(lands: &str, trees: usize) -> String {
    match trees {
        0 => lands.to_string(),
        1 => format!("{lands} + 1 small land's tree"),
        n => format!("{lands} + {n} small lands' trees"),
    }
}

/// The children of one level (Glop: a click on Position), each a button that zaps to it.
fn level_children_panel(app: &Glop) {
    let d = &app.dom;
    d.level_children.set_text_content(None);
    if let (Some(k), Some(c)) = (app.listing, app.computation.as_ref()) {
        let list = c.runner.level_children(k);
        let trees = c.runner.misere_child_trees(k);
        if !list.is_empty() {
            child(&d.level_children, "h4", "")
                .set_text_content(Some(&format!("Level {}: all children", k + 1)));
            let ol = child(&d.level_children, "ol", "");
            for (i, view) in list.iter().enumerate() {
                let li = child(&ol, "li", if view.current { "gl-current" } else { "" });
                let written = view.couple.position.write(app.notation);
                let what = match &trees {
                    Some(trees) => misere_state(&written, trees.get(i).copied().unwrap_or(0)),
                    None => format!("{written} (nimber part {})", view.couple.nimber),
                };
                let text = format!(
                    "{what}{}{}",
                    if view.proven_win { " — win" } else { "" },
                    if view.current {
                        " ◀ being computed"
                    } else {
                        ""
                    }
                );
                let b = button(&li, &text, &Action::Zap { level: k, child: i });
                dom::best_effort(b.toggle_attribute_with_force("disabled", view.proven_win));
            }
            button(&d.level_children, "Close", &Action::ChildrenClose);
        }
    }
}

/// The Computation tab's check: its result in words, and what to do when the base did not suffice.
/// A misère check in words: computed afresh, and whether the misère base agrees.
fn misere_check_text(app: &Glop, run: &MisereCheckRun) -> String {
    let written = run.position.write(app.notation);
    match &run.result {
        None => format!(
            "Checking {written} in misère play, computed afresh… {} units of work.",
            run.work()
        ),
        Some(Err(e)) => format!("The misère check failed: {e}"),
        Some(Ok(wins)) => {
            let answer = answer_words(
                Answer::Outcome(if *wins { Verdict::Win } else { Verdict::Loss }),
                true,
            );
            let base = match run.base_says {
                None => "The misère base does not know this position yet.".to_string(),
                Some(says) if says == *wins => "The misère base agrees.".to_string(),
                Some(_) => "The misère base said otherwise: it was emptied.".to_string(),
            };
            format!(
                "Check of {written}: {answer}, computed afresh without the misère base; {} units of work, {:.2} s. {base}",
                run.work(),
                run.spent / 1000.0
            )
        }
    }
}

fn check_panel(app: &mut Glop) {
    let d = &app.dom;
    let check_text = match &app.check {
        None if app.misere_check.is_some() => app
            .misere_check
            .as_ref()
            .map(|run| misere_check_text(app, run))
            .unwrap_or_default(),
        None => String::new(),
        Some(run) => match &run.result {
            None => format!(
                "Checking… {} expansions, check base {} couples.",
                run.check.search.stats().expansions,
                run.check.check_db.len()
            ),
            Some(Err(e)) => format!("The check failed: {e}"),
            Some(Ok(answer)) => {
                let s = run.check.search.stats();
                let contradictions = run.check.search.contradictions();
                let mut t = format!(
                    "Check of {}: {}. Check base: {} couples; {} expansions, {:.2} s.",
                    run.position.write(app.notation),
                    answer_words(*answer, false),
                    run.check.check_db.len(),
                    s.expansions,
                    run.spent / 1000.0
                );
                if s.new_results > 0 {
                    // Glop marks such a check base "N"; say what it means and what to do.
                    t.push_str(&format!(
                        " The main base did not suffice: the check had to prove {} result{} it lacks (N: new results). They are in the check base; add them to the main base, or compute the position, and the next check finds the base sufficient.",
                        s.new_results,
                        if s.new_results == 1 { "" } else { "s" }
                    ));
                } else if contradictions.is_empty() {
                    t.push_str(" The main base sufficed.");
                }
                for c in contradictions {
                    t.push_str(&format!(
                        " Error: {} (main base).",
                        c.describe(app.notation)
                    ));
                }
                t
            }
        },
    };
    let insufficient = app.check.as_ref().is_some_and(|run| {
        matches!(run.result, Some(Ok(_))) && run.check.search.stats().new_results > 0
    });
    let check_text = match (check_text.is_empty(), app.check_message.is_empty()) {
        (_, true) => check_text,
        (true, false) => app.check_message.clone(),
        (false, false) => format!("{check_text}\n{}", app.check_message),
    };
    d.check_status.set_text_content(Some(&check_text));
    d.check_offer.set_hidden(!insufficient);
    draw_check_graph(app);
}

/// The Database tab: the last file's message and the complete check's progress.
fn database_panel(app: &Glop) {
    let reading = match &app.misere_reading {
        Some(reading) => format!(
            "\nReading the misère base… {:.0}%",
            100.0 * reading.progress()
        ),
        None => String::new(),
    };
    app.dom
        .db_status
        .set_text_content(Some(&format!("{}{reading}", app.db_message)));
    let complete = match &app.complete {
        None => String::new(),
        Some(run) => {
            let (done, all) = run.progress();
            let mut t = if run.is_done() {
                format!(
                    "Complete check: {all} couples checked, {} problem(s).",
                    run.failures.len()
                )
            } else if app.complete_stopped {
                format!(
                    "Complete check stopped at {done} of {all}: Complete check goes on from there."
                )
            } else {
                format!("Complete check: {done} of {all}…")
            };
            for f in run.failures.iter().take(20) {
                t.push_str(&format!(
                    "\n{} {}: {}",
                    f.position.write(app.notation),
                    f.stored,
                    f.problem
                ));
            }
            t
        }
    };
    app.dom.complete_status.set_text_content(Some(&complete));
}

/// The Children tab: every child of the position with its nimber, or a button to compute it.
fn children_panel(app: &Glop) {
    let progress = app.child_run.as_ref().map(|r| {
        (
            r.index,
            r.stopped,
            r.solving.work(),
            (r.spent / 100.0) as u64,
        )
    });
    let inputs = format!("{:?} {:?} {progress:?}", app.notation, app.children);
    if !app.drawn_children.changed(inputs) {
        // Its buttons stay as they are, and the keyboard's focus on them.
        return;
    }
    let list = &app.dom.children_list;
    list.set_text_content(None);
    for (i, (position, nimber)) in app.children.iter().enumerate() {
        let li = child(
            list,
            "li",
            if *nimber == Some(0) { "gl-winning" } else { "" },
        );
        let text = match nimber {
            Some(n) => format!("{} {n}", position.write(app.notation)),
            None => position.write(app.notation),
        };
        let b = button(&li, &text, &Action::Child(i));
        if *nimber == Some(0) {
            dom::best_effort(
                b.set_attribute("aria-label", &format!("{text} (nimber 0: a winning move)")),
            );
        }
        if nimber.is_some() {
            continue;
        }
        // Not in the base: its nimber can be computed here, so every reply has an answer.
        match app
            .child_run
            .as_ref()
            .filter(|r| r.index == i && !r.stopped)
        {
            Some(run) => {
                child(&li, "span", "gl-hint").set_text_content(Some(&format!(
                    " computing its nimber… {} expansions, {:.1} s ",
                    run.solving.work(),
                    run.spent / 1000.0
                )));
                dom::best_effort(
                    button(&li, "Stop", &Action::StopChild)
                        .class_list()
                        .add_1("gl-ask"),
                );
            }
            None => {
                let b = button(&li, "Nimber?", &Action::ChildNimber(i));
                dom::best_effort(b.class_list().add_1("gl-ask"));
                dom::best_effort(b.set_attribute(
                    "aria-label",
                    &format!("compute the nimber of {}", position.write(app.notation)),
                ));
            }
        }
    }
}

/// Small proof graphs are drawn: couples ranked by lives, red losing, blue winning, yellow sums
/// (each also marked L, W or S, so colour is not the only signal).
fn draw_check_graph(app: &Glop) {
    let shown = app.check.as_ref().map(|run| {
        let answer = run.result.as_ref().map(|r| r.as_ref().ok().copied());
        (
            run.position.write(Notation::Glop10),
            answer,
            run.check.check_db.len(),
        )
    });
    // (The proof graph is built again only for a new check or new options.)
    if !app
        .drawn_proof
        .changed(format!("{shown:?} {:?}", app.dot_options()))
    {
        return;
    }
    let canvas = &app.dom.graph_canvas;
    app.dom.proof_text.set_text_content(None);
    let graph = match app.check_graph() {
        Some(Ok(g)) if g.nodes.len() <= DRAWN_GRAPH_LIMIT => g,
        Some(Ok(g)) => {
            // Said, not silently left out.
            canvas.set_hidden(true);
            app.dom.proof_text.set_text_content(Some(&format!(
                "The proof has {} couples: the page draws proofs of up to {DRAWN_GRAPH_LIMIT}. Save check graph writes it whole (.dot, for Graphviz).",
                g.nodes.len()
            )));
            return;
        }
        _ => {
            canvas.set_hidden(true);
            return;
        }
    };
    canvas.set_hidden(false);
    let options = app.dot_options();
    let min_lives = options.min_lives;
    draw_graph(canvas, &graph, options.colours, options.detail, min_lives);
    // Detail 3: every couple's text, numbered as in the drawing (the proof, readable).
    if options.detail >= 3 {
        for (i, node) in graph
            .nodes
            .iter()
            .enumerate()
            .filter(|(_, n)| n.lives() >= min_lives)
        {
            let li = child(&app.dom.proof_text, "li", "");
            dom::best_effort(li.set_attribute("value", &(i + 1).to_string()));
            li.set_text_content(Some(&node.text(options.notation)));
        }
    }
}

/// Detail 1: dots; 2 and 3: numbered couples (with L, W or S).
fn draw_graph(
    canvas: &HtmlCanvasElement,
    graph: &ProofGraph,
    colours: bool,
    detail: u8,
    min_lives: u32,
) {
    let shown: Vec<bool> = graph.nodes.iter().map(|n| n.lives() >= min_lives).collect();
    let mut ranks: Vec<u32> = graph
        .nodes
        .iter()
        .map(|n| n.lives())
        .filter(|&l| l >= min_lives)
        .collect();
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    ranks.dedup();
    let widest = ranks
        .iter()
        .map(|&l| graph.nodes.iter().filter(|n| n.lives() == l).count())
        .max()
        .unwrap_or(1)
        .max(1);
    let (w, h) = (
        (widest as u32 * 44 + 90).max(300),
        ranks.len() as u32 * 48 + 20,
    );
    canvas.set_width(w);
    canvas.set_height(h);
    dom::best_effort(canvas.set_attribute(
        "aria-label",
        &format!(
            "Proof graph: {} couples on {} levels of lives",
            graph.nodes.len(),
            ranks.len()
        ),
    ));
    let Some(mut p) = CanvasPainter::new(canvas) else {
        return;
    };
    p.fill_rect(0.0, 0.0, w as f64, h as f64, palette::WHITE);
    let mut place = vec![(0.0, 0.0); graph.nodes.len()];
    for (r, &lives) in ranks.iter().enumerate() {
        let members: Vec<usize> = (0..graph.nodes.len())
            .filter(|&i| graph.nodes[i].lives() == lives)
            .collect();
        let y = 30.0 + r as f64 * 48.0;
        for (k, &i) in members.iter().enumerate() {
            place[i] = (30.0 + k as f64 * 44.0, y);
        }
        p.text(
            w as f64 - 8.0,
            y + 4.0,
            &format!("{lives} lives"),
            11.0,
            Align::Right,
            palette::SOFT_INK,
        );
    }
    for (i, node) in graph.nodes.iter().enumerate().filter(|(i, _)| shown[*i]) {
        for &j in node.edges.iter().filter(|&&j| shown[j]) {
            p.line(
                place[i].0,
                place[i].1,
                place[j].0,
                place[j].1,
                1.0,
                palette::FAINT,
            );
        }
    }
    for (i, node) in graph.nodes.iter().enumerate().filter(|(i, _)| shown[*i]) {
        let (fill, mark) = match node.kind {
            NodeKind::Loss => (palette::RED, "L"),
            NodeKind::Win => (palette::BLUE, "W"),
            NodeKind::Lands => (palette::YELLOW, "S"),
        };
        let fill = if colours { fill } else { palette::SHADE };
        let (x, y) = place[i];
        if detail <= 1 {
            p.disc(x, y, 6.0, fill);
            p.ring(x, y, 6.0, 1.0, palette::INK);
            continue;
        }
        p.disc(x, y, 14.0, fill);
        p.ring(x, y, 14.0, 1.0, palette::INK);
        p.text(
            x,
            y + 4.0,
            &format!("{}{}", mark, i + 1),
            10.0,
            Align::Center,
            palette::INK,
        );
    }
}
