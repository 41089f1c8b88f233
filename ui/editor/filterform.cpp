#include "filterform.h"

#include "kindforms.h"

#include "kinds/actionsupport.h"

#include <QStringList>

namespace qs {

void FilterForm::build(FormBinder<Filter> &b)
{
    b.section(tr("Selects"));
    QList<std::pair<QString, QVariant>> protocols;
    for (quint16 protocol : {EtherType::All, EtherType::Ip, EtherType::Ipv6, EtherType::Arp, EtherType::Vlan, quint16(0x88A8)})
        protocols.append({EtherType::name(protocol), int(protocol)});
    b.choice(
        QStringLiteral("protocol"), tr("Protocol"), tr("The link-layer protocol the filter looks at; u32's ip matches need ip."),
        protocols, [](const Filter &f) { return QVariant(int(f.protocol)); },
        [](Filter &f, const QVariant &value) { f.protocol = quint16(value.toInt()); });
    b.number(ParameterSpec::count(QStringLiteral("prio"), tr("Priority"),
                                  tr("Filters with a lower number are tried first; auto lets the kernel choose."), QString(),
                                  ParameterScale::logarithmic(1, 65535, true), 0, 65535)
                 .withOffText(tr("auto")),
             &Filter::prio);
    KindForms::filter(b);

    b.section(tr("Sends to"));
    auto *flowId = b.text(
        QStringLiteral("flowid"), tr("Class"), tr("The class matching packets go to (tc's flowid), e.g. 1:10."), false,
        [](const Filter &f) { return f.classId.isUnspec() ? QString() : f.classId.toString(); },
        [](Filter &f, const QString &text) -> QString {
            const QString trimmed = text.trimmed();
            if (trimmed.isEmpty()) {
                f.classId = TcHandle();
                return {};
            }
            const auto id = TcHandle::parseClassId(trimmed);
            if (!id)
                return tr("\"%1\" is not a class id; write it like 1:10").arg(trimmed);
            f.classId = *id;
            return {};
        });
    flowId->setPlaceholderText(QStringLiteral("1:10"));
    auto *actions = b.text(
        QStringLiteral("action"), tr("Actions"),
        tr("What to do with matching packets, one action per line as tc writes it after \"action\" (mirred redirects to "
           "another device, police limits the rate, drop drops); empty: none."),
        true,
        [](const Filter &f) {
            QStringList lines;
            for (const Action &action : f.actions)
                lines.append(ActionSupport::actionText(action));
            return lines.join(u'\n');
        },
        [](Filter &f, const QString &text) -> QString {
            QList<Action> parsed;
            QStringList problems;
            const QStringList lines = text.split(u'\n');
            for (qsizetype i = 0; i < lines.size(); ++i) {
                const QString line = lines[i].trimmed();
                if (line.isEmpty())
                    continue;
                QString error;
                if (const auto action = ActionSupport::actionFromText(line, &error))
                    parsed.append(*action);
                else
                    problems.append(lines.size() > 1 ? tr("line %1: %2").arg(i + 1).arg(error) : error);
            }
            if (!problems.isEmpty())
                return problems.join(u'\n');
            f.actions = parsed;
            return {};
        });
    actions->setPlaceholderText(QStringLiteral("mirred egress redirect dev ifb0"));
}

} // namespace qs
