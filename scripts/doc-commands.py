#!/usr/bin/env python3
"""Runs every flitscope-cli command that README.md and docs/*.md show (ctest cli_doc_commands).

Issue 42, item 10: every command in the README and the docs runs as written.
This takes each fenced code block of README.md and docs/*.md, finds the lines
that run `flitscope-cli` (written `flitscope-cli ...`, `$ flitscope-cli ...`
or `build/bin/flitscope-cli ...`; a trailing backslash joins the next line,
a `#` starts a comment) and runs them against the CLI given on the command
line, in doc order, one temporary folder per document as the working
directory. That folder holds links to the repository's `resources` and
`tests`, so `resources/presets/...` resolves while the files a command writes
(`--record run.json`, `--out opt.json`) land in the temporary folder, where a
later command of the same document reads them (`run run.json`). A command
that ends in `> FILE` has its stdout written to FILE there.

A command must exit with the code the doc implies: 0, or the one in
EXPECTED_EXIT, within COMMAND_TIMEOUT_S. When the doc shows output under a `$`
command (the lines up to the next command or the end of the block), every
shown line must be a line the command prints on stdout now, in the same
order, trailing blanks aside; the doc may leave lines out (a line `...` says
so).

Not commands: usage synopses (an argument in capitals such as SCENARIO or
FILE, or with [ ] | or ...); lines of other programs. Skipped, with the
reason printed: the programs in SKIPPED_PROGRAMS and the commands in
SKIPPED_COMMANDS. Commands in CYCLES_OVERRIDE run with fewer --cycles, for
time (their shown output is then not compared).

  scripts/doc-commands.py build-cli/bin/flitscope-cli [--jobs N] [--list] [--keep]

Exit status 0 when every command passed, 1 otherwise (each failure printed).
"""
import argparse
import concurrent.futures
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
# What the documents' relative paths name, linked into each working folder.
LINKED = ['resources', 'tests']
CLI_NAMES = {'flitscope-cli', 'build/bin/flitscope-cli'}

# Lines of these programs in a code block are not run: the reason is printed.
SKIPPED_PROGRAMS = {
    'flitscope': 'the GUI: needs a display (tests/render runs it under Xvfb)',
    'build/bin/flitscope': 'the GUI: needs a display (tests/render runs it under Xvfb)',
    'make': 'builds the whole tree, the GUI too, or runs every test, this one included',
}
# Commands (as written after the program name, comment left out) not run,
# with the reason: none now.
SKIPPED_COMMANDS = {
}
# Commands whose exit code is not 0, with why the doc shows it failing.
EXPECTED_EXIT = {
    'check resources/presets/trc-figure2-ring4.json --vc-rule oneVc':
        (1, 'Dally & Seitz Figure 1: one VC per channel makes a dependency cycle'),
    'check resources/presets/t3e-protocol-deadlock-4x4x4.json':
        (1, 'T3E section 3.3: responses on the requests\' VCs close a cycle through the end point'),
}
# Commands run with fewer measured cycles than written: {command: (cycles,
# reason)}. None now: the longest, the 20000-cycle runs, take a few seconds.
CYCLES_OVERRIDE = {
}
# FLITSCOPE_DOC_COMMAND_TIMEOUT_S overrides it: a sanitizer build runs the
# 20000-cycle commands 10-30 times slower (make asan / make tsan set 1800).
COMMAND_TIMEOUT_S = int(os.environ.get('FLITSCOPE_DOC_COMMAND_TIMEOUT_S', '120'))
# Files a document's commands read that no earlier command of it writes:
# {document: [(arguments, reason)]}, run first in its working folder.
FIXTURES = {
    'docs/user-guide.md': [
        (['run', 'resources/presets/teaching-4x4x4.json', '--cycles', '600', '--record', 'my-run.json'],
         "my-run.json stands for a recording saved by the window (File > Save Recording)"),
    ],
}

COMMAND_LINE = re.compile(r'^(\$ )?(\S+)(\s|$)')
PLACEHOLDER = re.compile(r'^[A-Z]+([-,:|][A-Z]+)*$')


def documents():
    return ['README.md'] + sorted(os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, 'docs', '*.md')))


def logical_lines(block):
    """(line number, text) of a code block's lines, backslash continuations joined."""
    out, pending, start = [], '', None
    for number, text in block:
        if start is None:
            start = number
        if text.rstrip().endswith('\\'):
            pending += text.rstrip()[:-1] + ' '
            continue
        out.append((start, pending + text))
        pending, start = '', None
    if pending:
        out.append((start, pending))
    return out


def code_blocks(path):
    """Each fenced block of a Markdown file as a list of (line number, text)."""
    blocks, current = [], None
    with open(os.path.join(ROOT, path), encoding='utf-8') as f:
        for number, text in enumerate(f, 1):
            text = text.rstrip('\n')
            if text.lstrip().startswith('```'):
                if current is None:
                    current = []
                else:
                    blocks.append(current)
                    current = None
            elif current is not None:
                current.append((number, text))
    return blocks


def is_synopsis(args):
    return any(PLACEHOLDER.match(a) or any(c in a for c in '[]|') or '...' in a for a in args)


class Command:
    def __init__(self, doc, line, program, args, prompt):
        self.doc, self.line, self.program, self.args, self.prompt = doc, line, program, args, prompt
        self.text = ' '.join(args)
        self.shown = []  # output lines the doc shows under it

    def where(self):
        return f'{self.doc}:{self.line}'


