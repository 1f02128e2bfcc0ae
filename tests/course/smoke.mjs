// The built site, page by page, in headless Chromium (the same driver as platforms.mjs and
// looks.mjs): the gallery mounts every game, the embed example takes its options, Glop computes
// in Web Workers under the site's own policy, the README's script snippet works in a course page
// that is not ours, each game's own module keeps to the size the registry gives it, and every
// page names its icon. No page logs a script error.
//
//   node tests/course/smoke.mjs DIST
//
// Prints `smoke: ok   …` / `smoke: FAIL …` a check and closes with `smoke: N passed, M failed`.
import { readFile, writeFile, mkdtemp, cp, rm, stat } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { join, dirname } from "node:path";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import { serveFolder, launch, checks } from "./run.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "../..");
const dist = process.argv[2] || "dist";
const { check, finish } = checks("smoke", 300_000);
const games = JSON.parse(await readFile(join(dist, "games.json"), "utf8"));

// Script errors and policy violations a page reports.
const watch = (page) => {
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    const text = m.text();
    // A page of ours made here without an icon: the browser's own try for /favicon.ico.
    if (m.location().url.endsWith("/favicon.ico")) return;
    if (m.type() === "error" || /Refused to|Content Security Policy|panicked/.test(text)) errors.push(`${text} (${m.location().url})`);
  });
  return errors;
};
const noErrors = (errors) => errors.length === 0 || errors.join(" | ");
// Waits until `test` (run in the page) is true, for at most `ms`.
const until = (page, test, ms = 20_000, arg) => page.waitForFunction(test, arg, { timeout: ms, polling: 50 });

const { server, origin } = await serveFolder(dist);
const browser = await launch();
const page = await browser.newPage();
let errors = watch(page);
let ready = "?";
try {
  await page.goto(`${origin}/`);
  await until(page, (n) => document.querySelectorAll("[data-gamelab-mounted][data-ready-ms]").length >= n, 30_000, games.length);
  const text = (selector) => page.evaluate((s) => document.querySelector(s)?.textContent ?? "", selector);
  for (const { name } of games) {
    await check(`gallery: ${name} mounts`, async () =>
      (await page.locator(`[data-gamelab-mounted="${name}"]`).count()) >= 1 || "not mounted");
  }
  await check("gallery: E8 is drawn with its Coxeter number", async () =>
    (await text("#gallery")).includes("Coxeter number h = 30") || "no Coxeter number");
  await check("gallery: the Glop page shows its main base and the 5-spot start", async () => {
    await until(page, () => /Canonical form: 0\.0\.0\.0\.0\.\}\]!/.test(document.querySelector("#glop").textContent));
    return /Main base: \d+ positions/.test(await text("#glop")) || "no base count";
  });
  await check("gallery: the Dots and Boxes board mounts with its scores", async () =>
    (await text("#dots .gl-scores")).startsWith("A 0 – B 0") || await text("#dots .gl-scores"));
  await check("gallery: the Bazaar table mounts with a new game", async () =>
    (await text("#bazaar")).includes("A new game from seed 1.") || "no new game");
  // The main buttons keep their words readable under the pointer, in both themes: the text
  // against the background at least 4.5 : 1 (WCAG AA for normal text).
  for (const scheme of ["light", "dark"]) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const action of ["play", "tournament"]) {
      const button = page.locator(`.gl-button[data-action="${action}"]:visible`).first();
      await check(`gallery, ${scheme}: ${action} stays readable under the pointer`, async () => {
        await button.scrollIntoViewIfNeeded();
        await button.hover();
        const ratio = await button.evaluate((b) => {
          const rgb = (c) => c.match(/[\d.]+/g).slice(0, 3).map(Number);
          const lum = ([r, g, b]) => {
            const f = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
            return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
          };
          const style = getComputedStyle(b);
          const [a, c] = [lum(rgb(style.color)), lum(rgb(style.backgroundColor))];
          return (Math.max(a, c) + 0.05) / (Math.min(a, c) + 0.05);
        });
        return ratio >= 4.5 || `contrast ${ratio.toFixed(2)} : 1`;
      });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.mouse.move(0, 0);
  ready = await page.evaluate(() => document.querySelector("[data-ready-ms]").getAttribute("data-ready-ms"));
  await check("gallery: no script errors", () => noErrors(errors));

  errors = watch(page);
  await page.goto(`${origin}/www/embed.html`);
  await until(page, () => document.querySelectorAll('[data-gamelab-mounted="ade"]').length === 2);
  await check("embed page: data-mode=playing shows the playing bar", async () =>
    (await page.locator('#e8[data-mode="playing"]').count()) === 1 || "not playing");
  await check("embed page: data-layers=3 replays three layers", async () => {
    await until(page, () => document.body.textContent.includes("3: [-2, -2, 4, -2]"));
  });
  await check("embed page: no script errors", () => noErrors(errors));

  // Glop in module workers from blob: URLs that import gamelab.js, under index.html's policy.
  const index = await readFile(join(root, "index.html"), "utf8");
  const policy = index.match(/<meta http-equiv="Content-Security-Policy"[^>]*>/)[0];
  await writeFile(join(dist, "smoke-glop.js"), 'import init from "./gamelab.js"; init();\n');
  await writeFile(join(dist, "smoke-glop.html"), `<!doctype html><html lang="en"><head><meta charset="utf-8">${policy}
<title>Glop in workers</title><script type="module" src="smoke-glop.js"></script></head>
<body><div data-gamelab="sprouts" data-spots="9"></div></body></html>`);
  errors = watch(page);
  await page.goto(`${origin}/smoke-glop.html`);
  await check("Glop under the site's policy: 9 spots computed in Web Workers", async () => {
    // The button is on the Computation tab, which is not the one shown: clicked as a script would.
    await until(page, () => document.querySelector("[data-gamelab=sprouts] button[data-action=compute]"));
    await page.evaluate(() => document.querySelector("[data-gamelab=sprouts] button[data-action=compute]").click());
    await until(page, () => document.querySelector("[data-gamelab=sprouts]").getAttribute("data-state") === "done", 90_000);
    const status = await text(".gl-tab-panel[data-tab=compute] .gl-status");
    return /win \(the first player wins\).*expansions in \w+ Web Worker/.test(status) || status;
  });
  await check("Glop under the site's policy: no script errors", () => noErrors(errors));
  await rm(join(dist, "smoke-glop.js"));
  await rm(join(dist, "smoke-glop.html"));
} finally {
  await browser.close();
  server.close();
}

