// pfifo, bfifo and pfifo_head_drop: one tc_fifo_qopt, sent only with a limit (iproute2's q_fifo.c).
#include "fifoparams.h"

#include "kinds/kindsupport.h"
#include "model/jsonreader.h"
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

struct FifoText
{
    Q_DECLARE_TR_FUNCTIONS(qs::FifoKind)
};

/**
 * What the three fifos share; @p Limit is the member holding the limit, @p inBytes whether it
 * counts bytes (bfifo) or packets.
 */
template <class P, std::optional<quint32> P::*Limit, bool InBytes> struct FifoKind
{
    using Params = P;
    /** tc prints a packet limit as "limit 50p", which it does not read. */
    static ShownWords readShown(ShownWords w)
    {
        if constexpr (!InBytes)
            ShowSupport::dropSuffix(w, u"limit", u"p");
        return w;
    }
    static ValidationIssues validate(const P &p) { return p.validate(); }
    static QdiscParse parse(TcArgs &args, const P *)
    {
        P p;
        const bool optionsSent = !args.atEnd(); // tc sends TCA_OPTIONS only when an option is given
        while (!args.atEnd()) {
            const qsizetype at = args.position();
            const QStringView word = args.next();
            if (word == u"limit")
                p.*Limit = InBytes ? args.size(u"limit") : args.packetCount(u"limit"); // get_size() for both, as q_fifo.c
            else
                args.failUnknownOption(at, QString::fromLatin1(kindOpsOf(static_cast<const P *>(nullptr)).name));
        }
        return qdiscParse(p, optionsSent);
    }
    static void print(TcOptionWords &w, const P &p)
    {
        if (p.*Limit)
            w.add(u"limit", InBytes ? TcUnits::formatSize(*(p.*Limit)) : QString::number(*(p.*Limit)));
    }
    static QJsonObject toJson(const P &p)
    {
        if (!(p.*Limit))
            return {};
        return {{QStringLiteral("limit"), InBytes ? QJsonValue(TcUnits::formatSize(*(p.*Limit))) : QJsonValue(double(*(p.*Limit)))}};
    }
    static P fromJson(JsonReader &r)
    {
        P p;
        p.*Limit = InBytes ? r.optionalSize("limit") : r.optionalU32("limit");
        return p;
    }
    static bool encode(nl_msg *msg, const P &p, const CodecContext &, QString *)
    {
        if (!(p.*Limit))
            return true; // the kernel then takes the device's queue length
        const tc_fifo_qopt opt{*(p.*Limit)};
        return nla_put(msg, TCA_OPTIONS, sizeof(opt), &opt) == 0;
    }
    static std::optional<P> decode(const nlattr *options, const CodecContext &)
    {
        P p;
        if (options && nla_len(options) >= int(sizeof(tc_fifo_qopt))) {
            tc_fifo_qopt opt;
            std::memcpy(&opt, nla_data(options), sizeof(opt));
            p.*Limit = opt.limit;
        }
        return p;
    }
    static ChangeRule change(const P &running, const P &wanted, const CodecContext &context, P *)
    {
        return changeWhenEncodingDiffers<FifoKind>(running, wanted, context);
    }
};

struct PfifoKind : FifoKind<PfifoParams, &PfifoParams::limitPackets, false>
{
    static constexpr QdiscTraits traits{.name = "pfifo", .module = "sch_fifo"};
    static QString summary(const PfifoParams &p, TcHandle)
    {
        // %1, not %n: a limit may be beyond what an int holds.
        return p.limitPackets ? FifoText::tr("pfifo, %1 packets").arg(*p.limitPackets) : QStringLiteral("pfifo");
    }
};

struct BfifoKind : FifoKind<BfifoParams, &BfifoParams::limitBytes, true>
{
    static constexpr QdiscTraits traits{.name = "bfifo", .module = "sch_fifo"};
    static QString summary(const BfifoParams &p, TcHandle)
    {
        return p.limitBytes ? FifoText::tr("bfifo, %1 bytes").arg(*p.limitBytes) : QStringLiteral("bfifo");
    }
};

struct PfifoHeadDropKind : FifoKind<PfifoHeadDropParams, &PfifoHeadDropParams::limitPackets, false>
{
    static constexpr QdiscTraits traits{.name = "pfifo_head_drop", .module = "sch_fifo"};
    static QString summary(const PfifoHeadDropParams &p, TcHandle)
    {
        return p.limitPackets ? FifoText::tr("pfifo_head_drop, %1 packets").arg(*p.limitPackets) : QStringLiteral("pfifo_head_drop");
    }
};

} // namespace

QS_DEFINE_QDISC_KIND(PfifoKind)
QS_DEFINE_QDISC_KIND(BfifoKind)
QS_DEFINE_QDISC_KIND(PfifoHeadDropKind)

} // namespace qs
