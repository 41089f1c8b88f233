#pragma once

#include "kinds/classkind.h"
#include "kinds/qdisckind.h"
#include "model/validationissue.h"

#include <QCoreApplication>
#include <QtGlobal>

#include <optional>

namespace qs {

/** The drr qdisc itself: deficit round robin over its classes; it has no options of its own. */
struct DrrQdiscParams
{
    friend bool operator==(const DrrQdiscParams &, const DrrQdiscParams &) = default;
};

/** One drr class: how many bytes it may send per round. */
struct DrrClassParams
{
    Q_DECLARE_TR_FUNCTIONS(qs::DrrClassParams)

public:
    /** Bytes per round; unset: the device's MTU with its link-layer header (psched_mtu), and kept on a change. */
    std::optional<quint32> quantum;

    ValidationIssues validate() const;
    friend bool operator==(const DrrClassParams &, const DrrClassParams &) = default;
};

QS_DECLARE_QDISC_KIND(DrrQdiscParams)
QS_DECLARE_CLASS_KIND(DrrClassParams)

} // namespace qs
