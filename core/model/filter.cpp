#include "filter.h"

namespace qs {

namespace EtherType {

namespace {
struct Name
{
    quint16 protocol;
    const char16_t *name;
};
// The spellings iproute2's ll_proto table prints for the protocols a shaping user meets.
constexpr Name kNames[] = {{All, u"all"}, {Ip, u"ip"}, {Arp, u"arp"}, {Vlan, u"802.1Q"},
                           {0x88A8, u"802.1ad"}, {Ipv6, u"ipv6"}};
} // namespace

QString name(quint16 protocol)
{
    for (const Name &n : kNames) {
        if (n.protocol == protocol)
            return QString::fromUtf16(n.name);
    }
    return QStringLiteral("0x%1").arg(protocol, 4, 16, QLatin1Char('0'));
}

std::optional<quint16> fromName(QStringView text)
{
    for (const Name &n : kNames) {
        if (text.compare(QStringView(n.name), Qt::CaseInsensitive) == 0)
            return n.protocol;
    }
    if (text.compare(u"ipv4", Qt::CaseInsensitive) == 0)
        return Ip;
    bool ok = false;
    const uint value = text.toUInt(&ok, 0);
    if (!ok || value > 0xFFFF)
        return std::nullopt;
    return quint16(value);
}

} // namespace EtherType

/* TRANSLATOR qs::Filter

   Findings about a filter. tc's words flowid, classid and action stay as they are.
*/

ValidationIssues Filter::validate() const
{
    const QString where = QStringLiteral("filter %1 prio %2").arg(parent.toString()).arg(prio);
    ValidationIssues issues = prefixed(ops().validate(*this), where);
    if (isForeign())
        return issues; // what it does is inside its options
    if (classId.isUnspec() && actions.isEmpty() && !police && ops().needsTarget(*this))
        issues.append(ValidationIssue::error(where + u".flowid", tr("a filter needs a flowid (target class) or an action")));
    for (const Action &action : actions)
        issues += prefixed(action.ops().validate(action.data()), where + u".action");
    if (police)
        issues += prefixed(police->ops().validate(police->data()), where + u".police");
    if (police && !actions.isEmpty())
        issues.append(ValidationIssue::error(where + u".police", tr("a filter takes a police option or an action list, not both: the "
                                                                    "kernel keeps only the police (write it as \"action police …\")")));
    if (actions.size() > 32)
        //: TCA_ACT_MAX_PRIO: the kernel takes 32 actions per filter.
        issues.append(ValidationIssue::error(where + u".action", tr("%n actions; a filter holds at most 32", nullptr, int(actions.size()))));
    return issues;
}

} // namespace qs
