//! The ADE applet mounted in a real page (headless Chromium), clicked through with real DOM
//! events; DOM text and canvas pixels checked.
#![cfg(target_arch = "wasm32")]

use gamelab::draw::ade::FiringGraphLayout;
use gamelab::engine::ade::{Diagram, Game, Values};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{HtmlCanvasElement, HtmlElement, HtmlInputElement, HtmlSelectElement};

wasm_bindgen_test_configure!(run_in_browser);

mod web;

use web::ade::*;
use web::{click, document, find, sleep};

#[wasm_bindgen_test]
fn load_dialog_set_values_by_clicking_then_play() {
    let root = mount(&[("data-graph", "A3")]);
    assert!(bar_visible(&root, "editing") && !bar_visible(&root, "playing"));
    load(&root, "E", "8");
    assert!(!dialog_open(&root, "load"));
    assert!(status(&root).contains("E8") && status(&root).contains("Coxeter number h = 30"));
    assert_eq!(trace(&root), vec!["0: [0, 1, 0, 0, 0, 0, 0, 0]"]);
    let e8 = Diagram::parse("E8").unwrap();
    // Click V3 (index 3) and give it 2; click V1 and give it a negative value.
    click_node(&root, &e8, 3);
    assert!(dialog_open(&root, "value"));
    assert!(find(&root, "[data-dialog='value'] h3")
        .text_content()
        .unwrap()
        .contains("V3"));
    set_value(&root, "2");
    assert!(!dialog_open(&root, "value"));
    click_node(&root, &e8, 1);
    set_value(&root, "-4");
    assert_eq!(trace(&root), vec!["0: [0, -4, 0, 2, 0, 0, 0, 0]"]);
    // Playing: the bar changes; Fire, Undo.
    click(&root, "playing");
    assert!(bar_visible(&root, "playing") && !bar_visible(&root, "editing"));
    assert!(is_disabled(&root, "undo"));
    click(&root, "fire");
    assert_eq!(
        trace(&root)[1],
        "1: [2, -4, 2, -2, 2, 0, 0, 0]   fired V3(2)"
    );
    click(&root, "undo");
    assert_eq!(trace(&root).len(), 1);
    // Clicking nodes does nothing in Playing mode.
    click_node(&root, &e8, 2);
    assert!(!dialog_open(&root, "value"));
}

#[wasm_bindgen_test]
fn bad_values_and_bad_degrees_are_explained_and_change_nothing() {
    let root = mount(&[("data-graph", "D4"), ("data-values", "0,0,1,0")]);
    let d4 = Diagram::parse("D4").unwrap();
    for bad in ["1.5", "abc", "", "99999999999999999999"] {
        click_node(&root, &d4, 2);
        set_value(&root, bad);
        assert!(dialog_open(&root, "value"), "{bad}");
        let error = find(&root, "[data-dialog='value'] .gl-error")
            .text_content()
            .unwrap();
        assert!(
            error.contains("whole number")
                || error.contains("out of range")
                || error.contains("no value"),
            "{bad}: {error}"
        );
        click(&root, "value-cancel");
    }
    assert_eq!(trace(&root), vec!["0: [0, 0, 1, 0]"]);
    load(&root, "D", "3");
    assert!(dialog_open(&root, "load"));
    let error = find(&root, "[data-dialog='load'] .gl-error")
        .text_content()
        .unwrap();
    assert!(error.contains("D graphs have 4 to 30 nodes"), "{error}");
    click(&root, "load-cancel");
    load(&root, "A", "x");
    assert!(find(&root, "[data-dialog='load'] .gl-error")
        .text_content()
        .unwrap()
        .contains("not a degree"));
    click(&root, "load-cancel");
    assert_eq!(trace(&root), vec!["0: [0, 0, 1, 0]"]);
}

