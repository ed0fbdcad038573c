#!/usr/bin/env bash
# Runs every Go fuzz target in the module for FUZZTIME each (default 20s).
# Targets are discovered with `go test -list '^Fuzz'`, so new ones are
# picked up without editing this script. Fails if any target fails.
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

# `go test -list` prints each package's matching names, then a line
# "ok <package> <time>"; pair the names with the package that follows them.
listing=$("$GO" test -list '^Fuzz' ./...)
targets=()
names=()
while IFS= read -r line; do
  case "$line" in
    Fuzz*) names+=("$line") ;;
    ok*)
      pkg=$(awk '{print $2}' <<<"$line")
      for n in "${names[@]}"; do targets+=("$pkg $n"); done
      names=()
      ;;
    *) names=() ;;
  esac
done <<<"$listing"

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

log=$(mktemp)
trap 'rm -f "$log"' EXIT
failed=0
for t in "${targets[@]}"; do
  read -r pkg name <<<"$t"
  echo "== $pkg $name"
  dir=$("$GO" list -f '{{.Dir}}' "$pkg")/testdata/fuzz/$name
  before=$(ls "$dir" 2>/dev/null || true)
  if "$GO" test -run '^$' -fuzz "^${name}\$" -fuzztime "$FUZZTIME" "$pkg" 2>&1 | tee "$log"; then
    continue
  fi
  after=$(ls "$dir" 2>/dev/null || true)
  if [ "$before" = "$after" ] && deadline_race "$log"; then
    echo "RACE $pkg $name: the coordinator's deadline race (go.dev/issue/75804), no failing input; not counted"
    continue
  fi
  echo "FAIL $pkg $name"
  failed=1
done
exit "$failed"
