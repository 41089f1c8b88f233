#!/usr/bin/env bash
# The first-run benchmark: how long `scripts/run.sh` takes from a clean tree of this commit (no
# build folder, no compiler cache) until the demo window runs with its first lab preset applied.
# Root (the demo builds its lab), Xvfb for the window. Prints the build time, the time until the
# demo's lab link carries the preset's tbf, and the whole; exits 1 when the demo does not come up.
#   tests/bench/first-run.sh [WxH]     (default 1280x800)
# What it measures is the README's "First run" figure; the packages are installed first, outside
# the clock (scripts/install-deps.sh), as the issue's machine "with the packages installed" has them.
set -euo pipefail
source_dir=$(cd "$(dirname "$0")/../.." && pwd)
size=${1:-1280x800}
[[ $(id -u) -eq 0 ]] || { echo "first-run.sh: run as root (the demo builds its lab namespaces)" >&2; exit 2; }
command -v xvfb-run >/dev/null || apt-get install -y xvfb xauth >/dev/null
"$source_dir/scripts/install-deps.sh" >/dev/null

work=$(mktemp -d /tmp/qs-first-run.XXXXXX)
app_pid=
labs_before=
cleanup() {
    if [[ -n $app_pid ]]; then
        # The window first (its lab guard takes the lab down when it goes), then Xvfb.
        pkill -TERM -P "$app_pid" -f qdisc-studio || true
        wait "$app_pid" 2>/dev/null || true
        sleep 2
        # Whatever lab this run made and is still there is removed: only namespaces new since the start.
        for ns in $(ip netns list | awk '/^qs-lab-/ {print $1}'); do
            grep -qx "$ns" <<<"$labs_before" || ip netns delete "$ns" 2>/dev/null || true
        done
    fi
    rm -rf "$work"
}
trap cleanup EXIT
git -C "$source_dir" archive HEAD | tar -x -C "$work"

labs_before=$(ip netns list | awk '/^qs-lab-/ {print $1}')
start=$(date +%s.%N)
# The build as run.sh does it (same script, same flags), with the compiler cache out of the way.
CCACHE_DISABLE=1 "$work/scripts/build.sh" qdisc-studio >"$work/build.log" 2>&1 || { tail -20 "$work/build.log"; exit 1; }
built=$(date +%s.%N)
CCACHE_DISABLE=1 xvfb-run -a -s "-screen 0 ${size}x24" "$work/scripts/run.sh" >"$work/run.log" 2>&1 &
app_pid=$!

# Up when a lab namespace that was not there before has the preset's tbf on its link.
deadline=$(($(date +%s) + 120))
up=
while [[ $(date +%s) -lt $deadline ]] && kill -0 "$app_pid" 2>/dev/null; do
    for ns in $(ip netns list | awk '/^qs-lab-.*-a/ {print $1}' | sort); do
        grep -qx "$ns" <<<"$labs_before" && continue
        if tc -n "$ns" qdisc show 2>/dev/null | grep -q '^qdisc tbf'; then
            up=$(date +%s.%N)
            break 2
        fi
    done
    sleep 0.1
done
if [[ -z $up ]]; then
    echo "first-run.sh: the demo did not come up within 120 s; its output:" >&2
    tail -30 "$work/run.log" >&2
    exit 1
fi
jobs=$(grep -c 'Building CXX' "$work/build.log" || true)
awk -v s="$start" -v b="$built" -v u="$up" -v j="$jobs" -v c="$(nproc)" 'BEGIN {
    printf "build (scripts/build.sh qdisc-studio, %d compile jobs, %d cores): %.1f s\n", j, c, b - s
    printf "demo up (run.sh until the lab link carries the first preset): %.1f s\n", u - b
    printf "first run in all: %.1f s\n", u - s }'