#[wasm_bindgen_test]
async fn exhaust_fire_then_show_graph_draws_every_layer() {
    let root = mount(&[
        ("data-graph", "E8"),
        ("data-values", "0,0,0,1,0,0,0,0"),
        ("data-mode", "playing"),
        // Every ring (the default is 3, which keeps long plays readable).
        ("data-max-rings", "0"),
    ]);
    assert!(bar_visible(&root, "playing"));
    click(&root, "exhaust");
    wait_for_status(&root, "terminated").await;
    let lines = trace(&root);
    assert_eq!(lines.len(), 30);
    assert_eq!(lines[29], "29: [0, 0, 0, -1, 0, 0, 0, 0]   fired V3(1)");
    assert!(is_disabled(&root, "fire") && is_disabled(&root, "exhaust"));
    assert!(find(&root, ".gl-trace-line:last-child")
        .class_list()
        .contains("gl-current"));
    click(&root, "show-graph");
    assert!(dialog_open(&root, "graph"));
    let caption = find(&root, ".gl-graph-caption").text_content().unwrap();
    assert!(caption.starts_with("29 layers"), "{caption}");
    // The canvas is the layout of the engine's play, and each fired node's centre is drawn.
    let mut play = Game::new(
        Diagram::parse("E8").unwrap(),
        Values::from_i64(vec![0, 0, 0, 1, 0, 0, 0, 0]),
    )
    .unwrap();
    play.exhaust(100);
    let layers = play.layers();
    let layout = FiringGraphLayout::new(play.graph(), &layers, 0).unwrap();
    let canvas: HtmlCanvasElement = find(&root, ".gl-graph-canvas").unchecked_into();
    assert_eq!(
        (canvas.width(), canvas.height()),
        (layout.width.ceil() as u32, layout.height.ceil() as u32)
    );
    for (row, layer) in layers.iter().enumerate() {
        for (node, _) in layer {
            let (x, y) = layout.centre(play.graph(), *node, row);
            assert_eq!(pixel(&canvas, x, y), [120, 40, 20], "row {row} node {node}");
        }
    }
    // An empty spot in the first row stays white (V0 did not fire in layer 1), beside the
    // column's guide line.
    let (x, y) = layout.centre(play.graph(), 0, 0);
    assert_eq!(pixel(&canvas, x + 4.0, y), [255, 255, 255]);
    // Max rings redraws narrower: 6 rings become 1.
    let rings: HtmlSelectElement = find(&root, "select[data-action='max-rings']").unchecked_into();
    rings.set_value("1");
    changed(&rings);
    assert_eq!(
        canvas.width(),
        FiringGraphLayout::new(play.graph(), &layers, 1)
            .unwrap()
            .width
            .ceil() as u32
    );
    // Undo from the graph window, then OK closes it.
    click(&root, "graph-undo");
    assert!(find(&root, ".gl-graph-caption")
        .text_content()
        .unwrap()
        .starts_with("28 layers"));
    click(&root, "graph-fire");
    assert!(find(&root, ".gl-graph-caption")
        .text_content()
        .unwrap()
        .starts_with("29 layers"));
    // Save offers the picture as a TGA and a PNG download.
    click(&root, "save-tga");
    assert!(
        status(&root).contains("Saved the firing-sequence graph"),
        "{}",
        status(&root)
    );
    click(&root, "save-png");
    assert!(
        status(&root).contains("Saved the firing-sequence graph"),
        "{}",
        status(&root)
    );
    click(&root, "graph-help");
    assert!(find(&root, "[data-dialog='help'] p")
        .text_content()
        .unwrap()
        .contains("firing-sequence graph"));
    click(&root, "help-ok");
    click(&root, "graph-ok");
    assert!(!dialog_open(&root, "graph"));
}

#[wasm_bindgen_test]
async fn exhaust_stops_at_the_cap_and_on_stop_while_the_page_stays_responsive() {
    let root = mount(&[
        ("data-graph", "E9"),
        ("data-values", "0,0,0,1,0,0,0,0,0"),
        ("data-mode", "playing"),
        ("data-layer-cap", "300"),
    ]);
    assert!(status(&root).contains("will never terminate"));
    click(&root, "exhaust");
    wait_for_status(&root, "stopped after 300 layers").await;
    settled(&root).await;
    assert_eq!(trace(&root).len(), 301);
    // A huge cap: the run goes on in slices; timers still fire (the page is not frozen) and Stop works.
    let cap: HtmlInputElement = find(&root, "input[data-action='layer-cap']").unchecked_into();
    cap.set_value("100000000");
    click(&root, "exhaust");
    // (Short: with its slices no longer laying out 2,000 lines each, the whole run to the
    // history's memory limit takes about 150 ms.)
    let mut ticks = 0;
    for _ in 0..3 {
        sleep(15).await;
        ticks += 1;
    }
    assert_eq!(ticks, 3);
    assert!(status(&root).contains("so far"), "{}", status(&root));
    assert!(!find(&root, "button[data-action='stop']").hidden());
    click(&root, "stop");
    assert!(
        status(&root).contains("stopped by you after"),
        "{}",
        status(&root)
    );
    assert!(find(&root, "button[data-action='stop']").hidden());
    // (The tracing area gets its lines back in the next few slices.)
    settled(&root).await;
    let layers_after_stop = trace(&root).len();
    sleep(50).await;
    assert_eq!(
        trace(&root).len(),
        layers_after_stop,
        "nothing fires after Stop"
    );
    // A bad cap is refused with a message and the previous one kept.
    cap.set_value("many");
    click(&root, "exhaust");
    wait_for_status(&root, "kept").await;
    click(&root, "stop");
}

