// choke: tc_red_qopt in packets, the idle-time table and max_P (iproute2's q_choke.c, the
// kernel's sch_choke.c).
#include "chokeparams.h"

#include "kinds/kindsupport.h"
#include "model/jsonreader.h"
#include "netlink/pschedclock.h"
#include "tc/tcargs.h"
#include "tc/tcoptionwords.h"
#include "tc/tcunits.h"

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/pkt_sched.h>
#include <linux/rtnetlink.h>

#include <cstring>

namespace qs {

namespace {

const PschedClock &clockOf(const CodecContext &context)
{
    return context.clock ? *context.clock : PschedClock::system();
}

struct Held
{
    quint32 limit = 0;
    bool ecn = false;
    ChokeParams::Derived derived;
    friend bool operator==(const Held &, const Held &) = default;
};

std::optional<Held> heldOf(const ChokeParams &p, const PschedClock &clock)
{
    const auto d = p.derived(clock);
    if (!d)
        return std::nullopt;
    return Held{p.limit, p.ecn, *d};
}

/**
 * Parameters that make tc send what the kernel reports: its thresholds, and an avpkt (tc's 1000
 * where it does), burst and bandwidth that give its Wlog, Plog (@p plog, -1 when not known) and
 * Scell_log (the kernel keeps none of the three).
 */
std::optional<ChokeParams> fromKernel(quint32 limit, quint32 min, quint32 max, int wlog, int plog, int scellLog, quint32 maxP, bool ecn,
                                      const PschedClock &clock)
{
    ChokeParams base;
    base.limit = limit;
    base.min = min;
    base.max = max;
    base.ecn = ecn;
    if (maxP != KindSupport::redMaxP(0.02))
        base.probability = double(maxP) / 4294967296.0;
    std::optional<ChokeParams> best;
    int bestScore = -1;
    for (quint32 avpkt : {1000u, 1500u, 1514u, 500u, 64u}) {
        ChokeParams p = base;
        p.avpkt = avpkt == 1000 ? 0 : avpkt;
        const auto burst = KindSupport::redBurstForWlog(min * avpkt, avpkt, wlog, quint32((2 * quint64(min) + max) / 3));
        const auto bandwidth = burst ? KindSupport::redBandwidthForScellLog(wlog, avpkt, scellLog, clock) : std::nullopt;
        if (!burst || !bandwidth)
            continue;
        p.burst = *burst;
        p.bandwidth = *bandwidth ? *bandwidth : KindSupport::RedDefaultBandwidth; // tc needs one
        const auto held = heldOf(p, clock);
        if (!held || held->derived.wlog != wlog || held->derived.scellLog != scellLog || held->derived.maxP != maxP
            || (plog >= 0 && held->derived.plog != plog))
            continue;
        const int score = (avpkt == 1000) + (*burst == 0) + (*bandwidth == 0);
        if (score > bestScore) {
            bestScore = score;
            best = p;
        }
    }
    return best;
}

struct ChokeKind
{
    Q_DECLARE_TR_FUNCTIONS(qs::ChokeKind)

public:
    using Params = ChokeParams;
    static constexpr QdiscTraits traits{.name = "choke", .module = "sch_choke"};

    static Params newNode()
    {
        Params p;
        p.limit = 1000;
        p.bandwidth = 1250000;
        return p;
    }

    static ValidationIssues validate(const Params &p) { return p.validate(); }

