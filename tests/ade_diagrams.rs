//! The numbers game on any graph: presets against the verdict (itself checked against
//! Humphreys' and Kac's tables in ade_types), weighted firing against the matrix formula
//! computed here independently, strong convergence (Eriksson: every order of firing ends at the
//! same state after the same number of moves), concurrent firing against the numbers game where
//! theory says they agree, the null vector's verdict on affine graphs and the IMO 1986 pentagon,
//! the graph's text, its layout and its editing, and the command line taking any graph.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::Lcg;

use gamelab::engine::ade::cartan::{overall, verdict as type_verdict, Cartan, Kind};
use gamelab::engine::ade::presets::{groups, preset, preset_start};
use gamelab::engine::ade::{
    default_start, diagram_text, verdict_for, Diagram, ExhaustRun, Game, StopReason, Style, Values,
    Verdict,
};
use proptest::prelude::*;

/// v − A·v⁺ with i128 arithmetic: what one concurrent fire must give.
fn concurrent_by_formula(a: &Cartan, v: &[i64]) -> Vec<i128> {
    let n = v.len();
    (0..n)
        .map(|j| {
            let own = v[j] as i128;
            own - (0..n)
                .filter(|&i| v[i] > 0)
                .map(|i| a.entry(j, i) as i128 * v[i] as i128)
                .sum::<i128>()
        })
        .collect()
}

/// The reflection s_i on values: v_j − a_ji·v_i.
fn single_by_formula(a: &Cartan, v: &[i64], i: usize) -> Vec<i128> {
    (0..v.len())
        .map(|j| v[j] as i128 - a.entry(j, i) as i128 * v[i] as i128)
        .collect()
}

fn as_i128(values: &Values) -> Vec<i128> {
    (0..values.len())
        .map(|i| values.get(i).to_string().parse().unwrap())
        .collect()
}

fn every_preset() -> Vec<String> {
    groups().into_iter().flat_map(|g| g.names).collect()
}

#[test]
fn every_preset_is_named_as_its_verdict_says() {
    for name in every_preset() {
        let diagram = preset(&name).unwrap_or_else(|| panic!("{name} is listed but not made"));
        assert_eq!(diagram.preset_name(), Some(name.as_str()));
        let parts = type_verdict(diagram.cartan());
        let expected = match name.as_str() {
            "IMO1986" => Some("affine A4".to_string()),
            "E10" | "K4" | "H(1,5)" | "H(3,3)" | "B-triangle" => None,
            n if n.starts_with('~') => Some(format!("affine {}", &n[1..])),
            n => Some(n.to_string()),
        };
        assert_eq!(parts.len(), 1, "{name} is connected");
        match expected {
            Some(expected) => {
                assert_eq!(parts[0].name.as_deref(), Some(expected.as_str()), "{name}")
            }
            None => assert_eq!(parts[0].kind, Kind::Indefinite, "{name}"),
        }
    }
}

/// Hyperbolic: indefinite, and every connected diagram left after removing one node is finite
/// or affine (Kac, §4.7).
#[test]
fn the_hyperbolic_presets_are_hyperbolic() {
    for name in ["E10", "K4", "H(1,5)", "H(3,3)", "B-triangle"] {
        let a = preset(name).unwrap().cartan().clone();
        assert_eq!(overall(&type_verdict(&a)), Kind::Indefinite, "{name}");
        for gone in 0..a.size() {
            let rest: Vec<usize> = (0..a.size()).filter(|&i| i != gone).collect();
            let kind = overall(&type_verdict(&a.restrict(&rest)));
            assert_ne!(kind, Kind::Indefinite, "{name} without node {gone}");
        }
    }
}

#[test]
fn big_families_are_offered_by_name_up_to_thirty_nodes() {
    for (name, roots) in [("B30", 900), ("C30", 900), ("A30", 465), ("D30", 870)] {
        let diagram = diagram_text::parse(name).unwrap();
        let parts = type_verdict(diagram.cartan());
        assert_eq!(parts[0].positive_roots, Some(roots), "{name}");
    }
    assert!(diagram_text::parse("~A30").is_err(), "31 nodes");
    assert!(diagram_text::parse("~A29").is_ok());
    assert!(diagram_text::parse("B1").is_err());
    assert!(diagram_text::parse("~B2").is_err());
}

