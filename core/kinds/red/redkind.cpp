// red: tc_red_qopt, the idle-time table, max_P and the flags bitfield (iproute2's q_red.c and
// tc_red.c, the kernel's sch_red.c).
#include "redparams.h"

#include "kinds/kindsupport.h"
#include "model/jsonreader.h"
#include "netlink/pschedclock.h"
#include "tc/tcargs.h"
#include "tc/tcoptionwords.h"
#include "tc/tcunits.h"

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/netlink.h>
#include <linux/pkt_sched.h>
#include <linux/rtnetlink.h>

#include <cstring>

namespace qs {

namespace {

constexpr quint32 RedSupportedFlags = TC_RED_HISTORIC_FLAGS | TC_RED_NODROP;

const PschedClock &clockOf(const CodecContext &context)
{
    return context.clock ? *context.clock : PschedClock::system();
}

/** What the kernel holds: tc's limit, flags and derived values. */
struct Held
{
    quint32 limit = 0;
    quint32 flags = 0;
    RedParams::Derived derived;
    friend bool operator==(const Held &, const Held &) = default;
};

std::optional<Held> heldOf(const RedParams &p, const PschedClock &clock)
{
    const auto d = p.derived(clock);
    if (!d)
        return std::nullopt;
    return Held{p.limit, p.flags(), *d};
}

/**
 * Parameters that make tc send what the kernel reports: its thresholds as given, and an avpkt,
 * burst and bandwidth that give its Wlog and Scell_log (the kernel keeps neither), tc's defaults
 * where they do.
 */
std::optional<RedParams> fromKernel(quint32 limit, quint32 min, quint32 max, int wlog, int scellLog, quint32 maxP, quint32 flags,
                                    const PschedClock &clock)
{
    if (flags & ~RedSupportedFlags)
        return std::nullopt;
    RedParams p;
    p.limit = limit;
    p.min = min;
    p.max = max;
    if (maxP != KindSupport::redMaxP(0.02))
        p.probability = double(maxP) / 4294967296.0;
    p.ecn = flags & TC_RED_ECN;
    p.harddrop = flags & TC_RED_HARDDROP;
    p.adaptive = flags & TC_RED_ADAPTATIVE;
    p.nodrop = flags & TC_RED_NODROP;
    int bestScore = -1;
    for (quint32 avpkt : {1000u, 1500u, 1514u, 500u, 64u}) {
        const quint32 defaultBurst = quint32((2 * quint64(min) + max) / (3 * quint64(avpkt)));
        const auto burst = KindSupport::redBurstForWlog(min, avpkt, wlog, defaultBurst);
        const auto bandwidth = burst ? KindSupport::redBandwidthForScellLog(wlog, avpkt, scellLog, clock) : std::nullopt;
        if (!burst || !bandwidth)
            continue;
        const int score = (*burst == 0) + (*bandwidth == 0);
        if (score > bestScore) {
            bestScore = score;
            p.avpkt = avpkt;
            p.burst = *burst;
            p.bandwidth = *bandwidth;
        }
    }
    if (bestScore < 0)
        return std::nullopt;
    const auto held = heldOf(p, clock);
    if (!held || held->derived.wlog != wlog || held->derived.scellLog != scellLog || held->derived.maxP != maxP
        || held->derived.min != min || held->derived.max != max)
        return std::nullopt;
    return p;
}

struct RedKind
{
    Q_DECLARE_TR_FUNCTIONS(qs::RedKind)

public:
    using Params = RedParams;
    // red holds one inner qdisc (a bfifo of its limit unless one is grafted) at MAJOR:1.
    static constexpr QdiscTraits traits{.name = "red", .module = "sch_red", .children = QdiscChildren::One};

    static Params newNode()
    {
        Params p;
        p.limit = 400000;
        p.min = 30000;
        p.max = 90000;
        p.avpkt = 1000;
        return p;
    }

    static ValidationIssues validate(const Params &p) { return p.validate(); }

