//! The site offline and installable. A page of the site itself (one that links its web app
//! manifest: the gallery, the play page; never a course page that loads a module) registers
//! the service worker, `sw.js` beside it, which keeps the site's files for use without a
//! network. A new build of the site is a new worker: it takes over every open page at once, and
//! a page it takes over reloads, so no page of one version runs a module of the next.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    RegistrationOptions, ServiceWorkerContainer, ServiceWorkerRegistration,
    ServiceWorkerUpdateViaCache,
};

use crate::ui::dom;

/// Registers the site's service worker where the page is the site's own.
pub fn keep_the_site() {
    let Some(window) = dom::window() else {
        return;
    };
    let Some(document) = window.document() else {
        return; // a worker running a game's module
    };
    let ours = document
        .query_selector("link[rel='manifest']")
        .ok()
        .flatten()
        .is_some();
    // A package's play page is the learning platform's, served from its own host.
    let packaged = window.location().search().is_ok_and(|query| {
        crate::embedding::read_query(&query)
            .attributes
            .iter()
            .any(|(name, value)| name == "data-scorm" && !value.eq_ignore_ascii_case("off"))
    });
    if !ours || packaged || !window.is_secure_context() {
        return;
    }
    // Reading it throws where the page may not have one (a sandboxed frame without its origin).
    let Some(container) = js_sys::Reflect::get(&window.navigator(), &"serviceWorker".into())
        .ok()
        .and_then(|c| c.dyn_into::<ServiceWorkerContainer>().ok())
    else {
        return;
    };
    // A worker coming for the first time only starts keeping the site; one replacing another
    // brings a new version, and the page reloads into it (its game is kept: widgets::session).
    if container.controller().is_some() {
        let reloading = std::cell::Cell::new(false);
        dom::on::<web_sys::Event>(&container, "controllerchange", move |_| {
            if !reloading.replace(true) {
                dom::best_effort(window.location().reload());
            }
        });
    }
    let options = RegistrationOptions::new();
    // The browser asks the server for sw.js itself each time, never its HTTP cache.
    options.set_update_via_cache(ServiceWorkerUpdateViaCache::None);
    let registering = container.register_with_options("sw.js", &options);
    let ready = container.ready();
    wasm_bindgen_futures::spawn_local(async move {
        // Refused (a private window, storage blocked in a course's frame): the site works
        // online as ever.
        if JsFuture::from(registering).await.is_err() {
            return;
        }
        let Some(worker) = async { JsFuture::from(ready.ok()?).await.ok() }
            .await
            .and_then(|r| r.dyn_into::<ServiceWorkerRegistration>().ok())
            .and_then(|r| r.active())
        else {
            return;
        };
        // This page's module came before the worker could keep it on the way: name it.
        let module = dom::module_url();
        let keep = js_sys::Array::of1(&module.as_str().into());
        if let Some(stem) = module.strip_suffix(".js") {
            keep.push(&format!("{stem}_bg.wasm").into());
        }
        let message = js_sys::Object::new();
        dom::best_effort(js_sys::Reflect::set(&message, &"keep".into(), &keep));
        dom::best_effort(worker.post_message(&message));
    });
}
