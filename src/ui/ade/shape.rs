//! Shaping the graph (Editing mode, "Shape the graph"): add, move and remove nodes, join and
//! part them, set an edge's weights. The pointer (mouse, finger or pen) drags a node, picks one
//! with a tap and adds one with a tap on empty space; the buttons and keys do the same for the
//! keyboard. Every change is a new `Diagram` (`engine::ade`); the start values follow their nodes.

use super::*;
use crate::engine::ade::Place;
use web_sys::PointerEvent;

/// How far (CSS pixels) a pointer moves before a press becomes a drag.
const DRAG_SLACK: f64 = 4.0;

/// A press on the picture while shaping: on a node (which it may drag) or on empty space.
#[derive(Clone, Copy, Debug)]
pub(super) struct Press {
    node: Option<usize>,
    at: (f64, f64),
    moved: bool,
}

impl Ade {
    pub(super) fn shaping(&self) -> bool {
        self.shaping && self.mode == Mode::Editing && self.play.is_some()
    }

    pub(super) fn toggle_shaping(&mut self) {
        if self.mode != Mode::Editing || self.play.is_none() {
            return;
        }
        self.shaping = !self.shaping;
        self.picked.clear();
        self.message = if self.shaping {
            "Shaping the graph: tap empty space to add a node, drag a node to move it, tap two nodes to pick them and Join or part them.".to_string()
        } else {
            String::new()
        };
    }

    /// A node picked (a tap, or its button): the last two picked are kept; a node picked again
    /// is let go.
    pub(super) fn pick(&mut self, node: usize) {
        if let Some(at) = self.picked.iter().position(|&p| p == node) {
            self.picked.remove(at);
        } else {
            self.picked.push(node);
            if self.picked.len() > 2 {
                self.picked.remove(0);
            }
        }
        self.message = self.picked_words();
    }

    fn picked_words(&self) -> String {
        let Some(play) = &self.play else {
            return String::new();
        };
        let graph = play.graph();
        match self.picked[..] {
            [] => "No node picked.".to_string(),
            [a] => format!(
                "{} picked: Remove takes it away, the arrow keys move it.",
                graph.label(a)
            ),
            [a, b] if graph.are_adjacent(a, b) => {
                let (p, q) = graph.weights(a, b);
                format!(
                    "{} and {} picked, joined ({} gains {q} × what {} fires, {} gains {p} × what {} fires): Join or part parts them; Weights changes the edge.",
                    graph.label(a),
                    graph.label(b),
                    graph.label(b),
                    graph.label(a),
                    graph.label(a),
                    graph.label(b),
                )
            }
            [a, b] => format!(
                "{} and {} picked: Join or part joins them.",
                graph.label(a),
                graph.label(b)
            ),
            _ => String::new(),
        }
    }

    /// The play on a changed graph, each kept node keeping its start value (`values`).
    fn reshape(&mut self, changed: Result<Diagram, String>, values: Vec<i64>) {
        match changed {
            Ok(graph) => {
                self.message.clear();
                self.load(graph, values);
            }
            Err(e) => self.message = format!("{e}."),
        }
    }

    pub(super) fn add_node(&mut self, place: Option<Place>) {
        let Some(play) = &self.play else { return };
        let graph = play.graph();
        // Without a place: a step right of the rightmost node, on the top row.
        let place = place.unwrap_or_else(|| {
            let right = graph.places().iter().map(|p| p.0).fold(f64::MIN, f64::max);
            let top = graph.places().iter().map(|p| p.1).fold(f64::MAX, f64::min);
            (right + 1.0, top)
        });
        let mut values = start_values(play);
        values.push(0);
        let changed = graph.with_node(place);
        self.reshape(changed, values);
        if let Some(play) = &self.play {
            let new = play.graph().node_count() - 1;
            self.picked = vec![new];
            self.message = format!("{} added.", play.graph().label(new));
        }
    }

    pub(super) fn remove_node(&mut self) {
        let (Some(play), Some(&node)) = (&self.play, self.picked.last()) else {
            self.message = "Pick a node first (tap it, or its button).".to_string();
            return;
        };
        let label = play.graph().label(node);
        let mut values = start_values(play);
        values.remove(node);
        let changed = play.graph().without_node(node);
        self.picked.clear();
        self.reshape(changed, values);
        if self.message.is_empty() {
            self.message = format!("{label} removed: the nodes after it are numbered one less.");
        }
    }

    /// Joins the two nodes picked with a plain edge, or parts them.
    pub(super) fn join_or_part(&mut self) {
        let (Some(play), &[a, b]) = (&self.play, &self.picked[..]) else {
            self.message = "Pick two nodes first (tap them, or their buttons).".to_string();
            return;
        };
        let joined = play.graph().are_adjacent(a, b);
        let weights = if joined { (0, 0) } else { (1, 1) };
        let changed = play.graph().with_edge(a, b, weights);
        let values = start_values(play);
        self.reshape(changed, values);
        if self.message.is_empty() {
            self.message = self.picked_words();
        }
    }