#[wasm_bindgen_test]
async fn loops_are_reported() {
    let root = mount(&[
        ("data-graph", "E9"),
        ("data-values", "1,0,0,0,0,0,0,0,-3"),
        ("data-mode", "playing"),
    ]);
    click(&root, "exhaust");
    wait_for_status(&root, "the play loops").await;
    assert!(status(&root).contains("layer 17 equals the state after layer 13 (period 4)"));
}

#[wasm_bindgen_test]
fn editing_clears_graph_and_trace_and_load_offers_the_last_graph() {
    let root = mount(&[("data-graph", "D5"), ("data-mode", "playing")]);
    click(&root, "fire");
    assert_eq!(trace(&root).len(), 2);
    // Asked first: the graph and the layers fired go.
    click(&root, "editing");
    let question = find(&root, ".gl-confirm")
        .text_content()
        .unwrap_or_default();
    assert!(question.contains("the layer fired goes"), "{question}");
    web::answer(&root, false);
    assert!(
        bar_visible(&root, "playing") && trace(&root).len() == 2,
        "no: the play stays"
    );
    click(&root, "editing");
    web::answer(&root, true);
    assert!(bar_visible(&root, "editing"));
    assert!(trace(&root).is_empty());
    assert!(status(&root).contains("No graph loaded"));
    assert!(is_disabled(&root, "playing"));
    click(&root, "load");
    let select: HtmlSelectElement = find(&root, "[data-dialog='load'] select").unchecked_into();
    let input: HtmlInputElement = find(&root, "[data-dialog='load'] input").unchecked_into();
    assert_eq!(
        (select.value(), input.value()),
        ("D".to_string(), "5".to_string())
    );
    click(&root, "load-ok");
    assert_eq!(trace(&root), vec!["0: [0, 1, 0, 0, 0]"]);
}

#[wasm_bindgen_test]
fn menus_help_about_and_quick_starts() {
    let root = mount(&[("data-graph", "A4")]);
    click(&root, "menu-about");
    click(&root, "about");
    assert!(dialog_open(&root, "help"));
    assert!(find(&root, "[data-dialog='help'] p")
        .text_content()
        .unwrap()
        .contains("Thai Son Hoang"));
    click(&root, "help-ok");
    click(&root, "help-editing");
    assert!(find(&root, "[data-dialog='help'] p")
        .text_content()
        .unwrap()
        .starts_with("Editing mode"));
    click(&root, "help-ok");
    click(&root, "all-ones");
    assert_eq!(trace(&root), vec!["0: [1, 1, 1, 1]"]);
    let single: HtmlSelectElement = find(&root, "select[data-action='single-at']").unchecked_into();
    single.set_value("2");
    changed(&single);
    assert_eq!(trace(&root), vec!["0: [0, 0, 1, 0]"]);
    // An open menu closes when something else is done (the Load dialog opened in front of it).
    click(&root, "menu-game");
    let game_menu = find(&root, ".gl-menu");
    assert!(!game_menu.hidden());
    click(&root, "load");
    assert!(dialog_open(&root, "load") && game_menu.hidden());
    click(&root, "load-cancel");
    click(&root, "menu-game");
    click(&root, "new-game");
    assert!(dialog_open(&root, "load"));
    assert!(trace(&root).is_empty());
    click(&root, "load-ok");
    assert_eq!(trace(&root), vec!["0: [1, 0, 0, 0]"]);
}

#[wasm_bindgen_test]
fn keyboard_shortcuts_fire_and_undo() {
    let root = mount(&[
        ("data-graph", "A3"),
        ("data-values", "0,1,0"),
        ("data-mode", "playing"),
    ]);
    key(&root, "f");
    key(&root, "F");
    assert_eq!(trace(&root).len(), 3);
    key(&root, "u");
    assert_eq!(trace(&root).len(), 2);
}

