//! Bazaar in headless Chromium: a seeded game between two strategies to its end (the same
//! outcome as the engine's), a human seat's legal and illegal moves, a tournament, the course's
//! tests run in the page, and the observer. The JavaScript players have
//! browser_bazaar_players.rs and browser_bazaar_scripts.rs.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{HtmlElement, HtmlInputElement};

wasm_bindgen_test_configure!(run_in_browser);

mod web;

use web::bazaar::*;

use web::{click, find, fire, sleep};

/// Clicks the table at a point of its picture (CSS pixels of the drawing).
fn click_table(root: &HtmlElement, (x, y): (f64, f64)) {
    let canvas: web_sys::HtmlCanvasElement = find(root, "canvas").unchecked_into();
    let rect = canvas.get_bounding_client_rect();
    let drawn: f64 = canvas
        .style()
        .get_property_value("width")
        .unwrap()
        .trim_end_matches("px")
        .parse()
        .unwrap();
    let scale = rect.width() / drawn;
    let init = web_sys::MouseEventInit::new();
    init.set_bubbles(true);
    init.set_client_x((rect.left() + x * scale).round() as i32);
    init.set_client_y((rect.top() + y * scale).round() as i32);
    let event = web_sys::MouseEvent::new_with_mouse_event_init_dict("click", &init).unwrap();
    canvas.dispatch_event(&event).unwrap();
}

/// The plan of the table as the page draws it now, for a seeded game's start (the equations
/// and the places of things do not change as it goes on), at the canvas's drawn width.
fn drawn_plan(root: &HtmlElement, players: usize, seed: u64) -> gamelab::draw::bazaar::Plan {
    use gamelab::draw::bazaar::{Plan, Seat, Table};
    let (equations, game) = gamelab::engine::bazaar::setup::random_game(
        players,
        &mut gamelab::engine::rng::Rng::new(seed),
    );
    let seats: Vec<Seat> = (0..players)
        .map(|i| Seat {
            name: String::new(),
            kind: String::new(),
            show_wallet: false,
            place: Some(i),
        })
        .collect();
    let table = Table {
        equations: &equations,
        state: &game,
        seats: &seats,
        active: Some(0),
        banner: None,
        offers: Default::default(),
    };
    Plan::new(&table, drawn_width(root))
}

/// The canvas's drawn width (CSS pixels of the drawing).
fn drawn_width(root: &HtmlElement) -> f64 {
    let canvas: web_sys::HtmlCanvasElement = find(root, "canvas").unchecked_into();
    canvas
        .style()
        .get_property_value("width")
        .unwrap()
        .trim_end_matches("px")
        .parse()
        .unwrap()
}

#[wasm_bindgen_test]
async fn a_seeded_game_between_two_strategies_plays_to_the_end() {
    use gamelab::engine::bazaar::actors::{Actor, Misbehaviour, Player};
    use gamelab::engine::bazaar::referee::{run_direct, Referee};
    use gamelab::engine::bazaar::setup::random_game;
    use gamelab::engine::bazaar::strategy::Policy;
    let root = played_to_the_end(&[
        ("data-seats", "purchase-points,purchase-size"),
        ("data-seed", "3"),
    ])
    .await;
    // The engine alone, from the same seed, gives the same result.
    let (equations, game) = random_game(2, &mut gamelab::engine::rng::Rng::new(3));
    let mut referee =
        Referee::new(equations, game, vec!["Adam".into(), "Eve".into()], None).unwrap();
    let mut players: Vec<Box<dyn Player>> = vec![
        Box::new(Actor::new("Adam", Policy::Points, Misbehaviour::None)),
        Box::new(Actor::new("Eve", Policy::Size, Misbehaviour::None)),
    ];
    run_direct(&mut referee, &mut players);
    let outcome = referee.outcome().unwrap();
    let status = text(&root, ".gl-status");
    assert!(
        status.contains(&format!(
            "Game over after {} turns: {}. Winners: {}.",
            referee.turns(),
            referee.end_reason().unwrap(),
            outcome.winners.join(", ")
        )),
        "{status}"
    );
    assert!(
        log(&root).iter().any(|l| l.starts_with("game over: ")),
        "{:?}",
        log(&root)
    );
    assert!(
        log(&root).iter().any(|l| l.contains(" buys [")),
        "somebody bought cards"
    );
}

