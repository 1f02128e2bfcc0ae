#!/usr/bin/env bash
# Installs what is missing, then builds and serves the site on http://127.0.0.1:8080.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
# wasm-opt (binaryen 132, from the npm registry) lives in .tools/; cargo's tools in ~/.cargo/bin.
export PATH="$PWD/.tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"
exec trunk serve --release --address 127.0.0.1 --port 8080 "$@"
