#include "fqpieparams.h"

namespace qs {

/* TRANSLATOR qs::FqPieParams

   Findings about fq_pie's parameters. The option names flows, alpha, beta and ecn_prob are words
   of tc's fq_pie command: keep them.
*/

ValidationIssues FqPieParams::validate() const
{
    ValidationIssues issues;
    if (flows > MaxFlows)
        issues.append(ValidationIssue::error(QStringLiteral("flows"),
                                             tr("flows %1 is above %2; the kernel refuses it (0: default 1024)").arg(flows).arg(MaxFlows)));
    if (alpha > MaxAlphaBeta)
        issues.append(ValidationIssue::error(QStringLiteral("alpha"),
                                             tr("alpha %1 is above %2; tc refuses it").arg(alpha).arg(MaxAlphaBeta)));
    if (beta > MaxAlphaBeta)
        issues.append(ValidationIssue::error(QStringLiteral("beta"),
                                             tr("beta %1 is above %2; tc refuses it").arg(beta).arg(MaxAlphaBeta)));
    if (ecnProb > MaxEcnProb)
        issues.append(ValidationIssue::error(QStringLiteral("ecn_prob"),
                                             tr("ecn_prob %1 is not below 100 %; tc refuses it").arg(ecnProb)));
    return issues;
}

FqPieParams FqPieParams::appliedOnto(const FqPieParams &running) const
{
    FqPieParams result = *this;
    for (auto field : {&FqPieParams::limit, &FqPieParams::flows, &FqPieParams::targetUs, &FqPieParams::tupdateUs, &FqPieParams::alpha,
                       &FqPieParams::beta, &FqPieParams::quantum, &FqPieParams::memoryLimit, &FqPieParams::ecnProb}) {
        if (result.*field == 0)
            result.*field = running.*field;
    }
    for (auto field : {&FqPieParams::ecn, &FqPieParams::bytemode, &FqPieParams::dqRateEstimator}) {
        if (!(result.*field))
            result.*field = running.*field;
    }
    return result;
}

} // namespace qs
