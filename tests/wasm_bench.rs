//! Not a test: the benchmark figures of `src/bench.rs` measured in headless Chromium (real
//! time, through wasm-bindgen-test-runner). scripts/bench.sh runs it with --nocapture; the
//! test command does not run it (it is not a `browser_*` file).
#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn ade_fire_layers_per_second() {
    let lines = gamelab::ui::bench_ade();
    for line in lines.lines() {
        web_sys::console::log_1(&format!("BENCH {line}").into());
    }
}

#[wasm_bindgen_test]
fn sprouts_n_spot_outcomes() {
    let mut total = 0.0;
    for line in gamelab::ui::bench_sprouts(12).lines() {
        total += line.split(':').nth(1).and_then(|r| r.split_whitespace().nth(1)).and_then(|s| s.parse::<f64>().ok()).unwrap_or(0.0);
        web_sys::console::log_1(&format!("BENCH {line}").into());
    }
    web_sys::console::log_1(&format!("BENCH n = 1..12 in {total:.2} s in all").into());
}
