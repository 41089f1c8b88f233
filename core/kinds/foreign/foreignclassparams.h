#pragma once

#include "kinds/classkind.h"

#include <QByteArray>
#include <QString>

namespace qs {

/** A class of a qdisc kind the model does not know (or with options beyond it), kept as read. */
struct ForeignClassParams
{
    QString kind;       ///< the kernel's name of the qdisc kind ("cake", …)
    QByteArray options; ///< TCA_OPTIONS as dumped
    friend bool operator==(const ForeignClassParams &, const ForeignClassParams &) = default;
};
QS_DECLARE_CLASS_KIND(ForeignClassParams)

} // namespace qs
