//! The applet's elements: the menu bar, the picture, the tracing area, the button bars of the
//! two modes and the dialogs, built once; `view` fills them from the state.

use super::*;
use crate::ui::widgets::confirm::Confirm;

/// A bar's control sits inline with the buttons (its label gets the bar's inline style).
fn inline<E: AsRef<web_sys::Element>>(control: E) -> E {
    if let Some(label) = control.as_ref().parent_element() {
        label.set_class_name("gl-inline");
    }
    control
}

/// The presets by group, each group an `<optgroup>`, after "none" (the type and degree above).
fn preset_select(parent: &HtmlElement) -> HtmlSelectElement {
    let select: HtmlSelectElement =
        child(&dom::labelled(parent, "Or a preset"), "select", "").unchecked_into();
    dom::best_effort(select.set_attribute("data-field", "preset"));
    let none: web_sys::HtmlOptionElement = child(&select, "option", "").unchecked_into();
    none.set_value("");
    none.set_text_content(Some("none: the type and degree above"));
    for group in presets::groups() {
        let optgroup = child(&select, "optgroup", "");
        dom::best_effort(optgroup.set_attribute("label", group.title));
        for name in group.names {
            let option: web_sys::HtmlOptionElement =
                child(&optgroup, "option", "").unchecked_into();
            option.set_value(&name);
            option.set_text_content(Some(&presets::title(&name)));
        }
    }
    select
}

