#include "fqcodelparams.h"

#include "tc/tcunits.h"

namespace qs {

/* TRANSLATOR qs::FqCodelParams

   Findings about fq_codel's parameters. The option names flows, quantum, target and interval are words
   of tc's fq_codel command: keep them.
   Values in tc syntax (100ms, 1514b) and the kernel's own messages quoted in ("Invalid quantum")
   stay as they are.
*/

ValidationIssues FqCodelParams::validate() const
{
    ValidationIssues issues;
    if (flows > 65536)
        issues.append(ValidationIssue::error(QStringLiteral("flows"),
                                             tr("flows %1 is above 65536 (0: default 1024)").arg(flows)));
    // fq_codel_change() refuses it ("Invalid quantum") rather than capping it.
    if (quantum > MaxQuantum)
        issues.append(ValidationIssue::error(QStringLiteral("quantum"),
                                             tr("quantum %1 is above %2 bytes; the kernel refuses it "
                                                "(\"Invalid quantum\")")
                                                 .arg(quantum)
                                                 .arg(MaxQuantum)));
    if (targetUs != 0 && intervalUs != 0 && targetUs >= intervalUs)
        issues.append(ValidationIssue::warning(
            QStringLiteral("target"),
            tr("target %1 is not below the interval %2: CoDel never gets to drop")
                .arg(TcUnits::formatTimeUs(targetUs), TcUnits::formatTimeUs(intervalUs))));
    return issues;
}

FqCodelParams FqCodelParams::appliedOnto(const FqCodelParams &running) const
{
    FqCodelParams result = *this;
    for (auto field : {&FqCodelParams::limit, &FqCodelParams::flows, &FqCodelParams::quantum, &FqCodelParams::targetUs,
                       &FqCodelParams::intervalUs, &FqCodelParams::memoryLimit, &FqCodelParams::dropBatch}) {
        if (result.*field == 0)
            result.*field = running.*field;
    }
    if (!result.ceThresholdUs)
        result.ceThresholdUs = running.ceThresholdUs;
    if (!result.ecn)
        result.ecn = running.ecn;
    return result;
}

} // namespace qs
