//! The learning platform around a SCORM package (`scorm`): its API object found in a frame
//! above the page (`API` for SCORM 1.2, `API_1484_11` for 2004), the activity's tally and the
//! game in progress kept in its resume data, the status and score reported at the end of each
//! game, and everything committed when the page is left. One a page: a package launches one
//! game. Without a platform around it the page plays as usual and says nothing is recorded.

use std::cell::RefCell;

use js_sys::{Function, Reflect};
use wasm_bindgen::{JsCast, JsValue};

use crate::options::Options;
use crate::scorm::{goal_of, Goal, Resume, Tally, Version};
use crate::ui::dom;

/// How many frames up (and openers back) the API is looked for, as the SCORM run-time
/// documents advise.
const SEARCH_DEPTH: usize = 10;

struct Platform {
    api: JsValue,
    version: Version,
    tally: Tally,
    /// The game on the page as its page keeps it (the session's text).
    game: String,
    /// That game is over and counted: a return does not bring it back.
    over: bool,
    /// What went wrong talking to the platform, said once under the game.
    trouble: String,
}

thread_local! {
    static PLATFORM: RefCell<Option<Platform>> = const { RefCell::new(None) };
    /// The activity's goal when no platform was found (the page still says what it asks).
    static ALONE: RefCell<Option<Tally>> = const { RefCell::new(None) };
}

/// The names of a version's calls and data.
struct Names {
    api: &'static str,
    initialize: &'static str,
    get: &'static str,
    set: &'static str,
    commit: &'static str,
    finish: &'static str,
    exit: &'static str,
    /// The most characters of resume data the platform must keep.
    suspend_limit: usize,
}

fn names(version: Version) -> Names {
    match version {
        Version::Scorm12 => Names {
            api: "API",
            initialize: "LMSInitialize",
            get: "LMSGetValue",
            set: "LMSSetValue",
            commit: "LMSCommit",
            finish: "LMSFinish",
            exit: "cmi.core.exit",
            suspend_limit: 4096,
        },
        Version::Scorm2004 => Names {
            api: "API_1484_11",
            initialize: "Initialize",
            get: "GetValue",
            set: "SetValue",
            commit: "Commit",
            finish: "Terminate",
            exit: "cmi.exit",
            suspend_limit: 64_000,
        },
    }
}

/// The API object in this window, a frame above it, or an opener's (None: no platform).
fn find_api(name: &str) -> Option<JsValue> {
    let own = |window: &web_sys::Window| -> Option<JsValue> {
        // A frame from another origin refuses to be read: that is no platform.
        let api = Reflect::get(window, &JsValue::from_str(name)).ok()?;
        api.is_object().then_some(api)
    };
    let mut start = dom::window();
    for _ in 0..2 {
        let mut window = start.clone()?;
        for _ in 0..SEARCH_DEPTH {
            if let Some(api) = own(&window) {
                return Some(api);
            }
            match window.parent().ok().flatten() {
                Some(parent) if !js_sys::Object::is(&parent, &window) => window = parent,
                _ => break,
            }
        }
        start = start?
            .opener()
            .ok()
            .and_then(|o| o.dyn_into::<web_sys::Window>().ok());
    }
    None
}

/// Calls the API's `method` with string arguments; its answer as text ("" when it gave none).
fn call(api: &JsValue, method: &str, args: &[&str]) -> Result<String, String> {
    let function: Function = Reflect::get(api, &JsValue::from_str(method))
        .ok()
        .and_then(|f| f.dyn_into().ok())
        .ok_or_else(|| format!("the platform's API has no {method}"))?;
    let args: js_sys::Array = args.iter().map(|a| JsValue::from_str(a)).collect();
    let answer = function
        .apply(api, &args)
        .map_err(|e| format!("{method} failed: {}", dom::error_text(&e)))?;
    Ok(answer.as_string().unwrap_or_default())
}

impl Platform {
    fn names(&self) -> Names {
        names(self.version)
    }