/// What trading costs is said as it is: once the pile is empty a trade takes every visible card
/// and ends the game (the button said "costs the bottom card" then too, and the end came
/// unannounced).
#[wasm_bindgen_test]
async fn the_price_of_a_trade_is_the_one_that_holds() {
    let root = web::mount(
        "bazaar",
        &[("data-seats", "human,purchase-points"), ("data-seed", "4")],
    );
    set(&root, "[data-field='speed']", "0");
    let mut said_empty = false;
    for _ in 0..400 {
        if state(&root) == "over" {
            break;
        }
        if state(&root) != "human" {
            click(&root, "play");
            sleep(20).await;
            continue;
        }
        let trade = root
            .query_selector("button[data-action='trade']")
            .unwrap()
            .map(|b| b.text_content().unwrap_or_default());
        match trade {
            // An empty trade costs a card all the same: the pile runs down.
            Some(label) => {
                if label.contains("the pile is empty") {
                    said_empty = true;
                }
                click(&root, "trade");
            }
            None => click(&root, "buy"),
        }
        sleep(10).await;
    }
    assert!(said_empty, "the trade button never said the pile was empty");
    assert_eq!(state(&root), "over");
    let status = text(&root, ".gl-status");
    assert!(
        status.contains("Game over after") && status.contains(": "),
        "{status}"
    );
}

#[wasm_bindgen_test]
async fn a_human_seat_is_told_why_a_move_is_illegal_and_makes_a_legal_one() {
    let root = web::mount(
        "bazaar",
        &[("data-seats", "human,purchase-points"), ("data-seed", "1")],
    );
    set(&root, "[data-field='speed']", "0");
    click(&root, "play");
    wait_for(&root, "the human's turn", |r| state(r) == "human").await;
    assert!(text(&root, ".gl-bazaar-human").contains("Your move, Adam"));
    // The question is drawn again only when it changes: a view for something else (a setting
    // changed) leaves its buttons, and the keyboard's focus on them, where they were.
    let pebble = find(&root, "button[data-action='pebble']");
    pebble.focus().unwrap();
    set(&root, "[data-field='speed']", "1");
    set(&root, "[data-field='speed']", "0");
    assert!(
        pebble.is_connected(),
        "the question's buttons were built again"
    );
    let focused = web::document().active_element();
    assert!(focused.is_some_and(|f| f.is_same_node(Some(&pebble))));
    let before = log(&root);
    // Adam's wallet is empty: no exchange can be paid, and the page says so before any click
    // (it showed twenty buttons, none marked, and refused the first click); the buttons are
    // off and their names say why; a click submits nothing.
    let panel = text(&root, ".gl-bazaar-human");
    assert!(panel.contains("No exchange can be paid now."), "{panel}");
    assert!(panel.contains("you could then buy: no card yet"), "{panel}");
    let exchange = find(&root, "button[data-action='use-0']");
    assert!(exchange.has_attribute("disabled"));
    assert!(exchange
        .get_attribute("aria-label")
        .unwrap()
        .ends_with("(cannot be paid now)"));
    click(&root, "use-0");
    assert_eq!(log(&root), before);
    assert_eq!(state(&root), "human");
    // A pebble is legal.
    click(&root, "pebble");
    wait_for(&root, "the purchase question", |r| {
        text(r, ".gl-bazaar-human").contains("Cards chosen")
    })
    .await;
    assert!(
        log(&root)
            .iter()
            .any(|l| l.starts_with("Adam requests a pebble and draws")),
        "{:?}",
        log(&root)
    );
    // A one-pebble wallet cannot pay for a card: said, and the cards are off.
    assert!(
        text(&root, ".gl-bazaar-human").contains("No card can be paid for now."),
        "{}",
        text(&root, ".gl-bazaar-human")
    );
    assert!(find(&root, "button[data-action='card-0']").has_attribute("disabled"));
    click(&root, "buy"); // buying nothing is legal
    wait_for(&root, "Eve's turn and Adam's next", |r| {
        log(r).iter().filter(|l| l.starts_with("turn ")).count() >= 3
    })
    .await;
    assert!(
        !log(&root).iter().any(|l| l.contains("Adam is eliminated")),
        "{:?}",
        log(&root)
    );
}

