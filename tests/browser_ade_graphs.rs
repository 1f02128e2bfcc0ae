//! The ADE applet on any graph (headless Chromium): presets and typed graphs from the Load
//! dialog, the numbers game played by clicks, buttons and keys, its verdict in the status line,
//! and links and attributes that carry the graph, the way of firing and single moves.
#![cfg(target_arch = "wasm32")]

use gamelab::engine::ade::diagram_text;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{HtmlInputElement, HtmlSelectElement};

wasm_bindgen_test_configure!(run_in_browser);

mod web;

use web::ade::*;
use web::{click, find};

fn load_graph(root: &web_sys::HtmlElement, preset: &str, text: &str) {
    click(root, "load");
    let select: HtmlSelectElement = find(root, "[data-field='preset']").unchecked_into();
    select.set_value(preset);
    let input: HtmlInputElement = find(root, "[data-field='graph-text']").unchecked_into();
    input.set_value(text);
    click(root, "load-ok");
}

#[wasm_bindgen_test]
fn a_preset_or_a_typed_graph_loads_and_says_what_it_is() {
    let root = mount(&[]);
    load_graph(&root, "B3", "");
    assert!(!dialog_open(&root, "load"));
    assert!(
        status(&root).contains("B3 · finite type B3, Coxeter number h = 6, 9 positive roots"),
        "{}",
        status(&root)
    );
    assert_eq!(trace(&root), vec!["0: [1, 0, 0]"]);
    // A typed graph comes before the preset chosen.
    load_graph(&root, "B3", "5:1-2,2-3,3-4,4-5,5-1");
    assert!(
        status(&root).contains("affine A4, null vector δ = (1, 1, 1, 1, 1)"),
        "{}",
        status(&root)
    );
    // A bad text is said in the dialog, and the graph stays.
    load_graph(&root, "", "3:1-7");
    assert!(dialog_open(&root, "load"));
    let error = find(&root, "[data-dialog='load'] .gl-error")
        .text_content()
        .unwrap_or_default();
    assert!(error.contains("numbered 1 to 3"), "{error}");
    click(&root, "load-cancel");
    assert!(status(&root).contains("affine A4"));
    // Every preset offered loads.
    let options = root
        .query_selector_all("[data-field='preset'] option")
        .unwrap();
    assert!(options.length() > 50, "{} presets", options.length());
}

#[wasm_bindgen_test]
async fn the_numbers_game_fires_the_node_clicked_pressed_or_keyed() {
    let root = mount(&[
        ("data-graph", "G2"),
        ("data-values", "1,1"),
        ("data-firing", "numbers"),
        ("data-mode", "playing"),
    ]);
    // G2 is finite: every order ends after |Φ⁺| = 6 moves, and the status says so.
    assert!(
        status(&root).contains("after 6 moves in any order"),
        "{}",
        status(&root)
    );
    // G2: a₁₂ = −3, so V1 gains three times what V2 fires, and V2 what V1 fires.
    let g2 = diagram_text::parse("G2").unwrap();
    click_node(&root, &g2, 1);
    assert_eq!(trace(&root)[1], "1: [4, -1]   fired V2(1)");
    // V2 is negative now: its button is greyed, and a click on it says why nothing happened.
    assert!(find(&root, "button[data-action='node-1']").has_attribute("disabled"));
    click_node(&root, &g2, 1);
    assert!(
        status(&root).contains("V2 is not positive"),
        "{}",
        status(&root)
    );
    assert_eq!(trace(&root).len(), 2);
    // A key fires the node of its number, a button the node it names.
    key(&root, "1");
    assert_eq!(trace(&root)[2], "2: [-4, 3]   fired V1(4)");
    find(&root, "button[data-action='node-1']").click();
    assert_eq!(trace(&root).len(), 4);
    click(&root, "undo");
    assert_eq!(trace(&root).len(), 3);
    click(&root, "redo");
    assert_eq!(trace(&root)[3], "3: [5, -3]   fired V2(3)");
    // Round, then to the end: 6 moves in all, at minus all ones.
    click(&root, "round");
    click(&root, "exhaust");
    settled(&root).await;
    let lines = trace(&root);
    assert_eq!(lines.len(), 7, "{lines:?}");
    assert!(lines[6].starts_with("6: [-1, -1]"), "{lines:?}");
    assert_eq!(
        find(&root, "button[data-action='fire']")
            .text_content()
            .unwrap(),
        "Fire next"
    );
}

