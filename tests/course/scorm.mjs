// SCORM packages as a learning platform runs them. Each package is made by scripts/scorm.sh from
// the built site, unzipped, and launched in headless Chromium inside a page that gives it the
// SCORM API through a real run-time (scorm-again, from the npm registry: SCORM 1.2 and 2004
// without a platform). The run-time's data is read after play: a game won reports passed and
// completed with its score, a game lost reports failed, a reload mid-game resumes the game from
// the resume data, and a package opened alone plays and says no result is recorded. A package
// for each of the five games, in both versions, launches and starts its session. Embed this's
// package, made in the page, holds the command line's files, byte for byte.
//
//   node tests/course/scorm.mjs DIST
//
// Prints `scorm: ok   …` / `scorm: FAIL …` a check and closes with `scorm: N passed, M failed`.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, normalize, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { serve, launch, checks, watchLongTasks, longTasks } from "./run.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "../..");
const dist = process.argv[2] || "dist";
const work = mkdtempSync(join(tmpdir(), "gamelab-scorm-"));
const { check: checked, finish } = checks("scorm", 900_000);
// ONLY=text runs the checks whose name has it (while mending one).
const check = (name, test) => (!process.env.ONLY || name.includes(process.env.ONLY) ? checked(name, test) : undefined);

// Packages by name: game, query.
const PACKAGES = {
  "dots-win-12": ["dots-and-boxes", "rows=1&cols=1&seats=easy,human&goal=win"],
  "dots-win-2004": ["dots-and-boxes", "rows=1&cols=1&seats=easy,human&goal=win&scorm=2004"],
  "dots-lose-12": ["dots-and-boxes", "rows=1&cols=1&seats=human,easy&goal=win"],
  "dots-resume-12": ["dots-and-boxes", "rows=2&cols=2&seats=human,easy&goal=win&games=2&pass=1"],
  "chain-12": ["chain-reaction", "rows=2&cols=2&seats=human,random&goal=win"],
  "chain-2004": ["chain-reaction", "rows=2&cols=3&seats=human,random&goal=win&scorm=2004"],
  "sprouts-12": ["sprouts", "view=play&spots=1&seats=perfect,human&goal=win"],
  "sprouts-2004": ["sprouts", "view=play&spots=1&seats=human,perfect&goal=win&scorm=2004"],
  "ade-12": ["ade", "graph=A3&mode=playing&goal=end"],
  "ade-2004": ["ade", "graph=A3&mode=playing&goal=end&scorm=2004"],
  "bazaar-12": ["bazaar", "seats=javascript,purchase-points&goal=win&limit-ms=2000"],
  "bazaar-2004": ["bazaar", "seats=purchase-points,purchase-size&scorm=2004"],
};
const launchOf = {};
for (const [name, [game, query]] of Object.entries(PACKAGES)) {
  const zip = join(work, `${name}.zip`);
  execFileSync(join(root, "scripts/scorm.sh"), [game, query, zip], { stdio: ["ignore", "ignore", "pipe"] });
  execFileSync("python3", ["-m", "zipfile", "-e", zip, join(work, name)]);
  const manifest = readFileSync(join(work, name, "imsmanifest.xml"), "utf8");
  launchOf[name] = /adlcp:scorm[tT]ype="sco" href="([^"]*)"/.exec(manifest)[1].replaceAll("&amp;", "&");
}

// The platform's page: the run-time as window.API (1.2) or window.API_1484_11 (2004), the data
// of an earlier attempt loaded into it, and the package's launch page in a frame. Every commit
// and the end of the session copy the run-time's data into the page (window.cmiSaved).
const platform = (name, version, earlier) => `<!doctype html><meta charset="utf-8"><title>LMS</title>
<script src="/scorm-again/${version === "2004" ? "scorm2004" : "scorm12"}.min.js"></script>
<script>
  const api = ${version === "2004" ? "new Scorm2004API" : "new Scorm12API"}({ autocommit: false, logLevel: 5 });
  const earlier = ${JSON.stringify(earlier || null)};
  if (earlier) api.loadFromJSON(earlier, "");
  window.${version === "2004" ? "API_1484_11" : "API"} = api;
  window.calls = [];
  const save = (what) => { window.calls.push(what); window.cmiSaved = JSON.parse(JSON.stringify(api.cmi)); };
  for (const event of ${version === "2004" ? '["Commit", "Terminate"]' : '["LMSCommit", "LMSFinish"]'}) api.on(event, () => save(event));
</script>
<iframe src="/pkg/${name}/${launchOf[name]}" width="700" height="900" title="activity"></iframe>`;