#[wasm_bindgen_test]
async fn a_tournament_counts_wins() {
    let root = web::mount(
        "bazaar",
        &[("data-seats", "purchase-points,cheat:wallet-cannot-buy-card")],
    );
    set(&root, "[data-field='games']", "4");
    click(&root, "tournament");
    wait_for(&root, "the tournament", |r| {
        find(r, ".gl-bazaar-tally")
            .get_attribute("data-done")
            .as_deref()
            == Some("yes")
    })
    .await;
    let tally = text(&root, ".gl-bazaar-tally");
    assert!(tally.contains("4 of 4 games played"), "{tally}");
    assert!(tally.contains("Adam (purchase-points): 4 wins"), "{tally}");
}

#[wasm_bindgen_test]
async fn with_strict_rules_an_illegal_human_answer_eliminates() {
    let root = web::mount(
        "bazaar",
        &[("data-seats", "human,purchase-points"), ("data-seed", "1")],
    );
    let strict: HtmlInputElement = find(&root, "[data-field='strict']").unchecked_into();
    strict.set_checked(true);
    fire(&strict, "change");
    set(&root, "[data-field='speed']", "0");
    click(&root, "play");
    wait_for(&root, "the human's turn", |r| state(r) == "human").await;
    click(&root, "use-0");
    assert!(
        text(&root, ".gl-bazaar-human").contains("Strict rules: this list breaks a rule"),
        "{}",
        text(&root, ".gl-bazaar-human")
    );
    click(&root, "trade");
    wait_for(&root, "the end", |r| state(r) == "over").await;
    assert!(
        log(&root)
            .iter()
            .any(|l| l
                .starts_with("Adam is eliminated in request-pebble-or-trades: the 1st exchange")),
        "{:?}",
        log(&root)
    );
}

#[wasm_bindgen_test]
async fn the_time_limit_shown_is_the_one_used_and_named_when_it_passes() {
    let root = web::mount(
        "bazaar",
        &[
            ("data-seats", "purchase-points,loop:setup:1"),
            ("data-seed", "2"),
        ],
    );
    let limit: HtmlInputElement = find(&root, "[data-field='limit']").unchecked_into();
    // A limit out of range, or no number at all, is refused and the limit stays (1e9 and abc
    // once became 20 ms).
    for typed in ["5", "1e9", "abc", "-3"] {
        set(&root, "[data-field='limit']", typed);
        assert_eq!(
            limit.value(),
            "600",
            "{typed}: the field shows the limit that holds"
        );
        let status = text(&root, ".gl-status");
        assert!(
            status.contains("from 20 to 60000") && status.contains("it stays 600 ms"),
            "{typed}: {status}"
        );
    }
    set(&root, "[data-field='limit']", "20");
    assert_eq!(limit.value(), "20");
    set(&root, "[data-field='speed']", "0");
    click(&root, "play");
    wait_for(&root, "the end", |r| state(r) == "over").await;
    assert!(
        log(&root)
            .iter()
            .any(|l| l == "Eve is eliminated in setup: it took longer than its time limit of 20 ms"),
        "{:?}",
        log(&root)
    );
}

#[wasm_bindgen_test]
async fn stepping_stays_stepping_after_a_human_answers() {
    let root = web::mount(
        "bazaar",
        &[("data-seats", "human,purchase-points"), ("data-seed", "1")],
    );
    for _ in 0..10 {
        if state(&root) == "human" {
            break;
        }
        click(&root, "step");
        sleep(20).await;
    }
    assert_eq!(state(&root), "human");
    click(&root, "pebble");
    sleep(50).await;
    assert_eq!(
        state(&root),
        "human",
        "the human's purchase question comes at once"
    );
    click(&root, "buy");
    let lines = log(&root).len();
    sleep(300).await;
    assert_eq!(
        state(&root),
        "paused",
        "answering did not switch Step into Play"
    );
    assert_eq!(log(&root).len(), lines, "Eve waits for Step");
    click(&root, "step");
    wait_for(&root, "Eve's answer", |r| log(r).len() > lines).await;
}

#[wasm_bindgen_test]
async fn settings_changed_during_a_game_are_flagged_until_new_game() {
    let root = web::mount("bazaar", &[("data-seed", "7")]);
    for _ in 0..6 {
        click(&root, "step");
    }
    sleep(50).await;
    set(&root, "[data-field='seed']", "8");
    let new_game = find(&root, "button[data-action='new-game']");
    assert!(new_game.class_list().contains("gl-pending"));
    assert!(
        text(&root, ".gl-status").contains("apply from the next game"),
        "{}",
        text(&root, ".gl-status")
    );
    click(&root, "new-game");
    assert!(!new_game.class_list().contains("gl-pending"));
    assert!(text(&root, ".gl-status").contains("seed 8"));
}

