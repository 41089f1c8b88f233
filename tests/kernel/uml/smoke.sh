#!/bin/bash
# smoke.sh — user-mode Linux smoke test (run it through run-in-uml.sh; needs root and sch_netem).
#
# Two network namespaces joined by a veth pair (198.18.0.1/24 <-> 198.18.0.2/24, the range
# reserved for benchmarking), `netem delay 100ms` on one side, 10 pings from the other side:
# the median RTT must be 100 ± 5 ms (the first ping includes the ARP exchange, hence the
# median). Only addresses inside the test's own namespaces are used. Exits non-zero on failure.
set -euo pipefail

ns_a=qs-smoke-a-$$
ns_b=qs-smoke-b-$$
delay_ms=100
tolerance_ms=5
count=10

say() { printf '[smoke] %s\n' "$*"; }
fail() { printf '[smoke] FAIL: %s\n' "$*" >&2; exit 1; }
cleanup() {
    ip netns del "$ns_a" 2>/dev/null || true
    ip netns del "$ns_b" 2>/dev/null || true
}
trap cleanup EXIT

[[ $(id -u) -eq 0 ]] || fail "must run as root (run it through run-in-uml.sh)"
for tool in ip tc ping awk sort; do
    command -v "$tool" >/dev/null || fail "'$tool' not found"
done

say "kernel $(uname -r); creating namespaces $ns_a, $ns_b joined by a veth pair"
ip netns add "$ns_a"
ip netns add "$ns_b"
ip -n "$ns_a" link add veth-a type veth peer name veth-b netns "$ns_b"
ip -n "$ns_a" addr add 198.18.0.1/24 dev veth-a
ip -n "$ns_b" addr add 198.18.0.2/24 dev veth-b
ip -n "$ns_a" link set lo up
ip -n "$ns_b" link set lo up
ip -n "$ns_a" link set veth-a up
ip -n "$ns_b" link set veth-b up

say "tc qdisc add dev veth-a root netem delay ${delay_ms}ms (in $ns_a)"
tc -n "$ns_a" qdisc add dev veth-a root netem delay "${delay_ms}ms"
tc -n "$ns_a" qdisc show dev veth-a | sed 's/^/[smoke]   /'
tc -n "$ns_a" qdisc show dev veth-a | grep -q "netem.*delay ${delay_ms}ms" \
    || fail "netem qdisc not in place"

say "ping -c $count 198.18.0.1 from $ns_b"
out=$(ip netns exec "$ns_b" ping -n -c "$count" -i 0.2 -W 2 198.18.0.1) \
    || { printf '%s\n' "$out"; fail "ping failed"; }
mapfile -t rtts < <(printf '%s\n' "$out" | sed -n 's/.* time=\([0-9.]*\) ms.*/\1/p')
((${#rtts[@]} == count)) || { printf '%s\n' "$out"; fail "expected $count replies, got ${#rtts[@]}"; }
say "RTTs (ms): ${rtts[*]}"

median=$(printf '%s\n' "${rtts[@]}" | sort -g | awk '{ v[NR] = $1 } END {
    if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
say "median RTT ${median} ms (expected ${delay_ms} ± ${tolerance_ms} ms)"
awk -v m="$median" -v d="$delay_ms" -v t="$tolerance_ms" 'BEGIN { exit !(m >= d - t && m <= d + t) }' \
    || fail "median RTT ${median} ms outside ${delay_ms} ± ${tolerance_ms} ms"

tc -n "$ns_a" -s qdisc show dev veth-a | sed 's/^/[smoke]   /'
cleanup
trap - EXIT
ip netns list | grep -q "qs-smoke-.-$$" && fail "namespaces still present after removal"
say "PASS"
