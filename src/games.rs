//! The one registry of gamelab's games: each game's name (its `data-gamelab` value, its play-page
//! address, its module `games/<name>.js`, its Cargo feature and its command), title, options and
//! the size its own module may have. The pages, the play page's address reader, Embed this, the
//! command line (`gamelab games --json`, which the scripts read, and www/games.json, a copy
//! checked by a test), the smoke run and docs/courses.md's tables all come from here.
//!
//! Adding a game: its engine module, its page module, and its entry here (then its Cargo feature
//! and its line in `ui::PAGES`, both checked against this list by tests).

use crate::engine::ade::MAX_SHARED_LAYERS;
use crate::engine::chain_reaction::game::{MAX_PLAYERS, MAX_SIDE, MIN_PLAYERS, MIN_SIDE};
use crate::engine::dots_boxes::board::MAX_SIDE as MAX_BOXES;
use crate::engine::sprouts::drawn::MOST_SPOTS;
use crate::engine::sprouts::symbols::MAX_SPOTS;
use crate::options::{Kind, Spec};

/// One game.
#[derive(Clone, Copy, Debug)]
pub struct Game {
    /// `data-gamelab="<name>"`, `play.html?game=<name>`, `games/<name>.js`, the Cargo feature and
    /// `gamelab <name> …`.
    pub name: &'static str,
    pub title: &'static str,
    /// Its views (`data-view`), the first the default; empty for a game with one.
    pub views: &'static [&'static str],
    /// The views whose title is not the game's (tab, frame and snippet titles): (view, title).
    pub view_titles: &'static [(&'static str, &'static str)],
    pub options: &'static [Spec],
    /// Its own module (wasm and JavaScript) after gzip -9, at most (KB): what a play page or a
    /// course page with this one game downloads.
    pub module_kb: usize,
    /// Its page for teachers and students, in docs/.
    pub docs: &'static str,
}

/// Options every game takes.
pub const COMMON_OPTIONS: &[Spec] = &[
    Spec::new(
        "offer-embed",
        Kind::Switch,
        "off",
        "`on`: the game offers Embed this under it",
    ),
    Spec::new(
        "theme",
        Kind::Choice(&["auto", "light", "dark"]),
        "auto",
        "`auto` follows the reader's system; `light` or `dark` fixes it, for a course page whose own colours are fixed",
    ),
    Spec::new(
        "scorm",
        Kind::Choice(&["off", "1.2", "2004"]),
        "off",
        "in a SCORM package (`scripts/scorm.sh`, Embed this): the version of the platform's API the game reports to",
    ),
];

/// The most games a graded activity may ask for.
pub const MOST_ACTIVITY_GAMES: usize = 20;

const WIN_GOAL: [Spec; 3] = win_goal("");
const WIN_GOAL_TO_PLAY: [Spec; 3] = win_goal("play");

/// A graded activity's options for a game with a winner (in `view`, "" for every view): win
/// `pass` of `games` games.
const fn win_goal(view: &'static str) -> [Spec; 3] {
    [
        Spec::new(
            "goal",
            Kind::Choice(&["none", "win"]),
            "none",
            "for a graded activity: `win`, the one person's seat must win",
        )
        .in_view(view),
        Spec::new(
            "games",
            counted(1, MOST_ACTIVITY_GAMES, "games"),
            "1",
            "games a graded activity has",
        )
        .in_view(view),
        Spec::new(
            "pass",
            counted(1, MOST_ACTIVITY_GAMES, "games"),
            "",
            "games to win to pass a graded activity",
        )
        .default_in_words("all of them")
        .in_view(view),
    ]
}

/// A whole-number option (a usize on every target, wasm32's too).
/// Text only people read, in the docs' tables: left out of the page's modules, which never show
/// it (each module carries every game's options, so this keeps a few KB out of each).
macro_rules! for_docs {
    ($text:literal) => {
        if cfg!(target_arch = "wasm32") {
            ""
        } else {
            $text
        }
    };
}

const fn counted(min: usize, max: usize, unit: &'static str) -> Kind {
    Kind::Number {
        min: min as u64,
        max: max as u64,
        unit,
    }
}

/// Workers of Glop's team at most (the page's setting and `data-workers`).
pub const MAX_WORKERS: usize = 16;

