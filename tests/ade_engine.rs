//! The ADE engine against hand-checked plays, every vector of tests/data/ade, and
//! the game's invariants.
// Native only: these read tests/data and run the CLI binary.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use gamelab::engine::ade::{
    e9_delta_dot, parse_integer, parse_node_value, verdict, Diagram, FireOutcome, Game, GraphKind,
    StopReason, Values, Verdict, MAX_N,
};
use num_bigint::BigInt;
use proptest::prelude::*;
use serde_json::Value;

fn play(graph: &str, start: &[i64]) -> Game {
    Game::new(
        Diagram::parse(graph).unwrap(),
        Values::from_i64(start.to_vec()),
    )
    .unwrap()
}

fn small(values: &Values) -> Vec<i64> {
    (0..values.len())
        .map(|i| values.get_i64(i).expect("fits in i64"))
        .collect()
}

fn ints(json: &Value) -> Vec<i64> {
    json.as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .collect()
}

fn big_ints(json: &Value) -> Vec<BigInt> {
    json.as_array()
        .unwrap()
        .iter()
        .map(|v| match v {
            Value::String(s) => s.parse().unwrap(),
            other => BigInt::from(other.as_i64().unwrap()),
        })
        .collect()
}

// --- graphs ---------------------------------------------------------------------------------

#[test]
fn graphs_have_the_spec_edges_and_labels() {
    let a4 = Diagram::parse("A4").unwrap();
    assert_eq!(a4.edges(), vec![(0, 1), (1, 2), (2, 3)]);
    assert_eq!(
        (0..4).map(|i| a4.label(i)).collect::<Vec<_>>(),
        ["V1", "V2", "V3", "V4"]
    );
    let d5 = Diagram::parse("D5").unwrap();
    assert_eq!(d5.edges(), vec![(0, 2), (1, 2), (2, 3), (3, 4)]);
    assert_eq!(d5.label(0), "V0");
    let e8 = Diagram::parse("e8").unwrap();
    assert_eq!(
        e8.edges(),
        vec![(0, 3), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 7)]
    );
    assert_eq!(e8.index_of("V7"), Some(7));
    assert_eq!(a4.index_of("V1"), Some(0));
    assert_eq!(a4.index_of("V0"), None);
}

#[test]
fn graph_ranges_and_bad_names_are_rejected_with_the_range() {
    for bad in ["A0", "D3", "E5", "E31", "A31", "D31"] {
        let err = Diagram::parse(bad).unwrap_err().to_string();
        assert!(
            err.contains("out of range") && err.contains("30"),
            "{bad}: {err}"
        );
    }
    assert!(Diagram::parse("B4")
        .unwrap_err()
        .to_string()
        .contains("A, D or E"));
    for bad in [
        "",
        "E",
        "8",
        "E8.5",
        "E-8",
        "E 8x",
        "EE8",
        "E99999999999999999999",
    ] {
        assert!(Diagram::parse(bad).is_err(), "{bad}");
    }
    for good in ["A1", "A30", "D4", "D30", "E6", "E30"] {
        assert!(Diagram::parse(good).is_ok(), "{good}");
    }
}

#[test]
fn classification_and_coxeter_numbers() {
    let h = |g: &str| Diagram::parse(g).unwrap().coxeter_number();
    assert_eq!(
        (h("A5"), h("D6"), h("E6"), h("E7"), h("E8"), h("E9")),
        (Some(6), Some(10), Some(12), Some(18), Some(30), None)
    );
    assert_eq!(Diagram::parse("E8").unwrap().kind(), GraphKind::Finite);
    assert_eq!(Diagram::parse("E9").unwrap().kind(), GraphKind::Affine);
    assert_eq!(Diagram::parse("E10").unwrap().kind(), GraphKind::Indefinite);
}

// --- the rule, by hand ------------------------------------------------------------------------

