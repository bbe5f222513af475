#!/usr/bin/env bash
# make slurm-test (also a ctest, cluster_slurm_sweep, so make test runs it):
# a private single-node Slurm cluster, all its state in a temporary folder,
# runs a 12-point sweep as a 4-task job array (scripts/cluster/sweep-array.sbatch)
# and merges the parts in a job that waits for the array
# (scripts/cluster/sweep-merge.sbatch); the merged sweep must equal the same
# sweep run here, byte for byte. Every daemon it started is stopped whatever
# happens.
#
#   scripts/slurm-test.sh FLITSCOPE-CLI
#
# Debian 12's Slurm 22.05 and MUNGE (scripts/install-deps.sh installs them).
# No systemd runs here: munged, slurmctld and slurmd are started by hand, on
# free ports (the defaults 6817/6818 may be taken), with a private MUNGE
# socket and key. Exit 0 when the merged sweep is right, 1 when it differs or
# a job failed, 2 when the cluster could not be set up (the reason printed).
set -euo pipefail

cli=$(readlink -f "${1:?usage: scripts/slurm-test.sh FLITSCOPE-CLI}")
root=$(cd "$(dirname "$0")/.." && pwd)
if [ "$(id -u)" -ne 0 ]; then
  echo "slurm-test: needs root (slurmd runs the jobs and its private cluster runs as root)" >&2
  exit 2
fi
for tool in munged slurmctld slurmd sbatch scontrol sinfo; do
  command -v "$tool" > /dev/null || { echo "slurm-test: $tool not found (scripts/install-deps.sh installs Slurm and MUNGE)" >&2; exit 2; }
done

T=$(mktemp -d /tmp/flitscope-slurm.XXXXXX)
export SLURM_CONF=$T/slurm.conf
pids=()  # every daemon started, read from its pid file once it runs
cleanup() {
  # scontrol shutdown stops both Slurm daemons; then each daemon is waited
  # for, and killed when it lingers, so none outlives the test.
  scontrol shutdown > /dev/null 2>&1 || true
  [ -f "$T/munge/munged.pid" ] && pids+=("$(cat "$T/munge/munged.pid")")
  for pid in "${pids[@]}"; do
    kill "$pid" 2> /dev/null || true
    for _ in $(seq 1 50); do kill -0 "$pid" 2> /dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2> /dev/null || true
  done
  if [ "${FLITSCOPE_SLURM_KEEP:-}" = "" ]; then rm -rf "$T"; else echo "slurm-test: kept $T" >&2; fi
}
trap cleanup EXIT
setup_failed() {
  echo "slurm-test: $1" >&2
  for log in "$T/munge/munged.log" "$T/slurmctld.log" "$T/slurmd.log"; do
    [ -f "$log" ] && { echo "--- $log" >&2; tail -n 20 "$log" >&2; }
  done
  exit 2
}

# MUNGE: a private key and socket. The socket's folder must be mode 0711.
mkdir -p "$T/munge" "$T/state" "$T/spool" "$T/work"
chmod 0711 "$T/munge"
head -c 1024 /dev/urandom > "$T/munge/munge.key"
chmod 0600 "$T/munge/munge.key"
munged --force --socket="$T/munge/munge.socket.2" --key-file="$T/munge/munge.key" \
  --log-file="$T/munge/munged.log" --pid-file="$T/munge/munged.pid" --seed-file="$T/munge/munged.seed" ||
  setup_failed "munged did not start"

# Two free TCP ports for slurmctld and slurmd.
read -r ctld_port slurmd_port < <(python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])')
# The host's name as slurmd knows itself, at 127.0.0.1: the name need not
# resolve (a fresh container or chroot may not list it in /etc/hosts).
host=$(hostname -s)
cat > "$SLURM_CONF" <<EOF
ClusterName=flitscope-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=$(id -un)
SlurmdUser=root
StateSaveLocation=$T/state
SlurmdSpoolDir=$T/spool
SlurmctldPidFile=$T/slurmctld.pid
SlurmdPidFile=$T/slurmd.pid
SlurmctldLogFile=$T/slurmctld.log
SlurmdLogFile=$T/slurmd.log
AuthType=auth/munge
AuthInfo=socket=$T/munge/munge.socket.2
CredType=cred/munge
# No cgroups here.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
ReturnToService=2
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
# sbatch --wait polls after 2, 8 and 32 s: finished jobs leave quickly and
# the scheduler runs every second, so a 4-task array takes seconds.
MinJobAge=4
SchedulerParameters=batch_sched_delay=0,sched_interval=1
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=flitscope Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
echo "slurm-test: a private cluster on $host, ports $ctld_port and $slurmd_port, state in $T" >&2
slurmctld || setup_failed "slurmctld did not start"
slurmd || setup_failed "slurmd did not start"
for daemon in slurmctld slurmd; do
  for _ in $(seq 1 50); do [ -s "$T/$daemon.pid" ] && break; sleep 0.1; done
  [ -s "$T/$daemon.pid" ] && pids+=("$(cat "$T/$daemon.pid")")
done
for _ in $(seq 1 60); do
  sinfo -h -o %T 2> /dev/null | grep -qx idle && break
  sleep 0.5
done
sinfo -h -o %T 2> /dev/null | grep -qx idle || setup_failed "the node did not come up idle: $(sinfo 2>&1)"

# The sweep: 12 rates, past the knee so every point is printed, as CSV.
scenario=$root/resources/presets/teaching-4x4x4.json
args=(--rates 0.05:0.6:0.05 --cycles 300 --warmup 100 --past-saturation --csv)
cd "$T/work"
export FLITSCOPE_CLI=$cli
array=$(sbatch --parsable --array=0-3 "$root/scripts/cluster/sweep-array.sbatch" "$scenario" "${args[@]}") ||
  setup_failed "sbatch of the array failed"
array=${array%%;*}
if ! sbatch --wait --dependency="afterok:$array" "$root/scripts/cluster/sweep-merge.sbatch" 4 sweep.csv > /dev/null; then
  echo "slurm-test: the merge job failed" >&2
  tail -n +1 ./*.log >&2 || true
  exit 1
fi
"$cli" sweep "$scenario" "${args[@]}" > local.csv 2> /dev/null
if ! cmp -s sweep.csv local.csv; then
  echo "slurm-test: the sweep merged from the cluster's 4 parts differs from the same sweep run here" >&2
  diff sweep.csv local.csv >&2 || true
  exit 1
fi
echo "slurm-test: 4 array tasks and a merge job on Slurm $(sinfo -V | cut -d' ' -f2): $(($(wc -l < sweep.csv) - 1)) points, the same as one sweep here"
