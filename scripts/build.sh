#!/usr/bin/env bash
# Builds the site into dist/ (installing what is missing first): the gallery, the play page and
# each game's own module. Copy dist/ to any static web space to put games in a course.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
# wasm-opt (binaryen 132, from the npm registry) lives in .tools/; cargo's tools in ~/.cargo/bin.
export PATH="$PWD/.tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"
exec trunk build --release "$@"
