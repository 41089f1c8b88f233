// tc's show output read back into the tc commands that build it (TcShowReader, through
// TcScriptImporter as the CLI and the paste dialog call it): captured from iproute2 6.1 on this
// machine's kernel (htb, tbf, pfifo, u32, ingress, mirred) and under user-mode Linux (netem, sfq,
// fq_codel, prio, codel, fq, pie, skbprio, pfifo_fast), with and without -s and -d.
#include "kinds/allkinds.h"
#include "netlink/pschedclock.h"
#include "tc/tcsummary.h"
#include "tc/tcscriptimporter.h"
#include "tc/tcshowreader.h"
#include "tc/tcunits.h"

#include <QTest>

using namespace qs;

namespace {

// `tc qdisc|class|filter show dev va` of the oracle test's host tree, as a user pastes it.
const char *const kHostPlain = R"($ tc qdisc show dev va
qdisc htb 1: root refcnt 3 r2q 5 default 0x30 direct_packets_stat 1 direct_qlen 1000
qdisc tbf 2: parent 1:2 rate 12Gbit burst 1048500b lat 10ms 
qdisc pfifo 30: parent 1:30 limit 50p
qdisc tbf 10: parent 1:10 rate 10Mbit burst 32Kb lat 50ms 
qdisc tbf 20: parent 1:20 rate 20Mbit burst 64Kb peakrate 40Mbit minburst 1510b lat 26.2ms 
qdisc ingress ffff: parent ffff:fff1 ---------------- 
$ tc class show dev va
class htb 1:1 root rate 100Mbit ceil 100Mbit burst 15337b cburst 1600b 
class htb 1:10 parent 1:1 leaf 10: prio 1 rate 10Mbit ceil 15Mbit burst 15Kb cburst 1597b 
class htb 1:2 root leaf 2: prio 0 rate 12Gbit ceil 20Gbit burst 1047000b cburst 0b 
class htb 1:20 parent 1:1 leaf 20: prio 0 rate 20Mbit ceil 50Mbit burst 1600b cburst 64Kb 
class htb 1:30 parent 1:1 leaf 30: prio 0 rate 1Mbit ceil 1Mbit burst 1600b cburst 1600b 
class tbf 2:1 parent 2: 
class tbf 10:1 parent 10: 
class tbf 20:1 parent 20: 
$ tc filter show dev va
filter parent 1: protocol ip pref 1 u32 chain 0 
filter parent 1: protocol ip pref 1 u32 chain 0 fh 800: ht divisor 1 
filter parent 1: protocol ip pref 1 u32 chain 0 fh 800::800 order 2048 key ht 800 bkt 0 *flowid 1:10 not_in_hw 
  match c6120002/ffffffff at 16
  match 14510000/ffff0000 at 20
filter parent 1: protocol ip pref 2 u32 chain 0 
filter parent 1: protocol ip pref 2 u32 chain 0 fh 801: ht divisor 1 
filter parent 1: protocol ip pref 2 u32 chain 0 fh 801::800 order 2048 key ht 801 bkt 0 *flowid 1:20 not_in_hw 
  match c6120000/fffe0000 at 12
  match 000001bb/0000ffff at 20
  match 00060000/00ff0000 at 8
filter parent 1: protocol ip pref 3 u32 chain 0 
filter parent 1: protocol ip pref 3 u32 chain 0 fh 802: ht divisor 1 
filter parent 1: protocol ip pref 3 u32 chain 0 fh 802::800 order 2048 key ht 802 bkt 0 *flowid 1:2 not_in_hw 
  match 00100000/00ff0000 at 0
  match 08000000/ffff0000 at 20
$ tc -s -d filter show dev va parent ffff:
filter protocol all pref 1 u32 chain 0 
filter protocol all pref 1 u32 chain 0 fh 800: ht divisor 1 
filter protocol all pref 1 u32 chain 0 fh 800::800 order 2048 key ht 800 bkt 0 terminal flowid not_in_hw 
  match 00000000/00000000 at 0
	action order 1: mirred (Egress Redirect to device ifb0) stolen
	index 1 ref 1 bind 1 installed 0 sec used 0 sec firstused 0 sec
	Action statistics:
	Sent 72 bytes 1 pkt (dropped 0, overlimits 0 requeues 0) 
	backlog 0b 0p requeues 0

)";

// The same qdiscs and classes with -s -d, without the command lines: no device named.
const char *const kHostDetails = R"(qdisc htb 1: root refcnt 3 r2q 5 default 0x30 direct_packets_stat 1 ver 3.17 direct_qlen 1000
 Sent 250 bytes 3 pkt (dropped 0, overlimits 0 requeues 0) 
 backlog 0b 0p requeues 0
qdisc tbf 20: parent 1:20 rate 20Mbit burst 64Kb/1 mpu 0b peakrate 40Mbit mtu 1510b/1 mpu 0b lat 26.2ms linklayer ethernet 
 Sent 0 bytes 0 pkt (dropped 0, overlimits 0 requeues 0) 
 backlog 0b 0p requeues 0
qdisc pfifo 30: parent 1:30 limit 50p
 Sent 160 bytes 2 pkt (dropped 0, overlimits 0 requeues 0) 
 backlog 0b 0p requeues 0
class htb 1:1 root rate 100Mbit ceil 100Mbit linklayer ethernet burst 15337b/1 mpu 0b cburst 1600b/1 mpu 0b level 7 
 Sent 160 bytes 2 pkt (dropped 0, overlimits 0 requeues 0) 
 backlog 0b 0p requeues 0
 lended: 0 borrowed: 0 giants: 0
 tokens: 19099 ctokens: 1912

class htb 1:20 parent 1:1 leaf 20: prio 0 quantum 3000 rate 20Mbit ceil 50Mbit linklayer ethernet burst 1600b/1 mpu 0b cburst 64Kb/1 mpu 0b level 0 
 Sent 0 bytes 0 pkt (dropped 0, overlimits 0 requeues 0) 
 backlog 0b 0p requeues 0
 lended: 0 borrowed: 0 giants: 0
 tokens: 10000 ctokens: 163828

class htb 1:30 parent 1:1 leaf 30: prio 0 quantum 25000 rate 1Mbit ceil 1Mbit linklayer ethernet burst 1600b/1 mpu 0b cburst 1600b/1 mpu 0b level 0 
 Sent 160 bytes 2 pkt (dropped 0, overlimits 0 requeues 0) 
 backlog 0b 0p requeues 0
 lended: 2 borrowed: 0 giants: 0
 tokens: 180411 ctokens: 180411

)";

// Under user-mode Linux: the oracle test's netem-tree, tc -s -d, and "tc qdisc show" of all devices.
const char *const kUmlTree = R"(qdisc prio 1: dev va root refcnt 2 bands 4 priomap 1 2 2 2 1 2 0 0 1 1 1 1 1 1 1 3
 Sent 0 bytes 0 pkt (dropped 0, overlimits 0 requeues 0) 
 backlog 0b 0p requeues 0
qdisc fq_codel 30: dev va parent 1:3 limit 1000p flows 64 quantum 300 target 2ms ce_threshold 999us interval 50ms memory_limit 4Mb drop_batch 32 
 Sent 0 bytes 0 pkt (dropped 0, overlimits 0 requeues 0) 
 backlog 0b 0p requeues 0
  maxpacket 0 drop_overlimit 0 new_flow_count 0 ecn_mark 0
  new_flows_len 0 old_flows_len 0
qdisc netem 10: dev va parent 1:1 limit 1000 delay 100ms
qdisc sfq 40: dev va parent 1:4 limit 127p quantum 1514b depth 127 flows 128 divisor 1024 
qdisc sfq 20: dev va parent 1:2 limit 100p quantum 1514b depth 20 headdrop flows 64 divisor 256 perturb 10sec 
qdisc tbf 11: dev va parent 10:1 rate 10Mbit burst 32Kb/1 mpu 0b lat 50ms linklayer ethernet 
qdisc noqueue 0: dev vb root refcnt 2 
qdisc netem 2: dev ifb0 root refcnt 2 limit 1000 delay 50ms loss 2% 25%
qdisc netem 1: dev vc root refcnt 2 limit 5000 delay 100ms  10ms 25% loss 1% 25% duplicate 1% 20% reorder 25% 50% corrupt 0.1% 5% rate 1Mbit packetoverhead 20 cellsize 100 celloverhead -4 slot 1ms 5ms packets 8 bytes 4096 ecn  gap 5
qdisc netem 1: dev ve root refcnt 2 limit 1000 delay 30ms  5ms loss state p13 1% p31 30% p32 0.5% p23 10% p14 0.1% duplicate 0.5% rate 12Gbit
qdisc netem 1: dev vg root refcnt 2 limit 1000 delay 10ms  2ms 10% loss gemodel p 1% r 10% 1-h 70% 1-k 0.1% ecn
$ tc -s -d class show dev va
class prio 1:1 parent 1: leaf 10: 
 Sent 0 bytes 0 pkt (dropped 0, overlimits 0 requeues 0) 
 backlog 0b 0p requeues 0
class netem 10:1 parent 10: leaf 11: 

$ tc -s -d filter show dev va
filter parent 1: protocol ip pref 1 u32 chain 0 
filter parent 1: protocol ip pref 1 u32 chain 0 fh 800: ht divisor 1 
filter parent 1: protocol ip pref 1 u32 chain 0 fh 800::800 order 2048 key ht 800 bkt 0 *flowid 1:4 not_in_hw (rule hit 0 success 0)
  match 00001389/0000ffff at 20 (success 0 ) 
)";

