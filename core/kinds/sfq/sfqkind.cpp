// sfq: a raw tc_sfq_qopt_v1 (iproute2's q_sfq.c).
#include "sfqparams.h"

#include "kinds/kindsupport.h"
#include "model/jsonreader.h"
#include "tc/tcargs.h"
#include "tc/tcoptionwords.h"
#include "tc/tcunits.h"

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/pkt_sched.h>
#include <linux/rtnetlink.h>

#include <algorithm>
#include <cstring>

namespace qs {

namespace {

/** The tc_sfq_qopt_v1 tc sends for @p p (RED values derived as tc derives them). */
tc_sfq_qopt_v1 sfqOptions(const SfqParams &p)
{
    tc_sfq_qopt_v1 opt{};
    opt.v0.quantum = p.quantum;
    opt.v0.perturb_period = p.perturbSeconds;
    opt.v0.limit = p.limit;
    opt.v0.divisor = p.divisor;
    opt.v0.flows = p.flows;
    opt.depth = p.depth;
    opt.headdrop = p.headdrop ? 1 : 0;
    if (p.red()) {
        if (const auto red = p.redValues()) {
            opt.limit = p.redFlowLimit;
            opt.qth_min = red->min;
            opt.qth_max = red->max;
            opt.Wlog = quint8(red->wlog);
            opt.Plog = quint8(red->plog);
            opt.max_P = red->maxP;
        }
        opt.flags = (p.ecn ? TC_RED_ECN : 0) | (p.harddrop ? TC_RED_HARDDROP : 0);
    }
    return opt;
}

struct SfqKind
{
    Q_DECLARE_TR_FUNCTIONS(qs::SfqKind)

public:
    using Params = SfqParams;
    // sfq has no change operation: a running sfq is only ever replaced.
    static constexpr QdiscTraits traits{.name = "sfq", .module = "sch_sfq", .hasChangeOperation = false};

    static ValidationIssues validate(const Params &p) { return p.validate(); }

    /**
     * tc prints "limit 127p" and "perturb 10sec", and reads a count and a number of seconds.
     * With -d it prints flows: more flows than the limit is a limit never given (the kernel
     * caps the flows at a limit it is sent, and starts with 127 packets and 128 flows), which
     * is then left out so the flows stay as they are.
     */
    /**
     * tc prints RED as the kernel holds it ("ewma 6 min 8000b max 60000b probability 0.2"), without
     * redflowlimit and burst: they come back as decode() computes them (max; the burst that gives
     * that ewma).
     */
    static void readShownRed(ShownWords &w)
    {
        using namespace ShowSupport;
        const qsizetype ewma = indexOf(w, u"ewma");
        const qsizetype min = indexOf(w, u"min");
        const qsizetype max = indexOf(w, u"max");
        if (ewma < 0 || min < 0 || max < 0 || std::max({ewma, min, max}) + 1 >= w.size())
            return;
        const auto minBytes = TcUnits::parseSize(w[min + 1].text);
        const auto maxBytes = TcUnits::parseSize(w[max + 1].text);
        bool ok = false;
        const int wlog = w[ewma + 1].text.toInt(&ok);
        if (!minBytes || !maxBytes || !ok)
            return; // left as printed: the parser names the word it cannot read
        w[min + 1].text = QString::number(*minBytes);
        w[max + 1].text = QString::number(*maxBytes);
        w[ewma].text = QStringLiteral("redflowlimit");
        w[ewma + 1].text = QString::number(*maxBytes);
        const quint32 tcDefault = quint32((2 * quint64(*minBytes) + *maxBytes) / 3000); // as decode() reads it back
        if (const auto burst = KindSupport::redBurstForWlog(*minBytes, 1000, wlog, tcDefault); burst && *burst != 0) {
            w.insert(ewma + 2, TcWord{QStringLiteral("burst"), w[ewma].line, w[ewma].column});
            w.insert(ewma + 3, TcWord{QString::number(*burst), w[ewma].line, w[ewma].column});
        }
    }

    static ShownWords readShown(ShownWords w)
    {
        using namespace ShowSupport;
        dropSuffix(w, u"limit", u"p");
        dropSuffix(w, u"perturb", u"sec");
        const qsizetype limit = indexOf(w, u"limit");
        const qsizetype flows = indexOf(w, u"flows");
        if (limit >= 0 && flows >= 0 && limit + 1 < w.size() && flows + 1 < w.size()
            && w[flows + 1].text.toUInt() > w[limit + 1].text.toUInt())
            w.remove(limit, 2);
        readShownRed(w);
        return w;
    }

