// A measurement, not a test: how long the page's longest tasks are while ADE's Exhaust fire runs
// E10 from all ones to the history's memory limit (27,749 layers), in headless Chromium, from the
// built site. Prints the run's time and the long tasks (over 50 ms) the browser reports.
//
//   node tests/course/ade_slices.mjs DIST [RUNS]
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(here, "../../.tools/node_modules/"));
const { chromium } = require("playwright-core");
const dist = process.argv[2] || "dist";
const runs = Number(process.argv[3] || 3);
const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".wasm": "application/wasm" };
const server = createServer(async (request, response) => {
  const path = normalize(decodeURIComponent(new URL(request.url, "http://x").pathname)).replace(/^\/+/, "");
  const file = join(dist, path || "index.html");
  try {
    if (path.startsWith("..") || !(await stat(file)).isFile()) throw new Error("none");
    response.writeHead(200, { "content-type": TYPES[extname(file)] || "application/octet-stream" });
    response.end(await readFile(file));
  } catch {
    response.writeHead(404).end("not found");
  }
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const origin = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
for (let run = 1; run <= runs; run++) {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.addInitScript(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.longTasks.push(Math.round(entry.duration));
    }).observe({ type: "longtask" });
  });
  await page.goto(`${origin}/play.html?game=ade&graph=E10&values=1,1,1,1,1,1,1,1,1,1&layer-cap=30000`);
  await page.waitForSelector("[data-gamelab-mounted][data-ready-ms]");
  await page.click("[data-action='playing']");
  await page.evaluate(() => { window.longTasks = []; });
  const started = Date.now();
  await page.click("[data-action='exhaust']");
  await page.waitForFunction(() => /stopped after/.test(document.querySelector(".gl-status").textContent)
    && document.querySelector("[data-gamelab-mounted]").getAttribute("data-state") === "idle", null, { timeout: 120000 });
  const took = Date.now() - started;
  const long = (await page.evaluate(() => window.longTasks)).sort((a, b) => a - b);
  console.log(`run ${run}: ${took} ms, ${long.length} tasks over 50 ms${long.length ? ` (longest ${long[long.length - 1]} ms)` : ""}`);
  await page.close();
}
await browser.close();
server.close();
