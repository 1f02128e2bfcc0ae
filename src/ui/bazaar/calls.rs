//! The referee's calls carried to the seats: built-in players answer at once, workers under the
//! time limit (the waiting shown as it goes, a time-out eliminating the player), a human in its
//! own time; play goes on by itself while Play is on, and a finished game is tallied.

use super::*;

/// Starts the workers of the game's worker seats, each reporting to the pump.
pub(super) fn spawn_workers(app: &Shared) {
    let seats: Vec<usize> = app
        .borrow()
        .game
        .brains
        .iter()
        .enumerate()
        .filter(|(_, b)| matches!(b, Brain::Worker { .. }))
        .map(|(i, _)| i)
        .collect();
    for seat in seats {
        let code = {
            let a = app.borrow();
            if a.game.seat_kinds.get(seat) == Some(&SeatKind::JavaScript) {
                a.codes[seat].clone()
            } else {
                String::new()
            }
        };
        let handle = app.clone();
        let host = app.borrow().dom.root.clone();
        let spawned = WorkerPlayer::spawn(&host, &code, move |reply| {
            page::react(&handle, |handle| worker_reply(handle, seat, reply))
        });
        let mut a = app.borrow_mut();
        match spawned {
            Ok(worker) => {
                if let Some(Brain::Worker { worker: slot, .. }) = a.game.brains.get_mut(seat) {
                    *slot = Some(worker);
                }
            }
            Err(e) => a.message = format!("{}: {e}", a.game.seat_names[seat]),
        }
    }
}

pub(super) fn schedule(app: &Shared, ms: i32) {
    let (root, pump) = {
        let a = app.borrow();
        (a.dom.root.clone(), a.pump.clone())
    };
    let app = app.clone();
    // Once the element has left the page no turn comes; its players' frames went with it.
    pump.schedule(&root, ms, move |_| {
        page::react(&app, |app| {
            if app.borrow().running {
                step(app);
            }
        });
        Next::Done
    });
}

/// One call of the referee: made at once for built-in players, sent to a worker (with a time
/// limit), or left to the human. Keeps going while playing.
pub(super) fn step(app: &Shared) {
    let mut again = None;
    {
        let mut a = app.borrow_mut();
        if a.game.waiting.is_some() {
            return;
        }
        let Some(referee) = a.game.referee.as_ref() else {
            return;
        };
        let Some((seat, call)) = referee.next_call() else {
            drop(a);
            return game_over(app);
        };
        a.game.last_call = describe_call(&a.game.seat_names[seat], &call);
        a.game.last_answer.clear();
        if a.show_wire {
            let text = format!(
                "→ {}: {}",
                a.game.seat_names[seat],
                on_the_wire(&json::call_out(&call))
            );
            a.note(text, "gl-wire");
        }
        let a = &mut *a;
        match &mut a.game.brains[seat] {
            Brain::Direct(actor) => {
                let answer = actors::call(actor, &call).map_err(Failure::Error);
                a.give(seat, answer, None);
                again = Some(a.speed());
            }
            Brain::Worker {
                broken: Some(why), ..
            } => {
                let answer = Err(Failure::Error(why.clone()));
                a.give(seat, answer, None);
                again = Some(a.speed());
            }
            Brain::Worker {
                worker, looping, ..
            } => {
                let method = call.method();
                let message = match looping {
                    Some((actor, m, k, calls)) => {
                        calls[method as usize] += 1;
                        if *m == method && calls[method as usize] == *k {
                            serde_json::json!({"loop": true})
                        } else {
                            let reply = actors::call(actor, &call)
                                .map(|r| json::reply_out(&r))
                                .unwrap_or(serde_json::Value::Null);
                            serde_json::json!({"answer": reply})
                        }
                    }
                    None => serde_json::json!({"call": json::call_out(&call)}),
                };
                let posted = worker.as_ref().map(|w| w.post(&message.to_string()));
                a.next_id += 1;
                let id = a.next_id;
                match posted {
                    Some(Ok(())) => {
                        a.game.waiting = Some(Waiting {
                            seat,
                            id,
                            method,
                            since: dom::now(),
                        });
                        let limit = a.limit_ms;
                        let handle = app.clone();
                        dom::after(limit, move || {
                            page::react(&handle, |handle| time_out(handle, id))
                        });
                        let handle = app.clone();
                        dom::after(100, move || tick_waiting(&handle, id));
                    }
                    _ => {
                        let answer = Err(Failure::Error("its worker could not be started".into()));
                        a.give(seat, answer, None);
                        again = Some(a.speed());
                    }
                }
            }
            Brain::Human if matches!(call, Call::Setup(_) | Call::Win(_)) => {
                // Nothing to decide: the page answers for the human.
                a.give(seat, Ok(Reply::Void), None);
                again = Some(a.speed());
            }
            Brain::Human => {
                // Waits for the human's clicks; Play goes on afterwards only if it was on
                // (asked again while waiting, the answer stays what it was).
                a.game.resume_after_human |= a.running;
                a.running = false;
            }
        }
    }
    if let Some(ms) = again {
        schedule(app, ms);
    }
}

