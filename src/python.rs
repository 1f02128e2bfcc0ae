//! The Sprouts engine as a Python module, `gamelab._engine` (re-exported by `import gamelab`):
//! built by maturin with the `python` feature (pyproject.toml); the wasm and CLI builds never
//! see it. The types and functions are documented for Python users in python/gamelab/_engine.pyi.
//!
//! Every search runs with the interpreter released (`Python::detach`), in slices, so other
//! Python threads go on and Ctrl-C is noticed between slices.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

use crate::engine::sprouts::children::Cut;
use crate::engine::sprouts::dfpn::{Dfpn, TABLE_COUPLES};
use crate::engine::sprouts::misere;
use crate::engine::sprouts::misere::solver::machine_memory_limit;
use crate::engine::sprouts::parallel::MAX_THREADS;
use crate::engine::sprouts::proof::{verify, Verified, VERIFY_EXPANSIONS};
use crate::engine::sprouts::symbols::MAX_SPOTS;
use crate::engine::sprouts::{self as sprouts, Answer, Computation, Database, Goal, Notation};
use crate::engine::sprouts::{
    Bases, Land, Progress, Question, Request, SolveError, Solving, Strategy, Verdict, Workers,
};
use crate::engine::stop::Stop;

create_exception!(
    gamelab,
    BadPosition,
    PyValueError,
    "A position that cannot be read, or is too large for the engine."
);
create_exception!(
    gamelab,
    BudgetSpent,
    PyRuntimeError,
    "A search ran out of its nodes or its time; what it proved is kept in its base."
);
create_exception!(
    gamelab,
    BaseRefuted,
    PyValueError,
    "A base (.spr) that cannot be read, or a result that contradicts the base."
);
create_exception!(
    gamelab,
    UncheckedAnswer,
    pyo3::exceptions::PyUserWarning,
    "An answer that rests on a base nobody checked (a bounded check did not finish)."
);
create_exception!(
    gamelab,
    SearchFailed,
    PyRuntimeError,
    "A search that cannot go on (a nimber too large, a position beyond the engine)."
);

/// A search's state carried into `Python::detach`, which asks for `Send`: a df-pn search
/// shares its cached children through `Rc`, so it is not. Nothing crosses a thread here:
/// `detach` runs the closure on the calling thread with the interpreter released, and the
/// search is reachable from no other thread (a local, or a `Search` object PyO3 keeps to the
/// thread that made it: `unsendable`).
struct OnThisThread<T>(T);

// SAFETY: see above; the value is used only on the thread that owns it.
unsafe impl<T> Send for OnThisThread<T> {}

impl<T> OnThisThread<T> {
    /// (A method, so that a closure captures the wrapper whole, not its fields.)
    fn into_inner(self) -> T {
        self.0
    }
}

/// Expansions between looks at the clock, the node budget and Ctrl-C.
const SLICE: u64 = 2_000;

/// Bases larger than this are refused (the command line's limit on a file).
const MAX_BASE_BYTES: u64 = crate::cli::INPUT_BYTES_LIMIT;

/// A Sprouts position, canonical (Glop 1.0 or 2.x notation in, either out).
#[pyclass(module = "gamelab", name = "Position", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyPosition {
    inner: sprouts::Position,
}

fn notation(name: &str) -> PyResult<Notation> {
    match name {
        "1.0" => Ok(Notation::Glop10),
        "2.x" | "2" => Ok(Notation::Glop2),
        _ => Err(PyValueError::new_err("notation is \"1.0\" or \"2.x\"")),
    }
}

#[pymethods]
impl PyPosition {
    #[new]
    fn new(text: &str) -> PyResult<PyPosition> {
        let inner = sprouts::Position::parse(text)
            .map_err(|e| BadPosition::new_err(format!("{text:?}: {e}")))?;
        Ok(PyPosition { inner })
    }

    /// The n-spot start.
    #[staticmethod]
    fn spots(n: usize) -> PyResult<PyPosition> {
        if n > MAX_SPOTS {
            return Err(BadPosition::new_err(format!(
                "{n} spots: at most {MAX_SPOTS}"
            )));
        }
        Ok(PyPosition {
            inner: sprouts::Position::spots(n),
        })
    }

