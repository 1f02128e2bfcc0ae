//! Chain Reaction in headless Chromium through real clicks and keys: a hotseat game to its
//! end, undo, a computer move, the automaton view.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{HtmlCanvasElement, HtmlElement, HtmlInputElement};

wasm_bindgen_test_configure!(run_in_browser);

mod web;

use gamelab::draw::chain_reaction::Layout;
use gamelab::engine::chain_reaction::Settings;
use web::{click, find, sleep};

fn status(root: &HtmlElement) -> String {
    find(root, ".gl-status").text_content().unwrap_or_default()
}

/// Clicks the centre of cell (row, col) with a real mouse event, where the board's own geometry
/// (draw::chain_reaction::Layout) puts it on screen.
fn click_cell(root: &HtmlElement, row: usize, col: usize) {
    let canvas: HtmlCanvasElement = find(root, "canvas.gl-canvas").unchecked_into();
    let rect = canvas.get_bounding_client_rect();
    let number = |field: &str| {
        find(root, &format!("[data-field='{field}']"))
            .unchecked_into::<HtmlInputElement>()
            .value()
            .parse::<usize>()
            .unwrap()
    };
    let settings = Settings::new(number("rows"), number("cols"), 2).unwrap();
    let (x, y) = Layout::with_width(settings, rect.width()).centre(row * settings.cols + col);
    let init = web_sys::MouseEventInit::new();
    init.set_bubbles(true);
    init.set_client_x((rect.left() + x).round() as i32);
    init.set_client_y((rect.top() + y).round() as i32);
    canvas
        .dispatch_event(
            &web_sys::MouseEvent::new_with_mouse_event_init_dict("click", &init).unwrap(),
        )
        .unwrap();
}

/// A key pressed on the board (which has the focus).
fn key(root: &HtmlElement, key: &str) {
    key_on(&find(root, ".gl-canvas"), key);
}

fn key_on(target: &web_sys::Element, key: &str) {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key(key);
    init.set_bubbles(true);
    target
        .dispatch_event(
            &web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap(),
        )
        .unwrap();
}

fn moves(root: &HtmlElement) -> Vec<String> {
    let items = root.query_selector_all(".gl-history li").unwrap();
    (0..items.length())
        .map(|i| items.item(i).unwrap().text_content().unwrap())
        .collect()
}

#[wasm_bindgen_test]
async fn a_hotseat_game_on_a_small_board_with_undo() {
    let root = web::mount("chain-reaction", &[("data-rows", "2"), ("data-cols", "2")]);
    let speed: web_sys::HtmlSelectElement = find(&root, "[data-field='speed']").unchecked_into();
    speed.set_value("0");
    web::fire(&speed, "change");
    assert!(status(&root).contains("Player A to move"));
    click_cell(&root, 0, 0);
    assert!(
        status(&root).contains("Player B to move"),
        "{}",
        status(&root)
    );
    // B may not play on A's cell: explained, nothing changes.
    click_cell(&root, 0, 0);
    assert!(
        status(&root).contains("belongs to player A"),
        "{}",
        status(&root)
    );
    assert_eq!(moves(&root).len(), 1);
    // Keys in a field or on a button are theirs: they neither move the cursor nor play.
    key_on(&find(&root, "[data-field='rows']"), "ArrowDown");
    key_on(&find(&root, "button[data-action='undo']"), "Enter");
    assert_eq!(moves(&root).len(), 1);
    // The keyboard on the board: B moves the cursor to (1, 1) and plays.
    key(&root, "ArrowDown");
    key(&root, "ArrowRight");
    key(&root, "Enter");
    assert_eq!(
        moves(&root),
        vec!["1. A (row 1, column 1)", "2. B (row 2, column 2)"]
    );
    click(&root, "undo");
    assert_eq!(moves(&root), vec!["1. A (row 1, column 1)"]);
    assert!(status(&root).contains("Player B to move"));
    key(&root, "Enter");
    click_cell(&root, 0, 0); // A2 in a corner explodes
    click_cell(&root, 1, 1); // B2 explodes: B takes everything
    sleep(20).await;
    assert!(
        status(&root).contains("Player B wins after 4 moves"),
        "{}",
        status(&root)
    );
    assert_eq!(root.get_attribute("data-state").as_deref(), Some("over"));
}

