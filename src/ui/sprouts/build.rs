//! The drawn game's own elements, built once into the board shell's parts: its buttons (hints,
//! room, pictures), the hint under the board, and beside it the position in Glop's notation
//! and the moves as a list (for the keyboard and screen readers); and the rules' pictures.

use wasm_bindgen::JsCast;
use web_sys::{HtmlAnchorElement, HtmlButtonElement, HtmlElement};

use super::Action;
use crate::draw::sprouts::{self as picture, Example};
use crate::ui::board::{BoardAction, Parts};
use crate::ui::dom::{self, button, child};
use crate::ui::widgets::rules;

pub(super) struct Extras {
    pub root: HtmlElement,
    pub make_room: HtmlButtonElement,
    pub hint: HtmlElement,
    pub moves: HtmlElement,
    pub moves_note: HtmlElement,
    pub position: HtmlElement,
    pub glop: HtmlAnchorElement,
}

pub(super) const RULES: &[&str] = &[
    "Two players take turns. A move is a line from a spot to a spot (or back to the same spot), \
     with a new spot put on it.",
    "Lines may not cross themselves or each other, nor pass through a spot, and no spot may \
     have more than three lines. A spot with three lines is dead (drawn hollow).",
    "Whoever cannot move loses; in misère play (a choice in the settings) it is the other way \
     round: whoever cannot move wins.",
    "Draw with the mouse, a finger or a pen: press on a spot, draw, let go on a spot; then slide \
     the new spot along the line if you like and confirm.",
];

/// The game's own buttons (in the shell's bar), named as the shell's actions name them.
fn game_button(bar: &HtmlElement, label: &str, action: Action) -> HtmlButtonElement {
    button(bar, label, &BoardAction::Game(action))
}

pub(super) fn extras(parts: &Parts) -> Extras {
    let bar = &parts.bar;
    game_button(bar, "Who wins?", Action::HintWho);
    game_button(bar, "Show a winning move", Action::HintMove);
    let make_room = game_button(bar, "Make room", Action::MakeRoom);
    make_room.set_title("Spread the lines out, keeping what they enclose (for a crowded paper)");
    game_button(bar, "Save SVG", Action::SaveSvg);
    game_button(bar, "Save PNG", Action::SavePng);
    let hint = child(&parts.under, "p", "gl-hint");
    dom::best_effort(hint.set_attribute("aria-live", "polite"));
    let side = &parts.side;
    child(side, "h4", "").set_text_content(Some("Position"));
    let position = child(side, "p", "gl-position");
    let glop: HtmlAnchorElement = child(side, "a", "gl-glop-link").unchecked_into();
    glop.set_text_content(Some("Analyse this position in Glop"));
    let list = child(side, "details", "gl-move-list");
    child(&list, "summary", "").set_text_content(Some("Moves as a list (keyboard)"));
    let moves_note = child(&list, "p", "");
    // (Focusable from script: the focus rests on it while the list waits for a person's turn.)
    moves_note.set_tab_index(-1);
    let moves = child(&list, "ol", "");
    dom::best_effort(moves.set_attribute("aria-label", "the moves you can make"));
    Extras {
        root: parts.root.clone(),
        make_room,
        hint,
        moves,
        moves_note,
        position,
        glop,
    }
}

/// The rules' pictures: a move, a dead spot, the end.
pub(super) fn rule_pictures(section: &HtmlElement) {
    for example in Example::ALL {
        rules::picture(section, picture::SIZE, example.play_caption(), |painter| {
            picture::draw(painter, example)
        });
    }
}
