#pragma once

#include "helpercontract.h"

#include <QHash>
#include <QSet>
#include <QString>
#include <QVariantList>

#include <functional>

struct sd_bus_message;

namespace qs {

class BusConnection;
class HelperService;

/**
 * /org/qdiscstudio/Helper1 on the bus: takes each call addressed to it, checks it against the
 * contract (a member the interface names, with exactly its signature, else UnknownMethod as a
 * generated adaptor answers), reads its arguments and hands it to HelperService::serve(). Answers
 * Introspect with the interface file; sd-bus itself answers org.freedesktop.DBus.Peer.
 */
class HelperObject
{
public:
    HelperObject(BusConnection &bus, HelperService &service);

    /** Puts the object on the bus; false with @p error (also when the contract was not compiled in). */
    bool install(QString *error);

private:
    using Method = std::function<QVariantList(const QVariantList &arguments)>;
    bool handle(sd_bus_message *message);

    BusConnection &m_bus;
    HelperService &m_service;
    const HelperContract &m_contract;
    QHash<QString, Method> m_methods;
    QSet<QString> m_documentMethods; // answered before their document is read unless the caller may change the target
};

} // namespace qs
