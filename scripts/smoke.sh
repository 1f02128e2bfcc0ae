#!/usr/bin/env bash
# Builds the site with Trunk and opens its pages in headless Chromium: every game element
# mounts, the embed options take effect, and no script error is logged.
set -euo pipefail
cd "$(dirname "$0")/.."
# wasm-opt (binaryen 132, from the npm registry) lives in .tools/; cargo's tools in ~/.cargo/bin.
export PATH="$PWD/.tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"

work=$(mktemp -d)
if ! trunk build --release >"$work/trunk.log" 2>&1; then
  cat "$work/trunk.log"
  echo "smoke: 0 passed, 1 failed"
  exit 1
fi

servers=()
trap 'kill "${servers[@]}" 2>/dev/null || true; rm -rf "$work"' EXIT
# Serves a folder on a free loopback port (left in $served), once it answers.
serve() {
  served=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  python3 -m http.server "$served" --bind 127.0.0.1 --directory "$1" >/dev/null 2>&1 &
  servers+=($!)
  for _ in $(seq 50); do
    python3 -c "import socket; socket.create_connection(('127.0.0.1', $served), 0.2)" 2>/dev/null && break
    sleep 0.1
  done
}
serve dist
port=$served

# Loads a page (a path under the site, or with $3 another port), lets its scripts run, prints
# the resulting DOM; the console goes to $2.
dump() {
  chromium --headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-quic \
    --no-first-run --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$(mktemp -d -p "$work")" --enable-logging=stderr --v=0 \
    --virtual-time-budget=8000 --dump-dom "http://127.0.0.1:${3:-$port}/$1" 2>"$2"
}

passed=0
failed=0
check() { # name, command...
  local name=$1
  shift
  if "$@"; then
    passed=$((passed + 1))
    echo "smoke: ok   $name"
  else
    failed=$((failed + 1))
    echo "smoke: FAIL $name"
  fi
}
count() { grep -o "$1" "$2" | wc -l | tr -d ' '; }
no_errors() { ! grep -E 'Uncaught|panicked|Refused to|Content Security Policy' "$1"; }

dump "" "$work/gallery.log" >"$work/gallery.html"
check "gallery: the ADE applet mounts" test "$(count 'data-gamelab-mounted="ade"' "$work/gallery.html")" = 1
check "gallery: E8 is drawn with its Coxeter number" grep -q 'Coxeter number h = 30' "$work/gallery.html"
check "gallery: the Glop page mounts with its main base count" grep -q 'Main base: [0-9]* positions' "$work/gallery.html"
check "gallery: the Glop page shows the 5-spot start" grep -q 'Canonical form: 0.0.0.0.0.}]!' "$work/gallery.html"
check "gallery: the Chain Reaction board mounts" test "$(count 'data-gamelab-mounted="chain-reaction"' "$work/gallery.html")" = 1
check "gallery: the Dots and Boxes board mounts with its scores" grep -q 'class="gl-scores">A 0 – B 0' "$work/gallery.html"
check "gallery: the Bazaar table mounts with a new game" grep -q 'A new game from seed 1.' "$work/gallery.html"
check "gallery: no script errors" no_errors "$work/gallery.log"

dump "www/embed.html" "$work/embed.log" >"$work/embed.html"
check "embed page: two applets mount" test "$(count 'data-gamelab-mounted="ade"' "$work/embed.html")" = 2
check "embed page: data-mode=playing shows the playing bar" grep -q 'id="e8"[^>]*data-mode="playing"' "$work/embed.html"
check "embed page: data-layers=3 replays three layers" grep -q '3: \[-2, -2, 4, -2\]' "$work/embed.html"
check "embed page: no script errors" no_errors "$work/embed.log"

# Glop computes in Web Workers under the site's own policy (module workers from blob: URLs that
# import gamelab.js): a page with index.html's policy, 9 spots computed in real time (workers run
# outside --dump-dom's virtual time, hence scripts/page_eval.py).
policy=$(grep -o '<meta http-equiv="Content-Security-Policy"[^>]*>' index.html)
echo 'import init from "./gamelab.js"; init();' >dist/smoke-glop.js
cat >dist/smoke-glop.html <<HTML
<!doctype html><html lang="en"><head><meta charset="utf-8">$policy<title>Glop in workers</title>
<script type="module" src="smoke-glop.js"></script></head>
<body><div data-gamelab="sprouts" data-spots="9"></div></body></html>
HTML
glop_status=$(python3 scripts/page_eval.py "http://127.0.0.1:$port/smoke-glop.html" '(async () => {
  const pause = () => new Promise((r) => setTimeout(r, 50));
  const root = document.querySelector("[data-gamelab=sprouts]");
  for (let i = 0; i < 200 && !root.querySelector("button[data-action=compute]"); i++) await pause();
  root.querySelector("button[data-action=compute]").click();
  for (let i = 0; i < 1200 && root.getAttribute("data-state") !== "done"; i++) await pause();
  return root.querySelector(".gl-tab-panel[data-tab=compute] .gl-status").textContent;
})()' 90 2>&1 || true)
echo "smoke: Glop under the site's policy said: $glop_status" | head -n 3
check "Glop under the site's policy: 9 spots computed in Web Workers" grep -q 'win (the first player wins).*expansions in [0-9a-z]* Web Worker' <<<"$glop_status"