let page = "";
const site = await serve((path) => {
  if (path === "/lms.html") return { html: page };
  const rest = normalize(path).replace(/^\/+/, "");
  if (rest.startsWith("..")) return null;
  if (rest.startsWith("scorm-again/")) return join(root, ".tools/node_modules/scorm-again/dist", rest.slice(12));
  if (rest.startsWith("pkg/")) return join(work, rest.slice(4));
  if (rest.startsWith("site/")) return join(dist, rest.slice(5));
  return null;
});

const browser = await launch();
const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
const problems = [];
const tab = await context.newPage();
tab.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
// (A page without a favicon is no fault of the package.)
tab.on("console", (m) => { if (m.type() === "error" && !m.location().url.endsWith("/favicon.ico")) problems.push(`${m.location().url}: ${m.text()}`); });

// Opens package `name` under the platform (with an earlier attempt's data); the game's frame.
async function open(name, version, earlier) {
  page = platform(name, version, earlier);
  await tab.goto(`${site.origin}/lms.html`);
  const frame = tab.frames().find((f) => f.url().includes(`/pkg/${name}/`));
  await frame.locator("[data-gamelab-mounted]").waitFor({ timeout: 30000 });
  return frame;
}
const cmi = () => tab.evaluate(() => window.cmiSaved);
const moves = (frame) => frame.evaluate(() => document.querySelectorAll(".gl-history li").length);
const over = (frame) => frame.evaluate(() => document.querySelector("[data-gamelab-mounted]").getAttribute("data-state") === "over");

// A person's move on the board by the keyboard: Enter on the cursor's place, or, when that one is
// taken, the cursor moved on by the arrows in turn (at most `tries`).
const ARROWS = ["ArrowDown", "ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp", "ArrowRight"];
async function personMoves(frame, tries = 48) {
  const before = await moves(frame);
  await frame.locator("canvas.gl-canvas").first().focus();
  for (let i = 0; i < tries; i++) {
    await tab.keyboard.press("Enter");
    await tab.waitForTimeout(30);
    if ((await moves(frame)) > before) return true;
    await tab.keyboard.press(ARROWS[i % ARROWS.length]);
  }
  return false;
}

// Plays the person's moves until the game is over (the computers answer on their own).
async function playToTheEnd(frame, person = personMoves) {
  for (let turn = 0; turn < 200 && !(await over(frame)); turn++) {
    const state = await frame.evaluate(() => document.querySelector("[data-gamelab-mounted]").getAttribute("data-state"));
    if (state === "playing" && !(await person(frame))) throw new Error("the person found no move to make");
    if (state !== "playing") await tab.waitForTimeout(100);
  }
  await frame.waitForFunction(() => document.querySelector("[data-gamelab-mounted]").getAttribute("data-state") === "over", null, { timeout: 30000 });
  await tab.waitForTimeout(300);
}

