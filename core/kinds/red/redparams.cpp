#include "redparams.h"

#include "kinds/kindsupport.h"
#include "netlink/pschedclock.h"

#include <linux/pkt_sched.h>

#include <bit>

namespace qs {

/* TRANSLATOR qs::RedParams

   Findings about red's parameters. limit, min, max, avpkt, burst, bandwidth, probability, ecn,
   harddrop, adaptive and nodrop are words of tc's red command: keep them.
*/

std::optional<RedParams::Derived> RedParams::derived(const PschedClock &clock, QString *error) const
{
    const auto refuse = [&](const QString &why) -> std::optional<Derived> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (limit == 0 || avpkt == 0)
        return refuse(tr("red needs a limit and an avpkt (tc: Required parameter (limit, avpkt) is missing)"));
    Derived d;
    d.max = max ? max : min ? quint32(quint64(min) * 3) : limit / 4;
    d.min = min ? min : d.max / 3;
    const quint32 effectiveBurst = burst ? burst : quint32((2 * quint64(d.min) + d.max) / (3 * quint64(avpkt)));
    const auto wlog = KindSupport::redEwmaLog(d.min, effectiveBurst, avpkt);
    if (!wlog)
        return refuse(tr("burst %1 is too small for min %2 and avpkt %3: tc needs at least %4 packets")
                          .arg(effectiveBurst)
                          .arg(d.min)
                          .arg(avpkt)
                          .arg(1 + d.min / avpkt));
    if (d.max <= d.min)
        return refuse(tr("min %1 is not below max %2 (tc: failed to calculate probability)").arg(d.min).arg(d.max));
    const double p = probability.value_or(0.02);
    const auto plog = KindSupport::redProbabilityLog(d.min, d.max, p);
    if (!plog)
        return refuse(tr("probability %1 is out of reach for min %2 and max %3 (tc: failed to calculate probability)")
                          .arg(p)
                          .arg(d.min)
                          .arg(d.max));
    const auto scellLog = KindSupport::redIdleDamping(*wlog, avpkt, bandwidth ? bandwidth : KindSupport::RedDefaultBandwidth, clock);
    if (!scellLog)
        return refuse(tr("no idle-time table fits avpkt %1 at this bandwidth (tc: failed to calculate idle damping table)").arg(avpkt));
    d.wlog = *wlog;
    d.plog = *plog;
    d.scellLog = *scellLog;
    d.maxP = KindSupport::redMaxP(p);
    return d;
}

quint32 RedParams::flags() const
{
    return (ecn ? TC_RED_ECN : 0) | (harddrop ? TC_RED_HARDDROP : 0) | (adaptive ? TC_RED_ADAPTATIVE : 0) | (nodrop ? TC_RED_NODROP : 0);
}

ValidationIssues RedParams::validate() const
{
    ValidationIssues issues;
    const auto error = [&](const char *field, const QString &message) {
        issues.append(ValidationIssue::error(QString::fromLatin1(field), message));
    };
    QString why;
    const auto d = derived(PschedClock::system(), &why);
    if (!d) {
        const quint32 effectiveMax = max ? max : min ? quint32(quint64(min) * 3) : limit / 4;
        const quint32 effectiveMin = min ? min : effectiveMax / 3;
        error(limit == 0 ? "limit" : avpkt == 0 ? "avpkt" : effectiveMax <= effectiveMin ? "min" : "burst", why);
        return issues;
    }
    // red_check_params(): the kernel keeps the thresholds shifted by Wlog in 32 bits.
    if (std::bit_width(d->max) + d->wlog >= 32)
        error("max", tr("max %1 bytes is too large for the averaging (Wlog %2): the kernel refuses it (EINVAL)").arg(d->max).arg(d->wlog));
    else if (std::bit_width(d->min) + d->wlog >= 32)
        error("min", tr("min %1 bytes is too large for the averaging (Wlog %2): the kernel refuses it (EINVAL)").arg(d->min).arg(d->wlog));
    if (nodrop && !ecn)
        error("nodrop", tr("nodrop keeps packets RED would drop only by marking them: it needs ecn (the kernel refuses it alone: EINVAL)"));
    return issues;
}

} // namespace qs
