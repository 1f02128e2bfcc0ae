//! Glop's page in misère play (the goal "misère outcome", or data-goal="misere"): outcomes that
//! differ from normal play's, the levels while it computes, zapping, stop and resume; the misère
//! base kept over a reload, checked afresh, saved, refused when a file's claim is false, emptied.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlElement;

wasm_bindgen_test_configure!(run_in_browser);

mod web;

use web::glop::{load_files, mount, text, type_into, wait_for};
use web::{answer, click, find, sleep};

const STATUS: &str = ".gl-tab-panel[data-tab='compute'] .gl-status";
const BANNER: &str = ".gl-tab-panel[data-tab='compute'] .gl-banner";
const DB_STATUS: &str = "[data-tab='database'] .gl-status";

async fn forget_misere_base() {
    gamelab::ui::widgets::keep::forget("gamelab-sprouts-main-base-misere");
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    storage
        .remove_item("gamelab-sprouts-main-base-parameters")
        .unwrap();
    sleep(60).await;
}

/// Computes `spots` in misère play and waits for the answer.
async fn compute(root: &HtmlElement, spots: &str) -> String {
    type_into(root, "spots", spots);
    click(root, "compute");
    for _ in 0..2400 {
        if root.get_attribute("data-state").as_deref() == Some("done") {
            return text(root, BANNER);
        }
        sleep(25).await;
    }
    panic!("not done: {}", text(root, STATUS));
}

