#pragma once

// A three-way choice for a flag tc can set, clear or leave to the kernel ([no]ecn, [no]bytemode):
// shared by the forms of the kinds that have such flags (pie, fq_pie).
#include "kindforms.h"

#include <optional>

namespace qs::KindFormRows {

template <class P>
void flagChoice(FormBinder<P> &b, const QString &key, const QString &label, const QString &toolTip, const QString &defaultText,
                const QString &onText, const QString &offText, std::optional<bool> P::*member)
{
    b.choice(key, label, toolTip, {{defaultText, -1}, {onText, 1}, {offText, 0}},
             [member](const P &p) { return QVariant((p.*member) ? int(*(p.*member)) : -1); },
             [member](P &p, const QVariant &value) {
                 const int v = value.toInt();
                 p.*member = v < 0 ? std::nullopt : std::optional<bool>(v != 0);
             });
}

} // namespace qs::KindFormRows
