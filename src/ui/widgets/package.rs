//! Embed this's "For a learning platform (SCORM)": a goal for the game as it is set up now, and
//! the package made in the page, the files `scripts/scorm.sh` puts in its zip. The site's files
//! are fetched and deflated by the browser's own compressor (a piece per task, the page going on
//! meanwhile), each step said, and the zip offered as a download; the button stops it.

use std::cell::Cell;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlButtonElement, HtmlElement, HtmlInputElement, HtmlSelectElement};

use crate::embedding;
use crate::games::{self, MOST_ACTIVITY_GAMES};
use crate::scorm::zip::Zip;
use crate::scorm::{self, MOST_FILE_BYTES};
use crate::ui::dom;
use crate::ui::widgets::embed::site_root;
use crate::ui::widgets::{download, form};

/// The game's settings as data attributes, read when asked.
pub type Current = Rc<dyn Fn() -> Vec<(String, String)>>;

/// What the form's attributes leave out of a package's query: the form sets them.
const SET_HERE: [&str; 5] = ["goal", "games", "pass", "scorm", "offer-embed"];

/// The form, under the frame and the snippets.
pub struct PackageForm {
    game: &'static str,
    current: Current,
    note: HtmlElement,
    fields: HtmlElement,
    goal: HtmlSelectElement,
    games: HtmlInputElement,
    pass: HtmlInputElement,
    version: HtmlSelectElement,
    button: HtmlButtonElement,
    status: HtmlElement,
    /// Bumped to stop the package being made (each run checks it is still its own).
    run: Cell<u32>,
    busy: Cell<bool>,
    /// The games when wins to pass was last fitted: wins that were all of them stay all.
    games_were: Cell<usize>,
}

/// Adds the form to Embed this's `details`; `refresh` it each time the panel opens.
pub fn offer(details: &Element, game: &'static str, current: Current) -> Rc<PackageForm> {
    let section = dom::child(details, "fieldset", "gl-package");
    dom::best_effort(section.set_attribute("data-part", "package"));
    dom::child(&section, "legend", "").set_text_content(Some("For a learning platform (SCORM)"));
    dom::child(&section, "p", "").set_text_content(Some(
        "A package to add as a SCORM activity in Moodle, Canvas, Blackboard or Open edX: this \
         game as it is set up now, reporting the student's result to the gradebook.",
    ));
    let note = dom::child(&section, "p", "gl-package-note");
    let fields = dom::child(&section, "div", "gl-package-fields");
    let goal = form::select::<&str, &str>(&fields, "Goal", "package-goal", &[]);
    let games = form::number(
        &fields,
        "Games",
        "package-games",
        (1, MOST_ACTIVITY_GAMES),
        1,
    );
    let pass = form::number(
        &fields,
        "Wins to pass",
        "package-pass",
        (1, MOST_ACTIVITY_GAMES),
        1,
    );
    let version = form::select(
        &fields,
        "Version",
        "package-version",
        &[
            ("1.2", "SCORM 1.2 (every platform)"),
            ("2004", "SCORM 2004 4th edition"),
        ],
    );
    let button = dom::plain_button(&fields, "Download the package");
    dom::best_effort(button.set_attribute("data-field", "package-download"));
    let status = dom::child(&section, "p", "gl-package-status");
    dom::best_effort(status.set_attribute("role", "status"));
    dom::best_effort(status.set_attribute("data-field", "package-status"));
    let form = Rc::new(PackageForm {
        game,
        current,
        note,
        fields,
        goal,
        games,
        pass,
        version,
        button,
        status,
        run: Cell::new(0),
        busy: Cell::new(false),
        games_were: Cell::new(1),
    });
    let handle = Rc::downgrade(&form);
    let listen = |element: &Element, event: &str, act: fn(&Rc<PackageForm>)| {
        let handle = handle.clone();
        dom::on::<web_sys::Event>(element, event, move |_| {
            if let Some(form) = handle.upgrade() {
                act(&form);
            }
        });
    };
    listen(&form.goal, "change", |f| f.show_counts());
    listen(&form.games, "input", |f| f.show_counts());
    listen(&form.button, "click", |f| {
        if f.busy.get() {
            f.stop("Stopped: no package was made.");
        } else {
            f.start();
        }
    });
    form
}

impl PackageForm {
    /// Fits the form to the game's view and settings now: the goals it may have (none when the
    /// view is no activity), and a goal the settings already carry.
    pub fn refresh(&self) {
        let attributes = (self.current)();
        let given = |name: &str| {
            attributes
                .iter()
                .find(|(a, _)| a.strip_prefix("data-") == Some(name))
                .map(|(_, v)| v.clone())
        };
        let Some(entry) = games::game(self.game) else {
            return;
        };
        let view = given("view")
            .or_else(|| entry.views.first().map(|v| v.to_string()))
            .unwrap_or_default();
        let Some(goals) = entry.goals(&view) else {
            self.note.set_text_content(Some(&format!(
                "{} is no graded activity: a package needs a game to play{}.",
                embedding::title(self.game, &attributes),
                if entry.views.is_empty() {
                    ""
                } else {
                    " (choose the view to play)"
                }
            )));
            dom::set_hidden(&self.fields, true);
            return;
        };
        self.note.set_text_content(None);
        dom::set_hidden(&self.fields, false);
        let kept = self.goal.value();
        let choices: Vec<(&str, &str)> = goals.iter().map(|&w| (w, scorm::goal_label(w))).collect();
        form::fill(&self.goal, &choices);
        // The goal the settings carry, else the one chosen before, else the first real goal.
        let wanted = given("goal")
            .filter(|g| goals.contains(&g.as_str()))
            .or(Some(kept).filter(|g| goals.contains(&g.as_str())))
            .unwrap_or_else(|| {
                goals
                    .iter()
                    .find(|&&g| g != "none")
                    .unwrap_or(&"none")
                    .to_string()
            });
        self.goal.set_value(&wanted);
        for (name, input) in [("games", &self.games), ("pass", &self.pass)] {
            if let Some(n) = given(name) {
                input.set_value(&n);
            }
        }
        if let Some(version) = given("scorm").filter(|v| v == "1.2" || v == "2004") {
            self.version.set_value(&version);
        }
        self.show_counts();
    }

