// tbf: TCA_TBF_PARMS plus the burst in bytes (TCA_TBF_BURST) and 64-bit rates, as tc sends
// them. libnl would send the burst only as whole-microsecond ticks, which can leave the bucket
// one byte short of the MTU and drop every full-size frame (NETLINK-NOTES.md).
#include "tbfparams.h"

#include "kinds/kindsupport.h"
#include "model/jsonreader.h"
#include "netlink/pschedclock.h"
#include "tc/tcargs.h"
#include "tc/tcoptionwords.h"
#include "tc/tcsummary.h"
#include "tc/tcunits.h"

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/pkt_sched.h>
#include <linux/rtnetlink.h>

#include <algorithm>
#include <cstring>

namespace qs {

namespace {

/**
 * The kernel's time for @p bytes at @p rate in ticks, as psched_l2t_ns() counts them: the
 * overhead added, raised to the mpu, in whole 53-byte ATM cells on an ATM link. tbf_change()
 * turns TCA_TBF_BURST and TCA_TBF_PBURST into time this way.
 */
quint64 kernelTicks(quint64 rate, quint32 bytes, const TbfParams &p)
{
    quint64 length = quint64(bytes) + p.overhead;
    length = std::max<quint64>(length, p.mpu);
    if (p.linkLayer == LinkLayer::Atm)
        length = (length + 47) / 48 * 53;
    return PschedClock::kernelLengthToNs(rate, quint32(std::min<quint64>(length, 0xFFFFFFFFu))) >> 6;
}

/** The byte count whose kernel-side time, in ticks, is @p ticks at @p rate (link layer of @p p). */
quint32 bytesForKernelTicks(quint64 rate, quint32 ticks, const TbfParams &p)
{
    if (rate == 0)
        return 0;
    const auto toTicks = [&](quint32 bytes) { return kernelTicks(rate, bytes, p); };
    double wire = double(ticks) * 64e-9 * double(rate);
    if (p.linkLayer == LinkLayer::Atm)
        wire = wire * 48 / 53;
    wire -= p.overhead;
    const quint64 estimate = wire > 0 ? quint64(wire) : 0;
    // The run of byte counts that land on these ticks is near the estimate (an ATM cell is 48 of them).
    const quint64 span = 3 * quint64(double(rate) * 64e-9) + 64 + 2 * 53 + p.mpu;
    const auto sizes = KindSupport::sizesAtTicks(estimate > span ? estimate - span : 0, estimate + span, ticks, toTicks);
    if (!sizes)
        return quint32(std::min<quint64>(estimate, 0xFFFFFFFFu));
    return KindSupport::roundestInRange(sizes->low, sizes->high, sizes->low);
}

struct TbfKind
{
    Q_DECLARE_TR_FUNCTIONS(qs::TbfKind)

public:
    using Params = TbfParams;
    static constexpr QdiscTraits traits{.name = "tbf", .module = "sch_tbf", .children = QdiscChildren::One};

    static Params newNode()
    {
        // tc-tbf(8)'s example: rate 1mbit burst 32kbit latency 400ms.
        Params p;
        p.rateBytesPerSecond = 1000000 / 8;
        p.burstBytes = 32 * 1024 / 8;
        p.limitMode = TbfParams::LimitMode::Latency;
        p.latencyUs = 400000;
        return p;
    }

    /**
     * tc prints "lat" (which it reads as latency) for the limit, and with -d "burst 32Kb/1 mpu
     * 0b", "mtu 1510b/1 mpu 0b" and "linklayer ethernet"; burst and mtu (minburst without -d)
     * are computed back from the kernel's ticks at rate and peakrate, a little below what gives
     * those ticks again.
     */
    static ShownWords readShown(ShownWords w)
    {
        ShowSupport::drop(w, u"linklayer", 1, u"ethernet");
        ShowSupport::drop(w, u"mpu", 1, u"0b");
        ShowSupport::sizeAtRate(w, u"burst", u"rate");
        ShowSupport::sizeAtRate(w, u"mtu", u"peakrate");
        ShowSupport::sizeAtRate(w, u"minburst", u"peakrate");
        ShowSupport::dropCellOfOne(w, u"burst");
        ShowSupport::dropCellOfOne(w, u"mtu");
        burstFromWireLength(w);
        return w;
    }