// `tc -s -d qdisc show` of cake: qa's as captured under user-mode Linux (iproute2 6.1, Linux
// 6.1) after "cake bandwidth 10mbit" (tin table shortened); qb's first line put together from
// lines captured there (unlimited, ingress, nat, ethernet's overhead and mpu, memlimit 1030 shown
// as 1Kb, fwmark).
const char *const kCake = R"($ tc -s -d qdisc show
qdisc cake 1: dev qa root refcnt 2 bandwidth 10Mbit diffserv3 triple-isolate nonat nowash no-ack-filter split-gso rtt 100ms raw overhead 0 
 Sent 0 bytes 0 pkt (dropped 0, overlimits 0 requeues 0) 
 backlog 0b 0p requeues 0
 memory used: 0b of 4Mb
 capacity estimate: 10Mbit
 min/max network layer size:        65535 /       0
 min/max overhead-adjusted size:    65535 /       0
 average network hdr offset:            0

                   Bulk  Best Effort        Voice
  thresh        625Kbit       10Mbit     2500Kbit
  target         29.1ms          5ms       7.27ms
  interval        124ms        100ms        102ms
  pk_delay          0us          0us          0us
  backlog            0b           0b           0b
  pkts                0            0            0
  quantum           300          305          300

qdisc cake 2: dev qb root refcnt 2 bandwidth unlimited diffserv4 triple-isolate nat nowash ingress no-ack-filter split-gso rtt 100ms noatm overhead 38 mpu 84 memlimit 1Kb fwmark 0xf0 
 Sent 0 bytes 0 pkt (dropped 0, overlimits 0 requeues 0) 
 backlog 0b 0p requeues 0
)";

// `tc -s -d qdisc|class show dev va` of the oracle test's new-kinds tree under user-mode Linux
// (the skbprio's 64 classes cut to two).
const char *const kNewKinds = R"($ tc -s -d qdisc show dev va
qdisc prio 1: root refcnt 2 bands 8 priomap 1 2 2 2 1 2 0 0 1 1 1 1 1 1 1 1
 Sent 0 bytes 0 pkt (dropped 0, overlimits 0 requeues 0) 
 backlog 0b 0p requeues 0
qdisc htb 80: parent 1:8 r2q 10 default 0x1 direct_packets_stat 0 ver 3.17 direct_qlen 100
 Sent 0 bytes 0 pkt (dropped 0, overlimits 0 requeues 0) 
 backlog 0b 0p requeues 0
qdisc codel 30: parent 1:3 limit 1500p target 4ms ce_threshold 999us interval 80ms ecn 
 Sent 0 bytes 0 pkt (dropped 0, overlimits 0 requeues 0) 
 backlog 0b 0p requeues 0
  count 0 lastcount 0 ldelay 0us drop_next 0us
  maxpacket 0 ecn_mark 0 drop_overlimit 0
qdisc skbprio 60: parent 1:6 limit 32 
 Sent 0 bytes 0 pkt (dropped 0, overlimits 0 requeues 0) 
 backlog 0b 0p requeues 0
qdisc tbf 10: parent 1:1 rate 1Mbit burst 11342b/1 mpu 64b lat 31.2ms overhead 8 linklayer atm 
 Sent 0 bytes 0 pkt (dropped 0, overlimits 0 requeues 0) 
 backlog 0b 0p requeues 0
qdisc fq 40: parent 1:4 limit 3000p flow_limit 300p buckets 1024 orphan_mask 255 nopacing quantum 9000b initial_quantum 15140b maxrate 100Mbit low_rate_threshold 550Kbit refill_delay 100ms ce_threshold 2ms timer_slack 100ns horizon 2s horizon_cap 
 Sent 0 bytes 0 pkt (dropped 0, overlimits 0 requeues 0) 
 backlog 0b 0p requeues 0
  flows 0 (inactive 0 throttled 0)
  gc 0 highprio 0 throttled 0
qdisc pfifo_fast 70: parent 1:7 bands 3 priomap 1 2 2 2 1 2 0 0 1 1 1 1 1 1 1 1
 Sent 0 bytes 0 pkt (dropped 0, overlimits 0 requeues 0) 
 backlog 0b 0p requeues 0
qdisc sfq 20: parent 1:2 limit 127p quantum 1514b depth 127 headdrop flows 128 divisor 1024 ewma 6 min 8000b max 60000b probability 0.2 ecn 
  prob_mark 0 prob_mark_head 0 prob_drop 0
  forced_mark 0 forced_mark_head 0 forced_drop 0
 Sent 0 bytes 0 pkt (dropped 0, overlimits 0 requeues 0) 
 backlog 0b 0p requeues 0
qdisc pie 50: parent 1:5 limit 2000p target 20ms tupdate 30ms alpha 4 beta 30 ecn bytemode dq_rate_estimator 
 Sent 0 bytes 0 pkt (dropped 0, overlimits 0 requeues 0) 
 backlog 0b 0p requeues 0
  prob 0 delay 0us avg_dq_rate 0
  pkts_in 0 overlimit 0 dropped 0 maxq 0 ecn_mark 0
$ tc -s -d class show dev va
class prio 1:1 parent 1: leaf 10: 
 Sent 0 bytes 0 pkt (dropped 0, overlimits 0 requeues 0) 
 backlog 0b 0p requeues 0
class prio 1:2 parent 1: leaf 20: 
 Sent 0 bytes 0 pkt (dropped 0, overlimits 0 requeues 0) 
 backlog 0b 0p requeues 0
class prio 1:3 parent 1: leaf 30: 
 Sent 0 bytes 0 pkt (dropped 0, overlimits 0 requeues 0) 
 backlog 0b 0p requeues 0
class prio 1:4 parent 1: leaf 40: 
 Sent 0 bytes 0 pkt (dropped 0, overlimits 0 requeues 0) 
 backlog 0b 0p requeues 0
class prio 1:5 parent 1: leaf 50: 
 Sent 0 bytes 0 pkt (dropped 0, overlimits 0 requeues 0) 
 backlog 0b 0p requeues 0
class prio 1:6 parent 1: leaf 60: 
 Sent 0 bytes 0 pkt (dropped 0, overlimits 0 requeues 0) 
 backlog 0b 0p requeues 0
class prio 1:7 parent 1: leaf 70: 
 Sent 0 bytes 0 pkt (dropped 0, overlimits 0 requeues 0) 
 backlog 0b 0p requeues 0
class prio 1:8 parent 1: leaf 80: 
 Sent 0 bytes 0 pkt (dropped 0, overlimits 0 requeues 0) 
 backlog 0b 0p requeues 0
class htb 80:1 root prio 0 quantum 1000 rate 20Kbit overhead 10 ceil 40Kbit linklayer atm burst 1600b/1 mpu 64b cburst 1600b/1 mpu 64b level 0 
 Sent 0 bytes 0 pkt (dropped 0, overlimits 0 requeues 0) 
 backlog 0b 0p requeues 0
 lended: 0 borrowed: 0 giants: 0
 tokens: 10000000 ctokens: 5000000

class skbprio 60:1 parent 60: 
 (dropped 0, overlimits 0 requeues 0) 
 backlog 0b 0p requeues 0
class skbprio 60:2 parent 60: 
 (dropped 0, overlimits 0 requeues 0) 
 backlog 0b 0p requeues 0
class tbf 10:1 parent 10: 
)";

// Under user-mode Linux (tc -s -d): red, choke, sfb, hhf, plug and matchall filters with gact.
const char *const kUmlMoreKinds = R"(qdisc red 1: dev va root refcnt 2 limit 1Mb min 100Kb max 300Kb ecn harddrop adaptive nodrop ewma 6 probability 0.02 Scell_log 17
 Sent 0 bytes 0 pkt (dropped 0, overlimits 0 requeues 0) 
 backlog 0b 0p requeues 0
  marked 0 early 0 pdrop 0 other 0 
qdisc choke 1: dev vb root refcnt 2 limit 1000p min 100p max 250p ecn ewma 6 probability 0.02 Scell_log 26
 Sent 0 bytes 0 pkt (dropped 0, overlimits 0 requeues 0) 
 backlog 0b 0p requeues 0
  marked 0 early 0 pdrop 0 other 0 matched 0
qdisc sfb 1: dev vc root refcnt 2 rehash 1s db 100ms limit 10p max 20p target 10p increment 0.0010071 decrement 0.000106813 penalty_rate 10pps penalty_burst 20p 
 Sent 0 bytes 0 pkt (dropped 0, overlimits 0 requeues 0) 
 backlog 0b 0p requeues 0
  earlydrop 0 penaltydrop 0 bucketdrop 0 queuedrop 0 childdrop 0 marked 0
  maxqlen 0 maxprob 0 avgprob 0
qdisc hhf 1: dev vd root refcnt 2 limit 1000p quantum 1514b hh_limit 2048 reset_timeout 40ms admit_bytes 128Kb evict_timeout 1s non_hh_weight 2 
 Sent 0 bytes 0 pkt (dropped 0, overlimits 0 requeues 0) 
 backlog 0b 0p requeues 0
  drop_overlimit 0 hh_overlimit 0 tot_hh 0 cur_hh 0