    #[pyo3(signature = (notation_name = "1.0"))]
    fn write(&self, notation_name: &str) -> PyResult<String> {
        Ok(self.inner.write(notation(notation_name)?))
    }

    fn __str__(&self) -> String {
        self.inner.write(Notation::Glop10)
    }

    fn __repr__(&self) -> String {
        format!("Position({:?})", self.inner.write(Notation::Glop2))
    }

    /// Lives left (three per untouched spot).
    #[getter]
    fn lives(&self) -> u32 {
        self.inner.lives()
    }

    /// Whether no move is left.
    #[getter]
    fn is_over(&self) -> bool {
        self.inner.is_empty()
    }

    /// The position's lands, each as a position of its own.
    fn lands(&self) -> Vec<PyPosition> {
        self.inner
            .lands()
            .iter()
            .cloned()
            .map(land_position)
            .collect()
    }

    /// The canonical children (every move, repeats merged), sorted; a list that would take
    /// more than 512 MB is refused, and `time_limit_ms` bounds the listing.
    #[pyo3(signature = (*, time_limit_ms=None))]
    fn children(&self, py: Python<'_>, time_limit_ms: Option<u64>) -> PyResult<Vec<PyPosition>> {
        let budget = Budget::new(None, time_limit_ms)?;
        let position = self.inner.clone();
        let stop = budget.stop();
        let kids = py
            .detach(move || sprouts::children::children_until(&position, &stop))
            .map_err(|cut| match cut {
                Cut::Stopped => BudgetSpent::new_err("the time limit (time_limit_ms) ran out"),
                Cut::TooLarge(why) => BadPosition::new_err(why.0),
            })?;
        Ok(kids.into_iter().map(|inner| PyPosition { inner }).collect())
    }
}

fn land_position(land: Land) -> PyPosition {
    PyPosition {
        inner: sprouts::Position::from_lands(vec![land]),
    }
}

/// The one land of a position that must be a single land.
fn single_land(position: &PyPosition) -> PyResult<Land> {
    match position.inner.lands() {
        [land] => Ok(land.clone()),
        lands => Err(BadPosition::new_err(format!(
            "{}: a base holds single lands, this has {}",
            position.__str__(),
            lands.len()
        ))),
    }
}

/// Lands with their nimbers, in Glop's .spr format: what searches learn and reuse.
#[pyclass(module = "gamelab", name = "Base", frozen)]
pub struct PyBase {
    inner: Mutex<Database>,
    /// Whether it holds couples from outside the engine's searches (text, files, `add`):
    /// answers found with it are then checked, and said to rest on it when that is too costly.
    unchecked: AtomicBool,
}

impl PyBase {
    /// The base, once no search in another thread holds it. That search works with the
    /// interpreter released and needs it back between slices, so this thread waits with the
    /// interpreter released too (waiting while holding it would deadlock both).
    fn lock(&self, py: Python<'_>) -> std::sync::MutexGuard<'_, Database> {
        loop {
            match self.inner.try_lock() {
                Ok(db) => return db,
                // A search that panicked leaves the base as it was before its last insert.
                Err(std::sync::TryLockError::Poisoned(e)) => return e.into_inner(),
                Err(std::sync::TryLockError::WouldBlock) => {
                    py.detach(|| std::thread::sleep(Duration::from_millis(1)))
                }
            }
        }
    }

    fn of(db: Database, unchecked: bool) -> PyBase {
        PyBase {
            inner: Mutex::new(db),
            unchecked: AtomicBool::new(unchecked),
        }
    }

    fn is_unchecked(&self) -> bool {
        self.unchecked.load(Ordering::Relaxed)
    }
}

#[pymethods]
impl PyBase {
    #[new]
    fn new() -> PyBase {
        PyBase::of(Database::new(), false)
    }

    /// A base from .spr text (every line checked; nothing taken from a bad one).
    #[staticmethod]
    fn from_spr(text: &str) -> PyResult<PyBase> {
        if text.len() as u64 > MAX_BASE_BYTES {
            return Err(BaseRefuted::new_err(format!(
                "{} bytes, more than {MAX_BASE_BYTES}",
                text.len()
            )));
        }
        Database::from_spr(text)
            .map(|db| PyBase::of(db, true))
            .map_err(|e| BaseRefuted::new_err(e.to_string()))
    }