    /**
     * With an overhead, an mpu or ATM cells the kernel times the burst as the wire's length, and tc
     * prints that length ("burst 10kb overhead 8 linklayer atm" shows "burst 11342b"): the burst
     * given is computed back from those ticks, as decode() does.
     */
    static void burstFromWireLength(ShownWords &w)
    {
        using ShowSupport::indexOf;
        const auto valueAfter = [&](QStringView keyword, qsizetype from = 0) { return ShowSupport::valueAfter(w, keyword, from); };
        const qsizetype burstAt = indexOf(w, u"burst");
        const auto rate = TcUnits::parseRate64(valueAfter(u"rate"));
        const auto burst = TcUnits::parseSize(valueAfter(u"burst"));
        if (burstAt < 0 || !rate || *rate == 0 || !burst)
            return;
        Params p;
        p.overhead = TcUnits::parseU16(valueAfter(u"overhead"), 10).value_or(0);
        // -d prints the rate's mpu right after the burst (and the peak rate's after the mtu).
        const qsizetype mpuAt = indexOf(w, u"mpu", burstAt);
        if (mpuAt == burstAt + 2)
            p.mpu = TcUnits::parseSize(valueAfter(u"mpu", burstAt)).value_or(0);
        p.linkLayer = KindSupport::parseLinkLayer(valueAfter(u"linklayer")).value_or(LinkLayer::Ethernet);
        if (p.overhead == 0 && p.mpu == 0 && p.linkLayer == LinkLayer::Ethernet)
            return;
        const quint32 ticks = PschedClock::system().xmitTime(*rate, *burst);
        w[burstAt + 1].text = QString::number(bytesForKernelTicks(*rate, ticks, p)) + u'b';
        // tc prints lat as the limit's time less the wire length's; a latency adds the burst given,
        // which is shorter: the limit itself, in bytes, keeps what the kernel holds.
        const qsizetype latAt = indexOf(w, u"lat");
        if (const auto lat = TcUnits::parseTimeUs(valueAfter(u"lat")); latAt >= 0 && lat) {
            const quint64 limit = *rate * *lat / 1000000 + *burst;
            w[latAt].text = QStringLiteral("limit");
            w[latAt + 1].text = QString::number(std::min<quint64>(limit, 0xFFFFFFFFu));
        }
    }

    static ValidationIssues validate(const Params &p) { return p.validate(); }

    static QdiscParse parse(TcArgs &c, const Params *)
    {
        Params p;
        bool limitSeen = false;
        bool latencySeen = false;
        bool burstSeen = false;
        bool mtuSeen = false;
        bool rateSeen = false;
        bool peakSeen = false;
        bool mpuSeen = false;
        bool overheadSeen = false;
        const auto once = [&](bool &seen, qsizetype at, QStringView name) {
            if (seen)
                c.failAt(at, tr("%1 is given twice").arg(name));
            seen = true;
        };
        while (!c.atEnd()) {
            const qsizetype at = c.position();
            const QStringView word = c.next();
            if (tcMatches(word, u"limit")) {
                once(limitSeen, at, u"limit");
                if (latencySeen)
                    c.failAt(at, tr("give either limit or latency, not both"));
                p.limitMode = TbfParams::LimitMode::Bytes;
                p.limitBytes = c.size(u"limit");
            } else if (tcMatches(word, u"latency")) {
                once(latencySeen, at, u"latency");
                if (limitSeen)
                    c.failAt(at, tr("give either limit or latency, not both"));
                p.limitMode = TbfParams::LimitMode::Latency;
                p.latencyUs = c.timeUs(u"latency");
            } else if (tcMatches(word, u"burst") || word == u"buffer" || word == u"maxburst") {
                once(burstSeen, at, u"burst");
                p.burstBytes = c.sizeNoCell(u"burst");
            } else if (word == u"mtu" || word == u"minburst") {
                once(mtuSeen, at, u"mtu");
                p.mtu = c.sizeNoCell(u"mtu");
            } else if (word == u"rate") {
                once(rateSeen, at, u"rate");
                p.rateBytesPerSecond = c.rate(u"rate");
            } else if (tcMatches(word, u"peakrate")) {
                once(peakSeen, at, u"peakrate");
                p.peakRateBytesPerSecond = c.rate(u"peakrate");
            } else if (word == u"mpu") {
                once(mpuSeen, at, u"mpu");
                p.mpu = c.size(u"mpu");
                if (p.mpu > 0xFFFF)
                    c.fail(tr("mpu must be 0…65535 bytes (the kernel's field has 16 bits)"));
            } else if (tcMatches(word, u"overhead")) {
                // tc's duplicate check tests the value, so "overhead 0 overhead 5" passes.
                if (overheadSeen && p.overhead != 0)
                    c.failAt(at, tr("%1 is given twice").arg(u"overhead"));
                overheadSeen = true;
                p.overhead = c.require(TcUnits::parseU16(c.value(u"overhead"), 10), tr("overhead must be 0…65535 bytes"));
            } else if (tcMatches(word, u"linklayer")) {
                p.linkLayer = c.require(KindSupport::parseLinkLayer(c.value(u"linklayer")),
                                        tr("linklayer must be ethernet, atm or adsl"));
            } else {
                c.failUnknownOption(at, u"tbf");
            }
        }
        if (p.rateBytesPerSecond == 0)
            c.fail(tr("tbf needs a rate above 0"));
        if (p.burstBytes == 0)
            c.fail(tr("tbf needs a burst above 0"));
        if (p.peakRateBytesPerSecond != 0 && p.mtu == 0)
            c.fail(tr("a tbf peakrate needs an mtu"));
        if ((p.limitMode == TbfParams::LimitMode::Bytes && p.limitBytes == 0) ||
            (p.limitMode == TbfParams::LimitMode::Latency && p.latencyUs == 0))
            c.fail(tr("tbf needs a limit or a latency above 0"));
        return qdiscParse(p);
    }

