//! The shell drawn from its state: seats, history, the board, the status line. The shell runs
//! `refresh` after every change (`page::update`); what has not changed since it last drew (the
//! board's picture, the history) is left as it is.

use super::*;
use crate::ui::widgets::lms;

/// What the view last drew.
#[derive(Default)]
pub(super) struct Drawn {
    /// The board's picture: the record's generation, the view (room, cursor, pointer) and the
    /// game's own part (`BoardGame::picture_key`); none while a move is being shown.
    picture: Option<(u64, View, u64)>,
    /// The history: the record's generation.
    history: Option<u64>,
}

impl<B: BoardGame> Shell<B> {
    pub(super) fn rebuild_seats(&mut self) {
        let parent = self.dom.seats.clone();
        parent.set_text_content(None);
        let mut options = vec![("human".to_string(), "human".to_string())];
        options.extend(
            B::levels()
                .into_iter()
                .map(|l| (B::level_name(l), format!("computer: {}", B::level_label(l)))),
        );
        for (i, seat) in self.seats.iter().enumerate() {
            let note = B::seat_note(i);
            let label = if note.is_empty() {
                format!("Player {}", palette::seat_letter(i))
            } else {
                format!("Player {} ({note})", palette::seat_letter(i))
            };
            let select = form::select(&parent, &label, &format!("seat-{i}"), &options);
            let name = seat_name::<B>(*seat);
            if !options.iter().any(|(v, _)| *v == name) {
                // A level from data-seats that the menu does not list: offered as it is.
                let label = match seat {
                    Seat::Computer(level) => format!("computer: {}", B::level_label(*level)),
                    Seat::Human => "human".to_string(),
                };
                form::fill(
                    &select,
                    &[(name.clone(), label)]
                        .into_iter()
                        .chain(options.iter().cloned())
                        .collect::<Vec<_>>(),
                );
            }
            select.set_value(&name);
        }
    }

    /// The moves so far, written again when the record has changed; each line with its number
    /// written out (so "100." is never cut like a list marker in a narrow margin).
    fn history(&mut self) {
        if self.drawn.history == Some(self.record.generation()) {
            return;
        }
        self.drawn.history = Some(self.record.generation());
        self.dom.history.set_text_content(None);
        for (i, line) in B::history(&self.record).iter().enumerate() {
            let li = child(&self.dom.history, "li", "");
            li.set_text_content(Some(&format!("{}. {line}", i + 1)));
        }
        self.dom
            .history
            .set_scroll_top(self.dom.history.scroll_height());
    }

    /// The board's picture, drawn again when what it shows has changed (and every frame of a
    /// move being shown).
    fn picture(&mut self) {
        let view = self.board_view();
        let game = self.record.game();
        let key = (self.record.generation(), view, self.board.picture_key(game));
        if self.board.animating() {
            self.drawn.picture = None;
        } else if self.drawn.picture.as_ref() == Some(&key) {
            return;
        } else {
            self.drawn.picture = Some(key);
        }
        let (w, h) = self.board.size(game, view.room);
        let too_wide = w > view.room.0 + 1.0;
        self.dom.scroll_hint.set_hidden(!too_wide);
        if too_wide {
            self.dom.scroll_hint.set_text_content(Some(
                "The board is wider than this screen: scroll it sideways to see all of it (or turn the phone).",
            ));
        }
        if let Some(mut painter) = CanvasPainter::sharp(&self.dom.canvas, w, h) {
            self.board.draw(&mut painter, &self.record, &view);
        }
        dom::best_effort(
            self.dom
                .canvas
                .set_attribute("aria-label", &self.board.describe(game, self.cursor)),
        );
    }

    /// The settings of the game in play, in a line ("rows 9, columns 6, players 2; A human, …").
    pub(super) fn settings_summary(&self) -> String {
        let values = B::values_of(&self.record.settings());
        let fields: Vec<String> = B::FIELDS
            .iter()
            .zip(values)
            .map(|(field, value)| {
                format!("{} {}", field.label.to_lowercase(), field.label_of(value))
            })
            .collect();
        let seats: Vec<String> = self
            .seats
            .iter()
            .enumerate()
            .map(|(i, seat)| {
                let who = match seat {
                    Seat::Human => "human".to_string(),
                    Seat::Computer(level) => B::level_label(*level),
                };
                format!("{} {who}", B::seat_mark(i))
            })
            .collect();
        format!("{}; {}", fields.join(", "), seats.join(", "))
    }

    pub(super) fn refresh(&mut self) {
        dom::best_effort(
            self.dom
                .settings_summary
                .set_attribute("data-summary", &self.settings_summary()),
        );
        self.picture();
        self.history();
        self.write_status();
        let view = self.board_view();
        self.board.refresh(&self.record, &view);
        // (A graded game is not taken back.)
        let graded = self.graded.is_some();
        self.dom
            .undo
            .set_disabled(graded || self.record.moves() == 0);
        self.dom
            .redo
            .set_disabled(graded || !self.record.can_redo());
        self.dom.restart.set_disabled(graded);
        if graded {
            self.grey_the_refused();
        }
        let thinking = self.computer_to_move().is_some() || self.board.working().is_some();
        self.dom
            .move_now
            .set_hidden(!thinking || self.board.animating());
        if let Some((confirm, _)) = &self.dom.confirm_move {
            if let Some(bar) = confirm.parent_element() {
                dom::set_hidden(&bar.unchecked_into(), !self.board.pending());
            }
        }
    }

