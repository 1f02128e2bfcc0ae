//! Every core on one computation (native): a team of df-pn searches of the same couple, one a
//! thread, sharing every losing couple one of them proves. Member 0 searches as one search alone
//! does; each other member breaks ties its own way and keeps away from the couples the members
//! before it are working on (their paths, told at every exchange), so they take different paths.
//! Every member leaves at once any level another member's loss settles. The first to finish gives
//! the answer. The page does the same with Web Workers, passing the same losses as messages.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use super::children::check_computable;
use super::database::Database;
use super::dfpn::{Dfpn, TABLE_COUPLES};
use super::position::{Land, Position};
use super::search::{store_proved, Computation, Contradiction, Goal, Progress, Stats};
use super::solving::SolveError;
use crate::engine::stop::Stop;

/// Expansions a member works between two exchanges with the team.
const EXCHANGE_EVERY: u64 = 256;

/// Most threads a team takes (more than the machine's cores only slows it down).
pub const MAX_THREADS: usize = 256;

struct Shared {
    /// Every losing couple proved so far, in the order they were proved.
    losses: Mutex<Vec<(Land, u8)>>,
    stop: AtomicBool,
    result: Mutex<Option<Progress>>,
    finished: Condvar,
    expansions: AtomicU64,
    /// Where each member is working (its `Dfpn::path`), as of its last exchange.
    paths: Mutex<Vec<Vec<u128>>>,
    /// Couples a member's base held otherwise than the team proved (the base given was wrong).
    refuted: Mutex<Vec<Contradiction>>,
}

/// Refuses a team of no threads, or of more than `MAX_THREADS`.
pub fn check_threads(threads: usize) -> Result<(), SolveError> {
    if (1..=MAX_THREADS).contains(&threads) {
        Ok(())
    } else {
        Err(SolveError::Refused(format!(
            "{threads} threads: a team has 1 to {MAX_THREADS}"
        )))
    }
}

/// A running team; `finish` stops it and gathers what it proved.
pub struct Team {
    shared: Arc<Shared>,
    members: Vec<JoinHandle<()>>,
    known_before: usize,
}

impl Team {
    /// Starts `threads` searches of `position` (1 to `MAX_THREADS`), each with a copy of `db`.
    pub fn start(
        position: &Position,
        goal: Goal,
        threads: usize,
        db: &Database,
    ) -> Result<Team, SolveError> {
        check_computable(position)?;
        check_threads(threads)?;
        let shared = Arc::new(Shared {
            losses: Mutex::new(Vec::new()),
            stop: AtomicBool::new(false),
            result: Mutex::new(None),
            finished: Condvar::new(),
            expansions: AtomicU64::new(0),
            paths: Mutex::new(vec![Vec::new(); threads]),
            refuted: Mutex::new(Vec::new()),
        });
        let members = (0..threads)
            .map(|index| {
                let shared = shared.clone();
                let position = position.clone();
                let local = db.clone();
                std::thread::spawn(move || {
                    member(&shared, position, goal, index, threads, local);
                })
            })
            .collect();
        Ok(Team {
            shared,
            members,
            known_before: db.len(),
        })
    }

    /// Waits at most `timeout` for the answer: `Running` if it has not come.
    pub fn wait(&self, timeout: Duration) -> Progress {
        let result = self.shared.result.lock().unwrap_or_else(|e| e.into_inner());
        let (result, _) = self
            .shared
            .finished
            .wait_timeout_while(result, timeout, |r| r.is_none())
            .unwrap_or_else(|e| e.into_inner());
        result.clone().unwrap_or(Progress::Running)
    }

    /// Expansions of all members so far.
    pub fn expansions(&self) -> u64 {
        self.shared.expansions.load(Ordering::Relaxed)
    }

