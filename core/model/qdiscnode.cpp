#include "qdiscnode.h"

namespace qs {

ValidationIssues QdiscNode::validate() const
{
    const QString where = QStringLiteral("qdisc %1 (%2)").arg(handle.toString(), kindName());
    ValidationIssues issues = prefixed(ops().validate(params.data()), where);
    if (atIngressHook()) {
        if (!parent.isIngressParent())
            issues.append(ValidationIssue::error(where + u".parent",
                                                 //: %1 is ingress or clsact, %2 a parent id.
                                                 tr("%1 must hang at the ingress hook, not %2").arg(kindName(), parent.toString())));
        if (handle != TcHandle::ingressHandle())
            issues.append(ValidationIssue::error(where + u".handle",
                                                 //: %1 is ingress or clsact, %2 a handle.
                                                 tr("%1 must have handle ffff:, not %2").arg(kindName(), handle.toString())));
    } else if (parent.isIngressParent()) {
        issues.append(ValidationIssue::error(where + u".parent", tr("only ingress or clsact can hang at the ingress hook")));
    }
    if (ops().placement == QdiscPlacement::RootOnly && !parent.isRoot())
        //: %1 is a kind (mq, mqprio), %2 a parent id.
        issues.append(ValidationIssue::error(where + u".parent", tr("%1 can only be the root qdisc of a device, not hang at %2")
                                                                     .arg(kindName(), parent.toString())));
    if (!handle.isUnspec() && !handle.isQdiscHandle())
        issues.append(ValidationIssue::error(where + u".handle",
                                             tr("handle %1 is not a qdisc handle; use MAJOR: with MAJOR 1…ffff").arg(handle.toString())));
    return issues;
}

} // namespace qs
