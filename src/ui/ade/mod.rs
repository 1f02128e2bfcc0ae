//! The ADE applet in a page: menu bar, graphic area, tracing area, button bar that changes
//! with the mode, dialogs and the firing-sequence-graph window. Rules live in `engine::ade`.
//!
//! State split (docs/architecture.md): settings = the loaded graph; state = the `Game` (start values and
//! every layer: what Undo and Redo step through, an `engine::turn::History`); ui state = mode,
//! open dialog, selected node, max rings, layer cap, running exhaust. The session
//! (`widgets::session`) writes the share link, which follows the play once asked for, and
//! keeps the play in the browser, so a reload finds it.

pub(crate) mod action;
mod build;
mod exhaust;
mod lab;
mod shape;
mod texts;
mod view;

use build::build;
use exhaust::{run_exhaust, start_exhaust, Run};
use view::last_page;

use crate::ui::action::Named;
use action::{Action, Help, Towards};

use wasm_bindgen::JsCast;
use web_sys::{
    HtmlButtonElement, HtmlCanvasElement, HtmlElement, HtmlInputElement, HtmlSelectElement,
    KeyboardEvent, MouseEvent,
};

use crate::draw::ade::{
    draw_firing_graph_page, draw_graph, render_firing_graph_page, short_value, trace_text,
    FiringGraphLayout, GraphLayout, ROW_LIMIT,
};
use crate::draw::{palette, png, tga};
use crate::engine::ade::{
    default_start, diagram_text, moves_text, numbers_game_length, parse_moves, parse_node_value,
    parse_values, presets, type_sentence, verdict_for, Diagram, ExhaustRun, Family, FireOutcome,
    Game, Move, SharedPosition, StopReason, Style, Values, MAX_N,
};
use crate::engine::turn::Saved;
use crate::options::Options;
use crate::ui::dom::{self, button, child, on};
use crate::ui::page::{self, GamePage, Handle};
use crate::ui::widgets::canvas::CanvasPainter;
use crate::ui::widgets::dialog::Dialog;
use crate::ui::widgets::lms;
use crate::ui::widgets::session::Session;
use crate::ui::widgets::slices::{self, Next, Slice};
use crate::ui::widgets::{download, form};

/// The picture's proportions (it is drawn at the width of its column, so that its numbers keep
/// their size on a phone), and its least height (a raised node and its labels fit).
const CANVAS_WIDTH: u32 = 640;
const CANVAS_HEIGHT: u32 = 260;
const LEAST_HEIGHT: f64 = 250.0;
/// The default cap of one Exhaust-fire request.
/// Exhaust's layers a press by default: the registry's (`games`).
fn default_layer_cap() -> usize {
    let cap = crate::games::number("ade", "layer-cap", "");
    cap.default.unwrap_or(cap.min) as usize
}
/// The firing-sequence graph's rings at most, by default: the registry's (`games`).
fn default_max_rings() -> u32 {
    crate::games::number("ade", "max-rings", "")
        .default
        .unwrap_or(0) as u32
}
/// Lines kept in the tracing area's DOM (the newest); the history itself is never cut.
const TRACE_LINES: usize = 2000;
/// While a run fires layers, only the newest lines are kept in the tracing area: each slice adds
/// hundreds of states, and laying out 2,000 long lines after every slice took 130 ms a slice
/// (E10 with a 30,000-layer cap); the rest are listed once the run stops.
const RUNNING_TRACE_LINES: usize = 60;
/// Lines added to the tracing area a slice once a run stops, up to `TRACE_LINES`.
const TRACE_WIDENING: usize = 250;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Editing,
    Playing,
}

struct Dom {
    root: HtmlElement,
    game_menu: HtmlElement,
    about_menu: HtmlElement,
    canvas: HtmlCanvasElement,
    node_buttons: HtmlElement,
    trace: HtmlElement,
    status: HtmlElement,
    editing_bar: HtmlElement,
    playing_bar: HtmlElement,
    to_playing: HtmlButtonElement,
    single_at: HtmlSelectElement,
    all_ones: web_sys::HtmlButtonElement,
    undo: HtmlButtonElement,
    redo: HtmlButtonElement,
    fire: HtmlButtonElement,
    exhaust: HtmlButtonElement,
    stop: HtmlButtonElement,
    show_graph: HtmlButtonElement,
    to_editing: HtmlButtonElement,
    confirm: crate::ui::widgets::confirm::Confirm,
    layer_cap: HtmlInputElement,
    load: Dialog,
    load_family: HtmlSelectElement,
    load_degree: HtmlInputElement,
    value: Dialog,
    value_input: HtmlInputElement,
    help: Dialog,
    help_text: HtmlElement,
    graph: Dialog,
    graph_canvas: HtmlCanvasElement,
    graph_zoom: HtmlSelectElement,
    graph_caption: HtmlElement,
    graph_earlier: web_sys::HtmlButtonElement,
    graph_later: web_sys::HtmlButtonElement,
    max_rings: HtmlSelectElement,
    graph_fire: HtmlButtonElement,
    graph_undo: HtmlButtonElement,
    round: HtmlButtonElement,
    orders_button: HtmlButtonElement,
    roots: Dialog,
    roots_summary: HtmlElement,
    roots_height: HtmlInputElement,
    roots_list: HtmlElement,
    orders: Dialog,
    orders_summary: HtmlElement,
    orders_text: (HtmlElement, HtmlElement),
    shape: HtmlButtonElement,
    shape_bar: HtmlElement,
    /// The edge-weights dialog: what each end gains, and the two fields.
    weights: Dialog,
    weights_labels: (HtmlElement, HtmlElement),
    weights_inputs: (HtmlInputElement, HtmlInputElement),
    firing: HtmlSelectElement,
    load_preset: HtmlSelectElement,
    load_text: HtmlInputElement,
}

