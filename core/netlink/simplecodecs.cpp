// prio (a raw tc_prio_qopt) and the fifos (a raw tc_fifo_qopt, sent only with a limit).
#include "tccodec.h"

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/pkt_sched.h>

#include <cstring>

namespace qs::TcCodec {

bool encodePrio(nl_msg *msg, const PrioParams &p)
{
    tc_prio_qopt opt{};
    opt.bands = p.bands;
    std::memcpy(opt.priomap, p.priomap.data(), sizeof(opt.priomap));
    return nla_put(msg, TCA_OPTIONS, sizeof(opt), &opt) == 0;
}

std::optional<PrioParams> decodePrio(const nlattr *options)
{
    if (!options || nla_len(options) < int(sizeof(tc_prio_qopt)))
        return std::nullopt;
    tc_prio_qopt opt;
    std::memcpy(&opt, nla_data(options), sizeof(opt));
    if (nla_len(options) > int(NLA_ALIGN(sizeof(opt)))) // the multiqueue extension
        return std::nullopt;
    PrioParams p;
    p.bands = opt.bands;
    std::memcpy(p.priomap.data(), opt.priomap, sizeof(opt.priomap));
    return p;
}

bool encodeFifo(nl_msg *msg, std::optional<quint32> limit)
{
    if (!limit)
        return true; // the kernel then takes the device's queue length
    const tc_fifo_qopt opt{*limit};
    return nla_put(msg, TCA_OPTIONS, sizeof(opt), &opt) == 0;
}

std::optional<quint32> decodeFifo(const nlattr *options)
{
    if (!options || nla_len(options) < int(sizeof(tc_fifo_qopt)))
        return std::nullopt;
    tc_fifo_qopt opt;
    std::memcpy(&opt, nla_data(options), sizeof(opt));
    return opt.limit;
}

} // namespace qs::TcCodec