# A course page that is not ours: the README's script snippet verbatim (two games' own modules),
# beside a copy of dist/, in a lecture page with hostile CSS. Each module's own import finds its
# wasm next to it.
course="$work/course"
mkdir -p "$course"
cp -r dist "$course/dist"
python3 - "$course/lecture.html" <<'PY'
import sys
readme = open("README.md").read()
section = readme[readme.index("## Putting a game in a course"):]
blocks = section.split("```html\n")[1:]
snippet = next(b[:b.index("```")] for b in blocks if "<script" in b[:b.index("```")])
hostile = "* { box-sizing: border-box; margin: 0; padding: 0 } button { background: #c00; font-size: 28px } body { background: #111; color: #eee } main { max-width: 700px }"
open(sys.argv[1], "w").write(f"<!doctype html><html><head><meta charset='utf-8'><style>{hostile}</style></head><body><main><h1>Lecture 7</h1>{snippet}</main></body></html>")
PY
serve "$course"
dump "lecture.html" "$work/lecture.log" "$served" >"$work/lecture.html"
check "course page: the README's script snippet mounts its three games" test "$(count 'data-gamelab-mounted=' "$work/lecture.html")" = 3
check "course page: the games' styles are added once" test "$(count 'id="gamelab-games"' "$work/lecture.html")" = 1
check "course page: no script errors" no_errors "$work/lecture.log"

# Each game's own module, wasm + JavaScript, gzip -9, against its budget (KB): what a play page
# or a course page with that one game downloads. Sprouts' module carries two pages: Glop's
# analysis and the game to play on a drawn board.
budget() { case $1 in sprouts) echo 450 ;; bazaar) echo 350 ;; *) echo 200 ;; esac; }
for game in ade sprouts bazaar chain-reaction dots-and-boxes; do
  raw=$(cat "dist/games/${game}_bg.wasm" "dist/games/$game.js" | wc -c)
  zipped=$(( $(gzip -9c "dist/games/${game}_bg.wasm" | wc -c) + $(gzip -9c "dist/games/$game.js" | wc -c) ))
  echo "smoke: size of $game: $((raw / 1024)) KB raw, $((zipped / 1024)) KB gzip -9 (budget $(budget "$game") KB)"
  check "size: $game within its budget" test "$zipped" -le "$(( $(budget "$game") * 1024 ))"
done

# Each page names its icon (www/favicon.svg), so no browser asks for a missing /favicon.ico.
icon_there() { # a page under dist/
  local href
  href=$(grep -o '<link rel="icon" href="[^"]*"' "dist/$1" | sed 's/.*href="//; s/"$//')
  [ -n "$href" ] && [ -s "dist/$(dirname "$1")/$href" ]
}
for page in index.html www/embed.html play.html; do
  check "$page: its icon is there" icon_there "$page"
done

ready=$(grep -o 'data-ready-ms="[0-9.]*"' "$work/gallery.html" | head -n 1 | grep -o '[0-9.]*' || true)
echo "smoke: gallery applet ready ${ready:-?} ms after navigation start (every game's module: wasm $(wc -c <dist/gamelab_bg.wasm) bytes, $(gzip -9c dist/gamelab_bg.wasm | wc -c) gzip)"

# Course platforms: the frames from Embed this through Canvas's kind of allow-list, in a course
# page from another origin (tests/course/platforms.mjs, its own count).
course_status=0
node tests/course/platforms.mjs dist || course_status=$?

# How the games look at 1280 and 400 px, light and dark (tests/course/looks.mjs, its own count);
# it also makes the README's pictures in www/screenshots/.
looks_status=0
node tests/course/looks.mjs dist www/screenshots || looks_status=$?

echo "smoke: $passed passed, $failed failed"
[ "$failed" = 0 ] && [ "$course_status" = 0 ] && [ "$looks_status" = 0 ]
