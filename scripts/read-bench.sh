#!/bin/sh
# End-to-end time of `tact read` (the default read and `read --all`) on
# the saved pages of the shared corpus (../shared/corpus, served on
# 127.0.0.1, used in place): each page is opened, then read by a tact
# process of its own, as an agent calls it. Prints the median and p90 ms
# per page of each. BIN=DIR times the tact and tact-daemon built there
# instead of this checkout's; BASE=DIR times a second build too (another
# revision, in a session of its own), page by page in alternation, so
# that both see the same load, and prints the median of the per-page
# ratios. Skips when the corpus is absent.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
session=readbench
bin=${BIN:-}
base_bin=${BASE:-}
. "$root/scripts/corpus-serve.sh"
if [ -n "$base_bin" ]; then
  trap 'cleanup; "$base_bin/tact" --session readbench-base browser stop >/dev/null 2>&1' EXIT INT TERM
fi
tactb() { "$base_bin/tact" --session readbench-base --browser-arg="$rules" "$@"; }
# time1 BUILD ARGS…: ms of one read by that build (tact or tactb), or
# nothing when it failed.
time1() {
  f=$1
  shift
  a=$(ms)
  "$f" --timeout 60s "$@" >/dev/null 2>&1 || { echo "$* failed on $p" >&2; return 0; }
  echo $(($(ms) - a))
}
for k in main all bmain ball; do : >"$tmp/$k"; done
for d in "$corpus"/*/; do
  p=$(basename "$d")
  tact --timeout 60s open "$base/$p/source.html" --no-snap >/dev/null 2>&1 || continue
  if [ -n "$base_bin" ]; then
    tactb --timeout 60s open "$base/$p/source.html" --no-snap >/dev/null 2>&1 || continue
    # Which build reads first alternates from page to page.
    n=$((${n:-0} + 1))
    if [ $((n % 2)) = 0 ]; then
      m=$(time1 tact read) bm=$(time1 tactb read) a=$(time1 tact read --all) ba=$(time1 tactb read --all)
    else
      bm=$(time1 tactb read) m=$(time1 tact read) ba=$(time1 tactb read --all) a=$(time1 tact read --all)
    fi
    [ -n "$m" ] && [ -n "$bm" ] && echo "$m" >>"$tmp/main" && echo "$bm" >>"$tmp/bmain" && echo "$m $bm" >>"$tmp/rmain"
    [ -n "$a" ] && [ -n "$ba" ] && echo "$a" >>"$tmp/all" && echo "$ba" >>"$tmp/ball" && echo "$a $ba" >>"$tmp/rall"
  else
    m=$(time1 tact read)
    [ -n "$m" ] && echo "$m" >>"$tmp/main"
    a=$(time1 tact read --all)
    [ -n "$a" ] && echo "$a" >>"$tmp/all"
  fi
done
stat() {
  sort -n "$1" | awk -v name="$2" '{ v[NR] = $1 } END {
    printf "%s: %d pages, median %d ms, p90 %d ms\n", name, NR, v[int((NR + 1) / 2)], v[int(NR * 0.9 + 0.999)] }'
}
ratio() {
  awk '$2 > 0 { print $1 / $2 }' "$1" | sort -g | awk -v name="$2" '{ v[NR] = $1 } END {
    printf "%s: median of per-page ratios (this build / BASE) %.2f\n", name, v[int((NR + 1) / 2)] }'
}
stat "$tmp/main" "tact read"
stat "$tmp/all" "tact read --all"
if [ -n "$base_bin" ]; then
  stat "$tmp/bmain" "BASE tact read"
  stat "$tmp/ball" "BASE tact read --all"
  ratio "$tmp/rmain" "tact read"
  ratio "$tmp/rall" "tact read --all"
fi
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
