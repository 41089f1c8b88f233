TC=${TC:-tc}
for d in lan0 lan1; do
  $TC -force -batch - <<EOT
qdisc add dev $d root handle 1: tbf rate $((5 * 2))mbit burst 10kb latency 50ms
EOT
done
while read dev rate; do ip netns exec lab tc qdisc add dev "$dev" root tbf rate "$rate" burst 5kb latency 1ms; done <<EOF2
va 10mbit
EOF2
[ -x /sbin/tc ] || exit 0
f() { local x=${1:-eth0}; [[ $x == eth* ]] && sudo tc qdisc add dev $x root pfifo; }; f; f eth3
case "$1" in start|go) eval "tc qdisc add dev v9 root bfifo" ;; *) exit 1 ;; esac
