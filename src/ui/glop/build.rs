//! The Glop page's elements, built once: the header with the main base's count, the tabs and
//! their panels (ARIA tabs), every field and button; `view` shows the state in them.

use super::action::{Action, Field};
use crate::draw::sprouts::{self as sprouts_picture, Example};
use crate::engine::sprouts::symbols::MAX_SPOTS;
use crate::ui::action::Named;
use crate::ui::dom;
use crate::ui::dom::{button, child};
use crate::ui::widgets::confirm::Confirm;
use crate::ui::widgets::{form, rules};
use wasm_bindgen::JsCast;
use web_sys::{HtmlCanvasElement, HtmlElement, HtmlInputElement, HtmlSelectElement};

pub struct Dom {
    /// Questions before the main base loses couples (in the page: see widgets::confirm).
    pub(super) confirm: Confirm,
    pub root: HtmlElement,
    pub(super) base_info: HtmlElement,
    pub(super) tabs: Vec<(String, HtmlElement, HtmlElement)>,
    pub spots_radio: HtmlInputElement,
    pub spots: HtmlInputElement,
    pub free_radio: HtmlInputElement,
    pub free: HtmlInputElement,
    pub start_error: HtmlElement,
    pub canonical: HtmlElement,
    pub goal: HtmlSelectElement,
    pub notation: HtmlSelectElement,
    pub colours: HtmlInputElement,
    pub detail: HtmlSelectElement,
    pub min_lives: HtmlInputElement,
    pub make_graph: HtmlInputElement,
    pub(super) status: HtmlElement,
    pub(super) compute: HtmlElement,
    pub(super) stop: HtmlElement,
    pub(super) stop_complete: HtmlElement,
    pub(super) banner: HtmlElement,
    pub(super) replies: HtmlElement,
    pub(super) levels: HtmlElement,
    pub(super) share_note: HtmlElement,
    pub(super) level_children: HtmlElement,
    pub(super) check_status: HtmlElement,
    pub(super) check_offer: HtmlElement,
    pub(super) graph_canvas: HtmlCanvasElement,
    pub(super) proof_text: HtmlElement,
    pub(super) db_status: HtmlElement,
    pub file_input: HtmlInputElement,
    pub drop_zone: HtmlElement,
    pub(super) complete_status: HtmlElement,
    pub lives_min: HtmlInputElement,
    pub lives_max: HtmlInputElement,
    pub nimber_min: HtmlInputElement,
    pub nimber_max: HtmlInputElement,
    pub filter_list: HtmlElement,
    pub children_input: HtmlInputElement,
    pub children_error: HtmlElement,
    pub(super) children_list: HtmlElement,
}

impl Dom {
    pub fn show_tab(&self, name: &str) {
        for (tab, tab_button, panel) in &self.tabs {
            let active = tab == name;
            panel.set_hidden(!active);
            let _ =
                tab_button.set_attribute("aria-selected", if active { "true" } else { "false" });
            // The ARIA tabs pattern: only the selected tab is in the Tab order.
            tab_button.set_tab_index(if active { 0 } else { -1 });
        }
    }

    /// The tab an arrow key (or Home / End) on the tab `from` moves to: the ARIA tabs pattern.
    pub fn tab_after_key(&self, from: &str, key: &str) -> Option<String> {
        let at = self.tabs.iter().position(|(name, _, _)| name == from)?;
        let count = self.tabs.len();
        let to = match key {
            "ArrowRight" => (at + 1) % count,
            "ArrowLeft" => (at + count - 1) % count,
            "Home" => 0,
            "End" => count - 1,
            _ => return None,
        };
        Some(self.tabs[to].0.clone())
    }

    pub fn focus_tab(&self, name: &str) {
        if let Some((_, tab_button, _)) = self.tabs.iter().find(|(n, _, _)| n == name) {
            dom::best_effort(tab_button.focus());
        }
    }
}

