#pragma once

#include "kinds/qdisckind.h"
#include "model/validationissue.h"

#include <QCoreApplication>
#include <QtGlobal>

#include <optional>

namespace qs {

/**
 * skbprio: 64 queues by the packet's priority (skb->priority), highest first; when full it drops
 * from the lowest-priority queue. One option, the limit in packets.
 */
struct SkbprioParams
{
    Q_DECLARE_TR_FUNCTIONS(qs::SkbprioParams)

public:
    /** The kernel's limit when none is given (skbprio_init). */
    static constexpr quint32 DefaultLimit = 64;

    std::optional<quint32> limit; ///< packets; unset: 64

    quint32 effectiveLimit() const { return limit.value_or(DefaultLimit); }
    ValidationIssues validate() const;
    friend bool operator==(const SkbprioParams &, const SkbprioParams &) = default;
};
QS_DECLARE_QDISC_KIND(SkbprioParams)

} // namespace qs
