#!/usr/bin/env bash
# Installs what gamelab's site build and tests need, skipping whatever is already present:
# the wasm32 target, wasm-bindgen-cli pinned to the version in Cargo.lock, wasm-pack 0.15.1 and
# trunk 0.21.14 (from crates.io; wasm-pack's npm package downloads a prebuilt binary, which fails
# here), binaryen 132's wasm-opt and playwright-core (npm registry, into .tools/), and Debian's
# chromium + chromium-driver for the headless browser tests, graphviz and ruby-sanitize; Ray
# from PyPI for the Python driver's tests.
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14
WASM_PACK_VERSION=0.15.1
WASM_BINDGEN_VERSION=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
export PATH="$HOME/.cargo/bin:$PATH"

# Seconds since the set-up started, so a first run shows where its time goes.
say() { printf 'setup: [%4ss] %s\n' "$SECONDS" "$*"; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

# crates.io's index sometimes lacks a version a tool's lock file names; then resolve afresh.
cargo_install() {
  local crate=$1 version=$2
  say "installing $crate $version from crates.io (once; this takes a while)"
  cargo install --locked "$crate" --version "=$version" || cargo install "$crate" --version "=$version"
}

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

for component in rustfmt clippy; do
  if ! rustup component list --installed 2>/dev/null | grep -q "^$component"; then
    say "adding the $component component"
    rustup component add "$component"
  fi
done

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver)
command -v dot >/dev/null 2>&1 || missing+=(graphviz)  # the Sprouts proof-graph test renders with dot
# Canvas's kind of allow-list (Ruby's sanitize gem), for the course-platform test
ruby -e 'require "sanitize"' >/dev/null 2>&1 || missing+=(ruby-sanitize)
if [ ${#missing[@]} -gt 0 ]; then
  say "installing ${missing[*]} from Debian"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# From the npm registry, kept in the project's .tools/ (installed together: npm's --no-save
# prunes what an earlier --no-save put there): wasm-opt for release builds, binaryen 132
# (Debian's 108 breaks the externref table that wasm-bindgen 0.2.130 emits); and
# playwright-core, which drives Debian's chromium through course pages with games in frames
# from another origin (scripts/course_platforms.sh; it downloads no browser); and scorm-again,
# a SCORM 1.2 and 2004 run-time without a platform, which tests/course/scorm.mjs puts around
# the packages as a learning platform would.
BINARYEN_VERSION=132
PLAYWRIGHT_VERSION=1.65.1
SCORM_AGAIN_VERSION=3.4.3
if [ "$(.tools/node_modules/.bin/wasm-opt --version 2>/dev/null)" != "wasm-opt version $BINARYEN_VERSION (version_$BINARYEN_VERSION)" ] ||
  [ "$(node -p 'require("./.tools/node_modules/playwright-core/package.json").version' 2>/dev/null)" != "$PLAYWRIGHT_VERSION" ] ||
  [ "$(node -p 'require("./.tools/node_modules/scorm-again/package.json").version' 2>/dev/null)" != "$SCORM_AGAIN_VERSION" ]; then
  command -v npm >/dev/null 2>&1 || { say "installing nodejs and npm from Debian"; as_root apt-get update -qq; DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq nodejs npm >/dev/null; }
  say "installing binaryen $BINARYEN_VERSION (wasm-opt), playwright-core $PLAYWRIGHT_VERSION and scorm-again $SCORM_AGAIN_VERSION from the npm registry into .tools/"
  npm install --prefix .tools --no-save --no-audit --no-fund "binaryen@$BINARYEN_VERSION" "playwright-core@$PLAYWRIGHT_VERSION" "scorm-again@$SCORM_AGAIN_VERSION" >/dev/null
fi

if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
  cargo_install wasm-bindgen-cli "$WASM_BINDGEN_VERSION"
fi

if [ "$(wasm-pack --version 2>/dev/null)" != "wasm-pack $WASM_PACK_VERSION" ]; then
  cargo_install wasm-pack "$WASM_PACK_VERSION"
fi

if [ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]; then
  cargo_install trunk "$TRUNK_VERSION"
fi
# Ray for the distributed Sprouts driver's tests (PyPI; the package itself is built by pip and
# maturin from pyproject.toml in scripts/python_tests.sh).
RAY_VERSION=2.60.0
if ! python3 -c "import ray, sys; sys.exit(ray.__version__ != '$RAY_VERSION')" >/dev/null 2>&1; then
  say "installing ray $RAY_VERSION from PyPI (once)"
  python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore "ray==$RAY_VERSION"
fi

say "ready (wasm-bindgen $WASM_BINDGEN_VERSION, wasm-pack $WASM_PACK_VERSION, trunk $TRUNK_VERSION, binaryen $BINARYEN_VERSION, $(chromium --version 2>/dev/null | head -n 1))"
