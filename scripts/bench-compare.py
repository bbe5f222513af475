#!/usr/bin/env python3
"""Compares two builds of a benchmark program on this noisy machine.

    scripts/bench-compare.py OLD_BIN NEW_BIN [--rounds N] [--filter REGEX]

Runs the two programs alternately, round after round (OLD, NEW, OLD, NEW, ...),
so that both see the machine's speed of the same minutes (it varies by up to
20% from one minute to the next here: docs/performance.md), and prints per
benchmark each build's best and median node-cycles/s and the ratio of the
bests. Keep a copy of the old binary before rebuilding, e.g.

    cp build-bench/bin/bench_sim /tmp/bench_old
    ... change, make bench ...
    scripts/bench-compare.py /tmp/bench_old build-bench/bin/bench_sim --filter 'T3e8x8x8'

By hand only (never in make test: timings are not assertions).
"""
import argparse
import json
import statistics
import subprocess
import sys


def run_once(binary, pattern):
    try:
        out = subprocess.run([binary, f"--benchmark_filter={pattern}", "--benchmark_format=json"],
                             check=True, capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        sys.exit(f"bench-compare: {binary}: {e}")
    rates = {}
    if not out.strip():  # nothing matched the filter
        return rates
    for b in json.loads(out)["benchmarks"]:
        if "nodeCyclesPerSecond" in b:
            rates[b["name"].split("/min_time")[0]] = b["nodeCyclesPerSecond"] / 1e6
    return rates


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("old")
    p.add_argument("new")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--filter", default=".", help="benchmark name regex (Google Benchmark's filter)")
    a = p.parse_args()
    if a.rounds < 1:
        sys.exit("bench-compare: --rounds must be at least 1")
    seen = {a.old: {}, a.new: {}}
    for r in range(a.rounds):
        for binary in (a.old, a.new):
            for name, rate in run_once(binary, a.filter).items():
                seen[binary].setdefault(name, []).append(rate)
        print(f"round {r + 1} of {a.rounds} done", file=sys.stderr)
    names = sorted(set(seen[a.old]) | set(seen[a.new]))
    if not names:
        sys.exit(f"bench-compare: no benchmark matches --filter '{a.filter}'")
    print(f"{'benchmark':44} {'old best':>9} {'median':>7} {'new best':>9} {'median':>7} {'new/old':>7}")
    for n in names:
        o, w = seen[a.old].get(n, []), seen[a.new].get(n, [])
        if not o or not w:
            print(f"{n:44} only in {'the old' if o else 'the new'} build")
            continue
        print(f"{n:44} {max(o):9.2f} {statistics.median(o):7.2f} {max(w):9.2f} {statistics.median(w):7.2f}"
              f" {max(w) / max(o):7.3f}")
    print("(M node-cycles/s; best and median of the rounds)")


if __name__ == "__main__":
    main()
