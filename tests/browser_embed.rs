//! The README's script snippet, verbatim, in a lecture page with hostile CSS: every game
//! mounts and keeps its own layout, the page keeps its own styles, games added later are
//! mounted, and a game taken out of the page stops its work.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement};

wasm_bindgen_test_configure!(run_in_browser);

mod web;

use web::{document, sleep};

const README: &str = include_str!("../README.md");

/// The script snippet: the `html` code block with a script in "Putting a game in a course".
fn readme_snippet() -> &'static str {
    let mut section = &README[README
        .find("## Putting a game in a course")
        .expect("the README has the section")..];
    loop {
        let start = section.find("```html\n").expect("an html block") + "```html\n".len();
        let end = start + section[start..].find("```").expect("the block ends");
        if section[start..end].contains("<script") {
            return &section[start..end];
        }
        section = &section[end + 3..];
    }
}

const HOSTILE_CSS: &str = "
* { box-sizing: border-box; margin: 0; padding: 0; }
ol, ul { list-style: none; }
table { border-collapse: collapse; border-spacing: 0; }
button { background: #cc0000; color: yellow; font-size: 28px; padding: 1em 2em; border: 0; border-radius: 0; }
body { background: #111111; color: #eeeeee; }
:root { color-scheme: dark; }
main.lecture { max-width: 700px; margin: 0 auto; }
canvas { border: 5px solid lime; width: 40px; }
";

fn style_of(element: &Element, property: &str) -> String {
    web_sys::window()
        .unwrap()
        .get_computed_style(element)
        .unwrap()
        .unwrap()
        .get_property_value(property)
        .unwrap()
}

fn rect(element: &Element) -> web_sys::DomRect {
    element.get_bounding_client_rect()
}

fn one(root: &Element, selector: &str) -> Element {
    root.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("no {selector}"))
}

#[wasm_bindgen_test]
async fn the_readme_snippet_works_in_a_hostile_lecture_page() {
    let style = document().create_element("style").unwrap();
    style.set_text_content(Some(HOSTILE_CSS));
    document()
        .query_selector("head")
        .unwrap()
        .unwrap()
        .append_child(&style)
        .unwrap();
    gamelab::ui::watch_for_new_games();
    let lecture: HtmlElement = document().create_element("main").unwrap().unchecked_into();
    lecture.set_class_name("lecture");
    lecture.set_inner_html(&format!(
        "<h1>Lecture 7: the numbers game</h1><p class='lecture-text'>Read this first.</p><button class='lecture-button'>Quiz</button>\
         <ul class='lecture-list'><li>one</li></ul>{}",
        readme_snippet()
    ));
    document().body().unwrap().append_child(&lecture).unwrap();
    // The module is already running (it is this test's): the page's new elements are mounted by
    // the watcher that init() starts, as on a course platform that adds content later.
    sleep(100).await;
    let games = lecture.query_selector_all("[data-gamelab]").unwrap();
    assert_eq!(games.length(), 3, "the snippet's three games");
    for i in 0..games.length() {
        let game: Element = games.item(i).unwrap().unchecked_into();
        assert!(
            game.has_attribute("data-gamelab-mounted"),
            "{} was mounted",
            game.outer_html().chars().take(80).collect::<String>()
        );
        assert_eq!(
            style_of(&game, "background-color"),
            "rgb(255, 255, 255)",
            "a game keeps its own background"
        );
        assert_eq!(
            style_of(&game, "color"),
            "rgb(29, 29, 31)",
            "and its own ink"
        );
    }
    let ade: Element = games.item(0).unwrap().unchecked_into();
    // The tracing area stands beside the graph, not under it.
    let (canvas, trace) = (one(&ade, ".gl-canvas"), one(&ade, ".gl-trace"));
    assert!(
        rect(&trace).left() >= rect(&canvas).right() - 1.0,
        "trace at {} beside canvas ending at {}",
        rect(&trace).left(),
        rect(&canvas).right()
    );
    assert!(
        rect(&canvas).width() > 200.0,
        "the graph keeps its size: {}",
        rect(&canvas).width()
    );
    // The buttons are the game's, not the page's.
    let fire = one(&ade, "button[data-action='fire']");
    assert_ne!(style_of(&fire, "background-color"), "rgb(204, 0, 0)");
    assert!(
        style_of(&fire, "font-size")
            .trim_end_matches("px")
            .parse::<f64>()
            .unwrap()
            < 20.0
    );
    // A dark page does not darken the game's controls (their text stays readable): the game
    // follows the reader's system (light here), not the page's colour scheme.
    let cap = one(&ade, "input[data-action='layer-cap']");
    assert_eq!(style_of(&cap, "color-scheme"), "light dark");
    assert_eq!(style_of(&cap, "background-color"), "rgb(255, 255, 255)");
    assert_eq!(style_of(&cap, "color"), "rgb(29, 29, 31)");
    // Hidden parts stay hidden (the reset must not undo the browser's [hidden] rule).
    assert_eq!(
        style_of(&one(&ade, ".gl-buttonbar[data-mode='editing']"), "display"),
        "none"
    );
    // The layer cap sits in its bar, on the row of the buttons, not under the status line.
    let (bar, cap) = (
        one(&ade, ".gl-buttonbar[data-mode='playing']"),
        one(&ade, "input[data-action='layer-cap']"),
    );
    assert!(
        rect(&cap).top() >= rect(&bar).top() && rect(&cap).bottom() <= rect(&bar).bottom() + 1.0
    );
    assert!(
        rect(&bar).top() >= rect(&one(&ade, ".gl-status")).bottom() - 1.0,
        "the bar is below the status line"
    );
    // The board keeps its frame and size.
    let dots: Element = games.item(2).unwrap().unchecked_into();
    let board = one(&dots, ".gl-canvas");
    assert!(
        rect(&board).width() > 150.0,
        "the board: {}",
        rect(&board).width()
    );
    assert_ne!(style_of(&board, "border-top-color"), "rgb(0, 255, 0)");
    assert_ne!(
        style_of(&dots, "border-top-style"),
        "none",
        "the game's frame"
    );
    // The page keeps its own styles.
    let page_button = one(&lecture, ".lecture-button");
    assert_eq!(style_of(&page_button, "background-color"), "rgb(204, 0, 0)");
    assert_eq!(style_of(&page_button, "font-size"), "28px");
    assert_eq!(
        style_of(&one(&lecture, ".lecture-text"), "color"),
        "rgb(238, 238, 238)"
    );
    assert_eq!(
        style_of(&one(&lecture, ".lecture-list"), "list-style-type"),
        "none"
    );
    assert_eq!(
        document()
            .query_selector_all("style#gamelab-games")
            .unwrap()
            .length(),
        1,
        "the styles are added once"
    );

    // A game added later is mounted; a game taken out stops its work.
    let later = document().create_element("div").unwrap();
    later.set_attribute("data-gamelab", "bazaar").unwrap();
    later
        .set_attribute("data-seats", "javascript,purchase-points")
        .unwrap();
    later.set_attribute("data-autoplay", "on").unwrap();
    lecture.append_child(&later).unwrap();
    sleep(100).await;
    assert_eq!(
        later.get_attribute("data-gamelab-mounted").as_deref(),
        Some("bazaar")
    );
    later.remove();
    // A frame out of the page is unloaded at once; the game notices at its next step (at the
    // latest the call's time limit, 600 ms) and stops for good. A loaded machine may take
    // longer to get there: up to 3 s.
    sleep(900).await;
    for _ in 0..21 {
        if later.query_selector_all("iframe").unwrap().length() == 0 {
            break;
        }
        sleep(100).await;
    }
    let log_length = later.query_selector_all(".gl-history li").unwrap().length();
    assert_eq!(
        later.query_selector_all("iframe").unwrap().length(),
        0,
        "the player's frame is gone"
    );
    sleep(500).await;
    assert_eq!(
        later.query_selector_all(".gl-history li").unwrap().length(),
        log_length,
        "nothing goes on in a game taken out of the page"
    );
    lecture.remove();
    style.remove();
}

/// The data attributes of the `div` in a snippet.
fn snippet_attributes(snippet: &str) -> Vec<(String, String)> {
    let holder = document().create_element("div").unwrap();
    holder.set_inner_html(snippet);
    let div = holder
        .query_selector("div[data-gamelab]")
        .unwrap()
        .expect("the snippet has the game's element");
    let names = div.get_attribute_names();
    (0..names.length())
        .map(|i| names.get(i).as_string().unwrap())
        .map(|n| (n.clone(), div.get_attribute(&n).unwrap()))
        .collect()
}

#[wasm_bindgen_test]
async fn embed_this_gives_a_snippet_that_opens_the_game_as_it_is() {
    use web_sys::{HtmlInputElement, HtmlTextAreaElement};
    let open_snippet = |root: &HtmlElement| -> String {
        let details = one(root, "details.gl-embed");
        details.set_attribute("open", "").unwrap();
        details
            .dispatch_event(&web_sys::Event::new("toggle").unwrap())
            .unwrap();
        one(root, "[data-field='embed-snippet']")
            .unchecked_into::<HtmlTextAreaElement>()
            .value()
    };
    let remount = |snippet: &str| -> HtmlElement {
        let attributes = snippet_attributes(snippet);
        let game = attributes
            .iter()
            .find(|(n, _)| n == "data-gamelab")
            .unwrap()
            .1
            .clone();
        let rest: Vec<(&str, &str)> = attributes
            .iter()
            .filter(|(n, _)| n != "data-gamelab")
            .map(|(n, v)| (n.as_str(), v.as_str()))
            .collect();
        web::mount(&game, &rest)
    };
    // Dots and Boxes: a 2 × 4 board, easy against medium, analysis on.
    let dots = web::mount(
        "dots-and-boxes",
        &[
            ("data-offer-embed", "on"),
            ("data-rows", "2"),
            ("data-cols", "4"),
            ("data-seats", "easy,medium"),
        ],
    );
    let analysis: HtmlInputElement = one(&dots, "[data-field='analysis']").unchecked_into();
    analysis.set_checked(true);
    web::fire(&analysis, "change");
    let snippet = open_snippet(&dots);
    assert!(
        snippet.contains("import init from \"./dist/games/dots-and-boxes.js\""),
        "{snippet}"
    );
    assert!(
        snippet.contains(
            "data-rows=\"2\" data-cols=\"4\" data-seats=\"easy,medium\" data-analysis=\"on\""
        ),
        "{snippet}"
    );
    let again = remount(&snippet);
    assert_eq!(
        one(&again, "[data-field='rows']")
            .unchecked_into::<HtmlInputElement>()
            .value(),
        "2"
    );
    // The frame and the link open the play page with the same options.
    let frame = one(&dots, "[data-field='embed-frame']")
        .unchecked_into::<HtmlTextAreaElement>()
        .value();
    let link = one(&dots, "[data-field='embed-link']")
        .unchecked_into::<HtmlTextAreaElement>()
        .value();
    let holder = document().create_element("div").unwrap();
    holder.set_inner_html(&frame);
    let iframe = one(&holder, "iframe");
    let src = iframe.get_attribute("src").unwrap();
    assert_eq!(src, link, "the frame shows what the link opens");
    assert!(
        src.starts_with("http") && src.contains("/play.html?game=dots-and-boxes&"),
        "{src}"
    );
    assert_eq!(
        iframe.get_attribute("title").unwrap(),
        "Dots and Boxes (gamelab)"
    );
    // It takes its column's width (the play page centres the game in a wide one) and the
    // height the game needs at its best width.
    assert_eq!(iframe.get_attribute("width").unwrap(), "100%");
    let height: u32 = iframe.get_attribute("height").unwrap().parse().unwrap();
    assert!(height > 300, "{height}");
    let request = gamelab::embedding::read_query(&src[src.find('?').unwrap()..]);
    assert!(request.problems.is_empty(), "{:?}", request.problems);
    assert_eq!(
        request.attributes,
        snippet_attributes(&snippet)
            .into_iter()
            .filter(|(n, _)| n != "data-gamelab")
            .collect::<Vec<_>>()
    );
    // Bazaar: its seats, seed, end bonus, time limit and draw (Embed this kept only the
    // seats and the seed once).
    let bazaar = web::mount(
        "bazaar",
        &[
            ("data-offer-embed", "on"),
            (
                "data-seats",
                "purchase-size,cheat:bank-cannot-trade,human,loop:request-cards:3",
            ),
            ("data-seed", "42"),
            ("data-bonus", "SEY"),
            ("data-limit-ms", "900"),
            ("data-random-draw", "on"),
            ("data-theme", "dark"),
        ],
    );
    let snippet = open_snippet(&bazaar);
    assert!(
        snippet.contains(
            "data-seats=\"purchase-size,cheat:bank-cannot-trade,human,loop:request-cards:3\" data-seed=\"42\" data-bonus=\"SEY\" data-limit-ms=\"900\" data-random-draw=\"on\" data-theme=\"dark\""
        ),
        "{snippet}"
    );
    // Glop: a free position and the nimber.
    let glop = web::mount(
        "sprouts",
        &[
            ("data-offer-embed", "on"),
            ("data-position", "0*4.A|0*4.A+0*3"),
            ("data-goal", "nimber"),
        ],
    );
    let snippet = open_snippet(&glop);
    assert!(
        snippet.contains("data-position=\"0*4.A|0*4.A+0*3\" data-goal=\"nimber\""),
        "{snippet}"
    );
    // ADE: a played position comes back with its layers.
    let ade = web::mount(
        "ade",
        &[
            ("data-offer-embed", "on"),
            ("data-graph", "E8"),
            ("data-mode", "playing"),
        ],
    );
    one(&ade, "button[data-action='fire']")
        .unchecked_into::<HtmlElement>()
        .click();
    one(&ade, "button[data-action='fire']")
        .unchecked_into::<HtmlElement>()
        .click();
    let snippet = open_snippet(&ade);
    assert!(snippet.contains("data-graph=\"E8\" data-values=\"0,1,0,0,0,0,0,0\" data-mode=\"playing\" data-layers=\"2\""), "{snippet}");
    // Chain Reaction: players and their levels.
    let chain = web::mount(
        "chain-reaction",
        &[
            ("data-offer-embed", "on"),
            ("data-rows", "5"),
            ("data-cols", "5"),
            ("data-players", "3"),
            ("data-seats", "human,greedy,mcts-200"),
        ],
    );
    let snippet = open_snippet(&chain);
    assert!(snippet.contains("data-rows=\"5\" data-cols=\"5\" data-players=\"3\" data-seats=\"human,greedy,mcts-200\""), "{snippet}");
    // Games without the attribute offer nothing.
    let plain = web::mount("dots-and-boxes", &[]);
    assert!(plain.query_selector("details.gl-embed").unwrap().is_none());
}

/// Every game in a 400 px wide column (a phone) stays within it: nothing sticks out sideways.
#[wasm_bindgen_test]
async fn every_game_fits_a_400_px_column() {
    for game in [
        "ade",
        "sprouts",
        "chain-reaction",
        "dots-and-boxes",
        "bazaar",
    ] {
        let column: HtmlElement = web::document()
            .create_element("div")
            .unwrap()
            .unchecked_into();
        column.style().set_property("width", "400px").unwrap();
        web::document()
            .body()
            .unwrap()
            .append_child(&column)
            .unwrap();
        let root: HtmlElement = web::document()
            .create_element("div")
            .unwrap()
            .unchecked_into();
        root.set_attribute("data-gamelab", game).unwrap();
        column.append_child(&root).unwrap();
        gamelab::ui::mount(&root);
        web::sleep(50).await;
        let right = root.get_bounding_client_rect().right();
        let all = root.query_selector_all("*").unwrap();
        let sticking_out: Vec<String> = (0..all.length())
            .filter_map(|i| all.item(i)?.dyn_into::<Element>().ok())
            .filter(|e| e.get_bounding_client_rect().right() > right + 1.0)
            .map(|e| format!("{}.{}", e.tag_name(), e.class_name()))
            .take(6)
            .collect();
        assert!(
            root.scroll_width() <= root.client_width() + 1,
            "{game}: {} px of content in {} px: {sticking_out:?}",
            root.scroll_width(),
            root.client_width()
        );
        column.remove();
    }
}

/// The play page: the game and its options come from the address, what is not used is named,
/// and its "Embed this" points at the play page itself.
#[wasm_bindgen_test]
async fn the_play_page_sets_up_its_game_from_the_address() {
    use web_sys::{HtmlInputElement, HtmlTextAreaElement};
    let window = web_sys::window().unwrap();
    let history = window.history().unwrap();
    let before = window.location().href().unwrap();
    history
        .replace_state_with_url(
            &wasm_bindgen::JsValue::NULL,
            "",
            Some("?game=dots-and-boxes&rows=2&cols=4&seats=human,easy&colour=red&rows=4"),
        )
        .unwrap();
    let stage: HtmlElement = document().create_element("main").unwrap().unchecked_into();
    stage.set_attribute("data-gamelab-play", "").unwrap();
    document().body().unwrap().append_child(&stage).unwrap();
    gamelab::ui::play::set_up();
    history
        .replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&before))
        .unwrap();
    let game: HtmlElement = one(&stage, "[data-gamelab='dots-and-boxes']").unchecked_into();
    assert_eq!(
        game.get_attribute("data-gamelab-mounted").as_deref(),
        Some("dots-and-boxes")
    );
    let field = |name: &str| {
        one(&game, &format!("[data-field='{name}']"))
            .unchecked_into::<HtmlInputElement>()
            .value()
    };
    assert_eq!(
        (field("rows"), field("cols")),
        ("4".to_string(), "4".to_string())
    );
    let note = one(&game, ".gl-attribute-note").text_content().unwrap();
    assert!(
        note.contains("colour=\"red\": Dots and Boxes has no option colour"),
        "{note}"
    );
    assert!(
        note.contains("rows is given twice; using the last, \"4\""),
        "{note}"
    );
    // Set up once: a second call leaves the stage as it is.
    gamelab::ui::play::set_up();
    assert_eq!(
        stage.query_selector_all("[data-gamelab]").unwrap().length(),
        1
    );
    let details = one(&game, "details.gl-embed");
    details.set_attribute("open", "").unwrap();
    details
        .dispatch_event(&web_sys::Event::new("toggle").unwrap())
        .unwrap();
    let link = one(&game, "[data-field='embed-link']")
        .unchecked_into::<HtmlTextAreaElement>()
        .value();
    assert!(
        link.ends_with("play.html?game=dots-and-boxes&rows=4&cols=4&seats=human,easy"),
        "{link}"
    );
    stage.remove();
}

