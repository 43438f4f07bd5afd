#!/bin/sh
# Replay against its recording, on saved pages of the shared corpus
# (../shared/corpus, served on 127.0.0.1, used in place): record the
# seed's task over 8 pages (snap each, read it), then replay it with the
# browser warm. Prints the recording's command time (the sum of each
# command's wall time, as an agent's calls would take), the median of
# REPLAYS replays, and replay ÷ recording. Skips when the corpus is absent.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
pages=${PAGES:-"aclu ars-1 bbc-1 citylab-1 cnet dropbox-blog ehow-1 engadget"}
replays=${REPLAYS:-5}
session=replaybench
bin=
. "$root/scripts/corpus-serve.sh"
# Warm: every page once, so neither side pays a first load.
for p in $pages; do tact --timeout 120s snap "$base/$p/source.html" >/dev/null; done

tact record start bench --force >/dev/null
rec=0
for p in $pages; do
  a=$(ms)
  tact --timeout 120s snap "$base/$p/source.html" >/dev/null 2>&1 || { echo "snap $p failed" >&2; exit 1; }
  tact --timeout 120s read >/dev/null 2>&1 || { echo "read $p failed" >&2; exit 1; }
  rec=$((rec + $(ms) - a))
done
tact record stop >/dev/null

times=""
n=0
while [ $n -lt "$replays" ]; do
  a=$(ms)
  tact --timeout 300s replay bench --keep-browser >/dev/null 2>"$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
  times="$times $(($(ms) - a))"
  n=$((n + 1))
done
med=$(printf '%s\n' $times | sort -n | sed -n "$(((replays + 1) / 2))p")
echo "pages: $(echo $pages | wc -w); recording's commands: ${rec} ms; replays (ms):$times; median ${med} ms"
awk -v r="$rec" -v m="$med" 'BEGIN { printf "replay / recording = %.2fx (goal <= 0.1x)\n", m / r }'
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
