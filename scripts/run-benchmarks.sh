#!/usr/bin/env bash
# Runs every benchmark program built under BUILD_DIR/bin (bench_*). By hand only.
set -euo pipefail
BUILD_DIR=${1:-build}
shopt -s nullglob
for b in "$BUILD_DIR"/bin/bench_*; do
  echo "== $(basename "$b")"
  "$b" "${@:2}"
done
