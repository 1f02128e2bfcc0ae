//! Random and adversarial input against every command and every engine parser: no panic, exit
//! status 0, 2 or 3, bounded output, and an end within bounded time under a small node budget.
//! Commands run in-process (`gamelab::cli::run`, what the binary calls) so thousands of cases
//! fit in a fixed budget; the binary's own I/O is covered by tests/cli_limits.rs.
#![cfg(not(target_arch = "wasm32"))]

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

use gamelab::cli::{self, Output};
use proptest::prelude::*;
use proptest::test_runner::Config;
use serde_json::{json, Value};

/// Every search gets this budget, so each case ends quickly whatever it asks for.
const BUDGET: [&str; 4] = ["--max-nodes", "2000", "--time-limit-ms", "1000"];
/// No command's answer to these inputs may be larger than this.
const OUTPUT_LIMIT: usize = 80 << 20;
/// A hang detector, not a speed test: far above what any case takes.
const TIME_LIMIT: Duration = Duration::from_secs(30);

/// Runs `gamelab ARGS... --max-nodes ... < input` in-process; the exit status it would give.
fn exit_status(args: &[&str], input: &str) -> u8 {
    let mut argv: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    argv.extend(BUDGET.iter().map(|s| s.to_string()));
    let started = Instant::now();
    let result = catch_unwind(AssertUnwindSafe(|| {
        cli::run(&argv, &mut || Ok(input.to_string()))
    }));
    let shown = &input[..input
        .char_indices()
        .nth(300)
        .map_or(input.len(), |(i, _)| i)];
    let result = result.unwrap_or_else(|_| panic!("{args:?} panicked on {shown:?}"));
    assert!(
        started.elapsed() < TIME_LIMIT,
        "{args:?} took {:?} on {shown:?}",
        started.elapsed()
    );
    match result {
        Ok(Output::Text(text)) | Ok(Output::Logged { text, .. }) => {
            assert!(text.len() <= OUTPUT_LIMIT, "{args:?}: {} bytes", text.len());
            0
        }
        Ok(Output::Bytes(bytes)) => {
            assert!(
                bytes.len() <= OUTPUT_LIMIT,
                "{args:?}: {} bytes",
                bytes.len()
            );
            0
        }
        Err(failure) => {
            assert!(
                !failure.message().trim().is_empty(),
                "{args:?}: an empty message on {shown:?}"
            );
            failure.exit_status()
        }
    }
}

fn assert_clean(args: &[&str], input: &str) {
    let status = exit_status(args, input);
    assert!(
        [0, 2, 3].contains(&status),
        "{args:?}: exit status {status}"
    );
}

const JSON_COMMANDS: [&[&str]; 16] = [
    &["ade", "exhaust"],
    &["ade", "fire"],
    &["ade", "tga"],
    &["ade", "png"],
    &["dots-and-boxes", "solve"],
    &["dots-and-boxes", "arena"],
    &["chain-reaction", "play"],
    &["chain-reaction", "arena"],
    &["bazaar", "xeq"],
    &["bazaar", "xturn"],
    &["bazaar", "xstrategy"],
    &["bazaar", "xrules"],
    &["bazaar", "xgames"],
    &["bazaar", "xgames-blogic"],
    &["bazaar", "xgames-resources"],
    &["sprouts", "canon"],
];

const POSITION_COMMANDS: [&[&str]; 6] = [
    &["sprouts", "outcome"],
    &["sprouts", "nimber"],
    &["sprouts", "children"],
    &["sprouts", "canon"],
    &["sprouts", "check"],
    &["sprouts", "dot"],
];

/// Words the parsers look for, so random JSON reaches past the first check.
const KEYS: [&str; 22] = [
    "graph",
    "values",
    "max_layers",
    "layers",
    "max_rings",
    "rows",
    "cols",
    "moves",
    "players",
    "levels",
    "games",
    "seed",
    "bank",
    "cards",
    "active",
    "scores",
    "wallet",
    "score",
    "pebbles",
    "face?",
    "visibles",
    "start",
];
const WORDS: [&str; 16] = [
    "E8",
    "E30",
    "D4",
    "A1",
    "red",
    "blue",
    "purchase-points",
    "purchase-size",
    "strong",
    "easy",
    "minimax-6",
    "mcts-3",
    "greedy",
    "random",
    "setup",
    "a cheat",
];