pub const GAMES: &[Game] = &[
    Game {
        name: "ade",
        title: "ADE Concurrent Game",
        views: &[],
        view_titles: &[],
        options: &[
            Spec::new(
                "graph",
                Kind::Text {
                    max: 40_000,
                    what: for_docs!("a preset (`A1`…`A30`, `B2`…, `D4`…, `E6`…`E30`, `F4`, `G2`, `~A1`…`~G2`, `IMO1986`) or a graph's text (`5:1-2,2-3,3-4,4-5,5-1`; docs/ade.md)"),
                },
                "E8",
                "the graph",
            ),
            Spec::new(
                "values",
                Kind::Text {
                    max: 4096,
                    what: for_docs!("64-bit integers, comma separated"),
                },
                "",
                "the start values in node order (V1..Vn; D_n and E_n: V0..V(n−1))",
            )
            .default_in_words("`V1 = 1`, others 0 (a preset with a start of its own: that one)"),
            Spec::new(
                "firing",
                Kind::Choice(&["concurrent", "numbers"]),
                "concurrent",
                "every positive node fires at once (the applet's game), or one node a move (the numbers game)",
            ),
            Spec::new(
                "moves",
                Kind::Text {
                    max: 65_536,
                    what: for_docs!("layer counts and nodes, comma separated: `V3,V1,2`"),
                },
                "",
                "make these moves at the start (and play): a node fired alone, or a number of layers",
            ),
            Spec::new(
                "mode",
                Kind::Choice(&["editing", "playing"]),
                "editing",
                "start editing the values, or playing",
            ),
            Spec::new(
                "layers",
                counted(0, MAX_SHARED_LAYERS, "layers"),
                "",
                "fire this many layers at the start (and play)",
            ),
            Spec::new(
                "max-rings",
                counted(0, 10, "rings"),
                "3",
                "rings of the firing-sequence graph at most (0: no maximum; 3 keeps a long play's numbers readable)",
            ),
            Spec::new(
                "layer-cap",
                counted(1, 1_000_000_000, "layers"),
                "10000",
                "layers one press of Exhaust fire fires at most",
            ),
            Spec::new(
                "goal",
                Kind::Choice(&["none", "end"]),
                "none",
                "for a graded activity: `end`, the play must be run to its end",
            ),
        ],
        module_kb: 280,
        docs: "ade.md",
    },
    Game {
        name: "sprouts",
        title: "Glop, Sprouts analysis",
        views: &["analysis", "play"],
        view_titles: &[("play", "Sprouts")],
        options: &[
            Spec::new(
                "view",
                Kind::Choice(&["analysis", "play"]),
                "analysis",
                "Glop's analysis, or Sprouts to play on a drawn board",
            ),
            Spec::new(
                "spots",
                counted(1, MAX_SPOTS, "spots"),
                "5",
                "the classic start (a land holds at most 32,000 lives)",
            )
            .in_view("analysis"),
            Spec::new(
                "position",
                Kind::Text {
                    max: crate::embedding::QUERY_LIMIT,
                    what: for_docs!("Glop 1.0 or 2.x notation"),
                },
                "",
                "a free start position (selects Free position)",
            )
            .in_view("analysis"),
            Spec::new(
                "goal",
                Kind::Choice(&["outcome", "nimber", "misere"]),
                "outcome",
                "what Glop computes (`misere`: the outcome when who cannot move wins)",
            )
            .in_view("analysis"),
            Spec::new(
                "workers",
                counted(0, MAX_WORKERS, "workers"),
                "",
                "Web Workers that compute (0: the page itself computes, in time slices); the element gets `data-workers-ready` once they have loaded",
            )
            .default_in_words("one a core"),
            Spec::new(
                "spots",
                counted(1, MOST_SPOTS, "spots"),
                "4",
                "spots of the game drawn",
            )
            .in_view("play"),
            Spec::new(
                "ending",
                Kind::Choice(&["normal", "misere", "misère"]),
                "normal",
                "who cannot move loses (normal) or wins (misère)",
            ),
            Spec::new(
                "seats",
                Kind::Text {
                    max: 64,
                    what: for_docs!("two of `human`, `perfect`, `random`"),
                },
                "human,perfect",
                "who plays first and second",
            )
            .in_view("play"),
            Spec::new(
                "think-s",
                counted(1, 600, "seconds"),
                "5",
                "the computer's time a move",
            )
            .in_view("play"),
            WIN_GOAL_TO_PLAY[0],
            WIN_GOAL_TO_PLAY[1],
            WIN_GOAL_TO_PLAY[2],
        ],
        module_kb: 535,
        docs: "glop.md",
    },
    Game {
        name: "bazaar",
        title: "Bazaar",
        views: &[],
        view_titles: &[],
        options: &[
            Spec::new(
                "seats",
                Kind::Text {
                    max: 1024,
                    what: for_docs!("2–6 of `purchase-points`, `purchase-size`, `human`, `javascript`, `raise:METHOD`, `cheat:CHEAT`, `loop:METHOD:K`"),
                },
                "purchase-points,purchase-size",
                "the players, comma separated (METHOD: `setup`, `request-pebble-or-trades`, `request-cards`, `win`; K from 1 to 7, only 1 for `setup` and `win`; CHEAT as in the course)",
            ),
            Spec::new(
                "seed",
                Kind::Number {
                    min: 0,
                    max: u64::MAX,
                    unit: "",
                },
                "1",
                "the seed of the random game (equations, cards)",
            ),
            Spec::new(
                "bonus",
                Kind::Choice(&["none", "RWB", "SEY"]),
                "none",
                "the bonus at the end (SEY: Seychelles)",
            ),
            Spec::new(
                "limit-ms",
                counted(20, 60_000, "milliseconds"),
                "600",
                "the time a player has for a call",
            ),
            Spec::new(
                "random-draw",
                Kind::Switch,
                "off",
                "`on`: pebbles come from the bank at random (seeded), as the rules say; off: as the course's referee draws them",
            ),
            Spec::new(
                "autoplay",
                Kind::Switch,
                "off",
                "`on`: play starts at once (until a human seat's turn)",
            ),
            WIN_GOAL[0],
            WIN_GOAL[1],
            WIN_GOAL[2],
        ],
        module_kb: 350,
        docs: "bazaar.md",
    },
    Game {
        name: "chain-reaction",
        title: "Chain Reaction",
        views: &[],
        view_titles: &[],
        options: &[
            Spec::new("rows", counted(MIN_SIDE, MAX_SIDE, "rows"), "9", "rows of the board"),
            Spec::new(
                "cols",
                counted(MIN_SIDE, MAX_SIDE, "columns"),
                "6",
                "columns of the board",
            ),
            Spec::new(
                "players",
                counted(MIN_PLAYERS, MAX_PLAYERS, "players"),
                "2",
                "players",
            ),
            Spec::new(
                "seats",
                Kind::Text {
                    max: 1024,
                    what: for_docs!("`human`, `random`, `greedy`, `minimax[-depth]`, `mcts[-playouts]`, `perfect`, `baseline[-depth]`"),
                },
                "",
                "one a player, comma separated (`mcts` alone: as many playouts as the time allows, up to 50,000)",
            )
            .default_in_words("all human"),
            Spec::new(
                "think-ms",
                counted(50, 60_000, "milliseconds"),
                "500",
                "the computers' time a move",
            ),
            Spec::new(
                "automaton",
                Kind::Switch,
                "off",
                "`on`: the automaton view is on at the start",
            ),
            Spec::new(
                "analysis",
                Kind::Switch,
                "off",
                "`on`: analysis mode (every cell's exact value, on boards the solver settles) is on at the start",
            ),
            WIN_GOAL[0],
            WIN_GOAL[1],
            WIN_GOAL[2],
        ],
        module_kb: 230,
        docs: "chain-reaction.md",
    },
    Game {
        name: "dots-and-boxes",
        title: "Dots and Boxes",
        views: &[],
        view_titles: &[],
        options: &[
            Spec::new("rows", counted(1, MAX_BOXES, "rows"), "3", "rows of boxes"),
            Spec::new("cols", counted(1, MAX_BOXES, "columns"), "3", "columns of boxes"),
            Spec::new(
                "seats",
                Kind::Text {
                    max: 256,
                    what: for_docs!("two of `human`, `easy`, `medium`, `original`, `original-random`, `strong`"),
                },
                "human,strong",
                "who plays first and second, comma separated",
            ),
            Spec::new(
                "think-ms",
                counted(100, 60_000, "milliseconds"),
                "1500",
                "the computers' time a move",
            ),
            Spec::new(
                "analysis",
                Kind::Switch,
                "off",
                "`on`: analysis mode is on at the start",
            ),
            WIN_GOAL[0],
            WIN_GOAL[1],
            WIN_GOAL[2],
        ],
        module_kb: 245,
        docs: "dots-and-boxes.md",
    },
];

