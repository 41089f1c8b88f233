#include "hfscparams.h"

namespace qs {

/* TRANSLATOR qs::HfscClassParams

   Findings about an hfsc class. rt, ls, sc, ul, m1, d and m2 are words of tc's hfsc command: keep them.
*/

ValidationIssues HfscClassParams::validate() const
{
    ValidationIssues issues;
    if (!rt && !ls)
        // hfsc_change_class: a new class needs a real-time or a link-share curve (EINVAL).
        issues.append(ValidationIssue::error(QStringLiteral("rt"), tr("the class needs an rt, ls or sc curve (ul alone is not one)")));
    // The kernel takes a curve with two zero slopes for none; tc refuses it.
    for (const auto &[key, curve] : {std::pair{"rt", &rt}, std::pair{"ls", &ls}, std::pair{"ul", &ul}}) {
        if (*curve && (*curve)->m1 == 0 && (*curve)->m2 == 0)
            issues.append(ValidationIssue::error(QLatin1String(key), tr("the %1 curve has two zero slopes (m1 and m2 are 0)").arg(QLatin1String(key))));
    }
    if (ul && !ls)
        issues.append(ValidationIssue::error(QStringLiteral("ul"), tr("an upper limit (ul) needs a link-share curve (ls or sc)")));
    return issues;
}

} // namespace qs
