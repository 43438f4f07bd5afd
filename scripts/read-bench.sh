#!/bin/sh
# End-to-end time of `tact read` (the default read and `read --all`) on
# the saved pages of the shared corpus (../shared/corpus, served on
# 127.0.0.1, used in place): each page is opened, then read by a tact
# process of its own, as an agent calls it. Prints the median and p90 ms
# per page of each. BIN=DIR times the tact and tact-daemon built there
# (another revision, to compare) instead of this checkout's. Skips when
# the corpus is absent.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
session=readbench
bin=${BIN:-}
. "$root/scripts/corpus-serve.sh"
: >"$tmp/main"
: >"$tmp/all"
for d in "$corpus"/*/; do
  p=$(basename "$d")
  tact --timeout 60s open "$base/$p/source.html" --no-snap >/dev/null 2>&1 || continue
  a=$(ms)
  tact --timeout 60s read >/dev/null 2>&1 || { echo "read $p failed" >&2; continue; }
  echo $(($(ms) - a)) >>"$tmp/main"
  a=$(ms)
  tact --timeout 60s read --all >/dev/null 2>&1 || { echo "read --all $p failed" >&2; continue; }
  echo $(($(ms) - a)) >>"$tmp/all"
done
stat() {
  sort -n "$1" | awk -v name="$2" '{ v[NR] = $1 } END {
    printf "%s: %d pages, median %d ms, p90 %d ms\n", name, NR, v[int((NR + 1) / 2)], v[int(NR * 0.9 + 0.999)] }'
}
stat "$tmp/main" "tact read"
stat "$tmp/all" "tact read --all"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