pub struct Ade {
    dom: Dom,
    play: Option<Game>,
    mode: Mode,
    /// Offered by the next Load dialog.
    last_loaded: (Family, usize),
    /// The node whose value dialog is open.
    editing_node: Option<usize>,
    /// Shaping the graph (Editing mode): the nodes picked (the last two), and the pointer's
    /// press on the picture, if one is going on.
    shaping: bool,
    picked: Vec<usize>,
    press: Option<shape::Press>,
    /// What the roots and two-orders windows show.
    lab: lab::Lab,
    /// The status line's words on the graph and its start, and the play version and way of
    /// firing they were worked out for (a root closure and a play each: not every slice).
    said: std::cell::RefCell<Option<(u64, Style, String)>>,
    max_rings: u32,
    layer_cap: usize,
    /// How Fire, Exhaust fire and a click play: every positive node at once (the seed's game),
    /// or one node a move (the numbers game, `Style::InTurn` for the helpers).
    style: Style,
    /// Changes when max rings or the layer cap does: the link and the kept play carry them.
    settings_generation: u64,
    /// The run going on in time slices, if any (Stop ends it).
    exhaust: Option<Run>,
    message: String,
    /// First state shown in the tracing area's DOM, and how many lines are there.
    trace_from: usize,
    trace_shown: usize,
    /// How many of the newest states the tracing area may hold now: a few while a run goes on,
    /// growing back to `TRACE_LINES` in slices once it stops.
    trace_window: usize,
    /// Bumped whenever `play` is replaced, so the tracing area is rebuilt from scratch.
    play_version: u64,
    trace_version: u64,
    /// The first layer of the firing-sequence graph's page shown (0-based), and whether the
    /// page follows the newest layers (until Earlier is pressed).
    graph_first: usize,
    graph_follows: bool,
    /// What the graph window last drew (play version, layers, first, max rings) and when: it is
    /// drawn again only when that changes, at most every 250 ms while a run goes on.
    graph_drawn: Option<(u64, usize, usize, u32)>,
    graph_drawn_at: f64,
    /// The share link (it follows the play once asked for) and what the browser keeps.
    session: Session,
    /// The size (CSS pixels) the picture was last drawn at: clicks are read against it.
    drawn_size: std::cell::Cell<(f64, f64)>,
    /// The last Exhaust fire of this play found it loops: the play has run to its end.
    looped: bool,
    /// A graded activity (`goal=end`, a SCORM package): whether a play ran to its end yet.
    graded: Option<bool>,
}

type Shared = Handle<Ade>;

impl GamePage for Ade {
    const NAME: &'static str = "ade";
    const CLASS: &'static str = "gl-ade";
    type Action = Action;

    /// The applet, started from the page's address, the data attributes or defaults.
    fn new(root: &HtmlElement, options: &Options, problems: &mut String) -> Ade {
        let mut app = Ade {
            dom: build(root),
            play: None,
            mode: Mode::Editing,
            last_loaded: (Family::E, 8),
            editing_node: None,
            shaping: false,
            picked: Vec::new(),
            press: None,
            lab: lab::Lab::default(),
            said: std::cell::RefCell::new(None),
            max_rings: default_max_rings(),
            layer_cap: default_layer_cap(),
            style: Style::Concurrent,
            settings_generation: 0,
            exhaust: None,
            message: String::new(),
            trace_from: 0,
            trace_shown: 0,
            trace_window: TRACE_LINES,
            play_version: 0,
            trace_version: 0,
            graph_first: 0,
            graph_follows: true,
            graph_drawn: None,
            graph_drawn_at: 0.0,
            session: Session::new(root, "ade", "ade", "gamelab-ade-play"),
            drawn_size: std::cell::Cell::new((CANVAS_WIDTH as f64, CANVAS_HEIGHT as f64)),
            looped: false,
            graded: None,
        };
        app.start_from_options(options);
        problems.push_str(&std::mem::take(&mut app.message));
        if let Some(asked) = lms::asked(options, problems) {
            asked.begin();
            app.graded = Some(false);
        }
        app
    }

    fn act(app: &Shared, action: Action) {
        act(app, action)
    }

    fn view(&mut self) {
        self.count_the_end();
        Ade::refresh(self)
    }

    fn embed_attributes(&self) -> Vec<(String, String)> {
        Ade::embed_attributes(self)
    }

    fn listen(app: &Shared) {
        listen(app)
    }

    /// A link's layers are fired after mounting, in slices (a long one never freezes the page);
    /// without a link, the play a reader left here comes back.
    fn started(app: &Shared) {
        let reader = {
            let a = app.borrow();
            (a.session.shared().is_none()).then(|| a.session.kept_reader())
        };
        if let Some(reader) = reader {
            let handle = app.clone();
            reader.read(move |kept| {
                let restored = kept.is_some_and(|text| page::update(&handle, |a| a.restore(&text)));
                if restored && handle.borrow().exhaust.is_some() {
                    run_exhaust(&handle);
                }
            });
        }
        if app.borrow().exhaust.is_some() {
            run_exhaust(app);
        }
    }
}

