#pragma once

#include "kinds/qdisckind.h"

namespace qs {

/** ingress: the hook for incoming traffic; it holds filters only. */
struct IngressParams
{
    friend bool operator==(const IngressParams &, const IngressParams &) = default;
};
QS_DECLARE_QDISC_KIND(IngressParams)

} // namespace qs
