//! One front for solving a position, whoever asks: the command line, Python, Glop's page and the
//! play page each build a `Request` (what is asked, who works on it), start a `Solving` and step
//! it with a budget until it answers; how it fails is a `SolveError`, never a bare string.
//!
//! A base found wrong is an error like any other: a search that proves a couple the base holds
//! otherwise ends with `SolveError::BaseRefuted`, so an answer resting on it never passes for
//! proved (only a check computation, given a guide, lists such couples and goes on).

use std::fmt;

use super::children::TooLarge;
use super::database::{Database, MAX_NIMBER};
use super::misere;
use super::notation::Notation;
use super::position::Position;
use super::search::{
    Answer, ChildView, Contradiction, Couple, Goal, LevelView, Progress, Search, Strategy, Verdict,
};
use crate::engine::stop::Stop;

/// Why a computation gave no answer (a budget or a stop running out is not an error: the
/// computation says `Running` and can go on).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The position is beyond what the engine can name or list.
    TooLarge(String),
    /// The computation would need more memory than it may take (the limit, in bytes).
    Memory {
        limit_bytes: usize,
        what: &'static str,
    },
    /// A nimber above `MAX_NIMBER` (Glop's bound, kept by the bases' format).
    NimberTooLarge,
    /// The base holds couples the search refuted: no answer is given.
    BaseRefuted(Vec<Contradiction>),
    /// Asked of this front what it does not do (a team in misère play, no threads).
    Refused(String),
    /// The engine found itself where it cannot be (a bug).
    Internal(&'static str),
}

impl SolveError {
    /// The error in words, positions written in `notation`.
    pub fn describe(&self, notation: Notation) -> String {
        match self {
            SolveError::TooLarge(why) | SolveError::Refused(why) => why.clone(),
            SolveError::Memory { limit_bytes, what } => format!(
                "{what} need more than {} MB (positions this large are beyond this engine)",
                limit_bytes >> 20
            ),
            SolveError::NimberTooLarge => format!("nimber above {MAX_NIMBER}"),
            SolveError::BaseRefuted(contradictions) => {
                let lines: Vec<String> = contradictions
                    .iter()
                    .map(|c| c.describe(notation))
                    .collect();
                format!(
                    "the base is wrong, so no answer is given: {}",
                    lines.join("; ")
                )
            }
            SolveError::Internal(what) => format!("internal error: {what}"),
        }
    }
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe(Notation::default()))
    }
}

impl std::error::Error for SolveError {}

impl From<TooLarge> for SolveError {
    fn from(e: TooLarge) -> SolveError {
        SolveError::TooLarge(e.0)
    }
}

impl From<misere::Unfinished> for SolveError {
    /// Only for the misère ends that are errors; a budget or a stop is `Running`.
    fn from(e: misere::Unfinished) -> SolveError {
        match e {
            misere::Unfinished::TooLarge(why) => SolveError::TooLarge(why),
            misere::Unfinished::Memory(limit_bytes) => SolveError::Memory {
                limit_bytes,
                what: "the misère search's tables",
            },
            misere::Unfinished::Budget(_) | misere::Unfinished::Stopped => {
                SolveError::Internal("a budget's end taken for a failure")
            }
        }
    }
}

/// What is asked of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// Normal play (who cannot move loses): an outcome with a nimber part, or the nimber.
    Normal(Goal),
    /// Misère play (who cannot move wins): whether the player to move wins.
    Misere,
}

impl Question {
    pub const OUTCOME: Question = Question::Normal(Goal::Outcome { nimber_part: 0 });
}

/// Who works on a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Workers {
    /// One search in the caller's thread. In misère play, `ProofNumber` is the solver's df-pn
    /// (the fastest, no levels to show) and `DepthFirst` the search a page shows level by level.
    One(Strategy),
    /// Natively, a team of df-pn searches, one a thread, sharing what they prove (normal play).
    Team(usize),
}

/// A computation asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    pub position: Position,
    pub question: Question,
    pub workers: Workers,
}

