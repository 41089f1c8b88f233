#include "helperservice.h"

#include "helperbus.h"
#include "safety/treelimits.h"
#include "lab/labsockets.h"
#include "model/treefingerprint.h"
#include "model/treejson.h"
#include "netlink/netlinksocket.h"
#include "netlink/pschedclock.h"
#include "netlink/tcengine.h"
#include "scenario/scenario.h"
#include "stats/monotonicclock.h"

#include <QDBusConnectionInterface>
#include <QDateTime>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
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

QString malformedTarget(const QString &target)
{
    QString shown = target.left(64);
    if (target.size() > 64)
        shown += QStringLiteral("…");
    return QStringLiteral("\"%1\" is not a target: write IF or NETNS/IF (an interface name has 1…15 characters without "
                          "'/', ':' or spaces; a namespace name has no '/')")
        .arg(shown);
}

QString progressJson(const ScenarioProgress &progress)
{
    return QString::fromUtf8(QJsonDocument(progress.toJson()).toJson(QJsonDocument::Compact));
}

QString playbackSummary(const ScenarioProgress &progress)
{
    return QStringLiteral("scenario \"%1\": step %2 of %3 (%4), loop %5 of %6")
        .arg(progress.scenario)
        .arg(progress.step + 1)
        .arg(progress.steps)
        .arg(progress.stepName)
        .arg(progress.loop)
        .arg(progress.loops == 0 ? QStringLiteral("forever") : QString::number(progress.loops));
}

