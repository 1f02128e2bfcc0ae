//! Graded activities in a learning platform: a game as set up, with a goal, packaged as SCORM
//! (a zip with `imsmanifest.xml` at its root, launching the play page). The platform gives the
//! page its API object; the page reports completion, pass or fail and a score, and keeps a game
//! in progress in the platform's resume data. Plain Rust: the command line
//! (`gamelab scorm`, `scripts/scorm.sh`) and Embed this make the same package from the same
//! plan; `ui` talks to the platform.

pub mod manifest;
pub mod zip;

use crate::draw::png::crc32;
use crate::embedding::{play_url, read_query};
use crate::games::{self, Game, COMMON_OPTIONS, MOST_ACTIVITY_GAMES};
use crate::options::Options;

/// Which SCORM a package follows (the play page's `scorm` option).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Version {
    /// SCORM 1.2: `window.API`, `cmi.core.*`; what Moodle, Blackboard and Canvas all import.
    Scorm12,
    /// SCORM 2004 4th Edition: `window.API_1484_11`, `cmi.*`.
    Scorm2004,
}

impl Version {
    /// The `scorm` option's value.
    pub fn word(self) -> &'static str {
        match self {
            Version::Scorm12 => "1.2",
            Version::Scorm2004 => "2004",
        }
    }

    pub fn from_word(word: &str) -> Option<Version> {
        match word {
            "1.2" => Some(Version::Scorm12),
            "2004" => Some(Version::Scorm2004),
            _ => None,
        }
    }
}

/// What a graded activity asks of the student.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Win `pass` of `games` games from the seat the one person has.
    Win { games: u32, pass: u32 },
    /// Run ADE's play to its end.
    End,
}

/// A game's graded activity, from its options (None: `goal` is `none`).
pub fn goal_of(options: &Options) -> Result<Option<Goal>, String> {
    match options.word("goal") {
        Some("win") => {
            let games = options.number("games").unwrap_or(1) as u32;
            let pass = options.number("pass").map_or(games, |p| p as u32);
            if pass > games {
                return Err(format!(
                    "pass={pass} asks for more wins than the activity's {games} game{}",
                    plural(games)
                ));
            }
            Ok(Some(Goal::Win { games, pass }))
        }
        Some("end") => Ok(Some(Goal::End)),
        _ => Ok(None),
    }
}

fn plural(n: u32) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// A goal's word as a teacher reads it in the page's form.
pub fn goal_label(word: &str) -> &'static str {
    match word {
        "win" => "Win: the student's seat must win",
        "end" => "Run the play to its end",
        _ => "None: completed once a game ends",
    }
}

impl Goal {
    /// The activity in words, after the game's title.
    pub fn words(self) -> String {
        match self {
            Goal::Win { games: 1, .. } => "win the game".into(),
            Goal::Win { games, pass } if games == pass => format!("win all {games} games"),
            Goal::Win { games, pass } => format!("win {pass} of {games} games"),
            Goal::End => "play it to its end".into(),
        }
    }
}

/// A package to make: the game, its play page's query inside the package, and its title.
#[derive(Clone, Debug)]
pub struct Plan {
    pub game: &'static Game,
    pub version: Version,
    pub goal: Option<Goal>,
    /// The SCO's address in the package: `play.html?game=…&scorm=…`.
    pub launch: String,
    pub title: String,
}

