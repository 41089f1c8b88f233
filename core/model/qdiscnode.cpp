#include "qdiscnode.h"

namespace qs {

static_assert(std::variant_size_v<QdiscParams> == int(QdiscKind::Foreign) + 1,
              "QdiscKind and QdiscParams must list the same kinds in the same order");

QString qdiscKindName(QdiscKind kind)
{
    switch (kind) {
    case QdiscKind::Netem:
        return QStringLiteral("netem");
    case QdiscKind::Tbf:
        return QStringLiteral("tbf");
    case QdiscKind::Htb:
        return QStringLiteral("htb");
    case QdiscKind::Sfq:
        return QStringLiteral("sfq");
    case QdiscKind::FqCodel:
        return QStringLiteral("fq_codel");
    case QdiscKind::Pfifo:
        return QStringLiteral("pfifo");
    case QdiscKind::Bfifo:
        return QStringLiteral("bfifo");
    case QdiscKind::Prio:
        return QStringLiteral("prio");
    case QdiscKind::Ingress:
        return QStringLiteral("ingress");
    case QdiscKind::Clsact:
        return QStringLiteral("clsact");
    case QdiscKind::Foreign:
        return QStringLiteral("foreign");
    }
    return {};
}

QString QdiscNode::kindName() const
{
    if (const auto *foreign = std::get_if<ForeignParams>(&params))
        return foreign->kind;
    return qdiscKindName(kind());
}

QList<QdiscKind> allQdiscKinds()
{
    QList<QdiscKind> kinds;
    for (int i = 0; i <= int(QdiscKind::Clsact); ++i)
        kinds.append(QdiscKind(i));
    return kinds;
}

std::optional<QdiscKind> qdiscKindFromName(QStringView name)
{
    for (QdiscKind kind : allQdiscKinds()) {
        if (name == qdiscKindName(kind))
            return kind;
    }
    return std::nullopt;
}

namespace {
template <std::size_t... I>
QdiscParams defaultAt(std::size_t index, std::index_sequence<I...>)
{
    QdiscParams result;
    ((index == I ? (result = std::variant_alternative_t<I, QdiscParams>{}, 0) : 0), ...);
    return result;
}
} // namespace

QdiscParams defaultQdiscParams(QdiscKind kind)
{
    return defaultAt(std::size_t(kind), std::make_index_sequence<std::variant_size_v<QdiscParams>>());
}

bool isClassful(QdiscKind kind)
{
    return kind == QdiscKind::Htb || kind == QdiscKind::Prio;
}

bool isIngressKind(QdiscKind kind)
{
    return kind == QdiscKind::Ingress || kind == QdiscKind::Clsact;
}

ValidationIssues QdiscNode::validate() const
{
    const QString where = QStringLiteral("qdisc %1 (%2)").arg(handle.toString(), kindName());
    ValidationIssues issues = std::visit(
        [](const auto &p) -> ValidationIssues {
            if constexpr (requires { p.validate(); })
                return p.validate();
            else
                return {};
        },
        params);
    issues = prefixed(std::move(issues), where);
    if (isIngressKind(kind())) {
        if (!parent.isIngressParent())
            issues.append(ValidationIssue::error(where + u".parent",
                                                 //: %1 is ingress or clsact, %2 a parent id.
                                                 tr("%1 must hang at the ingress hook, not %2")
                                                     .arg(qdiscKindName(kind()), parent.toString())));
        if (handle != TcHandle::ingressHandle())
            issues.append(ValidationIssue::error(where + u".handle",
                                                 //: %1 is ingress or clsact, %2 a handle.
                                                 tr("%1 must have handle ffff:, not %2")
                                                     .arg(qdiscKindName(kind()), handle.toString())));
    } else if (parent.isIngressParent()) {
        issues.append(ValidationIssue::error(where + u".parent",
                                             tr("only ingress or clsact can hang at the ingress hook")));
    }
    if (!handle.isUnspec() && !handle.isQdiscHandle())
        issues.append(ValidationIssue::error(where + u".handle",
                                             tr("handle %1 is not a qdisc handle; use MAJOR: with MAJOR 1…ffff")
                                                 .arg(handle.toString())));
    return issues;
}

} // namespace qs
