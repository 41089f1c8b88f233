#pragma once

#include "formbinder.h"

#include "tc/tcunits.h"

#include <QCoreApplication>

#include <limits>

namespace qs {

/**
 * The "default class" row of a classful qdisc (htb, hfsc): the minor, in hex as tc writes it,
 * empty for none. @p placeholder says what none means for that kind.
 */
template <class P, class Minor>
ParameterText *defaultClassRow(FormBinder<P> &b, Minor P::*member, const QString &toolTip, const QString &placeholder)
{
    auto *row = b.text(
        QStringLiteral("default"), QCoreApplication::translate("qs::ShaperForms", "Default class"), toolTip, false,
        [member](const P &p) { return p.*member ? QString::number(p.*member, 16) : QString(); },
        [member](P &p, const QString &text) -> QString {
            const QString trimmed = text.trimmed();
            if (trimmed.isEmpty()) {
                p.*member = 0;
                return {};
            }
            const auto minor = TcUnits::parseU32(trimmed, 16);
            if (!minor || *minor > std::numeric_limits<Minor>::max())
                return QCoreApplication::translate("qs::ShaperForms", "\"%1\" is not a class minor; write it in hex like tc, e.g. 30")
                    .arg(trimmed);
            p.*member = Minor(*minor);
            return {};
        });
    row->setPlaceholderText(placeholder);
    return row;
}

} // namespace qs