/// What Sprouts is, and how Glop writes a position, with the pictures the notation describes.
fn teach(root: &HtmlElement) {
    let rules = rules::section(
        root,
        &[
            "Sprouts is a pencil-and-paper game for two, invented by John Conway and Michael \
             Paterson in 1967. It starts with a few spots.",
            "A move draws a line from a spot to another spot, or back to itself, crossing no line \
             and no spot, and puts a new spot on it. At most three line ends may meet at a spot: \
             a spot has 3 lives, the new one 1. Whoever cannot move loses. Glop finds out who \
             wins with perfect play (the outcome) and, for sums of positions, the nimber.",
            "Glop writes a position without its drawing, only what matters for play: a spot with \
             no line is 0, with one line end 1, with two 2; a spot met twice going round one \
             boundary is a lower-case letter, a spot on the boundaries of two regions an \
             upper-case one. In Glop 1.0's notation . ends a boundary, } a region, ] a land (a \
             part no line can join to the others any more) and ! the position; Glop 2.x puts . \
             | + between them instead and writes k lone spots as 0*k.",
        ],
    );
    for example in Example::ALL {
        rules::picture(
            &rules,
            sprouts_picture::SIZE,
            example.caption(),
            |painter| sprouts_picture::draw(painter, example),
        );
    }
}

fn paragraph(parent: &HtmlElement, class: &str, text: &str) -> HtmlElement {
    let p = child(parent, "p", class);
    p.set_text_content(Some(text));
    p
}