/// The picture, the keys and the fields; the buttons are the shell's.
fn listen(app: &Shared) {
    let root = app.borrow().dom.root.clone();
    // The picture follows its column's width.
    if let Some(window) = dom::window() {
        let handle = app.clone();
        on::<web_sys::Event>(&window, "resize", move |_| {
            if handle.borrow().dom.root.is_connected() {
                // The view draws the picture again for its new width.
                page::update(&handle, |_| ());
            }
        });
    }
    shape::listen_pointer(app);
    let handle = app.clone();
    let canvas = app.borrow().dom.canvas.clone();
    on::<MouseEvent>(&canvas, "click", move |event| {
        let node = {
            let a = handle.borrow();
            // A click on the picture keeps the keys (F, U, E) with the applet (without scrolling).
            let options = web_sys::FocusOptions::new();
            options.set_prevent_scroll(true);
            dom::best_effort(a.dom.root.focus_with_options(&options));
            a.node_at_click(&event)
        };
        if let Some(node) = node {
            page::dispatch(&handle, Action::Node(node));
        }
    });
    let handle = app.clone();
    on::<KeyboardEvent>(&root, "keydown", move |event| {
        let action = handle.borrow().key_action(&event);
        if let Some(action) = action {
            event.prevent_default();
            page::dispatch(&handle, action);
        }
    });
    let handle = app.clone();
    on::<web_sys::Event>(&root, "change", move |event| {
        let action = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|field| field.get_attribute("data-action"))
            .and_then(|name| Action::parse(&name));
        if let Some(action) = action {
            page::dispatch(&handle, action);
        }
    });
}

fn act(app: &Shared, action: Action) {
    if action == Action::Exhaust {
        start_exhaust(app);
        return;
    }
    if let Action::ReplayOrder { highest } = action {
        app.borrow_mut().replay_order(usize::from(highest));
        run_exhaust(app);
        return;
    }
    let mut a = app.borrow_mut();
    a.session.touch();
    if !matches!(action, Action::Menu { .. }) {
        // A menu closes when anything else is done, as a menu bar's do (the Game menu stayed
        // open behind the Load dialog).
        a.close_menus();
    }
    match action {
        Action::Menu { game } => a.toggle_menu(game),
        Action::NewGame => a.new_game(),
        Action::Help(Help::Game) => a.show_help("Help", texts::GAME_HELP),
        Action::Help(Help::About) => a.show_help("About", texts::ABOUT),
        Action::Help(Help::Editing) => a.show_help("Help: Editing mode", texts::EDITING_HELP),
        Action::Help(Help::Playing) => a.show_help("Help: Playing mode", texts::PLAYING_HELP),
        Action::Help(Help::Graph) => a.show_help("Help: firing sequence graph", texts::GRAPH_HELP),
        Action::HelpOk => a.dom.help.hide(),
        Action::Load => a.open_load_dialog(),
        Action::LoadOk => a.load_from_dialog(),
        Action::LoadCancel => a.dom.load.hide(),
        Action::ValueOk => a.set_value_from_dialog(),
        Action::ValueCancel => a.close_value_dialog(),
        Action::Playing => a.enter_playing(),
        Action::Editing => a.ask_editing(),
        Action::EditingConfirmed => a.enter_editing(),
        Action::AllOnes => a.all_ones(),
        Action::Fire | Action::GraphFire => a.fire(),
        Action::Round => a.fire_round(),
        Action::Firing => {
            a.style = style_named(&a.dom.firing.value());
            a.settings_generation = crate::engine::generation::next();
        }
        Action::Undo | Action::GraphUndo => a.step(true),
        Action::Redo => a.step(false),
        Action::Stop => a.stop_exhaust(),
        Action::ShowGraph => a.open_graph_window(),
        Action::GraphOk => a.dom.graph.hide(),
        Action::GraphPage { later } => a.turn_graph_page(later),
        Action::SavePicture { png } => a.save_picture(png),
        Action::Share => a.share(),
        Action::Escape => a.close_everything(),
        Action::Node(index) if a.mode == Mode::Playing => a.fire_node(index),
        Action::Node(index) if a.shaping() => a.pick(index),
        Action::Shape => a.toggle_shaping(),
        Action::Roots => a.open_roots(),
        Action::RootsList => a.list_roots(),
        Action::Root(index) => a.draw_root(index),
        Action::RootsOk => a.dom.roots.hide(),
        Action::Orders => a.compare_orders(),
        Action::OrdersOk => a.dom.orders.hide(),
        // Handled above, before the state was borrowed.
        Action::ReplayOrder { .. } => {}
        Action::AddNode => a.add_node(None),
        Action::RemoveNode => a.remove_node(),
        Action::Join => a.join_or_part(),
        Action::Weights => a.open_weights(),
        Action::WeightsOk => a.set_weights(),
        Action::WeightsCancel => a.dom.weights.hide(),
        Action::Nudge(towards) => {
            let (dx, dy) = towards.step();
            a.nudge(dx, dy)
        }
        Action::Node(index) => a.open_value_dialog(index),
        Action::SingleOneAt => a.single_one_at_selected(),
        Action::MaxRings => {
            a.max_rings = a.dom.max_rings.value().parse().unwrap_or(0);
            a.settings_generation = crate::engine::generation::next();
        }
        // Drawn again at the new size.
        Action::GraphZoom => a.graph_drawn = None,
        Action::LayerCap => {
            if a.read_layer_cap() {
                a.settings_generation = crate::engine::generation::next();
            }
        }
        // Handled above, before the state was borrowed.
        Action::Exhaust => {}
    }
}

