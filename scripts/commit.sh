#!/bin/sh
# Prints the checkout's commit for `tact --version` (12 hex digits, with
# "-dirty" when tracked files have local changes), or nothing outside a git
# checkout. make and install.sh pass it as -ldflags "-X main.commit=…", so
# the commit shows even where Go's own VCS stamping is off
# (GOFLAGS=-buildvcs=false) or unavailable.
cd "$(dirname "$0")/.." || exit 0
c=$(git rev-parse --short=12 HEAD 2>/dev/null) || exit 0
if ! git diff --quiet HEAD -- 2>/dev/null; then
  c="$c-dirty"
fi
echo "$c"
