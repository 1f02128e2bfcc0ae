//! The one solving front (engine::sprouts::solving), natively: every way of working a request
//! (each strategy, a team, misère play shown by levels or by proof numbers) gives the published
//! answers through the same steps; what it refuses it says; and a base that a computation
//! refutes is never dropped on the way to the caller.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use gamelab::engine::sprouts::parallel::Team;
use gamelab::engine::sprouts::{
    misere, Answer, Bases, Database, Goal, Position, Progress, Question, Request, SolveError,
    Solving, Strategy, Verdict, Workers,
};

/// Misère outcomes from n = 1 spot, W: the first player wins (OEIS A164950; Lemoine & Viennot).
const MISERE_PUBLISHED: &str = "WLLLWWLLLWWWLLLWWWLL";

/// Steps a computation to its end with small budgets, as a page's slices do; the number of
/// steps is bounded, so a computation that never ends fails the test instead of hanging it.
fn stepped(solving: &mut Solving, mut bases: Bases<'_>, budget: u64) -> Progress {
    for _ in 0..1_000_000 {
        match solving.step(bases.reborrow(), budget) {
            Progress::Running => {}
            ended => return ended,
        }
    }
    panic!("no answer within a million steps");
}

fn outcome(verdict: char) -> Answer {
    Answer::Outcome(if verdict == 'W' {
        Verdict::Win
    } else {
        Verdict::Loss
    })
}

#[test]
fn every_way_of_working_finds_the_published_normal_outcomes() {
    let table = common::read_text("sprouts/nspot_outcomes.tsv");
    let ways = [
        Workers::One(Strategy::ProofNumber),
        Workers::One(Strategy::Probing),
        Workers::One(Strategy::DepthFirst),
        Workers::Team(2),
    ];
    for line in table.lines().filter(|l| !l.starts_with('#')).take(8) {
        let cols: Vec<&str> = line.split('\t').collect();
        let n: usize = cols[0].parse().unwrap();
        let want = outcome(cols[1].chars().next().unwrap());
        for workers in ways {
            let mut db = Database::new();
            let request = Request::new(Position::spots(n), Question::OUTCOME).with_workers(workers);
            let mut solving = Solving::new(request).unwrap();
            let got = stepped(&mut solving, Bases::normal(&mut db), 7);
            assert_eq!(got, Progress::Done(want), "{n} spots, {workers:?}");
            assert_eq!(solving.answer(), Some(want));
            assert_eq!(
                solving.stored() as usize,
                db.len(),
                "{n} spots, {workers:?}"
            );
            assert!(n < 3 || solving.work() > 0);
        }
    }
}

#[test]
fn both_misere_searches_find_the_published_misere_outcomes() {
    for strategy in [Strategy::DepthFirst, Strategy::ProofNumber] {
        // One solver for every start, as the command line keeps one: what one settles, the
        // next reuses.
        let mut solver = misere::Solver::new();
        let mut none = Database::new();
        for (n, want) in MISERE_PUBLISHED.chars().enumerate().take(8) {
            let n = n + 1;
            let request = Request::new(Position::spots(n), Question::Misere)
                .with_workers(Workers::One(strategy));
            let mut solving = Solving::new(request).unwrap();
            let got = stepped(&mut solving, Bases::both(&mut none, &mut solver), 50);
            assert_eq!(
                got,
                Progress::Done(outcome(want)),
                "{n} spots, {strategy:?}"
            );
        }
        assert!(none.is_empty(), "misère play leaves the normal base alone");
    }
}

#[test]
fn the_levels_a_page_shows_come_through_the_front() {
    let mut db = Database::new();
    let mut solving = Solving::new(Request::new(Position::spots(8), Question::OUTCOME)).unwrap();
    assert_eq!(solving.step(Bases::normal(&mut db), 20), Progress::Running);
    let levels = solving.levels();
    assert!(!levels.is_empty());
    assert!(!solving.level_children(0).is_empty());
    assert_eq!(solving.misere_trees(), None);
    // Misère play shown by levels: each level's small lands' trees beside it.
    let mut solver = misere::Solver::new();
    let request = Request::new(Position::spots(9), Question::Misere)
        .with_workers(Workers::One(Strategy::DepthFirst));
    let mut solving = Solving::new(request).unwrap();
    assert_eq!(
        solving.step(Bases::both(&mut db, &mut solver), 30),
        Progress::Running
    );
    let trees = solving.misere_trees().unwrap();
    assert_eq!(trees.len(), solving.levels().len());
    assert!(solving.zap(99, 0).is_err());
}

