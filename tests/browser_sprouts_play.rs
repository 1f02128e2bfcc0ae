//! Sprouts to play on a drawn board (a Sprouts element with data-view="play"): a person's move
//! chosen from the list (as the keyboard does) and one drawn with the pointer, the computer's
//! answers drawn by its own pencil, the perfect player's win, undo, the Glop string and link.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlElement;

wasm_bindgen_test_configure!(run_in_browser);

mod web;

use web::{click, find, fire, mount, sleep};

fn text(root: &HtmlElement, selector: &str) -> String {
    find(root, selector).text_content().unwrap_or_default()
}

/// Waits (up to 20 s) until the status no longer says the computer thinks.
async fn computer_done(root: &HtmlElement) {
    for _ in 0..200 {
        sleep(100).await;
        if find(root, "button[data-action='move-now']").hidden() {
            return;
        }
    }
    panic!("the computer still thinks: {}", text(root, ".gl-status"));
}

/// Waits (up to 20 s) until the computer has made a move, and says where it thought. Waiting
/// for the thinking to stop is not enough: on a busy machine the page may not have begun.
async fn computer_moved(root: &HtmlElement) -> String {
    for _ in 0..200 {
        if let Some(place) = root.get_attribute("data-thought-in") {
            return place;
        }
        sleep(100).await;
    }
    panic!("the computer has not moved: {}", text(root, ".gl-status"));
}

#[wasm_bindgen_test]
async fn a_listed_move_and_the_computers_answer_are_drawn() {
    let root = mount(
        "sprouts",
        &[
            ("data-view", "play"),
            ("data-spots", "2"),
            ("data-seats", "human,random"),
        ],
    );
    assert!(root.class_list().contains("gl-sprouts-play"));
    assert_eq!(text(&root, ".gl-position"), "In Glop's notation: 0.0.}]!");
    // Two lone spots: a line between them, or a loop round one (the other inside or not: one
    // position).
    let listed = root.query_selector_all(".gl-move-list li button").unwrap();
    assert_eq!(listed.length(), 2);
    click(&root, "move-0");
    computer_done(&root).await;
    computer_moved(&root).await;
    let said = text(&root, ".gl-status");
    assert!(said.contains("A move at random."), "{said}");
    // The person's move and the computer's: two moves, four spots, four drawn lines.
    let position = text(&root, ".gl-position");
    assert_ne!(position, "In Glop's notation: 0.0.}]!");
    let undo = find(&root, "button[data-action='undo']");
    assert!(!undo
        .unchecked_ref::<web_sys::HtmlButtonElement>()
        .disabled());
    let glop = find(&root, ".gl-glop-link").get_attribute("href").unwrap();
    assert!(glop.starts_with("?game=sprouts&position="), "{glop}");
    // Undo goes back to the person's move: the start again.
    click(&root, "undo");
    sleep(50).await;
    assert_eq!(text(&root, ".gl-position"), "In Glop's notation: 0.0.}]!");
    root.remove();
}

/// The pointer draws a line from spot 1 to spot 2 (with a wobble on each spot), the new spot is
/// confirmed, and the perfect player answers; two spots is a loss for the first player, so the
/// perfect player ends up making the last move.
#[wasm_bindgen_test]
async fn a_pointer_stroke_against_the_perfect_player() {
    let root = mount(
        "sprouts",
        &[
            ("data-view", "play"),
            ("data-spots", "2"),
            ("data-seats", "human,perfect"),
        ],
    );
    let canvas = find(&root, "canvas.gl-canvas");
    let rect = canvas.get_bounding_client_rect();
    let scale = rect.width() / 600.0;
    // The engine lays 2 spots out at (150, 200) and (450, 200) in its 600 × 400 box.
    let at = |x: f64, y: f64| (rect.left() + x * scale, rect.top() + y * scale);
    let fire = |kind: &str, (x, y): (f64, f64)| {
        let init = web_sys::PointerEventInit::new();
        init.set_bubbles(true);
        init.set_client_x(x as i32);
        init.set_client_y(y as i32);
        init.set_pointer_id(1);
        let e = web_sys::PointerEvent::new_with_event_init_dict(kind, &init).unwrap();
        canvas.dispatch_event(&e).unwrap();
    };
    fire("pointerdown", at(150.0, 200.0));
    fire("pointermove", at(152.0, 201.0));
    for k in 1..=20 {
        let t = f64::from(k) / 20.0;
        fire(
            "pointermove",
            at(
                150.0 + 300.0 * t,
                200.0 - 80.0 * (t * std::f64::consts::PI).sin(),
            ),
        );
    }
    fire("pointerup", at(450.0, 200.0));
    sleep(20).await;
    // (Its bar is what hides: the button is shown when it has a place on the page.)
    assert!(
        find(&root, "button[data-action='confirm']")
            .offset_parent()
            .is_some(),
        "{}",
        text(&root, ".gl-status")
    );
    click(&root, "confirm");
    // The perfect player's answer is said with its reason (two spots: the second player wins).
    computer_moved(&root).await;
    computer_done(&root).await;
    let said = text(&root, ".gl-status");
    assert!(
        said.contains("A winning move: the other player loses from here"),
        "{said}"
    );
    // Then the person plays the first listed move each turn, until the game ends.
    for _ in 0..6 {
        computer_done(&root).await;
        if !find(&root, ".gl-banner").hidden() {
            break;
        }
        click(&root, "move-0");
    }
    let banner = text(&root, ".gl-banner");
    assert!(banner.starts_with("Player 2 wins"), "{banner}");
    // The perfect player thought in Web Workers.
    assert_eq!(
        root.get_attribute("data-thought-in").as_deref(),
        Some("workers")
    );
    root.remove();
}

