#!/usr/bin/env bash
# Installs what is missing, then builds and serves the site on http://127.0.0.1:8080.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
export PATH="$HOME/.cargo/bin:$PATH"
exec trunk serve --release --address 127.0.0.1 --port 8080 "$@"
