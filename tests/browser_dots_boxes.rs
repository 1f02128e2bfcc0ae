//! Dots and Boxes in headless Chromium through real clicks and keys: a 2 × 2 game against the
//! computer to its end, undo, analysis marks, the keyboard, import/export and the share link,
//! and the thinking state.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{
    HtmlButtonElement, HtmlCanvasElement, HtmlElement, HtmlInputElement, HtmlSelectElement,
    HtmlTextAreaElement,
};

wasm_bindgen_test_configure!(run_in_browser);

mod web;

use gamelab::draw::dots_boxes::Layout;
use gamelab::engine::dots_boxes::Board;
use web::{click, find, fire, sleep};

fn text(root: &HtmlElement, selector: &str) -> String {
    find(root, selector).text_content().unwrap_or_default()
}

fn moves(root: &HtmlElement) -> Vec<String> {
    let items = root.query_selector_all(".gl-history li").unwrap();
    (0..items.length())
        .map(|i| items.item(i).unwrap().text_content().unwrap())
        .collect()
}

/// Clicks the middle of line `line` of a rows × cols board with a real mouse event, where the
/// board's own geometry (draw::dots_boxes::Layout) puts it on screen.
fn click_line(root: &HtmlElement, cols: usize, rows: usize, line: usize) {
    let canvas: HtmlCanvasElement = find(root, "canvas.gl-canvas").unchecked_into();
    let rect = canvas.get_bounding_client_rect();
    let board = Board::new(rows, cols).unwrap();
    let (x, y) = Layout::with_width(&board, rect.width()).middle(line);
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

fn key(root: &HtmlElement, key: &str) {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key(key);
    init.set_bubbles(true);
    let canvas = find(root, "canvas.gl-canvas");
    canvas
        .dispatch_event(
            &web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap(),
        )
        .unwrap();
}

/// The drawn lines, read through the page's own export.
fn drawn(root: &HtmlElement) -> Vec<bool> {
    click(root, "export");
    let area: HtmlTextAreaElement = find(root, "textarea").unchecked_into();
    let value: serde_json::Value = serde_json::from_str(&area.value()).unwrap();
    value["dbn"]
        .as_str()
        .unwrap()
        .chars()
        .map(|c| c == '1')
        .collect()
}

async fn wait_for(root: &HtmlElement, what: &str, ready: impl Fn(&HtmlElement) -> bool) {
    for _ in 0..600 {
        if ready(root) {
            return;
        }
        sleep(20).await;
    }
    panic!("waited 12 s for {what}: {}", text(root, ".gl-status"));
}

fn humans_turn(root: &HtmlElement) -> bool {
    text(root, ".gl-status").contains("Player A to move")
        || root.get_attribute("data-state").as_deref() == Some("over")
}

#[wasm_bindgen_test]
async fn a_2x2_game_against_the_computer_with_undo_and_analysis() {
    web_sys::window().unwrap().location().set_hash("").unwrap();
    let root = web::mount(
        "dots-and-boxes",
        &[
            ("data-rows", "2"),
            ("data-cols", "2"),
            ("data-seats", "human,strong"),
        ],
    );
    assert!(
        text(&root, ".gl-status").contains("Player A to move"),
        "{}",
        text(&root, ".gl-status")
    );
    assert_eq!(text(&root, ".gl-scores"), "A 0 – B 0");
    click_line(&root, 2, 2, 0);
    assert_eq!(moves(&root)[0], "1. A: h 0 0 (line 0)");
    // A drawn line is refused with a reason, and nothing changes.
    wait_for(&root, "the computer's answer", humans_turn).await;
    let before = moves(&root);
    assert!(
        before.len() >= 2 && before[1].starts_with("2. B: "),
        "{before:?}"
    );
    // The computer's move is said in words (a screen reader hears the status).
    let said = text(&root, ".gl-status");
    assert!(
        said.starts_with("Player B drew the ") && said.contains(" of the box in row "),
        "{said}"
    );
    // And why: on 2 × 2 the Strong player searches the game to its end.
    assert!(
        said.contains("It searched the game to its end: no line does better."),
        "{said}"
    );
    click_line(&root, 2, 2, 0);
    assert!(
        text(&root, ".gl-status").contains("line 0 is already drawn"),
        "{}",
        text(&root, ".gl-status")
    );
    assert_eq!(moves(&root), before);
    // Undo takes back the computer's line and A's own: A to move on an empty board.
    click(&root, "undo");
    assert!(moves(&root).is_empty(), "{:?}", moves(&root));
    // Analysis: the empty 2 × 2 board is a win by 3-1 for A; outer lines win, inner ones draw.
    let analysis: HtmlInputElement = find(&root, "[data-field='analysis']").unchecked_into();
    analysis.set_checked(true);
    fire(&analysis, "change");
    wait_for(&root, "the analysis", |r| {
        find(r, ".gl-verdict")
            .get_attribute("data-analysis")
            .as_deref()
            == Some("solved")
    })
    .await;
    let verdict = text(&root, ".gl-verdict");
    assert!(verdict.contains("A wins 3–1"), "{verdict}");
    assert!(
        verdict.contains("For A to move (the final score, A first)"),
        "{verdict}"
    );
    assert!(
        verdict.contains("W wins: h 0 0 (3–1), h 0 1 (3–1), h 2 0 (3–1), h 2 1 (3–1), v 0 0 (3–1), v 0 2 (3–1), v 1 0 (3–1), v 1 2 (3–1)\n"),
        "{verdict}"
    );
    assert!(
        verdict.contains("D draws: h 1 0 (2–2), h 1 1 (2–2), v 0 1 (2–2), v 1 1 (2–2)\n"),
        "{verdict}"
    );
    assert!(verdict.contains("L loses: none"), "{verdict}");
    analysis.set_checked(false);
    fire(&analysis, "change");
    // Play to the end, always the first undrawn line.
    for _ in 0..12 {
        wait_for(&root, "A's turn", humans_turn).await;
        if root.get_attribute("data-state").as_deref() == Some("over") {
            break;
        }
        let line = drawn(&root).iter().position(|d| !d).unwrap();
        click_line(&root, 2, 2, line);
    }
    wait_for(&root, "the end", |r| {
        r.get_attribute("data-state").as_deref() == Some("over")
    })
    .await;
    let status = text(&root, ".gl-status");
    assert!(status.contains("Game over"), "{status}");
    let scores = text(&root, ".gl-scores");
    let numbers: Vec<u32> = scores
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|n| n.parse().ok())
        .collect();
    assert_eq!(numbers.iter().sum::<u32>(), 4, "{scores}");
    assert_eq!(moves(&root).len(), 12);
}