    /// A base read from a .spr file.
    #[staticmethod]
    fn load(py: Python<'_>, path: &str) -> PyResult<PyBase> {
        // Read with a cap, not by the size the file claims (/dev/zero claims none).
        let path_owned = path.to_string();
        let text = py
            .detach(move || crate::cli::read_file(&path_owned))
            .map_err(BaseRefuted::new_err)?;
        Database::from_spr(&text)
            .map(|db| PyBase::of(db, true))
            .map_err(|e| BaseRefuted::new_err(format!("{path}: {e}")))
    }

    fn to_spr(&self, py: Python<'_>) -> String {
        self.lock(py).to_spr()
    }

    fn save(&self, py: Python<'_>, path: &str) -> PyResult<()> {
        std::fs::write(path, self.to_spr(py))
            .map_err(|e| PyRuntimeError::new_err(format!("{path}: {e}")))
    }

    fn __len__(&self, py: Python<'_>) -> usize {
        self.lock(py).len()
    }

    /// The nimber of a land (a one-land position), if the base has it.
    fn get(&self, py: Python<'_>, land: &PyPosition) -> PyResult<Option<u8>> {
        Ok(self.lock(py).get(&single_land(land)?))
    }

    /// Adds a land's nimber; True if it was new. A nimber contradicting the base's raises
    /// BaseRefuted and changes nothing.
    fn add(&self, py: Python<'_>, land: &PyPosition, nimber: u8) -> PyResult<bool> {
        let land = single_land(land)?;
        let added = self
            .lock(py)
            .insert(&land, nimber)
            .map_err(|e| BaseRefuted::new_err(format!("{e:?}")))?;
        if added {
            self.unchecked.store(true, Ordering::Relaxed);
        }
        Ok(added)
    }

    /// Every land with its nimber.
    fn entries(&self, py: Python<'_>) -> Vec<(PyPosition, u8)> {
        self.lock(py)
            .iter()
            .map(|(land, n)| (land_position(land), n))
            .collect()
    }

    /// A copy (searches fill the base they are given).
    fn copy(&self, py: Python<'_>) -> PyBase {
        PyBase::of(self.lock(py).clone(), self.is_unchecked())
    }
}

/// A node budget and a clock, as keyword arguments give them.
struct Budget {
    max_nodes: u64,
    deadline: Option<Instant>,
}

impl Budget {
    /// As the command line takes them: each a whole number above 0 when given.
    fn new(max_nodes: Option<u64>, time_limit_ms: Option<u64>) -> PyResult<Budget> {
        if max_nodes == Some(0) || time_limit_ms == Some(0) {
            return Err(PyValueError::new_err(
                "max_nodes and time_limit_ms are whole numbers above 0",
            ));
        }
        Ok(Budget {
            max_nodes: max_nodes.unwrap_or(u64::MAX),
            deadline: time_limit_ms
                .and_then(|ms| Instant::now().checked_add(Duration::from_millis(ms))),
        })
    }

    fn stop(&self) -> Stop {
        self.deadline.map(Stop::at).unwrap_or_else(Stop::never)
    }

