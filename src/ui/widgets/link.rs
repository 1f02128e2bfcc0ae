//! Games in the page address: `#ade=E8/1,0,0,0,0,0,0,0/12&dots-quiz=3x3/0.5`. Each element has
//! its own key (the game's, with `-<id>` for an element with an id), so several games on one page
//! keep their own links; writing one entry keeps the others.

use web_sys::Element;

use crate::ui::dom;

/// The key of an element's entry: `game`, or `game-<id>`.
pub fn key(game: &str, root: &Element) -> String {
    match root.id() {
        id if id.is_empty() => game.to_string(),
        id => format!("{game}-{id}"),
    }
}

/// The entry under `key` in the page address, if any.
pub fn read(key: &str) -> Option<String> {
    let hash = dom::window()?.location().hash().ok()?;
    let decoded = js_sys::decode_uri_component(&hash)
        .ok()
        .and_then(|s| s.as_string())
        .unwrap_or(hash);
    decoded
        .trim_start_matches('#')
        .split('&')
        .find_map(|pair| pair.strip_prefix(&format!("{key}=")).map(str::to_string))
}

/// Puts `value` under `key` in the page address (replacing this page's history entry, so Back
/// still leaves the page) and gives the whole link back.
pub fn write(key: &str, value: &str) -> String {
    let Some(window) = dom::window() else {
        return String::new();
    };
    let location = window.location();
    let mut pairs: Vec<String> = location
        .hash()
        .unwrap_or_default()
        .trim_start_matches('#')
        .split('&')
        .filter(|p| !p.is_empty() && !p.starts_with(&format!("{key}=")))
        .map(str::to_string)
        .collect();
    pairs.push(format!("{key}={value}"));
    let hash = format!("#{}", pairs.join("&"));
    if let Ok(history) = window.history() {
        dom::best_effort(history.replace_state_with_url(
            &wasm_bindgen::JsValue::NULL,
            "",
            Some(&hash),
        ));
    }
    location.href().unwrap_or_default()
}
