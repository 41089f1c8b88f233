#!/usr/bin/env bash
# run-in-uml.sh — run one command inside user-mode Linux (UML) and exit with its status.
#
#   run-in-uml.sh [--mem SIZE] [--timeout SECONDS] [--workdir DIR] [--env NAME[=VALUE]]...
#                 [--verbose] -- COMMAND [ARGS...]
#
# UML is a complete Linux kernel (Debian package user-mode-linux) running as an ordinary
# process. It boots with the host's own root file system (hostfs, shared read-write), so the
# project's freshly built binaries and the host's libraries run inside it unchanged, and it
# ships every tc module (sch_netem, sch_sfq, sch_cake, cls_flower, ...) that the host
# kernel may lack. See README.md next to this file.
#
# Inside UML, before COMMAND runs (see uml-init.sh): PATH set, /proc, /sys, devtmpfs on /dev
# (+ /dev/pts, /dev/shm, /dev/fd), a tmpfs on /run (network namespaces live in /run/netns),
# TMPDIR=/run/tmp, on-demand module loading through a private module root, `lo` up.
# /tmp is NOT mounted over: it is the host's /tmp, where CI may have built the project.
# COMMAND runs as root, in the invoking directory (or --workdir), stdin </dev/null; its stdout
# comes back on this script's stdout (nothing else goes there), its stderr on this script's
# stderr, live, together with the harness's report: kernel version, boot time, the modules
# loaded (after COMMAND), COMMAND's exit status.
#
# Environment passed to COMMAND (init starts with an empty one): QS_*, QT_*, LC_*, *SAN_OPTIONS,
# CI, HOME, LANG, LANGUAGE, TZ, USER, LOGNAME, LD_LIBRARY_PATH, plus every --env NAME[=VALUE].
# PATH = the usual system directories followed by the invoker's PATH.
#
# Exit status: COMMAND's own (passed back through a file in a host directory, not through
# UML's exit code); 124 on timeout; 125 when the harness itself failed (UML missing, boot
# failure, setup failure inside UML, no status reported).
#
# Knobs (environment): QS_UML_KERNEL=path of the UML kernel (default: linux.uml on PATH, then
# /usr/bin/linux.uml); QS_UML_VERBOSE=1 same as --verbose (full kernel boot log).
set -uo pipefail

readonly ME="run-in-uml"
say() { printf '[%s] %s\n' "$ME" "$*" >&2; }
die() { printf '[%s] ERROR: %s\n' "$ME" "$*" >&2; exit 125; }
usage() {
    sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit "${1:-125}"
}

# A closed stdout/stderr would make every message fail; point them at /dev/null instead.
{ : >&1; } 2>/dev/null || exec 1>/dev/null
{ : >&2; } 2>/dev/null || exec 2>/dev/null

