#include "sfqparams.h"

#include <algorithm>

namespace qs {

/* TRANSLATOR qs::SfqParams

   Findings about sfq's parameters. The option names perturb, limit, divisor, depth and flows are words
   of tc's sfq command: keep them.
*/

ValidationIssues SfqParams::validate() const
{
    ValidationIssues issues;
    const auto error = [&](const char *field, const QString &message) {
        issues.append(ValidationIssue::error(QString::fromLatin1(field), message));
    };
    const auto warning = [&](const char *field, const QString &message) {
        issues.append(ValidationIssue::warning(QString::fromLatin1(field), message));
    };
    if (perturbSeconds < 0)
        error("perturb", tr("perturb %1 s is negative; allowed 0 (never)…2147483647 s").arg(perturbSeconds));
    if (limit == 1)
        error("limit", tr("limit 1 is refused by tc; allowed 2 packets and up (0: default 127)"));
    if (divisor != 0 && (divisor > 65536 || (divisor & (divisor - 1)) != 0))
        error("divisor", tr("divisor %1 must be a power of two up to 65536 (0: default 1024)").arg(divisor));
    // sfq_change() caps these instead of refusing them: say which value the kernel ends up with.
    if (depth > MaxDepth)
        warning("depth", tr("depth %1 is above %2 packets per flow: the kernel uses %2").arg(depth).arg(MaxDepth));
    if (flows > MaxFlows)
        warning("flows", tr("flows %1 is above %2: the kernel uses %2").arg(flows).arg(MaxFlows));
    const quint64 effectiveDepth = depth ? std::min(depth, MaxDepth) : MaxDepth;
    quint64 effectiveFlows = flows ? std::min(flows, MaxFlows) : DefaultFlows;
    if (divisor != 0 && divisor <= 65536 && (divisor & (divisor - 1)) == 0)
        effectiveFlows = std::min<quint64>(effectiveFlows, divisor); // the kernel also caps flows at the divisor
    if (limit > effectiveDepth * effectiveFlows)
        warning("limit", tr("limit %1 is above depth × flows (%2 × %3): the kernel uses %4")
                             .arg(limit)
                             .arg(effectiveDepth)
                             .arg(effectiveFlows)
                             .arg(effectiveDepth * effectiveFlows));
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
