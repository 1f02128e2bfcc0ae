//! The play page's elements, built once: buttons, the folded settings, the board and its status,
//! the moves as a list (for the keyboard and screen readers), the position in Glop's notation.

use super::Action;
use wasm_bindgen::JsCast;
use web_sys::{HtmlAnchorElement, HtmlSelectElement};
use web_sys::{HtmlButtonElement, HtmlCanvasElement, HtmlElement, HtmlInputElement};

use super::{Seat, Settings, SEATS};
use crate::draw::sprouts::{self as picture, Example};
use crate::engine::sprouts::drawn::{Ending, MOST_SPOTS};
use crate::ui::dom::{self, button, child};
use crate::ui::widgets::{form, rules};

pub(super) struct Dom {
    pub root: HtmlElement,
    pub settings_summary: HtmlElement,
    pub spots: HtmlInputElement,
    pub ending: HtmlSelectElement,
    pub seats: [HtmlSelectElement; 2],
    pub think: HtmlInputElement,
    pub undo: HtmlButtonElement,
    pub redo: HtmlButtonElement,
    pub make_room: HtmlButtonElement,
    pub confirm: HtmlButtonElement,
    pub cancel: HtmlButtonElement,
    pub stop: HtmlButtonElement,
    pub status: HtmlElement,
    pub banner: HtmlElement,
    pub canvas: HtmlCanvasElement,
    pub hint: HtmlElement,
    pub moves: HtmlElement,
    pub moves_note: HtmlElement,
    pub position: HtmlElement,
    pub glop: HtmlAnchorElement,
}

const RULES: &[&str] = &[
    "Two players take turns. A move is a line from a spot to a spot (or back to the same spot), \
     with a new spot put on it.",
    "Lines may not cross themselves or each other, nor pass through a spot, and no spot may \
     have more than three lines. A spot with three lines is dead (drawn hollow).",
    "Whoever cannot move loses; in misère play (a choice in the settings) it is the other way \
     round: whoever cannot move wins.",
    "Draw with the mouse, a finger or a pen: press on a spot, draw, let go on a spot; then slide \
     the new spot along the line if you like and confirm.",
];

/// The bar of the game's actions; the buttons whose state changes (Undo, Redo, Make room).
fn button_bar(root: &HtmlElement) -> [HtmlButtonElement; 3] {
    let bar = child(root, "div", "gl-buttonbar");
    button(&bar, "New game", &Action::NewGame);
    let undo = button(&bar, "Undo", &Action::Undo);
    let redo = button(&bar, "Redo", &Action::Redo);
    button(&bar, "Who wins?", &Action::HintWho);
    button(&bar, "Show a winning move", &Action::HintMove);
    let make_room = button(&bar, "Make room", &Action::MakeRoom);
    make_room.set_title("Spread the lines out, keeping what they enclose (for a crowded paper)");
    button(&bar, "Share link", &Action::Share);
    button(&bar, "Save SVG", &Action::SaveSvg);
    button(&bar, "Save PNG", &Action::SavePng);
    [undo, redo, make_room]
}

pub(super) fn build(root: &HtmlElement, settings: &Settings) -> Dom {
    let [undo, redo, make_room] = button_bar(root);
    let settings_box = child(root, "details", "gl-board-settings gl-settings");
    let settings_summary = child(&settings_box, "summary", "");
    let spots = form::number(
        &settings_box,
        "Spots",
        "spots",
        (1, MOST_SPOTS),
        settings.spots,
    );
    let endings: Vec<(&str, &str)> = Ending::ALL
        .iter()
        .map(|e| (e.name(), ending_label(*e)))
        .collect();
    let ending = form::select(&settings_box, "Rules", "ending", &endings);
    ending.set_value(settings.ending.name());
    let seat = |k: usize| {
        let options: Vec<(&str, &str)> = SEATS.iter().map(|s| (s.name(), s.label())).collect();
        let select = form::select(
            &settings_box,
            &format!("Player {}", k + 1),
            &format!("seat-{k}"),
            &options,
        );
        select.set_value(settings.seats[k].name());
        select
    };
    let seats = [seat(0), seat(1)];
    let think = form::number(
        &settings_box,
        "Computer time per move (s)",
        "think-s",
        (1, 600),
        settings.think_ms / 1000,
    );
    button(&settings_box, "New game", &Action::NewGame);
    let rules = rules::section(root, RULES);
    for example in Example::ALL {
        rules::picture(&rules, picture::SIZE, example.play_caption(), |painter| {
            picture::draw(painter, example)
        });
    }
    let main = child(root, "div", "gl-board-main");
    let stage = child(&main, "div", "gl-board-stage");
    let status = child(&stage, "p", "gl-status");
    dom::best_effort(status.set_attribute("aria-live", "polite"));
    let banner = child(&stage, "p", "gl-banner");
    dom::best_effort(banner.set_attribute("role", "status"));
    banner.set_hidden(true);
    let pending = child(&stage, "div", "gl-buttonbar");
    let confirm = button(&pending, "Confirm move", &Action::Confirm);
    let cancel = button(&pending, "Take back the line", &Action::Cancel);
    let stop = button(&pending, "Move now", &Action::MoveNow);
    let canvas: HtmlCanvasElement = child(&stage, "canvas", "gl-canvas").unchecked_into();
    canvas.set_tab_index(0);
    dom::best_effort(canvas.set_attribute("role", "img"));
    // The pencil draws on the canvas: no scrolling or zooming by touch there.
    dom::best_effort(canvas.style().set_property("touch-action", "none"));
    let hint = child(&stage, "p", "gl-hint");
    let side = child(&main, "div", "gl-board-side");
    child(&side, "h4", "").set_text_content(Some("Position"));
    let position = child(&side, "p", "gl-position");
    let glop: HtmlAnchorElement = child(&side, "a", "gl-glop-link").unchecked_into();
    glop.set_text_content(Some("Analyse this position in Glop"));
    let list = child(&side, "details", "gl-move-list");
    child(&list, "summary", "").set_text_content(Some("Moves as a list (keyboard)"));
    let moves_note = child(&list, "p", "");
    let moves = child(&list, "ol", "");
    dom::best_effort(moves.set_attribute("aria-label", "the moves you can make"));
    Dom {
        root: root.clone(),
        settings_summary,
        spots,
        ending,
        seats,
        think,
        undo,
        redo,
        make_room,
        confirm,
        cancel,
        stop,
        status,
        banner,
        canvas,
        hint,
        moves,
        moves_note,
        position,
        glop,
    }
}

impl Seat {
    pub(super) fn label(self) -> &'static str {
        match self {
            Seat::Human => "a person",
            Seat::Perfect => "the computer, perfect",
            Seat::Random => "the computer, at random",
        }
    }
}

/// The rules' choice in words.
pub(super) fn ending_label(ending: Ending) -> &'static str {
    match ending {
        Ending::Normal => "Normal: whoever cannot move loses",
        Ending::Misere => "Misère: whoever cannot move wins",
    }
}
