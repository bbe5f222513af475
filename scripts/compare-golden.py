#!/usr/bin/env python3
"""Compares `flitscope-cli run PRESET --json` outputs with checked-in golden files.

Why: the engine is about to be rewritten (Simulator and LeanSimulator merged
into one), and every preset's `run --json` must stay identical where the model
does not change. tests/cli/cli_golden_presets.cmake runs each preset with a
fixed cycle count and warm-up, writes the outputs to a folder and calls

  scripts/compare-golden.py GOLDEN_DIR NEW_DIR

Every key in a golden file must be in the new output with an identical value:
numbers exactly (an integer stays an integer), strings, booleans and null
alike, arrays element by element with the same length. Keys the output has
and the golden file lacks are allowed (later issues add keys, never rename
them). A mismatch prints the preset, the key path and both values; exit 1.

  scripts/compare-golden.py --update GOLDEN_DIR NEW_DIR

writes every NEW_DIR/*.json into GOLDEN_DIR without the timing keys (they
differ between two identical runs). A change to a golden file is a
deliberate, explained commit. docs/cli.md, "Golden outputs", has the command.
"""
import argparse
import json
import os
import sys

# Keys whose values differ between two identical runs (wall-clock time), at any depth.
TIMING_KEYS = {'wallSeconds', 'nodeCyclesPerSecond', 'rebuildSeconds'}
MISSING = object()  # a golden key the new output lacks


def strip_timing(value):
    if isinstance(value, dict):
        return {k: strip_timing(v) for k, v in value.items() if k not in TIMING_KEYS}
    if isinstance(value, list):
        return [strip_timing(v) for v in value]
    return value


def kind(value):
    # bool before int: True == 1 in Python, but not in a golden file.
    for name, types in (('null', type(None)), ('boolean', bool), ('integer', int), ('float', float),
                        ('string', str), ('array', list), ('object', dict)):
        if isinstance(value, types):
            return name
    raise TypeError(type(value).__name__)


def compare(golden, new, path, out):
    """Appends (path, golden value, new value) for every difference to out."""
    if kind(golden) != kind(new):
        out.append((path, golden, new))
    elif isinstance(golden, dict):
        for key, value in golden.items():
            sub = f'{path}.{key}' if path else key
            if key not in new:
                out.append((sub, value, MISSING))
            else:
                compare(value, new[key], sub, out)
    elif isinstance(golden, list):
        if len(golden) != len(new):
            out.append((f'{path} (length)', len(golden), len(new)))
        for i, (g, n) in enumerate(zip(golden, new)):
            compare(g, n, f'{path}[{i}]', out)
    elif golden != new:
        out.append((path, golden, new))


def load(path):
    with open(path, encoding='utf-8') as f:
        return json.load(f)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('golden_dir')
    ap.add_argument('new_dir')
    ap.add_argument('--update', action='store_true',
                    help='write NEW_DIR/*.json into GOLDEN_DIR without the timing keys')
    args = ap.parse_args()
    names = sorted(n for n in os.listdir(args.new_dir) if n.endswith('.json'))
    if not names:
        print(f'compare-golden: no *.json in {args.new_dir}', file=sys.stderr)
        return 1
    if args.update:
        os.makedirs(args.golden_dir, exist_ok=True)
        for name in names:
            with open(os.path.join(args.golden_dir, name), 'w', encoding='utf-8') as f:
                f.write(json.dumps(strip_timing(load(os.path.join(args.new_dir, name))), indent=2) + '\n')
            print(f'updated {os.path.join(args.golden_dir, name)}')
        return 0
    failed = False
    for name in sorted(n for n in os.listdir(args.golden_dir) if n.endswith('.json')):
        preset = name[:-len('.json')]
        if name not in names:
            print(f'{preset}: no output in {args.new_dir}')
            failed = True
            continue
        diffs = []
        compare(load(os.path.join(args.golden_dir, name)), load(os.path.join(args.new_dir, name)), '', diffs)
        for path, golden, new in diffs:
            now = 'missing' if new is MISSING else json.dumps(new)
            print(f'{preset}: {path}: golden {json.dumps(golden)}, now {now}')
        failed = failed or bool(diffs)
    for name in names:
        if not os.path.exists(os.path.join(args.golden_dir, name)):
            print(f'{name[:-len(".json")]}: no golden file in {args.golden_dir}')
            failed = True
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
