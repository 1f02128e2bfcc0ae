//! The search as a UI drives it: small steps, the view of the levels, zapping, stopping and
//! going on, and the Children tab.
#![cfg(not(target_arch = "wasm32"))]

use gamelab::engine::sprouts::search::LevelColour;
use gamelab::engine::sprouts::{
    children_with_nimbers, solve, Answer, Database, Goal, Position, Progress, Search, Strategy,
    Verdict,
};
use gamelab::engine::stop::Stop;

const OUTCOME: Goal = Goal::Outcome { nimber_part: 0 };

fn run(search: &mut Search, db: &mut Database, budget: u64) -> (Answer, usize) {
    let mut steps = 0;
    loop {
        steps += 1;
        match search.step(db, None, budget) {
            Progress::Running => continue,
            Progress::Done(answer) => return (answer, steps),
            Progress::Failed(message) => panic!("{message}"),
        }
    }
}

#[test]
fn small_steps_reach_the_same_answer_as_one_long_run() {
    for strategy in [
        Strategy::Probing,
        Strategy::DepthFirst,
        Strategy::ProofNumber,
    ] {
        for (spots, goal) in [(7, OUTCOME), (8, OUTCOME), (5, Goal::Nimber)] {
            let mut whole = Database::new();
            let (answer, whole_stats) = gamelab::engine::sprouts::solve_with(
                &Position::spots(spots),
                goal,
                strategy,
                &mut whole,
            )
            .unwrap();
            let mut db = Database::new();
            let mut search = Search::with_strategy(Position::spots(spots), goal, strategy).unwrap();
            let (stepped, steps) = run(&mut search, &mut db, 7);
            assert_eq!(stepped, answer, "{spots} spots");
            assert!(steps > 10, "the search stopped and went on {steps} times");
            assert_eq!(
                search.stats().expansions,
                whole_stats.expansions,
                "stopping changes nothing"
            );
            assert_eq!(db.len(), whole.len());
            // A finished search keeps its answer.
            assert_eq!(search.step(&mut db, None, 10), Progress::Done(answer));
        }
    }
}

#[test]
fn levels_show_the_child_being_computed() {
    for strategy in [Strategy::Probing, Strategy::ProofNumber] {
        levels_of(strategy);
    }
}

fn levels_of(strategy: Strategy) {
    let mut db = Database::new();
    let mut search = Search::with_strategy(Position::spots(8), OUTCOME, strategy).unwrap();
    assert_eq!(search.step(&mut db, None, 200), Progress::Running);
    let levels = search.levels();
    assert!(levels.len() >= 2, "{levels:?}");
    // Level 1 lists the children of the start: 5 for 8 spots.
    assert_eq!(levels[0].count, 5);
    for level in &levels {
        assert!(level.numero >= 1 && level.numero <= level.count);
        assert!(level.alive >= 1 && level.alive <= level.count);
        assert_eq!(level.lives, level.position.lives());
        let colour = match level.alive {
            1 => LevelColour::Red,
            2..=4 => LevelColour::Green,
            _ => LevelColour::Plain,
        };
        assert_eq!(level.colour(), colour);
        if level.zappable {
            let children = search.level_children(levels.iter().position(|l| l == level).unwrap());
            assert_eq!(children.len(), level.count);
            assert_eq!(children.iter().filter(|c| c.current).count(), 1);
            assert_eq!(children[level.numero - 1].couple.position, level.position);
        }
    }
    // Each level's lives are fewer than the level above's (one move further).
    for pair in levels.windows(2) {
        assert!(pair[1].lives < pair[0].lives + 4 * pair[0].nimber as u32 + 1);
    }
}

#[test]
fn zapping_moves_a_level_to_another_child_and_the_answer_stays() {
    let mut db = Database::new();
    let mut search =
        Search::with_strategy(Position::spots(8), OUTCOME, Strategy::DepthFirst).unwrap();
    assert_eq!(search.step(&mut db, None, 50), Progress::Running);
    let first = search.levels()[0].clone();
    assert_eq!(first.numero, 1);
    // The next child (Glop: a click on Numero, Alive or Lives), then the previous (Nimber).
    search.zap_step(0, true).unwrap();
    assert_eq!(search.levels()[0].numero, 2);
    assert_eq!(search.levels().len(), 1, "the levels below were dropped");
    search.zap_step(0, false).unwrap();
    assert_eq!(search.levels()[0].numero, 1);
    // A chosen child from the list (a click on Position).
    search.zap(0, 4).unwrap();
    assert_eq!(search.levels()[0].numero, 5);
    assert_eq!(
        search.levels()[0].position,
        search.level_children(0)[4].couple.position
    );
    assert!(search.zap(0, 9).is_err());
    assert!(search.zap(7, 0).is_err());
    let (answer, _) = run(&mut search, &mut db, 1000);
    assert_eq!(answer, Answer::Outcome(Verdict::Loss));
    assert!(search.zap(0, 0).is_err(), "nothing to zap once finished");
}

