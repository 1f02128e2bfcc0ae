//! `gamelab sprouts ...`: Glop's computations from the command line. Positions come as
//! arguments or one per line on stdin, in either notation; databases are `.spr` files.
//!
//! Contract: `nimber` and `outcome` print one line per position (the nimber, or `win`/`loss`
//! for the player to move); `spots N` prints the n-spot start in 1.0 notation. Counts and times
//! go to stderr (`-q` silences them). Invalid input: a message naming the line, exit status 2.

use std::time::Instant;

use super::{read_file, Budget, CliError, Failure, Output, Pacer};
use crate::engine::sprouts::children::Cut;
use crate::engine::sprouts::database::MergeError;
use crate::engine::sprouts::misere;
use crate::engine::sprouts::misere::solver::small_lives_for;
use crate::engine::sprouts::misere::{BaseCounts, BaseError, MAX_TREE_LIVES};
use crate::engine::sprouts::parallel::MAX_THREADS;
use crate::engine::sprouts::proof::{
    verify, Check, CheckReport, CompleteCheck, DotOptions, ProofGraph, Verified, VERIFY_EXPANSIONS,
};
use crate::engine::sprouts::symbols::MAX_SPOTS;
use crate::engine::sprouts::{
    children_with_nimbers, Answer, Bases, Contradiction, Database, Filter, Goal, Notation,
    Position, Progress, Question, Request, SolveError, Solving, Strategy, Workers,
};

