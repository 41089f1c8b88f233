// fq_pie: nested attributes, only those that are set (iproute2's q_fq_pie.c); PIE's target and
// tupdate are kept as pie keeps them (64 ns ticks, jiffies), the flow table as fq_codel's.
#include "fqpieparams.h"

#include "kinds/jiffies.h"
#include "kinds/kindsupport.h"
#include "kinds/pie/pieparams.h"
#include "model/jsonreader.h"
#include "tc/tcargs.h"
#include "tc/tcoptionwords.h"
#include "tc/tcsummary.h"
#include "tc/tcunits.h"

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/pkt_sched.h>
#include <linux/rtnetlink.h>

namespace qs {

namespace {

struct FqPieKind
{
    Q_DECLARE_TR_FUNCTIONS(qs::FqPieKind)

public:
    using Params = FqPieParams;
    static constexpr QdiscTraits traits{.name = "fq_pie", .module = "sch_fq_pie"};

    static ValidationIssues validate(const Params &p) { return p.validate(); }

    /** tc prints "limit 10240p" (it reads a count); the flags only when they are on. */
    static ShownWords readShown(ShownWords w)
    {
        ShowSupport::dropSuffix(w, u"limit", u"p");
        return w;
    }

    static QdiscParse parse(TcArgs &c, const Params *running)
    {
        Params p;
        while (!c.atEnd()) {
            const qsizetype at = c.position();
            const QStringView word = c.next();
            if (word == u"limit") {
                p.limit = c.u32(u"limit", 0);
            } else if (word == u"flows") {
                p.flows = c.u32(u"flows", 0);
            } else if (word == u"target") {
                p.targetUs = c.timeUs(u"target");
            } else if (word == u"tupdate") {
                p.tupdateUs = c.timeUs(u"tupdate");
            } else if (word == u"alpha" || word == u"beta") {
                const quint32 value = c.u32(word, 0);
                if (value > FqPieParams::MaxAlphaBeta)
                    c.fail(tr("%1 must be 0…%2").arg(word).arg(FqPieParams::MaxAlphaBeta));
                (word == u"alpha" ? p.alpha : p.beta) = value;
            } else if (word == u"quantum") {
                p.quantum = c.size(u"quantum");
            } else if (word == u"memory_limit") {
                p.memoryLimit = c.size(u"memory_limit");
            } else if (word == u"ecn_prob") {
                p.ecnProb = c.u32(u"ecn_prob", 0);
                if (p.ecnProb > FqPieParams::MaxEcnProb)
                    c.fail(tr("ecn_prob must be a percentage below 100"));
            } else if (word == u"ecn") {
                p.ecn = true;
            } else if (word == u"noecn") {
                p.ecn = false;
            } else if (word == u"bytemode") {
                p.bytemode = true;
            } else if (word == u"nobytemode") {
                p.bytemode = false;
            } else if (word == u"dq_rate_estimator") {
                p.dqRateEstimator = true;
            } else if (word == u"no_dq_rate_estimator") {
                p.dqRateEstimator = false;
            } else {
                c.failUnknownOption(at, u"fq_pie");
            }
        }
        if (!running)
            return qdiscParse(p);
        if (p.flows != 0)
            c.failCommand(tr("fq_pie fixes its flows when it is created: the kernel may refuse a change that sends flows "
                             "(\"Number of flows cannot be changed\"); leave flows out, or delete it and add it again"));
        return qdiscParse(p.appliedOnto(*running));
    }

    static void print(TcOptionWords &w, const Params &p)
    {
        if (p.limit)
            w.add(u"limit", QString::number(p.limit));
        if (p.flows)
            w.add(u"flows", QString::number(p.flows));
        if (p.targetUs)
            w.add(u"target", TcUnits::formatTimeUs(p.targetUs));
        if (p.tupdateUs)
            w.add(u"tupdate", TcUnits::formatTimeUs(p.tupdateUs));
        if (p.alpha)
            w.add(u"alpha", QString::number(p.alpha));
        if (p.beta)
            w.add(u"beta", QString::number(p.beta));
        if (p.quantum)
            w.add(u"quantum", TcUnits::formatSize(p.quantum));
        if (p.memoryLimit)
            w.add(u"memory_limit", TcUnits::formatSize(p.memoryLimit));
        if (p.ecnProb)
            w.add(u"ecn_prob", QString::number(p.ecnProb));
        if (p.ecn)
            w.add(*p.ecn ? u"ecn" : u"noecn");
        if (p.bytemode)
            w.add(*p.bytemode ? u"bytemode" : u"nobytemode");
        if (p.dqRateEstimator)
            w.add(*p.dqRateEstimator ? u"dq_rate_estimator" : u"no_dq_rate_estimator");
    }

    static QJsonObject toJson(const Params &p)
    {
        QJsonObject o;
        const auto number = [&](const char *key, quint32 value) {
            if (value)
                o.insert(QLatin1String(key), double(value));
        };
        number("limit", p.limit);
        number("flows", p.flows);
        if (p.targetUs)
            o.insert(QStringLiteral("target"), TcUnits::formatTimeUs(p.targetUs));
        if (p.tupdateUs)
            o.insert(QStringLiteral("tupdate"), TcUnits::formatTimeUs(p.tupdateUs));
        number("alpha", p.alpha);
        number("beta", p.beta);
        if (p.quantum)
            o.insert(QStringLiteral("quantum"), TcUnits::formatSize(p.quantum));
        if (p.memoryLimit)
            o.insert(QStringLiteral("memoryLimit"), TcUnits::formatSize(p.memoryLimit));
        number("ecnProb", p.ecnProb);
        KindSupport::insertIf(o, "ecn", p.ecn, [](bool v) { return v; });
        KindSupport::insertIf(o, "bytemode", p.bytemode, [](bool v) { return v; });
        KindSupport::insertIf(o, "dqRateEstimator", p.dqRateEstimator, [](bool v) { return v; });
        return o;
    }

