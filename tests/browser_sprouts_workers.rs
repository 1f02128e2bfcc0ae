//! Glop in headless Chromium, continued: two Glop elements with their own bases, keyboard use,
//! checks that add what they proved, a child's nimber computed on demand, and the computation
//! in Web Workers (one, a team, or the page). (Apart from browser_sprouts.rs so that neither
//! file nears the runner's 20 s.)
#![cfg(target_arch = "wasm32")]

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlElement;

wasm_bindgen_test_configure!(run_in_browser);

mod web;

use web::glop::*;
use web::{click, find, sleep};

#[wasm_bindgen_test]
async fn two_glop_elements_keep_their_own_bases_and_loaded_couples_are_unverified() {
    forget_kept_base().await;
    gamelab::ui::widgets::keep::forget("gamelab-sprouts-main-base-second");
    let first = mount(&[]);
    compute(&first, "5").await;
    let second = web::mount("sprouts", &[("id", "second")]);
    sleep(200).await;
    assert_eq!(
        base_count(&second),
        0,
        "the second element has a base of its own"
    );
    load_files(&second, &[("mine.spr", "[Positions+Nimber]\n1a1a 2\n")]).await;
    assert!(
        text(&second, ".gl-base-info").contains("1 loaded, unverified"),
        "{}",
        text(&second, ".gl-base-info")
    );
    assert!(!text(&first, ".gl-base-info").contains("unverified"));
    click(&second, "complete-check");
    wait_for(&second, ".gl-complete-status", "0 problem(s)").await;
    assert!(
        !text(&second, ".gl-base-info").contains("unverified"),
        "{}",
        text(&second, ".gl-base-info")
    );
}

/// The keyboard: the tabs follow the ARIA tabs pattern (arrows, Home, End; one tab in the Tab
/// order), and Enter in either position field computes.
#[wasm_bindgen_test]
async fn tabs_by_arrow_keys_and_enter_computes() {
    forget_kept_base().await;
    let root = mount(&[]);
    let press = |target: &web_sys::Element, key: &str| {
        let init = web_sys::KeyboardEventInit::new();
        init.set_key(key);
        init.set_bubbles(true);
        target
            .dispatch_event(
                &web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init)
                    .unwrap(),
            )
            .unwrap();
    };
    let tab = |name: &str| find(&root, &format!("[role='tab'][data-action='tab-{name}']"));
    let selected = || {
        find(&root, "[role='tab'][aria-selected='true']")
            .get_attribute("data-action")
            .unwrap()
    };
    assert_eq!(selected(), "tab-params");
    assert_eq!(tab("params").tab_index(), 0);
    assert_eq!(tab("compute").tab_index(), -1);
    press(&tab("params"), "ArrowRight");
    assert_eq!(selected(), "tab-compute");
    let focused = web::document().active_element().unwrap();
    assert!(focused.is_same_node(Some(&tab("compute"))));
    press(&tab("compute"), "End");
    assert_eq!(selected(), "tab-children");
    press(&tab("children"), "ArrowRight");
    assert_eq!(selected(), "tab-params", "the arrows wrap around");
    // Each panel is labelled by its tab.
    let panel = find(&root, "section[data-tab='children']");
    assert_eq!(panel.get_attribute("role").as_deref(), Some("tabpanel"));
    assert_eq!(
        panel.get_attribute("aria-labelledby"),
        Some(tab("children").id())
    );
    // Enter in the free position field computes that position.
    let free = field(&root, "free");
    free.set_value("0.0.}]!");
    press(&free, "Enter");
    wait_done(&root).await;
    let status = text(&root, ".gl-tab-panel[data-tab='compute'] .gl-status");
    assert!(status.contains("0.0.}]!: loss"), "{status}");
}

