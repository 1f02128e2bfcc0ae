//! Bazaar in headless Chromium, continued: the course's tests run in the page, the wire JSON of
//! every call, the observer stepping through a game, and the rules and player API the page
//! teaches. (Apart from browser_bazaar.rs so that neither file nears the runner's 20 s.)
#![cfg(target_arch = "wasm32")]

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{HtmlElement, HtmlInputElement};

wasm_bindgen_test_configure!(run_in_browser);

mod web;

use web::bazaar::*;

use web::{click, find, fire};

const STRATEGY_IN: &str = include_str!("data/bazaar/5-xstrategy/instructor/1-in.json");
const STRATEGY_OUT: &str = include_str!("data/bazaar/5-xstrategy/instructor/1-out.json");
const RESOURCES_IN: &str = include_str!("data/bazaar/9-xgames-resources/instructor/7-in.json");
const RESOURCES_OUT: &str = include_str!("data/bazaar/9-xgames-resources/instructor/7-out.json");

fn verdict(root: &HtmlElement) -> String {
    find(root, ".gl-bazaar-verdict")
        .get_attribute("data-verdict")
        .unwrap_or_default()
}

#[wasm_bindgen_test]
async fn course_tests_run_in_the_page() {
    let root = web::mount("bazaar", &[]);
    // A pure harness: answered at once.
    set(&root, "[data-field='test-harness']", "xstrategy");
    set(&root, "[data-field='test-input']", STRATEGY_IN);
    set(&root, "[data-field='test-expected']", STRATEGY_OUT);
    click(&root, "run-test");
    assert_eq!(
        verdict(&root),
        "pass",
        "{}",
        text(&root, ".gl-bazaar-verdict")
    );
    set(&root, "[data-field='test-expected']", "[] [] 0 []");
    click(&root, "run-test");
    assert_eq!(verdict(&root), "fail");
    // A milestone-9 game with looping actors, played by the page's seats (workers for the loops).
    set(&root, "[data-field='limit']", "250");
    set(&root, "[data-field='test-harness']", "xgames-resources");
    set(&root, "[data-field='test-input']", RESOURCES_IN);
    set(&root, "[data-field='test-expected']", RESOURCES_OUT);
    click(&root, "run-test");
    wait_for(&root, "the course game", |r| verdict(r) != "running").await;
    assert_eq!(
        verdict(&root),
        "pass",
        "{}",
        text(&root, ".gl-bazaar-verdict")
    );
    assert!(
        log(&root)
            .iter()
            .any(|l| l
                == "Theresa is eliminated in setup: it took longer than its time limit of 250 ms"),
        "{:?}",
        log(&root)
    );
    // Bad input is named.
    set(&root, "[data-field='test-harness']", "xeq");
    set(
        &root,
        "[data-field='test-input']",
        "[[[\"red\"],[\"gold\"]]] [] []",
    );
    click(&root, "run-test");
    assert_eq!(verdict(&root), "error");
    assert!(
        text(&root, ".gl-bazaar-verdict").contains("\"gold\" is not a pebble"),
        "{}",
        text(&root, ".gl-bazaar-verdict")
    );
}

#[wasm_bindgen_test]
async fn the_page_teaches_the_rules_and_the_player_api() {
    let root = web::mount("bazaar", &[]);
    let help = root.query_selector_all("details.gl-bazaar-help").unwrap();
    assert_eq!(help.length(), 2);
    let rules = help.item(0).unwrap().text_content().unwrap();
    for words in [
        "20 points",
        "costs a card",
        "Seychelles gives +50",
        "eliminated",
    ] {
        assert!(rules.contains(words), "the rules say {words:?}: {rules}");
    }
    // The scoring table comes from the engine: a face card paid with the last pebbles is worth 8.
    let cells = root.query_selector_all(".gl-bazaar-points td").unwrap();
    let values: Vec<String> = (0..cells.length())
        .map(|i| cells.item(i).unwrap().text_content().unwrap())
        .collect();
    assert_eq!(values, ["1", "2", "2", "3", "3", "5", "5", "8"]);
    let api = help.item(1).unwrap().text_content().unwrap();
    for words in [
        "requestPebbleOrTrades(turn)",
        "return false",
        "\"face?\"",
        "console.log",
    ] {
        assert!(api.contains(words), "the API says {words:?}: {api}");
    }
}

