#!/usr/bin/env bash
# Measures the bar of issue 15: Glop's page computing 1–12 spots in turn, against the native
# one-core search of the same games. This machine's speed drifts by a quarter from one quarter
# hour to the next, so each page run (two passes of 1–12 in one page, tests/wasm_bench.rs
# through_the_page) sits between two native runs, and its ratio is taken against their mean.
# Each round also prints the page's 12-spot times and its 13- and 14-spot ones (computed once, after the two passes).
# Usage: scripts/page_ratio.sh [ROUNDS] (default 5; about 30 s a round). The page is Glop's own
# module (the play page's); FEATURES=all-games measures the gallery's module with every game.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-5}"
case "$rounds" in '' | *[!0-9]*) echo "page_ratio.sh: ROUNDS must be a whole number, got '$rounds'" >&2; exit 2 ;; esac
scripts/setup.sh >/dev/null
export PATH="$PWD/.tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"
export WASM_BINDGEN_TEST_TIMEOUT="${WASM_BINDGEN_TEST_TIMEOUT:-900}"
features="${FEATURES:-sprouts}"

# Build both once, so that no round times a compilation.
cargo bench --bench sprouts_solve --no-run 2>/dev/null
cargo test --release --target wasm32-unknown-unknown --no-default-features --features "$features" --test wasm_bench --no-run 2>/dev/null

# The seconds of a "n = 1..12 in S s in all" line (both benchmarks print one).
total() {
  sed -n 's/.*n = 1\.\.12 in \([0-9.]*\) s in all.*/\1/p'
}
native() {
  cargo bench --bench sprouts_solve -- 12 600 dfpn 2>/dev/null | total
}
page() {
  cargo test --release --target wasm32-unknown-unknown --no-default-features --features "$features" --test wasm_bench -- \
    --include-ignored --nocapture through_the_page 2>/dev/null |
    grep -o 'BENCH page.*' || true
}

before=$(native)
for round in $(seq 1 "$rounds"); do
  lines=$(page)
  after=$(native)
  first=$(total <<<"$lines")
  second=$(sed -n 's/.*n = 1\.\.12 again, in the same page: \([0-9.]*\) s in all.*/\1/p' <<<"$lines")
  twelve=$(sed -n 's/.*12 spots (pass [12]): \([0-9.]*\) s.*/\1/p' <<<"$lines" | paste -sd/)
  beyond=$(sed -n 's/.*1[34] spots (pass 1): \([0-9.]*\) s.*/\1/p' <<<"$lines" | paste -sd/)
  if [ -z "$first" ] || [ -z "$second" ] || [ -z "$before" ] || [ -z "$after" ]; then
    echo "round $round: a run printed no total (page: '${first:-}' '${second:-}', native: '${before:-}' '${after:-}')" >&2
    exit 1
  fi
  awk -v r="$round" -v b="$before" -v a="$after" -v p1="$first" -v p2="$second" -v t="$twelve" -v u="$beyond" 'BEGIN {
    m = (a + b) / 2
    printf "round %d: native %.2f s / %.2f s, page %.2f s and %.2f s: %.2fx and %.2fx (12 spots in the page: %s s; 13 and 14: %s s)\n",
      r, b, a, p1, p2, p1 / m, p2 / m, t, u
  }'
  before=$after
done