#[wasm_bindgen_test]
fn concurrent_firing_on_a_weighted_graph_follows_the_matrix() {
    let root = mount(&[
        ("data-graph", "3:1-2,2-3.1.2"),
        ("data-values", "0,0,1"),
        ("data-mode", "playing"),
    ]);
    // V3 fires 1: V2 gains −a₂₃ = 1. Then V2 fires 1: V1 gains 1 and V3 gains −a₃₂ = 2.
    click(&root, "fire");
    click(&root, "fire");
    assert_eq!(
        trace(&root),
        vec![
            "0: [0, 0, 1]",
            "1: [0, 1, -1]   fired V3(1)",
            "2: [1, -1, 1]   fired V2(1)"
        ]
    );
    assert!(
        status(&root).contains("finite type B3"),
        "{}",
        status(&root)
    );
}

#[wasm_bindgen_test]
async fn a_link_and_embed_attributes_carry_the_graph_the_firing_and_the_moves() {
    let root = mount(&[
        ("id", "numbers"),
        ("data-graph", "IMO1986"),
        ("data-firing", "numbers"),
        ("data-mode", "playing"),
        ("data-moves", "V1,V3"),
    ]);
    settled(&root).await;
    assert_eq!(trace(&root).len(), 3, "{:?}", trace(&root));
    assert!(
        status(&root).contains("this play ends: c·v"),
        "{}",
        status(&root)
    );
    click(&root, "share");
    let hash = address_hash();
    assert!(
        hash.contains("firing=numbers|IMO1986/3,-4,2,-5,1/V1,V3"),
        "{hash}"
    );
    let again = mount(&[("id", "numbers")]);
    settled(&again).await;
    assert_eq!(trace(&again), trace(&root));
    web_sys::window().unwrap().location().set_hash("").unwrap();
    // A bad list of moves is named, and the play starts without them.
    let bad = mount(&[
        ("data-graph", "A3"),
        ("data-mode", "playing"),
        ("data-moves", "V9"),
    ]);
    assert!(note(&bad).contains("data-moves"), "{}", note(&bad));
    assert_eq!(trace(&bad).len(), 1);
}

/// A pointer event of `kind` at (x, y) in the picture's CSS pixels.
fn point(root: &web_sys::HtmlElement, kind: &str, (x, y): (f64, f64)) {
    let canvas = find(root, ".gl-canvas");
    let rect = canvas.get_bounding_client_rect();
    let init = web_sys::PointerEventInit::new();
    init.set_bubbles(true);
    init.set_client_x((rect.left() + x).round() as i32);
    init.set_client_y((rect.top() + y).round() as i32);
    init.set_pointer_id(1);
    let event = web_sys::PointerEvent::new_with_event_init_dict(kind, &init).unwrap();
    canvas.dispatch_event(&event).unwrap();
}

/// The graph the page shows now, read back from its share text.
fn shown_graph(root: &web_sys::HtmlElement) -> gamelab::engine::ade::Diagram {
    click(root, "share");
    let hash = address_hash();
    let text = hash.split_once('|').unwrap().1;
    let graph = text.split('/').next().unwrap();
    web_sys::window().unwrap().location().set_hash("").unwrap();
    diagram_text::parse(graph).unwrap()
}

#[wasm_bindgen_test]
fn a_graph_is_shaped_by_buttons_keys_and_the_pointer() {
    let root = mount(&[
        ("id", "shaped"),
        ("data-graph", "A2"),
        ("data-values", "1,2"),
    ]);
    click(&root, "shape");
    assert!(bar_visible(&root, "shaping"));
    // A finger on the picture drags nodes now, rather than scrolling the page.
    let style = find(&root, ".gl-canvas").style();
    assert_eq!(style.get_property_value("touch-action").unwrap(), "none");
    // A node by its button, joined to V2, then the edge's weights: B3.
    click(&root, "add-node");
    assert!(
        status(&root).contains("a graph of 3 nodes"),
        "{}",
        status(&root)
    );
    assert!(
        status(&root).contains("the part with V3: finite type A1"),
        "{}",
        status(&root)
    );
    // The node added is picked: picking V2 pairs them.
    click(&root, "node-1");
    click(&root, "join");
    assert!(
        status(&root).contains("finite type A3"),
        "{}",
        status(&root)
    );
    click(&root, "weights");
    assert!(dialog_open(&root, "weights"));
    let first: HtmlInputElement = find(&root, "[data-field='weight-ba']").unchecked_into();
    // The node picked first (V3) is `a`, V2 is `b`: "V2 gains × what V3 fires".
    first.set_value("1");
    let second: HtmlInputElement = find(&root, "[data-field='weight-ab']").unchecked_into();
    second.set_value("2");
    click(&root, "weights-ok");
    assert!(!dialog_open(&root, "weights"));
    assert!(
        status(&root).contains("finite type B3"),
        "{}",
        status(&root)
    );
    // The start values stayed with their nodes.
    assert_eq!(trace(&root), vec!["0: [1, 2, 0]"]);
    // A bad weight is said in the dialog and changes nothing.
    click(&root, "weights");
    first.set_value("0");
    click(&root, "weights-ok");
    assert!(dialog_open(&root, "weights"));
    click(&root, "weights-cancel");
    assert!(status(&root).contains("finite type B3"));
    // The keyboard: N adds a node, Delete takes the one picked away.
    key(&root, "n");
    assert!(
        status(&root).contains("a graph of 4 nodes"),
        "{}",
        status(&root)
    );
    key(&root, "Delete");
    assert!(
        status(&root).contains("finite type B3"),
        "{}",
        status(&root)
    );
    // The pointer: a tap on empty space adds a node there; a drag moves a node.
    let canvas = find(&root, ".gl-canvas").get_bounding_client_rect();
    let before = shown_graph(&root);
    point(&root, "pointerdown", (20.0, canvas.height() - 20.0));
    point(&root, "pointerup", (20.0, canvas.height() - 20.0));
    let added = shown_graph(&root);
    assert_eq!(added.node_count(), 4);
    let layout = gamelab::draw::ade::GraphLayout::new(&added, canvas.width(), canvas.height());
    let (x, y) = layout.centres[0];
    point(&root, "pointerdown", (x, y));
    point(&root, "pointermove", (x + 10.0, y));
    point(&root, "pointermove", (x + 30.0, y + 40.0));
    point(&root, "pointerup", (x + 30.0, y + 40.0));
    assert!(status(&root).contains("V1 moved"), "{}", status(&root));
    let moved = shown_graph(&root);
    assert_ne!(moved.places()[0], added.places()[0]);
    assert_eq!(moved.cartan(), added.cartan());
    assert_ne!(before.node_count(), moved.node_count());
    // Done: the value dialog is back on a click; the link carries the shaped graph.
    click(&root, "shape");
    assert!(!bar_visible(&root, "shaping"));
    assert_eq!(
        style.get_property_value("touch-action").unwrap(),
        "manipulation"
    );
}