/// The units of work the last computation took (from the status line).
fn work(root: &HtmlElement) -> u64 {
    let status = text(root, STATUS);
    let before = status
        .split(" units of work")
        .next()
        .unwrap_or_else(|| panic!("{status}"));
    before
        .rsplit(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{status}"))
}

/// Starts computing `spots` and waits (up to 20 s) for two levels or more to show.
async fn compute_with_levels(root: &HtmlElement, spots: &str) {
    type_into(root, "spots", spots);
    click(root, "compute");
    for _ in 0..800 {
        if level_rows(root) >= 2 {
            return;
        }
        sleep(25).await;
    }
    panic!("no levels: {}", text(root, STATUS));
}

fn level_rows(root: &HtmlElement) -> u32 {
    root.query_selector_all(".gl-levels tr[data-level]")
        .unwrap()
        .length()
}

#[wasm_bindgen_test]
async fn misere_outcomes_levels_zapping_stop_and_resume() {
    forget_misere_base().await;
    let root = mount(&[("data-goal", "misere"), ("data-workers", "0")]);
    // Three spots: a first player's win in normal play, a loss in misère; five: a misère win.
    let banner = compute(&root, "3").await;
    assert!(
        banner.starts_with("Loss: the first player loses") && banner.ends_with("in misère play"),
        "{banner}"
    );
    let banner = compute(&root, "5").await;
    assert!(banner.starts_with("Win"), "{banner}");
    // The winning moves are settled in the page's slices after the answer (at once, they
    // stalled the page for up to 0.2 s on ten spots).
    let mut replies = String::new();
    for _ in 0..400 {
        replies = text(&root, ".gl-replies");
        if !replies.contains("settling") {
            break;
        }
        sleep(25).await;
    }
    assert!(replies.starts_with("Winning move"), "{replies}");
    assert!(text(&root, ".gl-base-info").contains("misère base:"));
    // Eleven spots takes a while: its levels show, a zap moves the top one, Stop and Compute
    // go on.
    compute_with_levels(&root, "11").await;
    click(&root, "stop");
    // (Taken at the search's next slice: on a busy machine, later than at once.)
    for _ in 0..2400 {
        if text(&root, STATUS).starts_with("Stopped") {
            break;
        }
        sleep(5).await;
    }
    let stopped = text(&root, STATUS);
    assert!(
        stopped.starts_with("Stopped: the misère outcome of"),
        "{stopped}"
    );
    // The top level's children, one of them zapped to: the levels below it go.
    click(&root, "level-list:0");
    sleep(50).await;
    let children = root
        .query_selector_all(".gl-level-children li button")
        .unwrap();
    assert!(children.length() >= 3, "{}", children.length());
    let open = (0..children.length())
        .map(|k| {
            children
                .item(k)
                .unwrap()
                .dyn_into::<web_sys::HtmlButtonElement>()
                .unwrap()
        })
        .enumerate()
        .filter(|(_, b)| !b.disabled() && !b.text_content().unwrap().contains("being computed"))
        .map(|(k, _)| k)
        .next_back()
        .expect("a child left to zap to");
    click(&root, &format!("zap:0:{open}"));
    sleep(50).await;
    assert_eq!(level_rows(&root), 1);
    let numero = text(&root, ".gl-levels tr[data-level='0'] td");
    assert!(numero.starts_with(&format!("{}/", open + 1)), "{numero}");
    click(&root, "compute");
    sleep(50).await;
    assert!(
        text(&root, STATUS).contains("Computing (resumed)"),
        "{}",
        text(&root, STATUS)
    );
    click(&root, "stop");
    root.remove();
}

#[wasm_bindgen_test]
async fn the_misere_base_is_kept_checked_and_refused_when_wrong() {
    forget_misere_base().await;
    let root = mount(&[("data-goal", "misere"), ("data-workers", "0")]);
    let banner = compute(&root, "6").await;
    assert!(banner.starts_with("Win"), "{banner}");
    let first = work(&root);
    sleep(300).await;
    root.remove();
    // A reload reads the kept base back; the same question is then answered from it.
    let root = mount(&[("data-goal", "misere"), ("data-workers", "0")]);
    wait_for(&root, DB_STATUS, "read from this browser").await;
    compute(&root, "6").await;
    let again = work(&root);
    web_sys::console::log_1(&format!("6 spots: {first} units of work, then {again}").into());
    assert!(again * 20 < first.max(20), "{again} after {first}");
    // A check computes the position afresh and compares.
    click(&root, "check");
    wait_for(&root, ".gl-check-status", "Check of").await;
    let check = text(&root, ".gl-check-status");
    assert!(
        check.contains("win") && check.ends_with("The misère base agrees."),
        "{check}"
    );
    // A file claiming 6 spots lost (it is won) is refused at its line, and nothing is used.
    load_files(
        &root,
        &[("false.txt", "# gamelab misère Sprouts base 1\nloss 0*6 ;\n")],
    )
    .await;
    // The misère base holds something: the page asks before replacing it.
    answer(&root, true);
    wait_for(&root, DB_STATUS, "was not used").await;
    let refused = text(&root, DB_STATUS);
    assert!(refused.contains("line 2: not lost"), "{refused}");
    assert!(text(&root, ".gl-base-info").contains("misère base:"));
    // Emptied (after a question), and so kept.
    click(&root, "clear-misere-base");
    assert!(!find(&root, ".gl-confirm").hidden());
    answer(&root, true);
    sleep(50).await;
    assert!(!text(&root, ".gl-base-info").contains("misère base:"));
    root.remove();
    forget_misere_base().await;
}

/// In Web Workers (two, each begun on another move): the same answers, the levels of the
/// first, stop and zap; the members' misère base comes back to the page with each answer.
#[wasm_bindgen_test]
async fn misere_computes_in_web_workers() {
    forget_misere_base().await;
    let root = mount(&[("data-goal", "misere"), ("data-workers", "2")]);
    let banner = compute(&root, "5").await;
    assert!(banner.starts_with("Win"), "{banner}");
    assert!(
        text(&root, STATUS).contains("in 2 Web Workers"),
        "{}",
        text(&root, STATUS)
    );
    wait_for(&root, DB_STATUS, "read from the workers").await;
    assert!(text(&root, ".gl-base-info").contains("misère base:"));
    let banner = compute(&root, "7").await;
    assert!(banner.starts_with("Loss"), "{banner}");
    // A new misère computation asked for while the base the workers sent is read starts once
    // it is in.
    compute_with_levels(&root, "11").await;
    click(&root, "stop");
    wait_for(&root, STATUS, "Stopped: the misère outcome of").await;
    click(&root, "level-next:0");
    for _ in 0..200 {
        if level_rows(&root) == 1 {
            break;
        }
        sleep(25).await;
    }
    assert_eq!(level_rows(&root), 1, "{}", text(&root, STATUS));
    root.remove();
    forget_misere_base().await;
}
