//! The site's Content-Security-Policy (the meta tag of `index.html`) applied to a test page:
//! every game mounts, a JavaScript player plays a whole Bazaar game in its sandboxed frame, and
//! nothing breaks the policy. Its own file, since a policy cannot be taken back.
#![cfg(target_arch = "wasm32")]

use std::cell::Cell;
use std::rc::Rc;

use gamelab::ui::widgets::worker::{FRAME_SCRIPT, FRAME_SCRIPT_HASH};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlElement;

wasm_bindgen_test_configure!(run_in_browser);

mod web;

use web::{click, document, sleep};

const INDEX: &str = include_str!("../index.html");
const EMBED: &str = include_str!("../www/embed.html");

/// The policy a page declares in its meta tag.
fn policy_of(page: &str) -> String {
    let at = page
        .find("http-equiv=\"Content-Security-Policy\"")
        .expect("the page declares a policy");
    let content = &page[at..];
    let start = content
        .find("content=\"")
        .expect("the policy has a content")
        + "content=\"".len();
    let end = content[start..].find('"').expect("the content ends");
    content[start..start + end].to_string()
}

async fn sha256_base64(text: &str) -> String {
    let subtle = web_sys::window().unwrap().crypto().unwrap().subtle();
    let bytes = text.as_bytes().to_vec();
    let promise = subtle
        .digest_with_str_and_u8_array("SHA-256", &bytes)
        .unwrap();
    let digest = wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
    let array = js_sys::Uint8Array::new(&digest).to_vec();
    let binary: String = array.iter().map(|&b| b as char).collect();
    web_sys::window().unwrap().btoa(&binary).unwrap()
}

#[wasm_bindgen_test]
async fn the_site_policy_allows_what_the_games_use_and_nothing_breaks_it() {
    // The players' frame script is what both pages allow, by its real hash.
    assert_eq!(
        FRAME_SCRIPT_HASH,
        format!("'sha256-{}'", sha256_base64(FRAME_SCRIPT).await)
    );
    let policy = policy_of(INDEX);
    assert!(
        policy.contains(FRAME_SCRIPT_HASH) && policy_of(EMBED).contains(FRAME_SCRIPT_HASH),
        "{policy}"
    );
    let scripts = policy
        .split(';')
        .find(|d| d.trim().starts_with("script-src"))
        .unwrap_or_default();
    assert!(
        !scripts
            .split_whitespace()
            .any(|t| t == "'unsafe-inline'" || t == "'unsafe-eval'"),
        "scripts only by file or hash: {scripts}"
    );

    // Violations are counted from here on.
    let violations = Rc::new(Cell::new(0u32));
    let counter = violations.clone();
    let on_violation = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
        counter.set(counter.get() + 1);
        web_sys::console::log_2(&"policy violation:".into(), &event);
    });
    document()
        .add_event_listener_with_callback(
            "securitypolicyviolation",
            on_violation.as_ref().unchecked_ref(),
        )
        .unwrap();
    on_violation.forget();
    let meta = document().create_element("meta").unwrap();
    meta.set_attribute("http-equiv", "Content-Security-Policy")
        .unwrap();
    meta.set_attribute("content", &policy).unwrap();
    document()
        .query_selector("head")
        .unwrap()
        .expect("a head")
        .append_child(&meta)
        .unwrap();

    // The policy is in force: an inline script is refused (and counted).
    let inline = document().create_element("script").unwrap();
    inline.set_text_content(Some("window.gamelabInlineRan = true;"));
    document().body().unwrap().append_child(&inline).unwrap();
    sleep(50).await;
    let ran =
        js_sys::Reflect::get(&web_sys::window().unwrap(), &"gamelabInlineRan".into()).unwrap();
    assert!(
        ran.is_undefined(),
        "an inline script ran under the site's policy"
    );
    assert_eq!(violations.get(), 1, "the refused inline script is reported");
    violations.set(0);

    // Every game of the registry (Bazaar's JavaScript seat is played below).
    for game in gamelab::games::GAMES.iter().map(|g| g.name) {
        // Glop starts its workers as it opens, and the test runner's wrapper of Worker (see
        // below) breaks the policy where the site's pages do not: here it computes in the page.
        let options: &[(&str, &str)] = if game == "sprouts" {
            &[("data-workers", "0")]
        } else {
            &[]
        };
        let root = web::mount(game, options);
        assert_eq!(
            root.get_attribute("data-gamelab-mounted").as_deref(),
            Some(game)
        );
    }
    // A JavaScript seat (the example player) against a strategy, to the end of the game.
    let root: HtmlElement = web::mount(
        "bazaar",
        &[
            ("data-seats", "javascript,purchase-points"),
            ("data-seed", "5"),
        ],
    );
    let speed: web_sys::HtmlSelectElement = root
        .query_selector("[data-field='speed']")
        .unwrap()
        .unwrap()
        .unchecked_into();
    speed.set_value("0");
    web::fire(&speed, "change");
    click(&root, "play");
    for _ in 0..1500 {
        if root.get_attribute("data-state").as_deref() == Some("over") {
            break;
        }
        sleep(10).await;
    }
    assert_eq!(root.get_attribute("data-state").as_deref(), Some("over"));
    let items = root.query_selector_all(".gl-history li").unwrap();
    let log: Vec<String> = (0..items.length())
        .map(|i| items.item(i).unwrap().text_content().unwrap())
        .collect();
    assert!(
        log.iter().any(|l| l.starts_with("Adam exchanges")
            || l.starts_with("Adam buys")
            || l.starts_with("Adam requests")),
        "{log:?}"
    );
    assert!(
        !log.iter().any(|l| l.starts_with("Adam is eliminated")),
        "{log:?}"
    );
    assert_eq!(
        violations.get(),
        0,
        "nothing the games do breaks the site's policy"
    );

    // Glop's workers under the site's policy are checked on the real pages (scripts/smoke.sh):
    // here the test runner wraps every Worker by reading its script with an XMLHttpRequest,
    // which the policy's connect-src refuses. A page where workers cannot start: Glop says so
    // and computes in the page instead.
    let strict = document().create_element("meta").unwrap();
    strict
        .set_attribute("http-equiv", "Content-Security-Policy")
        .unwrap();
    strict
        .set_attribute("content", "worker-src 'none'")
        .unwrap();
    document()
        .query_selector("head")
        .unwrap()
        .unwrap()
        .append_child(&strict)
        .unwrap();
    let glop = web::mount("sprouts", &[("data-spots", "7"), ("data-workers", "2")]);
    click(&glop, "compute");
    wait_done(&glop).await;
    let status = glop
        .query_selector(".gl-tab-panel[data-tab='compute'] .gl-status")
        .unwrap()
        .unwrap()
        .text_content()
        .unwrap_or_default();
    assert!(
        status.contains("Web Workers are not available here")
            && status.contains("loss (the first player loses)"),
        "{status}"
    );
}

async fn wait_done(root: &HtmlElement) {
    for _ in 0..2400 {
        if root.get_attribute("data-state").as_deref() == Some("done") {
            return;
        }
        sleep(25).await;
    }
    panic!("not done: {:?}", root.text_content());
}