impl Request {
    /// One search with the default strategy.
    pub fn new(position: Position, question: Question) -> Request {
        Request {
            position,
            question,
            workers: Workers::One(Strategy::default()),
        }
    }

    pub fn with_workers(mut self, workers: Workers) -> Request {
        self.workers = workers;
        self
    }
}

/// The bases a computation reads and fills: losing couples for normal play, and for misère
/// play the misère solver (its settled states and lands' trees).
pub struct Bases<'a> {
    pub normal: &'a mut Database,
    pub misere: Option<&'a mut misere::Solver>,
}

impl<'a> Bases<'a> {
    /// For normal play only.
    pub fn normal(normal: &'a mut Database) -> Bases<'a> {
        Bases {
            normal,
            misere: None,
        }
    }

    pub fn both(normal: &'a mut Database, misere: &'a mut misere::Solver) -> Bases<'a> {
        Bases {
            normal,
            misere: Some(misere),
        }
    }

    /// The same bases, lent for one step.
    pub fn reborrow(&mut self) -> Bases<'_> {
        Bases {
            normal: &mut *self.normal,
            misere: self.misere.as_deref_mut(),
        }
    }
}

const NO_MISERE_SOLVER: SolveError = SolveError::Internal("misère play stepped without its solver");

/// A computation under way: step it until it answers.
pub struct Solving {
    request: Request,
    work: Work,
    answer: Option<Answer>,
}

enum Work {
    /// Normal play in this thread, any strategy.
    Normal(Search),
    /// Misère play shown level by level.
    MisereLevels(misere::Search),
    /// Misère play by the solver's df-pn: the work done over the steps so far.
    MisereProof { work: u64 },
    /// A team of threads, started at the first step (it copies the base then).
    #[cfg(not(target_arch = "wasm32"))]
    Team(TeamWork),
}

#[cfg(not(target_arch = "wasm32"))]
struct TeamWork {
    threads: usize,
    team: Option<super::parallel::Team>,
    /// What the team did, once it has ended.
    ended: Option<super::search::Stats>,
}

/// How long a step waits for a team before it says `Running` (the caller looks at its budget
/// between steps).
#[cfg(not(target_arch = "wasm32"))]
const TEAM_STEP: std::time::Duration = std::time::Duration::from_millis(100);

impl Solving {
    /// Starts a computation, refusing at once a position too large or a request this front
    /// does not do.
    pub fn new(request: Request) -> Result<Solving, SolveError> {
        super::children::check_computable(&request.position)?;
        let work = match (request.question, request.workers) {
            (Question::Normal(goal), Workers::One(strategy)) => Work::Normal(
                Search::with_strategy(request.position.clone(), goal, strategy)?,
            ),
            (Question::Misere, Workers::One(Strategy::DepthFirst)) => {
                Work::MisereLevels(misere::Search::new(request.position.clone()))
            }
            (Question::Misere, Workers::One(Strategy::ProofNumber)) => {
                Work::MisereProof { work: 0 }
            }
            (Question::Misere, Workers::One(Strategy::Probing)) => {
                return Err(SolveError::Refused(
                    "probing is for normal play; misère play searches depth-first or by proof numbers"
                        .into(),
                ))
            }
            (Question::Misere, Workers::Team(_)) => {
                return Err(SolveError::Refused(
                    "a team of threads is for normal play only".into(),
                ))
            }
            #[cfg(not(target_arch = "wasm32"))]
            (Question::Normal(_), Workers::Team(threads)) => {
                super::parallel::check_threads(threads)?;
                Work::Team(TeamWork {
                    threads,
                    team: None,
                    ended: None,
                })
            }
            #[cfg(target_arch = "wasm32")]
            (Question::Normal(_), Workers::Team(_)) => {
                return Err(SolveError::Refused(
                    "a team of threads runs natively only (the page's team is its workers)".into(),
                ))
            }
        };
        Ok(Solving {
            request,
            work,
            answer: None,
        })
    }

    pub fn request(&self) -> &Request {
        &self.request
    }

    /// The answer, once known.
    pub fn answer(&self) -> Option<Answer> {
        self.answer
    }

