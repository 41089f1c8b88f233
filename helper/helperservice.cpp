#include "helperservice.h"

#include "busconnection.h"
#include "helperbus.h"
#include "helpercontract.h"
#include "safety/treelimits.h"
#include "lab/labsockets.h"
#include "model/treefingerprint.h"
#include "model/treejson.h"
#include "netlink/netlinksocket.h"
#include "netlink/pschedclock.h"
#include "netlink/tcengine.h"
#include "remote/statswire.h"
#include "scenario/scenario.h"
#include "stats/monotonicclock.h"

#include <QDateTime>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <systemd/sd-bus.h>

#include <algorithm>
#include <limits>
#include <utility>
#include <unistd.h>

namespace qs {

namespace {

QJsonArray planOf(const ApplyResult &result)
{
    QJsonArray plan;
    for (const TcOperation &op : result.plan)
        plan.append(op.describe());
    return plan;
}

QString reportOf(const ApplyResult &result)
{
    return QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("plan"), planOf(result)}}).toJson(QJsonDocument::Compact));
}

QString progressJson(const ScenarioProgress &progress)
{
    return QString::fromUtf8(QJsonDocument(progress.toJson()).toJson(QJsonDocument::Compact));
}

bool isWholeNumber(const QVariant &value)
{
    switch (value.typeId()) {
    case QMetaType::UChar: case QMetaType::Short: case QMetaType::UShort: case QMetaType::Int:
    case QMetaType::UInt: case QMetaType::LongLong: case QMetaType::ULongLong:
        return true;
    default:
        return false;
    }
}

} // namespace

HelperService::HelperService(BusConnection &bus, Settings settings, QObject *parent)
    : QObject(parent), m_bus(bus), m_settings(std::move(settings)), m_authorizer(bus), m_net(m_settings.stateDirectory), m_playbacks(m_net), m_labs(m_net, m_playbacks)
{
    // One subscription for every client's departure, instead of one match rule per client.
    QString error;
    const bool matched = m_bus.matchSignal("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameOwnerChanged",
                                           [this](sd_bus_message *signal) {
                                               const char *name = nullptr;
                                               const char *oldOwner = nullptr;
                                               const char *newOwner = nullptr;
                                               if (sd_bus_message_read(signal, "sss", &name, &oldOwner, &newOwner) > 0)
                                                   onNameOwnerChanged(QString::fromUtf8(name), QString::fromUtf8(newOwner));
                                           },
                                           &error);
    if (!matched)
        helperLog()->error("cannot follow clients leaving the bus (NameOwnerChanged): {}; revert-on-exit promises are kept only at exit",
                           error.toStdString());
    // The policy is the safety net's; the helper audits, tells readers, and ends playbacks it is told of.
    connect(&m_net, &SafetyNet::audited, this, [](const Caller &caller, const QString &action, const QString &target, const QString &transaction,
                                                 const QString &result, const QStringList &changes) {
        audit(caller, action, target, transaction, result, changes);
    });
    connect(&m_net, &SafetyNet::kernelChanged, &m_watcher, &TreeWatcher::noteChanged);
    connect(&m_net, &SafetyNet::reverted, this, [this](const QString &target, const QString &reason, const QString &requester) {
        signalReaders(target, QStringLiteral("Reverted"), {target, reason}, requester);
    });
    m_playbacks.setOwnerlessLimitMs(m_settings.ownerlessPlaybackMs);
    connect(&m_playbacks, &Playbacks::progressed, this, &HelperService::emitProgress);
    connect(&m_playbacks, &Playbacks::kernelChanged, &m_watcher, &TreeWatcher::noteChanged);
    connect(&m_watcher, &TreeWatcher::treeChanged, this,
            [this](const QString &target) { signalReaders(target, QStringLiteral("TreeChanged"), {target}); });
    connect(&m_labs, &Labs::remainsEnded, this, &HelperService::touch);
    m_idle.setSingleShot(true);
    connect(&m_idle, &QTimer::timeout, this, [this] {
        if (hasWork())
            touch();
        else
            Q_EMIT idle();
    });
    touch();
}

HelperService::~HelperService() = default;

void HelperService::touch()
{
    if (m_settings.idleTimeoutMs > 0)
        m_idle.start(m_settings.idleTimeoutMs);
}

bool HelperService::hasWork() const
{
    // A removed lab whose sockets are open counts too: a helper started afresh would not know it.
    return m_net.hasPromises() || !m_watcher.isEmpty() || m_authorizer.pendingChecks() > 0 || !m_labs.isEmpty() || m_labs.hasRemains() ||
           !m_playbacks.isEmpty(); // a paused playback is work too: it waits for its client
}

// --- callers ---------------------------------------------------------------------------------

void HelperService::askBusDaemon(const char *member, const QString &busName, std::function<void(sd_bus_message *reply)> then)
{
    sd_bus_message *call = nullptr;
    if (sd_bus_message_new_method_call(m_bus.handle(), &call, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                       member) < 0 ||
        sd_bus_message_append(call, "s", busName.toUtf8().constData()) < 0) {
        sd_bus_message_unref(call);
        then(nullptr);
        return;
    }
    if (!m_bus.callAsync(call, BusDaemonTimeoutUs, std::move(then)))
        then(nullptr);
}

void HelperService::withCaller(const QString &busName, std::function<void(const Caller &)> then)
{
    if (const auto known = m_callers.constFind(busName); known != m_callers.cend()) {
        then(*known);
        return;
    }
    // Asked without blocking: the helper answers others meanwhile.
    const auto readUint = [](sd_bus_message *reply) -> qint64 {
        uint32_t value = 0;
        return reply && !sd_bus_message_is_method_error(reply, nullptr) && sd_bus_message_read(reply, "u", &value) > 0 ? qint64(value) : -1;
    };
    askBusDaemon("GetConnectionUnixUser", busName, [this, busName, readUint, then = std::move(then)](sd_bus_message *uidReply) mutable {
        const qint64 uid = readUint(uidReply);
        askBusDaemon("GetConnectionUnixProcessID", busName, [this, busName, uid, readUint, then = std::move(then)](sd_bus_message *pidReply) {
            Caller caller{busName};
            caller.uid = uid;
            caller.pid = readUint(pidReply);
            if (uid >= 0) // not cached for a client already gone: its name will not be seen leaving
                m_callers.insert(busName, caller);
            if (uid == 0) // needs no grant: its documents are read (BusRelay)
                m_bus.admit(busName);
            then(m_callers.value(busName, caller));
        });
    });
}

