#include "prioparams.h"

namespace qs {

/* TRANSLATOR qs::PrioParams

   Findings about prio's parameters. bands and priomap are words of tc's prio command: keep them.
*/

ValidationIssues PrioParams::validate() const
{
    ValidationIssues issues;
    if (bands < MinBands || bands > MaxBands)
        issues.append(ValidationIssue::error(QStringLiteral("bands"),
                                             tr("bands %1 is out of range; allowed 2…16").arg(bands)));
    for (size_t i = 0; i < priomap.size(); ++i) {
        if (priomap[i] >= bands)
            issues.append(ValidationIssue::error(
                QStringLiteral("priomap[%1]").arg(i),
                tr("band %1 does not exist; allowed 0…%2").arg(priomap[i]).arg(bands - 1)));
    }
    return issues;
}

} // namespace qs