#[wasm_bindgen_test]
async fn malformed_data_attributes_get_a_message_and_a_working_default() {
    for (attributes, needle) in [
        (vec![("data-graph", "D3")], "D graphs have 4 to 30 nodes"),
        (
            vec![("data-graph", "E8"), ("data-values", "1,2")],
            "8 nodes but 2 values",
        ),
        (vec![("data-graph", "A2"), ("data-values", "1,x")], "V2"),
        (
            vec![("data-graph", "A2"), ("data-layers", "lots")],
            "not a number of layers",
        ),
        (
            vec![("data-graph", "A2"), ("data-max-rings", "99")],
            "data-max-rings",
        ),
        (
            vec![("data-graph", "A2"), ("data-mode", "weird")],
            "data-mode=\"weird\" is one of editing or playing",
        ),
    ] {
        let root = mount(&attributes);
        assert!(
            note(&root).contains(needle),
            "{attributes:?}: {}",
            note(&root)
        );
        assert!(!trace(&root).is_empty(), "a graph is loaded anyway");
    }
    // A bad data-values leaves a good data-graph in use, from its default start.
    let root = mount(&[("data-graph", "E9"), ("data-values", "1,x")]);
    assert!(status(&root).starts_with("E9"), "{}", status(&root));
    assert!(note(&root).contains("data-values"), "{}", note(&root));
    // What was typed is said back cut to a line, not repeated whole.
    let long = format!("E8{}", "x".repeat(5000));
    let root = mount(&[("data-graph", long.as_str()), ("data-mode", &long)]);
    assert!(note(&root).chars().count() < 400, "{}", note(&root));
    assert!(note(&root).contains("(5002 characters)"), "{}", note(&root));
    assert!(status(&root).starts_with("E8"), "{}", status(&root));
    let root = mount(&[
        ("data-graph", "D4"),
        ("data-values", "1,1,1,1"),
        ("data-layers", "3"),
    ]);
    settled(&root).await;
    assert_eq!(trace(&root).len(), 4);
    assert!(bar_visible(&root, "playing"));
}

#[wasm_bindgen_test]
async fn url_state_restores_a_position_and_share_writes_it() {
    let window = web_sys::window().unwrap();
    window
        .location()
        .set_hash("ade-shared=E8/0,0,0,1,0,0,0,0/5&ade-broken=E8/1,2")
        .unwrap();
    let root = mount(&[("id", "shared"), ("data-graph", "A3")]);
    settled(&root).await;
    assert!(status(&root).contains("E8"));
    assert_eq!(trace(&root).len(), 6);
    assert!(bar_visible(&root, "playing"));
    let broken = mount(&[("id", "broken"), ("data-graph", "A3")]);
    assert!(
        note(&broken).contains("link's ADE state was not used"),
        "{}",
        note(&broken)
    );
    assert_eq!(trace(&broken), vec!["0: [1, 0, 0]"]);
    click(&root, "fire");
    click(&root, "share");
    let hash = address_hash();
    assert!(hash.contains("|E8/0,0,0,1,0,0,0,0/6"), "{hash}");
    assert!(
        hash.contains("ade-broken=E8/1,2"),
        "other entries are kept: {hash}"
    );
    assert!(status(&root).contains("Link to this position"));
    window.location().set_hash("").unwrap();
}

/// Records the largest gap between the ticks of a 10 ms timer until `stop` is called.
struct TimerWatch {
    handle: i32,
    gaps: std::rc::Rc<std::cell::RefCell<(f64, f64)>>,
    _tick: wasm_bindgen::closure::Closure<dyn FnMut()>,
}

impl TimerWatch {
    fn start() -> TimerWatch {
        let window = web_sys::window().unwrap();
        let now = || web_sys::window().unwrap().performance().unwrap().now();
        let gaps = std::rc::Rc::new(std::cell::RefCell::new((now(), 0.0f64)));
        let g = gaps.clone();
        let tick = wasm_bindgen::closure::Closure::<dyn FnMut()>::new(move || {
            let mut g = g.borrow_mut();
            let t = now();
            g.1 = g.1.max(t - g.0);
            g.0 = t;
        });
        let handle = window
            .set_interval_with_callback_and_timeout_and_arguments_0(
                tick.as_ref().unchecked_ref(),
                10,
            )
            .unwrap();
        TimerWatch {
            handle,
            gaps,
            _tick: tick,
        }
    }

