//! The observer: every state of the game as the referee keeps it (`Referee::history`, the game's
//! one history), stepped through, saved as the course's Game JSON or as a picture.

use super::*;
use crate::engine::bazaar::referee::Snapshot;

impl Bazaar {
    /// Moves the observer: first, back, forward or latest (the live game).
    pub(super) fn observe(&mut self, to: Observe) {
        let last = self.history().len().saturating_sub(1);
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
        let history = self.history();
        let at = self.game.viewing.unwrap_or(history.len().checked_sub(1)?);
        history.get(at).map(|s| (at, s))
    }

    /// The game's states so far (none before a game is on the table).
    pub(super) fn history(&self) -> &[Snapshot] {
        self.game.referee.as_ref().map_or(&[], Referee::history)
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