    /// Greys out the game's own buttons a graded game refuses (Sprouts' hints), as Undo is.
    fn grey_the_refused(&self) {
        let Ok(buttons) = self
            .dom
            .root
            .query_selector_all(".gl-buttonbar > button[data-action]")
        else {
            return;
        };
        for i in 0..buttons.length() {
            let Some(button) = buttons
                .item(i)
                .and_then(|b| b.dyn_into::<web_sys::HtmlButtonElement>().ok())
            else {
                continue;
            };
            let action = button
                .get_attribute("data-action")
                .and_then(|name| BoardAction::<B::Action>::parse(&name));
            if matches!(&action, Some(BoardAction::Game(a)) if B::graded_refuses(a)) {
                button.set_disabled(true);
            }
        }
    }

    pub(super) fn write_status(&mut self) {
        let game = self.record.game();
        // While a move is still being shown, the page says no more than the board shows: the
        // end, the scores and who is out come when the showing is over.
        let showing = self.board.animating();
        let out = if showing {
            Vec::new()
        } else {
            self.board.out(game)
        };
        let to_move = self.record.player_to_move();
        self.legend(&out, to_move);
        let number = self.record.moves() + 1;
        let mut status = match to_move {
            // While a move is being shown, the page says what the picture shows.
            None if showing => "The last move's explosions…".to_string(),
            Some(_) if showing => "The move's explosions…".to_string(),
            None => self.board.result_line(game),
            Some(p) => match (self.seats.get(p), self.computer_to_move()) {
                (Some(Seat::Computer(level)), Some(_)) => {
                    let progress = self.computers.get(p).and_then(Option::as_ref);
                    match progress.and_then(|c| c.progress()) {
                        Some(words) => words,
                        None => {
                            let seconds = self
                                .thinking_since
                                .map_or(0.0, |since| (dom::now() - since) / 1000.0);
                            format!(
                                "{} (computer: {}) is thinking… {seconds:.1} s (move {number}).",
                                B::player(p),
                                B::level_label(*level),
                            )
                        }
                    }
                }
                _ => match self.board.working() {
                    Some(words) => words,
                    None => format!(
                        "{} to move (move {number}): {}.",
                        B::player(p),
                        self.board.prompt(game)
                    ),
                },
            },
        };
        // (The game's score line follows what the board shows, a move being shown too.)
        let score = self.board.score_line(game);
        self.dom.scores.set_hidden(score.is_empty());
        self.dom.scores.set_text_content(Some(&score));
        if !self.message.is_empty() {
            status = format!("{}\n{status}", self.message);
        }
        if let Some(activity) = self.graded.as_ref().and(lms::words()) {
            status = format!("{status}\n{activity}");
        }
        self.dom.status.set_text_content(Some(&status));
        let over = to_move.is_none() && !showing;
        self.dom.banner.set_hidden(!over);
        if over {
            self.dom
                .banner
                .set_text_content(Some(&self.board.result_line(game)));
        }
        let state = if over {
            "over"
        } else if showing {
            "showing"
        } else if to_move.is_some_and(|p| !self.is_human(p)) {
            "thinking"
        } else {
            "playing"
        };
        dom::best_effort(self.dom.root.set_attribute("data-state", state));
    }

    /// The seats, each with its mark (on its colour where colours tell the players apart), who
    /// plays it, and whether it is out or to move.
    fn legend(&self, out: &[usize], to_move: Option<usize>) {
        self.dom.legend.set_text_content(None);
        for (i, seat) in self.seats.iter().enumerate() {
            let item = child(&self.dom.legend, "li", "");
            let swatch = child(&item, "span", "gl-swatch");
            let style = swatch.style();
            if B::COLOURED_SEATS {
                dom::best_effort(style.set_property("background", &palette::seat(i).css()));
            } else {
                // A mark in the text's colour: the players' lines look alike.
                dom::best_effort(style.set_property("background", "transparent"));
                dom::best_effort(style.set_property("color", "inherit"));
                dom::best_effort(style.set_property("border", "1px solid currentColor"));
            }
            swatch.set_text_content(Some(&B::seat_mark(i)));
            let who = match seat {
                Seat::Human => "human".to_string(),
                Seat::Computer(level) => B::level_label(*level).to_string(),
            };
            let mut text = format!(" {who}");
            if out.contains(&i) {
                text.push_str(" (out)");
                dom::best_effort(item.class_list().add_1("gl-out"));
            }
            if to_move == Some(i) {
                dom::best_effort(item.class_list().add_1("gl-to-move"));
                dom::best_effort(item.set_attribute("aria-current", "true"));
            }
            child(&item, "span", "").set_text_content(Some(&text));
        }
    }
}
