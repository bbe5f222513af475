#!/usr/bin/env python3
"""Randomised bad-input and fault runs against flitscope-cli (by hand: `make fuzz`).

Issue 3 asks that bad input exit 2 with one line naming the field and that
nothing crash; issue 4 that faults never lose a packet. This drives the
command-line tool with many generated inputs and checks exactly that:

  scenario  a preset with 1-3 random edits (a value replaced by an extreme
            number, a wrong type, null, a list; a key deleted or added):
            exit 0, or exit 2 with exactly one line on stderr;
  faults    a valid preset with a random timeline of link and node failures
            and repairs, random rate, pattern, seed (and adaptive routing on
            the T3E): exit 0 or 1 (the watchdog's verdict), and
            injected = delivered + dropped + in flight in the JSON;
  route     random 64-bit routing tags and node pairs through `route`:
            exit 0, 1 (misroute or loop, docs/routing.md) or 2;
  fattree   the Transit fat-tree preset with 1-3 random edits, as scenario;
  circuits  a fat-tree with a random timeline of RN1, channel and unit tree
            failures and repairs and load changes, random message, reply
            and retry settings, now and then a trace: exit 0, created =
            delivered + given up + in progress in the JSON, the trace JSON.

Every kind also fails on a sanitizer report, a timeout or any other exit
code. Point it at a sanitizer build to catch memory errors:
  scripts/fuzz-cli.py /tmp/build-asan/bin/flitscope-cli --cases 100
Same --seed, same cases. Exit status 1 if any case failed; the failing
inputs are kept and named.
"""
import argparse
import copy
import json
import os
import random
import subprocess
import sys
import tempfile

PRESETS = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'resources', 'presets')
# The small presets (the big ones only make each case slower).
SMALL = ['teaching-4x4x4.json', 't3e-8x8x8.json', 'generic-8x8x8.json', 'trc-16x16.json']
EXTREMES = [0, -1, 1, 2, 3, 7, 8, 15, 16, 31, 32, 63, 64, 255, 256, 65535, 65536, 2**31 - 1, 2**31, 2**32,
            2**63, -2**31, 1e300, -1e300, 0.5, 1.5, 1e-9, 'x', '', None, True, False, [], {}, [1], [0, 0, 0],
            [-1, 2, 3], [1, 1, 1], [2, 2, 2], [256, 1, 1], 'wormhole', 'virtualCutThrough', 'uniform', 'hotspot',
            'dimension-order', 'direction-order', 'trc', 't3e', 'roundRobin', 0.999]
NEW_KEYS = ['faults', 'timeline', 'failedLinks', 'lutMode', 'vcTables', 'datelines', 'mix', 'packetFlits',
            'adaptive', 'hotspot', 'fraction', 'spares']
FAT_TREES = ['transit-64.json'] * 4 + ['transit-4k.json']  # the small one more often
PATTERNS = ['uniform', 'transpose', 'bitComplement', 'bitReversal', 'tornado', 'nearestNeighbor', 'hotspot',
            'allToOne']
# Leak checking stays on (AddressSanitizer's default): a leak report fails the case.
SANITIZER_ENV = {'UBSAN_OPTIONS': 'print_stacktrace=1:halt_on_error=1'}


def load(name):
    with open(os.path.join(PRESETS, name)) as f:
        return json.load(f)


def all_paths(node, prefix=()):
    yield prefix
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else []
    for k, v in items:
        yield from all_paths(v, prefix + (k,))


def extreme(rnd):
    # A copy: the same list or object put in two places (or into itself, when a
    # later mutation appends to it) would make the document circular.
    return copy.deepcopy(rnd.choice(EXTREMES))


def mutate(rnd, doc):
    doc = copy.deepcopy(doc)
    for _ in range(rnd.randint(1, 3)):
        path = rnd.choice([p for p in all_paths(doc) if p])
        parent = doc
        for k in path[:-1]:
            parent = parent[k]
        op = rnd.random()
        if op < 0.6:
            parent[path[-1]] = extreme(rnd)
        elif op < 0.75 and isinstance(parent, dict):
            del parent[path[-1]]
        elif op < 0.85 and isinstance(parent, list):
            parent.append(extreme(rnd))
        elif isinstance(parent, dict):
            parent[rnd.choice(NEW_KEYS)] = extreme(rnd)
    return doc


def node(rnd, radix):
    return ','.join(str(rnd.randrange(r)) for r in radix)


