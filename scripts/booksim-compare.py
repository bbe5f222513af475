#!/usr/bin/env python3
"""Runs BookSim2 and flitscope-cli on the same BookSim2 configuration files
and compares zero-load latency and saturation throughput (docs/booksim.md).

    scripts/booksim-compare.py --booksim PATH/booksim [--cli build/bin/flitscope-cli] CONFIG...

Zero load: injection_rate=0.002 (in the file's unit), BookSim2's latency run
against `flitscope-cli run --booksim` over the same warm-up and samples;
"Packet latency average" against the run's mean packet latency. Saturation:
sim_type=throughput at 1 flit per node per cycle offered, "Accepted flit rate
average" against acceptedFlitsPerNodeCycle. Both programs are timed. BookSim2
is built from github.com/booksim/booksim2 (make in src/; flex and bison);
this script never ships with it. Exit 1 when a figure differs by more than 5%.
"""
import argparse
import json
import re
import subprocess
import sys
import time

ZERO = ["injection_rate=0.002", "sample_period=10000", "max_samples=6", "warmup_periods=1"]
SATURATION = ["sim_type=throughput", "injection_rate=1.0", "injection_rate_uses_flits=1",
              "sample_period=2000", "max_samples=6", "warmup_periods=2"]


def booksim(binary, config, overrides, key):
    start = time.perf_counter()
    out = subprocess.run([binary, config, *overrides], capture_output=True, text=True).stdout
    wall = time.perf_counter() - start
    overall = out.split("====== Overall Traffic Statistics ======")
    if len(overall) < 2:
        sys.exit(f"BookSim2 printed no overall statistics for {config} {overrides}:\n{out[-2000:]}")
    value = float(re.search(re.escape(key) + r" = ([0-9.eE+-]+)", overall[1]).group(1))
    return value, wall


def flitscope(cli, config, overrides, field):
    start = time.perf_counter()
    done = subprocess.run([cli, "run", "--booksim", config, *overrides, "--json"], capture_output=True, text=True)
    wall = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"flitscope-cli failed on {config}: {done.stderr}")
    j = json.loads(done.stdout)
    return (j["latency"]["mean"] if field == "latency" else j["acceptedFlitsPerNodeCycle"]), wall


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--booksim", required=True)
    ap.add_argument("--cli", default="build/bin/flitscope-cli")
    ap.add_argument("configs", nargs="+")
    a = ap.parse_args()
    worst = 0.0
    print(f"{'config':<18} {'figure':<22} {'BookSim2':>9} {'Flitscope':>9} {'diff':>7} {'time B/F (s)':>14}")
    for config in a.configs:
        name = config.rsplit("/", 1)[-1]
        for figure, overrides, key, field in (
                ("zero-load latency", ZERO, "Packet latency average", "latency"),
                ("saturation flits/node", SATURATION, "Accepted flit rate average", "accepted")):
            b, bt = booksim(a.booksim, config, overrides, key)
            f, ft = flitscope(a.cli, config, overrides, field)
            diff = (f - b) / b
            worst = max(worst, abs(diff))
            print(f"{name:<18} {figure:<22} {b:9.3f} {f:9.3f} {diff:+7.1%} {bt:6.2f}/{ft:<6.2f}")
    print(f"largest difference {worst:.1%}")
    return 1 if worst > 0.05 else 0


if __name__ == "__main__":
    sys.exit(main())
