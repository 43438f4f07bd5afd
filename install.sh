#!/usr/bin/env bash
# Installs tact on Linux or macOS: Chromium from the distribution when no
# Chrome-family browser is present, then the tact binary.
#
#   curl -fsSL https://raw.githubusercontent.com/tact-browser/tact/main/install.sh | bash
#   ./install.sh [PREFIX]        # from a checkout: builds with Go instead
#
# PREFIX defaults to /usr/local as root, else ~/.local. Outside a checkout
# the release archive for this OS and CPU is downloaded and checked against
# the release's checksums.txt. Environment:
#   TACT_VERSION      a release tag (v1.2.3); default: the latest release
#   TACT_INSTALL      "release" or "source" to choose against the default
#   TACT_RELEASE_URL  where the archives and checksums.txt are (default:
#                     GitHub releases; CI serves a snapshot from 127.0.0.1)
#
# Two binaries are installed side by side: tact, and tact-daemon, the
# session daemon tact starts from its own directory.
set -euo pipefail

REPO=tact-browser/tact

have_browser() {
  [ -n "${TACT_CHROME:-}" ] && return 0
  for b in google-chrome google-chrome-stable chromium chromium-browser microsoft-edge brave-browser; do
    command -v "$b" >/dev/null 2>&1 && return 0
  done
  [ "$(uname -s)" = Darwin ] && for app in "Google Chrome" Chromium "Microsoft Edge" "Brave Browser"; do
    [ -d "/Applications/$app.app" ] && return 0
  done
  return 1
}

say() { echo "tact: $*"; }
die() { echo "tact: $*" >&2; exit 1; }

SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi

PREFIX="${1:-}"
if [ -z "$PREFIX" ]; then
  if [ "$(id -u)" = 0 ]; then PREFIX=/usr/local; else PREFIX="$HOME/.local"; fi
fi

# A checkout: this script sits next to tact's go.mod.
SRC=""
if [ -f "${BASH_SOURCE[0]:-}" ]; then
  dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
  if grep -qs '^module github.com/tact-browser/tact$' "$dir/go.mod"; then SRC="$dir"; fi
fi
MODE="${TACT_INSTALL:-}"
if [ -z "$MODE" ]; then
  if [ -n "$SRC" ]; then MODE=source; else MODE=release; fi
fi

if ! have_browser; then
  if command -v apt-get >/dev/null 2>&1; then
    say "installing Chromium (apt-get)…"
    $SUDO apt-get update -qq
    # With an emoji font: Debian's chromium does not pull one in, and
    # screenshots would draw emoji as empty boxes.
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-noto-color-emoji || \
      DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium-browser fonts-noto-color-emoji
  else
    echo "tact: no Chrome/Chromium found; install one or set TACT_CHROME" >&2
  fi
fi

mkdir -p "$PREFIX/bin"

install_source() {
  [ -n "$SRC" ] || die "TACT_INSTALL=source needs a checkout (git clone https://github.com/$REPO)"
  export PATH="/usr/local/go/bin:$PATH"
  command -v go >/dev/null 2>&1 || die "Go is needed to build tact (https://go.dev/dl/ or: apt-get install golang)"
  (cd "$SRC" && go build -trimpath -ldflags "-X main.commit=$(./scripts/commit.sh)" -o "$PREFIX/bin/" ./cmd/tact ./cmd/tact-daemon)
}

fetch() { # URL FILE
  if command -v curl >/dev/null 2>&1; then
    curl -fsSL --proto "$PROTOS" -o "$2" "$1"
  elif command -v wget >/dev/null 2>&1; then
    wget -q -O "$2" "$1"
  else
    die "curl or wget is needed to download tact"
  fi
}

sha256() {
  if command -v sha256sum >/dev/null 2>&1; then
    sha256sum "$1" | cut -d' ' -f1
  elif command -v shasum >/dev/null 2>&1; then
    shasum -a 256 "$1" | cut -d' ' -f1
  else
    die "sha256sum or shasum is needed to verify the download"
  fi
}

install_release() {
  local os arch
  case "$(uname -s)" in
    Linux) os=linux ;;
    Darwin) os=darwin ;;
    *) die "no release for $(uname -s) from this script; on Windows download tact_windows_amd64.zip from https://github.com/$REPO/releases" ;;
  esac
  case "$(uname -m)" in
    x86_64 | amd64) arch=amd64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) die "no release for CPU $(uname -m); build from a checkout instead" ;;
  esac
  local base="${TACT_RELEASE_URL:-}"
  # https only, but for a release served on this machine (CI's snapshot).
  PROTOS='=https,file'
  case "$base" in
    http://127.0.0.1:* | http://localhost:* | http://\[::1\]:*) PROTOS='=http,https,file' ;;
  esac
  if [ -z "$base" ]; then
    if [ -n "${TACT_VERSION:-}" ]; then
      base="https://github.com/$REPO/releases/download/$TACT_VERSION"
    else
      base="https://github.com/$REPO/releases/latest/download"
    fi
  fi
  local archive="tact_${os}_${arch}.tar.gz"
  TMP="$(mktemp -d)"
  trap 'rm -rf "$TMP"' EXIT
  say "downloading $base/$archive"
  fetch "$base/$archive" "$TMP/$archive"
  fetch "$base/checksums.txt" "$TMP/checksums.txt"
  local want got
  want="$(awk -v f="$archive" '$2 == f || $2 == "*" f { print $1 }' "$TMP/checksums.txt")"
  [ -n "$want" ] || die "$archive is not in checksums.txt"
  got="$(sha256 "$TMP/$archive")"
  [ "$want" = "$got" ] || die "checksum mismatch for $archive: want $want, got $got"
  tar -xzf "$TMP/$archive" -C "$TMP" tact tact-daemon
  install -m 0755 "$TMP/tact-daemon" "$PREFIX/bin/tact-daemon"
  install -m 0755 "$TMP/tact" "$PREFIX/bin/tact"
}

case "$MODE" in
  source) install_source ;;
  release) install_release ;;
  *) die "TACT_INSTALL=$MODE: want release or source" ;;
esac
say "installed $PREFIX/bin/tact ($("$PREFIX/bin/tact" --version))"
case ":$PATH:" in *":$PREFIX/bin:"*) ;; *) say "add $PREFIX/bin to your PATH";; esac