// A course page that is not ours: the README's script snippet verbatim, beside a copy of dist/,
// in a lecture page with hostile CSS. Each module's own import finds its wasm next to it.
const course = await mkdtemp(join(tmpdir(), "gamelab-course-"));
try {
  await cp(dist, join(course, "dist"), { recursive: true });
  const readme = await readFile(join(root, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## Putting a game in a course"));
  const snippet = section.split("```html\n").slice(1).map((b) => b.slice(0, b.indexOf("```"))).find((b) => b.includes("<script"));
  const hostile = "* { box-sizing: border-box; margin: 0; padding: 0 } button { background: #c00; font-size: 28px } body { background: #111; color: #eee } main { max-width: 700px }";
  await writeFile(join(course, "lecture.html"), `<!doctype html><html><head><meta charset="utf-8"><style>${hostile}</style></head><body><main><h1>Lecture 7</h1>${snippet}</main></body></html>`);
  const served = await serveFolder(course);
  const lecture = await launch();
  try {
    const page = await lecture.newPage();
    const errors = watch(page);
    await page.goto(`${served.origin}/lecture.html`);
    const wanted = (snippet.match(/data-gamelab="/g) || []).length;
    await check(`course page: the README's script snippet mounts its ${wanted} games`, async () => {
      await until(page, (n) => document.querySelectorAll("[data-gamelab-mounted][data-ready-ms]").length === n, 30_000, wanted);
    });
    await check("course page: the games' styles are added once", async () =>
      (await page.locator("#gamelab-games").count()) === 1 || "not once");
    await check("course page: no script errors", () => noErrors(errors));
  } finally {
    await lecture.close();
    served.server.close();
  }
} finally {
  await rm(course, { recursive: true, force: true });
}

// Each game's own module, wasm and JavaScript after gzip -9, against the registry's budget: what a
// play page or a course page with that one game downloads.
for (const { name, module_kb } of games) {
  const files = [`games/${name}_bg.wasm`, `games/${name}.js`].map((f) => join(dist, f));
  const bytes = await Promise.all(files.map((f) => readFile(f)));
  const raw = bytes.reduce((n, b) => n + b.length, 0);
  const zipped = bytes.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);
  console.log(`smoke: size of ${name}: ${raw >> 10} KB raw, ${zipped >> 10} KB gzip -9 (budget ${module_kb} KB)`);
  await check(`size: ${name} within its budget`, () => zipped <= module_kb * 1024 || `${zipped >> 10} KB`);
}

// Each page names its icon (www/favicon.svg), so no browser asks for a missing /favicon.ico.
for (const path of ["index.html", "www/embed.html", "play.html"]) {
  await check(`${path}: its icon is there`, async () => {
    const html = await readFile(join(dist, path), "utf8");
    const href = (html.match(/<link rel="icon" href="([^"]*)"/) || [])[1];
    return (href && (await stat(join(dist, dirname(path), href))).size > 0) || "no icon";
  });
}

const wasm = await readFile(join(dist, "gamelab_bg.wasm"));
console.log(`smoke: gallery applet ready ${ready} ms after navigation start (every game's module: wasm ${wasm.length} bytes, ${gzipSync(wasm, { level: 9 }).length} gzip)`);
finish();