    /**
     * tc prints "limit 1000p min 83p max 250p [ecn]" and with -d "ewma W probability P Scell_log
     * S": the counts lose their "p"; Wlog and Scell_log become the burst and bandwidth that give
     * them again (without -d, tc's 10 Mbit).
     */
    static ShownWords readShown(ShownWords w)
    {
        using namespace ShowSupport;
        for (QStringView keyword : {u"limit", u"min", u"max"})
            dropSuffix(w, keyword, u"p");
        if (indexOf(w, u"bandwidth") >= 0)
            return w; // already tc's own words
        const auto number = [&](QStringView keyword) { return TcUnits::parseU32(valueAfter(w, keyword), 10); };
        const QStringView shownProbability = valueAfter(w, u"probability");
        const double probability = shownProbability.isEmpty() ? 0.02 : shownProbability.toDouble();
        const auto limit = number(u"limit"), min = number(u"min"), max = number(u"max"), wlog = number(u"ewma"),
                   scellLog = number(u"Scell_log");
        std::optional<ChokeParams> held;
        if (limit && min && max && wlog && scellLog)
            held = fromKernel(*limit, *min, *max, int(*wlog), -1, int(*scellLog), KindSupport::redMaxP(probability), false, PschedClock::system());
        drop(w, u"ewma", 1);
        drop(w, u"Scell_log", 1);
        drop(w, u"Plog", 1);
        const TcWord at = w.isEmpty() ? TcWord{} : w.last();
        const auto append = [&](const QString &keyword, const QString &value) {
            w.append(TcWord{keyword, at.line, at.column});
            w.append(TcWord{value, at.line, at.column});
        };
        append(QStringLiteral("bandwidth"), TcUnits::formatRate(held ? held->bandwidth : KindSupport::RedDefaultBandwidth));
        if (held && held->burst)
            append(QStringLiteral("burst"), QString::number(held->burst));
        if (held && held->avpkt)
            append(QStringLiteral("avpkt"), QString::number(held->avpkt));
        return w;
    }

    static QdiscParse parse(TcArgs &c, const Params *)
    {
        Params p;
        while (!c.atEnd()) {
            const qsizetype at = c.position();
            const QStringView word = c.next();
            if (word == u"limit") {
                p.limit = c.u32(u"limit", 0);
            } else if (word == u"bandwidth") {
                p.bandwidth = c.require(TcUnits::parseRate32(c.value(u"bandwidth")), tr("bandwidth must be a rate such as 10mbit, below 2³² bytes/s"));
            } else if (word == u"ecn") {
                p.ecn = true;
            } else if (word == u"min") {
                p.min = c.u32(u"min", 0);
            } else if (word == u"max") {
                p.max = c.u32(u"max", 0);
            } else if (word == u"burst") {
                p.burst = c.u32(u"burst", 0);
            } else if (word == u"avpkt") {
                p.avpkt = c.size(u"avpkt");
                if (p.avpkt == 0)
                    c.fail(tr("avpkt must be above 0 bytes"));
            } else if (word == u"probability") {
                p.probability = KindSupport::parseRedProbability(c);
            } else {
                c.failUnknownOption(at, u"choke");
            }
        }
        QString why;
        if (!p.derived(PschedClock::system(), &why))
            c.fail(why);
        return qdiscParse(p);
    }

    static void print(TcOptionWords &w, const Params &p)
    {
        w.add(u"limit", QString::number(p.limit)).add(u"bandwidth", TcUnits::formatRate(p.bandwidth));
        if (p.min)
            w.add(u"min", QString::number(p.min));
        if (p.max)
            w.add(u"max", QString::number(p.max));
        if (p.burst)
            w.add(u"burst", QString::number(p.burst));
        if (p.avpkt)
            w.add(u"avpkt", TcUnits::formatSize(p.avpkt));
        if (p.probability)
            w.add(u"probability", KindSupport::redProbabilityText(*p.probability));
        if (p.ecn)
            w.add(u"ecn");
    }

    static QJsonObject toJson(const Params &p)
    {
        QJsonObject o{{QStringLiteral("limit"), double(p.limit)}, {QStringLiteral("bandwidth"), TcUnits::formatRate(p.bandwidth)}};
        if (p.min)
            o.insert(QStringLiteral("min"), double(p.min));
        if (p.max)
            o.insert(QStringLiteral("max"), double(p.max));
        if (p.burst)
            o.insert(QStringLiteral("burst"), double(p.burst));
        if (p.avpkt)
            o.insert(QStringLiteral("avpkt"), TcUnits::formatSize(p.avpkt));
        if (p.probability)
            o.insert(QStringLiteral("probability"), KindSupport::redProbabilityText(*p.probability).toDouble());
        if (p.ecn)
            o.insert(QStringLiteral("ecn"), true);
        return o;
    }