#[test]
fn what_the_front_does_not_do_is_refused_with_a_reason() {
    let refused = |request: Request| match Solving::new(request) {
        Err(SolveError::Refused(why)) => why,
        Err(other) => panic!("refused otherwise: {other:?}"),
        Ok(_) => panic!("not refused"),
    };
    let start = Position::spots(5);
    let misere = Request::new(start.clone(), Question::Misere);
    assert!(refused(misere.clone().with_workers(Workers::Team(2))).contains("normal play"));
    assert!(refused(misere.with_workers(Workers::One(Strategy::Probing))).contains("probing"));
    let normal = Request::new(start.clone(), Question::OUTCOME);
    assert!(refused(normal.clone().with_workers(Workers::Team(0))).contains("0 threads"));
    // A position beyond the engine's names is refused before any work.
    let huge = Position::parse("0*10666.1.1").unwrap();
    assert!(matches!(
        Solving::new(Request::new(huge, Question::OUTCOME)),
        Err(SolveError::TooLarge(_))
    ));
    // Misère play stepped without the misère solver is a caller's mistake, said as one.
    let mut solving = Solving::new(Request::new(start, Question::Misere)).unwrap();
    let mut db = Database::new();
    assert!(matches!(
        solving.step(Bases::normal(&mut db), 10),
        Progress::Failed(SolveError::Internal(_))
    ));
}

/// The losses a team proves for `position`, from an empty base.
fn team_losses(position: &Position, goal: Goal) -> Database {
    let mut db = Database::new();
    let request =
        Request::new(position.clone(), Question::Normal(goal)).with_workers(Workers::Team(2));
    let mut solving = Solving::new(request).unwrap();
    assert!(matches!(
        stepped(&mut solving, Bases::normal(&mut db), 1),
        Progress::Done(_)
    ));
    db
}

#[test]
fn a_team_whose_losses_refute_the_base_says_so_instead_of_answering() {
    let position = Position::spots(6);
    let goal = Goal::Outcome { nimber_part: 0 };
    let proved = team_losses(&position, goal);
    let (land, nimber) = proved.iter().next().expect("the team proved losses");
    // The base the team's losses go into holds one of them otherwise (as a page's base does
    // when a wrong file is merged into it while the workers compute).
    let mut wrong = Database::new();
    wrong.insert(&land, nimber.wrapping_add(1)).unwrap();
    let team = Team::start(&position, goal, 2, &Database::new()).unwrap();
    while team.wait(std::time::Duration::from_millis(50)) == Progress::Running {}
    match team.finish(&mut wrong) {
        Err(SolveError::BaseRefuted(contradictions)) => {
            let c = contradictions.iter().find(|c| c.land == land).unwrap();
            assert_eq!((c.stored, c.found), (nimber.wrapping_add(1), Some(nimber)));
            let said = SolveError::BaseRefuted(contradictions.clone()).to_string();
            assert!(said.contains("the base is wrong"), "{said}");
        }
        other => panic!("the refutation was dropped: {other:?}"),
    }
    // The couples that agree are kept all the same.
    assert!(wrong.len() > 1);
}

#[test]
fn a_search_told_a_couple_it_proves_otherwise_fails_rather_than_answers() {
    // A base that gains wrong couples while the search works (a page's base merged from a file
    // mid-computation): the couples being worked on at every level, each with a nimber off by
    // one. The one of them the search then proves lost contradicts the base.
    let goal = Goal::Outcome { nimber_part: 0 };
    let request = Request::new(Position::spots(7), Question::Normal(goal))
        .with_workers(Workers::One(Strategy::DepthFirst));
    let mut solving = Solving::new(request).unwrap();
    let mut db = Database::new();
    while solving.work() < 10 {
        assert_eq!(solving.step(Bases::normal(&mut db), 1), Progress::Running);
    }
    for level in solving.levels() {
        if let [land] = level.position.lands() {
            let _ = db.insert(land, level.nimber.wrapping_add(1));
        }
    }
    let ended = stepped(&mut solving, Bases::normal(&mut db), 1);
    assert!(
        matches!(&ended, Progress::Failed(SolveError::BaseRefuted(c)) if !c.is_empty()),
        "{ended:?}"
    );
}