    /// Works until the answer is known or about `budget` more work is done (expansions; the
    /// misère solver's nodes; a team is waited for at most a tenth of a second). `Running`
    /// means: not yet, step again. What is proved goes into the bases as it is found.
    pub fn step(&mut self, bases: Bases<'_>, budget: u64) -> Progress {
        if let Some(answer) = self.answer {
            return Progress::Done(answer);
        }
        let progress = match &mut self.work {
            Work::Normal(search) => search.step(bases.normal, None, budget),
            Work::MisereLevels(search) => {
                let Some(solver) = bases.misere else {
                    return Progress::Failed(NO_MISERE_SOLVER);
                };
                match search.step(solver, budget) {
                    Ok(answer) => misere_progress(answer),
                    Err(e) => Progress::Failed(e.into()),
                }
            }
            Work::MisereProof { work } => {
                let Some(solver) = bases.misere else {
                    return Progress::Failed(NO_MISERE_SOLVER);
                };
                let before = solver.work();
                let won = solver.wins(&self.request.position, budget);
                *work += solver.work().saturating_sub(before);
                match won {
                    Ok(wins) => misere_progress(Some(wins)),
                    Err(misere::Unfinished::Budget(_) | misere::Unfinished::Stopped) => {
                        Progress::Running
                    }
                    Err(e) => Progress::Failed(e.into()),
                }
            }
            #[cfg(not(target_arch = "wasm32"))]
            Work::Team(work) => work.step(&self.request, bases.normal),
        };
        if let Progress::Done(answer) = progress {
            self.answer = Some(answer);
        }
        progress
    }

    /// Stops the computation where it is, keeping in the bases what it proved (a team's
    /// threads end and hand over their losses; a search in this thread has stored them already).
    /// Err if what the team proved refutes the base.
    pub fn end(&mut self, bases: Bases<'_>) -> Result<(), SolveError> {
        #[cfg(not(target_arch = "wasm32"))]
        if let Work::Team(work) = &mut self.work {
            return work.end(bases.normal);
        }
        let _ = bases;
        Ok(())
    }

    /// What a later step asks, mid-expansion, whether to give up at once (a time limit, a
    /// Stop button).
    /// (In misère play the stop is the solver's: `misere::Solver::set_stop`.)
    pub fn set_stop(&mut self, stop: Stop) {
        match &mut self.work {
            Work::Normal(search) => search.set_stop(stop),
            Work::MisereLevels(_) | Work::MisereProof { .. } => {}
            #[cfg(not(target_arch = "wasm32"))]
            Work::Team(_) => {}
        }
    }

    /// Work done so far: expansions in normal play, the misère solver's nodes in misère play.
    pub fn work(&self) -> u64 {
        match &self.work {
            Work::Normal(search) => search.stats().expansions,
            Work::MisereLevels(search) => search.work(),
            Work::MisereProof { work } => *work,
            #[cfg(not(target_arch = "wasm32"))]
            Work::Team(work) => work.expansions(),
        }
    }

    /// Losing couples this computation added to the normal base.
    pub fn stored(&self) -> u64 {
        match &self.work {
            Work::Normal(search) => search.stats().stored,
            #[cfg(not(target_arch = "wasm32"))]
            Work::Team(work) => work.ended.map_or(0, |s| s.stored),
            _ => 0,
        }
    }

    /// The levels, as Glop shows them: a misère level's position is its large lands (see
    /// `misere_trees`) and its nimber part 0. None from the solver's df-pn or a team.
    pub fn levels(&self) -> Vec<LevelView> {
        match &self.work {
            Work::Normal(search) => search.levels(),
            Work::MisereLevels(search) => search
                .levels()
                .into_iter()
                .map(|l| LevelView {
                    numero: l.numero,
                    count: l.count,
                    alive: l.alive,
                    lives: l.lands.lives(),
                    nimber: 0,
                    position: l.lands,
                    zappable: true,
                })
                .collect(),
            _ => Vec::new(),
        }
    }

