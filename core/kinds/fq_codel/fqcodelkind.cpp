// fq_codel: nested attributes, only those that are set (iproute2's q_fq_codel.c).
#include "fqcodelparams.h"

#include "kinds/codel/codeltime.h"
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

struct FqCodelKind
{
    Q_DECLARE_TR_FUNCTIONS(qs::FqCodelKind)

public:
    using Params = FqCodelParams;
    static constexpr QdiscTraits traits{.name = "fq_codel", .module = "sch_fq_codel"};

    static ValidationIssues validate(const Params &p) { return p.validate(); }

    /**
     * tc prints "limit 10240p" (it reads a count) and "ecn" only when ECN is on, which is
     * fq_codel's default: without it the qdisc was added with noecn. The kernel keeps target,
     * interval and ce_threshold in units of 1024 ns and prints them back in microseconds, a
     * little below what was given ("ce_threshold 1ms" shows as 999us): a value shown to the
     * microsecond becomes one that gives the same units again.
     */
    static ShownWords readShown(ShownWords w)
    {
        using namespace ShowSupport;
        dropSuffix(w, u"limit", u"p");
        if (indexOf(w, u"ecn") < 0 && indexOf(w, u"noecn") < 0 && !w.isEmpty())
            w.append(TcWord{QStringLiteral("noecn"), w.last().line, w.last().column});
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
            else if (word == u"flows")
                p.flows = c.u32(u"flows", 0);
            else if (word == u"quantum")
                p.quantum = c.u32(u"quantum", 0);
            else if (word == u"drop_batch")
                p.dropBatch = c.u32(u"drop_batch", 0);
            else if (word == u"target")
                p.targetUs = c.timeUs(u"target");
            else if (word == u"ce_threshold")
                p.ceThresholdUs = c.timeUs(u"ce_threshold");
            else if (word == u"memory_limit")
                p.memoryLimit = c.size(u"memory_limit");
            else if (word == u"interval")
                p.intervalUs = c.timeUs(u"interval");
            else if (word == u"ecn")
                p.ecn = true;
            else if (word == u"noecn")
                p.ecn = false;
            else if (word == u"ce_threshold_selector")
                c.failUnsupported(at, u"fq_codel");
            else
                c.failUnknownOption(at, u"fq_codel");
        }
        if (!running)
            return qdiscParse(p);
        // fq_codel_change() refuses TCA_FQ_CODEL_FLOWS once the flow table exists, even the same number.
        if (p.flows != 0)
            c.failCommand(tr("fq_codel fixes its flows when it is created: the kernel refuses a change that sends flows "
                           "(EINVAL), even the number it has; leave flows out, or delete it and add it again"));
        return qdiscParse(p.appliedOnto(*running));
    }

    static void print(TcOptionWords &w, const Params &p)
    {
        if (p.limit)
            w.add(u"limit", QString::number(p.limit));
        if (p.flows)
            w.add(u"flows", QString::number(p.flows));
        if (p.quantum)
            w.add(u"quantum", QString::number(p.quantum));
        if (p.targetUs)
            w.add(u"target", TcUnits::formatTimeUs(p.targetUs));
        if (p.intervalUs)
            w.add(u"interval", TcUnits::formatTimeUs(p.intervalUs));
        if (p.ceThresholdUs)
            w.add(u"ce_threshold", TcUnits::formatTimeUs(*p.ceThresholdUs));
        if (p.memoryLimit)
            w.add(u"memory_limit", TcUnits::formatSize(p.memoryLimit));
        if (p.dropBatch)
            w.add(u"drop_batch", QString::number(p.dropBatch));
        if (p.ecn)
            w.add(*p.ecn ? u"ecn" : u"noecn");
    }

    static QJsonObject toJson(const Params &p)
    {
        QJsonObject o;
        if (p.limit)
            o.insert(QStringLiteral("limit"), double(p.limit));
        if (p.flows)
            o.insert(QStringLiteral("flows"), double(p.flows));
        if (p.quantum)
            o.insert(QStringLiteral("quantum"), double(p.quantum));
        if (p.targetUs)
            o.insert(QStringLiteral("target"), TcUnits::formatTimeUs(p.targetUs));
        if (p.intervalUs)
            o.insert(QStringLiteral("interval"), TcUnits::formatTimeUs(p.intervalUs));
        if (p.ceThresholdUs)
            o.insert(QStringLiteral("ceThreshold"), TcUnits::formatTimeUs(*p.ceThresholdUs));
        if (p.memoryLimit)
            o.insert(QStringLiteral("memoryLimit"), TcUnits::formatSize(p.memoryLimit));
        if (p.dropBatch)
            o.insert(QStringLiteral("dropBatch"), double(p.dropBatch));
        if (p.ecn)
            o.insert(QStringLiteral("ecn"), *p.ecn);
        return o;
    }

    static Params fromJson(JsonReader &r)
    {
        Params p;
        p.limit = quint32(r.integer("limit", 0, 0, 0xFFFFFFFFLL));
        p.flows = quint32(r.integer("flows", 0, 0, 0xFFFFFFFFLL));
        p.quantum = quint32(r.integer("quantum", 0, 0, 0xFFFFFFFFLL));
        p.targetUs = r.timeUs("target");
        p.intervalUs = r.timeUs("interval");
        p.ceThresholdUs = r.optionalTimeUs("ceThreshold");
        p.memoryLimit = r.size("memoryLimit");
        p.dropBatch = quint32(r.integer("dropBatch", 0, 0, 0xFFFFFFFFLL));
        p.ecn = r.optionalBool("ecn");
        return p;
    }

    static bool encode(nl_msg *msg, const Params &p, const CodecContext &, QString *)
    {
        nlattr *nest = nla_nest_start(msg, TCA_OPTIONS);
        if (!nest)
            return false;
        const auto put = [&](int type, quint32 value) { return value == 0 || nla_put_u32(msg, type, value) == 0; };
        if (!put(TCA_FQ_CODEL_LIMIT, p.limit) || !put(TCA_FQ_CODEL_FLOWS, p.flows) || !put(TCA_FQ_CODEL_QUANTUM, p.quantum) ||
            !put(TCA_FQ_CODEL_TARGET, p.targetUs) || !put(TCA_FQ_CODEL_INTERVAL, p.intervalUs) ||
            !put(TCA_FQ_CODEL_MEMORY_LIMIT, p.memoryLimit) || !put(TCA_FQ_CODEL_DROP_BATCH_SIZE, p.dropBatch))
            return false;
        if (p.ceThresholdUs && nla_put_u32(msg, TCA_FQ_CODEL_CE_THRESHOLD, *p.ceThresholdUs))
            return false;
        if (p.ecn && nla_put_u32(msg, TCA_FQ_CODEL_ECN, *p.ecn ? 1 : 0))
            return false;
        nla_nest_end(msg, nest);
        return true;
    }

    static std::optional<Params> decode(const nlattr *options, const CodecContext &)
    {
        nlattr *tb[TCA_FQ_CODEL_MAX + 1] = {};
        if (!options || nla_parse_nested(tb, TCA_FQ_CODEL_MAX, const_cast<nlattr *>(options), nullptr) < 0)
            return std::nullopt;
        // Kernels report the selector and mask (zeros) with every ce_threshold; a real one is beyond the model.
        if (tb[TCA_FQ_CODEL_CE_THRESHOLD_MASK] && nla_get_u8(tb[TCA_FQ_CODEL_CE_THRESHOLD_MASK]) != 0)
            return std::nullopt;
        const auto get = [&](int type) { return tb[type] ? nla_get_u32(tb[type]) : 0u; };
        Params p;
        p.limit = get(TCA_FQ_CODEL_LIMIT);
        p.flows = get(TCA_FQ_CODEL_FLOWS);
        p.quantum = get(TCA_FQ_CODEL_QUANTUM);
        p.targetUs = CodelTime::fromKernel(get(TCA_FQ_CODEL_TARGET));
        p.intervalUs = CodelTime::fromKernel(get(TCA_FQ_CODEL_INTERVAL));
        p.memoryLimit = get(TCA_FQ_CODEL_MEMORY_LIMIT);
        p.dropBatch = get(TCA_FQ_CODEL_DROP_BATCH_SIZE);
        if (tb[TCA_FQ_CODEL_CE_THRESHOLD])
            p.ceThresholdUs = CodelTime::fromKernel(get(TCA_FQ_CODEL_CE_THRESHOLD));
        if (tb[TCA_FQ_CODEL_ECN])
            p.ecn = get(TCA_FQ_CODEL_ECN) != 0;
        return p;
    }

    static ChangeRule change(const Params &running, const Params &wanted, const CodecContext &context, Params *sent)
    {
        // The flow table is fixed once created: another number of flows needs a new qdisc.
        if (wanted.flows != 0 && wanted.flows != running.flows)
            return ChangeRule::Replace;
        if (changeWhenEncodingDiffers<FqCodelKind>(running, wanted.appliedOnto(running), context) == ChangeRule::Same)
            return ChangeRule::Same;
        sent->flows = 0; // fq_codel refuses any flows attribute on a change, even an unchanged one
        return ChangeRule::InPlace;
    }

    static QString summary(const Params &p, TcHandle)
    {
        //: %1 is a time such as 5 ms; target is fq_codel's option.
        return p.targetUs ? tr("fq_codel, target %1").arg(TcSummary::duration(p.targetUs)) : QStringLiteral("fq_codel");
    }
};

} // namespace

QS_DEFINE_QDISC_KIND(FqCodelKind)

} // namespace qs
