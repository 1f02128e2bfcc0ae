//! The applet drawn from its state: the buttons of the mode, the graph, the tracing area, the
//! status line and the firing-sequence graph window.

use super::*;
use crate::ui::widgets::lms;

/// The most moves the status line plays to say how long a numbers game is (a finite type ends
/// within its number of positive roots, at most 64² here).
const NUMBERS_GAME_MOST: usize = 1 << 13;

impl Ade {
    // --- drawing the page from the state ------------------------------------------------------

    pub(super) fn refresh(&mut self) {
        let editing = self.mode == Mode::Editing;
        let running = self.exhaust.is_some();
        self.dom.editing_bar.set_hidden(!editing);
        let shaping = self.shaping();
        self.dom.shape_bar.set_hidden(!shaping);
        // A finger drags a node while shaping, rather than scrolling the page.
        dom::best_effort(self.dom.canvas.style().set_property(
            "touch-action",
            if shaping { "none" } else { "manipulation" },
        ));
        self.dom.shape.set_disabled(self.play.is_none());
        dom::best_effort(
            self.dom
                .shape
                .set_attribute("aria-pressed", if shaping { "true" } else { "false" }),
        );
        self.dom.playing_bar.set_hidden(editing);
        dom::best_effort(
            self.dom
                .root
                .set_attribute("data-mode", if editing { "editing" } else { "playing" }),
        );
        let terminal = self.play.as_ref().is_none_or(Game::is_terminal);
        let at_start = self.play.as_ref().is_none_or(|p| p.layer_count() == 0);
        self.dom.to_playing.set_disabled(self.play.is_none());
        self.dom.all_ones.set_disabled(self.play.is_none());
        self.dom.single_at.set_disabled(self.play.is_none());
        self.dom.fire.set_disabled(terminal || running);
        self.dom.graph_fire.set_disabled(terminal || running);
        self.dom.exhaust.set_disabled(terminal || running);
        self.dom.undo.set_disabled(at_start || running);
        let can_redo = self.play.as_ref().is_some_and(Game::can_redo);
        self.dom.redo.set_disabled(!can_redo || running);
        self.dom.graph_undo.set_disabled(at_start || running);
        self.dom.stop.set_hidden(!running);
        self.dom.show_graph.set_disabled(self.play.is_none());
        self.dom.to_editing.set_disabled(running);
        let numbers = self.style != Style::Concurrent;
        self.dom.node_buttons.set_hidden(!editing && !numbers);
        self.label_node_buttons(editing, running);
        self.dom.round.set_hidden(!numbers);
        self.dom.orders_button.set_hidden(!numbers);
        self.dom.orders_button.set_disabled(running);
        if let Ok(Some(hint)) = self.dom.playing_bar.query_selector(".gl-keys-hint") {
            hint.set_text_content(Some(if numbers {
                "Keys: a node's number fires it (1 for V1); F next, T round, U, E: click the picture first."
            } else {
                "Keys F, U, E: click the picture first."
            }));
        }
        self.dom.round.set_disabled(terminal || running);
        self.dom
            .fire
            .set_text_content(Some(if numbers { "Fire next" } else { "Fire" }));
        self.dom.exhaust.set_text_content(Some(if numbers {
            "Fire to the end"
        } else {
            "Exhaust fire"
        }));
        // Busy until the tracing area has its lines back after a run, too (tests and tools wait
        // for "idle").
        let busy = running || self.trace_window < TRACE_LINES;
        dom::best_effort(
            self.dom
                .root
                .set_attribute("data-state", if busy { "running" } else { "idle" }),
        );
        self.draw_graph();
        self.sync_trace();
        self.save();
        self.write_status();
        if self.dom.graph.is_open() {
            self.draw_firing_graph(running);
        }
    }

