#!/usr/bin/env bash
# Installs the Debian 12 packages Flitscope needs to build, run and test.
# Idempotent and fast when everything is present: it asks dpkg first and only
# calls apt-get for what is missing.
set -euo pipefail

PACKAGES=(
  build-essential cmake ninja-build pkg-config git python3
  nlohmann-json3-dev libbenchmark-dev
  qt6-base-dev qt6-base-dev-tools qt6-declarative-dev qt6-declarative-dev-tools
  qt6-quick3d-dev qt6-quick3d-dev-tools qt6-charts-dev qt6-shadertools-dev
  qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n
  qcoro-qt6-dev libgl-dev libvulkan-dev libxkbcommon-dev
  qml6-module-qttest qt6-image-formats-plugins
  mesa-vulkan-drivers xvfb xauth x11-utils
  help2man appstream desktop-file-utils  # man pages from --help; metainfo and desktop file checks
  slurmctld slurmd slurm-client munge  # make slurm-test: a private Slurm cluster (scripts/slurm-test.sh)
)
# ...and what the program loads at run time (the .deb's Depends too).
while read -r p; do
  case "$p" in ''|'#'*) ;; *) PACKAGES+=("$p") ;; esac
done < "$(dirname "$0")/../packaging/runtime-depends.txt"

# `install-deps.sh --fuzz` (make fuzz-loaders): clang and its libFuzzer runtime too.
if [ "${1:-}" = "--fuzz" ]; then
  PACKAGES+=(clang libclang-rt-14-dev)
fi

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "flitscope: installing missing Debian packages: ${missing[*]}" >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
# Installing Slurm and MUNGE must not start their system services (the test
# starts its own, privately): where no policy-rc.d says so already (Debian's
# container images have one), one is put in place for the install.
if [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\n# scripts/install-deps.sh: no service starts during its install\nexit 101\n' | $SUDO tee /usr/sbin/policy-rc.d > /dev/null
  $SUDO chmod +x /usr/sbin/policy-rc.d
  trap '$SUDO rm -f /usr/sbin/policy-rc.d' EXIT
fi
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
