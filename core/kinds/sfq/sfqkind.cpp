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
        return w;
    }

    static QdiscParse parse(TcArgs &c, const Params *)
    {
        Params p;
        const bool optionsSent = !c.atEnd(); // tc sends TCA_OPTIONS for sfq only when an option is given
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
            } else if (word == u"redflowlimit" || word == u"min" || word == u"max" || word == u"burst" || word == u"avpkt" ||
                       word == u"probability" || word == u"ecn" || word == u"harddrop") {
                c.failUnsupported(at, u"sfq");
            } else {
                c.failUnknownOption(at, u"sfq");
            }
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
        return p;
    }

    static bool encode(nl_msg *msg, const Params &p, const CodecContext &, QString *)
    {
        tc_sfq_qopt_v1 opt{};
        opt.v0.quantum = p.quantum;
        opt.v0.perturb_period = p.perturbSeconds;
        opt.v0.limit = p.limit;
        opt.v0.divisor = p.divisor;
        opt.v0.flows = p.flows;
        opt.depth = p.depth;
        opt.headdrop = p.headdrop ? 1 : 0;
        return nla_put(msg, TCA_OPTIONS, sizeof(opt), &opt) == 0;
    }

    static std::optional<Params> decode(const nlattr *options, const CodecContext &)
    {
        if (!options || nla_len(options) < int(sizeof(tc_sfq_qopt)))
            return std::nullopt;
        tc_sfq_qopt_v1 opt{};
        std::memcpy(&opt, nla_data(options), std::min<size_t>(sizeof(opt), size_t(nla_len(options))));
        if (opt.qth_min || opt.qth_max || opt.limit) // SFQ-RED is beyond the model
            return std::nullopt;
        Params p;
        p.quantum = opt.v0.quantum;
        p.perturbSeconds = opt.v0.perturb_period;
        p.limit = opt.v0.limit;
        p.divisor = opt.v0.divisor;
        p.flows = opt.v0.flows;
        p.depth = opt.depth;
        p.headdrop = opt.headdrop != 0;
        return p;
    }

    static ChangeRule change(const Params &running, const Params &wanted, const CodecContext &context, Params *)
    {
        // The kernel fills what is left at 0: compare what it would then hold.
        return changeWhenEncodingDiffers<SfqKind>(running, wanted.appliedOnto(running), context) == ChangeRule::Same
                   ? ChangeRule::Same
                   : ChangeRule::Replace;
    }

    static QString summary(const Params &p, TcHandle)
    {
        return p.perturbSeconds ? tr("sfq, rehash every %n s", nullptr, p.perturbSeconds) : QStringLiteral("sfq");
    }
};

} // namespace

QS_DEFINE_QDISC_KIND(SfqKind)

} // namespace qs
