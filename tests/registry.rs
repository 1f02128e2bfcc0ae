//! The one registry of games (src/games.rs) is what everything else reads: this walks the places
//! that cannot call it (Cargo's features, the site's pages, the docs, the scripts' copy) and
//! checks each against it. `GAMELAB_BLESS=1 cargo test --test registry` rewrites the options
//! tables in docs/courses.md from the registry.
#![cfg(not(target_arch = "wasm32"))]

use gamelab::games::{self, GAMES};

fn read(path: &str) -> String {
    let root = env!("CARGO_MANIFEST_DIR");
    std::fs::read_to_string(format!("{root}/{path}")).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn the_scripts_copy_is_the_registry() {
    // The site build, the play page and the browser runs read it.
    assert_eq!(
        read("www/games.json"),
        games::json(),
        "www/games.json is stale: gamelab games --json > www/games.json"
    );
    for script in [
        "scripts/build_games.sh",
        "www/play.js",
        "tests/course/smoke.mjs",
        "tests/course/platforms.mjs",
    ] {
        let text = read(script);
        assert!(text.contains("games.json"), "{script} reads the registry");
        for game in GAMES {
            assert!(
                !text.contains(&format!("\"{}\"", game.title)),
                "{script} writes {}'s title itself",
                game.name
            );
        }
    }
}

#[test]
fn every_game_has_its_feature_page_docs_and_command() {
    let cargo = read("Cargo.toml");
    let all: Vec<String> = GAMES.iter().map(|g| format!("\"{}\"", g.name)).collect();
    assert!(
        cargo.contains(&format!("all-games = [{}]", all.join(", "))),
        "Cargo.toml's all-games lists the registry's games in its order"
    );
    let gallery = read("index.html");
    for game in GAMES {
        assert!(
            cargo.contains(&format!("\n{} = []", game.name)),
            "{}'s feature",
            game.name
        );
        assert!(
            gallery.contains(&format!("data-gamelab=\"{}\"", game.name)),
            "the gallery shows {}",
            game.name
        );
        assert!(!read(&format!("docs/{}", game.docs)).is_empty());
        let mut no_input = || Ok(String::new());
        let asked = [game.name.to_string(), "no-such-command".to_string()];
        let refused = match gamelab::cli::run(&asked, &mut no_input) {
            Err(failure) => failure.message().to_string(),
            Ok(_) => String::new(),
        };
        assert!(
            !refused.starts_with("unknown command"),
            "gamelab {} is a command: {refused}",
            game.name
        );
    }
}

const BEGIN: &str = "<!-- The options tables come from src/games.rs (tests/registry.rs checks them; GAMELAB_BLESS=1 rewrites them). -->\n";
const END: &str = "<!-- end of the options tables -->\n";

#[test]
fn the_teachers_options_tables_are_the_registry_s() {
    let path = format!("{}/docs/courses.md", env!("CARGO_MANIFEST_DIR"));
    let text = read("docs/courses.md");
    let (Some(start), Some(end)) = (text.find(BEGIN), text.find(END)) else {
        panic!("docs/courses.md has no generated options tables");
    };
    let generated = format!("{BEGIN}\n{}\n{END}", games::options_tables());
    let written = &text[start..end + END.len()];
    if std::env::var("GAMELAB_BLESS").is_ok_and(|v| v == "1") {
        let new = format!("{}{generated}{}", &text[..start], &text[end + END.len()..]);
        std::fs::write(&path, new).unwrap();
        return;
    }
    let differs = written
        .lines()
        .zip(generated.lines())
        .find(|(a, b)| a != b)
        .map(|(a, b)| format!("written:   {a}\nregistry: {b}"));
    assert!(
        written == generated,
        "docs/courses.md's options tables are stale (GAMELAB_BLESS=1 cargo test --test registry):\n{}",
        differs.unwrap_or_else(|| "a table was added or removed".into())
    );
}
