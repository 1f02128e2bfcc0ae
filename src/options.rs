//! A game's options, declared once (name, kind, range, default, a line of help) and read the same
//! way everywhere: from an element's data attributes, from a play page's address, into the options
//! note (every value not used is named, with what is used instead) and into the teachers' table
//! in docs/courses.md. Plain Rust, tested natively; `games` holds each game's declarations.

use crate::echo::echo;

/// What values an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A whole number from `min` to `max`; `unit` names what is counted, for the note ("spots").
    Number {
        min: u64,
        max: u64,
        unit: &'static str,
    },
    /// One of these words (compared without regard to case); the first is the usual one.
    Choice(&'static [&'static str]),
    /// `on` or `off`.
    Switch,
    /// Text the game reads itself (a position, a list of seats), at most `max` bytes; the game
    /// names what it cannot use. `what` says what it takes, for the docs.
    Text { max: usize, what: &'static str },
}

/// One option of a game: `data-<name>` on an element, `<name>=` in a play page's address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spec {
    pub name: &'static str,
    pub kind: Kind,
    /// The value used when the option is absent or not usable; "" when there is none (the game
    /// then decides, e.g. one worker a core).
    pub default: &'static str,
    /// The default in words, for the docs, when "" or the value alone would not say it.
    pub default_words: &'static str,
    /// One line for teachers: what it does, in the docs' table.
    pub doc: &'static str,
    /// The view (`data-view`) it belongs to, or "" for every view.
    pub view: &'static str,
}

impl Spec {
    /// A spec with no view, its default said by its value.
    pub const fn new(
        name: &'static str,
        kind: Kind,
        default: &'static str,
        doc: &'static str,
    ) -> Spec {
        Spec {
            name,
            kind,
            default,
            default_words: "",
            // Only the docs' tables show it: the page's modules go without.
            doc: if cfg!(target_arch = "wasm32") {
                ""
            } else {
                doc
            },
            view: "",
        }
    }

    pub const fn default_in_words(mut self, words: &'static str) -> Spec {
        self.default_words = words;
        self
    }

    pub const fn in_view(mut self, view: &'static str) -> Spec {
        self.view = view;
        self
    }

    /// The attribute's name on an element.
    pub fn attribute(&self) -> String {
        format!("data-{}", self.name)
    }

    /// Reads one given value: the value to use, and a sentence if the given one was not usable.
    pub fn read(&self, given: &str) -> (Value, Option<String>) {
        let text = given.trim();
        let refuse = |what: String| {
            let problem = format!(
                "{}=\"{}\" {what}; using {}. ",
                self.attribute(),
                echo(given),
                self.default_said()
            );
            (self.default_value(), Some(problem))
        };
        match self.kind {
            Kind::Number { min, max, unit } => match text.parse::<u64>() {
                Ok(n) if (min..=max).contains(&n) => (Value::Number(n), None),
                _ if unit.is_empty() => {
                    refuse(format!("is not a whole number from {min} to {max}"))
                }
                _ => refuse(format!("is not a number of {unit} from {min} to {max}")),
            },
            Kind::Choice(words) => match words.iter().find(|w| w.eq_ignore_ascii_case(text)) {
                Some(word) => (Value::Word(word), None),
                None => refuse(format!("is one of {}", or_list(words))),
            },
            Kind::Switch => match text.to_ascii_lowercase().as_str() {
                "on" => (Value::Switch(true), None),
                "off" => (Value::Switch(false), None),
                _ => refuse("is neither on nor off".to_string()),
            },
            Kind::Text { max, .. } if text.len() > max => {
                refuse(format!("is {} bytes long, over the {max} read", text.len()))
            }
            Kind::Text { .. } => (Value::Text(text.to_string()), None),
        }
    }

    /// The value used without a usable one given.
    pub fn default_value(&self) -> Value {
        if self.default.is_empty() {
            return Value::Absent;
        }
        match self.kind {
            Kind::Number { .. } => self
                .default
                .parse()
                .map(Value::Number)
                .unwrap_or(Value::Absent),
            Kind::Choice(words) => words
                .iter()
                .find(|w| **w == self.default)
                .map(|w| Value::Word(w))
                .unwrap_or(Value::Absent),
            Kind::Switch => Value::Switch(self.default == "on"),
            Kind::Text { .. } => Value::Text(self.default.to_string()),
        }
    }

    /// The default as the note says it ("using 5").
    fn default_said(&self) -> String {
        match (self.default, self.default_words) {
            ("", "") => "none".to_string(),
            (_, "") => self.default.to_string(),
            (_, words) => words.to_string(),
        }
    }

    /// A number option's bounds.
    pub fn range(&self) -> Option<(u64, u64)> {
        match self.kind {
            Kind::Number { min, max, .. } => Some((min, max)),
            _ => None,
        }
    }