impl Ade {
    /// The data attributes that open this game as it is now ("Embed this").
    fn embed_attributes(&self) -> Vec<(String, String)> {
        let Some(play) = &self.play else {
            return Vec::new();
        };
        let pair = |n: &str, v: String| (n.to_string(), v);
        let mut out = vec![
            pair("data-graph", diagram_text::format(play.graph())),
            pair(
                "data-values",
                start_values(play)
                    .iter()
                    .map(i64::to_string)
                    .collect::<Vec<_>>()
                    .join(","),
            ),
        ];
        if self.style != Style::Concurrent {
            out.push(pair("data-firing", "numbers".into()));
        }
        if self.mode == Mode::Playing {
            out.push(pair("data-mode", "playing".into()));
            if play.moves().iter().any(|m| *m != Move::Layer) {
                out.push(pair("data-moves", moves_text(play.graph(), play.moves())));
            } else if play.layer_count() > 0 {
                out.push(pair("data-layers", play.layer_count().to_string()));
            }
        }
        if self.max_rings != default_max_rings() {
            out.push(pair("data-max-rings", self.max_rings.to_string()));
        }
        if self.layer_cap != default_layer_cap() {
            out.push(pair("data-layer-cap", self.layer_cap.to_string()));
        }
        out
    }
    /// The first state: the URL fragment, then the element's options, then E8 with a single 1.
    fn start_from_options(&mut self, options: &Options) {
        self.max_rings = options
            .number("max-rings")
            .map_or(default_max_rings(), |rings| rings as u32);
        self.layer_cap = options
            .number("layer-cap")
            .map_or(default_layer_cap(), |cap| cap as usize);
        self.dom.layer_cap.set_value(&self.layer_cap.to_string());
        self.dom.max_rings.set_value(&self.max_rings.to_string());
        self.style = style_named(options.word("firing").unwrap_or("concurrent"));
        self.dom.firing.set_value(style_word(self.style));
        if let Some(text) = self.session.shared() {
            let (setup, position) = split_setup(&text);
            match SharedPosition::parse(position) {
                Ok(position) => {
                    self.apply_setup(setup, "The link's settings");
                    return self.apply_position(position, "");
                }
                Err(e) => self
                    .message
                    .push_str(&format!("The link's ADE state was not used: {e}. ")),
            }
        }
        let playing = options.word("mode") == Some("playing");
        // Each option on its own: a bad one is named and replaced by its default, the others
        // are still used.
        // The graph asked for, else E8 (a bad one named); then its start, mode and layers,
        // whether the graph was given or not.
        let asked = options
            .text("graph")
            .filter(|_| options.given("graph"))
            .and_then(|name| match diagram_text::parse(name) {
                Ok(graph) => Some(graph),
                Err(e) => {
                    self.message
                        .push_str(&format!("data-graph: {e}; using E8. "));
                    None
                }
            });
        let Some(graph) = asked.or_else(|| Diagram::new(Family::E, 8).ok()) else {
            return;
        };
        let start = match options.text("values").filter(|_| options.given("values")) {
            None => default_start(&graph),
            Some(values) => parse_values(&graph, values).unwrap_or_else(|e| {
                self.message.push_str(&format!(
                    "data-values: {e}; {} starts from a single 1. ",
                    graph.name()
                ));
                default_start(&graph)
            }),
        };
        let listed = options
            .text("moves")
            .filter(|_| options.given("moves"))
            .and_then(|text| match parse_moves(&graph, text) {
                Ok(moves) => Some(moves),
                Err(e) => {
                    self.message
                        .push_str(&format!("data-moves: {e}; none made. "));
                    None
                }
            });
        let moves = listed
            .or_else(|| {
                options
                    .number("layers")
                    .filter(|_| options.given("layers"))
                    .map(|n| vec![Move::Layer; n as usize])
            })
            .or(playing.then(Vec::new));
        self.apply_position(
            SharedPosition {
                graph,
                start,
                moves,
            },
            "",
        );
    }

    /// Loads a shared position; its layers are fired after mounting, in slices, and `then`
    /// said once they are.
    fn apply_position(&mut self, position: SharedPosition, then: &str) {
        self.load(position.graph, position.start);
        if !then.is_empty() {
            self.message = then.to_string();
        }
        if let Some(moves) = position.moves {
            self.mode = Mode::Playing;
            if !moves.is_empty() {
                self.trace_window = RUNNING_TRACE_LINES;
                self.exhaust = Some(Run::Replay {
                    fired: 0,
                    moves,
                    then: then.to_string(),
                });
            }
        }
    }

