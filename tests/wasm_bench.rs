//! Not a test: the benchmark figures of `src/bench.rs` measured in headless Chromium (real
//! time, through wasm-bindgen-test-runner). Every benchmark is `#[ignore]`d, so `wasm-pack test`
//! and the test command compile it (it cannot rot) but skip it; scripts/bench.sh runs it with
//! `--include-ignored --nocapture`.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[cfg(feature = "ade")]
#[wasm_bindgen_test]
#[ignore = "a benchmark: scripts/bench.sh runs it"]
fn ade_fire_layers_per_second() {
    let lines = gamelab::ui::bench_ade();
    for line in lines.lines() {
        web_sys::console::log_1(&format!("BENCH {line}").into());
    }
}

#[cfg(feature = "sprouts")]
#[wasm_bindgen_test]
#[ignore = "a benchmark: scripts/bench.sh runs it"]
async fn sprouts_n_spot_outcomes() {
    let mut total = 0.0;
    for n in 1..=12 {
        let line = gamelab::ui::bench_sprouts(n);
        total += line
            .split(':')
            .nth(1)
            .and_then(|r| r.split_whitespace().nth(1))
            .and_then(|s| s.parse::<f64>().ok())
            .unwrap_or(0.0);
        web_sys::console::log_1(&format!("BENCH {line}").into());
        // The test runner asks the page how it is doing: let it answer between two n.
        let promise = js_sys::Promise::new(&mut |resolve, _| {
            web_sys::window()
                .unwrap()
                .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0)
                .unwrap();
        });
        wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
    }
    web_sys::console::log_1(&format!("BENCH n = 1..12 in {total:.2} s in all").into());
}

/// Beyond 12, the n the page benchmark also computes (each from an empty base).
const SPROUTS_PAGE_ALSO: [usize; 2] = [13, 14];

