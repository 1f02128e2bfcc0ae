//! Putting a game in a course page, as text: the play page's address (`play.html?game=…`), the
//! iframe and script snippets that "Embed this" offers, and the reading of a play page's query
//! into a game and its options. Plain Rust, tested natively; `ui::play` and `ui::widgets::embed`
//! put it in the page.

use crate::games;

/// The longest play-page query read (a Sprouts position of thousands of spots fits).
pub const QUERY_LIMIT: usize = 65_536;

/// Whether `name` is one of gamelab's games.
pub fn is_game(name: &str) -> bool {
    games::game(name).is_some()
}

/// A game's readable name, for a frame's title.
/// A game's readable name in the view its attributes choose (`data-view`), for a frame's
/// title, the snippet's words and the play page's tab.
pub fn title(game: &str, attributes: &[(String, String)]) -> &'static str {
    let view = attributes
        .iter()
        .find(|(name, _)| name == "data-view")
        .map_or("", |(_, value)| value.as_str());
    games::game(game).map_or("a game", |g| g.title_in(view))
}

/// Escapes a value for an HTML attribute in double quotes.
fn escape(value: &str) -> String {
    value
        .replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The script module a course page imports for one game: its own module, so that the page
/// downloads only that game's code.
pub fn module_path(game: &str) -> String {
    format!("./dist/games/{game}.js")
}

/// The script snippet for one game with these data attributes (values escaped).
pub fn snippet(game: &str, attributes: &[(String, String)]) -> String {
    let options: String = attributes
        .iter()
        .map(|(name, value)| format!(" {name}=\"{}\"", escape(value)))
        .collect();
    let module = module_path(game);
    // What the element says until the game replaces it: if the page never runs the script
    // (a platform that strips it, a blocked module), the reader is told rather than shown nothing.
    let waiting = format!(
        "Loading {}… If this stays, the page did not run the game's script.",
        title(game, attributes)
    );
    format!(
        "<script type=\"module\">\n  import init from \"{module}\";\n  init();   // mounts every {game} element on the page, and any added later\n</script>\n<div data-gamelab=\"{game}\"{options}>{waiting}</div>\n"
    )
}

/// Percent-encodes a query value (letters, digits and `-_.~,` stay as they are: commas keep
/// seat lists readable).
fn encode(value: &str) -> String {
    let mut out = String::new();
    for byte in value.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b',' => {
                out.push(byte as char)
            }
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

/// Undoes `encode` (and a form's `+` for a space); a broken escape stays as it is written.
fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(h), Some(l)) => {
                    out.push((h * 16 + l) as u8);
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The play page's address for one game: `site` (the site's root, ending in `/`) then
/// `play.html?game=<game>&<option>=<value>…`, option names without their `data-`.
pub fn play_url(site: &str, game: &str, attributes: &[(String, String)]) -> String {
    let mut url = format!("{site}play.html?game={game}");
    for (name, value) in attributes {
        let name = name.strip_prefix("data-").unwrap_or(name);
        url.push_str(&format!("&{name}={}", encode(value)));
    }
    url
}

/// The play page's query for `attributes` without the game (`rows=3&cols=3`), as
/// `scripts/scorm.sh` takes it.
pub fn query(attributes: &[(String, String)]) -> String {
    let url = play_url("", "", attributes);
    url.strip_prefix("play.html?game=&")
        .unwrap_or_default()
        .to_string()
}

/// The iframe snippet: only attributes Canvas's allow-list keeps (no style, no data-*), a
/// title for screen readers, the full width of the course page's column (the play page centres
/// the game at its best width in a wider frame) and the height given.
pub fn iframe(url: &str, title: &str, height: u32) -> String {
    format!(
        "<iframe src=\"{}\" title=\"{title} (gamelab)\" width=\"100%\" height=\"{height}\" frameborder=\"0\" allowfullscreen></iframe>\n",
        escape(url),
    )
}

/// What a play page's query asks for.
#[derive(Debug, PartialEq, Eq)]
pub struct PlayRequest {
    /// The game, when the query names one gamelab has.
    pub game: Option<&'static str>,
    /// The game's data attributes (`data-rows`, …), in the query's order.
    pub attributes: Vec<(String, String)>,
    /// What was not used, one sentence each.
    pub problems: Vec<String>,
}

/// Reads a play page's query (`?game=dots-and-boxes&rows=3`, with or without the `?`): the
/// game, its options as data attributes, and a sentence for each part not used.
pub fn read_query(query: &str) -> PlayRequest {
    let mut request = PlayRequest {
        game: None,
        attributes: Vec::new(),
        problems: Vec::new(),
    };
    let mut query = query.strip_prefix('?').unwrap_or(query);
    if query.len() > QUERY_LIMIT {
        request.problems.push(format!(
            "the address's options are {} characters long, over the {QUERY_LIMIT} read; none were used.",
            query.len()
        ));
        query = "";
    }
    let pairs: Vec<(String, String)> = query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| match p.split_once('=') {
            Some((name, value)) => (decode(name), decode(value)),
            None => (decode(p), String::new()),
        })
        .collect();
    let named = pairs.iter().rev().find(|(n, _)| n == "game");
    let Some((_, asked)) = named else {
        request.problems.push(format!(
            "the address names no game (add game= and one of {}).",
            game_names()
        ));
        return request;
    };
    let Some(entry) = games::game(asked.trim()) else {
        request.problems.push(format!(
            "game=\"{asked}\" is no gamelab game (one of {}).",
            game_names()
        ));
        return request;
    };
    request.game = Some(entry.name);
    for (name, value) in pairs {
        if name == "game" {
            continue;
        }
        if !entry.takes(&name) {
            request.problems.push(format!(
                "{name}=\"{value}\": {} has no option {name} (its options: {}).",
                entry.title,
                entry.option_names().join(", ")
            ));
            continue;
        }
        let attribute = format!("data-{name}");
        if let Some(earlier) = request.attributes.iter_mut().find(|(a, _)| *a == attribute) {
            request.problems.push(format!(
                "{name} is given twice; using the last, \"{value}\"."
            ));
            earlier.1 = value;
        } else {
            request.attributes.push((attribute, value));
        }
    }
    request
}