    static Params fromJson(JsonReader &r)
    {
        Params p;
        p.limit = quint32(r.integer("limit", 0, 0, 0xFFFFFFFFLL));
        p.flows = quint32(r.integer("flows", 0, 0, FqPieParams::MaxFlows));
        p.targetUs = r.timeUs("target");
        p.tupdateUs = r.timeUs("tupdate");
        p.alpha = quint32(r.integer("alpha", 0, 0, FqPieParams::MaxAlphaBeta));
        p.beta = quint32(r.integer("beta", 0, 0, FqPieParams::MaxAlphaBeta));
        p.quantum = r.size("quantum");
        p.memoryLimit = r.size("memoryLimit");
        p.ecnProb = quint32(r.integer("ecnProb", 0, 0, FqPieParams::MaxEcnProb));
        p.ecn = r.optionalBool("ecn");
        p.bytemode = r.optionalBool("bytemode");
        p.dqRateEstimator = r.optionalBool("dqRateEstimator");
        return p;
    }

    static bool encode(nl_msg *msg, const Params &p, const CodecContext &, QString *)
    {
        nlattr *nest = nla_nest_start(msg, TCA_OPTIONS);
        if (!nest)
            return false;
        const auto put = [&](int type, quint32 value) { return value == 0 || nla_put_u32(msg, type, value) == 0; };
        const auto flag = [&](int type, const std::optional<bool> &value) {
            return !value || nla_put_u32(msg, type, *value ? 1 : 0) == 0;
        };
        // tc's order (q_fq_pie.c), so what we send is what tc sends.
        if (!put(TCA_FQ_PIE_LIMIT, p.limit) || !put(TCA_FQ_PIE_FLOWS, p.flows) || !put(TCA_FQ_PIE_TARGET, p.targetUs) ||
            !put(TCA_FQ_PIE_TUPDATE, p.tupdateUs) || !put(TCA_FQ_PIE_ALPHA, p.alpha) || !put(TCA_FQ_PIE_BETA, p.beta) ||
            !put(TCA_FQ_PIE_QUANTUM, p.quantum) || !put(TCA_FQ_PIE_MEMORY_LIMIT, p.memoryLimit) ||
            !put(TCA_FQ_PIE_ECN_PROB, p.ecnProb) || !flag(TCA_FQ_PIE_ECN, p.ecn) || !flag(TCA_FQ_PIE_BYTEMODE, p.bytemode) ||
            !flag(TCA_FQ_PIE_DQ_RATE_ESTIMATOR, p.dqRateEstimator))
            return false;
        nla_nest_end(msg, nest);
        return true;
    }

    static std::optional<Params> decode(const nlattr *options, const CodecContext &)
    {
        nlattr *tb[TCA_FQ_PIE_MAX + 1] = {};
        if (!KindSupport::parseNested(tb, TCA_FQ_PIE_MAX, options))
            return std::nullopt;
        const auto get = [&](int type) { return KindSupport::getU32(tb, type).value_or(0); };
        const auto flag = [&](int type) -> std::optional<bool> {
            if (const auto value = KindSupport::getU32(tb, type))
                return *value != 0;
            return std::nullopt;
        };
        Params p;
        p.limit = get(TCA_FQ_PIE_LIMIT);
        p.flows = get(TCA_FQ_PIE_FLOWS);
        p.targetUs = pieTargetFromKernel(get(TCA_FQ_PIE_TARGET));
        p.tupdateUs = get(TCA_FQ_PIE_TUPDATE);
        p.alpha = get(TCA_FQ_PIE_ALPHA);
        p.beta = get(TCA_FQ_PIE_BETA);
        p.quantum = get(TCA_FQ_PIE_QUANTUM);
        p.memoryLimit = get(TCA_FQ_PIE_MEMORY_LIMIT);
        p.ecnProb = get(TCA_FQ_PIE_ECN_PROB);
        p.ecn = flag(TCA_FQ_PIE_ECN);
        p.bytemode = flag(TCA_FQ_PIE_BYTEMODE);
        p.dqRateEstimator = flag(TCA_FQ_PIE_DQ_RATE_ESTIMATOR);
        return p;
    }

    static ChangeRule change(const Params &running, const Params &wanted, const CodecContext &context, Params *sent)
    {
        // The flow table is fixed once created: another number of flows needs a new qdisc.
        if (wanted.flows != 0 && wanted.flows != running.flows)
            return ChangeRule::Replace;
        Params effective = wanted.appliedOnto(running);
        // Target in 64 ns ticks, tupdate in jiffies, as pie: values landing on the same are one state.
        if (pieTargetRoundTrip(effective.targetUs) == pieTargetRoundTrip(running.targetUs))
            effective.targetUs = running.targetUs;
        if (sameJiffies(effective.tupdateUs, running.tupdateUs))
            effective.tupdateUs = running.tupdateUs;
        if (changeWhenEncodingDiffers<FqPieKind>(running, effective, context) == ChangeRule::Same)
            return ChangeRule::Same;
        sent->flows = 0; // fq_pie refuses flows on a change once its timer has walked the table
        return ChangeRule::InPlace;
    }

    static QString summary(const Params &p, TcHandle)
    {
        //: %1 is a time such as 15 ms; target is fq_pie's option (the queueing delay it aims for).
        return p.targetUs ? tr("fq_pie, target %1").arg(TcSummary::duration(p.targetUs)) : QStringLiteral("fq_pie");
    }
};

} // namespace

QS_DEFINE_QDISC_KIND(FqPieKind)

} // namespace qs
