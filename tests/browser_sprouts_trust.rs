//! Glop trusts nothing it did not check: a kept base changed outside gamelab comes back
//! unverified and says so, an answer resting on it says so, and the couples a complete check
//! refutes leave the main base.
#![cfg(target_arch = "wasm32")]

use gamelab::engine::sprouts::{Database, Position};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlInputElement;

wasm_bindgen_test_configure!(run_in_browser);

mod web;

use web::glop::*;
use web::{click, find, sleep};

const KEY: &str = "gamelab-sprouts-main-base";

#[wasm_bindgen_test]
async fn a_kept_base_edited_outside_gamelab_is_unverified_until_checked() {
    // A hand-edited kept base: 9 spots "lose" (they win), kept as plain text, without the seal
    // gamelab puts on what it keeps.
    let mut lie = Database::new();
    let nine = Position::parse("0*9").unwrap();
    lie.insert(&nine.lands()[0], 0).unwrap();
    gamelab::ui::widgets::keep::save(KEY, lie.to_spr(), |_| {});
    sleep(150).await;
    web::accept_confirmations();
    let root = web::mount("sprouts", &[]);
    let database = "[data-tab='database'] .gl-status";
    wait_for(&root, database, "changed outside gamelab").await;
    assert!(text(&root, ".gl-base-info").contains("1 loaded, unverified"));
    // The answer that rests on the lie is checked from scratch, found wrong, and not given.
    compute(&root, "9").await;
    let banner = text(&root, ".gl-banner");
    assert!(
        banner.starts_with("No answer: the main base is wrong"),
        "{banner}"
    );
    assert!(banner.contains("has nimber 0 in the base"), "{banner}");
    let status = text(&root, ".gl-tab-panel[data-tab='compute'] .gl-status");
    assert!(status.contains("no answer"), "{status}");
    assert!(!status.contains("loss"), "{status}");
    // The complete check refutes it and takes it out; the next answer is right.
    click(&root, "complete-check");
    wait_for(&root, database, "removed from the main base").await;
    compute(&root, "9").await;
    let status = text(&root, ".gl-tab-panel[data-tab='compute'] .gl-status");
    assert!(status.contains("win"), "{status}");
    assert!(!status.contains("unverified"), "{status}");
    gamelab::ui::widgets::keep::forget(KEY);
    root.remove();
}

/// The published outcome of `n` spots (Applegate, Jacobson and Sleator; Lemoine and Viennot):
/// the first player loses when n mod 6 is 0, 1 or 2.
fn loaded_outcome(n: usize) -> String {
    format!("[Positions+Nimber]\n0*{n} {}\n", u8::from(n % 6 >= 3))
}

#[wasm_bindgen_test]
async fn an_answer_from_loaded_couples_is_checked_in_slices_and_the_check_can_be_stopped() {
    gamelab::ui::widgets::keep::forget(KEY);
    sleep(60).await;
    web::accept_confirmations();
    let root = web::mount("sprouts", &[]);
    let banner = || {
        let b = find(&root, ".gl-banner");
        (
            b.get_attribute("data-trust").unwrap_or_default(),
            b.text_content().unwrap_or_default(),
        )
    };
    // 11 spots (a win), loaded: the base answers at once; a check from scratch (some 4,300 expansions,
    // in the page's slices) proves it.
    load_files(&root, &[("eleven.spr", &loaded_outcome(11))]).await;
    compute(&root, "11").await;
    let (trust, said) = banner();
    assert_eq!(trust, "proved", "{said}");
    assert!(said.starts_with("Win: the first player wins"), "{said}");
    // 12 spots (a loss), loaded: the check needs more than its allowance of 20,000 expansions. While it
    // runs the answer says so, and Stop ends it: the answer stays, unchecked.
    load_files(&root, &[("twelve.spr", &loaded_outcome(12))]).await;
    type_into(&root, "spots", "12");
    click(&root, "compute");
    for _ in 0..2400 {
        if root.get_attribute("data-state").as_deref() == Some("checking") {
            break;
        }
        sleep(5).await;
    }
    let (trust, said) = banner();
    assert_eq!(trust, "checking", "{said}");
    assert!(said.starts_with("Checking — Loss"), "{said}");
    let status = text(&root, ".gl-tab-panel[data-tab='compute'] .gl-status");
    assert!(status.contains("proving it again without them"), "{status}");
    click(&root, "stop");
    // (The check's next slice takes the Stop: on a busy machine, later than at once.)
    for _ in 0..2400 {
        if root.get_attribute("data-state").as_deref() == Some("done") {
            break;
        }
        sleep(5).await;
    }
    let (trust, said) = banner();
    assert_eq!(trust, "unchecked", "{said}");
    assert!(said.starts_with("Unchecked — Loss"), "{said}");
    assert_eq!(root.get_attribute("data-state").as_deref(), Some("done"));
    gamelab::ui::widgets::keep::forget(KEY);
    root.remove();
}

#[wasm_bindgen_test]
async fn parameters_the_browser_refuses_to_keep_are_said_to_be_lost_on_reload() {
    let root = web::mount("sprouts", &[]);
    // Both stores refuse, as a full or forbidden storage does.
    let restore: js_sys::Function = js_sys::Function::new_no_args(
        r#"
        const setItem = Storage.prototype.setItem;
        Storage.prototype.setItem = function () { throw new DOMException("full", "QuotaExceededError"); };
        return function () { Storage.prototype.setItem = setItem; };
        "#,
    )
    .call0(&wasm_bindgen::JsValue::NULL)
    .unwrap()
    .unchecked_into();
    let input: HtmlInputElement = find(&root, "[data-field='spots']").unchecked_into();
    input.set_value("7");
    web::fire(&input, "input");
    web::fire(&input, "change");
    sleep(100).await;
    restore.call0(&wasm_bindgen::JsValue::NULL).unwrap();
    let status = text(&root, ".gl-tab-panel[data-tab='compute'] .gl-status");
    assert!(status.contains("could not be kept"), "{status}");
    root.remove();
}

#[wasm_bindgen_test]
async fn huge_positions_neither_freeze_nor_break_the_page() {
    gamelab::ui::widgets::keep::forget(KEY);
    sleep(60).await;
    web::accept_confirmations();
    let root = web::mount("sprouts", &[]);
    let children = |position: &str| {
        let input: HtmlInputElement =
            find(&root, "[data-field='children-position']").unchecked_into();
        input.set_value(position);
        web::fire(&input, "input");
        click(&root, "children-compute");
    };
    let error = ".gl-tab-panel[data-tab='children'] .gl-error";
    // Three huge lands (each child repeats the other two): refused before any is made. This
    // paste took the page's memory to 4 GB and left every later click failing.
    let started = js_sys::Date::now();
    children("0*10666+0*10666+0*10666");
    assert!(
        text(&root, error).contains("MB to list"),
        "{}",
        text(&root, error)
    );
    // One huge land: listed or given up within about a second.
    children("0*10666");
    let took = js_sys::Date::now() - started;
    assert!(took < 4000.0, "{took} ms");
    // The page goes on: a small position's children are listed.
    children("0*3");
    assert!(text(&root, error).is_empty(), "{}", text(&root, error));
    // A complete check of a 10,666-spot entry stops and says why rather than freeze the page.
    load_files(&root, &[("huge.spr", "[Positions+Nimber]\n0*10666 0\n")]).await;
    click(&root, "complete-check");
    wait_for(
        &root,
        "[data-tab='database'] .gl-status",
        "too long for the page",
    )
    .await;
    gamelab::ui::widgets::keep::forget(KEY);
    root.remove();
}