pub const USAGE: &str = "  sprouts spots N              the n-spot start in Glop 1.0 notation
  sprouts outcome [POS...]     win/loss for the player to move, one line per position (stdin if none)
  sprouts nimber [POS...]      the nimber, one line per position
  sprouts children POS         the canonical children, with the nimber the base knows
                               (--misere: each with win/loss in misère play)
  sprouts canon [POS...]       the canonical form in both notations
  sprouts check [POS]          check the result from the base; --complete checks every entry
  sprouts dot POS              check, then print the proof graph (Graphviz)
  sprouts filter               print the entries of the base that pass the filter (.spr)
    options: --db FILE (repeatable; merged with a coherence check), --save FILE (the main base
    afterwards), --save-check FILE, --nimber (check/dot a nimber), --notation 1.0|2.x,
    --search dfpn|probing|depth-first, --threads N (outcome, nimber; N df-pn searches sharing
    their results), --misere (outcome, check: who cannot move wins; one --db misère base),
    --tree-lives N (misère: lands with fewer lives become trees; 12, 13 from 45 lives), --memory-mb N (misère: the
    solver's tables; a quarter of the memory free), --detail 1|2|3, --no-colours,
    --min-lives N, --lives-min/--lives-max/--nimber-min/--nimber-max N, -q";

/// Where a position came from, for error messages.
struct Item {
    label: String,
    text: String,
}

#[derive(Default)]
struct Options {
    dbs: Vec<String>,
    save: Option<String>,
    save_check: Option<String>,
    nimber: bool,
    misere: bool,
    tree_lives: Option<u32>,
    memory_mb: Option<usize>,
    complete: bool,
    quiet: bool,
    strategy: Strategy,
    threads: usize,
    notation: Notation,
    dot: DotOptions,
    filter: Filter,
    positions: Vec<String>,
}

fn number<T: std::str::FromStr>(flag: &str, value: Option<&String>) -> Result<T, CliError> {
    let value = value.ok_or_else(|| format!("{flag} needs a number"))?;
    value
        .parse()
        .map_err(|_| format!("{flag}: '{value}' is not a valid number"))
}

fn parse_options(args: &[String]) -> Result<Options, CliError> {
    let mut o = Options::default();
    let mut i = 0;
    while i < args.len() {
        let arg = &args[i];
        let value = args.get(i + 1);
        let mut takes_value = true;
        match arg.as_str() {
            "--db" => o.dbs.push(value.ok_or("--db needs a file")?.clone()),
            "--save" => o.save = Some(value.ok_or("--save needs a file")?.clone()),
            "--save-check" => {
                o.save_check = Some(value.ok_or("--save-check needs a file")?.clone())
            }
            "--notation" => {
                o.notation = match value.map(String::as_str) {
                    Some("1.0" | "1") => Notation::Glop10,
                    Some("2.x" | "2") => Notation::Glop2,
                    _ => return Err("--notation is 1.0 or 2.x".into()),
                }
            }
            "--threads" => {
                o.threads = number(arg, value)?;
                if !(1..=MAX_THREADS).contains(&o.threads) {
                    return Err(format!("--threads is 1 to {MAX_THREADS}"));
                }
            }
            "--search" => {
                o.strategy = match value.map(String::as_str) {
                    Some("dfpn") => Strategy::ProofNumber,
                    Some("probing") => Strategy::Probing,
                    Some("depth-first") => Strategy::DepthFirst,
                    _ => return Err("--search is dfpn, probing or depth-first".into()),
                }
            }
            "--detail" => {
                o.dot.detail = number(arg, value)?;
                if !(1..=3).contains(&o.dot.detail) {
                    return Err("--detail is 1, 2 or 3".into());
                }
            }
            "--min-lives" => o.dot.min_lives = number(arg, value)?,
            "--tree-lives" => {
                // What a base can say it was made with, so what is saved reads back.
                let n = number(arg, value)?;
                if !(1..=MAX_TREE_LIVES).contains(&n) {
                    return Err(format!("--tree-lives is 1 to {MAX_TREE_LIVES}"));
                }
                o.tree_lives = Some(n);
            }
            "--memory-mb" => o.memory_mb = Some(number(arg, value)?),
            "--lives-min" => o.filter.lives_min = Some(number(arg, value)?),
            "--lives-max" => o.filter.lives_max = Some(number(arg, value)?),
            "--nimber-min" => o.filter.nimber_min = Some(number(arg, value)?),
            "--nimber-max" => o.filter.nimber_max = Some(number(arg, value)?),
            flag => {
                takes_value = false;
                match flag {
                    "--nimber" => o.nimber = true,
                    "--misere" | "--misère" => o.misere = true,
                    "--complete" => o.complete = true,
                    "--no-colours" | "--no-colors" => o.dot.colours = false,
                    "-q" | "--quiet" => o.quiet = true,
                    f if f.starts_with("--") => return Err(format!("unknown option {f}")),
                    position => o.positions.push(position.to_string()),
                }
            }
        }
        i += if takes_value { 2 } else { 1 };
    }
    o.dot.notation = o.notation;
    Ok(o)
}

/// Positions from the arguments, or else one per non-empty line of stdin.
fn items(
    options: &Options,
    stdin: &mut dyn FnMut() -> Result<String, CliError>,
) -> Result<Vec<Item>, CliError> {
    if !options.positions.is_empty() {
        return Ok(options
            .positions
            .iter()
            .enumerate()
            .map(|(i, t)| Item {
                label: format!("argument {}", i + 1),
                text: t.clone(),
            })
            .collect());
    }
    let input = stdin()?;
    Ok(input
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| Item {
            label: format!("line {}", i + 1),
            text: l.trim().to_string(),
        })
        .collect())
}

fn parse(item: &Item) -> Result<Position, CliError> {
    Position::parse(&item.text).map_err(|e| format!("{}: {e}", item.label))
}

/// The --db bases merged, read under the budget's clock (millions of lines take seconds).
fn load_bases(options: &Options, budget: &Budget) -> Result<Database, Failure> {
    let mut db = Database::new();
    if options.dbs.is_empty() {
        return Ok(db);
    }
    let texts: Vec<(String, String)> = options
        .dbs
        .iter()
        .map(|f| read_file(f).map(|t| (f.clone(), t)))
        .collect::<Result<_, _>>()?;
    let files: Vec<(&str, &str)> = texts
        .iter()
        .map(|(f, t)| (f.as_str(), t.as_str()))
        .collect();
    match db.merge_until(&files, &budget.stop()) {
        Ok(_) => Ok(db),
        Err(MergeError::Stopped) => Err(Failure::BudgetSpent(format!(
            "reading the bases (--db): the time limit of {} ms (--time-limit-ms) ran out",
            budget.time_limit.as_millis()
        ))),
        Err(e) => Err(e.to_string().into()),
    }
}

