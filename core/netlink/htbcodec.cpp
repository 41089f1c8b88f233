// htb: the qdisc (TCA_HTB_INIT, direct_qlen) and its classes (TCA_HTB_PARMS with 64-bit rates).
// Bursts are always sent, as tc computes them: libnl's defaults fall below the MTU at 10 Gbit.
#include "pschedclock.h"
#include "tccodec.h"

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/pkt_sched.h>

#include <cstring>

namespace qs::TcCodec {

namespace {

/** tc's default bucket when none is given: one clock tick's worth of bytes plus the MTU. */
quint32 defaultBucket(quint64 rate, quint32 mtu, const PschedClock &clock)
{
    return quint32(rate / clock.hz() + mtu);
}

/** Reads a bucket back from ticks: the default (nullopt) when it fits, else the roundest size. */
std::optional<quint32> bucketFromTicks(quint64 rate, quint32 ticks, const PschedClock &clock)
{
    if (rate == 0)
        return 0u;
    const quint32 estimate = clock.xmitSize(rate, ticks);
    // tc's round trip loses up to a microsecond and a tick on each side: search a few of each.
    const quint64 span = 3 * quint64(double(rate) / 1e6) + 64;
    quint64 low = estimate > span ? estimate - span : 0;
    quint64 high = std::min<quint64>(quint64(estimate) + span, 0xFFFFFFFFu);
    while (low <= high && clock.xmitTime(rate, quint32(low)) < ticks)
        ++low;
    while (high >= low && clock.xmitTime(rate, quint32(high)) > ticks)
        --high;
    if (low > high)
        return estimate;
    const quint32 fallback = defaultBucket(rate, HtbClassParams::DefaultMtu, clock);
    if (fallback >= low && fallback <= high)
        return std::nullopt;
    return roundestInRange(quint32(low), quint32(high), quint32(low));
}

} // namespace

bool encodeHtbQdisc(nl_msg *msg, const HtbQdiscParams &p)
{
    tc_htb_glob glob{};
    glob.version = 3;
    glob.rate2quantum = p.r2q;
    glob.defcls = p.defaultClass;
    nlattr *nest = nla_nest_start(msg, TCA_OPTIONS);
    if (!nest || nla_put(msg, TCA_HTB_INIT, sizeof(glob), &glob))
        return false;
    if (p.directQlen && nla_put_u32(msg, TCA_HTB_DIRECT_QLEN, *p.directQlen))
        return false;
    nla_nest_end(msg, nest);
    return true;
}

std::optional<HtbQdiscParams> decodeHtbQdisc(const nlattr *options)
{
    nlattr *tb[TCA_HTB_MAX + 1] = {};
    if (!options || nla_parse_nested(tb, TCA_HTB_MAX, const_cast<nlattr *>(options), nullptr) < 0 || !tb[TCA_HTB_INIT] ||
        nla_len(tb[TCA_HTB_INIT]) < int(sizeof(tc_htb_glob)))
        return std::nullopt;
    if (tb[TCA_HTB_OFFLOAD])
        return std::nullopt;
    tc_htb_glob glob;
    std::memcpy(&glob, nla_data(tb[TCA_HTB_INIT]), sizeof(glob));
    HtbQdiscParams p;
    p.r2q = glob.rate2quantum;
    p.defaultClass = glob.defcls;
    // The kernel always reports direct_qlen; the model keeps it only when it was chosen, so a
    // read tree says "unset" (the device's queue length) rather than inventing a choice.
    p.directQlen = std::nullopt;
    return p;
}

tc_htb_opt htbClassOptions(const HtbClassParams &p, const PschedClock &clock)
{
    const quint64 ceil = p.effectiveCeil();
    tc_htb_opt opt{};
    opt.rate = rateSpec(p.rateBytesPerSecond, p.mtu, p.overhead);
    opt.ceil = rateSpec(ceil, p.mtu, p.overhead);
    opt.buffer = clock.xmitTime(p.rateBytesPerSecond, p.burstBytes.value_or(defaultBucket(p.rateBytesPerSecond, p.mtu, clock)));
    opt.cbuffer = clock.xmitTime(ceil, p.cburstBytes.value_or(defaultBucket(ceil, p.mtu, clock)));
    opt.quantum = p.quantum;
    opt.prio = p.prio;
    return opt;
}

bool encodeClass(nl_msg *msg, const HtbClassParams &p, const Context &context, QString *)
{
    const quint64 ceil = p.effectiveCeil();
    const tc_htb_opt opt = htbClassOptions(p, *context.clock);
    if (nla_put_string(msg, TCA_KIND, "htb"))
        return false;
    nlattr *nest = nla_nest_start(msg, TCA_OPTIONS);
    if (!nest)
        return false;
    if (p.rateBytesPerSecond >= (1ULL << 32) && nla_put_u64(msg, TCA_HTB_RATE64, p.rateBytesPerSecond))
        return false;
    if (ceil >= (1ULL << 32) && nla_put_u64(msg, TCA_HTB_CEIL64, ceil))
        return false;
    if (nla_put(msg, TCA_HTB_PARMS, sizeof(opt), &opt))
        return false;
    nla_nest_end(msg, nest);
    return true;
}

std::optional<HtbClassParams> decodeHtbClass(const nlattr *options, const Context &context, quint32 r2q)
{
    nlattr *tb[TCA_HTB_MAX + 1] = {};
    if (!options || nla_parse_nested(tb, TCA_HTB_MAX, const_cast<nlattr *>(options), nullptr) < 0 || !tb[TCA_HTB_PARMS] ||
        nla_len(tb[TCA_HTB_PARMS]) < int(sizeof(tc_htb_opt)))
        return std::nullopt;
    tc_htb_opt opt;
    std::memcpy(&opt, nla_data(tb[TCA_HTB_PARMS]), sizeof(opt));
    if (opt.rate.mpu || opt.rate.linklayer == TC_LINKLAYER_ATM)
        return std::nullopt;
    HtbClassParams p;
    p.rateBytesPerSecond = tb[TCA_HTB_RATE64] ? nla_get_u64(tb[TCA_HTB_RATE64]) : opt.rate.rate;
    p.ceilBytesPerSecond = tb[TCA_HTB_CEIL64] ? nla_get_u64(tb[TCA_HTB_CEIL64]) : opt.ceil.rate;
    p.overhead = opt.rate.overhead;
    p.prio = opt.prio;
    p.burstBytes = bucketFromTicks(p.rateBytesPerSecond, opt.buffer, *context.clock);
    p.cburstBytes = bucketFromTicks(p.ceilBytesPerSecond, opt.cbuffer, *context.clock);
    // The kernel reports the quantum it uses; one it derived from r2q reads as "automatic".
    const quint64 derived = r2q ? std::clamp<quint64>(p.rateBytesPerSecond / r2q, 1000, 200000) : 0;
    p.quantum = opt.quantum == derived ? 0 : opt.quantum;
    return p;
}

} // namespace qs::TcCodec
