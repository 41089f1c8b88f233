// mq: the kind word alone (iproute2 has no qdisc_util for it); the kernel reports no options.
#include "mqparams.h"

#include "kinds/optionlesskind.h"
#include "tc/tcargs.h"

#include <cerrno>

namespace qs {

namespace {

struct MqKind : OptionlessKind<MqParams>
{
    Q_DECLARE_TR_FUNCTIONS(qs::MqKind)

public:
    // The kernel refuses mq anywhere but the root (mq_init: "sch_mq: can only be attached as root
    // qdisc") and on a device with one transmit queue (EOPNOTSUPP); its queues hold no filters.
    static constexpr QdiscTraits traits{
        .name = "mq", .module = "sch_mq", .placement = QdiscPlacement::RootOnly, .children = QdiscChildren::Queues,
        .deletedChildLeavesNoop = true};

    static QdiscParse parse(TcArgs &c, const Params *)
    {
        if (!c.atEnd())
            //: tc's own words are quoted after the colon.
            c.failAt(c.position(), tr("mq takes no options (tc: Unknown qdisc \"mq\", hence option \"%1\" is unparsable)").arg(c.peek()));
        return qdiscParse(Params{}, false);
    }

    static QString addRefusal(const Params &, int error)
    {
        return error == EOPNOTSUPP ? tr("mq needs the root of a device with several transmit queues") : QString();
    }

    static QString summary(const Params &, TcHandle)
    {
        //: mq: the root of a multi-queue device; every transmit queue has a qdisc of its own.
        return tr("mq, a qdisc per transmit queue");
    }
};

} // namespace

QS_DEFINE_QDISC_KIND(MqKind)

} // namespace qs
