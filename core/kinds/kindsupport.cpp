#include "kindsupport.h"

#include "netlink/netlinksocket.h"
#include "netlink/pschedclock.h"
#include "tc/tcargs.h"

#include <QCoreApplication>

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/pkt_sched.h>

#include <algorithm>
#include <cmath>
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

tc_ratespec rateSpec(quint64 rate, quint32 mtu, quint16 overhead, quint16 mpu, LinkLayer linkLayer)
{
    if (mtu == 0)
        mtu = 2047;
    tc_ratespec spec{};
    spec.rate = rate >= (1ULL << 32) ? ~0U : quint32(rate);
    spec.linklayer = linkLayer == LinkLayer::Atm ? TC_LINKLAYER_ATM : TC_LINKLAYER_ETHERNET;
    spec.overhead = overhead;
    spec.mpu = mpu;
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

LinkLayer linkLayerOf(quint8 linklayer)
{
    return (linklayer & TC_LINKLAYER_MASK) == TC_LINKLAYER_ATM ? LinkLayer::Atm : LinkLayer::Ethernet;
}

std::optional<LinkLayer> parseLinkLayer(QStringView word)
{
    // get_linklayer(): matches() in this order, so "a" is atm.
    if (tcMatches(word, u"ethernet"))
        return LinkLayer::Ethernet;
    if (tcMatches(word, u"atm") || tcMatches(word, u"adsl"))
        return LinkLayer::Atm;
    return std::nullopt;
}

QString linkLayerName(LinkLayer linkLayer)
{
    return linkLayer == LinkLayer::Atm ? QStringLiteral("atm") : QStringLiteral("ethernet");
}

std::optional<int> redEwmaLog(quint32 qmin, quint32 burst, quint32 avpkt)
{
    if (avpkt == 0)
        return std::nullopt;
    const double a = double(burst) + 1 - double(qmin) / avpkt;
    if (a < 1.0)
        return std::nullopt;
    double w = 0.5;
    for (int wlog = 1; wlog < 32; ++wlog, w /= 2) {
        if (a <= (1 - std::pow(1 - w, double(burst))) / w)
            return wlog;
    }
    return std::nullopt;
}

std::optional<int> redProbabilityLog(quint32 qmin, quint32 qmax, double probability)
{
    const qint64 range = qint64(qmax) - qint64(qmin);
    if (range <= 0)
        return std::nullopt;
    // tc_red_eval_P() holds the range in an int.
    double p = probability / double(int(range));
    int i = 0;
    for (; i < 32; ++i) {
        if (p > 1.0)
            break;
        p *= 2;
    }
    if (i >= 32)
        return std::nullopt;
    return i;
}

std::optional<int> redIdleDamping(int wlog, quint32 avpkt, quint32 rate, const PschedClock &clock, QByteArray *stab)
{
    if (wlog < 1 || wlog > 31 || rate == 0)
        return std::nullopt;
    // tc_calc_xmittime() returns whole ticks; tc divides by them as a double.
    const double xmitTime = clock.xmitTime(rate, avpkt);
    const double lW = -std::log(1.0 - 1.0 / double(1u << wlog)) / xmitTime;
    const double maxTime = 31 / lW;
    int cellLog = 0;
    for (; cellLog < 32; ++cellLog) {
        if (maxTime / double(1ull << cellLog) < 512)
            break;
    }
    if (cellLog >= 32)
        return std::nullopt;
    if (stab) {
        stab->fill(0, 256);
        for (int i = 1; i < 255; ++i) {
            // tc stores the double in a __u8 (a conversion that wraps above 255 on x86-64), then caps it at 31.
            const double value = double(qint64(i) << cellLog) * lW;
            quint8 cell = value >= 0 && value < 4294967296.0 ? quint8(quint32(value)) : 0;
            if (cell > 31)
                cell = 31;
            (*stab)[i] = char(cell);
        }
        (*stab)[255] = 31;
    }
    return cellLog;
}

std::optional<quint32> redBurstForWlog(quint32 qmin, quint32 avpkt, int wlog, quint32 defaultBurst)
{
    if (redEwmaLog(qmin, defaultBurst, avpkt) == wlog)
        return 0u;
    for (quint32 burst = 1; burst <= 65536; ++burst) {
        if (redEwmaLog(qmin, burst, avpkt) == wlog)
            return burst;
    }
    return std::nullopt;
}

std::optional<quint32> redBandwidthForScellLog(int wlog, quint32 avpkt, int scellLog, const PschedClock &clock)
{
    if (redIdleDamping(wlog, avpkt, RedDefaultBandwidth, clock) == scellLog)
        return 0u;
    // Scell_log falls as the bandwidth rises: try whole kbit rates of each power of two.
    for (int shift = -20; shift <= 12; ++shift) {
        const double scaled = std::ldexp(double(RedDefaultBandwidth), shift);
        const quint64 rate = std::max<quint64>(125, quint64(scaled / 125) * 125);
        if (rate > 0xFFFFFFFFu)
            break;
        if (redIdleDamping(wlog, avpkt, quint32(rate), clock) == scellLog)
            return quint32(rate);
    }
    return std::nullopt;
}

double parseRedProbability(TcArgs &c)
{
    bool ok = false;
    const double value = c.value(u"probability").toDouble(&ok);
    if (!ok)
        c.fail(QCoreApplication::translate("qs::KindSupport", "probability must be a number such as 0.02"));
    return canonicalRedProbability(value);
}

double canonicalRedProbability(double probability)
{
    // The shortest text with the same max_P, read again until it stays (a shorter text may round
    // differently): "0.9223372036854775807" and the "0.9223372037" written for it are one setting.
    double canonical = probability;
    for (int round = 0; round < 17; ++round) {
        const double again = redProbabilityText(canonical).toDouble();
        if (again == canonical)
            break;
        canonical = again;
    }
    return canonical;
}

quint32 redMaxP(double probability)
{
    const double scaled = probability * 4294967296.0;
    if (!(scaled > 0))
        return 0;
    return scaled >= 4294967295.0 ? 0xFFFFFFFFu : quint32(scaled);
}

QString redProbabilityText(double probability)
{
    // Outside 0…1 the kernel's max_P saturates: many values give it, so the value is kept whole.
    if (!(probability > 0 && probability < 1))
        return QString::number(probability, 'g', 17);
    const quint32 wanted = redMaxP(probability);
    for (int precision = 1; precision < 17; ++precision) {
        const QString text = QString::number(probability, 'g', precision);
        if (redMaxP(text.toDouble()) == wanted)
            return text;
    }
    return QString::number(probability, 'g', 17);
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

std::optional<SizeRange> sizesAtTicks(quint64 first, quint64 last, quint64 ticks, const std::function<quint64(quint32)> &toTicks)
{
    last = std::min<quint64>(last, 0xFFFFFFFFu);
    const auto firstWhere = [&](auto beyond) { // the first size in [first, last + 1) that is beyond()
        quint64 low = first;
        quint64 high = last + 1;
        while (low < high) {
            const quint64 mid = low + (high - low) / 2;
            if (beyond(toTicks(quint32(mid))))
                high = mid;
            else
                low = mid + 1;
        }
        return low;
    };
    const quint64 low = firstWhere([&](quint64 t) { return t >= ticks; });
    const quint64 end = firstWhere([&](quint64 t) { return t > ticks; });
    if (low >= end)
        return std::nullopt;
    return SizeRange{quint32(low), quint32(end - 1)};
}

std::optional<SizeRange> tcSizesAtTicks(const PschedClock &clock, quint64 rate, quint32 ticks)
{
    // Near the estimate: tc's round trip loses up to a microsecond and a tick on each side, and far
    // above it tc's time in an unsigned int wraps, so it is no longer ordered.
    const quint32 estimate = clock.xmitSize(rate, ticks);
    const quint64 span = 3 * quint64(double(rate) / 1e6) + 64;
    return sizesAtTicks(estimate > span ? estimate - span : 0, quint64(estimate) + span, ticks,
                        [&](quint32 size) { return clock.xmitTime(rate, size); });
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
