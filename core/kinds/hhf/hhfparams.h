#pragma once

#include "kinds/qdisckind.h"
#include "model/validationissue.h"

#include <QCoreApplication>
#include <QtGlobal>

#include <optional>

namespace qs {

/**
 * Heavy-hitter filter: flows that send much are found and queued apart, at a lower weight. Each
 * field is sent only when set (tc sends what is given, 0 counts as not given), and a change keeps
 * what it does not send.
 */
struct HhfParams
{
    Q_DECLARE_TR_FUNCTIONS(qs::HhfParams)

public:
    std::optional<quint32> limit;          ///< packets; default 1000
    std::optional<quint32> quantum;        ///< bytes per round; default: the device's MTU
    std::optional<quint32> hhLimit;        ///< heavy-hitter flows tracked; default 2048
    std::optional<quint32> resetTimeoutUs; ///< default 40 ms, kept in jiffies
    std::optional<quint32> admitBytes;     ///< bytes a flow sends before it is a heavy hitter; default 128 KiB
    std::optional<quint32> evictTimeoutUs; ///< default 1 s, kept in jiffies
    std::optional<quint32> nonHhWeight;    ///< weight of the other flows against heavy hitters; default 2

    /** These with what a change does not send taken from @p running. */
    HhfParams appliedOnto(const HhfParams &running) const;
    ValidationIssues validate() const;
    friend bool operator==(const HhfParams &, const HhfParams &) = default;
};
QS_DECLARE_QDISC_KIND(HhfParams)

} // namespace qs