    fn load(&mut self, graph: Diagram, start: Vec<i64>) {
        if let Some(family) = graph.family() {
            self.last_loaded = (family, graph.n());
        }
        self.dom.single_at.set_inner_html("");
        // A placeholder first: whichever node is chosen is a change, even the one shown last.
        let choose = child(&self.dom.single_at, "option", "");
        choose.set_text_content(Some("choose a node"));
        dom::best_effort(choose.set_attribute("value", ""));
        for i in 0..graph.node_count() {
            let option = child(&self.dom.single_at, "option", "");
            option.set_text_content(Some(&graph.label(i)));
            dom::best_effort(option.set_attribute("value", &i.to_string()));
        }
        self.dom.node_buttons.set_inner_html("");
        let label = child(&self.dom.node_buttons, "span", "gl-hint");
        label.set_text_content(Some("Set a value: "));
        for i in 0..graph.node_count() {
            let b = button(&self.dom.node_buttons, &graph.label(i), &Action::Node(i));
            dom::best_effort(b.set_attribute(
                "aria-label",
                &format!("Set the value of {}", graph.label(i)),
            ));
        }
        self.replace_play(Game::new(graph, Values::from_i64(start)).ok());
        self.mode = Mode::Editing;
        self.exhaust = None;
    }

    fn replace_play(&mut self, play: Option<Game>) {
        self.play = play;
        self.play_version += 1;
        self.looped = false;
    }

    /// A graded play's end, counted once: in Playing mode, no node positive after firing, or a
    /// loop found by Exhaust fire.
    fn count_the_end(&mut self) {
        let ended = self.mode == Mode::Playing
            && self.exhaust.is_none()
            && self
                .play
                .as_ref()
                .is_some_and(|p| self.looped || (p.is_terminal() && p.layer_count() > 0));
        if ended && self.graded == Some(false) {
            self.graded = Some(true);
            lms::game_ended(true);
        }
    }

    fn toggle_menu(&mut self, game: bool) {
        let (menu, other) = if game {
            (&self.dom.game_menu, &self.dom.about_menu)
        } else {
            (&self.dom.about_menu, &self.dom.game_menu)
        };
        menu.set_hidden(!menu.hidden());
        other.set_hidden(true);
    }

    fn close_menus(&self) {
        self.dom.game_menu.set_hidden(true);
        self.dom.about_menu.set_hidden(true);
    }

    /// Game ▸ New game: clear everything, Editing mode, and the Load dialog.
    fn new_game(&mut self) {
        self.close_menus();
        self.clear();
        self.open_load_dialog();
    }

    /// Editing's "clear the graph and tracing area".
    fn clear(&mut self) {
        self.exhaust = None;
        self.replace_play(None);
        self.mode = Mode::Editing;
        self.dom.graph.hide();
        self.dom.value.hide();
        self.dom.node_buttons.set_inner_html("");
        self.dom.single_at.set_inner_html("");
        self.message.clear();
    }

    fn show_help(&mut self, title: &str, text: &str) {
        self.close_menus();
        if let Ok(Some(h)) = self.dom.help.panel.query_selector("h3") {
            h.set_text_content(Some(title));
        }
        self.dom.help_text.set_text_content(Some(text));
        self.dom.help.show();
    }

    fn open_load_dialog(&mut self) {
        if self.mode != Mode::Editing {
            return;
        }
        let (family, n) = self.last_loaded;
        self.dom.load_family.set_value(&family.letter().to_string());
        self.dom.load_degree.set_value(&n.to_string());
        self.dom.load.show();
        dom::best_effort(self.dom.load_degree.focus());
    }

    fn load_from_dialog(&mut self) {
        // A graph typed as text, then a preset, then the type and degree.
        let typed = self.dom.load_text.value();
        let chosen = self.dom.load_preset.value();
        let asked = if !typed.trim().is_empty() {
            Some(diagram_text::parse(&typed))
        } else if !chosen.is_empty() {
            Some(diagram_text::parse(&chosen))
        } else {
            None
        };
        match asked {
            Some(Ok(graph)) => {
                let start = default_start(&graph);
                self.load(graph, start);
                self.message = String::new();
                self.dom.load.hide();
                return;
            }
            Some(Err(e)) => {
                self.dom.load.show_error(&format!("{e}."));
                return;
            }
            None => {}
        }
        let family = self
            .dom
            .load_family
            .value()
            .chars()
            .next()
            .and_then(Family::from_letter);
        let degree = self.dom.load_degree.value();
        let Some(family) = family else {
            self.dom
                .load
                .show_error("Choose the type of the graph: A, D or E.");
            return;
        };
        let Ok(n) = degree.trim().parse::<usize>() else {
            self.dom.load.show_error(&format!(
                "'{}' is not a degree: type a whole number of nodes.",
                degree.trim()
            ));
            return;
        };
        match Diagram::new(family, n) {
            Ok(graph) => {
                let start = default_start(&graph);
                self.load(graph, start);
                self.message = String::new();
                self.dom.load.hide();
            }
            Err(e) => self.dom.load.show_error(&format!("{e}.")),
        }
    }

    fn open_value_dialog(&mut self, node: usize) {
        if self.mode != Mode::Editing || self.exhaust.is_some() {
            return;
        }
        let Some(play) = &self.play else { return };
        if node >= play.graph().node_count() {
            return;
        }
        self.editing_node = Some(node);
        let label = play.graph().label(node);
        if let Ok(Some(h)) = self.dom.value.panel.query_selector("h3") {
            h.set_text_content(Some(&format!("Value of {label}")));
        }
        self.dom
            .value_input
            .set_value(&play.start().get(node).to_string());
        self.dom.value.show();
        dom::best_effort(self.dom.value_input.focus());
        self.dom.value_input.select();
    }

    fn close_value_dialog(&mut self) {
        self.editing_node = None;
        self.dom.value.hide();
    }

