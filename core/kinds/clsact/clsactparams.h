#pragma once

#include "kinds/qdisckind.h"

namespace qs {

/** clsact: ingress and egress filter hooks in one qdisc. */
struct ClsactParams
{
    friend bool operator==(const ClsactParams &, const ClsactParams &) = default;
};
QS_DECLARE_QDISC_KIND(ClsactParams)

} // namespace qs
