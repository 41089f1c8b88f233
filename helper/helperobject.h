#pragma once

#include "busrelay.h"
#include "helpercontract.h"

#include <QHash>
#include <QSet>
#include <QString>
#include <QVariantList>

#include <functional>
#include <optional>

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

    /**
     * Whether a call or signal is read: a document method's arguments are at most its document
     * and 64 KiB, its target at most MaxTargetCharacters characters, and its document is read
     * only from an admitted sender (a grant, or root; else AuthorizeFirst); every other call and
     * signal at most 64 KiB. The BusRelay asks before anything but the header was read (on its
     * own thread: this reads nothing that changes).
     */
    static BusRelay::Refusal callRefusal(const BusFrame &frame, std::optional<quint32> firstStringBytes, bool senderAdmitted);

private:
    using Method = std::function<QVariantList(const QVariantList &arguments)>;
    bool handle(sd_bus_message *message);

    BusConnection &m_bus;
    HelperService &m_service;
    const HelperContract &m_contract;
    QHash<QString, Method> m_methods;
};

} // namespace qs
