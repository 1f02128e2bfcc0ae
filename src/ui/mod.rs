//! Everything that touches the page. Every element with `data-gamelab="<game>"` is mounted at
//! start-up, several per page; games read their options from the element's data attributes.

pub mod ade;
pub mod bazaar;
pub mod chain_reaction;
pub mod dots_boxes;
pub mod sprouts;
pub mod dom;
pub mod widgets;

use wasm_bindgen::prelude::*;

/// Runs when the module is loaded: mounts every game element on the page.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
    mount_all();
}

/// Mounts every `[data-gamelab]` element not mounted yet; returns how many were mounted.
#[wasm_bindgen]
pub fn mount_all() -> usize {
    let Some(document) = dom::document() else { return 0 };
    let Ok(found) = document.query_selector_all("[data-gamelab]:not([data-gamelab-mounted])") else {
        return 0;
    };
    let mut mounted = 0;
    for i in 0..found.length() {
        if let Some(element) = found.item(i).and_then(|n| n.dyn_into::<web_sys::HtmlElement>().ok()) {
            mount(&element);
            mounted += 1;
        }
    }
    mounted
}

/// Runs the shared benchmarks in this browser (used by `www/bench.html`); one line a figure.
#[wasm_bindgen]
pub fn bench_ade() -> String {
    let clock = || dom::now() / 1000.0;
    crate::bench::ade_fire(&clock, 200_000).iter().map(crate::bench::Figure::line).collect::<Vec<_>>().join("\n")
}

/// The Sprouts n-spot figures (n = 1..=max_spots) measured in this browser (tests/wasm_bench.rs).
#[wasm_bindgen]
pub fn bench_sprouts(max_spots: usize) -> String {
    let clock = || dom::now() / 1000.0;
    (1..=max_spots).map(|n| crate::bench::sprouts_spots(&clock, n, 600.0).line()).collect::<Vec<_>>().join("\n")
}

/// Chain Reaction's random playouts per second in this browser (tests/wasm_bench.rs).
#[wasm_bindgen]
pub fn bench_chain_reaction() -> String {
    let clock = || dom::now() / 1000.0;
    crate::bench::chain_reaction_playouts(&clock, 20_000)
}

/// Dots and Boxes exact solves in this browser (tests/wasm_bench.rs): 3 × 3, and 3 × 4 if asked.
#[wasm_bindgen]
pub fn bench_dots_boxes(with_3x4: bool) -> String {
    let clock = || dom::now() / 1000.0;
    let boards: &[(usize, usize)] = if with_3x4 { &[(3, 3), (3, 4)] } else { &[(3, 3)] };
    crate::bench::dots_boxes_solves(&clock, boards).join("\n")
}

/// Mounts one element according to its `data-gamelab` attribute.
pub fn mount(element: &web_sys::HtmlElement) {
    let game = element.get_attribute("data-gamelab").unwrap_or_default();
    let _ = element.set_attribute("data-gamelab-mounted", &game);
    match game.as_str() {
        "ade" => ade::mount(element),
        "sprouts" => sprouts::mount(element),
        "chain-reaction" => chain_reaction::mount(element),
        "dots-and-boxes" => dots_boxes::mount(element),
        "bazaar" => bazaar::mount(element),
        other => {
            element.set_text_content(Some(&format!(
                "gamelab: unknown game '{other}' in data-gamelab (expected ade, sprouts, bazaar, chain-reaction or dots-and-boxes)"
            )));
            let _ = element.set_attribute("data-gamelab-error", "unknown game");
        }
    }
}