#[test]
fn a_graph_travels_as_text_and_comes_back_the_same() {
    for name in every_preset() {
        let diagram = preset(&name).unwrap();
        assert_eq!(diagram_text::format(&diagram), name);
        assert_eq!(diagram_text::parse(&name).unwrap(), diagram);
    }
    // B3 by its edges: a_23 = −1, a_32 = −2 (node 3 the short root).
    let b3 = diagram_text::parse("3:1-2,2-3.1.2").unwrap();
    assert_eq!(type_verdict(b3.cartan())[0].name.as_deref(), Some("B3"));
    assert_eq!(b3.cartan().entry(2, 1), -2);
    assert_eq!(diagram_text::format(&b3), "3:1-2,2-3.1.2");
    // A moved node travels with its place; a preset keeps its name.
    let moved = preset("E8").unwrap().with_place(0, (2.5, -1.25));
    let text = diagram_text::format(&moved);
    assert!(text.starts_with("E8@"), "{text}");
    assert_eq!(diagram_text::parse(&text).unwrap(), moved);
    let bad = |t: &str| diagram_text::parse(t).unwrap_err();
    assert!(bad("3:1-4").contains("numbered 1 to 3"));
    assert!(bad("3:1-1").contains("itself"));
    assert!(bad("3:1-2,2-1").contains("twice"));
    assert!(bad("3:1-2.0.1").contains("weight"));
    assert!(bad("65:").contains("1 to 64"));
    assert!(bad("2:1-2@0,0").contains("2 nodes but 1 places"));
    assert!(bad("2:1-2@0,0;x,1").contains("place 2"));
    assert!(bad("2:1-2@0,0;1000,1").contains("within"));
    assert!(bad("Q4").contains("not a graph"));
    assert!(bad(&"1-2,".repeat(20_000)).contains("at most"));
}

#[test]
fn every_preset_is_drawn_with_its_nodes_apart() {
    for name in every_preset() {
        let places = preset(&name).unwrap().places().to_vec();
        for i in 0..places.len() {
            for j in 0..i {
                let d = (places[i].0 - places[j].0).hypot(places[i].1 - places[j].1);
                assert!(d >= 0.45, "{name}: nodes {i} and {j} at {places:?}");
            }
        }
    }
    // Trees with one branch a node are drawn in rows, as the seed's D and E are; cycles are not.
    assert!(preset("~D6").unwrap().is_in_rows());
    assert!(preset("~B4").unwrap().is_in_rows());
    assert!(preset("E8").unwrap().is_in_rows());
    assert!(!preset("~A4").unwrap().is_in_rows());
    assert!(!preset("~E6").unwrap().is_in_rows());
}

#[test]
fn editing_a_graph_keeps_its_matrix_checked() {
    let a2 = preset("A2").unwrap();
    let three = a2.with_node((2.0, 0.0)).unwrap();
    assert_eq!(three.node_count(), 3);
    assert_eq!(three.preset_name(), None);
    assert_eq!(three.neighbours(2), Vec::<usize>::new());
    let b3 = three.with_edge(1, 2, (1, 2)).unwrap();
    assert_eq!(type_verdict(b3.cartan())[0].name.as_deref(), Some("B3"));
    assert!(three.with_edge(1, 2, (1, 0)).is_err());
    assert!(three.with_edge(1, 1, (1, 1)).is_err());
    assert!(three.with_edge(0, 2, (101, 1)).is_err());
    let back = b3.with_edge(1, 2, (0, 0)).unwrap();
    assert_eq!(back.edges(), vec![(0, 1)]);
    let two = b3.without_node(0).unwrap();
    assert_eq!(two.edges(), vec![(0, 1)]);
    assert_eq!(two.weights(0, 1), (1, 2));
    assert!(preset("A1").unwrap().without_node(0).is_err());
    let mut big = preset("A1").unwrap();
    for k in 1..64 {
        big = big.with_node((k as f64, 0.0)).unwrap();
    }
    assert!(big.with_node((0.0, 1.0)).unwrap_err().contains("64"));
}