    static void print(TcOptionWords &w, const Params &p)
    {
        using namespace TcUnits;
        w.add(u"rate", formatRate(p.rateBytesPerSecond)).add(u"burst", formatSize(p.burstBytes));
        if (p.limitMode == TbfParams::LimitMode::Bytes)
            w.add(u"limit", formatSize(p.limitBytes));
        else
            w.add(u"latency", formatTimeUs(p.latencyUs));
        if (p.peakRateBytesPerSecond)
            w.add(u"peakrate", formatRate(p.peakRateBytesPerSecond));
        if (p.mtu)
            w.add(u"mtu", formatSize(p.mtu));
        if (p.mpu)
            w.add(u"mpu", formatSize(p.mpu));
        if (p.overhead)
            w.add(u"overhead", QString::number(p.overhead));
        if (p.linkLayer != LinkLayer::Ethernet)
            w.add(u"linklayer", KindSupport::linkLayerName(p.linkLayer));
    }

    static QJsonObject toJson(const Params &p)
    {
        using namespace TcUnits;
        QJsonObject o{{QStringLiteral("rate"), formatRate(p.rateBytesPerSecond)}, {QStringLiteral("burst"), formatSize(p.burstBytes)}};
        if (p.limitMode == TbfParams::LimitMode::Bytes)
            o.insert(QStringLiteral("limit"), formatSize(p.limitBytes));
        else
            o.insert(QStringLiteral("latency"), formatTimeUs(p.latencyUs));
        if (p.peakRateBytesPerSecond)
            o.insert(QStringLiteral("peakrate"), formatRate(p.peakRateBytesPerSecond));
        if (p.mtu)
            o.insert(QStringLiteral("mtu"), formatSize(p.mtu));
        if (p.mpu)
            o.insert(QStringLiteral("mpu"), formatSize(p.mpu));
        if (p.overhead)
            o.insert(QStringLiteral("overhead"), p.overhead);
        if (p.linkLayer != LinkLayer::Ethernet)
            o.insert(QStringLiteral("linklayer"), KindSupport::linkLayerName(p.linkLayer));
        return o;
    }

    static Params fromJson(JsonReader &r)
    {
        Params p;
        p.rateBytesPerSecond = r.rate("rate");
        p.burstBytes = r.size("burst");
        if (r.has("limit") && r.has("latency"))
            r.error(QStringLiteral("limit"), tr("give either limit or latency, not both"));
        if (r.has("limit")) {
            p.limitMode = TbfParams::LimitMode::Bytes;
            p.limitBytes = r.size("limit");
            r.take("latency");
        } else {
            p.limitMode = TbfParams::LimitMode::Latency;
            p.latencyUs = r.timeUs("latency");
            r.take("limit");
        }
        p.peakRateBytesPerSecond = r.rate("peakrate");
        p.mtu = r.size("mtu");
        p.mpu = r.size("mpu");
        p.overhead = quint16(r.integer("overhead", 0, 0, 0xFFFF));
        if (const auto text = r.string("linklayer")) {
            if (const auto layer = KindSupport::parseLinkLayer(*text))
                p.linkLayer = *layer;
            else
                r.error(QStringLiteral("linklayer"), tr("linklayer must be ethernet, atm or adsl"));
        }
        return p;
    }