    /// A bad value gets a message and the node keeps its value.
    fn set_value_from_dialog(&mut self) {
        let (Some(node), Some(play)) = (self.editing_node, self.play.as_ref()) else {
            return;
        };
        match parse_node_value(&self.dom.value_input.value()) {
            Ok(value) => {
                let graph = play.graph().clone();
                let mut start = start_values(play);
                start[node] = value;
                self.replace_play(Game::new(graph, Values::from_i64(start)).ok());
                self.close_value_dialog();
            }
            Err(e) => self.dom.value.show_error(&format!("{e}.")),
        }
    }

    fn set_start(&mut self, make: impl Fn(&Diagram) -> Vec<i64>) {
        if self.mode != Mode::Editing {
            return;
        }
        if let Some(play) = &self.play {
            let graph = play.graph().clone();
            let start = make(&graph);
            self.replace_play(Game::new(graph, Values::from_i64(start)).ok());
        }
    }

    fn all_ones(&mut self) {
        self.set_start(|g| vec![1; g.node_count()]);
    }

    fn single_one_at_selected(&mut self) {
        let Ok(node) = self.dom.single_at.value().parse::<usize>() else {
            return;
        };
        self.dom.single_at.set_value("");
        self.set_start(|g| {
            let mut start = vec![0; g.node_count()];
            if node < start.len() {
                start[node] = 1;
            }
            start
        });
    }

    fn enter_playing(&mut self) {
        if self.play.is_some() {
            self.mode = Mode::Playing;
            self.message.clear();
        }
    }

    /// Editing clears the graph and the tracing area (as the original applet did): asked first
    /// when layers were fired, which nothing brings back.
    fn ask_editing(&mut self) {
        let fired = self.play.as_ref().map_or(0, Game::layer_count);
        if self.mode != Mode::Playing || fired == 0 {
            return self.enter_editing();
        }
        let layers = if fired == 1 {
            "the layer fired goes".to_string()
        } else {
            format!("the {fired} layers fired go")
        };
        let question = format!(
            "Back to Editing? The graph and the tracing area are cleared: {layers} (Load offers this graph again)."
        );
        self.dom
            .confirm
            .ask(&question, "Clear and edit", &Action::EditingConfirmed);
    }

    /// Back to Editing: "Clear the graph and tracing area"; Load offers the last graph.
    fn enter_editing(&mut self) {
        if self.mode == Mode::Playing {
            self.clear();
            self.message = "Editing mode: Load a graph to start again.".to_string();
        }
    }

    fn fire(&mut self) {
        if self.mode != Mode::Playing || self.exhaust.is_some() {
            return;
        }
        let Some(play) = self.play.as_mut() else {
            return;
        };
        let outcome = match self.style {
            Style::Concurrent => play.fire(),
            style => match play.chosen_node(style) {
                Some(i) => play.fire_node(i).unwrap_or(FireOutcome::Terminal),
                None => FireOutcome::Terminal,
            },
        };
        self.message = match outcome {
            FireOutcome::Terminal => "No node is positive: nothing to fire.".to_string(),
            FireOutcome::Fired => String::new(),
            FireOutcome::Repeated { first, again } => {
                format!("{}.", StopReason::Loop { first, again }.describe())
            }
        };
    }

    /// The numbers game's move: node `index` fires alone, if it is positive.
    fn fire_node(&mut self, index: usize) {
        if self.mode != Mode::Playing || self.exhaust.is_some() {
            return;
        }
        let Some(play) = self.play.as_mut() else {
            return;
        };
        let label = play.graph().label(index);
        self.message = match play.fire_node(index) {
            Ok(FireOutcome::Repeated { first, again }) => {
                format!("{}.", StopReason::Loop { first, again }.describe())
            }
            Ok(_) => format!("{label} fired."),
            Err(e) => format!("{e}."),
        };
    }

    /// Once round the nodes, each positive one fired in its turn.
    fn fire_round(&mut self) {
        if self.mode != Mode::Playing || self.exhaust.is_some() {
            return;
        }
        let Some(play) = self.play.as_mut() else {
            return;
        };
        self.message = match play.fire_round() {
            (_, Some(FireOutcome::Repeated { first, again })) => {
                format!("{}.", StopReason::Loop { first, again }.describe())
            }
            (0, _) => "No node is positive: nothing to fire.".to_string(),
            (1, _) => "Once round the nodes: 1 node fired.".to_string(),
            (fired, _) => format!("Once round the nodes: {fired} nodes fired."),
        };
    }

    /// Undo (back) or Redo: a layer taken back, or fired again.
    fn step(&mut self, back: bool) {
        if self.mode != Mode::Playing || self.exhaust.is_some() {
            return;
        }
        if let Some(play) = self.play.as_mut() {
            if back {
                play.undo();
            } else {
                play.redo();
            }
            self.message.clear();
        }
    }

    fn stop_exhaust(&mut self) {
        self.message = match self.exhaust.take() {
            Some(Run::Exhaust(run)) => {
                format!("Exhaust fire: stopped by you after {} layers.", run.fired())
            }
            Some(Run::Replay { fired, moves, .. }) => {
                format!(
                    "Stopped by you after {fired} of the {} moves asked for.",
                    moves.len()
                )
            }
            None => return,
        };
    }