    static Params fromJson(JsonReader &r)
    {
        Params p;
        p.limit = quint32(r.integer("limit", 0, 0, 0xFFFFFFFFLL));
        const quint64 bandwidth = r.rate("bandwidth");
        if (bandwidth > 0xFFFFFFFFu)
            r.error(QStringLiteral("bandwidth"), tr("bandwidth must be below 2³² bytes/s (tc reads it in 32 bits)"));
        p.bandwidth = quint32(std::min<quint64>(bandwidth, 0xFFFFFFFFu));
        p.min = quint32(r.integer("min", 0, 0, 0xFFFFFFFFLL));
        p.max = quint32(r.integer("max", 0, 0, 0xFFFFFFFFLL));
        p.burst = quint32(r.integer("burst", 0, 0, 0xFFFFFFFFLL));
        p.avpkt = r.size("avpkt");
        const QJsonValue probability = r.take("probability");
        if (probability.isDouble())
            p.probability = KindSupport::canonicalRedProbability(probability.toDouble());
        else if (!probability.isUndefined())
            r.error(QStringLiteral("probability"), tr("probability must be a number such as 0.02"));
        p.ecn = r.boolean("ecn");
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
        KindSupport::redIdleDamping(d->wlog, p.effectiveAvpkt(), p.bandwidth, clock, &stab);
        tc_red_qopt opt{};
        opt.limit = p.limit;
        opt.qth_min = d->min;
        opt.qth_max = d->max;
        opt.Wlog = quint8(d->wlog);
        opt.Plog = quint8(d->plog);
        opt.Scell_log = quint8(d->scellLog);
        opt.flags = p.ecn ? TC_RED_ECN : 0;
        nlattr *nest = nla_nest_start(msg, TCA_OPTIONS);
        if (!nest || nla_put(msg, TCA_CHOKE_PARMS, sizeof(opt), &opt) || nla_put(msg, TCA_CHOKE_STAB, int(stab.size()), stab.constData())
            || nla_put_u32(msg, TCA_CHOKE_MAX_P, d->maxP))
            return false;
        nla_nest_end(msg, nest);
        return true;
    }

    static std::optional<Params> decode(const nlattr *options, const CodecContext &context)
    {
        nlattr *tb[TCA_CHOKE_MAX + 1] = {};
        if (!KindSupport::parseNested(tb, TCA_CHOKE_MAX, options) || !tb[TCA_CHOKE_PARMS]
            || nla_len(tb[TCA_CHOKE_PARMS]) < int(sizeof(tc_red_qopt)))
            return std::nullopt;
        tc_red_qopt opt{};
        std::memcpy(&opt, nla_data(tb[TCA_CHOKE_PARMS]), sizeof(opt));
        const auto maxP = KindSupport::getU32(tb, TCA_CHOKE_MAX_P);
        if (!maxP || *maxP == 0 || (opt.flags & ~TC_RED_ECN))
            return std::nullopt; // harddrop is a flag only a hand-built message sets
        return fromKernel(opt.limit, opt.qth_min, opt.qth_max, opt.Wlog, opt.Plog, opt.Scell_log, *maxP, opt.flags & TC_RED_ECN, clockOf(context));
    }

    static ChangeRule change(const Params &running, const Params &wanted, const CodecContext &context, Params *)
    {
        // The kernel keeps only what tc derives; its idle-time table is not reported.
        const PschedClock &clock = clockOf(context);
        return heldOf(running, clock) == heldOf(wanted, clock) ? ChangeRule::Same : ChangeRule::InPlace;
    }

    static QString summary(const Params &p, TcHandle)
    {
        const ChokeParams::Derived d = p.derived(PschedClock::system()).value_or(ChokeParams::Derived{});
        //: %1 and %2 the queue lengths (packets) where choke starts and ends marking, %3 its limit.
        return tr("choke, marks from %1 to %2 of %3 packets").arg(d.min).arg(d.max).arg(p.limit);
    }
};

} // namespace

QS_DEFINE_QDISC_KIND(ChokeKind)

} // namespace qs
