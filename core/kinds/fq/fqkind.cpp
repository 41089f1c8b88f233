// fq: nested attributes, only those that are set (iproute2's q_fq.c, 6.1: no priomap or weights).
#include "fqparams.h"

#include "kinds/jiffies.h"
#include "kinds/kindsupport.h"
#include "kinds/prio/prioparams.h"
#include "model/jsonreader.h"
#include "tc/tcargs.h"
#include "tc/tcoptionwords.h"
#include "tc/tcsummary.h"
#include "tc/tcunits.h"

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/pkt_sched.h>
#include <linux/rtnetlink.h>

#include <cstring>

namespace qs {

namespace {

// Newer kernels (6.7+) report fq's bands; tc 6.1 cannot set them, so only their defaults are fq as the model knows it.
constexpr int FqPriomap = TCA_FQ_HORIZON_DROP + 1;
constexpr int FqWeights = TCA_FQ_HORIZON_DROP + 2;
constexpr int FqAttributeMax = FqWeights;
constexpr qint32 FqDefaultWeights[3] = {589824, 196608, 65536};

struct FqKind
{
    Q_DECLARE_TR_FUNCTIONS(qs::FqKind)

public:
    using Params = FqParams;
    static constexpr QdiscTraits traits{.name = "fq", .module = "sch_fq"};

    static ValidationIssues validate(const Params &p) { return p.validate(); }

    /** tc prints counts with "p" and quanta with "b" where its parser reads bare numbers. */
    static ShownWords readShown(ShownWords w)
    {
        using namespace ShowSupport;
        dropSuffix(w, u"limit", u"p");
        dropSuffix(w, u"flow_limit", u"p");
        dropSuffix(w, u"quantum", u"b");
        dropSuffix(w, u"initial_quantum", u"b");
        return w;
    }

    static QdiscParse parse(TcArgs &c, const Params *running)
    {
        Params p;
        const auto rate32 = [&](QStringView field) {
            const quint64 rate = c.rate(field);
            if (rate > 0xFFFFFFFFu)
                c.fail(tr("%1 must be below 4 Gbyte/s (34.4 Gbit/s): tc keeps it in 32 bits").arg(field));
            return quint32(rate);
        };
        while (!c.atEnd()) {
            const qsizetype at = c.position();
            const QStringView word = c.next();
            if (word == u"limit") {
                p.limit = c.u32(u"limit", 0);
            } else if (word == u"flow_limit") {
                p.flowLimit = c.u32(u"flow_limit", 0);
            } else if (word == u"buckets") {
                p.buckets = c.u32(u"buckets", 0);
            } else if (word == u"maxrate") {
                p.maxRate = rate32(u"maxrate");
            } else if (word == u"low_rate_threshold") {
                p.lowRateThreshold = rate32(u"low_rate_threshold");
            } else if (word == u"defrate") {
                p.defaultRate = rate32(u"defrate");
            } else if (word == u"ce_threshold") {
                p.ceThresholdUs = c.timeUs(u"ce_threshold");
            } else if (word == u"timer_slack") {
                const qint64 ns = c.time64Ns(u"timer_slack");
                if (ns < 0 || ns > 0xFFFFFFFFLL)
                    c.fail(tr("timer_slack is out of range: 0…4294967295 ns"));
                p.timerSlackNs = quint32(ns);
            } else if (word == u"horizon") {
                p.horizonUs = c.timeUs(u"horizon");
            } else if (word == u"horizon_cap") {
                p.horizonDrop = false;
            } else if (word == u"horizon_drop") {
                p.horizonDrop = true;
            } else if (word == u"quantum") {
                p.quantum = c.u32(u"quantum", 0);
            } else if (word == u"initial_quantum") {
                p.initialQuantum = c.u32(u"initial_quantum", 0);
            } else if (word == u"orphan_mask") {
                p.orphanMask = c.u32(u"orphan_mask", 0);
            } else if (word == u"refill_delay") {
                p.refillDelayUs = c.timeUs(u"refill_delay");
            } else if (word == u"pacing") {
                p.pacing = true;
            } else if (word == u"nopacing") {
                p.pacing = false;
            } else {
                c.failUnknownOption(at, u"fq");
            }
        }
        return qdiscParse(running ? p.appliedOnto(*running) : p);
    }

    static void print(TcOptionWords &w, const Params &p)
    {
        using namespace TcUnits;
        const auto number = [&](const char16_t *word, const std::optional<quint32> &value) {
            if (value)
                w.add(word, QString::number(*value));
        };
        number(u"limit", p.limit);
        number(u"flow_limit", p.flowLimit);
        number(u"quantum", p.quantum);
        number(u"initial_quantum", p.initialQuantum);
        if (p.maxRate)
            w.add(u"maxrate", formatRate(*p.maxRate));
        number(u"buckets", p.buckets);
        if (p.pacing)
            w.add(*p.pacing ? u"pacing" : u"nopacing");
        if (p.refillDelayUs)
            w.add(u"refill_delay", formatTimeUs(*p.refillDelayUs));
        if (p.lowRateThreshold)
            w.add(u"low_rate_threshold", formatRate(*p.lowRateThreshold));
        if (p.defaultRate)
            w.add(u"defrate", formatRate(*p.defaultRate));
        number(u"orphan_mask", p.orphanMask);
        if (p.timerSlackNs)
            w.add(u"timer_slack", formatTime64Ns(*p.timerSlackNs));
        if (p.ceThresholdUs)
            w.add(u"ce_threshold", formatTimeUs(*p.ceThresholdUs));
        if (p.horizonUs)
            w.add(u"horizon", formatTimeUs(*p.horizonUs));
        if (p.horizonDrop)
            w.add(*p.horizonDrop ? u"horizon_drop" : u"horizon_cap");
    }

