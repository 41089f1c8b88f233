#include "sfqparams.h"

#include "kinds/kindsupport.h"

#include <algorithm>
#include <bit>

namespace qs {

/* TRANSLATOR qs::SfqParams

   Findings about sfq's parameters. The option names perturb, limit, divisor, depth and flows are words
   of tc's sfq command: keep them.
*/

std::optional<SfqParams::Red> SfqParams::redValues(QString *error) const
{
    const auto refuse = [&](const QString &why) -> std::optional<Red> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    Red r;
    r.max = redMax ? redMax : redFlowLimit / 4;
    r.min = redMin ? redMin : r.max / 3;
    const quint32 avpkt = redAvpkt ? redAvpkt : 1000;
    const quint32 burst = redBurst ? redBurst : (2 * quint64(r.min) + r.max) / (3 * quint64(avpkt));
    if (r.max > redFlowLimit)
        return refuse(tr("max %1 is above redflowlimit %2 (tc: \"max\" is larger than \"limit\")").arg(r.max).arg(redFlowLimit));
    if (r.min >= r.max)
        return refuse(tr("min %1 is not below max %2 (tc: \"min\" is not smaller than \"max\")").arg(r.min).arg(r.max));
    const auto wlog = KindSupport::redEwmaLog(r.min, burst, avpkt);
    if (!wlog)
        return refuse(tr("burst %1 is too small for min %2 and avpkt %3: tc needs at least %4 packets")
                          .arg(burst)
                          .arg(r.min)
                          .arg(avpkt)
                          .arg(1 + r.min / avpkt));
    const double probability = redProbability.value_or(0.02);
    const auto plog = KindSupport::redProbabilityLog(r.min, r.max, probability);
    if (!plog)
        return refuse(tr("probability %1 is out of reach for min %2 and max %3 (tc cannot compute its slope)")
                          .arg(probability)
                          .arg(r.min)
                          .arg(r.max));
    r.wlog = *wlog;
    r.plog = *plog;
    r.maxP = KindSupport::redMaxP(probability);
    return r;
}

ValidationIssues SfqParams::validate() const
{
    ValidationIssues issues;
    const auto error = [&](const char *field, const QString &message) {
        issues.append(ValidationIssue::error(QString::fromLatin1(field), message));
    };
    const auto warning = [&](const char *field, const QString &message) {
        issues.append(ValidationIssue::warning(QString::fromLatin1(field), message));
    };
    if (perturbSeconds < 0)
        error("perturb", tr("perturb %1 s is negative; allowed 0 (never)…2147483647 s").arg(perturbSeconds));
    if (limit == 1)
        error("limit", tr("limit 1 is refused by tc; allowed 2 packets and up (0: default 127)"));
    if (divisor != 0 && (divisor > 65536 || (divisor & (divisor - 1)) != 0))
        error("divisor", tr("divisor %1 must be a power of two up to 65536 (0: default 1024)").arg(divisor));
    // sfq_change() caps these instead of refusing them: say which value the kernel ends up with.
    if (depth > MaxDepth)
        warning("depth", tr("depth %1 is above %2 packets per flow: the kernel uses %2").arg(depth).arg(MaxDepth));
    if (flows > MaxFlows)
        warning("flows", tr("flows %1 is above %2: the kernel uses %2").arg(flows).arg(MaxFlows));
    if (red()) {
        QString why;
        const auto r = redValues(&why);
        if (!r) {
            error("redflowlimit", why);
        } else if (std::bit_width(r->max) + r->wlog >= 32) {
            // red_check_params(): the kernel keeps the thresholds shifted by Wlog in 32 bits.
            error("max", tr("max %1 bytes is too large for the averaging (Wlog %2): the kernel refuses it (EINVAL)")
                             .arg(r->max)
                             .arg(r->wlog));
        }
        if (redProbability && (*redProbability <= 0 || *redProbability > 1))
            error("probability", tr("probability %1 must be above 0 and at most 1").arg(*redProbability));
    } else if (redMin || redMax || redBurst || redAvpkt || redProbability || ecn || harddrop) {
        error("redflowlimit", tr("the RED options (min, max, burst, avpkt, probability, ecn, harddrop) need a redflowlimit"));
    }
    const quint64 effectiveDepth = depth ? std::min(depth, MaxDepth) : MaxDepth;
    quint64 effectiveFlows = flows ? std::min(flows, MaxFlows) : DefaultFlows;
    if (divisor != 0 && divisor <= 65536 && (divisor & (divisor - 1)) == 0)
        effectiveFlows = std::min<quint64>(effectiveFlows, divisor); // the kernel also caps flows at the divisor
    if (limit > effectiveDepth * effectiveFlows)
        warning("limit", tr("limit %1 is above depth × flows (%2 × %3): the kernel uses %4")
                             .arg(limit)
                             .arg(effectiveDepth)
                             .arg(effectiveFlows)
                             .arg(effectiveDepth * effectiveFlows));
    return issues;
}

SfqParams SfqParams::appliedOnto(const SfqParams &running) const
{
    SfqParams result = *this;
    for (auto field : {&SfqParams::quantum, &SfqParams::limit, &SfqParams::divisor, &SfqParams::flows, &SfqParams::depth}) {
        if (result.*field == 0)
            result.*field = running.*field;
    }
    return result;
}

} // namespace qs
