#!/bin/bash
# uml-init.sh — PID 1 inside user-mode Linux, started by run-in-uml.sh (which copies this file
# into its host-side state directory and boots UML with init=<that copy>).
#
# Prepares a minimal system on top of the host's root file system (hostfs), runs the command
# from <state>/config, prints the loaded modules, writes the command's exit status to
# <state>/status (a host directory: UML's own exit code does not carry it) and powers off.
# It must never exit on its own: PID 1 exiting panics the kernel.
#
# Every exec costs 50-150 ms under UML (ptrace), so this script uses bash built-ins wherever
# it can and batches the mounts into one `mount -a`.

state=${0%/*}
# The kernel hands init its unrecognised boot parameters (mem=, uml_dir=, ...) as environment
# variables, plus HOME=/ and TERM=linux: start from a clean slate, then take config's exports.
for v in $(compgen -e); do unset "$v" 2>/dev/null; done
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export PATH HOME=/root TERM=dumb

log() { printf '[uml] %s\n' "$*"; }
uptime() { local u _; read -r u _ </proc/uptime; printf '%s' "$u"; }

finish() {   # finish STATUS: report to the host, flush, power off
    printf '%s\n' "$1" >"$state/status"
    sync      # hostfs writes sit in the guest's page cache; a forced power-off would lose them
    echo o >/proc/sysrq-trigger 2>/dev/null    # magic SysRq power-off: no exec needed
    sleep 5
    poweroff -f >/dev/null 2>&1                # fallback
    while :; do sleep 60; done
}
fail() {
    log "SETUP FAILED: $*"
    finish 125
}

mount -t proc proc /proc || { echo "[uml] SETUP FAILED: cannot mount /proc"; finish 125; }
# The console (our stdout and stderr) is tty1, which the host maps to its stderr; tty0 is the
# host's stdout, for COMMAND's stdout only. No CR/LF translation, so CI logs don't fill with ^M.
stty -onlcr </dev/tty0 2>/dev/null
stty -onlcr </dev/tty1 2>/dev/null

# shellcheck source=/dev/null
. "$state/config" || fail "cannot read $state/config"
PATH=$QS_UML_PATH
export PATH

read -r release </proc/sys/kernel/osrelease
while read -r key value _; do [[ $key == MemTotal: ]] && break; done </proc/meminfo
log "booted user-mode Linux $release in $(uptime)s (memory ${value} kB)"

# --- file systems --------------------------------------------------------------------------
# The kernel already mounted devtmpfs on /dev (CONFIG_DEVTMPFS_MOUNT). One mount(8) for the
# rest. /run: a private tmpfs (network namespaces live in /run/netns). /tmp is NOT mounted
# over: it is the host's /tmp, where CI may have cloned and built the project.
is_mounted() {
    local mnt _
    while read -r _ mnt _; do [[ $mnt == "$1" ]] && return 0; done </proc/mounts
    return 1
}
is_mounted /dev || mount -t devtmpfs devtmpfs /dev || fail "mount devtmpfs on /dev"
printf '%s\n' \
    'sysfs  /sys      sysfs  defaults' \
    'devpts /dev/pts  devpts gid=5,mode=620,ptmxmode=666,X-mount.mkdir' \
    'shm    /dev/shm  tmpfs  mode=1777,X-mount.mkdir' \
    'tmpfs  /run      tmpfs  mode=0755,size=50%' >"$state/fstab" || fail "cannot write $state/fstab"
mount -a -T "$state/fstab" || fail "mount -a -T $state/fstab (sysfs, devpts, /dev/shm, tmpfs on /run)"
[[ -e /dev/fd ]] || ln -s /proc/self/fd /dev/fd
for i in 0:stdin 1:stdout 2:stderr; do
    [[ -e /dev/${i#*:} ]] || ln -s "/proc/self/fd/${i%%:*}" "/dev/${i#*:}"
done
[[ -c /dev/null ]] || fail "/dev/null is not a character device"
mkdir -p /run/netns /run/modroot/lib/modules && mkdir -m 1777 /run/tmp /run/lock \
    || fail "cannot create directories on /run"
export TMPDIR=/run/tmp
echo uml >/proc/sys/kernel/hostname

# --- modules: private module root, the kernel asks /run/modprobe ---------------------------
# /lib/modules does not exist on the host and the root file system is the host's own, so the
# module tree is linked under /run/modroot and modprobe is told with -d.
[[ -d $QS_UML_MODDIR ]] || fail "module directory $QS_UML_MODDIR missing"
ln -s "$QS_UML_MODDIR" "/run/modroot/lib/modules/$release" || fail "module root"
printf '#!/bin/sh\nexec %s -d /run/modroot "$@"\n' "$QS_UML_MODPROBE" >/run/modprobe
chmod 0755 /run/modprobe || fail "chmod /run/modprobe"
echo /run/modprobe >/proc/sys/kernel/modprobe || fail "cannot register /run/modprobe in /proc/sys/kernel/modprobe"

# --- network -------------------------------------------------------------------------------
ip link set lo up || fail "ip link set lo up"

# Kernel warnings and worse reach the console from now on (boot noise stays hidden).
echo 4 >/proc/sys/kernel/printk 2>/dev/null

cd "$QS_UML_WORKDIR" || fail "cannot cd to $QS_UML_WORKDIR"
printf -v cmdline ' %q' "${QS_UML_CMD[@]}"
log "ready after $(uptime)s; running in $PWD:$cmdline"
log "----------------------------------------------------------------------------------------"

# stdin: the console has no input (reads would block forever), so COMMAND gets /dev/null.
# stdout: tty0 = the host's stdout; stderr: tty1 = the host's stderr. timeout: a backstop in
# case the host side vanished (SIGKILL) and nobody kills UML; normally the host kills UML at
# QS_UML_TIMEOUT.
timeout -k 5 $((QS_UML_TIMEOUT + 30)) "${QS_UML_CMD[@]}" </dev/null >/dev/tty0 2>/dev/tty1
rc=$?

log "----------------------------------------------------------------------------------------"
log "modules loaded (/proc/modules):"
n=0
while read -r name size refs users _; do
    ((n++ == 0)) && printf '[uml]   %-20s %8s  %s\n' Module Size "Used by"
    [[ $users == - ]] && users= || users=${users%,}
    printf '[uml]   %-20s %8s  %s %s\n' "$name" "$size" "$refs" "$users"
done </proc/modules
((n)) || log "  (none)"
log "exit status: $rc (guest uptime $(uptime)s)"
finish "$rc"
