#pragma once

// The trees of the engine's oracle test (tst_engine_oracle), one place for every test that
// builds them with the real tc: the engine's read-back against tc's, and tc's show output
// imported back (tst_show_import). Rows tagged "host" run on this machine's kernel; the others
// need modules it lacks (netem, sfq, fq_codel, prio, codel, fq, pie, skbprio) and run under user-mode Linux.

#include <QList>

namespace qs::test {

struct OracleTree
{
    const char *tag;
    const char *script; ///< tc (and ip, for the ifb) lines on the device va
};

inline const QList<OracleTree> &oracleTrees()
{
    static const QList<OracleTree> trees = {
        // Host kernel: htb with classes, tbf leaves, u32 filters, ingress → ifb.
        {"host", R"(
ip link add ifb0 type ifb
ip link set dev ifb0 up
tc qdisc add dev va root handle 1: htb default 30 r2q 5
tc class add dev va parent 1: classid 1:1 htb rate 100mbit burst 15k ceil 100mbit
tc class add dev va parent 1:1 classid 1:10 htb rate 10mbit burst 15k ceil 15mbit prio 1
tc class add dev va parent 1:1 classid 1:20 htb rate 20mbit ceil 50mbit cburst 64kb quantum 3000
tc class add dev va parent 1:1 classid 1:30 htb rate 1mbit
tc class add dev va parent 1: classid 1:2 htb rate 12gbit ceil 20gbit burst 1mb
tc qdisc add dev va parent 1:10 handle 10: tbf rate 10mbit burst 32kb latency 50ms
tc qdisc add dev va parent 1:20 handle 20: tbf rate 20mbit burst 64kb limit 128kb peakrate 40mbit mtu 1514
tc qdisc add dev va parent 1:30 handle 30: pfifo limit 50
tc qdisc add dev va parent 1:2 handle 2: tbf rate 12gbit burst 1mb latency 10ms
tc filter add dev va protocol ip parent 1: prio 1 u32 match ip dst 198.18.0.2/32 match ip sport 5201 0xffff flowid 1:10
tc filter add dev va protocol ip parent 1: prio 2 u32 match ip src 198.18.0.0/15 match ip dport 443 0xffff match ip protocol 6 0xff flowid 1:20
tc filter add dev va protocol ip parent 1: prio 3 u32 match ip tos 0x10 0xff match u16 0x0800 0xffff at 20 flowid 1:2
tc qdisc add dev va handle ffff: ingress
tc filter add dev va parent ffff: protocol all prio 1 u32 match u32 0 0 action mirred egress redirect dev ifb0
tc qdisc add dev ifb0 root handle 1: tbf rate 5mbit burst 10kb latency 100ms
)"},
        {"netem-random",
         "tc qdisc add dev va root handle 1: netem limit 5000 delay 100ms 10ms 25% distribution normal loss random 1% 25% "
         "duplicate 1% 20% corrupt 0.1% 5% reorder 25% 50% gap 5 rate 1mbit 20 100 -4 slot 1ms 5ms packets 8 bytes 4kb ecn"},
        {"netem-state",
         "tc qdisc add dev va root handle 1: netem delay 30ms 5ms distribution pareto loss state 1% 30% 0.5% 10% 0.1% "
         "duplicate 0.5% rate 12gbit"},
        {"netem-gemodel",
         "tc qdisc add dev va root handle 1: netem delay 10ms 2ms 10% distribution paretonormal loss gemodel 1% 10% 70% 0.1% ecn "
         "slot distribution pareto 1ms 500us packets 4"},
        {"netem-tree",
         "ip link add ifb0 type ifb\nip link set dev ifb0 up\n"
         "tc qdisc add dev va root handle 1: prio bands 4 priomap 1 2 2 2 1 2 0 0 1 1 1 1 1 1 1 3\n"
         "tc qdisc add dev va parent 1:1 handle 10: netem delay 100ms\n"
         "tc qdisc add dev va parent 10:1 handle 11: tbf rate 10mbit burst 32kb latency 50ms\n"
         "tc qdisc add dev va parent 1:2 handle 20: sfq perturb 10 quantum 1514 limit 100 divisor 256 flows 64 depth 20 headdrop\n"
         "tc qdisc add dev va parent 1:3 handle 30: fq_codel limit 1000 flows 64 quantum 300 target 2ms interval 50ms ce_threshold 1ms memory_limit 4mb drop_batch 32 noecn\n"
         "tc qdisc add dev va parent 1:4 handle 40: sfq\n"
         "tc filter add dev va parent 1: protocol ip prio 1 u32 match ip dport 5001 0xffff flowid 1:4\n"
         "tc qdisc add dev va handle ffff: ingress\n"
         "tc filter add dev va parent ffff: protocol ip prio 1 u32 match ip src 198.18.0.0/15 action mirred egress redirect dev ifb0\n"
         "tc qdisc add dev ifb0 root handle 2: netem delay 50ms loss 2% 25%\n"},
        // Issue 14's options and kinds: link layers, SFQ-RED, codel, fq, pie, skbprio, pfifo_fast, cake.
        {"new-kinds",
         "tc qdisc add dev va root handle 1: prio bands 9 priomap 1 2 2 2 1 2 0 0 1 1 1 1 1 1 1 1\n"
         "tc qdisc add dev va parent 1:1 handle 10: tbf rate 1mbit burst 10kb latency 40ms overhead 8 mpu 64 linklayer atm\n"
         "tc qdisc add dev va parent 1:2 handle 20: sfq redflowlimit 100000 min 8000 max 60000 probability 0.2 ecn headdrop\n"
         "tc qdisc add dev va parent 1:3 handle 30: codel limit 1500 target 4ms interval 80ms ce_threshold 1ms ecn\n"
         "tc qdisc add dev va parent 1:4 handle 40: fq limit 3000 flow_limit 300 quantum 9000 maxrate 100mbit buckets 1000 "
         "nopacing refill_delay 100ms orphan_mask 255 timer_slack 100 ce_threshold 2ms horizon 2s horizon_cap\n"
         "tc qdisc add dev va parent 1:5 handle 50: pie limit 2000 target 20ms tupdate 30ms alpha 4 beta 30 ecn bytemode dq_rate_estimator\n"
         "tc qdisc add dev va parent 1:6 handle 60: skbprio limit 32\n"
         "tc qdisc add dev va parent 1:7 handle 70: pfifo_fast\n"
         "tc qdisc add dev va parent 1:8 handle 80: htb default 1 direct_qlen 100\n"
         "tc class add dev va parent 80: classid 80:1 htb rate 20kbit ceil 40kbit mpu 64 overhead 10 linklayer atm\n"
         "tc qdisc add dev va parent 1:9 handle 90: cake bandwidth 10mbit autorate-ingress rtt 50ms diffserv4 dual-dsthost nat "
         "wash ingress ack-filter no-split-gso memlimit 8mb fwmark 0xf0 pppoe-ptm ether-vlan mpu 72\n"},
        // cake (user-mode Linux): the framing keywords' sums, ingress, fwmark; the one with only
        // defaults prints "bandwidth unlimited" and "raw", the other an overhead without raw.
        {"cake",
         "tc qdisc add dev va root handle 1: prio bands 3\n"
         "tc qdisc add dev va parent 1:1 handle 10: cake bandwidth 10mbit autorate-ingress rtt 50ms diffserv4 dual-dsthost nat "
         "wash ingress ack-filter no-split-gso memlimit 8mb fwmark 0xf0 pppoe-ptm ether-vlan mpu 72\n"
         "tc qdisc add dev va parent 1:2 handle 20: cake\n"
         "tc qdisc add dev va parent 1:3 handle 30: cake unlimited besteffort flowblind conservative ack-filter-aggressive lan\n"},
        // RED's family (the kernel keeps only what tc derives: thresholds, Wlog, Plog, Scell_log),
        // plug (which reports nothing: only one sent no command reads back as nothing to do), and
        // matchall filters in two chains.
        {"red-family",
         "tc qdisc add dev va root handle 1: prio bands 5 priomap 0 1 2 3 4 0 0 0 0 0 0 0 0 0 0 0\n"
         "tc qdisc add dev va parent 1:1 handle 10: red limit 1M avpkt 1500 min 100K max 300K burst 80 probability 0.05 bandwidth 50mbit ecn harddrop adaptive nodrop\n"
         "tc qdisc add dev va parent 1:2 handle 20: choke limit 1000 bandwidth 10000 min 100 max 300 burst 200 avpkt 1500 probability 0.1 ecn\n"
         "tc qdisc add dev va parent 1:3 handle 30: sfb rehash 1000 db 100 limit 10 max 20 target 10 increment 0.001 decrement 0.0001 penalty_rate 4000 penalty_burst 64\n"
         "tc qdisc add dev va parent 1:4 handle 40: hhf limit 1500 quantum 9000 hh_limit 1024 reset_timeout 100ms admit_bytes 100000 evict_timeout 500ms non_hh_weight 10\n"
         "tc qdisc add dev va parent 1:5 handle 50: plug\n"
         "tc qdisc add dev va ingress\n"
         "tc filter add dev va parent ffff: protocol ip prio 1 handle 0x1 matchall skip_hw classid 1:1 action pass\n"
         "tc filter add dev va parent ffff: protocol all prio 1 chain 2 handle 0x1 matchall classid 1:3 action continue\n"},
        // The flat classful kinds (user-mode Linux): drr classes with and without a quantum (the
        // MTU's), a qfq below one with weights and maxpkt, leaves and filters at both.
        {"drr-qfq",
         "tc qdisc add dev va root handle 1: drr\n"
         "tc class add dev va parent 1: classid 1:1 drr quantum 3000\n"
         "tc class add dev va parent 1: classid 1:2 drr\n"
         "tc qdisc add dev va parent 1:1 handle 10: qfq\n"
         "tc class add dev va parent 10: classid 10:1 qfq weight 100 maxpkt 2000\n"
         "tc class add dev va parent 10: classid 10:2 qfq\n"
         "tc class add dev va parent 10: classid 10:3 qfq weight 1024 maxpkt 65536\n"
         "tc qdisc add dev va parent 10:1 handle 11: pfifo limit 10\n"
         "tc qdisc add dev va parent 1:2 handle 20: fq_codel\n"
         "tc filter add dev va parent 1: protocol ip prio 1 u32 match ip dport 5001 0xffff flowid 1:1\n"
         "tc filter add dev va parent 10: protocol ip prio 1 u32 match ip dport 5001 0xffff flowid 10:1\n"},
    };
    return trees;
}

} // namespace qs::test
