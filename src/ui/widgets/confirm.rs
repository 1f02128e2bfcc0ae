//! A question asked inside the game's own frame before something is thrown away. The browser's
//! `confirm()` is not used: a course platform shows games in sandboxed frames where it answers
//! nothing (Restart did nothing there). The question names what would be lost; the button that
//! does it carries the page's action (`data-action`, handled like any button), the other one
//! (or Escape) keeps everything as it is and takes the focus, so Enter alone loses nothing.

use web_sys::{Element, HtmlButtonElement, HtmlElement, KeyboardEvent, MouseEvent};

use crate::ui::dom::{self, child, on, plain_button};

pub struct Confirm {
    panel: HtmlElement,
    question: HtmlElement,
    yes: HtmlButtonElement,
    no: HtmlButtonElement,
}

impl Confirm {
    /// A hidden question panel at the top of `parent`.
    pub fn new(parent: &Element) -> Confirm {
        let panel = child(parent, "div", "gl-confirm");
        dom::best_effort(panel.set_attribute("role", "alertdialog"));
        let question = child(&panel, "p", "gl-confirm-question");
        let id = format!("gl-confirm-{}", dom::next_id());
        question.set_id(&id);
        dom::best_effort(panel.set_attribute("aria-labelledby", &id));
        let yes = plain_button(&panel, "Yes");
        dom::best_effort(yes.set_attribute("data-confirm", "yes"));
        let no = plain_button(&panel, "No, keep it");
        dom::best_effort(no.set_attribute("data-confirm", "no"));
        panel.set_hidden(true);
        let hide = panel.clone();
        on::<MouseEvent>(&no, "click", move |_| hide.set_hidden(true));
        // Any answer closes the panel; the page acts on the yes button's action as usual.
        let hide = panel.clone();
        on::<MouseEvent>(&yes, "click", move |_| hide.set_hidden(true));
        let hide = panel.clone();
        on::<KeyboardEvent>(&panel, "keydown", move |event| {
            if event.key() == "Escape" {
                event.prevent_default();
                hide.set_hidden(true);
            }
        });
        if let Some(first) = parent.first_child() {
            dom::best_effort(parent.insert_before(&panel, Some(&first)));
        }
        Confirm {
            panel,
            question,
            yes,
            no,
        }
    }

    /// Asks `question`; `yes` labels the button that does it, which sends `action`.
    pub fn ask(&self, question: &str, yes: &str, action: &impl crate::ui::action::Named) {
        self.question.set_text_content(Some(question));
        self.yes.set_text_content(Some(yes));
        dom::set_action(&self.yes, action);
        self.panel.set_hidden(false);
        // The focus brings the question into view, wherever the button that asked it was.
        dom::best_effort(self.no.focus());
    }

    pub fn is_open(&self) -> bool {
        !self.panel.hidden()
    }

    pub fn close(&self) {
        self.panel.set_hidden(true);
    }
}
