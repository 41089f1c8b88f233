#pragma once

#include "kinds/qdisckind.h"
#include "model/validationissue.h"

#include <QCoreApplication>
#include <QtGlobal>

#include <optional>

namespace qs {

/** CoDel, one queue. Unset values are not sent: the kernel keeps its defaults (or, on a change, what it has). */
struct CodelParams
{
    Q_DECLARE_TR_FUNCTIONS(qs::CodelParams)

public:
    quint32 limit = 0;      ///< packets; 0: default 1000
    quint32 targetUs = 0;   ///< 0: default 5 ms
    quint32 intervalUs = 0; ///< 0: default 100 ms
    std::optional<quint32> ceThresholdUs;
    std::optional<bool> ecn; ///< unset: the kernel's default (off)

    ValidationIssues validate() const;
    /** What the kernel holds after changing @p running to these: codel keeps every attribute not sent. */
    CodelParams appliedOnto(const CodelParams &running) const;
    friend bool operator==(const CodelParams &, const CodelParams &) = default;
};
QS_DECLARE_QDISC_KIND(CodelParams)

} // namespace qs
