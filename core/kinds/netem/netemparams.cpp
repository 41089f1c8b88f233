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

NetemStateLoss NetemStateLoss::withDefaults(double p13Fraction)
{
    // q_netem.c: set_percent(&p13, p13); set_percent(&p31, 1. - p13); p32 0, p23 1, p14 0.
    return {Probability::fromFraction(p13Fraction), Probability::fromFraction(1. - p13Fraction), Probability(),
            Probability::always(), Probability()};
}

NetemGilbertElliottLoss NetemGilbertElliottLoss::withDefaults(double pFraction)
{
    // q_netem.c: set_percent(&p, p); set_percent(&r, 1. - p); kernel h 0 (1-h = 1), k1 0.
    return {Probability::fromFraction(pFraction), Probability::fromFraction(1. - pFraction), Probability::always(),
            Probability()};
}

bool NetemParams::hasLoss() const
{
    if (const auto *random = std::get_if<NetemRandomLoss>(&loss))
        return !random->probability.isZero();
    return !std::holds_alternative<std::monostate>(loss);
}

/* TRANSLATOR qs::NetemParams

   Findings about netem's parameters. The option names (limit, delay, jitter, loss, gap, reorder, duplicate,
   corrupt, rate, slot, ecn, distribution) are words of tc's netem command: keep them.
   Values in tc syntax (100ms, 10mbit, 1514b, 1%) stay as they are.
*/

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
        warning("limit", tr("a limit of 0 packets drops every packet; allowed 0…4294967295, tc's default is 1000"));
    if (delayUs > MaxDelayUs)
        error("delay", tr("delay %1 is above the largest netem can hold, %2")
                           .arg(TcUnits::formatTimeUs(delayUs), TcUnits::formatTimeUs(MaxDelayUs)));
    if (jitterUs > MaxDelayUs)
        error("jitter", tr("jitter %1 is above the largest netem can hold, %2")
                            .arg(TcUnits::formatTimeUs(jitterUs), TcUnits::formatTimeUs(MaxDelayUs)));
    else if (jitterUs > MaxUsefulJitterUs)
        warning("jitter", tr("jitter %1 is above %2; the kernel clamps it there")
                              .arg(TcUnits::formatTimeUs(jitterUs), TcUnits::formatTimeUs(MaxUsefulJitterUs)));
    if (jitterUs > delayUs && jitterUs <= MaxDelayUs)
        warning("jitter", tr("jitter %1 is larger than the delay %2: packets whose delay "
                             "comes out negative are sent at once, out of order")
                              .arg(TcUnits::formatTimeUs(jitterUs), TcUnits::formatTimeUs(delayUs)));
    if (!delayCorrelation.isZero() && jitterUs == 0)
        warning("delayCorrelation", tr("a delay correlation has no effect without jitter"));
    // tc refuses the next few at parse time, but a change keeps what it does not send (the
    // distribution table, reorder, ecn, correlations) while it rewrites delay, jitter, gap and
    // loss: the kernel then holds these states, so they are warnings saying what it does.
    if (distribution != NetemDistribution::Uniform && jitterUs == 0)
        warning("distribution", tr("a distribution without jitter has no effect: every packet is "
                                   "delayed by exactly %1 (distribution %2 is kept for a later jitter)")
                                    .arg(TcUnits::formatTimeUs(delayUs), netemDistributionName(distribution)));
    if (reorder.isSet() && gap == 0)
        warning("gap", tr("reorder %1 is kept, but with gap 0 the kernel never reorders (tc sets gap 1 "
                          "only when reorder is given; a change without it sends gap 0)")
                           .arg(TcUnits::formatPercent(reorder.probability)));
    else if (reorder.isSet() && delayUs == 0)
        error("reorder", tr("reordering %1 needs a delay: packets can only overtake "
                            "delayed ones")
                             .arg(TcUnits::formatPercent(reorder.probability)));
    if (gap > 0 && !reorder.isSet())
        error("gap", tr("gap %1 needs a reorder probability").arg(gap));
    const auto lonelyCorrelation = [&](const char *field, const char *what) {
        //: %1 is a netem option, untranslated: reorder, duplicate, corrupt or loss.
        warning(field, tr("a %1 correlation without a %1 probability has no effect; the kernel keeps "
                          "it for a later %1 probability")
                           .arg(QLatin1String(what)));
    };
    if (!reorder.isSet() && !reorder.correlation.isZero())
        lonelyCorrelation("reorder.correlation", "reorder");
    if (!duplicate.isSet() && !duplicate.correlation.isZero())
        lonelyCorrelation("duplicate.correlation", "duplicate");
    if (!corrupt.isSet() && !corrupt.correlation.isZero())
        lonelyCorrelation("corrupt.correlation", "corrupt");
    if (const auto *random = std::get_if<NetemRandomLoss>(&loss);
        random && random->probability.isZero() && !random->correlation.isZero())
        lonelyCorrelation("loss.correlation", "loss");
    if (ecn && !hasLoss())
        warning("ecn", tr("ecn without a loss model marks nothing: there is no loss to turn into "
                          "marks (the kernel keeps the flag for a later loss)"));
    if (rate.bytesPerSecond == 0 && (rate.packetOverhead != 0 || rate.cellSize != 0 || rate.cellOverhead != 0))
        error("rate", tr("packet overhead, cell size and cell overhead need a rate"));
    if (slot.enabled) {
        if (slot.distribution) {
            if (slot.distJitterNs <= 0)
                error("slot.jitter", tr("slot jitter %1 must be above 0 with a slot distribution")
                                         .arg(TcUnits::formatTime64Ns(slot.distJitterNs)));
            if (slot.distDelayNs < 0)
                error("slot.delay", tr("slot delay %1 is negative").arg(TcUnits::formatTime64Ns(slot.distDelayNs)));
        } else {
            if (slot.minDelayNs < 0)
                error("slot.min", tr("slot minimum %1 is negative").arg(TcUnits::formatTime64Ns(slot.minDelayNs)));
            if (slot.maxDelayNs < slot.minDelayNs)
                error("slot.max", tr("slot maximum %1 is below the minimum %2")
                                      .arg(TcUnits::formatTime64Ns(slot.maxDelayNs),
                                           TcUnits::formatTime64Ns(slot.minDelayNs)));
        }
        if (slot.maxPackets < 0)
            error("slot.packets", tr("slot packets %1 is negative; allowed 0 (no limit)…2147483647").arg(slot.maxPackets));
        if (slot.maxBytes < 0)
            error("slot.bytes", tr("slot bytes %1 is negative; allowed 0 (no limit)…2147483647").arg(slot.maxBytes));
    }
    return issues;
}

} // namespace qs