void HelperService::trackClient(const QString &busName)
{
    if (m_tracked.contains(busName))
        return;
    m_tracked.insert(busName);
    // It may have left while polkit was thinking; its NameOwnerChanged has then passed already.
    // Asked without blocking (see withCaller()).
    askBusDaemon("NameHasOwner", busName, [this, busName](sd_bus_message *reply) {
        int registered = 0;
        const bool known = reply && !sd_bus_message_is_method_error(reply, nullptr) && sd_bus_message_read(reply, "b", &registered) > 0;
        if (m_tracked.contains(busName) && (!known || !registered))
            clientLeft(busName);
    });
}

void HelperService::onNameOwnerChanged(const QString &name, const QString &newOwner)
{
    if (newOwner.isEmpty() && name.startsWith(u':') && (m_tracked.contains(name) || m_callers.contains(name)))
        clientLeft(name);
}

void HelperService::clientLeft(const QString &busName)
{
    const Caller caller = m_callers.take(busName);
    m_authorizer.forget(busName);
    m_bus.forget(busName);
    forgetWaiting(caller.busName.isEmpty() ? Caller{busName} : caller);
    m_watcher.unwatchClient(busName);
    m_tracked.remove(busName);
    // The lab goes first: the promises about its target go with it, so none is kept in vain.
    if (const Labs::Lab *lab = m_labs.ownedBy(busName))
        removeLab(lab->network.id(), QStringLiteral("remove-lab(client-exit)"), lab->owner);
    m_playbacks.ownerLeft(caller.busName.isEmpty() ? Caller{busName} : caller);
    touch();
}

// --- plumbing ------------------------------------------------------------------------------

void HelperService::signalReaders(const QString &target, const QString &name, const QVariantList &arguments, const QString &also)
{
    QStringList readers = m_watcher.watchersOf(target);
    if (!also.isEmpty() && !readers.contains(also))
        readers.append(also);
    const QString *signature = HelperContract::compiledIn().signal(name);
    if (!signature) {
        helperLog()->error("signal {} is not in the helper's interface", name.toStdString());
        return;
    }
    const QByteArray path(HelperBus::Path.data(), HelperBus::Path.size());
    const QByteArray interface(HelperBus::Interface.data(), HelperBus::Interface.size());
    for (const QString &reader : std::as_const(readers)) {
        sd_bus_message *signal = nullptr;
        if (sd_bus_message_new_signal(m_bus.handle(), &signal, path.constData(), interface.constData(), name.toUtf8().constData()) >= 0 &&
            sd_bus_message_set_destination(signal, reader.toUtf8().constData()) >= 0 && BusValues::append(signal, *signature, arguments))
            m_bus.send(signal);
        sd_bus_message_unref(signal);
    }
}

void HelperService::serve(const BusCall &call, const std::function<QVariantList()> &method)
{
    m_call = call;
    const QVariantList answer = method();
    m_call = BusCall();
    if (!call.isAnswered() && !call.isDelayed())
        call.reply(answer);
}

void HelperService::refuse(QLatin1String name, const QString &text)
{
    m_call.replyError(name, text);
}

bool HelperService::checkTarget(const QString &target, QString *netnsOut)
{
    QString netns;
    QString device;
    if (!isWellFormedTarget(target, &netns, &device)) {
        refuse(HelperBus::Error::InvalidArguments, notATarget(target));
        return false;
    }
    if (netnsOut)
        *netnsOut = netns;
    return true;
}

QString HelperService::tooManyWaiting(int cap, const QString &whose)
{
    return QStringLiteral("%1 calls of %2 wait for polkit already (a password dialog may be open): answer it, or wait for those "
                          "calls to be answered, then try again")
        .arg(cap)
        .arg(whose);
}

bool HelperService::admitWaiting(const BusCall &call, const Caller &caller)
{
    // The sender was counted by askThen(); root is not counted at all.
    const auto uncount = [this, &caller] {
        if (auto it = m_waitingBySender.find(caller.busName); it != m_waitingBySender.end() && --*it <= 0)
            m_waitingBySender.erase(it);
    };
    if (caller.uid == 0) {
        uncount();
        return true;
    }
    if (m_waitingByUid.value(caller.uid) >= HelperBus::MaxWaitingPerUser) {
        uncount();
        call.replyError(HelperBus::Error::TooManyWaiting, tooManyWaiting(HelperBus::MaxWaitingPerUser, QStringLiteral("this user")));
        return false;
    }
    ++m_waitingByUid[caller.uid];
    return true;
}

void HelperService::releaseWaiting(const Caller &caller)
{
    // A sender that left was released whole by forgetWaiting(): polkit may answer long after.
    const auto sender = m_waitingBySender.find(caller.busName);
    if (caller.uid == 0 || sender == m_waitingBySender.end())
        return;
    if (--*sender <= 0)
        m_waitingBySender.erase(sender);
    if (auto it = m_waitingByUid.find(caller.uid); it != m_waitingByUid.end() && --*it <= 0)
        m_waitingByUid.erase(it);
}

void HelperService::forgetWaiting(const Caller &caller)
{
    const int waiting = m_waitingBySender.take(caller.busName);
    if (auto it = m_waitingByUid.find(caller.uid); waiting > 0 && it != m_waitingByUid.end() && (*it -= waiting) <= 0)
        m_waitingByUid.erase(it);
}

