//! Chain Reaction's exact solver in the page, in headless Chromium: the analysis marks every
//! cell with its value (checked against the engine's solver run here), Hint rings a best move,
//! the perfect seat wins a won game and says why, and past the solver the page says it cannot.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlElement;

wasm_bindgen_test_configure!(run_in_browser);

mod web;

use gamelab::engine::chain_reaction::solve::{solve, Solver, Value};
use gamelab::engine::chain_reaction::{Game, Settings};
use gamelab::engine::stop::Stop;
use web::{click, find, sleep};

fn status(root: &HtmlElement) -> String {
    find(root, ".gl-status").text_content().unwrap_or_default()
}

fn verdict(root: &HtmlElement) -> HtmlElement {
    find(root, ".gl-verdict")
}

/// Waits (at most `ms` of page time) until `done` holds.
async fn until(ms: i32, done: impl Fn() -> bool) -> bool {
    for _ in 0..ms / 20 {
        if done() {
            return true;
        }
        sleep(20).await;
    }
    done()
}

fn place(cols: usize, cell: usize) -> String {
    format!("row {}, column {}", cell / cols + 1, cell % cols + 1)
}

fn instant(root: &HtmlElement) {
    let speed: web_sys::HtmlSelectElement = find(root, "[data-field='speed']").unchecked_into();
    speed.set_value("0");
    web::fire(&speed, "change");
}

#[wasm_bindgen_test]
async fn the_analysis_gives_every_cell_its_value_and_a_hint_rings_a_best_move() {
    let root = web::mount(
        "chain-reaction",
        &[
            ("data-rows", "2"),
            ("data-cols", "3"),
            ("data-analysis", "on"),
        ],
    );
    let panel = verdict(&root);
    assert!(
        until(5000, || panel.get_attribute("data-analysis").as_deref()
            == Some("solved"))
        .await,
        "{:?}",
        panel.text_content()
    );
    let text = panel.text_content().unwrap();
    // The engine's own values for every first move, worked out here.
    let settings = Settings::new(2, 3, 2).unwrap();
    let game = Game::new(settings);
    let mut solver = Solver::new(settings, 18).unwrap();
    let values = solver.values(&game, u64::MAX, &Stop::never()).unwrap();
    let best = solve(&game, u64::MAX, &Stop::never()).unwrap();
    let Value::Win { plies } = best.value else {
        panic!("2 × 3 is a first player's win");
    };
    assert!(
        text.starts_with(&format!(
            "Perfect play from here: A wins, the last move {plies} plies away."
        )),
        "{text}"
    );
    for (cell, value) in values {
        let line = format!(
            "{} in {}",
            if value.is_win() { 'W' } else { 'L' },
            value.plies()
        );
        let listed = text
            .lines()
            .find(|l| l.starts_with(&format!("{line}:")) || l.starts_with(&format!("{line} ★")))
            .unwrap_or_else(|| panic!("no line {line} in {text}"));
        assert!(
            listed.contains(&place(3, cell)),
            "{cell} under {line} in {text}"
        );
    }
    // A hint: a best move, in words, ringed on the board.
    click(&root, "hint");
    assert!(
        until(3000, || status(&root).starts_with("Hint: ")).await,
        "{}",
        status(&root)
    );
    let said = status(&root);
    assert!(
        best.best.iter().any(|&c| said.contains(&place(3, c))),
        "{said} (best: {:?})",
        best.best
    );
    assert!(said.contains(&format!("wins in {plies} plies")), "{said}");
    // Switched off, the panel is empty; a graded game would refuse it (BoardGame).
    let switch: web_sys::HtmlInputElement = find(&root, "[data-field='analysis']").unchecked_into();
    switch.set_checked(false);
    web::fire(&switch, "change");
    assert_eq!(panel.text_content().unwrap_or_default(), "");
}

/// The perfect seat, first on 3 × 3 (a first player's win), against random replies: it wins,
/// and after each move says why and what it proved.
#[wasm_bindgen_test]
async fn the_perfect_seat_wins_a_won_game_and_says_why() {
    let root = web::mount(
        "chain-reaction",
        &[
            ("data-rows", "3"),
            ("data-cols", "3"),
            ("data-seats", "perfect,random"),
            ("data-think-ms", "50"),
        ],
    );
    instant(&root);
    let mut heard_why = false;
    let over = || root.get_attribute("data-state").as_deref() == Some("over");
    for _ in 0..600 {
        let now = status(&root);
        if now.starts_with("A placed an orb") && now.contains("With best play it wins in") {
            heard_why = true;
        }
        if over() {
            break;
        }
        sleep(10).await;
    }
    assert!(over(), "{}", status(&root));
    assert!(status(&root).contains("Player A wins"), "{}", status(&root));
    assert!(heard_why, "the perfect seat never said what it proved");
}

#[wasm_bindgen_test]
async fn past_the_solver_the_analysis_says_it_cannot_and_the_hint_is_unproved() {
    let root = web::mount("chain-reaction", &[("data-analysis", "on")]);
    let panel = verdict(&root);
    assert!(
        until(2000, || panel.get_attribute("data-analysis").as_deref()
            == Some("beyond"))
        .await
    );
    let text = panel.text_content().unwrap();
    assert!(
        text.contains("cannot say") && text.contains("at most 21 cells"),
        "{text}"
    );
    click(&root, "hint");
    assert!(
        until(8000, || status(&root).starts_with("Hint: ")).await,
        "{}",
        status(&root)
    );
    assert!(status(&root).contains("not proved"), "{}", status(&root));
}
