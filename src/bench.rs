//! Benchmarks shared by the native harness (`cargo bench`) and the browser (tests/wasm_bench.rs), so
//! both figures come from the same code. They measure; they never pass or fail.

use crate::engine::ade::{Diagram, FireOutcome, Game, Values};

/// One measured figure: `count` layers fired in `seconds`.
#[derive(Clone, Debug)]
pub struct Figure {
    pub name: &'static str,
    pub layers: u64,
    pub seconds: f64,
}

impl Figure {
    pub fn per_second(&self) -> f64 {
        if self.seconds > 0.0 {
            self.layers as f64 / self.seconds
        } else {
            0.0
        }
    }

    pub fn line(&self) -> String {
        format!(
            "{:<58} {:>12.0} layers/s  ({} layers in {:.3} s)",
            self.name,
            self.per_second(),
            self.layers,
            self.seconds
        )
    }
}

/// Layers per second of Fire on E8 and on E10 with big values. `clock` gives seconds.
/// Workloads are fixed (not "run for N seconds"), so a clock that stands still cannot hang it.
pub fn ade_fire(clock: &dyn Fn() -> f64, e8_plays: u32) -> Vec<Figure> {
    vec![e8_single_ones(clock, e8_plays), e10_big(clock)]
}

/// E8 from every single 1 in turn, played to the end and started again (Game::fire: the
/// concurrent rule, the history and the loop-detection hash).
fn e8_single_ones(clock: &dyn Fn() -> f64, plays: u32) -> Figure {
    let Ok(graph) = Diagram::parse("E8") else {
        return empty("E8");
    };
    let started = clock();
    let mut layers = 0u64;
    let mut node = 0;
    for _ in 0..plays {
        let mut start = vec![0i64; 8];
        start[node] = 1;
        node = (node + 1) % 8;
        let Ok(mut play) = Game::new(graph.clone(), Values::from_i64(start)) else {
            break;
        };
        while play.fire() == FireOutcome::Fired {
            layers += 1;
        }
    }
    Figure {
        name: "Fire, E8, single-1 plays (64-bit values)",
        layers,
        seconds: clock() - started,
    }
}

/// E10 from V3 = 1: layers 1,000 to 11,000, where values grow from about 120 to 1,300 bits.
fn e10_big(clock: &dyn Fn() -> f64) -> Figure {
    let Ok(graph) = Diagram::parse("E10") else {
        return empty("E10");
    };
    let mut start = vec![0i64; 10];
    start[3] = 1;
    let Ok(mut play) = Game::new(graph, Values::from_i64(start)) else {
        return empty("E10");
    };
    for _ in 0..1000 {
        play.fire();
    }
    let started = clock();
    for _ in 0..10_000 {
        play.fire();
    }
    Figure {
        name: "Fire, E10 from V3 = 1, layers 1000-11000 (big integers)",
        layers: 10_000,
        seconds: clock() - started,
    }
}

fn empty(name: &'static str) -> Figure {
    Figure {
        name,
        layers: 0,
        seconds: 0.0,
    }
}

/// One n-spot outcome computation with a fresh base (Sprouts).
#[derive(Clone, Debug)]
pub struct SproutsFigure {
    pub spots: usize,
    /// "win", "loss", or "unfinished" when the time limit came first.
    pub outcome: &'static str,
    pub seconds: f64,
    pub expansions: u64,
    pub couples: usize,
    pub bytes: usize,
    /// The peak of the process's resident memory during the computation, where the system
    /// tells it (Linux), in bytes.
    pub peak_memory: Option<u64>,
}

impl SproutsFigure {
    /// The figure of a finished run; the peak memory only if it was reset at the start.
    fn measured(
        spots: usize,
        outcome: &'static str,
        seconds: f64,
        expansions: u64,
        db: &crate::engine::sprouts::Database,
        peak_reset: bool,
    ) -> SproutsFigure {
        SproutsFigure {
            spots,
            outcome,
            seconds,
            expansions,
            couples: db.len(),
            bytes: db.memory_bytes(),
            peak_memory: peak_memory().filter(|_| peak_reset),
        }
    }

