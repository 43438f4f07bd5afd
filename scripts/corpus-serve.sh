# Sourced by the corpus benchmarks (replay-bench.sh, read-bench.sh), with
# $root (the checkout), $session and $bin (where tact and tact-daemon
# are, or empty: they are built there from $root) set: exits when the
# corpus is absent ($TACT_CORPUS_DIR, else ../shared/corpus beside the
# checkout), makes $tmp (removed on exit), serves $corpus on 127.0.0.1 at
# $base, defines tact (the session, offline) and ms (now, in ms), and
# waits until the server answers.
corpus=${TACT_CORPUS_DIR:-$root/../shared/corpus/readability/pages}
if [ ! -d "$corpus" ]; then
  echo "no corpus at $corpus: skipped"
  exit 0
fi
tmp=$(mktemp -d)
srv=
[ -n "$bin" ] || bin=$tmp
cleanup() {
  [ -n "$srv" ] && kill "$srv" 2>/dev/null
  [ -x "$bin/tact" ] && "$bin/tact" --session "$session" browser stop >/dev/null 2>&1
  rm -rf "$tmp"
}
trap cleanup EXIT INT TERM
[ "$bin" != "$tmp" ] || (cd "$root" && go build -o "$tmp/" ./cmd/tact ./cmd/tact-daemon)
export TACT_HOME="$tmp/home"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server --bind 127.0.0.1 --directory "$corpus" "$port" >/dev/null 2>&1 &
srv=$!
base="http://127.0.0.1:$port"
# Offline, as the corpus is: other sites fail at once instead of waiting
# out DNS (the same for both sides).
rules="--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost"
tact() { "$bin/tact" --session "$session" --browser-arg="$rules" "$@"; }
ms() { date +%s%3N; }
i=0
until tact --timeout 5s open "$base/001/source.html" --no-snap >/dev/null 2>&1; do
  i=$((i + 1))
  [ $i -lt 50 ] || { echo "the corpus server did not start" >&2; exit 1; }
  sleep 0.1
done
