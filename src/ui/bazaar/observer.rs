//! The observer: every state of the game kept as it is played, stepped through, saved as the
//! course's Game JSON or as a picture.

use super::*;

/// A state of the game as the observer keeps it: what the table shows, and what led to it.
pub(super) struct Snapshot {
    pub(super) state: crate::engine::bazaar::state::GameState,
    pub(super) order: Vec<usize>,
    pub(super) caption: String,
}

/// The observer keeps at most this many states of one game (a game of the rules has a few
/// hundred at most: the bank and the exchange price end it).
pub(super) const HISTORY_LIMIT: usize = 5_000;

impl Bazaar {
    /// Keeps the state after an answer if it changed anything (the observer's history).
    pub(super) fn remember(&mut self) {
        let Some(referee) = self.game.referee.as_ref() else {
            return;
        };
        let same = self
            .game
            .history
            .last()
            .is_some_and(|s| &s.state == referee.state() && s.order == referee.order());
        if same || self.game.history.len() > HISTORY_LIMIT {
            return;
        }
        let caption = if self.game.history.len() == HISTORY_LIMIT {
            format!("the observer keeps the first {HISTORY_LIMIT} states; later ones are not kept")
        } else {
            // The newest event that is a move (not the turn's heading).
            referee
                .log()
                .iter()
                .rev()
                .find(|e| !matches!(e, crate::engine::bazaar::referee::Event::Turn { .. }))
                .map_or("the start of the game".to_string(), |e| {
                    e.describe(referee.names())
                })
        };
        self.game.history.push(Snapshot {
            state: referee.state().clone(),
            order: referee.order().to_vec(),
            caption,
        });
    }

    /// Moves the observer: first, back, forward or latest (the live game).
    pub(super) fn observe(&mut self, to: Observe) {
        let last = self.game.history.len().saturating_sub(1);
        let at = self.game.viewing.unwrap_or(last);
        let to = match to {
            Observe::First => 0,
            Observe::Back => at.saturating_sub(1),
            Observe::Forward => (at + 1).min(last),
            Observe::Latest => last,
        };
        self.game.viewing = (to < last).then_some(to);
    }

    /// The state the observer shows: its index, and the snapshot.
    pub(super) fn observed(&self) -> Option<(usize, &Snapshot)> {
        let at = self
            .game
            .viewing
            .unwrap_or(self.game.history.len().checked_sub(1)?);
        self.game.history.get(at).map(|s| (at, s))
    }

    pub(super) fn save_json(&mut self) {
        let Some((at, snapshot)) = self.observed() else {
            return;
        };
        let game = json::game_out(&snapshot.state, &snapshot.order);
        let text = serde_json::to_string_pretty(&game).unwrap_or_default();
        let name = format!("bazaar-state-{}.json", at + 1);
        self.message = match download::offer(text.as_bytes(), "application/json", &name) {
            Ok(()) => format!(
                "State {} saved as the course's Game JSON ({name}).{}",
                at + 1,
                download::framed_note()
            ),
            Err(e) => format!("Not saved: {e}."),
        };
    }

    pub(super) fn save_png(&mut self) {
        let Some((at, _)) = self.observed() else {
            return;
        };
        let name = format!("bazaar-state-{}.png", at + 1);
        let bytes = self
            .dom
            .canvas
            .to_data_url()
            .ok()
            .and_then(|url| url.strip_prefix("data:image/png;base64,").map(String::from))
            .and_then(|b64| dom::window()?.atob(&b64).ok())
            .map(|binary| binary.chars().map(|c| c as u32 as u8).collect::<Vec<u8>>());
        self.message = match bytes.map(|b| download::offer(&b, "image/png", &name)) {
            Some(Ok(())) => format!(
                "State {} saved as a picture ({name}).{}",
                at + 1,
                download::framed_note()
            ),
            Some(Err(e)) => format!("Not saved: {e}."),
            None => "Not saved: the browser gave no picture of the table.".into(),
        };
    }
}