bool HelperService::authorizedAlready(const QString &action)
{
    const QString sender = message().service();
    if (m_authorizer.isGranted(sender, action))
        return true;
    // Root needs no grant, once known (any earlier call of the connection): asking the bus daemon
    // now would block (see withCaller()), so a connection not met yet authorizes first, root too.
    if (const auto known = m_callers.constFind(sender); known != m_callers.cend() && known->uid == 0)
        return true;
    refuseUngranted(action);
    return false;
}

void HelperService::refuseUngranted(const QString &action)
{
    refuse(HelperBus::Error::AuthorizeFirst,
           QStringLiteral("Authorize first: call Authorize with this target%1, then send the document again; a document is "
                          "never kept waiting for polkit, nor read before")
               .arg(action.isEmpty() ? QString() : QStringLiteral(" (polkit: %1)").arg(action)));
}

bool HelperService::mayChange(const QString &target)
{
    return checkTarget(target) && authorizedAlready(changeAction(target));
}

void HelperService::askThen(const QString &action, Answered answered)
{
    const BusCall call = message();
    const QString sender = call.service();
    call.setDelayed();
    if (m_authorizer.isGranted(sender, action)) { // answered at once, without waiting
        withCaller(sender, [this, call, action, answered = std::move(answered)](const Caller &caller) {
            m_authorizer.check(call.service(), action, [call, caller, answered](Authorizer::Outcome outcome, const QString &detail) {
                answered(call, caller, outcome, detail);
            });
            touch();
        });
        return;
    }
    if (m_waitingBySender.value(sender) >= HelperBus::MaxWaitingPerSender) {
        call.replyError(HelperBus::Error::TooManyWaiting, tooManyWaiting(HelperBus::MaxWaitingPerSender, QStringLiteral("this connection")));
        return;
    }
    ++m_waitingBySender[sender]; // counted before its user is known: a sender's calls never wait unbounded
    withCaller(sender, [this, call, action, answered = std::move(answered)](const Caller &caller) {
        if (!admitWaiting(call, caller))
            return;
        m_authorizer.check(call.service(), action, [this, call, caller, answered](Authorizer::Outcome outcome, const QString &detail) {
            releaseWaiting(caller);
            answered(call, caller, outcome, detail);
            touch();
        });
    });
}

void HelperService::authorizeThen(const QString &action, const QString &target, Work work)
{
    askThen(action, [this, action, target, work = std::move(work)](const BusCall &call, const Caller &caller, Authorizer::Outcome outcome,
                                                                   const QString &detail) {
        switch (outcome) {
        case Authorizer::Outcome::Authorized:
            work(call, caller);
            break;
        case Authorizer::Outcome::NotAuthorized:
            audit(caller, call.member(), target, {}, QStringLiteral("refused by polkit (%1)").arg(action));
            call.replyError(HelperBus::Error::NotAuthorized,
                       QStringLiteral("Not authorized: polkit does not allow %1 to user %2. Run it from an active desktop session "
                                      "(you will be asked for an administrator's password), ask an administrator for a polkit rule, "
                                      "or run as root.")
                           .arg(action)
                           .arg(caller.uid));
            break;
        case Authorizer::Outcome::Unavailable:
            helperLog()->error("{}", detail.toStdString());
            call.replyError(HelperBus::Error::PolkitUnavailable, detail);
            break;
        }
        touch();
    });
}

void HelperService::readThen(const QString &netns, const QString &what, Work work)
{
    if (!netns.isEmpty()) {
        const bool ownLab = m_labs.ownsNamespace(message().service(), netns);
        authorizeThen(ownLab ? HelperBus::LabAction : HelperBus::ReadAction, what, std::move(work));
        return;
    }
    // Anyone may read the root namespace's tc state; the kernel says so too.
    message().setDelayed();
    withCaller(message().service(), [this, call = message(), work = std::move(work)](const Caller &caller) {
        work(call, caller);
        touch();
    });
}

void HelperService::readWithinBudget(const BusCall &call, const Caller &caller, const std::function<void()> &read)
{
    const qint64 start = monotonicNowNs();
    if (!m_readBudget.allows(caller.uid, start)) {
        // The debt beyond a full share is paid back at MaxShareNs per WindowNs.
        const qint64 waitMs = (m_readBudget.spentNs(caller.uid, start) - ReadBudget::MaxShareNs) * (ReadBudget::WindowNs / ReadBudget::MaxShareNs) / 1'000'000 + 1;
        call.replyError(HelperBus::Error::LimitsExceeded,
                        QStringLiteral("the reads of user %1 took more than a user's share of the helper's time (%2 ms a second), so that "
                                       "nobody slows the others down: read less often (the next read is let in after %3 ms)")
                            .arg(caller.uid)
                            .arg(ReadBudget::MaxShareNs / 1'000'000)
                            .arg(waitMs));
        return;
    }
    read();
    m_readBudget.spend(caller.uid, start, monotonicNowNs());
}

void HelperService::revertEverythingPromised()
{
    m_playbacks.endAll(Caller{QStringLiteral("helper-exit")}, HelperBus::RevertedHelperExit,
                       [this](const QString &target) { return m_labs.holdsTarget(target); }); // a lab's tree goes with its lab
}

// --- demo labs -------------------------------------------------------------------------------

QString HelperService::changeAction(const QString &target) const
{
    return m_labs.ownsTarget(message().service(), target) ? QString(HelperBus::LabAction) : QString(HelperBus::ApplyAction);
}

const Labs::Lab *HelperService::ownLab(const QString &id, const QString &doing)
{
    if (!LabNetwork::isValidId(id)) {
        refuse(HelperBus::Error::InvalidArguments,
               QStringLiteral("\"%1\" is not a demo lab id: use the id CreateLab returned (8 characters a-z, 0-9)").arg(id.left(64)));
        return nullptr;
    }
    const Labs::Lab *lab = m_labs.find(id);
    if (!lab) {
        refuse(HelperBus::Error::InvalidArguments,
               QStringLiteral("there is no demo lab \"%1\": it was removed (by RemoveLab, or because the client that created it "
                              "left the bus) or never existed; create one with CreateLab")
                   .arg(id));
        return nullptr;
    }
    if (lab->owner.busName != message().service()) {
        withCaller(message().service(), [member = message().member(), target = lab->network.target(), id, owner = lab->owner.busName](const Caller &caller) {
            audit(caller, member, target, {}, QStringLiteral("refused: lab %1 belongs to %2").arg(id, owner));
        });
        refuse(HelperBus::Error::NotAuthorized,
               QStringLiteral("Not authorized: demo lab \"%1\" belongs to another client; only the client that created it may %2 "
                              "(create a lab of your own with CreateLab)")
                   .arg(id, doing));
        return nullptr;
    }
    return lab;
}