fn save(path: &Option<String>, db: &Database) -> Result<(), CliError> {
    match path {
        Some(p) => std::fs::write(p, db.to_spr()).map_err(|e| format!("cannot write {p}: {e}")),
        None => Ok(()),
    }
}

fn elapsed(start: Instant) -> String {
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    if ms < 1000.0 {
        format!("{ms:.1} ms")
    } else {
        format!("{:.2} s", ms / 1000.0)
    }
}

/// Runs `gamelab sprouts <command> args...`; `stdin` is read only when positions are needed.
/// The budget counts expansions (outcome, nimber, check, dot, the complete check).
pub fn run(
    args: &[String],
    stdin: &mut dyn FnMut() -> Result<String, CliError>,
    budget: &Budget,
) -> Result<Output, Failure> {
    let Some((command, rest)) = args.split_first() else {
        return Err(format!("sprouts needs a command:\n{USAGE}").into());
    };
    let options = parse_options(rest)?;
    if options.misere && !matches!(command.as_str(), "outcome" | "check" | "children") {
        return Err(format!(
            "{command}: --misere is for outcome, children and check only (misère play has no nimbers; docs/misere.md)"
        )
        .into());
    }
    match command.as_str() {
        "spots" => {
            let n: usize = match options.positions.as_slice() {
                [n] => n
                    .parse()
                    .map_err(|_| format!("spots: '{n}' is not a number of spots"))?,
                _ => return Err("usage: gamelab sprouts spots N".into()),
            };
            if !(1..=MAX_SPOTS).contains(&n) {
                return Err(format!("spots: {n} is not from 1 to {MAX_SPOTS}").into());
            }
            Ok(Output::Text(Position::spots(n).write(Notation::Glop10)))
        }
        "check" if options.misere => check_misere(&options, budget),
        "outcome" | "nimber" => solve_all(command == "nimber", &options, stdin, budget),
        "canon" => {
            let mut out = String::new();
            for item in items(&options, stdin)? {
                let p = parse(&item)?;
                out.push_str(&format!(
                    "{}\t{}\n",
                    p.write(Notation::Glop10),
                    p.write(Notation::Glop2)
                ));
            }
            Ok(Output::Text(out))
        }
        "children" if options.misere => misere_children(&options, stdin, budget),
        "children" => {
            let db = load_bases(&options, budget)?;
            let mut out = String::new();
            for item in items(&options, stdin)? {
                let p = parse(&item)?;
                let listed = children_with_nimbers(&p, &db, &budget.stop())
                    .map_err(|cut| listing_failure(cut, &item.label, budget))?;
                for (child, nimber) in listed {
                    out.push_str(&child.write(options.notation));
                    if let Some(n) = nimber {
                        out.push_str(&format!(" {n}"));
                    }
                    out.push('\n');
                }
            }
            Ok(Output::Text(out))
        }
        "check" if options.complete => complete_check(&options, budget),
        "check" | "dot" => check_one(command == "dot", &options, stdin, budget),
        "filter" => {
            if options.dbs.is_empty() {
                return Err("filter needs --db FILE".into());
            }
            let db = load_bases(&options, budget)?;
            let kept = db.filtered(&options.filter);
            let log = format!("{} of {} entries kept", kept.len(), db.len());
            save(&options.save, &kept)?;
            Ok(Output::Logged {
                text: kept.to_spr(),
                log,
            })
        }
        other => Err(format!("unknown sprouts command '{other}'\n{USAGE}").into()),
    }
}