qdisc plug 1: dev ve root refcnt 2 
qdisc ingress ffff: dev va parent ffff:fff1 ---------------- 
$ tc -s -d filter show dev va parent ffff:
filter protocol ip pref 1 matchall chain 0 
filter protocol ip pref 1 matchall chain 0 handle 0x1 flowid 1:1 
  skip_hw
  not_in_hw (rule hit 0)
	action order 1: gact action pass
	 random type none pass val 0
	 index 1 ref 1 bind 1 installed 0 sec used 0 sec
	Action statistics:
	Sent 0 bytes 0 pkt (dropped 0, overlimits 0 requeues 0) 
	backlog 0b 0p requeues 0

filter protocol all pref 2 matchall chain 2 
filter protocol all pref 2 matchall chain 2 handle 0x1 flowid 1:3 
  not_in_hw (rule hit 0)
	action order 1: gact action continue
	 random type none pass val 0
	 index 2 ref 1 bind 1 installed 0 sec used 0 sec
	Action statistics:
	Sent 0 bytes 0 pkt (dropped 0, overlimits 0 requeues 0) 
	backlog 0b 0p requeues 0
)";

// Under user-mode Linux (tc -s -d): flower filters with every key the model holds, made by kFlowerCommands.
const char *const kUmlFlower = R"($ tc qdisc show dev va ingress
qdisc ingress ffff: dev va parent ffff:fff1 ---------------- 
$ tc -s -d filter show dev va parent ffff:
filter protocol ip pref 1 flower chain 0 
filter protocol ip pref 1 flower chain 0 handle 0x1 classid 1:1 
  eth_type ipv4
  ip_proto tcp
  dst_ip 10.0.0.1/8
  src_ip 192.168.1.7
  dst_port 80
  src_port 1000-2000
  not_in_hw
filter protocol ipv6 pref 2 flower chain 0 
filter protocol ipv6 pref 2 flower chain 0 handle 0x1 classid 1:2 
  eth_type ipv6
  ip_proto udp
  dst_ip 2001:db8::1/64
  dst_port 53/0xfff0
  skip_hw
  not_in_hw
filter protocol ip pref 3 flower chain 0 
filter protocol ip pref 3 flower chain 0 handle 0x1 classid 1:3 
  eth_type ipv4
  ip_proto icmp
  ip_tos 184/0xfc
  ip_ttl 64
  icmp_type 8
  icmp_code 3/7
  not_in_hw
filter protocol 802.1Q pref 4 flower chain 0 
filter protocol 802.1Q pref 4 flower chain 0 handle 0x1 classid 1:4 
  vlan_id 100
  vlan_prio 3
  vlan_ethtype ip
  dst_mac 02:00:00:00:00:01/ff:00:ff:00:00:ff
  src_mac 02:00:00:00:00:02/24
  eth_type ipv4
  dst_ip 10.1.2.3
  not_in_hw
filter protocol ip pref 5 flower chain 0 
filter protocol ip pref 5 flower chain 0 handle 0x1 
  eth_type ipv4
  ip_proto 2f
  not_in_hw
	action order 1: gact action drop
	 random type none pass val 0
	 index 1 ref 1 bind 1 installed 0 sec used 0 sec
	Action statistics:
	Sent 0 bytes 0 pkt (dropped 0, overlimits 0 requeues 0) 
	backlog 0b 0p requeues 0

filter protocol 802.1ad pref 7 flower chain 0 
filter protocol 802.1ad pref 7 flower chain 0 handle 0x1 classid 1:5 
  vlan_id 5
  not_in_hw
filter protocol ipv6 pref 8 flower chain 0 
filter protocol ipv6 pref 8 flower chain 0 handle 0x1 classid 1:6 
  indev va
  eth_type ipv6
  ip_proto icmpv6
  ip_ttl 1
  src_ip 2001:db8::/32
  icmp_type 128
  not_in_hw
)";
const char *const kFlowerCommands = R"(tc qdisc add dev va handle ffff: ingress
tc filter add dev va parent ffff: protocol ip prio 1 flower ip_proto tcp dst_ip 10.0.0.1/8 src_ip 192.168.1.7 dst_port 80 src_port 1000-2000 classid 1:1
tc filter add dev va parent ffff: protocol ipv6 prio 2 flower ip_proto udp dst_ip 2001:db8::1/64 dst_port 53/0xfff0 skip_hw classid 1:2
tc filter add dev va parent ffff: protocol ip prio 3 flower ip_tos 184/0xfc ip_ttl 64 ip_proto icmp type 8 code 3/7 classid 1:3
tc filter add dev va parent ffff: protocol 802.1Q prio 4 flower vlan_id 100 vlan_prio 3 vlan_ethtype ip dst_ip 10.1.2.3 dst_mac 02:00:00:00:00:01/ff:00:ff:00:00:ff src_mac 02:00:00:00:00:02/24 classid 1:4
tc filter add dev va parent ffff: protocol 802.1ad prio 7 flower vlan_id 5 classid 1:5
tc filter add dev va parent ffff: protocol ipv6 prio 8 flower ip_proto icmpv6 type 128 src_ip 2001:db8::/32 ip_ttl 1 indev va classid 1:6
tc filter add dev va parent ffff: protocol ip prio 5 flower ip_proto 2f action drop
)";

// Under user-mode Linux (tc 6.1): basic filters with cmp, u32 and meta ematches, made by kBasicCommands.
const char *const kUmlBasic = R"($ tc qdisc show dev v0
qdisc htb 1: root refcnt 2 r2q 10 default 0 direct_packets_stat 0 direct_qlen 1000
$ tc class show dev v0
class htb 1:1 root prio 0 rate 1Mbit ceil 1Mbit burst 1600b cburst 1600b 
$ tc filter show dev v0
filter parent 1: protocol ip pref 1 basic chain 0 
filter parent 1: protocol ip pref 1 basic chain 0 handle 0x1 flowid 1:1 
  cmp(u16 at 12 layer 0 mask 0xff trans eq 1)

filter parent 1: protocol ip pref 2 basic chain 0 
filter parent 1: protocol ip pref 2 basic chain 0 handle 0x1 flowid 1:1 
  cmp(u32 at 0 layer 1 gt -1294967296)

filter parent 1: protocol ip pref 3 basic chain 0 
filter parent 1: protocol ip pref 3 basic chain 0 handle 0x1 flowid 1:1 
  cmp(u8 at 9 layer 1 lt 7)

filter parent 1: protocol ip pref 4 basic chain 0 
filter parent 1: protocol ip pref 4 basic chain 0 handle 0x1 flowid 1:1 
  u32(11220000/ffff0000 at 12)

filter parent 1: protocol ip pref 5 basic chain 0 
filter parent 1: protocol ip pref 5 basic chain 0 handle 0x1 flowid 1:1 
  u32(00110000/00ff0000 at 12)

filter parent 1: protocol ip pref 6 basic chain 0 
filter parent 1: protocol ip pref 6 basic chain 0 handle 0x1 flowid 1:1 
  u32(0a000001/ffffffff at nexthdr+16)

filter parent 1: protocol ip pref 7 basic chain 0 
filter parent 1: protocol ip pref 7 basic chain 0 handle 0x1 flowid 1:1 
  meta(nf_mark mask 0x000000ff eq 5)

filter parent 1: protocol ip pref 8 basic chain 0 
filter parent 1: protocol ip pref 8 basic chain 0 handle 0x1 flowid 1:1 
  meta(priority shift 2 gt 3)

filter parent 1: protocol ip pref 10 basic chain 0 
filter parent 1: protocol ip pref 10 basic chain 0 handle 0x1 flowid 1:1 
  meta(v0 eq dev)

filter parent 1: protocol ip pref 11 basic chain 0 
filter parent 1: protocol ip pref 11 basic chain 0 handle 0x1 flowid 1:1 
  meta(5 eq nf_mark)

filter parent 1: protocol ip pref 12 basic chain 0 
filter parent 1: protocol ip pref 12 basic chain 0 handle 0x1 flowid 1:1 
  meta(vlan eq 3)

filter parent 1: protocol ip pref 13 basic chain 0 
filter parent 1: protocol ip pref 13 basic chain 0 handle 0x1 flowid 1:1 
  meta(nf_mark eq -1)

filter parent 1: protocol ip pref 14 basic chain 0 
filter parent 1: protocol ip pref 14 basic chain 0 handle 0x1 flowid 1:1 
  meta(sk_bind_if eq dev)

filter parent 1: protocol ip pref 15 basic chain 0 
filter parent 1: protocol ip pref 15 basic chain 0 handle 0x1 flowid 1:1 
  meta(dev eq sk_bind_if)

filter parent 1: protocol ip pref 16 basic chain 0 
filter parent 1: protocol ip pref 16 basic chain 0 handle 0x1 flowid 1:1 
  cmp(u8 at 9 layer 1 eq 6)
  AND NOT (
    meta(nf_mark eq 1)
    OR u32(00000050/0000ffff at nexthdr+0)
  ) AND cmp(u8 at 0 layer 1 eq 69)

filter parent 1: protocol ip pref 17 basic chain 0 
filter parent 1: protocol ip pref 17 basic chain 0 handle 0x1 flowid 1:1 
  NOT cmp(u8 at 9 layer 1 eq 6)

filter parent 1: protocol ip pref 18 basic chain 0 
filter parent 1: protocol ip pref 18 basic chain 0 handle 0x1 flowid 1:1 
  (
    cmp(u8 at 9 layer 1 eq 6)
    OR (
      cmp(u8 at 9 layer 1 eq 17)
      AND meta(pkt_len gt 100)
    )   ) 
