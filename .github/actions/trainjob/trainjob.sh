#!/usr/bin/env bash
# Runs trainjob for the steps of action.yml: one executable, quoted, never a word list that an input could
# turn into more commands or options (security review N6). exec: the CLI becomes the step's process, so the
# runner's SIGINT on a cancelled run reaches it and the job on the platform is stopped.
#
#   TJ_CMD   the action's `trainjob` input:
#            empty          the launcher of the repository this action belongs to (three levels up, as the
#                           runner unpacks `uses: owner/repo/.github/actions/trainjob@ref`); it builds the CLI
#                           with the Maven wrapper on first use, which needs a JDK 17 (the action sets one up)
#            a path to a .jar   run with java -jar (a jar built once per workflow run and shared)
#            any other path     an executable trainjob (a launcher, a wrapper of your own)
set -eo pipefail
cmd="${TJ_CMD:-}"
if [ -z "$cmd" ]; then
  cmd="$(dirname -- "${BASH_SOURCE[0]}")/../../../trainjob"
fi
case "$cmd" in
  *.jar) exec java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -jar "$cmd" "$@" ;;
  *) exec "$cmd" "$@" ;;
esac