    static bool encode(nl_msg *msg, const Params &p, const CodecContext &context, QString *)
    {
        tc_tbf_qopt opt{};
        opt.rate = KindSupport::rateSpec(p.rateBytesPerSecond, p.mtu, p.overhead, quint16(p.mpu), p.linkLayer);
        opt.limit = p.effectiveLimitBytes();
        opt.buffer = context.clock->xmitTime(p.rateBytesPerSecond, p.burstBytes);
        if (p.peakRateBytesPerSecond) {
            opt.peakrate = KindSupport::rateSpec(p.peakRateBytesPerSecond, p.mtu, p.overhead, quint16(p.mpu), p.linkLayer);
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

    static std::optional<Params> decode(const nlattr *options, const CodecContext &)
    {
        nlattr *tb[TCA_TBF_MAX + 1] = {};
        if (!options || nla_parse_nested(tb, TCA_TBF_MAX, const_cast<nlattr *>(options), nullptr) < 0 || !tb[TCA_TBF_PARMS] ||
            nla_len(tb[TCA_TBF_PARMS]) < int(sizeof(tc_tbf_qopt)))
            return std::nullopt;
        tc_tbf_qopt opt;
        std::memcpy(&opt, nla_data(tb[TCA_TBF_PARMS]), sizeof(opt));
        Params p;
        p.overhead = opt.rate.overhead;
        p.mpu = opt.rate.mpu;
        p.linkLayer = KindSupport::linkLayerOf(opt.rate.linklayer);
        p.rateBytesPerSecond = tb[TCA_TBF_RATE64] ? nla_get_u64(tb[TCA_TBF_RATE64]) : opt.rate.rate;
        p.peakRateBytesPerSecond = tb[TCA_TBF_PRATE64] ? nla_get_u64(tb[TCA_TBF_PRATE64]) : opt.peakrate.rate;
        p.limitMode = TbfParams::LimitMode::Bytes;
        p.limitBytes = opt.limit;
        p.burstBytes = bytesForKernelTicks(p.rateBytesPerSecond, opt.buffer, p);
        if (p.peakRateBytesPerSecond)
            p.mtu = bytesForKernelTicks(p.peakRateBytesPerSecond, opt.mtu, p);
        return p;
    }

    static ChangeRule change(const Params &old, const Params &wanted, const CodecContext &, Params *)
    {
        // The kernel keeps the bucket as time: two byte counts landing on the same ticks are one state.
        const auto ticks = [&](quint64 rate, quint32 bytes) { return kernelTicks(rate, bytes, wanted); };
        const bool same = old.rateBytesPerSecond == wanted.rateBytesPerSecond && old.overhead == wanted.overhead &&
                          old.mpu == wanted.mpu && old.linkLayer == wanted.linkLayer &&
                          old.peakRateBytesPerSecond == wanted.peakRateBytesPerSecond &&
                          old.effectiveLimitBytes() == wanted.effectiveLimitBytes() &&
                          ticks(old.rateBytesPerSecond, old.burstBytes) == ticks(wanted.rateBytesPerSecond, wanted.burstBytes) &&
                          ticks(old.peakRateBytesPerSecond, old.mtu) == ticks(wanted.peakRateBytesPerSecond, wanted.mtu);
        return same ? ChangeRule::Same : ChangeRule::InPlace;
    }

    static QString summary(const Params &p, TcHandle)
    {
        //: %1 a rate (10 Mbit/s), %2 a number of bytes; B is the symbol for bytes.
        const QString base = tr("tbf %1, burst %2 B").arg(TcSummary::rate(p.rateBytesPerSecond)).arg(p.burstBytes);
        if (p.linkLayer == LinkLayer::Atm)
            //: %1 is "tbf 10 Mbit/s, burst 1514 B"; ATM is the link layer (53-byte cells), overhead in bytes.
            return tr("%1, ATM, overhead %2 B").arg(base).arg(p.overhead);
        if (p.overhead)
            //: %1 is "tbf 10 Mbit/s, burst 1514 B"; the overhead is bytes added to every packet.
            return tr("%1, overhead %2 B").arg(base).arg(p.overhead);
        return base;
    }
};

} // namespace

QS_DEFINE_QDISC_KIND(TbfKind)

} // namespace qs