    /// Takes the layer cap typed by the user; a bad one is refused (and the old one kept).
    fn read_layer_cap(&mut self) -> bool {
        let text = self.dom.layer_cap.value();
        match text.trim().parse::<u64>() {
            Ok(cap) if cap >= 1 => {
                // Layers are counted in a usize: 4,294,967,295 at most in a 32-bit page.
                self.layer_cap = usize::try_from(cap).unwrap_or(usize::MAX);
                if self.message.contains("is not a layer cap") {
                    self.message.clear();
                }
                if self.layer_cap as u64 != cap {
                    self.message = format!(
                        "A layer cap of {cap}: this page counts up to {} layers, the cap it uses.",
                        self.layer_cap
                    );
                    self.dom.layer_cap.set_value(&self.layer_cap.to_string());
                }
                true
            }
            _ => {
                self.message = format!(
                    "'{}' is not a layer cap: type a whole number of at least 1 (kept {}).",
                    text.trim(),
                    self.layer_cap
                );
                self.dom.layer_cap.set_value(&self.layer_cap.to_string());
                false
            }
        }
    }

    fn open_graph_window(&mut self) {
        if self.play.is_some() {
            self.dom.graph.show();
        }
    }

    fn save_picture(&mut self, as_png: bool) {
        let Some(play) = &self.play else { return };
        let first = self.graph_page(play.layer_count());
        let image =
            match render_firing_graph_page(play.graph(), &play.layers(), first, self.max_rings) {
                Ok(image) => image,
                Err(too_large) => {
                    self.message = format!("Could not save: {too_large}.");
                    return;
                }
            };
        let result = if as_png {
            download::offer(&png::encode(&image), "image/png", "firing-sequence.png")
        } else {
            download::offer(&tga::encode(&image), "image/x-tga", "firing-sequence.tga")
        };
        self.message = match result {
            Ok(()) => format!(
                "Saved the firing-sequence graph ({}×{} pixels).{}",
                image.width(),
                image.height(),
                download::framed_note()
            ),
            Err(e) => format!("Could not save: {e}."),
        };
    }

    /// Puts this position in the page URL (fragment), so the address can be shared; the
    /// address follows the play from then on (`Session::follow`).
    fn share(&mut self) {
        let Some((position, session)) = self.position_and_session() else {
            return;
        };
        let href = session.share(&position);
        self.message = format!("Link to this position (it follows the play from now on): {href}");
    }

