//! The shell's elements, built once: the buttons, the settings form (folded), the seats, the
//! board canvas, status, banner and history.

use super::*;
use web_sys::HtmlButtonElement;

/// A settings field's control.
pub(super) enum Control {
    Number(HtmlInputElement),
    Menu(HtmlSelectElement),
}

impl Field {
    /// A value as the element's attribute and the form say it: the number, or its word.
    pub(super) fn show(&self, value: usize) -> String {
        match self.words.get(value) {
            Some((word, _)) => word.to_string(),
            None => value.to_string(),
        }
    }

    /// A value as the settings' summary says it: the number, or its word's label.
    pub(super) fn label_of(&self, value: usize) -> String {
        match self.words.get(value) {
            Some((_, label)) => label.to_string(),
            None => value.to_string(),
        }
    }
}

impl Control {
    pub(super) fn read<B: BoardGame>(&self, field: &Field) -> Result<usize, String> {
        match self {
            Control::Number(input) => {
                form::read_number(input, field.label, bounds::<B>(field.name))
            }
            Control::Menu(select) if !field.words.is_empty() => field
                .words
                .iter()
                .position(|(word, _)| *word == select.value())
                .ok_or_else(|| format!("choose the {}", field.label.to_lowercase())),
            Control::Menu(select) => select
                .value()
                .parse()
                .map_err(|_| format!("choose the {}", field.label.to_lowercase())),
        }
    }

    pub(super) fn show(&self, field: &Field, value: usize) {
        match self {
            Control::Number(input) => input.set_value(&value.to_string()),
            Control::Menu(select) => select.set_value(&field.show(value)),
        }
    }
}

/// A settings field's control in the form: a menu of words, of a short range, or a number.
fn control<B: BoardGame>(settings: &HtmlElement, field: &Field, value: usize) -> Control {
    if !field.words.is_empty() {
        let options: Vec<(&str, &str)> = field.words.to_vec();
        let select = form::select(settings, field.label, field.name, &options);
        select.set_value(&field.show(value));
        Control::Menu(select)
    } else if field.menu {
        let (min, max) = bounds::<B>(field.name);
        let options: Vec<(String, String)> = (min..=max)
            .map(|n| (n.to_string(), n.to_string()))
            .collect();
        let select = form::select(settings, field.label, field.name, &options);
        select.set_value(&value.to_string());
        Control::Menu(select)
    } else {
        Control::Number(form::number(
            settings,
            field.label,
            field.name,
            bounds::<B>(field.name),
            value,
        ))
    }
}

/// A pending move's buttons (`Entry::Stroke`), the line that says the board scrolls, and the
/// board itself.
type Board = (
    Option<(HtmlButtonElement, HtmlButtonElement)>,
    HtmlElement,
    HtmlCanvasElement,
);

fn board<B: BoardGame>(stage: &HtmlElement) -> Board {
    let confirm_move = (B::ENTRY == Entry::Stroke).then(|| {
        let pending = child(stage, "div", "gl-buttonbar gl-pending");
        pending.set_hidden(true);
        (
            button(&pending, "Confirm move", &BoardAction::<B::Action>::Confirm),
            button(
                &pending,
                "Take back the line",
                &BoardAction::<B::Action>::Cancel,
            ),
        )
    });
    // Said when the board is wider than the room it has (a big board on a phone): the stage
    // scrolls sideways, and this says so.
    // (Not `gl-hint`: that is a game's own hint, which tests and readers look for.)
    let scroll_hint = child(stage, "p", "gl-scroll-hint");
    scroll_hint.set_hidden(true);
    let canvas: HtmlCanvasElement = child(stage, "canvas", "gl-canvas").unchecked_into();
    canvas.set_tab_index(0);
    dom::best_effort(canvas.set_attribute("role", "application"));
    if B::ENTRY == Entry::Stroke {
        // The pencil draws on the board: no scrolling or zooming by touch there.
        dom::best_effort(canvas.style().set_property("touch-action", "none"));
    }
    (confirm_move, scroll_hint, canvas)
}

pub(super) fn build<B: BoardGame>(
    root: &HtmlElement,
    values: &[usize],
    think_ms: usize,
) -> (Dom, Parts) {
    // The buttons first, then the settings folded behind one line (the game opens on its board,
    // not on its form), then the board.
    let bar = child(root, "div", "gl-buttonbar");
    let undo = button(&bar, "Undo", &BoardAction::<B::Action>::Undo);
    let redo = button(&bar, "Redo", &BoardAction::<B::Action>::Redo);
    let restart = button(&bar, "Restart", &BoardAction::<B::Action>::Restart);
    button(&bar, "Share link", &BoardAction::<B::Action>::Share);
    // (Shown while a computer thinks, or the game's own work runs.)
    let move_now = button(&bar, "Move now", &BoardAction::<B::Action>::MoveNow);
    move_now.set_hidden(true);
    let settings = child(root, "details", "gl-board-settings gl-settings");
    let settings_summary = child(&settings, "summary", "");
    settings_summary.set_text_content(Some("Game settings"));
    let fields = B::FIELDS
        .iter()
        .zip(values)
        .map(|(field, &value)| control::<B>(&settings, field, value))
        .collect();
    let seats = child(&settings, "div", "gl-seats");
    let think = form::number(
        &settings,
        B::THINK.label,
        B::THINK.name,
        bounds::<B>(B::THINK.name),
        think_ms / B::THINK.unit_ms,
    );
    button(&settings, "New game", &BoardAction::<B::Action>::NewGame);
    B::rule_pictures(&rules::section(root, B::RULES));
    // Questions before a game is thrown away, asked here, by the buttons.
    let confirm = Confirm::new(&child(root, "div", "gl-asking"));
    let main = child(root, "div", "gl-board-main");
    let stage = child(&main, "div", "gl-board-stage");
    let legend = child(&stage, "ul", "gl-legend");
    dom::best_effort(legend.set_attribute("aria-label", "players"));
    let scores = child(&stage, "p", "gl-scores");
    let status = child(&stage, "p", "gl-status");
    dom::best_effort(status.set_attribute("aria-live", "polite"));
    let banner = child(&stage, "p", "gl-banner");
    dom::best_effort(banner.set_attribute("role", "status"));
    banner.set_hidden(true);
    let (confirm_move, scroll_hint, canvas) = board::<B>(&stage);
    let under = child(&stage, "div", "gl-board-under");
    let side = child(&main, "div", "gl-board-side");
    child(&side, "h4", "").set_text_content(Some("Moves"));
    let history = child(&side, "ol", "gl-history");
    dom::best_effort(history.set_attribute("aria-label", "the moves so far"));
    let extras = child(&side, "div", "gl-board-extras");
    let foot = child(root, "div", "gl-board-foot");
    let dom = Dom {
        root: root.clone(),
        settings_summary,
        fields,
        seats,
        think,
        confirm_move,
        move_now,
        scroll_hint,
        legend,
        scores,
        status,
        banner,
        canvas,
        history,
        undo,
        redo,
        restart,
        confirm,
    };
    let parts = Parts {
        root: root.clone(),
        settings: settings.clone(),
        bar,
        under,
        side: extras,
        foot,
    };
    (dom, parts)
}
