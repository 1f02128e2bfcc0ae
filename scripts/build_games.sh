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
