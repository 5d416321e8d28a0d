#!/usr/bin/env bash
# Starts the wallet: installs dependencies, builds the web app, starts the local chains
# (local profile, the default) and the product server, and prints the URL.
set -euo pipefail
cd "$(dirname "$0")/.."
profile="${WALLET_PROFILE:-local}"
# The local network's Litecoin node is Debian's litecoind (LOCALNET_LTC=0 leaves it out).
ltc="${LOCALNET_LTC:-1}"
if [ "$profile" = "local" ] && ! [[ "${ltc,,}" =~ ^(0|false|no|off)$ ]]; then
  bash scripts/system-deps.sh litecoind
fi
bash scripts/ensure-deps.sh
if [ "$profile" = "local" ]; then emulator="${WALLET_EMULATOR:-1}"; else emulator="${WALLET_EMULATOR:-0}"; fi
echo "Building the web app (profile: $profile, emulator: $emulator)…"
WALLET_EMULATOR="$emulator" npm run build --silent -w @secux-companion/web -- --logLevel error
exec node --import tsx scripts/start.ts "$@"
