#pragma once

#include "kinds/qdisckind.h"

namespace qs {

/**
 * noqueue: no queue at all, packets go straight to the device (the default of virtual devices).
 * Added with tc it is a qdisc of its own with a handle; it has no options (tc has no parser for it
 * and refuses any), and the kernel reports none.
 */
struct NoqueueParams
{
    friend bool operator==(const NoqueueParams &, const NoqueueParams &) = default;
};
QS_DECLARE_QDISC_KIND(NoqueueParams)

} // namespace qs
