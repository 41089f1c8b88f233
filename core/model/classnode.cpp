#include "classnode.h"

namespace qs {

ValidationIssues ClassNode::validate() const
{
    const QString where = QStringLiteral("class %1 (htb)").arg(classId.toString());
    ValidationIssues issues = prefixed(params.validate(), where);
    if (classId.major() == 0 || classId.minor() == 0 || classId.isRoot() || classId.isIngressParent())
        issues.append(ValidationIssue::error(where + u".classid",
                                             tr("classid %1 must be MAJOR:MINOR with both above 0")
                                                 .arg(classId.toString())));
    return issues;
}

} // namespace qs
