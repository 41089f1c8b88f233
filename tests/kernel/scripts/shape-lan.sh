#!/bin/sh
# shape-lan.sh — rate-limit the LAN ports of a small router, in the style of the init scripts
# that runbooks are full of. Written for Qdisc Studio's tests: sh and tc build its tree on test
# devices, and the importer must build the same.
#
#   shape-lan.sh start|stop|restart|status
#
# The settings can come from the environment: RATE=50mbit IFACES="lan0 lan1" shape-lan.sh start

TC=${TC:-/sbin/tc}
IFACES=${IFACES:-"lan0 lan1"}
RATE=${RATE:-20mbit}
CEIL=${CEIL:-$RATE}
VOICE_RATE=${VOICE_RATE:-2mbit}
set -e

shape() {
    dev=$1
    half=$(( ${RATE%mbit} / 2 ))mbit
    $TC qdisc add dev "$dev" root handle 1: htb default 20 r2q 10
    $TC class add dev "$dev" parent 1: classid 1:1 htb rate "$RATE" ceil "$CEIL"
    $TC class add dev "$dev" parent 1:1 classid 1:10 htb rate "$VOICE_RATE" ceil "$RATE" prio 0
    $TC class add dev "$dev" parent 1:1 classid 1:20 htb rate $half ceil "$CEIL" prio 1
    $TC qdisc add dev "$dev" parent 1:10 handle 10: pfifo limit 50
    $TC qdisc add dev "$dev" parent 1:20 handle 20: tbf rate $half burst 32kb latency 50ms
    # SIP into the voice class, and whatever is marked EF
    for port in 5060 5061; do
        $TC filter add dev "$dev" parent 1: protocol ip prio 1 u32 match ip dport $port 0xffff flowid 1:10
    done
    $TC filter add dev "$dev" parent 1: protocol ip prio 2 u32 match ip tos 0xb8 0xfc flowid 1:10
}

unshape() {
    $TC qdisc del dev "$1" root 2>/dev/null || true
}

case "$1" in
    start)
        for dev in $IFACES; do
            unshape "$dev"
            shape "$dev"
        done
        ;;
    stop)
        for dev in $IFACES; do unshape "$dev"; done
        ;;
    restart)
        "$0" stop
        "$0" start
        ;;
    status)
        for dev in $IFACES; do $TC -s class show dev "$dev"; done
        ;;
    *)
        echo "usage: $0 {start|stop|restart|status}" >&2
        exit 1
        ;;
esac
