#!/usr/bin/env bash
# Runs every test: native (engines, drawing, CLI harnesses against ../shared/testdata),
# wasm-bindgen-test in headless Chromium, and a smoke run of the Trunk-built site.
# Installs what is missing first (scripts/setup.sh), skipping what is present.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
export PATH="$HOME/.cargo/bin:$PATH"
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

echo "== 1/3 native tests: engines, drawing, CLI harnesses"
cargo test --locked 2>&1 | tee "$logs/native.txt"

echo "== 2/3 browser tests: wasm-bindgen-test in headless Chromium"
for test in tests/browser_*.rs; do
  name=$(basename "$test" .rs)
  cargo test --locked --target wasm32-unknown-unknown --no-default-features --test "$name" 2>&1 | tee "$logs/$name.txt"
done

echo "== 3/3 site smoke run: trunk build, pages in headless Chromium"
scripts/smoke.sh 2>&1 | tee "$logs/smoke.txt"

# One closing line for everything above.
totals=$(cat "$logs"/*.txt | grep -Eo '[0-9]+ passed; [0-9]+ failed|[0-9]+ passed, [0-9]+ failed' |
  awk '{ p += $1; f += $3 } END { print p " passed, " f " failed" }')
echo "all: $totals"
