#pragma once

#include "kinds/qdisckind.h"
#include "model/validationissue.h"

#include <QCoreApplication>
#include <QtGlobal>

#include <optional>

namespace qs {

/** PIE (proportional integral controller enhanced). Unset values (0) are not sent: the kernel keeps its own. */
struct PieParams
{
    Q_DECLARE_TR_FUNCTIONS(qs::PieParams)

public:
    /** tc's bound on alpha and beta (ALPHA_MAX, BETA_MAX). */
    static constexpr quint32 MaxAlphaBeta = 32;

    quint32 limit = 0;     ///< packets; 0: default 1000
    quint32 targetUs = 0;  ///< 0: default 15 ms
    quint32 tupdateUs = 0; ///< 0: default 15 ms (kept in jiffies: reads back rounded up to one)
    quint32 alpha = 0;     ///< 0: default 2
    quint32 beta = 0;      ///< 0: default 20
    std::optional<bool> ecn;
    std::optional<bool> bytemode;
    std::optional<bool> dqRateEstimator;

    ValidationIssues validate() const;
    /** What the kernel holds after changing @p running to these: pie keeps every attribute not sent. */
    PieParams appliedOnto(const PieParams &running) const;
    friend bool operator==(const PieParams &, const PieParams &) = default;
};
QS_DECLARE_QDISC_KIND(PieParams)

/** The kernel keeps PIE's target in 64 ns ticks: what a microsecond value reads back as. */
quint32 pieTargetRoundTrip(quint32 us);
/** The microsecond target a person most likely gave, among those the kernel reads back as @p us. */
quint32 pieTargetFromKernel(quint32 us);

} // namespace qs
