#!/usr/bin/env bash
# The Python package (PyO3, built by maturin through pip) and its Ray driver: installs the
# package from this checkout, builds the command line (the tests run `gamelab sprouts check`
# on a base the cluster proved), and runs tests/python on a local Ray cluster on 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore .
cargo build --locked --bin gamelab
export GAMELAB_CLI="$PWD/target/debug/gamelab"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
python3 -m unittest discover -s tests/python -v 2>&1 | tee "$log"
# One line in the form the test command totals.
ran=$(grep -Eo '^Ran [0-9]+ tests?' "$log" | grep -Eo '[0-9]+')
if grep -q '^OK' "$log"; then
  echo "python: $ran passed, 0 failed"
else
  echo "python: tests failed"
  exit 1
fi
