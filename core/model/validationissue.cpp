#include "validationissue.h"

#include <algorithm>

namespace qs {

QString ValidationIssue::toString() const
{
    const QString kind = isError()
                             //: The severity that starts a finding: "error: qdisc 1: (netem).delay: …".
                             ? tr("error")
                             //: The severity that starts a finding: "warning: qdisc 1: (tbf).burst: …".
                             : tr("warning");
    return kind + u": " + field + u": " + message;
}

ValidationIssue ValidationIssue::error(QString field, QString message)
{
    return {Severity::Error, std::move(field), std::move(message)};
}

ValidationIssue ValidationIssue::warning(QString field, QString message)
{
    return {Severity::Warning, std::move(field), std::move(message)};
}

bool hasErrors(const ValidationIssues &issues)
{
    return std::any_of(issues.begin(), issues.end(),
                       [](const ValidationIssue &issue) { return issue.isError(); });
}

ValidationIssues prefixed(ValidationIssues issues, const QString &prefix)
{
    for (ValidationIssue &issue : issues)
        issue.field = prefix + u'.' + issue.field;
    return issues;
}

} // namespace qs
