//! The main base (.spr files, merging, filters), check computations and proof graphs.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use gamelab::engine::sprouts::database::{MergeError, SPR_HEADER};
use gamelab::engine::sprouts::proof::{
    check, verify, CompleteCheck, DotOptions, NodeKind, ProofGraph, Verified, Verifying,
};
use gamelab::engine::sprouts::{
    solve, Answer, Database, Filter, Goal, Notation, Position, Verdict,
};
use gamelab::engine::stop::Stop;

fn base_of(texts: &[&str], goal: Goal) -> Database {
    let mut db = Database::new();
    for t in texts {
        solve(&Position::parse(t).unwrap(), goal, &mut db).unwrap();
    }
    db
}

#[test]
fn save_then_load_gives_the_same_base() {
    let db = base_of(&["0*6", "0*4.A|0*4.A"], Goal::Nimber);
    assert!(db.len() > 100);
    let text = db.to_spr();
    assert!(text.starts_with(&format!("{SPR_HEADER}\n")));
    let loaded = Database::from_spr(&text).unwrap();
    assert!(loaded.len() >= db.len());
    for (land, n) in db.iter() {
        assert_eq!(
            loaded.get(&land),
            Some(n),
            "{}",
            land.write(Notation::Glop2)
        );
    }
    // Merging the same file again changes nothing.
    let mut merged = db.clone();
    let report = merged.merge(&[("again.spr", &text)]).unwrap();
    assert_eq!(report.read, vec![db.len()]);
    assert_eq!(merged.len(), loaded.len());
}

#[test]
fn a_base_answers_without_searching_again() {
    let mut db = base_of(&["0*7"], Goal::Outcome { nimber_part: 0 });
    let mut reloaded = Database::from_spr(&db.to_spr()).unwrap();
    let (_, stats) = solve(
        &Position::spots(7),
        Goal::Outcome { nimber_part: 0 },
        &mut reloaded,
    )
    .unwrap();
    let (_, again) = solve(
        &Position::spots(7),
        Goal::Outcome { nimber_part: 0 },
        &mut db,
    )
    .unwrap();
    assert_eq!(stats.expansions, again.expansions);
    assert!(
        stats.expansions <= 2,
        "a loss known to the base costs at most the root's expansion"
    );
}

