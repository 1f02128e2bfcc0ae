//! `gamelab ade ...` through the real binary: the exhaust contract on the spec's vectors,
//! the trace and TGA outputs, and bad input (stderr message, exit status 2, never a panic).
// Native only: these read tests/data and run the CLI binary.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::gamelab;

use gamelab::cli::ade::parse_request;
use proptest::prelude::*;
use serde_json::{json, Value};

fn exhaust(request: &Value) -> Value {
    let out = gamelab(&["ade", "exhaust"], &request.to_string());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object on stdout")
}

#[test]
fn exhaust_contract_on_the_example_of_the_issue() {
    let out =
        exhaust(&json!({"graph": "E8", "values": [1, 0, 0, 0, 0, 0, 0, 0], "max_layers": 10000}));
    let keys: Vec<&String> = out.as_object().unwrap().keys().collect();
    assert_eq!(keys.len(), 4);
    assert_eq!(out["status"], "terminated");
    assert_eq!(out["layers"], 29);
    assert_eq!(out["sums"].as_array().unwrap().len(), 29);
    assert_eq!(
        out["sums"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_i64().unwrap())
            .sum::<i64>(),
        136
    );
    assert_eq!(out["final"], json!([-1, 0, 0, 0, 0, 0, 0, 0]));
}

#[test]
fn exhaust_reproduces_every_vector_with_states() {
    for file in [
        "ade/single_start_vectors.json",
        "ade/arbitrary_start_vectors.json",
    ] {
        let data = common::read_json(file);
        for case in data["cases"].as_array().unwrap() {
            let out = exhaust(&json!({"graph": case["graph"], "values": case["start"]}));
            assert_eq!(out["status"], "terminated");
            assert_eq!(out["layers"], case["num_layers"]);
            assert_eq!(out["final"], case["final"]);
            let sums: Vec<i64> = case["layers"]
                .as_array()
                .unwrap()
                .iter()
                .map(|layer| {
                    layer
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|pair| pair[1].as_i64().unwrap())
                        .sum()
                })
                .collect();
            assert_eq!(
                out["sums"],
                json!(sums),
                "{} {}",
                case["graph"],
                case["start"]
            );
        }
    }
}

#[test]
fn exhaust_reports_loop_and_cap() {
    let data = common::read_json("ade/divergence_vectors.json");
    let looping = &data["loops"][0];
    let out = exhaust(&json!({"graph": "E9", "values": looping["start"]}));
    assert_eq!(out["status"], "loop");
    assert_eq!(out["layers"], looping["state_after_layer"]);
    assert_eq!(out["final"], looping["repeated_state"]);
    let out =
        exhaust(&json!({"graph": "E9", "values": [1, 0, 0, 0, 0, 0, 0, 0, 0], "max_layers": 400}));
    assert_eq!(out["status"], "cap");
    assert_eq!(out["layers"], 400);
    assert_eq!(out["final"], data["growth"][1]["state"]);
}

#[test]
fn big_numbers_go_out_as_decimal_strings_and_come_in_as_strings() {
    let mut start = vec![json!(0); 10];
    start[3] = json!(1);
    let out = exhaust(&json!({"graph": "E10", "values": start, "max_layers": 600}));
    assert_eq!(out["status"], "cap");
    let finals = out["final"].as_array().unwrap();
    assert!(
        finals.iter().any(Value::is_string),
        "values past 64 bits are strings: {finals:?}"
    );
    assert!(finals.iter().all(|v| v.is_i64()
        || v.as_str()
            .is_some_and(|s| s.trim_start_matches('-').len() >= 19)));
    // Feed the big state back in as strings: one more layer from there is exact.
    let again = exhaust(&json!({"graph": "E10", "values": out["final"], "max_layers": 1}));
    assert_eq!(again["layers"], 1);
    assert!(again["sums"][0].is_string());
    let huge = "123456789012345678901234567890";
    let out = exhaust(&json!({"graph": "A1", "values": [huge]}));
    assert_eq!(out["sums"], json!([huge]));
    assert_eq!(out["final"], json!([format!("-{huge}")]));
}