/// Where workers are not wanted (data-workers="0"), the page thinks in its own slices.
#[wasm_bindgen_test]
async fn without_workers_the_page_thinks_itself() {
    let root = mount(
        "sprouts",
        &[
            ("id", "in-page"),
            ("data-view", "play"),
            ("data-spots", "3"),
            ("data-seats", "perfect,human"),
            ("data-workers", "0"),
        ],
    );
    assert_eq!(computer_moved(&root).await, "page");
    computer_done(&root).await;
    // Three spots: the first player wins, and its move is one the engine says wins.
    click(&root, "hint-who");
    computer_done(&root).await;
    let hint = text(&root, ".gl-hint");
    assert!(hint.starts_with("Player 2, to move, loses"), "{hint}");
    root.remove();
}

/// Takes the element away once its game is kept, mounts it again, and waits (up to 10 s) for
/// the kept game to be read back: the same position, and the status says so.
async fn reload(root: HtmlElement, attributes: &[(&str, &str)], played: &str) -> HtmlElement {
    sleep(300).await;
    root.remove();
    let again = mount("sprouts", attributes);
    for _ in 0..100 {
        if text(&again, ".gl-position") == played {
            break;
        }
        sleep(100).await;
    }
    assert_eq!(text(&again, ".gl-position"), played);
    assert!(text(&again, ".gl-status").contains("The game you left here is back"));
    again
}

/// A reload finds the game as it was left (kept in the browser under the element's id).
#[wasm_bindgen_test]
async fn a_reload_finds_the_game_as_it_was() {
    let attributes = [
        ("id", "kept"),
        ("data-view", "play"),
        ("data-spots", "3"),
        ("data-seats", "human,human"),
    ];
    let root = mount("sprouts", &attributes);
    click(&root, "move-0");
    computer_done(&root).await;
    let played = text(&root, ".gl-position");
    assert_ne!(played, "In Glop's notation: 0.0.0.}]!");
    let again = reload(root, &attributes, &played).await;
    again.remove();
}

/// Make room spreads the lines out in the page's time slices, the position stays the same, and
/// the tidied paper is what a reload finds.
#[wasm_bindgen_test]
async fn make_room_keeps_the_position_and_is_kept() {
    let attributes = [
        ("id", "roomy"),
        ("data-view", "play"),
        ("data-spots", "5"),
        ("data-seats", "human,human"),
    ];
    let root = mount("sprouts", &attributes);
    let make_room = find(&root, "button[data-action='make-room']");
    let disabled = |b: &HtmlElement| b.unchecked_ref::<web_sys::HtmlButtonElement>().disabled();
    assert!(disabled(&make_room), "nothing to spread before a move");
    for _ in 0..4 {
        click(&root, "move-0");
        computer_done(&root).await;
    }
    let played = text(&root, ".gl-position");
    assert!(!disabled(&make_room));
    let started = js_sys::Date::now();
    click(&root, "make-room");
    for _ in 0..300 {
        sleep(100).await;
        if text(&root, ".gl-status").contains("spread out") {
            break;
        }
    }
    let took = js_sys::Date::now() - started;
    assert!(
        text(&root, ".gl-status").contains("spread out"),
        "{} after {took} ms",
        text(&root, ".gl-status")
    );
    web_sys::console::log_1(&format!("make room took {took:.0} ms").into());
    assert_eq!(text(&root, ".gl-position"), played);
    assert!(disabled(&make_room), "not twice in a row");
    let again = reload(root, &attributes, &played).await;
    assert!(disabled(&find(&again, "button[data-action='make-room']")));
    again.remove();
}

