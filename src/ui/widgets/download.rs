//! Offers bytes as a file download (Blob, object URL, a temporary link).

use wasm_bindgen::JsCast;

use crate::ui::dom;

thread_local! {
    static LAST: std::cell::RefCell<Option<(String, Vec<u8>)>> = const { std::cell::RefCell::new(None) };
}

/// The last file offered (name and bytes): what a test reads back, since it cannot open the
/// browser's downloads.
pub fn last_offered() -> Option<(String, Vec<u8>)> {
    LAST.with(|l| l.borrow().clone())
}

/// What to add to "Saved …" inside a frame: a course page's frame may forbid downloads (a
/// sandbox without allow-downloads), and the browser then drops the file without a word, so
/// the game says what to do. Empty on a page of its own.
pub fn framed_note() -> &'static str {
    let framed = dom::window().is_some_and(|w| match w.top() {
        Ok(Some(top)) => !js_sys::Object::is(&top, &w),
        _ => true,
    });
    if framed {
        " If no file appears, the page around this game does not allow downloads: open the game \
         in a new tab (the link under it) and save it there."
    } else {
        ""
    }
}

pub fn offer(bytes: &[u8], mime: &str, file_name: &str) -> Result<(), String> {
    LAST.with(|l| *l.borrow_mut() = Some((file_name.to_string(), bytes.to_vec())));
    let array = js_sys::Uint8Array::from(bytes);
    let parts = js_sys::Array::of1(&array);
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options)
        .map_err(|_| "the browser could not make the file".to_string())?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)
        .map_err(|_| "the browser could not offer the file".to_string())?;
    let document = dom::document().ok_or("no document")?;
    let body = document.body().ok_or("no page body")?;
    let link: web_sys::HtmlAnchorElement = dom::child(&body, "a", "").unchecked_into();
    link.set_href(&url);
    link.set_download(file_name);
    link.click();
    link.remove();
    dom::best_effort(web_sys::Url::revoke_object_url(&url));
    Ok(())
}