filter parent 1: protocol ip pref 19 basic chain 0 
filter parent 1: protocol ip pref 19 basic chain 0 handle 0x1 flowid 1:1 
filter parent 1: protocol ip pref 20 basic chain 0 
filter parent 1: protocol ip pref 20 basic chain 0 handle 0x1 
  cmp(u8 at 9 layer 1 eq 6)

	action order 1: gact action drop
	 random type none pass val 0
	 index 1 ref 1 bind 1

filter parent 1: protocol ip pref 21 basic chain 0 
filter parent 1: protocol ip pref 21 basic chain 0 handle 0x1 flowid 1:1 
  meta(random lt 100)

 police 0x1 rate 1Mbit burst 10Kb mtu 2Kb action drop overhead 0b 
	ref 1 bind 1 

filter parent 1: protocol ip pref 22 basic chain 0 
filter parent 1: protocol ip pref 22 basic chain 0 handle 0x1 flowid 1:1 
  meta(loadavg_1 gt 1)

filter parent 1: protocol ip pref 23 basic chain 0 
filter parent 1: protocol ip pref 23 basic chain 0 handle 0x1 flowid 1:1 
  meta(rt_iif eq 2)
  AND meta(sk_family eq 2)
  AND meta(tc_index eq 1)

filter parent 1: protocol ip pref 24 basic chain 0 
filter parent 1: protocol ip pref 24 basic chain 0 handle 0x1 flowid 1:1 
  cmp(u16 at 2 layer 2 eq 80)

filter parent 1: protocol ip pref 25 basic chain 0 
filter parent 1: protocol ip pref 25 basic chain 0 handle 0x1 flowid 1:1 
  meta(protocol eq 2048)

filter parent 1: protocol ip pref 26 basic chain 0 
filter parent 1: protocol ip pref 26 basic chain 0 handle 0x1 flowid 1:1 
  meta(nf_mark eq 7)
)";
const char *const kBasicCommands = R"(tc qdisc add dev v0 root handle 1: htb
tc class add dev v0 parent 1: classid 1:1 htb rate 1mbit
tc filter add dev v0 parent 1: prio 1 protocol ip basic match 'cmp(u16 at 12 layer link mask 0xff trans eq 1)' classid 1:1
tc filter add dev v0 parent 1: prio 2 protocol ip basic match 'cmp(u32 at 0 layer network gt 3000000000)' classid 1:1
tc filter add dev v0 parent 1: prio 3 protocol ip basic match 'cmp(u8 at 9 lt 7)' classid 1:1
tc filter add dev v0 parent 1: prio 4 protocol ip basic match 'u32(u16 0x1122 0xffff at 12)' classid 1:1
tc filter add dev v0 parent 1: prio 5 protocol ip basic match 'u32(u8 0x11 0xff at 13)' classid 1:1
tc filter add dev v0 parent 1: prio 6 protocol ip basic match 'u32(u32 0x0a000001 0xffffffff at nexthdr+16)' classid 1:1
tc filter add dev v0 parent 1: prio 7 protocol ip basic match 'meta(nf_mark mask 0xff eq 5)' classid 1:1
tc filter add dev v0 parent 1: prio 8 protocol ip basic match 'meta(priority shift 2 gt 3)' classid 1:1
tc filter add dev v0 parent 1: prio 10 protocol ip basic match 'meta("v0" eq dev)' classid 1:1
tc filter add dev v0 parent 1: prio 11 protocol ip basic match 'meta(5 eq nf_mark)' classid 1:1
tc filter add dev v0 parent 1: prio 12 protocol ip basic match 'meta(vlan eq 3)' classid 1:1
tc filter add dev v0 parent 1: prio 13 protocol ip basic match 'meta(nf_mark eq 0xffffffff)' classid 1:1
tc filter add dev v0 parent 1: prio 14 protocol ip basic match 'meta(sk_bind_if eq dev)' classid 1:1
tc filter add dev v0 parent 1: prio 15 protocol ip basic match 'meta(dev eq sk_bind_if)' classid 1:1
tc filter add dev v0 parent 1: prio 16 protocol ip basic match 'cmp(u8 at 9 eq 6) and not (meta(nf_mark eq 1) or u32(u16 0x50 0xffff at nexthdr+2)) and cmp(u8 at 0 eq 0x45)' classid 1:1
tc filter add dev v0 parent 1: prio 17 protocol ip basic match 'not cmp(u8 at 9 eq 6)' classid 1:1
tc filter add dev v0 parent 1: prio 18 protocol ip basic match '(cmp(u8 at 9 eq 6) or (cmp(u8 at 9 eq 17) and meta(pkt_len gt 100)))' classid 1:1
tc filter add dev v0 parent 1: prio 19 protocol ip basic classid 1:1
tc filter add dev v0 parent 1: prio 20 protocol ip basic match 'cmp(u8 at 9 eq 6)' action drop
tc filter add dev v0 parent 1: prio 21 protocol ip basic match 'meta(random lt 100)' police rate 1mbit burst 10k drop classid 1:1
tc filter add dev v0 parent 1: prio 22 protocol ip basic match 'meta(loadavg_1 gt 1)' classid 1:1
tc filter add dev v0 parent 1: prio 23 protocol ip basic match 'meta(rt_iif eq 2) and meta(sk_family eq 2) and meta(tc_index eq 1)' classid 1:1
tc filter add dev v0 parent 1: prio 24 protocol ip basic match 'cmp(u16 at 2 layer transport eq 80)' classid 1:1
tc filter add dev v0 parent 1: prio 25 protocol ip basic match 'meta(protocol eq 0x800)' classid 1:1
tc filter add dev v0 parent 1: prio 26 protocol ip basic match 'meta(fwmark eq 7)' classid 1:1
)";

QStringList commandLines(const TcScriptImport &imported)
{
    QStringList lines;
    for (const TcCommand &command : imported.commands)
        lines.append(TcScriptImporter::commandLine(command));
    return lines;
}

QString errorsOf(const TcScriptImport &imported)
{
    QStringList lines;
    for (const TcScriptError &e : imported.result.errors)
        lines.append(e.toString());
    return lines.join(u'\n');
}

/** The size tc prints for @p size bytes at @p rate once the kernel holds it as ticks. */
QString printedAt(quint64 rate, quint32 size)
{
    const PschedClock &clock = PschedClock::system();
    return TcUnits::printSize(clock.xmitSize(rate, clock.xmitTime(rate, size)));
}

/** The value after @p keyword in @p line. */
QString valueAfter(const QString &line, const QString &keyword)
{
    const QStringList words = line.split(u' ');
    const qsizetype at = words.indexOf(keyword);
    return at >= 0 && at + 1 < words.size() ? words[at + 1] : QString();
}

} // namespace

