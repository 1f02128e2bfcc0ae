//! The drawn game's view: the paper with the pencil's marks over it, and the page's panels (the
//! hint, the position in Glop's notation with its link, the moves as a list).

use super::*;
use crate::draw::raster::Raster;
use crate::draw::sprouts_board::{paint, Overlay};
use crate::engine::sprouts::drawn::BOUNDS;
use crate::engine::sprouts::Notation;
use crate::ui::board::BoardAction;
use crate::ui::dom;
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;

/// The most moves the list shows (the rest are drawn by hand).
const LIST_LIMIT: usize = 200;

/// The drawing's box, in its units.
pub(super) fn box_size() -> (f64, f64) {
    (BOUNDS.max.0 - BOUNDS.min.0, BOUNDS.max.1 - BOUNDS.min.1)
}

/// CSS pixels per drawing unit, for the room the board has: the box fits it, and is never
/// smaller than 200 pixels wide.
pub(super) fn scale(room: (f64, f64)) -> f64 {
    let (w, h) = box_size();
    (room.0 / w).min(room.1 / h).max(200.0 / w)
}

/// The drawing as a PNG, twice the box's size.
pub(super) fn png(drawing: &Drawing) -> Vec<u8> {
    let (w, h) = box_size();
    let mut raster = Raster::new((2.0 * w) as u32, (2.0 * h) as u32);
    paint(&mut raster, drawing, &Overlay::default(), box_size(), 2.0);
    crate::draw::png::encode(&raster)
}

/// The paper, and over it the stroke under the pencil, the pending move, a refused line (and
/// where it went wrong), the hint's line and the last move's lines.
pub(super) fn draw_board(p: &Sprouts, painter: &mut CanvasPainter, game: &DrawnGame, s: f64) {
    let drawing = game.drawing();
    let overlay = Overlay {
        stroke: p.stroke.clone(),
        pending: p.pending.as_ref().map(|m| (m.line.clone(), m.along)),
        refused: p.refused.as_ref().map(|(line, why)| {
            let place = match why {
                Refusal::Crosses { at } | Refusal::CrossesItself { at } => Some(*at),
                Refusal::ThroughSpot { spot } | Refusal::NoLives { spot } => {
                    Some(drawing.spot(*spot))
                }
                _ => None,
            };
            (line.clone(), place)
        }),
        hint: p.hint_line.clone(),
        last: game.last_lines(),
    };
    paint(painter, drawing, &overlay, box_size(), s);
}

/// The page's panels, each written again only when what it shows changed.
pub(super) fn panels(p: &mut Sprouts, game: &DrawnGame, view: &View) {
    let busy = p.task.is_some() || p.pending.is_some() || !view.person;
    p.dom
        .make_room
        .set_disabled(busy || !game.can_tidy() || game.moves() == 0);
    if p.dom.hint.text_content().as_deref() != Some(p.hint_text.as_str()) {
        p.dom.hint.set_text_content(Some(&p.hint_text));
    }
    position(p, game);
    moves(p, game, view.person && p.task.is_none());
}

/// The position in Glop's notation, and the link to it in Glop's page.
fn position(p: &mut Sprouts, game: &DrawnGame) {
    if p.written == Some(game.generation()) {
        return;
    }
    p.written = Some(game.generation());
    let text = game.drawing().board().position().write(Notation::Glop10);
    p.dom
        .position
        .set_text_content(Some(&format!("In Glop's notation: {text}")));
    let query: String = js_sys::encode_uri_component(&text).into();
    let goal = match game.ending() {
        Ending::Normal => "",
        Ending::Misere => "&goal=misere",
    };
    p.dom
        .glop
        .set_href(&format!("?game=sprouts&position={query}{goal}"));
}

/// The moves a person may pick (each drawn by the computer's pencil), while a person may move.
fn moves(p: &mut Sprouts, game: &DrawnGame, person: bool) {
    let key = Some((game.generation(), person));
    if key == p.listed {
        return;
    }
    p.listed = key;
    // A move chosen from the list is drawn, and the list made again: the keyboard's focus
    // stays in the list (on its first move, or its note), not thrown to the top of the page.
    let focused = dom::document()
        .and_then(|d| d.active_element())
        .is_some_and(|e| p.dom.moves.contains(Some(&e)) || p.dom.moves_note.is_same_node(Some(&e)));
    list_moves(p, game, person);
    if focused {
        let first = p.dom.moves.query_selector("button").ok().flatten();
        let target: HtmlElement = match first {
            Some(button) => button.unchecked_into(),
            None => p.dom.moves_note.clone(),
        };
        dom::best_effort(target.focus());
    }
}

/// The moves list made again for the game as it is.
fn list_moves(p: &mut Sprouts, game: &DrawnGame, person: bool) {
    let list = &p.dom.moves;
    list.set_text_content(None);
    if !person {
        p.dom
            .moves_note
            .set_text_content(Some("The moves are listed when it is a person's turn."));
        return;
    }
    let board = game.drawing().board();
    let Some(outcomes) = board.outcomes() else {
        p.dom
            .moves_note
            .set_text_content(Some("Too many moves to list here: draw one."));
        return;
    };
    p.dom.moves_note.set_text_content(Some(&format!(
        "{} moves lead to different positions{}. Choosing one draws it.",
        outcomes.len(),
        if outcomes.len() > LIST_LIMIT {
            format!(" (the first {LIST_LIMIT} listed)")
        } else {
            String::new()
        }
    )));
    for (k, (m, position)) in outcomes.iter().enumerate().take(LIST_LIMIT) {
        let item = dom::child(list, "li", "");
        let label = format!(
            "{}, to {}",
            board.describe(m),
            position.write(Notation::Glop10)
        );
        dom::button(
            &item,
            &label,
            &BoardAction::<Action>::Game(Action::Listed(k)),
        );
    }
}
