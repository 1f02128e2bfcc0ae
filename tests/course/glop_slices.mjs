// A measurement, not a test: the page's longest tasks while Glop computes, in headless
// Chromium, from the built site: a misère computation in the page itself and in Web Workers
// (the default), with the winning moves listed after it, and a 10,666-spot start entered and
// computed (it ends at the children's memory limit), and 12 spots answered by a loaded couple
// nobody proved, whose check from scratch then runs in the page to its allowance. Prints each
// case's time and its tasks over 50 ms.
//
//   node tests/course/glop_slices.mjs DIST [SPOTS]      (SPOTS: the misère start, 10 by default;
//                                                     ONLY=text runs the cases whose name has it)
import { serveFolder, launch, watchLongTasks, longTasks } from "./run.mjs";

const dist = process.argv[2] || "dist";
const spots = Number(process.argv[3] || 10);
const { server, origin } = await serveFolder(dist);
const browser = await launch();
const only = process.env.ONLY;
const cases = [
  [`misère ${spots} spots in the page`, `spots=${spots}&goal=misere&workers=0`, null],
  [`misère ${spots} spots in workers`, `spots=${spots}&goal=misere`, null],
  ["a 10,666-spot start in workers", "", "0*10666"],
  ["12 spots from a loaded couple, checked", "spots=12", null, "[Positions+Nimber]\n0*12 0\n"],
  ["a complete check of a 10,666-spot entry", "", null, "[Positions+Nimber]\n0*10666 0\n", "complete-check"],
];
for (const [label, query, free, loaded, action = "compute"] of cases.filter((c) => !only || c[0].includes(only))) {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await watchLongTasks(page);
  await page.goto(`${origin}/play.html?game=sprouts&${query}`);
  await page.waitForSelector("[data-gamelab-mounted][data-ready-ms]");
  await page.waitForTimeout(1000);
  if (free) {
    await page.$eval("[data-field='start-kind']", (s) => {
      s.value = "free";
      s.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await page.fill("[data-field='free']", free);
    await page.$eval("[data-field='free']", (s) => s.dispatchEvent(new Event("change", { bubbles: true })));
  }
  if (loaded) {
    await page.setInputFiles("[data-field='files']", { name: "loaded.spr", mimeType: "text/plain", buffer: Buffer.from(loaded) });
    await page.waitForTimeout(500);
  }
  await page.evaluate(() => { window.longTasks = []; });
  const started = Date.now();
  await page.$eval(`[data-action='${action}']`, (b) => b.click());
  await page.waitForTimeout(200);
  await page.waitForFunction(() => document.querySelector("[data-gamelab-mounted]").getAttribute("data-state") !== "running"
    && document.querySelector("[data-gamelab-mounted]").getAttribute("data-state") !== "checking"
    && document.querySelector("[data-action='stop']").disabled
    && !/settling/.test(document.querySelector(".gl-replies")?.textContent || ""), null, { timeout: 600000 });
  await page.waitForTimeout(500);
  const took = Date.now() - started;
  const long = await longTasks(page);
  const trust = loaded ? `, the answer ${await page.$eval(".gl-banner", (b) => b.getAttribute("data-trust"))}` : "";
  console.log(`${label}: ${took} ms, ${long.length} tasks over 50 ms${long.length ? ` (longest ${long[long.length - 1]} ms)` : ""}${trust}`);
  await page.close();
}
await browser.close();
server.close();
