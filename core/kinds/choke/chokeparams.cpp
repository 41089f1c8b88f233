#include "chokeparams.h"

#include "kinds/kindsupport.h"
#include "netlink/pschedclock.h"

#include <bit>

namespace qs {

/* TRANSLATOR qs::ChokeParams

   Findings about choke's parameters. limit, min, max, burst, avpkt, bandwidth, probability and ecn
   are words of tc's choke command: keep them.
*/

std::optional<ChokeParams::Derived> ChokeParams::derived(const PschedClock &clock, QString *error) const
{
    const auto refuse = [&](const QString &why) -> std::optional<Derived> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (limit == 0 || bandwidth == 0)
        return refuse(tr("choke needs a limit and a bandwidth (tc: Required parameter (bandwidth, limit) is missing)"));
    Derived d;
    d.max = max ? max : limit / 4;
    d.min = min ? min : d.max / 3;
    const quint32 effectiveBurst = burst ? burst : quint32((2 * quint64(d.min) + d.max) / 3);
    if (d.max > limit)
        return refuse(tr("max %1 is above limit %2 (tc: \"max\" is larger than \"limit\")").arg(d.max).arg(limit));
    if (d.min >= d.max)
        return refuse(tr("min %1 is not below max %2 (tc: \"min\" is not smaller than \"max\")").arg(d.min).arg(d.max));
    const quint32 pkt = effectiveAvpkt();
    // tc multiplies the thresholds by avpkt in 32 bits.
    const quint32 minBytes = d.min * pkt;
    const quint32 maxBytes = d.max * pkt;
    const auto wlog = KindSupport::redEwmaLog(minBytes, effectiveBurst, pkt);
    if (!wlog)
        return refuse(tr("burst %1 is too small for min %2: tc needs at least %3 packets").arg(effectiveBurst).arg(d.min).arg(1 + minBytes / pkt));
    const double p = probability.value_or(0.02);
    const auto plog = KindSupport::redProbabilityLog(minBytes, maxBytes, p);
    if (!plog)
        return refuse(tr("probability %1 is out of reach for min %2 and max %3 (tc: failed to calculate probability)").arg(p).arg(d.min).arg(d.max));
    const auto scellLog = KindSupport::redIdleDamping(*wlog, pkt, bandwidth, clock);
    if (!scellLog)
        return refuse(tr("no idle-time table fits avpkt %1 at this bandwidth (tc: failed to calculate idle damping table)").arg(pkt));
    d.wlog = *wlog;
    d.plog = *plog;
    d.scellLog = *scellLog;
    d.maxP = KindSupport::redMaxP(p);
    return d;
}

ValidationIssues ChokeParams::validate() const
{
    ValidationIssues issues;
    const auto error = [&](const char *field, const QString &message) {
        issues.append(ValidationIssue::error(QString::fromLatin1(field), message));
    };
    if (limit > MaxLimit)
        error("limit", tr("limit %1 is above %2 packets: the kernel refuses it (EINVAL)").arg(limit).arg(MaxLimit));
    QString why;
    const auto d = derived(PschedClock::system(), &why);
    if (!d) {
        error(limit == 0 ? "limit" : bandwidth == 0 ? "bandwidth" : "min", why);
        return issues;
    }
    // red_check_params(): the kernel keeps the thresholds shifted by Wlog in 32 bits.
    if (std::bit_width(d->max) + d->wlog >= 32)
        error("max", tr("max %1 packets is too large for the averaging (Wlog %2): the kernel refuses it (EINVAL)").arg(d->max).arg(d->wlog));
    return issues;
}

} // namespace qs
