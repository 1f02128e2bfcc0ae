// The gallery's load time, a figure for docs/benchmarks.md (scripts/bench.sh): each run opens
// index.html in a fresh headless Chromium and reads when its first applet was drawn and ready,
// and how long mounting it took (the page's data-ready-ms and data-mount-ms).
//
//   node tests/course/gallery_load.mjs DIST [RUNS]
import { serveFolder, launch } from "./run.mjs";

const dist = process.argv[2] || "dist";
const runs = Number(process.argv[3] || 5);
const { server, origin } = await serveFolder(dist);
try {
  for (let run = 1; run <= runs; run++) {
    const browser = await launch();
    try {
      const page = await browser.newPage();
      await page.goto(`${origin}/`);
      const root = await page.waitForSelector("[data-gamelab-mounted][data-ready-ms]", { timeout: 60_000 });
      const ready = await root.getAttribute("data-ready-ms");
      const mount = await root.getAttribute("data-mount-ms");
      console.log(`  gallery load ${run}: applet drawn and ready ${ready} ms after navigation start (mounting took ${mount} ms)`);
    } finally {
      await browser.close();
    }
  }
} finally {
  server.close();
}
