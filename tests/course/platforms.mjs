// Games in a course platform, tested the way the platform shows them. The built site (dist/) is
// served from a sub-path (/course/gamelab/) on one loopback port. From its gallery, "Embed this"
// gives each game's iframe snippet; the snippet goes through Canvas's kind of allow-list
// (canvas_sanitize.rb, Ruby's sanitize gem); what survives is put in a course page with hostile
// CSS, served from another port (another origin), and opened in headless Chromium. In every frame
// the game mounts and takes a move through real input (mouse and keyboard), and nothing logs a
// script error or a policy violation. Also checked inside the frames: Glop's Web Workers and its
// kept base, a Bazaar JavaScript player in its sandboxed frame and its kept code, the ADE
// picture download.
//
//   node tests/course/platforms.mjs DIST     (SHOTS=FOLDER also saves pictures of the page)
//
// Prints `course: ok   …` / `course: FAIL …` a check and closes with `course: N passed, M failed`.
import { execFileSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join, normalize, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { serve, launch, checks } from "./run.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const dist = process.argv[2] || "dist";
// The games of the registry (`gamelab games --json`, copied beside the play page).
const GAMES = JSON.parse(await readFile(join(dist, "games.json"), "utf8")).map((g) => g.name);
const HOSTILE_CSS = "* { box-sizing: border-box; margin: 0; padding: 0 } iframe { max-width: 100% }"
  + " body { background: #111; color: #eee; font: 18px serif } main { max-width: 760px; margin: 0 auto }";

const playFrames = (page) => page.frames().filter((f) => f.url().includes("play.html"));
const { check, finish, counts } = checks("course", 300_000);

const site = await serve((path) => {
  const prefix = "/course/gamelab/";
  if (!path.startsWith(prefix)) return null;
  const rest = normalize(path.slice(prefix.length) || "index.html");
  if (rest.startsWith("..")) return null;
  return join(dist, rest.endsWith("/") ? rest + "index.html" : rest);
});
let coursePage = "";
const course = await serve((path) => (path === "/week-3.html" ? { html: coursePage } : null));

const browser = await launch();
const problems = [];
try {
  const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
  // In every frame: uncaught errors, refused promises and policy violations reach the console.
  await context.addInitScript(() => {
    addEventListener("error", (e) => console.error(`uncaught: ${e.message}`));
    addEventListener("unhandledrejection", (e) => console.error(`unhandled: ${e.reason}`));
    document.addEventListener("securitypolicyviolation", (e) =>
      console.error(`policy violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  const page = await context.newPage();
  page.on("console", (m) => {
    // A page without a favicon is no fault of the games.
    // Nor is the frame made without scripts refusing them: that is what it is for.
    const expected = m.location().url.endsWith("/favicon.ico") || /#no-scripts$/.test(m.location().url)
      || /frame is sandboxed and the 'allow-scripts' permission is not set/.test(m.text());
    if (m.type() === "error" && !expected) problems.push(`${m.location().url}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  const requested = [];
  page.on("request", (r) => requested.push(new URL(r.url()).pathname));

  // 1. The gallery's Embed this, for every game.
  await page.goto(`${site.origin}/course/gamelab/`);
  const snippets = {};
  // Sprouts has two cards: Glop's analysis (the frame tests below compute in it) and the game to
  // play (data-view="play"), whose frame must keep its view.
  const embedOf = async (selector) => {
    const root = page.locator(selector).first();
    await root.locator("details.gl-embed > summary").click();
    // The snippet is written when the panel's toggle event comes, just after the click.
    const box = root.locator("[data-field='embed-frame']");
    await box.evaluate((area) => new Promise((resolve) => {
      let tries = 0;
      const look = () => (area.value || ++tries > 250 ? resolve() : setTimeout(look, 20));
      look();
    }));
    return box.inputValue();
  };
  for (const game of GAMES) {
    snippets[game] = await embedOf(game === "sprouts" ? '[data-gamelab="sprouts"]:not([data-view])' : `[data-gamelab="${game}"]`);
  }
  const playSnippet = await embedOf('[data-gamelab="sprouts"][data-view="play"]');
  await check("Embed this of the Sprouts game to play keeps its view", () =>
    /play\.html\?game=sprouts&amp;view=play/.test(playSnippet) || playSnippet);
  await check("Embed this offers a frame of the play page for all five games", () => {
    const bad = GAMES.filter((g) => !snippets[g].startsWith(`<iframe src="${site.origin}/course/gamelab/play.html?game=${g}`));
    return bad.length === 0 || `not a frame of the play page: ${bad.map((g) => snippets[g]).join(" | ")}`;
  });

  await check("the Sprouts game to play is called Sprouts, in its frame's title and its tab", async () => {
    const title = (/ title="([^"]*)"/.exec(playSnippet) || [])[1];
    if (title !== "Sprouts (gamelab)") return `frame title ${title}`;
    const src = /src="([^"]*)"/.exec(playSnippet)[1].replaceAll("&amp;", "&");
    const alone = await context.newPage();
    await alone.goto(src);
    await alone.locator("[data-gamelab-mounted]").waitFor({ timeout: 20000 });
    const tab = await alone.title();
    await alone.close();
    return tab === "Sprouts (gamelab)" || `tab title ${tab}`;
  });

  // A frame takes its column's width: at the widest the play page lets a game be (720 px) the
  // game fits the height Embed this gave, and at a phone's 360 px nothing scrolls sideways.
  await check("each frame fits its game: the height at 720 px, no sideways scroll at 360 px", async () => {
    const misfits = [];
    for (const game of GAMES) {
      const width = / width="([^"]*)"/.exec(snippets[game])[1];
      if (width !== "100%") misfits.push(`${game}: width ${width}`);
      const height = Number(/ height="(\d+)"/.exec(snippets[game])[1]);
      const src = /src="([^"]*)"/.exec(snippets[game])[1].replaceAll("&amp;", "&");
      for (const [w, h] of [[720, height], [360, height]]) {
        const alone = await context.newPage();
        await alone.setViewportSize({ width: w, height: h });
        await alone.goto(src);
        await alone.locator(`[data-gamelab-mounted="${game}"]`).waitFor({ timeout: 20000 });
        await alone.waitForTimeout(1000);
        const [sw, sh] = await alone.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]);
        if (sw > w || (w === 720 && sh > h)) misfits.push(`${game}: ${sw} × ${sh} in ${w} × ${h}`);
        await alone.close();
      }
    }
    return misfits.length === 0 || misfits.join("; ");
  });

  // 2. Through Canvas's kind of allow-list.
  const kept = {};
  for (const game of GAMES) {
    kept[game] = execFileSync("ruby", [join(here, "canvas_sanitize.rb")], { input: snippets[game] }).toString();
  }
  const attributes = (html) => Object.fromEntries([...html.matchAll(/ ([a-z]+)(?:="([^"]*)")?/g)].map((m) => [m[1], m[2] ?? ""]));
  await check("the allow-list keeps every frame's src, title, width and height", () => {
    for (const game of GAMES) {
      const before = attributes(snippets[game]), after = attributes(kept[game]);
      for (const name of ["src", "title", "width", "height"]) {
        if (!after[name] || after[name] !== before[name]) return `${game}: ${name} lost: ${kept[game]}`;
      }
    }
    return true;
  });
  await check("the README's frame recipe survives the allow-list whole", async () => {
    const readme = await readFile(join(here, "../../README.md"), "utf8");
    const section = readme.slice(readme.indexOf("## Putting a game in a course"));
    const recipe = /```html\n(<iframe[^\n]*)\n```/.exec(section)?.[1];
    if (!recipe) return "no iframe recipe in the README";
    const after = execFileSync("ruby", [join(here, "canvas_sanitize.rb")], { input: recipe }).toString();
    const [a, b] = [attributes(recipe), attributes(after)];
    return Object.keys(a).every((k) => b[k] === a[k]) || after;
  });
  await check("the allow-list does strip a script snippet (what Canvas does to it)", () => {
    const stripped = execFileSync("ruby", [join(here, "canvas_sanitize.rb")],
      { input: '<script type="module">import init from "./dist/games/ade.js"; init();</script><div data-gamelab="ade"></div>' }).toString();
    return !/script|data-gamelab/.test(stripped) || stripped;
  });

  // 3. The course page, from another origin, with a second Bazaar frame seating a JavaScript player.
  const bazaarSrc = attributes(kept.bazaar).src.replaceAll("&amp;", "&");
  const withPlayer = new URL(bazaarSrc);
  withPlayer.searchParams.set("seats", "purchase-points,javascript");
  withPlayer.searchParams.set("seed", "2");
  // A platform's sandbox without allow-modals: window.confirm answers nothing there.
  const chainSrc = attributes(kept["chain-reaction"]).src.replaceAll("&amp;", "&");
  const sandboxed = new URL(chainSrc);
  sandboxed.searchParams.set("rows", "4");
  const frames = GAMES.map((g) => `<h2>${g}</h2>\n${kept[g]}`).join("\n")
    + `\n<h2>bazaar with a JavaScript player</h2>\n<iframe src="${withPlayer.href.replaceAll("&", "&amp;")}" title="Bazaar (gamelab)" width="700" height="900"></iframe>`
    + `\n<h2>chain reaction, sandboxed</h2>\n<iframe sandbox="allow-scripts allow-same-origin allow-downloads" src="${sandboxed.href.replaceAll("&", "&amp;")}" title="Chain Reaction (gamelab)" width="700" height="900"></iframe>`
    + `\n<h2>dots and boxes, sandboxed without scripts</h2>\n<iframe sandbox="" src="${attributes(kept["dots-and-boxes"]).src}#no-scripts" title="Dots and Boxes (gamelab)" width="100%" height="300"></iframe>`;
  coursePage = `<!doctype html><html><head><meta charset="utf-8"><title>Week 3</title><style>${HOSTILE_CSS}</style></head>`
    + `<body><main><h1>Week 3: games</h1><p>Play each game below.</p>\n${frames}\n</main></body></html>`;
  problems.length = 0;
  requested.length = 0;
  await page.goto(`${course.origin}/week-3.html`);
  const frameOf = (game, extra = "") => page.frames().find((f) => f.url().includes(`play.html?game=${game}`)
    && (extra ? f.url().includes(extra) : !f.url().includes("#no-scripts")));
  for (const game of GAMES) {
    await check(`${game} mounts in its frame`, async () => {
      const frame = frameOf(game);
      if (!frame) return "no frame";
      await frame.locator(`[data-gamelab-mounted="${game}"]`).waitFor({ timeout: 20000 });
      const url = new URL(frame.url());
      return url.origin !== course.origin || "the frame is not from another origin";
    });
  }

  await check("each frame downloads its own game's module and no other", () => {
    const wasm = [...new Set(requested.filter((p) => p.endsWith(".wasm")))].sort();
    const own = GAMES.map((g) => `/course/gamelab/games/${g}_bg.wasm`).sort();
    return JSON.stringify(wasm) === JSON.stringify(own) || wasm.join(", ");
  });
  await check("dots-and-boxes: a line drawn with the keyboard, the computer answers", async () => {
    const frame = frameOf("dots-and-boxes");
    await frame.locator("canvas.gl-canvas").first().focus();
    await page.keyboard.press("Enter");
    await frame.waitForFunction(() => document.querySelectorAll(".gl-history li").length >= 2, null, { timeout: 30000 });
  });
  await check("dots-and-boxes: its share link is the play page's, and opens the game as it is", async () => {
    const frame = frameOf("dots-and-boxes");
    await frame.locator("button[data-action='share']").click();
    const said = await frame.locator(".gl-status").first().textContent();
    const link = (/Link to this game[^:]*: (\S+)/.exec(said) || [])[1] || "";
    if (!link.startsWith(`${site.origin}/course/gamelab/play.html?game=dots-and-boxes&`) || !link.includes("#")) return said;
    const moves = await frame.evaluate(() => document.querySelectorAll(".gl-history li").length);
    const tab = await context.newPage();
    await tab.goto(link);
    await tab.waitForFunction((n) => document.querySelectorAll(".gl-history li").length === n, moves, { timeout: 20000 });
    await tab.close();
  });
  await check("chain-reaction: an orb dropped with the mouse", async () => {
    const frame = frameOf("chain-reaction");
    await frame.locator("canvas.gl-canvas").first().click({ position: { x: 12, y: 12 } });
    await frame.waitForFunction(() => document.querySelectorAll(".gl-history li").length >= 1, null, { timeout: 30000 });
  });
  await check("chain-reaction in a sandboxed frame without modals: Restart asks in the page and restarts", async () => {
    const frame = frameOf("chain-reaction", "rows=4");
    if (!frame) return "no sandboxed frame";
    await frame.locator("[data-gamelab-mounted]").waitFor({ timeout: 20000 });
    await frame.locator("canvas.gl-canvas").first().click({ position: { x: 12, y: 12 } });
    await frame.waitForFunction(() => document.querySelectorAll(".gl-history li").length >= 1, null, { timeout: 30000 });
    await frame.locator("button[data-action='restart']").click();
    await frame.locator(".gl-confirm button[data-confirm='yes']").click({ timeout: 5000 });
    const left = await frame.evaluate(() => document.querySelectorAll(".gl-history li").length);
    return left === 0 || `${left} moves left after Restart`;
  });
  await check("a frame that may not run scripts says so, and what to ask the platform for", async () => {
    const frame = frameOf("dots-and-boxes", "#no-scripts");
    if (!frame) return "no frame without scripts";
    // (A frame out of sight is not painted, and its styles' clock waits: it is looked at.)
    await (await frame.frameElement()).scrollIntoViewIfNeeded();
    await page.waitForTimeout(4500);
    const stuck = frame.locator(".gl-stuck");
    const [seen, said] = [await stuck.isVisible(), await stuck.textContent()];
    return (seen && said.includes("allow-scripts")) || `seen ${seen}: ${said}`;
  });
  await check("at a phone's 360 px the course page does not scroll sideways, and every board is on screen", async () => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.waitForTimeout(1500);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    if (wide > 360) return `the course page is ${wide} px wide`;
    const off = [];
    for (const game of GAMES) {
      const frame = frameOf(game);
      const [inner, right] = await frame.evaluate(() => {
        const board = document.querySelector("canvas.gl-canvas, canvas");
        return [innerWidth, board ? board.getBoundingClientRect().right : 0];
      });
      const side = await frame.evaluate(() => document.documentElement.scrollWidth);
      if (right > inner + 0.5 || side > inner) off.push(`${game}: board to ${right} px, page ${side} px, in ${inner} px`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    return off.length === 0 || off.join("; ");
  });
  await check("ade: played and fired, and the firing-sequence picture downloads", async () => {
    const frame = frameOf("ade");
    await frame.locator("button[data-action='playing']").click();
    await frame.locator("button[data-action='fire']").click();
    await frame.waitForFunction(() => /\b1: \[/.test(document.body.textContent), null, { timeout: 10000 });
    await frame.locator("button[data-action='show-graph']").click();
    const [download] = await Promise.all([
      page.waitForEvent("download", { timeout: 10000 }),
      frame.locator("button[data-action='save-png']").click(),
    ]);
    const name = download.suggestedFilename();
    const bytes = await readFile(await download.path());
    return (name === "firing-sequence.png" && bytes.subarray(1, 4).toString() === "PNG") || `${name}, ${bytes.length} bytes`;
  });
  const baseOf = (frame) => frame.evaluate(() => (/Main base: (\d+) positions/.exec(document.body.textContent) || [])[1]);
  let computedBase = null;
  await check("sprouts: computed in Web Workers inside the frame", async () => {
    const frame = frameOf("sprouts");
    await frame.locator("button[data-action='tab-compute']").click();
    await frame.locator("button[data-action='compute']").click();
    await frame.waitForFunction(() => document.querySelector("[data-gamelab-mounted]").getAttribute("data-state") === "done", null, { timeout: 60000 });
    const status = await frame.locator(".gl-tab-panel[data-tab=compute] .gl-status").textContent();
    computedBase = await baseOf(frame);
    return /Web Worker/.test(status) || status;
  });
  await check("bazaar: a step of the referee", async () => {
    const frame = frameOf("bazaar", "purchase-size");
    const before = await frame.locator("[data-gamelab-mounted]").innerText();
    await frame.locator("button[data-action='step']").click();
    await frame.waitForFunction((b) => document.querySelector("[data-gamelab-mounted]").innerText !== b, before, { timeout: 10000 });
  });
  await check("bazaar: Save as PNG in a frame says what to do if the frame forbids downloads", async () => {
    const frame = frameOf("bazaar", "purchase-size");
    await frame.locator("button[data-action='save-png']").click();
    const said = await frame.locator(".gl-status").first().textContent();
    return (said.includes("saved as a picture") && said.includes("open the game in a new tab")) || said;
  });
  const MINE = "// kept in a course frame\nfunction requestPebbleOrTrades(t) { return false; }\nfunction requestCards(t) { return []; }";
  await check("bazaar: a JavaScript player plays from its sandboxed frame", async () => {
    const frame = frameOf("bazaar", "javascript");
    const code = frame.locator("[data-field='code-1']");
    await code.click();
    await code.fill(MINE);
    await frame.locator("[data-field='speed']").fill("0").catch(() => {});
    await frame.locator("button[data-action='new-game']").click();
    await frame.locator("button[data-action='play']").click();
    await frame.waitForFunction(() => /Bea|requests? a pebble|takes? a pebble/.test(document.querySelector(".gl-bazaar-log")?.textContent || ""), null, { timeout: 30000 });
    const sandboxes = await frame.locator("iframe[data-gamelab-player]").count();
    return sandboxes === 1 || `${sandboxes} player frames`;
  });

  if (process.env.SHOTS) {
    // Pictures of the course page, for a person to look at: wide, and a phone's width.
    for (const width of [1280, 400]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(500);
      // Frames from another origin are painted where they are seen: one picture a frame.
      for (const [i, frame] of [...playFrames(page)].entries()) {
        await (await frame.frameElement()).scrollIntoViewIfNeeded();
        await page.waitForTimeout(300);
        await (await frame.frameElement()).screenshot({ path: `${process.env.SHOTS}/course-${width}-${i}.png` });
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  await check("no script error and no policy violation in the course page or its frames", () =>
    problems.length === 0 || problems.slice(0, 5).join(" | "));

  // 4. Kept across a reload: Glop's base (IndexedDB) and the player's code (the frame's storage).
  await page.waitForTimeout(1000);
  await page.reload();
  await check("after a reload, Glop's kept base and the pasted player are back", async () => {
    const glop = frameOf("sprouts");
    await glop.locator("[data-gamelab-mounted]").waitFor({ timeout: 20000 });
    await glop.waitForFunction((n) => (/Main base: (\d+) positions/.exec(document.body.textContent) || [])[1] === n, computedBase, { timeout: 20000 })
      .catch(() => {});
    const base = await baseOf(glop);
    const bazaar = frameOf("bazaar", "javascript");
    await bazaar.waitForFunction((c) => document.querySelector("[data-field='code-1']")?.value === c, MINE, { timeout: 20000 })
      .catch(() => {});
    const code = await bazaar.locator("[data-field='code-1']").inputValue();
    return (Number(base) > 0 && base === computedBase && code === MINE)
      || `base ${base} (computed ${computedBase}), code kept: ${code === MINE}`;
  });
} catch (error) {
  counts.failed++;
  console.log(`course: FAIL the run itself: ${error.message.split("\n")[0]}`);
} finally {
  await browser.close();
  site.server.close();
  course.server.close();
}
finish();
