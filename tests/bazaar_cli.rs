//! The Bazaar harnesses through the binary: bad JSON and invalid data are refused with a message
//! naming what was wrong (exit status 2), never a panic; and the parsers never panic on any input.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::time::Duration;

use common::gamelab;
use gamelab::cli::bazaar::{harness, HARNESSES};
use proptest::prelude::*;

fn refused(args: &[&str], input: &str, says: &str) {
    let out = gamelab(args, input);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?} {input}: {stderr}");
    assert!(stderr.contains(says), "{args:?} {input}: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

const WALLET_BANK: &str = r#"["red"] ["blue","blue"]"#;

#[test]
fn bad_json_and_bad_pieces_are_named() {
    refused(
        &["bazaar", "xeq"],
        r#"[[["red"],["blue"]]"#,
        "not well-formed JSON",
    );
    refused(
        &["bazaar", "xeq"],
        &format!(r#"[[["red"],["purple"]]] {WALLET_BANK}"#),
        "equation 1, right side, pebble 1: \"purple\" is not a pebble",
    );
    refused(
        &["bazaar", "xeq"],
        r#"[[["red"],["blue"]]] ["red"]"#,
        "xeq reads 3 JSON values, the input has 2",
    );
    refused(
        &["bazaar", "xturn"],
        r#"{"bank":[],"cards":[],"visibles":[]}"#,
        "the game has no \"players\"",
    );
    refused(
        &["bazaar", "xturn"],
        r#"{"bank":[],"cards":[],"visibles":[],"players":[{"wallet":[],"score":-3}]}"#,
        "\"score\" must be a natural number",
    );
    refused(
        &["bazaar", "xstrategy"],
        r#"[] {"bank":[],"cards":[],"active":{"wallet":[],"score":0},"scores":[]} "purchase-fun""#,
        "is not a policy",
    );
    refused(
        &["bazaar", "xgames"],
        "",
        "xgames reads 3 JSON values, the input has 0",
    );
    refused(&["bazaar", "xyz"], "", "expected one harness of xeq");
    refused(&["bazaar", "xserver"], "", "xserver takes a port");
}

#[test]
fn invalid_equations_are_refused() {
    refused(
        &["bazaar", "xeq"],
        &format!(r#"[[["red","blue"],["blue"]]] {WALLET_BANK}"#),
        "the two sides of rb = b share a colour",
    );
    refused(
        &["bazaar", "xeq"],
        &format!(r#"[[["red"],["blue"]],[["blue"],["red"]]] {WALLET_BANK}"#),
        "equations 1 and 2 are the same equation",
    );
    refused(
        &["bazaar", "xeq"],
        &format!(r#"[[[],["blue"]]] {WALLET_BANK}"#),
        "a side of 0 pebbles (1 to 4 allowed)",
    );
    refused(
        &["bazaar", "xeq"],
        &format!(r#"[[["red","red","red","red","red"],["blue"]]] {WALLET_BANK}"#),
        "a side of 5 pebbles",
    );
    let eleven: Vec<String> = (0..11)
        .map(|i| format!(r#"[[{}],["blue"]]"#, vec!["\"red\""; i % 4 + 1].join(",")))
        .collect();
    refused(
        &["bazaar", "xeq"],
        &format!("[{}] {WALLET_BANK}", eleven.join(",")),
        "11 equations (at most 10)",
    );
}

const GAME: &str = r#"[[["red"],["blue"]]] {"bank":["red"],"cards":[],"visibles":[],"players":[{"wallet":[],"score":0},{"wallet":[],"score":0}]}"#;

#[test]
fn bad_actors_are_refused() {
    refused(
        &["bazaar", "xgames"],
        &format!(r#"[["Ad am","purchase-points"],["Eve","purchase-size"]] {GAME}"#),
        "\"Ad am\" is not a name",
    );
    refused(
        &["bazaar", "xgames"],
        &format!(r#"[["Abcdefghijklmnopqrstu","purchase-points"],["Eve","purchase-size"]] {GAME}"#),
        "is not a name",
    );
    refused(
        &["bazaar", "xgames"],
        &format!(r#"[["Eve","purchase-points"],["Eve","purchase-size"]] {GAME}"#),
        "two actors are named Eve",
    );
    refused(
        &["bazaar", "xgames"],
        &format!(r#"[["Adam","purchase-points"]] {GAME}"#),
        "1 actors for 2 players",
    );
    refused(
        &["bazaar", "xgames"],
        &format!(r#"[["Adam","purchase-points","fly"],["Eve","purchase-size"]] {GAME}"#),
        "\"fly\" is not a method name",
    );
    // Cheats belong to milestone 8, loops to 9.
    refused(
        &["bazaar", "xgames"],
        &format!(
            r#"[["Adam","purchase-points","a cheat","bank-cannot-trade"],["Eve","purchase-size"]] {GAME}"#
        ),
        "is not an actor of this harness",
    );
    refused(
        &["bazaar", "xgames-blogic"],
        &format!(
            r#"[["Adam","purchase-points","a cheat","steal"],["Eve","purchase-size"]] {GAME}"#
        ),
        "\"steal\" is not a cheat",
    );
    refused(
        &["bazaar", "xgames-resources"],
        &format!(r#"[["Adam","purchase-points","setup",8],["Eve","purchase-size"]] {GAME}"#),
        "the count must be 1 to 7",
    );
}

#[test]
fn the_server_refuses_impossible_games() {
    let dir = std::env::temp_dir().join(format!("gamelab-bazaar-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let clients = dir.join("clients.json");
    std::fs::write(
        &clients,
        r#"[["Adam","purchase-points"],["Eve","purchase-size"]]"#,
    )
    .unwrap();
    let clients = clients.to_string_lossy().to_string();
    let many = vec!["\"red\""; 101].join(",");
    refused(
        &["bazaar", "xserver", &clients],
        &format!(
            r#"[[["red"],["blue"]]] {{"bank":[{many}],"cards":[],"visibles":[],"players":[{{"wallet":[],"score":0,"cards":[]}}]}}"#
        ),
        "101 pebbles in the bank and wallets (at most 100)",
    );
    let card = r#"{"pebbles":["red","red","red","red","red"],"face?":false}"#;
    refused(
        &["bazaar", "xserver", &clients],
        &format!(
            r#"[[["red"],["blue"]]] {{"bank":[],"cards":[{card}],"visibles":[{card}],"players":[]}}"#
        ),
        "1 visible cards while the pile is not empty",
    );
    refused(
        &["bazaar", "xserver", &clients],
        r#"[[["red"],["blue"]]] {"bank":[],"cards":[],"visibles":[],"players":[]} "GOLD""#,
        "\"GOLD\" is not a bonus",
    );
    // Fewer than two clients sign up (a bad name): no game, [[],[]].
    std::fs::write(
        dir.join("one.json"),
        r#"[["Adam","purchase-points"],["bad name","purchase-size"]]"#,
    )
    .unwrap();
    let out = gamelab(
        &["bazaar", "xserver", &dir.join("one.json").to_string_lossy()],
        r#"[[["red"],["blue"]]] {"bank":[],"cards":[],"visibles":[],"players":[]}"#,
    );
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "[[],[]]");
    let _ = std::fs::remove_dir_all(dir);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn no_harness_panics_on_any_text(text in ".{0,200}") {
        for name in HARNESSES {
            let _ = harness(name, &text, Some(&text), Duration::from_millis(50));
        }
    }

    #[test]
    fn no_harness_panics_on_any_json_shapes(
        colours in proptest::collection::vec(prop_oneof![Just("red"), Just("white"), Just("blue"), Just("green"), Just("yellow"), Just("x")], 0..12),
        sizes in proptest::collection::vec(0usize..6, 1..8),
        score in prop_oneof![Just("0".to_string()), Just("7".to_string()), Just("99999999999999999999999".to_string()), Just("-1".to_string()), Just("1.5".to_string())],
    ) {
        // Equations, wallets, banks and cards cut from one random list of colours.
        let mut at = 0;
        let mut side = |n: usize| {
            let part: Vec<String> = (0..n).map(|k| format!("\"{}\"", colours.get((at + k) % colours.len().max(1)).copied().unwrap_or("red"))).collect();
            at += n;
            format!("[{}]", part.join(","))
        };
        let eqs: Vec<String> = sizes.iter().map(|&n| format!("[{},{}]", side(n), side(5 - n.min(5)))).collect();
        let eqs = format!("[{}]", eqs.join(","));
        let card = format!(r#"{{"pebbles":{},"face?":true}}"#, side(5));
        let player = format!(r#"{{"wallet":{},"score":{score},"cards":[{card}]}}"#, side(sizes[0] * 2));
        let game = format!(r#"{{"bank":{},"cards":[{card}],"visibles":[{card},{card}],"players":[{player},{player}]}}"#, side(6));
        let turn = format!(r#"{{"bank":{},"cards":[{card}],"active":{player},"scores":[{score}]}}"#, side(4));
        let actors = r#"[["Adam","purchase-points"],["Eve","purchase-size","request-cards",1]]"#;
        let inputs = [
            ("xeq", format!("{eqs} {} {}", side(4), side(4))),
            ("xturn", game.clone()),
            ("xstrategy", format!("{eqs} {turn} \"purchase-size\"")),
            ("xrules", format!("{eqs} {eqs} {turn}")),
            ("xgames-resources", format!("{actors} {eqs} {game}")),
            ("xserver", format!("{eqs} {game} \"SEY\"")),
        ];
        for (name, input) in inputs {
            let _ = harness(name, &input, Some(actors), Duration::from_millis(100));
        }
    }
}