#[wasm_bindgen_test]
async fn a_check_says_when_the_base_did_not_suffice_and_adds_what_it_proved() {
    forget_kept_base().await;
    let root = mount(&[]);
    type_into(&root, "free", "0*4");
    // Nothing computed: the empty main base cannot suffice.
    click(&root, "check");
    wait_for(&root, ".gl-check-status", "Check base").await;
    let status = text(&root, ".gl-check-status");
    assert!(
        status.contains("The main base did not suffice: the check had to prove "),
        "{status}"
    );
    let offer = find(&root, ".gl-check-offer");
    assert!(!offer.hidden());
    let before = base_count(&root);
    click(&root, "adopt-check-results");
    assert!(text(&root, ".gl-check-status").contains("Added "));
    assert!(base_count(&root) > before);
    // Saving from the Computation tab says so there, not in the Database tab.
    click(&root, "save-check-base");
    assert!(text(&root, ".gl-check-status").contains("Saved sprouts-check.spr"));
    assert!(!text(&root, "[data-tab='database'] .gl-status").contains("Saved"));
    click(&root, "check");
    wait_for(&root, ".gl-check-status", "The main base sufficed.").await;
    assert!(find(&root, ".gl-check-offer").hidden());
}

#[wasm_bindgen_test]
async fn the_children_tab_computes_a_missing_nimber_on_demand() {
    forget_kept_base().await;
    // The manual's game by correspondence, second reply: after the opponent's
    // 0*4.A|0*4.A+0*2.AB|AB the answer is 0*4.A|0*4.A+0.1a2a (nimber 0). A base whose proof
    // went another way does not hold it (here: an empty base); the row computes it.
    let root = mount(&[]);
    click(&root, "tab-children");
    type_into(
        &root,
        "children-position",
        "0.0.0.0.A.}0.0.0.0.A.}]0.0.AB.}AB.}]!",
    );
    click(&root, "children-compute");
    let answer = "0.0.0.0.A.}0.0.0.0.A.}]0.1a2a.}]!";
    let row = || {
        let items = root.query_selector_all(".gl-children li").unwrap();
        (0..items.length())
            .map(|i| items.item(i).unwrap().unchecked_into::<HtmlElement>())
            .find(|li| {
                li.query_selector("button[data-action^='child:']")
                    .unwrap()
                    .and_then(|b| b.text_content())
                    .is_some_and(|t| t.starts_with(answer))
            })
            .expect("the manual's answer is a child")
    };
    // No nimber yet, so it is asked for.
    let ask: HtmlElement = row()
        .query_selector("button[data-action^='child-nimber:']")
        .unwrap()
        .expect("no nimber in the base yet: the row offers to compute it")
        .unchecked_into();
    ask.click();
    for _ in 0..2400 {
        if row().class_list().contains("gl-winning") {
            break;
        }
        sleep(25).await;
    }
    let li = row();
    assert!(
        li.class_list().contains("gl-winning"),
        "{:?}",
        li.text_content()
    );
    assert!(li
        .text_content()
        .unwrap()
        .starts_with(&format!("{answer} 0")));
}

#[wasm_bindgen_test]
async fn the_computation_runs_in_a_web_worker_a_core_or_in_the_page_when_asked() {
    forget_kept_base().await;
    let cores = web_sys::window()
        .unwrap()
        .navigator()
        .hardware_concurrency() as usize;
    let workers = match cores.clamp(1, 16) {
        1 => "in a Web Worker".to_string(),
        n => format!("in {n} Web Workers"),
    };
    let root = mount(&[]);
    type_into(&root, "spots", "10");
    click(&root, "compute");
    let status = text(&root, ".gl-tab-panel[data-tab='compute'] .gl-status");
    assert!(status.contains(&workers), "{status}");
    // The page only displays: timers keep their time while the workers compute.
    let before = web_sys::window().unwrap().performance().unwrap().now();
    sleep(10).await;
    let waited = web_sys::window().unwrap().performance().unwrap().now() - before;
    assert!(waited < 100.0, "a 10 ms timer took {waited} ms");
    wait_done(&root).await;
    let done = text(&root, ".gl-tab-panel[data-tab='compute'] .gl-status");
    assert!(done.contains("win (the first player wins)"), "{done}");
    // The workers' losses are in the main base, and the base says 10 spots is a win again at once.
    let found = base_count(&root);
    assert!(found > 0);
    click(&root, "compute");
    wait_done(&root).await;
    assert!(text(&root, ".gl-tab-panel[data-tab='compute'] .gl-status").contains("win"));

    // data-workers="0": the page computes in its own slices, to the same answer.
    forget_kept_base().await;
    let root = mount(&[("data-workers", "0"), ("data-spots", "10")]);
    click(&root, "compute");
    let status = text(&root, ".gl-tab-panel[data-tab='compute'] .gl-status");
    assert!(
        status.contains("Computing") && !status.contains("Worker"),
        "{status}"
    );
    wait_done(&root).await;
    let done = text(&root, ".gl-tab-panel[data-tab='compute'] .gl-status");
    assert!(done.contains("win (the first player wins)"), "{done}");
}

