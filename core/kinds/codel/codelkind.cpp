// codel: nested attributes, only those that are set (iproute2's q_codel.c; TCA_OPTIONS always sent).
#include "codelparams.h"

#include "codeltime.h"
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

/* TRANSLATOR qs::CodelParams

   Findings about codel's parameters. The option names target and interval are words of tc's codel
   command: keep them. Values in tc syntax (100ms) stay as they are.
*/

ValidationIssues CodelParams::validate() const
{
    ValidationIssues issues;
    if (targetUs != 0 && intervalUs != 0 && targetUs >= intervalUs)
        issues.append(ValidationIssue::warning(
            QStringLiteral("target"), tr("target %1 is not below the interval %2: CoDel never gets to drop")
                                          .arg(TcUnits::formatTimeUs(targetUs), TcUnits::formatTimeUs(intervalUs))));
    return issues;
}

CodelParams CodelParams::appliedOnto(const CodelParams &running) const
{
    CodelParams result = *this;
    for (auto field : {&CodelParams::limit, &CodelParams::targetUs, &CodelParams::intervalUs}) {
        if (result.*field == 0)
            result.*field = running.*field;
    }
    if (!result.ceThresholdUs)
        result.ceThresholdUs = running.ceThresholdUs;
    if (!result.ecn)
        result.ecn = running.ecn;
    return result;
}

namespace {

struct CodelKind
{
    Q_DECLARE_TR_FUNCTIONS(qs::CodelKind)

public:
    using Params = CodelParams;
    static constexpr QdiscTraits traits{.name = "codel", .module = "sch_codel"};

    static ValidationIssues validate(const Params &p) { return p.validate(); }

    /** tc prints "limit 1500p" and the times as the kernel holds them. */
    static ShownWords readShown(ShownWords w)
    {
        ShowSupport::dropSuffix(w, u"limit", u"p");
        CodelTime::readShownTimes(w);
        return w;
    }

    static QdiscParse parse(TcArgs &c, const Params *running)
    {
        Params p;
        while (!c.atEnd()) {
            const qsizetype at = c.position();
            const QStringView word = c.next();
            if (word == u"limit")
                p.limit = c.u32(u"limit", 0);
            else if (word == u"target")
                p.targetUs = c.timeUs(u"target");
            else if (word == u"ce_threshold")
                p.ceThresholdUs = c.timeUs(u"ce_threshold");
            else if (word == u"interval")
                p.intervalUs = c.timeUs(u"interval");
            else if (word == u"ecn")
                p.ecn = true;
            else if (word == u"noecn")
                p.ecn = false;
            else
                c.failUnknownOption(at, u"codel");
        }
        return qdiscParse(running ? p.appliedOnto(*running) : p);
    }

    static void print(TcOptionWords &w, const Params &p)
    {
        if (p.limit)
            w.add(u"limit", QString::number(p.limit));
        if (p.targetUs)
            w.add(u"target", TcUnits::formatTimeUs(p.targetUs));
        if (p.intervalUs)
            w.add(u"interval", TcUnits::formatTimeUs(p.intervalUs));
        if (p.ceThresholdUs)
            w.add(u"ce_threshold", TcUnits::formatTimeUs(*p.ceThresholdUs));
        if (p.ecn)
            w.add(*p.ecn ? u"ecn" : u"noecn");
    }

    static QJsonObject toJson(const Params &p)
    {
        QJsonObject o;
        if (p.limit)
            o.insert(QStringLiteral("limit"), double(p.limit));
        if (p.targetUs)
            o.insert(QStringLiteral("target"), TcUnits::formatTimeUs(p.targetUs));
        if (p.intervalUs)
            o.insert(QStringLiteral("interval"), TcUnits::formatTimeUs(p.intervalUs));
        if (p.ceThresholdUs)
            o.insert(QStringLiteral("ceThreshold"), TcUnits::formatTimeUs(*p.ceThresholdUs));
        if (p.ecn)
            o.insert(QStringLiteral("ecn"), *p.ecn);
        return o;
    }

    static Params fromJson(JsonReader &r)
    {
        Params p;
        p.limit = quint32(r.integer("limit", 0, 0, 0xFFFFFFFFLL));
        p.targetUs = r.timeUs("target");
        p.intervalUs = r.timeUs("interval");
        p.ceThresholdUs = r.optionalTimeUs("ceThreshold");
        p.ecn = r.optionalBool("ecn");
        return p;
    }

    static bool encode(nl_msg *msg, const Params &p, const CodecContext &, QString *)
    {
        nlattr *nest = nla_nest_start(msg, TCA_OPTIONS);
        if (!nest)
            return false;
        const auto put = [&](int type, quint32 value) { return value == 0 || nla_put_u32(msg, type, value) == 0; };
        if (!put(TCA_CODEL_LIMIT, p.limit) || !put(TCA_CODEL_INTERVAL, p.intervalUs) || !put(TCA_CODEL_TARGET, p.targetUs))
            return false;
        if (p.ecn && nla_put_u32(msg, TCA_CODEL_ECN, *p.ecn ? 1 : 0))
            return false;
        if (p.ceThresholdUs && nla_put_u32(msg, TCA_CODEL_CE_THRESHOLD, *p.ceThresholdUs))
            return false;
        nla_nest_end(msg, nest);
        return true;
    }

    static std::optional<Params> decode(const nlattr *options, const CodecContext &)
    {
        nlattr *tb[TCA_CODEL_MAX + 1] = {};
        if (!options || nla_parse_nested(tb, TCA_CODEL_MAX, const_cast<nlattr *>(options), nullptr) < 0)
            return std::nullopt;
        const auto get = [&](int type) { return tb[type] ? nla_get_u32(tb[type]) : 0u; };
        Params p;
        p.limit = get(TCA_CODEL_LIMIT);
        p.targetUs = CodelTime::fromKernel(get(TCA_CODEL_TARGET));
        p.intervalUs = CodelTime::fromKernel(get(TCA_CODEL_INTERVAL));
        if (tb[TCA_CODEL_CE_THRESHOLD])
            p.ceThresholdUs = CodelTime::fromKernel(get(TCA_CODEL_CE_THRESHOLD));
        if (tb[TCA_CODEL_ECN])
            p.ecn = get(TCA_CODEL_ECN) != 0;
        return p;
    }

    static ChangeRule change(const Params &running, const Params &wanted, const CodecContext &context, Params *)
    {
        return changeWhenEncodingDiffers<CodelKind>(running, wanted.appliedOnto(running), context);
    }

    static QString summary(const Params &p, TcHandle)
    {
        //: %1 is a time such as 5 ms; target is codel's option.
        return p.targetUs ? tr("codel, target %1").arg(TcSummary::duration(p.targetUs)) : QStringLiteral("codel");
    }
};

} // namespace

QS_DEFINE_QDISC_KIND(CodelKind)

} // namespace qs
