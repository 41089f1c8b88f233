#include "clsactparams.h"

#include "kinds/hookkind.h"

namespace qs {

namespace {

struct ClsactKind : HookKind<ClsactParams>
{
    Q_DECLARE_TR_FUNCTIONS(qs::ClsactKind)

public:
    // clsact lives in the ingress module.
    static constexpr QdiscTraits traits{.name = "clsact",
                                        .module = "sch_ingress",
                                        .placement = QdiscPlacement::IngressHook,
                                        .filterBlock = true};
    static QString summary(const ClsactParams &, TcHandle) { return tr("clsact (incoming and outgoing filters)"); }
};

} // namespace

QS_DEFINE_QDISC_KIND(ClsactKind)

} // namespace qs
