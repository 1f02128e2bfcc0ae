// A measurement, not a test: the perfect player's time per move on the drawn board (thinking in
// the page's Web Workers, then drawing), over whole games of the perfect player against itself,
// in headless Chromium, from the built site. Prints each game's move times, their median and
// the slowest, and the long tasks (over 50 ms) the page had meanwhile.
//
//   node tests/course/sprouts_play_times.mjs DIST [SPOTS] [GAMES]
import { serveFolder, launch, watchLongTasks, longTasks } from "./run.mjs";

const dist = process.argv[2] || "dist";
const spots = Number(process.argv[3] || 12);
const games = Number(process.argv[4] || 1);
const { server, origin } = await serveFolder(dist);
const browser = await launch();
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN; };
for (let game = 1; game <= games; game++) {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await watchLongTasks(page);
  page.on("crash", () => console.log("  the page crashed"));
  page.on("pageerror", (e) => console.log(`  page error: ${e}`));
  page.on("console", (m) => { if (m.type() === "error") console.log(`  console: ${m.text()}`); });
  await page.goto(`${origin}/play.html?game=sprouts&view=play&spots=${spots}&seats=perfect,perfect&think-s=60`);
  await page.waitForSelector(".gl-sprouts-play[data-ready-ms]");
  const times = [];
  let last = null;
  const started = Date.now();
  for (;;) {
    const state = await page.evaluate(() => {
      const root = document.querySelector(".gl-sprouts-play");
      return { ms: root.getAttribute("data-move-ms"), position: root.querySelector(".gl-position").textContent,
        over: !root.querySelector(".gl-banner").hidden, status: root.querySelector(".gl-status").textContent };
    });
    const key = state.position + state.ms;
    if (state.ms !== null && key !== last) {
      times.push(Number(state.ms));
      last = key;
      globalThis.lastMove = Date.now();
      if (process.env.VERBOSE) console.log(`  move ${times.length}: ${state.ms} ms`);
    }
    if (state.over) break;
    if (process.env.SHOT && times.length && Date.now() - (globalThis.lastMove || Date.now()) > 40000) {
      await page.screenshot({ path: process.env.SHOT, fullPage: true });
      console.log("stuck; picture taken");
      break;
    }
    if (process.env.VERBOSE && Date.now() - (globalThis.lastSaid || 0) > 5000) {
      globalThis.lastSaid = Date.now();
      console.log(`  (${Math.round((Date.now() - started) / 1000)} s) ${state.status}`);
    }
    if (Date.now() - started > 30 * 60 * 1000) { console.log("stopped after 30 minutes:", state.status); break; }
    await page.waitForTimeout(50);
  }
  const long = await longTasks(page);
  const banner = await page.$eval(".gl-sprouts-play .gl-banner", (e) => e.textContent);
  console.log(`${spots} spots, game ${game}: ${times.length} computer moves, median ${median(times)} ms, slowest ${Math.max(...times)} ms; ${banner}`);
  console.log(`  moves (ms): ${times.join(" ")}`);
  console.log(`  ${long.length} tasks over 50 ms${long.length ? ` (longest ${long[long.length - 1]} ms)` : ""}`);
  await page.close();
}
await browser.close();
server.close();
