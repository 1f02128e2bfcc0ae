//! The play page drawn from its state: the board, the status and banner, the buttons that apply,
//! the position in Glop's notation with its link, and the moves as a list.

use super::*;
use crate::draw::raster::Raster;
use crate::draw::sprouts_board::{paint, Overlay};
use crate::engine::sprouts::Notation;
use crate::ui::widgets::canvas::CanvasPainter;
use wasm_bindgen::JsCast;

/// The most moves the list shows (the rest are drawn by hand).
const LIST_LIMIT: usize = 200;

/// CSS pixels per drawing unit, for the room the board has.
pub(super) fn scale(dom: &Dom) -> f64 {
    let width = f64::from(dom.root.client_width());
    // Beside the side panel from 900 px; else the column less the frame's padding.
    let board = if width >= 900.0 {
        (width - 360.0).min(880.0)
    } else {
        width - 44.0
    };
    board.max(200.0) / size().0
}

/// Where a pointer event is, in drawing units.
pub(super) fn point(p: &Sprouts, e: &PointerEvent) -> Point {
    let rect = p.dom.canvas.get_bounding_client_rect();
    let s = scale(&p.dom);
    (
        (f64::from(e.client_x()) - rect.left()) / s,
        (f64::from(e.client_y()) - rect.top()) / s,
    )
}

/// The drawing as a PNG, twice the box's size.
pub(super) fn png(drawing: &Drawing) -> Vec<u8> {
    let (w, h) = size();
    let mut raster = Raster::new((2.0 * w) as u32, (2.0 * h) as u32);
    paint(&mut raster, drawing, &Overlay::default(), size(), 2.0);
    crate::draw::png::encode(&raster)
}

pub(super) fn refresh(p: &mut Sprouts) {
    let s = &p.settings;
    let ending = match s.ending {
        Ending::Normal => "",
        Ending::Misere => ", misère",
    };
    p.dom.settings_summary.set_text_content(Some(&format!(
        "Game settings: {} spots{ending}, {} against {}",
        s.spots,
        s.seats[0].label(),
        s.seats[1].label()
    )));
    p.dom.undo.set_disabled(!p.game.can_undo());
    p.dom.redo.set_disabled(!p.game.can_redo());
    let busy = p.thinking.is_some() || p.pending.is_some();
    p.dom
        .make_room
        .set_disabled(busy || !p.game.can_tidy() || p.game.moves() == 0);
    dom::set_hidden(&p.dom.confirm, p.pending.is_none());
    dom::set_hidden(&p.dom.cancel, p.pending.is_none());
    dom::set_hidden(&p.dom.stop, p.thinking.is_none());
    if let Some(bar) = p.dom.stop.parent_element() {
        let idle = p.pending.is_none() && p.thinking.is_none();
        dom::set_hidden(&bar.unchecked_into(), idle);
    }
    draw_board(p);
    status(p);
    position(p);
    moves(p);
    p.dom.hint.set_text_content(Some(&p.hint_text));
}

fn draw_board(p: &Sprouts) {
    let s = scale(&p.dom);
    let (w, h) = size();
    let drawing = p.game.drawing();
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
        last: p.game.last_lines(),
    };
    if let Some(mut painter) = CanvasPainter::sharp(&p.dom.canvas, w * s, h * s) {
        paint(&mut painter, drawing, &overlay, size(), s);
    }
    let board = drawing.board();
    let alive = (0..board.spots()).filter(|&k| board.lives(k) > 0).count();
    dom::best_effort(p.dom.canvas.set_attribute(
        "aria-label",
        &format!(
            "The board: {} spots ({} with lines left), {} lines. The moves are also listed beside it.",
            board.spots(),
            alive,
            drawing.lines().len() / 2
        ),
    ));
}

fn status(p: &Sprouts) {
    let mover = p.game.to_move();
    let winner = p.game.winner();
    let text = if let Some(thinking) = &p.thinking {
        thinking.progress(p.team.as_ref())
    } else if !p.message.is_empty() {
        p.message.clone()
    } else if winner.is_some() {
        String::new()
    } else {
        match p.seat() {
            Seat::Human => format!(
                "Player {}, your move: press on a spot, draw a line to a spot (or back to it), let go.",
                mover + 1
            ),
            _ => format!("Player {} (the computer) to move.", mover + 1),
        }
    };
    p.dom.status.set_text_content(Some(&text));
    p.dom.banner.set_hidden(winner.is_none());
    if let Some(winner) = winner {
        let why = match p.game.ending() {
            Ending::Normal => format!(": player {} has no move left", mover + 1),
            Ending::Misere => ", having no move left (misère play)".into(),
        };
        p.dom.banner.set_text_content(Some(&format!(
            "Player {} wins{why}, after {} moves.",
            winner + 1,
            p.game.moves()
        )));
    }
}

/// The position in Glop's notation, and the link to it in Glop's page, written again when the
/// game has changed.
fn position(p: &mut Sprouts) {
    if p.written == Some(p.game.generation()) {
        return;
    }
    p.written = Some(p.game.generation());
    let text = p.game.drawing().board().position().write(Notation::Glop10);
    p.dom
        .position
        .set_text_content(Some(&format!("In Glop's notation: {text}")));
    let query: String = js_sys::encode_uri_component(&text).into();
    let goal = match p.game.ending() {
        Ending::Normal => "",
        Ending::Misere => "&goal=misere",
    };
    p.dom
        .glop
        .set_href(&format!("?game=sprouts&position={query}{goal}"));
}

fn moves(p: &mut Sprouts) {
    let key = Some((p.game.generation(), p.human_to_move()));
    if key == p.listed {
        return;
    }
    p.listed = key;
    let list = &p.dom.moves;
    list.set_text_content(None);
    if !p.human_to_move() {
        p.dom
            .moves_note
            .set_text_content(Some("The moves are listed when it is a person's turn."));
        return;
    }
    let drawing = p.game.drawing();
    let board = drawing.board();
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
        dom::button(&item, &label, &Action::Listed(k));
    }
}