    /// Games and wins to pass are asked only for a goal to win; wins stay within the games, and
    /// wins that were all the games stay all of them.
    fn show_counts(&self) {
        let win = self.goal.value() == "win";
        for input in [&self.games, &self.pass] {
            if let Some(label) = input.parent_element() {
                dom::set_hidden(label.unchecked_ref(), !win);
            }
        }
        let games = self.count(&self.games);
        let pass = self.count(&self.pass);
        self.pass.set_max(&games.to_string());
        if pass > games || pass == self.games_were.get() || self.pass.value().is_empty() {
            self.pass.set_value(&games.to_string());
        }
        self.games_were.set(games);
    }

    fn count(&self, input: &HtmlInputElement) -> usize {
        input
            .value()
            .trim()
            .parse::<usize>()
            .unwrap_or(1)
            .clamp(1, MOST_ACTIVITY_GAMES)
    }

    /// The play page's query for the package: the game's settings and the form's goal.
    fn query(&self) -> String {
        let mut attributes: Vec<(String, String)> = (self.current)()
            .into_iter()
            .filter(|(a, _)| !SET_HERE.contains(&a.strip_prefix("data-").unwrap_or(a)))
            .collect();
        let mut set = |name: &str, value: String| attributes.push((format!("data-{name}"), value));
        let goal = self.goal.value();
        if goal == "win" {
            set("goal", goal);
            let (games, pass) = (self.count(&self.games), self.count(&self.pass));
            if games > 1 {
                set("games", games.to_string());
            }
            if pass < games {
                set("pass", pass.to_string());
            }
        } else if goal != "none" {
            set("goal", goal);
        }
        if self.version.value() == "2004" {
            set("scorm", "2004".into());
        }
        embedding::query(&attributes)
    }

    fn say(&self, state: &str, words: &str) {
        dom::best_effort(self.status.set_attribute("data-state", state));
        self.status.set_text_content(Some(words));
    }

    fn set_busy(&self, busy: bool) {
        self.busy.set(busy);
        self.button.set_text_content(Some(if busy {
            "Stop making the package"
        } else {
            "Download the package"
        }));
    }

    fn stop(&self, words: &str) {
        self.run.set(self.run.get() + 1);
        self.set_busy(false);
        self.say("stopped", words);
    }

    /// Checks the query as the command line does, then fetches the site's files, has the
    /// browser deflate each, and offers the zip.
    fn start(self: &Rc<Self>) {
        let plan = match scorm::plan(self.game, &self.query()) {
            Ok(plan) => plan,
            Err(why) => return self.say("refused", &format!("No package: {why}")),
        };
        self.run.set(self.run.get() + 1);
        let run = self.run.get();
        self.set_busy(true);
        self.say("fetching", "Fetching the game's files…");
        let form = Rc::clone(self);
        wasm_bindgen_futures::spawn_local(async move {
            if let Err(why) = form.make(run, &plan).await {
                if form.run.get() == run {
                    form.stop(&format!("No package: {why}."));
                }
            }
        });
    }

    /// Makes and offers the package, unless run `run` is stopped meanwhile (then Ok, quietly).
    async fn make(&self, run: u32, plan: &scorm::Plan) -> Result<(), String> {
        let paths = plan.files();
        let mut files = Vec::with_capacity(paths.len());
        for (i, path) in paths.iter().enumerate() {
            let bytes =
                dom::fetch_bytes(&format!("{}{path}", site_root()), MOST_FILE_BYTES).await?;
            if self.run.get() != run {
                return Ok(());
            }
            files.push(bytes);
            self.say(
                "fetching",
                &format!("Fetching the game's files: {} of {}…", i + 1, paths.len()),
            );
        }
        // `contents` reads the files in the order `files` gave them.
        let mut fetched = files.into_iter();
        let contents = plan.contents(&mut |path| {
            fetched
                .next()
                .ok_or_else(|| format!("{path} was not fetched"))
        })?;
        let mut zip = Zip::new();
        for (i, (path, data)) in contents.iter().enumerate() {
            self.say(
                "packing",
                &format!("Packing {path} ({} of {})…", i + 1, contents.len()),
            );
            let deflated = dom::deflate_raw(data).await?;
            if self.run.get() != run {
                return Ok(());
            }
            zip.put_deflated(path, data, &deflated)?;
        }
        let zip = zip.finish();
        let file_name = format!("{}.zip", plan.identifier());
        download::offer(&zip, "application/zip", &file_name)?;
        self.set_busy(false);
        self.say(
            "saved",
            &format!(
                "Saved {file_name} ({} KB): add it to the course as a SCORM package.{}",
                zip.len().div_ceil(1000),
                download::framed_note()
            ),
        );
        Ok(())
    }
}