#[test]
fn worked_plays_of_the_spec() {
    // A3 start V2 = 1.
    let mut p = play("A3", &[0, 1, 0]);
    let mut states = vec![small(p.current())];
    while p.fire() == FireOutcome::Fired {
        states.push(small(p.current()));
    }
    assert_eq!(
        states,
        vec![
            vec![0, 1, 0],
            vec![1, -1, 1],
            vec![-1, 1, -1],
            vec![0, -1, 0]
        ]
    );
    assert_eq!(p.fire(), FireOutcome::Terminal);
    // D4 [1,1,1,1] fires adjacent nodes together.
    let mut p = play("D4", &[1, 1, 1, 1]);
    p.fire();
    assert_eq!(small(p.current()), vec![0, 0, 2, 0]);
    p.fire();
    assert_eq!(small(p.current()), vec![2, 2, -2, 2]);
    // Two adjacent positives cancel; a negative node gains both positive neighbours.
    let mut p = play("A2", &[1, 1]);
    p.fire();
    assert_eq!(small(p.current()), vec![0, 0]);
    let mut p = play("A3", &[2, -5, 3]);
    p.fire();
    assert_eq!(small(p.current()), vec![-2, 0, -3]);
    // A positive node between two positives: sum of its positive neighbours minus itself.
    let mut p = play("A3", &[1, 4, 2]);
    p.fire();
    assert_eq!(small(p.current()), vec![3, -1, 2]);
    // A node that is not positive and has no positive neighbour keeps its value.
    let mut p = play("A4", &[5, 0, -7, -1]);
    p.fire();
    assert_eq!(small(p.current()), vec![-5, 5, -7, -1]);
}

#[test]
fn layers_and_sums_are_read_from_the_states() {
    let mut p = play("D4", &[0, 0, 1, 0]);
    p.exhaust(100);
    assert_eq!(p.layer_count(), 5);
    let sums: Vec<BigInt> = (1..=5).map(|t| p.layer_sum(t)).collect();
    assert_eq!(sums, [1, 3, 2, 3, 1].map(BigInt::from));
    assert_eq!(p.layer(3), vec![(2, BigInt::from(2))]);
    assert_eq!(p.layer(0), vec![]);
    assert_eq!(p.layer(6), vec![]);
}

// --- the vectors of testdata/ade --------------------------------------------------------------

fn check_case(case: &Value) {
    let graph = Diagram::parse(case["graph"].as_str().unwrap()).unwrap();
    let names: Vec<String> = (0..graph.node_count()).map(|i| graph.label(i)).collect();
    let expected_names: Vec<String> = case["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    assert_eq!(names, expected_names, "{}", case["graph"]);
    let mut p = Game::new(graph.clone(), Values::from_i64(ints(&case["start"]))).unwrap();
    let (reason, fired) = p.exhaust(100_000);
    assert_eq!(reason, StopReason::Terminated, "{case}");
    assert_eq!(fired as u64, case["num_layers"].as_u64().unwrap());
    assert_eq!(small(p.current()), ints(&case["final"]));
    let layers = p.layers();
    let expected: Vec<Vec<(usize, BigInt)>> = case["layers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|layer| {
            layer
                .as_array()
                .unwrap()
                .iter()
                .map(|pair| {
                    (
                        graph.index_of(pair[0].as_str().unwrap()).unwrap(),
                        BigInt::from(pair[1].as_i64().unwrap()),
                    )
                })
                .collect()
        })
        .collect();
    assert_eq!(
        layers, expected,
        "layers of {} from {}",
        case["graph"], case["start"]
    );
    let firings: usize = layers.iter().map(Vec::len).sum();
    assert_eq!(firings as u64, case["num_firings"].as_u64().unwrap());
    let total: BigInt = (1..=p.layer_count()).map(|t| p.layer_sum(t)).sum();
    assert_eq!(
        total,
        BigInt::from(case["total_fired_value"].as_i64().unwrap())
    );
    let max = layers
        .iter()
        .flatten()
        .map(|(_, v)| v.clone())
        .max()
        .unwrap_or_default();
    assert_eq!(max, BigInt::from(case["max_value"].as_i64().unwrap()));
    if let Some(states) = case.get("states") {
        let got: Vec<Vec<i64>> = p.states().iter().map(small).collect();
        let want: Vec<Vec<i64>> = states.as_array().unwrap().iter().map(ints).collect();
        assert_eq!(got, want);
        let adjacent = layers.iter().any(|layer| {
            layer
                .iter()
                .any(|(a, _)| layer.iter().any(|(b, _)| graph.are_adjacent(*a, *b)))
        });
        assert_eq!(
            adjacent,
            case["adjacent_positive_nodes_fired_together"]
                .as_bool()
                .unwrap()
        );
    }
}