    /// The error once `used` nodes are past the budget or the clock has run out.
    fn spent(&self, used: u64) -> Option<PyErr> {
        if used >= self.max_nodes {
            return Some(BudgetSpent::new_err(format!(
                "the node budget of {} (max_nodes) ran out",
                self.max_nodes
            )));
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Some(BudgetSpent::new_err(format!(
                "the time limit (time_limit_ms) ran out after {used} nodes"
            )));
        }
        None
    }
}

fn answer_object(py: Python<'_>, answer: Answer) -> PyResult<Py<PyAny>> {
    Ok(match answer {
        Answer::Outcome(verdict) => (verdict == Verdict::Win)
            .into_pyobject(py)?
            .to_owned()
            .into_any()
            .unbind(),
        Answer::Nimber(n) => n.into_pyobject(py)?.into_any().unbind(),
    })
}

/// One step of a df-pn search (at most `expansions`), with the interpreter released.
fn step_released(
    py: Python<'_>,
    search: &mut Dfpn,
    db: &mut Database,
    expansions: u64,
) -> Progress {
    let work = OnThisThread((search, db));
    py.detach(move || {
        let (search, db) = work.into_inner();
        search.step(db, None, expansions)
    })
}

/// The engine's failure as the Python exception that names it.
fn solve_error(e: SolveError) -> PyErr {
    let message = e.describe(Notation::Glop2);
    match e {
        SolveError::TooLarge(_) => BadPosition::new_err(message),
        SolveError::BaseRefuted(_) => BaseRefuted::new_err(message),
        SolveError::Memory { .. } => BudgetSpent::new_err(message),
        _ => SearchFailed::new_err(message),
    }
}

/// Runs a normal-play request (one df-pn search, or a team) to its answer under the budget,
/// filling `db`, a slice at a time with the interpreter released; its answer and expansions.
fn solve(
    py: Python<'_>,
    request: Request,
    db: &mut Database,
    budget: &Budget,
) -> PyResult<(Answer, u64)> {
    let mut solving = Solving::new(request).map_err(solve_error)?;
    solving.set_stop(budget.stop());
    loop {
        let slice = SLICE
            .min(budget.max_nodes.saturating_sub(solving.work()))
            .max(1);
        let work = OnThisThread((&mut solving, &mut *db));
        let progress = py.detach(move || {
            let (solving, db) = work.into_inner();
            solving.step(Bases::normal(db), slice)
        });
        match progress {
            Progress::Done(answer) => return Ok((answer, solving.work())),
            Progress::Failed(e) => return Err(solve_error(e)),
            Progress::Running => {
                let ended = budget
                    .spent(solving.work())
                    .or_else(|| py.check_signals().err());
                if let Some(err) = ended {
                    // A team hands over what it proved, unless that shows the base wrong; its
                    // members' last expansions are counted once they have stopped.
                    solving.end(Bases::normal(db)).map_err(solve_error)?;
                    return Err(budget.spent(solving.work()).unwrap_or(err));
                }
            }
        }
    }
}

/// The thread counts the command line takes (`--threads`).
fn check_threads(threads: usize) -> PyResult<()> {
    if (1..=MAX_THREADS).contains(&threads) {
        Ok(())
    } else {
        Err(PyValueError::new_err(format!(
            "threads is 1 to {MAX_THREADS}, not {threads}"
        )))
    }
}

fn run_normal(
    py: Python<'_>,
    position: &PyPosition,
    goal: Goal,
    base: Option<&PyBase>,
    budget: Budget,
    threads: usize,
) -> PyResult<Answer> {
    let workers = if threads > 1 {
        Workers::Team(threads)
    } else {
        Workers::One(Strategy::ProofNumber)
    };
    let request =
        Request::new(position.inner.clone(), Question::Normal(goal)).with_workers(workers);
    let Some(base) = base else {
        return Ok(solve(py, request, &mut Database::new(), &budget)?.0);
    };
    let mut db = base.lock(py);
    let (answer, expansions) = solve(py, request, &mut db, &budget)?;
    if !base.is_unchecked() {
        return Ok(answer);
    }
    // The base was used as it is: a bounded check from scratch settles whether to trust it.
    let allowance =
        (VERIFY_EXPANSIONS + expansions).min(budget.max_nodes.saturating_sub(expansions));
    let stop = budget.stop();
    let (position_inner, db_ref) = (&position.inner, &*db);
    let verified =
        py.detach(move || verify(position_inner, goal, answer, db_ref, allowance, &stop));
    match verified {
        Verified::Confirmed => Ok(answer),
        Verified::Unfinished => {
            let message = std::ffi::CString::new(format!(
                "{}: the answer rests on the base as it is (a check within {allowance} expansions did not finish)",
                position.__str__()
            ))
            .unwrap_or_default();
            PyErr::warn(py, &py.get_type::<UncheckedAnswer>(), &message, 1)?;
            Ok(answer)
        }
        Verified::Refuted(contradictions) => {
            let list: Vec<String> = contradictions
                .iter()
                .map(|c| c.describe(Notation::Glop2))
                .collect();
            Err(BaseRefuted::new_err(format!(
                "{}: the base is wrong, so no answer is given: {}",
                position.__str__(),
                list.join("; ")
            )))
        }
    }
}

/// Whether the player to move wins (normal play: who cannot move loses; `misere`: wins).
#[pyfunction]
#[pyo3(signature = (position, *, base=None, max_nodes=None, time_limit_ms=None, threads=1, misere=false))]
fn outcome(
    py: Python<'_>,
    position: &PyPosition,
    base: Option<&PyBase>,
    max_nodes: Option<u64>,
    time_limit_ms: Option<u64>,
    threads: usize,
    misere: bool,
) -> PyResult<bool> {
    let budget = Budget::new(max_nodes, time_limit_ms)?;
    check_threads(threads)?;
    if misere {
        if base.is_some() || threads > 1 {
            return Err(PyValueError::new_err(
                "misère play takes no base and one thread",
            ));
        }
        return misere_outcome(py, &position.inner, &budget);
    }
    let goal = Goal::Outcome { nimber_part: 0 };
    match run_normal(py, position, goal, base, budget, threads)? {
        Answer::Outcome(verdict) => Ok(verdict == Verdict::Win),
        Answer::Nimber(_) => Err(SearchFailed::new_err("a nimber where an outcome was asked")),
    }
}

fn misere_outcome(py: Python<'_>, position: &sprouts::Position, budget: &Budget) -> PyResult<bool> {
    let mut solving =
        Solving::new(Request::new(position.clone(), Question::Misere)).map_err(solve_error)?;
    let stop = budget.stop();
    let max_nodes = budget.max_nodes;
    // The solver shares its tables within one thread (Rc), so it lives and dies inside.
    let work = OnThisThread(&mut solving);
    let (progress, spent) = py.detach(move || {
        let solving = work.into_inner();
        let mut solver = misere::Solver::new();
        solver.set_memory_limit(machine_memory_limit());
        solver.set_stop(stop);
        let mut none = Database::new();
        let progress = solving.step(Bases::both(&mut none, &mut solver), max_nodes);
        (progress, solver.work())
    });
    match progress {
        Progress::Done(answer) => Ok(answer == Answer::Outcome(Verdict::Win)),
        Progress::Failed(e) => Err(solve_error(e)),
        Progress::Running if spent >= max_nodes => Err(BudgetSpent::new_err(format!(
            "the node budget of {max_nodes} (max_nodes) ran out"
        ))),
        Progress::Running => Err(BudgetSpent::new_err(
            "the time limit (time_limit_ms) ran out",
        )),
    }
}

/// The position's nimber (normal play).
#[pyfunction]
#[pyo3(signature = (position, *, base=None, max_nodes=None, time_limit_ms=None, threads=1))]
fn nimber(
    py: Python<'_>,
    position: &PyPosition,
    base: Option<&PyBase>,
    max_nodes: Option<u64>,
    time_limit_ms: Option<u64>,
    threads: usize,
) -> PyResult<u8> {
    let budget = Budget::new(max_nodes, time_limit_ms)?;
    check_threads(threads)?;
    match run_normal(py, position, Goal::Nimber, base, budget, threads)? {
        Answer::Nimber(n) => Ok(n),
        Answer::Outcome(_) => Err(SearchFailed::new_err("an outcome where a nimber was asked")),
    }
}

/// A df-pn search run a few expansions at a time: the piece a driver spreads over machines.
/// It holds its own base (a copy of the one given), its table and its numbers.
#[pyclass(module = "gamelab", name = "Search", unsendable)]
pub struct PySearch {
    search: Dfpn,
    db: Database,
    /// Whether its base holds couples from outside (given, or added as results).
    unchecked: bool,
}

#[pymethods]
impl PySearch {
    /// `goal` is "outcome" or "nimber"; `seed` other than 0 breaks ties its own way (members
    /// of a team searching the same position).
    #[new]
    #[pyo3(signature = (position, *, goal="outcome", base=None, seed=0))]
    fn new(
        py: Python<'_>,
        position: &PyPosition,
        goal: &str,
        base: Option<&PyBase>,
        seed: u64,
    ) -> PyResult<PySearch> {
        let goal = match goal {
            "outcome" => Goal::Outcome { nimber_part: 0 },
            "nimber" => Goal::Nimber,
            _ => return Err(PyValueError::new_err("goal is \"outcome\" or \"nimber\"")),
        };
        sprouts::check_computable(&position.inner).map_err(|e| BadPosition::new_err(e.0))?;
        Ok(PySearch {
            search: Dfpn::new(position.inner.clone(), goal, TABLE_COUPLES).team_member(seed),
            db: base.map(|b| b.lock(py).clone()).unwrap_or_default(),
            unchecked: base.is_some_and(PyBase::is_unchecked),
        })
    }