/// Runs a check computation (guided by the main base) to its end in slices, failing when the
/// budget runs out. An expansion still listing its children when the time is up gives up at once.
fn run_check(
    run: &mut Check,
    main: &Database,
    budget: &Budget,
    label: &str,
) -> Result<Answer, Failure> {
    run.search.set_stop(budget.stop());
    let mut pacer = Pacer::new(4096);
    loop {
        let used = run.search.stats().expansions;
        let started = Instant::now();
        match run.step(main, budget.slice(used, pacer.slice())) {
            Progress::Done(answer) => return Ok(answer),
            Progress::Failed(e) => return Err(solve_failure(e, label, None)),
            Progress::Running => budget.check(run.search.stats().expansions, label)?,
        }
        pacer.took(started.elapsed());
    }
}

/// What a computation gave: its answer, its work and the couples it stored.
struct Solved {
    answer: Answer,
    work: u64,
    stored: u64,
}

/// Steps a computation to its answer within the budget (`spent`: what the command used before
/// it). Normal play runs in slices of about 20 ms; the misère solver is given the rest of the
/// budget at once (it keeps its own clock through its stop); a team is looked at ten times a
/// second. Out of budget, what was proved stays in the bases.
fn run_solving(
    solving: &mut Solving,
    mut bases: Bases<'_>,
    budget: &Budget,
    spent: u64,
    label: &str,
) -> Result<Solved, Failure> {
    solving.set_stop(budget.stop());
    let misere = solving.request().question == Question::Misere;
    let mut pacer = Pacer::new(4096);
    loop {
        let used = spent + solving.work();
        let slice = if misere { u64::MAX } else { pacer.slice() };
        let started = Instant::now();
        match solving.step(bases.reborrow(), budget.slice(used, slice)) {
            Progress::Done(answer) => {
                return Ok(Solved {
                    answer,
                    work: solving.work(),
                    stored: solving.stored(),
                })
            }
            Progress::Failed(e) => return Err(solve_failure(e, label, bases.misere.as_deref())),
            Progress::Running => {
                if budget.check(spent + solving.work(), label).is_err() {
                    // A team hands over what it proved, unless that shows the base wrong; its
                    // members' last expansions are counted once they have stopped.
                    solving
                        .end(bases.reborrow())
                        .map_err(|e| solve_failure(e, label, None))?;
                    let spent_all = budget
                        .check(spent + solving.work(), label)
                        .err()
                        .unwrap_or_else(|| format!("{label}: the budget ran out").into());
                    return Err(with_holdings(spent_all, bases.misere.as_deref()));
                }
            }
        }
        pacer.took(started.elapsed());
    }
}

/// A computation's failure as the command says it: the engine's limits (memory) are the
/// budget's (exit 3), the rest bad input (exit 2). In misère play, what the solver holds is
/// said too, for whoever sizes the next run.
fn solve_failure(e: SolveError, label: &str, misere: Option<&misere::Solver>) -> Failure {
    match (&e, misere) {
        (SolveError::Memory { limit_bytes, .. }, Some(solver)) => Failure::BudgetSpent(format!(
            "{label}: the search needs more than the memory limit of {} MB (--memory-mb): \
             stopped after {} nodes; what was proved is kept with --save ({})",
            limit_bytes >> 20,
            solver.work(),
            holdings(solver)
        )),
        (SolveError::Memory { .. }, None) => {
            Failure::BudgetSpent(format!("{label}: {}", e.describe(Notation::Glop2)))
        }
        _ => Failure::BadInput(format!("{label}: {}", e.describe(Notation::Glop2))),
    }
}

/// A budget's end, with what the misère solver holds.
fn with_holdings(failure: Failure, misere: Option<&misere::Solver>) -> Failure {
    match (failure, misere) {
        (Failure::BudgetSpent(message), Some(solver)) => {
            Failure::BudgetSpent(format!("{message} ({})", holdings(solver)))
        }
        (failure, _) => failure,
    }
}