#[test]
fn zapping_works_with_the_proof_number_search() {
    let mut db = Database::new();
    let mut search =
        Search::with_strategy(Position::spots(8), OUTCOME, Strategy::ProofNumber).unwrap();
    assert_eq!(search.step(&mut db, None, 50), Progress::Running);
    let before = search.levels();
    assert!(!before.is_empty());
    let count = before[0].count;
    let target = (before[0].numero % count) + 1;
    search.zap(0, target - 1).unwrap();
    let after = search.levels();
    assert_eq!(after.len(), 1, "the levels below were dropped");
    assert_eq!(after[0].numero, target);
    assert_eq!(
        after[0].position,
        search.level_children(0)[target - 1].couple.position
    );
    // The zapped child is worked on: after a step, level 1 is still on it.
    assert_eq!(search.step(&mut db, None, 20), Progress::Running);
    assert_eq!(search.levels()[0].numero, target);
    search.zap_step(0, true).unwrap();
    assert_ne!(search.levels()[0].numero, target);
    assert!(search.zap(0, count).is_err());
    assert!(search.zap(40, 0).is_err());
    let (answer, _) = run(&mut search, &mut db, 1000);
    assert_eq!(answer, Answer::Outcome(Verdict::Loss));
    assert!(search.zap(0, 0).is_err(), "nothing to zap once finished");
}

#[test]
fn the_children_tab_shows_known_nimbers() {
    let mut db = Database::new();
    solve(&Position::spots(3), Goal::Nimber, &mut db).unwrap();
    let children = children_with_nimbers(&Position::spots(3), &db, &Stop::never()).unwrap();
    assert_eq!(children.len(), 3);
    // 0*3 has nimber 1, so it has a child of nimber 0 (a winning move) and the base knows it.
    assert!(children.iter().any(|(_, n)| *n == Some(0)));
    let unknown = children_with_nimbers(
        &Position::parse("0*5").unwrap(),
        &Database::new(),
        &Stop::never(),
    )
    .unwrap();
    assert!(unknown.iter().all(|(_, n)| n.is_none()));
}

#[test]
fn positions_beyond_the_engine_are_refused_with_a_reason() {
    // 40 spots is searched now; a land past the 16-bit names (32,000 lives) is refused.
    assert!(Search::new(Position::spots(40), OUTCOME).is_ok());
    let huge = Position::parse("0*10666.1.1").unwrap();
    let error = Search::new(huge, OUTCOME).err().unwrap();
    assert!(
        matches!(&error, gamelab::engine::sprouts::SolveError::TooLarge(why) if why.contains("32002 lives")),
        "{error}"
    );
}

#[test]
fn a_stop_asked_often_changes_neither_the_answer_nor_the_work() {
    // Every strategy: a stop that says yes every third time it is asked interrupts expansions
    // and steps; what was interrupted is done again, so the expansions and the answer match a
    // run that was never stopped.
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::Arc;
    for strategy in [
        Strategy::Probing,
        Strategy::DepthFirst,
        Strategy::ProofNumber,
    ] {
        for (position, goal) in [("0*8", OUTCOME), ("0*5", Goal::Nimber)] {
            let position = Position::parse(position).unwrap();
            let mut whole = Database::new();
            let (answer, stats) =
                gamelab::engine::sprouts::solve_with(&position, goal, strategy, &mut whole)
                    .unwrap();
            let asked = Arc::new(AtomicU64::new(0));
            let counter = asked.clone();
            let mut search = Search::with_strategy(position, goal, strategy).unwrap();
            search.set_stop(Stop::when(move || {
                counter.fetch_add(1, Ordering::Relaxed) % 3 == 2
            }));
            let mut db = Database::new();
            let (stopped_answer, steps) = run(&mut search, &mut db, u64::MAX);
            assert_eq!(stopped_answer, answer, "{strategy:?}");
            assert_eq!(search.stats().expansions, stats.expansions, "{strategy:?}");
            assert!(
                steps > 3,
                "{strategy:?}: the stop was heard ({steps} steps)"
            );
        }
    }
}

#[test]
fn a_huge_lands_expansion_gives_up_when_asked_and_resumes_where_it_was() {
    // 0*300 has about 600 children of 300 spots each: listing them asks the stop on the way.
    let position = Position::parse("0*300").unwrap();
    let mut search = Search::new(position.clone(), Goal::Nimber).unwrap();
    search.set_stop(Stop::when(|| true));
    let mut db = Database::new();
    assert_eq!(search.step(&mut db, None, 1), Progress::Running);
    assert_eq!(search.stats().expansions, 0, "the expansion was undone");
    search.set_stop(Stop::never());
    assert_eq!(search.step(&mut db, None, 1), Progress::Running);
    assert!(search.stats().expansions >= 1, "and done again");
    // The Children tab's list gives up the same way, and lists when not stopped.
    assert!(children_with_nimbers(&position, &db, &Stop::when(|| true)).is_err());
    let all = children_with_nimbers(&position, &db, &Stop::never()).unwrap();
    assert!(all.len() > 100, "{}", all.len());
}