#[wasm_bindgen_test]
async fn hotseat_by_keyboard_on_1x1() {
    let root = web::mount(
        "dots-and-boxes",
        &[
            ("data-rows", "1"),
            ("data-cols", "1"),
            ("data-seats", "human,human"),
        ],
    );
    // Line 0 (top), Down → 2 (left), Right → 3 (right), Down → 1 (bottom).
    key(&root, "Enter");
    key(&root, "ArrowDown");
    key(&root, "Enter");
    key(&root, "ArrowRight");
    key(&root, "Enter");
    key(&root, "ArrowDown");
    key(&root, "Enter");
    assert_eq!(
        moves(&root),
        vec![
            "1. A: h 0 0 (line 0)",
            "2. B: v 0 0 (line 2)",
            "3. A: v 0 1 (line 3)",
            "4. B: h 1 0 (line 1) +1 box"
        ]
    );
    assert_eq!(text(&root, ".gl-scores"), "A 0 – B 1");
    assert!(
        text(&root, ".gl-status").contains("B wins 1–0"),
        "{}",
        text(&root, ".gl-status")
    );
    click(&root, "undo");
    assert!(text(&root, ".gl-status").contains("Player B to move"));
    click(&root, "redo");
    assert_eq!(text(&root, ".gl-scores"), "A 0 – B 1");
}

