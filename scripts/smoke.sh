#!/usr/bin/env bash
# Builds the site with Trunk and opens its pages in headless Chromium through playwright-core
# (tests/course/: smoke.mjs the pages and sizes, platforms.mjs the course frames, scorm.mjs the
# SCORM packages under a run-time, offline.mjs the site offline and its updates, looks.mjs how
# the games look, which also makes the README's pictures). Each prints `<label>: N passed, M
# failed`; scripts/test.sh adds them up.
set -euo pipefail
cd "$(dirname "$0")/.."
# wasm-opt (binaryen 132, from the npm registry) lives in .tools/; cargo's tools in ~/.cargo/bin.
export PATH="$PWD/.tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"

log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! trunk build --release >"$log" 2>&1; then
  cat "$log"
  echo "smoke: 0 passed, 1 failed"
  exit 1
fi

status=0
node tests/course/smoke.mjs dist || status=1
node tests/course/platforms.mjs dist || status=1
node tests/course/scorm.mjs dist || status=1
node tests/course/offline.mjs dist || status=1
node tests/course/looks.mjs dist www/screenshots || status=1
exit "$status"