    /// The values it takes, in words, for the docs.
    pub fn values_in_words(&self) -> String {
        match self.kind {
            Kind::Number { min, max, .. } => format!("{min}–{max}"),
            Kind::Choice(words) => or_list(words),
            Kind::Switch => "on or off".to_string(),
            Kind::Text { what, .. } => what.to_string(),
        }
    }
}

/// "a, b or c".
fn or_list(words: &[&str]) -> String {
    match words {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// An option's value as read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Number(u64),
    Word(&'static str),
    Switch(bool),
    Text(String),
    /// Not given, and no default: the game decides.
    Absent,
}

/// A setup's `name=value` pairs, in order.
pub fn setup_pairs(setup: &str) -> impl Iterator<Item = (&str, &str)> {
    setup.split(';').filter_map(|pair| pair.split_once('='))
}

/// A game's options as read: every declared one has a value (its default when not given or not
/// usable).
#[derive(Clone, Debug, Default)]
pub struct Options {
    values: Vec<(&'static str, Value, bool)>,
}

impl Options {
    /// Reads `specs` (those of `view`, and those of every view) through `lookup` (an attribute's
    /// or a query's value by option name); each value not used is named in `problems`.
    pub fn read<'a>(
        specs: impl IntoIterator<Item = &'a Spec>,
        view: &str,
        lookup: impl Fn(&str) -> Option<String>,
        problems: &mut String,
    ) -> Options {
        let mut values = Vec::new();
        for spec in specs
            .into_iter()
            .filter(|s| s.view.is_empty() || s.view == view)
        {
            let given = lookup(spec.name).filter(|v| !v.trim().is_empty());
            let (value, usable) = match &given {
                None => (spec.default_value(), false),
                Some(text) => {
                    let (value, problem) = spec.read(text);
                    let usable = problem.is_none();
                    problems.push_str(&problem.unwrap_or_default());
                    (value, usable)
                }
            };
            values.push((spec.name, value, usable));
        }
        Options { values }
    }

    /// A setup (`name=value;…`: a share link's or a kept game's options, as Embed this writes
    /// them) read as `read` reads attributes, each value checked; where the setup is silent,
    /// `otherwise` (the element's own attribute, or nothing).
    pub fn read_setup<'a>(
        specs: impl IntoIterator<Item = &'a Spec>,
        view: &str,
        setup: &str,
        otherwise: impl Fn(&str) -> Option<String>,
        problems: &mut String,
    ) -> Options {
        let pairs: Vec<(&str, &str)> = setup_pairs(setup).collect();
        let given = |name: &str| {
            pairs
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.to_string())
        };
        Options::read(
            specs,
            view,
            |name| given(name).or_else(|| otherwise(name)),
            problems,
        )
    }

    fn value(&self, name: &str) -> &Value {
        self.values
            .iter()
            .find(|(n, _, _)| *n == name)
            .map(|(_, v, _)| v)
            .unwrap_or(&Value::Absent)
    }

    /// Whether `name` was given with a usable value.
    pub fn given(&self, name: &str) -> bool {
        self.values
            .iter()
            .any(|(n, _, usable)| *n == name && *usable)
    }

    /// A number option's value (None: absent, and no default).
    pub fn number(&self, name: &str) -> Option<u64> {
        match self.value(name) {
            Value::Number(n) => Some(*n),
            _ => None,
        }
    }

    /// A choice's word, as declared.
    pub fn word(&self, name: &str) -> Option<&'static str> {
        match self.value(name) {
            Value::Word(w) => Some(w),
            _ => None,
        }
    }

    /// A switch (off when absent).
    pub fn switch(&self, name: &str) -> bool {
        matches!(self.value(name), Value::Switch(true))
    }

    /// A text option's value, if given or defaulted.
    pub fn text(&self, name: &str) -> Option<&str> {
        match self.value(name) {
            Value::Text(t) => Some(t),
            _ => None,
        }
    }
}

