//! Sprouts engine against the shared test vectors and the spec's worked examples.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use gamelab::engine::sprouts::children::{raw_child_count, raw_children};
use gamelab::engine::sprouts::notation::{glop2_to_glop10, parse_written};
use gamelab::engine::sprouts::{children, Notation, Position};

struct Parent {
    glop2: String,
    glop10: String,
    nimber: u8,
    children: Vec<(String, String, u8)>,
}

fn field<'a>(text: &'a str, key: &str) -> &'a str {
    text.strip_prefix(key)
        .unwrap_or_else(|| panic!("expected {key} in {text}"))
}

fn children_vectors() -> Vec<Parent> {
    let text = common::read_text("sprouts/children_vectors.tsv");
    let mut parents: Vec<Parent> = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let cols: Vec<&str> = line.split('\t').collect();
        let nimber: u8 = field(cols[3], "nimber=").parse().unwrap();
        match cols[0] {
            "PARENT" => parents.push(Parent {
                glop2: cols[1].into(),
                glop10: cols[2].into(),
                nimber,
                children: Vec::new(),
            }),
            "CHILD" => {
                parents
                    .last_mut()
                    .unwrap()
                    .children
                    .push((cols[1].into(), cols[2].into(), nimber))
            }
            other => panic!("unknown line kind {other}"),
        }
    }
    parents
}