    static QJsonObject toJson(const Params &p)
    {
        using namespace TcUnits;
        QJsonObject o;
        const auto number = [&](const char *key, const std::optional<quint32> &value) {
            KindSupport::insertIf(o, key, value, [](quint32 v) { return double(v); });
        };
        number("limit", p.limit);
        number("flowLimit", p.flowLimit);
        number("quantum", p.quantum);
        number("initialQuantum", p.initialQuantum);
        KindSupport::insertIf(o, "maxrate", p.maxRate, [](quint32 v) { return formatRate(v); });
        number("buckets", p.buckets);
        KindSupport::insertIf(o, "pacing", p.pacing, [](bool v) { return v; });
        KindSupport::insertIf(o, "refillDelay", p.refillDelayUs, [](quint32 v) { return formatTimeUs(v); });
        KindSupport::insertIf(o, "lowRateThreshold", p.lowRateThreshold, [](quint32 v) { return formatRate(v); });
        KindSupport::insertIf(o, "defrate", p.defaultRate, [](quint32 v) { return formatRate(v); });
        number("orphanMask", p.orphanMask);
        KindSupport::insertIf(o, "timerSlack", p.timerSlackNs, [](quint32 v) { return formatTime64Ns(v); });
        KindSupport::insertIf(o, "ceThreshold", p.ceThresholdUs, [](quint32 v) { return formatTimeUs(v); });
        KindSupport::insertIf(o, "horizon", p.horizonUs, [](quint32 v) { return formatTimeUs(v); });
        KindSupport::insertIf(o, "horizonDrop", p.horizonDrop, [](bool v) { return v; });
        return o;
    }

    static Params fromJson(JsonReader &r)
    {
        Params p;
        const auto rate32 = [&](const char *key) -> std::optional<quint32> {
            const auto rate = r.optionalRate(key);
            if (!rate)
                return std::nullopt;
            if (*rate > 0xFFFFFFFFu) {
                r.error(QString::fromLatin1(key), tr("must be below 4 Gbyte/s (34.4 Gbit/s): tc keeps it in 32 bits"));
                return std::nullopt;
            }
            return quint32(*rate);
        };
        p.limit = r.optionalU32("limit");
        p.flowLimit = r.optionalU32("flowLimit");
        p.quantum = r.optionalU32("quantum");
        p.initialQuantum = r.optionalU32("initialQuantum");
        p.maxRate = rate32("maxrate");
        p.buckets = r.optionalU32("buckets");
        p.pacing = r.optionalBool("pacing");
        p.refillDelayUs = r.optionalTimeUs("refillDelay");
        p.lowRateThreshold = rate32("lowRateThreshold");
        p.defaultRate = rate32("defrate");
        p.orphanMask = r.optionalU32("orphanMask");
        if (r.has("timerSlack")) {
            const qint64 ns = r.time64("timerSlack");
            if (ns < 0 || ns > 0xFFFFFFFFLL)
                r.error(QStringLiteral("timerSlack"), tr("timer_slack is out of range: 0…4294967295 ns"));
            else
                p.timerSlackNs = quint32(ns);
        }
        p.ceThresholdUs = r.optionalTimeUs("ceThreshold");
        p.horizonUs = r.optionalTimeUs("horizon");
        p.horizonDrop = r.optionalBool("horizonDrop");
        return p;
    }

    static bool encode(nl_msg *msg, const Params &p, const CodecContext &, QString *)
    {
        using KindSupport::putU32;
        nlattr *nest = nla_nest_start(msg, TCA_OPTIONS);
        if (!nest)
            return false;
        const std::optional<quint32> bucketsLog =
            p.buckets && *p.buckets ? std::optional<quint32>(FqParams::bucketsLog(*p.buckets)) : std::nullopt;
        const std::optional<quint32> pacing = p.pacing ? std::optional<quint32>(*p.pacing ? 1 : 0) : std::nullopt;
        const std::optional<quint32> horizonDrop = p.horizonDrop ? std::optional<quint32>(*p.horizonDrop ? 1 : 0) : std::nullopt;
        if (!putU32(msg, TCA_FQ_BUCKETS_LOG, bucketsLog) || !putU32(msg, TCA_FQ_PLIMIT, p.limit) ||
            !putU32(msg, TCA_FQ_FLOW_PLIMIT, p.flowLimit) || !putU32(msg, TCA_FQ_QUANTUM, p.quantum) ||
            !putU32(msg, TCA_FQ_INITIAL_QUANTUM, p.initialQuantum) || !putU32(msg, TCA_FQ_RATE_ENABLE, pacing) ||
            !putU32(msg, TCA_FQ_FLOW_MAX_RATE, p.maxRate) || !putU32(msg, TCA_FQ_LOW_RATE_THRESHOLD, p.lowRateThreshold) ||
            !putU32(msg, TCA_FQ_FLOW_DEFAULT_RATE, p.defaultRate) || !putU32(msg, TCA_FQ_FLOW_REFILL_DELAY, p.refillDelayUs) ||
            !putU32(msg, TCA_FQ_ORPHAN_MASK, p.orphanMask) || !putU32(msg, TCA_FQ_CE_THRESHOLD, p.ceThresholdUs) ||
            !putU32(msg, TCA_FQ_TIMER_SLACK, p.timerSlackNs) || !putU32(msg, TCA_FQ_HORIZON, p.horizonUs) ||
            !KindSupport::putU8(msg, TCA_FQ_HORIZON_DROP, horizonDrop))
            return false;
        nla_nest_end(msg, nest);
        return true;
    }

