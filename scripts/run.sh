#!/usr/bin/env bash
# The main job: install what is needed, build, and open Qdisc Studio.
# Arguments are passed on (e.g. "scripts/run.sh profiles list" runs the CLI).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
app=build/app/qdisc-studio
if [[ $# -eq 0 && -z "${DISPLAY:-}" && -z "${WAYLAND_DISPLAY:-}" ]]; then
    echo "No display: showing the presets on the command line instead (run under xvfb-run or a desktop for the window)."
    exec "$app" profiles list
fi
exec "$app" "$@"
