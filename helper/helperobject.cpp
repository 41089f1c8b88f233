#include "helperobject.h"

#include "buscall.h"
#include "busconnection.h"
#include "helperbus.h"
#include "helperservice.h"

#include <QStringList>
#include <QVariantMap>

#include <systemd/sd-bus.h>

namespace qs {

namespace {

QString text(const QVariantList &a, int i) { return a.at(i).toString(); }
QVariantMap map(const QVariantList &a, int i) { return a.at(i).toMap(); }

/** A method whose first argument is the target and whose second is a document. */
struct DocumentMethod
{
    QLatin1String name;
    qsizetype maxDocumentBytes;
};
constexpr DocumentMethod DocumentMethods[] = {
    {QLatin1String("Apply"), HelperBus::MaxTreeDocumentBytes},
    {QLatin1String("PlayScenario"), HelperBus::MaxTreeDocumentBytes},
    {QLatin1String("ChangeNode"), HelperBus::MaxNodeDocumentBytes},
};

const DocumentMethod *documentMethod(QAnyStringView member)
{
    for (const DocumentMethod &method : DocumentMethods)
        if (member == method.name)
            return &method;
    return nullptr;
}

} // namespace

HelperObject::HelperObject(BusConnection &bus, HelperService &service) : m_bus(bus), m_service(service), m_contract(HelperContract::compiledIn())
{
    HelperService *s = &m_service;
    // A method answers itself (now or later) and returns nothing, except GetVersion and GetClock.
    const auto none = [](auto &&call) { return [call](const QVariantList &a) { call(a); return QVariantList(); }; };
    m_methods = {
        {QStringLiteral("GetVersion"), [s](const QVariantList &) { return QVariantList{s->GetVersion()}; }},
        {QStringLiteral("GetClock"), [s](const QVariantList &) { return QVariantList{s->GetClock()}; }},
        {QStringLiteral("Authorize"), none([s](const QVariantList &a) { s->Authorize(text(a, 0)); })},
        {QStringLiteral("ListTargets"), none([s](const QVariantList &) { s->ListTargets(); })},
        {QStringLiteral("GetTree"), none([s](const QVariantList &a) { s->GetTree(text(a, 0)); })},
        {QStringLiteral("ReadStats"), none([s](const QVariantList &a) { s->ReadStats(text(a, 0)); })},
        {QStringLiteral("Apply"), none([s](const QVariantList &a) { s->Apply(text(a, 0), text(a, 1), map(a, 2)); })},
        {QStringLiteral("Confirm"), none([s](const QVariantList &a) { s->Confirm(text(a, 0)); })},
        {QStringLiteral("Restore"), none([s](const QVariantList &a) { s->Restore(text(a, 0)); })},
        {QStringLiteral("Clear"), none([s](const QVariantList &a) { s->Clear(text(a, 0)); })},
        {QStringLiteral("Watch"), none([s](const QVariantList &a) { s->Watch(text(a, 0)); })},
        {QStringLiteral("OpenStatsSocket"), none([s](const QVariantList &a) { s->OpenStatsSocket(text(a, 0)); })},
        {QStringLiteral("CreateLab"), none([s](const QVariantList &a) { s->CreateLab(map(a, 0)); })},
        {QStringLiteral("RemoveLab"), none([s](const QVariantList &a) { s->RemoveLab(text(a, 0)); })},
        {QStringLiteral("OpenLabSockets"), none([s](const QVariantList &a) { s->OpenLabSockets(text(a, 0)); })},
        {QStringLiteral("PlayScenario"), none([s](const QVariantList &a) { s->PlayScenario(text(a, 0), text(a, 1), map(a, 2)); })},
        {QStringLiteral("PauseScenario"), none([s](const QVariantList &a) { s->PauseScenario(text(a, 0)); })},
        {QStringLiteral("ResumeScenario"), none([s](const QVariantList &a) { s->ResumeScenario(text(a, 0)); })},
        {QStringLiteral("StopScenario"), none([s](const QVariantList &a) { s->StopScenario(text(a, 0)); })},
        {QStringLiteral("SeekScenario"), none([s](const QVariantList &a) { s->SeekScenario(text(a, 0), a.at(1).toUInt()); })},
        {QStringLiteral("GetScenarioProgress"), none([s](const QVariantList &a) { s->GetScenarioProgress(text(a, 0)); })},
        {QStringLiteral("ChangeNode"), none([s](const QVariantList &a) { s->ChangeNode(text(a, 0), text(a, 1), text(a, 2), map(a, 3)); })},
    };
}

BusRelay::Refusal HelperObject::callRefusal(const BusFrame &frame, std::optional<quint32> firstStringBytes, bool senderAdmitted)
{
    using Kind = BusRelay::Refusal::Kind;
    // Answered by handle() when addressed to this object; sd-bus says "no such object" otherwise.
    const bool ours = frame.path == HelperBus::Path.data() && (frame.interface.isEmpty() || frame.interface == HelperBus::Interface.data());
    if (frame.unixFds > 0) // every descriptor of the contract goes from the helper to a client
        return {Kind::WithDescriptors, {}, ours};
    const qsizetype maxTargetBytes = MaxTargetCharacters * 4; // UTF-8
    const DocumentMethod *document = frame.type == BusFrame::Type::MethodCall ? documentMethod(QLatin1String(frame.member)) : nullptr;
    const qint64 maxBytes = (document ? document->maxDocumentBytes : 0) + HelperBus::MaxSmallArgumentsBytes;
    if (frame.bodyBytes > maxBytes)
        return {Kind::TooLarge,
                QStringLiteral("the call has %1 bytes of arguments; %2 takes at most %3 (the helper did not read them)")
                    .arg(frame.bodyBytes)
                    .arg(QString::fromUtf8(frame.member.left(64)))
                    .arg(maxBytes),
                ours};
    if (document && firstStringBytes && *firstStringBytes > maxTargetBytes)
        return {Kind::TooLarge,
                QStringLiteral("the target has %1 bytes; a target has at most %2 characters (the helper did not read it)")
                    .arg(*firstStringBytes)
                    .arg(MaxTargetCharacters),
                ours};
    // A small call is read and answered as any (AuthorizeFirst names the action then).
    if (document && !senderAdmitted && frame.bodyBytes > HelperBus::MaxSmallArgumentsBytes)
        return {Kind::NotAdmitted, {}, ours};
    return {};
}

bool HelperObject::install(QString *error)
{
    if (!m_contract.isValid()) {
        *error = QStringLiteral("the helper's interface (org.qdiscstudio.Helper1.xml) was not compiled in");
        return false;
    }
    // The interface file and this table must name the same methods: a method one names and the
    // other lacks would be answered UnknownMethod, or never exist for the clients' proxy.
    QStringList missing;
    for (const QString &name : m_contract.methodNames())
        if (!m_methods.contains(name))
            missing.append(name);
    for (auto it = m_methods.cbegin(); it != m_methods.cend(); ++it)
        if (!m_contract.method(it.key()))
            missing.append(it.key());
    if (!missing.isEmpty()) {
        *error = QStringLiteral("the interface file and the helper disagree about %1").arg(missing.join(QStringLiteral(", ")));
        return false;
    }
    return m_bus.addObject(HelperBus::Path, [this](sd_bus_message *message) { return handle(message); }, error);
}

bool HelperObject::handle(sd_bus_message *message)
{
    if (!sd_bus_message_is_method_call(message, nullptr, nullptr))
        return false;
    const char *interfaceField = sd_bus_message_get_interface(message);
    const QString interface = QString::fromUtf8(interfaceField ? interfaceField : "");
    const QString member = QString::fromUtf8(sd_bus_message_get_member(message));
    if (interface == u"org.freedesktop.DBus.Introspectable" && member == u"Introspect") {
        BusCall(&m_bus, message, QStringLiteral("s")).reply({QString::fromUtf8(m_contract.xml())});
        return true;
    }
    const QString signature = QString::fromUtf8(sd_bus_message_get_signature(message, 1));
    uint64_t serial = 0;
    if (signature.isEmpty() && sd_bus_message_get_cookie(message, &serial) >= 0) {
        // The relay passed it on without its arguments (callRefusal()).
        const BusRelay::Refusal refusal = m_bus.takeRefusal(sd_bus_message_get_sender(message), serial);
        if (refusal.kind == BusRelay::Refusal::Kind::TooLarge) {
            BusCall(&m_bus, message, {}).replyError(HelperBus::Error::LimitsExceeded, refusal.text);
            return true;
        }
        if (refusal.kind == BusRelay::Refusal::Kind::WithDescriptors) {
            BusCall(&m_bus, message, {}).replyError(QLatin1String("org.freedesktop.DBus.Error.InvalidArgs"),
                                                    QStringLiteral("the helper takes no file descriptors; they were closed unread"));
            return true;
        }
        if (refusal.kind == BusRelay::Refusal::Kind::NotAdmitted) {
            m_service.serve(BusCall(&m_bus, message, {}), [this]() -> QVariantList {
                m_service.refuseUngranted({});
                return {};
            });
            return true;
        }
    }
    const HelperContract::Method *method = interface.isEmpty() || interface == HelperBus::Interface ? m_contract.method(member) : nullptr;
    if (!method || method->in != signature) {
        // As a generated adaptor answers: the member with that signature does not exist.
        BusCall(&m_bus, message, {}).replyError(QLatin1String("org.freedesktop.DBus.Error.UnknownMethod"),
                                                QStringLiteral("No such method '%1' in interface '%2' at object path '%3' (signature '%4')")
                                                    .arg(member.left(64), interface.left(64), HelperBus::Path, signature.left(64)));
        return true;
    }
    const BusCall call(&m_bus, message, method->out);
    m_service.serve(call, [&]() -> QVariantList {
        QString error;
        // A caller without the grant is answered before its document is read: reading checks
        // up to 4 MiB of UTF-8 and converts it, and that, not the bytes, was what a flood of
        // refused documents cost every other client (issue 15, finding 1).
        if (documentMethod(member)) {
            const std::optional<QVariantList> target = call.readArguments(QStringLiteral("s"), &error);
            if (!target) {
                call.replyError(QLatin1String("org.freedesktop.DBus.Error.InvalidArgs"), error);
                return {};
            }
            if (!m_service.mayChange(target->constFirst().toString()))
                return {};
            sd_bus_message_rewind(message, 1);
        }
        const std::optional<QVariantList> arguments = call.readArguments(method->in, &error);
        if (!arguments) {
            call.replyError(QLatin1String("org.freedesktop.DBus.Error.InvalidArgs"), error);
            return {};
        }
        return m_methods.value(member)(*arguments);
    });
    return true;
}

} // namespace qs