    fn get(&self, key: &str) -> String {
        call(&self.api, self.names().get, &[key]).unwrap_or_default()
    }

    fn set(&mut self, key: &str, value: &str) {
        match call(&self.api, self.names().set, &[key, value]) {
            Ok(answer) if answer == "true" => {}
            Ok(answer) => self.trouble = format!("the platform refused {key} ({answer})"),
            Err(e) => self.trouble = e,
        }
    }

    fn commit(&mut self) {
        if let Err(e) = call(&self.api, self.names().commit, &[""]) {
            self.trouble = e;
        }
    }

    /// Status and score as the tally has them.
    fn report(&mut self) {
        let report = self.tally.report();
        match self.version {
            Version::Scorm12 => {
                let status = match (report.passed, report.completed) {
                    (Some(true), _) => "passed",
                    (Some(false), _) => "failed",
                    (None, true) => "completed",
                    (None, false) => "incomplete",
                };
                self.set("cmi.core.lesson_status", status);
                if let Some((raw, max)) = report.score {
                    self.set("cmi.core.score.min", "0");
                    self.set("cmi.core.score.max", &max.to_string());
                    self.set("cmi.core.score.raw", &raw.to_string());
                }
            }
            Version::Scorm2004 => {
                let completion = if report.completed {
                    "completed"
                } else {
                    "incomplete"
                };
                self.set("cmi.completion_status", completion);
                let success = match report.passed {
                    Some(true) => "passed",
                    Some(false) => "failed",
                    None => "unknown",
                };
                self.set("cmi.success_status", success);
                if let Some((raw, max)) = report.score {
                    self.set("cmi.score.min", "0");
                    self.set("cmi.score.max", &max.to_string());
                    self.set("cmi.score.raw", &raw.to_string());
                    let scaled = f64::from(raw) / f64::from(max.max(1));
                    self.set("cmi.score.scaled", &format!("{scaled:.4}"));
                }
            }
        }
    }

    /// Writes the tally and the game in progress to the resume data.
    fn suspend(&mut self) {
        let mut resume = Resume {
            played: self.tally.played,
            won: self.tally.won,
            over: self.over,
            game: self.game.clone(),
        };
        let mut text = resume.text();
        let limit = self.names().suspend_limit;
        if text.chars().count() > limit {
            // Too long for the platform to keep: the tally is kept, the game is not.
            resume.game.clear();
            text = resume.text();
            self.trouble = format!(
                "the game in progress is longer than the {limit} characters the platform keeps: a return starts it again"
            );
        }
        self.set("cmi.suspend_data", &text);
        let exit = self.names().exit;
        self.set(exit, "suspend");
    }
}

/// A graded activity a page's options ask for (`goal`, `scorm`).
pub struct Asked {
    pub goal: Option<Goal>,
    version: Option<Version>,
}

/// The graded activity the options ask for (None: free play); a bad goal is said in
/// `problems`.
pub fn asked(options: &Options, problems: &mut String) -> Option<Asked> {
    let goal = goal_of(options).unwrap_or_else(|why| {
        problems.push_str(&format!("{why}. "));
        None
    });
    let version = options.word("scorm").and_then(Version::from_word);
    (goal.is_some() || version.is_some()).then_some(Asked { goal, version })
}

impl Asked {
    /// Begins the activity: with the platform around the page (a package), or alone.
    pub fn begin(self) {
        match self.version {
            Some(version) => {
                connect(version, self.goal);
            }
            None => alone(self.goal),
        }
    }
}

