#!/usr/bin/env bash
# The one command that runs every test: types, lint, unit, server (SQLite and PostgreSQL),
# integration against the local chains, and end-to-end in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh

echo "== Type check"
npx tsc -p apps/web --noEmit
npx tsc -p apps/server --noEmit
for p in packages/* chains/* localnet e2e; do
  [ -f "$p/tsconfig.json" ] && npx tsc -p "$p" --noEmit
done

echo "== Lint"
npx eslint . --max-warnings=0

echo "== Build the web app"
WALLET_EMULATOR=1 npm run build --silent -w @secux-companion/web -- --logLevel error

echo "== Tests (unit, server, integration, end-to-end)"
mkdir -p .tmp
status=0
npx vitest run --reporter=default --reporter=json --outputFile.json=.tmp/vitest-results.json "$@" || status=$?
# One plain closing line that any CI reader understands.
node -e '
  const r = require("./.tmp/vitest-results.json");
  const skipped = (r.numPendingTests || 0) + (r.numTodoTests || 0);
  console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`);
' || true
exit $status
