//! A game's session on its page, for every game with a history (Chain Reaction and Dots and
//! Boxes on the board shell, Sprouts to play, ADE's play): its share link in the page address and what the
//! browser keeps of it between visits, both the history's own text (`engine::turn::Saved`).
//!
//! Only a game the reader has played in is kept (`touch`), whenever its generation changed
//! since it was last kept: the fresh game a page opens with never overwrites the one a reader
//! left, and a kept game that arrives after the reader has begun another does not replace it.

use web_sys::HtmlElement;

use super::{keep, link, lms};
use crate::engine::turn::Saved;

pub struct Session {
    link_key: String,
    keep_key: String,
    /// The reader has acted on this game.
    touched: bool,
    /// The generation last kept.
    kept: Option<u64>,
    /// The generation the share link was last written for, once the reader asked for one.
    shared: Option<u64>,
}

impl Session {
    /// The session of the game in `root`: `game` is its `data-gamelab` name, `link` the share
    /// link's key, `keep` the browser's key (each made the element's own: `link::key`,
    /// `keep::element_key`).
    pub fn new(root: &HtmlElement, game: &str, link: &str, keep: &str) -> Session {
        Session {
            link_key: link::key(link, root),
            keep_key: keep::element_key(root, game, keep),
            touched: false,
            kept: None,
            shared: None,
        }
    }

    /// The game a share link in the page address holds for this element.
    pub fn shared(&self) -> Option<String> {
        link::read(&self.link_key)
    }

    /// Writes the game into the page address; the link.
    pub fn share(&mut self, history: &impl Saved) -> String {
        self.shared = Some(history.generation());
        link::write(&self.link_key, &history.text())
    }

    /// Once shared, the address follows the game: written again when it changed (ADE's play,
    /// whose link names the layers fired).
    pub fn follow(&mut self, history: &impl Saved) {
        let generation = history.generation();
        if self.shared.is_some_and(|shared| shared != generation) {
            self.shared = Some(generation);
            link::write(&self.link_key, &history.text());
        }
    }

    /// The reader acted on the game: from now on it is kept.
    pub fn touch(&mut self) {
        self.touched = true;
    }

    pub fn touched(&self) -> bool {
        self.touched
    }

    /// Keeps the game in the browser, once the reader has acted on it, when it changed since it
    /// was last kept.
    pub fn keep(&mut self, history: &impl Saved) {
        let generation = history.generation();
        if !self.touched || self.kept == Some(generation) {
            return;
        }
        self.kept = Some(generation);
        // In a graded activity the platform keeps the game (its resume data), not the browser:
        // a return, from any computer, finds it there.
        if lms::connected() {
            lms::keep_game(&history.text());
        } else {
            keep::save(&self.keep_key, history.text(), |_| {});
        }
    }

    /// Notes `history` as kept already (a game just read back from the browser).
    pub fn as_kept(&mut self, history: &impl Saved) {
        self.kept = Some(history.generation());
    }

    /// What reads the game an earlier visit kept (taken out of the session, so that the page
    /// is not borrowed while the browser answers, which may be at once).
    pub fn kept_reader(&self) -> KeptReader {
        KeptReader {
            key: self.keep_key.clone(),
        }
    }
}

pub struct KeptReader {
    key: String,
}

impl KeptReader {
    /// `then` gets the kept game's text (None: nothing, or nothing readable). A page replaces
    /// its game with it unless the session is `touched` by then.
    pub fn read(self, then: impl FnOnce(Option<String>) + 'static) {
        if lms::connected() {
            return then(lms::kept_game());
        }
        keep::load(&self.key, move |kept| {
            then(match kept {
                keep::Kept::Text(text) => Some(text),
                keep::Kept::Nothing | keep::Kept::Unreadable(_) => None,
            })
        });
    }
}