void HelperService::forgetNamespaces(const QStringList &namespaces)
{
    m_playbacks.forgetNamespaces(namespaces);
    m_watcher.unwatchNamespaces(namespaces);
}

bool HelperService::removeLab(QString id, const QString &action, Caller caller, QString *errorOut)
{
    const Labs::Lab *lab = m_labs.find(id);
    if (!lab)
        return true;
    const QString target = lab->network.target();
    const QStringList watchers = m_watcher.watchersOf(target);
    m_watcher.unwatchNamespaces({lab->network.namespaceA(), lab->network.namespaceB()});
    QString error;
    const bool ok = m_labs.remove(id, action, caller, &error);
    if (ok)
        for (const QString &watcher : watchers) // whoever still shows it reads it again, and finds it gone
            signalReaders(target, QStringLiteral("TreeChanged"), {target}, watcher);
    if (errorOut)
        *errorOut = error;
    touch();
    return ok;
}

void HelperService::removeAllLabs()
{
    for (const QString &id : m_labs.ids())
        removeLab(id, QStringLiteral("remove-lab(helper-exit)"), m_labs.find(id)->owner);
}

void HelperService::removeLeftoverLabs()
{
    QStringList names = LabNetwork::leftovers();
    // A lab an app built in-process (root, no helper) is alive while its app or guard holds the lock.
    names.removeIf([](const QString &name) { return LabNetwork::isHeldByAnApp(Labs::idsOf({name}).constFirst()); });
    // Snapshots of lab targets are moot too, also those whose namespaces are already gone.
    QStringList namespaces = names;
    for (const QString &target : m_net.snapshots().targets()) {
        QString netns;
        QString device;
        if (QdiscTree::splitTarget(target, &netns, &device) && Labs::isLabNamespace(netns) && !namespaces.contains(netns))
            namespaces.append(netns);
    }
    forgetNamespaces(namespaces);
    if (names.isEmpty())
        return;
    const Caller helper{QStringLiteral("helper-start")};
    for (const QString &id : Labs::idsOf(names)) {
        QStringList ofLab;
        for (const QString &name : names)
            if (Labs::idsOf({name}).constFirst() == id)
                ofLab.append(name);
        QString error;
        const bool ok = LabNetwork::removeNamespaces(ofLab, &error);
        audit(helper, QStringLiteral("remove-lab(leftover)"), Labs::targetOf(id), {},
              ok ? QStringLiteral("ok") : QStringLiteral("failed: ") + error,
              {QStringLiteral("lab %1 left behind by an earlier helper: namespaces %2").arg(id, ofLab.join(QStringLiteral(", ")))});
    }
}

// --- methods ---------------------------------------------------------------------------------

QString HelperService::GetVersion()
{
    touch();
    return QStringLiteral(QS_VERSION);
}

qint64 HelperService::GetClock()
{
    touch();
    return monotonicNowNs();
}

QString HelperService::Authorize(const QString &target)
{
    touch();
    if (!checkTarget(target))
        return {};
    const QString action = changeAction(target);
    authorizeThen(action, target, [action](const BusCall &call, const Caller &) { call.reply({action}); });
    return {};
}

QString HelperService::ListTargets()
{
    touch();
    auto list = [](const BusCall &call, bool withNamespaces) {
        QString error;
        const QList<TargetInfo> targets = listTargets(&error);
        if (!error.isEmpty() && targets.isEmpty()) {
            call.replyError(HelperBus::Error::Failed, error);
            return;
        }
        QJsonArray array;
        for (const TargetInfo &t : targets) {
            if (!t.netns.isEmpty() && !withNamespaces)
                continue;
            array.append(t.toJson());
        }
        call.reply({QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Compact))});
    };
    // Interfaces of other namespaces are shown to those polkit lets read them; the rest see their own.
    askThen(HelperBus::ReadAction, [list](const BusCall &call, const Caller &, Authorizer::Outcome outcome, const QString &) {
        list(call, outcome == Authorizer::Outcome::Authorized);
    });
    return {};
}

QString HelperService::GetTree(const QString &target)
{
    touch();
    QString netns;
    if (!checkTarget(target, &netns))
        return {};
    Work work = [this, target](const BusCall &call, const Caller &caller) {
        readWithinBudget(call, caller, [&] {
            QString error;
            TcEngine *engine = m_net.engines().engineFor(target, &error);
            const auto tree = engine ? engine->read(&error) : std::nullopt;
            if (!tree) {
                call.replyError(engine ? HelperBus::Error::Failed : HelperBus::Error::NoSuchTarget, error);
                return;
            }
            call.reply({QString::fromUtf8(TreeJson::toDocument(*tree))});
        });
    };
    readThen(netns, target, std::move(work));
    return {};
}

void HelperService::ReadStats(const QString &target)
{
    touch();
    QString netns;
    if (!checkTarget(target, &netns))
        return;
    Work work = [this, target](const BusCall &call, const Caller &caller) {
        readWithinBudget(call, caller, [&] {
            QString error;
            TcEngine *engine = m_net.engines().engineFor(target, &error);
            const auto nodes = engine ? engine->readStats(&error) : std::nullopt;
            if (!nodes) {
                call.replyError(engine ? HelperBus::Error::Failed : HelperBus::Error::NoSuchTarget, error);
                return;
            }
            const qint64 time = nodes->isEmpty() ? monotonicNowNs() : nodes->first().counters.timeNs;
            call.reply({time, StatsWire::encode(*nodes)});
        });
    };
    readThen(netns, target, std::move(work));
}

