#!/usr/bin/env bash
# The site's per-game modules and its play page, built by Trunk after the gallery (Trunk.toml's
# post_build hook; it can also run alone: scripts/build_games.sh DIR). Each game is built with
# only its own feature, so a play page or a course page with one game downloads only that game's
# code: DIR/games/<game>.js and DIR/games/<game>_bg.wasm. Release builds go through wasm-opt -Oz,
# as Trunk does for the gallery's module. The play page (www/play.html, www/play.js) goes to
# DIR itself, beside gamelab.js, with games.json, the list of games it reads.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/.tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"

out=${1:-${TRUNK_STAGING_DIR:?"give the folder to build into (or run from trunk build)"}}
profile=${TRUNK_PROFILE:-release}
# The games, from the registry (src/games.rs; www/games.json is its copy, checked by a test).
mapfile -t games < <(node -e 'for (const g of require("./www/games.json")) console.log(g.name)')
[ "${#games[@]}" -gt 0 ] || { echo "$0: no games read from www/games.json (is node installed?)" >&2; exit 1; }

release_flag=()
[ "$profile" = release ] && release_flag=(--release)
mkdir -p "$out/games"
for game in "${games[@]}"; do
  # One after another in the shared target folder: the dependencies are built once, cargo
  # keeps each feature set's own build of gamelab, and each artifact is taken before the next.
  cargo build --locked --lib "${release_flag[@]}" --target wasm32-unknown-unknown \
    --no-default-features --features "$game" --quiet
  wasm-bindgen --target web --no-typescript --out-dir "$out/games" --out-name "$game" \
    "target/wasm32-unknown-unknown/$profile/gamelab.wasm"
  if [ "$profile" = release ]; then
    wasm="$out/games/${game}_bg.wasm"
    wasm-opt -Oz "$wasm" -o "$wasm.opt"
    mv "$wasm.opt" "$wasm"
  fi
done
cp www/play.html www/play.js www/games.json "$out/"

# The service worker that keeps the site offline (www/sw.js) goes to DIR, where its scope is
# the whole site, its VERSION a digest of every other file: a build that changes any file is a
# new worker with a cache of its own, and open pages move to it together (the worker's own code
# counts too).
rm -f "$out/www/sw.js"
version=$({ (cd "$out" && find . -type f ! -name sw.js -print0 | LC_ALL=C sort -z | xargs -0 sha256sum); sha256sum www/sw.js; } | sha256sum | cut -c1-16)
sed "s/^const VERSION = \"unbuilt\";\$/const VERSION = \"$version\";/" www/sw.js > "$out/sw.js"
grep -q "^const VERSION = \"$version\";" "$out/sw.js" || { echo "$0: www/sw.js lost its VERSION line" >&2; exit 1; }
