//! Exhaust fire, and the layers a link or `data-layers` asks for, fired in time slices
//! (widgets::slices): the page stays responsive and Stop works.

use super::*;

/// Work done in time slices: an Exhaust fire, or the layers a link or `data-layers` asks for.
pub(super) enum Run {
    Exhaust(ExhaustRun),
    /// Makes exactly the `moves` asked for (fewer if the play terminates, a move cannot be made
    /// or the history is full). `then`: what is said once they are made ("The play you left
    /// here is back").
    Replay {
        fired: usize,
        moves: Vec<Move>,
        then: String,
    },
}

/// Exhaust fire in time slices (widgets::slices): the page stays responsive and Stop works.
pub(super) fn start_exhaust(app: &Shared) {
    {
        let mut a = app.borrow_mut();
        if a.mode != Mode::Playing
            || a.exhaust.is_some()
            || a.play.as_ref().is_none_or(Game::is_terminal)
        {
            return;
        }
        if !a.read_layer_cap() {
            return;
        }
        a.trace_window = RUNNING_TRACE_LINES;
        a.exhaust = Some(Run::Exhaust(ExhaustRun::with_style(a.layer_cap, a.style)));
        a.message = "Exhaust fire: running…".to_string();
    }
    run_exhaust(app);
}

pub(super) fn run_exhaust(app: &Shared) {
    let root = app.borrow().dom.root.clone();
    let app = app.clone();
    slices::run(&root, 0, move |slice| {
        page::update(&app, |a| exhaust_turn(a, slice))
    });
}

/// One slice of the run, the page drawn after it (`page::update`).
fn exhaust_turn(a: &mut Ade, slice: &Slice) -> Next {
    let (Some(play), Some(run)) = (a.play.as_mut(), a.exhaust.as_mut()) else {
        // The run is over (or was stopped): the tracing area gets its lines back, a few
        // hundred a slice.
        if a.trace_window >= TRACE_LINES {
            return Next::Done;
        }
        a.trace_window = (a.trace_window + TRACE_WIDENING).min(TRACE_LINES);
        return Next::Again;
    };
    let mut loop_found = false;
    let finished = loop {
        let step = match run {
            // A few layers at a time: with huge values one layer can take a while.
            Run::Exhaust(run) => play.exhaust_step(run, 4).map(|reason| {
                loop_found = matches!(reason, StopReason::Loop { .. });
                let more = if let StopReason::Cap { .. } = reason {
                    " Press Exhaust fire again to continue."
                } else {
                    ""
                };
                format!("Exhaust fire: {}.{more}", reason.describe())
            }),
            Run::Replay { fired, moves, then } => replay_step(play, fired, moves).map(|said| {
                if said.is_empty() {
                    std::mem::take(then)
                } else {
                    said
                }
            }),
        };
        if step.is_some() {
            break step;
        }
        if slice.over() {
            break None;
        }
    };
    match (finished, &a.exhaust) {
        (Some(message), _) => {
            a.message = message;
            a.exhaust = None;
            a.looped = loop_found;
        }
        (None, Some(Run::Exhaust(run))) => {
            a.message = format!(
                "Exhaust fire: {} layers so far… (Stop to interrupt)",
                run.fired()
            )
        }
        (None, Some(Run::Replay { fired, moves, .. })) => {
            a.message = format!(
                "Making the {} moves asked for: {fired} so far… (Stop to interrupt)",
                moves.len()
            )
        }
        (None, None) => {}
    }
    let more = a.exhaust.is_some() || a.trace_window < TRACE_LINES;
    if more {
        Next::Again
    } else {
        Next::Done
    }
}

/// Makes one move of a replay; the closing message once it is over.
fn replay_step(play: &mut Game, fired: &mut usize, moves: &[Move]) -> Option<String> {
    let wanted = moves.len();
    let Some(&step) = moves.get(*fired) else {
        return Some(String::new());
    };
    if let Some(full) = play.full(*fired) {
        return Some(format!(
            "{} of the {wanted} moves asked for were made: {}.",
            *fired,
            full.describe()
        ));
    }
    match play.make_move(step) {
        Ok(FireOutcome::Terminal) => return Some(String::new()),
        Ok(_) => {}
        Err(e) => {
            return Some(format!(
                "{} of the {wanted} moves asked for were made: the next could not be ({e}).",
                *fired
            ))
        }
    }
    *fired += 1;
    (*fired >= wanted).then(String::new)
}