pub fn build(root: &HtmlElement) -> Dom {
    let header = child(root, "div", "gl-sprouts-header");
    // Under the header, above every tab: a question is seen whichever tab asked it.
    let confirm = Confirm::new(&child(root, "div", "gl-asking"));
    teach(root);
    let base_info = child(&header, "span", "gl-base-info");
    let tab_bar = child(&header, "div", "gl-tabs");
    dom::best_effort(tab_bar.set_attribute("role", "tablist"));
    let mut tabs = Vec::new();
    // Ids tie each tab to its panel; each Glop on a page has its own.
    let prefix = format!("gl-glop-{}", dom::next_id());
    let mut panel = |name: &str, label: &str| {
        let b = button(&tab_bar, label, &Action::Tab(name.to_string()));
        dom::best_effort(b.set_attribute("role", "tab"));
        let (tab_id, panel_id) = (format!("{prefix}-tab-{name}"), format!("{prefix}-{name}"));
        b.set_id(&tab_id);
        dom::best_effort(b.set_attribute("aria-controls", &panel_id));
        let p = child(root, "section", "gl-tab-panel");
        dom::best_effort(p.set_attribute("data-tab", name));
        p.set_id(&panel_id);
        dom::best_effort(p.set_attribute("role", "tabpanel"));
        dom::best_effort(p.set_attribute("aria-labelledby", &tab_id));
        tabs.push((
            name.to_string(),
            b.unchecked_into::<HtmlElement>(),
            p.clone(),
        ));
        p
    };
    let params = panel("params", "Parameters");
    let compute_panel = panel("compute", "Computation");
    let database = panel("database", "Database");
    let children_panel = panel("children", "Children");

    // Parameters
    let start_box = child(&params, "fieldset", "gl-start");
    child(&start_box, "legend", "").set_text_content(Some("Start position"));
    let spots_radio = form::input(
        &start_box,
        "Classic start",
        &Field::StartKind.name(),
        "radio",
        "",
    );
    spots_radio.set_name("gl-sprouts-start");
    spots_radio.set_checked(true);
    let spots = form::input(
        &start_box,
        "Number of spots",
        &Field::Spots.name(),
        "number",
        "",
    );
    spots.set_min("1");
    spots.set_max(&MAX_SPOTS.to_string());
    spots.set_value("5");
    let free_radio = form::input(
        &start_box,
        "Free position",
        &Field::StartKind.name(),
        "radio",
        "",
    );
    free_radio.set_name("gl-sprouts-start");
    let free = form::input(
        &start_box,
        "Position (Glop 1.0 or 2.x notation)",
        &Field::Free.name(),
        "text",
        "",
    );
    // Empty while the classic start is chosen; the placeholder shows the two notations.
    free.set_placeholder("0.0.0.}]!  or  0*3+0.A|0.A");
    let start_error = paragraph(&start_box, "gl-error", "");
    dom::best_effort(start_error.set_attribute("role", "alert"));
    let canonical = paragraph(&start_box, "gl-canonical", "");
    // A link to this position and goal (the page's address), to send or to put in notes.
    let share_bar = child(&start_box, "div", "gl-share");
    button(&share_bar, "Share link", &Action::Share);
    let share_note = child(&share_bar, "span", "gl-share-note");
    dom::best_effort(share_note.set_attribute("aria-live", "polite"));
    let options = child(&params, "fieldset", "gl-options");
    child(&options, "legend", "").set_text_content(Some("Computation and display"));
    let goal = form::select(
        &options,
        "Compute",
        &Field::Goal.name(),
        &[
            ("outcome", "outcome (win/loss)"),
            ("nimber", "nimber"),
            ("misere", "misère outcome (who cannot move wins)"),
        ],
    );
    let notation = form::select(
        &options,
        "Notation",
        &Field::Notation.name(),
        &[("1", "Glop 1.0 (0.0.0.}]!)"), ("2", "Glop 2.x (0*3)")],
    );
    let graph_box = child(&params, "fieldset", "gl-graph-options");
    child(&graph_box, "legend", "").set_text_content(Some("Check graph"));
    let make_graph = form::input(
        &graph_box,
        "Generate a graph file during the check",
        "make-graph",
        "checkbox",
        "",
    );
    make_graph.set_checked(true);
    let colours = form::input(
        &graph_box,
        "Use colours (losing red, winning blue, several lands yellow)",
        "colours",
        "checkbox",
        "",
    );
    colours.set_checked(true);
    let detail = form::select(
        &graph_box,
        "Detail level",
        "detail",
        &[("3", "3: full text"), ("2", "2: numbers"), ("1", "1: dots")],
    );
    let min_lives = form::input(&graph_box, "Minimum lives shown", "min-lives", "number", "");
    min_lives.set_value("0");
    min_lives.set_min("0");

    // Computation
    let bar = child(&compute_panel, "div", "gl-buttonbar");
    let compute = button(&bar, "Compute", &Action::Compute).unchecked_into::<HtmlElement>();
    let stop = button(&bar, "Stop", &Action::Stop).unchecked_into::<HtmlElement>();
    button(&bar, "Restart", &Action::Restart);
    button(&bar, "Check", &Action::Check);
    button(&bar, "Save check database", &Action::SaveCheckBase);
    button(&bar, "Save check graph", &Action::SaveCheckGraph);
    button(
        &bar,
        "Use check database as main base",
        &Action::UseCheckBase,
    );
    let status = paragraph(&compute_panel, "gl-status", "");
    dom::best_effort(status.set_attribute("aria-live", "polite"));
    // The answer, large, once there is one; under it the winning moves.
    let banner = paragraph(&compute_panel, "gl-banner", "");
    dom::best_effort(banner.set_attribute("role", "status"));
    banner.set_hidden(true);
    let replies = paragraph(&compute_panel, "gl-replies", "");
    replies.set_hidden(true);
    let levels = child(&compute_panel, "table", "gl-levels");
    dom::best_effort(levels.set_attribute("aria-label", "the levels of the computation"));
    paragraph(
        &compute_panel,
        "gl-hint gl-levels-legend",
        "Each row is a level: the child being computed, its number among its level's children \
         (Numero), how many are still unknown (Alive), its lives and nimber part. ● green: at most \
         four children left unknown; ◆ red: only one — the position on the level above is \
         probably losing. Click a row's Numero, Alive or Lives for its next child, Nimber for the \
         previous one, Position for the list of all its children (zapping). In misère play \
         there is no nimber (–), and a level's position may have small lands beside it, counted \
         as trees.",
    );
    let level_children = child(&compute_panel, "div", "gl-level-children");
    let check_status = paragraph(&compute_panel, "gl-check-status", "");
    dom::best_effort(check_status.set_attribute("aria-live", "polite"));
    // Shown when a check had to prove what the main base lacked.
    let check_offer = child(&compute_panel, "div", "gl-buttonbar gl-check-offer");
    button(
        &check_offer,
        "Add the check's new results to the main base",
        &Action::AdoptCheckResults,
    );
    check_offer.set_hidden(true);
    let graph_canvas: HtmlCanvasElement =
        child(&compute_panel, "canvas", "gl-check-graph").unchecked_into();
    graph_canvas.set_hidden(true);
    dom::best_effort(graph_canvas.set_attribute("role", "img"));
    let proof_text = child(&compute_panel, "ol", "gl-proof-text");

    // Database
    let db_bar = child(&database, "div", "gl-buttonbar");
    button(&db_bar, "Save main base (.spr)", &Action::SaveBase);
    button(&db_bar, "Load .spr files…", &Action::LoadBase);
    button(&db_bar, "Complete check", &Action::CompleteCheck);
    let stop_complete = button(&db_bar, "Stop", &Action::Stop).unchecked_into::<HtmlElement>();
    button(&db_bar, "Empty the main base", &Action::ClearBase);
    button(&db_bar, "Save misère base", &Action::SaveMisereBase);
    button(&db_bar, "Empty the misère base", &Action::ClearMisereBase);
    let file_input: HtmlInputElement = child(&database, "input", "gl-file").unchecked_into();
    file_input.set_type("file");
    file_input.set_multiple(true);
    file_input.set_accept(".spr,.txt,text/plain");
    dom::best_effort(file_input.set_attribute("data-field", &Field::Files.name()));
    dom::best_effort(file_input.set_attribute("aria-label", "Load .spr files"));
    // The button above opens it (and files can be dropped): one way in, not two controls.
    file_input.set_hidden(true);
    let drop_zone = paragraph(&database, "gl-drop", "…or drop .spr files here. Several files are checked against each other and the main base; a disagreement loads nothing. A misère base (saved by Save misère base) loads the same way, one at a time, every line checked.");
    let db_status = paragraph(&database, "gl-status", "");
    dom::best_effort(db_status.set_attribute("role", "status"));
    let complete_status = paragraph(&database, "gl-complete-status", "");
    let filters = child(&database, "fieldset", "gl-filters");
    child(&filters, "legend", "").set_text_content(Some("Filter the main base"));
    let lives_min = form::input(&filters, "Lives min", "lives-min", "number", "");
    let lives_max = form::input(&filters, "Lives max", "lives-max", "number", "");
    let nimber_min = form::input(&filters, "Nimber min", "nimber-min", "number", "");
    let nimber_max = form::input(&filters, "Nimber max", "nimber-max", "number", "");
    button(&filters, "Show matching", &Action::Filter { apply: false });
    button(
        &filters,
        "Keep only matching…",
        &Action::Filter { apply: true },
    );
    let filter_list = child(&database, "pre", "gl-filter-list");

    // Children
    let children_input = form::input(
        &children_panel,
        "Position",
        &Field::ChildrenPosition.name(),
        "text",
        "",
    );
    children_input.set_placeholder("0.0.0.0.0.0.0.0.AB.}0.0.0.AB.}]!");
    button(&children_panel, "Children", &Action::ChildrenCompute);
    let children_error = paragraph(&children_panel, "gl-error", "");
    dom::best_effort(children_error.set_attribute("role", "alert"));
    paragraph(&children_panel, "gl-hint", "The known nimber ends the line; nimber 0 (marked) is a winning move. Click a child to make it the position.");
    let children_list = child(&children_panel, "ol", "gl-children");

    let dom = Dom {
        confirm,
        root: root.clone(),
        base_info,
        tabs,
        spots_radio,
        spots,
        free_radio,
        free,
        start_error,
        canonical,
        share_note,
        goal,
        notation,
        colours,
        detail,
        min_lives,
        make_graph,
        status,
        banner,
        replies,
        compute,
        stop,
        stop_complete,
        levels,
        level_children,
        check_status,
        check_offer,
        graph_canvas,
        proof_text,
        db_status,
        file_input,
        drop_zone,
        complete_status,
        lives_min,
        lives_max,
        nimber_min,
        nimber_max,
        filter_list,
        children_input,
        children_error,
        children_list,
    };
    dom.show_tab("params");
    dom
}
