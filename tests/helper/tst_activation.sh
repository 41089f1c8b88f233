#!/usr/bin/env bash
# Acceptance tests: "After `cmake --install`, the standard system bus starts the helper by D-Bus
# activation when the CLI calls it" (MODE cmake-install), and "the .deb installs with apt-get,
# `qdisc-studio apply` works through the activated helper, and `apt-get purge` leaves no file of
# the package" (MODE deb: also lintian, the man page, bash completion, the desktop files).
#
#   tst_activation.sh MODE BUILD_DIR SOURCE_DIR CMAKE IP TC BUILT_CLI BUILT_HELPER
#
# Root only (CI runs as root). It really installs the project (cmake-install: into /usr/local; deb:
# the package, into /usr) and the system folders dbus-daemon's setuid launch helper and polkitd
# read, runs the standard system bus
# (/run/dbus/system_bus_socket: the one already running, or `dbus-daemon --system` started here),
# drives the INSTALLED CLI against a veth pair in a network namespace of its own, checks that the
# helper that answered was started by the bus from /usr/local/libexec, and then removes exactly what
# it installed and stops exactly what it started. Any failure is fatal and names its step.
#
# Files that existed before the install are kept in a backup and put back afterwards. What the test
# changed is recorded in /var/tmp/qs-activation-test/record before it is changed, so a run killed
# before its cleanup could run (SIGKILL) is undone by the next run.
# The lock is the one tests/helper/systembusfixture.cpp takes: these tests install the same polkit
# policy, so they never run at the same time, inside ctest (RESOURCE_LOCK qs_system_polkit) or not.

set -uo pipefail
export LC_ALL=C
unset DBUS_SYSTEM_BUS_ADDRESS # the standard system bus, at its standard address

