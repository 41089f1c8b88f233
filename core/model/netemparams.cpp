#include "netemparams.h"

#include "tc/tcunits.h"

namespace qs {

QString netemDistributionName(NetemDistribution distribution)
{
    switch (distribution) {
    case NetemDistribution::Uniform:
        return QStringLiteral("uniform");
    case NetemDistribution::Normal:
        return QStringLiteral("normal");
    case NetemDistribution::Pareto:
        return QStringLiteral("pareto");
    case NetemDistribution::ParetoNormal:
        return QStringLiteral("paretonormal");
    }
    return {};
}

std::optional<NetemDistribution> netemDistributionFromName(QStringView name)
{
    for (auto d : {NetemDistribution::Uniform, NetemDistribution::Normal, NetemDistribution::Pareto,
                   NetemDistribution::ParetoNormal}) {
        if (name == netemDistributionName(d))
            return d;
    }
    return std::nullopt;
}

NetemStateLoss NetemStateLoss::withDefaults(Probability p13)
{
    return {p13, p13.complement(), Probability(), Probability::always(), Probability()};
}

NetemGilbertElliottLoss NetemGilbertElliottLoss::withDefaults(Probability p)
{
    return {p, p.complement(), Probability::always(), Probability()};
}

bool NetemParams::hasLoss() const
{
    if (const auto *random = std::get_if<NetemRandomLoss>(&loss))
        return !random->probability.isZero();
    return !std::holds_alternative<std::monostate>(loss);
}

ValidationIssues NetemParams::validate() const
{
    ValidationIssues issues;
    const auto error = [&](const char *field, const QString &message) {
        issues.append(ValidationIssue::error(QString::fromLatin1(field), message));
    };
    const auto warning = [&](const char *field, const QString &message) {
        issues.append(ValidationIssue::warning(QString::fromLatin1(field), message));
    };

    if (limit == 0)
        warning("limit", QStringLiteral("a limit of 0 packets drops every packet; allowed 0…4294967295, tc's default is 1000"));
    if (delayUs > MaxDelayUs)
        error("delay", QStringLiteral("delay %1 is above the largest netem can hold, %2")
                           .arg(TcUnits::formatTimeUs(delayUs), TcUnits::formatTimeUs(MaxDelayUs)));
    if (jitterUs > MaxDelayUs)
        error("jitter", QStringLiteral("jitter %1 is above the largest netem can hold, %2")
                            .arg(TcUnits::formatTimeUs(jitterUs), TcUnits::formatTimeUs(MaxDelayUs)));
    else if (jitterUs > MaxUsefulJitterUs)
        warning("jitter", QStringLiteral("jitter %1 is above %2; the kernel clamps it there")
                              .arg(TcUnits::formatTimeUs(jitterUs), TcUnits::formatTimeUs(MaxUsefulJitterUs)));
    if (jitterUs > delayUs && jitterUs <= MaxDelayUs)
        warning("jitter", QStringLiteral("jitter %1 is larger than the delay %2: packets whose delay "
                                         "comes out negative are sent at once, out of order")
                              .arg(TcUnits::formatTimeUs(jitterUs), TcUnits::formatTimeUs(delayUs)));
    if (!delayCorrelation.isZero() && jitterUs == 0)
        warning("delayCorrelation", QStringLiteral("a delay correlation has no effect without jitter"));
    if (distribution != NetemDistribution::Uniform && (delayUs == 0 || jitterUs == 0))
        error("distribution", QStringLiteral("distribution %1 needs both a delay and a jitter "
                                             "(delay %2, jitter %3)")
                                  .arg(netemDistributionName(distribution), TcUnits::formatTimeUs(delayUs),
                                       TcUnits::formatTimeUs(jitterUs)));
    if (reorder.isSet() && delayUs == 0)
        error("reorder", QStringLiteral("reordering %1 needs a delay: packets can only overtake "
                                        "delayed ones")
                             .arg(TcUnits::formatPercent(reorder.probability)));
    if (reorder.isSet() && gap == 0)
        error("gap", QStringLiteral("reordering needs a gap of at least 1 (tc sets 1 when none is given); "
                                    "with 0 the kernel never reorders"));
    if (!reorder.isSet() && !reorder.correlation.isZero())
        error("reorder.correlation", QStringLiteral("a reorder correlation needs a reorder probability"));
    if (gap > 0 && !reorder.isSet())
        error("gap", QStringLiteral("gap %1 needs a reorder probability").arg(gap));
    if (!duplicate.isSet() && !duplicate.correlation.isZero())
        error("duplicate.correlation", QStringLiteral("a duplicate correlation needs a duplicate probability"));
    if (!corrupt.isSet() && !corrupt.correlation.isZero())
        error("corrupt.correlation", QStringLiteral("a corrupt correlation needs a corrupt probability"));
    if (const auto *random = std::get_if<NetemRandomLoss>(&loss);
        random && random->probability.isZero() && !random->correlation.isZero())
        error("loss.correlation", QStringLiteral("a loss correlation needs a loss probability"));
    if (ecn && !hasLoss())
        error("ecn", QStringLiteral("ecn marks packets instead of dropping them, so it needs a loss "
                                    "probability or loss model"));
    if (rate.bytesPerSecond == 0 && (rate.packetOverhead != 0 || rate.cellSize != 0 || rate.cellOverhead != 0))
        error("rate", QStringLiteral("packet overhead, cell size and cell overhead need a rate"));
    if (slot.enabled) {
        if (slot.distribution) {
            if (slot.distJitterNs <= 0)
                error("slot.jitter", QStringLiteral("slot jitter %1 must be above 0 with a slot distribution")
                                         .arg(TcUnits::formatTime64Ns(slot.distJitterNs)));
            if (slot.distDelayNs < 0)
                error("slot.delay", QStringLiteral("slot delay %1 is negative").arg(TcUnits::formatTime64Ns(slot.distDelayNs)));
        } else {
            if (slot.minDelayNs < 0)
                error("slot.min", QStringLiteral("slot minimum %1 is negative").arg(TcUnits::formatTime64Ns(slot.minDelayNs)));
            if (slot.maxDelayNs < slot.minDelayNs)
                error("slot.max", QStringLiteral("slot maximum %1 is below the minimum %2")
                                      .arg(TcUnits::formatTime64Ns(slot.maxDelayNs),
                                           TcUnits::formatTime64Ns(slot.minDelayNs)));
        }
        if (slot.maxPackets < 0)
            error("slot.packets", QStringLiteral("slot packets %1 is negative; allowed 0 (no limit)…2147483647").arg(slot.maxPackets));
        if (slot.maxBytes < 0)
            error("slot.bytes", QStringLiteral("slot bytes %1 is negative; allowed 0 (no limit)…2147483647").arg(slot.maxBytes));
    }
    return issues;
}

} // namespace qs
