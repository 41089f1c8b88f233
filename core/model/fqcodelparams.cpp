#include "fqcodelparams.h"

#include "tc/tcunits.h"

namespace qs {

ValidationIssues FqCodelParams::validate() const
{
    ValidationIssues issues;
    if (flows > 65536)
        issues.append(ValidationIssue::error(QStringLiteral("flows"),
                                             QStringLiteral("flows %1 is above 65536 (0: default 1024)").arg(flows)));
    // fq_codel_change() refuses it ("Invalid quantum") rather than capping it.
    if (quantum > MaxQuantum)
        issues.append(ValidationIssue::error(QStringLiteral("quantum"),
                                             QStringLiteral("quantum %1 is above %2 bytes; the kernel refuses it "
                                                            "(\"Invalid quantum\")")
                                                 .arg(quantum)
                                                 .arg(MaxQuantum)));
    if (targetUs != 0 && intervalUs != 0 && targetUs >= intervalUs)
        issues.append(ValidationIssue::warning(
            QStringLiteral("target"),
            QStringLiteral("target %1 is not below the interval %2: CoDel never gets to drop")
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
