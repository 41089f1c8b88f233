#include "fifoparams.h"

namespace qs {

ValidationIssues PfifoParams::validate() const
{
    ValidationIssues issues;
    if (limitPackets && *limitPackets == 0)
        issues.append(ValidationIssue::warning(QStringLiteral("limit"),
                                               tr("a limit of 0 packets drops every packet")));
    return issues;
}

ValidationIssues PfifoHeadDropParams::validate() const
{
    ValidationIssues issues;
    if (limitPackets && *limitPackets == 0)
        issues.append(ValidationIssue::warning(QStringLiteral("limit"), tr("a limit of 0 packets drops every packet")));
    return issues;
}

ValidationIssues BfifoParams::validate() const
{
    ValidationIssues issues;
    if (limitBytes && *limitBytes < 1514)
        issues.append(ValidationIssue::warning(
            QStringLiteral("limit"),
            tr("a limit of %1 bytes is below a full-size frame (1514 bytes): such packets are dropped")
                .arg(*limitBytes)));
    return issues;
}

} // namespace qs