#[wasm_bindgen_test]
async fn a_computer_seat_answers_a_move() {
    let root = web::mount(
        "chain-reaction",
        &[
            ("data-rows", "3"),
            ("data-cols", "3"),
            ("data-seats", "human,greedy"),
        ],
    );
    click_cell(&root, 1, 1);
    for _ in 0..200 {
        if moves(&root).len() == 2 {
            break;
        }
        sleep(20).await;
    }
    let list = moves(&root);
    assert_eq!(list.len(), 2, "{list:?}");
    assert!(list[1].starts_with("2. B ("), "{}", list[1]);
    assert!(status(&root).contains("Player A to move"));
    // The computer's move is said in words, a quiet one too.
    assert!(
        status(&root).starts_with("B placed an orb at row "),
        "{}",
        status(&root)
    );
    // Undo takes back the computer's move and the human's.
    click(&root, "undo");
    assert!(moves(&root).is_empty());
}

#[wasm_bindgen_test]
fn the_automaton_view_names_each_cells_state() {
    let root = web::mount("chain-reaction", &[("data-rows", "3"), ("data-cols", "3")]);
    let toggle: HtmlInputElement = find(&root, "[data-field='automaton']").unchecked_into();
    toggle.set_checked(true);
    web::fire(&toggle, "change");
    assert!(find(&root, ".gl-automaton")
        .text_content()
        .unwrap()
        .contains("state S10"));
    click_cell(&root, 0, 0);
    // The cursor is on the corner just played: S11 reached by A's placement (a).
    let panel = find(&root, ".gl-automaton").text_content().unwrap();
    assert!(
        panel.contains("state S11") && panel.contains("Last transition: a, a placement by A"),
        "{panel}"
    );
    // The state machine of that corner: S10, S11 (current, arrived by a), then the explosion.
    let current = find(&root, ".gl-fsm li.gl-current").text_content().unwrap();
    assert!(
        current.starts_with("S11") && current.contains("arrived by a"),
        "{current}"
    );
    assert_eq!(root.query_selector_all(".gl-fsm li").unwrap().length(), 2);
    // B's orb next door: the edge cell (0, 1) is in B's states, S′21.
    click_cell(&root, 0, 1);
    let panel = find(&root, ".gl-automaton").text_content().unwrap();
    assert!(
        panel.contains("state S'21") && panel.contains("a placement by B"),
        "{panel}"
    );
}

#[wasm_bindgen_test]
fn bad_settings_are_explained_and_the_game_goes_on() {
    let root = web::mount("chain-reaction", &[("data-rows", "30")]);
    let note = root
        .query_selector(".gl-attribute-note")
        .unwrap()
        .and_then(|n| n.text_content())
        .unwrap_or_default();
    assert!(
        note.contains("data-rows=\"30\" is not a number of rows from 2 to 20; using 9"),
        "{note}"
    );
    let rows: HtmlInputElement = find(&root, "[data-field='rows']").unchecked_into();
    assert_eq!(rows.value(), "9");
    rows.set_value("1");
    click(&root, "new-game");
    assert!(status(&root).contains("The game goes on unchanged"));
}

#[wasm_bindgen_test]
fn a_share_link_reopens_the_game() {
    let root = web::mount("chain-reaction", &[("data-rows", "3"), ("data-cols", "4")]);
    click_cell(&root, 0, 0);
    click_cell(&root, 2, 3);
    click(&root, "share");
    let hash = web_sys::window().unwrap().location().hash().unwrap();
    // The setup (the seats) and the moves; a link of the moves alone still opens (below).
    assert!(
        hash.ends_with("chain=seats=human,human|3x4x2/0.0,2.3"),
        "{hash}"
    );
    let again = web::mount("chain-reaction", &[]);
    assert_eq!(
        moves(&again),
        vec!["1. A (row 1, column 1)", "2. B (row 3, column 4)"]
    );
    let rows: HtmlInputElement = find(&again, "[data-field='rows']").unchecked_into();
    assert_eq!(rows.value(), "3");
    web_sys::window()
        .unwrap()
        .location()
        .set_hash("#chain=3x4x2/0.0,0.0")
        .unwrap();
    let bad = web::mount("chain-reaction", &[]);
    let note = bad
        .query_selector(".gl-attribute-note")
        .unwrap()
        .and_then(|n| n.text_content())
        .unwrap_or_default();
    assert!(note.contains("move 2 is illegal"), "{note}");
    web_sys::window().unwrap().location().set_hash("").unwrap();
}