QString HelperService::Apply(const QString &target, const QString &treeJson, const QVariantMap &options)
{
    touch();
    if (!mayChange(target))
        return {};
    const std::optional<ChangeGuards> guards = readChangeGuards(options, QStringLiteral("Apply"));
    if (!guards)
        return {};
    const QByteArray bytes = treeJson.toUtf8();
    if (bytes.size() > HelperBus::MaxTreeDocumentBytes) {
        refuse(HelperBus::Error::InvalidTree, QStringLiteral("the tree document has %1 bytes; the helper accepts at most %2")
                                                  .arg(bytes.size())
                                                  .arg(HelperBus::MaxTreeDocumentBytes));
        return {};
    }
    QStringList errors;
    auto parsed = TreeJson::fromDocument(bytes, &errors);
    if (!parsed) {
        errors = errors.mid(0, 20);
        refuse(HelperBus::Error::InvalidTree, QStringLiteral("the tree document is not valid: ") + errors.join(QStringLiteral("; ")));
        return {};
    }
    QdiscTree tree = std::move(*parsed);
    if (!tree.device.isEmpty() && tree.target() != target) {
        refuse(HelperBus::Error::InvalidArguments, QStringLiteral("the tree is for %1, not for %2").arg(tree.target(), target));
        return {};
    }
    QdiscTree::splitTarget(target, &tree.netns, &tree.device);
    // Checked before polkit is asked, for anyone: its work must stay small (linear).
    if (const QString refusal = TreeLimits::refusal(tree); !refusal.isEmpty()) {
        refuse(HelperBus::Error::InvalidTree, refusal);
        return {};
    }

    authorizeThen(changeAction(target), target, [this, target, tree, guards = *guards](const BusCall &call, const Caller &caller) {
        const SafetyOutcome outcome = m_net.apply(caller, target, tree, guards);
        answerChange(call, guards, outcome, reportOf(outcome.result));
    });
    return {};
}

void HelperService::answerChange(const BusCall &call, const ChangeGuards &guards, const SafetyOutcome &outcome, const QString &report)
{
    if (!replyRefusal(call, outcome))
        return;
    if (guards.revertOnExit)
        trackClient(call.service());
    call.reply({outcome.transaction, report});
}

QLatin1String HelperService::errorName(SafetyOutcome::Refusal refusal)
{
    using Refusal = SafetyOutcome::Refusal;
    switch (refusal) {
    case Refusal::None: // not an error; never sent
    case Refusal::Declined:
    case Refusal::Failed: return HelperBus::Error::Failed;
    case Refusal::NoSuchTarget: return HelperBus::Error::NoSuchTarget;
    case Refusal::KernelRefused: return HelperBus::Error::KernelRefused;
    case Refusal::InvalidTree: return HelperBus::Error::InvalidTree;
    case Refusal::NoSnapshot: return HelperBus::Error::NoSnapshot;
    case Refusal::NoSuchTransaction: return HelperBus::Error::NoSuchTransaction;
    case Refusal::InvalidRequest: return HelperBus::Error::InvalidArguments;
    }
    return HelperBus::Error::Failed;
}

bool HelperService::replyRefusal(const BusCall &call, const SafetyOutcome &outcome)
{
    if (outcome.ok())
        return true;
    if (outcome.refusal != SafetyOutcome::Refusal::Declined) // a declined change answered itself
        call.replyError(errorName(outcome.refusal), outcome.error);
    return false;
}

void HelperService::Confirm(const QString &transaction)
{
    touch();
    if (transaction.size() > 64) {
        refuse(HelperBus::Error::InvalidArguments, QStringLiteral("a transaction id has at most 64 characters"));
        return;
    }
    // Confirming a change of one's own lab needs what making it needed.
    const QString pending = m_net.pendingTarget(transaction);
    authorizeThen(pending.isEmpty() ? QString(HelperBus::ApplyAction) : changeAction(pending), {},
                  [this, transaction](const BusCall &call, const Caller &caller) {
        if (replyRefusal(call, m_net.confirm(caller, transaction)))
            call.reply();
    });
}

QString HelperService::Restore(const QString &target)
{
    touch();
    if (!checkTarget(target))
        return {};
    authorizeThen(changeAction(target), target, [this, target](const BusCall &call, const Caller &caller) {
        const SafetyOutcome outcome = m_net.restore(caller, target);
        if (replyRefusal(call, outcome))
            call.reply({reportOf(outcome.result)});
    });
    return {};
}

QString HelperService::Clear(const QString &target)
{
    touch();
    if (!checkTarget(target))
        return {};
    authorizeThen(changeAction(target), target, [this, target](const BusCall &call, const Caller &caller) {
        const SafetyOutcome outcome = m_net.clear(caller, target);
        if (replyRefusal(call, outcome))
            call.reply({reportOf(outcome.result)});
    });
    return {};
}

void HelperService::Watch(const QString &target)
{
    touch();
    QString netns;
    if (!checkTarget(target, &netns))
        return;
    Work work = [this, target](const BusCall &call, const Caller &) {
        QString error;
        if (!m_watcher.watch(call.service(), target, &error)) {
            call.replyError(HelperBus::Error::NoSuchTarget, error);
            return;
        }
        trackClient(call.service());
        call.reply();
    };
    readThen(netns, target, std::move(work));
}

void HelperService::OpenStatsSocket(const QString &netns)
{
    touch();
    if (!netns.isEmpty() && !isValidNetnsName(netns)) {
        refuse(HelperBus::Error::InvalidArguments, QStringLiteral("\"%1\" is not a namespace name").arg(netns.left(64)));
        return;
    }
    Work work = [netns](const BusCall &call, const Caller &) {
        QString error;
        const int fd = NetlinkSocket::openDescriptor(netns, &error);
        if (fd < 0) {
            call.replyError(HelperBus::Error::NoSuchTarget, error);
            return;
        }
        call.reply({fd}); // the reply holds a duplicate
        ::close(fd);
    };
    readThen(netns, netns, std::move(work));
}

