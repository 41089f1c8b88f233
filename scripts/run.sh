#!/usr/bin/env bash
# The main job: install what is needed, build, and show Qdisc Studio working on its demo lab (two
# private network namespaces with live traffic; no real interface is touched).
#   with a display:    qdisc-studio --demo           (the window on the lab, the measured effect)
#   without a display: qdisc-studio demo --headless  (the same lab in the terminal: a table)
# Arguments are passed on instead (e.g. "scripts/run.sh profiles list" runs the CLI, and
# "scripts/run.sh --demo" or no arguments open the demo).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh qdisc-studio # only the application: the tests are scripts/test.sh's
app=build/app/qdisc-studio
if [[ $# -gt 0 ]]; then
    exec "$app" "$@"
fi

# Building the lab takes root: the installed helper has it (started by D-Bus on demand), or this
# process when run as root (then the engine runs in-process: containers, CI, a bare server).
helper_service=/usr/share/dbus-1/system-services/org.qdiscstudio.Helper1.service
system_bus=${DBUS_SYSTEM_BUS_ADDRESS:-unix:path=/run/dbus/system_bus_socket}
system_bus_socket=${system_bus#unix:path=}
if [[ $(id -u) -ne 0 ]] && { [[ ! -f $helper_service ]] || [[ ! -S $system_bus_socket ]]; }; then
    {
        echo "The demo lab needs root to build its two network namespaces, and here there is neither"
        if [[ ! -f $helper_service ]]; then
            echo "root nor the Qdisc Studio helper (it is not installed). Either:"
        else
            echo "root nor a system bus to reach the installed helper on. Either:"
        fi
        echo "  - run it as root:        sudo $app --demo   (no display: sudo $app demo --headless)"
        echo "  - or install the helper: (cd build && cpack -G DEB) && sudo apt-get install ./build/qdisc-studio_*_amd64.deb"
        echo "    then run qdisc-studio --demo as yourself; the helper builds the lab (see README.md, Install)."
    } >&2
    if [[ -z "${DISPLAY:-}" && -z "${WAYLAND_DISPLAY:-}" ]]; then
        exit 1
    fi
    echo "Opening the window anyway: it shows the same advice, and reads and charts every interface." >&2
fi

if [[ -z "${DISPLAY:-}" && -z "${WAYLAND_DISPLAY:-}" ]]; then
    echo "No display: running the demo lab in the terminal instead (run under xvfb-run or on a desktop for the window)."
    exec "$app" demo --headless
fi
exec "$app" --demo