/// A graded game (goal=win) is played by the activity's seats: a seat changed in the menu makes
/// the game again with the activity's own (a game with other seats, a course test's, would not
/// be counted).
#[wasm_bindgen_test]
async fn a_graded_game_counts_only_with_the_activity_s_seats() {
    let root = web::mount(
        "bazaar",
        &[
            ("data-seats", "human,purchase-points"),
            ("data-goal", "win"),
            ("data-games", "2"),
        ],
    );
    wait_for(&root, "the table", |r| {
        text(r, ".gl-status").contains("Graded: 0 of 2 games played")
    })
    .await;
    // A seat changed before the first call makes the game at once: the activity's seats.
    set(&root, "[data-field='seat-0']", "purchase-size");
    let seat: web_sys::HtmlSelectElement = find(&root, "[data-field='seat-0']").unchecked_into();
    assert_eq!(seat.value(), "human");
    // The game on the table is the activity's: the referee asks the person (Adam) first.
    click(&root, "step");
    wait_for(&root, "the person's turn", |r| {
        r.text_content()
            .unwrap_or_default()
            .contains("The referee asks Adam")
    })
    .await;
    root.remove();
}

/// Before the first call the table has nothing to lose: a setting changed then makes the game
/// at once, so what is shown is what is played (seed 5 and a purchase-size seat once played
/// seed 1 with the old seats, New game unflagged).
#[wasm_bindgen_test]
async fn settings_changed_before_the_first_call_make_the_game_at_once() {
    let root = web::mount("bazaar", &[("data-seats", "purchase-points,human")]);
    set(&root, "[data-field='seed']", "5");
    assert!(
        text(&root, ".gl-status").contains("A new game from seed 5"),
        "{}",
        text(&root, ".gl-status")
    );
    set(&root, "[data-field='seat-1']", "purchase-size");
    let new_game = find(&root, "button[data-action='new-game']");
    assert!(!new_game.class_list().contains("gl-pending"));
    set(&root, "[data-field='speed']", "0");
    click(&root, "play");
    wait_for(&root, "the end", |r| state(r) == "over").await;
    assert!(
        !log(&root).iter().any(|l| l.contains("human")),
        "Bob played as purchase-size, not as a human: {:?}",
        log(&root)
    );
    let played = log(&root);
    // The same game from a fresh table with those settings: the same log.
    let again = web::mount(
        "bazaar",
        &[
            ("data-seats", "purchase-points,purchase-size"),
            ("data-seed", "5"),
        ],
    );
    set(&again, "[data-field='speed']", "0");
    click(&again, "play");
    wait_for(&again, "the end", |r| state(r) == "over").await;
    assert_eq!(log(&again), played);
    // A seed that is no number is said, and the field shows the seed played.
    let root = web::mount("bazaar", &[]);
    set(&root, "[data-field='seed']", "-1");
    let seed: HtmlInputElement = find(&root, "[data-field='seed']").unchecked_into();
    assert_eq!(seed.value(), "1");
    assert!(
        text(&root, ".gl-status").contains("'-1' is not one, so this game uses 1"),
        "{}",
        text(&root, ".gl-status")
    );
}

#[wasm_bindgen_test]
async fn the_log_follows_the_newest_line() {
    let root = played_to_the_end(&[(
        "data-seats",
        "purchase-points,purchase-size,purchase-points",
    )])
    .await;
    let list = find(&root, ".gl-history");
    assert!(
        list.scroll_height() > list.client_height(),
        "the log scrolls"
    );
    assert!(
        list.scroll_top() + list.client_height() >= list.scroll_height() - 8,
        "the newest line is in view"
    );
}