QString HelperService::CreateLab(const QVariantMap &options)
{
    touch();
    if (!options.isEmpty()) {
        refuse(HelperBus::Error::InvalidArguments,
               QStringLiteral("option \"%1\" is unknown: CreateLab takes no options yet (pass an empty map)").arg(options.firstKey().left(64)));
        return {};
    }
    // Checked again once polkit has answered: two calls of one client may both be waiting for it.
    const auto alreadyOwned = [this](const QString &busName) -> QString {
        const Labs::Lab *lab = m_labs.ownedBy(busName);
        return lab ? QStringLiteral("this client already owns the demo lab \"%1\" (target %2): use it, or remove it with RemoveLab "
                                    "before creating another")
                         .arg(lab->network.id(), lab->network.target())
                   : QString();
    };
    if (const QString owned = alreadyOwned(message().service()); !owned.isEmpty()) {
        refuse(HelperBus::Error::InvalidArguments, owned);
        return {};
    }
    authorizeThen(HelperBus::LabAction, {}, [this, alreadyOwned](const BusCall &call, const Caller &caller) {
        if (const QString owned = alreadyOwned(call.service()); !owned.isEmpty()) {
            call.replyError(HelperBus::Error::InvalidArguments, owned);
            return;
        }
        const Labs::Lab *lab = nullptr;
        if (!replyRefusal(call, m_labs.create(caller, {}, &lab)))
            return;
        // The lab lives as long as its owner stays on the bus (it may have left while polkit was thinking).
        trackClient(call.service());
        call.reply({lab->network.id(), lab->network.target()});
    });
    return {};
}

void HelperService::RemoveLab(const QString &id)
{
    touch();
    const Labs::Lab *lab = ownLab(id, QStringLiteral("remove it"));
    if (!lab)
        return;
    authorizeThen(HelperBus::LabAction, lab->network.target(), [this, id](const BusCall &call, const Caller &caller) {
        const Labs::Lab *still = m_labs.find(id);
        if (!still || still->owner.busName != call.service()) {
            call.replyError(HelperBus::Error::InvalidArguments, QStringLiteral("demo lab \"%1\" was removed meanwhile").arg(id));
            return;
        }
        QString error;
        if (!removeLab(id, QStringLiteral("remove-lab"), caller, &error)) {
            call.replyError(HelperBus::Error::Failed,
                       QStringLiteral("demo lab \"%1\" was not removed completely: %2. The helper removes what is left when it next "
                                      "starts, or remove it with `ip netns del`.")
                           .arg(id, error));
            return;
        }
        call.reply();
    });
}

void HelperService::OpenLabSockets(const QString &id)
{
    touch();
    const Labs::Lab *lab = ownLab(id, QStringLiteral("open its sockets"));
    if (!lab)
        return;
    authorizeThen(HelperBus::LabAction, lab->network.target(), [this, id](const BusCall &call, const Caller &) {
        const Labs::Lab *still = m_labs.find(id);
        if (!still || still->owner.busName != call.service()) {
            call.replyError(HelperBus::Error::InvalidArguments, QStringLiteral("demo lab \"%1\" was removed meanwhile").arg(id));
            return;
        }
        QString error;
        std::optional<LabTrafficSockets> sockets = LabTrafficSockets::open(still->network.namespaceA(), still->network.namespaceB(), &error);
        if (!sockets) {
            call.replyError(HelperBus::Error::Failed, QStringLiteral("cannot open the sockets of demo lab \"%1\": %2").arg(id, error));
            return;
        }
        QVariantList handed;
        for (const int fd : {sockets->tcpListener, sockets->tcpSender, sockets->udpSender, sockets->udpReceiver, sockets->probeSender,
                             sockets->probeEchoer, sockets->linkStats, sockets->requestListener, sockets->requestClient})
            handed.append(fd);
        call.reply(handed); // the reply holds duplicates, which close with it
        sockets->closeAll();
    });
}

// --- scenarios -------------------------------------------------------------------------------
// The policy is core's (Playbacks); the helper asks polkit, answers, and orders the signals.

void HelperService::emitProgress(const QString &target, const qs::ScenarioProgress &progress, const QString &owner)
{
    if (!m_heldTarget.isEmpty() && target == m_heldTarget) {
        m_heldProgress.append({progress, owner});
        return;
    }
    sendProgress(target, progress, owner);
}

