//! Everything that touches the page. Every element with `data-gamelab="<game>"` is mounted at
//! start-up, several per page; games read their options from the element's data attributes.
//! A build mounts the games its features name (the site builds one module per game and one with
//! all five); elements of a game another module carries are left to that module.

// A one-game build leaves the other games' shared widgets unused.
#![cfg_attr(not(feature = "all-games"), allow(dead_code, unused_imports))]

pub mod action;
#[cfg(feature = "ade")]
pub mod ade;
#[cfg(feature = "bazaar")]
pub mod bazaar;
#[cfg(any(
    feature = "chain-reaction",
    feature = "dots-and-boxes",
    feature = "sprouts"
))]
pub mod board;
#[cfg(feature = "chain-reaction")]
pub mod chain_reaction;
pub mod dom;
#[cfg(feature = "dots-and-boxes")]
pub mod dots_boxes;
#[cfg(feature = "sprouts")]
pub mod glop;
pub mod offline;
pub mod page;
pub mod play;
#[cfg(feature = "sprouts")]
pub mod sprouts;
pub mod widgets;

use wasm_bindgen::prelude::*;

/// The games' styles (scoped to their roots), put in the page once by the first game mounted.
const GAMES_CSS: &str = include_str!("games.css");
const STYLE_ID: &str = "gamelab-games";

fn add_styles(element: &web_sys::HtmlElement) {
    let Some(document) = element.owner_document() else {
        return;
    };
    if document.get_element_by_id(STYLE_ID).is_some() {
        return;
    }
    let Ok(style) = document.create_element("style") else {
        return;
    };
    style.set_id(STYLE_ID);
    style.set_text_content(Some(GAMES_CSS));
    // First in the head: the page's own styles come later and may still style the frame.
    let parent = document
        .query_selector("head")
        .ok()
        .flatten()
        .or_else(|| document.document_element());
    if let Some(parent) = parent {
        dom::best_effort(parent.prepend_with_node_1(&style));
    }
}

/// Runs when the module is loaded: sets up a play page, mounts every game element on the page.
#[wasm_bindgen(start)]
pub fn start() {
    widgets::crash::install();
    crate::small_alloc::out_of_memory::set_hook(widgets::crash::out_of_memory);
    play::set_up();
    mount_all();
    watch_for_new_games();
    offline::keep_the_site();
}