    pub fn line(&self) -> String {
        format!(
            "{:>2} spots: {:<10} {:>9.3} s  {:>9} expansions  {:>7} couples  {:>9} bytes ({:.0} B/couple)",
            self.spots,
            self.outcome,
            self.seconds,
            self.expansions,
            self.couples,
            self.bytes,
            self.bytes as f64 / self.couples.max(1) as f64
        ) + &self
            .peak_memory
            .map(|m| format!("  peak memory {} MB", m >> 20))
            .unwrap_or_default()
    }
}

/// Starts a new measure of the process's peak resident memory (Linux: writing 5 to clear_refs
/// resets VmHWM); `None` elsewhere.
fn reset_peak_memory() -> Option<()> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::fs::write("/proc/self/clear_refs", "5").ok()
    }
    #[cfg(target_arch = "wasm32")]
    None
}

/// The process's peak resident memory since the last reset, in bytes (Linux).
fn peak_memory() -> Option<u64> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let status = std::fs::read_to_string("/proc/self/status").ok()?;
        let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
        let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kb * 1024)
    }
    #[cfg(target_arch = "wasm32")]
    None
}

/// Solves the n-spot game (outcome) with `strategy`, giving up after `limit` seconds. `clock`
/// gives seconds.
pub fn sprouts_spots(
    clock: &dyn Fn() -> f64,
    spots: usize,
    limit: f64,
    strategy: crate::engine::sprouts::Strategy,
) -> SproutsFigure {
    use crate::engine::sprouts::{Answer, Database, Goal, Position, Progress, Search, Verdict};
    let measured = reset_peak_memory().is_some();
    let mut db = Database::new();
    let started = clock();
    let mut outcome = "unfinished";
    let mut expansions = 0;
    let goal = Goal::Outcome { nimber_part: 0 };
    if let Ok(mut search) = Search::with_strategy(Position::spots(spots), goal, strategy) {
        loop {
            match search.step(&mut db, None, 5_000) {
                Progress::Running if clock() - started < limit => continue,
                Progress::Done(Answer::Outcome(Verdict::Win)) => outcome = "win",
                Progress::Done(Answer::Outcome(Verdict::Loss)) => outcome = "loss",
                _ => {}
            }
            break;
        }
        expansions = search.stats().expansions;
    }
    SproutsFigure::measured(spots, outcome, clock() - started, expansions, &db, measured)
}

/// Solves the n-spot game (outcome) with a team of `threads` df-pn searches (native only).
#[cfg(not(target_arch = "wasm32"))]
pub fn sprouts_spots_team(
    clock: &dyn Fn() -> f64,
    spots: usize,
    limit: f64,
    threads: usize,
) -> SproutsFigure {
    use crate::engine::sprouts::{
        Answer, Bases, Database, Position, Progress, Question, Request, Solving, Verdict, Workers,
    };
    let measured = reset_peak_memory().is_some();
    let mut db = Database::new();
    let started = clock();
    let mut outcome = "unfinished";
    let request = Request::new(Position::spots(spots), Question::OUTCOME)
        .with_workers(Workers::Team(threads));
    let mut expansions = 0;
    if let Ok(mut solving) = Solving::new(request) {
        loop {
            match solving.step(Bases::normal(&mut db), u64::MAX) {
                Progress::Running if clock() - started < limit => continue,
                Progress::Done(Answer::Outcome(Verdict::Win)) => outcome = "win",
                Progress::Done(Answer::Outcome(Verdict::Loss)) => outcome = "loss",
                _ => {}
            }
            break;
        }
        if solving.end(Bases::normal(&mut db)).is_err() {
            outcome = "refuted";
        }
        expansions = solving.work();
    }
    SproutsFigure::measured(spots, outcome, clock() - started, expansions, &db, measured)
}

