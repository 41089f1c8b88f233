#include "fqparams.h"

#include "tc/tcunits.h"

namespace qs {

/* TRANSLATOR qs::FqParams

   Findings about fq's parameters. The option names quantum and buckets are words of tc's fq
   command: keep them. The kernel's own messages quoted in ("invalid quantum") stay as they are.
*/

quint32 FqParams::bucketsLog(quint32 buckets)
{
    quint32 log = 0;
    for (quint32 value = buckets - 1; value; value >>= 1)
        ++log;
    return log;
}

ValidationIssues FqParams::validate() const
{
    ValidationIssues issues;
    if (quantum && (*quantum == 0 || *quantum > MaxQuantum))
        issues.append(ValidationIssue::error(QStringLiteral("quantum"),
                                             tr("quantum %1 must be 1…%2 bytes; the kernel refuses it (\"invalid quantum\")")
                                                 .arg(*quantum)
                                                 .arg(MaxQuantum)));
    // fq_policy: NLA_POLICY_MAX(NLA_U32, INT_MAX); tc sends it anyway.
    if (initialQuantum && *initialQuantum > 0x7FFFFFFFu)
        issues.append(ValidationIssue::error(QStringLiteral("initial_quantum"),
                                             tr("initial_quantum %1 is above 2147483647 bytes; the kernel refuses it (ERANGE)")
                                                 .arg(*initialQuantum)));
    if (buckets && *buckets != 0 && (bucketsLog(*buckets) < 1 || bucketsLog(*buckets) > MaxBucketsLog))
        issues.append(ValidationIssue::error(QStringLiteral("buckets"),
                                             tr("buckets %1 is out of range: the kernel takes 2…262144 (EINVAL)").arg(*buckets)));
    if (defaultRate)
        issues.append(ValidationIssue::warning(QStringLiteral("defrate"),
                                               tr("defrate is obsolete: the kernel ignores it")));
    if (flowLimit && limit && *flowLimit > *limit)
        issues.append(ValidationIssue::warning(QStringLiteral("flow_limit"),
                                               tr("flow_limit %1 is above the limit %2: one flow can fill the whole queue")
                                                   .arg(*flowLimit)
                                                   .arg(*limit)));
    return issues;
}

FqParams FqParams::appliedOnto(const FqParams &running) const
{
    FqParams result = *this;
    for (auto field : {&FqParams::limit, &FqParams::flowLimit, &FqParams::quantum, &FqParams::initialQuantum, &FqParams::maxRate,
                       &FqParams::lowRateThreshold, &FqParams::defaultRate, &FqParams::buckets, &FqParams::refillDelayUs,
                       &FqParams::orphanMask, &FqParams::ceThresholdUs, &FqParams::timerSlackNs, &FqParams::horizonUs}) {
        if (!(result.*field))
            result.*field = running.*field;
    }
    if (!result.horizonDrop)
        result.horizonDrop = running.horizonDrop;
    if (!result.pacing)
        result.pacing = running.pacing;
    return result;
}

} // namespace qs