fn number() -> impl Strategy<Value = Value> {
    prop_oneof![
        (-3i64..40).prop_map(Value::from),
        Just(json!(-1)),
        Just(json!(1.5)),
        Just(json!(1e300)),
        Just(json!(u64::MAX)),
        Just(serde_json::from_str::<Value>("18446744073709551616").unwrap()),
        Just(json!(10_000_000)),
    ]
}

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        number(),
        prop::sample::select(WORDS.to_vec()).prop_map(Value::from),
        "\\PC{0,12}".prop_map(Value::from),
    ];
    leaf.prop_recursive(4, 48, 8, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..8).prop_map(Value::from),
            prop::collection::vec((prop::sample::select(KEYS.to_vec()), inner), 0..8).prop_map(
                |pairs| Value::Object(pairs.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
            ),
        ]
    })
}

/// Valid requests for each command, to be broken one field at a time.
fn valid_request(args: &[&str]) -> Vec<Value> {
    let card = json!({"pebbles": ["red", "red", "blue", "blue", "green"], "face?": true});
    let player = json!({"wallet": ["red", "red", "blue", "blue", "green", "white"], "score": 3});
    let equations = json!([[["red"], ["blue", "white"]], [["green"], ["yellow"]]]);
    let turn = json!({"bank": ["red", "white", "yellow"], "cards": [card, card], "active": player, "scores": [1, 2]});
    let game = json!({"bank": ["red", "white", "yellow"], "visibles": [card, card], "cards": [card], "players": [player, player]});
    let actors = json!([["alice", "purchase-points"], ["bob", "purchase-size"]]);
    match args[1] {
        "exhaust" | "fire" | "tga" | "png" => vec![
            json!({"graph": "E8", "values": [1, 0, 0, 0, 0, 0, 0, 0], "max_layers": 100, "max_rings": 2}),
        ],
        "solve" => vec![json!({"rows": 2, "cols": 2, "moves": [0, 5]})],
        "arena" if args[0] == "dots-and-boxes" => {
            vec![json!({"rows": 3, "cols": 3, "levels": ["easy", "strong"], "games": 2, "seed": 7})]
        }
        "arena" => vec![
            json!({"rows": 3, "cols": 3, "levels": ["mcts-50", "greedy"], "games": 2, "seed": 7}),
        ],
        "play" => {
            vec![json!({"rows": 3, "cols": 3, "players": 2, "moves": [[0, 0], [2, 2], [0, 0]]})]
        }
        "xeq" => vec![equations, player["wallet"].clone(), turn["bank"].clone()],
        "xturn" => vec![game],
        "xstrategy" => vec![equations, turn, json!("purchase-points")],
        "xrules" => vec![
            equations.clone(),
            json!([[["red"], ["blue", "white"]]]),
            turn,
        ],
        _ => vec![actors, equations, game],
    }
}

/// Replaces the value at a random path inside `value` by `replacement`.
fn mutate(value: &mut Value, choice: usize, replacement: Value) {
    let len = match value {
        Value::Array(items) => items.len(),
        Value::Object(map) => map.len(),
        _ => 0,
    };
    if len == 0 || choice.is_multiple_of(3) {
        *value = replacement;
        return;
    }
    let inner = match value {
        Value::Array(items) => items.get_mut(choice % len),
        Value::Object(map) => map.values_mut().nth(choice % len),
        _ => None,
    };
    if let Some(inner) = inner {
        mutate(inner, choice / 3, replacement);
    }
}

fn config(cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    }
}

proptest! {
    #![proptest_config(config(600))]

    #[test]
    fn any_text_to_any_json_command(text in "\\PC{0,300}", command in 0usize..JSON_COMMANDS.len()) {
        assert_clean(JSON_COMMANDS[command], &text);
    }

    #[test]
    fn random_json_to_any_json_command(value in json_value(), command in 0usize..JSON_COMMANDS.len()) {
        assert_clean(JSON_COMMANDS[command], &value.to_string());
    }
}

proptest! {
    #![proptest_config(config(1500))]

    #[test]
    fn valid_requests_with_one_field_broken(command in 0usize..JSON_COMMANDS.len() - 1, choice in any::<usize>(), replacement in json_value()) {
        let args = JSON_COMMANDS[command];
        let mut values = valid_request(args);
        let count = values.len();
        mutate(&mut values[choice % count], choice / count, replacement);
        let input: Vec<String> = values.iter().map(Value::to_string).collect();
        assert_clean(args, &input.join("\n"));
    }

    #[test]
    fn position_like_text_to_every_sprouts_command(text in "[0-3abcABC.|+}\\]!*()mZ]{1,40}", command in 0usize..POSITION_COMMANDS.len()) {
        let args: Vec<&str> = POSITION_COMMANDS[command].iter().copied().chain([text.as_str()]).collect();
        assert_clean(&args, "");
    }
}

