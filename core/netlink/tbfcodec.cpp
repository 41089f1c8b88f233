// tbf: TCA_TBF_PARMS plus the burst in bytes (TCA_TBF_BURST) and 64-bit rates, as tc sends
// them. libnl would send the burst only as whole-microsecond ticks, which can leave the bucket
// one byte short of the MTU and drop every full-size frame (NETLINK-NOTES.md).
#include "pschedclock.h"
#include "tccodec.h"

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/pkt_sched.h>

#include <cstring>

namespace qs::TcCodec {

namespace {

/** The byte count whose kernel-side time, in ticks, is @p ticks at @p rate. */
quint32 bytesForKernelTicks(quint64 rate, quint32 ticks)
{
    if (rate == 0)
        return 0;
    const auto toTicks = [&](quint64 bytes) { return PschedClock::kernelLengthToNs(rate, quint32(std::min<quint64>(bytes, 0xFFFFFFFFu))) >> 6; };
    const quint64 estimate = quint64(double(ticks) * 64e-9 * double(rate));
    // Walk to the edges of the run of byte counts that land on these ticks.
    const quint64 span = 3 * quint64(double(rate) * 64e-9) + 64;
    quint64 low = estimate > span ? estimate - span : 0;
    quint64 high = std::min<quint64>(estimate + span, 0xFFFFFFFFu);
    while (low <= high && toTicks(low) < ticks)
        ++low;
    while (high >= low && toTicks(high) > ticks)
        --high;
    if (low > high)
        return quint32(std::min<quint64>(estimate, 0xFFFFFFFFu));
    return roundestInRange(quint32(low), quint32(high), quint32(low));
}

} // namespace

bool encodeTbf(nl_msg *msg, const TbfParams &p, const Context &context, QString *)
{
    tc_tbf_qopt opt{};
    opt.rate = rateSpec(p.rateBytesPerSecond, p.mtu);
    opt.limit = p.effectiveLimitBytes();
    opt.buffer = context.clock->xmitTime(p.rateBytesPerSecond, p.burstBytes);
    if (p.peakRateBytesPerSecond) {
        opt.peakrate = rateSpec(p.peakRateBytesPerSecond, p.mtu);
        opt.mtu = context.clock->xmitTime(p.peakRateBytesPerSecond, p.mtu);
    }
    nlattr *nest = nla_nest_start(msg, TCA_OPTIONS);
    if (!nest || nla_put(msg, TCA_TBF_PARMS, sizeof(opt), &opt) || nla_put_u32(msg, TCA_TBF_BURST, p.burstBytes))
        return false;
    if (p.rateBytesPerSecond >= (1ULL << 32) && nla_put_u64(msg, TCA_TBF_RATE64, p.rateBytesPerSecond))
        return false;
    if (p.peakRateBytesPerSecond) {
        if (p.peakRateBytesPerSecond >= (1ULL << 32) && nla_put_u64(msg, TCA_TBF_PRATE64, p.peakRateBytesPerSecond))
            return false;
        if (nla_put_u32(msg, TCA_TBF_PBURST, p.mtu))
            return false;
    }
    nla_nest_end(msg, nest);
    return true;
}

std::optional<TbfParams> decodeTbf(const nlattr *options)
{
    nlattr *tb[TCA_TBF_MAX + 1] = {};
    if (!options || nla_parse_nested(tb, TCA_TBF_MAX, const_cast<nlattr *>(options), nullptr) < 0 || !tb[TCA_TBF_PARMS] ||
        nla_len(tb[TCA_TBF_PARMS]) < int(sizeof(tc_tbf_qopt)))
        return std::nullopt;
    tc_tbf_qopt opt;
    std::memcpy(&opt, nla_data(tb[TCA_TBF_PARMS]), sizeof(opt));
    // Overheads and ATM cells are beyond the model: keep such a node as it is.
    if (opt.rate.overhead || opt.rate.mpu || opt.rate.linklayer == TC_LINKLAYER_ATM)
        return std::nullopt;
    TbfParams p;
    p.rateBytesPerSecond = tb[TCA_TBF_RATE64] ? nla_get_u64(tb[TCA_TBF_RATE64]) : opt.rate.rate;
    p.peakRateBytesPerSecond = tb[TCA_TBF_PRATE64] ? nla_get_u64(tb[TCA_TBF_PRATE64]) : opt.peakrate.rate;
    p.limitMode = TbfParams::LimitMode::Bytes;
    p.limitBytes = opt.limit;
    p.burstBytes = bytesForKernelTicks(p.rateBytesPerSecond, opt.buffer);
    if (p.peakRateBytesPerSecond)
        p.mtu = bytesForKernelTicks(p.peakRateBytesPerSecond, opt.mtu);
    return p;
}

} // namespace qs::TcCodec
