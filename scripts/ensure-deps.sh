#!/usr/bin/env bash
# Installs the project's npm dependencies when they are missing or older than the lockfile.
set -euo pipefail
cd "$(dirname "$0")/.."
stamp=node_modules/.package-lock.json
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ]; then
  echo "Installing dependencies (npm ci)…"
  npm ci --no-audit --no-fund --loglevel=error
fi
