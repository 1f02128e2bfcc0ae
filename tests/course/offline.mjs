// The site offline and installable, as a student's browser has it: headless Chromium with a
// profile of its own (not incognito, where nothing installs). One visit online to the gallery
// and a game's play page; then the network goes (the browser offline, the server answering
// nothing) and the gallery and every game's play page still play. Then the site is updated (a
// new service worker version, and markers in the play page and a module): the next visit gets
// the new version, never a page of one version with a module of the other, and offline again
// it is the new version that plays.
//
//   node tests/course/offline.mjs DIST
//
// Prints `offline: ok   …` / `offline: FAIL …` a check and closes with `offline: N passed, M failed`.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, normalize } from "node:path";
import { serve, chromium, checks } from "./run.mjs";

const dist = process.argv[2] || "dist";
const { check, finish } = checks("offline", 600_000);

// What the server is: the built site ("v1"), the site rebuilt ("v2"), or gone ("down"). Each
// version marks its play page and Dots and Boxes' module, so a page shows what it runs.
let mode = "v1";
const marked = (path, build) => {
  const text = readFileSync(join(dist, path), "utf8");
  if (path === "sw.js") return text.replace(/^const VERSION = "([^"]*)";$/m, `const VERSION = "$1-${build}";`);
  if (path === "play.html") return text.replace("<head>", `<head>\n  <meta name="gamelab-build" content="${build}">`);
  return `${text}\nglobalThis.gamelabBuild = "${build}";\n`;
};
const MARKED = { "sw.js": "text/javascript", "play.html": "text/html; charset=utf-8", "games/dots-and-boxes.js": "text/javascript" };
const site = await serve((path) => {
  if (mode === "down") return { drop: true };
  const rest = normalize(path).replace(/^\/+/, "") || "index.html";
  if (rest.startsWith("..")) return null;
  if (MARKED[rest]) return { body: marked(rest, mode), type: MARKED[rest] };
  return join(dist, rest);
});

const profile = mkdtempSync(join(tmpdir(), "gamelab-offline-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: "/usr/bin/chromium",
  viewport: { width: 1280, height: 900 },
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars"],
});
const problems = [];
const watch = (page) => {
  page.on("pageerror", (e) => problems.push(`${page.url()}: ${e.message}`));
  return page;
};

// Opens `path` in a new tab and waits for its games to mount (`count` of them, or at least 1).
async function open(path, count) {
  const page = watch(await context.newPage());
  await page.goto(`${site.origin}/${path}`);
  await page.waitForFunction((n) => {
    const mounted = document.querySelectorAll("[data-gamelab-mounted]").length;
    return n ? mounted >= n : mounted > 0;
  }, count, { timeout: 60000 });
  return page;
}
const kept = (page) => page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith("gamelab-")));
const build = (page) => page.evaluate(() => [document.querySelector("meta[name=gamelab-build]")?.content, globalThis.gamelabBuild]);

try {
  const games = (readFileSync(join(dist, "index.html"), "utf8").match(/data-gamelab="/g) || []).length;
  let gallery;
  await check("the first visit: the service worker takes charge of the gallery and keeps the site", async () => {
    gallery = await open("", games);
    await gallery.waitForFunction(() => navigator.serviceWorker.controller, null, { timeout: 60000 });
    // The gallery's module was fetched before the worker came: the page tells it to keep it.
    await gallery.waitForFunction(async () => {
      const cache = await caches.open((await caches.keys()).find((k) => k.startsWith("gamelab-")));
      return (await cache.match(new URL("gamelab_bg.wasm", location.href))) !== undefined;
    }, null, { timeout: 60000, polling: 250 });
    const names = await kept(gallery);
    return names.length === 1 || `caches ${names}`;
  });
  await check("the gallery and the play page are installable (Chromium finds no fault)", async () => {
    const faults = [];
    for (const page of [gallery, await open("play.html?game=dots-and-boxes")]) {
      const session = await context.newCDPSession(page);
      const { installabilityErrors } = await session.send("Page.getInstallabilityErrors");
      faults.push(...installabilityErrors.map((e) => `${page.url()}: ${e.errorId}`));
    }
    return faults.length === 0 || faults.join(", ");
  });
  await check("with the network off, the gallery plays every game", async () => {
    mode = "down";
    await context.setOffline(true);
    const page = await open("", games);
    const stuck = await page.evaluate(() => document.body.textContent.includes("could not start"));
    return !stuck || "a game could not start";
  });
  await check("with the network off, every game's play page plays (its own module, or the gallery's)", async () => {
    const names = JSON.parse(readFileSync(join(dist, "games.json"), "utf8")).map((g) => g.name);
    const failed = [];
    for (const name of names) {
      try {
        const page = await open(`play.html?game=${name}&view=play`);
        await page.close();
      } catch (error) {
        failed.push(`${name}: ${error.message.split("\n")[0]}`);
      }
    }
    return failed.length === 0 || failed.join("; ");
  });
  await check("an update reaches the next visit whole: a new page with its new module, never mixed", async () => {
    mode = "v2";
    await context.setOffline(false);
    for (const page of context.pages()) await page.close().catch(() => {});
    const page = watch(await context.newPage());
    // Each load of the play page notes the build of the page and of the module it runs.
    await page.addInitScript(() => {
      const note = setInterval(() => {
        if (globalThis.gamelabBuild === undefined) return;
        clearInterval(note);
        const seen = JSON.parse(sessionStorage.getItem("builds") || "[]");
        seen.push([document.querySelector("meta[name=gamelab-build]")?.content, globalThis.gamelabBuild]);
        sessionStorage.setItem("builds", JSON.stringify(seen));
      }, 20);
    });
    await page.goto(`${site.origin}/play.html?game=dots-and-boxes`);
    await page.waitForFunction(() => globalThis.gamelabBuild === "v2" && document.querySelector("meta[name=gamelab-build]")?.content === "v2"
      && document.querySelector("[data-gamelab-mounted]"), null, { timeout: 60000 });
    const seen = JSON.parse(await page.evaluate(() => sessionStorage.getItem("builds")));
    const mixed = seen.filter(([html, module]) => html !== module);
    console.log(`offline: (the play page loaded as ${JSON.stringify(seen)})`);
    const names = await kept(page);
    return (mixed.length === 0 && names.length === 1 && names[0].endsWith("-v2"))
      || `loads ${JSON.stringify(seen)}, caches ${names}`;
  });
  await check("offline after the update, the new version plays, and a game opened before it too", async () => {
    mode = "down";
    await context.setOffline(true);
    const page = await open("play.html?game=dots-and-boxes");
    const [html, module] = await build(page);
    const chain = await open("play.html?game=chain-reaction");
    await chain.close();
    return (html === "v2" && module === "v2") || `page ${html}, module ${module}`;
  });
  await check("no script error in any page", () => problems.length === 0 || problems.slice(0, 5).join(" | "));
} catch (error) {
  console.log(`offline: FAIL the run itself: ${error.message.split("\n")[0]}`);
  process.exitCode = 1;
} finally {
  await context.close();
  site.server.close();
  rmSync(profile, { recursive: true, force: true });
}
finish();