/// Looks for the platform (`version`'s API) and starts the session with it; the activity's
/// tally and game in progress come back from its resume data. False when no platform is
/// around the page: it plays as usual.
pub fn connect(version: Version, goal: Option<Goal>) -> bool {
    let names = names(version);
    let Some(api) = find_api(names.api) else {
        alone(goal);
        return false;
    };
    let mut platform = Platform {
        api,
        version,
        tally: Tally::new(goal),
        game: String::new(),
        over: false,
        trouble: String::new(),
    };
    match call(&platform.api, names.initialize, &[""]) {
        Ok(answer) if answer == "true" => {}
        Ok(answer) => {
            platform.trouble = format!("the platform did not start the session ({answer})")
        }
        Err(e) => platform.trouble = e,
    }
    if let Some(resume) = Resume::read(&platform.get("cmi.suspend_data")) {
        platform.tally.played = resume.played.min(platform.tally.games());
        platform.tally.won = resume.won.min(platform.tally.played);
        // A game that was over was counted: the return starts the next one (and `over` stays
        // false: what is kept from now on is that game, in progress).
        if !resume.over {
            platform.game = resume.game;
        }
    }
    platform.report();
    platform.suspend();
    platform.commit();
    PLATFORM.with(|p| *p.borrow_mut() = Some(platform));
    // Leaving the page (closing it, the platform moving on) commits and ends the session.
    if let Some(window) = dom::window() {
        dom::on::<web_sys::Event>(&window, "pagehide", move |_| leave());
    }
    true
}

/// A graded activity on a page with no package (`goal` without `scorm`): the page keeps the
/// tally and says that nothing is recorded.
pub fn alone(goal: Option<Goal>) {
    ALONE.with(|a| *a.borrow_mut() = Some(Tally::new(goal)));
}

fn leave() {
    PLATFORM.with(|p| {
        if let Some(mut platform) = p.borrow_mut().take() {
            platform.suspend();
            platform.commit();
            let finish = platform.names().finish;
            let _ = call(&platform.api, finish, &[""]);
        }
    });
}

/// A platform is around the page.
pub fn connected() -> bool {
    PLATFORM.with(|p| p.borrow().is_some())
}

/// The page is in a graded activity (with a platform or without).
pub fn graded() -> bool {
    connected() || ALONE.with(|a| a.borrow().is_some())
}

/// The game in progress the platform kept (None: none).
pub fn kept_game() -> Option<String> {
    PLATFORM.with(|p| {
        p.borrow()
            .as_ref()
            .map(|platform| platform.game.clone())
            .filter(|game| !game.is_empty())
    })
}

/// Keeps the game in progress in the platform's resume data.
pub fn keep_game(text: &str) {
    PLATFORM.with(|p| {
        if let Some(platform) = p.borrow_mut().as_mut() {
            platform.game = text.to_string();
            platform.suspend();
        }
    });
}

/// The page began another game: what it keeps from now on is in progress.
pub fn next_game() {
    PLATFORM.with(|p| {
        if let Some(platform) = p.borrow_mut().as_mut() {
            platform.over = false;
        }
    });
}

/// A game of the activity ended, won by the student or not: the tally, status and score go to
/// the platform at once. False once the activity has had all its games.
pub fn game_ended(won: bool) -> bool {
    let counted = PLATFORM.with(|p| {
        let mut p = p.borrow_mut();
        let platform = p.as_mut()?;
        let counted = platform.tally.record(won);
        platform.over = true;
        platform.report();
        platform.suspend();
        platform.commit();
        Some(counted)
    });
    counted
        .unwrap_or_else(|| ALONE.with(|a| a.borrow_mut().as_mut().is_some_and(|t| t.record(won))))
}

/// The activity in words, for under the game (None outside a graded activity).
pub fn words() -> Option<String> {
    let with_platform = PLATFORM.with(|p| {
        p.borrow().as_ref().map(|platform| {
            let mut said = platform.tally.words();
            if !platform.trouble.is_empty() {
                said.push_str(&format!(" (The platform: {}.)", platform.trouble));
            }
            said
        })
    });
    with_platform.or_else(|| {
        ALONE.with(|a| {
            a.borrow().as_ref().map(|tally| {
                format!(
                    "{} No learning platform is around this page: no result is recorded.",
                    tally.words()
                )
            })
        })
    })
}