if (($# != 8)) || [[ $1 != cmake-install && $1 != deb ]]; then
    echo "usage: $0 cmake-install|deb BUILD_DIR SOURCE_DIR CMAKE IP TC BUILT_CLI BUILT_HELPER" >&2
    exit 2
fi
MODE=$1 BUILD_DIR=$2 SOURCE_DIR=$3 CMAKE=$4 IP=$5 TC=$6 BUILT_CLI=$7 BUILT_HELPER=$8

PACKAGE=qdisc-studio
if [[ $MODE == deb ]]; then
    PREFIX=/usr
    CPACK=$(dirname "$CMAKE")/cpack
    export DEBIAN_FRONTEND=noninteractive
else
    PREFIX=/usr/local
fi
INSTALLED_CLI=$PREFIX/bin/qdisc-studio
INSTALLED_HELPER=$PREFIX/libexec/qdisc-studio-helper
SERVICE_FILE=/usr/share/dbus-1/system-services/org.qdiscstudio.Helper1.service
BUS_POLICY=/usr/share/dbus-1/system.d/org.qdiscstudio.Helper1.conf
POLKIT_POLICY=/usr/share/polkit-1/actions/org.qdiscstudio.policy
EXPECTED=("$INSTALLED_CLI" "$INSTALLED_HELPER" "$SERVICE_FILE" "$BUS_POLICY" "$POLKIT_POLICY")
APP_ID=org.qdiscstudio.QdiscStudio
MAN_PAGE=$PREFIX/share/man/man1/qdisc-studio.1.gz
DESKTOP_FILE=$PREFIX/share/applications/$APP_ID.desktop
METAINFO=$PREFIX/share/metainfo/$APP_ID.metainfo.xml
COMPLETION=$PREFIX/share/bash-completion/completions/qdisc-studio
[[ $MODE == deb ]] && EXPECTED+=("$MAN_PAGE" "$DESKTOP_FILE" "$METAINFO" "$COMPLETION" "$PREFIX/share/icons/hicolor/scalable/apps/$APP_ID.svg")

BUS_SOCKET=/run/dbus/system_bus_socket
BUS_PIDFILE=/run/dbus/pid
HELPER_NAME=org.qdiscstudio.Helper1
POLKIT_NAME=org.freedesktop.PolicyKit1
POLKITD=/usr/lib/polkit-1/polkitd
LAUNCH_HELPER=/usr/lib/dbus-1.0/dbus-daemon-launch-helper
HELPER_STATE=/run/qdisc-studio # the helper's default --state-dir

STATE_DIR=/var/tmp/qs-activation-test-$MODE
RECORD=$STATE_DIR/record
BACKUP_DIR=$STATE_DIR/backup
LOCK_DIR=/var/tmp/qs-systembus-fixture # shared with SystemBusFixture
LOCK_FILE=$LOCK_DIR/lock

NS=qs-activation-$$
TARGET=$NS/va

# --- reporting -----------------------------------------------------------------------------------
STEP="start"
step() { STEP=$1; echo; echo "=== $STEP"; }
info() { echo "    $*"; }
ok() { echo "    ok: $*"; }
die() {
    echo "FAIL [$STEP]: $*" >&2
    echo "FAIL [$STEP]: $*"
    exit 1
}
now_ms() { echo $(($(date +%s%N) / 1000000)); }

# --- small tools ---------------------------------------------------------------------------------
DBUS_SEND=$(command -v dbus-send || echo /usr/bin/dbus-send)
DBUS_DAEMON=$(command -v dbus-daemon || echo /usr/bin/dbus-daemon)

bus_call() { # METHOD [ARGS…] on org.freedesktop.DBus of the standard bus, reply on stdout
    local method=$1
    shift
    timeout 15 "$DBUS_SEND" --system --print-reply --reply-timeout=10000 --dest=org.freedesktop.DBus \
        /org/freedesktop/DBus "org.freedesktop.DBus.$method" "$@" 9>&-
}
bus_answers() { bus_call GetId >/dev/null 2>&1; }
name_has_owner() { bus_call NameHasOwner "string:$1" 2>/dev/null | grep -q 'boolean true'; }
name_pid() { bus_call GetConnectionUnixProcessID "string:$1" 2>/dev/null | awk '/uint32/ {print $2}'; }

start_time() { # field 22 of /proc/PID/stat: with the pid it names one process, not a later one
    local stat
    stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
    stat=${stat##*) }
    set -- $stat
    echo "${20}"
}
exe_of() { readlink "/proc/$1/exe" 2>/dev/null; }
comm_of() { cat "/proc/$1/comm" 2>/dev/null; }
ppid_of() { awk '/^PPid:/ {print $2}' "/proc/$1/status" 2>/dev/null; }
uid_of() { awk '/^Uid:/ {print $2}' "/proc/$1/status" 2>/dev/null; }
ancestry() { # PID PPID … 1
    local p=$1
    while [[ -n $p && $p != 0 ]]; do
        echo "$p"
        [[ $p == 1 ]] && break
        p=$(ppid_of "$p")
    done
}
describe_chain() {
    local p out=""
    for p in $(ancestry "$1"); do out+="$p($(comm_of "$p")) <- "; done
    echo "${out% <- }"
}
stop_pid() { # PID WHAT: SIGTERM, then SIGKILL after 10 s
    local pid=$1 what=$2 i
    [[ -d /proc/$pid ]] || return 0
    kill -TERM "$pid" 2>/dev/null
    for ((i = 0; i < 100; i++)); do
        [[ -d /proc/$pid ]] || {
            info "stopped $what (pid $pid)"
            return 0
        }
        sleep 0.1
    done
    echo "    WARNING: $what (pid $pid) ignored SIGTERM for 10 s: SIGKILL"
    kill -KILL "$pid" 2>/dev/null
    sleep 0.2
    [[ ! -d /proc/$pid ]]
}
installed_helpers() { # pids of processes running the installed helper binary
    local d exe
    for d in /proc/[0-9]*; do
        exe=$(readlink "$d/exe" 2>/dev/null) || continue
        [[ $exe == "$INSTALLED_HELPER" || $exe == "$INSTALLED_HELPER (deleted)" ]] && echo "${d#/proc/}"
    done
}
other_helpers() { # pids of processes running any other qdisc-studio-helper binary (e.g. the build tree's)
    local d exe
    for d in /proc/[0-9]*; do
        exe=$(readlink "$d/exe" 2>/dev/null) || continue
        [[ $exe == "$INSTALLED_HELPER" || $exe == "$INSTALLED_HELPER (deleted)" ]] && continue
        [[ ${exe##*/} == qdisc-studio-helper || ${exe##*/} == "qdisc-studio-helper (deleted)" ]] && echo "${d#/proc/}"
    done
}
record() { echo "$*" >>"$RECORD"; sync "$RECORD" 2>/dev/null; }
package_installed() { [[ $(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null) == installed ]]; }
package_present() { # installed, or anything of it left (config files, a half-finished install)
    local status
    status=$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null) || return 1
    [[ -n $status && $status != not-installed ]]
}
record_pid() { record "pid $1 $(start_time "$1") $2"; }
snapshot_file() { # the helper's snapshot of TARGET (helper/snapshotstore.cpp: base64url of the target)
    echo "$HELPER_STATE/snapshots/$(printf '%s' "$1" | base64 -w0 | tr '+/' '-_' | tr -d '=').json"
}

subcommands_of() { # CLI: the subcommands its --help lists, one per line
    "$1" --help | awk '/^Subcommands:/ { listing = 1; next } listing && /^$/ { exit } listing && /^  [a-z]/ { print $1 }'
}
completions_of() { # PREFIX: what bash-completion offers for "qdisc-studio <TAB>" and "qdisc-studio show PREFIX<TAB>"
    bash --norc --noprofile -c '
        source /usr/share/bash-completion/bash_completion || exit 3
        __load_completion qdisc-studio || { echo "bash-completion found no completion for qdisc-studio"; exit 4; }
        spec=$(complete -p qdisc-studio) || exit 5
        function=$(sed -n "s/.*-F \([^ ]*\).*/\1/p" <<<"$spec")
        offer() { # WORD…: COMPREPLY for the last word
            COMP_WORDS=("$@")
            COMP_CWORD=$(($# - 1))
            COMP_LINE="$*"
            COMP_POINT=${#COMP_LINE}
            COMPREPLY=()
            "$function" qdisc-studio "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
        }
        offer qdisc-studio ""
        printf "subcommand %s\n" "${COMPREPLY[@]}"
        offer qdisc-studio show "$1"
        printf "target %s\n" "${COMPREPLY[@]}"
    ' completion "$1"
}

# --- undoing a run: this one (trap) or a killed one (the record) ---------------------------------
# Record lines: boot ID | pid PID STARTTIME WHAT | netns NAME | file PATH (installed; backup in
# BACKUP_DIR/PATH if it existed before) | dir PATH (created by the install) | bus-reload |
# snapshot PATH | statedir PATH | workdir PATH (this run's scratch folder)
UNDO_FAILED=0
undo_record() { # undoes what $RECORD lists (this run's, or one killed before its cleanup)
    local boot same_boot=0 f rest pid start what
    [[ -f $RECORD ]] || return 0
    boot=$(cat /proc/sys/kernel/random/boot_id)
    local -a files=() dirs=() pids=() netns=() snaps=() statedirs=() packages=()
    local reload=0
    while read -r f rest; do
        case $f in
        boot) [[ $rest == "$boot" ]] && same_boot=1 ;;
        pid) pids+=("$rest") ;;
        netns) netns+=("$rest") ;;
        file) files+=("$rest") ;;
        dir) dirs+=("$rest") ;;
        bus-reload) reload=1 ;;
        snapshot) snaps+=("$rest") ;;
        statedir) statedirs+=("$rest") ;;
        workdir) [[ $rest == /tmp/qs-activation.* && $rest != "$WORK" ]] && rm -rf "$rest" ;;
        package) packages+=("$rest") ;;
        esac
    done <"$RECORD"

    # Processes, newest first: the helper and polkitd before the bus they are on.
    if ((same_boot)); then
        local i
        for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
            read -r pid start what <<<"${pids[i]}"
            [[ -d /proc/$pid && $(start_time "$pid") == "$start" ]] || continue
            stop_pid "$pid" "$what" || {
                echo "    ERROR: cannot stop $what (pid $pid)"
                UNDO_FAILED=1
            }
        done
    fi
    # Any installed helper still running was started on behalf of this run (none ran before it).
    for pid in $(installed_helpers); do stop_pid "$pid" "installed helper" || UNDO_FAILED=1; done
    # The bus this run started is gone: a pidfile still naming it, or its socket, are stale.
    if [[ -f $BUS_PIDFILE ]]; then
        pid=$(cat "$BUS_PIDFILE" 2>/dev/null)
        if [[ -n $pid && ! -d /proc/$pid ]]; then
            info "removing $BUS_PIDFILE: it names pid $pid, which is gone (dbus-daemon leaves its pidfile and socket behind when stopped)"
            rm -f "$BUS_PIDFILE"
        fi
    fi
    for f in "${netns[@]}"; do
        if "$IP" netns list | awk '{print $1}' | grep -qx "$f"; then
            "$IP" netns del "$f" && info "deleted network namespace $f" || {
                echo "    ERROR: cannot delete network namespace $f"
                UNDO_FAILED=1
            }
        fi
    done
    for f in "${snaps[@]}"; do
        [[ -e $f ]] && rm -f "$f" && info "removed the helper's leftover snapshot $f"
    done
    # The package, if a run ended before its own purge.
    for f in "${packages[@]}"; do
        if package_present "$f"; then
            dpkg --purge "$f" >/dev/null 2>&1 && info "purged the package $f" || {
                echo "    ERROR: cannot purge the package $f"
                UNDO_FAILED=1
            }
        fi
    done
    # The installed files: removed, or put back as they were before the install.
    for f in "${files[@]}"; do
        if [[ -e $BACKUP_DIR$f ]]; then
            cp -a "$BACKUP_DIR$f" "$f" && rm -f "$BACKUP_DIR$f" && info "put back the earlier $f" || {
                echo "    ERROR: cannot put back $f from $BACKUP_DIR$f"
                UNDO_FAILED=1
            }
        elif [[ -e $f || -L $f ]]; then
            rm -f "$f" && info "removed $f" || {
                echo "    ERROR: cannot remove $f"
                UNDO_FAILED=1
            }
        fi
    done
    # Folders the install created, deepest first, if nothing else was put in them.
    local d
    for d in $(printf '%s\n' "${dirs[@]}" "${statedirs[@]}" | awk '{print length, $0}' | sort -rn | cut -d' ' -f2-); do
        [[ -d $d ]] && rmdir "$d" 2>/dev/null && info "removed the folder $d (created by this run)"
    done
    if ((reload)) && bus_answers; then
        bus_call ReloadConfig >/dev/null 2>&1 && info "the running bus re-read its configuration (without our files)"
    fi
    rm -rf "$BACKUP_DIR"
    ((UNDO_FAILED)) || rm -f "$RECORD"
}

