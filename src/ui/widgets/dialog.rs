//! A dialog panel inside the game's frame: a title, a body, an error line and buttons.
//! It is an element of the page (role="dialog"), so it works the same when several games are
//! embedded and needs no browser pop-ups.

use web_sys::{Element, HtmlElement};

use crate::ui::dom;

pub struct Dialog {
    pub panel: HtmlElement,
    pub body: HtmlElement,
    pub error: HtmlElement,
    pub buttons: HtmlElement,
}

impl Dialog {
    pub fn new(parent: &Element, title: &str, name: &str) -> Dialog {
        let panel = dom::child(parent, "div", "gl-dialog");
        dom::best_effort(panel.set_attribute("role", "dialog"));
        dom::best_effort(panel.set_attribute("aria-label", title));
        dom::best_effort(panel.set_attribute("data-dialog", name));
        let heading = dom::child(&panel, "h3", "gl-dialog-title");
        heading.set_text_content(Some(title));
        let body = dom::child(&panel, "div", "gl-dialog-body");
        let error = dom::child(&panel, "p", "gl-error");
        dom::best_effort(error.set_attribute("role", "alert"));
        let buttons = dom::child(&panel, "div", "gl-dialog-buttons");
        panel.set_hidden(true);
        Dialog {
            panel,
            body,
            error,
            buttons,
        }
    }

    pub fn show(&self) {
        self.error.set_text_content(None);
        self.panel.set_hidden(false);
    }

    pub fn hide(&self) {
        self.panel.set_hidden(true);
    }

    pub fn is_open(&self) -> bool {
        !self.panel.hidden()
    }

    pub fn show_error(&self, message: &str) {
        self.error.set_text_content(Some(message));
    }
}
