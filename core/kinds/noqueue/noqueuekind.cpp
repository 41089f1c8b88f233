// noqueue: the kind word alone (iproute2 has no qdisc_util for it); the kernel has no dump for it.
#include "noqueueparams.h"

#include "kinds/optionlesskind.h"
#include "tc/tcargs.h"

namespace qs {

namespace {

struct NoqueueKind : OptionlessKind<NoqueueParams>
{
    Q_DECLARE_TR_FUNCTIONS(qs::NoqueueKind)

public:
    // noqueue is part of the kernel's core (sch_generic); no change operation; the kernel refuses it below a class
    // ("Cannot assign noqueue to a class"): the root only.
    static constexpr QdiscTraits traits{
        .name = "noqueue", .module = "sch_generic", .placement = QdiscPlacement::RootOnly, .hasChangeOperation = false};

    static QdiscParse parse(TcArgs &c, const Params *)
    {
        if (!c.atEnd())
            //: tc's own words are quoted after the colon.
            c.failAt(c.position(), tr("noqueue takes no options (tc: Unknown qdisc \"noqueue\", hence option \"%1\" is unparsable)")
                                       .arg(c.peek()));
        return qdiscParse(Params{}, false);
    }

    static QString summary(const Params &, TcHandle)
    {
        //: noqueue: packets are handed to the device at once, never queued.
        return tr("noqueue, packets go straight to the device");
    }
};

} // namespace

QS_DEFINE_QDISC_KIND(NoqueueKind)

} // namespace qs
