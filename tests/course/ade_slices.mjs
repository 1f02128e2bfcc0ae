// A measurement, not a test: how long the page's longest tasks are while ADE's Exhaust fire runs
// E10 from all ones to the history's memory limit (27,749 layers), in headless Chromium, from the
// built site. Prints the run's time and the long tasks (over 50 ms) the browser reports.
//
//   node tests/course/ade_slices.mjs DIST [RUNS]
import { serveFolder, launch, watchLongTasks, longTasks } from "./run.mjs";

const dist = process.argv[2] || "dist";
const runs = Number(process.argv[3] || 3);
const { server, origin } = await serveFolder(dist);
const browser = await launch();
for (let run = 1; run <= runs; run++) {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await watchLongTasks(page);
  await page.goto(`${origin}/play.html?game=ade&graph=E10&values=1,1,1,1,1,1,1,1,1,1&layer-cap=30000`);
  await page.waitForSelector("[data-gamelab-mounted][data-ready-ms]");
  await page.click("[data-action='playing']");
  await page.evaluate(() => { window.longTasks = []; });
  const started = Date.now();
  await page.click("[data-action='exhaust']");
  await page.waitForFunction(() => /stopped after/.test(document.querySelector(".gl-status").textContent)
    && document.querySelector("[data-gamelab-mounted]").getAttribute("data-state") === "idle", null, { timeout: 120000 });
  const took = Date.now() - started;
  const long = await longTasks(page);
  console.log(`run ${run}: ${took} ms, ${long.length} tasks over 50 ms${long.length ? ` (longest ${long[long.length - 1]} ms)` : ""}`);
  await page.close();
}
await browser.close();
server.close();
