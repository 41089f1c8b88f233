#include "cakeparams.h"

namespace qs {

/* TRANSLATOR qs::CakeParams

   Findings about cake's parameters. The option names overhead and mpu are words of tc's cake
   command: keep them. tc's own messages quoted in ("Illegal \"overhead\"") stay as they are.
*/

ValidationIssues CakeParams::validate() const
{
    ValidationIssues issues;
    // The kernel takes any overhead; tc takes -64…256 as a number, and more only as the even sums
    // of its framing keywords (ether-vlan, pppoe-ptm, …) on top.
    if (overhead && !tcWritesOverhead(*overhead))
        issues.append(ValidationIssue::error(QStringLiteral("overhead"),
                                             tr("overhead %1 is not one tc can write: it takes %2…%3 bytes "
                                                "(\"Illegal \\\"overhead\\\", valid range is -64 to 256\"), and more "
                                                "only as an even sum with its framing keywords, up to %4")
                                                 .arg(*overhead)
                                                 .arg(MinOverhead)
                                                 .arg(MaxOverhead)
                                                 .arg(MaxStackedOverhead)));
    if (mpu > MaxMpu)
        issues.append(ValidationIssue::error(QStringLiteral("mpu"),
                                             tr("mpu %1 is above %2 bytes, the most tc takes "
                                                "(\"Illegal \\\"mpu\\\", valid range is 0 to 256\")")
                                                 .arg(mpu)
                                                 .arg(MaxMpu)));
    return issues;
}

CakeParams CakeParams::appliedOnto(const CakeParams &running) const
{
    CakeParams result = *this;
    const auto keep = [](auto &wanted, const auto &was) {
        if (!wanted)
            wanted = was;
    };
    keep(result.bandwidth, running.bandwidth);
    keep(result.autorateIngress, running.autorateIngress);
    keep(result.rttUs, running.rttUs);
    keep(result.diffserv, running.diffserv);
    keep(result.flowMode, running.flowMode);
    keep(result.nat, running.nat);
    keep(result.wash, running.wash);
    keep(result.splitGso, running.splitGso);
    keep(result.ingress, running.ingress);
    keep(result.ackFilter, running.ackFilter);
    keep(result.atm, running.atm);
    // Sending an overhead turns compensation on again; raw (sent after it) turns it off.
    result.raw = raw || (!overhead && running.raw);
    keep(result.overhead, running.overhead);
    for (auto field : {&CakeParams::mpu, &CakeParams::memlimit, &CakeParams::fwmark}) {
        if (result.*field == 0)
            result.*field = running.*field;
    }
    return result;
}

} // namespace qs
