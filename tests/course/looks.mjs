// How the games look, checked as a person would see them, and the README's pictures made on the
// way. Every game's play page (dist/play.html) is opened in headless Chromium at 1280 and 400 px,
// in light and dark, and saved as www/screenshots/<game>-<width>-<scheme>.png. Checked on each:
// the page fits its width (nothing runs off the right edge), the game follows the theme (its
// background dark in dark, light in light), the settings are folded behind one line, the picture
// is on screen without scrolling, "How to play" is there with its pictures; then, once: focus
// is drawn visibly, reduced motion starts Chain Reaction's animation at "instant", and
// data-theme holds against the system's choice, and a game whose module cannot load says so.
//
//   node tests/course/looks.mjs DIST [SHOTS]     (SHOTS: where the pictures go; www/screenshots)
//
// Prints `looks: ok   …` / `looks: FAIL …` a check and closes with `looks: N passed, M failed`.
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { serveFolder, launch, checks } from "./run.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const dist = process.argv[2] || "dist";
const shots = process.argv[3] || join(here, "../../www/screenshots");
// Each game as the README shows it: a game under way where a share link can set one up.
const GAMES = [
  ["ade", "play.html?game=ade&graph=E8&values=1,0,2,0,1,0,3,1", true],
  ["sprouts", "play.html?game=sprouts&spots=5", false],
  ["sprouts-play", "play.html?game=sprouts&view=play&spots=5&seats=human,perfect", true],  // perfect: the same picture every run
  ["bazaar", "play.html?game=bazaar&seats=purchase-points,purchase-size", true],
  ["chain-reaction", "play.html?game=chain-reaction&rows=6&cols=5&players=3#chain=6x5x3/0.0,2.2,5.4,0.1,2.3,4.4,1.1,3.3,5.3,2.1,1.3,4.3", true],
  ["dots-and-boxes", "play.html?game=dots-and-boxes&rows=3&cols=3&seats=human,human&analysis=on#dots=3x3/0.5.13.18.3.12", true],
];
const { server, origin } = await serveFolder(dist);
const { check, finish } = checks("looks", 240_000);

// Every game and view of the registry (games.json) is looked at: a new one needs its line above.
{
  const { readFile } = await import("node:fs/promises");
  const registry = JSON.parse(await readFile(join(dist, "games.json"), "utf8"));
  const wanted = registry.flatMap((g) =>
    g.views.length ? g.views.map((v, i) => (i === 0 ? g.name : `${g.name}-${v}`)) : [g.name]);
  const looked = new Set(GAMES.map(([name]) => name));
  const missing = wanted.filter((name) => !looked.has(name));
  await check(`every game and view of the registry is looked at (${wanted.join(", ")})`, () =>
    missing.length === 0 || `not looked at: ${missing.join(", ")}`);
}