/// The game named `name`.
pub fn game(name: &str) -> Option<&'static Game> {
    GAMES.iter().find(|g| g.name == name)
}

/// A number option as declared: its default (if it has one) and its bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Number {
    pub default: Option<u64>,
    pub min: u64,
    pub max: u64,
}

/// The number option `name` of `game` (in `view`, or in every view). Pages use it for their
/// forms' bounds; that every page's number options are declared is checked by its tests.
pub fn number(game: &str, name: &str, view: &str) -> Number {
    let spec = self::game(game)
        .and_then(|g| g.option(name, view))
        .unwrap_or_else(|| panic!("{game} declares no option {name}"));
    let (min, max) = spec
        .range()
        .unwrap_or_else(|| panic!("{game}'s {name} is no number"));
    Number {
        default: spec.default.parse().ok(),
        min,
        max,
    }
}

/// "ade, sprouts, …", for messages.
pub fn names() -> String {
    GAMES.iter().map(|g| g.name).collect::<Vec<_>>().join(", ")
}

impl Game {
    /// The option `name` of `view` (or of every view).
    pub fn option(&self, name: &str, view: &str) -> Option<&'static Spec> {
        self.options
            .iter()
            .chain(COMMON_OPTIONS)
            .find(|s| s.name == name && (s.view.is_empty() || s.view == view))
    }

    /// Whether the game takes an option called `name`, in some view.
    pub fn takes(&self, name: &str) -> bool {
        self.options
            .iter()
            .chain(COMMON_OPTIONS)
            .any(|s| s.name == name)
    }

    /// The title of the game in `view` ("" or an unknown view: the game's own).
    pub fn title_in(&self, view: &str) -> &'static str {
        self.view_titles
            .iter()
            .find(|(v, _)| *v == view)
            .map_or(self.title, |(_, title)| title)
    }

    /// The goals a graded activity of `view` may have (`none` first), or None when the view
    /// is no activity (Glop's analysis computes, and is not graded).
    pub fn goals(&self, view: &str) -> Option<&'static [&'static str]> {
        match self.option("goal", view)?.kind {
            Kind::Choice(words) if words.contains(&"none") => Some(words),
            _ => None,
        }
    }

    /// Its options' names, each once, in order.
    pub fn option_names(&self) -> Vec<&'static str> {
        let mut names: Vec<&str> = Vec::new();
        for spec in self.options {
            if !names.contains(&spec.name) {
                names.push(spec.name);
            }
        }
        names
    }
}