# --- this run's cleanup --------------------------------------------------------------------------
WORK=""
POLKIT_BEFORE="" # pid of the polkitd found on the bus, "none" if there was none
BUS_STARTED_PID=""
HELPER_PID=""
cleanup() {
    local status=$?
    trap - EXIT INT TERM HUP
    set +e
    STEP="cleanup"
    echo
    echo "=== cleanup (exit status so far: $status)"
    # polkitd, if this test made the bus start it and did not get to record it.
    if [[ $POLKIT_BEFORE == none ]] && bus_answers; then
        local polkit_pid
        polkit_pid=$(name_pid "$POLKIT_NAME")
        [[ -n $polkit_pid ]] && ! grep -q "^pid $polkit_pid " "$RECORD" 2>/dev/null && record_pid "$polkit_pid" "polkitd activated for this test"
    fi
    # Processes newest first (the helper and polkitd before the bus this test started), the
    # namespace, the installed files.
    undo_record
    if [[ -n $WORK && -s $WORK/bus.log ]]; then
        echo "    --- output of the bus this test started (and of the services it activated):"
        sed 's/^/    | /' "$WORK/bus.log"
    fi
    if [[ -n $BUS_STARTED_PID ]]; then
        [[ -d /proc/$BUS_STARTED_PID ]] && {
            echo "    ERROR: the bus this test started (pid $BUS_STARTED_PID) is still running"
            UNDO_FAILED=1
        }
        [[ -e $BUS_SOCKET ]] && rm -f "$BUS_SOCKET" && info "removed the socket the stopped bus left behind"
    fi
    # Nothing of the install may remain (files that existed before are back, byte for byte).
    local f left=0 kept=0
    if [[ -n $WORK && -f $WORK/installed.list ]]; then
        while read -r f; do
            [[ -z $f ]] && continue
            if [[ -f $WORK/preexisting/$f.sha ]]; then
                if [[ $(sha256sum <"$f" 2>/dev/null) != "$(cat "$WORK/preexisting/$f.sha")" ]]; then
                    echo "    ERROR: $f is not what it was before the test"
                    left=1
                fi
                kept=$((kept + 1))
            elif [[ -e $f || -L $f ]]; then
                echo "    ERROR: $f is still installed"
                left=1
            fi
        done <"$WORK/installed.list"
        ((left)) || info "verified: none of the $(grep -c . "$WORK/installed.list") installed files remains$( ((kept)) && echo " ($kept put back byte for byte as they were before the test)")"
    fi
    if [[ -n $WORK && -f $WORK/new.dirs ]]; then
        while read -r f; do
            [[ -n $f && -d $f ]] && {
                echo "    ERROR: the folder $f, which the package added, is still there"
                left=1
            }
        done <"$WORK/new.dirs"
    fi
    if "$IP" netns list 2>/dev/null | awk '{print $1}' | grep -qx "$NS"; then
        echo "    ERROR: network namespace $NS still exists"
        left=1
    fi
    [[ -n $WORK ]] && rm -rf "$WORK"
    if ((UNDO_FAILED || left)); then
        echo "FAIL [cleanup]: the test could not undo everything it did (see ERROR lines above)" >&2
        echo "FAIL [cleanup]: the test could not undo everything it did (see ERROR lines above)"
        status=1
    fi
    ((status == 0)) && echo && echo "PASS ($MODE): the standard system bus activated $INSTALLED_HELPER for the installed CLI"
    exit "$status"
}

