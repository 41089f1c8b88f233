#!/bin/sh
# with-dev-log.sh SOCKET PROGRAM [ARGUMENTS…]
# Runs PROGRAM in a mount namespace of its own whose /dev/log is SOCKET, a datagram socket the
# test listens on: syslog(3) in PROGRAM then reaches the test, and the machine's /dev is untouched
# (this machine runs no syslog daemon; CI machines may run one that must not see test lines).
set -eu
socket=$1
shift
exec unshare --mount --propagation private -- /bin/sh -eu -c '
    socket=$1
    shift
    outer=$(dirname "$socket")/outer-dev
    mkdir -p "$outer"
    mount --bind /dev "$outer"
    mount -t tmpfs -o mode=0755,size=64k qs-test-dev /dev
    for node in null zero full random urandom tty; do
        touch "/dev/$node"
        mount --bind "$outer/$node" "/dev/$node"
    done
    touch /dev/log
    mount --bind "$socket" /dev/log
    exec "$@"' with-dev-log "$socket" "$@"