/// Random playouts (complete games, uniformly random legal moves) per second on a 9 × 6 board,
/// two players (Chain Reaction's Monte-Carlo building block).
pub fn chain_reaction_playouts(clock: &dyn Fn() -> f64, games: u32) -> String {
    use crate::engine::chain_reaction::ai::{playout, Rng};
    use crate::engine::chain_reaction::{Game, Settings};
    let mut rng = Rng::new(42);
    let started = clock();
    let mut placements = 0usize;
    for _ in 0..games {
        let mut game = Game::new(Settings::default());
        playout(&mut game, &mut rng);
        placements += game.placements();
    }
    let seconds = clock() - started;
    let rate = if seconds > 0.0 {
        games as f64 / seconds
    } else {
        0.0
    };
    format!(
        "{:<58} {:>12.0} playouts/s  ({games} games, {:.1} moves each, in {seconds:.3} s)",
        "Chain Reaction, random playouts on 9 × 6, 2 players",
        rate,
        placements as f64 / games.max(1) as f64
    )
}

/// Exact solves of empty Dots and Boxes boards (value only): time and nodes, one line each.
pub fn dots_boxes_solves(clock: &dyn Fn() -> f64, boards: &[(usize, usize)]) -> Vec<String> {
    use crate::engine::dots_boxes::solver::Solver;
    use crate::engine::dots_boxes::Board;
    boards
        .iter()
        .filter_map(|&(rows, cols)| {
            let board = Board::new(rows, cols).ok()?;
            let mut solver = Solver::with_table(&board, 22).ok()?;
            let started = clock();
            let value = solver.value(0);
            let seconds = clock() - started;
            Some(format!(
                "{:<58} {:>12.3} s      (value {value:+}, {} nodes)",
                format!("Dots and Boxes, exact value of the empty {rows} × {cols} board"),
                seconds,
                solver.nodes
            ))
        })
        .collect()
}

/// The page's analysis of a 4 × 4 position of 30 undrawn lines (ten safe lines drawn): every
/// undrawn line's value, with the solver's default table (64 MB), as the analysis asks for it.
pub fn dots_boxes_analysis(clock: &dyn Fn() -> f64) -> String {
    use crate::engine::dots_boxes::solver::Solver;
    use crate::engine::dots_boxes::Board;
    const DRAWN: [usize; 10] = [0, 5, 8, 10, 15, 18, 22, 27, 33, 36];
    let Ok(board) = Board::new(4, 4) else {
        return String::new();
    };
    let Ok(mut solver) = Solver::new(&board) else {
        return String::new();
    };
    let mask = DRAWN.iter().fold(0u64, |m, &l| m | 1 << l);
    let started = clock();
    let values = solver.move_values(mask);
    let seconds = clock() - started;
    let best = values.iter().map(|v| v.1).max().unwrap_or(0);
    format!(
        "{:<58} {:>12.3} s      (value {best:+}, {} moves, {} nodes)",
        "Dots and Boxes, every move's value, 4 × 4 with 30 lines left",
        seconds,
        values.len(),
        solver.nodes
    )
}

/// Bazaar games per second between two purchase-points players from random starts (random
/// equations and cards, seeded), the referee calling the players directly.
pub fn bazaar_games(clock: &dyn Fn() -> f64, games: u64) -> String {
    use crate::engine::bazaar::actors::{Actor, Misbehaviour, Player};
    use crate::engine::bazaar::referee::{run_direct, Referee};
    use crate::engine::bazaar::setup::random_game;
    use crate::engine::bazaar::strategy::Policy;
    use crate::engine::rng::Rng;
    let started = clock();
    let mut turns = 0u64;
    for g in 0..games {
        let mut rng = Rng::new(g + 1);
        let (equations, state) = random_game(2, &mut rng);
        let Ok(mut referee) = Referee::new(equations, state, vec!["A".into(), "B".into()], None)
        else {
            continue;
        };
        let mut players: Vec<Box<dyn Player>> = vec![
            Box::new(Actor::new("A", Policy::Points, Misbehaviour::None)),
            Box::new(Actor::new("B", Policy::Points, Misbehaviour::None)),
        ];
        run_direct(&mut referee, &mut players);
        turns += referee.turns() as u64;
    }
    let seconds = clock() - started;
    let rate = if seconds > 0.0 {
        games as f64 / seconds
    } else {
        0.0
    };
    format!(
        "{:<58} {:>12.1} games/s    ({games} games, {:.1} turns each, in {seconds:.3} s)",
        "Bazaar, purchase-points against purchase-points, random starts",
        rate,
        turns as f64 / games.max(1) as f64
    )
}