/// A graded game (goal=win, no platform around the page): nothing is taken back, the analysis
/// is refused, the end is counted for the one person, and New game starts the next game.
#[wasm_bindgen_test]
async fn a_graded_game_is_played_to_its_end_as_set() {
    let root = web::mount(
        "dots-and-boxes",
        &[
            ("data-rows", "1"),
            ("data-cols", "1"),
            ("data-seats", "easy,human"),
            ("data-think-ms", "100"),
            ("data-goal", "win"),
            ("data-games", "2"),
            ("data-pass", "1"),
        ],
    );
    let status = || text(&root, ".gl-status");
    assert!(
        status().contains("Graded: 0 of 2 games played, 0 won; passing takes 1 win."),
        "{}",
        status()
    );
    assert!(status().contains("no result is recorded"), "{}", status());
    let b_to_move = |r: &HtmlElement| text(r, ".gl-status").contains("Player B to move");
    wait_for(&root, "the computer's first line", b_to_move).await;
    let undo: HtmlButtonElement = find(&root, "button[data-action='undo']").unchecked_into();
    assert!(undo.disabled());
    let restart: HtmlButtonElement = find(&root, "button[data-action='restart']").unchecked_into();
    assert!(restart.disabled());
    let analysis: HtmlInputElement = find(&root, "[data-field='analysis']").unchecked_into();
    analysis.set_checked(true);
    fire(&analysis, "change");
    assert!(
        status().contains("without hints, analysis or imported games"),
        "{}",
        status()
    );
    assert!(!analysis.checked());
    click(&root, "new-game");
    assert!(status().contains("Finish this game first"), "{}", status());
    // B (the person) draws lines 2 and 4 of the 1 × 1 board, the last one a box: a win. A line
    // by the keyboard: Enter, and when the line under the cursor is drawn, the next.
    for turn in 0..2 {
        wait_for(&root, "the person's turn", b_to_move).await;
        let before = moves(&root).len();
        for k in [
            "ArrowDown",
            "ArrowRight",
            "ArrowDown",
            "ArrowLeft",
            "ArrowUp",
        ]
        .iter()
        .cycle()
        .take(20)
        {
            key(&root, "Enter");
            if moves(&root).len() > before {
                break;
            }
            key(&root, k);
        }
        assert!(moves(&root).len() > before, "turn {turn}: no line drawn");
    }
    wait_for(&root, "the end", |r| {
        r.get_attribute("data-state").as_deref() == Some("over")
    })
    .await;
    assert!(
        status().contains("Graded: 1 of 2 games played, 1 won; passing takes 1 win. Passed."),
        "{}",
        status()
    );
    // New game: the activity's next, on the same board.
    click(&root, "new-game");
    assert!(moves(&root).is_empty());
    assert!(status().contains("1 of 2 games played"), "{}", status());
    root.remove();
}

#[wasm_bindgen_test]
async fn import_export_and_the_share_link() {
    let root = web::mount(
        "dots-and-boxes",
        &[
            ("data-rows", "2"),
            ("data-cols", "2"),
            ("data-seats", "human,human"),
        ],
    );
    click_line(&root, 2, 2, 0);
    click_line(&root, 2, 2, 2);
    let area: HtmlTextAreaElement = find(&root, "textarea").unchecked_into();
    area.set_value("{\"rows\": 2, \"cols\": 2, \"moves\": [0, 0]}");
    click(&root, "import");
    assert!(
        text(&root, ".gl-status").contains("Nothing was imported: move 2 (0) is illegal"),
        "{}",
        text(&root, ".gl-status")
    );
    assert_eq!(moves(&root).len(), 2, "the game is unchanged");
    click(&root, "export");
    assert_eq!(
        area.value(),
        "{\"cols\":2,\"dbn\":\"101000000000\",\"moves\":[0,2],\"rows\":2}"
    );
    area.set_value("{\"rows\": 3, \"cols\": 1, \"moves\": [0, 1, 5]}");
    click(&root, "import");
    assert_eq!(moves(&root).len(), 3);
    assert_eq!(
        find(&root, "[data-field='rows']")
            .unchecked_into::<HtmlInputElement>()
            .value(),
        "3"
    );
    click(&root, "share");
    let hash = web_sys::window().unwrap().location().hash().unwrap();
    // The whole game: the setup (the seats), then the moves.
    assert!(
        hash.contains("dots=seats=") && hash.ends_with("|3x1/0.1.5"),
        "{hash}"
    );
    let preset: HtmlSelectElement = find(&root, "[data-field='preset']").unchecked_into();
    assert_eq!(preset.value(), "", "3 × 1 is no preset: custom");
    let three: HtmlSelectElement = find(
        &web::mount(
            "dots-and-boxes",
            &[("id", "three"), ("data-rows", "3"), ("data-cols", "3")],
        ),
        "[data-field='preset']",
    )
    .unchecked_into();
    assert_eq!(three.value(), "3x3", "a 3 × 3 board names its preset");
    let reopened = web::mount("dots-and-boxes", &[("data-seats", "human,human")]);
    assert_eq!(moves(&reopened), moves(&root));
    // Two boards with ids keep their own entries in the address.
    let first = web::mount(
        "dots-and-boxes",
        &[
            ("id", "first"),
            ("data-seats", "human,human"),
            ("data-rows", "1"),
            ("data-cols", "1"),
        ],
    );
    let second = web::mount(
        "dots-and-boxes",
        &[
            ("id", "second"),
            ("data-seats", "human,human"),
            ("data-rows", "2"),
            ("data-cols", "1"),
        ],
    );
    click(&first, "share");
    click(&second, "share");
    let hash = web_sys::window().unwrap().location().hash().unwrap();
    assert!(
        hash.contains("dots-first=seats=human,human|1x1/")
            && hash.contains("dots-second=seats=human,human|2x1/")
            && hash.contains("|3x1/0.1.5"),
        "{hash}"
    );
    let first_again = web::mount("dots-and-boxes", &[("id", "first")]);
    assert_eq!(
        find(&first_again, "[data-field='rows']")
            .unchecked_into::<HtmlInputElement>()
            .value(),
        "1"
    );
    web_sys::window().unwrap().location().set_hash("").unwrap();
}