    /// The buttons under the picture: set a node's value while editing; in the numbers game,
    /// fire it (only a positive node can be).
    fn label_node_buttons(&self, editing: bool, running: bool) {
        let Some(play) = &self.play else { return };
        let Ok(buttons) = self.dom.node_buttons.query_selector_all("button") else {
            return;
        };
        if let Ok(Some(hint)) = self.dom.node_buttons.query_selector(".gl-hint") {
            hint.set_text_content(Some(if editing {
                "Set a value: "
            } else {
                "Fire a node: "
            }));
        }
        for k in 0..buttons.length() {
            let Some(b) = buttons
                .item(k)
                .and_then(|n| n.dyn_into::<HtmlButtonElement>().ok())
            else {
                continue;
            };
            let i = k as usize;
            if i >= play.graph().node_count() {
                break;
            }
            let label = play.graph().label(i);
            let (aria, disabled) = if editing {
                (format!("Set the value of {label}"), false)
            } else {
                let positive = play.current().is_positive(i);
                (format!("Fire {label}"), !positive || running)
            };
            dom::best_effort(b.set_attribute("aria-label", &aria));
            b.set_disabled(disabled);
        }
    }

    /// The picture's size in CSS pixels: its column's width, the height in proportion.
    fn picture_size(&self) -> (f64, f64) {
        let width = self
            .dom
            .canvas
            .parent_element()
            // Less the canvas's 1 px border each side, or the frame's right edge is cut.
            .map(|column| column.client_width() as f64 - 2.0)
            .filter(|w| *w > 0.0)
            .unwrap_or(CANVAS_WIDTH as f64);
        let width = match &self.play {
            Some(play) => width.max(GraphLayout::least_width(play.graph())),
            None => width,
        };
        let height = (width * CANVAS_HEIGHT as f64 / CANVAS_WIDTH as f64).max(LEAST_HEIGHT);
        (width, height)
    }

    pub(super) fn draw_graph(&self) {
        let (w, h) = self.picture_size();
        let Some(mut painter) = CanvasPainter::sharp(&self.dom.canvas, w, h) else {
            return;
        };
        self.drawn_size.set((w, h));
        match &self.play {
            Some(play) => {
                let marked: Vec<usize> = if self.shaping() {
                    self.picked.clone()
                } else if self.dom.value.is_open() {
                    self.editing_node.into_iter().collect()
                } else {
                    Vec::new()
                };
                draw_graph(&mut painter, play.graph(), play.current(), w, h, &marked);
                let values: Vec<String> = (0..play.graph().node_count())
                    .map(|i| {
                        format!(
                            "{} = {}",
                            play.graph().label(i),
                            short_value(&play.current().get(i))
                        )
                    })
                    .collect();
                dom::best_effort(self.dom.canvas.set_attribute(
                    "aria-label",
                    &format!("{}: {}", play.graph().name(), values.join(", ")),
                ));
            }
            None => {
                use crate::draw::Painter;
                painter.fill_rect(0.0, 0.0, w, h, crate::draw::Rgb::WHITE);
                painter.text(
                    w / 2.0,
                    h / 2.0,
                    "No graph: use Load (Editing mode) or Game ▸ New game",
                    15.0,
                    crate::draw::Align::Center,
                    palette::MUTED,
                );
                dom::best_effort(
                    self.dom
                        .canvas
                        .set_attribute("aria-label", "No graph loaded"),
                );
            }
        }
    }