/// The end is said when the board shows it: while the winning move's explosions are still being
/// shown, no banner, no final scores, no one marked out (they once came ~15 s early).
#[wasm_bindgen_test]
async fn the_result_waits_for_the_last_explosions() {
    let root = web::mount("chain-reaction", &[("data-rows", "2"), ("data-cols", "2")]);
    let banner = find(&root, ".gl-banner");
    click_cell(&root, 0, 0);
    click_cell(&root, 1, 1);
    for _ in 0..200 {
        if root.get_attribute("data-state").as_deref() == Some("playing") {
            break;
        }
        sleep(20).await;
    }
    click_cell(&root, 0, 0);
    for _ in 0..300 {
        if root.get_attribute("data-state").as_deref() == Some("playing") {
            break;
        }
        sleep(20).await;
    }
    click_cell(&root, 1, 1); // B's explosion takes everything
    assert_eq!(root.get_attribute("data-state").as_deref(), Some("showing"));
    assert!(banner.hidden(), "the banner waits");
    assert!(!status(&root).contains("wins"), "{}", status(&root));
    for _ in 0..400 {
        if root.get_attribute("data-state").as_deref() == Some("over") {
            break;
        }
        sleep(20).await;
    }
    assert_eq!(root.get_attribute("data-state").as_deref(), Some("over"));
    assert!(!banner.hidden());
    assert!(status(&root).contains("Player B wins"), "{}", status(&root));
}

/// Once someone has won, every other player is marked out in the legend (with 8 players only
/// some were: the winning chain stops before the players it emptied are counted).
#[wasm_bindgen_test]
fn at_the_end_every_loser_is_marked_out() {
    use gamelab::engine::chain_reaction::ai::Rng;
    use gamelab::engine::chain_reaction::{Game, Settings};
    use gamelab::engine::turn::Record;
    let mut finished = None;
    for seed in 0..50 {
        let mut record = Record::<Game>::new(Settings::new(4, 4, 8).unwrap());
        let mut rng = Rng::new(seed);
        while record.game().current().is_some() {
            let legal = record.game().legal_cells();
            record.play(legal[rng.below(legal.len())]).unwrap();
        }
        let out_early = record.game().eliminated().len();
        if out_early < 7 {
            finished = Some(record);
            break;
        }
    }
    let record = finished.expect("a game whose last chain empties players it does not count out");
    let root = mount_from_link(&record.text());
    let out = root
        .query_selector_all(".gl-legend li.gl-out")
        .unwrap()
        .length();
    assert_eq!(out, 7, "{}", text_of(&root, ".gl-legend"));
    // The orb line names all eight, the seven losers as out (it listed only those left).
    let line = text_of(&root, ".gl-scores");
    assert_eq!(line.matches(" · ").count(), 7, "{line}");
    assert_eq!(line.matches(" out").count(), 7, "{line}");
}

/// The label of a menu's chosen option.
fn chosen(menu: &web_sys::HtmlSelectElement) -> String {
    let option = menu.selected_options().item(0).unwrap();
    option.text_content().unwrap_or_default()
}

/// A board opened from a share link holding `game` (the address is cleared after).
fn mount_from_link(game: &str) -> HtmlElement {
    let window = web_sys::window().unwrap();
    window
        .location()
        .set_hash(&format!("#chain={game}"))
        .unwrap();
    let root = web::mount("chain-reaction", &[]);
    window.location().set_hash("").unwrap();
    root
}