/// Misère play, chosen in the settings: three spots is a first player's loss there (a win in
/// normal play), the hint says so; a person playing first there against the perfect player
/// (the first listed move each turn) ends with player 2 unable to move, and so winning. The
/// misère search thinks in the page, and a reload finds the game misère still.
#[wasm_bindgen_test]
async fn misere_play_hints_wins_and_is_kept() {
    let attributes = [
        ("id", "misere"),
        ("data-view", "play"),
        ("data-spots", "3"),
        ("data-seats", "human,human"),
    ];
    let root = mount("sprouts", &attributes);
    click(&root, "hint-who");
    computer_done(&root).await;
    let hint = text(&root, ".gl-hint");
    assert!(hint.starts_with("Player 1, to move, wins"), "{hint}");
    let ending = find(&root, "select[data-field='ending']");
    ending
        .unchecked_ref::<web_sys::HtmlSelectElement>()
        .set_value("misere");
    fire(&ending, "change");
    // (Settings apply at New game, as in every board game.)
    click(&root, "new-game");
    sleep(50).await;
    let summary = find(&root, "summary")
        .get_attribute("data-summary")
        .unwrap();
    assert!(summary.contains("Misère"), "{summary}");
    click(&root, "hint-who");
    computer_done(&root).await;
    let hint = text(&root, ".gl-hint");
    assert_eq!(
        hint,
        "Player 1, to move, loses against perfect play in misère play."
    );
    root.remove();

    let attributes = [
        ("id", "misere-2"),
        ("data-view", "play"),
        ("data-spots", "3"),
        ("data-ending", "misere"),
        ("data-seats", "human,perfect"),
    ];
    let root = mount("sprouts", &attributes);
    for _ in 0..9 {
        computer_done(&root).await;
        if !find(&root, ".gl-banner").hidden() {
            break;
        }
        click(&root, "move-0");
    }
    let banner = text(&root, ".gl-banner");
    assert!(
        banner.starts_with("Player 2 wins, having no move left (misère play)"),
        "{banner}"
    );
    assert_eq!(
        root.get_attribute("data-thought-in").as_deref(),
        Some("page")
    );
    let played = text(&root, ".gl-position");
    // Mounted again without data-ending: the kept game brings its ending with it.
    let again = reload(root, &attributes[..2], &played).await;
    let value = find(&again, "select[data-field='ending']")
        .unchecked_ref::<web_sys::HtmlSelectElement>()
        .value();
    assert_eq!(value, "misere");
    assert!(text(&again, ".gl-banner").starts_with("Player 2 wins"));
    again.remove();
}

/// Choosing a move from the list keeps the keyboard's focus in the list (it was thrown to the
/// top of the page when the list was made again).
#[wasm_bindgen_test]
async fn choosing_from_the_list_keeps_the_focus_in_it() {
    let root = mount(
        "sprouts",
        &[
            ("data-view", "play"),
            ("data-spots", "3"),
            ("data-seats", "human,human"),
        ],
    );
    find(&root, ".gl-move-list")
        .set_attribute("open", "")
        .unwrap();
    let first = find(&root, "button[data-action='move-0']");
    first.focus().unwrap();
    click(&root, "move-0");
    let undo: web_sys::HtmlButtonElement =
        find(&root, "button[data-action='undo']").unchecked_into();
    for _ in 0..100 {
        if !undo.disabled()
            && !find(&root, "button[data-action='move-0']").is_same_node(Some(&first))
        {
            break;
        }
        sleep(50).await;
    }
    sleep(100).await;
    let focused = web_sys::window()
        .unwrap()
        .document()
        .unwrap()
        .active_element()
        .unwrap();
    assert!(
        find(&root, ".gl-move-list").contains(Some(&focused)),
        "the focus went to {}",
        focused.tag_name()
    );
    root.remove();
}

