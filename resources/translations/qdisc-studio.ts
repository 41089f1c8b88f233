<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1">
<context>
    <name></name>
    <message>
        <source>%1 jitter %2 without a delay: Chaos Mesh adds jitter only to a delay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 distribution %2: NetworkChaos names no distribution table, so its jitter is spread evenly (uniform)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 loss state %2 %3 %4 %5 %6: NetworkChaos has random loss only, not the 4-state model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 loss gemodel p %2 r %3 1-h %4 1-k %5: NetworkChaos has random loss only, not the Gilbert-Elliott model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 rate %2 %3 %4 %5: NetworkChaos&apos;s rate has no packet overhead or cells</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 limit %2: NetworkChaos has no queue length; Chaos Mesh&apos;s netem keeps tc&apos;s default of %3 packets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2: NetworkChaos has no slots (packets delivered in bursts)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ecn: NetworkChaos cannot mark packets instead of dropping them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 burst %2 and limit %3 bytes: NetworkChaos takes 1 to %4 bytes for each</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 overhead %2 mpu %3 linklayer %4: NetworkChaos&apos;s bandwidth has no link-layer accounting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: selects part of the incoming traffic for %2; NetworkChaos impairs all the traffic the peer pods send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: NetworkChaos holds one netem and one tbf, both acting on all the traffic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: NetworkChaos has no %2 and no classes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: NetworkChaos makes netem and tbf only, no %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: NetworkChaos has no classes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: NetworkChaos has no filters; it acts on all the traffic of the pods</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chaos Mesh manifests (chaos-mesh.org/v1alpha1, Chaos Mesh 2.7 or later) made by Qdisc Studio from %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not expressed by NetworkChaos:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>KindForms</name>
    <message>
        <source>ingress has no parameters: it is the hook incoming traffic passes, where filters hang. To delay or drop incoming traffic, redirect it to an ifb device and edit the tree there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>clsact has no parameters: it holds the ingress and egress hooks that filters hang from.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One match per line as tc writes it after &quot;match&quot;; a packet must pass all of them (none: every packet).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hash table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Buckets (1, 2, 4, … 256): the filter is then a table other filters go in (ht) and link to, with a handle like 2:. Empty: a filter that matches.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a hash table has 1, 2, 4, … or 256 buckets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The table and bucket the filter goes in (ht), like 2:5. Empty: its prio&apos;s own table.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Link to table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A packet that passes the matches is looked up in this table next (link), like 2:.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hash key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The bits of one word that pick the bucket of the linked table (hashkey).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next header</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where the next header starts for the matches at nexthdr+ (offset): a constant (plus N) or read from the packet (at N mask M shift S); eat: linked tables see it as the start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is kept as the kernel reported it; Qdisc Studio does not edit this kind.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This %1 class is kept as the kernel reported it; Qdisc Studio does not edit it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This %1 filter is kept as the kernel reported it; Qdisc Studio does not edit it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where the kernel runs the filter: in software and, when the device can take it, in the NIC (tc&apos;s default); in software only (skip_hw); or in the NIC only (skip_sw, refused by a device that cannot offload it).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>software and hardware</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>software only (skip_hw)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hardware only (skip_sw)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Came in on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only packets that arrived on this device (tc&apos;s indev); empty: any.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shaper</source>
        <extracomment>section title: cake&apos;s bandwidth shaper</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rate cake shapes all traffic to; unlimited: no shaping, only fair queueing (tc&apos;s unlimited, the default).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unlimited</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Autorate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Estimates the bandwidth from the traffic arriving (tc&apos;s autorate-ingress), for links whose rate varies.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>default (off)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RTT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The round-trip time cake&apos;s AQM assumes (tc&apos;s rtt; the presets lan 1 ms, metro 10 ms, regional 30 ms, internet 100 ms, oceanic 300 ms, satellite 1 s). The target is a twentieth of it. Default 100 ms.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queues</source>
        <extracomment>section title: cake&apos;s priority tins and flow isolation</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How DSCP marks sort packets into priority tins; default diffserv3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Isolation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What cake shares the bandwidth fairly between: flows, hosts, or both; default triple-isolate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NAT lookup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Looks up the addresses behind NAT in conntrack, so hosts behind a router are told apart.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nonat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clears the DSCP marks of packets after sorting them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nowash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Direction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ingress: cake shapes traffic arriving (on an ifb), counting dropped packets as sent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>default (egress)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ingress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>egress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ACK filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drops TCP ACKs made redundant by later ones, for links much slower upstream.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Split GSO</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Splits GSO super-packets so other flows&apos; packets go between them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>default (on)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>split-gso</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no-split-gso</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The most memory cake&apos;s queues may use; default derived from the bandwidth.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Firewall mark mask</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The bits of the packet&apos;s mark that pick its tin (tc&apos;s fwmark); off: DSCP picks it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Link</source>
        <extracomment>section title: the link&apos;s framing and per-packet overhead</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Framing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>atm: ADSL&apos;s 53-byte cells; ptm: VDSL2&apos;s 64b/65b coding; noatm: neither.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overhead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes the link adds to every packet (-64…256); default 0 with raw.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Header compensation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>raw: count packets as the device sees them. By default cake does so until an overhead is given; then it takes the MAC header off before adding the overhead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The smallest packet size the link counts (0…256 bytes).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>packets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The most packets choke holds.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Average packet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The size of an average packet (tc&apos;s avpkt), for the idle-time average; default 1000 bytes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RED</source>
        <extracomment>section title: random early detection (a name)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Below this average queue nothing is marked; auto is max / 3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At this average queue every packet is marked; auto is the limit / 4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>choke also drops a random queued packet of the arriving packet&apos;s flow: flows that do not slow down lose the most.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The most packets codel holds; default 1000.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CoDel</source>
        <extracomment>section title: the CoDel queue management algorithm (a name)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The queueing delay CoDel aims for; above it for a whole interval, it starts dropping (default 5 ms).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long the delay must stay above target before CoDel drops; about a worst round trip (default 100 ms).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CE threshold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Above this queueing delay ECN-capable packets are marked at once (for DCTCP); off: only CoDel marks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ECN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Marks packets of ECN-capable flows instead of dropping them (codel&apos;s default is off).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on: mark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off: drop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>drr has no parameters of its own: its classes take turns, each sending up to its quantum per round. Add classes below it and filters that steer traffic into them; unclassified packets are dropped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quantum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many bytes this class sends per round; others get the same turn with theirs. Default: the device&apos;s MTU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one MTU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flower matches header fields; a packet must carry every key given (none: every packet of the filter&apos;s protocol). Addresses and the IP keys need the protocol ip or ipv6; VLAN keys 802.1Q or 802.1ad.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The most packets fq holds across all flows; default 10000.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flow limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The most packets one flow may queue; default 100.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Buckets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The size of the flow hash table (a power of two, 2…262144); default 1024.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>buckets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many bytes a flow sends per turn; default two frames.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Initial quantum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many bytes a new flow may send in its first turn; default ten frames.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pacing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spaces each flow&apos;s packets at the rate its sender asks for (TCP&apos;s pacing rate).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The most one flow may send; off: no cap.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Low rate threshold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flows paced below this rate send one packet per turn; default 550 kbit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refill delay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long a flow that went idle waits for its credit back; default 40 ms.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Above this queueing delay ECN-capable packets are marked (for DCTCP); off: never.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Horizon</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Packets timestamped further ahead than this are dropped or capped; default 10 s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Beyond the horizon</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What happens to a packet timestamped beyond the horizon.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>default (drop)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>drop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Orphan mask</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Packets without a socket are hashed into this many flows (a mask); default 1023.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The most packets fq_pie holds across all flows; default 10240.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many flow queues traffic is hashed into (1…65536, default 1024); fixed once the qdisc exists.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many bytes a flow sends per turn; default one MTU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The most memory the queued packets may take; default 32 MiB.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PIE</source>
        <extracomment>section title: the PIE queue management algorithm (a name)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The queueing delay PIE aims for in each flow; default 15 ms.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Update interval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How often PIE recomputes its drop probability (tc&apos;s tupdate); default 15 ms, kept in kernel ticks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alpha</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How strongly the delay&apos;s distance from target moves the drop probability (0…32); default 2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Beta</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How strongly the delay&apos;s trend moves the drop probability (0…32); default 20.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ECN up to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The drop probability up to which ECN-capable packets are marked instead of dropped (tc&apos;s ecn_prob, 1…99 %); default 10 %.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Marks packets of ECN-capable flows instead of dropping them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Byte mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scales the drop probability by packet size, so small packets are dropped less.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rate estimator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Estimates the queueing delay from the dequeue rate (RFC 8033) instead of timestamps.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a 32-bit number (write 6, 0x6 or 0xff00)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fw matches packets by their firewall mark, set by iptables or nftables (MARK, meta mark set) or a socket&apos;s SO_MARK.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The mark to match (tc&apos;s handle): after the mask below, a packet&apos;s mark must equal it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mask</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The bits of the mark that count (0xffffffff: all). Every fw filter of one priority shares it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Classes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The leaf class (minor number, hex as tc writes it) that traffic no filter matched goes to. hfsc drops such traffic when there is none.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none: unclassified traffic is dropped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The service curves are set on the classes: select one in the tree.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rate (m2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First rate (m1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The slope of the curve&apos;s first segment, for the time d: above m2 it gives a burst of lower delay, below it a later start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First segment (d)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long the first slope (m1) lasts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Real-time curve (rt)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The service this class is guaranteed for its own packets, whatever else is sent. Leaf classes only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Link-share curve (ls)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This class&apos;s share of what its parent has left, against its siblings&apos; curves. tc&apos;s sc sets rt and ls alike.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Upper limit (ul)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The most link-share service this class may get; needs a link-share curve.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The most packets hhf holds; default 1000.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes each queue may send per round; default: the device&apos;s MTU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Heavy hitters</source>
        <extracomment>section title: hhf&apos;s heavy-hitter detection</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Admit after</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes a flow sends within the reset timeout before it counts as a heavy hitter; default 128 KiB.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tracked flows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many heavy hitters hhf tracks at once (tc&apos;s hh_limit); default 2048.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset timeout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How often the byte counters start again; default 40 ms.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evict timeout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long a quiet heavy hitter stays tracked; default 1 s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other flows&apos; weight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many quanta the other flows get for each one of the heavy hitters; default 2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>matchall takes every packet of its protocol; what happens to it is the class and the actions below.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mq has no parameters: it gives each transmit queue of the device a qdisc of its own, at MAJOR:1, MAJOR:2, … (one per queue). A queue without one below holds the kernel&apos;s default (net.core.default_qdisc). Add a qdisc below mq to shape a queue; mq needs a device with several transmit queues and can only be the root.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>multiq has no parameters: it has one band per transmit queue of the device (MAJOR:1, MAJOR:2, …) and serves them in turn. Filters, or skbedit queue_mapping, choose the band; each band can hold a qdisc.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a rate (such as 10mbit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at most 16 rates, one per traffic class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Traffic classes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many traffic classes the priorities map to (1…16).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>classes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Priority map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The traffic class of each of the 16 packet priorities (TC_PRIO_*), as tc&apos;s map words; priorities not given go to class 0.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at most 16 classes, one per priority</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a traffic class (0…15)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The transmit queues of each traffic class, COUNT@OFFSET in class order (&quot;1@0 1@1&quot;: one queue each, queues 0 and 1). Needed without offload; the queues must exist on the device.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected up to 16 ranges COUNT@OFFSET, such as &quot;1@0 1@1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hw 1 lets the network card&apos;s driver set up the classes and queues (tc&apos;s default); it needs a card that offloads mqprio. hw 0 is done by the kernel with the queues given above.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>software (hw 0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>offloaded to the card (hw 1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dcb: the driver&apos;s DCB layout; channel: the classes and queues as given, with the shaper below.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bw_rlimit: the card holds each traffic class between a minimum and a maximum rate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Minimum rates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bw_rlimit&apos;s least rate of each traffic class, in class order (&quot;10mbit 20mbit&quot;).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Maximum rates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bw_rlimit&apos;s greatest rate of each traffic class, in class order.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Like mq, mqprio gives each transmit queue a qdisc of its own (MAJOR:1, MAJOR:2, …) and can only be the root of a device with several transmit queues.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>noqueue has no parameters: packets are handed to the device at once and never queued, as virtual devices (veth, bridges, VLANs) do by default. Nothing can be shaped here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pfifo_fast has no parameters: three bands, picked by each packet&apos;s priority (TOS) through a fixed priomap, band 0 first. For other bands or maps use prio.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The most packets pie holds; default 1000.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The queueing delay PIE aims for; default 15 ms.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plug</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the plug is told: hold what arrives from now on (block), let out what it held before the last block (release), or let everything through until the next block (release_indefinite).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>release</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>release_indefinite</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>set the limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The most bytes the plug holds; a new plug without options holds the device&apos;s queue length × MTU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The kernel reports none of plug&apos;s settings back: every apply sends the command again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qfq has no parameters of its own: its classes share the link by weight. Add classes below it and filters that steer traffic into them; unclassified packets are dropped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This class&apos;s share against the others&apos; (1…1024; all of one qfq together at most 65536); default 1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest packet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The largest packet this class sends, in bytes (tc&apos;s maxpkt, 512…65536); default the device&apos;s MTU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The most bytes red holds; beyond it every packet is dropped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The size of an average packet (tc&apos;s avpkt), for the averaging.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Below this average queue (bytes) nothing is marked; auto is max / 3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At this average queue (bytes) RED marks with the full probability; auto is min × 3, or the limit / 4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Adaptive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Adaptive RED moves the probability between 1 % and 50 % to keep the average between min and max.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not ECN-capable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What happens to packets RED would mark that cannot be marked: drop them, or let them through (tc&apos;s nodrop; needs ECN).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pass (nodrop)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probability</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How likely RED drops or marks a packet when the average queue reaches max; default 2 %.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Burst</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many packets of a burst pass above min before the average catches up; it sets the averaging constant (auto: (2 min + max) / 3 average packets).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The link&apos;s rate, for ageing the average while the queue is idle; default 10 Mbit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Above max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What ECN does above max: mark as below it, or drop (tc&apos;s harddrop).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The most packets sfb holds; default: the device&apos;s queue length.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bin max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The most packets one hash bin may hold.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bin target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The packets per bin Blue aims for.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Blue</source>
        <extracomment>section title: the Blue queue management algorithm (a name)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Increment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How much a bin&apos;s drop probability rises when it overflows.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decrement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How much a bin&apos;s drop probability falls when it runs empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Penalty rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rate flows that do not respond to drops are held to.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>packets/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Penalty burst</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The burst those flows may send.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hashing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rehash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How often sfb changes its hash, so colliding flows part; default 600 s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warm-up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long the next hash learns beside the current one before it takes over (tc&apos;s db); default 60 s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The most packets skbprio holds; when full it drops from the lowest-priority queue. Default 64.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skbprio queues by each packet&apos;s priority (skb-&gt;priority, 0…63; set it with skbedit or SO_PRIORITY), the highest first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>basic matches packets by an ematch expression: cmp compares bytes of a header, u32 a masked word, meta what the kernel knows of the packet (mark, priority, length, device …); join them with and, or, not and parentheses. Without one it matches all traffic.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>As tc writes it, e.g. cmp(u8 at 9 layer network eq 6) and not meta(nf_mark eq 5). Empty: every packet.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Messages</name>
    <message>
        <source>%1: &quot;%2&quot; is not a table value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: more than 16384 values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds no values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no distribution table %1.dist in %2 (Debian package iproute2)</source>
        <extracomment>%1 is a table name (normal, pareto, …), %2 the folders searched.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs</name>
    <message>
        <source>cmp: &quot;%1&quot; is no alignment (u8, u16 or u32 first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cmp: &quot;layer&quot; needs a value after it (link, network or transport)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cmp: &quot;%1&quot; is no layer (link, network, transport or 0 to 2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cmp: unknown parameter &quot;%1&quot; (cmp takes at, layer, mask, trans and eq, gt or lt)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cmp needs an offset (at N) and a comparison (eq, gt or lt with a value)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>u32: &quot;%1&quot; is no alignment (u8, u16 or u32 first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>u32: &quot;at&quot; and an offset must follow the value and the mask</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>u32: the offset is missing after &quot;at&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>u32: the offset is missing after &quot;nexthdr+&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>u32: &quot;%1&quot; is no offset (a number of bytes, perhaps after nexthdr+)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>u32: &quot;%1&quot; after the offset is too much (u32 takes ALIGN VALUE MASK at OFFSET)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>u32: a u32 is read at an offset that is a multiple of 4, not %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>meta: %1 is above 32 bits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>meta: &quot;list&quot; asks tc for the list of meta ids; it is no match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>meta: unknown meta id &quot;%1&quot; (such as nf_mark, priority, pkt_len, dev, vlan; a string goes in double quotes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>meta: %1 is a number: it cannot be compared with a string (tc: lvalue and rvalue are not compatible)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>meta: eq, gt or lt and a value must follow %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>meta: &quot;%1&quot; is no comparison (eq, gt or lt)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>meta: the right side of the comparison is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>meta: &quot;%1&quot; after the comparison is too much</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>terms of a match are joined by and or or, and the last one ends it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a parenthesis holds no match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cmp compares 1, 2 or 4 bytes (u8, u16, u32)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cmp&apos;s layer is link, network or transport</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>u32 reads a 32-bit word at an offset that is a multiple of 4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>meta id %1 has no name tc knows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>meta compares with an empty string, which the kernel refuses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 compares a number with a string, which the kernel refuses; to compare a device&apos;s name, write the string first: meta(&quot;eth0&quot; eq dev)</source>
        <extracomment>%1 is a meta comparison in tc&apos;s words.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>meta: %1 is a number: it cannot be compared with a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>meta: a device compared by its name has no mask</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a socket path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: permission denied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing listens on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 did not accept the connection in time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 did not take the request in time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 closed the connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 answered with more than %2 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 did not answer within %2 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 did not answer in HTTP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 sent a broken chunked answer</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::AboutDialog</name>
    <message>
        <source>About Qdisc Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;Qdisc Studio&lt;/h3&gt;&lt;p&gt;Shape and impair network traffic with the kernel&apos;s traffic control.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Version:</source>
        <extracomment>About box rows: a label, and beside it its value (version numbers, the kernel release)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Qt:</source>
        <extracomment>About box: the Qt library running now, and the one this build was compiled against</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (built with %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>libnl:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changes go through:</source>
        <extracomment>About box: %1 is where changes go (the helper on the system bus, or the engine in-process)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (ready)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (not reachable)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Licence:</source>
        <extracomment>About box: the licence&apos;s name (GPL-3.0-or-later)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GNU General Public License, version 3 or later</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Home page:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ActionSupport</name>
    <message>
        <source>&quot;goto&quot; needs &quot;chain N&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the chain index must be at most %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the jump count must be at most %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the gact action is not supported by Qdisc Studio yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown action kind; Qdisc Studio knows %1</source>
        <extracomment>%1 lists action kinds (mirred, police, …).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gact needs a control verb: pass, drop, pipe, continue, reclassify, goto chain N</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;index&quot; names an action of the namespace&apos;s standalone action table (tc actions add … index N), which is not part of a device&apos;s tree: leave it out, and the filter holds an action of its own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>action cookies are not supported by Qdisc Studio yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected one action, like &quot;mirred egress redirect dev ifb0&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected word after the action</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ApplyStatus</name>
    <message>
        <source>&amp;Keep</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long the last change took from the window to the kernel and back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep the last change; otherwise what was there comes back when the countdown ends</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changes go to the kernel through: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changes cannot reach the kernel: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>last apply %1 ms</source>
        <extracomment>status bar: how long the last change took to reach the kernel, in milliseconds</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reverting in %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Details…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read the whole answer, with its advice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The last change was not made</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::Args</name>
    <message>
        <source>%1: &quot;%2&quot; needs a value after it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a number (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 is above %3 (%4)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::BasicKind</name>
    <message>
        <source>match is given twice: join the expressions with &quot;and&quot; or &quot;or&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match needs an expression after it, such as &apos;cmp(u8 at 9 layer network eq 6)&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all traffic</source>
        <extracomment>What a basic filter without an expression catches: &quot;basic all traffic → class 1:10&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::BasicParams</name>
    <message>
        <source></source>
        <comment>Findings about a basic filter: its &quot;match&quot; is an ematch expression in tc&apos;s words.</comment>
        <translation></translation>
    </message>
</context>
<context>
    <name>qs::BfifoParams</name>
    <message>
        <source>a limit of %1 bytes is below a full-size frame (1514 bytes): such packets are dropped</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::CakeKind</name>
    <message>
        <source>&quot;%1&quot; is the second rtt preset after &quot;%2&quot;: tc takes one (duplicate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Illegal &quot;overhead&quot;, valid range is -64 to 256</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Illegal &quot;mpu&quot;, valid range is 0 to 256</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cake %1</source>
        <extracomment>%1 is a rate such as 100 Mbit/s: cake&apos;s bandwidth.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cake, rate from arriving traffic</source>
        <extracomment>cake estimating the bandwidth from arriving traffic (tc&apos;s autorate-ingress)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is none of %2</source>
        <extracomment>%1 is the value found, %2 the words cake takes there.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::CakeParams</name>
    <message>
        <source></source>
        <comment>Findings about cake&apos;s parameters. The option names overhead and mpu are words of tc&apos;s cake command: keep them. tc&apos;s own messages quoted in (&quot;Illegal &quot;overhead&quot;&quot;) stay as they are.</comment>
        <translation></translation>
    </message>
    <message>
        <source>overhead %1 is not one tc can write: it takes %2…%3 bytes (&quot;Illegal \&quot;overhead\&quot;, valid range is -64 to 256&quot;), and more only as an even sum with its framing keywords, up to %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mpu %1 is above %2 bytes, the most tc takes (&quot;Illegal \&quot;mpu\&quot;, valid range is 0 to 256&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ChaosMeshExport</name>
    <message>
        <source>give at least one label as key=value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not key=value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a label key: a name of at most 63 letters, digits, &apos;-&apos;, &apos;_&apos; and &apos;.&apos; (alphanumeric at both ends), optionally after a DNS prefix and &apos;/&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a label value: at most 63 letters, digits, &apos;-&apos;, &apos;_&apos; and &apos;.&apos;, alphanumeric at both ends</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the label key &quot;%1&quot; is given twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a name Kubernetes takes here: lowercase letters, digits and &apos;-&apos;, a letter or digit at both ends, at most %2 characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a namespace: lowercase letters, digits and &apos;-&apos;, a letter or digit at both ends, at most 63 characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a mode: use one of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mode %1 takes no value (&quot;%2&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mode fixed needs the number of pods, at least 1: fixed=N</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mode %1 needs a percentage of the pods from 1 to 100: %1=N</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the duration must be longer than 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a ramp is held as 1 to %1 steps, not %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>profile &quot;%1&quot; is not valid: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the tree for %1: NetworkChaos impairs one incoming side; only the tree for %2 is exported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the tree for %1: NetworkChaos impairs a pod&apos;s one device; only the tree for %2 is exported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the tree for %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the incoming tree (%1): NetworkChaos impairs what the selected pods receive only as what other pods send them (direction from); name those pods with --peers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing of profile &quot;%1&quot; can be expressed as a NetworkChaos</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>profile &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a scenario&apos;s steps have their own durations; a duration is for a profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scenario &quot;%1&quot; cannot be exported: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1: a ramp changes its values continuously; NetworkChaos holds fixed values, so it is held as %n step(s) of about %2, each at the values the ramp has halfway through it</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: nothing of its tree can be expressed; the pods are left unimpaired for its %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing of scenario &quot;%1&quot; can be expressed as a NetworkChaos</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>onEnd keep: Chaos Mesh lifts each step&apos;s condition when its deadline passes, the last one too</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>onAbort keep: deleting the Workflow lifts its condition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loops forever: a Workflow does not repeat; a Schedule starts the pass every %1 until it is deleted, and the pods are unimpaired between two passes for as long as Chaos Mesh takes to start the next</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loops %1: unrolled they would take %2 templates (at most %3 are written); a Schedule starts the pass every %4 until it is deleted: delete it after %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scenario &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on %2: a condition for one of the scenario&apos;s targets; the manifests give the pods the selector picks each step&apos;s own condition (a step that only names targets holds the one before it)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ChartMetric</name>
    <message>
        <source>Throughput</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Packets</source>
        <extracomment>chart of packets per second</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drops</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backlog (bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backlog (packets)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlimits</source>
        <extracomment>chart of how often a shaper held packets back (tc&apos;s &quot;overlimits&quot; counter)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bit/s</source>
        <extracomment>value axis unit: bits per second (SI prefixes follow)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kbit/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mbit/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gbit/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tbit/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>packets/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>k packets/s</source>
        <extracomment>value axis unit: thousands of packets per second</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>M packets/s</source>
        <extracomment>value axis unit: millions of packets per second</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>drops/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>k drops/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>M drops/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KiB</source>
        <extracomment>value axis unit: 1024 bytes</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MiB</source>
        <extracomment>value axis unit: 1024 × 1024 bytes</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>packets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>k packets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>overlimits/s</source>
        <extracomment>value axis unit: tc&apos;s &quot;overlimits&quot; counter per second</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>k overlimits/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>M overlimits/s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ChartPanel</name>
    <message>
        <source>What to chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the last %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Freeze the view; recording goes on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the chart as a PNG image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the shown window of every shown node as CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export chart as PNG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export statistics as CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ChokeKind</name>
    <message>
        <source>bandwidth must be a rate such as 10mbit, below 2³² bytes/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>avpkt must be above 0 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bandwidth must be below 2³² bytes/s (tc reads it in 32 bits)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>probability must be a number such as 0.02</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>choke, marks from %1 to %2 of %3 packets</source>
        <extracomment>%1 and %2 the queue lengths (packets) where choke starts and ends marking, %3 its limit.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ChokeParams</name>
    <message>
        <source></source>
        <comment>Findings about choke&apos;s parameters. limit, min, max, burst, avpkt, bandwidth, probability and ecn are words of tc&apos;s choke command: keep them.</comment>
        <translation></translation>
    </message>
    <message>
        <source>choke needs a limit and a bandwidth (tc: Required parameter (bandwidth, limit) is missing)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max %1 is above limit %2 (tc: &quot;max&quot; is larger than &quot;limit&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>min %1 is not below max %2 (tc: &quot;min&quot; is not smaller than &quot;max&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>burst %1 is too small for min %2: tc needs at least %3 packets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>probability %1 is out of reach for min %2 and max %3 (tc: failed to calculate probability)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no idle-time table fits avpkt %1 at this bandwidth (tc: failed to calculate idle damping table)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>limit %1 is above %2 packets: the kernel refuses it (EINVAL)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max %1 packets is too large for the averaging (Wlog %2): the kernel refuses it (EINVAL)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ChokeParams::KindForms</name>
    <message>
        <source>packets</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ClassNode</name>
    <message>
        <source>classid %1 must be MAJOR:MINOR with both above 0</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::Cli</name>
    <message>
        <source>%1: cannot read: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: larger than %2 MiB; this is not a tc script or profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot write: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no subcommand &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown subcommand &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give exactly one FILE (or - for stdin)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Imported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Imported from %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>standard input</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1: not imported (%n error(s))</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1: no tc commands found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no such file, and no profile or preset of that name (see &quot;qdisc-studio profiles&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give exactly one PROFILE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>profile &quot;%1&quot; is not valid; nothing exported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give exactly one FILE</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) could not be read</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1: valid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not valid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning: %1: skipped: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Built-in presets:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your profiles (%1):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none yet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>any target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no profile or preset named &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (built-in)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any target (DEV)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>use &quot;profiles list&quot; or &quot;profiles show NAME&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give exactly one TARGET</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give one TARGET, --interval of at least 10 ms and a --count of 0 or more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--revert-after takes a whole number of seconds, 1…%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--hold and --revert-after need the helper; they cannot be combined with --direct</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing applied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>holding the tree on %1; Ctrl-C puts back what was there</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the helper puts back what was there in %1 s unless `qdisc-studio confirm %2` keeps the change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep this change? Without &quot;y&quot; within %1 s, what was there comes back. [y/N] </source>
        <extracomment>the answer &quot;y&quot; is checked as it is: keep &quot;y&quot; in the translation</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not kept: the helper puts back what was there</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing to do: the kernel already holds this tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give --dev TARGET</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give one TRANSACTION</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Options:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Global options:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arguments:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Subcommands:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Examples:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exit status:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show this help and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TARGET</source>
        <extracomment>the value of --dev; IF, NETNS/IF and docker:CONTAINER/IF below are how a target is written</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[options] FILE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Turn tc commands (a script, a runbook snippet) into a profile.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reads tc commands (a script, a runbook snippet, or - for standard input) and turns them into a profile: JSON on standard output, or in the file given with --output. It reads tc qdisc, class and filter commands for netem, tbf, htb, sfq, fq_codel, pfifo, bfifo and prio, u32 filters, the ifb recipe for incoming traffic, sudo, comments, backslash continuations, ; and &amp;&amp;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reads files only: needs neither root nor the helper. Exit status 1 when a line cannot be read, the profile is not valid, or FILE holds no tc command.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FILE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the profile to FILE instead of standard output. The write is atomic: an interrupted one leaves the old file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>standard output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NAME</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The profile&apos;s name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file&apos;s base name, or &quot;Imported&quot; for standard input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the tc commands of a runbook as a profile:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qdisc-studio import runbook.sh -o wan.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import a command from standard input:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>echo &apos;tc qdisc add dev eth0 root netem delay 100ms loss 1%&apos; | qdisc-studio import - --name WAN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[options] PROFILE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writes the tc commands that build PROFILE on standard output, one per line, spelled the way tc spells them, so that qdisc-studio import reads them back to the same profile. PROFILE is a profile file, or the name of one of your profiles or of a built-in preset (see qdisc-studio profiles).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every tree of the profile, each on its own target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PROFILE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A profile file, or the name of a stored profile or built-in preset.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The LTE preset as commands for eth1:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qdisc-studio export &quot;LTE (4G)&quot; --dev eth1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A profile as a script for veth1 in the namespace lab:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qdisc-studio export wan.json --dev lab/veth1 &gt; wan.sh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check a profile or a tc script against the kernel&apos;s limits and tc&apos;s rules.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checks a profile (JSON) or a tc script against the limits the kernel enforces and the rules tc applies. Errors are what the kernel or tc would refuse; warnings are traps the kernel accepts silently (a tbf burst below the MTU drops every full-size packet).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each problem goes to standard error, one per line, and &quot;FILE: valid&quot; or &quot;FILE: not valid&quot; to standard output. Changes nothing: needs neither root nor the helper. Exit status 0 when valid (warnings alone do not fail), 1 when not.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Report as JSON on standard output: &quot;valid&quot;, &quot;problems&quot; and &quot;issues&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A profile or a tc script, or - for standard input.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check a script before running it:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qdisc-studio validate runbook.sh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check a profile in a CI job:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qdisc-studio validate --json wan.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[options] [list | show NAME]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List the built-in presets and your profiles, or show one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Without an action, or with list, prints the built-in presets and your own profiles, each with a one-line summary. Your profiles are the JSON files in $XDG_DATA_HOME/qdisc-studio/profiles (~/.local/share/qdisc-studio/profiles by default); a file that cannot be read is reported and skipped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>show NAME prints one profile or preset: its description and, for each of its targets, the tc commands that build it (DEV stands for the device of a profile made for any target).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reads files only. Exit status 1 when no profile or preset has that name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output as JSON: the list as an array of &quot;name&quot;, &quot;source&quot;, &quot;description&quot; and &quot;summary&quot;; a profile as its file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List every preset and profile (the default).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>show NAME</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the profile or preset called NAME; a profile of yours comes before a preset of the same name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every preset and profile:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qdisc-studio profiles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The commands of one preset:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qdisc-studio profiles show &quot;GEO satellite&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every interface:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qdisc-studio targets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The interfaces that are up:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qdisc-studio targets | awk &apos;$3 == &quot;up&quot; { print $1 }&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[options] TARGET</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the tree the kernel holds on a target.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shows the qdiscs, classes and filters the kernel holds on TARGET, whoever built them: a one-line summary, then one line per node. Kinds and options Qdisc Studio does not know are shown and kept as they are (&quot;foreign&quot;).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output as JSON, in the tree form of profiles; with --stats, a &quot;stats&quot; array too.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add each node&apos;s counters: bytes, packets, drops, overlimits, requeues and backlog.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tree on eth0, with counters:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qdisc-studio show eth0 -s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tree on veth1 in the namespace lab, as JSON:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qdisc-studio show lab/veth1 --json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print the counters and rates of every qdisc and class on a target.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prints the counters of every qdisc and class on TARGET (bytes, packets, drops, overlimits, backlog) and, from the second sample on, the rates between samples: one netlink dump per sample, 64-bit counters. The lines follow tc -s and are never translated.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reads only; no root needed. For a target in another namespace, anyone but root reads through the helper, which hands over a read-only socket (polkit action org.qdiscstudio.read).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Milliseconds between samples, at least 10.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>N</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Samples to print; 0 prints until interrupted (Ctrl-C).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Watch eth0 twice a second until Ctrl-C:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qdisc-studio stats eth0 --interval 500 --count 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ten samples for a script:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qdisc-studio stats lab/veth1 --json --count 10</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[options] --dev TARGET FILE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Make the kernel hold the tree of a profile or tc script on a target.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The change goes through qdisc-studio-helper on the system bus, and polkit asks for authorization (action org.qdiscstudio.apply). Before the first change to a target the helper keeps a snapshot of what was there, which qdisc-studio restore puts back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exit status 1 when FILE is not valid (nothing is applied), or the helper or the kernel refused.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep the tree only while this command runs: on Ctrl-C, kill or a crash the helper puts back what was there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SECONDS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Put back what was there after SECONDS (1 to %1) unless the change is confirmed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>never</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Try a profile on eth1, put back after 30 seconds unless kept:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qdisc-studio apply --dev eth1 --revert-after 30 wan.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Impair veth1 in the namespace lab while a test runs:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qdisc-studio apply --dev lab/veth1 --hold lossy.sh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[options] --dev TARGET</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Return a target to its device&apos;s default qdisc.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exit status 1 when the helper or the kernel refused.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take every impairment off eth1:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qdisc-studio clear --dev eth1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Put back the tree a target had before Qdisc Studio first changed it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exit status 1 when there is nothing to restore (Qdisc Studio has not changed TARGET since it was last restored), or the helper or the kernel refused.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Put veth1 in the namespace lab back as it was:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qdisc-studio restore --dev lab/veth1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[options] TRANSACTION</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep a change applied with --revert-after.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keeps a change made by qdisc-studio apply --revert-after, before the helper puts back what was there. The helper does it (polkit action org.qdiscstudio.apply).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exit status 1 when the transaction has nothing waiting for confirmation: it was confirmed, reverted, or applied without --revert-after.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TRANSACTION</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The transaction id qdisc-studio apply printed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep the change of transaction tx-0123…:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qdisc-studio confirm tx-0123456789abcdef0123456789abcdef</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[--verbose] SUBCOMMAND [options] ARGS…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shape and impair network traffic with Linux tc</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Qdisc Studio shapes and impairs network traffic with the kernel&apos;s traffic control (tc): netem delay, jitter, loss, duplication, reordering and rate, tbf and htb shaping, sfq and fq_codel fairness, and u32 filters that steer chosen flows into classes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Without a subcommand the window opens. It takes Qt&apos;s own options too, such as -platform NAME or -style NAME (see the Qt documentation).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With a subcommand it is a command-line tool that needs no display. Changes reach the kernel through qdisc-studio-helper, a root service on the system bus that asks polkit for authorization; reading needs no root. &quot;qdisc-studio SUBCOMMAND --help&quot; or &quot;qdisc-studio help SUBCOMMAND&quot; describes one subcommand.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show this help and exit; after a subcommand, that subcommand&apos;s help.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print &quot;qdisc-studio VERSION&quot; and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log each step on standard error, for the window and for every subcommand. Accepted before or after the subcommand, though not after --.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The input is wrong or the work failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The command line is wrong.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 Mbit/s</source>
        <extracomment>a rate in the demo&apos;s table; %1 is the number</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected argument &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give --headless for the demo in the terminal; the window opens on the demo lab with: qdisc-studio --demo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--seconds takes a whole number from 1 to 3600</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no D-Bus system bus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the Qdisc Studio helper (%1) is not on the system bus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--direct needs root: the lab is built in this process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: building the lab in this process (running as root)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the demo lab needs the Qdisc Studio helper on the system bus, or root: %1. Run it as root (sudo qdisc-studio demo --headless), or install Qdisc Studio so that D-Bus starts its helper.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no answer to the request for a lab within 60 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the helper could not build the lab (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>falling back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot build the demo lab: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Demo lab %1: %2 → %3, impairments on %4 (%5).</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Each condition is measured for %n second(s) after %1 s to settle.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>cannot open the lab&apos;s sockets: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot start the lab&apos;s traffic: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no answer to the change within 120 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the lab&apos;s traffic stopped: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>removing the demo lab %1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no answer within 30 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>condition</source>
        <extracomment>the demo table&apos;s column headings</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>configured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RTT median/p95 (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loss %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TCP goodput</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>link rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (99 %: %2–%3)</source>
        <extracomment>the measured loss, then the 99 % binomial interval of the configured loss for as many datagrams</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ok</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not available: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ok: rate within ±%1 %, delay within ±%2 ms, loss within the binomial 99 % interval; off: outside.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The demo lab was removed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The demo lab could not be removed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>interrupted (signal %1); the demo lab was removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--headless [options]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show shaping and impairments working in a private two-host lab, measured.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Builds the demo lab: two private network namespaces joined by a veth pair, with addresses from 198.18.0.0/15 (reserved for benchmarking), so no real interface is touched. Inside it a bulk TCP flow, a constant-rate UDP flow (100 datagrams a second) and an RTT probe every 50 ms run from one host to the other.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Then it applies a sequence of conditions to the lab&apos;s link and measures each for --seconds after 2 s to settle: baseline (no qdisc), tbf rate 10mbit, htb rate 20mbit (one class, the default), netem delay 100ms, netem loss 5% and netem rate 10mbit. It prints a table: the condition, what was configured, the measured RTT (median and 95th percentile), the UDP loss (with the binomial 99 % interval of the configured loss for as many datagrams), the TCP goodput, the link rate (whole frames, as tbf, htb and netem count them) and a verdict: ok (rate within ±5 %, delay within ±5 ms, loss within the interval), off, or not available when the kernel lacks the qdisc&apos;s module (which it names, with how to load it).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--headless is required: it is the terminal form. qdisc-studio --demo opens the window on the same lab instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The lab is built by qdisc-studio-helper when the system bus has it (polkit action org.qdiscstudio.lab, which needs no password); otherwise, as root, in this process, with a guard process that removes the lab even if this one is killed. The lab is removed at the end, on Ctrl-C and on SIGTERM.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exit status 0 when every condition the kernel supports ran (a missing module is reported, not a failure; an &quot;off&quot; measurement is reported too), 1 when the lab could not be built, a change or the traffic failed, or the run was interrupted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run in the terminal, without a window. Required.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds to measure each condition, 1 to 3600.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output as JSON: &quot;ok&quot;, the &quot;lab&quot;, and &quot;conditions&quot;, each with &quot;name&quot;, &quot;configured&quot;, &quot;tc&quot;, &quot;expected&quot;, &quot;measured&quot;, &quot;verdict&quot; and, where it applies, &quot;message&quot; and &quot;missingModule&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Build the lab in this process even when the helper is there (root only).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The whole sequence in the terminal:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qdisc-studio demo --headless</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ten seconds a condition, as JSON, for a CI job:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sudo qdisc-studio demo --headless --seconds 10 --json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the window on the demo lab: a private two-host network with live traffic, where every setting shows its measured effect. qdisc-studio demo --headless is the same in the terminal.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[options] --dev TARGET SCENARIO</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plays SCENARIO on TARGET: its steps in order, each held for its duration (a preset, a profile or a tree written out) or ramping parameters from one value to another (netem.delay 20ms to 200ms over 5 s, ten updates a second), the whole repeated as often as the scenario says. Steps are scheduled on the monotonic clock from the start of each pass, so lateness never adds up over a long scenario; a ramp changes its node in place, so counters and queued packets survive.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SCENARIO is a file (a path with a / or ending in .json), else one of your scenarios, else a built-in one (see qdisc-studio scenarios). Its profiles and presets are looked up, and everything wrong with it is reported, every error at once, before anything is applied: unknown names, durations, ramps whose node is missing on TARGET or that cannot start where they would (an exponential ramp from zero).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A line is printed for each step as it begins: the time, the step, its name and the pass. With --json, one JSON object a line instead: first the schedule, then every progress report with the CLOCK_MONOTONIC times &quot;takenAtNs&quot;, &quot;stepDueNs&quot; and &quot;stepStartedNs&quot;, comparable with any other process&apos;s readings of that clock.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When the last pass ends, the scenario&apos;s onEnd is carried out: by default the tree from before is put back. Ctrl-C, SIGTERM and SIGHUP stop the playback and carry out its onAbort (by default the tree from before is put back; --keep leaves the last condition); the command ends once that is done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It plays through qdisc-studio-helper on the system bus (polkit action org.qdiscstudio.apply), which stops the playback and puts back the tree from before when this command is killed while it plays (kill -9 included, and also with --keep: a scenario cut off halfway is no condition anyone chose), unless --no-revert-on-exit. Once the playback has ended or been stopped, what its end left stays after the command exits. Without the helper, root plays it in this process.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play N passes instead of the scenario&apos;s own count; 0 plays until stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the scenario&apos;s &quot;loops&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leave the last condition in place when the scenario ends or is stopped, whatever its onEnd and onAbort say. If this command is killed while it plays (kill -9), the helper still puts back the tree from before.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Do not ask the helper to stop and put back the tree from before when this command dies without stopping the playback (kill -9): the scenario then plays on to its end and its onEnd is carried out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play in this process even when the helper is there (root only).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SCENARIO</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A scenario file, or the name of one of your scenarios or of a built-in one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play a built-in scenario on eth1 until it ends:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qdisc-studio play &quot;Entering a tunnel&quot; --dev eth1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Repeat a scenario file on veth1 in the namespace lab until Ctrl-C:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qdisc-studio play --dev lab/veth1 --loop 0 commute.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Progress for a script, leaving the last condition in place:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qdisc-studio play --dev eth1 --json --keep degrade.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The scenario played to its end.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It could not be played (no helper, no root, the target cannot be read) or failed while playing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The command line or the scenario is wrong; nothing was applied.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped by SIGHUP, Ctrl-C (SIGINT) or SIGTERM, after the tree from before was put back (or kept).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[options] [list | show SCENARIO | check SCENARIO]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List the built-in scenarios and yours, show one, or check a scenario file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Without an action, or with list, prints the built-in scenarios and your own, one a line: the name, where it comes from, its steps, how long a pass lasts and how many passes it plays. Your scenarios are the JSON files in $XDG_DATA_HOME/qdisc-studio/scenarios (~/.local/share/qdisc-studio/scenarios by default); a file that cannot be read is reported and skipped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>show SCENARIO prints its description and each step: when it starts, how long it lasts and what it holds (a preset, a profile or a tree, in one line; a ramp with its parameters, curve and updates a second), then the passes and what happens at the end and when it is stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>check SCENARIO lists everything wrong with it, one error a line, as play would before applying anything; with --dev also what is wrong with it on that target as it is now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reads only. Exit status 1 when the scenario cannot be found or is not valid.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output as JSON: the list as an array of &quot;name&quot;, &quot;source&quot;, &quot;description&quot;, &quot;steps&quot;, &quot;passDurationMs&quot;, &quot;duration&quot;, &quot;loops&quot; and &quot;targets&quot;; a scenario as its file; a check as &quot;valid&quot; and &quot;errors&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>For check: also check the scenario against the tree TARGET holds now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List every built-in scenario and yours (the default).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>show SCENARIO</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show a scenario: a file, one of yours, or a built-in one, looked for in that order.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>check SCENARIO</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check a scenario file (or a stored scenario) and list every error.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every scenario:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qdisc-studio scenarios</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The steps of a built-in scenario:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qdisc-studio scenarios show &quot;Entering a tunnel&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check a file before playing it on veth1 in the namespace lab:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qdisc-studio scenarios check commute.json --dev lab/veth1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>put back the tree from before</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>keep the last condition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no qdisc (the device&apos;s default)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>preset %1</source>
        <extracomment>a scenario step that holds a built-in preset or one of the user&apos;s profiles; %1 is its name</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>profile %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no such preset)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no such profile)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <extracomment>a ramp parameter on one node: &quot;netem.delay on 1:&quot;</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ramp %1, %2 at %3 updates/s</source>
        <extracomment>%1: what moves (&quot;netem.delay 20ms → 200ms&quot;), %2: the curve (&quot;linear&quot;), %3: updates per second</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give one SCENARIO (a name or a file) and --dev TARGET</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--loop takes a whole number of passes from 0 (forever) to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--direct needs root: the scenario is played in this process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing was applied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give --dev TARGET: scenario &quot;%1&quot; names no target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give --dev TARGET: scenario &quot;%1&quot; is meant for %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>scenario &quot;%1&quot; has %n error(s); nothing was applied</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>playing a scenario needs the Qdisc Studio helper on the system bus, or root: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: playing in this process (running as root)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>interrupted (signal %1); nothing was applied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no answer within %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>scenario &quot;%1&quot; cannot play on %2 (%n error(s)); nothing was applied</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Playing &quot;%1&quot; on %2: %n step(s), %3 a pass, %4.</source>
        <extracomment>%1 the scenario, %2 the target, %3 the length of one pass, %4 how many passes (&quot;2 passes&quot;, &quot;until stopped&quot;)</extracomment>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>until stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n pass(es)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Ctrl-C stops it and will %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1  step %2/%3  %4  (loop %5/%6)</source>
        <extracomment>one line per step: wall-clock time, step number of steps, step name, pass number of passes (&quot;∞&quot;: forever)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no answer to the request to play within %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopping on %1 was not confirmed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1  stopped (signal %2): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the tree from before is back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the last condition stays</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1  finished: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>playback failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>playback on %1 was stopped from elsewhere</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--dev goes with &quot;scenarios check&quot; only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>use &quot;scenarios list&quot;, &quot;scenarios show SCENARIO&quot; or &quot;scenarios check SCENARIO&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n step(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1 a pass, %2</source>
        <extracomment>a scenario&apos;s length: one pass, then how many passes (&quot;forever&quot; or a number)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>looping forever</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Built-in scenarios:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>built-in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your scenarios (%1):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Meant for: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One pass: %1; passes: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At the end: %1. When stopped: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--set takes NAME=VALUE, not &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--dev %1 is none of the targets --map gives: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: profile &quot;%2&quot; has trees for %3, none of them %4: say where each goes with --map %5</source>
        <extracomment>%3 lists the profile&apos;s targets, %4 is the target asked for, %5 the option to give: --map eth0=TARGET,ifb0=TARGET</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: profile &quot;%2&quot; was made for %3; it goes onto %4</source>
        <extracomment>%3 is the device the profile was made for, %4 the target it is used on now</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1: nothing applied: %n line(s) could not be read</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>give --dev TARGET (or --map FROM=TO,…) and one FILE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ARG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An argument for the script, as it would be run with it: $1, then $2 for a second --arg, and so on (&quot;--arg start&quot; takes the script&apos;s start branch).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NAME=VALUE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A variable for the script: set from the start, and the script&apos;s own assignments to NAME are not made, as when its settings are edited (&quot;--set DEV=eth1&quot;). May be given more than once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FROM=TO</source>
        <extracomment>the value of --map: pairs of targets</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A shell script is evaluated the way sh would run it, without running anything: variables and their defaults, arithmetic, quoting, if and case on its arguments (give them with --arg), for and while loops, functions, test, $TC-style command variables, tc -batch with a here-document. A tc -batch file (its lines without &quot;tc&quot;) is read as tc reads one. Commands that are not tc are skipped and noted; what a tc command depends on but cannot be known here (another program&apos;s output, a file test, a loop without a bound) is an error.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every line it cannot read is reported as FILE:LINE:COLUMN: error: &quot;word&quot;: reason, and what was skipped or not taken as FILE:LINE:COLUMN: note: what. Nothing is skipped silently, and nothing is written unless all of it was understood. Warnings say where tc itself would drop something.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Report as JSON on standard output: &quot;ok&quot;, &quot;errors&quot;, &quot;warnings&quot;, &quot;notes&quot;, &quot;issues&quot;, with --show-commands the &quot;commands&quot;, and, without --output, the &quot;profile&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print the tc commands read from FILE, one a line with where each came from, instead of the profile: what the evaluation of a script understood.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>See which tc commands a shaping script runs with the argument start, for eth1:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qdisc-studio import shaper.sh --arg start --set DEV=eth1 --show-commands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A preset, like any profile made for whatever target is chosen, has no device of its own: give one with --dev. A profile with one tree goes onto whatever --dev names, whatever device it was made for. For a profile with trees for several targets, --dev picks the one made for it, and --map says where each tree goes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where each tree of the profile goes, pairs separated by commas: the target it was made for, =, the target to use (eth0=lab/va,ifb0=lab/ifb1). A redirect to a device of the profile follows that device.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[options] --map FROM=TO[,FROM=TO] FILE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where each tree of a profile with several goes, pairs separated by commas: the target it was made for, =, the target to use (eth0=lab/va,ifb0=lab/ifb1); with --dev as well, only the tree mapped to it is applied.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A profile (JSON), a shell script or a tc -batch file, or - for standard input.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The ifb recipe&apos;s two trees onto a namespace&apos;s devices:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qdisc-studio apply --map ifb0=lab/ifb0,eth0=lab/va ingress.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What tc printed (tc -s -d qdisc, class and filter show, one or all three, with the tc show lines or without) is read back into the commands that build the tree it shows: statistics and what only tc&apos;s print says are left out. Its device is the one the show lines name; output that names none is read for shown0, which apply --dev puts onto any target.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A shell script, tc commands, a tc -batch file or tc&apos;s show output, or - for standard input.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[--verbose] [--target TARGET] [QT-OPTIONS]</source>
        <extracomment>the two forms of the command line; keep --verbose as it is</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the window on TARGET: an interface (eth0) or NAMESPACE/INTERFACE, as qdisc-studio targets lists them. A target that does not exist is an error: the window says so and qdisc-studio exits with status 1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>request median/p80 (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n failed)</source>
        <extracomment>the request figures, then how many requests failed (timed out or reset)</extracomment>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>--hold keeps the tree only while the command runs. --revert-after puts back what was there unless the change is confirmed in time: on a terminal the command asks, otherwise qdisc-studio confirm with the printed transaction id keeps it. As root, --direct applies in this process instead, without the helper: the snapshot is kept as the helper keeps it (restore --direct puts it back), but there is no --hold or --revert-after.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply in this process, without the helper (root only; a snapshot, no revert).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Removes every qdisc, class and filter on TARGET, whoever put them there: the device returns to its default qdisc. The helper does it (polkit action org.qdiscstudio.apply) and keeps a snapshot first, so that qdisc-studio restore puts the tree back. As root, --direct clears in this process, with the same snapshot.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear in this process, without the helper (root only; a snapshot first).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Puts back the tree TARGET had before Qdisc Studio first changed it: the helper&apos;s snapshot, kept in /run/qdisc-studio so that it outlives the helper, though not a reboot. The helper does it (polkit action org.qdiscstudio.apply). As root, --direct restores in this process from the same snapshot, without the helper.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore in this process, without the helper (root only).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning: not root: the kernel will refuse changes without CAP_NET_ADMIN, and the snapshots are this user&apos;s, not those of root or the helper</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>as root, --direct does it in this process, without the helper (with its snapshot, but no --hold or --revert-after)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Makes the kernel hold the tree of FILE, a profile (JSON), a shell script or a tc -batch file, on TARGET. A profile or script with one tree goes onto TARGET whatever device it was made for (and says so). One with trees for several devices needs --map, which says where each goes; they are applied in turn, ifb devices first. What can be changed in place is changed in place, so counters and queued packets survive. All or nothing: when the kernel refuses a step, the target is put back as it was and the kernel&apos;s own sentence is printed. Each step of the plan is listed as done; with --direct a refused plan&apos;s steps are listed too, done or not run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Report as JSON on standard output: &quot;ok&quot;, the &quot;plan&quot;, the &quot;transaction&quot; id and, when refused, the &quot;error&quot; (one object per target).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Report as JSON on standard output: &quot;ok&quot;, the &quot;plan&quot; and, when refused, the &quot;error&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>profile &quot;%1&quot; is applied to a target chosen at apply time: give --dev TARGET</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The target: IF for an interface of the root network namespace, NETNS/IF for one in a namespace of /run/netns, docker:CONTAINER/IF or podman:CONTAINER/IF for one in a container. Required.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>IF for an interface of the root network namespace, NETNS/IF, or docker:CONTAINER/IF and podman:CONTAINER/IF for one in a container.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The target (IF, NETNS/IF or docker:CONTAINER/IF): where a profile&apos;s only tree goes, or which tree of the profile to export.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List the interfaces of every network namespace and container, with their root qdisc.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lists the interfaces of the root network namespace, of every namespace in /run/netns and of every running Docker and Podman container, one per line: the target (IF, NETNS/IF or docker:CONTAINER/IF), its type, up or down, the kind of its root qdisc, and for a veth whose other end is in another namespace or container, &quot;peer&quot; and that end. Before a container&apos;s interfaces a line starting with # gives the container, its image, its state and, for a containerlab node, its lab and node; a container that does not run has that line alone. The columns are meant for scripts and are never translated.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reads only, through netlink and the runtimes&apos; own APIs (their sockets: $DOCKER_HOST or /var/run/docker.sock, $CONTAINER_HOST or /run/podman/podman.sock). Without root, namespaces that may not be entered and runtimes that refuse the user are left out; a runtime that refuses is said on standard error.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output as JSON: an array of &quot;target&quot;, &quot;netns&quot;, &quot;device&quot;, &quot;type&quot;, &quot;up&quot; and &quot;rootQdisc&quot;, with &quot;peer&quot; for a veth and &quot;container&quot; (runtime, id, name, image, state, lab, node) in a container.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The target: IF for an interface of the root network namespace, NETNS/IF for one in a namespace of /run/netns, docker:CONTAINER/IF or podman:CONTAINER/IF for one in a container. Required, unless --map gives the targets.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--format takes tc or chaos-mesh, not &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--%1 is for --format chaos-mesh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give exactly one PROFILE or SCENARIO</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--dev and --map name devices; Chaos Mesh selects pods: use --selector and --namespace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--ramp-steps takes a whole number, not &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no such file, and no profile, preset or scenario of that name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--duration is for a profile: the steps of scenario &quot;%1&quot; have their own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not expressed by NetworkChaos:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no --selector: the manifests select every pod of the namespace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--format chaos-mesh [options] PROFILE|SCENARIO</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print the tc commands that build a profile, or Chaos Mesh manifests of a profile or scenario.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With --format chaos-mesh it writes Chaos Mesh manifests (chaos-mesh.org/v1alpha1, for Chaos Mesh 2.7 or later) for the pods --selector and --namespace pick: a NetworkChaos for a profile&apos;s netem (delay, jitter, reordering, loss, duplication, corruption, rate) and one for its tbf (bandwidth); for a SCENARIO (a file, or the name of one of yours or a built-in one) a Workflow of its steps, or a Schedule repeating one when it loops forever. The outgoing tree acts on what the pods send (direction to); an incoming (ifb) tree on what the pods of --peers send them (direction from), and the same tree both ways is one NetworkChaos (direction both). What NetworkChaos cannot express (classes, filters, other qdiscs, loss models, slots, distributions, a queue length, a ramp&apos;s continuous change) is listed on standard error and in a comment on top of the manifests.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changes nothing: needs neither root nor the helper. Exit status 1 when the profile or scenario cannot be found or is not valid, or nothing of it can be expressed as a NetworkChaos; 2 when a profile without a target is given no --dev, or an option&apos;s value is wrong.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FORMAT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tc (the tc commands) or chaos-mesh (Chaos Mesh manifests as YAML).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NAMESPACE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chaos Mesh: the namespace of the manifests and of the pods they select.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the namespace kubectl applies them to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LABELS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chaos Mesh: the pods to impair, by their labels: key=value pairs separated by commas, all of which must hold (app=web,tier=front).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every pod of the namespace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chaos Mesh: the pods on the other side, by their labels. NetworkChaos impairs what the selected pods receive only as what these pods send them: an incoming tree needs them. Given, every manifest acts only on the traffic between the two groups.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all the traffic of the pods; no incoming side</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MODE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chaos Mesh: how many of the selected pods: one, all, fixed=N (N pods), fixed-percent=P or random-max-percent=P (P from 1 to 100).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chaos Mesh: the name of the manifests (lowercase letters, digits and -, at most 40 characters); several get a suffix (-netem, -bandwidth, -out, -in).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>made from the profile&apos;s or scenario&apos;s name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DURATION</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chaos Mesh, a profile: how long the condition is held (&quot;30s&quot;, &quot;5min&quot;, &quot;1h&quot;).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>until the manifests are deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chaos Mesh, a scenario: how many held steps each ramp becomes, each at the values the ramp has halfway through it (1 to 50).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With --format chaos-mesh: a scenario file, or the name of one of yours or a built-in one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The LTE preset for the pods labelled app=checkout in the namespace shop, for ten minutes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qdisc-studio export --format chaos-mesh &quot;LTE (4G)&quot; --namespace shop --selector app=checkout --duration 10min | kubectl apply -f -</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A built-in scenario as a Workflow:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qdisc-studio export --format chaos-mesh &quot;Entering a tunnel&quot; --selector app=web &gt; tunnel.yaml</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--map places trees on this host&apos;s targets; for another host&apos;s, give one --dev ssh://…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--direct works on this host only; %1 is reached through its own helper</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>note: %1 runs Qdisc Studio %2 and this is %3; their helper interfaces are the same</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>takes no arguments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A target on another host is written ssh://[USER@]HOST[:PORT]/TARGET (HOST may be an alias of ~/.ssh/config). Your own ssh logs in (your keys, agent, known_hosts and ProxyJump; $QDISC_STUDIO_SSH names another ssh program) and runs qdisc-studio bridge there, which takes the call to that host&apos;s helper: its polkit decides for USER as it would on that host, and --hold and --revert-after are kept there. A host whose key ssh does not know, without Qdisc Studio or its helper, or with another version of the helper&apos;s interface is refused, by name. When this command dies or the network to the host is cut, the host&apos;s helper puts back a --hold change within %1 s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reads only. Root reads any target directly; anyone else reads the root namespace directly and another namespace through the helper, which hands over a read-only socket (polkit action org.qdiscstudio.read). A target on another host (ssh://[USER@]HOST[:PORT]/TARGET) is read by that host&apos;s helper, over ssh.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A target on another host (ssh://[USER@]HOST[:PORT]/TARGET) is read by that host&apos;s helper, one call per sample over one ssh connection; the rates come from that host&apos;s own timestamps.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One line per sample: a JSON array with an object per node; its &quot;timeNs&quot; is when the counters were read, on this host&apos;s CLOCK_MONOTONIC (for another host&apos;s target, that host&apos;s clock offset taken out).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Impair eth1 of the lab server lab4, logged in as qs, while this command runs:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qdisc-studio apply --dev ssh://qs@lab4/eth1 --hold wan.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[--check]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Carry a remote Qdisc Studio&apos;s calls to this host&apos;s helper (run by ssh, not by hand).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Qdisc Studio on another host runs this command over ssh to reach this host&apos;s helper: it joins the system bus as the user ssh logged in and carries D-Bus messages between the bus and its standard input and output. The helper and polkit see that user. It ends when the other side does, and when the other side sends nothing for %1 s (it sends something every second), so that the helper puts back what was to be put back on exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--check prints one line of JSON instead: this Qdisc Studio&apos;s &quot;version&quot;, the &quot;contract&quot; (a digest of the helper&apos;s D-Bus interface), the system bus&apos;s &quot;bus&quot; address, whether it could be reached (&quot;busError&quot;) and whether the &quot;helper&quot; is running, activatable or absent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exit status 1 when the system bus cannot be reached.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print what this host offers, as JSON, and end.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What a remote Qdisc Studio would find on this host:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qdisc-studio bridge --check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The target of the change when it is on another host (ssh://[USER@]HOST[:PORT]/TARGET): that host&apos;s helper holds the transaction. Not needed on this host.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give at most one HOST, as ssh://[USER@]HOST[:PORT]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a host: write it ssh://[USER@]HOST[:PORT]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[options] [ssh://[USER@]HOST[:PORT]]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With ssh://HOST, the targets of that host as its helper lists them, over ssh (see apply), each written ssh://HOST/TARGET as the other subcommands take it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The interfaces of the lab server lab4:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qdisc-studio targets ssh://qs@lab4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[options] SCENARIO</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play a scenario, a timeline of network conditions, on a target or on several at once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Without --dev, a scenario that names several targets in &quot;targets&quot; (this host&apos;s, and other hosts&apos; as ssh://[USER@]HOST/TARGET) plays on all of them at once: each target its lane (the steps&apos; own conditions, or what a step&apos;s &quot;on&quot; gives that target), played by its own host&apos;s helper. Every host is logged in to, every tree read, every lane checked and polkit asked for every target before anything is applied; each host&apos;s clock is measured over its connection and one start, 1.5 s ahead, is sent to every host in its own clock, so a step lands on every target within milliseconds. A line is printed once every target has begun a step, with how far apart they did; a lane that fails, or a host that is lost, stops the others. --dev TARGET plays that target&apos;s lane alone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One JSON object a line: the &quot;schedule&quot;, then each progress report with &quot;event&quot; (&quot;step&quot;, &quot;state&quot; or &quot;progress&quot;), &quot;state&quot;, &quot;loop&quot;, &quot;step&quot;, &quot;stepName&quot;, &quot;positionMs&quot;, &quot;takenAtNs&quot;, &quot;stepDueNs&quot; (when the step was due) and &quot;stepStartedNs&quot; (when the kernel had it). On several targets: the &quot;schedule&quot; with &quot;startAtNs&quot; and each target&apos;s &quot;clockOffsetNs&quot; and &quot;clockUncertaintyNs&quot;, each target&apos;s reports (&quot;event&quot;: &quot;progress&quot;, with &quot;target&quot;), and a &quot;landed&quot; line per step begun everywhere (&quot;firstNs&quot;, &quot;lastNs&quot;, &quot;spreadNs&quot;); all times on this host&apos;s clock.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One scenario on the targets it names, here and on other hosts, from one start:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qdisc-studio play sites.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>holds the condition before it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scenario &quot;%1&quot; plays on %2: --dev names one of them, or leave --dev out to play on all</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Playing &quot;%1&quot; on %n target(s): %2 a pass, %3.</source>
        <extracomment>%1 the scenario, %n how many targets, %2 the length of one pass, %3 how many passes (&quot;2 passes&quot;, &quot;until stopped&quot;)</extracomment>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>clock %1 ms (± %2 ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step 1 starts on every target at %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1  step %2/%3  %4  (loop %5/%6)  on %7 targets within %8 ms</source>
        <extracomment>one line per step once every target has it: time, step of steps, name, pass of passes, targets, spread in ms</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scenario &quot;%1&quot; cannot play on every target; nothing was applied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopping was not confirmed on every target within %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>playback failed: %1; the other targets were stopped</source>
        <extracomment>%1 says which target failed and why; the other targets&apos; playbacks were stopped</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>playback was stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on %1: %2</source>
        <extracomment>a step&apos;s condition for one target of a scenario for several targets: &quot;on ssh://lab4/eth1: preset 3G …&quot;</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ClsactKind</name>
    <message>
        <source>clsact (incoming and outgoing filters)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::CodelKind</name>
    <message>
        <source>codel, target %1</source>
        <extracomment>%1 is a time such as 5 ms; target is codel&apos;s option.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::CodelParams</name>
    <message>
        <source></source>
        <comment>Findings about codel&apos;s parameters. The option names target and interval are words of tc&apos;s codel command: keep them. Values in tc syntax (100ms) stay as they are.</comment>
        <translation></translation>
    </message>
    <message>
        <source>target %1 is not below the interval %2: CoDel never gets to drop</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ContainerRuntime</name>
    <message>
        <source>Docker is not running here (nothing listens on %1); start it (systemctl start docker) or set DOCKER_HOST</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Podman&apos;s API service is not running here (nothing listens on %1); start it (systemctl start podman.socket) or set CONTAINER_HOST</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 refuses this user (permission denied on %2): run as root, through the helper, or as a member of the runtime&apos;s group</source>
        <extracomment>%1 is Docker or Podman, %2 a socket path</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot ask %1: %2</source>
        <extracomment>%1 is Docker or Podman, %2 what went wrong</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no container &quot;%2&quot;</source>
        <extracomment>%1 is Docker or Podman, %2 a container name</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 answered %2: %3</source>
        <extracomment>%1 is Docker or Podman, %2 an HTTP status, %3 the runtime&apos;s message</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a container name or id</source>
        <extracomment>%1 is a container name as written</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 described the container without an id</source>
        <extracomment>%1 is Docker or Podman</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::DemoSession</name>
    <message>
        <source>the backend gave no lab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The demo lab %1 was built, but its traffic cannot start: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The lab&apos;s traffic stopped: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Building the lab needs root privileges, which the Qdisc Studio helper provides once it is installed: install the package (sudo apt-get install ./qdisc-studio_*.deb, see the README), or start the demo as root (sudo qdisc-studio --demo).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no answer within %1 s (%2)</source>
        <extracomment>%1 a number of seconds, %2 describes the way to the kernel (&quot;helper not reachable&quot;)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The demo lab cannot be built: %1.</source>
        <extracomment>%1 is the reason, without a final full stop</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::DirectBackend</name>
    <message>
        <source>in-process engine (root, no helper)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no demo lab &quot;%1&quot; in this process</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::DrrClassKind</name>
    <message>
        <source>drr class, quantum %1</source>
        <extracomment>%1 is a size in tc&apos;s words such as 1514b; quantum is tc&apos;s word for what a drr class sends per round.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>drr class, quantum of one MTU</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::DrrClassParams</name>
    <message>
        <source></source>
        <comment>Findings about a drr class. quantum is a word of tc&apos;s drr command: keep it.</comment>
        <translation></translation>
    </message>
    <message>
        <source>quantum 0 sends nothing; the kernel refuses it (&quot;Specified DRR quantum cannot be zero&quot;). Leave it out for the device&apos;s MTU</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::DrrKind</name>
    <message>
        <source>drr, classes take turns by quantum</source>
        <extracomment>drr: deficit round robin, a name; its classes take turns.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::Ematch</name>
    <message>
        <source>the offset, in bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a 32-bit mask</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a 32-bit value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the value, as wide as the alignment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the mask, as wide as the alignment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bits to shift right</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parentheses nest deeper than %1: the kernel&apos;s ematch stack holds %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the match takes %1 bytes in the kernel&apos;s message, above the 65 535 one attribute holds: make it shorter</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::FifoKind</name>
    <message>
        <source>pfifo, %1 packets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bfifo, %1 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pfifo_head_drop, %1 packets</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::Filter</name>
    <message>
        <source></source>
        <comment>Findings about a filter. tc&apos;s words flowid, classid and action stay as they are.</comment>
        <translation></translation>
    </message>
    <message>
        <source>a filter needs a flowid (target class) or an action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a filter takes a police option or an action list, not both: the kernel keeps only the police (write it as &quot;action police …&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n actions; a filter holds at most 32</source>
        <extracomment>TCA_ACT_MAX_PRIO: the kernel takes 32 actions per filter.</extracomment>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qs::FilterForm</name>
    <message>
        <source>Selects</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Protocol</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The link-layer protocol the filter looks at; u32&apos;s ip matches need ip.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Priority</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filters with a lower number are tried first; auto lets the kernel choose.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sends to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The class matching packets go to (tc&apos;s flowid), e.g. 1:10.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a class id; write it like 1:10</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Actions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What to do with matching packets, one action per line as tc writes it after &quot;action&quot; (mirred redirects to another device, police limits the rate, drop drops); empty: none.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::FilterSupport</name>
    <message>
        <source>flowid is given twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a class id; write it like 1:10</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>police is given twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the police action is not supported by Qdisc Studio yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skip_hw and skip_sw are mutually exclusive (the kernel refuses both: EINVAL)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Illegal indev (a device name must follow)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a device name has at most %1 bytes, not %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::FlowerKind</name>
    <message>
        <source>What is &quot;%1&quot;? (flower takes classid, skip_hw, skip_sw, indev, its keys and action)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>classid is given twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Illegal &quot;classid&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is given twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>write it in tc&apos;s words, as a string (&quot;10.0.0.0/8&quot;, &quot;tcp&quot;, &quot;1000-2000&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in from %1</source>
        <extracomment>%1 is a device name: the flower filter only sees packets that came in there.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all traffic</source>
        <extracomment>What a flower filter without keys catches: every packet of its protocol.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::FlowerParams</name>
    <message>
        <source></source>
        <comment>Findings about a flower filter&apos;s keys. The key names (dst_ip, ip_proto, vlan_id, …), the protocol names (ip, ipv6, 802.1Q, 802.1ad, tcp, udp, sctp, icmp, icmpv6) and skip_hw/skip_sw are tc&apos;s words: keep them.</comment>
        <translation></translation>
    </message>
    <message>
        <source>the last port of a range must be above the first (tc: max value should be greater than min value)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot be &quot;%2&quot;</source>
        <extracomment>%1 is a flower key such as dst_ip, %2 what it was given.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vlan_id is a number from 0 to 4095, not &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vlan_prio is a number from 0 to 7, not &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a MAC address, perhaps with /BITS (1 to 48) or /MASK, not &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ip_proto is tcp, udp, sctp, icmp (ip), icmpv6 (ipv6) or a number in hex, not &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is VALUE[/MASK], 0 to 255 (the mask in hex), not &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is an IPv6 address with an optional /LENGTH (0 to 128), not &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is an IPv4 address with an optional /LENGTH (0 to 32) or /MASK, not &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is PORT, PORT/MASK or MIN-MAX, not &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is VALUE[/MASK], 0 to 255, not &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs the filter&apos;s protocol to be 802.1Q or 802.1ad</source>
        <extracomment>%1 is vlan_id, vlan_prio or vlan_ethtype.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs the filter&apos;s protocol to be ip or ipv6 (or, with 802.1Q or 802.1ad, a vlan_ethtype of ip or ipv6)</source>
        <extracomment>%1 is a flower key such as dst_ip.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs ip_proto tcp, udp or sctp first</source>
        <extracomment>%1 is dst_port or src_port.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ICMP %1 needs ip_proto icmp (protocol ip) or icmpv6 (protocol ipv6) first</source>
        <extracomment>%1 is type or code (of ICMP).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vlan_id is a number from 0 to 4095, not %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vlan_prio is a number from 0 to 7, not %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is an IPv6 address, but the filter&apos;s protocol is ip</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is an IPv4 address, but the filter&apos;s protocol is ipv6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: a prefix is 0 to %2 bits long, not %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ForeignActionKind</name>
    <message>
        <source>an action kept as the kernel reported it has no tc options</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (kept as it is)</source>
        <extracomment>%1 is the kind of an action Qdisc Studio cannot edit.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ForeignClassKind</name>
    <message>
        <source>a class kept as the kernel reported it has no tc options</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 class (kept as it is)</source>
        <extracomment>%1 is the kind of a class Qdisc Studio cannot edit (hfsc, drr, …).</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ForeignFilterKind</name>
    <message>
        <source>a filter kept as the kernel reported it has no tc options</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (kept as it is)</source>
        <extracomment>%1 is the kind of a filter Qdisc Studio cannot edit (flower, bpf, …).</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ForeignKind</name>
    <message>
        <source>a qdisc kept as the kernel reported it has no tc options</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (kept as it is)</source>
        <extracomment>%1 is the kind of a qdisc Qdisc Studio cannot edit (cake, fq, …).</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::FqCodelKind</name>
    <message>
        <source>fq_codel fixes its flows when it is created: the kernel refuses a change that sends flows (EINVAL), even the number it has; leave flows out, or delete it and add it again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fq_codel, target %1</source>
        <extracomment>%1 is a time such as 5 ms; target is fq_codel&apos;s option.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::FqCodelParams</name>
    <message>
        <source></source>
        <comment>Findings about fq_codel&apos;s parameters. The option names flows, quantum, target and interval are words of tc&apos;s fq_codel command: keep them. Values in tc syntax (100ms, 1514b) and the kernel&apos;s own messages quoted in (&quot;Invalid quantum&quot;) stay as they are.</comment>
        <translation></translation>
    </message>
    <message>
        <source>flows %1 is above 65536 (0: default 1024)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>quantum %1 is above %2 bytes; the kernel refuses it (&quot;Invalid quantum&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>target %1 is not below the interval %2: CoDel never gets to drop</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::FqKind</name>
    <message>
        <source>%1 must be below 4 Gbyte/s (34.4 Gbit/s): tc keeps it in 32 bits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>timer_slack is out of range: 0…4294967295 ns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be below 4 Gbyte/s (34.4 Gbit/s): tc keeps it in 32 bits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fq, at most %1 per flow</source>
        <extracomment>%1 is a rate (10 Mbit/s): the most one flow may send through fq.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fq, no pacing</source>
        <extracomment>fq with its pacing turned off (nopacing).</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::FqParams</name>
    <message>
        <source></source>
        <comment>Findings about fq&apos;s parameters. The option names quantum and buckets are words of tc&apos;s fq command: keep them. The kernel&apos;s own messages quoted in (&quot;invalid quantum&quot;) stay as they are.</comment>
        <translation></translation>
    </message>
    <message>
        <source>quantum %1 must be 1…%2 bytes; the kernel refuses it (&quot;invalid quantum&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>initial_quantum %1 is above 2147483647 bytes; the kernel refuses it (ERANGE)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>buckets %1 is out of range: the kernel takes 2…262144 (EINVAL)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>defrate is obsolete: the kernel ignores it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flow_limit %1 is above the limit %2: one flow can fill the whole queue</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::FqPieKind</name>
    <message>
        <source>%1 must be 0…%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ecn_prob must be a percentage below 100</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fq_pie fixes its flows when it is created: the kernel may refuse a change that sends flows (&quot;Number of flows cannot be changed&quot;); leave flows out, or delete it and add it again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fq_pie, target %1</source>
        <extracomment>%1 is a time such as 15 ms; target is fq_pie&apos;s option (the queueing delay it aims for).</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::FqPieParams</name>
    <message>
        <source></source>
        <comment>Findings about fq_pie&apos;s parameters. The option names flows, alpha, beta and ecn_prob are words of tc&apos;s fq_pie command: keep them.</comment>
        <translation></translation>
    </message>
    <message>
        <source>flows %1 is above %2; the kernel refuses it (0: default 1024)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>alpha %1 is above %2; tc refuses it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>beta %1 is above %2; tc refuses it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ecn_prob %1 is not below 100 %; tc refuses it</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::FwKind</name>
    <message>
        <source>an fw filter needs a handle: the mark it matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fw needs a classid or an action (tc sends no options then, and the kernel refuses a handle without them)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flowid is given twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Illegal &quot;classid&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What is &quot;%1&quot;? (fw takes classid, police, action and indev)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the filter needs a classid (the class to send marked traffic to) or an action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mark %1</source>
        <extracomment>What an fw filter catches: %1 a firewall mark such as 0x6, perhaps with its mask.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, in from %1</source>
        <extracomment>%1 is a device name: the fw filter only sees packets that came in there.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prio %1 already matches marks with mask 0x%2: every fw filter of one prio has the same mask (the kernel refuses 0x%3 there); use another prio</source>
        <extracomment>%1 a filter prio (number), %2 and %3 masks in hex.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::FwParams</name>
    <message>
        <source></source>
        <comment>Findings about an fw filter. indev is tc&apos;s word: keep it.</comment>
        <translation></translation>
    </message>
</context>
<context>
    <name>qs::GactKind</name>
    <message>
        <source>gact needs a control verb: pass, drop, pipe, continue, reclassify, goto chain N</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>random needs its type: netrand or determ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>random needs a control verb and a value, like &quot;random determ drop 10&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the random value must be at most 10000</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, every %2th packet %3</source>
        <extracomment>%1 and %3 are tc verbs (drop, pass …), %2 a count: &quot;pass, every 10th packet drop&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, one packet in %2 at random %3</source>
        <extracomment>%1 and %3 are tc verbs (drop, pass …), %2 a count: &quot;pass, one packet in 10 at random drop&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::GactParams</name>
    <message>
        <source>the kernel does not allow goto chain as the random verb</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the random value must be from 1 to 10000 (one packet in that many)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::HelperBackend</name>
    <message>
        <source>helper not reachable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>helper %1 on the system bus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the helper could not build the demo lab: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the helper could not open the demo lab&apos;s sockets: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the helper&apos;s answer to OpenLabSockets lacks some sockets (is file descriptor passing allowed on this bus?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the helper could not remove the demo lab: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a scenario plays 0 (until stopped) or more times, not %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no step %1: the first step is step 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the helper&apos;s answer about the scenario on %1 is not readable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the helper answered OpenLabSockets with %1 values instead of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>helper of %1 not reachable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>helper %1 of %2 over ssh</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::HfscClassKind</name>
    <message>
        <source>HFSC: What is &quot;%1&quot; ? (an hfsc class takes rt, ls, sc and ul curves)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HFSC: no parameters given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HFSC: Upper-limit Service Curve without Link-Share Service Curve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hfsc&apos;s slopes are below 34.4 Gbit/s (32 bits of bytes per second)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hfsc class, %1, at most %2</source>
        <extracomment>%1 the class&apos;s share (a rate such as 10mbit), %2 its upper limit.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hfsc class, %1 real-time and link-share</source>
        <extracomment>%1 is a rate such as 10mbit; &quot;real-time&quot; and &quot;link-share&quot; are hfsc&apos;s curves.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hfsc class, %1 real-time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hfsc class, %1 link-share</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::HfscClassParams</name>
    <message>
        <source></source>
        <comment>Findings about an hfsc class. rt, ls, sc, ul, m1, d and m2 are words of tc&apos;s hfsc command: keep them.</comment>
        <translation></translation>
    </message>
    <message>
        <source>the class needs an rt, ls or sc curve (ul alone is not one)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the %1 curve has two zero slopes (m1 and m2 are 0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an upper limit (ul) needs a link-share curve (ls or sc)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::HfscCurveReader</name>
    <message>
        <source>&quot;%1&quot; needs a service curve after it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HFSC: Illegal &quot;%1&quot; (a curve is [m1 RATE] [d TIME] m2 RATE or [umax SIZE] [dmax TIME] rate RATE)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the command ends too early (tc: Command line is not complete)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HFSC: Illegal &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HFSC: umax given but dmax is zero.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HFSC: Service Curve has two zero slopes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HFSC: umax within dmax is %1 bytes/s, above the 32-bit slope the kernel takes</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::HfscKind</name>
    <message>
        <source>HFSC: Double &quot;default&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HFSC: Illegal &quot;default&quot; (a class minor in hex, such as 10)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HFSC: What is &quot;%1&quot; ? (hfsc takes default CLASSID)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a class minor; write it in hex like tc, e.g. &quot;30&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no default class: traffic no filter classifies is dropped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>default class %1 does not exist: traffic no filter classifies is dropped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>default class %1 has child classes: traffic no filter classifies is dropped (only a leaf class can hold packets)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hfsc, default class %1</source>
        <extracomment>%1 is a class id such as 1:30.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hfsc, unclassified traffic dropped</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::HhfKind</name>
    <message>
        <source>hhf, heavy hitters weighted 1:%1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::HhfParams</name>
    <message>
        <source></source>
        <comment>Findings about hhf&apos;s parameters. quantum and non_hh_weight are words of tc&apos;s hhf command: keep them.</comment>
        <translation></translation>
    </message>
    <message>
        <source>quantum × non_hh_weight is %1, above %2: the kernel refuses it (EINVAL)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::HookKind</name>
    <message>
        <source>%1 takes no options</source>
        <extracomment>%1 is ingress or clsact.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::HostsBackend</name>
    <message numerus="yes">
        <source>%1; %n other host(s) over ssh</source>
        <extracomment>%1 says how this machine is reached, %n how many other hosts are reached over ssh</extracomment>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is not connected: add it to the targets first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is added already</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the connection to %1 ended (ssh left, or the network to it was cut): add it again</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::HtbClassKind</name>
    <message>
        <source>overhead must be 0…65535 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ceil is given twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rate is given twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mpu must be 0…65535 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>linklayer must be ethernet, atm or adsl</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an htb class needs a rate above 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>htb class %1 (ceil %2), prio %3</source>
        <extracomment>%1 and %2 are rates (10 Mbit/s); ceil is tc&apos;s word for the rate a class may borrow up to.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>htb class %1 (ceil %2)</source>
        <extracomment>%1 and %2 are rates (10 Mbit/s); ceil is tc&apos;s word for the rate a class may borrow up to.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>htb class %1, prio %2</source>
        <extracomment>%1 is a rate (10 Mbit/s), %2 the class&apos;s priority (tc&apos;s prio), a number.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>htb class %1</source>
        <extracomment>%1 is a rate such as 10 Mbit/s.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::HtbClassParams</name>
    <message>
        <source></source>
        <comment>Findings about an htb class&apos;s parameters. The option names rate, ceil, prio, quantum, mtu, burst and cburst are words of tc&apos;s htb command: keep them. Values in tc syntax (100ms, 10mbit, 1514b, 1%) stay as they are.</comment>
        <translation></translation>
    </message>
    <message>
        <source>a rate is required and must be above 0, e.g. 10mbit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ceil %1 is below the rate %2: the class can never borrow and is held to the ceil</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prio %1 is above 7: the kernel uses 7; allowed 0…7 (0 is served first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>quantum %1 is outside 1000…200000 bytes; the kernel warns and sharing gets unfair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mtu must be above 0; default 1600</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be above 0 bytes; leave it unset for tc&apos;s default</source>
        <extracomment>%1 is burst or cburst (tc options, untranslated).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 is below the mtu %3: full-size packets cannot pass at once; use at least rate × 1 ms</source>
        <extracomment>%1 is burst or cburst (tc options, untranslated), %2 and %3 sizes.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::HtbKind</name>
    <message>
        <source>&quot;%1&quot; is not a class minor; write it in hex like tc, e.g. &quot;30&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>default class %1:%2 does not exist: unclassified traffic bypasses the shaping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rate / r2q is below 1000 bytes; the kernel raises the quantum to 1000 and warns. Set a quantum or lower r2q</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>htb, default class %1</source>
        <extracomment>%1 is a class id such as 1:30.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>htb, unclassified traffic unshaped</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::HtbQdiscParams</name>
    <message>
        <source></source>
        <comment>Findings about the htb qdisc&apos;s parameters. default and r2q are words of tc&apos;s htb command: keep them.</comment>
        <translation></translation>
    </message>
    <message>
        <source>default class %1 is not a class minor; allowed 0…ffff (hex)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>r2q 0: the kernel uses 1 (quantum = rate); allowed 1…4294967295, default 10</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ImportDialog</name>
    <message>
        <source>Paste tc commands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tc qdisc add dev eth0 root netem delay 100ms 20ms loss 1%</source>
        <extracomment>an example tc command: tc&apos;s syntax stays as it is (a device name may be adapted)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <extracomment>a line of the problem list: %1 is &quot;Error:&quot;, &quot;Warning:&quot; or &quot;Note:&quot;, %2 the problem and where it is</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note:</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) could not be read; fix them to import.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>start</source>
        <extracomment>an example of a script&apos;s arguments, as typed after its name (&quot;start&quot;)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the script is run with: $1, $2 … separated by blanks. Its if and case branches follow them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DEV=eth1 RATE=10mbit</source>
        <extracomment>an example of a script&apos;s variables: NAME=VALUE, the name stays as it is</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NAME=VALUE, separated by blanks: set from the start, the script&apos;s own assignments to them are not made.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every line that could not be read, every command skipped and every branch not taken, with where it is. Click to jump there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tc commands read from the text, as a script that runs them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Arguments:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Variables:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Messages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tc commands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warning:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Variables are NAME=VALUE, not %1.</source>
        <extracomment>%1 lists what was typed; NAME=VALUE stays as it is</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No tc command changes anything here; the messages say what was skipped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>They configure %1: Import asks onto which target each goes.</source>
        <extracomment>%1 lists the devices the commands configure (&quot;ifb0, eth0&quot;)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a target in the window to put them on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>They name %1; they go onto %2, the chosen target.</source>
        <extracomment>%1 is the device the pasted commands name, %2 the window&apos;s chosen target</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>They go onto %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tc commands, a shell script that runs them (evaluated here, never run), a tc -batch file, or what tc qdisc|class|filter show printed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paste tc commands above, a script that runs them, a tc -batch file, or what tc … show printed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This kernel lacks %1: they import, but applying them here fails until the module is loaded (see Messages).</source>
        <extracomment>under the pasted trees&apos; summary; %1 lists the kinds (&quot;netem, sfq&quot;) the running kernel lacks</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::IngressKind</name>
    <message>
        <source>ingress (incoming traffic)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::JsonReader</name>
    <message>
        <source></source>
        <comment>Errors in a profile or tree file, each after the path of the value it is about (&quot;trees[0].qdiscs[1].params.delay: is required&quot;). JSON keys, the values quoted from the file and examples in tc syntax (&quot;10mbit&quot;, &quot;100ms&quot;, &quot;1:10&quot;) stay as they are.</comment>
        <translation></translation>
    </message>
    <message>
        <source>expected an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is required</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a whole number from %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected true or false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not valid; write it like &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a string with a unit, like &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a handle; write it like &quot;1:&quot; or &quot;1:10&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown key</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::KernelMark</name>
    <message>
        <source>not in this kernel (sudo modprobe %1)</source>
        <extracomment>a kind&apos;s kernel module is not in the running kernel; %1 is the module (&quot;sch_netem&quot;), the command stays as it is</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is loaded on first use (or: sudo modprobe %1)</source>
        <extracomment>tooltip of a kind whose module is installed, not loaded; %1 the module (&quot;sch_netem&quot;), the command stays as it is</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <extracomment>a menu entry of a kind this kernel lacks: %1 the entry (&quot;netem qdisc&quot;), %2 what is missing</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <extracomment>%1 a kernel module (&quot;sch_netem&quot;), %2 what the kernel lacks (&quot;not in this kernel (sudo modprobe sch_netem)&quot;)
----------
tooltip of a menu entry of a kind this kernel lacks: %1 the module (&quot;sch_netem&quot;), %2 what is missing</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs %1</source>
        <extracomment>a tooltip of a preset or scenario; %1 lists the missing modules with what to do</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::KernelModules</name>
    <message>
        <source>the kernel has no %1 qdisc: its module %2 is not loaded (load it with: sudo modprobe %2; on some cloud kernels it is not built at all — install the distribution&apos;s full kernel/modules package)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::KindForms</name>
    <message>
        <source>VLAN id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The VLAN tag&apos;s id, 0 to 4095 (tc&apos;s vlan_id). Needs the filter&apos;s protocol 802.1Q or 802.1ad.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>VLAN priority</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The VLAN tag&apos;s priority (PCP), 0 to 7 (tc&apos;s vlan_prio).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inside the VLAN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The protocol inside the VLAN tag (tc&apos;s vlan_ethtype): ip or ipv6 lets the IP keys below match tagged packets.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Destination MAC</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A MAC address, with /BITS or /MASK for part of it (tc&apos;s dst_mac).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source MAC</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A MAC address, with /BITS or /MASK for part of it (tc&apos;s src_mac).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>IP protocol</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tcp, udp, sctp, icmp (IPv4), icmpv6 (IPv6) or a number in hex (2f is GRE) (tc&apos;s ip_proto). Ports need tcp, udp or sctp; ICMP type and code need icmp or icmpv6.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TOS / DSCP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The IPv4 TOS or IPv6 traffic class byte, with a hex mask for part of it (tc&apos;s ip_tos): DSCP EF is 184/0xfc.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TTL / hop limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The IPv4 TTL or IPv6 hop limit, with a hex mask (tc&apos;s ip_ttl).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Destination address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An IPv4 or IPv6 address with an optional /LENGTH (tc&apos;s dst_ip), of the filter&apos;s protocol.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An IPv4 or IPv6 address with an optional /LENGTH (tc&apos;s src_ip), of the filter&apos;s protocol.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Destination port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A port, PORT/MASK, or a range MIN-MAX (tc&apos;s dst_port).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A port, PORT/MASK, or a range MIN-MAX (tc&apos;s src_port).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ICMP type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The ICMP or ICMPv6 type, 0 to 255, with an optional /MASK (tc&apos;s type): 8 is an echo request, 128 in ICMPv6.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ICMP code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The ICMP or ICMPv6 code, 0 to 255, with an optional /MASK (tc&apos;s code).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::KindSupport</name>
    <message>
        <source>probability must be a number such as 0.02</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::LabGuard</name>
    <message>
        <source>&quot;%1&quot; is not a valid lab id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create the lab&apos;s lock file %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot set up the lab&apos;s lock file %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot start the lab&apos;s guard: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot start the lab&apos;s guard process: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::LabNetwork</name>
    <message>
        <source>cannot create %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot open %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>creating the demo lab needs root (cannot make %1 a shared mount: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot make %1 a shared mount: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot make %1 a mount point: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>network namespace &quot;%1&quot; already exists (a lab with this id is running or was left over: remove it first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create network namespace &quot;%1&quot;: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot bind network namespace &quot;%1&quot; to %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot remove network namespace &quot;%1&quot;: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bring up lo in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot open network namespace &quot;%1&quot;: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>create the veth pair %1 ↔ %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>add address %1/%2 to %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bring up %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a valid lab id: use 1 to 12 characters a-z and 0-9</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create the demo lab &quot;%1&quot;: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; removing the half-built lab failed too: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refusing to remove &quot;%1&quot;: not a demo lab namespace (%2…)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>set gso_max_segs 1 on %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::LabPresets</name>
    <message>
        <source>Lab: 10 Mbit/s link (tbf)</source>
        <extracomment>a preset of the demo lab; tbf is the tc qdisc</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tbf at 10 mbit. Measured: the link rate settles at 10 Mbit/s, shared by the TCP and UDP flows, and the RTT rises to about 2 ms: the probes now wait behind the TCP flow&apos;s packets.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lab: 2 Mbit/s link (tbf)</source>
        <extracomment>a preset of the demo lab; tbf is the tc qdisc</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tbf at 2 mbit. Measured: 2 Mbit/s, and an RTT of about 10 ms: at this rate a full-size packet takes 6 ms to send, and the probes wait behind the TCP flow&apos;s packets.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lab: 10 Mbit/s, UDP first (htb)</source>
        <extracomment>a preset of the demo lab; htb is the tc qdisc, UDP the protocol</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>htb at 10 mbit: a u32 filter puts UDP (the probes and the constant-rate flow) in a class of its own with priority, TCP in the default class. Measured: the same 10 Mbit/s as with tbf, but the probes no longer wait behind TCP: the RTT stays as low as on the unshaped link.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lab: unshaped</source>
        <extracomment>a preset of the demo lab: no qdisc of ours, the device&apos;s default</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing configured: the link runs as fast as the machine moves packets, with an RTT of a few microseconds.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::LabSockets</name>
    <message>
        <source>&quot;%1&quot; is not a network namespace name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot start a thread to enter network namespace &quot;%1&quot;: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>network namespace &quot;%1&quot; does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot open network namespace &quot;%1&quot;: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/run/netns/%1 is not a network namespace (a left-over file?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot enter network namespace &quot;%1&quot;: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create a socket in network namespace &quot;%1&quot;: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::LabTraffic</name>
    <message>
        <source>waiting for the TCP flow failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for the UDP flow and probes failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot start the lab traffic: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it was started before</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a socket is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the sending sockets must all come from the lab&apos;s namespace a and the receiving ones (netlink included) from namespace b</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the configuration is out of range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an IPv4 address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot start the lab traffic: cannot connect the %1 to %2: %3 (are the sockets from the lab&apos;s namespace a?).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TCP listener</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>UDP receiver</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>probe echo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot listen for the TCP flow: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>UDP sender</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>probe sender</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the counters of %1 (is the netlink socket from the lab&apos;s namespace b?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot start a thread: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for the request probe failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot start the lab traffic: cannot bind the %1 to %2: %3 (are the sockets from the lab&apos;s namespace %4?).</source>
        <extracomment>%4 is the letter of the lab&apos;s namespace, a or b</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>request server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot listen for requests: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::Lexer</name>
    <message>
        <source>a string in double quotes has no closing quote</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an octal escape in a string is above \377</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>\8 and \9 are no octal escapes</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::Links</name>
    <message>
        <source>&quot;%1&quot; is not an interface name (1 to %2 bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an alias has at most %1 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an IP address</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::MainWindow</name>
    <message>
        <source>Qdisc Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tree of the chosen target. Select a node to edit it; select several to chart them together.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change &amp;kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a qdisc, class or filter under the selected node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove the selected node and everything below it (Del)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the selected qdisc another kind (its handle stays)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tc commands that build this tree on a clean device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy commands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tc commands copied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;harts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tc &amp;commands</source>
        <extracomment>tab title; tc is the traffic control command-line tool</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change qdisc</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Statistics: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Paste tc commands…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save profile &amp;as…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Rename profile…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Delete profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Import profile…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export profile…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Make the kernel hold this tree now (Ctrl+Return)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply every edit at once, while a slider moves (Ctrl+L)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Restore original</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Put back the tree the target had before Qdisc Studio first changed it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re&amp;fresh targets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Put back the original tree when Qdisc Studio &amp;closes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The helper puts back what was there when this window goes away, even if it crashes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Ask to keep each change (%1 s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Like a display settings dialog: a change not kept in time is undone by the helper</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Statistics &amp;interval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <extracomment>how often statistics are read; %1 is a number of milliseconds</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About Qdisc Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is back to its original tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The helper put back the previous tree of %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tree of %1 was changed outside this window; showing what the kernel holds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No statistics for %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — Qdisc Studio</source>
        <extracomment>window title; %1 is the target: an interface, &quot;namespace/interface&quot; inside a namespace</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not applied: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile &quot;%1&quot; has no tree for %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply profile %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a target to apply &quot;%1&quot; to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Applying &quot;%1&quot; to %2</source>
        <extracomment>%2 lists targets: &quot;lab/ifb0, lab/va&quot;</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 qdisc</source>
        <extracomment>Add menu entry; %1 is a qdisc kind as tc names it (netem, htb, fq_codel)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing can be added here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a qdisc</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change kind to %1</source>
        <extracomment>undo step; %1 is a qdisc kind as tc names it</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source># the device&apos;s default qdisc: nothing to configure
</source>
        <extracomment>a comment in a shell script of tc commands: keep the leading &quot;# &quot;</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pasted commands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Demo lab — Qdisc Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lab host a (sender)</source>
        <extracomment>the demo lab&apos;s sending host in the targets list</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lab host b (receiver)</source>
        <extracomment>the demo lab&apos;s receiving host in the targets list</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The demo lab is ready: double-click a preset to put it on the lab&apos;s link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Demo lab: building…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Two private network namespaces joined by a veth pair are being built</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Demo lab %1: a private network, nothing else is touched</source>
        <extracomment>status bar; %1 is the lab&apos;s id (its namespaces are qs-lab-&lt;id&gt;-a and -b)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A private network made for this window: host a (%1) sends to host b (%2) over one link; the impairment goes on %3. Nothing outside the lab is touched, and the lab goes away when the window closes.</source>
        <extracomment>%1, %2: network namespaces; %3: the interface the impairment goes on</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Demo lab: not available</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The demo lab could not be built or its traffic stopped; the reason is shown beside it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Demo lab: removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The lab&apos;s traffic stopped and the lab was removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Scenario panel</source>
        <extracomment>menu entry that shows or hides the scenario panel</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop it and apply “%1”?</source>
        <extracomment>asked when a profile is double-clicked while a scenario plays; %1 is the profile</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop it and put back the original tree?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End playback; then the tree can be edited again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenario “%1”: %2</source>
        <extracomment>status bar; %1 the scenario, %2 where it is (&quot;playing step 2 of 3 (Peak), loop 1 of 1&quot;)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;“%1” is driving %2&lt;/b&gt;: the tree shows what the kernel holds as it plays. Editing waits until it stops.</source>
        <extracomment>banner above the tree; %1 the scenario, %2 the target</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (loop %2)</source>
        <extracomment>a chart marker where a scenario&apos;s loop begins again; %1 the step, %2 the loop</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenario “%1” finished on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenario “%1” failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenario stopped on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A scenario is driving %1: stop it to edit the tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A scenario is playing</source>
        <extracomment>%1 the scenario, %2 the target</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is playing on %2 and changes its tree as it goes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopping first puts back the tree from before the scenario.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopping leaves the condition in effect now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds its tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Applying &quot;%1&quot;, made for %2, to %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter: handle, kind or summary</source>
        <extracomment>placeholder of the box that filters the tree&apos;s rows</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shows the rows whose handle, kind or summary contains these words, with the rows above them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dropping now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shows only the qdiscs and classes that dropped packets in the last poll</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Statistics every %1 ms for %2 nodes (%3 ms asked)</source>
        <extracomment>status bar, when a big tree makes polling slower than asked; %1 and %3 are milliseconds, %2 a number of nodes</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the statistics of this tree takes %1 ms; polling less often keeps it under 5 % of a core</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no target %1 (targets: %2)</source>
        <extracomment>%1 is the target asked for on the command line, %2 the targets there are</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot list the targets to find %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 class</source>
        <extracomment>Add menu entry: a class of a classful qdisc; %1 is its kind (htb, hfsc)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 filter</source>
        <extracomment>Add menu entry: a filter of one of tc&apos;s classifiers; %1 is its kind (u32, flower)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore original</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Put back the tree %1 had before Qdisc Studio first changed it?</source>
        <extracomment>%1 is the target (eth0, lab/va)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tree shown now is replaced in the kernel. Edit → Undo brings it back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Demo lab</source>
        <extracomment>menu entry: builds the private demo lab (two network namespaces with live traffic) and opens it</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A private network of two namespaces with live traffic: try presets and sliders there, nothing of this machine is touched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The demo lab is being built…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose an interface under &lt;b&gt;Targets&lt;/b&gt; to see the tree the kernel holds on it.&lt;br&gt;&lt;br&gt;New here? &lt;b&gt;Target ▸ Demo lab&lt;/b&gt; opens a private network with live traffic, where nothing of this machine is touched.</source>
        <extracomment>the editor&apos;s hint on a plain start; Target ▸ Demo lab is a menu entry</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no qdisc of its own: the kernel&apos;s default queue serves it.&lt;br&gt;&lt;br&gt;To start: &lt;b&gt;Add&lt;/b&gt; a qdisc (above the tree), double-click a preset under &lt;b&gt;Profiles&lt;/b&gt;, or paste tc commands (&lt;b&gt;File ▸ Paste tc commands…&lt;/b&gt;, Ctrl+Shift+V).</source>
        <extracomment>the editor&apos;s hint on a target without a qdisc of its own; %1 is the target</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a qdisc, class or filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This filter is kept as the kernel reported it: Qdisc Studio does not edit its kind.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;What to try:&lt;/b&gt; double-click another preset under &lt;b&gt;Profiles&lt;/b&gt; and watch the Measured panel; drag a slider in the editor (the kernel follows as you drag); play a scenario from the &lt;b&gt;Scenario&lt;/b&gt; panel; Ctrl+Z takes a change back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide this line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo</source>
        <extracomment>the Undo action&apos;s name in Help ▸ Keyboard shortcuts (its menu text names the step: &quot;Undo Apply profile&quot;)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redo</source>
        <extracomment>the Redo action&apos;s name in Help ▸ Keyboard shortcuts</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;What to try</source>
        <extracomment>Help menu entry: the demo&apos;s short guide (presets, sliders, scenarios, undo)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <extracomment>Help menu entry: a list of every action that has a key, with its keys</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Manual</source>
        <extracomment>Help menu entry: the text of the man page (qdisc-studio --help and every subcommand&apos;s help)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What to try</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It shows best in the demo lab: a private network of two namespaces with live traffic, where nothing of this machine is touched.</source>
        <extracomment>Help ▸ What to try, outside the demo lab: where the guide&apos;s Measured panel and presets are</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the &amp;demo lab</source>
        <extracomment>button of Help ▸ What to try: builds and opens the demo lab (as Target ▸ Demo lab)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Qdisc Studio manual</source>
        <extracomment>title of Help ▸ Manual: the man page&apos;s text</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The same text in a terminal: &lt;b&gt;man qdisc-studio&lt;/b&gt;, or &lt;b&gt;qdisc-studio --help&lt;/b&gt; and &lt;b&gt;qdisc-studio COMMAND --help&lt;/b&gt;.</source>
        <extracomment>below Help ▸ Manual&apos;s text; the commands in bold stay as they are</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The container of %1 restarted: showing its new instance</source>
        <extracomment>%1 is a target such as docker:r1/eth1</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 reached over ssh: its targets are listed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::MatchallKind</name>
    <message>
        <source>&quot;%1&quot; needs another word after it (tc: Command line is not complete)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all traffic</source>
        <extracomment>What a matchall filter catches: &quot;matchall all traffic → class 1:10&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::MatchallParams</name>
    <message>
        <source></source>
        <comment>Findings about a matchall filter. skip_hw and skip_sw are tc&apos;s words: keep them.</comment>
        <translation></translation>
    </message>
</context>
<context>
    <name>qs::MeasuredPanel</name>
    <message>
        <source>&lt;b&gt;Measured&lt;/b&gt; in the lab</source>
        <extracomment>the demo lab&apos;s panel of what it measures, beside what the editor configures</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the demo lab&apos;s own traffic measures across the impaired link, right now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RTT median</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round-trip time of UDP probes sent every 50 ms from host a to host b and back: the median</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RTT p95</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round-trip time of the probes: 95 % of them came back faster than this</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss, UDP flow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss, RTT probes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TCP goodput</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Payload received per second by the bulk TCP flow, which takes all it can get</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>UDP goodput</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Link rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Whole frames received per second at host b&apos;s end of the link: what tbf, htb and netem&apos;s rate limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>median</source>
        <extracomment>the RTT chart&apos;s line of medians (of the probes of each quarter second)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p95</source>
        <extracomment>the RTT chart&apos;s line of 95th percentiles</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>s</source>
        <extracomment>the RTT chart&apos;s time axis: seconds before now (&quot;-60 s&quot; … &quot;0 s&quot;); a printf format</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RTT of the probes, a point every quarter second: the median and the 95th percentile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double-click a preset on the left: it goes on the lab&apos;s link at once, and these figures show its effect.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not measuring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>starting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>—</source>
        <extracomment>no measurement yet (nothing decided in the window)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <extracomment>a round-trip time in milliseconds</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %</source>
        <extracomment>a loss in percent</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 Gbit/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 Mbit/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 kbit/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 bit/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>settling…</source>
        <extracomment>the measurement restarted after a change and covers too little time yet</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A change reached the lab: the figures start afresh, so they show the new condition only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no reply for %1 s</source>
        <extracomment>the probes get no answer (an outage); %1 is a number of seconds</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No RTT probe has come back for this long: the link passes nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>last %1 s</source>
        <extracomment>%1 is a number of seconds the figures cover</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The figures cover this span, updated four times a second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RTT over the last %1 s: %2 %3</source>
        <extracomment>caption of the RTT chart; %1 a number of seconds, %2 and %3 the lines&apos; legends (median, p95)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Request median</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Short HTTP-like transactions from host b to a server on host a, a new TCP connection each (5, 25 and 100 kB in turn): the median time from connect() to the last byte</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Request p80</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The requests&apos; 80th percentile: 80 % of them were done faster than this</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Datagrams of the constant-rate UDP flow (100 a second) that did not arrive within the loss timeout (2 s, longer when the delay is long)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RTT probes that did not come back within the loss timeout (2 s, longer when the RTT is long)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Payload received per second by the constant-rate UDP flow (160 kbit/s when nothing is lost), late datagrams included</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 requests completed, %2 failed, in the last %3 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 datagrams lost in the last %3 s (not arrived within %4 s)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::MirredKind</name>
    <message>
        <source>mirred needs a direction: egress or ingress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mirred needs redirect or mirror</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mirred needs &quot;dev NAME&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a valid interface name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the mirred target device %1 does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>redirect to %1</source>
        <extracomment>%1 is a device such as ifb0.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mirror to %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::MirredParams</name>
    <message>
        <source>mirred needs a device to redirect to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a valid interface name</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::MqKind</name>
    <message>
        <source>mq takes no options (tc: Unknown qdisc &quot;mq&quot;, hence option &quot;%1&quot; is unparsable)</source>
        <extracomment>tc&apos;s own words are quoted after the colon.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mq, a qdisc per transmit queue</source>
        <extracomment>mq: the root of a multi-queue device; every transmit queue has a qdisc of its own.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mq needs the root of a device with several transmit queues</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::MqprioKind</name>
    <message>
        <source>Illegal &quot;num_tc&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Illegal &quot;hw&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Illegal mode (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Incomplete shaper arguments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Illegal shaper (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Incomplete arguments, min_rate values expected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Incomplete arguments, max_rate values expected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>queues count/offset pair count %1 can not be higher than given num_tc %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected 16 traffic class numbers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a traffic class from 0 to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected up to 16 ranges COUNT@OFFSET, such as &quot;1@0 1@1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected &quot;dcb&quot; or &quot;channel&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected &quot;dcb&quot; or &quot;bw_rlimit&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected 1 to 16 rates, such as [&quot;10mbit&quot;, &quot;20mbit&quot;]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a rate, such as &quot;10mbit&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tc does not print whether mqprio was offloaded (hw): imported as hw 0, with the queues as shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>mqprio, %n traffic class(es), offloaded</source>
        <extracomment>mqprio: priorities mapped to traffic classes, each a range of transmit queues.</extracomment>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>mqprio, %n traffic class(es)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>mqprio needs the root of a device with several transmit queues</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this device may not offload mqprio (hw 1, tc&apos;s default): give hw 0 and the queues of each traffic class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every traffic class&apos;s queues must be on the device (COUNT@OFFSET within its transmit queues); kernels before 6.4 also want each class&apos;s queues after the previous class&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::MqprioParams</name>
    <message>
        <source></source>
        <comment>Findings about mqprio&apos;s parameters. num_tc, map, queues, hw, mode, shaper, bw_rlimit, min_rate and max_rate are words of tc&apos;s mqprio command: keep them.</comment>
        <translation></translation>
    </message>
    <message>
        <source>num_tc %1 is out of range; allowed 1…16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the map sends priorities to traffic classes that do not exist (%1); allowed 0…%2</source>
        <extracomment>%1 lists priority→class pairs (&quot;2→2, 3→3&quot;), %2 the highest class.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n queue range(s) for %1 traffic classes: at most one per class</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>with hw 0 every traffic class needs its queues (COUNT@OFFSET): class %1 has none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the queues of traffic classes %1 (%2@%3) and %4 (%5@%6) overlap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mode and shaper need hw 1: the kernel refuses them without offload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>min_rate and max_rate need shaper bw_rlimit</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n rate(s) for %1 traffic classes: give one per class</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qs::MultiqKind</name>
    <message>
        <source>multiq takes no options (tc: What is &quot;%1&quot;?)</source>
        <extracomment>tc&apos;s own words are quoted after the colon.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>multiq, a band per transmit queue</source>
        <extracomment>multiq: one band per transmit queue, served in turn.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>multiq needs a device with several transmit queues</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::NetemForm</name>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Correlation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>uniform</source>
        <extracomment>jitter distribution; tc&apos;s name is &quot;uniform&quot; (the default)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>normal</source>
        <extracomment>jitter distribution; tc&apos;s name is &quot;normal&quot; (Gaussian)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pareto</source>
        <extracomment>jitter distribution; tc&apos;s name is &quot;pareto&quot;</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paretonormal</source>
        <extracomment>jitter distribution; tc&apos;s name is &quot;paretonormal&quot; (a mix of pareto and normal)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long netem holds every packet before sending it on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jitter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A random amount up to this much is added to or taken from each packet&apos;s delay; more jitter than delay reorders packets.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How closely each packet&apos;s random delay follows the previous packet&apos;s (0 %: independent).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Distribution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The shape of the jitter: uniform spreads delays evenly, normal and pareto bunch them around the delay with longer tails.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The chance that netem drops a packet, each packet drawn on its own.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How likely a loss follows a loss: higher values make losses come in bursts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This qdisc loses packets with a 4-state or Gilbert-Elliott model; it is kept as it is. Import tc commands to change it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ECN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Marks packets of ECN-capable flows as congested instead of dropping them (needs loss).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off: drop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on: mark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duplicate and corrupt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The chance that netem sends a packet twice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How likely a duplicate follows a duplicate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Corrupt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The chance that netem flips one random bit in a packet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How likely a corruption follows a corruption.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reorder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The chance that a packet is sent at once, overtaking delayed ones (needs a delay).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How likely a reordered packet follows a reordered one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gap</source>
        <extracomment>netem&apos;s reorder gap (tc&apos;s &quot;gap&quot;)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reorder only every gap-th packet; the ones between are always delayed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>packets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rate and queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sends no faster than this, like a slower link; packets wait in the queue.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The most packets netem holds; more are dropped. Long delays at high rates need a large limit (tc&apos;s default is 1000).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slotting is set and kept as it is.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::NetemKind</name>
    <message>
        <source>&quot;%1&quot; is not a distribution; use uniform, normal, pareto or paretonormal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a loss model; use random, state or gemodel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>min/max belong to the fixed form; with a distribution give delay and jitter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>delay/jitter need a distribution; the fixed form takes min and max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 loss</source>
        <extracomment>Random packet loss: &quot;1 % loss&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>4-state loss</source>
        <extracomment>netem&apos;s 4-state Markov loss model.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gilbert-Elliott loss</source>
        <extracomment>netem&apos;s Gilbert-Elliott loss model.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 duplicate</source>
        <extracomment>Packets sent twice: &quot;1 % duplicate&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 corrupt</source>
        <extracomment>Packets with a flipped bit: &quot;1 % corrupt&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 reorder</source>
        <extracomment>Packets sent out of order: &quot;25 % reorder&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slotted</source>
        <extracomment>netem&apos;s slot option: packets leave in bursts, as on Wi-Fi.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no impairment</source>
        <extracomment>A netem that changes nothing.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 is too large; netem takes at most %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown distribution; use uniform, normal, pareto or paretonormal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>delay correlation</source>
        <extracomment>Labels such as this one name a value of a netem option in other messages.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loss is given twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loss correlation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown loss model; use a percentage, random, state or gemodel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reorder correlation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>corrupt correlation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>duplicate correlation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>packet overhead must be a whole number of bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cell size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cell overhead must be a whole number of bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slot minimum delay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slot maximum delay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the slot maximum delay is below the minimum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown slot parameter; use &quot;slot MIN [MAX]&quot; or &quot;slot distribution DIST DELAY JITTER&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slot delay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slot jitter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the slot jitter must be above 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slot packets must be a whole number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reordering is not possible without a delay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gap is given without a reorder probability</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ecn is given without a loss probability or loss model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a distribution needs both a delay and a jitter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this duplicate correlation is dropped: tc only sends it together with a delay, loss, reorder or corrupt correlation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tc does not print the slot distribution&apos;s name (the kernel does not report its table): write uniform, normal, pareto or paretonormal after &quot;slot distribution&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tc does not print the jitter&apos;s distribution (the kernel does not report its table): imported as uniform; add &quot;distribution normal&quot;, &quot;pareto&quot; or &quot;paretonormal&quot; if it had one</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::NetemParams</name>
    <message>
        <source></source>
        <comment>Findings about netem&apos;s parameters. The option names (limit, delay, jitter, loss, gap, reorder, duplicate, corrupt, rate, slot, ecn, distribution) are words of tc&apos;s netem command: keep them. Values in tc syntax (100ms, 10mbit, 1514b, 1%) stay as they are.</comment>
        <translation></translation>
    </message>
    <message>
        <source>a limit of 0 packets drops every packet; allowed 0…4294967295, tc&apos;s default is 1000</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>delay %1 is above the largest netem can hold, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>jitter %1 is above the largest netem can hold, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>jitter %1 is above %2; the kernel clamps it there</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>jitter %1 is larger than the delay %2: packets whose delay comes out negative are sent at once, out of order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a delay correlation has no effect without jitter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a distribution without jitter has no effect: every packet is delayed by exactly %1 (distribution %2 is kept for a later jitter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reorder %1 is kept, but with gap 0 the kernel never reorders (tc sets gap 1 only when reorder is given; a change without it sends gap 0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reordering %1 needs a delay: packets can only overtake delayed ones</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gap %1 needs a reorder probability</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a %1 correlation without a %1 probability has no effect; the kernel keeps it for a later %1 probability</source>
        <extracomment>%1 is a netem option, untranslated: reorder, duplicate, corrupt or loss.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ecn without a loss model marks nothing: there is no loss to turn into marks (the kernel keeps the flag for a later loss)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>packet overhead, cell size and cell overhead need a rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slot jitter %1 must be above 0 with a slot distribution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slot delay %1 is negative</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slot minimum %1 is negative</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slot maximum %1 is below the minimum %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slot packets %1 is negative; allowed 0 (no limit)…2147483647</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slot bytes %1 is negative; allowed 0 (no limit)…2147483647</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::NetemParts</name>
    <message>
        <source></source>
        <comment>Problems while turning a netem qdisc into a netlink request: a missing distribution table (a file such as normal.dist from the iproute2 package).</comment>
        <translation></translation>
    </message>
</context>
<context>
    <name>qs::NetlinkSocket</name>
    <message>
        <source>cannot open a netlink socket: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot bind the netlink socket: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot use the netlink socket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sending to the kernel failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>receiving from the kernel failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a reply was larger than the receive buffer; try again</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::NetworkNamespace</name>
    <message>
        <source>&quot;%1&quot; is not a network namespace name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>network namespace &quot;%1&quot; does not exist (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 container &quot;%2&quot; is not running (%3): start it first</source>
        <extracomment>%1 is Docker or Podman, %2 a container, %3 its state (&quot;exited&quot;, &quot;created&quot;, &quot;paused&quot;)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 container &quot;%2&quot; kept changing its process while its namespace was opened (restarting?); try again</source>
        <extracomment>%1 is Docker or Podman, %2 a container</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot enter network namespace &quot;%1&quot;: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::NodeEditor</name>
    <message>
        <source>Select a qdisc, class or filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 class %2</source>
        <extracomment>editor header; %1 is a kind (htb, hfsc), %2 the class id as tc writes it (1:10)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 filter on %2</source>
        <extracomment>editor header; %1 is the filter&apos;s kind (u32, flower), %2 the qdisc or class it is attached to (1:)</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::NoqueueKind</name>
    <message>
        <source>noqueue takes no options (tc: Unknown qdisc &quot;noqueue&quot;, hence option &quot;%1&quot; is unparsable)</source>
        <extracomment>tc&apos;s own words are quoted after the colon.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>noqueue, packets go straight to the device</source>
        <extracomment>noqueue: packets are handed to the device at once, never queued.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ParameterUnit</name>
    <message>
        <source>microseconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>milliseconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bits per second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kilobits per second (1000 bit/s, as tc&apos;s kbit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>megabits per second (10⁶ bit/s, as tc&apos;s mbit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gigabits per second (10⁹ bit/s, as tc&apos;s gbit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kilobytes per second: tc&apos;s kbps is BYTES (1000 B/s = 8 kbit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>megabytes per second: tc&apos;s mbps is BYTES (10⁶ B/s = 8 mbit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kilobytes: tc&apos;s kb is 1024 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>megabytes: tc&apos;s mb is 1024 × 1024 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>percent</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::Parser</name>
    <message>
        <source>a match expression must follow &quot;match&quot; (such as cmp(u8 at 9 eq 6))</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the match must be followed by classid, action or police: tc reads a match at the end of the command as an unknown word</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the match must end with its word: &quot;%1&quot; follows it in the same word</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; after the match: join matches with and or or</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parentheses nest deeper than %1: the kernel&apos;s ematch stack holds %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a &quot;)&quot; is missing to close the parenthesis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a match is missing at the end (after and, or or not)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is no match: a match is a kind and its arguments, such as cmp(u8 at 9 eq 6)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is no match: a match is a kind and its arguments in parentheses, such as cmp(u8 at 9 eq 6)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a &quot;)&quot; is missing after %1&apos;s arguments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; inside %2(…): and, or, not and parentheses cannot stand among a match&apos;s arguments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1() needs its arguments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ematch &quot;%1&quot; is not supported by Qdisc Studio yet (it knows cmp, u32 and meta)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown ematch &quot;%1&quot; (tc&apos;s are cmp, u32, meta, nbyte, text, canid, ipset and ipt)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::PfifoFastKind</name>
    <message>
        <source>pfifo_fast takes no options: its 3 bands and priomap are fixed (tc: qdisc &apos;pfifo_fast&apos; does not support option parsing); use prio for other bands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pfifo_fast, 3 bands by priority</source>
        <extracomment>pfifo_fast&apos;s three bands are chosen by the packets&apos; priority (TOS).</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::PfifoHeadDropParams</name>
    <message>
        <source>a limit of 0 packets drops every packet</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::PfifoParams</name>
    <message>
        <source>a limit of 0 packets drops every packet</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::PieKind</name>
    <message>
        <source>%1 must be 0…%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pie, target %1</source>
        <extracomment>%1 is a time such as 15 ms; target is pie&apos;s option (the queueing delay it aims for).</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::PieParams</name>
    <message>
        <source></source>
        <comment>Findings about pie&apos;s parameters. The option names alpha and beta are words of tc&apos;s pie command: keep them.</comment>
        <translation></translation>
    </message>
    <message>
        <source>alpha %1 is above %2; tc refuses it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>beta %1 is above %2; tc refuses it</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::PlugKind</name>
    <message>
        <source>the limit %1 is sent only with a command (tc sends none without one)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected block, release, release_indefinite or limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>plug, released</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>plug, holding packets</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::PoliceKind</name>
    <message>
        <source>%1 is given twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mpu must be at most 65535 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>avrate must be below 34 Gbit/s (the kernel keeps it in 32 bits)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>linklayer must be ethernet, atm or adsl</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>conform-exceed needs EXCEED[/CONFORM] verbs: pass, ok, drop, pipe, continue, reclassify</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>police needs a rate and a burst, like &quot;police rate 1mbit burst 10k drop&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>police takes rate or avrate, not both</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>police needs a rate, an avrate or an mtu</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a police rate needs a burst</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a police peakrate needs a rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a police peakrate needs an mtu</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>police at an average of %1, %2 beyond</source>
        <extracomment>%1 a rate (1 Mbit/s), %2 a tc verb (drop, pass, reclassify …).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>police packets above %1 B: %2</source>
        <extracomment>%1 a number of bytes, %2 a tc verb (drop, pass, reclassify …); B is the symbol for bytes.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>police %1, burst %2 B, %3 beyond</source>
        <extracomment>%1 a rate (1 Mbit/s), %2 a number of bytes, %3 a tc verb (drop, pass, reclassify …); B is the symbol for bytes.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::PoliceParams</name>
    <message>
        <source>police takes rate or avrate, not both</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>police needs a rate, an avrate or an mtu</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a police rate needs a burst</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the burst must last at most %1 s at the police rate (the kernel keeps it in 32-bit ticks)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a police peakrate needs a rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a police peakrate needs an mtu</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>avrate polices on the rate estimator of the action, which Qdisc Studio does not set up; without one the kernel refuses it: give rate and burst</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the kernel does not allow goto chain as the conform verb</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tc cannot write a goto chain or jump beside a conform verb: give one or the other</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::PrioKind</name>
    <message>
        <source>bands must come before priomap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>priomap is given twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a priomap entry must be a band number</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>band %1 does not exist; there are %n bands</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>the priomap has 16 entries at most</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prio needs 2…16 bands, not %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected 16 band numbers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a band from 0 to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>prio, %n bands</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qs::PrioParams</name>
    <message>
        <source></source>
        <comment>Findings about prio&apos;s parameters. bands and priomap are words of tc&apos;s prio command: keep them.</comment>
        <translation></translation>
    </message>
    <message>
        <source>bands %1 is out of range; allowed 2…16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>band %1 does not exist; allowed 0…%2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::Profile</name>
    <message>
        <source></source>
        <comment>Problems with a profile (a named set of trees) and its file. JSON keys at the start of a message (&quot;name: &quot;, &quot;trees: &quot;) are added outside the text and stay English.</comment>
        <translation></translation>
    </message>
    <message>
        <source>a profile needs a name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a profile needs at least one tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a tree without a target must be the profile&apos;s only tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>target %1 has two trees</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>profile</source>
        <extracomment>What a file is, in &quot;this is not a Qdisc Studio profile&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a non-empty string is required</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected an ISO 8601 date and time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>needs a time zone, like 2026-11-30T10:00:00Z</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an array of trees is required</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a JSON object at the top</source>
        <extracomment>What a profile file must hold, after &quot;expected&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ProfileStore</name>
    <message>
        <source></source>
        <comment>Errors of the profile store. Profile names arrive already in quotes (&quot;Work&quot;); paths and the system&apos;s reasons (after a colon) are inserted as they are.</comment>
        <translation></translation>
    </message>
    <message>
        <source>the file cannot be opened: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file is %1 bytes; a profile file is at most %2 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file cannot be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the profile directory cannot be read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>profile %1 is already stored in %2; this copy is ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no profile named %1 in %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile %1 was not saved because it is not valid: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile %1 was not saved: the directory %2 cannot be created.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile %1 was not saved: no free file name in %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile %1 was not saved to %2: %3. The previously saved version is unchanged.</source>
        <extracomment>%3 is the system&apos;s reason, %2 the file.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile %1 was not saved to %2: %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile %1 was not renamed: the new name is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile %1 was not renamed: there is no such profile in %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile %1 was not renamed: a profile named %2 already exists (names are case-sensitive).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile %1 was not renamed to %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile %1 was not renamed: no free file name for %2 in %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile %1 was not renamed to %2: writing %3 failed: %4. The profile is unchanged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile %1 was not renamed: the old file %2 cannot be removed: %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile %1 was not deleted: there is no such profile in %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile %1 was not deleted: %2 cannot be removed: %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was not imported: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was not imported: profile %2 is not valid: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile %1 was not exported: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile %1 was not exported to %2: %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile %1 was not renamed: %2 is the name of the built-in preset %3; choose another name.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ProfilesPane</name>
    <message>
        <source>Built-in presets (in italics) and your profiles. Double-click one to apply it to the current target.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the current tree into the selected profile of yours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the current tree as a new profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename the selected profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete the selected profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import a profile file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the selected profile or preset to a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Profiles&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skipped: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile not saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved profile &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (mine)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save as profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name of the new profile:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Built-in presets cannot be renamed; save one as a profile of yours first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not renamed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Built-in presets cannot be deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete the profile &quot;%1&quot;?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import a profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profiles (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not imported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not exported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exported to %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::QdiscNode</name>
    <message>
        <source>%1 must hang at the ingress hook, not %2</source>
        <extracomment>%1 is ingress or clsact, %2 a parent id.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must have handle ffff:, not %2</source>
        <extracomment>%1 is ingress or clsact, %2 a handle.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only ingress or clsact can hang at the ingress hook</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>handle %1 is not a qdisc handle; use MAJOR: with MAJOR 1…ffff</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 can only be the root qdisc of a device, not hang at %2</source>
        <extracomment>%1 is a kind (mq, mqprio), %2 a parent id.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::QdiscTree</name>
    <message>
        <source></source>
        <comment>Findings about a whole tree of qdiscs, classes and filters. Handles (1:, 1:10, ffff:), kinds (htb, prio, netem, tbf, ingress, clsact, u32) and the tc words qdisc, class, filter, prio, flowid, classid, r2q and quantum stay as they are.</comment>
        <translation></translation>
    </message>
    <message>
        <source>tree</source>
        <extracomment>Where a finding is when the tree has no device yet: &quot;tree: qdisc 1: (netem).delay: …&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a valid interface name (1…15 characters, no &apos;/&apos;, &apos;:&apos; or spaces)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a valid namespace name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>handle %1 is used twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>two qdiscs hang at %1; only one can</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its parent %1 does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hangs below itself (parent %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its parent class %1 does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>class %1 has child classes: a qdisc can only hang at a leaf class (the kernel refuses to graft one onto an inner class, and destroys a leaf&apos;s qdisc when the class gets a child)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds one inner qdisc, at %2:1, not %3</source>
        <extracomment>%1 is a kind (netem or tbf), %2 its major number, %3 a parent id.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 cannot hold child qdiscs</source>
        <extracomment>%1 is a kind (sfq, fq_codel, …), %2 its handle.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not reachable from the root (its parents form a cycle)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>classid %1 is used twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its parent %1 belongs to another qdisc</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is its own parent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not reachable from its qdisc: its parents form a cycle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no qdisc %1 to attach it to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an ingress qdisc has no egress hook: the kernel puts this filter in its one (ingress) block, where it sees incoming traffic; use clsact for egress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flowid %1 is not a class of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>class %1 does not exist: matching traffic falls through to the default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prio %1 already holds filters for protocol %2; the kernel keeps one protocol per prio and refuses %3 there: use another prio</source>
        <extracomment>%1 a filter prio (number), %2 and %3 protocols (ip, ipv6, …).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prio %1 already holds %2 filters; the kernel keeps one classifier kind per prio and refuses %3 there: use another prio</source>
        <extracomment>%1 a filter prio (number), %2 and %3 classifier kinds (u32, flower, …).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 has bands %2:1…%2:%3, not %4</source>
        <extracomment>%1 is a kind (prio, ets), %2 the qdisc&apos;s major number (1 of 1:), %3 its last band, %4 a parent id.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds its qdiscs at %2:1, %2:2, …, not %3</source>
        <extracomment>%1 is a kind (mq, multiq), %2 the qdisc&apos;s major number, %3 a parent id.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no %1 qdisc %2 for it</source>
        <extracomment>%1 a kind (htb, hfsc, …), %2 a qdisc handle.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 has no classes to steer traffic into; attach filters to a classful qdisc (htb, prio, …), ingress or clsact</source>
        <extracomment>%1 is a kind (sfq, netem, …), %2 its handle.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::QfqClassKind</name>
    <message>
        <source>qfq class, weight %1, packets up to %2</source>
        <extracomment>%1 is a qfq class&apos;s weight (its share), a number.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qfq class, weight %1</source>
        <extracomment>%1 is a qfq class&apos;s weight (its share), a number.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::QfqClassParams</name>
    <message>
        <source></source>
        <comment>Findings about a qfq class. weight and maxpkt are words of tc&apos;s qfq command: keep them.</comment>
        <translation></translation>
    </message>
    <message>
        <source>weight %1 is outside 1…%2; the kernel refuses it (EINVAL)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>maxpkt %1 is outside %2…%3 bytes; the kernel refuses it (EINVAL)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::QfqKind</name>
    <message>
        <source>the weights of its classes add up to %1, above %2; the kernel refuses the class that passes it (EINVAL)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qfq, classes share by weight</source>
        <extracomment>qfq: quick fair queueing, a name; its classes share by weight.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::QueueForms</name>
    <message>
        <source>Fairness</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Perturb</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How often the flow hash is changed, so flows that collide do not stay together.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>s</source>
        <extracomment>unit: seconds</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>never</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quantum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many bytes a flow sends per turn; default: the device MTU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The most packets sfq holds across all flows; default 127.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>packets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sfq cannot be changed in place: every change replaces it, and its counters and queued packets start afresh.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The most packets fq_codel holds across all flows; default 10240.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many flow queues traffic is hashed into (default 1024); fixed once the qdisc exists.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many bytes a flow sends per turn; default 1514.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CoDel</source>
        <extracomment>section title: the CoDel queue management algorithm (a name)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The queueing delay CoDel aims for; above it for a whole interval, it starts dropping (default 5 ms).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long the delay must stay above target before CoDel drops; about a worst round trip (default 100 ms).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ECN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Marks packets of ECN-capable flows instead of dropping them (the kernel&apos;s default is on).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>default (on)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on: mark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off: drop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The most packets the queue holds; default: the device&apos;s txqueuelen.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The most bytes the queue holds; default: txqueuelen × MTU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many strict-priority bands there are; band 0 is always served first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Priomap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The band of each of the 16 packet priorities (TC_PRIO_*), as tc prints it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Depth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The most packets one flow may queue; default and most 127.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many flows may queue at once; default 128.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Divisor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The size of the flow hash table, a power of two up to 65536; default 1024.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>buckets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drop from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which packet a full flow drops: the newest arriving one (tail), or its oldest (head), which tells the sender sooner.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flow limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Turns on RED per flow: the most bytes one flow may queue (tc&apos;s redflowlimit); off: no RED.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Above this average queue (bytes) RED starts to drop or mark; auto is max / 3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At this average queue (bytes) RED drops or marks with the full probability; auto is the flow limit / 4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probability</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How likely RED drops or marks at max; default 2 %.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Marks packets of ECN-capable flows instead of dropping them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Above max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What ECN does above max: mark as below it, or drop (tc&apos;s harddrop).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>drop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The most packets the queue holds; when it is full the oldest packet is dropped to make room. Default: the device&apos;s txqueuelen.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::RampParameter</name>
    <message>
        <source></source>
        <comment>Problems with a parameter a scenario ramps (&quot;netem.delay&quot;, &quot;htb.rate&quot;): its value, or the node it moves. Parameter names, kinds (netem, tbf, htb) and handles (&quot;1:&quot;, &quot;1:10&quot;) stay as they are.</comment>
        <translation></translation>
    </message>
    <message>
        <source>netem.loss ramps random loss, but qdisc %1 uses the %2 loss model; ramp it from a tree with random loss (or none)</source>
        <extracomment>%1 is the qdisc handle (&quot;1:&quot;), %2 the loss model in tc&apos;s words (&quot;loss state&quot;, &quot;loss gemodel&quot;).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a parameter a ramp can move; use one of: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a value for %2; write it like &quot;%3&quot;</source>
        <extracomment>%1 is the text from the file, %2 the parameter (&quot;netem.delay&quot;), %3 an example (&quot;200ms&quot;).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is above the largest %2, %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: there is no htb class %2 in the tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: there is no htb class in the tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the tree has several htb classes (%2); name one with &quot;at&quot;</source>
        <extracomment>%2 lists the classes (&quot;1:1, 1:10&quot;).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: there is no qdisc %2 in the tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: qdisc %2 is a %3 qdisc, not %4</source>
        <extracomment>%3 is the kind of the qdisc found (&quot;tbf&quot;), %4 the kind needed (&quot;netem&quot;).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: there is no %2 qdisc in the tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the tree has several %2 qdiscs (%3); name one with &quot;at&quot;</source>
        <extracomment>%3 lists the handles (&quot;1:, 10:&quot;).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the %2 qdisc has no handle; give it one (like 1:) so that a ramp can name it</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::RateChart</name>
    <message>
        <source>node %1</source>
        <extracomment>legend of a charted node that was given no name; %1 is its statistics key in hex</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No node selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time (0 = %1)</source>
        <extracomment>time axis title; %1 is the wall-clock time the axis counts back from</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0 = %1</source>
        <extracomment>time axis title of a narrow chart; %1 is the wall-clock time of 0</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::RedKind</name>
    <message>
        <source>a bandwidth in percent of the device&apos;s speed is not supported by Qdisc Studio yet; give a rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bandwidth must be a rate such as 10mbit, below 2³² bytes/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>probability must be a number such as 0.02</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bandwidth must be below 2³² bytes/s (tc reads it in 32 bits)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>red, marks from %1 to %2, limit %3</source>
        <extracomment>RED is random early detection; %1 and %2 the sizes where it starts and ends marking, %3 the queue&apos;s limit.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::RedParams</name>
    <message>
        <source></source>
        <comment>Findings about red&apos;s parameters. limit, min, max, avpkt, burst, bandwidth, probability, ecn, harddrop, adaptive and nodrop are words of tc&apos;s red command: keep them.</comment>
        <translation></translation>
    </message>
    <message>
        <source>red needs a limit and an avpkt (tc: Required parameter (limit, avpkt) is missing)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>burst %1 is too small for min %2 and avpkt %3: tc needs at least %4 packets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>min %1 is not below max %2 (tc: failed to calculate probability)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>probability %1 is out of reach for min %2 and max %3 (tc: failed to calculate probability)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no idle-time table fits avpkt %1 at this bandwidth (tc: failed to calculate idle damping table)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max %1 bytes is too large for the averaging (Wlog %2): the kernel refuses it (EINVAL)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>min %1 bytes is too large for the averaging (Wlog %2): the kernel refuses it (EINVAL)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nodrop keeps packets RED would drop only by marking them: it needs ecn (the kernel refuses it alone: EINVAL)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::Scenario</name>
    <message>
        <source></source>
        <comment>Problems with a scenario (a timeline of network conditions) and its file. JSON key paths at the start of a message (&quot;steps[2].duration: &quot;) stay English; so do parameter names (&quot;netem.delay&quot;), durations (&quot;1.5s&quot;) and the words of the file (&quot;forever&quot;, &quot;restore&quot;, &quot;keep&quot;).</comment>
        <translation></translation>
    </message>
    <message>
        <source>step %1</source>
        <extracomment>%1 is the 1-based step number, at the start of an error.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1 (%2)</source>
        <extracomment>%1 is the 1-based step number, %2 the step&apos;s name, at the start of an error.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected an object like {&quot;parameter&quot;: &quot;netem.delay&quot;, &quot;to&quot;: &quot;200ms&quot;}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is required</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a string like &quot;netem.delay&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a parameter a ramp can move; use one of: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a qdisc handle or class id like &quot;1:&quot; or &quot;1:10&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a string with a unit, like &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is required, like &quot;10s&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a duration with a unit, like &quot;1.5s&quot; or &quot;250ms&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is shorter than a step may last (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is longer than a step may last (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a step&apos;s tree has no target: the scenario plays on the target chosen when it is played</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected the name of a profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected the name of a built-in preset, like &quot;LTE (4G)&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected an object like {&quot;parameters&quot;: [...]}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected &quot;linear&quot; or &quot;exponential&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a whole number from 1 to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a ramp needs an array of at least one parameter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1</source>
        <extracomment>A step without a name on the timeline; %1 is its 1-based number.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a scenario needs at least one step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a scenario has at most %1 steps; this one has %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loops must be from 1 to %1, or 0 (&quot;forever&quot;); it is %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the duration must be above 0; it is %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the duration %1 is shorter than a step may last; make it %2 or longer</source>
        <extracomment>%1 is the step&apos;s duration (&quot;20ms&quot;), %2 the shortest allowed (&quot;50ms&quot;).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the duration %1 is longer than a step may last (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its tree names the target %1; a step&apos;s tree has no target (the scenario plays on the target chosen when it is played)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the profile has no name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the preset has no name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a ramp needs at least one parameter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a ramp updates 1 to %1 times a second; this one %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot ramp to %2: the value must be from %3 to %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an exponential ramp cannot start or end at 0: %1 ends at %2; use a linear ramp, or end at a small value above 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scenario</source>
        <extracomment>What a file is, in &quot;this is not a Qdisc Studio scenario&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a non-empty string is required</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected an array of targets like [&quot;eth0&quot;, &quot;lab/veth1&quot;]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0 would play no loop at all; to repeat until stopped, write &quot;forever&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a whole number from 1 to %1, or &quot;forever&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected &quot;restore&quot; or &quot;keep&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an array of at least one step is required</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a JSON object at the top</source>
        <extracomment>What a scenario file must hold, after &quot;expected&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no built-in preset named %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>profile %1 cannot be used here, where no profiles are available; only built-in presets are</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no profile named %1 (looked in %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>profile %1 holds trees for several targets (%2); a step plays one tree, so use a profile with a single tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a duration; write a number and a unit: ms, s, min or h (like &quot;1.5s&quot; or &quot;250ms&quot;)</source>
        <extracomment>%1 is the text as written; the units stay as they are.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is too long a duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has more decimals than a duration can hold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a whole number of milliseconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is negative; a duration must be above 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is no time at all; a duration must be above 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a step needs one of &quot;tree&quot;, &quot;profile&quot;, &quot;preset&quot;, &quot;ramp&quot; or &quot;hold&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a step takes only one of &quot;tree&quot;, &quot;profile&quot;, &quot;preset&quot;, &quot;ramp&quot; or &quot;hold&quot;, not %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected true: the condition in effect stays for the step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected an object like {&quot;ssh://lab4/eth1&quot;: {&quot;preset&quot;: &quot;3G&quot;}}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a target written as IF, NETNS/IF or ssh://HOST/IF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected an object like {&quot;preset&quot;: &quot;3G&quot;}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is named twice in targets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a condition for %1 belongs to step %2, which the scenario does not have</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the target is not among the scenario&apos;s targets; add it to &quot;targets&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a scenario plays on %1 targets at most; this one names %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ScenarioEnsemble</name>
    <message>
        <source>the scenario names no target to play on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the clock of %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopping was not confirmed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>playback on %1 was stopped from elsewhere</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1; its helper stops the playback and puts back the tree from before once it misses this client</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ScenarioPanel</name>
    <message>
        <source>until stopped</source>
        <extracomment>how often a scenario plays: 0 loops means until it is stopped</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The scenario to play: a timeline of network conditions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sce&amp;nario:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List the scenarios again (yours are the .json files in %1)</source>
        <extracomment>%1 is the folder the user&apos;s scenario files are read from</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>built-in, read-only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comes with Qdisc Studio and cannot be changed; to make your own, save a copy of its JSON in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play the scenario on the chosen target from its first step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go on from where playback was paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pa&amp;use</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hold the condition in effect now until Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>St&amp;op</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End playback; the scenario says what stays (usually the tree from before it began)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many times to play the steps: as the scenario says, ∞ (0) until stopped, or a count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Loops:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Put back the original tree on e&amp;xit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>If Qdisc Studio closes or crashes while the scenario plays, playback stops and the tree from before it began is put back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Built-in (read-only)</source>
        <extracomment>heading in the scenario list</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (built-in)</source>
        <extracomment>a built-in scenario in the list: %1 its name</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Yours</source>
        <extracomment>heading in the scenario list: the user&apos;s own scenarios</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none yet: .json files in %1</source>
        <extracomment>in the scenario list when the user has none; %1 is the folder they go in</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Some scenario files could not be read:
%1</source>
        <extracomment>%1: one &quot;file: reason&quot; a line</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>as written (%1)</source>
        <extracomment>the loops box at its minimum: the scenario&apos;s own count; %1 &quot;2&quot;, &quot;until stopped&quot;</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No scenario chosen.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>then the tree from before comes back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>then the last condition stays</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps: %1 · a pass: %2 · loops: %3, %4.</source>
        <extracomment>%1 how many steps; %2 the length of a pass (&quot;1:40&quot;); %3 how many loops (&quot;2&quot;, &quot;until stopped&quot;); %4 how it ends</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <extracomment>the scenario panel&apos;s description: %1 the scenario&apos;s own first paragraph, %2 its facts (&quot;Steps: 4 · …&quot;)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;p&gt;%2&lt;/p&gt;</source>
        <extracomment>tool tip of the description: %1 the scenario&apos;s name, %2 its whole description (reasons, sources)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a target on the left first: the scenario plays there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a scenario to play.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” cannot play: %2</source>
        <extracomment>%1 the scenario, %2 why (a profile it names is missing)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting…</source>
        <extracomment>the scenario panel while the backend starts playback</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” plays here; it is not in the list, so its steps cannot be shown.</source>
        <extracomment>%1 the scenario playing on the target, which is not in the panel&apos;s list</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” stopped: %2</source>
        <extracomment>%1 the scenario, %2 the reason (the kernel&apos;s words)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” did not start: %2</source>
        <extracomment>%1 the scenario, %2 why (the kernel&apos;s or the helper&apos;s words)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not pause: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not resume: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not stop: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not jump to the step: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a target to play on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” finished</source>
        <extracomment>%1 the scenario</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” stopped</source>
        <extracomment>%1 the target (&quot;lab/veth0&quot;)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing plays on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plays on %1 at once, from one start.</source>
        <extracomment>a scenario for several targets; %1 lists them. The timeline shows the conditions of the target chosen.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” plays on %2: choose one of them on the left, then Play plays it on all of them at once</source>
        <extracomment>%1 the scenario, %2 the targets it names</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was applied: %1</source>
        <extracomment>a scenario for several targets that cannot start; %1 every reason, one after the other</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A scenario for several targets plays from here: stop it first</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ScenarioPlayer</name>
    <message>
        <source></source>
        <comment>Why a scenario&apos;s playback failed or stopped short: &quot;step 2 (Outage) could not be applied: …&quot;, followed by the kernel&apos;s or helper&apos;s own reason. Messages start in lower case and end without a full stop: they are shown after &quot;failed: &quot; or &quot;“Name” stopped: &quot;.</comment>
        <translation></translation>
    </message>
    <message>
        <source>the scenario is already playing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loop 2 would start from the end of loop 1, where %1</source>
        <extracomment>%1 says what is wrong there (&quot;step 1 (Fade): netem.delay: there is no netem qdisc in the tree&quot;).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the scenario was not prepared for this target; nothing was applied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>playback was stopped, but the tree from before could not be put back: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing is playing: start the scenario before jumping to a step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no step %1; the scenario has %2 steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 could not be applied: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the scenario ended, but the tree from before could not be put back: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1; the tree from before could not be put back either: %2</source>
        <extracomment>%1 is what failed first, %2 why the tree from before could not be put back.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ScenarioProgress</name>
    <message>
        <source></source>
        <comment>Where a scenario&apos;s playback is, in a status bar or the CLI: &quot;playing step 2 of 3 (Outage), loop 1 of 2&quot;. Step names come from the scenario as they are.</comment>
        <translation></translation>
    </message>
    <message>
        <source>step %1 of %2</source>
        <extracomment>%1 is the 1-based step, %2 the number of steps.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1 of %2 (%3)</source>
        <extracomment>%3 is the step&apos;s name.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, loop %2 (repeating until stopped)</source>
        <extracomment>%1 is the step (&quot;step 2 of 3 (Outage)&quot;), %2 the 1-based pass of a scenario that repeats until stopped.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, loop %2 of %3</source>
        <extracomment>%1 is the step (&quot;step 2 of 3 (Outage)&quot;), %2 the 1-based pass, %3 the number of passes.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>playing</source>
        <extracomment>%1 says where: &quot;step 2 of 3 (Outage), loop 1 of 2&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>playing %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paused</source>
        <extracomment>%1 says where: &quot;step 2 of 3 (Outage), loop 1 of 2&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paused at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <extracomment>%1 is why, a sentence.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>starting in %1 s</source>
        <extracomment>a scenario waiting for the start time it shares with other targets; %1 in seconds (&quot;1.5&quot;)</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ScenarioStore</name>
    <message>
        <source></source>
        <comment>Errors of the scenario store. Scenario names arrive already in quotes (&quot;Tunnel&quot;); paths and the system&apos;s reasons (after a colon) are inserted as they are.</comment>
        <translation></translation>
    </message>
    <message>
        <source>the file cannot be opened: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file is %1 bytes; a scenario file is at most %2 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file cannot be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the scenario directory cannot be read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scenario %1 is already stored in %2; this copy is ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The scenario was not saved: it needs a name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenario %1 was not saved: a built-in scenario has that name; choose another one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenario %1 was not saved because it is not valid: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenario %1 was not saved: the directory %2 cannot be created.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenario %1 was not saved: no free file name in %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenario %1 was not saved to %2: %3. The previously saved version is unchanged.</source>
        <extracomment>%3 is the system&apos;s reason, %2 the file.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenario %1 was not saved to %2: %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenario %1 was not deleted: built-in scenarios cannot be deleted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenario %1 was not deleted: there is no such scenario in %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenario %1 was not deleted: %2 cannot be removed: %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no scenario named %1 in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot be read as a scenario:
  %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no scenario named %1: not in %2, and no built-in scenario has that name (%3); to play a file, give its path</source>
        <extracomment>%2 is the user&apos;s scenario directory, %3 the built-in names (&quot;Entering a tunnel&quot;, …).</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ScenarioTimeline</name>
    <message>
        <source></source>
        <comment>Why a scenario cannot be played on a target, found before anything is applied. Each message starts with the step it is about (&quot;step 2 (Outage): &quot;); parameter names (&quot;netem.delay&quot;) and values in tc syntax (&quot;200ms&quot;) stay as they are.</comment>
        <translation></translation>
    </message>
    <message>
        <source>%1 was not looked up; resolve the scenario&apos;s references before playing it</source>
        <extracomment>%1 is the profile&apos;s or preset&apos;s name.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on %2 is ramped twice in one step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot be read on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an exponential ramp cannot start or end at 0: %1 goes from %2 to %3; use a linear ramp, or start from a small value above 0</source>
        <extracomment>%1 is the parameter, %2 and %3 its start and end values (&quot;0us&quot;, &quot;200ms&quot;).</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::SfbKind</name>
    <message>
        <source>%1 must be a fraction from 0 to 1, such as 0.0005</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a fraction from 0 to 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>sfb, %n packet(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qs::SfbParams</name>
    <message>
        <source></source>
        <comment>Findings about sfb&apos;s parameters. rehash, db, limit, max, target, increment, decrement, penalty_rate and penalty_burst are words of tc&apos;s sfb command: keep them.</comment>
        <translation></translation>
    </message>
    <message>
        <source>increment must be a fraction from 0 to 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>decrement must be a fraction from 0 to 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>db %1 ms is longer than rehash %2 ms: the filters are rebuilt before they warm up</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::SfqKind</name>
    <message>
        <source>perturb must be a whole number of seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an sfq limit must be above 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>avpkt must be above 0 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>probability must be a number such as 0.02</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the RED options need a redflowlimit (tc: Required parameter (redflowlimit) is missing)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sfq with RED, %1 B per flow</source>
        <extracomment>RED is the early-drop algorithm (random early detection); %1 its per-flow limit in bytes.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>sfq, rehash every %n s</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qs::SfqParams</name>
    <message>
        <source></source>
        <comment>Findings about sfq&apos;s parameters. The option names perturb, limit, divisor, depth and flows are words of tc&apos;s sfq command: keep them.</comment>
        <translation></translation>
    </message>
    <message>
        <source>perturb %1 s is negative; allowed 0 (never)…2147483647 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>limit 1 is refused by tc; allowed 2 packets and up (0: default 127)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>divisor %1 must be a power of two up to 65536 (0: default 1024)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>depth %1 is above %2 packets per flow: the kernel uses %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flows %1 is above %2: the kernel uses %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>limit %1 is above depth × flows (%2 × %3): the kernel uses %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max %1 is above redflowlimit %2 (tc: &quot;max&quot; is larger than &quot;limit&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>min %1 is not below max %2 (tc: &quot;min&quot; is not smaller than &quot;max&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>burst %1 is too small for min %2 and avpkt %3: tc needs at least %4 packets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>probability %1 is out of reach for min %2 and max %3 (tc cannot compute its slope)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max %1 bytes is too large for the averaging (Wlog %2): the kernel refuses it (EINVAL)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>probability %1 must be above 0 and at most 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the RED options (min, max, burst, avpkt, probability, ecn, harddrop) need a redflowlimit</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ShaperForms</name>
    <message>
        <source>Shaping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The long-term rate tbf lets through; faster traffic waits in the queue.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Burst</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many bytes may leave at once above the rate (the bucket); at least one full-size frame, better rate × 10 ms.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Limit by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tbf sizes its queue either by the longest a packet may wait or by bytes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The longest a packet may wait in the queue; tc turns it into a byte limit (rate × latency + burst).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many bytes may wait in the queue; more are dropped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The most a burst may reach; without it a burst leaves at line rate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak bucket</source>
        <extracomment>tbf&apos;s second bucket, for the peak rate (tc calls it mtu)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The bucket of the peak rate (tc&apos;s mtu): at least one full-size frame, 1514 bytes on Ethernet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Classes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The class (minor number, hex as tc writes it) that traffic no filter matched goes to; empty: it passes unshaped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a class minor; write it in hex like tc, e.g. 30</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none: unclassified traffic is not shaped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>r2q</source>
        <extracomment>htb&apos;s parameter name (rate to quantum): usually kept as tc writes it</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each class&apos;s quantum is its rate divided by this, unless the class sets one (tc&apos;s default is 10).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>divisor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rates are set on the classes: select one in the tree.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rate this class is guaranteed, whatever its siblings do.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ceil</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The most this class may reach by borrowing what its siblings leave unused.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>= rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many bytes may leave at once at full speed before the rate applies; auto is tc&apos;s rate / HZ + mtu.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ceil burst</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many bytes may leave at once at line speed before the ceil applies; auto is tc&apos;s ceil / HZ + mtu.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sharing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Priority</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Classes with a lower number borrow spare bandwidth first (0…7).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quantum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many bytes the class sends per turn when borrowing; auto is rate / r2q.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Link layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ATM (ADSL) links carry packets in 53-byte cells of 48 bytes: the rate then counts whole cells, as the modem sends them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ethernet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ATM (ADSL)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overhead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes the link adds to every packet (PPPoE, ATM headers), counted against the rate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Minimum packet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The least a packet is counted as (tc&apos;s mpu), e.g. 64 bytes on Ethernet; 0: its real size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Direct queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many packets may wait for the device when they bypass the classes (no default class); auto is the device&apos;s queue length.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>packets</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ShellArithmetic</name>
    <message>
        <source></source>
        <comment>Errors in a shell script&apos;s arithmetic ($(( … )), $[ … ]), as bash reports them.</comment>
        <translation></translation>
    </message>
    <message>
        <source>syntax error in expression (error token is &quot;%1&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expression nested too deeply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>syntax error: &quot;:&quot; expected for the conditional expression</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exponent less than 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>syntax error: ++ and -- need a variable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>syntax error: &quot;)&quot; expected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>syntax error: operand expected (error token is &quot;%1&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>syntax error: operand expected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>value too great for base (error token is &quot;%1&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expression recursion level exceeded (error token is &quot;%1&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>division by 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>syntax error in expression</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ShellEvaluator</name>
    <message>
        <source></source>
        <comment>What Qdisc Studio made of a pasted shell script without running it: commands it skipped, branches not taken, and what it could not work out. Shell words and syntax quoted in the messages (set -e, $TC, exit, return, -force, || true, $(…), `cmd`) stay as they are.</comment>
        <translation></translation>
    </message>
    <message>
        <source>stopped: the script handles too much text to be read here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a value grows beyond %1 characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped after %1 steps: the script runs too long to be read here (a loop without a bound?); loops without a bound are not run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot decide this: %1; the tc command at line %2 depends on it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not evaluated: %1; read as if the script goes on past the %2 it may take</source>
        <extracomment>%2 is a shell word: exit, return, break or continue</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not evaluated: %1; no tc command depends on it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it is set differently depending on line %1, which is not evaluated: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the shell&apos;s process id is not known here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the id of a background job is not known here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>given as %1=%2: this assignment is not made</source>
        <extracomment>%1 is a variable, %2 the value given for it on the command line or in the dialog</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the script stops here: %1 is not set, and set -u is on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is bash&apos;s and is not evaluated here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the script stops here: %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parameter null or not set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the value of %1 is too long to cut a pattern from here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the arithmetic %1 at line %2 fails: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this arithmetic fails: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it comes from $(…) at line %1, which has a syntax error: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it comes from $(…) at line %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it reads %1, which is not read here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>commands, functions and substitutions nested more than %1 deep</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>set -e: the script stops here, where a command fails</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not taken: %1 is false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not taken: else (the condition at line %1 holds)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this loop does not end within %1 rounds; loops without a bound are not run, and the tc commands in it depend on it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not evaluated: this loop does not end within %1 rounds; no tc command depends on it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not taken: %1 matched an earlier pattern</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not taken: %1 does not match %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a command with more than 10000 words</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not tc, skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not run here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a command: a tc -batch line here, or a variable meant to hold tc ($TC) is not set (give it, like TC=tc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the command&apos;s name is not known here: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not evaluated: the command&apos;s name is not known here: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the text given to %1 is not known here, and it may run tc: %2</source>
        <extracomment>%1 is eval, sh or bash</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>functions call each other more than %1 deep</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>whether %1 is defined: %2</source>
        <extracomment>%1 is a shell function&apos;s name</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its value is not known here: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the script runs more than %1 tc commands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tc&apos;s output is not known here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>set -e is on: on a device that holds nothing to delete, tc fails here and the script stops (add || true)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>-batch needs a file name after it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tc reads its commands from %1, which is not read here: paste the file&apos;s lines instead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tc reads its commands from standard input, which is not given here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the commands tc reads are not known here: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>without -force, tc -batch stops at the first line that fails: on a device that holds nothing to delete, this line fails and the lines after it are not run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>writes %1: not tc, skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[: missing &quot;]&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the script ends here: nothing after it runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not read: a file this script reads; what it sets is not known here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it may be set by %1, which line %2 reads and Qdisc Studio does not</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not read here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>getopts reads options only when the script runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it is read from standard input at line %1, when the script runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>read gets its input only when the script runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not run: this trap runs when the script ends or gets a signal (%1), and the tree it sets up is what is imported</source>
        <extracomment>%1 lists signals as the script names them: EXIT, INT, TERM</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shell options are not known here (-o %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file tests are not run here (%1 %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[[: invalid regular expression %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file tests are not run here (%1 %2 %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: integer expression expected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: unary operator expected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: binary operator expected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>too many arguments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>argument expected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;)&quot; expected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[[: syntax error near %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[[: nested too deeply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[[: &quot;)&quot; expected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[[: argument expected</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ShellLexer</name>
    <message>
        <source></source>
        <comment>Syntax problems in a pasted shell script, shown at the character they are about. Shell syntax quoted in the messages ($(, ${, `, &lt;&lt;) stays as it is.</comment>
        <translation></translation>
    </message>
    <message>
        <source>a here-document needs a delimiter word after %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this quote is never closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expansions nested too deeply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this $( is never closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this $[ is never closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this ${ is never closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bad substitution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this ` is never closed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ShellParser</name>
    <message>
        <source></source>
        <comment>Syntax errors in a pasted shell script. Shell words quoted in the messages (if, fi, then, do, done, case, esac, {, }, ( and so on) stay as they are.</comment>
        <translation></translation>
    </message>
    <message>
        <source>the script ends in the middle of a command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected end of line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected word here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this %1 is never closed: &quot;%2&quot; is missing</source>
        <extracomment>%1 opens a compound command (if, while, case, {), %2 the word that should close it (fi, done, esac, })</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected word here; expected &quot;%1&quot;</source>
        <extracomment>%1 is a shell word such as then, do, fi</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>commands nested too deeply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a function needs a name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a function&apos;s body must be a compound command, like { …; }</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>for (( … )) needs three expressions separated by &apos;;&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>for needs a variable name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this redirection has no target</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <extracomment>title of Help ▸ Keyboard shortcuts</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action</source>
        <extracomment>the keyboard shortcuts list&apos;s columns: what a key does, and the key</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Elsewhere</source>
        <extracomment>the keyboard shortcuts list&apos;s section of keys that are in no menu (the tree&apos;s toolbar)</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::SkbeditKind</name>
    <message>
        <source>queue_mapping must be at most 65535</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>priority must be a class id like 1:10</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mark must be a 32-bit number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the mark&apos;s mask must be a 32-bit number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ptype must be host, broadcast, multicast or otherhost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skbedit needs priority, mark, queue_mapping, ptype or inheritdsfield</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>priority %1</source>
        <extracomment>%1 a class id such as 1:10.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mark %1</source>
        <extracomment>%1 a firewall mark (number).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>queue %1</source>
        <extracomment>%1 a transmit queue number.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>type %1</source>
        <extracomment>%1 a packet type: host, broadcast, multicast, otherhost.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>priority from DS field</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>set %1</source>
        <extracomment>%1 lists what skbedit sets (&quot;mark 5, queue 2&quot;).</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::SkbeditParams</name>
    <message>
        <source>skbedit needs priority, mark, queue_mapping, ptype or inheritdsfield</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a mask needs a mark</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::SkbprioKind</name>
    <message numerus="yes">
        <source>skbprio, %n packet(s)</source>
        <extracomment>skbprio queues by packet priority; %n is its limit in packets.</extracomment>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qs::SkbprioParams</name>
    <message>
        <source></source>
        <comment>Findings about skbprio&apos;s parameters. limit is a word of tc&apos;s skbprio command: keep it.</comment>
        <translation></translation>
    </message>
    <message>
        <source>limit 0: the kernel takes it, and every packet is dropped</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::SshHost</name>
    <message>
        <source>the user name may hold letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos; (not first), at most 32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an IPv6 address goes in brackets: [fd00::1]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only :PORT may follow the host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the port after &apos;:&apos; is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the host is a name or an address: letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos; (not first), at most 253</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the port is a number from 1 to 65535</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::SshTarget</name>
    <message>
        <source>&quot;%1&quot; is not a remote target (ssh://[USER@]HOST[:PORT]/TARGET): %2</source>
        <extracomment>%1 is what was given, %2 what is wrong with it; ssh://[USER@]HOST[:PORT]/TARGET stays as it is</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it does not start with ssh://</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no TARGET follows the host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>after the host comes a target of that host: IF, NETNS/IF or docker:CONTAINER/IF</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::StoreFiles</name>
    <message>
        <source>only %1 of %2 bytes could be written</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::TargetBackend</name>
    <message>
        <source>the demo lab is not supported by this backend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scenarios play through the Qdisc Studio helper or, when running as root, in this process; this backend has neither: install the helper, or run as root</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this way to the kernel reaches no other host</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::TargetMap</name>
    <message>
        <source></source>
        <comment>Problems with a map of a profile&apos;s trees onto targets (&quot;eth0=lab/va,ifb0=lab/ifb1&quot;, the CLI&apos;s --map). Targets are written as targets are (isWellFormedTarget()) and stay as they are.</comment>
        <translation></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not FROM=TO: write each as a target the profile was made for, =, and the target to use, like eth0=lab/va</source>
        <extracomment>%1 is what was given; FROM and TO stand for targets (IF or NETNS/IF)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is mapped twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the map is empty: write FROM=TO, like eth0=lab/va</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>profile &quot;%1&quot; is made for any target: give the one to use, not a map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a target of profile &quot;%2&quot;; its targets: %3</source>
        <extracomment>%3 lists the profile&apos;s targets: &quot;eth0, ifb0&quot;</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 gets two trees</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>profile &quot;%1&quot; has trees for %2: map every one of them (%3 is not mapped)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the redirect from %1 to %2 would go from %3 to %4: a redirect stays in its own namespace</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::TargetMapDialog</name>
    <message>
        <source>Where each tree goes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” holds trees for several devices. Choose the target each goes onto; a redirect to one of them follows it.</source>
        <extracomment>%1 is a profile&apos;s name (or &quot;pasted commands&quot;)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2):</source>
        <extracomment>a row of the dialog: %1 is the device a tree was made for, %2 a summary of the tree</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::Targets</name>
    <message>
        <source>&quot;%1&quot; is not a target; write it as IF, NETNS/IF or docker:CONTAINER/IF (podman:CONTAINER/IF)</source>
        <extracomment>%1 is what was given; IF, NETNS/IF and docker:CONTAINER/IF stay as they are</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::TargetsPane</name>
    <message>
        <source>Interface</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Root qdisc</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interfaces of this machine and of its network namespaces. Choose one to load the tree the kernel holds on it, whoever built it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List the interfaces again (F5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Targets&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>namespace %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2, %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 containers</source>
        <extracomment>a group of the targets pane: &quot;Docker containers&quot;, &quot;Podman containers&quot;</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lab %1</source>
        <extracomment>%1 is the name of a containerlab topology</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>containerlab topology %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <extracomment>%1 is a container (or containerlab node), %2 its image, %3 its state (&quot;running&quot;, &quot;exited&quot;)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>container %1 (%2), image %3, %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2, %3, linked to %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <extracomment>an interface and where its veth leads, in the targets pane: &quot;eth1 → node2/eth1&quot;</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a host reached over ssh: its interfaces are listed here and its helper makes the changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, reached over ssh: its helper makes the changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A host to reach over ssh, with your keys and ~/.ssh/config: a name, an alias, or USER@HOST:PORT. Qdisc Studio and its helper must be installed there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (connecting…)</source>
        <extracomment>a host of the targets pane while ssh logs in</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::TbfKind</name>
    <message>
        <source>%1 is given twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give either limit or latency, not both</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mpu must be 0…65535 bytes (the kernel&apos;s field has 16 bits)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>overhead must be 0…65535 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>linklayer must be ethernet, atm or adsl</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tbf needs a rate above 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tbf needs a burst above 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a tbf peakrate needs an mtu</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tbf needs a limit or a latency above 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tbf %1, burst %2 B</source>
        <extracomment>%1 a rate (10 Mbit/s), %2 a number of bytes; B is the symbol for bytes.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, ATM, overhead %2 B</source>
        <extracomment>%1 is &quot;tbf 10 Mbit/s, burst 1514 B&quot;; ATM is the link layer (53-byte cells), overhead in bytes.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, overhead %2 B</source>
        <extracomment>%1 is &quot;tbf 10 Mbit/s, burst 1514 B&quot;; the overhead is bytes added to every packet.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::TbfParams</name>
    <message>
        <source></source>
        <comment>Findings about tbf&apos;s parameters (token bucket filter). The option names rate, burst, limit, latency, peakrate and mtu are words of tc&apos;s tbf command: keep them. Values in tc syntax (100ms, 10mbit, 1514b, 1%) stay as they are.</comment>
        <translation></translation>
    </message>
    <message>
        <source>a rate is required and must be above 0 (allowed 8bit…, e.g. 10mbit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a burst is required and must be above 0 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>burst %1 is below a full-size frame (%2): the kernel accepts it but drops every packet larger than the bucket; use at least %2, better rate × 10 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>limit must be above 0 bytes (or give a latency instead)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>latency must be above 0 (or give a limit in bytes instead)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>peakrate %1 must be above the rate %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a peakrate needs an mtu (the peak bucket), e.g. 1514b</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mtu %1 has no effect without a peakrate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>limit %1 is below the burst %2: bursts cannot be queued</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mpu %1 is above 65535 bytes, the most the kernel&apos;s 16-bit field holds</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::TcArgs</name>
    <message>
        <source></source>
        <comment>Errors about one value of a tc command, shown at the word they are about. tc&apos;s words (rate, burst, limit, the kinds netem, cake, … and their options) and examples in tc syntax (10mbit, 100ms, 32kb) stay as they are.</comment>
        <translation></translation>
    </message>
    <message>
        <source>the command ends too early</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; needs a value after it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown %1 option</source>
        <extracomment>%1 is a kind (netem, cake, htb class, u32, police, …).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 option &quot;%2&quot; is not supported by Qdisc Studio yet</source>
        <extracomment>%1 is a kind (tbf, htb, htb class, sfq, …), %2 the option word from the script.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be a percentage from 0 to 100, like 1% or 0.5%</source>
        <extracomment>%1 names the value: a tc option (loss, reorder, …) or a label such as &quot;delay correlation&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a %1 in percent of the link speed depends on the device; give bits per second, like 10mbit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be a rate like 10mbit, 512kbit or 1gbit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be a size like 1514, 32kb or 1mb</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the &quot;/cell&quot; suffix of %1 is not supported by Qdisc Studio yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be a time like 100ms, 1.5s or 500us</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be a time like 100ms, 500us or 800ns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be a hexadecimal number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be a whole number from 0 to 4294967295</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be a whole number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be a whole number from 0 to 65535</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be a number of packets like 100</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::TcBatch</name>
    <message>
        <source></source>
        <comment>Problems in the lines of a tc -batch file, as tc itself reports them.</comment>
        <translation></translation>
    </message>
    <message>
        <source>unterminated quoted string</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::TcCodec</name>
    <message>
        <source></source>
        <comment>Problems while turning a tree into netlink requests for the kernel: a missing netem distribution table (a file such as normal.dist from the iproute2 package), a mirred device that does not exist.</comment>
        <translation></translation>
    </message>
</context>
<context>
    <name>qs::TcEngine</name>
    <message>
        <source>%1: no such network interface</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no interface %2 in network namespace %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: creating the ifb device failed: %2 (load the ifb module: modprobe ifb)</source>
        <extracomment>%1 is a target (eth0, lab/ifb0), %2 the kernel&apos;s reason; &quot;modprobe ifb&quot; is a command to run.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: creating the ifb device failed: %2</source>
        <extracomment>%1 is a target (eth0, lab/ifb0), %2 the kernel&apos;s reason.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: reading qdiscs failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: reading classes failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: reading filters failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the request did not fit in a netlink message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the target does not read back as it was</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: reading statistics failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2: this node is a foreign one (raw options Qdisc Studio cannot check), and such a node is only kept where the kernel already holds it, exactly as read, never sent. Leave it as read from the kernel (and its parent as it is), or give it a kind Qdisc Studio knows. Nothing was changed</source>
        <extracomment>%1 a target, %2 a step (&quot;add qdisc 1: (cake) at root&quot;). A foreign node is one Qdisc Studio kept as the kernel reported it.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the tree on %1 is not the one this change was made for (it was changed since, by another change or someone else, or read again): nothing was changed; read the tree again or send it whole</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>class %1 (%2, parent %3) is not in the tree on %4: a change that adds, moves or re-kinds a class is sent as a whole tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qdisc %1 (%2) cannot change that in place (the kernel would have to replace it): it is sent as a whole tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no %1 qdisc at %2 on %3 to change: a change that adds or replaces a qdisc is sent as a whole tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a change addressed to one node holds exactly one class or one qdisc (it held %1 qdiscs, %2 classes and %3 filters)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>class %1 (%2) cannot change that in place (the kernel would keep what is not sent): it is sent as a whole tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: its container stopped or restarted since it was opened; open the target again</source>
        <extracomment>%1 is a target such as docker:r1/eth1</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::TcExporter</name>
    <message>
        <source>%1 qdisc %2 at %3 is kept as it is: Qdisc Studio cannot write its options</source>
        <extracomment>A comment in an exported tc script: %1 a qdisc kind (cake, fq, …), %2 its handle, %3 its parent.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 filter at %2 prio %3 is kept as it is: Qdisc Studio cannot write its options</source>
        <extracomment>A comment in an exported tc script: %1 a classifier kind (flower, bpf, …), %2 its parent, %3 its prio.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 class %2 is kept as it is: Qdisc Studio cannot write its options</source>
        <extracomment>A comment in an exported tc script: %1 a qdisc kind (hfsc, …), %2 a class id.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::TcImporter</name>
    <message>
        <source></source>
        <comment>Errors and warnings for tc commands pasted into Qdisc Studio, shown at the word they are about. Words of tc&apos;s command language (qdisc, class, filter, dev, parent, handle, classid, flowid, prio, the kinds netem, htb, u32, … and their options), the commands quoted in the messages, values in tc syntax (10mbit, 100ms, 1:10, 800::800) and the kernel&apos;s own messages in (&quot;…&quot;), with error names such as EINVAL or EBUSY, stay as they are: the user compares them with what tc prints.</comment>
        <translation></translation>
    </message>
    <message>
        <source>&quot;%1&quot; needs a value after it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a valid interface name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a tc command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only &quot;modprobe ifb&quot; is understood; other modules load by themselves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown ifb module option</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown ip option</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only &quot;ip link add NAME type ifb&quot; and &quot;ip link set dev NAME up&quot; are understood</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected &quot;type ifb&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only ifb devices are created by Qdisc Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected word after &quot;type ifb&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only &quot;ip link set dev NAME up&quot; is understood</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected word after &quot;up&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only an ifb device created above can be brought up here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only &quot;ip link add&quot; and &quot;ip link set&quot; are understood</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a valid namespace name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paste the batch file&apos;s lines themselves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown tc option</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected qdisc, class or filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected add, change, replace or del</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dev is given twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a second parent (%1) is given</source>
        <extracomment>%1 is the word that names it: root, ingress, clsact or parent.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a qdisc handle; write it like 1: or 10:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a parent id; write it like root, 1:1 or 1:10</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not supported by Qdisc Studio yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no device: add &quot;dev NAME&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no parent: the kernel deletes a qdisc only where it hangs (&quot;Classid cannot be zero&quot;); add &quot;root&quot;, &quot;ingress&quot; or &quot;parent ID&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no parent and no handle: add &quot;root&quot;, &quot;ingress&quot; or &quot;parent ID&quot; (the kernel refuses: &quot;Handle cannot be zero&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no parent: without one the kernel only changes an existing qdisc (&quot;Exclusivity flag on, cannot modify&quot;); add &quot;root&quot;, &quot;ingress&quot; or &quot;parent ID&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 hangs at the ingress hook; write &quot;tc qdisc add dev %2 %1&quot;</source>
        <extracomment>%1 is ingress or clsact, %2 a device; the quoted command stays as it is.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no qdisc kind given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no qdisc %1 on %2 to change (the kernel refuses: &quot;Specified qdisc not found&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <extracomment>A place: %1 a parent (root, ingress, 1:10), %2 a device (eth0, lab/veth1).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a qdisc already hangs at %1 (the kernel refuses: exclusivity flag on); use replace or change, or delete it first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing to change at %1; read as add</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the qdisc at %1 has handle %2, not %3; change cannot swap it (the kernel refuses: &quot;NLM_F_REPLACE needed to override&quot;): use replace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>handle %1 is already used at %2 on %3; the kernel would move that qdisc here, which Qdisc Studio does not model: delete it first or pick another handle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no qdisc %1 on %2 for parent %3 (the kernel refuses: &quot;Failed to find specified qdisc&quot;); create the parent first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no class %1 on %2 (the kernel refuses: &quot;Specified class not found&quot;); create the class first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>handle %1 is already used on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the qdisc at %1</source>
        <extracomment>%1 is a parent: root, ingress, 1:10.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is %2, not %3: the kernel changes a qdisc only in its own kind (&quot;Invalid qdisc name&quot;); replace it without a handle or with a new one, or delete it first</source>
        <extracomment>%1 is &quot;the qdisc at …&quot;, %2 and %3 qdisc kinds (netem, tbf, …).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has handle %2, not %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no change operation (the kernel refuses: &quot;Change operation not supported by specified qdisc&quot;); delete it and add it again, or replace it with a new handle</source>
        <extracomment>%1 is a qdisc kind (htb, sfq).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the qdisc at %1 has handle %2, not %3 (the kernel refuses: &quot;Invalid handle&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the qdisc at %1 is %2, not %3 (the kernel refuses: &quot;Invalid qdisc name&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a class id; write it like 1:10</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parent is given twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a parent id; write it like 1: or 1:1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not supported for classes by Qdisc Studio yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no classid: add &quot;classid MAJOR:MINOR&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no class %1 on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no class kind: add &quot;htb rate …&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no parent: add &quot;parent 1:&quot; or &quot;parent 1:1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>class %1 hangs at %2, not %3; the kernel cannot move a class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>class %1 already exists; use change or replace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no parent %1 for class %2 on %3 (the kernel refuses: create the parent first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no class %1 to change on %2; read as add</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>class %1 gets a child class: the kernel turns it into an inner class and destroys the %2 qdisc %3 hanging at it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give the qdisc the filter attaches to: &quot;parent 1:&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a parent id; write it like 1: or ffff:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prio is given twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prio must be 0…65535</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>protocol is given twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown protocol; use ip, ipv6, all, arp or a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no parent: add &quot;parent 1:&quot; (or &quot;parent ffff:&quot; for ingress)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a u32 handle; write it like 800::800</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no filter kind: add &quot;u32 match …&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>clsact takes filters only at its hooks: write &quot;ingress&quot; or &quot;egress&quot; instead of &quot;parent %1&quot; (the kernel refuses %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no class %1 on %2 to attach the filter to (the kernel refuses: &quot;Specified class doesn&apos;t exist&quot;); create the class first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 has no filter block at %3 (the kernel refuses it); attach the filter to %2 itself</source>
        <extracomment>%1 a qdisc kind, %2 its handle, %3 a parent id.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no qdisc %1 on %2 to attach the filter to (the kernel refuses: create it first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>change needs the prio of the filter to change (the kernel refuses: &quot;Invalid filter command with priority of zero&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prio %1 at %2 already holds filters for protocol %3; the kernel keeps one protocol per prio and refuses %4 there (&quot;Filter with specified priority/protocol not found&quot;): use another prio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a filter with this prio and handle already exists (the kernel refuses: &quot;Filter already exists&quot;); use replace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no filter %1 at prio %2 of %3 to change; read as add</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown qdisc kind; Qdisc Studio knows %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is only ever the root qdisc of a device (the kernel refuses it elsewhere)</source>
        <extracomment>%1 is a kind (mq, mqprio).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>class %1 has child classes: %2 grafts a qdisc only onto a leaf class (the kernel refuses with EINVAL); attach it to a leaf class</source>
        <extracomment>%1 a class id, %2 a kind (htb, hfsc).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (its classes and filters are then rebuilt)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no qdisc at %1 of %2 to delete (the kernel refuses: &quot;Cannot delete qdisc with handle of zero&quot; or ENOENT)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no qdisc at %1 of %2 to delete (the kernel refuses: ENOENT)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown class kind; Qdisc Studio edits the classes of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no %1 qdisc %2 on %3 for this class</source>
        <extracomment>%1 a kind (htb, hfsc), %2 a qdisc handle, %3 a device.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 classes hang at the qdisc itself, not at class %2</source>
        <extracomment>%1 a kind (drr, qfq), %2 a class id.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>class %1 has child classes (%2); the kernel refuses to delete it (&quot;%3 class in use&quot;, EBUSY): delete the children first</source>
        <extracomment>%1 and %2 class ids, %3 a kind (htb, hfsc).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the filter at %1 prio %2 sends traffic to class %3; the kernel refuses to delete a class in use (&quot;%4 class in use&quot;, EBUSY): delete the filter first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown filter kind; Qdisc Studio edits %1 filters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a %1 handle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>change needs the handle of the filter to change: without one the kernel finds none (ENOENT); add &quot;handle …&quot;, or use replace to add one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prio %1 at %2 already holds %3 filters; the kernel refuses a %4 filter there (&quot;Specified filter kind does not match existing one&quot;): use another prio</source>
        <extracomment>%3 and %4 are filter kinds (flower, u32).</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::TcOperation</name>
    <message>
        <source></source>
        <comment>The steps of applying a tree, shown in plans and in error messages (&quot;eth0: add qdisc 1: (netem) at root: …&quot;). They follow tc&apos;s commands: the words qdisc, class, filter and prio, kinds such as (netem) and ids such as 1:10 or root stay as they are.</comment>
        <translation></translation>
    </message>
    <message>
        <source>(auto)</source>
        <extracomment>A qdisc without a handle of its own: the kernel picks one. Stands for the handle in &quot;add qdisc (auto) (sfq) at 1:10&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>delete filters of %1 prio %2</source>
        <extracomment>%1 is a parent (1:, ffff:), %2 a prio (number).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>delete class %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>delete qdisc %1 (%2) at %3</source>
        <extracomment>%1 a handle (1:), %2 a kind (netem), %3 a parent (root, 1:10).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>add qdisc %1 (%2) at %3</source>
        <extracomment>%1 a handle (1:), %2 a kind (netem), %3 a parent (root, 1:10).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replace qdisc %1 (%2) at %3</source>
        <extracomment>%1 a handle (1:), %2 a kind (netem), %3 a parent (root, 1:10).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>change qdisc %1 (%2) at %3</source>
        <extracomment>%1 a handle (1:), %2 a kind (netem), %3 a parent (root, 1:10).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>add class %1 at %2</source>
        <extracomment>%1 a class id (1:10), %2 its parent (1:, 1:1).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>change class %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>add filter at %1 prio %2</source>
        <extracomment>%1 is a parent (1:, ffff:), %2 a prio (number).</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::TcShowReader</name>
    <message>
        <source></source>
        <comment>Messages about pasted output of &quot;tc qdisc|class|filter show&quot;, read back into tc commands.</comment>
        <translation></translation>
    </message>
    <message>
        <source>tc&apos;s warning, skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a qdisc, class or filter as tc shows them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tc&apos;s output names no device: read as %1, the tree goes onto the target it is applied to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tc prints &quot;root&quot; or &quot;parent&quot; here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the kernel&apos;s own %1 qdisc of %2 (handle 0:), left out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a filter as tc shows it names its kind after its pref</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the filter shows no parent (tc was asked for one parent&apos;s filters): read as %1, the ingress qdisc&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the filter shows no parent: paste the &quot;tc filter show … parent P&quot; line above it too</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tc prints the action&apos;s kind here</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::TcSummary</name>
    <message>
        <source></source>
        <comment>One-line summaries of qdiscs, classes, filters and trees, as shown in tree rows, profile lists and the command line. Kind names at the start (netem, tbf, htb, sfq, fq_codel, pfifo, bfifo, prio, ingress, clsact, u32), handles (1:10) and the values inserted for %1 (100 ms, 10 Mbit/s, 1 %) stay as they are.</comment>
        <translation></translation>
    </message>
    <message>
        <source>default qdisc</source>
        <extracomment>A device whose qdiscs are the kernel&apos;s defaults.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n more qdisc(s)</source>
        <extracomment>After the root qdisc&apos;s summary: how many qdiscs hang below it.</extracomment>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n class(es)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filter(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>class %1</source>
        <extracomment>Where a filter sends what it matches; %1 a class id such as 1:10.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::TcTokenizer</name>
    <message>
        <source></source>
        <comment>Problems in a pasted shell script, before its tc commands are read. Shell syntax quoted in the messages (&quot;|| true&quot;, /dev/null, $VAR) stays as it is.</comment>
        <translation></translation>
    </message>
    <message>
        <source>line %1, column %2</source>
        <extracomment>Where a problem is in a pasted script: &quot;line 3, column 17: &quot;foo&quot;: unknown netem option&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this needs a shell (sub-shells, command substitution); paste the tc commands themselves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this needs a shell (pipes, sub-shells, background jobs); paste the tc commands themselves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only &quot;|| true&quot; is understood after a command; other shell logic is not run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this needs a shell (command substitution); write the value itself</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shell variables and substitutions are not expanded; write the value itself</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only redirections to /dev/null are understood; other redirections need a shell</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shell variables are not expanded; write the value itself</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this quote is never closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this redirection has no target; only redirections to /dev/null are understood</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::TimeWindow</name>
    <message>
        <source>s</source>
        <extracomment>time axis unit after each tick label: seconds</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>30 s</source>
        <extracomment>chart button: show the last 30 seconds</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>min</source>
        <extracomment>time axis unit after each tick label: minutes</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>5 min</source>
        <extracomment>chart button: show the last 5 minutes</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 h</source>
        <extracomment>chart button: show the last hour</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::TimelineBlock</name>
    <message>
        <source>the device&apos;s default</source>
        <extracomment>a scenario step that removes every qdisc: the device&apos;s default comes back</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>profile “%1”</source>
        <extracomment>a scenario step that names a saved profile; %1 is its name</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>preset “%1”</source>
        <extracomment>a scenario step that names a built-in preset; %1 is its name</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 → %3</source>
        <extracomment>a ramp on the timeline: %1 the parameter (&quot;tbf.rate&quot;), %2 its start, %3 its end (&quot;10mbit&quot;)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>holds the condition before it</source>
        <extracomment>a scenario step that changes nothing on this target: what was in effect stays</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::TimelineWidget</name>
    <message>
        <source>Scenario timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loop %1 / ∞</source>
        <extracomment>which pass of a scenario plays: %1 this one, %2 how many (&quot;Loop 2 / 3&quot;)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loop %1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No scenario chosen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paused in step %1 of %2 · %3</source>
        <extracomment>%1 the step, %2 how many, %3 &quot;0:42 / 2:00&quot;</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1 of %2 · %3</source>
        <extracomment>%1 the step, %2 how many, %3 &quot;0:42 / 2:00&quot;</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 · %3</source>
        <extracomment>tool tip of a step on the timeline: %1 its name, %2 its length (&quot;20s&quot;), %3 what it holds</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click to jump to this step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not playing · %1</source>
        <extracomment>the timeline when nothing plays: %1 &quot;0:00 / 2:30&quot;</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::TreeJson</name>
    <message>
        <source></source>
        <comment>Errors in a profile or tree file, each after the path of the value it is about (&quot;trees[0].qdiscs[1].params.delay: is required&quot;). JSON keys, the values quoted from the file and examples in tc syntax (&quot;10mbit&quot;, &quot;100ms&quot;, &quot;1:10&quot;, &quot;800::800&quot;) stay as they are.</comment>
        <translation></translation>
    </message>
    <message>
        <source>unknown key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected an array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a foreign qdisc needs its kind and base64 options</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a qdisc kind Qdisc Studio knows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a protocol; use ip, ipv6, all or a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected base64</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing or not a whole number; this is not a Qdisc Studio %1</source>
        <extracomment>%1 says what the file should be: &quot;profile&quot; or &quot;tree document&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was written by a newer Qdisc Studio; this version reads %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a valid version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not valid JSON at byte %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected %1</source>
        <extracomment>%1 says what was wanted: &quot;a JSON object at the top&quot;, …</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a JSON object {&quot;schemaVersion&quot;: 1, &quot;tree&quot;: {...}}</source>
        <extracomment>What a tree document must be, after &quot;expected&quot;; the JSON stays as it is.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tree document</source>
        <extracomment>What a file is, in &quot;this is not a Qdisc Studio tree document&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing</source>
        <extracomment>After the JSON key &quot;tree: &quot;: the document has no tree.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a class kind Qdisc Studio knows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a filter kind Qdisc Studio knows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a %2 handle; write it as tc does</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a string like &quot;mirred egress redirect dev ifb0&quot;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::TreeModel</name>
    <message>
        <source>Read from the kernel and kept as it is; Qdisc Studio does not edit it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 filter for %2 (kept as it is)</source>
        <extracomment>summary of a filter Qdisc Studio does not edit; %1 is its tc kind (&quot;flower&quot;), %2 the protocol as tc names it (&quot;ip&quot;)</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::U32Kind</name>
    <message>
        <source>the match value must be a number up to 0x%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the match mask must be a hexadecimal number up to 0x%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;at&quot; is only supported on u32, u16 and u8 matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the offset must be a whole number of bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a u32 match needs an offset that is a multiple of 4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not an IPv4 address; write it like 198.18.0.1/32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the prefix length must be 0…32 or a contiguous mask like 255.255.0.0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this u32 option is not supported by Qdisc Studio yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>two matches contradict each other on the same bits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected an array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a string like &quot;ip dst 198.18.0.0/15&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>two matches of the filter contradict each other</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all traffic</source>
        <extracomment>What a u32 filter without matches catches: &quot;u32 all traffic → class 1:10&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected one line of words</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected word</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not an IPv6 address; write it like 2001:db8::1/128</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the prefix length of an IPv6 address is 0…128</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an ip match is src, dst, tos, dsfield, ihl, protocol, precedence, nofrag, firstfrag, df, mf, sport, dport, icmp_type or icmp_code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an ip6 match is src, dst, priority, protocol, flowlabel, sport, dport, icmp_type or icmp_code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a %1 match is src or dst (the port)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an icmp match is type or code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a hash table&apos;s handle is a table id alone, like 42: (not %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give the table a handle like 42:, so that filters can name it (ht, link) and it reads back as yours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tables from 800: up with one bucket are where the kernel keeps each prio&apos;s own and read back as such: number yours below 800:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the handle names another table or bucket than &quot;ht&quot; (the kernel refuses it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Illegal &quot;divisor&quot;: a hash table has 1, 2, 4, … or 256 buckets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Illegal &quot;order&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Illegal &quot;link&quot;: write a table like 43:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;link&quot; must be a hash table.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Illegal &quot;ht&quot;: write a table like 43: or a bucket like 43:1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;ht&quot; must be a hash table.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;sample&quot; must contain exactly ONE key.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Illegal sample &quot;divisor&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;order&quot; contradicts &quot;handle&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the filter needs a flowid (the class to send traffic to), an action or a link to a table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Illegal &quot;hashkey&quot;: the mask is a hexadecimal word</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Illegal &quot;hashkey&quot;: its offset is a multiple of 4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Illegal &quot;offset&quot;: plus takes a number of bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Illegal &quot;offset&quot;: at takes a number of bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>offset &quot;at&quot; must be even</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Illegal &quot;offset&quot;: the mask is a hexadecimal 16-bit word</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Illegal &quot;offset&quot;: shift takes a number of bits</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>u32 hash table %1 of %n bucket(s)</source>
        <extracomment>A u32 hash table: &quot;u32 hash table 42: of 256 buckets&quot;.</extracomment>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>in table %1</source>
        <extracomment>Where a u32 filter sits: &quot;ip dst 10.0.0.0/8 in table 43:1&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>→ table %1</source>
        <extracomment>A u32 filter that sends matching packets on to another table.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a table like 43:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a table like 43: or a bucket like 43:1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Illegal &quot;mark&quot; value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Illegal &quot;mark&quot; mask</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Illegal &quot;mark&quot; (impossible combination)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this match is not supported by Qdisc Studio yet; use ip, ip6, tcp, udp, icmp, mark, u32, u16 or u8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, in from %1</source>
        <extracomment>A u32 filter for packets that came in on a device: &quot;…, in from eth1&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; takes no prefix length; write &quot;%1&quot; alone or %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::U32Match</name>
    <message>
        <source>value and mask must fit %1 bits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>offset %1 is out of range 0…65535</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a u32 match needs an offset that is a multiple of 4, not %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an IPv6 prefix is 0…128 bits long, not %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::U32Params</name>
    <message>
        <source>two matches contradict each other on the same bits; the filter could never match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a hash table has 1, 2, 4, … or 256 buckets, not %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a hash table (divisor) takes no matches, ht, link, hashkey or offset: those belong to the filters that go in it</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n key(s); u32 holds at most 128</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>&quot;ht&quot; names a table and a bucket (HT:BKT), not a filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;link&quot; must be a hash table (HT:), not a bucket or a filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hashkey picks a bucket of the linked table; without &quot;link&quot; it does nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hashkey&apos;s offset must be a multiple of 4, not %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>offset &quot;at&quot; must be even, not %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ValidationIssue</name>
    <message>
        <source>error</source>
        <extracomment>The severity that starts a finding: &quot;error: qdisc 1: (netem).delay: …&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::main</name>
    <message>
        <source>in-process engine (running as root, no system bus)</source>
        <extracomment>status bar: where changes go, when no system bus runs (containers, CI machines)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in-process engine (running as root, no helper installed on the system bus)</source>
        <extracomment>status bar: where changes go, when the helper is not installed (a build tree)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>helper not reachable: no system bus runs</source>
        <extracomment>status bar: changes cannot reach the kernel; the helper lives on the system bus</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--target needs a TARGET (see qdisc-studio targets)</source>
        <extracomment>the window&apos;s command line; keep --target as it is</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--demo and --target cannot go together</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