/// `outcome` and `nimber`, in normal or misère play: one line per position, each solved through
/// the engine's one front (`engine::sprouts::solving`).
fn solve_all(
    nimber: bool,
    options: &Options,
    stdin: &mut dyn FnMut() -> Result<String, CliError>,
    budget: &Budget,
) -> Result<Output, Failure> {
    if options.misere && (options.threads > 1 || options.save_check.is_some()) {
        return Err("--misere: --threads and --save-check are for normal play only".into());
    }
    let items = items(options, stdin)?;
    // Every line is read before any computing, so a bad line costs nothing.
    let positions: Vec<Position> = items.iter().map(parse).collect::<Result<_, _>>()?;
    let question = match (options.misere, nimber) {
        (true, _) => Question::Misere,
        (false, true) => Question::Normal(Goal::Nimber),
        (false, false) => Question::OUTCOME,
    };
    let workers = if options.threads > 1 {
        Workers::Team(options.threads)
    } else {
        Workers::One(options.strategy)
    };
    // One misère solver for every line: what one position settles, the next reuses.
    let mut misere = if options.misere {
        let (mut solver, _) = load_misere(options, budget, &positions)?;
        solver.set_stop(budget.stop());
        Some(solver)
    } else {
        None
    };
    let mut db = if options.misere {
        Database::new()
    } else {
        load_bases(options, budget)?
    };
    let (mut text, mut log) = (String::new(), String::new());
    let mut spent = 0;
    // The positions whose answers rest on the bases unchecked.
    let mut unchecked = Vec::new();
    for (item, position) in items.iter().zip(&positions) {
        let start = Instant::now();
        // The misère solver's work counts reading its base, as its budget does.
        let before = misere.as_ref().map_or(spent, misere::Solver::work);
        let request = Request::new(position.clone(), question).with_workers(workers);
        let mut solving = Solving::new(request).map_err(|e| solve_failure(e, &item.label, None))?;
        let bases = Bases {
            normal: &mut db,
            misere: misere.as_mut(),
        };
        let solved = match run_solving(&mut solving, bases, budget, before, &item.label) {
            Ok(solved) => solved,
            Err(failure) => {
                // What the search proved before the budget ran out is kept: a run given the
                // saved base goes on from there.
                save_all(options, &db, misere.as_ref())?;
                return Err(failure);
            }
        };
        spent += solved.work;
        if let (Question::Normal(goal), false) = (question, options.dbs.is_empty()) {
            // Within --max-nodes too: what is left of it after the searches.
            let allowance =
                (VERIFY_EXPANSIONS + solved.work).min(budget.max_nodes.saturating_sub(spent));
            let confirmed = confirmed(position, goal, solved.answer, &db, allowance, budget)
                .map_err(|refuted| {
                    let lines = contradiction_lines(options, &refuted);
                    let label = &item.label;
                    format!("{label}: the loaded bases are wrong, so no answer is given; checking it found:\n{lines}")
                })?;
            if !confirmed {
                unchecked.push(item.text.clone());
            }
        }
        let word = match solved.answer {
            Answer::Nimber(n) => n.to_string(),
            Answer::Outcome(v) => v.word().to_string(),
        };
        text.push_str(&word);
        text.push('\n');
        log.push_str(&solved_line(
            &item.text,
            &word,
            &solved,
            &db,
            misere.as_ref(),
        ));
        log.push_str(&format!(", {}\n", elapsed(start)));
    }
    save_all(options, &db, misere.as_ref())?;
    Ok(answers(options.quiet, text, log, &unchecked))
}

/// Whether a check from scratch, within `allowance` expansions, confirms an answer that rests
/// on the loaded bases (false: it did not finish); Err with what it refuted when the bases
/// are wrong.
fn confirmed(
    position: &Position,
    goal: Goal,
    answer: Answer,
    db: &Database,
    allowance: u64,
    budget: &Budget,
) -> Result<bool, Vec<Contradiction>> {
    match verify(position, goal, answer, db, allowance, &budget.stop()) {
        Verified::Confirmed => Ok(true),
        Verified::Unfinished => Ok(false),
        Verified::Refuted(contradictions) => Err(contradictions),
    }
}