#[wasm_bindgen_test]
fn the_roots_are_listed_counted_and_drawn() {
    let root = mount(&[("data-graph", "F4")]);
    click(&root, "roots");
    assert!(dialog_open(&root, "roots"));
    let summary = find(&root, ".gl-roots-summary").text_content().unwrap();
    assert!(summary.contains("24 positive roots"), "{summary}");
    assert!(
        summary.contains("highest root is (2,3,4,2) (height 11)"),
        "{summary}"
    );
    assert_eq!(
        root.query_selector_all(".gl-roots-row button")
            .unwrap()
            .length(),
        24
    );
    // The highest root, the last listed, drawn on the graph as the start.
    click(&root, "root-23");
    assert_eq!(trace(&root), vec!["0: [2, 3, 4, 2]"]);
    assert!(
        status(&root).contains("drawn on the graph"),
        "{}",
        status(&root)
    );
    click(&root, "roots-ok");
    // A graph not of finite type lists its real roots up to the height asked: on the triangle
    // (affine A2) δ = α0 + α1 + α2 is not real, so none has height 3.
    let affine = mount(&[("data-graph", "~A2")]);
    click(&affine, "roots");
    let height: HtmlInputElement = find(&affine, "[data-field='roots-height']").unchecked_into();
    height.set_value("3");
    click(&affine, "roots-list");
    let summary = find(&affine, ".gl-roots-summary").text_content().unwrap();
    assert!(
        summary.contains("6 real positive roots up to height 3"),
        "{summary}"
    );
    height.set_value("x");
    click(&affine, "roots-list");
    assert!(dialog_open(&affine, "roots"));
}

#[wasm_bindgen_test]
async fn two_orders_end_alike_and_each_replays() {
    let root = mount(&[
        ("data-graph", "E6"),
        ("data-values", "1,1,1,1,1,1"),
        ("data-firing", "numbers"),
        ("data-mode", "playing"),
    ]);
    assert!(
        status(&root).contains("36 positive roots"),
        "{}",
        status(&root)
    );
    click(&root, "orders");
    let summary = find(&root, ".gl-orders-summary").text_content().unwrap();
    assert!(
        summary.contains("same state after the same number of moves"),
        "{summary}"
    );
    click(&root, "replay-highest");
    settled(&root).await;
    let lines = trace(&root);
    assert_eq!(lines.len(), 37);
    assert!(lines[1].ends_with("fired V5(1)"), "{}", lines[1]);
    click(&root, "orders");
    click(&root, "replay-lowest");
    settled(&root).await;
    let again = trace(&root);
    assert!(again[1].ends_with("fired V0(1)"), "{}", again[1]);
    // The same end after the same number of moves, by another road.
    let state = |line: &str| line.split("   fired").next().unwrap().to_string();
    assert_eq!(again.len(), 37);
    assert_eq!(state(&again[36]), state(&lines[36]));
    assert_ne!(again[1], lines[1]);
}