    /// Keeps the tracing area's lines in step with the play: lines are appended or removed at
    /// the end, and past `TRACE_LINES` the oldest are dropped from the top (never a rebuild of
    /// the whole list while a long run goes on).
    pub(super) fn sync_trace(&mut self) {
        let states = self.play.as_ref().map_or(0, |p| p.states().len());
        let window = if self.exhaust.is_some() {
            RUNNING_TRACE_LINES
        } else {
            self.trace_window
        };
        let from = states.saturating_sub(window);
        let behind = from.saturating_sub(self.trace_from);
        let widening = self.trace_version == self.play_version
            && from < self.trace_from
            && self.trace_from - from <= TRACE_WIDENING;
        if widening {
            self.prepend_trace(from);
        } else if self.trace_version != self.play_version
            || from < self.trace_from
            || behind > self.trace_shown
        {
            self.trace_version = self.play_version;
            self.dom.trace.set_inner_html("");
            self.trace_shown = 0;
            self.trace_from = from;
        } else if behind > 0 {
            // The oldest lines scroll out: remove them from the top.
            let skip = usize::from(self.trace_from > 0); // the note
            for _ in 0..behind {
                if let Some(line) = self.dom.trace.children().item(skip as u32) {
                    line.remove();
                }
            }
            self.trace_shown -= behind;
            self.trace_from = from;
        }
        if self.trace_from > 0 {
            let note = match self
                .dom
                .trace
                .first_element_child()
                .filter(|e| e.class_list().contains("gl-trace-note"))
            {
                Some(note) => note,
                None => {
                    let note = child(&self.dom.trace, "li", "gl-trace-note");
                    dom::best_effort(self.dom.trace.prepend_with_node_1(&note));
                    note.into()
                }
            };
            note.set_text_content(Some(&format!(
                "… states 0 to {} are not listed here",
                self.trace_from - 1
            )));
        }
        while self.trace_shown > states - self.trace_from {
            if let Some(last) = self.dom.trace.last_element_child() {
                last.remove();
            }
            self.trace_shown -= 1;
        }
        if let Some(play) = &self.play {
            while self.trace_shown < states - self.trace_from {
                let t = self.trace_from + self.trace_shown;
                let line = child(&self.dom.trace, "li", "gl-trace-line");
                line.set_text_content(Some(&trace_text(play, t)));
                self.trace_shown += 1;
            }
        }
        // The last line is the current state.
        if let Ok(Some(old)) = self.dom.trace.query_selector(".gl-current") {
            dom::best_effort(old.class_list().remove_1("gl-current"));
            dom::best_effort(old.remove_attribute("aria-current"));
        }
        if let Some(last) = self
            .dom
            .trace
            .last_element_child()
            .filter(|_| self.trace_shown > 0)
        {
            dom::best_effort(last.class_list().add_1("gl-current"));
            dom::best_effort(last.set_attribute("aria-current", "step"));
        }
        self.dom
            .trace
            .set_scroll_top(self.dom.trace.scroll_height());
    }

    /// Puts the states `from` … up to the first one listed back at the top of the tracing area
    /// (after a run, whose slices kept only the newest lines).
    fn prepend_trace(&mut self, from: usize) {
        let Some(play) = &self.play else { return };
        let note = self
            .dom
            .trace
            .first_element_child()
            .filter(|e| e.class_list().contains("gl-trace-note"));
        let first_line = match &note {
            Some(note) => note.next_element_sibling(),
            None => self.dom.trace.first_element_child(),
        };
        for t in from..self.trace_from {
            let line = child(&self.dom.trace, "li", "gl-trace-line");
            line.set_text_content(Some(&trace_text(play, t)));
            dom::best_effort(
                self.dom
                    .trace
                    .insert_before(&line, first_line.as_ref().map(|e| e.as_ref())),
            );
            self.trace_shown += 1;
        }
        if from == 0 {
            if let Some(note) = note {
                note.remove();
            }
        }
        self.trace_from = from;
    }

    /// What the graph is and what is known of this start, worked out once per play and way of
    /// firing (the status line is written after every slice of a run).
    fn graph_words(&self, play: &Game) -> String {
        let key = (self.play_version, self.style);
        if let Some((version, style, words)) = self.said.borrow().as_ref() {
            if (*version, *style) == key {
                return words.clone();
            }
        }
        let graph = play.graph();
        let mut said = verdict_for(graph, play.start(), self.style).describe();
        if self.style != Style::Concurrent {
            // Every order ends alike on a finite type (strong convergence): say how long.
            if let Some(moves) = numbers_game_length(graph, play.start(), NUMBERS_GAME_MOST) {
                said = format!("{said}, after {moves} moves in any order");
            }
        }
        let words = format!("{} · {said}", type_sentence(graph));
        *self.said.borrow_mut() = Some((key.0, key.1, words.clone()));
        words
    }