    /// All children of a level (0-based, as in `levels`).
    pub fn level_children(&self, level: usize) -> Vec<ChildView> {
        match &self.work {
            Work::Normal(search) => search.level_children(level),
            Work::MisereLevels(search) => search
                .level_children(level)
                .into_iter()
                .map(|c| ChildView {
                    couple: Couple::new(c.lands, 0),
                    proven_win: c.won,
                    current: c.current,
                })
                .collect(),
            _ => Vec::new(),
        }
    }

    /// In misère play shown level by level, the small lands' trees beside each level.
    pub fn misere_trees(&self) -> Option<Vec<usize>> {
        match &self.work {
            Work::MisereLevels(search) => Some(search.levels().iter().map(|l| l.trees).collect()),
            _ => None,
        }
    }

    /// The same, for each child of a level.
    pub fn misere_child_trees(&self, level: usize) -> Option<Vec<usize>> {
        match &self.work {
            Work::MisereLevels(search) => Some(
                search
                    .level_children(level)
                    .iter()
                    .map(|c| c.trees)
                    .collect(),
            ),
            _ => None,
        }
    }

    /// Makes `child` (0-based) the child `level` computes next.
    pub fn zap(&mut self, level: usize, child: usize) -> Result<(), SolveError> {
        match &mut self.work {
            Work::Normal(search) => search.zap(level, child),
            Work::MisereLevels(search) => search.zap(level, child),
            _ => Err("this computation has no levels to zap".into()),
        }
        .map_err(SolveError::Refused)
    }

    /// Moves a level to its next (or previous) child still unknown.
    pub fn zap_step(&mut self, level: usize, forward: bool) -> Result<(), SolveError> {
        match &mut self.work {
            Work::Normal(search) => search.zap_step(level, forward),
            Work::MisereLevels(search) => search.zap_step(level, forward),
            _ => Err("this computation has no levels to zap".into()),
        }
        .map_err(SolveError::Refused)
    }
}

fn misere_progress(answer: Option<bool>) -> Progress {
    match answer {
        None => Progress::Running,
        Some(true) => Progress::Done(Answer::Outcome(Verdict::Win)),
        Some(false) => Progress::Done(Answer::Outcome(Verdict::Loss)),
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl TeamWork {
    fn step(&mut self, request: &Request, db: &mut Database) -> Progress {
        let Question::Normal(goal) = request.question else {
            return Progress::Failed(SolveError::Internal("a misère team"));
        };
        if self.ended.is_some() {
            return Progress::Failed(SolveError::Internal("a team stepped after its end"));
        }
        let team = match self.team.take() {
            Some(team) => team,
            None => match super::parallel::Team::start(&request.position, goal, self.threads, db) {
                Ok(team) => team,
                Err(e) => return Progress::Failed(e),
            },
        };
        let progress = team.wait(TEAM_STEP);
        if progress == Progress::Running {
            self.team = Some(team);
            return progress;
        }
        match team.finish(db) {
            Ok(stats) => {
                self.ended = Some(stats);
                progress
            }
            Err(refuted) => Progress::Failed(refuted),
        }
    }

    fn end(&mut self, db: &mut Database) -> Result<(), SolveError> {
        let Some(team) = self.team.take() else {
            return Ok(());
        };
        let finished = team.finish(db);
        // (A team whose losses refute the base is counted as having done nothing.)
        self.ended = Some(finished.as_ref().copied().unwrap_or_default());
        finished.map(|_| ())
    }

    fn expansions(&self) -> u64 {
        match (&self.team, self.ended) {
            (Some(team), _) => team.expansions(),
            (None, Some(stats)) => stats.expansions,
            (None, None) => 0,
        }
    }
}

/// Runs a request to its end (native use: tests, benchmarks, one-off answers).
pub fn solve(request: Request, mut bases: Bases<'_>) -> Result<Answer, SolveError> {
    let mut solving = Solving::new(request)?;
    loop {
        match solving.step(bases.reborrow(), u64::MAX) {
            Progress::Done(answer) => return Ok(answer),
            Progress::Failed(e) => return Err(e),
            Progress::Running => {}
        }
    }
}
