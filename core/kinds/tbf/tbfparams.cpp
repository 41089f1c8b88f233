#include "tbfparams.h"

#include "tc/tcunits.h"

#include <algorithm>

namespace qs {

quint32 TbfParams::effectiveLimitBytes() const
{
    if (limitMode == LimitMode::Bytes)
        return limitBytes;
    // tc: limit = rate × latency + burst, or the smaller peak-rate bound when a peak rate is set.
    double limit = double(rateBytesPerSecond) * latencyUs / 1e6 + burstBytes;
    if (peakRateBytesPerSecond != 0)
        limit = std::min(limit, double(peakRateBytesPerSecond) * latencyUs / 1e6 + mtu);
    return limit >= 4294967295.0 ? 0xFFFFFFFFu : quint32(limit);
}

/* TRANSLATOR qs::TbfParams

   Findings about tbf's parameters (token bucket filter). The option names rate, burst, limit, latency,
   peakrate and mtu are words of tc's tbf command: keep them.
   Values in tc syntax (100ms, 10mbit, 1514b, 1%) stay as they are.
*/

ValidationIssues TbfParams::validate() const
{
    using namespace TcUnits;
    ValidationIssues issues;
    if (rateBytesPerSecond == 0)
        issues.append(ValidationIssue::error(QStringLiteral("rate"),
                                             tr("a rate is required and must be above 0 (allowed 8bit…, e.g. 10mbit)")));
    if (burstBytes == 0)
        issues.append(ValidationIssue::error(QStringLiteral("burst"),
                                             tr("a burst is required and must be above 0 bytes")));
    else if (burstBytes < EthernetFrameBytes)
        issues.append(ValidationIssue::warning(
            QStringLiteral("burst"),
            tr("burst %1 is below a full-size frame (%2): the kernel accepts it but drops "
               "every packet larger than the bucket; use at least %2, better rate × 10 ms")
                .arg(formatSize(burstBytes), formatSize(EthernetFrameBytes))));
    if (limitMode == LimitMode::Bytes && limitBytes == 0)
        issues.append(ValidationIssue::error(QStringLiteral("limit"),
                                             tr("limit must be above 0 bytes (or give a latency instead)")));
    if (limitMode == LimitMode::Latency && latencyUs == 0)
        issues.append(ValidationIssue::error(QStringLiteral("latency"),
                                             tr("latency must be above 0 (or give a limit in bytes instead)")));
    if (peakRateBytesPerSecond != 0) {
        if (peakRateBytesPerSecond <= rateBytesPerSecond)
            issues.append(ValidationIssue::error(
                QStringLiteral("peakrate"),
                tr("peakrate %1 must be above the rate %2")
                    .arg(formatRate(peakRateBytesPerSecond), formatRate(rateBytesPerSecond))));
        if (mtu == 0)
            issues.append(ValidationIssue::error(QStringLiteral("mtu"),
                                                 tr("a peakrate needs an mtu (the peak bucket), e.g. 1514b")));
    } else if (mtu != 0) {
        // tc and the kernel take it; tbf only uses the peak bucket when there is a peak rate.
        issues.append(ValidationIssue::warning(QStringLiteral("mtu"),
                                               tr("mtu %1 has no effect without a peakrate").arg(formatSize(mtu))));
    }
    if (limitMode == LimitMode::Bytes && limitBytes != 0 && burstBytes != 0 && limitBytes < burstBytes)
        issues.append(ValidationIssue::warning(
            QStringLiteral("limit"),
            tr("limit %1 is below the burst %2: bursts cannot be queued")
                .arg(formatSize(limitBytes), formatSize(burstBytes))));
    if (mpu > 0xFFFF)
        issues.append(ValidationIssue::error(QStringLiteral("mpu"),
                                             tr("mpu %1 is above 65535 bytes, the most the kernel's 16-bit field holds").arg(mpu)));
    return issues;
}

} // namespace qs