    /// What the session shares and keeps, if a graph is loaded: the play and the settings
    /// that shape how it is shown and run.
    fn position(&self) -> Option<Position<'_>> {
        self.play.as_ref().map(|play| Position {
            play,
            playing: self.mode == Mode::Playing,
            style: self.style,
            max_rings: self.max_rings,
            layer_cap: self.layer_cap,
            settings_generation: self.settings_generation,
        })
    }

    /// The address follows the play once shared; the play is kept once the reader acted.
    fn save(&mut self) {
        let Some((position, session)) = self.position_and_session() else {
            return;
        };
        session.follow(&position);
        session.keep(&position);
    }

    /// The position beside the session that shares and keeps it (borrowed apart).
    fn position_and_session(&mut self) -> Option<(Position<'_>, &mut Session)> {
        let Ade {
            play,
            mode,
            max_rings,
            layer_cap,
            style,
            settings_generation,
            session,
            ..
        } = self;
        let position = Position {
            play: play.as_ref()?,
            playing: *mode == Mode::Playing,
            style: *style,
            max_rings: *max_rings,
            layer_cap: *layer_cap,
            settings_generation: *settings_generation,
        };
        Some((position, session))
    }

    /// A link's or a kept play's settings (`max-rings=3;layer-cap=10000`), each read as the
    /// element's attribute would be: a refused one is named, and the one in use kept.
    fn apply_setup(&mut self, setup: &str, whose: &str) {
        if setup.is_empty() {
            return;
        }
        let Some(game) = crate::games::game("ade") else {
            return;
        };
        let mut said = String::new();
        let options = Options::read_setup(game.options.iter(), "", setup, |_| None, &mut said);
        if !said.is_empty() {
            self.message.push_str(&format!("{whose}: {said}"));
        }
        if let Some(rings) = options
            .number("max-rings")
            .filter(|_| options.given("max-rings"))
        {
            self.max_rings = rings as u32;
        }
        if let Some(cap) = options
            .number("layer-cap")
            .filter(|_| options.given("layer-cap"))
        {
            self.layer_cap = usize::try_from(cap).unwrap_or(usize::MAX);
        }
        if let Some(firing) = options.word("firing").filter(|_| options.given("firing")) {
            self.style = style_named(firing);
        }
        self.dom.layer_cap.set_value(&self.layer_cap.to_string());
        self.dom.max_rings.set_value(&self.max_rings.to_string());
        self.dom.firing.set_value(style_word(self.style));
        self.settings_generation = crate::engine::generation::next();
    }

    /// Brings back the play a reader left on this graph (`text`, kept by the browser), unless
    /// they have begun another; its layers are fired again in slices.
    fn restore(&mut self, text: &str) -> bool {
        let (setup, position) = split_setup(text);
        let Ok(kept) = SharedPosition::parse(position) else {
            return false;
        };
        let same_graph = self
            .play
            .as_ref()
            .is_some_and(|play| play.graph().name() == kept.graph.name());
        let fresh = self.position().map(|p| p.text());
        if self.session.touched() || !same_graph || fresh.as_deref() == Some(text) {
            return false;
        }
        self.apply_setup(setup, "The kept play's settings");
        self.apply_position(
            kept,
            "The play you left here is back (Game ▸ New game starts another).",
        );
        true
    }

    /// The first layer of the graph's page: the one chosen, or the newest page when following.
    fn graph_page(&self, layers: usize) -> usize {
        if self.graph_follows {
            last_page(layers)
        } else {
            self.graph_first.min(last_page(layers))
        }
    }

    fn turn_graph_page(&mut self, later: bool) {
        let Some(play) = &self.play else { return };
        let layers = play.layer_count();
        let first = self.graph_page(layers);
        self.graph_first = if later {
            (first + ROW_LIMIT).min(last_page(layers))
        } else {
            first.saturating_sub(ROW_LIMIT)
        };
        self.graph_follows = self.graph_first == last_page(layers);
    }

    fn node_at_click(&self, event: &MouseEvent) -> Option<usize> {
        // (While shaping, the pointer's press and release do the work: `shape`.)
        if (self.mode != Mode::Editing && self.style == Style::Concurrent) || self.shaping() {
            return None;
        }
        let play = self.play.as_ref()?;
        let (x, y) = self.point_of(event)?;
        let (w, h) = self.drawn_size.get();
        GraphLayout::new(play.graph(), w, h).node_at(x, y)
    }

    /// The action a key stands for: F fire, U undo, R redo, E exhaust fire, Escape closes what is
    /// open, Enter confirms the open dialog. Keys typed into a field stay there.
    fn key_action(&self, event: &KeyboardEvent) -> Option<Action> {
        let in_field = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|e| matches!(e.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"));
        match event.key().as_str() {
            "Escape" => return Some(Action::Escape),
            "Enter" if in_field && self.dom.value.is_open() => return Some(Action::ValueOk),
            "Enter" if in_field && self.dom.load.is_open() => return Some(Action::LoadOk),
            "Enter" if in_field && self.dom.weights.is_open() => return Some(Action::WeightsOk),
            _ => {}
        }
        if self.shaping() && !in_field && !event.ctrl_key() && !event.meta_key() {
            return match event.key().as_str() {
                "ArrowLeft" => Some(Action::Nudge(Towards::Left)),
                "ArrowRight" => Some(Action::Nudge(Towards::Right)),
                "ArrowUp" => Some(Action::Nudge(Towards::Up)),
                "ArrowDown" => Some(Action::Nudge(Towards::Down)),
                "Delete" | "Backspace" => Some(Action::RemoveNode),
                "n" | "N" | "+" => Some(Action::AddNode),
                "j" | "J" => Some(Action::Join),
                "w" | "W" => Some(Action::Weights),
                _ => None,
            };
        }
        if in_field
            || event.ctrl_key()
            || event.meta_key()
            || event.alt_key()
            || self.mode != Mode::Playing
        {
            return None;
        }
        let key = event.key();
        if self.style != Style::Concurrent && key.len() == 1 {
            // The numbers game: a digit fires the node of that number (V0 to V9).
            if let Some(node) = self
                .play
                .as_ref()
                .and_then(|play| play.graph().index_of(&key))
            {
                return Some(Action::Node(node));
            }
        }
        match key.to_ascii_lowercase().as_str() {
            "f" => Some(Action::Fire),
            "t" => Some(Action::Round),
            "u" => Some(Action::Undo),
            "r" => Some(Action::Redo),
            "e" => Some(Action::Exhaust),
            _ => None,
        }
    }

    fn close_everything(&mut self) {
        self.close_value_dialog();
        self.dom.weights.hide();
        self.dom.roots.hide();
        self.dom.orders.hide();
        self.dom.load.hide();
        self.dom.help.hide();
        self.dom.graph.hide();
        self.close_menus();
    }
}

/// What ADE's session shares and keeps: the graph, its start and, in playing mode, the layers
/// fired (`E8/1,0,…/12`; `E8/1,0,…` while editing).
struct Position<'a> {
    play: &'a Game,
    playing: bool,
    style: Style,
    max_rings: u32,
    layer_cap: usize,
    settings_generation: u64,
}

/// `max-rings=3;layer-cap=10000|E8/1,0,0,0,0,0,0,0/12`: the settings, then the position (a
/// link written before the settings were carried is the position alone).
impl Saved for Position<'_> {
    fn text(&self) -> String {
        let mut shared = self.play.shared();
        if !self.playing {
            shared.moves = None;
        }
        let firing = if self.style == Style::Concurrent {
            String::new()
        } else {
            ";firing=numbers".to_string()
        };
        format!(
            "max-rings={};layer-cap={}{firing}|{}",
            self.max_rings,
            self.layer_cap,
            shared.to_text()
        )
    }

    fn generation(&self) -> u64 {
        self.play.generation().max(self.settings_generation) * 2 + u64::from(self.playing)
    }
}

/// The way to play an option or the Firing field names.
fn style_named(word: &str) -> Style {
    if word == "numbers" {
        Style::InTurn
    } else {
        Style::Concurrent
    }
}

fn style_word(style: Style) -> &'static str {
    if style == Style::Concurrent {
        "concurrent"
    } else {
        "numbers"
    }
}

/// A saved text's settings and its position.
fn split_setup(text: &str) -> (&str, &str) {
    text.split_once('|').unwrap_or(("", text))
}

/// The start values as typed in Editing mode (always 64-bit: the node dialog accepts no more).
fn start_values(play: &Game) -> Vec<i64> {
    (0..play.graph().node_count())
        .map(|i| play.start().get_i64(i).unwrap_or(0))
        .collect()
}
