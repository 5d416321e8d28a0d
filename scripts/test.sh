#!/usr/bin/env bash
# The one command that runs every test: types, lint, unit, server (SQLite and PostgreSQL), integration against the
# local chains, and end-to-end in Chromium. It installs what it needs first (Debian packages as root or with
# password-less sudo, else it stops and names the command). Each phase prints its time; the install steps run side
# by side, and so do the checks (types, lint, build). TEST_OPT_OUT=postgres,lan leaves those parts out (the closing
# line counts and names what they skipped).
# Extra arguments go to both Vitest runs (e.g. a file filter).
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp/test
rm -f .tmp/test/*
t0=$(date +%s)

# Runs a phase with its output into .tmp/test/NAME.log; prints that log (as it comes with LIVE=1) and the phase's
# time when it ends.
run_phase() {
  local name=$1
  shift
  local start
  start=$(date +%s)
  local rc
  if [ "${LIVE:-0}" = 1 ]; then
    "$@" 2>&1 | tee ".tmp/test/$name.log"
    rc=${PIPESTATUS[0]}
  else
    "$@" >".tmp/test/$name.log" 2>&1
    rc=$?
  fi
  local secs=$(($(date +%s) - start))
  echo "== $name ($secs s, exit $rc)"
  [ "${LIVE:-0}" = 1 ] || cat ".tmp/test/$name.log"
  echo "$name $secs $rc" >".tmp/test/$name.time"
  return $rc
}
report_times() {
  echo "== Phase times (s), wall clock from the start: $(($(date +%s) - t0)) s"
  for f in .tmp/test/*.time; do
    [ -f "$f" ] && read -r name secs rc <"$f" && printf '   %-10s %5s s%s\n' "$name" "$secs" "$([ "$rc" = 0 ] || echo "  (exit $rc)")"
  done
}

opt_out=",${TEST_OPT_OUT:-},"
system_pkgs=(chromium litecoind)
[[ $opt_out == *,postgres,* ]] || system_pkgs+=(postgresql)

echo "== Install (Debian packages and npm dependencies, side by side)"
# Stops at once, naming the command, when packages are missing and cannot be installed from here.
bash scripts/system-deps.sh --check "${system_pkgs[@]}" || exit 1
run_phase system bash scripts/system-deps.sh "${system_pkgs[@]}" &
system_pid=$!
run_phase npm bash scripts/ensure-deps.sh
npm_rc=$?
wait $system_pid
system_rc=$?
if [ $npm_rc -ne 0 ] || [ $system_rc -ne 0 ]; then
  report_times
  echo "tests: 0 passed, 1 failed, 0 skipped"
  exit 1
fi

echo "== Types, lint and the web build (side by side)"
run_phase types npx tsc -p . &
types_pid=$!
run_phase lint npx eslint . --max-warnings=0 --cache --cache-location node_modules/.cache/eslint/ &
lint_pid=$!
run_phase build env WALLET_EMULATOR=1 npm run build --silent -w @secux-companion/web -- --logLevel error
build_rc=$?
wait $types_pid
types_rc=$?
wait $lint_pid
lint_rc=$?
if [ $build_rc -ne 0 ]; then
  report_times
  echo "tests: 0 passed, 1 failed, 0 skipped"
  exit 1
fi

echo "== Tests: unit, server and integration; then end to end"
# One after the other, each with the whole machine: side by side on two cores, the end-to-end files starved the unit
# files that time providers on loopback (failover, failure modes) into failures, and the run was no shorter. The unit
# files get a worker per core; the end-to-end files one more (each drives one page at a time and waits on its chains).
vitest() {
  local name=$1 project=$2 workers=$3
  shift 3
  local filter=()
  [ $# -eq 0 ] || filter=(--passWithNoTests "$@")
  npx vitest run --project "$project" --maxWorkers="$workers" --reporter=default --reporter=json \
    --outputFile.json=".tmp/test/$name.json" "${filter[@]}"
}
cores=$(nproc)
LIVE=1 run_phase unit vitest unit '!e2e' "${UNIT_WORKERS:-$cores}" "$@"
LIVE=1 run_phase e2e vitest e2e e2e "${E2E_WORKERS:-$((cores + 1))}" "$@"

report_times
status=0
[ $types_rc -eq 0 ] || { echo "the type check failed (above)"; status=1; }
[ $lint_rc -eq 0 ] || { echo "lint failed (above)"; status=1; }
# Last: the closing line.
node scripts/test-summary.mjs .tmp/test/unit.json .tmp/test/e2e.json || status=1
exit $status