/// The registry as JSON (`gamelab games --json`, www/games.json): what the scripts and the play
/// page read.
pub fn json() -> String {
    let games: Vec<serde_json::Value> = GAMES
        .iter()
        .map(|g| {
            serde_json::json!({
                "name": g.name,
                "title": g.title,
                "views": g.views,
                "view_titles": g.view_titles.iter().map(|&(v, t)| (v, t)).collect::<std::collections::BTreeMap<_, _>>(),
                "options": g.option_names(),
                "module_kb": g.module_kb,
                "docs": format!("docs/{}", g.docs),
            })
        })
        .collect();
    let mut text = serde_json::to_string_pretty(&games).expect("plain values");
    text.push('\n');
    text
}

/// The registry as a table, one game a line (`gamelab games`).
pub fn text() -> String {
    GAMES
        .iter()
        .map(|g| format!("{:<16}{}\n", g.name, g.title))
        .collect()
}

/// docs/courses.md's options tables, as they must read: the common options, then each game's.
pub fn options_tables() -> String {
    let mut out = format!(
        "Options of every game:\n\n{}",
        crate::options::table(COMMON_OPTIONS)
    );
    for game in GAMES {
        out.push_str(&format!(
            "\nOptions of `data-gamelab=\"{}\"` ({}):\n\n{}",
            game.name,
            game.title,
            crate::options::table(game.options)
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_is_a_value_its_option_takes() {
        for game in GAMES {
            for spec in game.options.iter().chain(COMMON_OPTIONS) {
                if spec.default.is_empty() {
                    continue;
                }
                let (_, problem) = spec.read(spec.default);
                assert_eq!(problem, None, "{} of {}", spec.name, game.name);
            }
        }
    }

    #[test]
    fn names_are_unique_and_options_unique_within_a_view() {
        for (i, game) in GAMES.iter().enumerate() {
            assert!(GAMES[..i].iter().all(|g| g.name != game.name));
            for (j, spec) in game.options.iter().enumerate() {
                let clash = game.options[..j].iter().chain(COMMON_OPTIONS).any(|s| {
                    s.name == spec.name
                        && (s.view.is_empty() || spec.view.is_empty() || s.view == spec.view)
                });
                assert!(!clash, "{} of {} twice", spec.name, game.name);
                assert!(spec.view.is_empty() || game.views.contains(&spec.view));
            }
        }
    }

    #[test]
    fn the_json_lists_every_game_with_its_options() {
        let read: serde_json::Value = serde_json::from_str(&json()).unwrap();
        let games = read.as_array().unwrap();
        assert_eq!(games.len(), GAMES.len());
        assert_eq!(games[1]["name"], "sprouts");
        assert!(
            games[1]["options"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|o| *o == "spots")
                .count()
                == 1
        );
    }
}