/// Embed this's SCORM form: the goals of the game's view (none for Glop's analysis), wins to
/// pass kept within the games, a goal the settings cannot grade said in words, Stop, and site
/// files that cannot be fetched (the test server has no site) said, with nothing offered.
/// tests/course/scorm.mjs makes packages here from the built site and compares them, byte for
/// byte, with scripts/scorm.sh's.
#[wasm_bindgen_test]
async fn embed_this_makes_a_scorm_package_of_a_game_to_play() {
    use gamelab::ui::widgets::download;
    use web_sys::{HtmlInputElement, HtmlSelectElement};
    let open = |root: &HtmlElement| {
        let details = one(root, "details.gl-embed");
        details.set_attribute("open", "").unwrap();
        details
            .dispatch_event(&web_sys::Event::new("toggle").unwrap())
            .unwrap();
    };
    let field = |root: &HtmlElement, name: &str| one(root, &format!("[data-field='{name}']"));
    let status = |root: &HtmlElement| {
        let status = field(root, "package-status");
        (
            status.get_attribute("data-state").unwrap_or_default(),
            status.text_content().unwrap_or_default(),
        )
    };
    let hidden = |element: Element| element.unchecked_into::<HtmlElement>().hidden();

    // Glop's analysis computes: no activity, and the form says why.
    let glop = web::mount("sprouts", &[("data-offer-embed", "on")]);
    open(&glop);
    assert!(hidden(one(&glop, ".gl-package-fields")));
    let note = one(&glop, ".gl-package-note").text_content().unwrap();
    assert!(note.contains("no graded activity"), "{note}");
    glop.remove();

    // Sprouts to play: no goal or a win; the goal first offered is the win.
    let sprouts = web::mount(
        "sprouts",
        &[("data-offer-embed", "on"), ("data-view", "play")],
    );
    open(&sprouts);
    assert!(!hidden(one(&sprouts, ".gl-package-fields")));
    let goal: HtmlSelectElement = field(&sprouts, "package-goal").unchecked_into();
    let goals: Vec<String> = (0..goal.length())
        .map(|i| goal.item(i).unwrap().get_attribute("value").unwrap())
        .collect();
    assert_eq!(goals, ["none", "win"]);
    assert_eq!(goal.value(), "win");
    let games: HtmlInputElement = field(&sprouts, "package-games").unchecked_into();
    let pass: HtmlInputElement = field(&sprouts, "package-pass").unchecked_into();
    games.set_value("5");
    web::fire(&games, "input");
    assert_eq!((pass.max(), pass.value()), ("5".into(), "5".into()));
    games.set_value("3");
    web::fire(&games, "input");
    assert_eq!((pass.max(), pass.value()), ("3".into(), "3".into()));
    // Without a goal to win there are no games to count.
    goal.set_value("none");
    web::fire(&goal, "change");
    assert!(hidden(games.parent_element().unwrap()));
    sprouts.remove();

    // Two people at one board: a win is no one student's, and the package is refused.
    let hotseat = web::mount(
        "dots-and-boxes",
        &[("data-offer-embed", "on"), ("data-seats", "human,human")],
    );
    open(&hotseat);
    field(&hotseat, "package-download")
        .unchecked_into::<HtmlElement>()
        .click();
    let (state, words) = status(&hotseat);
    assert_eq!(state, "refused", "{words}");
    assert!(words.contains("exactly one student's seat"), "{words}");
    hotseat.remove();

    // One person against the computer: the package is planned and its files fetched. Stopped
    // at once, it stays stopped; let run, the test server has no site, and it says so.
    let dots = web::mount(
        "dots-and-boxes",
        &[("data-offer-embed", "on"), ("data-seats", "human,easy")],
    );
    open(&dots);
    let before = download::last_offered();
    let button: HtmlElement = field(&dots, "package-download").unchecked_into();
    button.click();
    assert_eq!(status(&dots).0, "fetching");
    assert_eq!(button.text_content().unwrap(), "Stop making the package");
    button.click();
    assert_eq!(status(&dots).0, "stopped");
    sleep(300).await;
    assert_eq!(status(&dots).0, "stopped", "the stopped run said more");
    button.click();
    for _ in 0..100 {
        if status(&dots).0 != "fetching" {
            break;
        }
        sleep(50).await;
    }
    let (state, words) = status(&dots);
    assert_eq!(state, "stopped", "{words}");
    assert!(
        words.starts_with("No package: ") && words.contains("play.html"),
        "{words}"
    );
    assert_eq!(button.text_content().unwrap(), "Download the package");
    assert_eq!(download::last_offered(), before, "a package was offered");
    dots.remove();
}
