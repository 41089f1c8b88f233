#include "pieparams.h"

namespace qs {

/* TRANSLATOR qs::PieParams

   Findings about pie's parameters. The option names alpha and beta are words of tc's pie command:
   keep them.
*/

ValidationIssues PieParams::validate() const
{
    ValidationIssues issues;
    if (alpha > MaxAlphaBeta)
        issues.append(ValidationIssue::error(QStringLiteral("alpha"),
                                             tr("alpha %1 is above %2; tc refuses it").arg(alpha).arg(MaxAlphaBeta)));
    if (beta > MaxAlphaBeta)
        issues.append(ValidationIssue::error(QStringLiteral("beta"),
                                             tr("beta %1 is above %2; tc refuses it").arg(beta).arg(MaxAlphaBeta)));
    return issues;
}

PieParams PieParams::appliedOnto(const PieParams &running) const
{
    PieParams result = *this;
    for (auto field : {&PieParams::limit, &PieParams::targetUs, &PieParams::tupdateUs, &PieParams::alpha, &PieParams::beta}) {
        if (result.*field == 0)
            result.*field = running.*field;
    }
    for (auto field : {&PieParams::ecn, &PieParams::bytemode, &PieParams::dqRateEstimator}) {
        if (!(result.*field))
            result.*field = running.*field;
    }
    return result;
}

quint32 pieTargetRoundTrip(quint32 us)
{
    const quint64 ticks = quint64(us) * 1000 / 64;
    return quint32(ticks * 64 / 1000);
}

quint32 pieTargetFromKernel(quint32 us)
{
    quint32 best = us;
    for (quint32 candidate = us; candidate <= us + 1; ++candidate) {
        if (pieTargetRoundTrip(candidate) != us)
            continue;
        for (quint32 unit : {1000000u, 1000u, 100u, 10u}) {
            if (candidate % unit == 0 && best % unit != 0) {
                best = candidate;
                break;
            }
        }
    }
    return best;
}

} // namespace qs
