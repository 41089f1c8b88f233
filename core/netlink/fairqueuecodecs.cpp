// sfq (a raw tc_sfq_qopt_v1) and fq_codel (nested attributes, only those that are set).
#include "tccodec.h"

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/pkt_sched.h>

#include <cstring>

namespace qs::TcCodec {

namespace {

/** The kernel keeps CoDel times in 1024 ns units: what a microsecond value reads back as. */
quint32 codelRoundTrip(quint32 us)
{
    const quint64 codel = (quint64(us) * 1000) >> 10;
    return quint32((codel << 10) / 1000);
}

/** The microsecond value a person most likely gave, among those the kernel reads back as @p us. */
quint32 codelTimeFromKernel(quint32 us)
{
    quint32 best = us;
    for (quint32 candidate = us; candidate <= us + 2; ++candidate) {
        if (codelRoundTrip(candidate) != us)
            continue;
        for (quint32 unit : {1000000u, 1000u, 100u, 10u}) {
            if (candidate % unit == 0 && best % unit != 0) {
                best = candidate;
                break;
            }
        }
    }
    return best;
}

} // namespace

bool encodeSfq(nl_msg *msg, const SfqParams &p)
{
    tc_sfq_qopt_v1 opt{};
    opt.v0.quantum = p.quantum;
    opt.v0.perturb_period = p.perturbSeconds;
    opt.v0.limit = p.limit;
    opt.v0.divisor = p.divisor;
    opt.v0.flows = p.flows;
    opt.depth = p.depth;
    opt.headdrop = p.headdrop ? 1 : 0;
    return nla_put(msg, TCA_OPTIONS, sizeof(opt), &opt) == 0;
}

std::optional<SfqParams> decodeSfq(const nlattr *options)
{
    if (!options || nla_len(options) < int(sizeof(tc_sfq_qopt)))
        return std::nullopt;
    tc_sfq_qopt_v1 opt{};
    std::memcpy(&opt, nla_data(options), std::min<size_t>(sizeof(opt), size_t(nla_len(options))));
    if (opt.qth_min || opt.qth_max || opt.limit) // SFQ-RED is beyond the model
        return std::nullopt;
    SfqParams p;
    p.quantum = opt.v0.quantum;
    p.perturbSeconds = opt.v0.perturb_period;
    p.limit = opt.v0.limit;
    p.divisor = opt.v0.divisor;
    p.flows = opt.v0.flows;
    p.depth = opt.depth;
    p.headdrop = opt.headdrop != 0;
    return p;
}

bool encodeFqCodel(nl_msg *msg, const FqCodelParams &p)
{
    nlattr *nest = nla_nest_start(msg, TCA_OPTIONS);
    if (!nest)
        return false;
    const auto put = [&](int type, quint32 value) { return value == 0 || nla_put_u32(msg, type, value) == 0; };
    if (!put(TCA_FQ_CODEL_LIMIT, p.limit) || !put(TCA_FQ_CODEL_FLOWS, p.flows) || !put(TCA_FQ_CODEL_QUANTUM, p.quantum) ||
        !put(TCA_FQ_CODEL_TARGET, p.targetUs) || !put(TCA_FQ_CODEL_INTERVAL, p.intervalUs) ||
        !put(TCA_FQ_CODEL_MEMORY_LIMIT, p.memoryLimit) || !put(TCA_FQ_CODEL_DROP_BATCH_SIZE, p.dropBatch))
        return false;
    if (p.ceThresholdUs && nla_put_u32(msg, TCA_FQ_CODEL_CE_THRESHOLD, *p.ceThresholdUs))
        return false;
    if (p.ecn && nla_put_u32(msg, TCA_FQ_CODEL_ECN, *p.ecn ? 1 : 0))
        return false;
    nla_nest_end(msg, nest);
    return true;
}

std::optional<FqCodelParams> decodeFqCodel(const nlattr *options)
{
    nlattr *tb[TCA_FQ_CODEL_MAX + 1] = {};
    if (!options || nla_parse_nested(tb, TCA_FQ_CODEL_MAX, const_cast<nlattr *>(options), nullptr) < 0)
        return std::nullopt;
    // Kernels report the selector and mask (zeros) with every ce_threshold; a real one is beyond the model.
    if (tb[TCA_FQ_CODEL_CE_THRESHOLD_MASK] && nla_get_u8(tb[TCA_FQ_CODEL_CE_THRESHOLD_MASK]) != 0)
        return std::nullopt;
    const auto get = [&](int type) { return tb[type] ? nla_get_u32(tb[type]) : 0u; };
    FqCodelParams p;
    p.limit = get(TCA_FQ_CODEL_LIMIT);
    p.flows = get(TCA_FQ_CODEL_FLOWS);
    p.quantum = get(TCA_FQ_CODEL_QUANTUM);
    p.targetUs = codelTimeFromKernel(get(TCA_FQ_CODEL_TARGET));
    p.intervalUs = codelTimeFromKernel(get(TCA_FQ_CODEL_INTERVAL));
    p.memoryLimit = get(TCA_FQ_CODEL_MEMORY_LIMIT);
    p.dropBatch = get(TCA_FQ_CODEL_DROP_BATCH_SIZE);
    if (tb[TCA_FQ_CODEL_CE_THRESHOLD])
        p.ceThresholdUs = codelTimeFromKernel(get(TCA_FQ_CODEL_CE_THRESHOLD));
    if (tb[TCA_FQ_CODEL_ECN])
        p.ecn = get(TCA_FQ_CODEL_ECN) != 0;
    return p;
}

} // namespace qs::TcCodec