def extract(doc):
    """The commands of one document in order; synopses and other programs' lines left out."""
    commands = []
    for block in code_blocks(doc):
        current = None
        for number, text in logical_lines(block):
            stripped = text.strip()
            m = COMMAND_LINE.match(stripped)
            program = m.group(2) if m else ''
            if program in CLI_NAMES or program in SKIPPED_PROGRAMS:
                try:
                    words = shlex.split(stripped[len(m.group(1) or ''):], comments=True)
                except ValueError as e:
                    sys.exit(f'{doc}:{number}: cannot split the command line ({e})')
                current = None
                if is_synopsis(words[1:]):
                    continue
                current = Command(doc, number, program, words[1:], bool(m.group(1)))
                commands.append(current)
            elif stripped.startswith('$ '):  # another program's command ends the shown output
                current = None
            elif current is not None and current.prompt and stripped:
                current.shown.append(text.rstrip())
    return commands


def skip_reason(c):
    if c.program in SKIPPED_PROGRAMS:
        return SKIPPED_PROGRAMS[c.program]
    return SKIPPED_COMMANDS.get(c.text)


def with_cycles(args, cycles):
    if '--cycles' in args:
        i = args.index('--cycles')
        return args[:i + 1] + [cycles] + args[i + 2:]
    return args + ['--cycles', cycles]


def shown_mismatch(shown, printed):
    """The first shown line not found in order among the printed ones, or None."""
    lines = [l.rstrip() for l in printed.splitlines()]
    at = 0
    for want in shown:
        if want.strip() == '...':
            continue
        while at < len(lines) and lines[at] != want:
            at += 1
        if at == len(lines):
            return want
        at += 1
    return None


def run_document(cli, doc, commands, work):
    """Runs one document's commands in `work`; returns (report lines, failures)."""
    os.makedirs(work)
    for name in LINKED:
        os.symlink(os.path.join(ROOT, name), os.path.join(work, name))
    report, failures = [], 0
    for args, reason in FIXTURES.get(doc, []):
        r = subprocess.run([cli] + args, cwd=work, capture_output=True, text=True)
        if r.returncode != 0:
            return [f'FAIL {doc}: fixture {" ".join(args)}: exit {r.returncode}\n{r.stderr}'], 1
        report.append(f'fixture {doc}: {" ".join(args)} ({reason})')
    for c in commands:
        reason = skip_reason(c)
        if reason:
            report.append(f'skip {c.where()}: {c.program} {c.text} ({reason})')
            continue
        args, into = c.args, None
        if len(args) >= 2 and args[-2] == '>':  # `... > part-0.json`: stdout into a file of the folder
            args, into = args[:-2], args[-1]
        override = CYCLES_OVERRIDE.get(c.text)
        if override:
            args = with_cycles(args, override[0])
        expected, why = EXPECTED_EXIT.get(c.text, (0, ''))
        start = time.monotonic()
        try:
            r = subprocess.run([cli] + args, cwd=work, capture_output=True, text=True, timeout=COMMAND_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            failures += 1
            report.append(f'FAIL {c.where()}: flitscope-cli {c.text}: still running after {COMMAND_TIMEOUT_S} s')
            continue
        seconds = time.monotonic() - start
        if into:
            with open(os.path.join(work, into), 'w') as f:
                f.write(r.stdout)
        problem = None
        if r.returncode != expected:
            problem = f'exit {r.returncode}, expected {expected}\nstderr: {r.stderr.strip()}'
        elif c.shown and not override:
            missing = shown_mismatch(c.shown, r.stdout)
            if missing is not None:
                problem = f'the doc shows a line it does not print:\n  {missing}\nit prints:\n{r.stdout}'
        note = f' (--cycles {override[0]}: {override[1]})' if override else ''
        note += f' (exit {expected}: {why})' if expected else ''
        if problem:
            failures += 1
            report.append(f'FAIL {c.where()}: flitscope-cli {c.text}: {problem}')
        else:
            report.append(f'ok   {c.where()}: flitscope-cli {c.text} [{seconds:.1f} s]{note}')
    return report, failures


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('cli', help='the flitscope-cli to run')
    ap.add_argument('--jobs', type=int, default=os.cpu_count() or 1, help='documents run at once')
    ap.add_argument('--list', action='store_true', help='list the commands, run nothing')
    ap.add_argument('--keep', action='store_true', help='keep the working folders')
    opts = ap.parse_args()
    cli = os.path.abspath(opts.cli)
    per_doc = {doc: extract(doc) for doc in documents()}
    per_doc = {doc: cmds for doc, cmds in per_doc.items() if cmds}
    if opts.list:
        for doc, cmds in per_doc.items():
            for c in cmds:
                print(f'{c.where()}: {c.program} {c.text}' + (f'  [{len(c.shown)} shown lines]' if c.shown else ''))
        return 0
    start = time.monotonic()
    base = tempfile.mkdtemp(prefix='flitscope-doc-commands-')
    failures = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, opts.jobs)) as pool:
        futures = {doc: pool.submit(run_document, cli, doc, cmds, os.path.join(base, doc.replace('/', '_')))
                   for doc, cmds in per_doc.items()}
        for doc in per_doc:
            report, failed = futures[doc].result()
            failures += failed
            print('\n'.join(report))
    if opts.keep:
        print(f'working folders kept in {base}')
    else:
        shutil.rmtree(base, ignore_errors=True)
    ran = sum(1 for cmds in per_doc.values() for c in cmds if not skip_reason(c))
    print(f'{ran} commands run, {failures} failed, {time.monotonic() - start:.1f} s')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
