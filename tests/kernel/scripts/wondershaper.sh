#!/bin/bash
# A shaper in the shape of the classic Wonder Shaper (as posted to the LARTC list in 2003):
# an htb tree with three classes, sfq leaves, u32 filters that put interactive traffic and
# bare ACKs first, and an ingress policer for what comes in. Written for Qdisc Studio's
# tests: bash and tc build its tree on a test device, and the importer must build the same.
#
# Set the figures somewhat below the real link speeds, in kilobits, and the device to shape.

DOWNLINK=1000
UPLINK=1000
DEV=eth0

# Low-priority destination ports, a blank-separated list; none here.
NOPRIOPORTDST=

if [ "$1" = "status" ]
then
	tc -s qdisc ls dev $DEV
	tc -s class ls dev $DEV
	exit
fi

# Start from a clean device; complaints about nothing to delete go nowhere.
tc qdisc del dev $DEV root    2> /dev/null > /dev/null
tc qdisc del dev $DEV ingress 2> /dev/null > /dev/null

if [ "$1" = "stop" ]
then
	exit
fi

###### uplink

# The root: traffic no filter claims goes to 1:20.
tc qdisc add dev $DEV root handle 1: htb default 20

# Everything at the uplink's speed, so that the modem's own queue stays short.
tc class add dev $DEV parent 1: classid 1:1 htb rate ${UPLINK}kbit burst 6k

# Interactive traffic first.
tc class add dev $DEV parent 1:1 classid 1:10 htb rate ${UPLINK}kbit \
   burst 6k prio 1

# Bulk, the default: a little less, and behind 1:10.
tc class add dev $DEV parent 1:1 classid 1:20 htb rate $[9*$UPLINK/10]kbit \
   burst 6k prio 2

# Low priority: less again.
tc class add dev $DEV parent 1:1 classid 1:30 htb rate $[8*$UPLINK/10]kbit \
   burst 6k prio 2

# Fairness inside each class.
tc qdisc add dev $DEV parent 1:10 handle 10: sfq perturb 10
tc qdisc add dev $DEV parent 1:20 handle 20: sfq perturb 10
tc qdisc add dev $DEV parent 1:30 handle 30: sfq perturb 10

# TOS minimum delay (ssh, not scp) into 1:10.
tc filter add dev $DEV parent 1:0 protocol ip prio 10 u32 \
      match ip tos 0x10 0xff  flowid 1:10

# ICMP into 1:10 as well, so that a ping measures the link and not the queue.
tc filter add dev $DEV parent 1:0 protocol ip prio 10 u32 \
	match ip protocol 1 0xff flowid 1:10

# Bare ACKs into 1:10, so that downloads go on at full speed while uploading: TCP, an IP
# header of five words, a total length below 64 bytes, and only the ACK flag set.
tc filter add dev $DEV parent 1: protocol ip prio 10 u32 \
   match ip protocol 6 0xff \
   match u8 0x05 0x0f at 0 \
   match u16 0x0000 0xffc0 at 2 \
   match u8 0x10 0xff at 33 \
   flowid 1:10

for a in $NOPRIOPORTDST
do
	tc filter add dev $DEV parent 1: protocol ip prio 14 u32 \
	   match ip dport $a 0xffff flowid 1:30
done

# The rest is bulk.
tc filter add dev $DEV parent 1: protocol ip prio 18 u32 \
   match ip dst 0.0.0.0/0 flowid 1:20

########## downlink

# Police what comes in a little below the line's speed, so that the ISP's queue stays short.
tc qdisc add dev $DEV handle ffff: ingress

tc filter add dev $DEV parent ffff: protocol ip prio 50 u32 match ip src \
   0.0.0.0/0 police rate ${DOWNLINK}kbit burst 10k drop flowid :1
