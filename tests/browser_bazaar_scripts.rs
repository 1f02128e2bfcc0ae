//! Bazaar's JavaScript players' code in headless Chromium: kept for the next visit (one table's
//! apart from another's, and said to be at risk where the browser keeps nothing), a player that
//! does not load, their console and errors in the log with their line. (Apart from
//! browser_bazaar_players.rs so that neither file nears the runner's 20 s.)
#![cfg(target_arch = "wasm32")]

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{HtmlElement, HtmlTextAreaElement};

wasm_bindgen_test_configure!(run_in_browser);

mod web;

use web::bazaar::*;
use web::{click, find, fire, refuse_storage, sleep};

/// A new game played at once to its end: the log's line that eliminates Eve (the second seat)
/// in setup, once the worker has reported on her code.
async fn eve_s_elimination(root: &HtmlElement) -> String {
    set(root, "[data-field='speed']", "0");
    click(root, "new-game");
    sleep(100).await;
    click(root, "play");
    wait_for(root, "the end", |r| state(r) == "over").await;
    log(root)
        .into_iter()
        .find(|l| l.starts_with("Eve is eliminated in setup"))
        .unwrap_or_default()
}

/// The JavaScript typed for the second seat.
fn second_seat_code(root: &HtmlElement) -> String {
    find(root, "[data-field='code-1']")
        .unchecked_ref::<HtmlTextAreaElement>()
        .value()
}

const TALKING_PLAYER: &str = "console.log('loaded');
function requestPebbleOrTrades(turn) {
  console.log('thinking', { bank: turn.bank.length });
  return false;
}
function requestCards(turn) {
  for (let i = 0; i < 25; i++) console.log('line', i);
  throw new Error('no cards today');
}";

#[wasm_bindgen_test]
async fn a_javascript_player_that_does_not_load_is_eliminated_with_the_reason() {
    let root = web::mount(
        "bazaar",
        &[
            ("data-seats", "purchase-points,javascript"),
            ("data-seed", "5"),
        ],
    );
    set(&root, ".gl-bazaar-code", "function setup( {");
    let kick = eve_s_elimination(&root).await;
    assert!(kick.contains("its code failed"), "{:?}", log(&root));
}

#[wasm_bindgen_test]
async fn pasted_javascript_is_kept_for_the_next_visit() {
    const MINE: &str =
        "// kept across a reload\nfunction requestPebbleOrTrades(t) { return false; }";
    let first = web::mount("bazaar", &[("data-seats", "purchase-points,javascript")]);
    let area = find(&first, "[data-field='code-1']");
    area.unchecked_ref::<HtmlTextAreaElement>().set_value(MINE);
    fire(&area, "input"); // typed, not yet left: already kept
    sleep(300).await;
    first.remove();
    let again = web::mount("bazaar", &[("data-seats", "purchase-points,javascript")]);
    wait_for(&again, "the kept code", |r| second_seat_code(r) == MINE).await;
    assert!(text(&again, ".gl-status").contains("from your last visit is back"));
    // The example comes back on request, and is what the next visit sees.
    click(&again, "example-1");
    let code = second_seat_code(&again);
    assert!(code.starts_with("// A JavaScript player"), "{code}");
    sleep(300).await;
}

/// Two Bazaars on a page keep their own JavaScript: one's pasted code once overwrote the other's
/// (it was kept per seat, not per element).
#[wasm_bindgen_test]
async fn two_tables_on_a_page_keep_their_own_javascript() {
    const LEFT: &str =
        "// the left table's player\nfunction requestPebbleOrTrades(t) { return false; }";
    let seats = ("data-seats", "purchase-points,javascript");
    let left = web::mount("bazaar", &[("id", "left-table"), seats]);
    let right = web::mount("bazaar", &[("id", "right-table"), seats]);
    let area = find(&left, "[data-field='code-1']");
    area.unchecked_ref::<HtmlTextAreaElement>().set_value(LEFT);
    fire(&area, "input");
    sleep(300).await;
    left.remove();
    right.remove();
    let right = web::mount("bazaar", &[("id", "right-table"), seats]);
    let left = web::mount("bazaar", &[("id", "left-table"), seats]);
    wait_for(&left, "the left table's kept code", |r| {
        second_seat_code(r) == LEFT
    })
    .await;
    let code = second_seat_code(&right);
    assert!(code.starts_with("// A JavaScript player"), "{code}");
}

#[wasm_bindgen_test]
async fn a_players_console_and_errors_with_their_line_reach_the_log() {
    let root = web::mount(
        "bazaar",
        &[
            ("data-seats", "javascript,purchase-points"),
            ("data-seed", "2"),
        ],
    );
    set(&root, ".gl-bazaar-code", TALKING_PLAYER);
    set(&root, "[data-field='speed']", "0");
    click(&root, "new-game");
    click(&root, "play");
    wait_for(&root, "Adam's elimination", |r| {
        log(r).iter().any(|l| l.starts_with("Adam is eliminated"))
    })
    .await;
    let lines = log(&root);
    let position = |text: &str| lines.iter().position(|l| l == text);
    // Console lines written while loading come with the first reply, in order with the calls.
    assert!(position("Adam logs: loaded").is_some(), "{lines:?}");
    let thinking = position("Adam logs: thinking {\"bank\":100}").expect("the object as JSON");
    let draws = lines
        .iter()
        .position(|l| l.starts_with("Adam requests a pebble"))
        .unwrap();
    assert!(thinking < draws, "{lines:?}");
    assert!(position("Adam logs: line 19").is_some());
    assert!(position("Adam logs: line 20").is_none(), "20 lines a call");
    assert!(position("Adam logged 5 more lines in this call (the log keeps 20 a call)").is_some());
    assert!(
        position(
            "Adam is eliminated in request-cards: it failed: it raised: no cards today (line 8)"
        )
        .is_some(),
        "{lines:?}"
    );
}

#[wasm_bindgen_test]
async fn a_syntax_error_names_its_line() {
    let root = web::mount(
        "bazaar",
        &[
            ("data-seats", "purchase-points,javascript"),
            ("data-seed", "5"),
        ],
    );
    set(
        &root,
        ".gl-bazaar-code",
        "// my player\n\nfunction setup( {",
    );
    let kick = eve_s_elimination(&root).await;
    assert!(
        kick.contains("its code failed: ") && kick.ends_with("(line 3)"),
        "{kick}"
    );
}

#[wasm_bindgen_test]
async fn javascript_the_browser_refuses_to_keep_is_said_to_be_at_risk() {
    let root = web::mount("bazaar", &[("data-seats", "javascript,purchase-points")]);
    let restore = refuse_storage();
    let area = find(&root, "[data-field='code-0']");
    area.unchecked_ref::<HtmlTextAreaElement>()
        .set_value("function setup() { return \"void\"; }");
    fire(&area, "input");
    sleep(200).await;
    restore.call0(&wasm_bindgen::JsValue::NULL).unwrap();
    let status = text(&root, ".gl-status");
    assert!(status.contains("could not be kept"), "{status}");
    assert!(status.contains("a reload would lose it"), "{status}");
    root.remove();
}
