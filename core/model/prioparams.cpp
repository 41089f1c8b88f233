#include "prioparams.h"

namespace qs {

ValidationIssues PrioParams::validate() const
{
    ValidationIssues issues;
    if (bands < MinBands || bands > MaxBands)
        issues.append(ValidationIssue::error(QStringLiteral("bands"),
                                             QStringLiteral("bands %1 is out of range; allowed 2…16").arg(bands)));
    for (size_t i = 0; i < priomap.size(); ++i) {
        if (priomap[i] >= bands)
            issues.append(ValidationIssue::error(
                QStringLiteral("priomap[%1]").arg(i),
                QStringLiteral("band %1 does not exist; allowed 0…%2").arg(priomap[i]).arg(bands - 1)));
    }
    return issues;
}

} // namespace qs
