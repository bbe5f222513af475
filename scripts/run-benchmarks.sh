#!/usr/bin/env bash
# Runs every benchmark program built under BUILD_DIR/bin (bench_*). By hand only.
# `make bench` builds them first in build-bench/ (Release + link-time
# optimisation, engine only) and passes that directory.
set -euo pipefail
BUILD_DIR=${1:-build-bench}
shopt -s nullglob
for b in "$BUILD_DIR"/bin/bench_*; do
  echo "== $(basename "$b")"
  "$b" "${@:2}"
done