#[test]
fn merging_bases_that_disagree_reports_every_conflict_and_changes_nothing() {
    let mut main = Database::from_spr("[Positions+Nimber]\nAB|AB 1\n12 0\n").unwrap();
    let before = main.to_spr();
    let other = "[Positions+Nimber]\n12 0\n0 0\n";
    let bad = "[Positions+Nimber]\nAB.}AB.}]! 2\n1a1a 2\n0 1\n";
    match main.merge(&[("other.spr", other), ("bad.spr", bad)]) {
        Err(MergeError::Conflicts(list)) => {
            assert_eq!(list.len(), 2, "{list:?}");
            assert!(list.iter().any(|c| c.position == "AB|AB"
                && c.first == ("main base".into(), 1)
                && c.second == ("bad.spr".into(), 2)));
            assert!(list.iter().any(|c| c.position == "0"
                && c.first == ("other.spr".into(), 0)
                && c.second == ("bad.spr".into(), 1)));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(main.to_spr(), before);
    let report = main.merge(&[("other.spr", other)]).unwrap();
    assert_eq!((report.read, report.added), (vec![2], 1));
}

#[test]
fn corrupt_or_foreign_files_are_refused_with_the_line_and_nothing_loaded() {
    let mut main = Database::from_spr("[Positions+Nimber]\nAB|AB 1\n").unwrap();
    let before = main.to_spr();
    let cases = [
        ("hello world", 1, "not a Sprouts nimber database"),
        ("", 1, "empty file"),
        ("[Positions+Nimber]\n0*3 1\n0*3 x\n", 3, "not a nimber"),
        ("[Positions+Nimber]\n0*3 1\n0.0.q 1\n", 3, "surfaces"),
        ("[Positions+Nimber]\n0*3\n", 2, "position nimber"),
        ("[Positions+Nimber]\n0*2+0 1\n", 2, "single land"),
        ("[Positions+Nimber]\n0*3 251\n", 2, "0 to 250"),
        (
            "[Positions+Nimber]\n# gamelab sprouts database, version 9\n",
            2,
            "version 9",
        ),
    ];
    for (text, line, words) in cases {
        match main.merge(&[("f.spr", text)]) {
            Err(MergeError::File { file, error }) => {
                assert_eq!(file, "f.spr");
                assert_eq!(error.line, line, "{text:?}: {error}");
                assert!(error.message.contains(words), "{text:?}: {error}");
            }
            other => panic!("{text:?}: {other:?}"),
        }
        assert_eq!(main.to_spr(), before);
    }
}

#[test]
fn filters_keep_lives_and_nimbers_in_range() {
    let db = base_of(&["0*5"], Goal::Nimber);
    let filter = Filter {
        lives_min: Some(3),
        lives_max: Some(6),
        nimber_min: Some(1),
        nimber_max: None,
    };
    let kept = db.filtered(&filter);
    assert!(!kept.is_empty() && kept.len() < db.len());
    for (land, n) in db.iter() {
        let inside = (3..=6).contains(&land.lives()) && n >= 1;
        assert_eq!(
            kept.get(&land).is_some(),
            inside,
            "{}",
            land.write(Notation::Glop2)
        );
    }
}

#[test]
fn memory_stays_under_100_bytes_a_couple() {
    let db = base_of(&["0*8"], Goal::Outcome { nimber_part: 0 });
    assert!(db.len() > 100);
    assert!(
        db.memory_bytes() < 100 * db.len() + 4096,
        "{} bytes for {} couples",
        db.memory_bytes(),
        db.len()
    );
}

#[test]
fn a_check_base_is_a_smaller_certificate_that_proves_the_result_alone() {
    for (spots, goal) in [(6, Goal::Outcome { nimber_part: 0 }), (5, Goal::Nimber)] {
        let position = Position::spots(spots);
        let mut main = Database::new();
        let (answer, _) = solve(&position, goal, &mut main).unwrap();
        let report = check(&position, goal, &main).unwrap();
        assert_eq!(report.answer, answer);
        assert!(report.contradictions.is_empty());
        assert!(
            !report.has_new_results(),
            "everything the check stores is in the main base"
        );
        assert!(report.check_db.len() <= main.len());
        // The certificate alone re-proves the result without any new couple.
        let again = check(&position, goal, &report.check_db).unwrap();
        assert_eq!(again.answer, answer);
        assert_eq!(again.stats.new_results, 0);
        assert_eq!(again.check_db.len(), report.check_db.len());
    }
}

#[test]
fn a_check_against_a_wrong_base_reports_the_contradiction() {
    let mut main = base_of(&["0*4"], Goal::Nimber);
    let wrong: String = main.to_spr().replace("\nAB|AB 1\n", "\nAB|AB 0\n");
    assert_ne!(wrong, main.to_spr());
    main = Database::from_spr(&wrong).unwrap();
    let report = check(&Position::spots(4), Goal::Nimber, &main).unwrap();
    assert!(report
        .contradictions
        .iter()
        .any(|c| c.land.write(Notation::Glop2) == "AB|AB" && c.stored == 0 && c.found == Some(1)));
    let mut complete = CompleteCheck::new(&main);
    while !complete.step(&main, 50) {}
    assert!(
        complete
            .failures
            .iter()
            .any(|f| f.position.write(Notation::Glop2) == "AB|AB" && f.stored == 0),
        "{:?}",
        complete.failures
    );
}

/// A page checks an answer a few expansions at a time: each way gives what `verify` gives at once.
#[test]
fn an_answer_checked_in_steps_gets_the_verdict_of_one_check() {
    let in_steps = |position: &Position, answer: Answer, db: &Database, allowance: u64| {
        let mut run = Verifying::new(position, Goal::Nimber, answer, allowance);
        // One expansion a step: the work is bounded by the allowance.
        for _ in 0..=allowance {
            if let Some(verdict) = run.step(db, 1) {
                assert!(run.expansions() <= allowance);
                return verdict;
            }
        }
        panic!("no verdict within {allowance} steps");
    };
    let four = Position::spots(4);
    let mut sound = Database::new();
    let (answer, _) = solve(&four, Goal::Nimber, &mut sound).unwrap();
    // 4 spots: a win for the first player (Applegate, Jacobson and Sleator), a nimber above 0.
    assert!(matches!(answer, Answer::Nimber(n) if n > 0), "{answer:?}");
    for allowance in [5_000, 3] {
        let at_once = verify(
            &four,
            Goal::Nimber,
            answer,
            &sound,
            allowance,
            &Stop::never(),
        );
        assert_eq!(in_steps(&four, answer, &sound, allowance), at_once);
    }
    assert_eq!(in_steps(&four, answer, &sound, 5_000), Verified::Confirmed);
    assert_eq!(in_steps(&four, answer, &sound, 3), Verified::Unfinished);
    // A base that lies about a child of 4 spots is caught, whichever way the check runs.
    let lie = sound.to_spr().replace("\nAB|AB 1\n", "\nAB|AB 0\n");
    let lie = Database::from_spr(&lie).unwrap();
    let found = in_steps(&four, answer, &lie, 5_000);
    assert!(
        matches!(found, Verified::Refuted(ref c) if !c.is_empty()),
        "{found:?}"
    );
    assert_eq!(
        verify(&four, Goal::Nimber, answer, &lie, 5_000, &Stop::never()),
        found
    );
}

#[test]
fn the_complete_check_confirms_a_sound_base() {
    let main = base_of(&["0*5", "1a1a"], Goal::Nimber);
    let mut complete = CompleteCheck::new(&main);
    let mut rounds = 0;
    while !complete.step(&main, 20) {
        rounds += 1;
    }
    assert!(rounds > 1, "the complete check works in slices");
    assert_eq!(complete.progress(), (main.len(), main.len()));
    assert!(complete.failures.is_empty(), "{:?}", complete.failures);
}

#[test]
fn the_three_spot_proof_graph() {
    let position = Position::spots(3);
    let main = base_of(&["0*3"], Goal::Outcome { nimber_part: 0 });
    let report = check(&position, Goal::Outcome { nimber_part: 0 }, &main).unwrap();
    assert_eq!(report.answer, Answer::Outcome(Verdict::Win));
    let graph = ProofGraph::for_answer(&position, report.answer, &report.check_db).unwrap();
    let root = &graph.nodes[0];
    assert_eq!(
        (root.kind, root.text(Notation::Glop10).as_str()),
        (NodeKind::Win, "0.0.0.}]! not 0")
    );
    // Every losing couple links all its children; every winning one one loss per nimber.
    for node in &graph.nodes {
        match node.kind {
            NodeKind::Win => {
                assert_eq!(node.edges.len(), node.nimbers.len());
                assert!(node
                    .edges
                    .iter()
                    .all(|&e| graph.nodes[e].kind != NodeKind::Win));
            }
            NodeKind::Loss => assert!(node
                .edges
                .iter()
                .all(|&e| graph.nodes[e].kind != NodeKind::Loss)),
            NodeKind::Lands => assert!(!node.edges.is_empty()),
        }
    }
    assert!(graph
        .nodes
        .iter()
        .any(|n| n.text(Notation::Glop10) == "! 0"));
    let dot = graph.to_dot(&DotOptions::default());
    for colour in ["fillcolor=red", "fillcolor=blue", "fillcolor=yellow"] {
        assert!(dot.contains(colour), "{colour}");
    }
    assert!(dot.contains("// 1: 0.0.0.}]! not 0"));
    assert!(dot.contains("[shape=plaintext, style=\"\", label=\"9 lives\"]"));
    let plain = graph.to_dot(&DotOptions {
        colours: false,
        detail: 2,
        min_lives: 4,
        ..DotOptions::default()
    });
    assert!(!plain.contains("fillcolor=red"));
    assert!(
        !plain.contains("lives_3 "),
        "couples under 4 lives are left out"
    );
    // Graphviz itself reads the file.
    for text in [dot, plain] {
        let mut child = std::process::Command::new("dot")
            .args(["-Tplain"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("Graphviz's dot is installed (scripts/setup.sh)");
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(text.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "dot: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(String::from_utf8_lossy(&out.stdout).starts_with("graph "));
    }
}

/// A land of the spec's test data written as SPOTS writes its databases, upper-case names as
/// `n(k)`, and in another form of the same land (SPOTS canonizes its own way): the upper-case
/// names given in the opposite order and the regions listed in the opposite order.
fn spots_style(glop2: &str) -> String {
    let last = glop2
        .bytes()
        .filter(u8::is_ascii_uppercase)
        .max()
        .unwrap_or(b'A');
    let mut named = String::new();
    for c in glop2.bytes() {
        if c.is_ascii_uppercase() {
            named.push_str(&format!("n({})", last - c + 1));
        } else {
            named.push(char::from(c));
        }
    }
    named.split('|').rev().collect::<Vec<_>>().join("|")
}

#[test]
fn a_spots_database_is_read_canonized_and_checked_from() {
    let table = common::read_text("sprouts/land_nimbers_from_4spots.tsv");
    let rows: Vec<(Position, u8, String)> = table
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            let nimber = cols[2].parse().unwrap();
            (
                Position::parse(cols[0]).unwrap(),
                nimber,
                spots_style(cols[0]),
            )
        })
        .collect();
    let mut text = String::from("[Positions+Nimber]\n");
    for (_, nimber, written) in &rows {
        text.push_str(&format!("{written} {nimber}\n"));
    }
    assert!(text.contains("n(1)") && text.contains(")|"));
    let mut db = Database::new();
    db.merge(&[("spots.spr", &text)]).unwrap();
    // Every couple is canonized on load. Renamed letters always come back to the table's form;
    // reordered regions do not always (Glop's canonical form is pseudo-canonical):
    // such a couple is kept under its own form, never under a wrong one.
    let found = rows
        .iter()
        .filter(|(p, nimber, _)| {
            let got = db.get(&p.lands()[0]);
            assert!(got.is_none() || got == Some(*nimber));
            got.is_some()
        })
        .count();
    assert!(found * 100 >= rows.len() * 80, "{found} of {}", rows.len());
    // Results are checked from it: the nimber of 4 spots (1) and the outcome of 5 (a win).
    for (spots, goal, answer) in [
        (4, Goal::Nimber, Answer::Nimber(1)),
        (
            5,
            Goal::Outcome { nimber_part: 0 },
            Answer::Outcome(Verdict::Win),
        ),
    ] {
        let report = check(&Position::spots(spots), goal, &db).unwrap();
        assert_eq!(report.answer, answer, "{spots} spots");
        assert!(report.contradictions.is_empty());
    }
}