# =================================================================================================
step "0. preconditions"
[[ $(id -u) == 0 ]] || die "needs root: it installs into /usr/local and the system D-Bus and polkit folders (CI runs as root)"
for tool in "$CMAKE" "$IP" "$TC" "$DBUS_SEND" "$DBUS_DAEMON"; do
    [[ -x $tool ]] || die "$tool is missing (scripts/install-deps.sh installs iproute2, dbus-bin, dbus-daemon)"
done
[[ -x $POLKITD ]] || die "$POLKITD is missing (the Debian package polkitd)"
[[ -f /usr/share/dbus-1/system.conf ]] || die "/usr/share/dbus-1/system.conf is missing (Debian packages dbus-system-bus-common, dbus-daemon)"
[[ -f /usr/share/dbus-1/system-services/$POLKIT_NAME.service ]] || die "polkitd's activation file $POLKIT_NAME.service is missing"
[[ -x $BUILT_CLI && -x $BUILT_HELPER ]] ||
    die "the build tree is not built: $BUILT_CLI and $BUILT_HELPER must exist before ctest runs (cmake --build $BUILD_DIR)"
info "build tree: $BUILD_DIR (qdisc-studio built $(date -r "$BUILT_CLI" '+%F %T'), helper built $(date -r "$BUILT_HELPER" '+%F %T'))"
info "kernel: $(uname -r); PID 1: $(comm_of 1); $("$DBUS_DAEMON" --version | head -1)"
perm=$(stat -c '%A %U:%G' "$LAUNCH_HELPER" 2>/dev/null) || die "$LAUNCH_HELPER is missing: the system bus cannot activate anything"
info "launch helper: $LAUNCH_HELPER $perm"
[[ $perm == -rws* && $perm == *" root:messagebus" ]] ||
    die "$LAUNCH_HELPER must be setuid root, group messagebus (is $perm): dbus-daemon cannot start services as root"

mkdir -p "$LOCK_DIR" && chmod 700 "$LOCK_DIR" || die "cannot create $LOCK_DIR"
exec 9>>"$LOCK_FILE" || die "cannot open $LOCK_FILE"
if ! flock -n 9; then
    info "waiting for $LOCK_FILE (another helper test is running)"
    flock -w 300 9 || die "another helper test has held $LOCK_FILE for 5 minutes"
fi
mkdir -p "$STATE_DIR" && chmod 700 "$STATE_DIR" || die "cannot create $STATE_DIR"
if [[ -f $RECORD ]]; then
    info "a run that could not clean up left $RECORD: undoing it first"
    undo_record
    [[ -f $RECORD ]] && die "cannot undo the earlier run recorded in $RECORD"
fi
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP
WORK=$(mktemp -d /tmp/qs-activation.XXXXXX) || die "cannot create a temporary folder"
rm -rf "$BACKUP_DIR"
record "boot $(cat /proc/sys/kernel/random/boot_id)"
record "workdir $WORK"

# =================================================================================================
if [[ $MODE == cmake-install ]]; then
    step "1. cmake --install $BUILD_DIR --prefix $PREFIX"
    # What the install will write, learned first from an install into a scratch DESTDIR (absolute
    # destinations go under DESTDIR too), so that files already there can be backed up and every file
    # and folder it creates is in the record before the real install writes it.
    DESTDIR=$WORK/dry "$CMAKE" --install "$BUILD_DIR" --prefix "$PREFIX" >"$WORK/dry.log" 2>&1 ||
        {
            cat "$WORK/dry.log"
            die "cmake --install into a scratch DESTDIR failed: is the build tree fully built?"
        }
    (cd "$WORK/dry" && find . -type f -o -type l) | sed 's|^\.||' | sort >"$WORK/installed.list"
    info "the install writes $(grep -c . "$WORK/installed.list") files:"
    sed 's/^/      /' "$WORK/installed.list"
    mkdir -p "$WORK/preexisting"
    while read -r f; do
        if [[ -e $f || -L $f ]]; then
            mkdir -p "$BACKUP_DIR$(dirname "$f")" "$WORK/preexisting$(dirname "$f")"
            cp -a "$f" "$BACKUP_DIR$f" || die "cannot back up $f"
            sha256sum <"$f" >"$WORK/preexisting/$f.sha"
            info "already present, backed up and put back afterwards: $f"
        fi
        d=$(dirname "$f")
        while [[ ! -d $d ]]; do
            record "dir $d"
            d=$(dirname "$d")
        done
        record "file $f"
    done <"$WORK/installed.list"
    [[ -d $HELPER_STATE ]] || record "statedir $HELPER_STATE"
    [[ -d $HELPER_STATE/snapshots ]] || record "statedir $HELPER_STATE/snapshots"

    t0=$(now_ms)
    "$CMAKE" --install "$BUILD_DIR" --prefix "$PREFIX" >"$WORK/install.log" 2>&1
    rc=$?
    sed 's/^/    | /' "$WORK/install.log"
    ((rc == 0)) || die "cmake --install $BUILD_DIR --prefix $PREFIX failed (exit code $rc)"
    info "installed in $(($(now_ms) - t0)) ms"
    cp "$BUILD_DIR/install_manifest.txt" "$WORK/manifest" || die "cmake --install wrote no $BUILD_DIR/install_manifest.txt"
    sort -o "$WORK/manifest.sorted" "$WORK/manifest"
    if ! diff -u "$WORK/installed.list" "$WORK/manifest.sorted"; then
        # Whatever the manifest lists is ours to remove too.
        while read -r f; do record "file $f"; done <"$WORK/manifest.sorted"
        sort -u "$WORK/installed.list" "$WORK/manifest.sorted" -o "$WORK/installed.list"
        die "install_manifest.txt differs from what the scratch install wrote"
    fi
    ok "install_manifest.txt lists the $(grep -c . "$WORK/manifest") files above"