mem=512M
timeout_s=600
workdir=$PWD
verbose=${QS_UML_VERBOSE:-0}
extra_env=()
while (($#)); do
    case $1 in
        --mem) [[ $# -ge 2 ]] || usage; mem=$2; shift 2 ;;
        --mem=*) mem=${1#*=}; shift ;;
        --timeout) [[ $# -ge 2 ]] || usage; timeout_s=$2; shift 2 ;;
        --timeout=*) timeout_s=${1#*=}; shift ;;
        --workdir) [[ $# -ge 2 ]] || usage; workdir=$2; shift 2 ;;
        --workdir=*) workdir=${1#*=}; shift ;;
        --env) [[ $# -ge 2 ]] || usage; extra_env+=("$2"); shift 2 ;;
        --env=*) extra_env+=("${1#*=}"); shift ;;
        --verbose|-v) verbose=1; shift ;;
        -h|--help) usage 0 ;;
        --) shift; break ;;
        *) say "unknown option '$1' (the command goes after --)"; usage ;;
    esac
done
(($#)) || { say "no COMMAND given"; usage; }
[[ $timeout_s =~ ^[1-9][0-9]*$ ]] || die "--timeout must be a positive number of seconds, got '$timeout_s'"
[[ $mem =~ ^[1-9][0-9]*[KMG]?$ ]] || die "--mem must look like 512M or 1G, got '$mem'"
[[ $verbose == 1 ]] || verbose=0

# ---------------------------------------------------------------------------------------------
# Prerequisites on the host: fail loudly, naming the Debian package.
find_exe() {   # find_exe NAME: first executable NAME in sbin dirs + PATH (command -v would also
               # return a non-executable file)
    local d
    local -a dirs
    IFS=: read -r -a dirs <<<"/usr/sbin:/sbin:/usr/bin:/bin:${PATH:-}"
    for d in "${dirs[@]}"; do
        [[ -n $d && -f $d/$1 && -x $d/$1 ]] && { printf '%s\n' "$d/$1"; return 0; }
    done
    return 1
}
kernel=${QS_UML_KERNEL:-}
[[ -n $kernel ]] || kernel=$(find_exe linux.uml) || kernel=/usr/bin/linux.uml
[[ -f $kernel && -x $kernel ]] || die "user-mode Linux kernel not found ('linux.uml'). Install the Debian package: apt-get install user-mode-linux   (or run scripts/install-deps.sh)"
modprobe_bin=$(find_exe modprobe) && "$modprobe_bin" --version >/dev/null 2>&1 \
    || die "modprobe (kmod) not found or not working: UML could not load its tc modules. Install the Debian package: apt-get install kmod"
find_exe ip >/dev/null \
    || die "'ip' not found (needed inside UML to bring up lo). Install the Debian package: apt-get install iproute2"

uml_version=$("$kernel" --version 2>/dev/null | head -n1)
[[ -n $uml_version ]] || die "'$kernel --version' printed nothing: is it really a user-mode Linux kernel?"
moddir=/usr/lib/uml/modules/$uml_version
[[ -f $moddir/modules.dep ]] || die "UML modules for $uml_version not found in $moddir (package user-mode-linux incomplete? reinstall it)"

# The working directory must be visible inside UML through hostfs, i.e. not under a path that
# the guest mounts its own file systems over.
workdir=$(cd -- "$workdir" 2>/dev/null && pwd) || die "--workdir '$workdir' is not a directory"
case $workdir/ in
    /run/*|/proc/*|/sys/*|/dev/*) die "working directory $workdir is hidden inside UML (the guest mounts its own /run, /proc, /sys, /dev); run from elsewhere or pass --workdir" ;;
esac

# ---------------------------------------------------------------------------------------------
# Host-side state directory: holds the init script, its configuration, the exit-status file,
# UML's umid directory and UML's memory file (UML honours TMPDIR for it; not /dev/shm). It must
# be visible inside UML (not under /run, /dev) and its path must be a plain kernel argument.
statebase=${TMPDIR:-/tmp}
case $statebase/ in
    /run/*|/proc/*|/sys/*|/dev/*|*[[:space:]]*) statebase=/tmp ;;
esac
[[ -d $statebase && -w $statebase ]] || statebase=/tmp
state=$(mktemp -d "$statebase/qs-uml.XXXXXX") || die "cannot create a state directory in $statebase"
[[ $state != *[[:space:]]* ]] || die "state directory path contains white space: $state"

uml_pid=
out_reader=
err_reader=
wd_pid=
guard_pid=
saved_tty=
cleanup() {
    local rc=$?
    trap - EXIT INT TERM HUP
    if [[ -n $uml_pid ]] && kill -0 "$uml_pid" 2>/dev/null; then
        kill -TERM -- "-$uml_pid" 2>/dev/null
        for _ in 1 2 3 4 5 6 7 8 9 10; do
            kill -0 -- "-$uml_pid" 2>/dev/null || break
            sleep 0.2
        done
        kill -KILL -- "-$uml_pid" 2>/dev/null
        wait "$uml_pid" 2>/dev/null
    fi
    [[ -n $wd_pid ]] && { kill "$wd_pid" 2>/dev/null; wait "$wd_pid" 2>/dev/null; }
    [[ -n $guard_pid ]] && { kill -- "-$guard_pid" 2>/dev/null; wait "$guard_pid" 2>/dev/null; }
    [[ -n $out_reader ]] && wait "$out_reader" 2>/dev/null
    [[ -n $err_reader ]] && wait "$err_reader" 2>/dev/null
    [[ -n $saved_tty ]] && stty "$saved_tty" <&1 2>/dev/null
    [[ -n ${state:-} && -d $state ]] && rm -rf -- "$state"
    exit "$rc"
}
on_signal() {
    say "interrupted by SIG$1: killing user-mode Linux (process group $uml_pid)"
    exit $((128 + $2))
}
trap cleanup EXIT
trap 'on_signal INT 2' INT
trap 'on_signal TERM 15' TERM
trap 'on_signal HUP 1' HUP

# ---------------------------------------------------------------------------------------------
# Configuration read by the init script inside UML.
here=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
[[ -f $here/uml-init.sh ]] || die "missing $here/uml-init.sh"
cp -- "$here/uml-init.sh" "$state/init" && chmod 0755 "$state/init" || die "cannot copy the init script into $state"

guest_path=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
IFS=: read -r -a host_path <<<"${PATH:-}"
for d in "${host_path[@]}"; do
    [[ -n $d && ":$guest_path:" != *":$d:"* ]] && guest_path+=":$d"
done

{
    printf 'QS_UML_STATE=%q\n' "$state"
    printf 'QS_UML_VERSION=%q\n' "$uml_version"
    printf 'QS_UML_MODDIR=%q\n' "$moddir"
    printf 'QS_UML_MODPROBE=%q\n' "$modprobe_bin"
    printf 'QS_UML_WORKDIR=%q\n' "$workdir"
    printf 'QS_UML_TIMEOUT=%q\n' "$timeout_s"
    printf 'QS_UML_PATH=%q\n' "$guest_path"
    # Whitelisted environment for COMMAND.
    while IFS= read -r -d '' kv; do
        name=${kv%%=*}
        case $name in
            QS_UML_*) ;;    # the harness's own knobs stay outside
            QS_*|QT_*|LC_*|*SAN_OPTIONS|CI|HOME|LANG|LANGUAGE|TZ|USER|LOGNAME|LD_LIBRARY_PATH)
                [[ $name =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] && printf 'export %s=%q\n' "$name" "${kv#*=}" ;;
        esac
    done < <(env -0)
    for e in "${extra_env[@]}"; do
        name=${e%%=*}
        [[ $name =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || die "--env '$e': not a variable name"
        if [[ $e == *=* ]]; then
            printf 'export %s=%q\n' "$name" "${e#*=}"
        elif [[ -n ${!name+set} ]]; then
            printf 'export %s=%q\n' "$name" "${!name}"
        fi
    done
    printf 'QS_UML_CMD=('
    printf ' %q' "$@"
    printf ' )\n'
} >"$state/config" || die "cannot write $state/config"

# ---------------------------------------------------------------------------------------------
# Boot. UML's consoles: input from nothing (con0=null,...). con0 (/dev/tty0 inside) writes to
# UML's fd 1: COMMAND's stdout only, so `run-in-uml.sh -- tc -j qdisc show > x.json` works.
# con1 (/dev/tty1, also the kernel console: console=tty1) writes to UML's fd 3: COMMAND's
# stderr, kernel messages and the harness's own [uml] lines. When our stdout and stderr are
# the same file (ctest, 2>&1, a terminal) both go through one pipe, which keeps their order.
# UML gets pipes rather than our stdout/stderr: it sets its console fds O_NONBLOCK, which would
# otherwise leak into the file description shared with the caller (ctest, a terminal).
# UML's own host-side chatter on its stderr ("Checking that ptrace ...") goes to uml.log,
# shown on failure or with --verbose.
mkfifo "$state/out" || die "mkfifo failed in $state"
if [[ /proc/self/fd/1 -ef /proc/self/fd/2 ]]; then
    errpipe=$state/out
else
    errpipe=$state/err
    mkfifo "$errpipe" || die "mkfifo failed in $state"
    cat <"$errpipe" >&2 & err_reader=$!
fi
cat <"$state/out" & out_reader=$!

# shellcheck disable=SC2054  # the commas belong to UML options (con0=null,fd:1)
kargs=(mem="$mem" rootfstype=hostfs rootflags=/ rw init="$state/init"
       con=null ssl=null con0=null,fd:1 con1=null,fd:3 console=tty1
       uml_dir="$state" umid=qs-uml
       pty.legacy_count=0)   # 256 legacy BSD ptys cost ~1 s of boot; nobody needs them
if ((verbose)); then kargs+=(printk.time=1); else kargs+=(loglevel=3); fi  # init: 4 once booted

[[ -t 1 ]] && saved_tty=$(stty -g <&1 2>/dev/null)
say "kernel: $kernel (user-mode Linux $uml_version), modules: $moddir"
say "command: $(printf '%q ' "$@")"
say "workdir: $workdir, mem=$mem, timeout ${timeout_s}s"

t0=$EPOCHREALTIME
# setsid: UML and all its host processes form one process group (= session) we can kill whole.
if ((verbose)); then uml_log=$errpipe; else uml_log=$state/uml.log; fi
TMPDIR=$state setsid "$kernel" "${kargs[@]}" </dev/null >"$state/out" 3>"$errpipe" 2>"$uml_log" &
uml_pid=$!

# Watchdog: whichever ends first, UML or the sleep. (No background job keeps our stdout or
# stderr: ctest waits for its pipes to close.)
# shellcheck disable=SC2217
sleep "$timeout_s" </dev/null >/dev/null 2>&1 & wd_pid=$!
# Guardian, in a session of its own: if this script dies without running its traps (SIGKILL,
# e.g. from a CI runner), it kills UML's process group and the watchdog, and removes the state
# directory, so nothing is left behind.
setsid bash -c 'tail --pid="$1" -f /dev/null; kill -KILL -- "-$2"; kill "$3"; rm -rf -- "$4"' \
    guardian "$$" "$uml_pid" "$wd_pid" "$state" </dev/null >/dev/null 2>&1 &
guard_pid=$!
wait -n "$uml_pid" "$wd_pid" 2>/dev/null
if kill -0 "$uml_pid" 2>/dev/null && ! kill -0 "$wd_pid" 2>/dev/null; then
    wd_pid=
    say "TIMEOUT: COMMAND did not finish within ${timeout_s}s; killing user-mode Linux (process group $uml_pid)"
    kill -TERM -- "-$uml_pid" 2>/dev/null
    sleep 1
    kill -KILL -- "-$uml_pid" 2>/dev/null
    wait "$uml_pid" 2>/dev/null
    uml_pid=
    wait $out_reader $err_reader 2>/dev/null; out_reader='' err_reader=''
    say "FAILED (timeout after ${timeout_s}s): $(printf '%q ' "$@")"
    exit 124
fi
wait "$uml_pid" 2>/dev/null
uml_rc=$?
uml_pid_done=$uml_pid
uml_pid=
kill "$wd_pid" 2>/dev/null; wait "$wd_pid" 2>/dev/null; wd_pid=
# UML normally kills its helpers on the way out; make sure nothing of the group survives.
kill -KILL -- "-$uml_pid_done" 2>/dev/null
wait $out_reader $err_reader 2>/dev/null; out_reader='' err_reader=''
t1=$EPOCHREALTIME
total=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')

if [[ ! -s $state/status ]]; then
    say "FAILED: user-mode Linux exited (code $uml_rc) after ${total}s without reporting COMMAND's status (boot failure or crash; rerun with --verbose for the full kernel log)"
    if [[ -s $state/uml.log ]]; then
        say "UML's own messages (stderr):"
        sed 's/^/    /' "$state/uml.log" >&2
    fi
    exit 125
fi
read -r rc <"$state/status"
[[ $rc =~ ^[0-9]+$ ]] || { say "FAILED: unreadable status '$rc' from inside UML"; exit 125; }
if ((rc == 0)); then
    say "PASSED: exit status 0 (total ${total}s including boot and power-off)"
else
    say "FAILED: exit status $rc (total ${total}s including boot and power-off)"
fi
exit "$rc"