/// The log's line for a position solved (the time is added after it).
fn solved_line(
    position: &str,
    word: &str,
    solved: &Solved,
    db: &Database,
    misere: Option<&misere::Solver>,
) -> String {
    match misere {
        Some(solver) => format!(
            "{position}: {word} (misère), {} nodes, {}",
            solved.work,
            holdings(solver)
        ),
        None => format!(
            "{position}: {word}, {} expansions, {} couples stored, base {} couples ({} KB)",
            solved.work,
            solved.stored,
            db.len(),
            db.memory_bytes() / 1024
        ),
    }
}

/// The answers, the log unless `quiet`, and in any case a warning naming the answers that rest
/// on loaded bases nobody checked (such an answer must not pass for proved).
fn answers(quiet: bool, text: String, log: String, unchecked: &[String]) -> Output {
    let warning = (!unchecked.is_empty()).then(|| {
        format!(
            "warning: unchecked: {} answer(s) rest on the loaded bases as they are ({}): \
             `gamelab sprouts check --db ...` verifies them\n",
            unchecked.len(),
            unchecked.join(", ")
        )
    });
    match (quiet, warning) {
        (true, None) => Output::Text(text),
        (true, Some(warning)) => Output::Logged { text, log: warning },
        (false, warning) => Output::Logged {
            text,
            log: log + &warning.unwrap_or_default(),
        },
    }
}

/// Saves the base the command filled (--save): the misère solver's in misère play.
fn save_all(
    options: &Options,
    db: &Database,
    misere: Option<&misere::Solver>,
) -> Result<(), CliError> {
    match misere {
        Some(solver) => save_misere(&options.save, solver),
        None => save(&options.save, db),
    }
}

/// `children --misere`: each canonical child with `win` or `loss` for the player to move in it
/// in misère play (a `loss` child is a winning move).
fn misere_children(
    options: &Options,
    stdin: &mut dyn FnMut() -> Result<String, CliError>,
    budget: &Budget,
) -> Result<Output, Failure> {
    let items = items(options, stdin)?;
    let positions: Vec<Position> = items.iter().map(parse).collect::<Result<_, _>>()?;
    let (mut misere, _) = load_misere(options, budget, &positions)?;
    misere.set_stop(budget.stop());
    let mut out = String::new();
    for (item, p) in items.iter().zip(&positions) {
        let kids = crate::engine::sprouts::children::children_until(p, &budget.stop())
            .map_err(|cut| listing_failure(cut, &item.label, budget))?;
        for child in kids {
            let left = budget.max_nodes.saturating_sub(misere.work());
            let wins = misere.wins(&child, left).map_err(|stop| {
                let _ = save_misere(&options.save, &misere);
                misere_failure(stop, &item.label, budget, &misere)
            })?;
            out.push_str(&child.write(options.notation));
            out.push_str(if wins { " win\n" } else { " loss\n" });
        }
    }
    save_misere(&options.save, &misere)?;
    Ok(Output::Text(out))
}

fn misere_failure(
    stop: misere::Unfinished,
    label: &str,
    budget: &Budget,
    misere: &misere::Solver,
) -> Failure {
    let work = misere.work();
    // What the search had reached, for whoever sizes the next run.
    let reached = holdings(misere);
    match stop {
        misere::Unfinished::Budget(_) => Failure::BudgetSpent(format!(
            "{label}: the node budget of {} (--max-nodes) ran out ({reached})",
            budget.max_nodes
        )),
        misere::Unfinished::Stopped => Failure::BudgetSpent(format!(
            "{label}: the time limit of {} ms (--time-limit-ms) ran out after {work} nodes \
             ({reached})",
            budget.time_limit.as_millis()
        )),
        misere::Unfinished::TooLarge(why) => Failure::BadInput(format!("{label}: {why}")),
        misere::Unfinished::Memory(bytes) => Failure::BudgetSpent(format!(
            "{label}: the search needs more than the memory limit of {} MB (--memory-mb): \
             stopped after {work} nodes; what was proved is kept with --save ({reached})",
            bytes >> 20
        )),
    }
}