#[test]
fn fire_prints_the_tracing_area() {
    let out = gamelab(
        &["ade", "fire"],
        r#"{"graph": "A3", "values": [0, 1, 0], "layers": 2}"#,
    );
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "0: [0, 1, 0]");
    assert_eq!(lines[1], "1: [1, -1, 1]   fired V2(1)");
    assert_eq!(lines[2], "2: [-1, 1, -1]   fired V1(1) V3(1)");
    assert_eq!(lines.len(), 4);
}

#[test]
fn tga_and_png_commands_write_the_firing_graph() {
    let request = r#"{"graph": "D4", "values": [0, 0, 1, 0], "max_rings": 1}"#;
    let out = gamelab(&["ade", "tga"], request);
    assert!(out.status.success());
    let image = gamelab::draw::tga::decode(&out.stdout).unwrap();
    assert_eq!(
        out.stdout.len(),
        18 + 3 * (image.width() * image.height()) as usize
    );
    assert_eq!(out.stdout[17], 0x20);
    let png = gamelab(&["ade", "png"], request);
    assert!(png.status.success());
    assert_eq!(&png.stdout[1..4], b"PNG");
}

#[test]
fn bad_input_gets_a_message_and_exit_status_2() {
    let cases = [
        ("not json", "not valid JSON"),
        ("[1, 2]", "one JSON object"),
        (r#"{"values": [1]}"#, "\"graph\""),
        (
            r#"{"graph": "D3", "values": [1, 0, 0]}"#,
            "D graphs have 4 to 30 nodes",
        ),
        (r#"{"graph": "Q4", "values": [1, 0, 0, 0]}"#, "not a graph"),
        (
            r#"{"graph": "A3", "values": [1, 0]}"#,
            "3 nodes but 2 values",
        ),
        (r#"{"graph": "A3", "values": [1, 0.5, 0]}"#, "values[1]"),
        (
            r#"{"graph": "A3", "values": [1, "x1", 0]}"#,
            "not a whole number",
        ),
        (r#"{"graph": "A3", "values": [1, null, 0]}"#, "values[1]"),
        (
            r#"{"graph": "A3", "values": [1, 0, 0], "max_layers": -1}"#,
            "max_layers",
        ),
        (
            r#"{"graph": "A3", "values": [1, 0, 0], "colour": 1}"#,
            "unknown field 'colour'",
        ),
    ];
    for (input, needle) in cases {
        let out = gamelab(&["ade", "exhaust"], input);
        assert_eq!(out.status.code(), Some(2), "{input}");
        assert!(out.stdout.is_empty(), "{input}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{input}: {err}");
        assert!(!err.contains("panicked"), "{input}: {err}");
    }
    let out = gamelab(&["ade", "explode"], "{}");
    assert_eq!(out.status.code(), Some(2));
    let out = gamelab(&["chess"], "");
    assert_eq!(out.status.code(), Some(2));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn request_parser_never_panics_on_text(text in "\\PC{0,80}") {
        let _ = parse_request(&text);
    }

    #[test]
    fn request_parser_never_panics_on_json_shapes(
        graph in prop_oneof![Just(json!("E8")), Just(json!("A3")), Just(json!(8)), Just(json!(null)), "\\PC{0,4}".prop_map(Value::from)],
        values in proptest::collection::vec(prop_oneof![any::<i64>().prop_map(Value::from), any::<f64>().prop_map(Value::from), "\\PC{0,6}".prop_map(Value::from), Just(Value::Null)], 0..10),
        max_layers in prop_oneof![Just(Value::Null), any::<i64>().prop_map(Value::from), Just(json!("10"))],
    ) {
        let request = json!({"graph": graph, "values": values, "max_layers": max_layers});
        if let Ok(mut parsed) = parse_request(&request.to_string()) {
            parsed.play.exhaust(50);
        }
    }
}
