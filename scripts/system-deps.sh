#!/usr/bin/env bash
# Installs the Debian packages named as arguments (chromium, postgresql, litecoind) that are missing, with apt-get as
# root or through password-less sudo; otherwise stops at once with one message naming the command to run. With --check
# first it only tells whether it could (exit 1 with that message when it could not) and installs nothing.
set -euo pipefail
check_only=0
if [ "${1:-}" = "--check" ]; then
  check_only=1
  shift
fi
missing=()
for pkg in "$@"; do
  case "$pkg" in
    chromium) [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium) ;;
    postgresql) compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || missing+=(postgresql) ;;
    litecoind) command -v "${LITECOIND:-litecoind}" >/dev/null 2>&1 || missing+=(litecoind) ;;
    *) command -v "$pkg" >/dev/null 2>&1 || missing+=("$pkg") ;;
  esac
done
[ ${#missing[@]} -eq 0 ] && exit 0

command="apt-get update && apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" = 0 ]; then
  sudo=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  sudo=(sudo)
else
  echo "Missing Debian packages: ${missing[*]}. Install them, then run this again:  sudo sh -c '$command'" >&2
  exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "Missing packages: ${missing[*]}, and this machine has no apt-get: install them with its package manager." >&2
  exit 1
fi
[ $check_only -eq 0 ] || exit 0
echo "Installing Debian packages: ${missing[*]}"
log=$(mktemp)
if ! { "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >"$log" 2>&1; then
  cat "$log" >&2
  echo "Installing ${missing[*]} failed (above). Run it yourself:  sudo sh -c '$command'" >&2
  rm -f "$log"
  exit 1
fi
rm -f "$log"
