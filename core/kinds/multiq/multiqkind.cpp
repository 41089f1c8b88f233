// multiq: a band per transmit queue (iproute2's q_multiq.c); an empty tc_multiq_qopt.
#include "multiqparams.h"

#include "kinds/optionlesskind.h"
#include "tc/tcargs.h"

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/pkt_sched.h>

#include <cerrno>

namespace qs {

namespace {

struct MultiqKind : OptionlessKind<MultiqParams>
{
    Q_DECLARE_TR_FUNCTIONS(qs::MultiqKind)

public:
    // Anywhere on a multi-queue device (the kernel refuses a single-queue one with EOPNOTSUPP); its
    // bands are the filters' targets.
    static constexpr QdiscTraits traits{.name = "multiq", .module = "sch_multiq", .children = QdiscChildren::Queues, .filterBlock = true,
                                        .deletedChildLeavesNoop = true};

    static QdiscParse parse(TcArgs &c, const Params *)
    {
        if (!c.atEnd())
            //: tc's own words are quoted after the colon.
            c.failAt(c.position(), tr("multiq takes no options (tc: What is \"%1\"?)").arg(c.peek()));
        return qdiscParse(Params{});
    }

    static bool encode(nl_msg *msg, const Params &, const CodecContext &, QString *)
    {
        // multiq_init refuses a request without options; multiq_tune ignores what they say.
        const tc_multiq_qopt opt{};
        return nla_put(msg, TCA_OPTIONS, sizeof(opt), &opt) == 0;
    }

    static std::optional<Params> decode(const nlattr *options, const CodecContext &)
    {
        if (!options || nla_len(options) < int(sizeof(tc_multiq_qopt)))
            return std::nullopt;
        return Params{};
    }

    static QString addRefusal(const Params &, int error)
    {
        return error == EOPNOTSUPP ? tr("multiq needs a device with several transmit queues") : QString();
    }

    static QString summary(const Params &, TcHandle)
    {
        //: multiq: one band per transmit queue, served in turn.
        return tr("multiq, a band per transmit queue");
    }
};

} // namespace

QS_DEFINE_QDISC_KIND(MultiqKind)

} // namespace qs