    static QdiscParse parse(TcArgs &c, const Params *)
    {
        Params p;
        const bool optionsSent = !c.atEnd(); // tc sends TCA_OPTIONS for sfq only when an option is given
        bool red = false;
        while (!c.atEnd()) {
            const qsizetype at = c.position();
            const QStringView word = c.next();
            if (word == u"quantum") {
                p.quantum = c.size(u"quantum");
            } else if (word == u"perturb") {
                p.perturbSeconds = c.require(TcUnits::parseInteger(c.value(u"perturb"), 0), tr("perturb must be a whole number of seconds"));
            } else if (word == u"limit") {
                p.limit = c.u32(u"limit", 0);
                if (p.limit < 2)
                    c.fail(tr("an sfq limit must be above 1"));
            } else if (word == u"divisor") {
                p.divisor = c.u32(u"divisor", 0);
            } else if (word == u"flows") {
                p.flows = c.u32(u"flows", 0);
            } else if (word == u"depth") {
                p.depth = c.u32(u"depth", 0);
            } else if (word == u"headdrop") {
                p.headdrop = true;
            } else if (word == u"redflowlimit") {
                p.redFlowLimit = c.u32(u"redflowlimit", 0);
                red = true;
            } else if (word == u"min") {
                p.redMin = c.u32(u"min", 0);
                red = true;
            } else if (word == u"max") {
                p.redMax = c.u32(u"max", 0);
                red = true;
            } else if (word == u"burst") {
                p.redBurst = c.u32(u"burst", 0);
                red = true;
            } else if (word == u"avpkt") {
                p.redAvpkt = c.size(u"avpkt");
                if (p.redAvpkt == 0)
                    c.fail(tr("avpkt must be above 0 bytes"));
                red = true;
            } else if (word == u"probability") {
                p.redProbability = KindSupport::parseRedProbability(c);
                red = true;
            } else if (word == u"ecn") {
                p.ecn = true;
                red = true;
            } else if (word == u"harddrop") {
                p.harddrop = true;
                red = true;
            } else {
                c.failUnknownOption(at, u"sfq");
            }
        }
        if (red) {
            if (p.redFlowLimit == 0)
                c.fail(tr("the RED options need a redflowlimit (tc: Required parameter (redflowlimit) is missing)"));
            QString why;
            if (!p.redValues(&why))
                c.fail(why);
        }
        return qdiscParse(p, optionsSent);
    }

    static void print(TcOptionWords &w, const Params &p)
    {
        if (p.perturbSeconds)
            w.add(u"perturb", QString::number(p.perturbSeconds));
        if (p.quantum)
            w.add(u"quantum", TcUnits::formatSize(p.quantum));
        if (p.limit)
            w.add(u"limit", QString::number(p.limit));
        if (p.divisor)
            w.add(u"divisor", QString::number(p.divisor));
        if (p.flows)
            w.add(u"flows", QString::number(p.flows));
        if (p.depth)
            w.add(u"depth", QString::number(p.depth));
        if (p.headdrop)
            w.add(u"headdrop");
        if (!p.red())
            return;
        w.add(u"redflowlimit", QString::number(p.redFlowLimit));
        if (p.redMin)
            w.add(u"min", QString::number(p.redMin));
        if (p.redMax)
            w.add(u"max", QString::number(p.redMax));
        if (p.redBurst)
            w.add(u"burst", QString::number(p.redBurst));
        if (p.redAvpkt)
            w.add(u"avpkt", QString::number(p.redAvpkt));
        if (p.redProbability)
            w.add(u"probability", KindSupport::redProbabilityText(*p.redProbability));
        if (p.ecn)
            w.add(u"ecn");
        if (p.harddrop)
            w.add(u"harddrop");
    }

    static QJsonObject toJson(const Params &p)
    {
        QJsonObject o;
        if (p.perturbSeconds)
            o.insert(QStringLiteral("perturb"), p.perturbSeconds);
        if (p.quantum)
            o.insert(QStringLiteral("quantum"), TcUnits::formatSize(p.quantum));
        if (p.limit)
            o.insert(QStringLiteral("limit"), double(p.limit));
        if (p.divisor)
            o.insert(QStringLiteral("divisor"), double(p.divisor));
        if (p.flows)
            o.insert(QStringLiteral("flows"), double(p.flows));
        if (p.depth)
            o.insert(QStringLiteral("depth"), double(p.depth));
        if (p.headdrop)
            o.insert(QStringLiteral("headdrop"), true);
        if (p.red()) {
            o.insert(QStringLiteral("redflowlimit"), double(p.redFlowLimit));
            if (p.redMin)
                o.insert(QStringLiteral("min"), double(p.redMin));
            if (p.redMax)
                o.insert(QStringLiteral("max"), double(p.redMax));
            if (p.redBurst)
                o.insert(QStringLiteral("burst"), double(p.redBurst));
            if (p.redAvpkt)
                o.insert(QStringLiteral("avpkt"), double(p.redAvpkt));
            if (p.redProbability)
                o.insert(QStringLiteral("probability"), KindSupport::redProbabilityText(*p.redProbability).toDouble());
            if (p.ecn)
                o.insert(QStringLiteral("ecn"), true);
            if (p.harddrop)
                o.insert(QStringLiteral("harddrop"), true);
        }
        return o;
    }