/// The docs' table of `specs` (Markdown): attribute, meaning, default.
pub fn table(specs: &[Spec]) -> String {
    let mut out =
        String::from("| attribute | values | meaning | default |\n| --- | --- | --- | --- |\n");
    for spec in specs {
        let default = match (spec.default, spec.default_words) {
            ("", "") => "none".to_string(),
            (value, "") => format!("`{value}`"),
            (_, words) => words.to_string(),
        };
        let view = if spec.view.is_empty() {
            String::new()
        } else {
            format!(" (`data-view=\"{}\"`)", spec.view)
        };
        out.push_str(&format!(
            "| `{}`{view} | {} | {} | {default} |\n",
            spec.attribute(),
            spec.values_in_words(),
            spec.doc
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPOTS: Spec = Spec::new(
        "spots",
        Kind::Number {
            min: 1,
            max: 20,
            unit: "spots",
        },
        "4",
        "the start",
    );
    const GOAL: Spec = Spec::new(
        "goal",
        Kind::Choice(&["outcome", "nimber", "misere"]),
        "outcome",
        "what to compute",
    );
    const EMBED: Spec = Spec::new("offer-embed", Kind::Switch, "off", "Embed this");
    const WORKERS: Spec = Spec::new(
        "workers",
        Kind::Number {
            min: 0,
            max: 16,
            unit: "workers",
        },
        "",
        "workers",
    )
    .default_in_words("one a core");

    fn read(given: &[(&str, &str)]) -> (Options, String) {
        let mut problems = String::new();
        let options = Options::read(
            &[SPOTS, GOAL, EMBED, WORKERS],
            "",
            |name| {
                given
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, v)| v.to_string())
            },
            &mut problems,
        );
        (options, problems)
    }

    /// A setup's values win over the element's, each checked; the element's fill its silence.
    #[test]
    fn a_setup_is_read_over_the_elements_own_values() {
        let mut problems = String::new();
        let options = Options::read_setup(
            &[SPOTS, GOAL, EMBED, WORKERS],
            "",
            "spots=7;goal=bogus;junk",
            |name| (name == "workers" || name == "spots").then(|| "2".to_string()),
            &mut problems,
        );
        assert_eq!(options.number("spots"), Some(7));
        assert_eq!(options.number("workers"), Some(2));
        assert!(
            !options.given("goal") && problems.contains("bogus"),
            "{problems}"
        );
        let pairs: Vec<_> = setup_pairs("a=1;b;c=2=3").collect();
        assert_eq!(pairs, vec![("a", "1"), ("c", "2=3")]);
    }

    #[test]
    fn absent_options_take_their_defaults_silently() {
        let (options, problems) = read(&[]);
        assert_eq!(problems, "");
        assert_eq!(options.number("spots"), Some(4));
        assert_eq!(options.word("goal"), Some("outcome"));
        assert!(!options.switch("offer-embed"));
        assert_eq!(options.number("workers"), None);
        assert!(!options.given("spots"));
    }

    #[test]
    fn good_values_are_used() {
        let (options, problems) =
            read(&[("spots", " 12 "), ("goal", "Nimber"), ("offer-embed", "ON")]);
        assert_eq!(problems, "");
        assert_eq!(options.number("spots"), Some(12));
        assert_eq!(options.word("goal"), Some("nimber"));
        assert!(options.switch("offer-embed"));
        assert!(options.given("spots"));
    }

    #[test]
    fn every_value_not_used_is_named_with_what_is_used_instead() {
        let (options, problems) = read(&[
            ("spots", "25"),
            ("goal", "win"),
            ("offer-embed", "yes"),
            ("workers", "-1"),
        ]);
        assert_eq!(options.number("spots"), Some(4));
        assert_eq!(options.word("goal"), Some("outcome"));
        assert!(!options.switch("offer-embed"));
        assert_eq!(options.number("workers"), None);
        assert!(!options.given("spots"));
        for sentence in [
            "data-spots=\"25\" is not a number of spots from 1 to 20; using 4.",
            "data-goal=\"win\" is one of outcome, nimber or misere; using outcome.",
            "data-offer-embed=\"yes\" is neither on nor off; using off.",
            "data-workers=\"-1\" is not a number of workers from 0 to 16; using one a core.",
        ] {
            assert!(problems.contains(sentence), "{sentence} in {problems}");
        }
    }

    #[test]
    fn views_read_only_their_own_options() {
        let play = Spec::new(
            "seats",
            Kind::Text {
                max: 100,
                what: "seats",
            },
            "",
            "seats",
        )
        .in_view("play");
        let mut problems = String::new();
        let options = Options::read(
            &[SPOTS, play],
            "analysis",
            |_| Some("x".into()),
            &mut problems,
        );
        assert_eq!(options.text("seats"), None);
        assert!(problems.contains("data-spots"), "{problems}");
        assert!(!problems.contains("data-seats"), "{problems}");
    }

    #[test]
    fn long_text_is_refused_and_long_values_are_said_back_cut() {
        let text = Spec::new(
            "position",
            Kind::Text {
                max: 8,
                what: "a position",
            },
            "",
            "",
        );
        let (value, problem) = text.read("0123456789");
        assert_eq!(value, Value::Absent);
        assert!(problem.unwrap().contains("over the 8 read"));
        // What was given is said back cut to a line.
        let (_, problem) = GOAL.read(&"x".repeat(10_000));
        assert!(problem.unwrap().len() < 200);
    }

    #[test]
    fn the_docs_table_has_a_row_an_option() {
        let table = table(&[SPOTS, GOAL, WORKERS]);
        assert_eq!(table.lines().count(), 5);
        assert!(
            table.contains("| `data-spots` | 1–20 | the start | `4` |"),
            "{table}"
        );
        assert!(table.contains("| one a core |"), "{table}");
    }
}
