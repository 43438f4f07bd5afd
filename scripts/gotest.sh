#!/usr/bin/env bash
# make test's runner: go test on every package; a browser test that fails
# is run once more on its own, and the run passes only if it passes then.
# End-to-end tests drive a real browser on a busy 2-core machine, where a
# rare timing a test did not foresee can fail it; the rerun keeps that
# from failing CI, and the log names every test that needed it (FLAKY),
# so each one is seen and fixed. More than 5 failures, or a build
# failure, are never rerun.
set -uo pipefail
out=$(mktemp)
trap 'rm -f "$out"' EXIT
"${GO:-go}" test "$@" ./... 2>&1 | tee "$out"
status=${PIPESTATUS[0]}
[ "$status" = 0 ] && exit 0
# Top-level failed tests, with their package (the FAIL line after them).
mapfile -t failed < <(awk '
  /^--- FAIL: / { split($3, a, "/"); if (!(a[1] in seen)) { seen[a[1]] = 1; tests[++n] = a[1] } }
  /^FAIL\t/ { for (i = 1; i <= n; i++) print $2, tests[i]; n = 0; delete seen }
' "$out")
if grep -q -e '\[build failed\]' -e '^# ' "$out" || [ ${#failed[@]} -eq 0 ] || [ ${#failed[@]} -gt 5 ]; then
  exit "$status"
fi
echo
echo "== rerunning ${#failed[@]} failed test(s) once, each on its own"
for f in "${failed[@]}"; do
  pkg=${f% *} test=${f#* }
  if ! "${GO:-go}" test "$@" -run "^${test}\$" "$pkg"; then
    echo "FAIL (twice): $pkg $test"
    exit 1
  fi
  echo "FLAKY: $pkg $test failed, then passed on its own"
done
exit 0
