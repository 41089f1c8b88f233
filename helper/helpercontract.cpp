#include "helpercontract.h"

#include "helperbus.h"

#include <QFile>
#include <QXmlStreamReader>

namespace qs {

const HelperContract &HelperContract::compiledIn()
{
    static const HelperContract contract = [] {
        QFile file(QStringLiteral(":/dbus/org.qdiscstudio.Helper1.xml"));
        return file.open(QIODevice::ReadOnly) ? fromXml(file.readAll(), HelperBus::Interface) : HelperContract();
    }();
    return contract;
}

HelperContract HelperContract::fromXml(const QByteArray &xml, const QString &interface)
{
    HelperContract contract;
    contract.m_xml = xml;
    QXmlStreamReader reader(xml);
    bool inInterface = false;
    QString member;
    bool isSignal = false;
    Method signature;
    while (!reader.atEnd()) {
        switch (reader.readNext()) {
        case QXmlStreamReader::StartElement:
            if (reader.name() == u"interface") {
                inInterface = reader.attributes().value(QStringLiteral("name")) == interface;
            } else if (inInterface && (reader.name() == u"method" || reader.name() == u"signal")) {
                member = reader.attributes().value(QStringLiteral("name")).toString();
                isSignal = reader.name() == u"signal";
                signature = {};
            } else if (inInterface && !member.isEmpty() && reader.name() == u"arg") {
                const QString type = reader.attributes().value(QStringLiteral("type")).toString();
                // A signal's arguments have no direction; a method's are "in" unless said otherwise.
                if (!isSignal && reader.attributes().value(QStringLiteral("direction")) == u"out")
                    signature.out += type;
                else
                    signature.in += type;
            }
            break;
        case QXmlStreamReader::EndElement:
            if (inInterface && (reader.name() == u"method" || reader.name() == u"signal") && !member.isEmpty()) {
                if (isSignal)
                    contract.m_signals.insert(member, signature.in);
                else
                    contract.m_methods.insert(member, signature);
                member.clear();
            } else if (reader.name() == u"interface") {
                inInterface = false;
            }
            break;
        default:
            break;
        }
    }
    if (reader.hasError())
        return HelperContract();
    return contract;
}

const HelperContract::Method *HelperContract::method(const QString &name) const
{
    const auto it = m_methods.constFind(name);
    return it == m_methods.cend() ? nullptr : &*it;
}

const QString *HelperContract::signal(const QString &name) const
{
    const auto it = m_signals.constFind(name);
    return it == m_signals.cend() ? nullptr : &*it;
}

} // namespace qs