    /// Stops the members and adds every loss they proved to `db`; Err when what they proved
    /// refutes the base (theirs, copied from `db`, or `db` itself), whose other couples are kept.
    pub fn finish(mut self, db: &mut Database) -> Result<Stats, SolveError> {
        self.shared.stop.store(true, Ordering::Relaxed);
        for member in std::mem::take(&mut self.members) {
            let _ = member.join();
        }
        let mut refuted = std::mem::take(
            &mut *self
                .shared
                .refuted
                .lock()
                .unwrap_or_else(|e| e.into_inner()),
        );
        let losses = self.shared.losses.lock().unwrap_or_else(|e| e.into_inner());
        for (land, nimber) in losses.iter() {
            store_proved(db, land, *nimber, &mut refuted);
        }
        if !refuted.is_empty() {
            return Err(SolveError::BaseRefuted(refuted));
        }
        Ok(Stats {
            expansions: self.shared.expansions.load(Ordering::Relaxed),
            stored: db.len().saturating_sub(self.known_before) as u64,
            new_results: 0,
        })
    }
}

impl Drop for Team {
    /// A team let go without `finish` stops too (its threads would otherwise run on).
    fn drop(&mut self) {
        self.shared.stop.store(true, Ordering::Relaxed);
    }
}

fn member(
    shared: &Arc<Shared>,
    position: Position,
    goal: Goal,
    index: usize,
    threads: usize,
    mut local: Database,
) {
    // Member 0 searches as the one-thread search does; the others break ties their own way.
    let seed = index as u64 * 0x2545_F491_4F6C_DD1D;
    let mut search = Dfpn::new(position, goal, TABLE_COUPLES / threads).team_member(seed);
    // A costly expansion gives up as soon as the team is stopped, not at its next exchange.
    let stop_flag = shared.clone();
    search.set_stop(Stop::when(move || stop_flag.stop.load(Ordering::Relaxed)));
    let mut seen = 0;
    while !shared.stop.load(Ordering::Relaxed) {
        let before = search.stats().expansions;
        let progress = search.step(&mut local, None, EXCHANGE_EVERY);
        shared
            .expansions
            .fetch_add(search.stats().expansions - before, Ordering::Relaxed);
        {
            let mut losses = shared.losses.lock().unwrap_or_else(|e| e.into_inner());
            losses.extend(search.take_new_losses());
            let mut refuted = Vec::new();
            for (land, nimber) in &losses[seen..] {
                store_proved(&mut local, land, *nimber, &mut refuted);
            }
            if !refuted.is_empty() {
                let mut all = shared.refuted.lock().unwrap_or_else(|e| e.into_inner());
                all.extend(refuted);
            }
            // Levels the team's new losses settle are left at once.
            search.notice(&losses[seen..], &local);
            seen = losses.len();
        }
        {
            let mut paths = shared.paths.lock().unwrap_or_else(|e| e.into_inner());
            paths[index] = search.path();
            // A member keeps away from where the members before it work.
            search.avoid(paths[..index].iter().flatten().copied());
        }
        if progress != Progress::Running {
            let mut result = shared.result.lock().unwrap_or_else(|e| e.into_inner());
            if result.is_none() {
                *result = Some(progress);
            }
            shared.stop.store(true, Ordering::Relaxed);
            shared.finished.notify_all();
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::sprouts::{Answer, Verdict};

    #[test]
    fn a_team_of_three_finds_the_outcomes_and_fills_the_base() {
        for (n, want) in [(6, Verdict::Loss), (9, Verdict::Win)] {
            let mut db = Database::new();
            let goal = Goal::Outcome { nimber_part: 0 };
            let team = Team::start(&Position::spots(n), goal, 3, &db).unwrap();
            let progress = team.wait(Duration::from_secs(60));
            let stats = team.finish(&mut db).unwrap();
            assert_eq!(progress, Progress::Done(Answer::Outcome(want)), "{n} spots");
            assert!(stats.expansions > 0 && stats.stored as usize == db.len());
        }
    }

    #[test]
    fn a_team_refuses_no_threads() {
        let db = Database::new();
        assert!(Team::start(&Position::spots(3), Goal::Nimber, 0, &db).is_err());
    }
}
