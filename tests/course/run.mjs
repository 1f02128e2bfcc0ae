// What the browser runs in tests/course share: Chromium from Debian through playwright-core, a
// file server on a loopback port, and checks that print `<label>: ok   …` / `<label>: FAIL …`.
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(here, "../../.tools/node_modules/"));
export const { chromium } = require("playwright-core");

const TYPES = {
  ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".wasm": "application/wasm",
  ".css": "text/css", ".png": "image/png", ".json": "application/json", ".svg": "image/svg+xml",
  ".webmanifest": "application/manifest+json",
};

// A server on a free loopback port: `files(path)` gives a file's path, a page's text as
// `{ html }`, any text as `{ body, type }`, `{ drop: true }` to answer nothing (a network
// down), or null.
export async function serve(files) {
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url, "http://x").pathname);
    const file = files(path);
    try {
      if (file && file.drop) return request.socket.destroy();
      if (file && file.html !== undefined) {
        response.writeHead(200, { "content-type": TYPES[".html"] });
        return response.end(file.html);
      }
      if (file && file.body !== undefined) {
        response.writeHead(200, { "content-type": file.type || "application/octet-stream" });
        return response.end(file.body);
      }
      if (!file || !(await stat(file)).isFile()) throw new Error("none");
      response.writeHead(200, { "content-type": TYPES[extname(file)] || "application/octet-stream" });
      response.end(await readFile(file));
    } catch {
      response.writeHead(404).end("not found");
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, origin: `http://127.0.0.1:${server.address().port}` };
}

// A folder served from the server's root.
export function serveFolder(folder) {
  return serve((path) => {
    const rest = normalize(path).replace(/^\/+/, "") || "index.html";
    return rest.startsWith("..") ? null : join(folder, rest);
  });
}

// Headless Chromium as the tests run it.
export function launch() {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars"],
  });
}

// Long tasks (over 50 ms) a page has: `watchLongTasks(page)` before it loads, then
// `longTasks(page)` for their durations, shortest first (the measurement scripts print them).
export async function watchLongTasks(page) {
  await page.addInitScript(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.longTasks.push(Math.round(entry.duration));
    }).observe({ type: "longtask" });
  });
}

export async function longTasks(page) {
  return (await page.evaluate(() => window.longTasks)).sort((a, b) => a - b);
}

// Checks under `label`, and the run bounded to `limitMs` (a hung browser fails the run rather
// than holding up the test command). `check(name, test)`: the test passes by returning true or
// nothing, and fails by returning anything else (said as the reason) or throwing.
export function checks(label, limitMs) {
  const counts = { passed: 0, failed: 0 };
  setTimeout(() => {
    console.log(`${label}: FAIL the run took over ${limitMs / 60000} minutes\n${label}: ${counts.passed} passed, ${counts.failed + 1} failed`);
    process.exit(1);
  }, limitMs).unref();
  async function check(name, test) {
    try {
      const why = await test();
      if (why === true || why === undefined) {
        counts.passed++;
        console.log(`${label}: ok   ${name}`);
        return;
      }
      throw new Error(String(why));
    } catch (error) {
      counts.failed++;
      console.log(`${label}: FAIL ${name}: ${String(error.message || error).split("\n")[0]}`);
    }
  }
  function finish() {
    console.log(`${label}: ${counts.passed} passed, ${counts.failed} failed`);
    process.exit(counts.failed === 0 ? 0 : 1);
  }
  return { check, finish, counts };
}
