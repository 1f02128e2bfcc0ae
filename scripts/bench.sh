#!/usr/bin/env bash
# Prints the figures of docs/benchmarks.md: Fire layers/s and the Sprouts n-spot outcomes natively and in
# headless Chromium (the same code, src/bench.rs), the release wasm size, and how soon the
# gallery's applet is ready. SPROUTS_MAX (default 14) and SPROUTS_LIMIT (seconds per n,
# default 600) bound the native Sprouts run, SPROUTS_SEARCH (dfpn, probing, depth-first) picks
# its search.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh >/dev/null
# wasm-opt (binaryen 132, from the npm registry) lives in .tools/; cargo's tools in ~/.cargo/bin.
export PATH="$PWD/.tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"
# The wasm benchmarks run in a build with every game (the gallery's module).
features=all-games

cargo bench --bench ade_fire 2>/dev/null
cargo bench --bench chain_reaction_playouts 2>/dev/null
cargo bench --bench dots_boxes_solve 2>/dev/null
cargo bench --bench bazaar 2>/dev/null
cargo bench --bench sprouts_solve -- "${SPROUTS_MAX:-14}" "${SPROUTS_LIMIT:-600}" "${SPROUTS_SEARCH:-dfpn}" 2>/dev/null

# The benchmarks block the page for seconds at a time: give the runner room.
export WASM_BINDGEN_TEST_TIMEOUT="${WASM_BINDGEN_TEST_TIMEOUT:-900}"
echo "wasm ($(chromium --version | head -n 1), headless, release build):"
cargo test --release --target wasm32-unknown-unknown --no-default-features --features "$features" --test wasm_bench -- --include-ignored --nocapture 2>/dev/null |
  grep -o 'BENCH.*' | sed 's/^BENCH /  /'

trunk build --release >/dev/null 2>&1
echo "site: wasm $(wc -c <dist/gamelab_bg.wasm) bytes raw, $(gzip -9c dist/gamelab_bg.wasm | wc -c) bytes gzip -9; js glue $(wc -c <dist/gamelab.js) bytes"
node tests/course/gallery_load.mjs dist 5