    static Params fromJson(JsonReader &r)
    {
        Params p;
        p.perturbSeconds = int(r.integer("perturb", 0, INT32_MIN, INT32_MAX));
        p.quantum = r.size("quantum");
        p.limit = quint32(r.integer("limit", 0, 0, 0xFFFFFFFFLL));
        p.divisor = quint32(r.integer("divisor", 0, 0, 0xFFFFFFFFLL));
        p.flows = quint32(r.integer("flows", 0, 0, 0xFFFFFFFFLL));
        p.depth = quint32(r.integer("depth", 0, 0, 0xFFFFFFFFLL));
        p.headdrop = r.boolean("headdrop");
        p.redFlowLimit = quint32(r.integer("redflowlimit", 0, 0, 0xFFFFFFFFLL));
        p.redMin = quint32(r.integer("min", 0, 0, 0xFFFFFFFFLL));
        p.redMax = quint32(r.integer("max", 0, 0, 0xFFFFFFFFLL));
        p.redBurst = quint32(r.integer("burst", 0, 0, 0xFFFFFFFFLL));
        p.redAvpkt = quint32(r.integer("avpkt", 0, 0, 0xFFFFFFFFLL));
        const QJsonValue probability = r.take("probability");
        if (probability.isDouble())
            p.redProbability = KindSupport::canonicalRedProbability(probability.toDouble());
        else if (!probability.isUndefined())
            r.error(QStringLiteral("probability"), tr("probability must be a number such as 0.02"));
        p.ecn = r.boolean("ecn");
        p.harddrop = r.boolean("harddrop");
        return p;
    }

    static bool encode(nl_msg *msg, const Params &p, const CodecContext &, QString *error)
    {
        QString why;
        if (p.red() && !p.redValues(&why)) {
            if (error)
                *error = why;
            return false;
        }
        const tc_sfq_qopt_v1 opt = sfqOptions(p);
        return nla_put(msg, TCA_OPTIONS, sizeof(opt), &opt) == 0;
    }

    static std::optional<Params> decode(const nlattr *options, const CodecContext &)
    {
        if (!options || nla_len(options) < int(sizeof(tc_sfq_qopt)))
            return std::nullopt;
        tc_sfq_qopt_v1 opt{};
        std::memcpy(&opt, nla_data(options), std::min<size_t>(sizeof(opt), size_t(nla_len(options))));
        Params p;
        if (opt.qth_min || opt.qth_max) {
            // The kernel keeps the thresholds, Wlog, Plog and max_P; tc's burst and probability are
            // read back from them (avpkt as tc's default), redflowlimit as the least tc takes (max).
            if (opt.Scell_log != 0)
                return std::nullopt;
            const auto burst = KindSupport::redBurstForWlog(opt.qth_min, 1000, opt.Wlog, quint32((2 * quint64(opt.qth_min) + opt.qth_max) / 3000));
            if (!burst)
                return std::nullopt;
            p.redFlowLimit = opt.qth_max;
            p.redMin = opt.qth_min;
            p.redMax = opt.qth_max;
            p.redBurst = *burst;
            if (opt.max_P != KindSupport::redMaxP(0.02))
                p.redProbability = double(opt.max_P) / 4294967296.0;
            p.ecn = opt.flags & TC_RED_ECN;
            p.harddrop = opt.flags & TC_RED_HARDDROP;
            const auto red = p.redValues();
            if (!red || red->plog != opt.Plog || red->maxP != opt.max_P)
                return std::nullopt;
        }
        p.quantum = opt.v0.quantum;
        p.perturbSeconds = opt.v0.perturb_period;
        p.limit = opt.v0.limit;
        p.divisor = opt.v0.divisor;
        p.flows = opt.v0.flows;
        p.depth = opt.depth;
        p.headdrop = opt.headdrop != 0;
        return p;
    }

    static ChangeRule change(const Params &running, const Params &wanted, const CodecContext &, Params *)
    {
        // The kernel fills what is left at 0: compare what it would then hold. It does not keep
        // redflowlimit (only tc's check of max uses it).
        tc_sfq_qopt_v1 a = sfqOptions(running);
        tc_sfq_qopt_v1 b = sfqOptions(wanted.appliedOnto(running));
        a.limit = b.limit = 0;
        return std::memcmp(&a, &b, sizeof(a)) == 0 ? ChangeRule::Same : ChangeRule::Replace;
    }

    static QString summary(const Params &p, TcHandle)
    {
        if (p.red())
            //: RED is the early-drop algorithm (random early detection); %1 its per-flow limit in bytes.
            return tr("sfq with RED, %1 B per flow").arg(p.redFlowLimit);
        return p.perturbSeconds ? tr("sfq, rehash every %n s", nullptr, p.perturbSeconds) : QStringLiteral("sfq");
    }
};

} // namespace

QS_DEFINE_QDISC_KIND(SfqKind)

} // namespace qs