    /**
     * tc prints "limit 1Mb min 100Kb max 300Kb [ecn] [harddrop] [adaptive] [nodrop]" and with -d
     * "ewma W probability P Scell_log S": the sizes read as they are; Wlog and Scell_log become
     * the avpkt, burst and bandwidth that give them again (without -d, tc's avpkt 1000).
     */
    static ShownWords readShown(ShownWords w)
    {
        using namespace ShowSupport;
        const auto number = [&](QStringView keyword, auto parse) -> std::optional<quint32> { return parse(valueAfter(w, keyword)); };
        const auto size = [](QStringView text) { return TcUnits::parseSize(text); };
        const auto count = [](QStringView text) { return TcUnits::parseU32(text, 10); };
        const auto limit = number(u"limit", size);
        const auto min = number(u"min", size);
        const auto max = number(u"max", size);
        const auto wlog = number(u"ewma", count);
        const auto scellLog = number(u"Scell_log", count);
        const QStringView shownProbability = valueAfter(w, u"probability");
        const double probability = shownProbability.isEmpty() ? 0.02 : shownProbability.toDouble();
        if (indexOf(w, u"avpkt") >= 0)
            return w; // already tc's own words
        const TcWord at = w.isEmpty() ? TcWord{} : w.last();
        const auto append = [&](const QString &keyword, const QString &value) {
            w.append(TcWord{keyword, at.line, at.column});
            w.append(TcWord{value, at.line, at.column});
        };
        std::optional<RedParams> held;
        if (limit && min && max && wlog && scellLog)
            held = fromKernel(*limit, *min, *max, int(*wlog), int(*scellLog), KindSupport::redMaxP(probability), 0,
                              PschedClock::system());
        drop(w, u"ewma", 1);
        drop(w, u"Scell_log", 1);
        drop(w, u"Plog", 1);
        if (!held) {
            append(QStringLiteral("avpkt"), QStringLiteral("1000"));
            return w;
        }
        append(QStringLiteral("avpkt"), QString::number(held->avpkt));
        if (held->burst)
            append(QStringLiteral("burst"), QString::number(held->burst));
        if (held->bandwidth)
            append(QStringLiteral("bandwidth"), TcUnits::formatRate(held->bandwidth));
        return w;
    }

    static QdiscParse parse(TcArgs &c, const Params *)
    {
        Params p;
        while (!c.atEnd()) {
            const qsizetype at = c.position();
            const QStringView word = c.next();
            if (word == u"limit") {
                p.limit = c.size(u"limit");
            } else if (word == u"min") {
                p.min = c.size(u"min");
            } else if (word == u"max") {
                p.max = c.size(u"max");
            } else if (word == u"burst") {
                p.burst = c.u32(u"burst", 0);
            } else if (word == u"avpkt") {
                p.avpkt = c.size(u"avpkt");
            } else if (word == u"probability") {
                p.probability = KindSupport::parseRedProbability(c);
            } else if (word == u"bandwidth") {
                const QStringView value = c.value(u"bandwidth");
                if (value.contains(u'%'))
                    c.fail(tr("a bandwidth in percent of the device's speed is not supported by Qdisc Studio yet; give a rate"));
                p.bandwidth = c.require(TcUnits::parseRate32(value), tr("bandwidth must be a rate such as 10mbit, below 2³² bytes/s"));
            } else if (word == u"ecn") {
                p.ecn = true;
            } else if (word == u"harddrop") {
                p.harddrop = true;
            } else if (word == u"nodrop") {
                p.nodrop = true;
            } else if (word == u"adaptive" || word == u"adaptative") {
                p.adaptive = true;
            } else if (tcMatches(word, u"qevent")) {
                c.failUnsupported(at, u"red");
            } else {
                c.failUnknownOption(at, u"red");
            }
        }
        QString why;
        if (!p.derived(PschedClock::system(), &why))
            c.fail(why);
        return qdiscParse(p);
    }

    static void print(TcOptionWords &w, const Params &p)
    {
        using TcUnits::formatSize;
        w.add(u"limit", formatSize(p.limit));
        if (p.min)
            w.add(u"min", formatSize(p.min));
        if (p.max)
            w.add(u"max", formatSize(p.max));
        w.add(u"avpkt", formatSize(p.avpkt));
        if (p.burst)
            w.add(u"burst", QString::number(p.burst));
        if (p.probability)
            w.add(u"probability", KindSupport::redProbabilityText(*p.probability));
        if (p.bandwidth)
            w.add(u"bandwidth", TcUnits::formatRate(p.bandwidth));
        if (p.ecn)
            w.add(u"ecn");
        if (p.harddrop)
            w.add(u"harddrop");
        if (p.adaptive)
            w.add(u"adaptive");
        if (p.nodrop)
            w.add(u"nodrop");
    }

    static QJsonObject toJson(const Params &p)
    {
        using TcUnits::formatSize;
        QJsonObject o{{QStringLiteral("limit"), formatSize(p.limit)}, {QStringLiteral("avpkt"), formatSize(p.avpkt)}};
        if (p.min)
            o.insert(QStringLiteral("min"), formatSize(p.min));
        if (p.max)
            o.insert(QStringLiteral("max"), formatSize(p.max));
        if (p.burst)
            o.insert(QStringLiteral("burst"), double(p.burst));
        if (p.probability)
            o.insert(QStringLiteral("probability"), KindSupport::redProbabilityText(*p.probability).toDouble());
        if (p.bandwidth)
            o.insert(QStringLiteral("bandwidth"), TcUnits::formatRate(p.bandwidth));
        for (const auto &[key, set] : {std::pair{"ecn", p.ecn}, {"harddrop", p.harddrop}, {"adaptive", p.adaptive}, {"nodrop", p.nodrop}}) {
            if (set)
                o.insert(QString::fromLatin1(key), true);
        }
        return o;
    }

