//! The Parameters tab: the start position and the goal, read from the page, checked as they
//! are typed, and kept between visits.

use super::*;

/// The element's own options, to tell whether kept parameters were made for it as it is.
pub(super) fn attributes_of(root: &HtmlElement) -> String {
    ["data-spots", "data-position", "data-goal", "data-ending"]
        .map(|name| root.get_attribute(name).unwrap_or_default())
        .join("\u{1f}")
}

/// This element's storage key: its id, or its place among the Glop elements of the page.
pub(super) fn storage_key(root: &HtmlElement) -> String {
    keep::element_key(root, "sprouts", STORAGE_KEY)
}

impl Glop {
    /// The parameters tab (and the count of unverified couples) as a small text in local storage.
    pub(super) fn keep_parameters(&mut self) {
        let d = &self.dom;
        let kept = serde_json::json!({
            "start": if d.free_radio.checked() { "free" } else { "spots" },
            "spots": d.spots.value(), "free": d.free.value(), "goal": d.goal.value(), "notation": d.notation.value(),
            "unverified": self.unverified,
            "attributes": attributes_of(&self.dom.root),
            // What was being computed, so a reload can say where the work stood.
            "under_way": self.computation.as_ref().filter(|_| self.running).map(|c| c.position.write(self.notation)),
        });
        let stored = dom::window()
            .and_then(|w| w.local_storage().ok().flatten())
            .is_some_and(|storage| {
                storage
                    .set_item(
                        &format!("{}-parameters", self.storage_key),
                        &kept.to_string(),
                    )
                    .is_ok()
            });
        if !stored {
            self.message = "The parameters could not be kept in this browser (storage refused): a reload starts from the element's own.".into();
        }
    }

    /// The parameters kept by an earlier visit, over the element's own attributes.
    pub(super) fn restore_parameters(&mut self) {
        let Some(text) = dom::window()
            .and_then(|w| w.local_storage().ok().flatten())
            .and_then(|s| {
                s.get_item(&format!("{}-parameters", self.storage_key))
                    .ok()
                    .flatten()
            })
        else {
            return;
        };
        let Ok(kept) = serde_json::from_str::<serde_json::Value>(&text) else {
            return;
        };
        // Kept for this element as its author wrote it: an element changed since starts afresh.
        if kept.get("attributes").and_then(serde_json::Value::as_str)
            != Some(attributes_of(&self.dom.root).as_str())
        {
            return;
        }
        let text_of = |key: &str| {
            kept.get(key)
                .and_then(serde_json::Value::as_str)
                .map(str::to_string)
        };
        let d = &self.dom;
        if let Some(v) = text_of("spots") {
            d.spots.set_value(&v);
        }
        if let Some(v) = text_of("free") {
            d.free.set_value(&v);
        }
        if let Some(v) =
            text_of("goal").filter(|v| ["outcome", "nimber", "misere"].contains(&v.as_str()))
        {
            d.goal.set_value(&v);
        }
        if let Some(v) = text_of("notation").filter(|v| v == "1" || v == "2") {
            d.notation.set_value(&v);
            self.notation = if v == "2" {
                Notation::Glop2
            } else {
                Notation::Glop10
            };
        }
        match text_of("start").as_deref() {
            Some("free") => d.free_radio.set_checked(true),
            Some("spots") => d.spots_radio.set_checked(true),
            _ => {}
        }
        self.unverified = kept
            .get("unverified")
            .and_then(serde_json::Value::as_u64)
            .unwrap_or(0) as usize;
        if let Some(position) = text_of("under_way") {
            self.message = format!(
                "The page was left while it computed {position}: the main base kept what that computation had found. Press Compute to go on from there."
            );
        }
        self.validate_start();
    }

    /// Sets the start from the element's options (the shell has named those it could not use;
    /// a position that does not parse is named here).
    pub(super) fn start_from_options(&mut self, options: &Options) {
        if let Some(spots) = options.number("spots").filter(|_| options.given("spots")) {
            self.dom.spots.set_value(&spots.to_string());
        }
        if let Some(text) = options
            .text("position")
            .filter(|_| options.given("position"))
        {
            self.dom.free.set_value(text);
            self.dom.free_radio.set_checked(true);
            if let Err(e) = Position::parse(text) {
                self.message.push_str(&format!(
                    "data-position=\"{}\": {e}. ",
                    crate::echo::echo(text)
                ));
            }
        }
        if let Some(goal) = options.word("goal").filter(|_| options.given("goal")) {
            self.dom.goal.set_value(goal);
        }
        // The play view's option, read here too: a misère element is a misère element.
        if matches!(options.word("ending"), Some("misere" | "misère")) {
            self.dom.goal.set_value("misere");
        }
    }

