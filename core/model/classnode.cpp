#include "classnode.h"

namespace qs {

ValidationIssues ClassNode::validate() const
{
    const QString where = QStringLiteral("class %1 (%2)").arg(classId.toString(), kindName());
    ValidationIssues issues = prefixed(ops().validate(params.data()), where);
    if (classId.major() == 0 || classId.minor() == 0 || classId.isRoot() || classId.isIngressParent())
        issues.append(ValidationIssue::error(where + u".classid",
                                             tr("classid %1 must be MAJOR:MINOR with both above 0").arg(classId.toString())));
    return issues;
}

} // namespace qs