def fault_case(rnd):
    name = rnd.choice(SMALL)
    doc = load(name)
    radix = doc['topology']['radix']
    dirs = ['+X', '+Y', '-X', '-Y'] if len(radix) == 2 else ['+X', '+Y', '+Z', '-X', '-Y', '-Z']
    cycles = rnd.choice([500, 1500, 3000])
    timeline, links, nodes = [], [], []
    for _ in range(rnd.randint(1, 8)):
        c = rnd.randrange(0, cycles + 200)
        k = rnd.random()
        if k < 0.45:
            links.append(node(rnd, radix) + ':' + rnd.choice(dirs))
            timeline.append({'cycle': c, 'fail': links[-1]})
        elif k < 0.6 and links:
            timeline.append({'cycle': c, 'repair': rnd.choice(links)})
        elif k < 0.8:
            nodes.append(node(rnd, radix))
            timeline.append({'cycle': c, 'failNode': nodes[-1]})
        elif nodes:
            timeline.append({'cycle': c, 'repairNode': rnd.choice(nodes)})
    timeline.sort(key=lambda e: e['cycle'])
    doc.setdefault('faults', {})['timeline'] = timeline
    if rnd.random() < 0.3:
        doc['faults']['failedLinks'] = [node(rnd, radix) + ':' + rnd.choice(dirs)]
    args = ['--cycles', str(cycles), '--warmup', '100', '--rate', str(rnd.choice([0.02, 0.1, 0.3, 0.6, 1.0])),
            '--pattern', rnd.choice(PATTERNS), '--seed', str(rnd.randrange(1000)), '--json']
    if name.startswith('t3e'):
        args += ['--adaptive', rnd.choice(['on', 'off'])]
    return doc, args


def fat_tree_ids(cli, name):
    """(RN1s, channel ids, unit trees) of a fat-tree preset, from `describe --json`. Channel ids
    are 8 outputs per RN1 and 2 up channels per endpoint (fattree/fat_tree_network.h)."""
    d = json.loads(subprocess.run([cli, 'describe', os.path.join(PRESETS, name), '--json'], capture_output=True,
                                  text=True, check=True).stdout)
    return d['routers'], d['routers'] * 8 + d['endpoints'] * 2, sum(d['unitTrees'].values())


def circuit_case(rnd, trace_path, ids):
    name = rnd.choice(FAT_TREES)
    routers, channels, trees = ids[name]
    doc = load(name)
    cycles = rnd.choice([300, 1000, 3000]) if name == 'transit-64.json' else rnd.choice([200, 600])
    timeline = []
    for _ in range(rnd.randint(1, 10)):
        c = rnd.randrange(0, cycles + 100)
        k = rnd.random()
        if k < 0.3:
            timeline.append({'cycle': c, rnd.choice(['failRouter', 'repairRouter']): rnd.randrange(routers)})
        elif k < 0.6:
            timeline.append({'cycle': c, rnd.choice(['failChannel', 'repairChannel']): rnd.randrange(channels)})
        elif k < 0.75:
            timeline.append({'cycle': c, rnd.choice(['failUnitTree', 'repairUnitTree']): rnd.randrange(trees)})
        else:
            timeline.append({'cycle': c, 'setRate': rnd.choice([0.0, 0.01, 0.2, 1.0])})
    doc['timeline'] = timeline
    doc['circuit'] = {'messageBytes': rnd.choice([1, 2, 8, 40]), 'replyBytes': rnd.choice([0, 0, 4]),
                      'retryLimit': rnd.choice([0, 2, 16]), 'backoffCycles': rnd.choice([1, 16])}
    # No warm-up: the window's counters are the whole run's, so they balance.
    args = ['--cycles', str(cycles), '--warmup', '0', '--seed', str(rnd.randrange(1000)), '--json']
    if rnd.random() < 0.3:
        args += ['--trace', trace_path]
    return doc, args


def route_args(rnd):
    name = rnd.choice(SMALL + ['t3e-8x32x8.json', 'xt-11x12x16.json'])
    doc = load(name)
    radix = doc['topology']['radix']
    tag = rnd.choice(['0', 'ffffffffffffffff', '%x' % rnd.getrandbits(64), '%x' % rnd.getrandbits(40)])

    def pick():  # now and then a node off the torus
        return ','.join(str(rnd.randrange(r) if rnd.random() < 0.95 else rnd.choice([-1, r, 99])) for r in radix)
    args = [os.path.join(PRESETS, name), '--from', pick(), '--to', pick()]
    # Tags are for direction order; elsewhere now and then, for the error.
    if doc.get('routing', {}).get('algorithm') == 'direction-order' or rnd.random() < 0.2:
        args += ['--tag', tag]
    return args


