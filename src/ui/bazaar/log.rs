//! The log: the referee's events, with the players' console output and (when asked) the wire
//! JSON of every call written between them.

use super::*;

/// At most this many console lines and wire messages are kept in the log of one game.
pub(super) const NOTE_LIMIT: usize = 5_000;

/// A wire message longer than this is shown cut, with its full length.
pub(super) const WIRE_SHOWN: usize = 1_500;

/// A JSON value as the wire carries it, cut to `WIRE_SHOWN` characters with its length said.
pub(super) fn on_the_wire(value: &serde_json::Value) -> String {
    let text = value.to_string();
    let length = text.chars().count();
    if length <= WIRE_SHOWN {
        return text;
    }
    let kept: String = text.chars().take(WIRE_SHOWN).collect();
    format!("{kept} … ({length} characters in all)")
}

pub(super) fn describe_call(name: &str, call: &Call) -> String {
    match call {
        Call::Setup(_) => format!("The referee asks {name} to set up with the equations."),
        Call::PebbleOrTrades(_) => format!("The referee asks {name}: a pebble, or exchanges?"),
        Call::Cards(_) => format!("The referee asks {name}: which cards?"),
        Call::Win(won) => format!(
            "The referee tells {name}: you {}.",
            if *won { "won" } else { "lost" }
        ),
    }
}

pub(super) fn describe_answer(answer: &Result<Reply, Failure>) -> String {
    match answer {
        Ok(Reply::Void) => "Answer: fine.".into(),
        Ok(Reply::Pebble) => "Answer: a pebble, please.".into(),
        Ok(Reply::Trades(list)) if list.is_empty() => {
            "Answer: no exchange (it still costs a card).".into()
        }
        Ok(Reply::Trades(list)) => format!(
            "Answer: exchange {}.",
            crate::engine::bazaar::referee::shortened(list.iter().map(|e| format!(
                "{} → {}",
                e.left_bag(),
                e.right_bag()
            )))
        ),
        Ok(Reply::Cards(list)) if list.is_empty() => "Answer: no cards.".into(),
        Ok(Reply::Cards(list)) => format!(
            "Answer: buy {}.",
            crate::engine::bazaar::referee::shortened(list.iter().map(|c| c.to_string()))
        ),
        Err(Failure::Error(e)) => format!("No answer: {e}."),
        Err(Failure::TimedOut { limit_ms }) => {
            format!("No answer within the time limit of {limit_ms} ms.")
        }
    }
}

impl Bazaar {
    /// A line for the log, after the referee's events so far (at most `NOTE_LIMIT` a game).
    pub(super) fn note(&mut self, text: String, class: &'static str) {
        let at = self.game.referee.as_ref().map_or(0, |r| r.log().len());
        match self.game.notes.len() {
            n if n < NOTE_LIMIT => self.game.notes.push((at, text, class)),
            n if n == NOTE_LIMIT => self.game.notes.push((
                at,
                format!("({NOTE_LIMIT} console lines and wire messages shown; the rest of this game's are not)"),
                "gl-hint",
            )),
            _ => {}
        }
    }

    /// The console lines a worker's reply carries, in the player's name.
    pub(super) fn console_notes(&mut self, seat: usize, reply: &serde_json::Value) {
        let name = self.game.seat_names[seat].clone();
        let lines = reply.get("console").and_then(|c| c.as_array());
        for line in lines.into_iter().flatten().take(worker::CONSOLE_LINES) {
            let text = line.as_str().unwrap_or_default();
            self.note(format!("{name} logs: {text}"), "gl-console");
        }
        let dropped = reply.get("dropped").and_then(|d| d.as_u64()).unwrap_or(0);
        if dropped > 0 {
            let limit = worker::CONSOLE_LINES;
            let text = format!(
                "{name} logged {dropped} more lines in this call (the log keeps {limit} a call)"
            );
            self.note(text, "gl-console");
        }
    }

    /// Adds what is new to the log: the referee's events with the notes written between them.
    pub(super) fn render_log(&self, referee: &Referee) {
        let log = &self.dom.log;
        let events = referee.log();
        let (mut shown_events, mut shown_notes) = self.game.shown.get();
        if shown_events > events.len() || shown_notes > self.game.notes.len() {
            // A new game: start the list again.
            log.set_text_content(None);
            (shown_events, shown_notes) = (0, 0);
        }
        // The log follows the newest line, unless the reader has scrolled up to read.
        let following = log.scroll_top() + log.client_height() >= log.scroll_height() - 8;
        loop {
            let note = self
                .game
                .notes
                .get(shown_notes)
                .filter(|(at, ..)| *at <= shown_events);
            if let Some((_, text, class)) = note {
                child(log, "li", class).set_text_content(Some(text));
                shown_notes += 1;
            } else if let Some(event) = events.get(shown_events) {
                let class = if matches!(event, crate::engine::bazaar::referee::Event::Kicked { .. })
                {
                    "gl-kicked"
                } else {
                    ""
                };
                child(log, "li", class).set_text_content(Some(&event.describe(referee.names())));
                shown_events += 1;
            } else {
                break;
            }
        }
        self.game.shown.set((shown_events, shown_notes));
        if following {
            log.set_scroll_top(log.scroll_height());
        }
    }
}