/// A winning move shown as a hint is said by the spots of the line it draws (it named another
/// move to the same position, round other spots than the dashes).
#[wasm_bindgen_test]
async fn the_hint_says_the_move_it_draws() {
    let root = mount(
        "sprouts",
        &[
            ("data-view", "play"),
            ("data-spots", "3"),
            ("data-seats", "human,human"),
        ],
    );
    // Three spots: the first player wins.
    click(&root, "hint-move");
    computer_done(&root).await;
    let hint = text(&root, ".gl-hint");
    assert!(hint.starts_with("Player 1, to move, wins"), "{hint}");
    let drawn = hint
        .split("It is drawn dashed in green: ")
        .nth(1)
        .unwrap_or_else(|| panic!("{hint}"));
    assert!(
        drawn.starts_with("spot ") || drawn.starts_with("a loop at spot "),
        "{hint}"
    );
    root.remove();
}

/// A loop drawn too tight to be seen (its new spot would sit on the old one) is refused, with
/// the reason; drawn wider, it is taken.
#[wasm_bindgen_test]
async fn a_loop_too_tight_to_see_is_refused() {
    let root = mount(
        "sprouts",
        &[
            ("style", "width: 400px"),
            ("data-view", "play"),
            ("data-spots", "2"),
            ("data-seats", "human,human"),
        ],
    );
    let canvas = find(&root, "canvas.gl-canvas");
    // Where the board is now (a status line above it may have grown since).
    let at = |x: f64, y: f64| {
        let rect = canvas.get_bounding_client_rect();
        let scale = rect.width() / 600.0;
        (rect.left() + x * scale, rect.top() + y * scale)
    };
    let fire = |kind: &str, (x, y): (f64, f64)| {
        let init = web_sys::PointerEventInit::new();
        init.set_bubbles(true);
        init.set_client_x(x.round() as i32);
        init.set_client_y(y.round() as i32);
        init.set_pointer_id(1);
        let e = web_sys::PointerEvent::new_with_event_init_dict(kind, &init).unwrap();
        canvas.dispatch_event(&e).unwrap();
    };
    // A circle through the spot at (150, 200), `r` screen pixels round.
    let draw_loop = |r: f64| {
        let (sx, sy) = at(150.0, 200.0);
        fire("pointerdown", (sx, sy));
        for k in 1..=36 {
            let a = f64::from(k) / 36.0 * std::f64::consts::TAU;
            fire("pointermove", (sx + r * a.sin(), sy - r + r * a.cos()));
        }
        fire("pointerup", (sx, sy));
    };
    draw_loop(9.0);
    sleep(20).await;
    assert!(
        text(&root, ".gl-status").contains("a loop must go round more room"),
        "{}",
        text(&root, ".gl-status")
    );
    // (The button's bar is what is hidden: the button shows when it has a place on the page.)
    let shown = |root: &HtmlElement| {
        find(root, "button[data-action='confirm']")
            .offset_parent()
            .is_some()
    };
    assert!(!shown(&root), "a refused loop waits for no confirmation");
    draw_loop(40.0);
    sleep(20).await;
    assert!(shown(&root), "{}", text(&root, ".gl-status"));
    root.remove();
}

/// A graded game (`goal=win`) gives no hints: the hint buttons are greyed out, as Undo is, and
/// the rest of the bar (saving the drawing) stays.
#[wasm_bindgen_test]
async fn a_graded_game_greys_out_the_hints() {
    let button = |root: &HtmlElement, action: &str| {
        find(root, &format!("button[data-action='{action}']"))
            .unchecked_into::<web_sys::HtmlButtonElement>()
            .disabled()
    };
    let root = mount(
        "sprouts",
        &[
            ("data-view", "play"),
            ("data-spots", "2"),
            ("data-seats", "human,perfect"),
            ("data-goal", "win"),
        ],
    );
    sleep(50).await;
    assert!(text(&root, ".gl-status").contains("Graded"));
    for refused in ["hint-who", "hint-move", "undo", "restart"] {
        assert!(button(&root, refused), "{refused} is not greyed out");
    }
    assert!(!button(&root, "save-svg"));
    root.remove();
    // Free play keeps them.
    let free = mount(
        "sprouts",
        &[
            ("data-view", "play"),
            ("data-spots", "2"),
            ("data-seats", "human,perfect"),
        ],
    );
    sleep(50).await;
    assert!(!button(&free, "hint-who") && !button(&free, "hint-move"));
    free.remove();
}
