#include "htbparams.h"

#include "tc/tcunits.h"

namespace qs {

/* TRANSLATOR qs::HtbQdiscParams

   Findings about the htb qdisc's parameters. default and r2q are words of tc's htb command: keep them.
*/

/* TRANSLATOR qs::HtbClassParams

   Findings about an htb class's parameters. The option names rate, ceil, prio, quantum, mtu, burst and
   cburst are words of tc's htb command: keep them.
   Values in tc syntax (100ms, 10mbit, 1514b, 1%) stay as they are.
*/

ValidationIssues HtbQdiscParams::validate() const
{
    ValidationIssues issues;
    if (defaultClass > 0xFFFF)
        issues.append(ValidationIssue::error(
            QStringLiteral("default"),
            tr("default class %1 is not a class minor; allowed 0…ffff (hex)").arg(defaultClass, 0, 16)));
    // tc sends r2q 0 as given; htb_init() then uses 1 instead.
    if (r2q == 0)
        issues.append(ValidationIssue::warning(QStringLiteral("r2q"),
                                               tr("r2q 0: the kernel uses 1 (quantum = rate); allowed 1…4294967295, default 10")));
    return issues;
}

ValidationIssues HtbClassParams::validate() const
{
    using namespace TcUnits;
    ValidationIssues issues;
    if (rateBytesPerSecond == 0)
        issues.append(ValidationIssue::error(QStringLiteral("rate"),
                                             tr("a rate is required and must be above 0, e.g. 10mbit")));
    if (ceilBytesPerSecond != 0 && ceilBytesPerSecond < rateBytesPerSecond)
        issues.append(ValidationIssue::warning(
            QStringLiteral("ceil"),
            tr("ceil %1 is below the rate %2: the class can never borrow and is held to the ceil")
                .arg(formatRate(ceilBytesPerSecond), formatRate(rateBytesPerSecond))));
    // htb_change_class() caps the priority at TC_HTB_NUMPRIO - 1 instead of refusing it.
    if (prio > MaxPrio)
        issues.append(ValidationIssue::warning(QStringLiteral("prio"),
                                               tr("prio %1 is above 7: the kernel uses 7; allowed 0…7 (0 is served first)").arg(prio)));
    if (quantum != 0 && (quantum < 1000 || quantum > 200000))
        issues.append(ValidationIssue::warning(
            QStringLiteral("quantum"),
            tr("quantum %1 is outside 1000…200000 bytes; the kernel warns and sharing gets unfair").arg(quantum)));
    if (mtu == 0)
        issues.append(ValidationIssue::error(QStringLiteral("mtu"), tr("mtu must be above 0; default 1600")));
    const auto checkBucket = [&](const char *field, const std::optional<quint32> &bucket) {
        if (!bucket)
            return;
        if (*bucket == 0)
            issues.append(ValidationIssue::error(QString::fromLatin1(field),
                                                 //: %1 is burst or cburst (tc options, untranslated).
                                                 tr("%1 must be above 0 bytes; leave it unset for tc's default")
                                                     .arg(QString::fromLatin1(field))));
        else if (*bucket < mtu)
            issues.append(ValidationIssue::warning(
                QString::fromLatin1(field),
                //: %1 is burst or cburst (tc options, untranslated), %2 and %3 sizes.
                tr("%1 %2 is below the mtu %3: full-size packets cannot pass at once; use at "
                   "least rate × 1 ms")
                    .arg(QString::fromLatin1(field), formatSize(*bucket), formatSize(mtu))));
    };
    checkBucket("burst", burstBytes);
    checkBucket("cburst", cburstBytes);
    return issues;
}

} // namespace qs
