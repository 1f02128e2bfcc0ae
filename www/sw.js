// gamelab's service worker: keeps the site in the browser so that it works offline, and moves
// every open page to a new version of the site at once, so that no page of one version ever runs
// a module of another. scripts/build_games.sh writes dist/sw.js from this file with the build's
// VERSION, a digest of every file of the site: a new build is a new worker, and a new cache.
const VERSION = "unbuilt";
const CACHE = `gamelab-${VERSION}`;
// Kept when the worker installs: the gallery, the play page and what they read before a module.
const SHELL = ["./", "play.html", "play.js", "games.json", "style.css", "www/favicon.svg",
  "www/manifest.webmanifest", "www/icon.svg", "www/icon-192.png", "www/icon-512.png"];
// Kept once a page has fetched them: each game's own module and the gallery's (every game).
const MODULE = /^(games\/[a-z-]+(\.js|_bg\.wasm)|gamelab(\.js|_bg\.wasm))$/;
// The pages the worker keeps. Any other page of the site (www/embed.html, a teacher's own page
// put beside the site) is served as if there were no worker, its modules included, so that it
// never runs a kept module of another version than its own.
const PAGES = new Set(["", "index.html", "play.html"]);
// The site's files are a few MB: a bound on how many modules a new version fetches again.
const MOST_MODULES = 32;

const scope = new URL(self.registration.scope);
// A request's path inside the site ("" for its root), or null for anything else.
function sitePath(url) {
  const u = new URL(url);
  if (u.origin !== scope.origin || !u.pathname.startsWith(scope.pathname)) return null;
  return u.pathname.slice(scope.pathname.length);
}
// Fetches `url` and keeps it in `cache`; offline, it is kept when it is next fetched.
async function keep(cache, url) {
  try {
    const response = await fetch(new Request(url, { cache: "reload" }));
    if (response.ok) await cache.put(url, response);
  } catch {
    // No network now.
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(SHELL.map((path) => new Request(new URL(path, scope), { cache: "reload" })));
    // The modules an earlier version kept are fetched again, as this version's, so a game
    // opened before still plays offline after the update.
    const earlier = new Set();
    for (const name of await caches.keys()) {
      if (!name.startsWith("gamelab-") || name === CACHE) continue;
      for (const request of await (await caches.open(name)).keys()) {
        const path = sitePath(request.url);
        if (path !== null && MODULE.test(path) && earlier.size < MOST_MODULES) earlier.add(path);
      }
    }
    for (const path of earlier) await keep(cache, new URL(path, scope).href);
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("gamelab-") && name !== CACHE) await caches.delete(name);
    }
    // Open pages of the last version come under this one; they reload (ui::offline).
    await self.clients.claim();
  })());
});

// A page tells the worker the module it runs (ui/offline.rs): loaded before the worker took
// charge, it was not kept on the way.
self.addEventListener("message", (event) => {
  const urls = Array.isArray(event.data?.keep) ? event.data.keep.slice(0, 4) : [];
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    for (const url of urls) {
      const path = typeof url === "string" ? sitePath(url) : null;
      if (path === null || !MODULE.test(path) || (await cache.match(url))) continue;
      await keep(cache, url);
    }
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const path = request.method === "GET" ? sitePath(request.url) : null;
  if (path === null) return;
  const page = request.mode === "navigate";
  // A page is kept once, whatever its query (play.html?game=…): the query is read in the page.
  const key = page ? new URL(path === "index.html" ? "./" : path, scope) : request;
  event.respondWith((async () => {
    if (!page && event.clientId) {
      const client = await self.clients.get(event.clientId);
      const from = client && client.type === "window" ? sitePath(client.url) : null;
      if (from !== null && !PAGES.has(from)) return fetch(request);
    }
    const cache = await caches.open(CACHE);
    const kept = await cache.match(key, { ignoreSearch: page });
    if (kept) return kept;
    const response = await fetch(request);
    if (response.ok && MODULE.test(path)) await cache.put(request, response.clone());
    return response;
  })());
});