#[wasm_bindgen_test]
async fn the_computer_thinks_in_slices_and_shows_it() {
    web_sys::window().unwrap().location().set_hash("").unwrap();
    // 3 × 4 from the start: Strong searches exactly for its whole time budget (1.5 s).
    let root = web::mount(
        "dots-and-boxes",
        &[
            ("data-rows", "3"),
            ("data-cols", "4"),
            ("data-seats", "strong,human"),
        ],
    );
    assert_eq!(
        root.get_attribute("data-state").as_deref(),
        Some("thinking")
    );
    // A timer set now fires while the computer still thinks: the page is not frozen.
    let fired = std::rc::Rc::new(std::cell::Cell::new(false));
    let flag = fired.clone();
    let closure = wasm_bindgen::closure::Closure::once_into_js(move || flag.set(true));
    web_sys::window()
        .unwrap()
        .set_timeout_with_callback_and_timeout_and_arguments_0(closure.unchecked_ref(), 5)
        .unwrap();
    sleep(100).await;
    assert!(fired.get(), "the timer fired");
    assert!(
        moves(&root).is_empty(),
        "still thinking: {:?}",
        moves(&root)
    );
    assert!(
        text(&root, ".gl-status").contains("Player A (computer: Strong) is thinking"),
        "{}",
        text(&root, ".gl-status")
    );
    for _ in 0..1000 {
        if !moves(&root).is_empty() {
            break;
        }
        sleep(10).await;
    }
    assert!(moves(&root)[0].starts_with("1. A: "), "{:?}", moves(&root));
    assert_eq!(root.get_attribute("data-state").as_deref(), Some("playing"));
}

/// The time per move is a real clock: Strong against Strong at 600 ms a move, in the part of a
/// 4 × 4 game where it searches exactly, never thinks much longer than that (the pause between
/// computer moves, 250 ms, and a slice aside). Counted in nodes, such a move took seconds.
#[wasm_bindgen_test]
async fn strong_keeps_to_the_time_per_move() {
    // Fourteen lines already drawn (the outer frame's top and bottom rows): the exact range.
    web_sys::window()
        .unwrap()
        .location()
        .set_hash("dots-clock=4x4/0.1.2.3.16.17.18.19.20.24.25.29.30.34")
        .unwrap();
    let root = web::mount(
        "dots-and-boxes",
        &[("id", "clock"), ("data-seats", "strong,strong")],
    );
    web_sys::window().unwrap().location().set_hash("").unwrap();
    let think: HtmlInputElement = find(&root, "[data-field='think-ms']").unchecked_into();
    think.set_value("600");
    web::fire(&think, "change");
    let (last_count, longest, _) = web::watch_moves(&root, 6000.0, |n| n >= 40).await;
    assert!(last_count >= 18, "{last_count} moves in 6 s");
    // Not a speed test: a frozen clock would show seconds.
    assert!(
        longest < 600.0 + 250.0 + 400.0,
        "a move took {longest:.0} ms against 600 ms"
    );
}