    /// Runs at most `expansions` more, and for at most `time_limit_ms` when given (one
    /// expansion of a huge land takes seconds); the answer once known (True/False for an
    /// outcome, an int for a nimber), else None (BudgetSpent when the time ran out).
    #[pyo3(signature = (expansions, *, time_limit_ms=None))]
    fn run(
        &mut self,
        py: Python<'_>,
        expansions: u64,
        time_limit_ms: Option<u64>,
    ) -> PyResult<Option<Py<PyAny>>> {
        let budget = Budget::new(None, time_limit_ms)?;
        self.search.set_stop(budget.stop());
        let progress = step_released(py, &mut self.search, &mut self.db, expansions);
        self.search.set_stop(Stop::never());
        match progress {
            Progress::Done(answer) => Ok(Some(answer_object(py, answer)?)),
            Progress::Running => match budget.spent(0) {
                Some(err) if time_limit_ms.is_some() => Err(err),
                _ => Ok(None),
            },
            Progress::Failed(e) => Err(solve_error(e)),
        }
    }

    /// Goes on with another position, keeping the table, the children cache and the base:
    /// what a worker given one position after another does, so that couples the positions
    /// share are not worked out again. Coming back to an earlier position resumes it.
    fn restart(&mut self, position: &PyPosition) -> PyResult<()> {
        sprouts::check_computable(&position.inner).map_err(|e| BadPosition::new_err(e.0))?;
        self.search.restart(position.inner.clone());
        Ok(())
    }