/// The same n-spot games through Glop's page: typed, computed in time slices, read back.
#[cfg(feature = "sprouts")]
#[wasm_bindgen_test]
#[ignore = "a benchmark: scripts/bench.sh runs it"]
async fn sprouts_n_spot_outcomes_through_the_page() {
    use wasm_bindgen::JsCast;
    let window = web_sys::window().unwrap();
    let document = window.document().unwrap();
    let root: web_sys::HtmlElement = document.create_element("div").unwrap().unchecked_into();
    root.set_attribute("data-gamelab", "sprouts").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    gamelab::ui::mount(&root);
    let click = |action: &str| {
        let b: web_sys::HtmlElement = root
            .query_selector(&format!("button[data-action='{action}']"))
            .unwrap()
            .unwrap()
            .unchecked_into();
        b.click();
    };
    // "Empty the main base" asks first: answer yes.
    let yes = wasm_bindgen::closure::Closure::<dyn Fn() -> bool>::new(|| true);
    js_sys::Reflect::set(&window, &"confirm".into(), yes.as_ref()).unwrap();
    yes.forget();
    let spots: web_sys::HtmlInputElement = root
        .query_selector("[data-field='spots']")
        .unwrap()
        .unwrap()
        .unchecked_into();
    let now = || web_sys::window().unwrap().performance().unwrap().now();
    let pause = || {
        let promise = js_sys::Promise::new(&mut |resolve, _| {
            web_sys::window()
                .unwrap()
                .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 5)
                .unwrap();
        });
        wasm_bindgen_futures::JsFuture::from(promise)
    };
    // As a reader would, the first click comes once the page has opened: its workers loaded
    // and warmed up (at most 20 s).
    let opened = now();
    while !root.has_attribute("data-workers-ready") && now() - opened < 20_000.0 {
        pause().await.unwrap();
    }
    web_sys::console::log_1(
        &format!(
            "BENCH page workers ready {:.3} s after the page opened",
            (now() - opened) / 1000.0
        )
        .into(),
    );
    // When the page says it is done, to the microsecond (an observer of its `data-state`),
    // rather than when the next 5 ms timer of the loop below happens to look.
    let finished = std::rc::Rc::new(std::cell::Cell::new(f64::NAN));
    let seen = finished.clone();
    let watched = root.clone();
    let observe = wasm_bindgen::closure::Closure::<dyn FnMut()>::new(move || {
        if watched.get_attribute("data-state").as_deref() == Some("done") && seen.get().is_nan() {
            seen.set(web_sys::window().unwrap().performance().unwrap().now());
        }
    });
    let observer = web_sys::MutationObserver::new(observe.as_ref().unchecked_ref()).unwrap();
    let options = web_sys::MutationObserverInit::new();
    options.set_attributes(true);
    options.set_attribute_filter(&js_sys::Array::of1(&"data-state".into()));
    observer.observe_with_options(&root, &options).unwrap();
    let mut total = 0.0;
    let mut again = 0.0;
    // 1..12 in turn (their sum is the figure in docs/benchmarks.md), then 1..12 again (the workers loaded
    // and the browser's optimized code made: a page's first computations run on baseline code
    // while the hot functions are compiled again), then 13 and 14 alone.
    let first = (1..=12).map(|n| (1, n));
    let second = (1..=12).map(|n| (2, n));
    let larger = SPROUTS_PAGE_ALSO.iter().map(|&n| (1, n));
    for (pass, n) in first.chain(second).chain(larger) {
        click("clear-base");
        // Asked in the page when the base holds couples: yes.
        if let Some(yes) = root
            .query_selector(".gl-confirm:not([hidden]) button[data-confirm='yes']")
            .unwrap()
        {
            yes.unchecked_into::<web_sys::HtmlElement>().click();
        }
        spots.set_value(&n.to_string());
        finished.set(f64::NAN);
        let started = now();
        click("compute");
        while root.get_attribute("data-state").as_deref() != Some("done") {
            pause().await.unwrap();
        }
        let ended = if finished.get().is_nan() {
            now()
        } else {
            finished.get()
        };
        let wall = (ended - started) / 1000.0;
        match pass {
            1 if n <= 12 => total += wall,
            1 => {}
            _ => again += wall,
        }
        let status = root
            .query_selector(".gl-tab-panel[data-tab='compute'] .gl-status")
            .unwrap()
            .unwrap()
            .text_content()
            .unwrap();
        web_sys::console::log_1(
            &format!("BENCH page {n:>2} spots (pass {pass}): {wall:.3} s wall clock — {status}")
                .into(),
        );
    }
    web_sys::console::log_1(
        &format!("BENCH page n = 1..12 in {total:.2} s in all (wall clock, time slices of 25 ms)")
            .into(),
    );
    web_sys::console::log_1(
        &format!("BENCH page n = 1..12 again, in the same page: {again:.2} s in all").into(),
    );
}

#[cfg(feature = "chain-reaction")]
#[wasm_bindgen_test]
#[ignore = "a benchmark: scripts/bench.sh runs it"]
fn chain_reaction_random_playouts() {
    web_sys::console::log_1(&format!("BENCH {}", gamelab::ui::bench_chain_reaction()).into());
}

#[cfg(feature = "dots-and-boxes")]
#[wasm_bindgen_test]
#[ignore = "a benchmark: scripts/bench.sh runs it"]
fn dots_and_boxes_exact_solves() {
    for line in gamelab::ui::bench_dots_boxes(true).lines() {
        web_sys::console::log_1(&format!("BENCH {line}").into());
    }
}

#[cfg(feature = "bazaar")]
#[wasm_bindgen_test]
#[ignore = "a benchmark: scripts/bench.sh runs it"]
fn bazaar_games_per_second() {
    let clock = || web_sys::window().unwrap().performance().unwrap().now() / 1000.0;
    web_sys::console::log_1(&format!("BENCH {}", gamelab::bench::bazaar_games(&clock, 200)).into());
}