def run(cli, args, timeout):
    try:
        r = subprocess.run([cli] + args, capture_output=True, text=True, timeout=timeout,
                           env=dict(os.environ, **SANITIZER_ENV))
    except subprocess.TimeoutExpired:
        return None, '', 'timeout'
    return r.returncode, r.stdout, r.stderr.strip()


def check(kind, code, out, err):
    """The problem with one case's outcome, or None."""
    if code is None:
        return 'timed out'
    if 'runtime error' in err or 'Sanitizer' in err:
        return 'sanitizer report'
    allowed = {'scenario': (0, 2), 'fattree': (0, 2), 'faults': (0, 1), 'route': (0, 1, 2), 'circuits': (0,)}[kind]
    if code not in allowed:
        return f'exit {code}'
    if code == 2 and len(err.splitlines()) != 1:
        return f'exit 2 with {len(err.splitlines())} lines on stderr'
    if kind == 'faults':
        try:
            j = json.loads(out)
        except ValueError:
            return 'no JSON on stdout'
        if j['injected'] != j['delivered'] + sum(j['dropped'].values()) + j['inFlight']:
            return 'injected != delivered + dropped + in flight'
    if kind == 'circuits':
        try:
            j = json.loads(out)
        except ValueError:
            return 'no JSON on stdout'
        if j['created'] != j['delivered'] + j['retriesDropped'] + j['inProgress']:
            return 'created != delivered + given up + in progress'
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('cli', help='path to flitscope-cli')
    ap.add_argument('--cases', type=int, default=200, help='cases per kind (default 200)')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--kind', choices=['scenario', 'faults', 'route', 'fattree', 'circuits', 'all'], default='all')
    ap.add_argument('--timeout', type=int, default=600, help='seconds per case')
    opts = ap.parse_args()
    rnd = random.Random(opts.seed)
    keep = tempfile.mkdtemp(prefix='flitscope-fuzz-')
    kinds = ['scenario', 'faults', 'route', 'fattree', 'circuits'] if opts.kind == 'all' else [opts.kind]
    failed = 0
    ids = {name: fat_tree_ids(opts.cli, name) for name in set(FAT_TREES)} if 'circuits' in kinds else {}
    for kind in kinds:
        outcomes = {}
        for i in range(opts.cases):
            path = os.path.join(keep, f'{kind}-{i}.json')
            trace = os.path.join(keep, f'{kind}-{i}.trace.json')
            if kind == 'route':
                args = ['route'] + route_args(rnd)
            else:
                if kind == 'scenario':
                    doc, extra = mutate(rnd, load(rnd.choice(SMALL))), ['--cycles', '60', '--warmup', '10', '--json']
                elif kind == 'fattree':
                    doc, extra = mutate(rnd, load('transit-64.json')), ['--cycles', '200', '--warmup', '20', '--json']
                elif kind == 'circuits':
                    doc, extra = circuit_case(rnd, trace, ids)
                else:
                    doc, extra = fault_case(rnd)
                with open(path, 'w') as f:
                    json.dump(doc, f)
                args = ['run', path] + extra
            code, out, err = run(opts.cli, args, opts.timeout)
            outcomes[code] = outcomes.get(code, 0) + 1
            problem = check(kind, code, out, err)
            if not problem and os.path.exists(trace):
                try:
                    with open(trace) as f:
                        json.load(f)['traceEvents']
                except (ValueError, KeyError):
                    problem = 'the trace is not trace-event JSON'
            if problem:
                failed += 1
                print(f'FAIL {kind} {i}: {problem}: flitscope-cli {" ".join(args)}', flush=True)
                for line in err.splitlines()[:8]:
                    print('    ' + line, flush=True)
            else:
                for done in (path, trace):
                    if os.path.exists(done):
                        os.remove(done)
        print(f'{kind}: {opts.cases} cases, exit codes {dict(sorted(outcomes.items(), key=str))}', flush=True)
    print(f'{failed} failed' + (f' (inputs kept in {keep})' if failed else ''))
    if not failed:
        os.rmdir(keep)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
