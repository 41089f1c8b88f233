#pragma once

#include "kinds/filterkind.h"

#include <QByteArray>
#include <QString>

namespace qs {

/** A filter the model cannot describe (another classifier, or options beyond it), kept as read. */
struct ForeignFilterParams
{
    QString kind;       ///< the kernel's name ("flower", "bpf", …)
    QByteArray options; ///< TCA_OPTIONS as dumped
    friend bool operator==(const ForeignFilterParams &, const ForeignFilterParams &) = default;
};
QS_DECLARE_FILTER_KIND(ForeignFilterParams)

} // namespace qs