/// Once a team's computation has its answer, what the other members still had to say of it
/// (losses of a slice sent before they were paused) changes neither the base nor the counts.
#[wasm_bindgen_test]
async fn a_computation_answered_by_a_team_no_longer_changes_the_base() {
    forget_kept_base().await;
    let root = mount(&[("data-workers", "2")]);
    for spots in ["6", "7", "8", "9", "10"] {
        clear_base(&root);
        compute(&root, spots).await;
        let count = base_count(&root);
        let status = text(&root, ".gl-tab-panel[data-tab='compute'] .gl-status");
        sleep(200).await;
        assert_eq!(base_count(&root), count, "{spots} spots");
        assert_eq!(
            text(&root, ".gl-tab-panel[data-tab='compute'] .gl-status"),
            status,
            "{spots} spots"
        );
    }
}

#[wasm_bindgen_test]
async fn workers_load_and_warm_up_as_the_page_opens_and_take_the_first_computation() {
    forget_kept_base().await;
    let root = mount(&[("data-workers", "2")]);
    assert!(
        !root.has_attribute("data-workers-ready"),
        "ready before loading"
    );
    let mut waited = 0;
    while !root.has_attribute("data-workers-ready") {
        assert!(waited < 30_000, "the workers never said they were ready");
        sleep(25).await;
        waited += 25;
    }
    compute(&root, "7").await;
    let done = text(&root, ".gl-tab-panel[data-tab='compute'] .gl-status");
    assert!(done.contains("in 2 Web Workers"), "{done}");
    assert!(done.contains("loss (the first player loses)"), "{done}");
    // The warm-up's couples are not the page's: only the computation's reach the main base.
    let stored: usize = done
        .split(" couples stored")
        .next()
        .and_then(|before| before.split_whitespace().last())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{done}"));
    assert!(stored > 0);
    assert_eq!(base_count(&root), stored, "{done}");
    // Paused after the answer, the workers wait for the next computation; the element taken
    // away, they end (every Glop element before it was taken away too).
    assert_eq!(gamelab::ui::glop::live_workers(), 2);
    root.remove();
    sleep(2000).await;
    assert_eq!(gamelab::ui::glop::live_workers(), 0);

    // No workers when the page computes in its own slices.
    forget_kept_base().await;
    let root = mount(&[("data-workers", "0")]);
    sleep(1000).await;
    assert!(!root.has_attribute("data-workers-ready"));
}

#[wasm_bindgen_test]
async fn a_team_zaps_lists_and_discards_and_a_removed_element_ends_its_workers() {
    forget_kept_base().await;
    let root = mount(&[("data-workers", "2")]);
    type_into(&root, "spots", "14");
    click(&root, "compute");
    wait_for(&root, ".gl-levels", "/").await;
    // Member 0's children list comes with its levels; a zap from it closes the list.
    click(&root, "level-list:0");
    for _ in 0..200 {
        if root
            .query_selector("button[data-action='zap:0:1']")
            .unwrap()
            .is_some()
        {
            break;
        }
        sleep(25).await;
    }
    click(&root, "zap:0:1");
    assert!(root
        .query_selector(".gl-level-children li")
        .unwrap()
        .is_none());
    assert_eq!(root.get_attribute("data-state").as_deref(), Some("running"));
    // Discarding ends the team; the base keeps what it found.
    click(&root, "stop");
    click(&root, "restart");
    let status = text(&root, ".gl-tab-panel[data-tab='compute'] .gl-status");
    assert!(status.contains("discarded"), "{status}");
    let kept = base_count(&root);
    sleep(200).await;
    assert_eq!(base_count(&root), kept, "a discarded team adds nothing");
    // A running team whose element leaves the page stops with it.
    click(&root, "compute");
    sleep(300).await;
    root.remove();
    sleep(300).await;
    assert_eq!(root.get_attribute("data-state").as_deref(), Some("idle"));
}
