#pragma once

#include "kinds/qdisckind.h"
#include "model/validationissue.h"

#include <QCoreApplication>
#include <QtGlobal>

#include <optional>

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

    /**
     * SFQ-RED, as tc takes it: on when redFlowLimit is set. tc derives what it sends from these
     * (max = redflowlimit / 4, min = max / 3, burst = (2 min + max) / (3 avpkt) when unset).
     */
    quint32 redFlowLimit = 0; ///< bytes per flow (tc's check only: the kernel does not keep it); 0: no RED
    quint32 redMin = 0;       ///< bytes; 0: max / 3
    quint32 redMax = 0;       ///< bytes; 0: redflowlimit / 4
    quint32 redBurst = 0;     ///< packets; 0: (2 min + max) / (3 avpkt)
    quint32 redAvpkt = 0;     ///< bytes; 0: 1000
    std::optional<double> redProbability; ///< unset: 0.02
    bool ecn = false;
    bool harddrop = false;

    /** What tc sends for RED: the thresholds, Wlog, Plog and max_P it derives, or why it refuses. */
    struct Red
    {
        quint32 min = 0;
        quint32 max = 0;
        int wlog = 0;
        int plog = 0;
        quint32 maxP = 0;
    };
    bool red() const { return redFlowLimit != 0; }
    /** The RED values tc computes; nullopt with *error set when tc refuses them. */
    std::optional<Red> redValues(QString *error = nullptr) const;

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
