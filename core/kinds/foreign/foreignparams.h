#pragma once

#include "kinds/qdisckind.h"

#include <QByteArray>
#include <QString>

namespace qs {

/**
 * A qdisc read from the kernel that the model cannot describe — a kind it does not know, or
 * options beyond it — kept exactly as the kernel reported it so it is shown and preserved,
 * never dropped or rewritten.
 */
struct ForeignParams
{
    QString kind;       ///< the kernel's name ("cake", "fq", …)
    QByteArray options; ///< TCA_OPTIONS as dumped
    friend bool operator==(const ForeignParams &, const ForeignParams &) = default;
};
QS_DECLARE_QDISC_KIND(ForeignParams)

} // namespace qs