/// What the misère solver holds: states and lands solved, trees, memory, and how often its
/// caches aged or were emptied (often: too little memory). The log line and the stop message.
fn holdings(misere: &misere::Solver) -> String {
    let (states, lands) = misere.solved();
    let (moves, numbers, kids) = misere.cache_ages();
    format!(
        "{states} states and {lands} lands solved, {} trees, {}, caches aged: moves {moves}, \
         numbers {numbers}, children {kids}; emptied {}",
        misere.trees.len(),
        misere.memory(),
        misere.emptied
    )
}

/// A misère solver, from the --db base (one file, checked entirely before use) or fresh, sized
/// for `positions` (which lands become trees follows the largest).
fn load_misere(
    options: &Options,
    budget: &Budget,
    positions: &[Position],
) -> Result<(misere::Solver, BaseCounts), Failure> {
    let lives = positions.iter().map(Position::lives).max().unwrap_or(0);
    let (mut misere, counts) = read_misere(options, budget, lives)?;
    misere.set_memory_limit(misere_memory(options));
    Ok((misere, counts))
}

/// The bytes the misère solver's tables may hold: `--memory-mb`, or sized to the machine.
fn misere_memory(options: &Options) -> usize {
    match options.memory_mb {
        Some(mb) => mb.saturating_mul(1 << 20),
        None => crate::engine::sprouts::misere::solver::machine_memory_limit(),
    }
}

fn read_misere(
    options: &Options,
    budget: &Budget,
    lives: u32,
) -> Result<(misere::Solver, BaseCounts), Failure> {
    let small = options.tree_lives.unwrap_or_else(|| small_lives_for(lives));
    match options.dbs.as_slice() {
        [] => Ok((
            misere::Solver::with_small_lives(small),
            BaseCounts::default(),
        )),
        [file] => {
            let text = read_file(file)?;
            misere::Solver::read_base(&text, small, budget.max_nodes, budget.stop()).map_err(|e| {
                match e {
                    BaseError::Budget(_) => Failure::BudgetSpent(format!(
                        "{file}: checking the base: the node budget of {} (--max-nodes) ran out",
                        budget.max_nodes
                    )),
                    BaseError::Stopped => Failure::BudgetSpent(format!(
                    "{file}: checking the base: the time limit of {} ms (--time-limit-ms) ran out",
                    budget.time_limit.as_millis()
                )),
                    BaseError::Memory(_) => Failure::BudgetSpent(format!("{file}: {e}")),
                    e => Failure::BadInput(format!("{file}: {e}; nothing from it was used")),
                }
            })
        }
        _ => Err("--misere takes one --db base".into()),
    }
}

fn save_misere(path: &Option<String>, misere: &misere::Solver) -> Result<(), CliError> {
    match path {
        Some(p) => {
            std::fs::write(p, misere.write_base()).map_err(|e| format!("cannot write {p}: {e}"))
        }
        None => Ok(()),
    }
}

/// `check --misere --db FILE`: every tree, land and loss of a misère base checked.
fn check_misere(options: &Options, budget: &Budget) -> Result<Output, Failure> {
    if options.dbs.is_empty() {
        return Err("check --misere needs the base: --db FILE".into());
    }
    let start = Instant::now();
    let (_, counts) = load_misere(options, budget, &[])?;
    Ok(Output::Text(format!(
        "ok: {} trees, {} lands and {} lost states checked ({})\n",
        counts.trees,
        counts.lands,
        counts.losses,
        elapsed(start)
    )))
}

/// Why a list of children was cut, as the command says it: the clock (exit 3) or its size.
fn listing_failure(cut: Cut, label: &str, budget: &Budget) -> Failure {
    match cut {
        Cut::Stopped => Failure::BudgetSpent(format!(
            "{label}: listing the children: the time limit of {} ms (--time-limit-ms) ran out",
            budget.time_limit.as_millis()
        )),
        Cut::TooLarge(why) => Failure::BadInput(format!("{label}: {why}")),
    }
}

/// Couples a check contradicted, a line each, with the --db files they came from.
fn contradiction_lines(
    options: &Options,
    contradictions: &[crate::engine::sprouts::search::Contradiction],
) -> String {
    let lines: Vec<String> = contradictions
        .iter()
        .map(|c| {
            format!(
                "  {} (from {})",
                c.describe(Notation::Glop2),
                sources_of(options, &c.land, c.stored).join(", ")
            )
        })
        .collect();
    lines.join("\n")
}

