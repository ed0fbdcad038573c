#!/usr/bin/env bash
# Runs every Go fuzz target in the module for FUZZTIME each (default 20s).
# Targets are discovered, so new ones are picked up without editing this
# script: the packages whose test files declare a `func Fuzz...` (gofmt puts
# it at the start of a line) get one fuzz-instrumented test binary each
# (`go test -c -fuzz`), and that binary's own `-test.list '^Fuzz'` names the
# targets it runs. One build per package, not one per target: `go test
# -fuzz` relinks the binary on every call, about 9 s for pkg/api's each
# time. Fails if any target fails.
#
# Go 1.26's fuzz coordinator can report a bare "context deadline exceeded"
# as -fuzztime ends while a worker is still mid-call (go.dev/issue/75804,
# fixed in Go 1.27). Such a run wrote no failing input and printed no other
# failure, so it is reported as that race and not counted; anything else
# that fails still fails.
set -euo pipefail
cd "$(dirname "$0")/.."
FUZZTIME="${FUZZTIME:-20s}"
GO="${GO:-go}"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Directories with a fuzz target, as import paths and directories.
mapfile -t dirs < <(grep -rlE --include='*_test.go' --exclude-dir=node_modules \
  '^func Fuzz[A-Za-z0-9_]*\(' . | xargs -r -n1 dirname | sort -u)
if [ "${#dirs[@]}" -eq 0 ]; then
  echo "fuzz: no Fuzz targets found"
  exit 0
fi
mapfile -t pkgs < <("$GO" list -f '{{.ImportPath}} {{.Dir}}' "${dirs[@]}")
cache=$("$GO" env GOCACHE)/fuzz

targets=()
for p in "${pkgs[@]}"; do
  read -r pkg dir <<<"$p"
  bin="$work/$(echo "$pkg" | tr / _).test"
  # -fuzz only turns on the coverage instrumentation here; which target
  # runs is chosen when the binary runs.
  "$GO" test -c -fuzz . -o "$bin" "$pkg"
  [ -x "$bin" ] || continue # no test files in this build
  list=$(cd "$dir" && "$bin" -test.list '^Fuzz') # fails the run if it fails
  while IFS= read -r name; do
    case "$name" in Fuzz*) targets+=("$pkg $dir $bin $name") ;; esac
  done <<<"$list"
done

if [ "${#targets[@]}" -eq 0 ]; then
  echo "fuzz: no Fuzz targets found"
  exit 0
fi
echo "fuzz: ${#targets[@]} targets, $FUZZTIME each"
# deadline_race: the run's only failure is the bare deadline message.
deadline_race() {
  grep -q '^    context deadline exceeded$' "$1" &&
    [ "$(grep -c -e '^--- FAIL' -e '^    ' "$1")" -eq 2 ] &&
    ! grep -q -e 'panic' -e 'Failing input written' "$1"
}

log="$work/log"
failed=0
for t in "${targets[@]}"; do
  read -r pkg dir bin name <<<"$t"
  echo "== $pkg $name"
  corpus=$dir/testdata/fuzz/$name
  before=$(ls "$corpus" 2>/dev/null || true)
  # As `go test` runs it: in the package's directory (the seed corpus is
  # testdata/fuzz/NAME there), with the fuzz cache under GOCACHE.
  if (cd "$dir" && "$bin" -test.run '^$' -test.fuzz "^${name}\$" -test.fuzztime "$FUZZTIME" \
    -test.fuzzcachedir "$cache/$pkg" -test.paniconexit0 -test.timeout 10m) 2>&1 | tee "$log"; then
    continue
  fi
  after=$(ls "$corpus" 2>/dev/null || true)
  if [ "$before" = "$after" ] && deadline_race "$log"; then
    echo "RACE $pkg $name: the coordinator's deadline race (go.dev/issue/75804), no failing input; not counted"
    continue
  fi
  echo "FAIL $pkg $name"
  failed=1
done
exit "$failed"
