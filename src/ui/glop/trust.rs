//! How far a normal-play answer can be trusted when the main base holds couples nobody proved
//! (loaded, or changed outside gamelab): the answer is proved again from scratch, guided by the
//! base but never trusting it, in the page's slices. Meanwhile the answer shows as being checked.

use super::{Glop, Trust, STEP_EXPANSIONS};
use crate::engine::sprouts::proof::{Verified, Verifying, VERIFY_EXPANSIONS};
use crate::engine::stop::Stop;
use crate::ui::dom;
use crate::ui::page;
use crate::ui::widgets::slices::{self, Next};

/// Time one expansion of the check may take listing its children (one slice of the page): past
/// it the check gives up and the answer stays unchecked. The page's turns stay short.
const EXPANSION_MS: f64 = 50.0;

/// The shown answer's trust, worked out once per answer: nothing to check without unverified
/// couples; otherwise the check starts and the answer is `Checking` until it ends.
pub(super) fn answer_trust(app: &mut Glop) -> Trust {
    let unverified = app.unverified.min(app.db.len());
    let Some(c) = app.computation.as_mut() else {
        return Trust::Proved;
    };
    if let Some(trust) = &c.trust {
        return trust.clone();
    }
    let Some(answer) = c.result else {
        return Trust::Proved;
    };
    if unverified == 0 || c.misere {
        c.trust = Some(Trust::Proved);
        return Trust::Proved;
    }
    // The check may do what the computation did and a little more: it often costs far less,
    // the base guiding it to the proof.
    let allowance = VERIFY_EXPANSIONS + c.runner.expansions();
    app.trust_checks += 1;
    let id = app.trust_checks;
    c.verifying = Some((id, Verifying::new(&c.position, c.goal, answer, allowance)));
    c.trust = Some(Trust::Checking);
    if let Some(handle) = app.me.upgrade() {
        slices::run(&app.dom.root, 0, move |slice| {
            page::update(&handle, |a| {
                let done = slice.work(|| trust_step(a, id));
                a.draw_now |= done;
                if done {
                    Next::Done
                } else {
                    Next::Again
                }
            })
        });
    }
    Trust::Checking
}

/// A step of check `id`; true once it has its verdict (or was stopped or replaced).
fn trust_step(a: &mut Glop, id: u32) -> bool {
    let unverified = a.unverified.min(a.db.len());
    let Some(c) = a.computation.as_mut() else {
        return true;
    };
    let Some((_, run)) = c.verifying.as_mut().filter(|(of, _)| *of == id) else {
        return true;
    };
    // Withdrawn meanwhile (a complete check removed couples), or a new answer.
    if c.trust != Some(Trust::Checking) {
        c.verifying = None;
        return true;
    }
    let deadline = dom::now() + EXPANSION_MS;
    run.set_stop(Stop::when(move || dom::now() >= deadline));
    let before = run.expansions();
    let verdict = match run.step(&a.db, STEP_EXPANSIONS) {
        Some(verdict) => verdict,
        // An expansion that could not list its children in its time: the check gives up.
        None if run.expansions() == before && dom::now() >= deadline => Verified::Unfinished,
        None => return false,
    };
    c.trust = Some(match verdict {
        Verified::Confirmed => Trust::Proved,
        Verified::Unfinished => Trust::Unchecked(unverified),
        Verified::Refuted(found) => Trust::Refuted(
            found
                .iter()
                .map(|f| f.describe(a.notation))
                .collect::<Vec<_>>()
                .join("; "),
        ),
    });
    c.verifying = None;
    true
}

/// Ends a check under way: the answer stays unchecked.
pub(super) fn stop_trust_check(app: &mut Glop) {
    let unverified = app.unverified.min(app.db.len());
    if let Some(c) = app.computation.as_mut() {
        if c.verifying.take().is_some() && c.trust == Some(Trust::Checking) {
            c.trust = Some(Trust::Unchecked(unverified));
        }
    }
}

/// The check's expansions so far, while one runs.
pub(super) fn checking_expansions(app: &Glop) -> Option<u64> {
    app.computation
        .as_ref()
        .and_then(|c| c.verifying.as_ref())
        .map(|(_, run)| run.expansions())
}
