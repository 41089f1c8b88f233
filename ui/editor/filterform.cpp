#include "filterform.h"

#include "tc/tcimporter.h"

#include <QStringList>

namespace qs {

void FilterForm::build(FormBinder<U32Filter> &b)
{
    b.section(tr("Selects"));
    QList<std::pair<QString, QVariant>> protocols;
    for (quint16 protocol : {EtherType::All, EtherType::Ip, EtherType::Ipv6, EtherType::Arp,
                             EtherType::Vlan, quint16(0x88A8)})
        protocols.append({EtherType::name(protocol), int(protocol)});
    b.choice(
        QStringLiteral("protocol"), tr("Protocol"),
        tr("The link-layer protocol the filter looks at; u32's ip matches need ip."), protocols,
        [](const U32Filter &f) { return QVariant(int(f.protocol)); },
        [](U32Filter &f, const QVariant &value) { f.protocol = quint16(value.toInt()); });
    b.number(ParameterSpec::count(
                 QStringLiteral("prio"), tr("Priority"),
                 tr("Filters with a lower number are tried first; auto lets the kernel choose."),
                 QString(), ParameterScale::logarithmic(1, 65535, true), 0, 65535)
                 .withOffText(tr("auto")),
             &U32Filter::prio);
    auto *matches = b.text(
        QStringLiteral("matches"), tr("Matches"),
        tr("One match per line as tc writes it after \"match\"; a packet must pass all of them "
           "(none: every "
           "packet)."),
        true,
        [](const U32Filter &f) {
            QStringList lines;
            for (const U32Match &match : f.matches)
                lines.append(match.toTcWords());
            return lines.join(u'\n');
        },
        [](U32Filter &f, const QString &text) -> QString {
            QList<U32Match> parsed;
            QStringList problems;
            const QStringList lines = text.split(u'\n');
            for (qsizetype i = 0; i < lines.size(); ++i) {
                const QString line = lines[i].trimmed();
                if (line.isEmpty())
                    continue;
                QString error;
                if (const auto match = TcImporter::parseMatch(line, &error))
                    parsed.append(*match);
                else
                    problems.append(tr("line %1: %2").arg(i + 1).arg(error));
            }
            if (!problems.isEmpty())
                return problems.join(u'\n');
            f.matches = parsed;
            return {};
        });
    matches->setPlaceholderText(QStringLiteral("ip dst 198.18.0.0/15\nip dport 5201 0xffff"));

    b.section(tr("Sends to"));
    auto *flowId = b.text(
        QStringLiteral("flowid"), tr("Class"),
        tr("The class matching packets go to (tc's flowid), e.g. 1:10."), false,
        [](const U32Filter &f) { return f.flowId.isUnspec() ? QString() : f.flowId.toString(); },
        [](U32Filter &f, const QString &text) -> QString {
            const QString trimmed = text.trimmed();
            if (trimmed.isEmpty()) {
                f.flowId = TcHandle();
                return {};
            }
            const auto id = TcHandle::parseClassId(trimmed);
            if (!id)
                return tr("\"%1\" is not a class id; write it like 1:10").arg(trimmed);
            f.flowId = *id;
            return {};
        });
    flowId->setPlaceholderText(QStringLiteral("1:10"));
    auto *action = b.text(
        QStringLiteral("action"), tr("Action"),
        tr("What to do with matching packets instead, as tc writes it after \"action\" (mirred "
           "redirects to "
           "another device); empty: none."),
        false,
        [](const U32Filter &f) {
            return f.action ? f.action->toTcWords().mid(int(qstrlen("action "))) : QString();
        },
        [](U32Filter &f, const QString &text) -> QString {
            const QString trimmed = text.trimmed();
            if (trimmed.isEmpty()) {
                f.action.reset();
                return {};
            }
            QString error;
            const auto parsed = TcImporter::parseAction(trimmed, &error);
            if (!parsed)
                return error;
            f.action = *parsed;
            return {};
        });
    action->setPlaceholderText(QStringLiteral("mirred egress redirect dev ifb0"));
}

} // namespace qs
