// pfifo_fast: no options to send (iproute2's pfifo_fast_qdisc_util has no parser); the kernel
// reports a tc_prio_qopt with its fixed 3 bands and default priomap.
#include "pfifofastparams.h"

#include "kinds/prio/prioparams.h"
#include "tc/tcargs.h"

#include <netlink/attr.h>

#include <linux/pkt_sched.h>

#include <cstring>

namespace qs {

namespace {

struct PfifoFastKind
{
    Q_DECLARE_TR_FUNCTIONS(qs::PfifoFastKind)

public:
    using Params = PfifoFastParams;
    // pfifo_fast is part of the kernel's core (sch_generic), not a module.
    static constexpr QdiscTraits traits{.name = "pfifo_fast", .module = "sch_generic", .hasChangeOperation = false};

    static ValidationIssues validate(const Params &) { return {}; }

    /** tc prints pfifo_fast's fixed bands and priomap, which it takes no option for. */
    static ShownWords readShown(ShownWords w)
    {
        ShowSupport::drop(w, u"bands", 1);
        ShowSupport::drop(w, u"priomap", TC_PRIO_MAX + 1);
        return w;
    }

    static QdiscParse parse(TcArgs &c, const Params *)
    {
        if (!c.atEnd())
            c.failAt(c.position(), tr("pfifo_fast takes no options: its 3 bands and priomap are fixed (tc: qdisc "
                                      "'pfifo_fast' does not support option parsing); use prio for other bands"));
        return qdiscParse(Params{}, false);
    }

    static void print(TcOptionWords &, const Params &) {}
    static QJsonObject toJson(const Params &) { return {}; }
    static Params fromJson(JsonReader &) { return {}; }
    static bool encode(nl_msg *, const Params &, const CodecContext &, QString *) { return true; }

    static std::optional<Params> decode(const nlattr *options, const CodecContext &)
    {
        // Every pfifo_fast reports the same; anything else is not a pfifo_fast the model knows.
        if (!options || nla_len(options) < int(sizeof(tc_prio_qopt)))
            return std::nullopt;
        tc_prio_qopt opt;
        std::memcpy(&opt, nla_data(options), sizeof(opt));
        if (opt.bands != 3 || std::memcmp(opt.priomap, PrioParams::DefaultPriomap.data(), sizeof(opt.priomap)) != 0)
            return std::nullopt;
        return Params{};
    }

    static ChangeRule change(const Params &, const Params &, const CodecContext &, Params *) { return ChangeRule::Same; }

    static QString summary(const Params &, TcHandle)
    {
        //: pfifo_fast's three bands are chosen by the packets' priority (TOS).
        return tr("pfifo_fast, 3 bands by priority");
    }
};

} // namespace

QS_DEFINE_QDISC_KIND(PfifoFastKind)

} // namespace qs
