#include "kindsupport.h"

#include "netlink/netlinksocket.h"
#include "netlink/pschedclock.h"

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/pkt_sched.h>

#include <algorithm>
#include <cstring>

namespace qs {

QByteArray encodedBytes(const std::function<bool(nl_msg *)> &encode, std::size_t size)
{
    NlMsgPtr msg(nlmsg_alloc_size(size));
    if (!msg || !encode(msg.get()))
        return {};
    const nlmsghdr *header = nlmsg_hdr(msg.get());
    return QByteArray(static_cast<const char *>(nlmsg_data(header)), nlmsg_datalen(header));
}

namespace KindSupport {

tc_ratespec rateSpec(quint64 rate, quint32 mtu, quint16 overhead)
{
    if (mtu == 0)
        mtu = 2047;
    tc_ratespec spec{};
    spec.rate = rate >= (1ULL << 32) ? ~0U : quint32(rate);
    spec.linklayer = TC_LINKLAYER_ETHERNET;
    spec.overhead = overhead;
    while ((mtu >> spec.cell_log) > 255)
        ++spec.cell_log;
    spec.cell_align = -1;
    return spec;
}

QByteArray rateTable(const tc_ratespec &spec, quint64 rate, const PschedClock &clock)
{
    QByteArray table(256 * int(sizeof(quint32)), Qt::Uninitialized);
    auto *cells = reinterpret_cast<quint32 *>(table.data());
    for (quint32 i = 0; i < 256; ++i) {
        quint32 size = std::max<quint32>((i + 1) << spec.cell_log, spec.mpu);
        if ((spec.linklayer & TC_LINKLAYER_MASK) == TC_LINKLAYER_ATM)
            size = (size + 47) / 48 * 53; // tc_align_to_atm(): whole cells of 48 payload bytes, 53 on the wire
        cells[i] = clock.xmitTime(rate, size);
    }
    return table;
}

quint32 roundestInRange(quint32 low, quint32 high, quint32 preferred)
{
    for (quint32 unit : {1048576u, 1024u, 1000u}) {
        const quint64 candidate = (quint64(low) + unit - 1) / unit * unit;
        if (candidate <= high)
            return quint32(candidate);
    }
    return preferred;
}

bool putU8(nl_msg *msg, int type, const std::optional<quint32> &value)
{
    return !value || nla_put_u8(msg, type, quint8(*value)) == 0;
}

bool putU16(nl_msg *msg, int type, const std::optional<quint32> &value)
{
    return !value || nla_put_u16(msg, type, quint16(*value)) == 0;
}

bool putU32(nl_msg *msg, int type, const std::optional<quint32> &value)
{
    return !value || nla_put_u32(msg, type, *value) == 0;
}

bool putS32(nl_msg *msg, int type, const std::optional<qint32> &value)
{
    return !value || nla_put_s32(msg, type, *value) == 0;
}

bool putU64(nl_msg *msg, int type, const std::optional<quint64> &value)
{
    return !value || nla_put_u64(msg, type, *value) == 0;
}

bool putFlag(nl_msg *msg, int type, bool set)
{
    return !set || nla_put_flag(msg, type) == 0;
}

namespace {

template <class T> std::optional<T> get(nlattr *const *tb, int type)
{
    if (!tb[type] || nla_len(tb[type]) < int(sizeof(T)))
        return std::nullopt;
    T value;
    std::memcpy(&value, nla_data(tb[type]), sizeof(T));
    return value;
}

} // namespace

std::optional<quint32> getU8(nlattr *const *tb, int type)
{
    const auto v = get<quint8>(tb, type);
    return v ? std::optional<quint32>(*v) : std::nullopt;
}

std::optional<quint32> getU16(nlattr *const *tb, int type)
{
    const auto v = get<quint16>(tb, type);
    return v ? std::optional<quint32>(*v) : std::nullopt;
}

std::optional<quint32> getU32(nlattr *const *tb, int type)
{
    return get<quint32>(tb, type);
}

std::optional<qint32> getS32(nlattr *const *tb, int type)
{
    return get<qint32>(tb, type);
}

std::optional<quint64> getU64(nlattr *const *tb, int type)
{
    return get<quint64>(tb, type);
}

bool parseNested(nlattr **tb, int max, const nlattr *options)
{
    return options && nla_parse_nested(tb, max, const_cast<nlattr *>(options), nullptr) == 0;
}

} // namespace KindSupport

} // namespace qs
