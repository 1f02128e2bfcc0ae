//! Malformed options of every game: each is named in a note at the top of the game, which stays
//! when the game goes on, and a working default is used instead.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::*;
use web_sys::HtmlElement;

wasm_bindgen_test_configure!(run_in_browser);

mod web;

use web::{click, sleep};

fn note(root: &HtmlElement) -> String {
    root.query_selector(".gl-attribute-note")
        .unwrap()
        .and_then(|n| n.text_content())
        .unwrap_or_default()
}

#[wasm_bindgen_test]
async fn every_malformed_option_is_named_and_stays_named() {
    // (game, its attributes, words the note must hold)
    type Case<'a> = (&'a str, &'a [(&'a str, &'a str)], &'a [&'a str]);
    let cases: [Case; 9] = [
        (
            "bazaar",
            &[(
                "data-seats",
                "purchase-points,purchase-size,human,human,human,human,human",
            )],
            &["data-seats=", "7 seats (2 to 6 seats"],
        ),
        (
            "bazaar",
            &[
                ("data-seats", "purchase-points,wizard"),
                ("data-seed", "abc"),
                ("data-autoplay", "yes"),
            ],
            &[
                "data-seats=\"purchase-points,wizard\": \"wizard\" is no seat",
                "data-seed=\"abc\" is not a whole number",
                "data-autoplay=\"yes\" is neither on nor off",
            ],
        ),
        (
            "dots-and-boxes",
            &[("data-analysis", "yes")],
            &["data-analysis=\"yes\" is neither on nor off"],
        ),
        (
            "sprouts",
            &[("data-goal", "banana"), ("data-position", "0*3.x")],
            &[
                "data-goal=\"banana\" is one of outcome, nimber or misere",
                "data-position=\"0*3.x\"",
            ],
        ),
        (
            "sprouts",
            &[("data-spots", "50000")],
            &["data-spots=\"50000\" is not a number of spots from 1 to 10666"],
        ),
        (
            "sprouts",
            &[("data-workers", "99")],
            &["data-workers=\"99\" is not a number of workers from 0 to 16"],
        ),
        (
            "ade",
            &[("data-graph", "E8"), ("data-mode", "weird")],
            &["data-mode=\"weird\" is one of editing or playing"],
        ),
        (
            "dots-and-boxes",
            &[("data-theme", "neon")],
            &["data-theme=\"neon\" is one of auto, light or dark"],
        ),
        (
            "chain-reaction",
            &[("data-seats", "human,minimax-99")],
            &["data-seats: 'minimax-99': the minimax depth goes from 1 to 6"],
        ),
    ];
    for (game, attributes, needles) in cases {
        let root = web::mount(game, attributes);
        for needle in needles {
            assert!(
                note(&root).contains(needle),
                "{game} {attributes:?}: {}",
                note(&root)
            );
        }
        // The note stays while the game goes on (a new game, a status line that changes).
        if let Some(button) = root
            .query_selector("button[data-action='new-game']")
            .unwrap()
        {
            wasm_bindgen::JsCast::unchecked_into::<HtmlElement>(button).click();
        }
        sleep(20).await;
        for needle in needles {
            assert!(
                note(&root).contains(needle),
                "{game} after a new game: {}",
                note(&root)
            );
        }
    }
    // Good options make no note.
    let fine = web::mount(
        "bazaar",
        &[
            ("data-seats", "purchase-points,purchase-size"),
            ("data-seed", "7"),
            ("data-autoplay", "off"),
        ],
    );
    assert!(fine.query_selector(".gl-attribute-note").unwrap().is_none());
    // A theme that is not one of the three is dropped (the game follows the system); a good one
    // stays, and no note is made.
    let themed = web::mount("chain-reaction", &[("data-theme", "dark")]);
    assert!(themed
        .query_selector(".gl-attribute-note")
        .unwrap()
        .is_none());
    assert_eq!(themed.get_attribute("data-theme").as_deref(), Some("dark"));
    let wrong = web::mount("ade", &[("data-theme", "neon")]);
    assert_eq!(wrong.get_attribute("data-theme"), None);
    let seed: web_sys::HtmlInputElement = wasm_bindgen::JsCast::unchecked_into(
        fine.query_selector("[data-field='seed']").unwrap().unwrap(),
    );
    assert_eq!(seed.value(), "7");
    click(&fine, "new-game");
}

/// Random option values (from pieces that each parser cares about) for every game: each mounts,
/// with a note where something was not used, and never panics.
#[wasm_bindgen_test]
async fn random_options_never_break_a_game() {
    const PIECES: [&str; 26] = [
        "",
        "0",
        "-1",
        "1.5",
        "1e9",
        "99999999999999999999",
        "on",
        "off",
        "yes",
        "human",
        "strong",
        "mcts-0",
        "minimax-99",
        "E8",
        "A3",
        "D4",
        "1,2,3",
        ",,,",
        "💥",
        "<b>x</b>",
        "purchase-points",
        "javascript",
        "loop:setup:9",
        "0*5",
        "1a1a|",
        "nimber",
    ];
    let games: [(&str, &[&str]); 5] = [
        (
            "ade",
            &[
                "data-graph",
                "data-values",
                "data-mode",
                "data-layers",
                "data-max-rings",
                "data-layer-cap",
            ],
        ),
        ("sprouts", &["data-spots", "data-position", "data-goal"]),
        (
            "chain-reaction",
            &["data-rows", "data-cols", "data-players", "data-seats"],
        ),
        (
            "dots-and-boxes",
            &["data-rows", "data-cols", "data-seats", "data-analysis"],
        ),
        ("bazaar", &["data-seats", "data-seed"]),
    ];
    let mut rng = gamelab::engine::rng::Rng::new(0x9E37_79B9_7F4A_7C15);
    let mut next = move |below: usize| rng.below(below);
    for _ in 0..150 {
        let (game, names) = games[next(games.len())];
        let attributes: Vec<(&str, String)> = (0..1 + next(3))
            .map(|_| {
                (
                    names[next(names.len())],
                    (0..1 + next(3))
                        .map(|_| PIECES[next(PIECES.len())])
                        .collect::<Vec<_>>()
                        .join(","),
                )
            })
            .collect();
        let borrowed: Vec<(&str, &str)> =
            attributes.iter().map(|(n, v)| (*n, v.as_str())).collect();
        let root = web::mount(game, &borrowed);
        assert_eq!(
            root.get_attribute("data-gamelab-mounted").as_deref(),
            Some(game),
            "{game} {attributes:?}"
        );
        sleep(1).await;
        root.remove();
    }
}

#[wasm_bindgen_test]
async fn a_stopped_module_says_so_in_every_game_it_runs() {
    // What the panic hook does after an internal error: a notice in each game, saying what to do.
    let games: Vec<HtmlElement> = ["ade", "dots-and-boxes"]
        .iter()
        .map(|game| web::mount(game, &[]))
        .collect();
    gamelab::ui::widgets::crash::notify_all("RefCell already borrowed");
    gamelab::ui::widgets::crash::notify_all("RefCell already borrowed");
    for root in &games {
        let notices = root
            .query_selector_all(".gamelab-crash[role=alert]")
            .unwrap();
        assert_eq!(notices.length(), 1, "one notice, however many errors");
        let text = notices.item(0).unwrap().text_content().unwrap();
        assert!(text.contains("Reload the page"), "{text}");
        assert!(text.contains("RefCell already borrowed"), "{text}");
        root.remove();
    }
}

/// The registry's walk: every game of `games` is carried by this build, and every option it
/// declares (in each view) is read through the registry, so a value outside what it takes is
/// named, with its default, whatever the game.
#[wasm_bindgen_test]
async fn every_declared_option_of_every_game_is_read_and_a_bad_value_named() {
    use gamelab::options::Kind;
    for game in gamelab::games::GAMES {
        assert!(gamelab::ui::carries(game.name), "{} not mounted", game.name);
        let views: Vec<&str> = if game.views.is_empty() {
            vec![""]
        } else {
            game.views.to_vec()
        };
        for view in views {
            let mut attributes: Vec<(String, String)> = Vec::new();
            if !view.is_empty() {
                attributes.push(("data-view".into(), view.into()));
            }
            for spec in game.options.iter().chain(gamelab::games::COMMON_OPTIONS) {
                if !(spec.view.is_empty() || spec.view == view) || spec.name == "view" {
                    continue;
                }
                let bad = match spec.kind {
                    Kind::Number { max, .. } if max < u64::MAX => (max + 1).to_string(),
                    Kind::Number { .. } => "-1".to_string(),
                    Kind::Choice(_) => "nonsense".to_string(),
                    Kind::Switch => "maybe".to_string(),
                    Kind::Text { max, .. } => "x".repeat(max + 1),
                };
                attributes.push((spec.attribute(), bad));
            }
            let pairs: Vec<(&str, &str)> = attributes
                .iter()
                .map(|(n, v)| (n.as_str(), v.as_str()))
                .collect();
            let root = web::mount(game.name, &pairs);
            let said = note(&root);
            for (name, value) in &pairs {
                if *name == "data-view" {
                    continue;
                }
                let start = format!("{name}=\"{}", &value[..value.len().min(20)]);
                assert!(
                    said.contains(&start),
                    "{} ({view}): {start} in {said}",
                    game.name
                );
            }
            root.remove();
        }
    }
}

/// How a test makes a first move in a game.
enum FirstMove {
    /// A button (its action).
    Button(&'static str),
    /// A key pressed on the board.
    Key(&'static str),
}

/// The registry's walk for histories: in every game and view whose page has an Undo button, a
/// move (made as the table below says: a new game needs its line) is taken back by Undo and
/// played again by Redo where there is one.
#[wasm_bindgen_test]
async fn every_game_with_a_history_undoes_and_redoes_a_move() {
    use wasm_bindgen::JsCast;
    use web_sys::HtmlButtonElement;
    let mut walked = 0;
    for game in gamelab::games::GAMES {
        let views: Vec<&str> = if game.views.is_empty() {
            vec![""]
        } else {
            game.views.to_vec()
        };
        for view in views {
            let people = ("data-seats", "human,human");
            let (attributes, first): (Vec<(&str, &str)>, FirstMove) = match (game.name, view) {
                // (Playing from the start, on the default graph: `data-mode` alone was once
                // ignored without a `data-graph`.)
                ("ade", "") => (vec![("data-mode", "playing")], FirstMove::Button("fire")),
                ("sprouts", "play") => (
                    vec![("data-view", "play"), ("data-spots", "3"), people],
                    FirstMove::Button("move-0"),
                ),
                ("chain-reaction", "") | ("dots-and-boxes", "") => {
                    (vec![people], FirstMove::Key("Enter"))
                }
                // Glop computes, Bazaar's table plays its seats: no moves to take back.
                ("sprouts", "analysis") | ("bazaar", "") => continue,
                other => panic!("{other:?}: say here how a move is made, or that it has none"),
            };
            // An id of its own: the game it keeps is nobody else's.
            let id = format!("history-walk-{}-{view}", game.name);
            let mut attributes = attributes;
            attributes.push(("id", &id));
            let root = web::mount(game.name, &attributes);
            let button = |action: &str| {
                root.query_selector(&format!("button[data-action='{action}']"))
                    .unwrap()
                    .map(|b| b.unchecked_into::<HtmlButtonElement>())
            };
            let undo = button("undo").expect("an Undo button");
            assert!(undo.disabled(), "{id}: nothing to undo at the start");
            match first {
                FirstMove::Button(action) => click(&root, action),
                FirstMove::Key(key) => {
                    let init = web_sys::KeyboardEventInit::new();
                    init.set_key(key);
                    init.set_bubbles(true);
                    let event =
                        web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init)
                            .unwrap();
                    web::find(&root, "canvas.gl-canvas")
                        .dispatch_event(&event)
                        .unwrap();
                }
            }
            // (A drawn move is drawn in the page's time slices.)
            for _ in 0..100 {
                if !undo.disabled() {
                    break;
                }
                sleep(50).await;
            }
            assert!(!undo.disabled(), "{id}: the move can be taken back");
            click(&root, "undo");
            assert!(undo.disabled(), "{id}: back at the start");
            if let Some(redo) = button("redo") {
                assert!(!redo.disabled(), "{id}: the move can be played again");
                click(&root, "redo");
                assert!(!undo.disabled() && redo.disabled(), "{id}: played again");
            }
            root.remove();
            walked += 1;
        }
    }
    assert_eq!(
        walked, 4,
        "ADE, Sprouts to play, Chain Reaction, Dots and Boxes"
    );
}

/// Makes the first move of a board game as `first` says.
fn first_move(root: &HtmlElement, first: &FirstMove) {
    match first {
        FirstMove::Button(action) => click(root, action),
        FirstMove::Key(key) => {
            let init = web_sys::KeyboardEventInit::new();
            init.set_key(key);
            init.set_bubbles(true);
            let event = web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init)
                .unwrap();
            web::find(root, "canvas.gl-canvas")
                .dispatch_event(&event)
                .unwrap();
        }
    }
}

/// The setup a board game's page shows: its seats, its time per move and its own switches.
fn setup_shown(root: &HtmlElement) -> Vec<String> {
    use wasm_bindgen::JsCast;
    let fields = root
        .query_selector_all("select[data-field^='seat-'], input[data-field^='think'], input[type='checkbox'][data-field]")
        .unwrap();
    (0..fields.length())
        .map(|i| {
            let field: web_sys::Element = fields.item(i).unwrap().unchecked_into();
            let name = field.get_attribute("data-field").unwrap();
            let value = match field.dyn_ref::<web_sys::HtmlInputElement>() {
                Some(input) if input.type_() == "checkbox" => input.checked().to_string(),
                Some(input) => input.value(),
                None => field.unchecked_ref::<web_sys::HtmlSelectElement>().value(),
            };
            format!("{name}={value}")
        })
        .collect()
}

fn history_shown(root: &HtmlElement) -> Vec<String> {
    let items = root.query_selector_all(".gl-history li").unwrap();
    (0..items.length())
        .map(|i| items.item(i).unwrap().text_content().unwrap())
        .collect()
}

/// A board game set up, and how its first move is made.
type Case = (&'static str, Vec<(&'static str, &'static str)>, FirstMove);

/// A share link is the whole game in every board game: set up otherwise than the defaults
/// (seats and their levels, the time per move, the game's own options), a move made, shared and
/// opened again in an element that asks for nothing, it is the same game with the same players.
#[wasm_bindgen_test]
async fn a_share_link_reopens_the_whole_game_with_its_players() {
    use wasm_bindgen::JsCast;
    let window = web_sys::window().unwrap();
    let cases: [Case; 3] = [
        (
            "chain-reaction",
            vec![
                ("data-rows", "5"),
                ("data-cols", "4"),
                ("data-seats", "human,minimax-4"),
                ("data-think-ms", "700"),
                ("data-automaton", "on"),
            ],
            FirstMove::Key("Enter"),
        ),
        (
            "dots-and-boxes",
            vec![("data-seats", "human,original"), ("data-think-ms", "900")],
            FirstMove::Key("Enter"),
        ),
        (
            "sprouts",
            vec![
                ("data-view", "play"),
                ("data-spots", "3"),
                ("data-seats", "human,random"),
                ("data-think-s", "7"),
            ],
            FirstMove::Button("move-0"),
        ),
    ];
    for (game, attributes, first) in cases {
        window.location().set_hash("").unwrap();
        let id = format!("whole-{game}");
        let mut asked = attributes.clone();
        asked.push(("id", &id));
        let root = web::mount(game, &asked);
        first_move(&root, &first);
        let undo: web_sys::HtmlButtonElement =
            web::find(&root, "button[data-action='undo']").unchecked_into();
        for _ in 0..100 {
            if !undo.disabled() {
                break;
            }
            sleep(50).await;
        }
        click(&root, "share");
        let setup = setup_shown(&root);
        let moves = history_shown(&root);
        assert!(!moves.is_empty(), "{game}: a move was made");
        root.remove();
        // Opened again from the link alone (the view is the page's, not the game's).
        let mut bare = vec![("id", id.as_str())];
        bare.extend(attributes.iter().filter(|(n, _)| *n == "data-view"));
        let again = web::mount(game, &bare);
        sleep(100).await;
        assert_eq!(setup_shown(&again), setup, "{game}: the setup");
        let reopened = history_shown(&again);
        assert!(
            reopened.len() >= moves.len() && reopened[..moves.len()] == moves[..],
            "{game}: {reopened:?} against {moves:?}"
        );
        again.remove();
    }
    window.location().set_hash("").unwrap();
}
