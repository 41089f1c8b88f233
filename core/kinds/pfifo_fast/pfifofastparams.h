#pragma once

#include "kinds/qdisckind.h"

namespace qs {

/**
 * pfifo_fast: three bands picked by the packet's priority through the fixed default priomap
 * (band 0 first). It has no options: tc sends none and refuses any, the kernel reports
 * "bands 3 priomap 1 2 2 2 1 2 0 0 1 1 1 1 1 1 1 1" for every pfifo_fast.
 */
struct PfifoFastParams
{
    friend bool operator==(const PfifoFastParams &, const PfifoFastParams &) = default;
};
QS_DECLARE_QDISC_KIND(PfifoFastParams)

} // namespace qs