    /// The largest gap between two ticks so far (milliseconds).
    fn largest_gap(&self) -> f64 {
        self.gaps.borrow().1
    }

    fn stop(self) {
        web_sys::window()
            .unwrap()
            .clear_interval_with_handle(self.handle);
    }
}

#[wasm_bindgen_test]
async fn a_long_share_link_opens_in_slices_and_huge_values_never_freeze_the_page() {
    let window = web_sys::window().unwrap();
    let ones = vec!["1"; 30].join(",");
    window
        .location()
        .set_hash(&format!("ade-long=E30/{ones}/100000"))
        .unwrap();
    let watch = TimerWatch::start();
    let root = mount(&[("id", "long")]);
    window.location().set_hash("").unwrap();
    sleep(400).await;
    assert!(
        status(&root).contains("moves asked for"),
        "{}",
        status(&root)
    );
    click(&root, "stop");
    assert!(
        status(&root).contains("Stopped by you after"),
        "{}",
        status(&root)
    );
    // Exhaust fire on E10 from all ones: the values grow to thousands of digits.
    let big = mount(&[
        ("data-graph", "E10"),
        ("data-values", "1,1,1,1,1,1,1,1,1,1"),
        ("data-mode", "playing"),
        ("data-layer-cap", "1000000"),
    ]);
    click(&big, "exhaust");
    // Some slices in (the whole run takes well under two seconds now that its slices are short).
    sleep(150).await;
    assert!(status(&big).contains("so far"), "{}", status(&big));
    let now = || web_sys::window().unwrap().performance().unwrap().now();
    let before = now();
    click(&big, "stop");
    assert!(now() - before < 100.0, "Stop answers at once");
    assert!(status(&big).contains("stopped by you"), "{}", status(&big));
    let gap = watch.largest_gap();
    watch.stop();
    // Not a speed test: a frozen page would show gaps of seconds.
    assert!(gap < 500.0, "a 10 ms timer waited {gap:.0} ms");
}