try {
  await check("SCORM 1.2: a game of Dots and Boxes won reports passed, with its score", async () => {
    const frame = await open("dots-win-12", "1.2");
    await playToTheEnd(frame);
    const data = await cmi();
    const core = data.core;
    return (core.lesson_status === "passed" && core.score.raw === "1" && core.score.max === "1")
      || JSON.stringify(core);
  });
  await check("SCORM 2004: a game won reports completed and passed, scaled score 1", async () => {
    const frame = await open("dots-win-2004", "2004");
    await playToTheEnd(frame);
    const data = await cmi();
    return (data.completion_status === "completed" && data.success_status === "passed" && Number(data.score.scaled) === 1)
      || JSON.stringify({ c: data.completion_status, s: data.success_status, score: data.score });
  });
  await check("a game lost reports failed, and the page says so", async () => {
    const frame = await open("dots-lose-12", "1.2");
    await playToTheEnd(frame);
    const data = await cmi();
    const said = await frame.locator(".gl-status").first().textContent();
    return (data.core.lesson_status === "failed" && data.core.score.raw === "0" && /Not passed/.test(said))
      || `${data.core.lesson_status}: ${said}`;
  });
  await check("a reload mid-game resumes the game from the platform's resume data", async () => {
    let frame = await open("dots-resume-12", "1.2");
    await personMoves(frame);
    await frame.waitForFunction(() => document.querySelectorAll(".gl-history li").length >= 2, null, { timeout: 30000 });
    await tab.waitForTimeout(500);
    const played = await moves(frame);
    // Leaving the page (its frame closed, as a platform does) commits: the platform keeps the
    // data for the next attempt.
    await tab.evaluate(() => document.querySelector("iframe").remove());
    await tab.waitForTimeout(300);
    const earlier = await cmi();
    const calls = await tab.evaluate(() => window.calls);
    if (!calls.includes("LMSFinish")) return `the session was not finished on leaving: ${calls}`;
    if (!/^gamelab1;0;0;0\n./.test(earlier.suspend_data)) return `resume data ${JSON.stringify(earlier.suspend_data)}`;
    earlier.core.entry = "resume";
    frame = await open("dots-resume-12", "1.2", { cmi: earlier });
    await frame.waitForFunction((n) => document.querySelectorAll(".gl-history li").length === n, played, { timeout: 20000 });
  });
  await check("opened alone, a package plays and says no result is recorded", async () => {
    page = "";
    const alone = await context.newPage();
    await alone.goto(`${site.origin}/pkg/dots-win-12/${launchOf["dots-win-12"]}`);
    await alone.locator("[data-gamelab-mounted]").waitFor({ timeout: 30000 });
    const said = await alone.locator(".gl-status").first().textContent();
    await alone.close();
    return /no result is recorded/.test(said) || said;
  });
  for (const [name, version] of [["chain-12", "1.2"], ["chain-2004", "2004"], ["sprouts-12", "1.2"], ["sprouts-2004", "2004"]]) {
    await check(`${name}: played to its end, the platform is told what the page says`, async () => {
      const frame = await open(name, version);
      const sprouts = name.startsWith("sprouts");
      // Sprouts' moves are chosen from its list of moves.
      const listed = async (f) => {
        const before = await moves(f);
        await f.evaluate(() => { document.querySelector("details.gl-move-list").open = true; });
        await f.locator("button[data-action='move-0']").first().evaluate((b) => b.click(), null, { timeout: 10000 });
        await f.waitForFunction((n) => document.querySelectorAll(".gl-history li").length > n, before, { timeout: 30000 }).catch(async (e) => {
          throw new Error(`${e.message.split("\n")[0]}: ${await f.evaluate(() => document.querySelector(".gl-status").textContent + " | " + document.querySelector(".gl-history").outerHTML.slice(0, 300))}`);
        });
        return true;
      };
      await playToTheEnd(frame, sprouts ? listed : personMoves);
      const banner = await frame.locator(".gl-banner").first().textContent();
      const personFirst = /seats=human/.test(PACKAGES[name][1]);
      const won = new RegExp(`Player ${personFirst ? "(A|1) " : "(B|2) "}wins`).test(banner);
      const data = await cmi();
      const status = version === "2004" ? data.success_status : data.core.lesson_status;
      // One spot: the first player loses (Applegate, Jacobson and Sleator), whoever the person is.
      const known = { "sprouts-12": "passed", "sprouts-2004": "failed" }[name];
      if (known && status !== known) return `${status}, where one spot's outcome says ${known}`;
      return status === (won ? "passed" : "failed") || `${status} after "${banner}"`;
    });
  }
  for (const [name, version] of [["ade-12", "1.2"], ["ade-2004", "2004"]]) {
    await check(`${name}: a play run to its end (Exhaust fire on A3) completes the activity`, async () => {
      const frame = await open(name, version);
      await frame.locator("button[data-action='exhaust']").click();
      await frame.waitForFunction(() => /terminal/.test(document.querySelector(".gl-status")?.textContent || ""), null, { timeout: 30000 });
      await tab.waitForTimeout(300);
      const data = await cmi();
      const [done, passed] = version === "2004"
        ? [data.completion_status, data.success_status]
        : [data.core.lesson_status, data.core.lesson_status];
      return (/completed|passed/.test(done) && passed === "passed") || `${done} / ${passed}`;
    });
  }
  await check("bazaar-12: the student's JavaScript player plays a game; the platform is told whether it won", async () => {
    const frame = await open("bazaar-12", "1.2");
    await frame.locator("button[data-action='play']").click();
    await frame.waitForFunction(() => document.querySelector("[data-gamelab-mounted]").getAttribute("data-state") === "over", null, { timeout: 120000 });
    await tab.waitForTimeout(300);
    const said = await frame.locator(".gl-status").first().textContent();
    const winners = (/Winners: ([^.]*)\./.exec(said) || [])[1] || "";
    const won = winners.split(", ").includes("Adam");
    const data = await cmi();
    return data.core.lesson_status === (won ? "passed" : "failed") || `${data.core.lesson_status} after "${said}"`;
  });
  await check("bazaar-2004: a game without a goal, played to its end, completes the activity", async () => {
    const frame = await open("bazaar-2004", "2004");
    await frame.locator("button[data-action='play']").click();
    await frame.waitForFunction(() => document.querySelector("[data-gamelab-mounted]").getAttribute("data-state") === "over", null, { timeout: 120000 });
    await tab.waitForTimeout(300);
    const data = await cmi();
    return (data.completion_status === "completed" && data.success_status === "unknown")
      || `${data.completion_status} / ${data.success_status}`;
  });
  await check("Embed this makes the package in the page, scripts/scorm.sh's files byte for byte; Stop makes none", async () => {
    const page = await context.newPage();
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    let downloads = [];
    page.on("download", (d) => downloads.push(d));
    await watchLongTasks(page);
    await page.goto(`${site.origin}/site/play.html?game=sprouts&view=play&spots=2&seats=human,perfect&offer-embed=on`);
    await page.locator("[data-gamelab-mounted]").waitFor({ timeout: 30000 });
    await page.locator(".gl-embed summary").click();
    await page.selectOption("[data-field=package-goal]", "win");
    await page.fill("[data-field=package-games]", "3");
    await page.fill("[data-field=package-pass]", "2");
    await page.selectOption("[data-field=package-version]", "2004");
    const status = () => page.locator("[data-field=package-status]").getAttribute("data-state");
    // Started and stopped within one task: it stays stopped and nothing is offered.
    await page.evaluate(() => { const b = document.querySelector("[data-field=package-download]"); b.click(); b.click(); });
    if ((await status()) !== "stopped") return `Stop left "${await status()}"`;
    const offered = page.waitForEvent("download", { timeout: 120000 });
    const before = (await longTasks(page)).length;
    await page.click("[data-field=package-download]");
    const made = readFileSync(await (await offered).path());
    await page.waitForFunction(() => document.querySelector("[data-field=package-status]").getAttribute("data-state") === "saved");
    const tasks = (await longTasks(page)).slice(before);
    await page.close();
    if (downloads.length !== 1) return `${downloads.length} downloads`;
    writeFileSync(join(work, "page.zip"), made);
    execFileSync("python3", ["-m", "zipfile", "-e", join(work, "page.zip"), join(work, "page")]);
    const manifest = readFileSync(join(work, "page", "imsmanifest.xml"), "utf8");
    const launch = /adlcp:scorm[tT]ype="sco" href="play\.html\?game=sprouts&amp;([^"]*)"/.exec(manifest)[1].replaceAll("&amp;", "&");
    if (!/goal=win&games=3&pass=2&scorm=2004$/.test(launch)) return `launch ${launch}`;
    execFileSync(join(root, "scripts/scorm.sh"), ["sprouts", launch, join(work, "cli.zip")], { stdio: ["ignore", "ignore", "pipe"] });
    console.log(`scorm: (packing ${made.length} bytes in the page: long tasks ${JSON.stringify(tasks)} ms)`);
    // Each file, in order, byte for byte (the two deflaters differ, so the zips' bytes may).
    const listing = (zip) => execFileSync("python3", ["-c", `import sys, zipfile, hashlib
z = zipfile.ZipFile(sys.argv[1])
assert z.testzip() is None
for i in z.infolist(): print(i.filename, hashlib.sha256(z.read(i)).hexdigest())`, zip]).toString();
    const [inPage, cli] = [listing(join(work, "page.zip")), listing(join(work, "cli.zip"))];
    return (inPage === cli && inPage.split("\n").length > 6) || `the page's package:\n${inPage}the command line's:\n${cli}`;
  });
  await check("no script error in the platform's page or its packages", () => problems.length === 0 || problems.slice(0, 5).join(" | "));
} catch (error) {
  console.log(`scorm: FAIL the run itself: ${error.message.split("\n")[0]}`);
  process.exitCode = 1;
} finally {
  await browser.close();
  site.server.close();
  rmSync(work, { recursive: true, force: true });
}
finish();
