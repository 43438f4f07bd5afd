#!/usr/bin/env bash
# Installs tact from this checkout: Chromium from the distribution when no
# Chrome-family browser is present, then the tact binary (built with Go).
# Usage: ./install.sh [PREFIX]   (default PREFIX: /usr/local if root, else ~/.local)
set -euo pipefail
cd "$(dirname "$0")"

have_browser() {
  [ -n "${TACT_CHROME:-}" ] && return 0
  for b in google-chrome google-chrome-stable chromium chromium-browser microsoft-edge brave-browser; do
    command -v "$b" >/dev/null 2>&1 && return 0
  done
  return 1
}

SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi

if ! have_browser; then
  if command -v apt-get >/dev/null 2>&1; then
    echo "tact: installing Chromium (apt-get)…"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium || \
      DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium-browser
  else
    echo "tact: no Chrome/Chromium found; install one or set TACT_CHROME" >&2
  fi
fi

export PATH="/usr/local/go/bin:$PATH"
if ! command -v go >/dev/null 2>&1; then
  echo "tact: Go is needed to build tact (https://go.dev/dl/ or: apt-get install golang)" >&2
  exit 1
fi

PREFIX="${1:-}"
if [ -z "$PREFIX" ]; then
  if [ "$(id -u)" = 0 ]; then PREFIX=/usr/local; else PREFIX="$HOME/.local"; fi
fi
mkdir -p "$PREFIX/bin"
go build -trimpath -o "$PREFIX/bin/tact" ./cmd/tact
echo "tact: installed $PREFIX/bin/tact"
case ":$PATH:" in *":$PREFIX/bin:"*) ;; *) echo "tact: add $PREFIX/bin to your PATH";; esac