/** A step for people: 1-based, as the window and the CLI number them (SeekScenario's argument counts from 0). */
qint64 stepNumber(uint step)
{
    return qint64(step) + 1;
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

HelperService::HelperService(QDBusConnection bus, Settings settings, QObject *parent)
    : QObject(parent), m_bus(bus), m_settings(std::move(settings)), m_authorizer(bus), m_net(m_settings.stateDirectory)
{
    // One subscription for every client's departure, instead of one match rule per client.
    m_bus.connect(QStringLiteral("org.freedesktop.DBus"), QStringLiteral("/org/freedesktop/DBus"), QStringLiteral("org.freedesktop.DBus"),
                  QStringLiteral("NameOwnerChanged"), this, SLOT(onNameOwnerChanged(QString, QString, QString)));
    // The policy is the safety net's; the helper audits, tells readers, and ends playbacks it is told of.
    connect(&m_net, &SafetyNet::audited, this, [](const Caller &caller, const QString &action, const QString &target, const QString &transaction,
                                                 const QString &result, const QStringList &changes) {
        audit(caller, action, target, transaction, result, changes);
    });
    connect(&m_net, &SafetyNet::kernelChanged, &m_watcher, &TreeWatcher::noteChanged);
    connect(&m_net, &SafetyNet::reverted, this, [this](const QString &target, const QString &reason, const QString &requester) {
        signalReaders(target, QStringLiteral("Reverted"), {target, reason}, requester);
    });
    m_net.setBeforeChange([this](const QString &target, const QString &action, const Caller &caller) { haltPlayback(target, action, caller); });
    connect(&m_watcher, &TreeWatcher::treeChanged, this,
            [this](const QString &target) { signalReaders(target, QStringLiteral("TreeChanged"), {target}); });
    m_remainsSweep.setInterval(1000);
    connect(&m_remainsSweep, &QTimer::timeout, this, &HelperService::sweepLabRemains);
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
           !m_scenarios.isEmpty(); // a paused playback is work too: it waits for its client
}

// --- callers ---------------------------------------------------------------------------------

Caller HelperService::callerOf(const QString &busName)
{
    const auto known = m_callers.constFind(busName);
    if (known != m_callers.cend())
        return *known;
    Caller caller{busName};
    const QDBusReply<uint> uid = m_bus.interface()->serviceUid(busName);
    const QDBusReply<uint> pid = m_bus.interface()->servicePid(busName);
    caller.uid = uid.isValid() ? qint64(uid.value()) : -1;
    caller.pid = pid.isValid() ? qint64(pid.value()) : -1;
    if (uid.isValid()) // not cached for a client already gone: its name will not be seen leaving
        m_callers.insert(busName, caller);
    return caller;
}

void HelperService::withCaller(const QString &busName, std::function<void(const Caller &)> then)
{
    if (const auto known = m_callers.constFind(busName); known != m_callers.cend()) {
        then(*known);
        return;
    }
    // Asked without blocking: while this thread waits, nothing it has read is answered or freed,
    // libdbus stops reading once 63 MiB are alive, and behind a flood of big messages the bus
    // daemon's answer would wait for all of them.
    auto *uidCall = new QDBusPendingCallWatcher(m_bus.interface()->asyncCall(QStringLiteral("GetConnectionUnixUser"), busName), this);
    connect(uidCall, &QDBusPendingCallWatcher::finished, this, [this, uidCall, busName, then = std::move(then)]() mutable {
        uidCall->deleteLater();
        const QDBusPendingReply<uint> uid = *uidCall;
        auto *pidCall = new QDBusPendingCallWatcher(m_bus.interface()->asyncCall(QStringLiteral("GetConnectionUnixProcessID"), busName), this);
        connect(pidCall, &QDBusPendingCallWatcher::finished, this, [this, pidCall, busName, uid, then = std::move(then)] {
            pidCall->deleteLater();
            const QDBusPendingReply<uint> pid = *pidCall;
            Caller caller{busName};
            caller.uid = uid.isError() ? -1 : qint64(uid.value());
            caller.pid = pid.isError() ? -1 : qint64(pid.value());
            if (!uid.isError()) // not cached for a client already gone: its name will not be seen leaving
                m_callers.insert(busName, caller);
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
    auto *asked = new QDBusPendingCallWatcher(m_bus.interface()->asyncCall(QStringLiteral("NameHasOwner"), busName), this);
    connect(asked, &QDBusPendingCallWatcher::finished, this, [this, asked, busName] {
        asked->deleteLater();
        const QDBusPendingReply<bool> registered = *asked;
        if (m_tracked.contains(busName) && (registered.isError() || !registered.value()))
            clientLeft(busName);
    });
}

void HelperService::onNameOwnerChanged(const QString &name, const QString &oldOwner, const QString &newOwner)
{
    Q_UNUSED(oldOwner)
    if (newOwner.isEmpty() && name.startsWith(u':') && (m_tracked.contains(name) || m_callers.contains(name)))
        clientLeft(name);
}

void HelperService::clientLeft(const QString &busName)
{
    const Caller caller = m_callers.take(busName);
    m_authorizer.forget(busName);
    forgetWaiting(caller.busName.isEmpty() ? Caller{busName} : caller);
    m_watcher.unwatchClient(busName);
    m_tracked.remove(busName);
    // The lab goes first: the promises about its target go with it, so none is kept in vain.
    if (const LabBook::Lab *lab = m_labs.ownedBy(busName))
        removeLab(lab->network.id(), QStringLiteral("remove-lab(client-exit)"), lab->owner);
    const Caller leaving = caller.busName.isEmpty() ? Caller{busName} : caller;
    // Its playbacks with revertOnExit end before anything is put back, so that nothing they
    // would apply later undoes the revert; the revert book holds the tree from before them.
    QHash<QString, QdiscTree> earlier;
    for (const QString &target : m_scenarios.targetsOf(busName)) {
        if (!m_scenarios.find(target)->revertOnExit)
            continue;
        const QList<ScenarioBook::DeferredRevert> deferred = haltPlayback(target, QStringLiteral("client-exit"), leaving, true);
        if (!deferred.isEmpty())
            earlier.insert(target, deferred.first().tree); // promised by a client that left before: the older tree
    }
    // The others were asked to go on without it: they do, for a bounded time (issue 15, finding 5).
    for (const QString &target : m_scenarios.targetsOf(busName))
        boundOwnerless(target);
    QHash<QString, QdiscTree> reverts = m_net.takeExitReverts(busName);
    for (auto it = earlier.begin(); it != earlier.end(); ++it)
        reverts.insert(it.key(), it.value());
    for (auto it = reverts.begin(); it != reverts.end(); ++it) {
        if (ScenarioBook::Playback *playback = m_scenarios.find(it.key())) {
            // Someone asked this playback to go on without its client: the promise is kept for its end.
            playback->deferredReverts.append(ScenarioBook::DeferredRevert{it.value(), leaving});
            audit(leaving, QStringLiteral("revert(client-exit)"), it.key(), {},
                  QStringLiteral("deferred until the scenario playing there ends"));
            continue;
        }
        m_net.revertTo(it.key(), it.value(), HelperBus::RevertedClientExit, leaving);
    }
    touch();
}

// --- plumbing ------------------------------------------------------------------------------

void HelperService::signalReaders(const QString &target, const QString &name, const QVariantList &arguments, const QString &also)
{
    QStringList readers = m_watcher.watchersOf(target);
    if (!also.isEmpty() && !readers.contains(also))
        readers.append(also);
    for (const QString &reader : std::as_const(readers)) {
        QDBusMessage signal = QDBusMessage::createTargetedSignal(reader, HelperBus::Path, HelperBus::Interface, name);
        signal.setArguments(arguments);
        m_bus.send(signal);
    }
}

void HelperService::replyError(const QDBusMessage &call, QLatin1String name, const QString &text)
{
    m_bus.send(call.createErrorReply(name, text));
}

void HelperService::refuse(QLatin1String name, const QString &text)
{
    sendErrorReply(name, text);
}

bool HelperService::checkTarget(const QString &target, QString *netnsOut)
{
    QString netns;
    QString device;
    if (!isWellFormedTarget(target, &netns, &device)) {
        refuse(HelperBus::Error::InvalidArguments, malformedTarget(target));
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

bool HelperService::admitWaiting(const QDBusMessage &call, const Caller &caller)
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
        replyError(call, HelperBus::Error::TooManyWaiting, tooManyWaiting(HelperBus::MaxWaitingPerUser, QStringLiteral("this user")));
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
    refuse(HelperBus::Error::AuthorizeFirst,
           QStringLiteral("Authorize first: call Authorize with this target (polkit: %1), then send the document again; a "
                          "document is never kept waiting for polkit")
               .arg(action));
    return false;
}

void HelperService::askThen(const QString &action, Answered answered)
{
    const QDBusMessage call = message();
    const QString sender = call.service();
    setDelayedReply(true);
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
        replyError(call, HelperBus::Error::TooManyWaiting, tooManyWaiting(HelperBus::MaxWaitingPerSender, QStringLiteral("this connection")));
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
    askThen(action, [this, action, target, work = std::move(work)](const QDBusMessage &call, const Caller &caller, Authorizer::Outcome outcome,
                                                                   const QString &detail) {
        switch (outcome) {
        case Authorizer::Outcome::Authorized:
            work(call, caller);
            break;
        case Authorizer::Outcome::NotAuthorized:
            audit(caller, call.member(), target, {}, QStringLiteral("refused by polkit (%1)").arg(action));
            replyError(call, HelperBus::Error::NotAuthorized,
                       QStringLiteral("Not authorized: polkit does not allow %1 to user %2. Run it from an active desktop session "
                                      "(you will be asked for an administrator's password), ask an administrator for a polkit rule, "
                                      "or run as root.")
                           .arg(action)
                           .arg(caller.uid));
            break;
        case Authorizer::Outcome::Unavailable:
            helperLog()->error("{}", detail.toStdString());
            replyError(call, HelperBus::Error::PolkitUnavailable, detail);
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
    setDelayedReply(true);
    withCaller(message().service(), [this, call = message(), work = std::move(work)](const Caller &caller) {
        work(call, caller);
        touch();
    });
}

void HelperService::revertEverythingPromised()
{
    // Playbacks end first, so none applies anything after the reverts. Where a tree is promised
    // (or the lab goes anyway) the playback is halted and the promise carried out once; elsewhere
    // it is stopped as its onAbort says, since nobody would otherwise end the half-played condition.
    const QStringList promisedTargets = m_net.reverts().targets();
    QHash<QString, QdiscTree> deferred;
    for (const QString &target : m_scenarios.targets()) {
        ScenarioBook::Playback *playback = m_scenarios.find(target);
        if (!playback)
            continue;
        if (promisedTargets.contains(target) || !playback->deferredReverts.isEmpty() || m_labs.holdsTarget(target)) {
            const QList<ScenarioBook::DeferredRevert> waiting = haltPlayback(target, QStringLiteral("helper-exit"), Caller{QStringLiteral("helper-exit")}, true);
            if (!waiting.isEmpty())
                deferred.insert(target, waiting.first().tree);
            continue;
        }
        audit(Caller{QStringLiteral("helper-exit")}, QStringLiteral("stop-scenario"), target, {}, QStringLiteral("ok"),
              {playbackSummary(playback->player->progress())});
        playback->player->stop();
        if (m_scenarios.find(target)) // it did not end at once: it must not play on
            haltPlayback(target, QStringLiteral("helper-exit"), Caller{QStringLiteral("helper-exit")});
    }
    QHash<QString, QdiscTree> promised = m_net.takeAllPromises();
    for (auto it = deferred.begin(); it != deferred.end(); ++it)
        if (!promised.contains(it.key()))
            promised.insert(it.key(), it.value());
    for (auto it = promised.begin(); it != promised.end(); ++it)
        if (!m_labs.holdsTarget(it.key())) // a lab's tree goes with its lab
            m_net.revertTo(it.key(), it.value(), HelperBus::RevertedHelperExit, Caller{QStringLiteral("helper-exit")});
}

// --- demo labs -------------------------------------------------------------------------------

QString HelperService::changeAction(const QString &target) const
{
    return m_labs.ownsTarget(message().service(), target) ? QString(HelperBus::LabAction) : QString(HelperBus::ApplyAction);
}

const LabBook::Lab *HelperService::ownLab(const QString &id, const QString &doing)
{
    if (!LabNetwork::isValidId(id)) {
        refuse(HelperBus::Error::InvalidArguments,
               QStringLiteral("\"%1\" is not a demo lab id: use the id CreateLab returned (8 characters a-z, 0-9)").arg(id.left(64)));
        return nullptr;
    }
    const LabBook::Lab *lab = m_labs.find(id);
    if (!lab) {
        refuse(HelperBus::Error::InvalidArguments,
               QStringLiteral("there is no demo lab \"%1\": it was removed (by RemoveLab, or because the client that created it "
                              "left the bus) or never existed; create one with CreateLab")
                   .arg(id));
        return nullptr;
    }
    if (lab->owner.busName != message().service()) {
        audit(callerOf(message().service()), message().member(), lab->network.target(), {},
              QStringLiteral("refused: lab %1 belongs to %2").arg(id, lab->owner.busName));
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
    for (const QString &target : m_scenarios.targets())
        if (SafetyNet::liesIn(target, namespaces))
            haltPlayback(target, QStringLiteral("namespace-removed"), Caller{QStringLiteral("helper")});
    m_net.forgetNamespaces(namespaces);
    m_watcher.unwatchNamespaces(namespaces);
}

bool HelperService::removeLab(QString id, const QString &action, Caller caller, QString *errorOut)
{
    const std::optional<LabBook::Lab> lab = m_labs.take(id);
    if (!lab)
        return true;
    LabNetwork network = lab->network;
    const QString target = network.target();
    const QStringList watchers = m_watcher.watchersOf(target); // forgetNamespaces() ends their watches
    forgetNamespaces({network.namespaceA(), network.namespaceB()});
    // Marked before their names go: sockets handed out by OpenLabSockets keep them alive after removal.
    LabRemains remains;
    QString markError;
    if (!LabRemains::mark({network.namespaceA(), network.namespaceB()}, QStringLiteral("qdisc-studio lab %1").arg(id), &remains, &markError))
        helperLog()->error("demo lab {}: {}; whether sockets keep it alive after removal is not known", id.toStdString(), markError.toStdString());
    QString error;
    const bool ok = network.remove(&error);
    QStringList changes{QStringLiteral("lab %1: namespaces %2, %3").arg(id, network.namespaceA(), network.namespaceB())};
    if (const int living = ok ? remains.alive() : 0; living > 0) {
        changes.append(QStringLiteral("%1 of them live on, held by sockets still open: counted as a lab of uid %2 until they end")
                           .arg(living)
                           .arg(lab->owner.uid));
        m_labs.keepRemains(id, lab->owner, std::move(remains));
        m_remainsSweep.start();
    }
    audit(caller, action, target, {}, ok ? QStringLiteral("ok") : QStringLiteral("failed: ") + error, changes);
    if (ok) {
        for (const QString &watcher : watchers) // whoever still shows it reads it again, and finds it gone
            signalReaders(target, QStringLiteral("TreeChanged"), {target}, watcher);
    } else {
        helperLog()->error("demo lab {} of {} was not removed completely: {}", id.toStdString(), caller.busName.toStdString(),
                           error.toStdString());
    }
    if (errorOut)
        *errorOut = error;
    touch();
    return ok;
}

void HelperService::sweepLabRemains()
{
    for (const QString &id : m_labs.sweepRemains())
        helperLog()->info("removed demo lab {}: its namespaces ended, it counts no more", id.toStdString());
    if (!m_labs.hasRemains())
        m_remainsSweep.stop();
    touch();
}

void HelperService::removeAllLabs()
{
    for (const QString &id : m_labs.ids()) {
        const Caller owner = m_labs.find(id)->owner;
        removeLab(id, QStringLiteral("remove-lab(helper-exit)"), owner);
    }
}

void HelperService::removeLeftoverLabs()
{
    QStringList names = LabNetwork::leftovers();
    // A lab an app built in-process (root, no helper) is alive while its app or guard holds the lock.
    names.removeIf([](const QString &name) { return LabNetwork::isHeldByAnApp(LabBook::idsOf({name}).constFirst()); });
    // Snapshots of lab targets are moot too, also those whose namespaces are already gone.
    QStringList namespaces = names;
    for (const QString &target : m_net.snapshots().targets()) {
        QString netns;
        QString device;
        if (QdiscTree::splitTarget(target, &netns, &device) && LabBook::isLabNamespace(netns) && !namespaces.contains(netns))
            namespaces.append(netns);
    }
    forgetNamespaces(namespaces);
    if (names.isEmpty())
        return;
    const Caller helper{QStringLiteral("helper-start")};
    for (const QString &id : LabBook::idsOf(names)) {
        QStringList ofLab;
        for (const QString &name : names)
            if (LabBook::idsOf({name}).constFirst() == id)
                ofLab.append(name);
        QString error;
        const bool ok = LabNetwork::removeNamespaces(ofLab, &error);
        audit(helper, QStringLiteral("remove-lab(leftover)"), LabBook::targetOf(id), {},
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

QString HelperService::Authorize(const QString &target)
{
    touch();
    if (!checkTarget(target))
        return {};
    const QString action = changeAction(target);
    authorizeThen(action, target, [this, action](const QDBusMessage &call, const Caller &) { m_bus.send(call.createReply(action)); });
    return {};
}

QString HelperService::ListTargets()
{
    touch();
    auto list = [this](const QDBusMessage &call, bool withNamespaces) {
        QString error;
        const QList<TargetInfo> targets = listTargets(&error);
        if (!error.isEmpty() && targets.isEmpty()) {
            replyError(call, HelperBus::Error::Failed, error);
            return;
        }
        QJsonArray array;
        for (const TargetInfo &t : targets) {
            if (!t.netns.isEmpty() && !withNamespaces)
                continue;
            array.append(QJsonObject{{QStringLiteral("target"), t.target()}, {QStringLiteral("netns"), t.netns},
                                     {QStringLiteral("device"), t.device}, {QStringLiteral("type"), t.type},
                                     {QStringLiteral("up"), t.up}, {QStringLiteral("rootQdisc"), t.rootQdisc}});
        }
        m_bus.send(call.createReply(QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Compact))));
    };
    // Interfaces of other namespaces are shown to those polkit lets read them; the rest see their own.
    askThen(HelperBus::ReadAction, [list](const QDBusMessage &call, const Caller &, Authorizer::Outcome outcome, const QString &) {
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
    Work work = [this, target](const QDBusMessage &call, const Caller &) {
        QString error;
        TcEngine *engine = m_net.engines().engineFor(target, &error);
        const auto tree = engine ? engine->read(&error) : std::nullopt;
        if (!tree) {
            replyError(call, engine ? HelperBus::Error::Failed : HelperBus::Error::NoSuchTarget, error);
            return;
        }
        m_bus.send(call.createReply(QString::fromUtf8(TreeJson::toDocument(*tree))));
    };
    readThen(netns, target, std::move(work));
    return {};
}

QString HelperService::Apply(const QString &target, const QString &treeJson, const QVariantMap &options, QString &report)
{
    Q_UNUSED(report)
    touch();
    if (!checkTarget(target) || !authorizedAlready(changeAction(target)))
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

    authorizeThen(changeAction(target), target, [this, target, tree, guards = *guards](const QDBusMessage &call, const Caller &caller) {
        const SafetyOutcome outcome = m_net.apply(caller, target, tree, guards);
        answerChange(call, guards, outcome, reportOf(outcome.result));
    });
    return {};
}

void HelperService::answerChange(const QDBusMessage &call, const ChangeGuards &guards, const SafetyOutcome &outcome, const QString &report)
{
    if (!replyRefusal(call, outcome))
        return;
    if (guards.revertOnExit)
        trackClient(call.service());
    m_bus.send(call.createReply({outcome.transaction, report}));
}

bool HelperService::replyRefusal(const QDBusMessage &call, const SafetyOutcome &outcome)
{
    using Refusal = SafetyOutcome::Refusal;
    QLatin1String name;
    switch (outcome.refusal) {
    case Refusal::None:
        return true;
    case Refusal::Declined: // the change answered itself
        return false;
    case Refusal::NoSuchTarget: name = HelperBus::Error::NoSuchTarget; break;
    case Refusal::Failed: name = HelperBus::Error::Failed; break;
    case Refusal::KernelRefused: name = HelperBus::Error::KernelRefused; break;
    case Refusal::InvalidTree: name = HelperBus::Error::InvalidTree; break;
    case Refusal::NoSnapshot: name = HelperBus::Error::NoSnapshot; break;
    case Refusal::NoSuchTransaction: name = HelperBus::Error::NoSuchTransaction; break;
    }
    replyError(call, name, outcome.error);
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
                  [this, transaction](const QDBusMessage &call, const Caller &caller) {
        if (replyRefusal(call, m_net.confirm(caller, transaction)))
            m_bus.send(call.createReply());
    });
}

QString HelperService::Restore(const QString &target)
{
    touch();
    if (!checkTarget(target))
        return {};
    authorizeThen(changeAction(target), target, [this, target](const QDBusMessage &call, const Caller &caller) {
        const SafetyOutcome outcome = m_net.restore(caller, target);
        if (replyRefusal(call, outcome))
            m_bus.send(call.createReply(reportOf(outcome.result)));
    });
    return {};
}

QString HelperService::Clear(const QString &target)
{
    touch();
    if (!checkTarget(target))
        return {};
    authorizeThen(changeAction(target), target, [this, target](const QDBusMessage &call, const Caller &caller) {
        const SafetyOutcome outcome = m_net.clear(caller, target);
        if (replyRefusal(call, outcome))
            m_bus.send(call.createReply(reportOf(outcome.result)));
    });
    return {};
}

void HelperService::Watch(const QString &target)
{
    touch();
    QString netns;
    if (!checkTarget(target, &netns))
        return;
    Work work = [this, target](const QDBusMessage &call, const Caller &) {
        QString error;
        if (!m_watcher.watch(call.service(), target, &error)) {
            replyError(call, HelperBus::Error::NoSuchTarget, error);
            return;
        }
        trackClient(call.service());
        m_bus.send(call.createReply());
    };
    readThen(netns, target, std::move(work));
}

QDBusUnixFileDescriptor HelperService::OpenStatsSocket(const QString &netns)
{
    touch();
    if (!netns.isEmpty() && !isValidNetnsName(netns)) {
        refuse(HelperBus::Error::InvalidArguments, QStringLiteral("\"%1\" is not a namespace name").arg(netns.left(64)));
        return {};
    }
    Work work = [this, netns](const QDBusMessage &call, const Caller &) {
        QString error;
        const int fd = NetlinkSocket::openDescriptor(netns, &error);
        if (fd < 0) {
            replyError(call, HelperBus::Error::NoSuchTarget, error);
            return;
        }
        const QDBusUnixFileDescriptor handed(fd); // duplicates it
        ::close(fd);
        m_bus.send(call.createReply(QVariant::fromValue(handed)));
    };
    readThen(netns, netns, std::move(work));
    return {};
}

QString HelperService::CreateLab(const QVariantMap &options, QString &target)
{
    Q_UNUSED(target)
    touch();
    if (!options.isEmpty()) {
        refuse(HelperBus::Error::InvalidArguments,
               QStringLiteral("option \"%1\" is unknown: CreateLab takes no options yet (pass an empty map)").arg(options.firstKey().left(64)));
        return {};
    }
    // Checked again once polkit has answered: two calls of one client may both be waiting for it.
    const auto alreadyOwned = [this](const QString &busName) -> QString {
        const LabBook::Lab *lab = m_labs.ownedBy(busName);
        return lab ? QStringLiteral("this client already owns the demo lab \"%1\" (target %2): use it, or remove it with RemoveLab "
                                    "before creating another")
                         .arg(lab->network.id(), lab->network.target())
                   : QString();
    };
    if (const QString owned = alreadyOwned(message().service()); !owned.isEmpty()) {
        refuse(HelperBus::Error::InvalidArguments, owned);
        return {};
    }
    authorizeThen(HelperBus::LabAction, {}, [this, alreadyOwned](const QDBusMessage &call, const Caller &caller) {
        const QString action = QStringLiteral("create-lab");
        if (const QString owned = alreadyOwned(call.service()); !owned.isEmpty()) {
            replyError(call, HelperBus::Error::InvalidArguments, owned);
            return;
        }
        // A removed lab counts while sockets from OpenLabSockets keep its namespaces (issue 15, finding 3).
        sweepLabRemains();
        const auto kept = [](int remains) {
            return remains == 0 ? QString()
                                : QStringLiteral(" (%1 of them removed, but kept alive by sockets OpenLabSockets handed out, which are "
                                                 "still open: close the program holding them)")
                                      .arg(remains);
        };
        const int labs = m_labs.size() + m_labs.remainsCount();
        if (labs >= HelperBus::MaxLabs) {
            audit(caller, action, {}, {}, QStringLiteral("refused: %1 labs exist already, %2 of them removed but held open").arg(labs).arg(m_labs.remainsCount()));
            replyError(call, HelperBus::Error::Failed,
                       QStringLiteral("There are already %1 demo labs on this computer%2, the most the helper keeps at once. Close the "
                                      "demo in another Qdisc Studio window (its lab goes with it), then try again.")
                           .arg(labs)
                           .arg(kept(m_labs.remainsCount())));
            return;
        }
        int ofUser = m_labs.remainsOf(caller.uid);
        const int userRemains = ofUser;
        for (const QString &id : m_labs.ids())
            ofUser += m_labs.find(id)->owner.uid == caller.uid ? 1 : 0;
        if (caller.uid != 0 && ofUser >= HelperBus::MaxLabsPerUser) {
            audit(caller, action, {}, {}, QStringLiteral("refused: the user has %1 labs already, %2 of them removed but held open").arg(ofUser).arg(userRemains));
            replyError(call, HelperBus::Error::Failed,
                       QStringLiteral("You have %1 demo labs already%2, the most the helper keeps for one user. Close the demo in "
                                      "another Qdisc Studio window (its lab goes with it), then try again.")
                           .arg(ofUser)
                           .arg(kept(userRemains)));
            return;
        }
        // A namespace of that name may exist, made by someone else: ids are never reused.
        QString id;
        for (int attempt = 0; attempt < 16 && id.isEmpty(); ++attempt) {
            id = LabBook::newId();
            for (const QString &netns : LabBook::namespacesOf(id))
                if (m_labs.find(id) || QFile::exists(QStringLiteral("/run/netns/") + netns))
                    id.clear();
        }
        QString error;
        std::optional<LabNetwork> lab = id.isEmpty() ? std::nullopt : LabNetwork::create(id, &error);
        if (!lab) {
            if (id.isEmpty())
                error = QStringLiteral("no unused lab id was found in /run/netns");
            audit(caller, action, id.isEmpty() ? QString() : LabBook::targetOf(id), {}, QStringLiteral("failed: ") + error);
            replyError(call, HelperBus::Error::Failed, error);
            return;
        }
        m_labs.insert(LabBook::Lab{*lab, caller});
        audit(caller, action, lab->target(), {}, QStringLiteral("ok"),
              {QStringLiteral("lab %1: namespaces %2, %3").arg(id, lab->namespaceA(), lab->namespaceB())});
        // The lab lives as long as its owner stays on the bus (it may have left while polkit was thinking).
        trackClient(call.service());
        m_bus.send(call.createReply({id, lab->target()}));
    });
    return {};
}

void HelperService::RemoveLab(const QString &id)
{
    touch();
    const LabBook::Lab *lab = ownLab(id, QStringLiteral("remove it"));
    if (!lab)
        return;
    authorizeThen(HelperBus::LabAction, lab->network.target(), [this, id](const QDBusMessage &call, const Caller &caller) {
        const LabBook::Lab *still = m_labs.find(id);
        if (!still || still->owner.busName != call.service()) {
            replyError(call, HelperBus::Error::InvalidArguments, QStringLiteral("demo lab \"%1\" was removed meanwhile").arg(id));
            return;
        }
        QString error;
        if (!removeLab(id, QStringLiteral("remove-lab"), caller, &error)) {
            replyError(call, HelperBus::Error::Failed,
                       QStringLiteral("demo lab \"%1\" was not removed completely: %2. The helper removes what is left when it next "
                                      "starts, or remove it with `ip netns del`.")
                           .arg(id, error));
            return;
        }
        m_bus.send(call.createReply());
    });
}

QDBusUnixFileDescriptor HelperService::OpenLabSockets(const QString &id, QDBusUnixFileDescriptor &, QDBusUnixFileDescriptor &,
                                                      QDBusUnixFileDescriptor &, QDBusUnixFileDescriptor &, QDBusUnixFileDescriptor &,
                                                      QDBusUnixFileDescriptor &, QDBusUnixFileDescriptor &, QDBusUnixFileDescriptor &)
{
    touch();
    const LabBook::Lab *lab = ownLab(id, QStringLiteral("open its sockets"));
    if (!lab)
        return {};
    authorizeThen(HelperBus::LabAction, lab->network.target(), [this, id](const QDBusMessage &call, const Caller &) {
        const LabBook::Lab *still = m_labs.find(id);
        if (!still || still->owner.busName != call.service()) {
            replyError(call, HelperBus::Error::InvalidArguments, QStringLiteral("demo lab \"%1\" was removed meanwhile").arg(id));
            return;
        }
        QString error;
        std::optional<LabTrafficSockets> sockets = LabTrafficSockets::open(still->network.namespaceA(), still->network.namespaceB(), &error);
        if (!sockets) {
            replyError(call, HelperBus::Error::Failed, QStringLiteral("cannot open the sockets of demo lab \"%1\": %2").arg(id, error));
            return;
        }
        QVariantList handed;
        for (const int fd : {sockets->tcpListener, sockets->tcpSender, sockets->udpSender, sockets->udpReceiver, sockets->probeSender,
                             sockets->probeEchoer, sockets->linkStats, sockets->requestListener, sockets->requestClient})
            handed.append(QVariant::fromValue(QDBusUnixFileDescriptor(fd))); // duplicates it
        sockets->closeAll();
        m_bus.send(call.createReply(handed)); // our duplicates close with the reply
    });
    return {};
}

// --- scenarios -------------------------------------------------------------------------------

void HelperService::emitProgress(const QString &target, const qs::ScenarioProgress &progress)
{
    if (!m_heldTarget.isEmpty() && target == m_heldTarget) {
        m_heldProgress.append(progress);
        return;
    }
    sendProgress(target, progress);
}

void HelperService::sendProgress(const QString &target, const qs::ScenarioProgress &progress)
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
                          m_progressOwners.value(target));
        });
    }
    ProgressGate &gate = *slot;
    const qint64 now = monotonicNowNs();
    const bool last = !progress.isActive();
    if (first || last || progress.state != gate.sentState || now - gate.sentAtNs >= IntervalNs) {
        // A report held back is older than this one: this one says more, and says it now.
        gate.pending.reset();
        gate.timer.stop();
        gate.sentAtNs = now;
        gate.sentState = progress.state;
        const QString owner = last ? m_progressOwners.take(target) : m_progressOwners.value(target);
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
    const QList<qs::ScenarioProgress> held = std::exchange(m_heldProgress, {});
    for (const qs::ScenarioProgress &progress : held)
        emitProgress(target, progress);
}

bool HelperService::applyForScenario(const QString &target, const QdiscTree &tree, QString *error)
{
    TcEngine *engine = m_net.engines().engineFor(target, error); // reopened when closed after idling
    if (!engine)
        return false;
    const ScenarioBook::Playback *playback = m_scenarios.find(target);
    if (playback && !(m_net.engines().identityOf(target) == playback->identity)) {
        *error = QStringLiteral("%1 is not the device the scenario began on any more (its namespace or interface was created "
                                "again); playback ended")
                     .arg(target);
        return false;
    }
    // No TreeChanged of our own: the watcher sees the kernel's notifications of every step. The
    // steps are the client's (their foreign nodes only kept in place); the tree from before, put
    // back at the end, is the kernel's own.
    const bool kernelsOwn = playback && tree == playback->player->treeBefore();
    const ApplyResult result = engine->apply(tree, kernelsOwn ? TcEngine::ForeignNodes::Send : TcEngine::ForeignNodes::KeepOnly);
    if (result.foreignRefused) {
        *error = nestedSentence(result.error);
        return false;
    }
    if (!result.ok) {
        // A clause: the player nests it ("step 2 (Outage) could not be applied: …"), and so do clients.
        *error = QStringLiteral("the kernel refused: %1").arg(nestedSentence(result.error));
        if (result.done > 0)
            *error += result.restored ? QStringLiteral("; %1 was put back as it was before this step").arg(target)
                                      : QStringLiteral("; putting %1 back failed too: %2").arg(target, nestedSentence(result.restoreError));
    }
    return result.ok;
}

void HelperService::playbackProgressed(const ScenarioPlayer *player, const qs::ScenarioProgress &progress)
{
    // The last one (finished, stopped, failed) goes out with ended(), once.
    const QString target = m_scenarios.targetOf(player);
    if (!target.isEmpty() && progress.isActive())
        emitProgress(target, progress);
}

void HelperService::playbackEnded(const ScenarioPlayer *player, const qs::ScenarioProgress &progress)
{
    const QString target = m_scenarios.targetOf(player);
    if (target.isEmpty())
        return;
    std::optional<ScenarioBook::Playback> ended = m_scenarios.take(target);
    emitProgress(target, progress);
    QString result = qs::ScenarioProgress::stateName(progress.state);
    if (!progress.error.isEmpty())
        result += QStringLiteral(": ") + nestedSentence(progress.error);
    audit(ended->owner, QStringLiteral("scenario-end"), target, {}, result, {playbackSummary(progress)});
    dropPlaybackPromise(target, *ended, qs::ScenarioProgress::stateName(progress.state));
    // A client that left while it played asked for its tree back: now is when.
    if (!ended->deferredReverts.isEmpty())
        m_net.revertTo(target, ended->deferredReverts.first().tree, HelperBus::RevertedClientExit, ended->deferredReverts.first().client);
    touch();
}

void HelperService::dropPlaybackPromise(const QString &target, const ScenarioBook::Playback &playback, const QString &how)
{
    if (!playback.promisedExitRevert || !m_net.reverts().forgetExitRevert(playback.owner.busName, target))
        return;
    audit(playback.owner, QStringLiteral("revert(client-exit)"), target, {},
          QStringLiteral("dropped: the playback that asked for it ended (%1); its onEnd or onAbort decided what stays").arg(how));
}

QList<ScenarioBook::DeferredRevert> HelperService::haltPlayback(const QString &target, const QString &why, const Caller &caller,
                                                                 bool keepDeferred)
{
    ScenarioBook::Playback *playback = m_scenarios.find(target);
    if (!playback)
        return {};
    ScenarioPlayer *player = playback->player.get();
    player->disconnect(this); // this end is reported here, not as one that came by itself
    player->halt();
    qs::ScenarioProgress progress = player->progress();
    if (progress.isActive())
        progress.state = qs::ScenarioProgress::State::Stopped;
    const ScenarioBook::Playback halted = std::move(*m_scenarios.take(target));
    emitProgress(target, progress);
    audit(caller, QStringLiteral("scenario-halt(%1)").arg(why), target, {}, QStringLiteral("ok: the kernel keeps the last step applied"),
          {playbackSummary(progress)});
    for (const ScenarioBook::DeferredRevert &deferred : keepDeferred ? QList<ScenarioBook::DeferredRevert>() : halted.deferredReverts)
        audit(deferred.client, QStringLiteral("revert(client-exit)"), target, {},
              QStringLiteral("dropped: %1 replaced the playback it waited for").arg(why));
    touch();
    return halted.deferredReverts;
}

void HelperService::PlayScenario(const QString &target, const QString &scenarioJson, const QVariantMap &options)
{
    touch();
    // Before anything else, so that a refusal naming who plays there goes only to those polkit allowed.
    if (!checkTarget(target) || !authorizedAlready(changeAction(target)))
        return;
    bool revertOnExit = false;
    std::optional<int> loops;
    for (auto it = options.begin(); it != options.end(); ++it) {
        if (it.key() == HelperBus::RevertOnExit && it.value().typeId() == QMetaType::Bool) {
            revertOnExit = it.value().toBool();
        } else if (it.key() == HelperBus::ScenarioLoops && isWholeNumber(it.value()) && it.value().toLongLong() >= 0 &&
                   it.value().toLongLong() <= Scenario::MaxLoops) {
            loops = int(it.value().toLongLong());
        } else {
            refuse(HelperBus::Error::InvalidArguments,
                   QStringLiteral("option \"%1\" is unknown or has a wrong value; PlayScenario knows %2 (a boolean) and %3 (a whole "
                                  "number of passes, 0…%4; 0: until stopped)")
                       .arg(it.key().left(64), HelperBus::RevertOnExit, HelperBus::ScenarioLoops)
                       .arg(Scenario::MaxLoops));
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
    // Everything that needs no tree of the target is checked before polkit is asked, for anyone:
    // parsing and validating stay small, like Apply's checks.
    QStringList errors;
    std::optional<Scenario> scenario = Scenario::fromJsonBytes(bytes, &errors);
    if (!scenario) {
        refuse(HelperBus::Error::InvalidArguments,
               QStringLiteral("the scenario document is not valid: ") + errors.mid(0, 20).join(QStringLiteral("; ")));
        return;
    }
    qsizetype nodes = 0; // over all steps: see HelperBus::MaxScenarioNodes
    for (qsizetype i = 0; i < scenario->steps.size(); ++i) {
        const ScenarioStep &step = scenario->steps[i];
        nodes += step.ramps.size();
        if (step.kind == ScenarioStep::Kind::Tree)
            nodes += step.tree.qdiscs.size() + step.tree.classes.size() + step.tree.filters.size();
        if (step.kind == ScenarioStep::Kind::Profile || step.kind == ScenarioStep::Kind::Preset) {
            refuse(HelperBus::Error::InvalidArguments,
                   QStringLiteral("steps[%1] names the %2 \"%3\": the helper plays only resolved scenarios, since profiles are the "
                                  "user's own; the client replaces each profile and preset step with its tree "
                                  "(Scenario::resolveReferences) before calling PlayScenario")
                       .arg(i)
                       .arg(step.kind == ScenarioStep::Kind::Profile ? QStringLiteral("profile") : QStringLiteral("preset"),
                            step.reference.left(64)));
            return;
        }
        if (step.kind != ScenarioStep::Kind::Tree)
            continue;
        if (const QString tooBig = TreeLimits::problem(step.tree); !tooBig.isEmpty()) {
            refuse(HelperBus::Error::InvalidTree, QStringLiteral("steps[%1]: ").arg(i) + tooBig);
            return;
        }
    }
    if (nodes > HelperBus::MaxScenarioNodes) {
        refuse(HelperBus::Error::InvalidArguments,
               QStringLiteral("the scenario's %1 steps hold %2 nodes in all (qdiscs, classes and filters of its trees, and ramp "
                              "parameters); the helper plays at most %3: split it into shorter scenarios")
                   .arg(scenario->steps.size())
                   .arg(nodes)
                   .arg(HelperBus::MaxScenarioNodes));
        return;
    }
    if (loops)
        scenario->loops = *loops;
    if (const QStringList problems = scenario->validate(); !problems.isEmpty()) {
        refuse(HelperBus::Error::InvalidArguments, QStringLiteral("the scenario is not valid: ") + problems.mid(0, 20).join(QStringLiteral("; ")));
        return;
    }
    // Checked again once polkit has answered: another client may have started one meanwhile.
    const auto busy = [this](const QString &on) -> QString {
        const ScenarioBook::Playback *playback = m_scenarios.find(on);
        if (!playback)
            return {};
        const qs::ScenarioProgress progress = playback->player->progress();
        return QStringLiteral("scenario \"%1\" already plays on %2 (%3, started by uid %4, %5): stop it with StopScenario first")
            .arg(progress.scenario, on, qs::ScenarioProgress::stateName(progress.state))
            .arg(playback->owner.uid)
            .arg(playback->owner.busName);
    };
    if (const QString playing = busy(target); !playing.isEmpty()) {
        refuse(HelperBus::Error::InvalidArguments, playing);
        return;
    }
    const bool ifb = std::any_of(scenario->steps.cbegin(), scenario->steps.cend(),
                                 [](const ScenarioStep &step) { return step.kind == ScenarioStep::Kind::Tree && step.tree.isIfb; });

    authorizeThen(changeAction(target), target, [this, target, scenario = std::move(*scenario), revertOnExit, ifb, busy](const QDBusMessage &call, const Caller &caller) {
        const QString action = QStringLiteral("play-scenario");
        if (const QString playing = busy(target); !playing.isEmpty()) {
            replyError(call, HelperBus::Error::InvalidArguments, playing);
            return;
        }
        int ofUser = 0; // those whose client left count too: they are what this bounds (issue 15, finding 5)
        for (const QString &on : m_scenarios.targets())
            ofUser += m_scenarios.find(on)->owner.uid == caller.uid ? 1 : 0;
        if (caller.uid != 0 && ofUser >= HelperBus::MaxPlaybacksPerUser) {
            audit(caller, action, target, {}, QStringLiteral("refused: the user plays %1 scenarios already").arg(ofUser));
            replyError(call, HelperBus::Error::Failed,
                       QStringLiteral("You play %1 scenarios already, the most the helper plays for one user at once (also those "
                                      "asked to go on after their program ended): stop one with StopScenario, then try again")
                           .arg(ofUser));
            return;
        }
        std::optional<QdiscTree> unused;
        SafetyOutcome opened;
        TcEngine *engine = m_net.openForChange(caller, action, target, ifb, &unused, &opened);
        if (!engine) {
            replyRefusal(call, opened);
            return;
        }
        // The ramps start from what the kernel holds now, read afresh, not from a cached view.
        QString error;
        std::optional<QdiscTree> current = engine->read(&error);
        if (!current) {
            replyError(call, HelperBus::Error::Failed, QStringLiteral("cannot read the tree of %1 to play on it: %2; nothing changed").arg(target, error));
            return;
        }
        QdiscTree::splitTarget(target, &current->netns, &current->device);
        // A step's foreign node must be one the kernel holds now, kept as it is: the rule of Apply
        // (TcEngine::ForeignNodes::KeepOnly), checked for every step before anything plays.
        const TcPlanner planner(PschedClock::system());
        for (qsizetype i = 0; i < scenario.steps.size(); ++i) {
            if (scenario.steps[i].kind != ScenarioStep::Kind::Tree)
                continue;
            const QList<TcOperation> raw = TcPlanner::foreignSteps(planner.plan(*current, scenario.steps[i].tree));
            if (raw.isEmpty())
                continue;
            const QString refusal = QStringLiteral("steps[%1]: ").arg(i) + TcEngine::foreignRefusal(target, raw.first());
            audit(caller, action, target, {}, QStringLiteral("refused: ") + refusal);
            replyError(call, HelperBus::Error::InvalidTree, refusal);
            return;
        }
        auto player = std::make_unique<ScenarioPlayer>(scenario, *current, [this, target](const QdiscTree &tree, QString *applyError) {
            return applyForScenario(target, tree, applyError);
        });
        QStringList errors;
        if (!player->prepare(&errors)) {
            audit(caller, action, target, {}, QStringLiteral("refused: ") + errors.mid(0, 5).join(QStringLiteral("; ")));
            replyError(call, HelperBus::Error::InvalidTree,
                       QStringLiteral("scenario \"%1\" cannot play on %2: %3; nothing changed")
                           .arg(scenario.name, target, errors.mid(0, 20).join(QStringLiteral("; "))));
            return;
        }
        ScenarioPlayer *raw = player.get();
        connect(raw, &ScenarioPlayer::progressChanged, this, [this, raw](const qs::ScenarioProgress &progress) { playbackProgressed(raw, progress); });
        connect(raw, &ScenarioPlayer::ended, this, [this, raw](const qs::ScenarioProgress &progress) { playbackEnded(raw, progress); });
        // As Apply's: the tree from before this client's first change. A promise made here lasts
        // as long as the playback; one already made (an Apply of this client's) stays as it was.
        const bool promised = revertOnExit && !m_net.reverts().hasExitRevert(call.service(), target);
        m_scenarios.insert(target, ScenarioBook::Playback{std::move(player), caller, revertOnExit, m_net.engines().identityOf(target), {}, promised});
        m_progressOwners.insert(target, call.service()); // its progress goes to it, and to the target's watchers
        if (revertOnExit) {
            m_net.reverts().rememberForExit(call.service(), target, *current);
            trackClient(call.service());
        }
        audit(caller, action, target, {}, QStringLiteral("ok"),
              {QStringLiteral("scenario \"%1\": %2 steps, %3 per pass, loops %4, revertOnExit %5")
                   .arg(scenario.name)
                   .arg(scenario.steps.size())
                   .arg(Scenario::formatDurationMs(scenario.passDurationMs()))
                   .arg(scenario.loops == 0 ? QStringLiteral("forever") : QString::number(scenario.loops))
                   .arg(revertOnExit ? QStringLiteral("yes") : QStringLiteral("no"))});
        holdProgress(target);
        raw->start();
        // A refusal of step 1 ends the playback at once (playbackEnded forgot it); the player
        // itself is deleted only when the event loop comes back.
        const qs::ScenarioProgress started = raw->progress();
        if (started.state == qs::ScenarioProgress::State::Failed)
            replyError(call, HelperBus::Error::KernelRefused,
                       QStringLiteral("scenario \"%1\" could not start on %2: %3").arg(scenario.name, target, nestedSentence(started.error)));
        else
            m_bus.send(call.createReply());
        releaseProgress();
    });
}

void HelperService::controlScenario(const QString &target, const QString &action,
                                    std::function<void(const QDBusMessage &, const Caller &, ScenarioPlayer &)> work)
{
    touch();
    if (!checkTarget(target))
        return;
    // Whoever may change the target may steer its playback, not only the client that started it.
    authorizeThen(changeAction(target), target, [this, target, action, work = std::move(work)](const QDBusMessage &call, const Caller &caller) {
        ScenarioBook::Playback *playback = m_scenarios.find(target);
        if (!playback) {
            audit(caller, action, target, {}, QStringLiteral("refused: nothing plays"));
            replyError(call, HelperBus::Error::InvalidArguments,
                       QStringLiteral("no scenario plays on %1 (it ended, was stopped or replaced by a change, or never started)").arg(target));
            return;
        }
        holdProgress(target);
        work(call, caller, *playback->player);
        releaseProgress();
    });
}

void HelperService::PauseScenario(const QString &target)
{
    controlScenario(target, QStringLiteral("pause-scenario"), [this, target](const QDBusMessage &call, const Caller &caller, ScenarioPlayer &player) {
        const bool playing = player.progress().state == qs::ScenarioProgress::State::Playing;
        if (playing)
            player.pause();
        audit(caller, QStringLiteral("pause-scenario"), target, {}, playing ? QStringLiteral("ok") : QStringLiteral("ok (already paused)"),
              {playbackSummary(player.progress())});
        m_bus.send(call.createReply());
    });
}

void HelperService::ResumeScenario(const QString &target)
{
    controlScenario(target, QStringLiteral("resume-scenario"), [this, target](const QDBusMessage &call, const Caller &caller, ScenarioPlayer &player) {
        const bool paused = player.progress().state == qs::ScenarioProgress::State::Paused;
        if (paused)
            player.resume();
        audit(caller, QStringLiteral("resume-scenario"), target, {}, paused ? QStringLiteral("ok") : QStringLiteral("ok (not paused)"),
              {playbackSummary(player.progress())});
        m_bus.send(call.createReply());
    });
}

qs::ScenarioProgress HelperService::stopPlayback(const QString &target, ScenarioPlayer &player, const Caller &caller, const QString &action)
{
    const QString summary = playbackSummary(player.progress());
    const bool restores = player.scenario().onAbort == ScenarioEnding::Restore;
    audit(caller, action, target, {}, QStringLiteral("ok"),
          {summary, restores ? QStringLiteral("onAbort: the tree from before comes back") : QStringLiteral("onAbort: the last step stays")});
    // The player carries out onAbort and ends; playbackEnded() forgets it, with the
    // revert-on-exit promise the playback made (player stays valid until the loop returns).
    player.stop();
    if (ScenarioBook::Playback *still = m_scenarios.find(target); still && still->player.get() == &player) {
        const ScenarioBook::Playback stopped{nullptr, still->owner, still->revertOnExit, {}, {}, still->promisedExitRevert};
        haltPlayback(target, QStringLiteral("stop"), caller); // it did not end by itself: it must not play on
        dropPlaybackPromise(target, stopped, QStringLiteral("stopped"));
    }
    return player.progress();
}

void HelperService::boundOwnerless(const QString &target)
{
    ScenarioBook::Playback *playback = m_scenarios.find(target);
    if (!playback || playback->ownerlessDeadline)
        return;
    ScenarioPlayer *player = playback->player.get();
    auto deadline = std::make_unique<QTimer>();
    deadline->setSingleShot(true);
    connect(deadline.get(), &QTimer::timeout, this, [this, target, player] {
        ScenarioBook::Playback *still = m_scenarios.find(target);
        if (!still || still->player.get() != player)
            return;
        still->ownerlessDeadline.release()->deleteLater(); // this timer: the playback it belongs to ends now
        holdProgress(target);
        stopPlayback(target, *player, Caller{QStringLiteral("ownerless-limit")}, QStringLiteral("stop-scenario(ownerless-limit)"));
        releaseProgress();
    });
    deadline->start(std::max(0, m_settings.ownerlessPlaybackMs));
    audit(playback->owner, QStringLiteral("scenario-ownerless"), target, {}, QStringLiteral("ok"),
          {QStringLiteral("its client left the bus; it plays on for at most %1 s, then stops as its onAbort says")
               .arg(m_settings.ownerlessPlaybackMs / 1000.0)});
    playback->ownerlessDeadline = std::move(deadline);
}

void HelperService::StopScenario(const QString &target)
{
    controlScenario(target, QStringLiteral("stop-scenario"), [this, target](const QDBusMessage &call, const Caller &caller, ScenarioPlayer &player) {
        const qs::ScenarioProgress after = stopPlayback(target, player, caller, QStringLiteral("stop-scenario"));
        if (after.state == qs::ScenarioProgress::State::Failed) {
            replyError(call, HelperBus::Error::KernelRefused, QStringLiteral("on %1, %2").arg(target, nestedSentence(after.error)));
            return;
        }
        m_bus.send(call.createReply());
    });
}

void HelperService::SeekScenario(const QString &target, uint step)
{
    controlScenario(target, QStringLiteral("seek-scenario"), [this, target, step](const QDBusMessage &call, const Caller &caller, ScenarioPlayer &player) {
        const int steps = int(player.scenario().steps.size());
        if (step >= uint(steps)) {
            // Said 1-based, as people count steps (the window, the CLI); only the argument counts from 0.
            audit(caller, QStringLiteral("seek-scenario"), target, {},
                  QStringLiteral("refused: no step %1 of %2").arg(stepNumber(step)).arg(steps));
            replyError(call, HelperBus::Error::InvalidArguments,
                       QStringLiteral("there is no step %1: scenario \"%2\" has %3")
                           .arg(stepNumber(step))
                           .arg(player.scenario().name,
                                steps == 1 ? QStringLiteral("only one step") : QStringLiteral("steps 1…%1").arg(steps)));
            return;
        }
        QString error;
        const bool ok = player.seek(int(step), &error);
        audit(caller, QStringLiteral("seek-scenario"), target, {}, ok ? QStringLiteral("ok") : QStringLiteral("failed: ") + nestedSentence(error),
              {playbackSummary(player.progress())});
        if (!ok) {
            replyError(call, HelperBus::Error::KernelRefused,
                       QStringLiteral("seeking to step %1 on %2 failed: %3").arg(stepNumber(step)).arg(target, nestedSentence(error)));
            return;
        }
        m_bus.send(call.createReply());
    });
}

QString HelperService::GetScenarioProgress(const QString &target)
{
    touch();
    QString netns;
    if (!checkTarget(target, &netns))
        return {};
    Work work = [this, target](const QDBusMessage &call, const Caller &) {
        const ScenarioBook::Playback *playback = m_scenarios.find(target);
        qs::ScenarioProgress progress;
        if (playback) {
            progress = playback->player->progress();
        } else {
            progress.steps = 0;
            progress.takenAtNs = monotonicNowNs();
        }
        m_bus.send(call.createReply(progressJson(progress)));
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

QString HelperService::ChangeNode(const QString &target, const QString &nodeJson, const QString &basisText, const QVariantMap &options,
                                  QString &report)
{
    Q_UNUSED(report)
    touch();
    if (!checkTarget(target) || !authorizedAlready(changeAction(target)))
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

    authorizeThen(changeAction(target), target, [this, target, node, basis = *basis, guards = *guards](const QDBusMessage &call, const Caller &caller) {
        const QString action = QStringLiteral("change-node");
        // The tree from before is the one the engine holds: a read would replace it with the
        // kernel's wording of it, which the client's basis does not describe.
        const auto held = [](TcEngine &engine, QString *error) { return engine.heldTree(error); };
        const auto change = [&](TcEngine &engine, QString *reportOut) -> std::optional<ApplyResult> {
            const NodeChangeResult changed = engine.changeNode(node, basis);
            switch (changed.outcome) {
            case NodeChangeResult::Outcome::Mismatch:
                audit(caller, action, target, {}, QStringLiteral("refused: the tree is not the client's basis"));
                replyError(call, HelperBus::Error::TreeMismatch, changed.why);
                return std::nullopt;
            case NodeChangeResult::Outcome::NotInPlace:
                replyError(call, HelperBus::Error::InvalidTree, changed.why);
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