thread_local! {
    static WATCHING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Course platforms add content after the page has loaded: games added later are mounted too.
/// `init()` starts it; starting it again does nothing.
pub fn watch_for_new_games() {
    if WATCHING.with(|w| w.replace(true)) {
        return;
    }
    let Some(document) = dom::document() else {
        return;
    };
    let observer = Closure::<dyn FnMut(js_sys::Array)>::new(|records: js_sys::Array| {
        let adds_a_game = records.iter().any(|record| {
            let Ok(record) = record.dyn_into::<web_sys::MutationRecord>() else {
                return false;
            };
            let added = record.added_nodes();
            (0..added.length())
                .filter_map(|i| added.item(i)?.dyn_into::<web_sys::Element>().ok())
                .any(|element| {
                    element
                        .matches("[data-gamelab]:not([data-gamelab-mounted])")
                        .unwrap_or(false)
                        || element
                            .query_selector("[data-gamelab]:not([data-gamelab-mounted])")
                            .ok()
                            .flatten()
                            .is_some()
                })
        });
        if adds_a_game {
            mount_all();
        }
    });
    let Ok(watcher) = web_sys::MutationObserver::new(observer.as_ref().unchecked_ref()) else {
        return;
    };
    let options = web_sys::MutationObserverInit::new();
    options.set_child_list(true);
    options.set_subtree(true);
    if let Some(root) = document.document_element() {
        dom::best_effort(watcher.observe_with_options(&root, &options));
    }
    observer.forget(); // watches for the page's lifetime
}

/// Mounts one game's page in an element.
type Mount = fn(&web_sys::HtmlElement);

/// The pages this build carries, by their `data-gamelab` name: adding a game is a line here
/// (beside its line in `embedding::GAMES` and its Cargo feature).
const PAGES: &[(&str, Mount)] = &[
    #[cfg(feature = "ade")]
    ("ade", page::mount::<ade::Ade>),
    #[cfg(feature = "sprouts")]
    ("sprouts", mount_sprouts),
    #[cfg(feature = "bazaar")]
    ("bazaar", page::mount::<bazaar::Bazaar>),
    #[cfg(feature = "chain-reaction")]
    (
        "chain-reaction",
        page::mount::<board::Shell<chain_reaction::ChainReaction>>,
    ),
    #[cfg(feature = "dots-and-boxes")]
    (
        "dots-and-boxes",
        page::mount::<board::Shell<dots_boxes::DotsAndBoxes>>,
    ),
];

/// Sprouts: Glop's analysis, or with `data-view="play"` the game drawn, to play.
#[cfg(feature = "sprouts")]
fn mount_sprouts(element: &web_sys::HtmlElement) {
    match element.get_attribute("data-view").as_deref() {
        Some("play") => page::mount::<board::Shell<sprouts::Sprouts>>(element),
        Some("analysis") | None => page::mount::<glop::Glop>(element),
        Some(other) => {
            page::mount::<glop::Glop>(element);
            dom::attribute_note(
                element,
                &format!(
                    "data-view is play or analysis, not \"{}\"; showing the analysis. ",
                    crate::echo::echo(other)
                ),
            );
        }
    }
}

/// Whether this build mounts `game`.
pub fn carries(game: &str) -> bool {
    PAGES.iter().any(|&(name, _)| name == game)
}

/// Mounts every `[data-gamelab]` element not mounted yet that this build carries (or that names
/// no game at all, to say so); returns how many were mounted.
#[wasm_bindgen]
pub fn mount_all() -> usize {
    let Some(document) = dom::document() else {
        return 0;
    };
    let Ok(found) = document.query_selector_all("[data-gamelab]:not([data-gamelab-mounted])")
    else {
        return 0;
    };
    let mut mounted = 0;
    for i in 0..found.length() {
        if let Some(element) = found
            .item(i)
            .and_then(|n| n.dyn_into::<web_sys::HtmlElement>().ok())
        {
            let game = element.get_attribute("data-gamelab").unwrap_or_default();
            if crate::embedding::is_game(&game) && !carries(&game) {
                continue; // another module's game
            }
            mount(&element);
            mounted += 1;
        }
    }
    mounted
}

/// Runs the shared benchmarks in this browser (tests/wasm_bench.rs, through scripts/bench.sh); one
/// line a figure.
#[cfg(feature = "ade")]
#[wasm_bindgen]
pub fn bench_ade() -> String {
    let clock = || dom::now() / 1000.0;
    crate::bench::ade_fire(&clock, 200_000)
        .iter()
        .map(crate::bench::Figure::line)
        .collect::<Vec<_>>()
        .join("\n")
}

/// The Sprouts n-spot figure for one n, measured in this browser with the default search
/// (tests/wasm_bench.rs runs n = 1..12, yielding between them).
#[cfg(feature = "sprouts")]
#[wasm_bindgen]
pub fn bench_sprouts(spots: usize) -> String {
    let clock = || dom::now() / 1000.0;
    let strategy = crate::engine::sprouts::Strategy::default();
    crate::bench::sprouts_spots(&clock, spots, 600.0, strategy).line()
}

/// Chain Reaction's random playouts per second in this browser (tests/wasm_bench.rs).
#[cfg(feature = "chain-reaction")]
#[wasm_bindgen]
pub fn bench_chain_reaction() -> String {
    let clock = || dom::now() / 1000.0;
    crate::bench::chain_reaction_playouts(&clock, 20_000)
}

/// Dots and Boxes exact solves in this browser (tests/wasm_bench.rs): 3 × 3, and if asked 3 × 4
/// and the analysis of a 4 × 4 position of 30 undrawn lines.
#[cfg(feature = "dots-and-boxes")]
#[wasm_bindgen]
pub fn bench_dots_boxes(with_3x4: bool) -> String {
    let clock = || dom::now() / 1000.0;
    let boards: &[(usize, usize)] = if with_3x4 {
        &[(3, 3), (3, 4)]
    } else {
        &[(3, 3)]
    };
    let mut lines = crate::bench::dots_boxes_solves(&clock, boards);
    if with_3x4 {
        lines.push(crate::bench::dots_boxes_analysis(&clock));
    }
    lines.join("\n")
}

/// Mounts one element according to its `data-gamelab` attribute.
pub fn mount(element: &web_sys::HtmlElement) {
    let game = element.get_attribute("data-gamelab").unwrap_or_default();
    dom::best_effort(element.set_attribute("data-gamelab-mounted", &game));
    add_styles(element);
    if let Some(&(_, mount)) = PAGES.iter().find(|&&(name, _)| name == game) {
        return mount(element);
    }
    let (message, error) = if crate::embedding::is_game(&game) {
        (
            format!("gamelab: this module does not carry '{game}': load games/{game}.js (or gamelab.js, which has every game)"),
            "game not in this module",
        )
    } else {
        (
            format!(
                "gamelab: unknown game '{game}' in data-gamelab (expected {})",
                crate::embedding::game_names()
            ),
            "unknown game",
        )
    };
    element.set_text_content(Some(&message));
    dom::best_effort(element.set_attribute("data-gamelab-error", error));
}