/// The --db files that hold `land` with nimber `stored` (to name where a wrong couple came from).
fn sources_of(options: &Options, land: &crate::engine::sprouts::Land, stored: u8) -> Vec<String> {
    options
        .dbs
        .iter()
        .filter(|file| {
            let Ok(text) = read_file(file) else {
                return false;
            };
            let mut one = Database::new();
            one.merge(&[(file.as_str(), text.as_str())]).is_ok() && one.get(land) == Some(stored)
        })
        .cloned()
        .collect()
}

fn check_one(
    dot: bool,
    options: &Options,
    stdin: &mut dyn FnMut() -> Result<String, CliError>,
    budget: &Budget,
) -> Result<Output, Failure> {
    let main = load_bases(options, budget)?;
    let items = items(options, stdin)?;
    let [item] = items.as_slice() else {
        return Err("check and dot take one position".into());
    };
    let position = parse(item)?;
    let goal = if options.nimber {
        Goal::Nimber
    } else {
        Goal::Outcome { nimber_part: 0 }
    };
    let start = Instant::now();
    let mut run =
        Check::new(position.clone(), goal).map_err(|e| solve_failure(e, &item.label, None))?;
    let answer = run_check(&mut run, &main, budget, &item.label)?;
    let report = CheckReport {
        answer,
        stats: run.search.stats(),
        contradictions: run.search.contradictions().to_vec(),
        check_db: run.check_db,
    };
    if !report.contradictions.is_empty() {
        let list = contradiction_lines(options, &report.contradictions);
        return Err(format!("the check contradicts the base:\n{list}").into());
    }
    save(&options.save_check, &report.check_db)?;
    let word = match report.answer {
        Answer::Nimber(n) => n.to_string(),
        Answer::Outcome(v) => v.word().to_string(),
    };
    let log = format!(
        "{}: {word}; check base {} couples{}; {} expansions; {}",
        item.text,
        report.check_db.len(),
        if report.has_new_results() {
            " (N: new results not in the main base)"
        } else {
            ""
        },
        report.stats.expansions,
        elapsed(start)
    );
    let text = if dot {
        let graph = ProofGraph::for_answer(&position, report.answer, &report.check_db)
            .map_err(|e| format!("proof graph: {e}"))?;
        graph.to_dot(&options.dot)
    } else {
        word
    };
    Ok(if options.quiet {
        Output::Text(text)
    } else {
        Output::Logged { text, log }
    })
}

fn complete_check(options: &Options, budget: &Budget) -> Result<Output, Failure> {
    if options.dbs.is_empty() {
        return Err("check --complete needs --db FILE".into());
    }
    let main = load_bases(options, budget)?;
    let start = Instant::now();
    let mut run = CompleteCheck::new(&main);
    run.set_stop(budget.stop());
    // A step spends at most the expansions it is given: count those, in slices of about 20 ms
    // (an entry of a thousand spots costs far more an expansion than one of ten).
    let mut used = 0;
    let mut pacer = Pacer::new(100_000);
    loop {
        let started = Instant::now();
        let slice = budget.slice(used, pacer.slice());
        if run.step(&main, slice) {
            break;
        }
        used += slice;
        budget.check(used, "the complete check")?;
        pacer.took(started.elapsed());
    }
    let mut text = format!(
        "{} entries checked, {} problem(s)\n",
        main.len(),
        run.failures.len()
    );
    for f in &run.failures {
        text.push_str(&format!(
            "{} {}: {}\n",
            f.position.write(options.notation),
            f.stored,
            f.problem
        ));
    }
    let log = format!("{} expansions, {}", run.stats.expansions, elapsed(start));
    if !run.failures.is_empty() {
        return Err(text.into());
    }
    Ok(if options.quiet {
        Output::Text(text)
    } else {
        Output::Logged { text, log }
    })
}