/// Reads a package's game and the play page's query (its options and goal, `scorm=2004` for
/// SCORM 2004, 1.2 otherwise): every value checked as the page checks it. The error names each
/// problem.
pub fn plan(game: &str, query: &str) -> Result<Plan, String> {
    let Some(entry) = games::game(game) else {
        return Err(format!(
            "\"{game}\" is no gamelab game (the games: {})",
            games::GAMES
                .iter()
                .map(|g| g.name)
                .collect::<Vec<_>>()
                .join(", ")
        ));
    };
    let query = query.trim().trim_start_matches('?');
    if query.split('&').any(|p| p.starts_with("game=")) {
        return Err("the query names the game: give it as GAME only".into());
    }
    let request = read_query(&format!("game={}&{query}", entry.name));
    let mut problems = request.problems.join(" ");
    let attribute = |name: &str| {
        request
            .attributes
            .iter()
            .find(|(a, _)| a.strip_prefix("data-") == Some(name))
            .map(|(_, v)| v.clone())
    };
    // (A game with views starts in its first.)
    let view = attribute("view")
        .or_else(|| entry.views.first().map(|v| v.to_string()))
        .unwrap_or_default();
    // Only a view with a goal is an activity (Glop's analysis computes, and is not graded).
    if entry.goals(&view).is_none() {
        problems.push_str(&format!(
            "{} is no graded activity (a package needs a game to play{}). ",
            crate::embedding::title(entry.name, &request.attributes),
            if entry.views.is_empty() {
                ""
            } else {
                ": view=play"
            }
        ));
    }
    let options = Options::read(
        entry.options.iter().chain(COMMON_OPTIONS),
        &view,
        attribute,
        &mut problems,
    );
    let version = match options.word("scorm") {
        Some("2004") => Version::Scorm2004,
        Some("off") if options.given("scorm") => {
            problems.push_str("scorm=off makes no package (1.2 or 2004). ");
            Version::Scorm12
        }
        _ => Version::Scorm12,
    };
    let goal = goal_of(&options).unwrap_or_else(|why| {
        problems.push_str(&format!("{why}. "));
        None
    });
    // The page grades one student's seat (a person, or Bazaar's JavaScript player).
    if let (Some(Goal::Win { .. }), Some(seats)) = (goal, options.text("seats")) {
        let students = seats
            .split(',')
            .filter(|s| {
                matches!(
                    s.trim().to_ascii_lowercase().as_str(),
                    "human" | "javascript"
                )
            })
            .count();
        if students != 1 {
            problems.push_str(&format!(
                "goal=win needs exactly one student's seat (human{}) among seats={seats}, not {students}. ",
                if entry.name == "bazaar" { " or javascript" } else { "" }
            ));
        }
    }
    if !problems.trim().is_empty() {
        return Err(problems.trim().to_string());
    }
    let mut attributes: Vec<(String, String)> = request
        .attributes
        .into_iter()
        .filter(|(name, _)| name != "data-scorm")
        .collect();
    attributes.push(("data-scorm".into(), version.word().into()));
    let title = crate::embedding::title(entry.name, &attributes);
    let title = match goal {
        Some(goal) => format!("{title}: {}", goal.words()),
        None => title.to_string(),
    };
    Ok(Plan {
        game: entry,
        version,
        goal,
        launch: play_url("", entry.name, &attributes),
        title,
    })
}

/// Most bytes one file of the site may have in a package.
pub const MOST_FILE_BYTES: usize = 64 << 20;

impl Plan {
    /// The site's files the package holds (paths in the built site, and in the package).
    pub fn files(&self) -> Vec<String> {
        let name = self.game.name;
        vec![
            "play.html".into(),
            "play.js".into(),
            "games.json".into(),
            format!("games/{name}.js"),
            format!("games/{name}_bg.wasm"),
            "www/favicon.svg".into(),
        ]
    }

    /// The package's manifest identifier: the game and a checksum of its launch address.
    pub fn identifier(&self) -> String {
        format!(
            "gamelab-{}-{:08x}",
            self.game.name,
            crc32(self.launch.as_bytes())
        )
    }

    /// The package: `read` gives a file of the built site by its path.
    pub fn build(
        &self,
        read: &mut dyn FnMut(&str) -> Result<Vec<u8>, String>,
    ) -> Result<Vec<u8>, String> {
        let mut zip = zip::Zip::new();
        for (path, data) in self.contents(read)? {
            zip.add(&path, &data)?;
        }
        Ok(zip.finish())
    }

    /// The package's files in order, the manifest first: `read` gives a file of the built site
    /// by its path. The registry copy (`games.json`) keeps only this game, so the play page
    /// offers no game the package lacks.
    pub fn contents(
        &self,
        read: &mut dyn FnMut(&str) -> Result<Vec<u8>, String>,
    ) -> Result<Vec<(String, Vec<u8>)>, String> {
        let files = self.files();
        let manifest = manifest::manifest(
            self.version,
            &self.identifier(),
            &self.title,
            &self.launch,
            &files,
        );
        let mut contents = vec![("imsmanifest.xml".to_string(), manifest.into_bytes())];
        for path in files {
            let data = read(&path)?;
            if data.len() > MOST_FILE_BYTES {
                return Err(format!(
                    "{path} is over {} MB: not a file of gamelab's site",
                    MOST_FILE_BYTES >> 20
                ));
            }
            let data = if path == "games.json" {
                self.own_entry(&data)?
            } else {
                data
            };
            contents.push((path, data));
        }
        Ok(contents)
    }

    /// The registry with this game's entry only, as the site's copy writes it.
    fn own_entry(&self, registry: &[u8]) -> Result<Vec<u8>, String> {
        let not_it = || "games.json is not the site's registry".to_string();
        let text = std::str::from_utf8(registry).map_err(|_| not_it())?;
        let (entry, _) = registry_entries(text)
            .ok_or_else(not_it)?
            .into_iter()
            .find(|&(_, name)| name == self.game.name)
            .ok_or_else(|| format!("games.json does not hold {}", self.game.name))?;
        Ok(format!("[\n  {entry}\n]\n").into_bytes())
    }
}