fn text_of(root: &HtmlElement, selector: &str) -> String {
    find(root, selector).text_content().unwrap_or_default()
}

/// "Monte-Carlo" is one level: `mcts` in data-seats is the menu's, and a level the menu does not
/// list is offered once, named in words (the gallery's seat once showed two Monte-Carlos).
#[wasm_bindgen_test]
fn monte_carlo_is_one_level_by_that_name() {
    let root = web::mount("chain-reaction", &[("data-seats", "human,mcts")]);
    let seat: web_sys::HtmlSelectElement = find(&root, "[data-field='seat-1']").unchecked_into();
    assert_eq!(seat.value(), "mcts");
    assert_eq!(chosen(&seat), "computer: Monte-Carlo");
    let labels = |seat: &web_sys::HtmlSelectElement| -> Vec<String> {
        (0..seat.length())
            .map(|i| seat.item(i).unwrap().text_content().unwrap())
            .collect()
    };
    assert_eq!(
        labels(&seat)
            .iter()
            .filter(|l| l.contains("Monte-Carlo"))
            .count(),
        1
    );
    let root = web::mount("chain-reaction", &[("data-seats", "human,mcts-1500")]);
    let seat: web_sys::HtmlSelectElement = find(&root, "[data-field='seat-1']").unchecked_into();
    assert_eq!(chosen(&seat), "computer: Monte-Carlo, 1500 playouts");
    assert_eq!(
        labels(&seat).iter().filter(|l| l.contains("1500")).count(),
        1
    );
}

/// The history writes each move's number in full: move 100 read "00." when the numbers were
/// list markers in a narrow margin.
#[wasm_bindgen_test]
fn a_long_game_numbers_every_move_in_full() {
    use gamelab::engine::chain_reaction::ai::Rng;
    use gamelab::engine::chain_reaction::Game;
    use gamelab::engine::turn::Record;
    let mut record =
        Record::<Game>::new(gamelab::engine::chain_reaction::Settings::new(20, 20, 2).unwrap());
    let mut rng = Rng::new(7);
    while record.moves().len() < 120 {
        let legal = record.game().legal_cells();
        if legal.is_empty() {
            break;
        }
        record.play(legal[rng.below(legal.len())]).unwrap();
    }
    assert_eq!(record.moves().len(), 120);
    let root = mount_from_link(&record.text());
    let list = moves(&root);
    assert_eq!(list.len(), 120);
    assert!(list[9].starts_with("10. "), "{}", list[9]);
    assert!(list[99].starts_with("100. "), "{}", list[99]);
    assert!(list[119].starts_with("120. "), "{}", list[119]);
}

#[wasm_bindgen_test]
fn the_state_machine_of_an_owned_cell_uses_its_owners_primes() {
    let root = web::mount("chain-reaction", &[("data-rows", "3"), ("data-cols", "3")]);
    let toggle: HtmlInputElement = find(&root, "[data-field='automaton']").unchecked_into();
    toggle.set_checked(true);
    web::fire(&toggle, "change");
    click_cell(&root, 0, 0);
    click_cell(&root, 1, 1); // B in the middle: mass 4, states S30, S'31, S'32, S'33
    let states: Vec<String> = {
        let items = root.query_selector_all(".gl-fsm li").unwrap();
        (0..items.length())
            .map(|i| items.item(i).unwrap().text_content().unwrap())
            .collect()
    };
    assert_eq!(states.len(), 4);
    assert!(
        states[0].starts_with("S30")
            && states[1].starts_with("S'31 ◀ now")
            && states[3].starts_with("S'33"),
        "{states:?}"
    );
}

