#!/usr/bin/env bash
# A SCORM package of one game, as a learning platform imports it:
#   scripts/scorm.sh GAME 'QUERY' OUT.zip
# QUERY is the play page's query: the game's options and its goal, e.g.
#   scripts/scorm.sh dots-and-boxes 'rows=3&cols=3&seats=human,strong&goal=win' dots.zip
# (`&scorm=2004` for SCORM 2004; SCORM 1.2 otherwise). Made from the built site (dist/, built
# first if it is missing). Exit status 2: bad input, named on stderr; no file is written.
set -euo pipefail
if [ $# -ne 3 ]; then
  echo "usage: scripts/scorm.sh GAME 'QUERY' OUT.zip" >&2
  exit 2
fi
game=$1 query=$2 out=$3
root="$(cd "$(dirname "$0")/.." && pwd)"
if [ ! -f "$root/dist/play.html" ]; then
  "$root/scripts/build.sh" >&2 || { echo "scorm.sh: the site could not be built" >&2; exit 1; }
fi
export PATH="$HOME/.cargo/bin:$PATH"
cargo build --quiet --release --locked --manifest-path "$root/Cargo.toml" --bin gamelab >&2
partial="$out.partial.$$"
trap 'rm -f "$partial"' EXIT
status=0
"$root/target/release/gamelab" scorm "$game" "$query" --site "$root/dist" > "$partial" || status=$?
if [ "$status" -ne 0 ]; then
  exit "$status"
fi
mv "$partial" "$out"
echo "$out: a SCORM package of $game" >&2
