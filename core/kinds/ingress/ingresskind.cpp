#include "ingressparams.h"

#include "kinds/hookkind.h"

namespace qs {

namespace {

struct IngressKind : HookKind<IngressParams>
{
    Q_DECLARE_TR_FUNCTIONS(qs::IngressKind)

public:
    static constexpr QdiscTraits traits{.name = "ingress",
                                        .module = "sch_ingress",
                                        .placement = QdiscPlacement::IngressHook,
                                        .filterBlock = true};
    static QString summary(const IngressParams &, TcHandle) { return tr("ingress (incoming traffic)"); }
};

} // namespace

QS_DEFINE_QDISC_KIND(IngressKind)

} // namespace qs