pub(super) fn worker_reply(app: &Shared, seat: usize, reply: Result<String, String>) {
    {
        let mut a = app.borrow_mut();
        let Some(waiting) = a.game.waiting.as_ref().filter(|w| w.seat == seat) else {
            // Not asked anything: a failure now is its code failing to load; say so at its next call.
            if let (Err(why), Some(Brain::Worker { broken, .. })) =
                (reply, a.game.brains.get_mut(seat))
            {
                *broken = Some(why);
            }
            return;
        };
        let method = waiting.method;
        a.game.waiting = None;
        let value = reply.as_ref().ok().map(|text| {
            serde_json::from_str::<serde_json::Value>(text).unwrap_or(serde_json::Value::Null)
        });
        // What the player wrote to its console comes first, in its name.
        if let Some(value) = &value {
            a.console_notes(seat, value);
        }
        let answer = reply.and_then(|_| {
            let value = value
                .as_ref()
                .filter(|v| v.is_object())
                .ok_or("its reply is not JSON")?;
            if let Some(error) = value.get("error") {
                let line = match value.get("line").and_then(|l| l.as_u64()) {
                    Some(line) => format!(" (line {line})"),
                    None => String::new(),
                };
                return Err(format!(
                    "it raised: {}{line}",
                    error.as_str().unwrap_or("an error")
                ));
            }
            json::reply_in(method, value.get("ok").unwrap_or(&serde_json::Value::Null))
        });
        let sent = value.as_ref().and_then(|v| v.get("ok")).cloned();
        a.give(seat, answer.map_err(Failure::Error), sent);
        // An eliminated player (a failure, or a cheat the referee caught) keeps nothing running.
        if a.game.referee.as_ref().is_some_and(|r| r.is_kicked(seat)) {
            a.stop_worker(seat);
        }
    }
    let ms = app.borrow().speed();
    schedule(app, ms);
}

/// While the worker seat thinks, the page is drawn again every 100 ms: the view shows how long
/// it has been thinking against its limit (`Bazaar::waiting_bar`).
pub(super) fn tick_waiting(app: &Shared, id: u64) {
    let waiting = {
        let a = app.borrow();
        a.game.waiting.as_ref().is_some_and(|w| w.id == id) && a.dom.root.is_connected()
    };
    if waiting {
        page::update(app, |_| ());
        let handle = app.clone();
        dom::after(100, move || tick_waiting(&handle, id));
    }
}

/// The time limit passed: the worker is terminated and its player eliminated.
pub(super) fn time_out(app: &Shared, id: u64) {
    {
        let mut a = app.borrow_mut();
        let Some(seat) = a
            .game
            .waiting
            .as_ref()
            .filter(|w| w.id == id)
            .map(|w| w.seat)
        else {
            return;
        };
        a.game.waiting = None;
        a.stop_worker(seat);
        let limit_ms = a.limit_ms as u64;
        a.give(seat, Err(Failure::TimedOut { limit_ms }), None);
        a.game.last_answer =
            format!("No answer within the time limit of {limit_ms} ms: its worker was terminated.");
    }
    let ms = app.borrow().speed();
    schedule(app, ms);
}

pub(super) fn game_over(app: &Shared) {
    let mut next = false;
    {
        let mut a = app.borrow_mut();
        let outcome = a.game.referee.as_ref().and_then(Referee::outcome);
        if let (Some(outcome), Some(check)) = (outcome.as_ref(), a.check.take()) {
            let got = harness::outcome_values(outcome, check.server);
            a.show_verdict(&check.name, &got, &check.expected);
        }
        if let (Some(outcome), Some(t)) = (outcome, a.tournament.as_mut()) {
            for (i, name) in NAMES.iter().enumerate().take(t.wins.len()) {
                t.wins[i] += outcome.winners.iter().any(|w| w == name) as u32;
                t.dropouts[i] += outcome.dropouts.iter().any(|w| w == name) as u32;
            }
            t.left -= 1;
            t.seed += 1;
            next = t.left > 0;
            let seed = t.seed;
            a.stop_workers();
            if next {
                a.start(seed);
            } else {
                a.running = false;
            }
        } else {
            a.running = false;
            a.stop_workers();
        }
    }
    if next {
        spawn_workers(app);
        schedule(app, 0);
    }
}