#[wasm_bindgen_test]
fn restart_asks_before_throwing_a_game_away() {
    let root = web::mount(
        "chain-reaction",
        &[("id", "restart"), ("data-rows", "3"), ("data-cols", "3")],
    );
    click_cell(&root, 0, 0);
    click_cell(&root, 2, 2);
    // Asked in the page: a course platform's sandboxed frame answers no window.confirm (Restart
    // did nothing there).
    click(&root, "restart");
    assert_eq!(moves(&root).len(), 2, "nothing goes before the answer");
    let question = find(&root, ".gl-confirm")
        .text_content()
        .unwrap_or_default();
    assert!(
        question.contains("The 2 moves of this game go"),
        "{question}"
    );
    web::answer(&root, false);
    assert_eq!(moves(&root).len(), 2, "no: the game stays");
    click(&root, "restart");
    web::answer(&root, true);
    assert!(moves(&root).is_empty(), "yes: a new start");
    // New game asks too, mid-game (nothing brings a game back once another has begun).
    click(&root, "redo");
    assert_eq!(moves(&root).len(), 1);
    click(&root, "new-game");
    let question = find(&root, ".gl-confirm")
        .text_content()
        .unwrap_or_default();
    assert!(question.contains("The move of this one goes"), "{question}");
    web::answer(&root, false);
    assert_eq!(moves(&root).len(), 1, "no: the game stays");
    click(&root, "new-game");
    web::answer(&root, true);
    assert!(moves(&root).is_empty(), "yes: a new game");
}

/// Every computer level keeps to the time per move: Monte-Carlo (up to 50,000 playouts) and
/// minimax at depth 4 on 5 × 5 at 300 ms a move never take much longer (the pause between
/// computer moves, 250 ms, and a slice aside), and the page answers a timer meanwhile.
#[wasm_bindgen_test]
async fn computers_keep_to_the_time_per_move() {
    let root = web::mount(
        "chain-reaction",
        &[
            ("id", "clock"),
            ("data-rows", "5"),
            ("data-cols", "5"),
            ("data-seats", "mcts-50000,minimax-4"),
            ("data-think-ms", "300"),
        ],
    );
    let speed: web_sys::HtmlSelectElement = find(&root, "[data-field='speed']").unchecked_into();
    speed.set_value("0");
    web::fire(&speed, "change");
    let over = || root.get_attribute("data-state").as_deref() == Some("over");
    let (last_count, longest, fired) = web::watch_moves(&root, 5000.0, |_| over()).await;
    assert!(last_count >= 8, "{last_count} moves in 5 s");
    assert!(fired > 50, "the page answered {fired} timers");
    // Not a speed test: a level without a clock would show seconds.
    assert!(
        longest < 300.0 + 250.0 + 500.0,
        "a move took {longest:.0} ms against 300 ms"
    );
}

/// A game played in is kept in the browser: mounted again (a reload), the element finds it, as
/// it was; an element that now asks for another board starts that board instead.
#[wasm_bindgen_test]
async fn a_reload_finds_the_game_as_it_was_left() {
    let attributes = [("id", "kept"), ("data-rows", "3"), ("data-cols", "4")];
    let root = web::mount("chain-reaction", &attributes);
    click_cell(&root, 0, 0);
    click_cell(&root, 2, 3);
    let played = moves(&root);
    assert_eq!(played.len(), 2);
    sleep(300).await;
    root.remove();
    let again = web::mount("chain-reaction", &attributes);
    for _ in 0..50 {
        if moves(&again) == played {
            break;
        }
        sleep(100).await;
    }
    assert_eq!(moves(&again), played);
    assert!(status(&again).contains("The game you left here is back"));
    // Undo goes back through the kept moves too.
    click(&again, "undo");
    assert_eq!(moves(&again).len(), 1);
    sleep(300).await;
    again.remove();
    let other = web::mount(
        "chain-reaction",
        &[("id", "kept"), ("data-rows", "5"), ("data-cols", "4")],
    );
    sleep(500).await;
    assert!(moves(&other).is_empty(), "{:?}", moves(&other));
    other.remove();
}