    static Params fromJson(JsonReader &r)
    {
        Params p;
        p.limit = r.size("limit");
        p.min = r.size("min");
        p.max = r.size("max");
        p.avpkt = r.size("avpkt");
        p.burst = quint32(r.integer("burst", 0, 0, 0xFFFFFFFFLL));
        const QJsonValue probability = r.take("probability");
        if (probability.isDouble())
            p.probability = KindSupport::canonicalRedProbability(probability.toDouble());
        else if (!probability.isUndefined())
            r.error(QStringLiteral("probability"), tr("probability must be a number such as 0.02"));
        const quint64 bandwidth = r.rate("bandwidth");
        if (bandwidth > 0xFFFFFFFFu)
            r.error(QStringLiteral("bandwidth"), tr("bandwidth must be below 2³² bytes/s (tc reads it in 32 bits)"));
        p.bandwidth = quint32(std::min<quint64>(bandwidth, 0xFFFFFFFFu));
        p.ecn = r.boolean("ecn");
        p.harddrop = r.boolean("harddrop");
        p.adaptive = r.boolean("adaptive");
        p.nodrop = r.boolean("nodrop");
        return p;
    }

    static bool encode(nl_msg *msg, const Params &p, const CodecContext &context, QString *error)
    {
        const PschedClock &clock = clockOf(context);
        QString why;
        const auto d = p.derived(clock, &why);
        if (!d) {
            if (error)
                *error = why;
            return false;
        }
        QByteArray stab;
        KindSupport::redIdleDamping(d->wlog, p.avpkt, p.bandwidth ? p.bandwidth : KindSupport::RedDefaultBandwidth, clock, &stab);
        tc_red_qopt opt{};
        opt.limit = p.limit;
        opt.qth_min = d->min;
        opt.qth_max = d->max;
        opt.Wlog = quint8(d->wlog);
        opt.Plog = quint8(d->plog);
        opt.Scell_log = quint8(d->scellLog);
        // tc sends the flags in TCA_RED_FLAGS only: the kernel refuses them in both places.
        const nla_bitfield32 flags{p.flags(), RedSupportedFlags};
        nlattr *nest = nla_nest_start(msg, TCA_OPTIONS);
        if (!nest || nla_put(msg, TCA_RED_PARMS, sizeof(opt), &opt) || nla_put(msg, TCA_RED_STAB, int(stab.size()), stab.constData())
            || nla_put_u32(msg, TCA_RED_MAX_P, d->maxP) || nla_put(msg, TCA_RED_FLAGS, sizeof(flags), &flags))
            return false;
        nla_nest_end(msg, nest);
        return true;
    }

    static std::optional<Params> decode(const nlattr *options, const CodecContext &context)
    {
        nlattr *tb[TCA_RED_MAX + 1] = {};
        if (!KindSupport::parseNested(tb, TCA_RED_MAX, options) || !tb[TCA_RED_PARMS] || nla_len(tb[TCA_RED_PARMS]) < int(sizeof(tc_red_qopt)))
            return std::nullopt;
        if (tb[TCA_RED_EARLY_DROP_BLOCK] || tb[TCA_RED_MARK_BLOCK])
            return std::nullopt; // qevents: beyond the model
        tc_red_qopt opt{};
        std::memcpy(&opt, nla_data(tb[TCA_RED_PARMS]), sizeof(opt));
        quint32 flags = opt.flags;
        if (tb[TCA_RED_FLAGS] && nla_len(tb[TCA_RED_FLAGS]) >= int(sizeof(nla_bitfield32))) {
            nla_bitfield32 bits{};
            std::memcpy(&bits, nla_data(tb[TCA_RED_FLAGS]), sizeof(bits));
            flags = bits.value;
        }
        const auto maxP = KindSupport::getU32(tb, TCA_RED_MAX_P);
        if (!maxP || *maxP == 0)
            return std::nullopt; // a max_P only Plog says: tc always sends one
        return fromKernel(opt.limit, opt.qth_min, opt.qth_max, opt.Wlog, opt.Scell_log, *maxP, flags, clockOf(context));
    }

    static ChangeRule change(const Params &running, const Params &wanted, const CodecContext &context, Params *)
    {
        // The kernel keeps only what tc derives (no avpkt, burst or bandwidth): compare that. Its
        // idle-time table is not reported, so a bandwidth that keeps Scell_log reads as the same.
        const PschedClock &clock = clockOf(context);
        return heldOf(running, clock) == heldOf(wanted, clock) ? ChangeRule::Same : ChangeRule::InPlace;
    }

    static QString summary(const Params &p, TcHandle)
    {
        const RedParams::Derived d = p.derived(PschedClock::system()).value_or(RedParams::Derived{});
        //: RED is random early detection; %1 and %2 the sizes where it starts and ends marking, %3 the queue's limit.
        return tr("red, marks from %1 to %2, limit %3").arg(TcUnits::printSize(d.min), TcUnits::printSize(d.max), TcUnits::printSize(p.limit));
    }
};

} // namespace

QS_DEFINE_QDISC_KIND(RedKind)

} // namespace qs