/// The objects of a JSON array (the registry's games), as written, each with its own `"name"`:
/// None unless the text is an array of objects. (The page reads the registry without a JSON
/// library: a few KB less in every game's module.)
fn registry_entries(text: &str) -> Option<Vec<(&str, &str)>> {
    const NAME: &str = "\"name\": \"";
    let body = text.trim().strip_prefix('[')?.strip_suffix(']')?;
    let mut entries = Vec::new();
    let (mut depth, mut start, mut name) = (0usize, 0, "");
    let (mut in_string, mut escaped) = (false, false);
    for (i, c) in body.char_indices() {
        if in_string {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' if depth > 0 => {
                in_string = true;
                // A key of the object itself, not of one inside it (options have names too).
                if depth == 1 && body[i..].starts_with(NAME) {
                    let value = &body[i + NAME.len()..];
                    name = &value[..value.find('"')?];
                }
            }
            '{' | '[' => {
                if depth == 0 {
                    if c != '{' {
                        return None;
                    }
                    (start, name) = (i, "");
                }
                depth += 1;
            }
            '}' | ']' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    entries.push((&body[start..=i], name));
                }
            }
            c if depth == 0 && c != ',' && !c.is_whitespace() => return None,
            _ => {}
        }
    }
    (depth == 0 && !in_string).then_some(entries)
}

/// A graded activity's games so far, and what is reported of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tally {
    pub goal: Option<Goal>,
    /// Games played to their end (at most the activity's).
    pub played: u32,
    /// Of them, won by the student (for `Goal::End`: plays run to their end).
    pub won: u32,
}

/// What the platform is told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Report {
    /// The activity is over (SCORM's completion).
    pub completed: bool,
    /// Passed or failed once that is decided (SCORM's success); None while it is not, and
    /// for an activity without a goal.
    pub passed: Option<bool>,
    /// The score: games won of `max` (None without a goal).
    pub score: Option<(u32, u32)>,
}

impl Tally {
    pub fn new(goal: Option<Goal>) -> Tally {
        Tally {
            goal,
            played: 0,
            won: 0,
        }
    }

    /// Games the activity has.
    pub fn games(&self) -> u32 {
        match self.goal {
            Some(Goal::Win { games, .. }) => games,
            Some(Goal::End) | None => 1,
        }
    }

    /// Counts a game played to its end; false once the activity has all its games (then the
    /// game is free play, not counted).
    pub fn record(&mut self, won: bool) -> bool {
        if self.played >= self.games() {
            return false;
        }
        self.played += 1;
        self.won += u32::from(won);
        true
    }

    pub fn report(&self) -> Report {
        let games = self.games();
        let (passed, decided) = match self.goal {
            Some(Goal::Win { pass, .. }) => {
                let left = games - self.played;
                if self.won >= pass {
                    (Some(true), true)
                } else if self.won + left < pass {
                    (Some(false), true)
                } else {
                    (None, false)
                }
            }
            Some(Goal::End) => ((self.played > 0).then_some(self.won > 0), self.played > 0),
            None => (None, self.played > 0),
        };
        Report {
            completed: decided || self.played >= games,
            passed,
            score: self.goal.map(|_| (self.won, games)),
        }
    }

    /// The activity so far, in words (the page says it under the game).
    pub fn words(&self) -> String {
        let report = self.report();
        let verdict = match report.passed {
            Some(true) => " Passed.",
            Some(false) => " Not passed.",
            None => "",
        };
        match self.goal {
            Some(Goal::Win { games, pass }) => format!(
                "Graded: {} of {games} game{} played, {} won; passing takes {pass} win{}.{verdict}",
                self.played,
                plural(games),
                self.won,
                plural(pass)
            ),
            Some(Goal::End) => format!(
                "Graded: run the play to its end.{}",
                if report.completed { " Done." } else { "" }
            ),
            None => "The platform records when a game is played to its end.".into(),
        }
    }
}

/// What the platform keeps between visits: the tally, and the game on the page as the page
/// keeps it, over (counted already: a return starts the next) or in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resume {
    pub played: u32,
    pub won: u32,
    pub over: bool,
    pub game: String,
}

impl Resume {
    /// `gamelab1;played;won;over\n<game>` (over: 0 or 1).
    pub fn text(&self) -> String {
        format!(
            "gamelab1;{};{};{}\n{}",
            self.played,
            self.won,
            u8::from(self.over),
            self.game
        )
    }

    /// Resume data read back; None for data this page did not write, which is left alone.
    pub fn read(text: &str) -> Option<Resume> {
        let (head, game) = text.split_once('\n').unwrap_or((text, ""));
        let mut parts = head.strip_prefix("gamelab1;")?.split(';');
        let played = parts.next()?.parse().ok()?;
        let won: u32 = parts.next()?.parse().ok()?;
        let over = match parts.next()? {
            "0" => false,
            "1" => true,
            _ => return None,
        };
        if parts.next().is_some() || won > played || played > MOST_ACTIVITY_GAMES as u32 {
            return None;
        }
        Some(Resume {
            played,
            won,
            over,
            game: game.to_string(),
        })
    }
}
