#pragma once

#include "kinds/qdisckind.h"
#include "model/validationissue.h"

#include <QCoreApplication>
#include <QtGlobal>

namespace qs {

/** Stochastic fairness queueing. A 0 means "the kernel's default", exactly as tc sends it. */
struct SfqParams
{
    Q_DECLARE_TR_FUNCTIONS(qs::SfqParams)

public:
    /** The kernel's caps (SFQ_MAX_DEPTH, SFQ_MAX_FLOWS) and its default flow count. */
    static constexpr quint32 MaxDepth = 127;
    static constexpr quint32 MaxFlows = 65408;
    static constexpr quint32 DefaultFlows = 128;

    int perturbSeconds = 0; ///< rehash period; 0: never
    quint32 quantum = 0;    ///< bytes per round; default: the device MTU
    quint32 limit = 0;      ///< packets; default 127
    quint32 divisor = 0;    ///< hash table size, a power of two up to 65536; default 1024
    quint32 flows = 0;      ///< default 128
    quint32 depth = 0;      ///< packets per flow, up to 127; default 127
    bool headdrop = false;

    ValidationIssues validate() const;
    /**
     * These with every field left at 0 taken from @p running (perturb and headdrop excepted), for
     * comparing a wanted set with what the kernel reports. sfq has no change operation in the
     * kernel: a running sfq is never changed in place, only replaced.
     */
    SfqParams appliedOnto(const SfqParams &running) const;
    friend bool operator==(const SfqParams &, const SfqParams &) = default;
};
QS_DECLARE_QDISC_KIND(SfqParams)

} // namespace qs