    /// The position searched now.
    #[getter]
    fn position(&self) -> PyPosition {
        PyPosition {
            inner: self.search.root().position.clone(),
        }
    }

    /// The root's (proof, disproof) numbers: 0 proof is a win, 0 disproof a loss.
    #[getter]
    fn numbers(&self) -> (u32, u32) {
        let n = self.search.root_numbers();
        (n.proof, n.disproof)
    }

    #[getter]
    fn expansions(&self) -> u64 {
        self.search.stats().expansions
    }

    #[getter]
    fn finished(&self) -> bool {
        self.search.is_finished()
    }

    /// Lands proved since the last call, with their nimbers: what to tell other searches.
    fn new_results(&mut self) -> Vec<(PyPosition, u8)> {
        self.search
            .take_new_losses()
            .into_iter()
            .map(|(land, n)| (land_position(land), n))
            .collect()
    }

    /// Lands' nimbers proved elsewhere: added to this search's base, and the work it has in
    /// hand that they settle is dropped. A contradiction raises BaseRefuted.
    fn add_results(&mut self, results: Vec<(PyPosition, u8)>) -> PyResult<usize> {
        let mut added = Vec::new();
        for (land, n) in results {
            let land = single_land(&land)?;
            let new = self.db.insert(&land, n).map_err(|d| {
                let refuted = sprouts::Contradiction {
                    land: land.clone(),
                    stored: d.stored,
                    found: Some(n),
                };
                solve_error(SolveError::BaseRefuted(vec![refuted]))
            })?;
            if new {
                added.push((land, n));
                self.unchecked = true;
            }
        }
        self.search.notice(&added, &self.db);
        Ok(added.len())
    }

    /// A copy of the search's base (its own results and those added).
    fn base(&self) -> PyBase {
        PyBase::of(self.db.clone(), self.unchecked)
    }
}

#[pymodule]
#[pyo3(name = "_engine")]
fn engine_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyPosition>()?;
    m.add_class::<PyBase>()?;
    m.add_class::<PySearch>()?;
    m.add_function(wrap_pyfunction!(outcome, m)?)?;
    m.add_function(wrap_pyfunction!(nimber, m)?)?;
    let py = m.py();
    m.add("BadPosition", py.get_type::<BadPosition>())?;
    m.add("BudgetSpent", py.get_type::<BudgetSpent>())?;
    m.add("BaseRefuted", py.get_type::<BaseRefuted>())?;
    m.add("SearchFailed", py.get_type::<SearchFailed>())?;
    m.add("UncheckedAnswer", py.get_type::<UncheckedAnswer>())?;
    m.add("MAX_SPOTS", MAX_SPOTS)?;
    Ok(())
}
