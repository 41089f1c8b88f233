#pragma once

#include "kinds/qdisckind.h"
#include "model/validationissue.h"

#include <QCoreApplication>
#include <QtGlobal>

#include <array>

namespace qs {

/** prio: strict-priority bands, chosen by the packet's priority through the priomap. */
struct PrioParams
{
    Q_DECLARE_TR_FUNCTIONS(qs::PrioParams)

public:
    static constexpr int MinBands = 2;
    static constexpr int MaxBands = 16;
    using Priomap = std::array<quint8, 16>;
    /** The kernel's and tc's default map (TC_PRIO_* → band). */
    static constexpr Priomap DefaultPriomap = {1, 2, 2, 2, 1, 2, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1};

    int bands = 3;
    Priomap priomap = DefaultPriomap;

    ValidationIssues validate() const;
    friend bool operator==(const PrioParams &, const PrioParams &) = default;
};
QS_DECLARE_QDISC_KIND(PrioParams)

} // namespace qs
