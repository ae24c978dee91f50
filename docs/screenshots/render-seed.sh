#!/bin/sh
# Renders the seed example (the documented AIHC diagnosis, bundled scenario seed-taint-and-gpu) to an HTML
# report with `trainjob demo`, then screenshots it with headless Chromium (Debian package `chromium`).
#
#   docs/screenshots/render-seed.sh [OUT.png]      default: docs/screenshots/seed-report.png
#
# CHROMIUM   the browser binary (default: chromium)
set -e

BASEDIR=$(CDPATH= cd -- "$(dirname -- "$0")/../.." && pwd -P)
OUT=${1:-"$BASEDIR/docs/screenshots/seed-report.png"}
CHROMIUM=${CHROMIUM:-chromium}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

if ! command -v "$CHROMIUM" >/dev/null 2>&1; then
  echo "render-seed: error: $CHROMIUM not found; install Debian's chromium package or set CHROMIUM" >&2
  exit 2
fi
"$BASEDIR/trainjob" demo --report-file "$WORK/seed-report.html" >/dev/null
"$CHROMIUM" --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$WORK/profile" \
  --window-size=1280,1400 --screenshot="$OUT" "file://$WORK/seed-report.html" 2>/dev/null
echo "render-seed: wrote $OUT" >&2