#[wasm_bindgen_test]
async fn the_wire_json_of_every_call_and_answer_can_be_shown() {
    let root = web::mount(
        "bazaar",
        &[
            ("data-seats", "purchase-points,javascript"),
            ("data-seed", "3"),
        ],
    );
    set(&root, ".gl-bazaar-code", "function requestPebbleOrTrades(t) { return false; }\nfunction requestCards(t) { return []; }");
    click(&root, "new-game");
    let wire: HtmlInputElement = find(&root, "[data-field='show-wire']").unchecked_into();
    wire.set_checked(true);
    fire(&wire, "change");
    set(&root, "[data-field='speed']", "0");
    click(&root, "play");
    wait_for(&root, "Eve's first turn", |r| {
        log(r).iter().any(|l| l.starts_with("Eve buys"))
    })
    .await;
    click(&root, "pause");
    let lines = log(&root);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("→ Adam: [\"setup\",[[[")),
        "{lines:?}"
    );
    assert!(lines.iter().any(|l| l == "← Adam: \"void\""), "{lines:?}");
    // Eve's answers are what her code sent: void for a setup it does not define, false, [].
    assert!(lines.iter().any(|l| l == "← Eve: \"void\""));
    assert!(lines.iter().any(|l| l == "← Eve: false"));
    assert!(lines.iter().any(|l| l == "← Eve: []"));
    let turn = lines
        .iter()
        .position(|l| l.starts_with("→ Eve: [\"request-pebble-or-trades\",[{"))
        .expect("the turn state on the wire");
    assert!(lines[turn].contains("\"active\":{"), "{}", lines[turn]);
}

#[wasm_bindgen_test]
async fn the_observer_steps_through_every_state_and_saves_it() {
    use gamelab::engine::bazaar::json;
    use gamelab::engine::bazaar::setup::random_game;
    use gamelab::ui::widgets::download::last_offered;
    let root = played_to_the_end(&[
        ("data-seats", "purchase-points,purchase-size"),
        ("data-seed", "6"),
    ])
    .await;
    let observing = |r: &HtmlElement| r.get_attribute("data-observing").unwrap_or_default();
    let label = text(&root, ".gl-bazaar-observed");
    let total: usize = label
        .strip_prefix("State ")
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{label}"));
    assert!(total > 4, "{label}");
    assert_eq!(observing(&root), "0", "the live game at first");
    // The first state is the game's start, saved as the course's Game JSON.
    click(&root, "observe-first");
    assert_eq!(observing(&root), "1");
    assert!(text(&root, ".gl-bazaar-observed")
        .starts_with(&format!("State 1 of {total}: the start of the game")));
    click(&root, "save-json");
    let (name, bytes) = last_offered().unwrap();
    assert_eq!(name, "bazaar-state-1.json");
    let value: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
    let saved = json::game(&value, "the saved state").unwrap();
    let (_, start) = random_game(2, &mut gamelab::engine::rng::Rng::new(6));
    assert_eq!(saved, start);
    // The keys step through the states on the focused table.
    let canvas = find(&root, "canvas");
    for key in ["ArrowRight", "ArrowRight", "ArrowLeft"] {
        let init = web_sys::KeyboardEventInit::new();
        init.set_key(key);
        init.set_bubbles(true);
        let event =
            web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
        canvas.dispatch_event(&event).unwrap();
    }
    assert_eq!(observing(&root), "2");
    let label = text(&root, ".gl-bazaar-observed");
    assert!(
        label.starts_with(&format!("State 2 of {total}: Adam ")),
        "{label}"
    );
    click(&root, "save-png");
    let (name, bytes) = last_offered().unwrap();
    assert_eq!(name, "bazaar-state-2.png");
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    click(&root, "observe-latest");
    assert_eq!(observing(&root), "0");
    click(&root, "observe-forward");
    assert_eq!(observing(&root), "0", "nothing after the latest");
}