/// Every game's name, for messages that list them.
pub fn game_names() -> String {
    games::names()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn a_play_url_reads_back_as_the_same_game_and_options() {
        let attributes = pairs(&[
            ("data-rows", "3"),
            ("data-seats", "human,strong"),
            ("data-position", "0*4.A|0*4.A+0*3 & <x>"),
        ]);
        let url = play_url(
            "https://host/course/gamelab/",
            "dots-and-boxes",
            &attributes,
        );
        assert!(url.starts_with(
            "https://host/course/gamelab/play.html?game=dots-and-boxes&rows=3&seats=human,strong&position=0%2A4.A%7C"
        ));
        let request = read_query(&url[url.find('?').expect("a query")..]);
        assert_eq!(request.game, Some("dots-and-boxes"));
        // position is not a Dots and Boxes option: named, not used.
        assert_eq!(request.attributes, attributes[..2].to_vec());
        assert_eq!(request.problems.len(), 1, "{:?}", request.problems);
        assert!(request.problems[0].contains("Dots and Boxes has no option position"));
        let glop_url = play_url("", "sprouts", &attributes[2..]);
        let glop = read_query(&glop_url[glop_url.find('?').expect("a query")..]);
        assert_eq!(glop.attributes, attributes[2..].to_vec());
        assert!(glop.problems.is_empty());
    }

    #[test]
    fn every_game_takes_a_theme_and_only_a_known_one() {
        for game in games::GAMES.iter().map(|g| g.name) {
            let request = read_query(&format!("game={game}&theme=dark"));
            assert!(
                request.problems.is_empty(),
                "{game}: {:?}",
                request.problems
            );
            assert_eq!(request.attributes, pairs(&[("data-theme", "dark")]));
        }
        // The option as the shell reads it (declared once, in `games`).
        let theme = games::COMMON_OPTIONS
            .iter()
            .find(|s| s.name == "theme")
            .unwrap();
        let check_theme = |value| theme.read(value).1.map_or(Ok(()), Err);
        for value in ["auto", "light", "dark"] {
            assert_eq!(check_theme(value), Ok(()));
        }
        let refused = check_theme("<b>neon</b>").unwrap_err();
        assert!(refused.contains("auto, light or dark") && refused.contains("neon"));
    }

    #[test]
    fn a_missing_or_unknown_game_is_named() {
        let none = read_query("?rows=3");
        assert_eq!(none.game, None);
        assert!(none.problems[0].contains("names no game"));
        let wrong = read_query("game=chess");
        assert_eq!(wrong.game, None);
        assert!(wrong.problems[0].contains("game=\"chess\" is no gamelab game"));
    }

    #[test]
    fn repeated_options_and_odd_escapes_are_handled() {
        let request =
            read_query("?game=ade&graph=E8&graph=D4&values=1%2C2&mode=%zz&offer-embed=off");
        assert_eq!(request.game, Some("ade"));
        assert_eq!(
            request.attributes,
            pairs(&[
                ("data-graph", "D4"),
                ("data-values", "1,2"),
                ("data-mode", "%zz"),
                ("data-offer-embed", "off")
            ])
        );
        assert_eq!(
            request.problems,
            vec!["graph is given twice; using the last, \"D4\"."]
        );
        assert_eq!(decode("%E2%80%93+x%4"), "– x%4");
    }

    #[test]
    fn an_overlong_query_is_refused_whole() {
        let long = format!("game=sprouts&position={}", "0".repeat(QUERY_LIMIT));
        let request = read_query(&long);
        assert_eq!(request.game, None);
        assert!(request.problems[0].contains("over the 65536 read"));
    }

    #[test]
    fn the_frame_snippet_holds_nothing_a_sanitizer_strips() {
        let snippet = iframe(
            "https://h/play.html?game=ade&values=1,0",
            title("ade", &[]),
            700,
        );
        assert_eq!(
            snippet,
            "<iframe src=\"https://h/play.html?game=ade&amp;values=1,0\" title=\"ADE Concurrent Game (gamelab)\" width=\"100%\" height=\"700\" frameborder=\"0\" allowfullscreen></iframe>\n"
        );
        assert!(!snippet.contains("style") && !snippet.contains("data-"));
    }

    #[test]
    fn every_game_names_its_own_module() {
        for game in games::GAMES.iter().map(|g| g.name) {
            let text = snippet(game, &[]);
            assert!(text.contains(&format!("import init from \"./dist/games/{game}.js\"")));
            // Until the game replaces it, the element says what is loading.
            assert!(text.contains(&format!(
                "<div data-gamelab=\"{game}\">Loading {}… If this stays, the page did not run the game's script.</div>",
                title(game, &[])
            )));
        }
        // A view with its own title is named by it: Sprouts to play is not Glop.
        let play = [("data-view".to_string(), "play".to_string())];
        assert_eq!(title("sprouts", &play), "Sprouts");
        assert!(snippet("sprouts", &play).contains(">Loading Sprouts…"));
        assert_eq!(title("sprouts", &[]), "Glop, Sprouts analysis");
    }
}
