#pragma once

#include "validationissue.h"

#include <QtGlobal>

namespace qs {

/** Stochastic fairness queueing. A 0 means "the kernel's default", exactly as tc sends it. */
struct SfqParams
{
    int perturbSeconds = 0; ///< rehash period; 0: never
    quint32 quantum = 0;    ///< bytes per round; default: the device MTU
    quint32 limit = 0;      ///< packets; default 127
    quint32 divisor = 0;    ///< hash table size, a power of two up to 65536; default 1024
    quint32 flows = 0;      ///< default 128
    quint32 depth = 0;      ///< packets per flow, up to 127; default 127
    bool headdrop = false;

    ValidationIssues validate() const;
    /** What the kernel holds after changing @p running to these: sfq keeps every field sent as 0, except perturb and headdrop. */
    SfqParams appliedOnto(const SfqParams &running) const;
    friend bool operator==(const SfqParams &, const SfqParams &) = default;
};

} // namespace qs
