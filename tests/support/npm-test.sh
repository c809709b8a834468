#!/usr/bin/env bash
# `npm test`: lint and types beside the suite, not before it. Vitest's two workers wait on the
# database and the browsers for part of every file, and the checks fill that time instead of
# adding their own minute. Either failing fails the run; the checks' output follows the suite's.
export NPM_TEST_STARTED=$(date +%s%3N)
# Without arguments it is the whole run (the time table and the bench say so).
[ "$#" -eq 0 ] && export NPM_TEST_WHOLE=1
mkdir -p tests/.artifacts
checks_log=tests/.artifacts/checks.log
(
  started=$(date +%s%3N)
  npm run checks >"$checks_log" 2>&1
  status=$?
  echo "checks: exit $status in $(( ($(date +%s%3N) - started) / 1000 )) s" >>"$checks_log"
  exit $status
) &
checks=$!
vitest run --configLoader runner "$@"
suite=$?
wait "$checks"
lint=$?
echo
cat "$checks_log"
exit $((suite || lint))
