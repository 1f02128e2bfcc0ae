//! Running a referee with real players natively: each player lives in its own thread, every call
//! waits at most the time limit, and a player that does not answer in time is abandoned (its
//! thread is left behind) and eliminated. A panic inside a player counts as an error.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::time::Duration;

use super::actors::{call, Player};
use super::referee::{Call, Failure, Referee, Reply};

/// The course reference's default time limit per call.
pub const DEFAULT_LIMIT: Duration = Duration::from_millis(600);

struct Remote {
    calls: Sender<Call>,
    replies: Receiver<Result<Reply, String>>,
}

fn spawn(mut player: Box<dyn Player>) -> Remote {
    let (calls, inbox) = channel::<Call>();
    let (outbox, replies) = channel();
    std::thread::spawn(move || {
        for c in inbox {
            let reply = catch_unwind(AssertUnwindSafe(|| call(player.as_mut(), &c)))
                .unwrap_or_else(|panic| Err(format!("it panicked: {}", panic_message(&panic))));
            if outbox.send(reply).is_err() {
                break;
            }
        }
    });
    Remote { calls, replies }
}

fn panic_message(panic: &Box<dyn std::any::Any + Send>) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "no message".into())
}

/// Plays the referee's game to the end with `players` (one per seat), `limit` per call.
pub fn run(referee: &mut Referee, players: Vec<Box<dyn Player>>, limit: Duration) {
    let mut remotes: Vec<Option<Remote>> = players.into_iter().map(|p| Some(spawn(p))).collect();
    while let Some((seat, c)) = referee.next_call() {
        let answer = match remotes.get(seat).and_then(Option::as_ref) {
            None => Err(Failure::Error("the player is gone".into())),
            Some(remote) => match remote.calls.send(c) {
                Err(_) => Err(Failure::Error("the player is gone".into())),
                Ok(()) => match remote.replies.recv_timeout(limit) {
                    Ok(Ok(reply)) => Ok(reply),
                    Ok(Err(error)) => Err(Failure::Error(error)),
                    Err(RecvTimeoutError::Timeout) => Err(Failure::TimedOut {
                        limit_ms: limit.as_millis() as u64,
                    }),
                    Err(RecvTimeoutError::Disconnected) => {
                        Err(Failure::Error("the player stopped".into()))
                    }
                },
            },
        };
        if matches!(answer, Err(Failure::TimedOut { .. })) {
            remotes[seat] = None; // abandoned: its thread may never come back
        }
        if referee.answer(seat, answer).is_err() {
            break;
        }
    }
}
