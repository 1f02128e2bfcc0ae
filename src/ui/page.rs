//! The one page API every game's page is written to (after Simon Tatham's `struct game` and its
//! midend). A game's page supplies its settings read from the element's options, its state and UI
//! state in one struct, its actions as an enum, and `view`, which draws each panel from the
//! state. The shell here does the rest, the same for all five: clearing and styling the element,
//! reading its options from the registry (every value not used named, the default used), one
//! listener that turns clicks on `data-action` buttons into actions, Embed this, the first
//! drawing and the timing figures; and it draws the page after every change: a page's actions,
//! events, slices, timers and workers' messages go through `dispatch`, `update`, `try_update`
//! or `react`, and no page calls its own view. Slices (widgets::slices), workers
//! (widgets::worker), share links (widgets::link) and keeping (widgets::keep) are the shared
//! widgets the pages use.
//!
//! Adding a game: an engine module, a page module with a type implementing `GamePage`, and its
//! line in `ui::PAGES` (docs/architecture.md walks through it).

use std::cell::RefCell;
use std::rc::Rc;

use web_sys::HtmlElement;

use crate::options::Options;
use crate::ui::action::Named;
use crate::ui::dom;
use crate::ui::widgets::embed;

/// A mounted page, shared by its listeners, timers and workers.
pub type Handle<P> = Rc<RefCell<P>>;

pub trait GamePage: Sized + 'static {
    /// `data-gamelab`'s value, and the game Embed this writes.
    const NAME: &'static str;
    /// The root's class: the games' styles are scoped to it.
    const CLASS: &'static str;
    /// Its view (`data-view`) among the game's, whose options it reads; "" for a game with one.
    const VIEW: &'static str = "";
    /// What a button, key, field or click on the picture asks for; buttons carry its name.
    type Action: Named + Clone + std::fmt::Debug + 'static;

    /// Builds the panels inside `root` and returns the page in its first state, from its options
    /// as the shell read them (declared in `games`; each value not used is already named in
    /// `problems`, where the page adds what its own readers refuse, e.g. a position).
    fn new(root: &HtmlElement, options: &Options, problems: &mut String) -> Self;

    /// Does `action`. Given the handle, not the page: work that goes on later (slices, workers,
    /// timers) keeps a handle to come back with.
    fn act(page: &Handle<Self>, action: Self::Action);

    /// Draws every panel from the state: the view, which the shell runs after every change
    /// (`update`); it leaves alone what has not changed since it last drew.
    fn view(&mut self);

    /// The element's attributes that recreate this page as it stands (Embed this).
    fn embed_attributes(&self) -> Vec<(String, String)>;

    /// Listens for what is not a button: keys, fields, the picture, the window. Each listener
    /// turns its event into an action where it can.
    fn listen(_page: &Handle<Self>) {}

    /// Runs once the page is drawn: restores what the browser kept, starts the work the options
    /// or a link ask for.
    fn started(_page: &Handle<Self>) {}
}

/// Changes a page, then draws it: every action, slice, timer, event and worker message goes
/// through here (the shell sends the buttons' actions itself), so a page never calls its view.
pub fn update<P: GamePage, R>(page: &Handle<P>, change: impl FnOnce(&mut P) -> R) -> R {
    let result = change(&mut page.borrow_mut());
    page.borrow_mut().view();
    result
}

/// Does `action` and draws the page: what the shell does with a button's action, and what a
/// page's own listeners (keys, fields, the picture) do with theirs.
pub fn dispatch<P: GamePage>(page: &Handle<P>, action: P::Action) {
    react(page, |page| P::act(page, action));
}

/// Runs a callback's work that needs the page's handle (it may start more: a timer, a slice, a
/// worker), then draws the page: for timers, workers' messages, files read and what the browser
/// kept, where `update`'s plain change does not do.
pub fn react<P: GamePage>(page: &Handle<P>, work: impl FnOnce(&Handle<P>)) {
    work(page);
    page.borrow_mut().view();
}

/// `update` for a callback that may come while the page is busy (then it is dropped: None).
pub fn try_update<P: GamePage, R>(page: &Handle<P>, change: impl FnOnce(&mut P) -> R) -> Option<R> {
    let result = change(&mut *page.try_borrow_mut().ok()?);
    page.borrow_mut().view();
    Some(result)
}

/// Mounts `P` in `root`.
pub fn mount<P: GamePage>(root: &HtmlElement) {
    let started = dom::now();
    root.set_text_content(None);
    dom::best_effort(root.class_list().add_1(P::CLASS));
    if !root.has_attribute("tabindex") {
        // Focusable from script: a click on the picture hands it the keys.
        root.set_tab_index(-1);
    }
    let mut problems = String::new();
    let game = crate::games::game(P::NAME).expect("every page's game is in the registry");
    let options = Options::read(
        game.options.iter().chain(crate::games::COMMON_OPTIONS),
        P::VIEW,
        |name| root.get_attribute(&format!("data-{name}")),
        &mut problems,
    );
    if root.has_attribute("data-theme") && !options.given("theme") {
        // The styles follow the attribute: a theme not used is taken off.
        dom::best_effort(root.remove_attribute("data-theme"));
    }
    let page = Rc::new(RefCell::new(P::new(root, &options, &mut problems)));
    let handle = page.clone();
    dom::on_action(root, move |text| {
        if let Some(action) = P::Action::parse(text) {
            dispatch(&handle, action);
        }
    });
    P::listen(&page);
    if options.switch("offer-embed") {
        embed::offer_for(root, P::NAME, &page, P::embed_attributes);
    }
    dom::attribute_note(root, &problems);
    page.borrow_mut().view();
    P::started(&page);
    // Figures for docs/benchmarks.md: time spent mounting, and time since navigation start (wasm
    // download and compile included) when the first frame is drawn and the page answers.
    dom::best_effort(root.set_attribute("data-mount-ms", &format!("{:.1}", dom::now() - started)));
    dom::best_effort(root.set_attribute("data-ready-ms", &format!("{:.1}", dom::now())));
}