void HelperService::sendProgress(const QString &target, const qs::ScenarioProgress &progress, const QString &owner)
{
    // Every watcher of the target hears these: a scenario of 50 ms steps must not flood the bus.
    constexpr qint64 IntervalNs = qint64(HelperBus::ScenarioProgressIntervalMs) * 1'000'000;
    std::shared_ptr<ProgressGate> &slot = m_progressGates[target];
    const bool first = !slot;
    if (first) {
        slot = std::make_shared<ProgressGate>();
        slot->timer.setSingleShot(true);
        ProgressGate *gate = slot.get();
        connect(&gate->timer, &QTimer::timeout, this, [this, target, gate] {
            if (!gate->pending)
                return;
            gate->sentAtNs = monotonicNowNs();
            gate->sentState = gate->pending->state;
            signalReaders(target, QStringLiteral("ScenarioProgress"), {target, progressJson(*std::exchange(gate->pending, std::nullopt))},
                          gate->owner);
        });
    }
    ProgressGate &gate = *slot;
    gate.owner = owner;
    const qint64 now = monotonicNowNs();
    const bool last = !progress.isActive();
    if (first || last || progress.state != gate.sentState || now - gate.sentAtNs >= IntervalNs) {
        // A report held back is older than this one: this one says more, and says it now.
        gate.pending.reset();
        gate.timer.stop();
        gate.sentAtNs = now;
        gate.sentState = progress.state;
        if (last) // the next playback on the target starts afresh
            m_progressGates.remove(target);
        signalReaders(target, QStringLiteral("ScenarioProgress"), {target, progressJson(progress)}, owner);
        return;
    }
    gate.pending = progress; // replaces one held back already: the latest is what matters
    if (!gate.timer.isActive())
        gate.timer.start(int(std::max<qint64>(1, (gate.sentAtNs + IntervalNs - now + 999'999) / 1'000'000)));
}

void HelperService::holdProgress(const QString &target)
{
    m_heldTarget = target;
}

void HelperService::releaseProgress()
{
    const QString target = std::exchange(m_heldTarget, QString());
    const auto held = std::exchange(m_heldProgress, {});
    for (const auto &[progress, owner] : held)
        emitProgress(target, progress, owner);
}

void HelperService::PlayScenario(const QString &target, const QString &scenarioJson, const QVariantMap &options)
{
    touch();
    // Before anything else, so that a refusal naming who plays there goes only to those polkit allowed.
    if (!mayChange(target))
        return;
    bool revertOnExit = false;
    std::optional<int> loops;
    std::optional<qint64> startAt;
    for (auto it = options.begin(); it != options.end(); ++it) {
        if (it.key() == HelperBus::RevertOnExit && it.value().typeId() == QMetaType::Bool) {
            revertOnExit = it.value().toBool();
        } else if (it.key() == HelperBus::ScenarioStartAt && it.value().typeId() == QMetaType::LongLong) {
            startAt = it.value().toLongLong();
            const qint64 now = monotonicNowNs();
            if (*startAt <= now || *startAt - now > HelperBus::MaxScenarioStartLeadMs * 1'000'000) {
                // The figures are said without arithmetic on the caller's number (no overflow near its ends).
                refuse(HelperBus::Error::InvalidArguments,
                       *startAt <= now ? QStringLiteral("the start time %1 had passed when the request was handled (the helper's clock read %2); "
                                                        "nothing was applied")
                                             .arg(*startAt)
                                             .arg(now)
                                       : QStringLiteral("the start time %1 lies more than %2 s ahead of the helper's clock (%3); a start may lie "
                                                        "60 s ahead at most")
                                             .arg(*startAt)
                                             .arg(HelperBus::MaxScenarioStartLeadMs / 1000)
                                             .arg(now));
                return;
            }
        } else if (it.key() == HelperBus::ScenarioLoops && isWholeNumber(it.value()) && it.value().toLongLong() >= 0 &&
                   it.value().toLongLong() <= Scenario::MaxLoops) {
            loops = int(it.value().toLongLong());
        } else {
            refuse(HelperBus::Error::InvalidArguments,
                   QStringLiteral("option \"%1\" is unknown or has a wrong value; PlayScenario knows %2 (a boolean), %3 (a whole "
                                  "number of passes, 0…%4; 0: until stopped) and %5 (x: a time of the helper's CLOCK_MONOTONIC in ns)")
                       .arg(it.key().left(64), HelperBus::RevertOnExit, HelperBus::ScenarioLoops)
                       .arg(Scenario::MaxLoops)
                       .arg(HelperBus::ScenarioStartAt));
            return;
        }
    }
    const QByteArray bytes = scenarioJson.toUtf8();
    if (bytes.size() > HelperBus::MaxTreeDocumentBytes) {
        refuse(HelperBus::Error::InvalidArguments, QStringLiteral("the scenario document has %1 bytes; the helper accepts at most %2")
                                                       .arg(bytes.size())
                                                       .arg(HelperBus::MaxTreeDocumentBytes));
        return;
    }
    QStringList errors;
    std::optional<Scenario> scenario = Scenario::fromJsonBytes(bytes, &errors);
    if (!scenario) {
        refuse(HelperBus::Error::InvalidArguments,
               QStringLiteral("the scenario document is not valid: ") + errors.mid(0, 20).join(QStringLiteral("; ")));
        return;
    }
    if (loops)
        scenario->loops = *loops;
    // Everything that needs no tree of the target is checked before polkit is asked, for anyone:
    // it stays small (linear), like Apply's checks.
    if (const SafetyOutcome checked = Playbacks::checkScenario(*scenario); !checked.ok()) {
        refuse(errorName(checked.refusal), checked.error);
        return;
    }
    // Checked again once polkit has answered: another client may have started one meanwhile.
    if (const QString playing = m_playbacks.busy(target); !playing.isEmpty()) {
        refuse(HelperBus::Error::InvalidArguments, playing);
        return;
    }
    authorizeThen(changeAction(target), target, [this, target, scenario = std::move(*scenario), revertOnExit, startAt](const BusCall &call, const Caller &caller) {
        holdProgress(target); // the reply goes before the progress of step 1
        // Checked again: polkit may have taken longer than the start left (a time passed would start late, out of step with the other hosts).
        if (startAt && *startAt <= monotonicNowNs()) {
            replyRefusal(call, SafetyOutcome::refused(SafetyOutcome::Refusal::InvalidRequest,
                                                      QStringLiteral("the start time passed while polkit was asked; nothing was applied")));
            releaseProgress();
            return;
        }
        const SafetyOutcome outcome = m_playbacks.play(caller, target, scenario, revertOnExit, startAt);
        if (replyRefusal(call, outcome)) {
            if (revertOnExit)
                trackClient(call.service()); // its promise is kept when it leaves
            call.reply();
        }
        releaseProgress();
    });
}

void HelperService::controlScenario(const QString &target, const std::function<SafetyOutcome(const Caller &)> &work)
{
    touch();
    if (!checkTarget(target))
        return;
    // Whoever may change the target may steer its playback, not only the client that started it.
    authorizeThen(changeAction(target), target, [this, target, work](const BusCall &call, const Caller &caller) {
        holdProgress(target);
        if (replyRefusal(call, work(caller)))
            call.reply();
        releaseProgress();
    });
}

void HelperService::PauseScenario(const QString &target)
{
    controlScenario(target, [this, target](const Caller &caller) { return m_playbacks.pause(caller, target); });
}

void HelperService::ResumeScenario(const QString &target)
{
    controlScenario(target, [this, target](const Caller &caller) { return m_playbacks.resume(caller, target); });
}

void HelperService::StopScenario(const QString &target)
{
    controlScenario(target, [this, target](const Caller &caller) { return m_playbacks.stop(caller, target); });
}

void HelperService::SeekScenario(const QString &target, uint step)
{
    // A step beyond int is beyond every scenario: Playbacks says there is no such step.
    const int asked = step > uint(std::numeric_limits<int>::max()) ? std::numeric_limits<int>::max() : int(step);
    controlScenario(target, [this, target, asked](const Caller &caller) { return m_playbacks.seek(caller, target, asked); });
}

QString HelperService::GetScenarioProgress(const QString &target)
{
    touch();
    QString netns;
    if (!checkTarget(target, &netns))
        return {};
    Work work = [this, target](const BusCall &call, const Caller &) {
        call.reply({progressJson(m_playbacks.progressOf(target))});
    };
    readThen(netns, target, std::move(work));
    return {};
}

// --- a change addressed to one node ---------------------------------------------------------

std::optional<ChangeGuards> HelperService::readChangeGuards(const QVariantMap &options, const QString &method)
{
    ChangeGuards guards;
    for (auto it = options.begin(); it != options.end(); ++it) {
        if (it.key() == HelperBus::RevertAfterSeconds && isWholeNumber(it.value()) && it.value().toLongLong() >= 1 &&
            it.value().toLongLong() <= HelperBus::MaxRevertSeconds) {
            guards.revertAfter = unsigned(it.value().toLongLong());
        } else if (it.key() == HelperBus::RevertOnExit && it.value().typeId() == QMetaType::Bool) {
            guards.revertOnExit = it.value().toBool();
        } else {
            refuse(HelperBus::Error::InvalidArguments,
                   QStringLiteral("option \"%1\" is unknown or has a wrong value; %2 knows %3 (a whole number of seconds, 1…%4) and %5 (a boolean)")
                       .arg(it.key().left(64), method, HelperBus::RevertAfterSeconds)
                       .arg(HelperBus::MaxRevertSeconds)
                       .arg(HelperBus::RevertOnExit));
            return std::nullopt;
        }
    }
    return guards;
}

QString HelperService::ChangeNode(const QString &target, const QString &nodeJson, const QString &basisText, const QVariantMap &options)
{
    touch();
    if (!mayChange(target))
        return {};
    const std::optional<ChangeGuards> guards = readChangeGuards(options, QStringLiteral("ChangeNode"));
    if (!guards)
        return {};
    const std::optional<TreeFingerprint> basis = TreeFingerprint::fromString(basisText);
    if (!basis) {
        refuse(HelperBus::Error::InvalidArguments,
               QStringLiteral("basis \"%1\" is not a tree fingerprint (16 hex digits, '-', the node count): send the fingerprint of "
                              "the tree the change was made on")
                   .arg(basisText.left(64)));
        return {};
    }
    const QByteArray bytes = nodeJson.toUtf8();
    if (bytes.size() > HelperBus::MaxNodeDocumentBytes) {
        refuse(HelperBus::Error::InvalidTree, QStringLiteral("the node document has %1 bytes; ChangeNode accepts at most %2 (one class or "
                                                             "one qdisc): send a whole tree with Apply")
                                                  .arg(bytes.size())
                                                  .arg(HelperBus::MaxNodeDocumentBytes));
        return {};
    }
    QStringList errors;
    std::optional<QdiscTree> parsed = TreeJson::fromDocument(bytes, &errors);
    if (!parsed) {
        refuse(HelperBus::Error::InvalidTree, QStringLiteral("the node document is not valid: ") + errors.mid(0, 20).join(QStringLiteral("; ")));
        return {};
    }
    QdiscTree node = std::move(*parsed);
    if (!node.device.isEmpty() && node.target() != target) {
        refuse(HelperBus::Error::InvalidArguments, QStringLiteral("the node is for %1, not for %2").arg(node.target(), target));
        return {};
    }
    QdiscTree::splitTarget(target, &node.netns, &node.device);
    if (node.qdiscs.size() + node.classes.size() != 1 || !node.filters.isEmpty()) {
        refuse(HelperBus::Error::InvalidTree, QStringLiteral("a node document holds exactly one class or one qdisc (this one holds %1 "
                                                             "qdiscs, %2 classes and %3 filters): send a whole tree with Apply")
                                                  .arg(node.qdiscs.size())
                                                  .arg(node.classes.size())
                                                  .arg(node.filters.size()));
        return {};
    }
    // The tree around the node is the one the helper holds, checked when it was applied.
    if (const QString refusal = TreeLimits::nodeRefusal(node); !refusal.isEmpty()) {
        refuse(HelperBus::Error::InvalidTree, refusal);
        return {};
    }

    authorizeThen(changeAction(target), target, [this, target, node, basis = *basis, guards = *guards](const BusCall &call, const Caller &caller) {
        const QString action = QStringLiteral("change-node");
        // The tree from before is the one the engine holds: a read would replace it with the
        // kernel's wording of it, which the client's basis does not describe.
        const auto held = [](TcEngine &engine, QString *error) { return engine.heldTree(error); };
        const auto change = [&](TcEngine &engine, QString *reportOut) -> std::optional<ApplyResult> {
            const NodeChangeResult changed = engine.changeNode(node, basis);
            switch (changed.outcome) {
            case NodeChangeResult::Outcome::Mismatch:
                audit(caller, action, target, {}, QStringLiteral("refused: the tree is not the client's basis"));
                call.replyError(HelperBus::Error::TreeMismatch, changed.why);
                return std::nullopt;
            case NodeChangeResult::Outcome::NotInPlace:
                call.replyError(HelperBus::Error::InvalidTree, changed.why);
                return std::nullopt;
            case NodeChangeResult::Outcome::Changed:
            case NodeChangeResult::Outcome::Failed:
                break;
            }
            *reportOut = QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("plan"), planOf(changed.result)},
                                                                     {QStringLiteral("fingerprint"), changed.fingerprint.toString()}})
                                               .toJson(QJsonDocument::Compact));
            return changed.result;
        };
        QString written;
        const SafetyOutcome outcome = m_net.change(caller, action, target, false, guards, held, change, &written);
        answerChange(call, guards, outcome, written);
    });
    return {};
}

} // namespace qs