class TstTcShowReader : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void recognisedAsShowOutput()
    {
        QVERIFY(TcShowReader::looksLikeShow(u"qdisc htb 1: root refcnt 2 r2q 10 default 0 direct_packets_stat 0"));
        QVERIFY(TcShowReader::looksLikeShow(u"$ tc -s class show dev eth0\nclass htb 1:1 root rate 1Mbit ceil 1Mbit burst 1600b cburst 1600b"));
        QVERIFY(TcShowReader::looksLikeShow(u"\nfilter parent 1: protocol ip pref 1 u32 chain 0"));
        QVERIFY(TcShowReader::looksLikeShow(u"filter protocol all pref 1 u32 chain 0"));
        // tc -batch lines and scripts are not.
        QVERIFY(!TcShowReader::looksLikeShow(u"qdisc add dev eth0 root handle 1: htb"));
        QVERIFY(!TcShowReader::looksLikeShow(u"class add dev eth0 parent 1: classid 1:1 htb rate 1mbit"));
        QVERIFY(!TcShowReader::looksLikeShow(u"filter add dev eth0 parent 1: u32 match u32 0 0 flowid 1:1"));
        QVERIFY(!TcShowReader::looksLikeShow(u"tc qdisc add dev eth0 root tbf rate 1mbit burst 10k latency 50ms"));
        QVERIFY(!TcShowReader::looksLikeShow(u"#!/bin/sh\ntc qdisc show dev eth0"));
        const TcScriptImport batch = TcScriptImporter::import(QStringLiteral("qdisc add dev eth0 root handle 1: htb\n"));
        QVERIFY(batch.batch && !batch.show);
    }

    void hostTreeWithoutDetails()
    {
        const TcScriptImport imported = TcScriptImporter::import(QString::fromLatin1(kHostPlain));
        QVERIFY(imported.show);
        QVERIFY2(imported.ok(), qPrintable(errorsOf(imported)));
        const QStringList lines = commandLines(imported);
        // In an order tc adds them in: a class before the qdisc below it, the filters last.
        const QStringList heads = [&] {
            QStringList h;
            for (const QString &line : lines)
                h.append(line.section(u' ', 0, 9));
            return h;
        }();
        const QStringList expectedHeads{
            QStringLiteral("tc qdisc add dev va root handle 1: htb r2q"),
            QStringLiteral("tc qdisc add dev va handle ffff: ingress"),
            QStringLiteral("tc class add dev va parent 1: classid 1:1 htb"),
            QStringLiteral("tc class add dev va parent 1:1 classid 1:10 htb"),
            QStringLiteral("tc qdisc add dev va parent 1:10 handle 10: tbf"),
            QStringLiteral("tc class add dev va parent 1: classid 1:2 htb"),
            QStringLiteral("tc qdisc add dev va parent 1:2 handle 2: tbf"),
            QStringLiteral("tc class add dev va parent 1:1 classid 1:20 htb"),
            QStringLiteral("tc qdisc add dev va parent 1:20 handle 20: tbf"),
            QStringLiteral("tc class add dev va parent 1:1 classid 1:30 htb"),
            QStringLiteral("tc qdisc add dev va parent 1:30 handle 30: pfifo"),
            QStringLiteral("tc filter add dev va parent 1: protocol ip prio"),
            QStringLiteral("tc filter add dev va parent 1: protocol ip prio"),
            QStringLiteral("tc filter add dev va parent 1: protocol ip prio"),
            QStringLiteral("tc filter add dev va parent ffff: protocol all prio"),
        };
        QCOMPARE(heads, expectedHeads);
        QCOMPARE(lines[0], QStringLiteral("tc qdisc add dev va root handle 1: htb r2q 5 default 0x30 direct_qlen 1000"));
        QCOMPARE(lines[10], QStringLiteral("tc qdisc add dev va parent 1:30 handle 30: pfifo limit 50"));
        // u32's keys in hex, as the same keys; its own words (fh, order, key ht, not_in_hw) left out.
        QCOMPARE(lines[11], QStringLiteral("tc filter add dev va parent 1: protocol ip prio 1 u32 flowid 1:10 "
                                           "match u32 0xc6120002 0xffffffff at 16 match u32 0x14510000 0xffff0000 at 20"));
        QCOMPARE(lines[13], QStringLiteral("tc filter add dev va parent 1: protocol ip prio 3 u32 flowid 1:2 "
                                           "match u32 0x00100000 0x00ff0000 at 0 match u32 0x08000000 0xffff0000 at 20"));
        // The ingress side was shown for one parent, which its lines then leave out; the action's
        // statistics and its index line are not part of it.
        QCOMPARE(lines[14], QStringLiteral("tc filter add dev va parent ffff: protocol all prio 1 u32 "
                                           "match u32 0x00000000 0x00000000 at 0 action mirred egress redirect dev ifb0"));
        // A burst computed back from the kernel's ticks becomes one that gives those ticks again:
        // what tc prints for it is what it printed.
        const QString htb11 = lines[2];
        QCOMPARE(htb11.section(u' ', 0, 13), QStringLiteral("tc class add dev va parent 1: classid 1:1 htb rate 100Mbit ceil 100Mbit"));
        const auto burst = TcUnits::parseSize(valueAfter(htb11, QStringLiteral("burst")));
        QVERIFY(burst && *burst > 15337);
        QCOMPARE(printedAt(100000000 / 8, *burst), QStringLiteral("15337b"));
        // Printed as it is, it would print less the next time round.
        QVERIFY(printedAt(100000000 / 8, 15337) != QStringLiteral("15337b"));
        const auto cburst = TcUnits::parseSize(valueAfter(lines[3], QStringLiteral("cburst")));
        QVERIFY(cburst);
        QCOMPARE(printedAt(15000000 / 8, *cburst), QStringLiteral("1597b"));
        const auto burst12g = TcUnits::parseSize(valueAfter(lines[5], QStringLiteral("burst")));
        QVERIFY(burst12g);
        QCOMPARE(printedAt(12000000000ull / 8, *burst12g), QStringLiteral("1047000b"));
        QVERIFY2(!lines[5].contains(QStringLiteral("cburst")), qPrintable(lines[5])); // "0b": tc's default there
        // tbf: "lat" is tc's latency; minburst its mtu.
        QCOMPARE(valueAfter(lines[8], QStringLiteral("lat")), QStringLiteral("26.2ms"));
        QCOMPARE(printedAt(40000000 / 8, *TcUnits::parseSize(valueAfter(lines[8], QStringLiteral("minburst")))), QStringLiteral("1510b"));

        // Every word of a command stands where its printed word stands: line 2 is the htb qdisc.
        QCOMPARE(imported.commands[0].words.last().line, 2);
        // The trees: va with its htb, classes, leaves, filters and ingress.
        QCOMPARE(imported.result.trees.size(), 1);
        QVERIFY(imported.result.tree(u"va"));
        QVERIFY(imported.result.tree(u"va")->ingressQdisc());
    }

    void detailsAndStatisticsAreLeftOut()
    {
        const TcScriptImport imported = TcScriptImporter::import(QString::fromLatin1(kHostDetails));
        QVERIFY2(imported.ok(), qPrintable(errorsOf(imported)));
        const QStringList lines = commandLines(imported);
        const QString unnamed = QString::fromUtf16(TcShowReader::UnnamedDevice);
        QCOMPARE(lines.size(), 6);
        QCOMPARE(lines[0], QStringLiteral("tc qdisc add dev %1 root handle 1: htb r2q 5 default 0x30 direct_qlen 1000").arg(unnamed));
        for (const QString &line : lines) {
            for (const char *word : {"mpu", "linklayer", "level", "ver", "Sent", "tokens:", "lended:", "backlog", "/1"})
                QVERIFY2(!line.contains(QLatin1String(word)), qPrintable(line));
        }
        QCOMPARE(lines[1].section(u' ', 0, 13), QStringLiteral("tc class add dev %1 parent 1: classid 1:1 htb rate 100Mbit ceil 100Mbit").arg(unnamed));
        QVERIFY2(lines[2].contains(QStringLiteral("classid 1:20 htb prio 0 quantum 3000 rate 20Mbit ceil 50Mbit")), qPrintable(lines[2]));
        QVERIFY2(lines[3].startsWith(QStringLiteral("tc qdisc add dev %1 parent 1:20 handle 20: tbf rate 20Mbit burst ").arg(unnamed)), qPrintable(lines[3]));
        // The text named no device: it is read for the unnamed one, and the note says so.
        QCOMPARE(imported.result.trees.size(), 1);
        QVERIFY(imported.result.tree(unnamed));
        QVERIFY(std::any_of(imported.notes.begin(), imported.notes.end(),
                            [](const TcScriptError &n) { return n.message.contains(QStringLiteral("names no device")); }));
    }

    void umlKindsAndManyDevices()
    {
        const TcScriptImport imported = TcScriptImporter::import(QString::fromLatin1(kUmlTree));
        QVERIFY2(imported.ok(), qPrintable(errorsOf(imported)));
        const QStringList lines = commandLines(imported);
        const auto line = [&](const QString &start) {
            for (const QString &l : lines) {
                if (l.startsWith(start))
                    return l;
            }
            return QString();
        };
        QCOMPARE(line(QStringLiteral("tc qdisc add dev va root")),
                 QStringLiteral("tc qdisc add dev va root handle 1: prio bands 4 priomap 1 2 2 2 1 2 0 0 1 1 1 1 1 1 1 3"));
        // fq_codel: a count for the limit, noecn where ecn is not shown, 999us as the 1ms it was.
        QCOMPARE(line(QStringLiteral("tc qdisc add dev va parent 1:3")),
                 QStringLiteral("tc qdisc add dev va parent 1:3 handle 30: fq_codel limit 1000 flows 64 quantum 300 target 2ms "
                                "ce_threshold 1000us interval 50ms memory_limit 4Mb drop_batch 32 noecn"));
        QCOMPARE(line(QStringLiteral("tc qdisc add dev va parent 1:2")),
                 QStringLiteral("tc qdisc add dev va parent 1:2 handle 20: sfq limit 100 quantum 1514b depth 20 headdrop flows 64 divisor 256 perturb 10"));
        // The default sfq: 128 flows and a limit of 127 that was never given (a limit given caps the flows).
        QCOMPARE(line(QStringLiteral("tc qdisc add dev va parent 1:4")),
                 QStringLiteral("tc qdisc add dev va parent 1:4 handle 40: sfq quantum 1514b depth 127 flows 128 divisor 1024"));
        QCOMPARE(line(QStringLiteral("tc qdisc add dev vc")),
                 QStringLiteral("tc qdisc add dev vc root handle 1: netem limit 5000 delay 100ms 10ms 25% loss 1% 25% duplicate 1% 20% "
                                "reorder 25% 50% corrupt 0.1% 5% rate 1Mbit 20 100 -4 slot 1ms 5ms packets 8 bytes 4096 ecn gap 5"));
        QCOMPARE(line(QStringLiteral("tc qdisc add dev ve")),
                 QStringLiteral("tc qdisc add dev ve root handle 1: netem limit 1000 delay 30ms 5ms loss state 1% 30% 0.5% 10% 0.1% "
                                "duplicate 0.5% rate 12Gbit"));
        QCOMPARE(line(QStringLiteral("tc qdisc add dev vg")),
                 QStringLiteral("tc qdisc add dev vg root handle 1: netem limit 1000 delay 10ms 2ms 10% loss gemodel 1% 10% 70% 0.1% ecn"));
        // The counters of a kernel with CONFIG_CLS_U32_PERF are no keys.
        QCOMPARE(line(QStringLiteral("tc filter add dev va")),
                 QStringLiteral("tc filter add dev va parent 1: protocol ip prio 1 u32 flowid 1:4 match u32 0x00001389 0x0000ffff at 20"));
        // prio's bands and netem's child are the qdiscs' own: no class is added for them; the
        // kernel's own noqueue of vb is left out, and said so.
        QVERIFY(line(QStringLiteral("tc class")).isEmpty());
        QVERIFY(line(QStringLiteral("tc qdisc add dev vb")).isEmpty());
        QVERIFY(std::any_of(imported.notes.begin(), imported.notes.end(),
                            [](const TcScriptError &n) { return n.line == 13 && n.message.contains(QStringLiteral("noqueue")); }));
        QCOMPARE(imported.result.trees.size(), 5); // va, ifb0, vc, ve, vg
    }

    void cakeAsTcShowsIt()
    {
        const TcScriptImport imported = TcScriptImporter::import(QString::fromLatin1(kCake));
        QVERIFY2(imported.ok(), qPrintable(errorsOf(imported)));
        const QStringList lines = commandLines(imported);
        // "bandwidth unlimited" is the word unlimited to tc's parser; the tin table is statistics.
        QCOMPARE(lines, (QStringList{
                            QStringLiteral("tc qdisc add dev qa root handle 1: cake bandwidth 10Mbit diffserv3 triple-isolate nonat nowash "
                                           "no-ack-filter split-gso rtt 100ms raw overhead 0"),
                            QStringLiteral("tc qdisc add dev qb root handle 2: cake unlimited diffserv4 triple-isolate nat nowash ingress "
                                           "no-ack-filter split-gso rtt 100ms noatm overhead 38 mpu 84 memlimit 1Kb fwmark 0xf0"),
                        }));
        const QdiscTree *qb = imported.result.tree(QStringLiteral("qb"));
        QVERIFY(qb);
        const CakeParams &cake = qb->qdiscs.first().params.get<CakeParams>();
        QCOMPARE(cake.bandwidth, std::optional<quint64>(0));
        QCOMPARE(cake.fwmark, 0xf0u);
        QCOMPARE(cake.memlimit, 1024u);
        QVERIFY(!cake.raw);
    }

    void flowerReadsBackAsWritten()
    {
        // What tc shows of flower filters (eth_type, icmp_type, not_in_hw) reads as the filters that made them.
        const TcScriptImport shown = TcScriptImporter::import(QString::fromLatin1(kUmlFlower));
        QVERIFY2(shown.ok(), qPrintable(errorsOf(shown)));
        const TcScriptImport written = TcScriptImporter::import(QString::fromLatin1(kFlowerCommands));
        QVERIFY2(written.ok(), qPrintable(errorsOf(written)));
        QList<Filter> read = shown.result.tree(QStringLiteral("va"))->filters;
        QList<Filter> made = written.result.tree(QStringLiteral("va"))->filters;
        const auto byPrio = [](const Filter &a, const Filter &b) { return a.prio < b.prio; };
        std::sort(read.begin(), read.end(), byPrio);
        std::sort(made.begin(), made.end(), byPrio);
        QCOMPARE(read.size(), made.size());
        for (qsizetype i = 0; i < made.size(); ++i) {
            QVERIFY(read[i].is<FlowerParams>());
            QCOMPARE(read[i].handle, std::optional<quint32>(1));
            QCOMPARE(read[i].protocol, made[i].protocol);
            QCOMPARE(read[i].classId, made[i].classId);
            QCOMPARE(read[i].actions.size(), made[i].actions.size());
            QVERIFY2(read[i].params == made[i].params, qPrintable(QStringLiteral("filter prio %1").arg(made[i].prio)));
        }
    }

    void basicReadsBackAsWritten()
    {
        // What tc shows of basic's ematches (layers as numbers, u32 as value/mask at an aligned
        // offset, numbers as signed, "AND NOT (" over several lines, meta strings unquoted) reads
        // as the filters that made them.
        const TcScriptImport shown = TcScriptImporter::import(QString::fromLatin1(kUmlBasic));
        QVERIFY2(shown.ok(), qPrintable(errorsOf(shown)));
        const TcScriptImport written = TcScriptImporter::import(QString::fromLatin1(kBasicCommands));
        QVERIFY2(written.ok(), qPrintable(errorsOf(written)));
        QList<Filter> read = shown.result.tree(QStringLiteral("v0"))->filters;
        QList<Filter> made = written.result.tree(QStringLiteral("v0"))->filters;
        const auto byPrio = [](const Filter &a, const Filter &b) { return a.prio < b.prio; };
        std::sort(read.begin(), read.end(), byPrio);
        std::sort(made.begin(), made.end(), byPrio);
        QCOMPARE(read.size(), made.size());
        QCOMPARE(made.size(), 25);
        for (qsizetype i = 0; i < made.size(); ++i) {
            const QString which = QStringLiteral("filter prio %1: %2").arg(made[i].prio).arg(TcSummary::filter(made[i]));
            QVERIFY2(read[i].is<BasicParams>(), qPrintable(which));
            QCOMPARE(read[i].prio, made[i].prio);
            QCOMPARE(read[i].handle, std::optional<quint32>(1));
            QCOMPARE(read[i].classId, made[i].classId);
            QCOMPARE(read[i].police.has_value(), made[i].police.has_value());
            QCOMPARE(read[i].actions.size(), made[i].actions.size());
            QVERIFY2(read[i].params == made[i].params,
                     qPrintable(which + QStringLiteral(" read as ") + TcSummary::filter(read[i])));
            if (made[i].police)
                QVERIFY2(*read[i].police == *made[i].police, qPrintable(which));
        }
        // With -s -d the police adds its linklayer, its references, times and counters: state, left out.
        const TcScriptImport detailed = TcScriptImporter::import(QStringLiteral("$ tc qdisc show dev v0\nqdisc htb 1: root refcnt 2 r2q 10 default 0 "
                                                                                      "direct_packets_stat 0 direct_qlen 1000\n"
                                                                                      "$ tc -s -d filter show dev v0\n") + QString::fromLatin1(R"(filter parent 1: protocol ip basic chain 0 
filter parent 1: protocol ip basic chain 0 handle 0x1 flowid 1:1 
  meta(random lt 100)

 police 0x1 rate 1Mbit burst 10Kb mtu 2Kb action drop overhead 0b linklayer ethernet 
	ref 1 bind 1  installed 1 sec used 1 sec

 Sent 0 bytes 0 pkts (dropped 0, overlimits 0) 
)"));
        QVERIFY2(detailed.ok(), qPrintable(errorsOf(detailed)));
        const Filter &policed = detailed.result.tree(QStringLiteral("v0"))->filters.first();
        const auto policedMade = std::find_if(made.begin(), made.end(), [](const Filter &f) { return f.police.has_value(); });
        QVERIFY(policed.police && policedMade != made.end());
        QVERIFY(*policed.police == *policedMade->police);
        QVERIFY(policed.params == policedMade->params);
    }

    void redFamilyPlugAndMatchall()
    {
        const TcScriptImport imported = TcScriptImporter::import(QString::fromLatin1(kUmlMoreKinds));
        QVERIFY2(imported.ok(), qPrintable(errorsOf(imported)));
        const QStringList lines = commandLines(imported);
        // RED's Wlog and Scell_log come back as the avpkt, burst and bandwidth that give them again.
        QVERIFY2(lines.contains(QStringLiteral("tc qdisc add dev va root handle 1: red limit 1Mb min 100Kb max 300Kb ecn harddrop "
                                               "adaptive nodrop probability 0.02 avpkt 1500")),
                 qPrintable(lines.join(u'\n')));
        QVERIFY(lines.contains(QStringLiteral("tc qdisc add dev vb root handle 1: choke limit 1000 min 100 max 250 ecn probability 0.02 "
                                              "bandwidth 9kbit")));
        QVERIFY(lines.contains(QStringLiteral("tc qdisc add dev vc root handle 1: sfb rehash 1000 db 100 limit 10 max 20 target 10 "
                                              "increment 0.0010071 decrement 0.000106813 penalty_rate 10 penalty_burst 20")));
        QVERIFY(lines.contains(QStringLiteral("tc qdisc add dev vd root handle 1: hhf limit 1000 quantum 1514 hh_limit 2048 "
                                              "reset_timeout 40ms admit_bytes 131072 evict_timeout 1s non_hh_weight 2")));
        QVERIFY(lines.contains(QStringLiteral("tc qdisc add dev ve root handle 1: plug")));
        QVERIFY2(lines.contains(QStringLiteral("tc filter add dev va parent ffff: protocol ip prio 1 handle 0x1 matchall flowid 1:1 "
                                               "skip_hw action gact pass")),
                 qPrintable(lines.join(u'\n')));
        QVERIFY(lines.contains(QStringLiteral("tc filter add dev va parent ffff: protocol all prio 2 chain 2 handle 0x1 matchall "
                                              "flowid 1:3 action gact continue")));
        // What the kernel held is what tc computes from the words read back.
        const QdiscTree *va = imported.result.tree(QStringLiteral("va"));
        QVERIFY(va && va->rootQdisc());
        const auto red = va->rootQdisc()->params.get<RedParams>().derived(PschedClock::system());
        QVERIFY(red);
        QCOMPARE(red->wlog, 6);
        QCOMPARE(red->scellLog, 17);
        const auto choke = imported.result.tree(QStringLiteral("vb"))->rootQdisc()->params.get<ChokeParams>().derived(PschedClock::system());
        QVERIFY(choke);
        QCOMPARE(choke->wlog, 6);
        QCOMPARE(choke->scellLog, 26);
        QCOMPARE(va->filters.size(), 2);
        QCOMPARE(va->filters.last().chain, 2u);
    }

    void errorsPointAtThePrintedWord()
    {
        // A kind the model does not know yet, and an option of a known one it cannot read.
        const QString text = QStringLiteral("$ tc qdisc show dev eth0\n"
                                            "qdisc htb 1: root refcnt 2 r2q 10 default 0 direct_packets_stat 0 offload\n"
                                            "qdisc cbs 10: parent 1:10 hicredit 10\n"
                                            "garbage here\n");
        const TcScriptImport imported = TcScriptImporter::import(text);
        QVERIFY(imported.show);
        QVERIFY(!imported.ok());
        QStringList places;
        for (const TcScriptError &e : imported.result.errors)
            places.append(QStringLiteral("%1:%2 %3").arg(e.line).arg(e.column).arg(e.word));
        QVERIFY2(places.contains(QStringLiteral("2:67 offload")), qPrintable(places.join(u", ")));
        QVERIFY2(places.contains(QStringLiteral("4:1 garbage")), qPrintable(places.join(u", ")));
        QVERIFY2(std::any_of(imported.result.errors.begin(), imported.result.errors.end(),
                             [](const TcScriptError &e) { return e.line == 3; }),
                 qPrintable(places.join(u", ")));
    }

    void clsactAndFifos()
    {
        // iproute2 6.1 on this kernel: "filter show … ingress|egress" prints no parent.
        const QString text = QStringLiteral("$ tc qdisc show dev vc\n"
                                            "qdisc clsact ffff: parent ffff:fff1 \n"
                                            "$ tc -d filter show dev vc ingress\n"
                                            "filter protocol all pref 1 u32 chain 0 \n"
                                            "filter protocol all pref 1 u32 chain 0 fh 800: ht divisor 1 \n"
                                            "filter protocol all pref 1 u32 chain 0 fh 800::800 order 2048 key ht 800 bkt 0 terminal flowid not_in_hw \n"
                                            "  match 00000000/00000000 at 0\n"
                                            "\taction order 1: mirred (Egress Mirror to device ifb0) pipe\n"
                                            "\tindex 2 ref 1 bind 1\n"
                                            "\n"
                                            "$ tc -d filter show dev vc egress\n"
                                            "filter protocol ip pref 2 u32 chain 0 fh 801::800 order 2048 key ht 801 bkt 0 terminal flowid not_in_hw \n"
                                            "  match 00000000/00000000 at 16\n"
                                            "\taction order 1: mirred (Egress Redirect to device ifb0) stolen\n"
                                            "$ tc qdisc show dev vd\n"
                                            "qdisc bfifo 8001: root refcnt 3 limit 10Kb\n"
                                            "$ tc qdisc show dev vb\n"
                                            "qdisc pfifo_head_drop 8002: root refcnt 3 limit 30p\n");
        const TcScriptImport imported = TcScriptImporter::import(text);
        QVERIFY2(imported.ok(), qPrintable(errorsOf(imported)));
        QCOMPARE(commandLines(imported),
                 (QStringList{QStringLiteral("tc qdisc add dev vc handle ffff: clsact"),
                              QStringLiteral("tc qdisc add dev vd root handle 8001: bfifo limit 10Kb"),
                              QStringLiteral("tc qdisc add dev vb root handle 8002: pfifo_head_drop limit 30"),
                              QStringLiteral("tc filter add dev vc parent ffff:fff2 protocol all prio 1 u32 "
                                             "match u32 0x00000000 0x00000000 at 0 action mirred egress mirror dev ifb0"),
                              // mask 0 at 16 is tc's "ip dst 0.0.0.0/0", which it sends there
                              QStringLiteral("tc filter add dev vc parent ffff:fff3 protocol ip prio 2 u32 "
                                             "match ip dst 0.0.0.0/0 action mirred egress redirect dev ifb0")}));
        QCOMPARE(imported.result.trees.size(), 3);
    }

    void newKindsReadAsTheyWereGiven()
    {
        const TcScriptImport imported = TcScriptImporter::import(QString::fromLatin1(kNewKinds));
        QVERIFY2(imported.ok(), qPrintable(errorsOf(imported)));
        const QStringList lines = commandLines(imported);
        const auto line = [&](const QString &start) {
            for (const QString &l : lines) {
                if (l.startsWith(start))
                    return l;
            }
            return QString();
        };
        // ATM cells and an overhead: tc prints the wire's length for the burst (10kb given, 11342b
        // shown) and lat from it; the burst given comes back, lat as the limit it was (15240 B,
        // within lat's 0.1 ms).
        QCOMPARE(line(QStringLiteral("tc qdisc add dev va parent 1:1")),
                 QStringLiteral("tc qdisc add dev va parent 1:1 handle 10: tbf rate 1Mbit burst 10240b mpu 64b limit 15242 overhead 8 "
                                "linklayer atm"));
        // SFQ-RED is printed as the kernel holds it: ewma instead of redflowlimit and burst.
        QCOMPARE(line(QStringLiteral("tc qdisc add dev va parent 1:2")),
                 QStringLiteral("tc qdisc add dev va parent 1:2 handle 20: sfq quantum 1514b depth 127 headdrop flows 128 divisor 1024 "
                                "redflowlimit 60000 min 8000 max 60000 probability 0.2 ecn"));
        // codel: a count for the limit, 999us as the 1ms it was.
        QCOMPARE(line(QStringLiteral("tc qdisc add dev va parent 1:3")),
                 QStringLiteral("tc qdisc add dev va parent 1:3 handle 30: codel limit 1500 target 4ms ce_threshold 1000us interval 80ms ecn"));
        QCOMPARE(line(QStringLiteral("tc qdisc add dev va parent 1:4")),
                 QStringLiteral("tc qdisc add dev va parent 1:4 handle 40: fq limit 3000 flow_limit 300 buckets 1024 orphan_mask 255 nopacing "
                                "quantum 9000 initial_quantum 15140 maxrate 100Mbit low_rate_threshold 550Kbit refill_delay 100ms "
                                "ce_threshold 2ms timer_slack 100ns horizon 2s horizon_cap"));
        QCOMPARE(line(QStringLiteral("tc qdisc add dev va parent 1:5")),
                 QStringLiteral("tc qdisc add dev va parent 1:5 handle 50: pie limit 2000 target 20ms tupdate 30ms alpha 4 beta 30 ecn bytemode "
                                "dq_rate_estimator"));
        // pfifo_fast's fixed bands and priomap are not options.
        QCOMPARE(line(QStringLiteral("tc qdisc add dev va parent 1:7")), QStringLiteral("tc qdisc add dev va parent 1:7 handle 70: pfifo_fast"));
        // htb prints the mpu as a size where tc reads a number; skbprio's own classes are not added.
        QCOMPARE(line(QStringLiteral("tc class")),
                 QStringLiteral("tc class add dev va parent 80: classid 80:1 htb prio 0 quantum 1000 rate 20Kbit overhead 10 ceil 40Kbit "
                                "linklayer atm burst 1600b mpu 64 cburst 1600b mpu 64"));
        QCOMPARE(lines.filter(QStringLiteral("tc class")).size(), 1);
        QCOMPARE(lines.size(), 10);
    }

    void lostDistributionsAreSaid()
    {
        // The kernel does not report netem's tables, so tc prints no distribution's name: a jitter
        // imports as uniform, with a note; a slot distribution cannot be read, and the note says
        // what to write.
        const TcScriptImport jitter = TcScriptImporter::import(
            QStringLiteral("$ tc qdisc show dev va\nqdisc netem 1: root refcnt 2 limit 1000 delay 10ms  2ms 10%\n"));
        QVERIFY2(jitter.ok(), qPrintable(errorsOf(jitter)));
        QCOMPARE(jitter.notes.size(), 1);
        QCOMPARE(jitter.notes.first().line, 2);
        QVERIFY(jitter.notes.first().message.contains(QStringLiteral("imported as uniform")));
        const TcScriptImport slot = TcScriptImporter::import(
            QStringLiteral("$ tc qdisc show dev va\nqdisc netem 1: root refcnt 2 limit 1000 slot distribution 1ms 500us packets 4\n"));
        QVERIFY(!slot.ok());
        QCOMPARE(slot.notes.size(), 1);
        QVERIFY(slot.notes.first().message.contains(QStringLiteral("after \"slot distribution\"")));
        // Without jitter nothing is lost.
        const TcScriptImport plain = TcScriptImporter::import(QStringLiteral("$ tc qdisc show dev va\nqdisc netem 1: root refcnt 2 limit 1000 delay 10ms\n"));
        QVERIFY2(plain.ok(), qPrintable(errorsOf(plain)));
        QVERIFY(plain.notes.isEmpty());
    }

    void filterWithoutParent()
    {
        // Shown with "parent ffff:" but pasted without that line: the device's ingress qdisc is its parent.
        const QString text = QStringLiteral("qdisc ingress ffff: dev eth0 parent ffff:fff1 ---------------- \n"
                                            "filter dev eth0 protocol all pref 1 u32 chain 0 fh 800::800 order 2048 key ht 800 bkt 0 terminal flowid not_in_hw \n"
                                            "  match 00000000/00000000 at 0\n"
                                            "\taction order 1: mirred (Egress Mirror to device ifb1) pipe\n"
                                            "\tindex 3 ref 1 bind 1\n");
        const TcScriptImport imported = TcScriptImporter::import(text);
        QVERIFY2(imported.ok(), qPrintable(errorsOf(imported)));
        QCOMPARE(commandLines(imported).last(), QStringLiteral("tc filter add dev eth0 parent ffff: protocol all prio 1 u32 "
                                                               "match u32 0x00000000 0x00000000 at 0 action mirred egress mirror dev ifb1"));
        // Without an ingress qdisc to go by, the reader asks for the show line.
        const TcScriptImport alone = TcScriptImporter::import(text.section(u'\n', 1));
        QVERIFY(!alone.ok());
        QCOMPARE(alone.result.errors.first().line, 1);
    }

    void mqprioOnSeveralLines()
    {
        // tc prints mqprio's queues (and, offloaded, its mode, shaper and rates) on the lines below;
        // the statistics after them are not options. hw is never printed.
        const QString software = QStringLiteral("qdisc mqprio 1: dev eth0 root tc 3 map 0 1 2 2 0 0 0 0 0 0 0 0 0 0 0 0 \n"
                                                "             queues:(0:0) (1:2) (3:6) \n"
                                                " Sent 0 bytes 0 pkt (dropped 0, overlimits 0 requeues 0) \n"
                                                " backlog 0b 0p requeues 0\n");
        const TcScriptImport imported = TcScriptImporter::import(software);
        QVERIFY2(imported.ok(), qPrintable(errorsOf(imported)));
        QCOMPARE(commandLines(imported).first(), QStringLiteral("tc qdisc add dev eth0 root handle 1: mqprio num_tc 3 "
                                                                "map 0 1 2 2 0 0 0 0 0 0 0 0 0 0 0 0 queues 1@0 2@1 4@3 hw 0"));
        QVERIFY(std::any_of(imported.notes.begin(), imported.notes.end(),
                            [](const TcScriptError &e) { return e.message.contains(u"hw"); }));

        const QString offloaded = QStringLiteral("qdisc mqprio 8001: dev eth1 root tc 2 map 0 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 \n"
                                                 "             queues:(0:3) (4:7) \n"
                                                 "             mode:channel\n"
                                                 "             shaper:bw_rlimit\tmin_rate:1Mbit 2Mbit \tmax_rate:10Mbit 20Mbit \n");
        const TcScriptImport hw = TcScriptImporter::import(offloaded);
        QVERIFY2(hw.ok(), qPrintable(errorsOf(hw)));
        QCOMPARE(commandLines(hw).first(), QStringLiteral("tc qdisc add dev eth1 root handle 8001: mqprio num_tc 2 "
                                                          "map 0 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 queues 4@0 4@4 hw 1 mode channel "
                                                          "shaper bw_rlimit min_rate 1Mbit 2Mbit max_rate 10Mbit 20Mbit"));
    }

    void hfscRootClassComesWithTheQdisc()
    {
        const QString text = QStringLiteral("qdisc hfsc 1: dev eth0 root refcnt 2 default 10 \n"
                                            "class hfsc 1: dev eth0 root \n"
                                            "class hfsc 1:1 dev eth0 parent 1: sc m1 0bit d 0us m2 10Mbit ul m1 0bit d 0us m2 20Mbit \n"
                                            "class hfsc 1:10 dev eth0 parent 1:1 rt m1 2464Kbit d 5ms m2 10Kbit ls m1 0bit d 0us m2 10Kbit \n");
        const TcScriptImport imported = TcScriptImporter::import(text);
        QVERIFY2(imported.ok(), qPrintable(errorsOf(imported)));
        QCOMPARE(commandLines(imported),
                 QStringList({QStringLiteral("tc qdisc add dev eth0 root handle 1: hfsc default 10"),
                              QStringLiteral("tc class add dev eth0 parent 1: classid 1:1 hfsc sc m1 0bit d 0us m2 10Mbit ul m1 0bit d 0us m2 20Mbit"),
                              QStringLiteral("tc class add dev eth0 parent 1:1 classid 1:10 hfsc rt m1 2464Kbit d 5ms m2 10Kbit ls m1 0bit d "
                                             "0us m2 10Kbit")}));
    }

    void u32HashTablesOffsetsAndIpv6()
    {
        // Captured from tc 6.1 on this machine's kernel: a table in prio 1 with a filter in its
        // bucket 5, a prio that links to it, a TCP port after a variable IP header, an IPv6 prefix.
        const QString text = QStringLiteral("$ tc qdisc show dev va\n"
                             "qdisc htb 1: root refcnt 3 r2q 10 default 0x10 direct_packets_stat 0 direct_qlen 1000\n"
                             "$ tc class show dev va\n"
                             "class htb 1:10 root prio 0 rate 10Mbit ceil 10Mbit burst 1600b cburst 1600b \n"
                             "$ tc filter show dev va\n"
                             "filter parent 1: protocol ip pref 1 u32 chain 0 \n"
                             "filter parent 1: protocol ip pref 1 u32 chain 0 fh 2: ht divisor 256 \n"
                             "filter parent 1: protocol ip pref 1 u32 chain 0 fh 2:5:800 order 2048 key ht 2 bkt 5 *flowid 1:10 not_in_hw \n"
                             "  match 0a000005/ffffffff at 16\n"
                             "filter parent 1: protocol ip pref 1 u32 chain 0 fh 800: ht divisor 1 \n"
                             "filter parent 1: protocol ip pref 2 u32 chain 0 \n"
                             "filter parent 1: protocol ip pref 2 u32 chain 0 fh 801: ht divisor 1 \n"
                             "filter parent 1: protocol ip pref 2 u32 chain 0 fh 801::800 order 2048 key ht 801 bkt 0 link 2: not_in_hw \n"
                             "  match 0a000000/ff000000 at 16\n"
                             "    hash mask 000000ff at 16 \n"
                             "filter parent 1: protocol ip pref 3 u32 chain 0 \n"
                             "filter parent 1: protocol ip pref 3 u32 chain 0 fh 802: ht divisor 1 \n"
                             "filter parent 1: protocol ip pref 3 u32 chain 0 fh 802::800 order 2048 key ht 802 bkt 0 *flowid 1:10 not_in_hw \n"
                             "  match 00060000/00ff0000 at 8\n"
                             "  match 00000050/0000ffff at nexthdr+0\n"
                             "    offset 0f00>>6 at 0  eat \n"
                             "filter parent 1: protocol ipv6 pref 4 u32 chain 0 \n"
                             "filter parent 1: protocol ipv6 pref 4 u32 chain 0 fh 803: ht divisor 1 \n"
                             "filter parent 1: protocol ipv6 pref 4 u32 chain 0 fh 803::800 order 2048 key ht 803 bkt 0 *flowid 1:10 not_in_hw \n"
                             "  match 20010db8/ffffffff at 8\n"
                             "  match 00010000/ffff0000 at 12\n");
        const TcScriptImport imported = TcScriptImporter::import(text);
        QVERIFY2(imported.ok(), qPrintable(errorsOf(imported)));
        const QStringList lines = commandLines(imported);
        QCOMPARE(lines.mid(2),
                 (QStringList{
                     // the user's table is kept, each prio's own (800:, 801:, …) left to the kernel
                     QStringLiteral("tc filter add dev va parent 1: protocol ip prio 1 handle 2: u32 divisor 256"),
                     QStringLiteral("tc filter add dev va parent 1: protocol ip prio 1 u32 ht 2:5 flowid 1:10 match u32 0x0a000005 0xffffffff at 16"),
                     QStringLiteral("tc filter add dev va parent 1: protocol ip prio 2 u32 link 2: match u32 0x0a000000 0xff000000 at 16 "
                                    "hashkey mask 0x000000ff at 16"),
                     QStringLiteral("tc filter add dev va parent 1: protocol ip prio 3 u32 flowid 1:10 match u32 0x00060000 0x00ff0000 at 8 "
                                    "match u32 0x00000050 0x0000ffff at nexthdr+0 offset mask 0x0f00 shift 6 at 0 offset eat"),
                     QStringLiteral("tc filter add dev va parent 1: protocol ipv6 prio 4 u32 flowid 1:10 match u32 0x20010db8 0xffffffff at 8 "
                                    "match u32 0x00010000 0xffff0000 at 12")}));
        const QdiscTree &tree = imported.result.trees.first();
        QCOMPARE(tree.filters.size(), 5);
        const auto &table = tree.filters[0].params.get<U32Params>();
        QCOMPARE(table.divisor, std::optional<quint32>(256));
        QCOMPARE(tree.filters[1].params.get<U32Params>().hashTable, 0x00205000u);
        QCOMPARE(tree.filters[2].params.get<U32Params>().link, 0x00200000u);
        QCOMPARE(tree.filters[2].params.get<U32Params>().hashMask, 0xFFu);
        const auto &tcp = tree.filters[3].params.get<U32Params>();
        QCOMPARE(tcp.offset.mask, std::optional<quint16>(0x0F00));
        QCOMPARE(tcp.offset.shift, std::optional<quint8>(6));
        QVERIFY(tcp.offset.eat);
        QVERIFY(tcp.matches[1].nexthdr);
    }

    void hashTableLineWithoutItsHandle()
    {
        // A hash table line with its "fh" word garbled, or cut after it (found by the fuzzer: the
        // reader took the handle words that were not there). Each is read or refused, never more.
        for (const QString &line : {QStringLiteral("filter parent 1: protocol ip pref 1 u32 chain 0 xfh 800: ht divisor 1"),
                                    QStringLiteral("filter parent 1: protocol ip pref 1 u32 chain 0 ht divisor 4 fh"),
                                    QStringLiteral("filter parent 1: protocol ip pref 1 u32 chain 0 fh")}) {
            const TcScriptImport imported = TcScriptImporter::import(QStringLiteral("$ tc filter show dev eth0\n") + line + u'\n');
            QVERIFY2(imported.show, qPrintable(line));
            for (const TcScriptError &e : imported.result.errors)
                QVERIFY2(e.line >= 1 && !e.message.isEmpty(), qPrintable(line));
        }
    }
};

QTEST_GUILESS_MAIN(TstTcShowReader)
#include "tst_tcshowreader.moc"