    static std::optional<Params> decode(const nlattr *options, const CodecContext &)
    {
        nlattr *tb[FqAttributeMax + 1] = {};
        if (!KindSupport::parseNested(tb, FqAttributeMax, options))
            return std::nullopt;
        if (tb[FqPriomap]) {
            tc_prio_qopt map{};
            if (nla_len(tb[FqPriomap]) < int(sizeof(map)))
                return std::nullopt;
            std::memcpy(&map, nla_data(tb[FqPriomap]), sizeof(map));
            if (map.bands != 3 || std::memcmp(map.priomap, PrioParams::DefaultPriomap.data(), sizeof(map.priomap)) != 0)
                return std::nullopt;
        }
        if (tb[FqWeights]) {
            if (nla_len(tb[FqWeights]) != int(sizeof(FqDefaultWeights)) ||
                std::memcmp(nla_data(tb[FqWeights]), FqDefaultWeights, sizeof(FqDefaultWeights)) != 0)
                return std::nullopt;
        }
        using KindSupport::getU32;
        Params p;
        p.limit = getU32(tb, TCA_FQ_PLIMIT);
        p.flowLimit = getU32(tb, TCA_FQ_FLOW_PLIMIT);
        p.quantum = getU32(tb, TCA_FQ_QUANTUM);
        p.initialQuantum = getU32(tb, TCA_FQ_INITIAL_QUANTUM);
        if (const auto pacing = getU32(tb, TCA_FQ_RATE_ENABLE))
            p.pacing = *pacing != 0;
        if (const auto rate = getU32(tb, TCA_FQ_FLOW_MAX_RATE); rate && *rate != ~0u)
            p.maxRate = rate;
        if (const auto log = getU32(tb, TCA_FQ_BUCKETS_LOG)) {
            if (*log > 31)
                return std::nullopt;
            p.buckets = 1u << *log;
        }
        p.refillDelayUs = getU32(tb, TCA_FQ_FLOW_REFILL_DELAY);
        p.lowRateThreshold = getU32(tb, TCA_FQ_LOW_RATE_THRESHOLD);
        p.orphanMask = getU32(tb, TCA_FQ_ORPHAN_MASK);
        if (const auto ce = getU32(tb, TCA_FQ_CE_THRESHOLD); ce && *ce != ~0u)
            p.ceThresholdUs = ce;
        p.timerSlackNs = getU32(tb, TCA_FQ_TIMER_SLACK);
        p.horizonUs = getU32(tb, TCA_FQ_HORIZON);
        if (const auto drop = KindSupport::getU8(tb, TCA_FQ_HORIZON_DROP))
            p.horizonDrop = *drop != 0;
        return p;
    }

    static ChangeRule change(const Params &running, const Params &wanted, const CodecContext &context, Params *)
    {
        Params effective = wanted.appliedOnto(running);
        // The refill delay reads back rounded up to a jiffy (usecs_to_jiffies): sending it again changes nothing.
        if (effective.refillDelayUs && running.refillDelayUs && sameJiffies(*effective.refillDelayUs, *running.refillDelayUs))
            effective.refillDelayUs = running.refillDelayUs;
        // Buckets are sent as their log: 1000 and 1024 are one table.
        if (effective.buckets && running.buckets && *effective.buckets && *running.buckets &&
            FqParams::bucketsLog(*effective.buckets) == FqParams::bucketsLog(*running.buckets))
            effective.buckets = running.buckets;
        return changeWhenEncodingDiffers<FqKind>(running, effective, context);
    }

    static QString summary(const Params &p, TcHandle)
    {
        if (p.maxRate)
            //: %1 is a rate (10 Mbit/s): the most one flow may send through fq.
            return tr("fq, at most %1 per flow").arg(TcSummary::rate(*p.maxRate));
        if (p.pacing && !*p.pacing)
            //: fq with its pacing turned off (nopacing).
            return tr("fq, no pacing");
        return QStringLiteral("fq");
    }
};

} // namespace

QS_DEFINE_QDISC_KIND(FqKind)

} // namespace qs