else
    step "1. the Debian package: cpack -G DEB, lintian, apt-get install"
    package_present "$PACKAGE" && die "the package $PACKAGE is installed on this machine ($(dpkg-query -W -f='${Version} ${db:Status-Status}' "$PACKAGE")): the test will not replace or purge it"
    [[ -x $CPACK ]] || die "$CPACK is missing (it comes with cmake)"
    for tool in lintian dpkg-deb apt-get man col desktop-file-validate appstreamcli; do
        command -v "$tool" >/dev/null || die "$tool is missing (scripts/install-deps.sh installs lintian, dpkg-dev, apt, man-db, bsdextrautils, desktop-file-utils, appstream)"
    done
    t0=$(now_ms)
    "$CPACK" -G DEB --config "$BUILD_DIR/CPackConfig.cmake" -B "$WORK/deb" >"$WORK/cpack.log" 2>&1 || {
        cat "$WORK/cpack.log"
        die "cpack -G DEB failed: is the build tree fully built?"
    }
    debs=("$WORK"/deb/"$PACKAGE"_*.deb)
    ((${#debs[@]} == 1)) && [[ -f ${debs[0]} ]] || die "cpack did not write exactly one $WORK/deb/${PACKAGE}_*.deb"
    DEB=${debs[0]}
    ok "built ${DEB##*/} ($(stat -c %s "$DEB") bytes) in $(($(now_ms) - t0)) ms"
    dpkg-deb --field "$DEB" Package Version Architecture Depends | sed 's/^/    | /'
    depends=$(dpkg-deb --field "$DEB" Depends)
    nl_route=$(tr ',' '\n' <<<"$depends" | sed 's/^ *//' | grep '^libnl-route-3-200\b')
    [[ -n $nl_route ]] || die "the package does not depend on libnl-route-3-200 (dpkg-shlibdeps did not see it): Depends: $depends"
    ok "Depends: $nl_route"

    lintian --fail-on error --display-info "$DEB" >"$WORK/lintian.log" 2>&1
    rc=$?
    sed 's/^/    | /' "$WORK/lintian.log"
    ((rc == 0)) || die "lintian reports errors on ${DEB##*/} (exit code $rc)"
    ok "lintian: no errors ($(grep -c '^W:' "$WORK/lintian.log") warnings, $(grep -c '^I:' "$WORK/lintian.log") infos)"

    # What the package holds, and which of its folders exist already: whatever it adds must go again.
    dpkg-deb --contents "$DEB" | awk '{ sub(/^\./, "", $6); sub(/\/$/, "", $6); if ($6 != "") print substr($1, 1, 1), $6 }' >"$WORK/package.paths"
    awk '$1 != "d" { print $2 }' "$WORK/package.paths" | sort >"$WORK/installed.list"
    awk '$1 == "d" { print $2 }' "$WORK/package.paths" | while read -r d; do [[ -d $d ]] || echo "$d"; done >"$WORK/new.dirs"
    while read -r f; do
        [[ -e $f || -L $f ]] && die "$f exists already and belongs to no installed $PACKAGE: dpkg would overwrite it"
    done <"$WORK/installed.list"
    info "the package holds $(grep -c . "$WORK/installed.list") files; it adds $(grep -c . "$WORK/new.dirs") folders"
    while read -r d; do record "dir $d"; done <"$WORK/new.dirs"
    while read -r f; do record "file $f"; done <"$WORK/installed.list"
    [[ -d $HELPER_STATE ]] || record "statedir $HELPER_STATE"
    [[ -d $HELPER_STATE/snapshots ]] || record "statedir $HELPER_STATE/snapshots"
    record "package $PACKAGE"

    t0=$(now_ms)
    apt-get install -y --no-install-recommends "$DEB" >"$WORK/apt-install.log" 2>&1
    rc=$?
    sed 's/^/    | /' "$WORK/apt-install.log"
    ((rc == 0)) || die "apt-get install $DEB failed (exit code $rc)"
    package_installed "$PACKAGE" || die "apt-get install succeeded but dpkg does not list $PACKAGE as installed"
    ok "apt-get install took $(($(now_ms) - t0)) ms"
    dpkg -L "$PACKAGE" | sort >"$WORK/dpkg-L.before"
    while read -r f; do
        grep -qxF "$f" "$WORK/dpkg-L.before" || die "dpkg -L $PACKAGE does not list $f, which the .deb holds"
    done <"$WORK/installed.list"
    ok "dpkg -L lists all $(grep -c . "$WORK/installed.list") files of the package"
fi
for f in "${EXPECTED[@]}"; do
    grep -qxF "$f" "$WORK/installed.list" || die "the install does not list $f"
    [[ -f $f ]] || die "$f was not installed"
    info "$(stat -c '%A %U:%G %8s' "$f") $f"
done
extra=$(grep -vxF -f <(printf '%s\n' "${EXPECTED[@]}") "$WORK/installed.list")
[[ -z $extra ]] && ok "nothing else was installed" || info "also installed: $(echo $extra)"
for f in "$INSTALLED_CLI" "$INSTALLED_HELPER"; do
    [[ -x $f && -s $f && $(head -c4 "$f") == $'\x7fELF' ]] ||
        die "$f is not an executable ELF file (was the build tree being rebuilt while the test ran?)"
    # Links and addresses go through libnl-route-3 (core/netlink/links.h); the linker keeps it only
    # while something calls it.
    nl_route=$(ldd "$f" | awk '$1 ~ /^libnl-route-3\.so/ { print $1, $2, $3 }')
    [[ -n $nl_route ]] || die "ldd $f does not list libnl-route-3"
    ok "ldd ${f##*/}: $nl_route"
done
cmp -s "$SOURCE_DIR/resources/dbus/org.qdiscstudio.Helper1.conf" "$BUS_POLICY" || die "$BUS_POLICY is not the source tree's resources/dbus/org.qdiscstudio.Helper1.conf"
cmp -s "$SOURCE_DIR/resources/polkit/org.qdiscstudio.policy" "$POLKIT_POLICY" || die "$POLKIT_POLICY is not the source tree's resources/polkit/org.qdiscstudio.policy"
info "$SERVICE_FILE:"
sed 's/^/      /' "$SERVICE_FILE"
grep -qx "Name=$HELPER_NAME" "$SERVICE_FILE" || die "$SERVICE_FILE has no line Name=$HELPER_NAME"
exec_line=$(grep '^Exec=' "$SERVICE_FILE")
[[ $exec_line == "Exec=$INSTALLED_HELPER" ]] ||
    die "$SERVICE_FILE says \"$exec_line\", not Exec=$INSTALLED_HELPER (configured with another CMAKE_INSTALL_PREFIX?)"
grep -qx 'User=root' "$SERVICE_FILE" || die "$SERVICE_FILE has no line User=root"
ok "Exec= names the installed helper; User=root"

# =================================================================================================
step "2. the standard system bus ($BUS_SOCKET)"
if bus_answers; then
    BUS_PID=$(name_pid org.freedesktop.DBus)
    [[ -z $BUS_PID && -f $BUS_PIDFILE ]] && BUS_PID=$(cat "$BUS_PIDFILE")
    info "a system bus is running (pid ${BUS_PID:-?}): using it, and leaving it running"
    record "bus-reload"
    bus_call ReloadConfig >/dev/null || die "the running bus refused ReloadConfig"
    ok "ReloadConfig: the running bus re-read its configuration (the new policy and activation file)"
else
    [[ -e $BUS_SOCKET ]] && info "$BUS_SOCKET exists but nobody answers on it: stale"
    if [[ -f $BUS_PIDFILE ]]; then
        pid=$(cat "$BUS_PIDFILE" 2>/dev/null)
        if [[ -n $pid && -d /proc/$pid && $(comm_of "$pid") == dbus-daemon ]]; then
            die "$BUS_PIDFILE names a running dbus-daemon (pid $pid) that does not answer on $BUS_SOCKET"
        fi
        info "removing the stale $BUS_PIDFILE (pid ${pid:-none}: $([[ -n $pid && -d /proc/$pid ]] && echo "now $(comm_of "$pid"), not dbus-daemon" || echo "no such process"))"
        rm -f "$BUS_PIDFILE" || die "cannot remove the stale $BUS_PIDFILE"
    fi
    [[ -d /run/dbus ]] || record "statedir /run/dbus"
    mkdir -p /run/dbus || die "cannot create /run/dbus"
    # --nosyslog: messages (and the output of the services it activates) go to bus.log, which the
    # cleanup prints; otherwise this is exactly the system bus, configured by system.conf.
    "$DBUS_DAEMON" --system --nofork --nosyslog >"$WORK/bus.log" 2>&1 9>&- &
    BUS_STARTED_PID=$!
    BUS_PID=$BUS_STARTED_PID
    record_pid "$BUS_PID" "the system bus started by this test"
    for ((i = 0; i < 100; i++)); do
        bus_answers && break
        [[ -d /proc/$BUS_PID ]] || {
            cat "$WORK/bus.log"
            die "dbus-daemon --system exited at start"
        }
        sleep 0.1
    done
    bus_answers || die "dbus-daemon --system (pid $BUS_PID) does not answer on $BUS_SOCKET after 10 s"
    info "started dbus-daemon --system (pid $BUS_PID) in $((i * 100)) ms or less; $BUS_PIDFILE says $(cat "$BUS_PIDFILE" 2>/dev/null || echo nothing)"
    [[ $(cat "$BUS_PIDFILE" 2>/dev/null) == "$BUS_PID" ]] || die "$BUS_PIDFILE does not name the bus started here"
fi
info "bus id $(bus_call GetId | awk -F'"' '/string/ {print $2}'), $(stat -c '%A %U' "$BUS_SOCKET") $BUS_SOCKET"
activatable=$(bus_call ListActivatableNames | grep -o '"[^"]*"' | tr -d '"')
grep -qx "$HELPER_NAME" <<<"$activatable" || die "the bus does not list $HELPER_NAME as activatable (it did not read $SERVICE_FILE)"
grep -qx "$POLKIT_NAME" <<<"$activatable" || die "the bus does not list $POLKIT_NAME as activatable"
ok "the bus lists $HELPER_NAME and $POLKIT_NAME as activatable"

# =================================================================================================
step "3. no helper runs before the call"
for pid in $(installed_helpers); do
    info "an installed helper from an earlier run is running (pid $pid, $(exe_of "$pid")): stopping it"
    stop_pid "$pid" "earlier installed helper" || die "cannot stop the earlier installed helper (pid $pid)"
done
if name_has_owner "$HELPER_NAME"; then
    owner=$(name_pid "$HELPER_NAME")
    die "$HELPER_NAME is already owned on the standard bus by pid $owner ($(exe_of "$owner")): the answer would not come from an activated helper"
fi
for pid in $(other_helpers); do
    info "note: pid $pid runs $(exe_of "$pid") (another test's helper, on a private bus: it does not own $HELPER_NAME here)"
done
ok "$HELPER_NAME has no owner on the standard bus and no installed helper runs"
POLKIT_BEFORE=none
if name_has_owner "$POLKIT_NAME"; then
    POLKIT_BEFORE=$(name_pid "$POLKIT_NAME")
    info "polkitd already runs on the bus (pid $POLKIT_BEFORE): it stays running"
else
    info "polkitd is not on the bus: the helper's first polkit question should make the bus activate it"
fi

# =================================================================================================
step "4. a network namespace of the test's own: $NS"
record "netns $NS"
record "snapshot $(snapshot_file "$TARGET")"
"$IP" netns add "$NS" || die "ip netns add $NS failed"
"$IP" -n "$NS" link add va type veth peer name vb || die "cannot create the veth pair va/vb in $NS"
"$IP" -n "$NS" link set va up && "$IP" -n "$NS" link set vb up || die "cannot bring va/vb up in $NS"
before=$("$TC" -n "$NS" qdisc show dev va)
info "kernel $(uname -r): $NS has $("$IP" -n "$NS" -br link show | awk '{print $1}' | tr '\n' ' ')"
info "before: $before"
[[ $before == *"qdisc noqueue 0: root"* ]] || die "va does not start with noqueue: $before"

# =================================================================================================
step "5. the installed CLI: $INSTALLED_CLI apply --dev $TARGET"
script=$WORK/tbf.tc
echo 'tc qdisc add dev va root handle 1: tbf rate 10mbit burst 32kb latency 50ms' >"$script"
info "script: $(cat "$script")"
# How a process started by the bus is told from one the CLI or this test started: dbus-daemon runs
# dbus-daemon-launch-helper in a babysitter process it forks; the launch helper clears the
# environment, sets DBUS_STARTER_BUS_TYPE=system and DBUS_STARTER_ADDRESS, and execs the service's
# Exec=. Once the service owns its name the bus lets the babysitter go, so the service's parent is
# then PID 1, not the bus: the ancestry alone proves nothing; the environment does. Everything the
# CLI or this test starts inherits QS_ACTIVATION_TEST_MARKER; the launch helper's clean environment
# does not have it.
export QS_ACTIVATION_TEST_MARKER=$$
check_activated() { # PID WHAT NAME
    local pid=$1 what=$2 name=$3 env chain
    env=$(tr '\0' '\n' <"/proc/$pid/environ") || die "cannot read /proc/$pid/environ of $what"
    info "$what's environment: $(echo $env)"
    chain=$(ancestry "$pid")
    grep -qx "$$" <<<"$chain" && die "$what (pid $pid) descends from this test: it was not started by the bus"
    grep -qx "$CLI_PID" <<<"$chain" && die "$what (pid $pid) descends from the CLI (pid $CLI_PID): the CLI spawned it"
    grep -q '^QS_ACTIVATION_TEST_MARKER=' <<<"$env" && die "$what (pid $pid) inherited this test's environment: the CLI or the test started it, not the bus"
    grep -qx 'DBUS_STARTER_BUS_TYPE=system' <<<"$env" ||
        die "$what (pid $pid) has no DBUS_STARTER_BUS_TYPE=system in its environment: it was not started by the system bus's launch helper"
    if [[ -n $BUS_STARTED_PID ]]; then # the bus's own account, in the log of the bus this test started
        grep -q "Activating service name='$name' requested by .*(using servicehelper)" "$WORK/bus.log" ||
            die "the bus's log does not show it activating $name through its launch helper"
        grep -q "Successfully activated service '$name'" "$WORK/bus.log" || die "the bus's log does not show $name activated"
        info "bus log: $(grep -m1 "Activating service name='$name'" "$WORK/bus.log" | sed 's/^dbus-daemon\[[0-9]*\]: //')"
    fi
}
run_cli() { # the installed CLI, as root, on the standard bus; output in $WORK/cli.out
    (
        unset DBUS_SYSTEM_BUS_ADDRESS
        exec timeout 120 "$INSTALLED_CLI" "$@" 9>&-
    ) >"$WORK/cli.out" 2>&1 &
    CLI_PID=$!
    wait "$CLI_PID"
}
t0=$(now_ms)
run_cli apply --dev "$TARGET" "$script"
rc=$?
apply_ms=$(($(now_ms) - t0))
sed 's/^/    | /' "$WORK/cli.out"
POLKIT_MANUAL=""
if ((rc != 0)) && ! name_has_owner "$POLKIT_NAME"; then
    echo "    polkitd could NOT be activated by the bus here (the apply failed, exit code $rc)."
    echo "    Starting $POLKITD --no-debug by hand against the standard bus, then retrying the apply."
    "$POLKITD" --no-debug >"$WORK/polkitd.log" 2>&1 9>&- &
    POLKIT_MANUAL=$!
    record_pid "$POLKIT_MANUAL" "polkitd started by this test"
    for ((i = 0; i < 100; i++)); do
        name_has_owner "$POLKIT_NAME" && break
        sleep 0.1
    done
    name_has_owner "$POLKIT_NAME" || {
        cat "$WORK/polkitd.log"
        die "polkitd started by hand does not own $POLKIT_NAME after 10 s"
    }
    t0=$(now_ms)
    run_cli apply --dev "$TARGET" "$script"
    rc=$?
    apply_ms=$(($(now_ms) - t0))
    sed 's/^/    | /' "$WORK/cli.out"
fi
((rc == 0)) || die "qdisc-studio apply --dev $TARGET failed (exit code $rc): see its output above"
ok "apply succeeded; the first call, activation included, took $apply_ms ms"

# Who answered: the bus's owner of the name.
HELPER_PID=$(name_pid "$HELPER_NAME")
[[ -n $HELPER_PID ]] || die "$HELPER_NAME has no owner on the bus after the apply: the helper did not stay (or was never activated)"
record_pid "$HELPER_PID" "the activated helper"
helper_exe=$(exe_of "$HELPER_PID")
info "helper: pid $HELPER_PID, exe $helper_exe, uid $(uid_of "$HELPER_PID"), cmdline: $(tr '\0' ' ' <"/proc/$HELPER_PID/cmdline")"
info "helper ancestry: $(describe_chain "$HELPER_PID")"
[[ $helper_exe == "$INSTALLED_HELPER" ]] || die "the helper that owns $HELPER_NAME runs $helper_exe, not $INSTALLED_HELPER"
[[ $(uid_of "$HELPER_PID") == 0 ]] || die "the activated helper does not run as root (User=root in the .service file)"
check_activated "$HELPER_PID" "the helper" "$HELPER_NAME"
ok "the helper runs $INSTALLED_HELPER as root and was started by the bus's launch helper, not by the CLI or the test"

# polkitd
POLKIT_PID=$(name_pid "$POLKIT_NAME")
[[ -n $POLKIT_PID ]] || die "nobody owns $POLKIT_NAME after the apply: the helper cannot have asked polkit"
if [[ $POLKIT_BEFORE != none ]]; then
    info "polkitd: the one already running (pid $POLKIT_PID)"
elif [[ -n $POLKIT_MANUAL ]]; then
    info "polkitd: started BY HAND by this test (pid $POLKIT_PID), because the bus could not activate it"
else
    record_pid "$POLKIT_PID" "polkitd activated for this test"
    info "polkitd: pid $POLKIT_PID, exe $(exe_of "$POLKIT_PID"), uid $(uid_of "$POLKIT_PID"), ancestry: $(describe_chain "$POLKIT_PID")"
    check_activated "$POLKIT_PID" polkitd "$POLKIT_NAME"
    ok "the bus activated polkitd for the helper's authorization question"
fi

after=$("$TC" -n "$NS" qdisc show dev va)
info "tc -n $NS qdisc show dev va: $after"
[[ $after =~ qdisc\ tbf\ 1:\ root\ .*rate\ 10Mbit ]] || die "va does not hold the tbf at 10Mbit: $after"
ok "the kernel holds the tbf at 10Mbit on $TARGET"

# =================================================================================================
step "6. the installed CLI: $INSTALLED_CLI restore --dev $TARGET"
t0=$(now_ms)
run_cli restore --dev "$TARGET"
rc=$?
restore_ms=$(($(now_ms) - t0))
sed 's/^/    | /' "$WORK/cli.out"
((rc == 0)) || die "qdisc-studio restore --dev $TARGET failed (exit code $rc)"
owner=$(name_pid "$HELPER_NAME")
[[ $owner == "$HELPER_PID" ]] || die "restore was answered by pid ${owner:-none}, not the activated helper $HELPER_PID"
restored=$("$TC" -n "$NS" qdisc show dev va)
info "tc -n $NS qdisc show dev va: $restored"
[[ $restored == *"qdisc noqueue 0: root"* ]] || die "restore did not put back noqueue: $restored"
ok "restore through the same helper (pid $HELPER_PID) put back noqueue in $restore_ms ms (the activating apply took $apply_ms ms)"
[[ -e $(snapshot_file "$TARGET") ]] && die "the helper kept its snapshot of $TARGET after restore: $(snapshot_file "$TARGET")"

if [[ $MODE == deb ]]; then
    # =============================================================================================
    step "7. man qdisc-studio shows every subcommand"
    subcommands=$(subcommands_of "$INSTALLED_CLI")
    [[ -n $subcommands ]] || die "$INSTALLED_CLI --help lists no subcommands"
    MANWIDTH=120 man qdisc-studio 2>"$WORK/man.err" | col -b >"$WORK/man.txt"
    [[ -s $WORK/man.txt ]] || die "man qdisc-studio shows nothing: $(cat "$WORK/man.err")"
    info "man qdisc-studio: $(wc -l <"$WORK/man.txt") lines; $(head -1 "$WORK/man.txt")"
    for sub in $subcommands; do
        grep -Eq "^ +qdisc-studio $sub( |$)" "$WORK/man.txt" || die "man qdisc-studio has no usage line for the subcommand $sub"
    done
    ok "every subcommand has its usage in the man page: $(echo $subcommands)"

    # =============================================================================================
    step "8. bash completion of subcommands and targets, as bash-completion loads it"
    completions=$(completions_of "$NS/v" 2>&1) || die "completing failed: $completions"
    echo "$completions" | sed 's/^/    | /'
    for sub in $subcommands; do
        grep -qx "subcommand $sub" <<<"$completions" || die "\"qdisc-studio <TAB>\" does not offer $sub"
    done
    grep -qx "target $NS/va" <<<"$completions" || die "\"qdisc-studio show $NS/v<TAB>\" does not offer $NS/va"
    grep -qx "target $NS/vb" <<<"$completions" || die "\"qdisc-studio show $NS/v<TAB>\" does not offer $NS/vb"
    ok "subcommands and the targets of $NS complete"

    # =============================================================================================
    step "9. the desktop entry and the AppStream metainfo, as installed"
    desktop-file-validate "$DESKTOP_FILE" || die "desktop-file-validate reports problems in $DESKTOP_FILE"
    appstreamcli validate --no-net "$METAINFO" >"$WORK/appstream.log" 2>&1 || {
        cat "$WORK/appstream.log"
        die "appstreamcli validate fails on $METAINFO"
    }
    ok "desktop-file-validate and appstreamcli validate --no-net pass"

    # =============================================================================================
    step "10. apt-get purge $PACKAGE leaves nothing of it"
    apt-get purge -y "$PACKAGE" >"$WORK/apt-purge.log" 2>&1
    rc=$?
    sed 's/^/    | /' "$WORK/apt-purge.log"
    ((rc == 0)) || die "apt-get purge $PACKAGE failed (exit code $rc)"
    package_present "$PACKAGE" && die "dpkg still knows $PACKAGE after the purge: $(dpkg-query -W -f='${db:Status-Status}' "$PACKAGE")"
    left=""
    while read -r f; do [[ -e $f || -L $f ]] && left+=" $f"; done < <(cat "$WORK/installed.list" "$WORK/new.dirs")
    [[ -z $left ]] || die "left after the purge:$left"
    [[ -n $(installed_helpers) ]] && die "the helper still runs after the purge (pid $(installed_helpers))"
    if grep -qx "statedir $HELPER_STATE" "$RECORD" && [[ -e $HELPER_STATE ]]; then
        die "$HELPER_STATE (the helper's snapshots) is left after the purge"
    fi
    ok "none of the $(grep -c . "$WORK/installed.list") files and $(grep -c . "$WORK/new.dirs") folders of dpkg -L is left; no helper runs"
fi

# =================================================================================================
step "done"
info "summary: bus $([[ -n $BUS_STARTED_PID ]] && echo "started by the test" || echo "already running") (pid $BUS_PID);" \
    "helper activated: pid $HELPER_PID $helper_exe; polkitd $([[ $POLKIT_BEFORE != none ]] && echo "already running" || ([[ -n $POLKIT_MANUAL ]] && echo "started by hand" || echo "activated by the bus"));" \
    "first call ${apply_ms} ms, second ${restore_ms} ms"
exit 0
