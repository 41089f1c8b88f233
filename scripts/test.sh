#!/usr/bin/env bash
# Builds everything and runs every test: the Qt Test suites (build/) and the libFuzzer
# targets for a bounded time (build-fuzz/, a clang tree with ASan and UBSan).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh

# The German-locale parsing test needs de_DE.UTF-8; generate it when the system lacks it.
if ! locale -a 2>/dev/null | grep -qi '^de_DE\.utf-\?8$'; then
    localedef -i de_DE -f UTF-8 de_DE.UTF-8
fi

scripts/build.sh
CC=clang CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DQS_BUILD_FUZZERS=ON >/dev/null
cmake --build build-fuzz --parallel "$(nproc)"

status=0
ctest --test-dir build --output-on-failure --timeout 900 || status=1
ctest --test-dir build-fuzz --output-on-failure || status=1
exit $status