    pub(super) fn open_weights(&mut self) {
        let (Some(play), &[a, b]) = (&self.play, &self.picked[..]) else {
            self.message = "Pick the two nodes of an edge first.".to_string();
            return;
        };
        let graph = play.graph();
        let (p, q) = if graph.are_adjacent(a, b) {
            graph.weights(a, b)
        } else {
            (1, 1)
        };
        let (la, lb) = (graph.label(a), graph.label(b));
        self.dom
            .weights_labels
            .0
            .set_text_content(Some(&format!("{lb} gains × what {la} fires")));
        self.dom
            .weights_labels
            .1
            .set_text_content(Some(&format!("{la} gains × what {lb} fires")));
        self.dom.weights_inputs.0.set_value(&q.to_string());
        self.dom.weights_inputs.1.set_value(&p.to_string());
        self.dom.weights.show();
        dom::best_effort(self.dom.weights_inputs.0.focus());
    }

    pub(super) fn set_weights(&mut self) {
        let (Some(play), &[a, b]) = (&self.play, &self.picked[..]) else {
            self.dom.weights.hide();
            return;
        };
        let read = |input: &HtmlInputElement| input.value().trim().parse::<i64>().ok();
        let (Some(q), Some(p)) = (
            read(&self.dom.weights_inputs.0),
            read(&self.dom.weights_inputs.1),
        ) else {
            self.dom
                .weights
                .show_error("Type two whole numbers, each at least 1.");
            return;
        };
        match play.graph().with_edge(a, b, (p, q)) {
            Ok(graph) => {
                let values = start_values(play);
                self.reshape(Ok(graph), values);
                self.dom.weights.hide();
                self.message = self.picked_words();
            }
            Err(e) => self.dom.weights.show_error(&format!("{e}.")),
        }
    }

    /// Moves the node picked last by (dx, dy) steps (the arrow keys: a quarter step).
    pub(super) fn nudge(&mut self, dx: f64, dy: f64) {
        let (Some(play), Some(&node)) = (&self.play, self.picked.last()) else {
            return;
        };
        let (x, y) = play.graph().places()[node];
        let moved = play.graph().with_place(node, (x + dx, y + dy));
        let values = start_values(play);
        self.reshape(Ok(moved), values);
    }

    /// Where a pointer is on the picture, in the picture's CSS pixels.
    pub(super) fn point_of(&self, event: &web_sys::MouseEvent) -> Option<(f64, f64)> {
        let rect = self.dom.canvas.get_bounding_client_rect();
        if rect.width() <= 0.0 || rect.height() <= 0.0 {
            return None;
        }
        let (w, h) = self.drawn_size.get();
        Some((
            (event.client_x() as f64 - rect.left()) * w / rect.width(),
            (event.client_y() as f64 - rect.top()) * h / rect.height(),
        ))
    }

    fn layout(&self) -> Option<GraphLayout> {
        let (w, h) = self.drawn_size.get();
        Some(GraphLayout::new(self.play.as_ref()?.graph(), w, h))
    }

    fn pointer_down(&mut self, event: &web_sys::MouseEvent) -> bool {
        if !self.shaping() {
            return false;
        }
        let (Some(at), Some(layout)) = (self.point_of(event), self.layout()) else {
            return false;
        };
        self.press = Some(Press {
            node: layout.node_at(at.0, at.1),
            at,
            moved: false,
        });
        true
    }

    fn pointer_move(&mut self, event: &web_sys::MouseEvent) {
        let (Some(mut press), Some(at)) = (self.press, self.point_of(event)) else {
            return;
        };
        let Some(node) = press.node else { return };
        let far = (at.0 - press.at.0).hypot(at.1 - press.at.1) > DRAG_SLACK;
        if !press.moved && !far {
            return;
        }
        press.moved = true;
        self.press = Some(press);
        let (Some(play), Some(layout)) = (&self.play, self.layout()) else {
            return;
        };
        let place = layout.place_at(play.graph(), at.0, at.1);
        if play.graph().places()[node] != place {
            let moved = play.graph().with_place(node, place);
            let values = start_values(play);
            self.reshape(Ok(moved), values);
        }
    }

    fn pointer_up(&mut self) {
        let Some(press) = self.press.take() else {
            return;
        };
        if press.moved {
            if let (Some(play), Some(node)) = (&self.play, press.node) {
                self.message = format!("{} moved.", play.graph().label(node));
            }
            return;
        }
        match press.node {
            Some(node) => self.pick(node),
            None => {
                let place = match (&self.play, self.layout()) {
                    (Some(play), Some(layout)) => {
                        Some(layout.place_at(play.graph(), press.at.0, press.at.1))
                    }
                    _ => None,
                };
                self.add_node(place);
            }
        }
    }
}

/// The pointer on the picture while shaping: press, drag, release (mouse, finger and pen alike).
pub(super) fn listen_pointer(app: &Shared) {
    let canvas = app.borrow().dom.canvas.clone();
    let handle = app.clone();
    let board = canvas.clone();
    on::<PointerEvent>(&canvas, "pointerdown", move |event| {
        let taken = page::update(&handle, |a| a.pointer_down(&event));
        if taken {
            event.prevent_default();
            dom::best_effort(board.set_pointer_capture(event.pointer_id()));
        }
    });
    let handle = app.clone();
    on::<PointerEvent>(&canvas, "pointermove", move |event| {
        let pressed = handle.borrow().press.is_some_and(|p| p.node.is_some());
        if pressed {
            page::update(&handle, |a| a.pointer_move(&event));
        }
    });
    for kind in ["pointerup", "pointercancel"] {
        let handle = app.clone();
        on::<PointerEvent>(&canvas, kind, move |_| {
            let pressed = handle.borrow().press.is_some();
            if pressed {
                page::update(&handle, |a| a.pointer_up());
            }
        });
    }
}