// The relative luminance of a CSS colour `rgb(r, g, b)`.
const luminance = (css) => {
  const [r, g, b] = css.match(/[\d.]+/g).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

const browser = await launch();
try {
  for (const scheme of ["light", "dark"]) {
    for (const width of [1280, 400]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
      const page = await context.newPage();
      const errors = [];
      page.on("pageerror", (e) => errors.push(e.message));
      page.on("console", (m) => { if (m.type() === "error" && !m.location().url.endsWith("/favicon.ico")) errors.push(m.text()); });
      for (const [game, path, picture] of GAMES) {
        const at = `${game} at ${width} px, ${scheme}`;
        await page.goto(`${origin}/${path}`);
        await page.waitForSelector("[data-gamelab-mounted][data-ready-ms]");
        // Animations and first computer moves settle.
        await page.waitForTimeout(1200);
        const seen = await page.evaluate(() => {
          const root = document.querySelector("[data-gamelab-mounted]");
          const canvas = root.querySelector(":scope .gl-canvas");
          const box = canvas && canvas.getBoundingClientRect();
          const settings = root.querySelector("details.gl-settings");
          const rules = root.querySelector("details.gl-rules, details.gl-bazaar-help");
          return {
            scrollWidth: document.documentElement.scrollWidth,
            background: getComputedStyle(root).backgroundColor,
            ink: getComputedStyle(root).color,
            pictureTop: box ? box.top : null,
            pictureWidth: box ? box.width : 0,
            settingsOpen: settings ? settings.open : null,
            rules: !!rules,
            rulePictures: root.querySelectorAll(".gl-rules figure canvas").length,
          };
        });
        await check(`${at}: fits its width`, () =>
          seen.scrollWidth <= width || `the page is ${seen.scrollWidth} px wide`);
        await check(`${at}: follows the theme`, () => {
          const [bg, ink] = [luminance(seen.background), luminance(seen.ink)];
          const dark = bg < 0.1 && ink > 0.5;
          return (scheme === "dark") === dark || `background ${seen.background}, text ${seen.ink}`;
        });
        if (seen.settingsOpen !== null) {
          await check(`${at}: settings folded`, () => !seen.settingsOpen || "the settings open by default");
        }
        if (picture) {
          await check(`${at}: the picture is on screen without scrolling`, () =>
            (seen.pictureTop !== null && seen.pictureTop < 420 && seen.pictureWidth >= Math.min(300, width - 40))
            || `top ${seen.pictureTop}, width ${seen.pictureWidth}`);
        }
        if (game !== "ade") {
          await check(`${at}: how to play`, () => seen.rules || "no How to play");
        }
        if (game === "sprouts-play") {
          // A game under way: the person's first listed move, the computer's answer drawn.
          await page.$eval("[data-action='move-0']", (button) => button.click());   // in the folded list
          await page.waitForFunction(() => document.querySelector("[data-gamelab-mounted]").hasAttribute("data-move-ms"), null, { timeout: 30000 });
        }
        if (["chain-reaction", "dots-and-boxes", "sprouts", "sprouts-play"].includes(game)) {
          await check(`${at}: the rules' pictures`, () => seen.rulePictures >= 2 || `${seen.rulePictures} pictures`);
        }
        await page.screenshot({ path: join(shots, `${game}-${width}-${scheme}.png`), fullPage: true });
      }
      await check(`${width} px, ${scheme}: no script errors`, () => errors.length === 0 || errors[0]);
      await context.close();
    }
  }

  {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: "reduce", colorScheme: "dark" });
    const page = await context.newPage();
    await page.goto(`${origin}/play.html?game=chain-reaction`);
    await page.waitForSelector("[data-gamelab-mounted][data-ready-ms]");
    await check("reduced motion: Chain Reaction's animation starts at instant", async () => {
      const value = await page.locator("[data-field='speed']").inputValue();
      return value === "0" || `the animation is ${value}`;
    });
    await check("focus: the keyboard's focus is drawn, 2 px or more", async () => {
      await page.keyboard.press("Tab");
      const ring = await page.evaluate(() => {
        const f = document.activeElement;
        const s = getComputedStyle(f);
        return { tag: f.tagName, style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
      });
      return (ring.style !== "none" && ring.width >= 2) || `${ring.tag}: outline ${ring.style} ${ring.width}px`;
    });
    await context.close();
  }
  {
    // A big board on a phone keeps cells a fingertip wide and scrolls inside its frame.
    const context = await browser.newContext({ viewport: { width: 400, height: 900 } });
    const page = await context.newPage();
    for (const [game, query, lines, least] of [["chain-reaction", "rows=20&cols=20", 20, 30], ["dots-and-boxes", "rows=10&cols=10", 10, 44]]) {
      await page.goto(`${origin}/play.html?game=${game}&${query}`);
      await page.waitForSelector("[data-gamelab-mounted][data-ready-ms]");
      await check(`${game} ${query} at 400 px: cells of ${least} px or more, the page still 400 px`, async () => {
        const seen = await page.evaluate(() => ({
          canvas: document.querySelector(".gl-board-stage .gl-canvas").getBoundingClientRect().width,
          page: document.documentElement.scrollWidth,
        }));
        const cell = seen.canvas / (lines + (game === "dots-and-boxes" ? 1 : 0));
        return (cell >= least - 0.5 && seen.page <= 400) || `cells of ${cell.toFixed(1)} px, page ${seen.page} px`;
      });
    }
    // The automaton view's state machine keeps its drawn size on a phone (its labels were 6 px).
    await page.goto(`${origin}/play.html?game=chain-reaction&automaton=on`);
    await page.waitForSelector("[data-gamelab-mounted][data-ready-ms]");
    await check("chain-reaction's state machine at 400 px: shown at its drawn size, the page still 400 px", async () => {
      const seen = await page.evaluate(() => {
        const machine = document.querySelector(".gl-machine");
        return { shown: machine.clientWidth, drawn: parseFloat(machine.style.width), page: document.documentElement.scrollWidth };
      });
      return (seen.drawn > 0 && Math.abs(seen.shown - seen.drawn) < 1 && seen.page <= 400) || JSON.stringify(seen);
    });
    await context.close();
  }
  {
    // Sprouts by finger on a phone: a touch drawn from spot 1 to spot 2 (a curve, through the
    // browser's own touch input), the new spot confirmed by a tap.
    const context = await browser.newContext({ viewport: { width: 400, height: 900 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(`${origin}/play.html?game=sprouts&view=play&spots=2&seats=human,human`);
    await page.waitForSelector("[data-gamelab-mounted][data-ready-ms]");
    await check("sprouts-play at 400 px: a line drawn by touch, confirmed by a tap", async () => {
      const position = () => page.locator(".gl-position").textContent();
      const before = await position();
      const box = await page.locator(".gl-sprouts-play canvas.gl-canvas").boundingBox();
      // Two spots start at (150, 200) and (450, 200) of the 600 by 400 paper.
      const scale = box.width / 600;
      const at = (x, y) => ({ x: box.x + x * scale, y: box.y + y * scale });
      const cdp = await context.newCDPSession(page);
      const touch = (type, p) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: p ? [p] : [] });
      await touch("touchStart", at(150, 200));
      for (let k = 1; k <= 24; k++) {
        const t = k / 24;
        await touch("touchMove", at(150 + 300 * t, 200 - 90 * Math.sin(Math.PI * t)));
      }
      await touch("touchEnd");
      const confirm = page.locator("[data-action='confirm']");
      await confirm.waitFor({ state: "visible", timeout: 5000 });
      // A finger takes a moment to reach the button (Chrome reads a tap at once after a drag
      // as part of the same gesture, and sends no click).
      await page.waitForTimeout(600);
      await confirm.tap();
      await page.waitForFunction((b) => document.querySelector(".gl-position").textContent !== b, before, { timeout: 5000 });
      const status = await page.locator(".gl-status").textContent();
      const scrolled = await page.evaluate(() => window.scrollX);
      return (!/not a move|refused/i.test(status) && scrolled === 0) || `${status} (scrolled ${scrolled})`;
    });
    await context.close();
  }
  {
    // (No service worker: it would answer the module refused below from what it keeps, as it
    // should offline, and a route never sees what a worker answers.)
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: "dark", serviceWorkers: "block" });
    const page = await context.newPage();
    await page.goto(`${origin}/play.html?game=dots-and-boxes&theme=light`);
    await page.waitForSelector("[data-gamelab-mounted][data-ready-ms]");
    await check("data-theme=light holds in a dark system", async () => {
      const bg = await page.evaluate(() => getComputedStyle(document.querySelector("[data-gamelab-mounted]")).backgroundColor);
      return luminance(bg) > 0.8 || `background ${bg}`;
    });
    // A game whose module cannot load (a network or a policy refuses it) says so.
    await page.route("**/games/dots-and-boxes_bg.wasm", (route) => route.abort());
    await page.goto(`${origin}/play.html?game=dots-and-boxes`);
    await check("a game that cannot start says so", async () => {
      const alert = page.locator("[data-gamelab-play] [role='alert']");
      await alert.waitFor({ timeout: 10000 });
      const said = await alert.textContent();
      const loading = await page.locator("[data-gamelab-loading]").count();
      return (said.includes("Dots and Boxes could not start here") && loading === 0) || said;
    });
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
finish();