#[test]
fn every_valid_request_runs_cleanly_under_the_budget() {
    for args in JSON_COMMANDS.iter().take(JSON_COMMANDS.len() - 1) {
        let input: Vec<String> = valid_request(args).iter().map(Value::to_string).collect();
        assert_eq!(exit_status(args, &input.join("\n")), 0, "{args:?}");
    }
}

#[test]
fn adversarial_sizes_are_refused_or_bounded() {
    let cases: Vec<(&[&str], String)> = vec![
        (&["ade", "png"], r#"{"graph":"E30","values":[1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1],"max_layers":10000000}"#.into()),
        (&["ade", "fire"], r#"{"graph":"E9","values":["99999999999999999999999999999999",0,0,0,0,0,0,0,0],"layers":10000000}"#.into()),
        (&["ade", "exhaust"], format!(r#"{{"graph":"A30","values":[{}]}}"#, vec!["-9223372036854775808"; 30].join(","))),
        (&["dots-and-boxes", "solve"], r#"{"rows": 10, "cols": 10, "moves": []}"#.into()),
        (&["dots-and-boxes", "solve"], r#"{"rows": 4, "cols": 4, "moves": []}"#.into()),
        (&["dots-and-boxes", "arena"], r#"{"rows": 10, "cols": 10, "levels": ["strong", "strong"], "games": 100000}"#.into()),
        (&["chain-reaction", "arena"], r#"{"rows": 20, "cols": 20, "levels": ["mcts-50000", "minimax-6"], "games": 100000}"#.into()),
        (&["chain-reaction", "play"], format!(r#"{{"rows": 20, "cols": 20, "players": 8, "moves": [{}]}}"#, vec!["[0,0]"; 100_000].join(","))),
        (&["bazaar", "xrules"], format!(r#"[[["red"],["blue"]]] [{}] {{"bank":[],"cards":[],"active":{{"wallet":["red"],"score":0}},"scores":[]}}"#, vec![r#"[["red"],["blue"]]"#; 100_000].join(","))),
    ];
    for (args, input) in cases {
        assert_clean(args, &input);
    }
    for position in [
        "0*99",
        "0*33",
        "0*20.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1",
        "0*1000",
        "1a1a|".repeat(500).trim_end_matches('|'),
    ] {
        for args in POSITION_COMMANDS {
            let args: Vec<&str> = args.iter().copied().chain([position]).collect();
            assert_clean(&args, "");
        }
    }
}

/// Every engine parser on random text: an answer or a message, never a panic.
mod parsers {
    use super::*;
    use gamelab::engine::ade::{parse_integer, Diagram, SharedPosition};
    use gamelab::engine::dots_boxes::board::parse_dbn;
    use gamelab::engine::dots_boxes::notation::import;
    use gamelab::engine::dots_boxes::Board;
    use gamelab::engine::sprouts::database::parse_spr;
    use gamelab::engine::sprouts::notation::parse_written;
    use gamelab::engine::sprouts::Database;

    proptest! {
        #![proptest_config(config(1000))]

        #[test]
        fn engine_parsers_answer_or_explain(text in "\\PC{0,200}") {
            let _ = SharedPosition::parse(&text);
            let _ = Diagram::parse(&text);
            let _ = parse_integer(&text);
            let _ = import(&text);
            if let Ok(board) = Board::new(3, 3) {
                let _ = parse_dbn(&board, &text);
            }
            let _ = parse_written(&text).map(|w| w.canonical());
            let _ = parse_spr(&text);
            let _ = Database::from_spr(&format!("[Positions+Nimber]\n{text}"));
            let _ = gamelab::draw::tga::decode(text.as_bytes());
            let _ = gamelab::engine::dots_boxes::notation::parse_link(&text);
            let _ = gamelab::engine::turn::Record::<gamelab::engine::chain_reaction::Game>::parse(&text);
        }

        #[test]
        fn share_fragments_and_spr_lines_of_their_own_alphabet(text in "[0-9A-Ea-e/,.#=|+*!-]{0,60}") {
            let _ = SharedPosition::parse(&text);
            let _ = SharedPosition::parse(&format!("E8/{text}"));
            let _ = Database::from_spr(&format!("[Positions+Nimber]\n{text} 0\n{text}"));
            let _ = gamelab::engine::dots_boxes::notation::parse_link(&format!("3x3/{text}"));
            let _ = gamelab::engine::turn::Record::<gamelab::engine::chain_reaction::Game>::parse(&format!("4x4x2/{text}"));
        }
    }
}
