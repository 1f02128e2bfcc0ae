//! Glop trusts nothing it did not check: a kept base changed outside gamelab comes back
//! unverified and says so, an answer resting on it says so, and the couples a complete check
//! refutes leave the main base.
#![cfg(target_arch = "wasm32")]

use gamelab::engine::sprouts::{Database, Position};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{HtmlElement, HtmlInputElement};

wasm_bindgen_test_configure!(run_in_browser);

mod web;

use web::{click, find, sleep};

const KEY: &str = "gamelab-sprouts-main-base";

fn text(root: &HtmlElement, selector: &str) -> String {
    find(root, selector).text_content().unwrap_or_default()
}

async fn wait_for(root: &HtmlElement, selector: &str, needle: &str) {
    for _ in 0..2400 {
        if text(root, selector).contains(needle) {
            return;
        }
        sleep(25).await;
    }
    panic!(
        "'{needle}' never appeared in {selector}: {}",
        text(root, selector)
    );
}

async fn compute_spots(root: &HtmlElement, spots: &str) {
    let input: HtmlInputElement = find(root, "[data-field='spots']").unchecked_into();
    input.set_value(spots);
    web::fire(&input, "input");
    click(root, "compute");
    for _ in 0..2400 {
        if root.get_attribute("data-state").as_deref() == Some("done") {
            return;
        }
        sleep(25).await;
    }
    panic!("not done: {}", text(root, ".gl-status"));
}

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
    // The answer that rests on the lie says so.
    compute_spots(&root, "9").await;
    let status = text(&root, ".gl-tab-panel[data-tab='compute'] .gl-status");
    assert!(status.contains("unverified"), "{status}");
    // The complete check refutes it and takes it out; the next answer is right.
    click(&root, "complete-check");
    wait_for(&root, database, "removed from the main base").await;
    compute_spots(&root, "9").await;
    let status = text(&root, ".gl-tab-panel[data-tab='compute'] .gl-status");
    assert!(status.contains("win"), "{status}");
    assert!(!status.contains("unverified"), "{status}");
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