/// A random generalized Cartan matrix of 1 to 7 nodes, weights 1 to 3.
fn random_cartan() -> impl Strategy<Value = Cartan> {
    (1usize..=7)
        .prop_flat_map(|n| {
            (
                Just(n),
                proptest::collection::vec((0i64..=3, 0i64..=3, any::<bool>()), n * n),
            )
        })
        .prop_map(|(n, cells)| {
            let mut rows = vec![vec![0i64; n]; n];
            for i in 0..n {
                rows[i][i] = 2;
                for j in i + 1..n {
                    let (p, q, joined) = cells[i * n + j];
                    if joined && p > 0 && q > 0 {
                        rows[i][j] = -p;
                        rows[j][i] = -q;
                    }
                }
            }
            Cartan::new(rows).unwrap()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn firing_is_the_matrix_formula(a in random_cartan(), seed in proptest::collection::vec(-20i64..=20, 7)) {
        let n = a.size();
        let v = seed[..n].to_vec();
        let diagram = Diagram::of_cartan(a.clone(), None).unwrap();
        let start = Values::from_i64(v.clone());
        prop_assert_eq!(as_i128(&start.fire(&diagram)), concurrent_by_formula(&a, &v));
        for i in (0..n).filter(|&i| v[i] > 0) {
            prop_assert_eq!(as_i128(&start.fire_node(&diagram, i)), single_by_formula(&a, &v, i));
        }
    }

    #[test]
    fn any_graph_travels_as_text(a in random_cartan(), moved in proptest::option::of((0usize..7, -30i32..30, -30i32..30))) {
        let mut diagram = Diagram::of_cartan(a, None).unwrap();
        if let Some((i, x, y)) = moved {
            diagram = diagram.with_place(i % diagram.node_count(), (x as f64 / 4.0, y as f64 / 4.0));
        }
        let text = diagram_text::format(&diagram);
        prop_assert_eq!(diagram_text::parse(&text).unwrap(), diagram);
    }

    #[test]
    fn graph_text_never_panics(text in "\\PC{0,60}") {
        let _ = diagram_text::parse(&text);
    }
}

/// Plays the numbers game, choosing among the positive nodes with `pick`, up to `most` moves:
/// the final state and the moves made, or None if it had not ended.
fn numbers_game(
    diagram: &Diagram,
    start: &[i64],
    most: usize,
    mut pick: impl FnMut(&[usize]) -> usize,
) -> Option<(Vec<i128>, usize)> {
    let mut play = Game::new(diagram.clone(), Values::from_i64(start.to_vec())).unwrap();
    for moves in 0..=most {
        let positive: Vec<usize> = (0..start.len())
            .filter(|&i| play.current().is_positive(i))
            .collect();
        if positive.is_empty() {
            return Some((as_i128(play.current()), moves));
        }
        play.fire_node(positive[pick(&positive)]).unwrap();
    }
    None
}

#[test]
fn every_order_of_firing_ends_at_the_same_state_after_as_many_moves() {
    let mut rng = Lcg(7);
    for name in ["A5", "B4", "C4", "D5", "E6", "F4", "G2", "B3", "E8"] {
        let diagram = preset(name).unwrap();
        let n = diagram.node_count();
        for _ in 0..40 {
            let start: Vec<i64> = (0..n).map(|_| rng.below(9) as i64 - 4).collect();
            let first = numbers_game(&diagram, &start, 10_000, |_| 0).unwrap();
            let last = numbers_game(&diagram, &start, 10_000, |p| p.len() - 1).unwrap();
            let mut r = Lcg(rng.below(1 << 30) as u64);
            let random = numbers_game(&diagram, &start, 10_000, |p| r.below(p.len())).unwrap();
            assert_eq!(first, last, "{name} from {start:?}");
            assert_eq!(first, random, "{name} from {start:?}");
            // The engine's own runs agree.
            for style in [Style::FirstPositive, Style::LastPositive, Style::InTurn] {
                let mut play = Game::new(diagram.clone(), Values::from_i64(start.clone())).unwrap();
                let (reason, moves) = play.exhaust_with(ExhaustRun::with_style(10_000, style));
                assert_eq!(reason, StopReason::Terminated);
                assert_eq!((as_i128(play.current()), moves), first, "{name} {style:?}");
            }
        }
    }
}

/// From all ones (strictly dominant) the numbers game fires the longest element: |Φ⁺| moves
/// (Humphreys, Table 3.1: B_n and C_n n², F4 24, G2 6, E6 36).
#[test]
fn from_all_ones_the_game_lasts_as_many_moves_as_positive_roots() {
    for (name, roots) in [
        ("B5", 25),
        ("C6", 36),
        ("F4", 24),
        ("G2", 6),
        ("E6", 36),
        ("D6", 30),
    ] {
        let diagram = preset(name).unwrap();
        let ones = vec![1; diagram.node_count()];
        let (_, moves) = numbers_game(&diagram, &ones, 10_000, |_| 0).unwrap();
        assert_eq!(moves, roots, "{name}");
    }
}

/// The two sides of a tree, from node 0.
fn sides(diagram: &Diagram) -> Vec<usize> {
    let n = diagram.node_count();
    let mut colour = vec![usize::MAX; n];
    colour[0] = 0;
    let mut stack = vec![0];
    while let Some(a) = stack.pop() {
        for b in diagram.neighbours(a) {
            if colour[b] == usize::MAX {
                colour[b] = 1 - colour[a];
                stack.push(b);
            }
        }
    }
    colour
}

/// Concurrent firing from `start` (no negative value, positive nodes on one side of a tree)
/// against the numbers game: the same end after as many single fires, or neither ends.
fn concurrent_agrees_with_the_numbers_game(diagram: &Diagram, start: &[i64]) -> Result<(), String> {
    let mut play = Game::new(diagram.clone(), Values::from_i64(start.to_vec())).unwrap();
    let (reason, _) = play.exhaust(200);
    let fires: usize = play.layers().iter().map(Vec::len).sum();
    let single = numbers_game(diagram, start, fires + 1, |_| 0);
    let expected = (reason == StopReason::Terminated).then(|| (as_i128(play.current()), fires));
    if single == expected {
        Ok(())
    } else {
        Err(format!(
            "{} from {start:?}: {single:?} against {expected:?}",
            diagram_text::format(diagram)
        ))
    }
}

/// On a tree whose positive nodes lie on one side and no value is negative, firing them all at
/// once is firing them one by one: the same end, the same fires.
#[test]
fn concurrent_firing_is_the_numbers_game_from_one_side_of_a_tree() {
    let mut rng = Lcg(11);
    for name in ["A6", "B5", "C5", "D6", "E7", "F4", "G2", "~D5", "E10"] {
        let diagram = preset(name).unwrap();
        let colour = sides(&diagram);
        for side in 0..2 {
            for _ in 0..10 {
                let start: Vec<i64> = colour
                    .iter()
                    .map(|&c| if c == side { rng.below(4) as i64 } else { 0 })
                    .collect();
                concurrent_agrees_with_the_numbers_game(&diagram, &start).unwrap();
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The same on random trees with random weights (1 to 3 each way), of any type.
    #[test]
    fn concurrent_firing_is_the_numbers_game_on_random_trees(
        parents in proptest::collection::vec((any::<u32>(), 1i64..=3, 1i64..=3), 1..9),
        values in proptest::collection::vec(0i64..=3, 10),
        side in 0usize..2,
    ) {
        let n = parents.len() + 1;
        let mut rows = vec![vec![0i64; n]; n];
        for (i, row) in rows.iter_mut().enumerate() {
            row[i] = 2;
        }
        for (k, &(parent, p, q)) in parents.iter().enumerate() {
            let child = k + 1;
            let parent = parent as usize % child;
            rows[parent][child] = -p;
            rows[child][parent] = -q;
        }
        let diagram = Diagram::of_cartan(Cartan::new(rows).unwrap(), None).unwrap();
        let colour = sides(&diagram);
        let start: Vec<i64> = (0..n).map(|i| if colour[i] == side { values[i] } else { 0 }).collect();
        prop_assert_eq!(concurrent_agrees_with_the_numbers_game(&diagram, &start), Ok(()));
    }
}

/// The positive vector c with cᵀA = 0 of an affine preset.
fn left_null(diagram: &Diagram) -> Vec<i64> {
    let t = diagram.cartan().transpose();
    gamelab::engine::ade::cartan::positive_null_vector(&t).unwrap()
}

#[test]
fn on_an_affine_graph_the_null_vector_decides_the_numbers_game() {
    let mut rng = Lcg(3);
    for name in [
        "~A4", "~B4", "~C3", "~D5", "~E6", "~F4", "~G2", "~A1", "IMO1986",
    ] {
        let diagram = preset(name).unwrap();
        let c = left_null(&diagram);
        let n = diagram.node_count();
        for _ in 0..30 {
            let start: Vec<i64> = (0..n).map(|_| rng.below(11) as i64 - 5).collect();
            let d: i64 = start.iter().zip(&c).map(|(v, c)| v * c).sum();
            let verdict = verdict_for(
                &diagram,
                &Values::from_i64(start.clone()),
                Style::FirstPositive,
            );
            let ended = numbers_game(&diagram, &start, 20_000, |_| 0);
            let any_positive = start.iter().any(|&v| v > 0);
            if !any_positive {
                assert_eq!(verdict, Verdict::WillTerminate, "{name} {start:?}");
                assert!(ended.is_some());
            } else if d < 0 {
                assert!(matches!(verdict, Verdict::Ends(_)), "{name} {start:?}");
                assert!(ended.is_some(), "{name} {start:?} (c·v = {d})");
            } else {
                assert!(
                    matches!(verdict, Verdict::NeverTerminates(_)),
                    "{name} {start:?}"
                );
                assert!(ended.is_none(), "{name} {start:?} (c·v = {d})");
            }
        }
    }
}

/// IMO 1986 Problem 3: integers on a pentagon with a positive sum; while one is negative, a
/// negative y between x and z becomes −y and its neighbours x + y and z + y. The process always
/// stops. This game flips positive numbers instead: the IMO's move on v is this game's on −v.
#[test]
fn the_imo_pentagon_ends_from_any_start_with_a_positive_sum() {
    let pentagon = preset("IMO1986").unwrap();
    let mut rng = Lcg(1986);
    for _ in 0..200 {
        let imo: Vec<i64> = (0..5).map(|_| rng.below(21) as i64 - 10).collect();
        if imo.iter().sum::<i64>() <= 0 {
            continue;
        }
        let ours: Vec<i64> = imo.iter().map(|v| -v).collect();
        assert!(
            numbers_game(&pentagon, &ours, 100_000, |p| p.len() / 2).is_some(),
            "{imo:?}"
        );
        let verdict = verdict_for(&pentagon, &Values::from_i64(ours.clone()), Style::InTurn);
        if ours.iter().any(|&v| v > 0) {
            assert!(matches!(verdict, Verdict::Ends(_)), "{imo:?}");
        } else {
            assert_eq!(
                verdict,
                Verdict::WillTerminate,
                "{imo:?}: already at its end"
            );
        }
    }
    // The preset's own start is such a one.
    let start = preset_start("IMO1986").unwrap();
    assert!(start.iter().sum::<i64>() < 0);
    assert_eq!(default_start(&pentagon), start);
}

#[test]
fn undo_and_redo_bring_single_fires_back_as_they_were() {
    let b3 = preset("B3").unwrap();
    let mut play = Game::new(b3, Values::from_i64(vec![1, 1, 1])).unwrap();
    play.fire_node(2).unwrap();
    play.fire();
    if play.fire_node(0).is_err() {
        play.fire();
    }
    let states = play.states().to_vec();
    let moves = play.moves().to_vec();
    play.reset();
    assert_eq!(play.layer_count(), 0);
    while play.redo() {}
    assert_eq!(play.states(), &states[..]);
    assert_eq!(play.moves(), &moves[..]);
    assert!(play.fire_node(7).is_err());
    let negative = (0..3).find(|&i| !play.current().is_positive(i)).unwrap();
    assert!(play
        .fire_node(negative)
        .unwrap_err()
        .contains("not positive"));
    // A single fire is a one-node layer of the firing-sequence graph.
    let mut one = Game::new(preset("A3").unwrap(), Values::from_i64(vec![0, 2, 0])).unwrap();
    one.fire_node(1).unwrap();
    assert_eq!(one.layer(1), vec![(1, 2.into())]);
    assert_eq!(one.layer_sum(1), 2.into());
}

#[cfg(feature = "cli")]
mod cli {
    use super::common::gamelab;

    fn run(command: &str, input: &str) -> (i32, String, String) {
        let out = gamelab(&["ade", command], input);
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }

    #[test]
    fn every_ade_command_takes_any_graph() {
        // G2 from all ones: the numbers game makes 6 moves (|Φ⁺|), ending at minus all ones.
        let (code, out, err) = run(
            "exhaust",
            r#"{"cartan": [[2, -3], [-1, 2]], "values": [1, 1], "firing": "first-positive"}"#,
        );
        assert_eq!(code, 0, "{err}");
        let json: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(json["status"], "terminated");
        assert_eq!(json["layers"], 6);
        assert_eq!(json["final"], serde_json::json!([-1, -1]));
        // The same by a preset's name and by an edge list.
        for graph in ["G2", "2:1-2.3.1"] {
            let input = format!(r#"{{"graph": "{graph}", "values": [1, 1], "firing": "in-turn"}}"#);
            let (code, out, err) = run("exhaust", &input);
            assert_eq!(code, 0, "{graph}: {err}");
            assert!(out.contains("\"layers\":6"), "{graph}: {out}");
        }
        // Concurrent on B3, and the trace names the nodes.
        let (code, out, _) = run("fire", r#"{"graph": "B3", "values": [1, 0, 0]}"#);
        assert_eq!(code, 0);
        assert!(out.contains("fired V1(1)"), "{out}");
        let png = gamelab(
            &["ade", "png"],
            r#"{"cartan": [[2, -1, -1], [-1, 2, -1], [-1, -1, 2]], "values": [1, 0, -1], "max_layers": 20}"#,
        );
        assert_eq!(png.status.code(), Some(0));
        assert!(png.stdout.starts_with(b"\x89PNG"));
        let (code, out, _) = run("verdict", r#"{"graph": "3:1-2,2-3.1.2"}"#);
        assert_eq!(code, 0);
        assert!(out.contains("\"name\":\"B3\""), "{out}");
        let (code, out, _) = run("verdict", r#"{"graph": "~E8"}"#);
        assert_eq!(code, 0);
        assert!(out.contains("\"name\":\"affine E8\""), "{out}");
    }

    /// Every `$ echo '…' | gamelab ade …` example of docs/cli.md prints the line under it.
    #[test]
    fn the_ade_examples_of_the_command_line_guide_are_what_it_prints() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/cli.md");
        let guide = std::fs::read_to_string(path).unwrap();
        let lines: Vec<&str> = guide.lines().collect();
        let mut checked = 0;
        for (k, line) in lines.iter().enumerate() {
            let Some(rest) = line.strip_prefix("$ echo '") else {
                continue;
            };
            let Some((input, command)) = rest.split_once("' | gamelab ") else {
                continue;
            };
            let args: Vec<&str> = command.split_whitespace().collect();
            if args.first() != Some(&"ade") {
                continue;
            }
            let out = gamelab(&args, input);
            assert_eq!(out.status.code(), Some(0), "{line}");
            assert_eq!(
                String::from_utf8_lossy(&out.stdout).trim_end(),
                lines[k + 1],
                "{line}"
            );
            checked += 1;
        }
        assert!(checked >= 5, "{checked} examples found");
    }

    #[test]
    fn a_bad_graph_or_firing_is_refused_with_exit_status_2() {
        for (input, needle) in [
            (
                r#"{"graph": "A2", "values": [1, 0], "firing": "random"}"#,
                "firing",
            ),
            (
                r#"{"graph": "A2", "values": [1, 0], "places": [[0, 0]]}"#,
                "places",
            ),
            (
                r#"{"graph": "A2", "values": [1, 0], "places": [[0, 0], [0, 1e9]]}"#,
                "within",
            ),
            (
                r#"{"graph": "3:1-5", "values": [1, 0, 0]}"#,
                "numbered 1 to 3",
            ),
            (
                r#"{"cartan": [[2, -1], [0, 2]], "values": [1, 0]}"#,
                "exactly when",
            ),
            (
                r#"{"graph": "A2", "cartan": [[2]], "values": [1, 0]}"#,
                "exactly one",
            ),
        ] {
            let (code, out, err) = run("exhaust", input);
            assert_eq!(code, 2, "{input}");
            assert!(out.is_empty());
            assert!(err.contains(needle), "{input}: {err}");
        }
    }
}
