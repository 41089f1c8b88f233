#pragma once

#include "kinds/qdisckind.h"
#include "model/validationissue.h"

#include <QCoreApplication>
#include <QtGlobal>

#include <optional>

namespace qs {

/**
 * Flow-queue PIE: fq_codel's flow table with PIE's controller on each flow. Unset values (0) are
 * not sent: the kernel keeps its own (its defaults when the qdisc is added).
 */
struct FqPieParams
{
    Q_DECLARE_TR_FUNCTIONS(qs::FqPieParams)

public:
    /** tc's bound on alpha and beta (ALPHA_MAX, BETA_MAX in q_fq_pie.c). */
    static constexpr quint32 MaxAlphaBeta = 32;
    /** fq_pie_change(): "Number of flows must range in [1..65536]". */
    static constexpr quint32 MaxFlows = 65536;
    /** tc refuses an ecn_prob of 100 or more (a percentage). */
    static constexpr quint32 MaxEcnProb = 99;

    quint32 limit = 0;       ///< packets; 0: default 10240
    quint32 flows = 0;       ///< 0: default 1024 (fixed once created: never sent on a change)
    quint32 targetUs = 0;    ///< 0: default 15 ms (kept in 64 ns ticks)
    quint32 tupdateUs = 0;   ///< 0: default 15 ms (kept in jiffies)
    quint32 alpha = 0;       ///< 0: default 2
    quint32 beta = 0;        ///< 0: default 20
    quint32 quantum = 0;     ///< bytes; 0: the device's MTU with its link-layer header
    quint32 memoryLimit = 0; ///< bytes; 0: default 32 MiB
    quint32 ecnProb = 0;     ///< percent; 0: default 10 (the drop probability up to which ECN marks)
    std::optional<bool> ecn;
    std::optional<bool> bytemode;
    std::optional<bool> dqRateEstimator;

    ValidationIssues validate() const;
    /** What the kernel holds after changing @p running to these: fq_pie keeps every attribute not sent. */
    FqPieParams appliedOnto(const FqPieParams &running) const;
    friend bool operator==(const FqPieParams &, const FqPieParams &) = default;
};
QS_DECLARE_QDISC_KIND(FqPieParams)

} // namespace qs