#[test]
fn every_single_start_vector() {
    let data = common::read_json("ade/single_start_vectors.json");
    let cases = data["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 87);
    for case in cases {
        check_case(case);
        // A single 1 plays exactly h − 1 layers.
        let graph = Diagram::parse(case["graph"].as_str().unwrap()).unwrap();
        assert_eq!(
            case["num_layers"].as_u64().unwrap(),
            graph.coxeter_number().unwrap() as u64 - 1
        );
    }
}

#[test]
fn every_arbitrary_start_vector() {
    let data = common::read_json("ade/arbitrary_start_vectors.json");
    let cases = data["cases"].as_array().unwrap();
    assert!(cases.len() >= 14);
    for case in cases {
        check_case(case);
    }
}

/// Exhaustive surveys of small ranges: all terminate, and the maxima and first starts agree.
#[test]
fn survey_rows_of_the_spec() {
    let data = common::read_json("ade/arbitrary_start_vectors.json");
    for survey in data["surveys"].as_array().unwrap() {
        let graph = Diagram::parse(survey["graph"].as_str().unwrap()).unwrap();
        let range = ints(&survey["value_range"]);
        let (lo, hi) = (range[0], range[1]);
        let n = graph.node_count();
        let mut start = vec![lo; n];
        let (mut count, mut max_layers, mut first_max, mut adjacent) =
            (0u64, 0usize, Vec::new(), 0u64);
        loop {
            let mut p = Game::new(graph.clone(), Values::from_i64(start.clone())).unwrap();
            let (reason, fired) = p.exhaust(10_000);
            assert_eq!(reason, StopReason::Terminated, "{} {start:?}", graph);
            if fired > max_layers {
                max_layers = fired;
                first_max = start.clone();
            }
            let fires_adjacent = p.layers().iter().any(|layer| {
                layer
                    .iter()
                    .any(|(a, _)| layer.iter().any(|(b, _)| graph.are_adjacent(*a, *b)))
            });
            adjacent += u64::from(fires_adjacent);
            count += 1;
            // Next tuple in lexicographic order.
            let mut k = n;
            loop {
                if k == 0 {
                    break;
                }
                k -= 1;
                if start[k] < hi {
                    start[k] += 1;
                    for x in &mut start[k + 1..] {
                        *x = lo;
                    }
                    break;
                }
                if k == 0 {
                    k = usize::MAX;
                    break;
                }
            }
            if k == usize::MAX {
                break;
            }
        }
        assert_eq!(count, survey["starts"].as_u64().unwrap(), "{graph}");
        assert_eq!(
            max_layers as u64,
            survey["max_layers"].as_u64().unwrap(),
            "{graph}"
        );
        assert_eq!(
            first_max,
            ints(&survey["first_start_with_max_layers"]),
            "{graph}"
        );
        assert_eq!(
            adjacent,
            survey["starts_with_adjacent_firing"].as_u64().unwrap(),
            "{graph}"
        );
    }
}

#[test]
fn e9_loop_is_detected_with_its_layers() {
    let data = common::read_json("ade/divergence_vectors.json");
    for case in data["loops"].as_array().unwrap() {
        let start = ints(&case["start"]);
        let mut p = play(case["graph"].as_str().unwrap(), &start);
        let (reason, fired) = p.exhaust(10_000);
        let first = case["equals_state_after_layer"].as_u64().unwrap() as usize;
        let again = case["state_after_layer"].as_u64().unwrap() as usize;
        assert_eq!(reason, StopReason::Loop { first, again });
        assert_eq!(fired, again);
        assert_eq!(small(p.current()), ints(&case["repeated_state"]));
        assert_eq!(again - first, case["period"].as_u64().unwrap() as usize);
        assert!(reason.describe().contains("period 4"));
    }
}

#[test]
fn growth_vectors_are_exact() {
    let data = common::read_json("ade/divergence_vectors.json");
    for case in data["growth"].as_array().unwrap() {
        let mut p = play(case["graph"].as_str().unwrap(), &ints(&case["start"]));
        let layers = case["layers"].as_u64().unwrap() as usize;
        let (reason, fired) = p.exhaust(layers);
        assert_eq!((reason, fired), (StopReason::Cap { layers }, layers));
        assert_eq!(
            p.current().to_big_vec(),
            big_ints(&case["state"]),
            "{} after {layers}",
            case["graph"]
        );
        let max_abs = p
            .current()
            .to_big_vec()
            .iter()
            .map(|v| {
                if v.sign() == num_bigint::Sign::Minus {
                    -v
                } else {
                    v.clone()
                }
            })
            .max()
            .unwrap();
        assert_eq!(
            max_abs,
            BigInt::from(case["max_abs_value"].as_u64().unwrap())
        );
    }
}

/// The first fire that leaves 64 bits is where the values switch to big integers, and nothing
/// panics or wraps on the way (E10 from V3 = 1 overflows at fire 522).
#[test]
fn first_int64_overflow_switches_to_big_integers() {
    let data = common::read_json("ade/divergence_vectors.json");
    for case in data["first_int64_overflow"].as_array().unwrap() {
        let graph = Diagram::parse(case["graph"].as_str().unwrap()).unwrap();
        let node = graph
            .index_of(case["single_1_start_overflowing_first"].as_str().unwrap())
            .unwrap();
        let overflow_at = case["overflowing_layer"].as_u64().unwrap() as usize;
        let mut start = vec![0; graph.node_count()];
        start[node] = 1;
        let mut p = Game::new(graph.clone(), Values::from_i64(start)).unwrap();
        p.exhaust(overflow_at - 1);
        assert!(
            !p.current().is_big(),
            "{graph}: still 64-bit after layer {}",
            overflow_at - 1
        );
        p.fire();
        assert!(
            p.current().is_big(),
            "{graph}: big after layer {overflow_at}"
        );
        // Keep going well past the overflow: exact and still growing.
        p.exhaust(300);
        assert!(p.current().is_big());
        // The earliest overflow over all single-1 starts is the listed one.
        for other in 0..graph.node_count() {
            let mut start = vec![0; graph.node_count()];
            start[other] = 1;
            let mut q = Game::new(graph.clone(), Values::from_i64(start)).unwrap();
            q.exhaust(overflow_at - 1);
            assert!(!q.current().is_big(), "{graph} from {}", graph.label(other));
        }
    }
}

#[test]
fn e9_delta_is_invariant_and_positive_delta_never_terminates() {
    let e9 = Diagram::parse("E9").unwrap();
    let mut p = play("E9", &[1, 0, 0, 0, 0, 0, 0, 0, 0]);
    let d0 = e9_delta_dot(p.current());
    assert_eq!(d0, BigInt::from(3));
    assert!(matches!(
        verdict(&e9, p.current()),
        Verdict::NeverTerminates(_)
    ));
    for _ in 0..500 {
        p.fire();
        assert_eq!(e9_delta_dot(p.current()), d0);
    }
    assert!(matches!(
        verdict(&Diagram::parse("E8").unwrap(), &Values::zeros(8)),
        Verdict::WillTerminate
    ));
    let e10 = Diagram::parse("E10").unwrap();
    let mut single = vec![0; 10];
    single[3] = 1;
    assert!(matches!(
        verdict(&e10, &Values::from_i64(single)),
        Verdict::NeverTerminates(_)
    ));
    assert!(matches!(
        verdict(&e10, &Values::from_i64(vec![1, 0, 0, 1, 0, 0, 0, 0, 0, 0])),
        Verdict::Unknown(_)
    ));
}

#[test]
fn undo_walks_back_to_the_start_exactly() {
    let mut p = play("E8", &[3, -1, 4, -1, 5, -9, 2, 6]);
    let start = p.current().clone();
    let (reason, fired) = p.exhaust(10_000);
    assert_eq!(reason, StopReason::Terminated);
    let states: Vec<Values> = p.states().to_vec();
    for t in (0..fired).rev() {
        assert!(p.undo());
        assert_eq!(p.current(), &states[t]);
    }
    assert!(!p.undo());
    assert_eq!(p.current(), &start);
    // Replaying gives the same play, and loop bookkeeping survives undo.
    let (again, refired) = p.exhaust(10_000);
    assert_eq!((again, refired), (reason, fired));
    assert_eq!(p.states(), &states[..]);
}

#[test]
fn loop_detection_survives_undo() {
    let mut p = play("E9", &[1, 0, 0, 0, 0, 0, 0, 0, -3]);
    assert_eq!(
        p.exhaust(100).0,
        StopReason::Loop {
            first: 13,
            again: 17
        }
    );
    for _ in 0..5 {
        p.undo();
    }
    assert_eq!(p.layer_count(), 12);
    assert_eq!(
        p.exhaust(100).0,
        StopReason::Loop {
            first: 13,
            again: 17
        }
    );
}

#[test]
fn exhaust_in_slices_equals_exhaust_at_once_and_the_cap_continues() {
    let mut whole = play("E9", &[0, 0, 0, 1, 0, 0, 0, 0, 0]);
    assert_eq!(
        whole.exhaust(1000),
        (StopReason::Cap { layers: 1000 }, 1000)
    );
    let mut sliced = play("E9", &[0, 0, 0, 1, 0, 0, 0, 0, 0]);
    let mut run = gamelab::engine::ade::ExhaustRun::new(1000);
    let mut slices = 0;
    let reason = loop {
        slices += 1;
        if let Some(reason) = sliced.exhaust_step(&mut run, 7) {
            break reason;
        }
    };
    assert_eq!(reason, StopReason::Cap { layers: 1000 });
    assert!(slices > 100);
    assert_eq!(sliced.states(), whole.states());
    // Pressing Exhaust fire again continues from there.
    assert_eq!(sliced.exhaust(500), (StopReason::Cap { layers: 500 }, 500));
    assert_eq!(sliced.layer_count(), 1500);
}

#[test]
fn node_values_parse_as_64_bit_integers_with_clear_messages() {
    assert_eq!(parse_node_value(" -42 "), Ok(-42));
    assert_eq!(parse_node_value("+7"), Ok(7));
    assert_eq!(parse_node_value("9223372036854775807"), Ok(i64::MAX));
    assert_eq!(parse_node_value("-9223372036854775808"), Ok(i64::MIN));
    assert!(parse_node_value("9223372036854775808")
        .unwrap_err()
        .to_string()
        .contains("out of range"));
    for bad in ["1.5", "abc", "1e3", "--1", "-", "0x10", "½"] {
        assert!(
            parse_node_value(bad)
                .unwrap_err()
                .to_string()
                .contains("not a whole number"),
            "{bad}"
        );
    }
    assert!(parse_node_value("  ")
        .unwrap_err()
        .to_string()
        .contains("no value"));
    assert_eq!(
        parse_integer("123456789012345678901234567890")
            .unwrap()
            .to_string(),
        "123456789012345678901234567890"
    );
}

#[test]
fn play_rejects_a_wrong_number_of_values() {
    let err = Game::new(Diagram::parse("E8").unwrap(), Values::zeros(7)).unwrap_err();
    assert!(err.contains("8 nodes") && err.contains("7 values"), "{err}");
}

// --- invariants on random starts --------------------------------------------------------------

/// 2r (twice the coefficients of ρ) for the height invariant H(v) = Σ r_i v_i.
fn two_rho(graph: &Diagram) -> Option<Vec<i64>> {
    let n = graph.node_count() as i64;
    match graph.name().as_str() {
        "D4" => Some(vec![6, 6, 10, 6]),
        "D5" => Some(vec![10, 10, 18, 14, 8]),
        "E6" => Some(vec![22, 16, 30, 42, 30, 16]),
        "E7" => Some(vec![49, 34, 66, 96, 75, 52, 27]),
        "E8" => Some(vec![136, 92, 182, 270, 220, 168, 114, 58]),
        name if name.starts_with('A') => Some((1..=n).map(|k| k * (n + 1 - k)).collect()),
        _ => None,
    }
}

fn finite_graph() -> impl Strategy<Value = Diagram> {
    prop_oneof![
        (1usize..=MAX_N).prop_map(|n| Diagram::parse(&format!("A{n}")).unwrap()),
        (4usize..=MAX_N).prop_map(|n| Diagram::parse(&format!("D{n}")).unwrap()),
        (6usize..=8).prop_map(|n| Diagram::parse(&format!("E{n}")).unwrap()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Finite types terminate from every start, and the height drops by each layer sum.
    #[test]
    fn random_finite_starts_terminate((graph, start) in finite_graph().prop_flat_map(|g| {
        let n = g.node_count();
        (Just(g), proptest::collection::vec(-6i64..=6, n))
    })) {
        let mut p = Game::new(graph.clone(), Values::from_i64(start.clone())).unwrap();
        let (reason, _) = p.exhaust(1_000_000);
        prop_assert_eq!(reason, StopReason::Terminated);
        prop_assert!(!p.current().any_positive());
        if let Some(r2) = two_rho(&graph) {
            let h = |v: &Values| -> BigInt { (0..v.len()).map(|i| v.get(i) * BigInt::from(r2[i])).sum() };
            for t in 1..=p.layer_count() {
                let drop = h(&p.states()[t - 1]) - h(&p.states()[t]);
                prop_assert_eq!(drop, p.layer_sum(t) * BigInt::from(2));
            }
        }
    }

    /// Huge starts stay exact: firing in big integers agrees with firing in i128 where it fits.
    #[test]
    fn big_values_agree_with_wide_arithmetic(start in proptest::collection::vec(any::<i64>(), 8)) {
        let graph = Diagram::parse("E8").unwrap();
        let mut p = Game::new(graph.clone(), Values::from_i64(start.clone())).unwrap();
        p.fire();
        let expected: Vec<BigInt> = (0..8).map(|i| {
            let own = start[i] as i128;
            let mut x = if own > 0 { -own } else { own };
            for j in graph.neighbours(i) {
                if start[j] > 0 { x += start[j] as i128; }
            }
            BigInt::from(x)
        }).collect();
        prop_assert_eq!(p.current().to_big_vec(), expected);
    }

    #[test]
    fn graph_names_never_panic(text in "\\PC{0,12}") {
        let _ = Diagram::parse(&text);
    }

    #[test]
    fn graph_names_round_trip(letter in prop::sample::select(vec!['A', 'D', 'E']), n in 0usize..40) {
        let name = format!("{letter}{n}");
        if let Ok(g) = Diagram::parse(&name) {
            prop_assert_eq!(g.name(), name);
        }
    }

    #[test]
    fn node_values_never_panic(text in "\\PC{0,30}") {
        let _ = parse_node_value(&text);
        let _ = parse_integer(&text);
    }

    #[test]
    fn node_values_round_trip(value in any::<i64>()) {
        prop_assert_eq!(parse_node_value(&value.to_string()), Ok(value));
    }
}

/// Exponential growth cannot exhaust memory: the history's size limit stops the run.
#[test]
fn endless_growth_stops_at_the_history_size_limit() {
    let mut start = vec![0; 12];
    start[3] = 1;
    let mut p = play("E12", &start);
    let (reason, fired) = p.exhaust(10_000_000);
    assert_eq!(reason, StopReason::SizeLimit { layers: fired });
    assert!(p.history_bytes() >= gamelab::engine::ade::HISTORY_BYTES_LIMIT);
    assert!(fired > 10_000 && fired < 10_000_000, "{fired}");
    assert!(reason.describe().contains("memory limit"));
}

/// A play is a history like every game's (`engine::turn::History`): Redo fires the layers
/// undone again, a new fire forgets them, and its text is the shared position that reads back.
#[test]
fn a_play_undoes_and_redoes_through_the_history_trait() {
    use gamelab::engine::ade::SharedPosition;
    use gamelab::engine::turn::{History, Saved};
    let mut game = play("E8", &[1, 0, 0, 0, 0, 0, 0, 0]);
    for _ in 0..5 {
        game.fire();
    }
    let after_five = game.current().clone();
    let text = game.text();
    assert_eq!(text, "E8/1,0,0,0,0,0,0,0/5");
    assert_eq!(SharedPosition::parse(&text).unwrap().move_count(), 5);
    let generation = game.generation();
    assert!(History::undo(&mut game) && History::undo(&mut game));
    assert_ne!(game.generation(), generation);
    assert_eq!(game.layer_count(), 3);
    assert!(game.can_redo());
    assert!(History::redo(&mut game) && History::redo(&mut game));
    assert!(!History::redo(&mut game), "nothing more to redo");
    assert_eq!(game.current(), &after_five);
    // Undo to the start, then a fresh fire forgets what was undone.
    assert!(game.undo_to(|_| true));
    assert_eq!(game.layer_count(), 4);
    game.reset();
    assert_eq!(game.layer_count(), 0);
    game.fire();
    assert!(!game.can_redo());
    // At the end of a play nobody is to move.
    let mut short = play("A1", &[1]);
    assert_eq!(short.player_to_move(), Some(0));
    short.fire();
    assert_eq!(short.player_to_move(), None);
    assert!(short.undo() && short.redo());
}
