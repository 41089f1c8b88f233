// pie: nested attributes, only those that are set (iproute2's q_pie.c; TCA_OPTIONS always sent).
#include "pieparams.h"

#include "kinds/jiffies.h"
#include "kinds/kindsupport.h"
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

struct PieKind
{
    Q_DECLARE_TR_FUNCTIONS(qs::PieKind)

public:
    using Params = PieParams;
    static constexpr QdiscTraits traits{.name = "pie", .module = "sch_pie"};

    static ValidationIssues validate(const Params &p) { return p.validate(); }

    /** tc prints "limit 2000p". */
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
            } else if (word == u"target") {
                p.targetUs = c.timeUs(u"target");
            } else if (word == u"tupdate") {
                p.tupdateUs = c.timeUs(u"tupdate");
            } else if (word == u"alpha" || word == u"beta") {
                const quint32 value = c.u32(word, 0);
                if (value > PieParams::MaxAlphaBeta)
                    c.fail(tr("%1 must be 0…%2").arg(word).arg(PieParams::MaxAlphaBeta));
                (word == u"alpha" ? p.alpha : p.beta) = value;
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
                c.failUnknownOption(at, u"pie");
            }
        }
        return qdiscParse(running ? p.appliedOnto(*running) : p);
    }

    static void print(TcOptionWords &w, const Params &p)
    {
        if (p.limit)
            w.add(u"limit", QString::number(p.limit));
        if (p.targetUs)
            w.add(u"target", TcUnits::formatTimeUs(p.targetUs));
        if (p.tupdateUs)
            w.add(u"tupdate", TcUnits::formatTimeUs(p.tupdateUs));
        if (p.alpha)
            w.add(u"alpha", QString::number(p.alpha));
        if (p.beta)
            w.add(u"beta", QString::number(p.beta));
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
        if (p.limit)
            o.insert(QStringLiteral("limit"), double(p.limit));
        if (p.targetUs)
            o.insert(QStringLiteral("target"), TcUnits::formatTimeUs(p.targetUs));
        if (p.tupdateUs)
            o.insert(QStringLiteral("tupdate"), TcUnits::formatTimeUs(p.tupdateUs));
        if (p.alpha)
            o.insert(QStringLiteral("alpha"), double(p.alpha));
        if (p.beta)
            o.insert(QStringLiteral("beta"), double(p.beta));
        KindSupport::insertIf(o, "ecn", p.ecn, [](bool v) { return v; });
        KindSupport::insertIf(o, "bytemode", p.bytemode, [](bool v) { return v; });
        KindSupport::insertIf(o, "dqRateEstimator", p.dqRateEstimator, [](bool v) { return v; });
        return o;
    }

    static Params fromJson(JsonReader &r)
    {
        Params p;
        p.limit = quint32(r.integer("limit", 0, 0, 0xFFFFFFFFLL));
        p.targetUs = r.timeUs("target");
        p.tupdateUs = r.timeUs("tupdate");
        p.alpha = quint32(r.integer("alpha", 0, 0, PieParams::MaxAlphaBeta));
        p.beta = quint32(r.integer("beta", 0, 0, PieParams::MaxAlphaBeta));
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
        if (!put(TCA_PIE_LIMIT, p.limit) || !put(TCA_PIE_TUPDATE, p.tupdateUs) || !put(TCA_PIE_TARGET, p.targetUs) ||
            !put(TCA_PIE_ALPHA, p.alpha) || !put(TCA_PIE_BETA, p.beta) || !flag(TCA_PIE_ECN, p.ecn) ||
            !flag(TCA_PIE_BYTEMODE, p.bytemode) || !flag(TCA_PIE_DQ_RATE_ESTIMATOR, p.dqRateEstimator))
            return false;
        nla_nest_end(msg, nest);
        return true;
    }

    static std::optional<Params> decode(const nlattr *options, const CodecContext &)
    {
        nlattr *tb[TCA_PIE_MAX + 1] = {};
        if (!KindSupport::parseNested(tb, TCA_PIE_MAX, options))
            return std::nullopt;
        const auto get = [&](int type) { return KindSupport::getU32(tb, type).value_or(0); };
        const auto flag = [&](int type) -> std::optional<bool> {
            if (const auto value = KindSupport::getU32(tb, type))
                return *value != 0;
            return std::nullopt;
        };
        Params p;
        p.limit = get(TCA_PIE_LIMIT);
        p.targetUs = pieTargetFromKernel(get(TCA_PIE_TARGET));
        p.tupdateUs = get(TCA_PIE_TUPDATE);
        p.alpha = get(TCA_PIE_ALPHA);
        p.beta = get(TCA_PIE_BETA);
        p.ecn = flag(TCA_PIE_ECN);
        p.bytemode = flag(TCA_PIE_BYTEMODE);
        p.dqRateEstimator = flag(TCA_PIE_DQ_RATE_ESTIMATOR);
        return p;
    }

    static ChangeRule change(const Params &running, const Params &wanted, const CodecContext &context, Params *)
    {
        Params effective = wanted.appliedOnto(running);
        // The kernel keeps the target in 64 ns ticks and tupdate in jiffies: values landing on the same are one state.
        if (pieTargetRoundTrip(effective.targetUs) == pieTargetRoundTrip(running.targetUs))
            effective.targetUs = running.targetUs;
        if (sameJiffies(effective.tupdateUs, running.tupdateUs))
            effective.tupdateUs = running.tupdateUs;
        return changeWhenEncodingDiffers<PieKind>(running, effective, context);
    }

    static QString summary(const Params &p, TcHandle)
    {
        //: %1 is a time such as 15 ms; target is pie's option (the queueing delay it aims for).
        return p.targetUs ? tr("pie, target %1").arg(TcSummary::duration(p.targetUs)) : QStringLiteral("pie");
    }
};

} // namespace

QS_DEFINE_QDISC_KIND(PieKind)

} // namespace qs
