#include "sfqparams.h"

namespace qs {

ValidationIssues SfqParams::validate() const
{
    ValidationIssues issues;
    const auto error = [&](const char *field, const QString &message) {
        issues.append(ValidationIssue::error(QString::fromLatin1(field), message));
    };
    if (perturbSeconds < 0)
        error("perturb", QStringLiteral("perturb %1 s is negative; allowed 0 (never)…2147483647 s").arg(perturbSeconds));
    if (limit == 1)
        error("limit", QStringLiteral("limit 1 is refused by tc; allowed 2…65535 packets (0: default 127)"));
    else if (limit > 65535)
        error("limit", QStringLiteral("limit %1 is above 65535 packets").arg(limit));
    if (divisor != 0 && (divisor > 65536 || (divisor & (divisor - 1)) != 0))
        error("divisor", QStringLiteral("divisor %1 must be a power of two up to 65536 (0: default 1024)").arg(divisor));
    if (flows > 65536)
        error("flows", QStringLiteral("flows %1 is above 65536").arg(flows));
    if (depth > 127)
        error("depth", QStringLiteral("depth %1 is above 127 packets per flow").arg(depth));
    return issues;
}

SfqParams SfqParams::appliedOnto(const SfqParams &running) const
{
    SfqParams result = *this;
    for (auto field : {&SfqParams::quantum, &SfqParams::limit, &SfqParams::divisor, &SfqParams::flows, &SfqParams::depth}) {
        if (result.*field == 0)
            result.*field = running.*field;
    }
    return result;
}

} // namespace qs
