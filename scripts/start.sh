#!/usr/bin/env bash
# Starts the wallet: installs dependencies, builds the web app, starts the local chains
# (local profile, the default) and the product server, and prints the URL.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
profile="${WALLET_PROFILE:-local}"
if [ "$profile" = "local" ]; then emulator="${WALLET_EMULATOR:-1}"; else emulator="${WALLET_EMULATOR:-0}"; fi
echo "Building the web app (profile: $profile, emulator: $emulator)…"
WALLET_EMULATOR="$emulator" npm run build --silent -w @secux-companion/web -- --logLevel error
exec node --import tsx scripts/start.ts "$@"
