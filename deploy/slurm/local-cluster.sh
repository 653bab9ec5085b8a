#!/usr/bin/env bash
# A real single-node Slurm cluster in one scratch folder, for tests and for trying deploy/slurm
# on one machine. Debian's slurm-wlm and munge (scripts/deps.sh test installs them); needs root.
#
#   deploy/slurm/local-cluster.sh start DIR   writes DIR/slurm.conf, starts munged, slurmctld
#                                             and slurmd, waits for the node to be idle, prints
#                                             the line to use it: export SLURM_CONF=DIR/slurm.conf
#   deploy/slurm/local-cluster.sh stop DIR    stops the daemons that `start DIR` started (their
#                                             pid files in DIR), nothing else
#
# Nothing outside DIR is written: munged gets its own key, socket, pid and seed files in DIR (so
# a munged of the system, if any, is neither used nor touched), and slurm.conf points Slurm at that
# socket. The daemons listen on loopback only, on two free ports picked at start.
# Without cgroups (containers, this project's machines) Slurm runs with proctrack/linuxproc and
# task/none (see /work/shared/docs/SLURM-SINGLE-NODE.md or deploy/README.md).
set -euo pipefail

usage() {
  echo "usage: $0 start|stop DIR" >&2
  exit 64
}
[[ $# -eq 2 ]] || usage
action=$1
mkdir -p "$2"
dir=$(cd "$2" && pwd)
conf="$dir/slurm.conf"

# Kills the process whose pid is in $1 if it is still the program $2, and waits for it to end.
stop_pidfile() {
  local file=$1 program=$2 pid
  [[ -s "$file" ]] || return 0
  pid=$(<"$file")
  if [[ "$pid" =~ ^[0-9]+$ ]] && [[ "$(cat "/proc/$pid/comm" 2>/dev/null)" == "$program" ]]; then
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 50); do
      [[ -d "/proc/$pid" ]] || break
      sleep 0.1
    done
    [[ -d "/proc/$pid" ]] && kill -9 "$pid" 2>/dev/null || true
  fi
  rm -f "$file"
}

stop() {
  # Jobs still running are ended by slurmd when it stops (linuxproc tracks their processes).
  stop_pidfile "$dir/slurmd.pid" slurmd
  stop_pidfile "$dir/slurmctld.pid" slurmctld
  stop_pidfile "$dir/munge/munged.pid" munged
}

# A TCP port on 127.0.0.1 that nothing listens on, from $1 upwards (skipping $2).
free_port() {
  local port=$1
  while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || [[ "$port" == "${2:-}" ]]; do
    port=$((port + 1))
  done
  echo "$port"
}

# Closes every descriptor above 2 that this script inherited (a caller's pipe, say), so that
# the daemons started below hold none: one reading this script's output would otherwise wait
# for them to end.
close_inherited() {
  local fd
  for fd in /proc/$$/fd/*; do
    fd=${fd##*/}
    if ((fd > 2)); then eval "exec $fd>&-"; fi
  done
}

start() {
  close_inherited
  local missing=()
  for tool in munged slurmctld slurmd sinfo sbatch; do
    command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
  done
  if ((${#missing[@]})); then
    echo "local-cluster: missing ${missing[*]} (apt-get install slurm-wlm munge)" >&2
    exit 69
  fi
  if [[ $(id -u) -ne 0 ]]; then
    echo "local-cluster: needs root (slurmd runs jobs as their submitting user)" >&2
    exit 77
  fi
  if [[ -s "$dir/slurmctld.pid" ]] && [[ -d "/proc/$(<"$dir/slurmctld.pid")" ]]; then
    echo "local-cluster: already running in $dir (stop it first)" >&2
    exit 1
  fi
  stop # leftovers of a run that was not stopped
  rm -rf "$dir/state" "$dir/spool" "$dir/munge"
  mkdir -p "$dir/state" "$dir/spool" "$dir/munge"

  # munged refuses a socket folder it does not own, and a key not its own; the key is this
  # cluster's, made here (the one of the munge package is left alone).
  local key="$dir/munge/munge.key"
  head -c 1024 /dev/urandom >"$key"
  chown munge:munge "$dir/munge" "$key"
  chmod 400 "$key"
  chmod 755 "$dir/munge"
  su -s /bin/sh munge -c "/usr/sbin/munged --socket='$dir/munge/munge.socket' \
    --pid-file='$dir/munge/munged.pid' --log-file='$dir/munge/munged.log' \
    --seed-file='$dir/munge/munged.seed' --key-file='$key'" </dev/null >"$dir/munged.out" 2>&1 || {
    echo "local-cluster: munged did not start:" >&2
    cat "$dir/munged.out" >&2
    exit 1
  }
  munge -S "$dir/munge/munge.socket" -n | unmunge -S "$dir/munge/munge.socket" >/dev/null

  local node cpus memory ctld_port d_port
  node=$(hostname -s)
  cpus=$(nproc)
  memory=$(awk '/^MemTotal:/ { printf "%d", $2 / 1024 * 0.8 }' /proc/meminfo)
  ctld_port=$(free_port 16817)
  d_port=$(free_port $((ctld_port + 1)) "$ctld_port")
  cat >"$conf" <<EOF
# Written by deploy/slurm/local-cluster.sh: one node, loopback only, no cgroups.
ClusterName=wallgen
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$d_port
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SlurmUser=root
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MaxArraySize=10001
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
MpiDefault=none
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=batch Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
  export SLURM_CONF="$conf"
  # Nor do they keep this script's output open.
  slurmctld -c </dev/null >"$dir/slurmctld.out" 2>&1
  slurmd </dev/null >"$dir/slurmd.out" 2>&1
  local state=""
  for _ in $(seq 150); do
    state=$(sinfo -h -N -o %t 2>/dev/null | head -1 || true)
    [[ "$state" == idle ]] && break
    sleep 0.2
  done
  if [[ "$state" != idle ]]; then
    echo "local-cluster: the node is '${state:-not seen}' after 30 s; logs in $dir" >&2
    tail -5 "$dir/slurmctld.log" "$dir/slurmd.log" >&2 || true
    stop
    exit 1
  fi
  echo "export SLURM_CONF=$conf"
}

case "$action" in
  start) start ;;
  stop) stop ;;
  *) usage ;;
esac