#[wasm_bindgen_test]
fn several_games_mount_on_one_page_and_unknown_ones_say_so() {
    let body = document().body().unwrap();
    let holder: HtmlElement = document().create_element("div").unwrap().unchecked_into();
    holder.set_inner_html(r#"<div data-gamelab="ade" data-graph="A2"></div><div data-gamelab="ade" data-graph="E6"></div><div data-gamelab="chess"></div><div data-gamelab="bazaar"></div><div data-gamelab="sprouts"></div>"#);
    body.append_child(&holder).unwrap();
    assert_eq!(gamelab::ui::mount_all(), 5);
    assert_eq!(
        gamelab::ui::mount_all(),
        0,
        "mounted elements are not mounted twice"
    );
    let games = holder.query_selector_all(".gl-ade").unwrap();
    assert_eq!(games.length(), 2);
    assert!(holder
        .text_content()
        .unwrap()
        .contains("unknown game 'chess'"));
    assert_eq!(
        holder.query_selector_all(".gl-sprouts").unwrap().length(),
        1,
        "Glop mounts beside the applets"
    );
    assert_eq!(
        holder.query_selector_all(".gl-bazaar").unwrap().length(),
        1,
        "and Bazaar"
    );
}

/// What a new user tripped over (issue 14): the single-1 menu, All ones with no graph, layer
/// caps as typed, the status's words, the keys after a click on the picture.
#[wasm_bindgen_test]
fn the_bars_controls_do_what_they_show() {
    let root = mount(&[]);
    // Back to Editing clears the graph: nothing to set to ones.
    click(&root, "playing");
    click(&root, "editing");
    assert!(is_disabled(&root, "all-ones"));
    load(&root, "D", "4");
    assert!(!is_disabled(&root, "all-ones"));
    // The menu offers every node, also the one it showed before.
    let single: HtmlSelectElement = find(&root, "select[data-action='single-at']").unchecked_into();
    assert_eq!(single.value(), "", "a placeholder, not a node");
    single.set_value("1");
    changed(&single);
    assert_eq!(trace(&root), vec!["0: [0, 1, 0, 0]"]);
    click(&root, "all-ones");
    single.set_value("1");
    changed(&single);
    assert_eq!(trace(&root), vec!["0: [0, 1, 0, 0]"]);
    // The status names the type once.
    click(&root, "playing");
    assert_eq!(
        status(&root).matches("finite type").count(),
        1,
        "{}",
        status(&root)
    );
    // A cap as typed: "abc" is named; a valid cap clears the complaint; billions are fine.
    let cap: HtmlInputElement = find(&root, "input[data-action='layer-cap']").unchecked_into();
    cap.set_value("abc");
    changed(&cap);
    assert!(
        status(&root).contains("'abc' is not a layer cap"),
        "{}",
        status(&root)
    );
    cap.set_value("5000000000");
    changed(&cap);
    assert!(
        !status(&root).contains("is not a layer cap"),
        "{}",
        status(&root)
    );
    assert!(!status(&root).contains("'5000000000'"), "{}", status(&root));
    // Keys after a click on the picture: the applet has the focus, F fires.
    let graph = Diagram::parse("D4").unwrap();
    click_node(&root, &graph, 0);
    click(&root, "value-cancel");
    let focused = document().active_element().unwrap();
    assert!(root.contains(Some(&focused)), "the applet keeps the focus");
    let init = web_sys::KeyboardEventInit::new();
    init.set_key("f");
    init.set_bubbles(true);
    focused
        .dispatch_event(
            &web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap(),
        )
        .unwrap();
    assert_eq!(trace(&root).len(), 2, "{:?}", trace(&root));
}

#[wasm_bindgen_test]
async fn the_share_link_follows_later_fires_and_help_opens_in_front_of_the_graph() {
    let window = web_sys::window().unwrap();
    window.location().set_hash("").unwrap();
    let root = mount(&[
        ("id", "follow"),
        ("data-graph", "E8"),
        ("data-values", "0,0,0,1,0,0,0,0"),
        ("data-layers", "2"),
    ]);
    settled(&root).await;
    click(&root, "share");
    assert!(address_hash().contains("ade-follow=max-rings=3;layer-cap=10000|E8/0,0,0,1,0,0,0,0/2"));
    click(&root, "fire");
    click(&root, "fire");
    let hash = address_hash();
    assert!(hash.contains("|E8/0,0,0,1,0,0,0,0/4"), "{hash}");
    click(&root, "undo");
    let hash = address_hash();
    assert!(hash.contains("|E8/0,0,0,1,0,0,0,0/3"), "{hash}");
    // Help from the graph window is in front of it.
    click(&root, "show-graph");
    click(&root, "graph-help");
    assert!(dialog_open(&root, "help") && dialog_open(&root, "graph"));
    let help = find(&root, ".gl-dialog[data-dialog='help'] .gl-help-text");
    help.scroll_into_view();
    let rect = help.get_bounding_client_rect();
    let on_top = web::document()
        .element_from_point(
            (rect.left() + rect.width() / 2.0) as f32,
            (rect.top() + rect.height() / 2.0) as f32,
        )
        .unwrap();
    assert!(
        help.contains(Some(&on_top)),
        "in front: {}",
        on_top.outer_html().chars().take(120).collect::<String>()
    );
    window.location().set_hash("").unwrap();
}

#[wasm_bindgen_test]
async fn a_long_play_is_shown_a_page_of_layers_at_a_time() {
    use gamelab::draw::ade::ROW_LIMIT;
    let root = mount(&[
        ("data-graph", "E9"),
        ("data-values", "0,1,0,0,0,0,0,0,0"),
        ("data-layers", "900"),
    ]);
    settled(&root).await;
    click(&root, "show-graph");
    let caption = || find(&root, ".gl-graph-caption").text_content().unwrap();
    // The newest page first: layers 801–900.
    assert!(
        caption().starts_with("900 layers · layers 801–900 shown"),
        "{}",
        caption()
    );
    assert!(is_disabled(&root, "graph-later") && !is_disabled(&root, "graph-earlier"));
    click(&root, "graph-earlier");
    assert!(caption().starts_with(&format!("900 layers · layers 401–{} shown", 2 * ROW_LIMIT)));
    // Every sum of the page is in the caption (400 of them), not only the first 50.
    let sums = caption()
        .split(" · their sums ")
        .nth(1)
        .unwrap()
        .split(", ")
        .count();
    assert_eq!(sums, ROW_LIMIT);
    click(&root, "graph-earlier");
    assert!(caption().contains("layers 1–400 shown"));
    assert!(is_disabled(&root, "graph-earlier"));
    // A fire while looking back keeps the page; on the newest page it follows.
    click(&root, "graph-fire");
    assert!(
        caption().starts_with("901 layers · layers 1–400 shown"),
        "{}",
        caption()
    );
    click(&root, "graph-later");
    click(&root, "graph-later");
    click(&root, "graph-fire");
    assert!(
        caption().starts_with("902 layers · layers 801–902 shown"),
        "{}",
        caption()
    );
    let canvas: HtmlCanvasElement = find(&root, ".gl-graph-canvas").unchecked_into();
    assert!(canvas.width() > 1 && canvas.height() > 1, "drawn");
}

/// The firing-sequence graph of E8 with every value 1 is a picture thousands of pixels wide and
/// tall with every ring: it was shown at its own size with numbers 7 px high and no way to see
/// it whole. By default (3 rings) it fits at its own size; with every ring it opens fitted to
/// the window, and reads at 100 % or 200 %.
#[wasm_bindgen_test]
async fn a_huge_firing_graph_opens_fitted_and_zooms() {
    let root = mount(&[
        ("data-graph", "E8"),
        ("data-values", "1,1,1,1,1,1,1,1"),
        ("data-layers", "30"),
    ]);
    settled(&root).await;
    click(&root, "show-graph");
    let canvas: HtmlCanvasElement = find(&root, ".gl-graph-canvas").unchecked_into();
    let scroller = find(&root, ".gl-graph-scroll");
    // By default at most 3 rings: the picture fits its window at its own size, numbers whole.
    let natural = canvas.width() as f64;
    let shown = canvas.get_bounding_client_rect().width();
    assert!(
        natural <= scroller.client_width() as f64 && (shown - natural).abs() < 1.0,
        "3 rings: {natural} px shown at {shown} px in {} px",
        scroller.client_width()
    );
    // Every ring: a picture thousands of pixels wide.
    let rings: HtmlSelectElement = find(&root, "select[data-action='max-rings']").unchecked_into();
    rings.set_value("0");
    changed(&rings);
    let natural = canvas.width() as f64;
    assert!(
        natural > scroller.client_width() as f64,
        "a picture wider than its window ({natural} px)"
    );
    let shown = canvas.get_bounding_client_rect().width();
    assert!(
        shown <= scroller.client_width() as f64 + 0.5,
        "fitted: {shown} px in {} px",
        scroller.client_width()
    );
    let zoom: HtmlSelectElement = find(&root, "select[data-action='graph-zoom']").unchecked_into();
    zoom.set_value("2");
    changed(&zoom);
    let shown = canvas.get_bounding_client_rect().width();
    assert!(
        (shown - 2.0 * natural).abs() < 1.0,
        "200 %: {shown} px for a {natural} px picture"
    );
    zoom.set_value("1");
    changed(&zoom);
    assert!((canvas.get_bounding_client_rect().width() - natural).abs() < 1.0);
}

/// A long Exhaust fire keeps its slices short: while it runs, the tracing area holds only its
/// newest lines (laying out 2,000 long lines after every slice made slices of 71-162 ms on E10
/// with a 30,000-layer cap), and lists the newest 2,000 once it stops.
#[wasm_bindgen_test]
async fn a_long_run_keeps_the_tracing_area_short_until_it_stops() {
    let root = mount(&[
        ("data-graph", "E10"),
        ("data-values", "1,1,1,1,1,1,1,1,1,1"),
        ("data-layer-cap", "30000"),
    ]);
    click(&root, "playing");
    click(&root, "exhaust");
    let lines = |r: &HtmlElement| r.query_selector_all(".gl-trace li").unwrap().length();
    let mut seen_running = 0;
    for _ in 0..2000 {
        let now = status(&root);
        if now.contains("stopped after") {
            break;
        }
        if now.contains("so far") {
            seen_running += 1;
            assert!(lines(&root) <= 61, "{} lines while running", lines(&root));
        }
        sleep(5).await;
    }
    assert!(seen_running > 0, "the run took more than one slice");
    settled(&root).await;
    // Then the lines come back, a few hundred a slice.
    for _ in 0..400 {
        if lines(&root) == 2001 {
            break;
        }
        sleep(5).await;
    }
    assert_eq!(lines(&root), 2001, "the newest 2,000 states and the note");
    let first = root
        .query_selector(".gl-trace li:nth-child(2)")
        .unwrap()
        .unwrap();
    assert!(
        first.text_content().unwrap().starts_with("25750: "),
        "{}",
        first.text_content().unwrap()
    );
}

/// Redo fires again a layer taken back; a play the reader fired is kept in the browser, and
/// mounted again (a reload) the element finds it as it was left; an element that now asks for
/// another graph starts that graph instead.
#[wasm_bindgen_test]
async fn redo_fires_again_and_a_reload_finds_the_play_as_it_was_left() {
    web_sys::window().unwrap().location().set_hash("").unwrap();
    let attributes = [
        ("id", "kept"),
        ("data-graph", "D5"),
        ("data-mode", "playing"),
    ];
    let root = mount(&attributes);
    assert!(is_disabled(&root, "redo"));
    for _ in 0..3 {
        click(&root, "fire");
    }
    let fired = trace(&root);
    click(&root, "undo");
    assert_eq!(trace(&root).len(), fired.len() - 1);
    assert!(!is_disabled(&root, "redo"));
    key(&root, "r");
    assert_eq!(
        trace(&root),
        fired,
        "Redo (the R key) fires the layer again"
    );
    assert!(is_disabled(&root, "redo"));
    click(&root, "undo");
    click(&root, "fire");
    assert!(
        is_disabled(&root, "redo"),
        "a new fire forgets what was undone"
    );
    sleep(300).await;
    root.remove();

    let again = mount(&attributes);
    for _ in 0..100 {
        if trace(&again) == fired {
            break;
        }
        sleep(20).await;
    }
    assert_eq!(trace(&again), fired);
    assert!(
        status(&again).contains("The play you left here is back"),
        "{}",
        status(&again)
    );
    // Undo goes back through the kept layers too.
    click(&again, "undo");
    assert_eq!(trace(&again).len(), fired.len() - 1);
    sleep(300).await;
    again.remove();

    let other = mount(&[
        ("id", "kept"),
        ("data-graph", "A3"),
        ("data-mode", "playing"),
    ]);
    sleep(300).await;
    assert_eq!(
        trace(&other).len(),
        1,
        "A3 starts afresh: {:?}",
        trace(&other)
    );
    other.remove();
}

/// A share link is the whole play: max rings and the layer cap travel with the position, and a
/// reload or the link itself brings them back (the link kept only the graph, start and layers).
#[wasm_bindgen_test]
async fn the_share_link_keeps_max_rings_and_the_layer_cap() {
    let window = web_sys::window().unwrap();
    window.location().set_hash("").unwrap();
    let root = mount(&[
        ("id", "settings"),
        ("data-graph", "D5"),
        ("data-values", "1,0,0,0,0"),
        ("data-layers", "1"),
    ]);
    settled(&root).await;
    let rings: web_sys::HtmlSelectElement =
        find(&root, "[data-field='max-rings']").unchecked_into();
    rings.set_value("6");
    changed(&rings);
    let cap: HtmlInputElement = find(&root, "[data-field='layer-cap']").unchecked_into();
    cap.set_value("77");
    changed(&cap);
    click(&root, "share");
    let hash = address_hash();
    assert!(
        hash.contains("ade-settings=max-rings=6;layer-cap=77|D5/1,0,0,0,0/1"),
        "{hash}"
    );
    root.remove();
    // The link alone, on an element that asks for other settings: the link's win.
    let again = mount(&[
        ("id", "settings"),
        ("data-graph", "A3"),
        ("data-max-rings", "2"),
    ]);
    settled(&again).await;
    let rings: web_sys::HtmlSelectElement =
        find(&again, "[data-field='max-rings']").unchecked_into();
    let cap: HtmlInputElement = find(&again, "[data-field='layer-cap']").unchecked_into();
    assert_eq!(
        (rings.value(), cap.value()),
        ("6".to_string(), "77".to_string())
    );
    assert!(status(&again).contains("D5"), "{}", status(&again));
    assert_eq!(trace(&again).len(), 2);
    again.remove();
    // A refused setting is named and the element's own kept.
    window
        .location()
        .set_hash("ade-bad=max-rings=zillion;layer-cap=77|D5/1,0,0,0,0/1")
        .unwrap();
    let bad = mount(&[("id", "bad")]);
    settled(&bad).await;
    assert!(note(&bad).contains("The link's settings"), "{}", note(&bad));
    let cap: HtmlInputElement = find(&bad, "[data-field='layer-cap']").unchecked_into();
    assert_eq!(cap.value(), "77");
    bad.remove();
    window.location().set_hash("").unwrap();
}
