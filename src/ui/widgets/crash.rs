//! What the page shows when the module stops on an internal error. A panic in wasm ends the
//! module's work for good (the game's state may be half changed, and a borrow it held is never
//! given back), so every game element this module runs is told so, where its player looks,
//! instead of each later click failing silently in the console.

use crate::ui::dom;
use wasm_bindgen::JsCast;

/// The class of the notice, one per game element.
const NOTICE_CLASS: &str = "gamelab-crash";

/// Installs the panic hook: the browser console gets the message and the stack (as
/// `console_error_panic_hook` gives them), and every game element a notice.
pub fn install() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        let why = match info.payload().downcast_ref::<&str>() {
            Some(text) => text.to_string(),
            None => info
                .payload()
                .downcast_ref::<String>()
                .cloned()
                .unwrap_or_default(),
        };
        notify_all(&why);
    }));
}

/// The page's answer when the system refuses memory: the notice (what it says is short, and
/// the page has memory left for it: only the large request failed).
pub fn out_of_memory(size: usize) {
    notify_all(&format!(
        "out of memory: the browser refused {} MiB more",
        size.div_ceil(1 << 20)
    ));
}

/// The text shown: what happened and what to do; kept work (saved bases, code, games) stays.
pub fn notice_text(why: &str) -> String {
    let why = if why.is_empty() {
        String::new()
    } else {
        format!(" ({})", why.chars().take(200).collect::<String>())
    };
    format!(
        "This game stopped on an internal error{why}. Reload the page to start it again: what it kept for you (bases, code, settings) is still there."
    )
}

/// Tells every game element this module runs that it has stopped, and why.
pub fn notify_all(why: &str) {
    let Some(document) = super::super::dom::document() else {
        return;
    };
    let Ok(roots) = document.query_selector_all("[data-gamelab-mounted]") else {
        return;
    };
    let text = notice_text(why);
    for i in 0..roots.length() {
        let Some(root) = roots
            .item(i)
            .and_then(|n| n.dyn_into::<web_sys::HtmlElement>().ok())
        else {
            continue;
        };
        let game = root.get_attribute("data-gamelab").unwrap_or_default();
        if !super::super::carries(&game) {
            continue; // another module's game, still running
        }
        let notice = match root
            .query_selector(&format!(".{NOTICE_CLASS}"))
            .ok()
            .flatten()
        {
            Some(notice) => notice,
            None => {
                let Ok(notice) = document.create_element("p") else {
                    continue;
                };
                notice.set_class_name(NOTICE_CLASS);
                dom::best_effort(notice.set_attribute("role", "alert"));
                dom::best_effort(root.prepend_with_node_1(&notice));
                notice
            }
        };
        notice.set_text_content(Some(&text));
    }
}
