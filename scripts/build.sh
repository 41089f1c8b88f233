#!/usr/bin/env bash
# Configures and builds into build/ (incremental on reruns): everything, the application and its
# tests, or only the targets named ("scripts/build.sh qdisc-studio": what the main job needs).
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build --parallel "$(nproc)" ${1:+--target "$@"}
