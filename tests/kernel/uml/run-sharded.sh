#!/usr/bin/env bash
# run-sharded.sh — several boots of run-in-uml.sh at once, each running COMMAND with --shard I/N.
#
#   run-sharded.sh N RUNNER [RUNNER-OPTIONS...] -- COMMAND [ARGS...]
#
# One UML kernel runs on one core; a long replay (tst_tdc_replay) shared out over N boots takes
# about 1/N of the time on a machine with N cores. COMMAND must understand --shard I/N (0-based)
# and do its share only. Each boot's output is shown under a heading once all have ended; the
# exit status is the first boot's nonzero status, 0 when every boot passed.
set -uo pipefail

[[ $# -ge 4 && $1 =~ ^[1-9][0-9]*$ ]] || { echo "usage: run-sharded.sh N RUNNER [OPTIONS...] -- COMMAND [ARGS...]" >&2; exit 125; }
shards=$1
runner=$2
shift 2
options=()
while [[ $# -gt 0 && $1 != -- ]]; do
    options+=("$1")
    shift
done
[[ ${1:-} == -- ]] || { echo "run-sharded.sh: no -- before COMMAND" >&2; exit 125; }
shift

outputs=$(mktemp -d) || exit 125
trap 'rm -rf "$outputs"' EXIT
pids=()
for ((i = 0; i < shards; i++)); do
    "$runner" "${options[@]}" -- "$@" --shard "$i/$shards" >"$outputs/$i.out" 2>"$outputs/$i.err" &
    pids+=($!)
done
status=0
for ((i = 0; i < shards; i++)); do
    wait "${pids[$i]}"
    code=$?
    [[ $status -eq 0 && $code -ne 0 ]] && status=$code
done
for ((i = 0; i < shards; i++)); do
    echo "=== shard $i/$shards ==="
    cat "$outputs/$i.out"
    cat "$outputs/$i.err" >&2
done
exit "$status"