pub(super) fn build(root: &HtmlElement) -> Dom {
    let menubar = child(root, "div", "gl-menubar");
    dom::best_effort(menubar.set_attribute("role", "menubar"));
    button(&menubar, "Game", &Action::Menu { game: true });
    let game_menu = child(&menubar, "div", "gl-menu");
    game_menu.set_hidden(true);
    button(&game_menu, "New game", &Action::NewGame);
    button(&menubar, "About", &Action::Menu { game: false });
    let about_menu = child(&menubar, "div", "gl-menu");
    about_menu.set_hidden(true);
    button(&about_menu, "Help", &Action::Help(Help::Game));
    button(&about_menu, "About this applet", &Action::Help(Help::About));

    let main = child(root, "div", "gl-ade-main");
    let graphic = child(&main, "div", "gl-graphic");
    let canvas: HtmlCanvasElement = child(&graphic, "canvas", "gl-canvas").unchecked_into();
    canvas.set_width(CANVAS_WIDTH);
    canvas.set_height(CANVAS_HEIGHT);
    dom::best_effort(canvas.set_attribute("role", "img"));
    let node_buttons = child(&graphic, "div", "gl-node-buttons");
    let trace = child(&main, "ol", "gl-trace");
    dom::best_effort(trace.set_attribute("aria-label", "Tracing area: the history of the graph"));
    dom::best_effort(trace.set_attribute("role", "log"));
    trace.set_tab_index(0);

    let status = child(root, "div", "gl-status");
    dom::best_effort(status.set_attribute("role", "status"));

    let editing_bar = child(root, "div", "gl-buttonbar");
    dom::best_effort(editing_bar.set_attribute("data-mode", "editing"));
    button(&editing_bar, "Help", &Action::Help(Help::Editing));
    button(&editing_bar, "Load", &Action::Load);
    let to_playing = button(&editing_bar, "Playing", &Action::Playing);
    let all_ones = button(&editing_bar, "All ones", &Action::AllOnes);
    let shape = button(&editing_bar, "Shape the graph", &Action::Shape);
    button(&editing_bar, "Roots", &Action::Roots);
    // The bars' controls act at once: they carry a data-action like the buttons beside them.
    let single_at = inline(form::select::<&str, &str>(
        &editing_bar,
        "Single 1 at",
        "single-at",
        &[],
    ));
    dom::set_action(&single_at, &Action::SingleOneAt);

    // Shaping the graph: what the pointer does, for the keyboard too.
    let shape_bar = child(root, "div", "gl-buttonbar");
    dom::best_effort(shape_bar.set_attribute("data-mode", "shaping"));
    dom::best_effort(shape_bar.set_attribute("aria-label", "Shape the graph"));
    button(&shape_bar, "Add node", &Action::AddNode);
    button(&shape_bar, "Remove node", &Action::RemoveNode);
    button(&shape_bar, "Join or part", &Action::Join);
    button(&shape_bar, "Weights", &Action::Weights);
    button(&shape_bar, "Done", &Action::Shape);
    child(&shape_bar, "span", "gl-hint").set_text_content(Some(
        "Tap empty space: a node. Drag a node: move it. Tap two nodes, or their buttons: pick them. \
         Keys: N add, Delete remove, J join or part, W weights, arrows move.",
    ));

    let playing_bar = child(root, "div", "gl-buttonbar");
    dom::best_effort(playing_bar.set_attribute("data-mode", "playing"));
    button(&playing_bar, "Help", &Action::Help(Help::Playing));
    let undo = button(&playing_bar, "Undo", &Action::Undo);
    let redo = button(&playing_bar, "Redo", &Action::Redo);
    let fire = button(&playing_bar, "Fire", &Action::Fire);
    let round = button(&playing_bar, "Fire every node in turn", &Action::Round);
    let orders_button = button(&playing_bar, "Two orders", &Action::Orders);
    let exhaust = button(&playing_bar, "Exhaust fire", &Action::Exhaust);
    let stop = button(&playing_bar, "Stop", &Action::Stop);
    let show_graph = button(&playing_bar, "Show graph", &Action::ShowGraph);
    let to_editing = button(&playing_bar, "Editing", &Action::Editing);
    // Text, not type=number: a number input hides what was typed ("abc" reads as "").
    let layer_cap = inline(form::input(
        &playing_bar,
        "Layer cap",
        "layer-cap",
        "text",
        &default_layer_cap().to_string(),
    ));
    dom::best_effort(layer_cap.set_attribute("inputmode", "numeric"));
    layer_cap.set_class_name("gl-number");
    layer_cap.set_min("1");
    dom::set_action(&layer_cap, &Action::LayerCap);
    // The two ways to play: the seed's concurrent firing, or the numbers game.
    let firing = inline(form::select(
        &playing_bar,
        "Firing",
        "firing",
        &[
            ("concurrent", "every positive node at once"),
            ("numbers", "one node a move (numbers game)"),
        ],
    ));
    dom::set_action(&firing, &Action::Firing);
    button(&playing_bar, "Share link", &Action::Share);
    // Questions before a play is thrown away, asked here, under the bar that asks them.
    let confirm = Confirm::new(&child(root, "div", "gl-asking"));
    // The keys work once the applet has the focus, which a page does not give it by itself.
    child(&playing_bar, "span", "gl-hint gl-keys-hint")
        .set_text_content(Some("Keys F, U, E: click the picture first."));

    let load = Dialog::new(root, "Load a graph", "load");
    let load_family = form::select(
        &load.body,
        "Type",
        "family",
        &[("A", "A"), ("D", "D"), ("E", "E")],
    );
    let load_degree = form::input(&load.body, "Degree", "degree", "text", "");
    load_degree.set_class_name("gl-number");
    dom::best_effort(load_degree.set_attribute("inputmode", "numeric"));
    let range = child(&load.body, "p", "gl-hint");
    range.set_text_content(Some(&format!(
        "A: 1 to {MAX_N} nodes · D: 4 to {MAX_N} · E: 6 to {MAX_N}"
    )));
    let load_preset = preset_select(&load.body);
    let load_text = form::input(
        &load.body,
        "Or any graph, as text",
        "graph-text",
        "text",
        "",
    );
    dom::best_effort(load_text.set_attribute("placeholder", "5:1-2,2-3,3-4,4-5,5-1"));
    dom::best_effort(load_text.set_attribute("spellcheck", "false"));
    child(&load.body, "p", "gl-hint").set_text_content(Some(
        "A graph as text: its number of nodes, a colon, then its edges (1-2 joins V1 and V2; \
         2-3.1.2 sets a₂₃ = −1 and a₃₂ = −2). A preset or a text is loaded before the type above.",
    ));
    button(&load.buttons, "OK", &Action::LoadOk);
    button(&load.buttons, "Cancel", &Action::LoadCancel);

    let value = Dialog::new(root, "Node value", "value");
    let value_input: HtmlInputElement = child(&value.body, "input", "gl-value").unchecked_into();
    value_input.set_type("text");
    dom::best_effort(value_input.set_attribute("inputmode", "numeric"));
    dom::best_effort(value_input.set_attribute("aria-label", "Node value"));
    button(&value.buttons, "OK", &Action::ValueOk);
    button(&value.buttons, "Cancel", &Action::ValueCancel);

    let weights = Dialog::new(root, "Edge weights", "weights");
    let weight = |field: &str| {
        let wrap = dom::labelled(&weights.body, "");
        let label: HtmlElement = wrap
            .first_element_child()
            .map(|e| e.unchecked_into())
            .unwrap_or_else(|| wrap.clone());
        let input: HtmlInputElement = child(&wrap, "input", "gl-number").unchecked_into();
        input.set_type("text");
        dom::best_effort(input.set_attribute("inputmode", "numeric"));
        dom::best_effort(input.set_attribute("data-field", field));
        (label, input)
    };
    let (gain_b, weight_b) = weight("weight-ba");
    let (gain_a, weight_a) = weight("weight-ab");
    child(&weights.body, "p", "gl-hint").set_text_content(Some(
        "1 and 1: a plain edge. 2 and 1 or 3 and 1: a double or triple edge (B, C, F4, G2), its \
         arrow at the node that gains more. Weights are 1 to 100.",
    ));
    button(&weights.buttons, "OK", &Action::WeightsOk);
    button(&weights.buttons, "Cancel", &Action::WeightsCancel);

    let roots = Dialog::new(root, "Roots", "roots");
    let roots_summary = child(&roots.body, "p", "gl-roots-summary");
    let roots_height = form::input(&roots.body, "Up to height", "roots-height", "text", "6");
    roots_height.set_class_name("gl-number");
    dom::best_effort(roots_height.set_attribute("inputmode", "numeric"));
    button(&roots.body, "List", &Action::RootsList);
    let roots_list = child(&roots.body, "div", "gl-roots-list");
    button(&roots.buttons, "OK", &Action::RootsOk);

    let orders = Dialog::new(root, "Two orders of firing", "orders");
    let orders_summary = child(&orders.body, "p", "gl-orders-summary");
    let lowest = child(&orders.body, "p", "gl-orders-play");
    let highest = child(&orders.body, "p", "gl-orders-play");
    button(
        &orders.buttons,
        "Replay lowest first",
        &Action::ReplayOrder { highest: false },
    );
    button(
        &orders.buttons,
        "Replay highest first",
        &Action::ReplayOrder { highest: true },
    );
    button(&orders.buttons, "OK", &Action::OrdersOk);

    let help = Dialog::new(root, "Help", "help");
    let help_text = child(&help.body, "p", "gl-help-text");
    button(&help.buttons, "OK", &Action::HelpOk);

    let graph = Dialog::new(root, "Firing sequence graph", "graph");
    dom::best_effort(graph.panel.class_list().add_1("gl-graph-window"));
    let rings: Vec<(String, String)> = (0..=10)
        .map(|m| {
            let text = if m == 0 {
                "0 (no maximum)".to_string()
            } else {
                m.to_string()
            };
            (m.to_string(), text)
        })
        .collect();
    let max_rings = form::select(&graph.body, "Max rings", "max-rings", &rings);
    dom::set_action(&max_rings, &Action::MaxRings);
    // A long play's picture is thousands of pixels tall: it opens fitted to the window's width,
    // and can be read at its own size or twice it.
    let graph_zoom = form::select(
        &graph.body,
        "Size",
        "graph-zoom",
        &[
            ("fit".to_string(), "fit the window".to_string()),
            ("1".to_string(), "100 %".to_string()),
            ("2".to_string(), "200 %".to_string()),
        ],
    );
    dom::set_action(&graph_zoom, &Action::GraphZoom);
    let scroller = child(&graph.body, "div", "gl-graph-scroll");
    let graph_canvas: HtmlCanvasElement =
        child(&scroller, "canvas", "gl-graph-canvas").unchecked_into();
    dom::best_effort(graph_canvas.set_attribute("role", "img"));
    let pages = child(&graph.body, "div", "gl-buttonbar gl-graph-pages");
    let graph_earlier = button(
        &pages,
        "Earlier layers",
        &Action::GraphPage { later: false },
    );
    let graph_later = button(&pages, "Later layers", &Action::GraphPage { later: true });
    let graph_caption = child(&graph.body, "p", "gl-graph-caption");
    button(&graph.buttons, "OK", &Action::GraphOk);
    let graph_fire = button(&graph.buttons, "Fire", &Action::GraphFire);
    let graph_undo = button(&graph.buttons, "Undo", &Action::GraphUndo);
    button(
        &graph.buttons,
        "Save TGA",
        &Action::SavePicture { png: false },
    );
    button(
        &graph.buttons,
        "Save PNG",
        &Action::SavePicture { png: true },
    );
    button(&graph.buttons, "Help", &Action::Help(Help::Graph));

    Dom {
        root: root.clone(),
        game_menu,
        about_menu,
        canvas,
        node_buttons,
        trace,
        status,
        editing_bar,
        playing_bar,
        to_playing,
        single_at,
        all_ones,
        undo,
        redo,
        fire,
        exhaust,
        stop,
        show_graph,
        to_editing,
        shape,
        shape_bar,
        weights,
        weights_labels: (gain_b, gain_a),
        weights_inputs: (weight_b, weight_a),
        round,
        orders_button,
        roots,
        roots_summary,
        roots_height,
        roots_list,
        orders,
        orders_summary,
        orders_text: (lowest, highest),
        firing,
        load_preset,
        load_text,
        confirm,
        layer_cap,
        load,
        load_family,
        load_degree,
        value,
        value_input,
        help,
        help_text,
        graph,
        graph_canvas,
        graph_zoom,
        graph_caption,
        graph_earlier,
        graph_later,
        max_rings,
        graph_fire,
        graph_undo,
    }
}
