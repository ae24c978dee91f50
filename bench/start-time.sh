#!/bin/sh
# ----------------------------------------------------------------------------
# Start time of the trainjob CLI, before and after the launcher's fast start (AppCDS archive, C1 only,
# serial GC): --version, status against the simulator, and report of the bundled sample diagnosis.
# Writes the table into docs/benchmarks.md between the start-time markers (BenchMain keeps that section).
#
#   bench/start-time.sh [RUNS]      (default 11 runs per cell; the median is shown)
#
# Needs cli/target/trainjob.jar (./mvnw -B -DskipTests -pl cli -am package). Wall-clock times of whole
# processes: they vary with whatever else the machine runs, so the table gives the median and the spread.
# ----------------------------------------------------------------------------
set -eu
BASEDIR=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd -P)
JAR="$BASEDIR/cli/target/trainjob.jar"
SAMPLE="$BASEDIR/docs/examples/aihc-diagnosis-response.json"
RUNS=${1:-11}
DOC="$BASEDIR/docs/benchmarks.md"
TMP=$(mktemp -d)
trap 'kill "$SIM_PID" 2>/dev/null || true; rm -rf "$TMP"' EXIT

[ -f "$JAR" ] || { echo "no $JAR: build it first" >&2; exit 2; }
export TRAINJOB_NO_BUILD=1

# The simulator, in its own JVM, and one job to ask about.
java -jar "$JAR" simulator --port 0 > "$TMP/banner" 2>/dev/null &
SIM_PID=$!
for _ in $(seq 1 100); do grep -q "listening on" "$TMP/banner" 2>/dev/null && break; sleep 0.2; done
ENDPOINT=$(sed -n 's/.*listening on \(http:[^ ,]*\).*/\1/p' "$TMP/banner" | head -n 1)
export TRAINJOB_ENDPOINT="$ENDPOINT" TRAINJOB_ACCESS_KEY=sim-access-key TRAINJOB_SECRET_KEY=sim-secret-key \
  TRAINJOB_PLATFORM=aihc TRAINJOB_RESOURCE_POOL=cce-sim00001
JOB=$(java -jar "$JAR" submit "$BASEDIR/docs/examples/simulator-fits.yaml" --set BUILD_NUMBER=1 -q)

# Median and range (min-max) of RUNS wall times in ms of: "$@" (stdout and stderr discarded).
measure() {
  : > "$TMP/times"
  "$@" > /dev/null 2>&1 || true # warm the page cache
  i=0
  while [ "$i" -lt "$RUNS" ]; do
    start=$(date +%s%N)
    "$@" > /dev/null 2>&1 || true
    end=$(date +%s%N)
    echo $(( (end - start) / 1000000 )) >> "$TMP/times"
    i=$((i + 1))
  done
  sort -n "$TMP/times" | awk '{ v[NR] = $1 } END { printf "%.2f s (%.2f-%.2f)", v[int((NR + 1) / 2)] / 1000, v[1] / 1000, v[NR] / 1000 }'
}

ARCHIVE="$BASEDIR/cli/target/trainjob.jsa"
rm -f "$ARCHIVE"
# First use: the launcher makes the archive (timed once, reported apart).
start=$(date +%s%N)
"$BASEDIR/trainjob" --version > /dev/null 2>&1
FIRST=$(( ($(date +%s%N) - start) / 1000000 ))

row() {
  what=$1
  shift
  before=$(measure java -jar "$JAR" "$@")
  jar_fast=$(measure java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -XX:SharedArchiveFile="$ARCHIVE" -jar "$JAR" "$@")
  after=$(measure "$BASEDIR/trainjob" "$@")
  echo "| \`$what\` | $before | $jar_fast | $after |"
}

{
  echo "<!-- start-time: written by bench/start-time.sh; BenchMain keeps this section -->"
  echo "## Start time of the CLI"
  echo
  echo "Wall time of one whole \`trainjob\` process, median of $RUNS runs (min-max), $(date -u '+%Y-%m-%d %H:%M') UTC,"
  echo "$(nproc) cores (load average $(cut -d" " -f1 /proc/loadavg) when it started: other builds share them), $(java -version 2>&1 | head -n 1)."
  echo "Before: \`java -jar trainjob.jar\`, what the launcher"
  echo "ran until now. After: the launcher (\`./trainjob\`, \`TRAINJOB_NO_BUILD=1\`), which adds an AppCDS archive"
  echo "made on first use, C1 only and the serial collector; its shell overhead is included. The middle column"
  echo "is what a \`java -jar\` user gets with the same options and the launcher's archive."
  echo
  echo "| command | before: \`java -jar\` | \`java\` + the same options | after: \`./trainjob\` |"
  echo "|---|---:|---:|---:|"
  row "--version" --version
  row "status JOB (simulator)" status "$JOB"
  row "report SAMPLE" report "$SAMPLE"
  echo
  echo "The first launcher run after a build also makes the archive: $(awk "BEGIN { printf \"%.1f\", $FIRST / 1000 }") s, once."
  echo "<!-- /start-time -->"
} > "$TMP/section"

cat "$TMP/section"
if [ -f "$DOC" ] && grep -q '<!-- start-time' "$DOC"; then
  awk -v f="$TMP/section" '
    /<!-- start-time/ { while ((getline line < f) > 0) print line; skip = 1; next }
    /<!-- \/start-time -->/ { skip = 0; next }
    !skip { print }' "$DOC" > "$TMP/doc" && cat "$TMP/doc" > "$DOC"
else
  { echo; cat "$TMP/section"; } >> "$DOC"
fi
echo "written to $DOC" >&2