#[wasm_bindgen_test]
async fn a_human_picks_equation_sides_and_cards_on_the_table() {
    let root = web::mount(
        "bazaar",
        &[("data-seats", "human,purchase-points"), ("data-seed", "1")],
    );
    set(&root, "[data-field='speed']", "0");
    click(&root, "play");
    wait_for(&root, "the human's turn", |r| state(r) == "human").await;
    // The table as the page drew it: the game's start (setup changes nothing), at its width.
    let (equations, _) =
        gamelab::engine::bazaar::setup::random_game(2, &mut gamelab::engine::rng::Rng::new(1));
    let plan = drawn_plan(&root, 2, 1);
    let canvas: web_sys::HtmlCanvasElement = find(&root, "canvas").unchecked_into();
    // Equation 2's right side: used right to left, which an empty wallet cannot pay.
    click_table(&root, plan.equations[1].1.centre());
    let panel = text(&root, ".gl-bazaar-human");
    assert!(
        panel.contains("Not allowed: the 1st exchange (equation 2, "),
        "{panel}"
    );
    let flipped = format!("{} → {}", equations[1].right_bag(), equations[1].left_bag());
    assert!(panel.contains(&flipped), "{panel} names {flipped}");
    click(&root, "pebble");
    wait_for(&root, "the purchase question", |r| {
        text(r, ".gl-bazaar-human").contains("Cards chosen")
    })
    .await;
    click_table(&root, plan.cards[2].centre());
    let panel = text(&root, ".gl-bazaar-human");
    assert!(
        panel.contains("Not allowed: the 1st card bought (card 3, "),
        "{panel}"
    );
    // Nothing is picked while a computer is to move.
    click(&root, "buy");
    assert_ne!(state(&root), "human");
    let canvas_picks = canvas.get_attribute("data-picks");
    assert_eq!(canvas_picks.as_deref(), Some("no"));
}

/// The table marks what a person can pay for where they click: each equation side the panel's
/// buttons offer is underlined in green on the table, and no other (the marks were only in a
/// panel far below the table on a phone). "Take a pebble" says beforehand which colour it gives
/// (the course's draw gave red every time, unexplained).
#[wasm_bindgen_test]
async fn the_table_marks_what_a_person_can_pay_for() {
    let root = web::mount(
        "bazaar",
        &[("data-seats", "human,purchase-points"), ("data-seed", "1")],
    );
    set(&root, "[data-field='speed']", "0");
    click(&root, "play");
    let equations =
        gamelab::engine::bazaar::setup::random_game(2, &mut gamelab::engine::rng::Rng::new(1)).0;
    let canvas: web_sys::HtmlCanvasElement = find(&root, "canvas").unchecked_into();
    let context: web_sys::CanvasRenderingContext2d =
        canvas.get_context("2d").unwrap().unwrap().unchecked_into();
    let green = |(x, y): (f64, f64)| {
        let ratio = canvas.width() as f64 / drawn_width(&root);
        let pixel = context
            .get_image_data((x * ratio).round(), (y * ratio).round(), 1.0, 1.0)
            .unwrap()
            .data();
        let (r, g, b) = (pixel[0] as i32, pixel[1] as i32, pixel[2] as i32);
        (r - 20).abs() + (g - 130).abs() + (b - 40).abs() < 60
    };
    let mut marked = 0;
    for turn in 0..12 {
        wait_for(&root, "the human's turn", |r| {
            state(r) == "human" && text(r, ".gl-bazaar-human").contains("Take a pebble")
        })
        .await;
        let panel = text(&root, ".gl-bazaar-human");
        if turn == 0 {
            assert!(
                panel.contains("Take a pebble gives red: the bank gives its first colour"),
                "{panel}"
            );
        }
        let plan = drawn_plan(&root, 2, 1);
        let buttons = root
            .query_selector_all(".gl-bazaar-human [data-action^='use-']")
            .unwrap();
        assert_eq!(buttons.length() as usize, 2 * equations.len());
        for k in 0..buttons.length() {
            let button: web_sys::Element = buttons.item(k).unwrap().unchecked_into();
            let offered = button.class_list().contains("gl-payable");
            let (left, right) = plan.equations[k as usize / 2];
            let side = if k % 2 == 0 { left } else { right };
            let underline = (side.x + side.w / 2.0, side.y + side.h - 2.0);
            assert_eq!(
                green(underline),
                offered,
                "turn {turn}, side {k}: the table and the panel disagree"
            );
            marked += usize::from(offered);
        }
        if marked > 0 {
            break;
        }
        click(&root, "pebble");
        wait_for(&root, "the purchase question", |r| {
            text(r, ".gl-bazaar-human").contains("Cards chosen")
        })
        .await;
        click(&root, "buy");
    }
    assert!(marked > 0, "no side ever became payable");
    root.remove();
}

