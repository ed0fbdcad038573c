#!/usr/bin/env bash
# Runs every Go fuzz target in the module for FUZZTIME each (default 20s).
# Targets are discovered with `go test -list '^Fuzz'`, so new ones are
# picked up without editing this script. Fails if any target fails.
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
failed=0
for t in "${targets[@]}"; do
  read -r pkg name <<<"$t"
  echo "== $pkg $name"
  if ! "$GO" test -run '^$' -fuzz "^${name}\$" -fuzztime "$FUZZTIME" "$pkg"; then
    echo "FAIL $pkg $name"
    failed=1
  fi
done
exit "$failed"
