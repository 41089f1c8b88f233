#pragma once

#include "kinds/actionkind.h"

#include <QByteArray>
#include <QString>

namespace qs {

/** An action of a kind the model does not know; only ever a default value (filters holding one are foreign). */
struct ForeignActionParams
{
    QString kind;
    QByteArray options;
    friend bool operator==(const ForeignActionParams &, const ForeignActionParams &) = default;
};
QS_DECLARE_ACTION_KIND(ForeignActionParams)

} // namespace qs
