#!/usr/bin/env bash
# Runs every test: native (engines, drawing, CLI harnesses against tests/data),
# the browser tests through `wasm-pack test --headless --chrome` (the users' own command), and a
# smoke run of the Trunk-built site.
# Installs what is missing first (scripts/setup.sh), skipping what is present.
set -euo pipefail
cd "$(dirname "$0")/.."

# A full run writes about 6 GB (target/ 5.2 GB, .tools/, the crates); a disk that fills
# mid-build shows up only as a crashed linker, so the free space is named first and on failure.
free_space() { df -Pk . | awk 'NR == 2 { printf "%.1f GB free on this disk", $4 / 1048576 }'; }
if [ "$(df -Pk . | awk 'NR == 2 { print $4 }')" -lt $((8 * 1024 * 1024)) ]; then
  echo "test.sh: warning: $(free_space); a full run needs about 8 GB" >&2
fi
scripts/setup.sh
# wasm-opt (binaryen 132, from the npm registry) lives in .tools/; cargo's tools in ~/.cargo/bin.
export PATH="$PWD/.tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"

logs=$(mktemp -d)
finish() {
  local status=$?
  rm -rf "$logs"
  [ "$status" -eq 0 ] || echo "test.sh: failed with exit status $status ($(free_space))" >&2
}
trap finish EXIT

echo "== 0/4 house checks: rustfmt, clippy on both targets and the Python bindings (no warning)"
cargo fmt --check
cargo clippy --locked --all-targets -- -D warnings
cargo clippy --locked --features python --lib -- -D warnings
cargo clippy --locked --target wasm32-unknown-unknown --all-targets -- -D warnings

echo "== 1/4 native tests: engines, drawing, CLI harnesses (and the benches compile)"
cargo test --locked 2>&1 | tee "$logs/native.txt"
cargo check --locked --benches

echo "== 2/4 Python package and Ray driver: pip install ., tests/python on a local cluster"
# python: N passed, 0 failed is counted with the rest below.
scripts/python_tests.sh 2>&1 | tee "$logs/python.txt"

echo "== 3/4 browser tests: wasm-pack test --headless --chrome"
# The runner gives a test file 20 s by default, what users of `wasm-pack test` get; here it
# gets more, so a busy machine or a slow first start of Chromium fails nothing. Every file is
# kept to about half the default (the slowest is named below, to be split when it grows).
export WASM_BINDGEN_TEST_TIMEOUT="${WASM_BINDGEN_TEST_TIMEOUT:-180}"
# Every target compiles for wasm32 too (what wasm-pack builds): native-only tests compile empty.
cargo build --locked --target wasm32-unknown-unknown --tests
# Chromium leaves a profile folder (about 50 MB) per test file in the temporary folder: keep them
# in $logs, which goes when the run ends.
mkdir "$logs/tmp"
TMPDIR="$logs/tmp" wasm-pack test --headless --chrome 2>&1 | tee "$logs/browser.txt"
awk '/Running tests\/browser/ { file = $2 } /finished in/ && file { sub(/s$/, "", $NF); if ($NF + 0 > max) { max = $NF + 0; slowest = file } }
  END { printf "slowest browser test file: %s, %.1f s (users\x27 runner: 20 s a file)\n", slowest, max;
        if (max > 12) print "note: past 12 s, near the users\x27 20 s: split it" }' "$logs/browser.txt"

echo "== 4/4 site smoke run: trunk build, pages in headless Chromium"
scripts/smoke.sh 2>&1 | tee "$logs/smoke.txt"

# One closing line for everything above.
totals=$(cat "$logs"/*.txt | grep -Eo '[0-9]+ passed; [0-9]+ failed|[0-9]+ passed, [0-9]+ failed' |
  awk '{ p += $1; f += $3 } END { print p " passed, " f " failed" }')
echo "all: $totals"