/// A share link is the whole game: the seats, the seed and every answer so far, a person's and
/// the strategies'. Reopened from the link alone, on an element set up otherwise, the same
/// game is on the table at the same question, and goes on (Bazaar had no share link).
#[wasm_bindgen_test]
async fn a_share_link_reopens_the_game_at_the_same_question() {
    let window = web_sys::window().unwrap();
    window.location().set_hash("").unwrap();
    let root = web::mount(
        "bazaar",
        &[
            ("id", "shared"),
            ("data-seats", "purchase-size,human,purchase-points"),
            ("data-seed", "7"),
        ],
    );
    set(&root, "[data-field='speed']", "0");
    click(&root, "play");
    for _ in 0..3 {
        wait_for(&root, "the human's turn", |r| {
            state(r) == "human" && text(r, ".gl-bazaar-human").contains("Take a pebble")
        })
        .await;
        click(&root, "pebble");
        wait_for(&root, "the purchase question", |r| {
            text(r, ".gl-bazaar-human").contains("Cards chosen")
        })
        .await;
        click(&root, "buy");
    }
    wait_for(&root, "the human's turn", |r| {
        state(r) == "human" && text(r, ".gl-bazaar-human").contains("Take a pebble")
    })
    .await;
    let before = (log(&root), text(&root, ".gl-bazaar-human"));
    click(&root, "share");
    let hash = js_sys::decode_uri_component(&window.location().hash().unwrap())
        .unwrap()
        .as_string()
        .unwrap();
    assert!(
        hash.contains("bazaar-shared=seats=purchase-size,human,purchase-points;seed=7|["),
        "{hash}"
    );
    root.remove();
    let again = web::mount("bazaar", &[("id", "shared"), ("data-seats", "human,human")]);
    wait_for(&again, "the replayed game", |r| state(r) == "human").await;
    let after = (log(&again), text(&again, ".gl-bazaar-human"));
    assert_eq!(after, before);
    assert!(
        text(&again, ".gl-status").contains("The game is back as it was"),
        "{}",
        text(&again, ".gl-status")
    );
    // It goes on: the person's pebble, then the strategies answer as they would have.
    click(&again, "pebble");
    wait_for(&again, "the purchase question", |r| {
        text(r, ".gl-bazaar-human").contains("Cards chosen")
    })
    .await;
    again.remove();
    // A link whose answers do not fit is named, and the game stops where they stopped.
    window
        .location()
        .set_hash("bazaar-broken=seats=human,purchase-points;seed=7|[\"void\",\"void\",[[\"x\"]]]")
        .unwrap();
    let broken = web::mount("bazaar", &[("id", "broken")]);
    wait_for(&broken, "the replay's message", |r| {
        text(r, ".gl-status").contains("replayed")
    })
    .await;
    assert!(
        text(&broken, ".gl-status").contains("as far as it could be replayed: answer 3"),
        "{}",
        text(&broken, ".gl-status")
    );
    broken.remove();
    window.location().set_hash("").unwrap();
}

/// A reload finds the game a person was playing: the browser keeps the whole game (setup and
/// answers) once they took part, and the page makes it again.
#[wasm_bindgen_test]
async fn a_reload_finds_the_game_as_it_was_left() {
    web_sys::window().unwrap().location().set_hash("").unwrap();
    let attributes = [
        ("id", "kept"),
        ("data-seats", "human,purchase-size"),
        ("data-seed", "12"),
    ];
    let root = web::mount("bazaar", &attributes);
    set(&root, "[data-field='speed']", "0");
    click(&root, "play");
    wait_for(&root, "the human's turn", |r| state(r) == "human").await;
    click(&root, "pebble");
    wait_for(&root, "the purchase question", |r| {
        text(r, ".gl-bazaar-human").contains("Cards chosen")
    })
    .await;
    let before = log(&root);
    sleep(300).await; // the browser's store answers in its own time
    root.remove();
    let again = web::mount("bazaar", &attributes);
    wait_for(&again, "the kept game", |r| log(r) == before).await;
    assert!(
        text(&again, ".gl-status").contains("The game you left here is back"),
        "{}",
        text(&again, ".gl-status")
    );
    again.remove();
}