/// While a move's explosions play, the page says what the picture shows: not yet who is to
/// move, and the orbs counted on the board as it is drawn (issue 61: it said "Player B to move"
/// for seconds while the waves played, and the orb count was gone meanwhile).
#[wasm_bindgen_test]
async fn while_the_waves_play_the_status_and_the_orbs_follow_the_picture() {
    let root = web::mount(
        "chain-reaction",
        &[
            ("data-rows", "3"),
            ("data-cols", "3"),
            ("data-seats", "human,human"),
        ],
    );
    let scores = find(&root, ".gl-scores");
    click_cell(&root, 0, 0);
    click_cell(&root, 2, 2);
    // A's second orb in the corner bursts: one orb to each neighbour; B keeps its corner.
    click_cell(&root, 0, 0);
    assert_eq!(root.get_attribute("data-state").as_deref(), Some("showing"));
    assert!(!status(&root).contains("to move"), "{}", status(&root));
    assert!(
        !scores.hidden(),
        "the orbs are counted while the waves play"
    );
    assert!(
        scores.text_content().unwrap().starts_with("Orbs: A 2"),
        "{}",
        scores.text_content().unwrap()
    );
    for _ in 0..300 {
        if root.get_attribute("data-state").as_deref() == Some("playing") {
            break;
        }
        sleep(20).await;
    }
    assert!(
        status(&root).contains("Player B to move"),
        "{}",
        status(&root)
    );
    assert_eq!(scores.text_content().unwrap(), "Orbs: A 2 · B 1");
}

/// A board wider than its room (20 × 20 on a phone) says that it scrolls sideways; one that
/// fits says nothing (8 of 20 columns were hidden with no hint).
#[wasm_bindgen_test]
fn a_board_wider_than_the_screen_says_it_scrolls() {
    let phone = [
        ("style", "width: 400px"),
        ("data-rows", "20"),
        ("data-cols", "20"),
    ];
    let root = web::mount("chain-reaction", &phone);
    let hint = find(&root, ".gl-scroll-hint");
    assert!(!hint.hidden(), "no hint on a 20 × 20 board 400 px wide");
    assert!(hint.text_content().unwrap().contains("scroll it sideways"));
    let small = web::mount(
        "chain-reaction",
        &[
            ("style", "width: 400px"),
            ("data-rows", "5"),
            ("data-cols", "4"),
        ],
    );
    assert!(find(&small, ".gl-scroll-hint").hidden());
    root.remove();
    small.remove();
}

/// The automaton view on a phone: a 20 × 20 board keeps cells big enough for its state labels
/// (they were drawn at 6 px), and the state machine's list shows its numbers (they were cut off
/// at the panel's left edge).
#[wasm_bindgen_test]
fn the_automaton_view_reads_on_a_phone() {
    use gamelab::draw::chain_reaction::Layout;
    let root = web::mount(
        "chain-reaction",
        &[
            ("style", "width: 400px"),
            ("data-rows", "20"),
            ("data-cols", "20"),
            ("data-automaton", "on"),
        ],
    );
    let canvas: HtmlCanvasElement = find(&root, "canvas.gl-canvas").unchecked_into();
    let cell = canvas.get_bounding_client_rect().width() / 20.0;
    assert!(
        cell >= Layout::MIN_STATE_CELL - 0.5,
        "cells of {cell:.1} px"
    );
    assert!(!find(&root, ".gl-scroll-hint").hidden());
    click_cell(&root, 1, 1);
    let list = find(&root, ".gl-fsm");
    let side = list.closest(".gl-board-side").unwrap().unwrap();
    let style = web_sys::window()
        .unwrap()
        .get_computed_style(&list)
        .unwrap()
        .unwrap();
    let inside = style.get_property_value("list-style-position").unwrap() == "inside";
    // A number outside its item sits in the list's left padding, which must hold "4. ".
    let room = list.get_bounding_client_rect().left() - side.get_bounding_client_rect().left()
        + style
            .get_property_value("padding-left")
            .unwrap()
            .trim_end_matches("px")
            .parse::<f64>()
            .unwrap_or(0.0);
    let size: f64 = style
        .get_property_value("font-size")
        .unwrap()
        .trim_end_matches("px")
        .parse()
        .unwrap();
    assert!(
        inside || room >= 3.0 * 0.6 * size,
        "the list's numbers have {room:.1} px"
    );
    root.remove();
}