#[test]
fn children_of_every_vector_parent_match_glop_22() {
    let parents = children_vectors();
    assert_eq!(parents.len(), 27);
    assert_eq!(parents.iter().map(|p| p.children.len()).sum::<usize>(), 111);
    let mut failures = Vec::new();
    for parent in &parents {
        let position = Position::parse(&parent.glop2).unwrap();
        let got: Vec<String> = children(&position)
            .unwrap()
            .iter()
            .map(|c| c.write(Notation::Glop2))
            .collect();
        let want: Vec<String> = parent.children.iter().map(|c| c.0.clone()).collect();
        if got != want {
            failures.push(format!(
                "{}:\n  got  {:?}\n  want {:?}",
                parent.glop2, got, want
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} parents differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn both_notations_of_every_vector_read_alike_and_convert() {
    for parent in children_vectors() {
        let lines = std::iter::once((parent.glop2.clone(), parent.glop10.clone()))
            .chain(parent.children.iter().map(|c| (c.0.clone(), c.1.clone())));
        for (glop2, glop10) in lines {
            assert_eq!(glop2_to_glop10(&glop2), glop10);
            let a = Position::parse(&glop2).unwrap();
            let b = Position::parse(&glop10).unwrap();
            assert_eq!(a, b, "{glop2} vs {glop10}");
            assert_eq!(
                a.write(Notation::Glop2),
                glop2,
                "canonical vectors stay as they are"
            );
            assert_eq!(a.write(Notation::Glop10), glop10);
        }
    }
}

#[test]
fn glop_22_round_trip_strings_come_back_unchanged() {
    for text in [
        "0*4",
        "0*2.1a1a",
        "0.1a1a.AB|AB",
        "0*22.1a1a.ABC.DE|0*9.DE|0*2.1abABCba",
    ] {
        assert_eq!(parse_written(text).unwrap().write(Notation::Glop2), text);
    }
}

use gamelab::engine::sprouts::{
    solve, solve_with, Answer, Database, Goal, Progress, Search, Strategy, Verdict,
};

fn nimber_of(text: &str, db: &mut Database) -> u8 {
    let position = Position::parse(text).unwrap();
    match solve(&position, Goal::Nimber, db).unwrap().0 {
        Answer::Nimber(n) => n,
        other => panic!("{other:?}"),
    }
}

fn nimber_with(text: &str, strategy: Strategy, db: &mut Database) -> u8 {
    let position = Position::parse(text).unwrap();
    match solve_with(&position, Goal::Nimber, strategy, db).unwrap().0 {
        Answer::Nimber(n) => n,
        other => panic!("{other:?}"),
    }
}

#[test]
fn proof_number_search_finds_every_vector_nimber_and_the_1470_lands() {
    // Each position on a fresh base: df-pn proves it from nothing, with its own table.
    for parent in children_vectors() {
        let mut db = Database::new();
        let got = nimber_with(&parent.glop2, Strategy::ProofNumber, &mut db);
        assert_eq!(got, parent.nimber, "{}", parent.glop2);
    }
    // One base for all, as the page fills it: what one search stored, the next one uses.
    let text = common::read_text("sprouts/land_nimbers_from_4spots.tsv");
    let mut db = Database::new();
    let mut count = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let cols: Vec<&str> = line.split('\t').collect();
        let want: u8 = cols[2].parse().unwrap();
        let got = nimber_with(cols[0], Strategy::ProofNumber, &mut db);
        assert_eq!(got, want, "{}", cols[0]);
        count += 1;
    }
    assert_eq!(count, 1470);
}

#[test]
fn nimbers_of_every_vector_parent_and_child() {
    let mut db = Database::new();
    for parent in children_vectors() {
        assert_eq!(
            nimber_of(&parent.glop2, &mut db),
            parent.nimber,
            "{}",
            parent.glop2
        );
        for (glop2, _, n) in &parent.children {
            assert_eq!(nimber_of(glop2, &mut db), *n, "{glop2}");
        }
    }
}

fn outcome_of(position: &Position, db: &mut Database) -> (Verdict, u64) {
    outcome_with(position, Strategy::default(), db)
}

fn outcome_with(position: &Position, strategy: Strategy, db: &mut Database) -> (Verdict, u64) {
    match solve_with(position, Goal::Outcome { nimber_part: 0 }, strategy, db).unwrap() {
        (Answer::Outcome(v), stats) => (v, stats.expansions),
        other => panic!("{other:?}"),
    }
}

#[test]
fn outcomes_of_the_n_spot_game_up_to_11_match_the_published_table() {
    let table = common::read_text("sprouts/nspot_outcomes.tsv");
    // The reference search's effort. Our stored couples are exactly the same; our
    // expansions are a few fewer because equal children are searched once.
    let effort = [
        (2, 1),
        (14, 4),
        (21, 6),
        (96, 21),
        (370, 60),
        (642, 95),
        (2621, 264),
        (4877, 468),
        (870, 113),
        (4400, 420),
        (4351, 417),
    ];
    for line in table.lines().filter(|l| !l.starts_with('#')) {
        let cols: Vec<&str> = line.split('\t').collect();
        let n: usize = cols[0].parse().unwrap();
        if n > 11 {
            continue;
        }
        let want = match cols[1] {
            "W" => Verdict::Win,
            "L" => Verdict::Loss,
            other => panic!("{other}"),
        };
        let mut db = Database::new();
        assert_eq!(
            outcome_of(&Position::spots(n), &mut db).0,
            want,
            "{n} spots (default)"
        );
        for strategy in [Strategy::Probing, Strategy::ProofNumber] {
            let mut db = Database::new();
            let verdict = outcome_with(&Position::spots(n), strategy, &mut db).0;
            assert_eq!(verdict, want, "{n} spots ({strategy:?})");
        }
        // Glop 1.0's plain depth-first search, compared with the reference counts.
        let mut db = Database::new();
        let (verdict, expansions) =
            outcome_with(&Position::spots(n), Strategy::DepthFirst, &mut db);
        assert_eq!(verdict, want, "{n} spots");
        let (reference_expansions, reference_stored) = effort[n - 1];
        assert_eq!(db.len(), reference_stored, "{n} spots: stored couples");
        assert!(
            expansions <= reference_expansions && expansions * 100 >= reference_expansions * 95,
            "{n} spots: {expansions} expansions"
        );
    }
}

#[test]
fn nimbers_of_the_n_spot_game_up_to_7_match_the_spec() {
    let mut db = Database::new();
    for (n, want) in [0, 0, 1, 1, 1, 0, 0].into_iter().enumerate() {
        let position = Position::spots(n + 1);
        assert_eq!(
            nimber_of(&position.write(Notation::Glop2), &mut db),
            want,
            "{} spots",
            n + 1
        );
    }
}

#[test]
fn canonical_children_of_the_n_spot_start_count_one_plus_half_n() {
    let counts = [1, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7];
    for (n, want) in counts.into_iter().enumerate() {
        assert_eq!(
            children(&Position::spots(n + 1)).unwrap().len(),
            want,
            "{} spots",
            n + 1
        );
    }
    assert_eq!(children(&Position::spots(15)).unwrap().len(), 9);
    assert_eq!(children(&Position::spots(20)).unwrap().len(), 11);
    // No size limit short of thousands of spots: 62 spots (SPOTS's largest solved) and beyond.
    assert_eq!(children(&Position::spots(62)).unwrap().len(), 32);
    assert_eq!(children(&Position::spots(101)).unwrap().len(), 52);
}

#[test]
fn a_search_of_62_spots_and_more_runs_and_stops_on_its_budget() {
    for n in [62, 200] {
        let mut search = Search::new(Position::spots(n), Goal::Outcome { nimber_part: 0 }).unwrap();
        let mut db = Database::new();
        let progress = search.step(&mut db, None, 300);
        assert!(
            matches!(progress, Progress::Running),
            "{n} spots: {progress:?}"
        );
        assert!(search.stats().expansions >= 300, "{n} spots");
        assert!(!search.levels().is_empty(), "{n} spots");
    }
}

#[test]
fn nimbers_of_all_1470_lands_reachable_from_4_spots() {
    let text = common::read_text("sprouts/land_nimbers_from_4spots.tsv");
    let mut db = Database::new();
    let mut count = 0;
    let mut histogram = [0usize; 6];
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let cols: Vec<&str> = line.split('\t').collect();
        let want: u8 = cols[2].parse().unwrap();
        assert_eq!(glop2_to_glop10(cols[0]), cols[1]);
        let position = Position::parse(cols[0]).unwrap();
        assert_eq!(position, Position::parse(cols[1]).unwrap());
        assert_eq!(
            parse_written(cols[0]).unwrap().write(Notation::Glop2),
            cols[0]
        );
        // Glop's canonizer is not idempotent on its own output (58 of these lands change once),
        // but what the parser gives back is stable.
        assert_eq!(
            Position::parse(&position.write(Notation::Glop2)).unwrap(),
            position,
            "{}",
            cols[0]
        );
        assert_eq!(nimber_of(cols[0], &mut db), want, "{}", cols[0]);
        // The count that guards against positions with too many moves is the generator's own.
        for land in position.lands() {
            assert_eq!(
                raw_child_count(land),
                raw_children(land).len() as u128,
                "{}",
                cols[0]
            );
        }
        histogram[want as usize] += 1;
        count += 1;
    }
    assert_eq!(count, 1470);
    assert_eq!(histogram, [417, 419, 289, 320, 23, 2]);
}

#[test]
fn the_manuals_example_and_its_canonical_form() {
    let typed = Position::parse("12.AB.}AB.}]0.2ABC.}0.1ab1bc2ca.ACB.}]!").unwrap();
    assert_eq!(
        typed.write(Notation::Glop2),
        "0.1ab1bc2ca.ABC|0.2ACB+12.AB|AB"
    );
    assert_eq!(
        typed,
        Position::parse("12.AB|AB+0.2ABC|0.1ab1bc2ca.ACB").unwrap()
    );
    // The raw description, dead region and doubled letters included, reduces to the same.
    assert_eq!(
        Position::parse("1aa.AB.}AB.}]0.aaABC.}0.1ab1bcDca.ACB.}D.}]!").unwrap(),
        typed
    );
    // Merged boundaries in a small region.
    assert_eq!(
        Position::parse("2.AB.}AB.}]!")
            .unwrap()
            .write(Notation::Glop10),
        "2AB.}AB.}]!"
    );
}

#[test]
fn playing_the_12_spot_game_by_correspondence() {
    // Glop's manual: the opponent opens 0*8.AB|0*3.AB; we answer with a loss for them.
    let start = Position::spots(12);
    let opening = Position::parse("0.0.0.0.0.0.0.0.AB.}0.0.0.AB.}]!").unwrap();
    assert!(children(&start).unwrap().contains(&opening));
    let answers = children(&opening).unwrap();
    assert_eq!(answers.len(), 22);
    let reply = Position::parse("0.0.0.0.A.}0.0.0.0.A.}]0.0.0.}]!").unwrap();
    assert!(answers.contains(&reply));
    let mut db = Database::new();
    assert_eq!(nimber_of("0*4.A|0*4.A", &mut db), 1);
    assert_eq!(outcome_of(&reply, &mut db).0, Verdict::Loss);
    let second = Position::parse("0.0.0.0.A.}0.0.0.0.A.}]0.0.AB.}AB.}]!").unwrap();
    assert!(children(&reply).unwrap().contains(&second));
    let second_reply = Position::parse("0.0.0.0.A.}0.0.0.0.A.}]0.1a2a.}]!").unwrap();
    assert!(children(&second).unwrap().contains(&second_reply));
    assert_eq!(outcome_of(&second_reply, &mut db).0, Verdict::Loss);
}

/// Text after a 1.0 position's `!` is pointed at where it starts, not read as 2.x notation.
#[test]
fn text_after_the_end_mark_is_pointed_at() {
    for (text, at) in [("0.0.0.}]!x", 10), ("!x", 2), ("0.}]!!", 6)] {
        let error = parse_written(text).unwrap_err();
        assert_eq!(error.at, at, "{text}: {}", error.message);
        assert!(
            error.message.contains("nothing may follow"),
            "{text}: {}",
            error.message
        );
    }
    assert!(
        parse_written("0.0.0.}]! ").is_ok(),
        "spaces around are fine"
    );
}

/// A team of three df-pn searches (sharing their losses, each leaving the levels the others'
/// losses settle) answers as one search does: the published outcomes up to 11 spots, and the
/// nimbers of every fifth land reachable from 4 spots, each with a base of its own.
#[test]
fn a_team_finds_the_published_outcomes_and_the_nimbers_of_lands() {
    use gamelab::engine::sprouts::{
        Answer, Bases, Goal, Progress, Question, Request, Solving, Verdict, Workers,
    };
    let answer_of = |position: &Position, goal: Goal| {
        let mut db = Database::new();
        let request =
            Request::new(position.clone(), Question::Normal(goal)).with_workers(Workers::Team(3));
        let mut solving = Solving::new(request).unwrap();
        let progress = loop {
            match solving.step(Bases::normal(&mut db), u64::MAX) {
                Progress::Running => {}
                ended => break ended,
            }
        };
        assert_eq!(solving.stored() as usize, db.len());
        progress
    };
    let table = common::read_text("sprouts/nspot_outcomes.tsv");
    for line in table.lines().filter(|l| !l.starts_with('#')) {
        let cols: Vec<&str> = line.split('\t').collect();
        let n: usize = cols[0].parse().unwrap();
        if n > 11 {
            continue;
        }
        let want = if cols[1] == "W" {
            Verdict::Win
        } else {
            Verdict::Loss
        };
        let goal = Goal::Outcome { nimber_part: 0 };
        let got = answer_of(&Position::spots(n), goal);
        assert_eq!(got, Progress::Done(Answer::Outcome(want)), "{n} spots");
    }
    let lands = common::read_text("sprouts/land_nimbers_from_4spots.tsv");
    for line in lands.lines().filter(|l| !l.starts_with('#')).step_by(5) {
        let cols: Vec<&str> = line.split('\t').collect();
        let want: u8 = cols[2].parse().unwrap();
        let got = answer_of(&Position::parse(cols[0]).unwrap(), Goal::Nimber);
        assert_eq!(got, Progress::Done(Answer::Nimber(want)), "{}", cols[0]);
    }
}