    /// Puts the start and the goal in the page address: `#glop=spots:5/outcome`, or
    /// `#glop=position:0*3+0.A|0.A/nimber`; says the link beside the button.
    pub(super) fn share(&mut self) {
        let start = if self.dom.free_radio.checked() {
            format!("position:{}", self.dom.free.value().trim())
        } else {
            format!("spots:{}", self.dom.spots.value().trim())
        };
        let goal = match self.dom.goal.value().as_str() {
            "nimber" => "nimber",
            "misere" => "misere",
            _ => "outcome",
        };
        let key = link::key(LINK_KEY, &self.dom.root);
        let href = link::write(&key, &format!("{start}/{goal}"));
        self.dom
            .share_note
            .set_text_content(Some(&format!("Link to this position: {href}")));
    }

    /// Opens the position and goal of a link (`share`), if the page address has one; a link
    /// that cannot be read is said beside the button, and changes nothing.
    pub(super) fn start_from_link(&mut self, root: &HtmlElement) {
        let Some(value) = link::read(&link::key(LINK_KEY, root)) else {
            return;
        };
        match read_link(&value) {
            Ok((start, goal)) => {
                match start {
                    LinkStart::Spots(n) => {
                        self.dom.spots.set_value(&n.to_string());
                        self.dom.spots_radio.set_checked(true);
                        self.dom.free.set_value("");
                    }
                    LinkStart::Position(text) => {
                        self.dom.free.set_value(&text);
                        self.dom.free_radio.set_checked(true);
                    }
                }
                self.dom.goal.set_value(goal);
                self.validate_start();
            }
            Err(why) => self
                .dom
                .share_note
                .set_text_content(Some(&format!("The link's position was not used: {why}."))),
        }
    }

    /// The start position of the parameters tab, or the message for what is wrong with it.
    pub(super) fn start(&self) -> Result<Position, String> {
        if self.dom.free_radio.checked() {
            Position::parse(&self.dom.free.value()).map_err(|e| format!("Free position: {e}"))
        } else {
            match self.dom.spots.value().trim().parse::<usize>() {
                Ok(n) if (1..=MAX_SPOTS).contains(&n) => Ok(Position::spots(n)),
                _ => Err(format!(
                    "The number of spots is a whole number from 1 to {MAX_SPOTS} ."
                )),
            }
        }
    }

    /// The goal (a misère computation's is the outcome: misère play has no nimbers).
    pub(super) fn goal(&self) -> Goal {
        if self.dom.goal.value() == "nimber" {
            Goal::Nimber
        } else {
            Goal::Outcome { nimber_part: 0 }
        }
    }

    /// Misère play is chosen (who cannot move wins).
    pub(super) fn misere_chosen(&self) -> bool {
        self.dom.goal.value() == "misere"
    }

    /// Validation as you type: the error in place, or the canonical form.
    pub(super) fn validate_start(&mut self) {
        match self.start() {
            Ok(p) => {
                self.dom.start_error.set_text_content(None);
                let text = format!(
                    "Canonical form: {}   ({} lives)",
                    p.write(self.notation),
                    p.lives()
                );
                self.dom.canonical.set_text_content(Some(&text));
            }
            Err(e) => {
                self.dom.start_error.set_text_content(Some(&e));
                self.dom.canonical.set_text_content(None);
            }
        }
    }
}

/// The key of Glop's entry in the page address.
const LINK_KEY: &str = "glop";

/// A link's start.
#[derive(Debug, PartialEq)]
enum LinkStart {
    Spots(usize),
    Position(String),
}

/// Reads a link's `spots:5/outcome` or `position:<text>/nimber`.
fn read_link(value: &str) -> Result<(LinkStart, &'static str), String> {
    let (start, goal) = value
        .rsplit_once('/')
        .ok_or("it names no goal (…/outcome, …/nimber or …/misere)")?;
    let goal = match goal {
        "outcome" => "outcome",
        "nimber" => "nimber",
        "misere" => "misere",
        other => {
            return Err(format!(
                "\"{}\" is none of outcome, nimber, misere",
                crate::echo::echo(other)
            ))
        }
    };
    if let Some(n) = start.strip_prefix("spots:") {
        return match n.parse::<usize>() {
            Ok(n) if (1..=MAX_SPOTS).contains(&n) => Ok((LinkStart::Spots(n), goal)),
            _ => Err(format!(
                "\"{}\" is not a number of spots from 1 to {MAX_SPOTS}",
                crate::echo::echo(n)
            )),
        };
    }
    let text = start
        .strip_prefix("position:")
        .ok_or("it gives neither spots: nor position:")?;
    Position::parse(text).map_err(|e| format!("\"{}\": {e}", crate::echo::echo(text)))?;
    Ok((LinkStart::Position(text.to_string()), goal))
}