    pub(super) fn write_status(&self) {
        let mut parts = Vec::new();
        if let Some(play) = &self.play {
            parts.push(self.graph_words(play));
            let unit = if self.style == Style::Concurrent {
                "layer"
            } else {
                "move"
            };
            parts.push(format!(
                "{} mode · {unit} {}",
                if self.mode == Mode::Editing {
                    "Editing"
                } else {
                    "Playing"
                },
                play.layer_count()
            ));
            if self.mode == Mode::Playing && play.is_terminal() {
                parts.push("terminal: no node is positive".to_string());
            }
        } else {
            parts.push("No graph loaded".to_string());
        }
        let mut text = parts.join(" · ");
        if !self.message.is_empty() {
            text = format!("{text}\n{}", self.message.trim());
        }
        if let Some(activity) = self.graded.and(lms::words()) {
            text = format!("{text}\n{activity}");
        }
        self.dom.status.set_text_content(Some(&text));
    }

    /// Draws the page of the firing-sequence graph shown, if anything it shows changed (while a
    /// run goes on, at most every 250 ms: the rest of the page keeps its time).
    pub(super) fn draw_firing_graph(&mut self, running: bool) {
        let Some(play) = &self.play else { return };
        let count = play.layer_count();
        let first = self.graph_page(count);
        let key = (self.play_version, count, first, self.max_rings);
        if self.graph_drawn == Some(key) || (running && dom::now() - self.graph_drawn_at < 250.0) {
            return;
        }
        self.graph_drawn = Some(key);
        self.graph_drawn_at = dom::now();
        let layers = play.layers();
        self.dom.graph_earlier.set_disabled(first == 0);
        self.dom
            .graph_later
            .set_disabled(first + ROW_LIMIT >= layers.len());
        dom::set_hidden(
            self.dom.graph_earlier.unchecked_ref(),
            layers.len() <= ROW_LIMIT,
        );
        dom::set_hidden(
            self.dom.graph_later.unchecked_ref(),
            layers.len() <= ROW_LIMIT,
        );
        match FiringGraphLayout::for_page(play.graph(), &layers, first, self.max_rings) {
            Ok(layout) => {
                let zoom = self.dom.graph_zoom.value();
                let (w, h) = (layout.width.ceil(), layout.height.ceil());
                let drawn = CanvasPainter::zoomed(
                    &self.dom.graph_canvas,
                    w,
                    h,
                    zoom.parse().unwrap_or(1.0),
                );
                // Fitted: as wide as the window lets it be, never wider than its own size.
                let style = self.dom.graph_canvas.style();
                let fit = zoom == "fit";
                dom::best_effort(
                    style.set_property("max-width", if fit { "100%" } else { "none" }),
                );
                dom::best_effort(style.set_property("height", "auto"));
                if let Some(mut painter) = drawn {
                    // The layout above has measured the page: drawing it cannot be refused.
                    let _ = draw_firing_graph_page(
                        &mut painter,
                        play.graph(),
                        &layers,
                        first,
                        self.max_rings,
                    );
                }
            }
            Err(too_large) => {
                self.dom.graph_canvas.set_width(1);
                self.dom.graph_canvas.set_height(1);
                dom::best_effort(self.dom.graph_canvas.style().set_property("width", "1px"));
                self.dom
                    .graph_caption
                    .set_text_content(Some(&format!("Not drawn: {too_large}.")));
                return;
            }
        }
        // Every sum of the page shown (the picture has them on the right too).
        let last = (first + ROW_LIMIT).min(layers.len());
        let sums: Vec<String> = (first + 1..=last)
            .map(|t| short_value(&play.layer_sum(t)))
            .collect();
        let caption = match layers.len() {
            0 => "no layers yet".to_string(),
            1 => format!("1 layer · layer sum {}", sums.join(", ")),
            n if n <= ROW_LIMIT => format!("{n} layers · layer sums {}", sums.join(", ")),
            n => format!(
                "{n} layers · layers {}–{last} shown · their sums {}",
                first + 1,
                sums.join(", ")
            ),
        };
        self.dom.graph_caption.set_text_content(Some(&caption));
        dom::best_effort(self.dom.graph_canvas.set_attribute(
            "aria-label",
            &format!(
                "Firing sequence graph of {}: {caption}",
                play.graph().name()
            ),
        ));
    }
}

/// The first layer of the firing-sequence graph's last page.
pub(super) fn last_page(layers: usize) -> usize {
    layers.saturating_sub(1) / ROW_LIMIT * ROW_LIMIT
}
