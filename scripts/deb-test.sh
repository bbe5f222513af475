#!/usr/bin/env bash
# make deb-test: installs the package `make deb` built as a user would
# (apt-get install ./flitscope_*.deb), runs both programs from PATH on an
# installed preset, asks lintian for errors, and removes the package again,
# checking that nothing of it stays (issue 39).
set -euo pipefail
build=${1:-build}
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
deb=$(ls "$build"/flitscope_*.deb | head -n 1)
echo "deb-test: $deb" >&2
if ! command -v lintian > /dev/null; then $SUDO apt-get install -y -qq --no-install-recommends lintian >&2; fi

# lintian: errors fail the test; warnings are shown.
lintian --fail-on error "$deb"

$SUDO apt-get install -y -qq "$(realpath "$deb")" >&2
trap '$SUDO apt-get remove -y -qq flitscope >&2 || true' EXIT
test "$(command -v flitscope-cli)" = /usr/bin/flitscope-cli
flitscope-cli --version
presets=/usr/share/flitscope/presets
flitscope-cli run "$presets/t3e-8x8x8.json" --cycles 500 --warmup 100 --json | grep -q '"delivered"'
shot=$(mktemp --suffix=.png)
LIBGL_ALWAYS_SOFTWARE=1 QSG_RHI_BACKEND=opengl xvfb-run -a -s "-screen 0 1280x800x24" \
  flitscope --scenario "$presets/teaching-4x4x4.json" --size 800x600 --autosave-seconds 0 --screenshot "$shot"
file "$shot" | grep -q "PNG image data, 800 x 600"
rm -f "$shot"
man -w flitscope-cli > /dev/null

$SUDO apt-get remove -y -qq flitscope >&2
trap - EXIT
for f in /usr/bin/flitscope /usr/bin/flitscope-cli /usr/share/flitscope /usr/share/metainfo/org.flitscope.Flitscope.metainfo.xml; do
  if [ -e "$f" ]; then echo "deb-test: $f left after removal" >&2; exit 1; fi
done
echo "deb-test: installed, ran and removed cleanly" >&2
