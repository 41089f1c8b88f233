#include "helperbackend.h"

#include "kinds/kernelmodules.h"
#include "lab/labnetwork.h"
#include "model/treejson.h"
#include "remotestatsreader.h"

#include <QDBusMessage>
#include <QDBusUnixFileDescriptor>

#include <QDBusPendingCallWatcher>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QTimer>
#include <QJsonDocument>
#include <QJsonObject>

#include <fcntl.h>
#include <unistd.h>

namespace qs {

HelperBackend::HelperBackend(std::unique_ptr<SshLink> link, QObject *parent) : HelperBackend(link->connection(), parent)
{
    m_link = std::move(link);
}

HelperBackend::HelperBackend(const QDBusConnection &bus, QObject *parent)
    : TargetBackend(parent), m_client(bus), m_watcher(HelperBus::Service, bus, QDBusServiceWatcher::WatchForOwnerChange)
{
    connect(&m_client.proxy(), &OrgQdiscstudioHelper1Interface::TreeChanged, this, &TargetBackend::treeChanged);
    connect(&m_client.proxy(), &OrgQdiscstudioHelper1Interface::Reverted, this, &TargetBackend::reverted);
    // For the targets it watches (and its own playbacks): a viewer of another client's playback follows it too.
    connect(&m_client.proxy(), &OrgQdiscstudioHelper1Interface::ScenarioProgress, this, [this](const QString &target, const QString &json) {
        if (const auto progress = ScenarioProgress::fromJson(QJsonDocument::fromJson(json.toUtf8()).object()))
            Q_EMIT scenarioProgress(target, *progress);
    });
    // The helper exits when idle and is started again by the next call: only say so when it comes back.
    connect(&m_watcher, &QDBusServiceWatcher::serviceRegistered, this, [this] { checkVersion(); });
    checkVersion();
}

HelperBackend::~HelperBackend()
{
    // Briefly: the helper removes a client's labs when it leaves the bus anyway.
    for (const QString &lab : std::as_const(m_labs)) {
        QDBusMessage call = QDBusMessage::createMethodCall(HelperBus::Service, HelperBus::Path, HelperBus::Interface,
                                                           QStringLiteral("RemoveLab"));
        call << lab;
        m_client.connection().call(call, QDBus::Block, 5000);
    }
}

void HelperBackend::checkVersion()
{
    whenDone(m_client.proxy().GetVersion(), [this](const QDBusPendingCall &call) {
        const QDBusPendingReply<QString> reply = call;
        m_version = reply.isError() ? QString() : reply.value();
        Q_EMIT availabilityChanged(!m_version.isEmpty(), reply.isError() ? HelperClient::describe(reply.error()) : describe());
    });
}

QString HelperBackend::describe() const
{
    if (m_link)
        return m_version.isEmpty() ? tr("helper of %1 not reachable").arg(m_link->host().toString())
                                   : tr("helper %1 of %2 over ssh").arg(m_version, m_link->host().toString());
    return m_version.isEmpty() ? tr("helper not reachable") : tr("helper %1 on the system bus").arg(m_version);
}

bool HelperBackend::isAvailable() const
{
    return !m_version.isEmpty();
}

void HelperBackend::whenDone(const QDBusPendingCall &call, std::function<void(const QDBusPendingCall &)> onReply)
{
    // A call that failed at once (no bus) is finished already, and Qt 6.4's watcher never signals it.
    if (call.isFinished()) {
        QTimer::singleShot(0, this, [call, onReply = std::move(onReply)] { onReply(call); });
        return;
    }
    auto *watcher = new QDBusPendingCallWatcher(call, this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this, [watcher, onReply = std::move(onReply)] {
        watcher->deleteLater();
        onReply(*watcher);
    });
}

void HelperBackend::listTargets()
{
    whenDone(m_client.proxy().ListTargets(), [this](const QDBusPendingCall &call) {
        const QDBusPendingReply<QString> reply = call;
        QList<TargetInfo> targets;
        if (reply.isError()) {
            Q_EMIT targetsListed(targets, HelperClient::describe(reply.error()));
            return;
        }
        for (const QJsonValue &value : QJsonDocument::fromJson(reply.value().toUtf8()).array())
            targets.append(TargetInfo::fromJson(value.toObject()));
        Q_EMIT targetsListed(targets, {});
    });
}

void HelperBackend::readTree(const QString &target)
{
    whenDone(m_client.proxy().GetTree(target), [this, target](const QDBusPendingCall &call) {
        const QDBusPendingReply<QString> reply = call;
        if (reply.isError()) {
            Q_EMIT treeRead(target, std::nullopt, HelperClient::describe(reply.error()), {});
            return;
        }
        QStringList errors;
        auto tree = TreeJson::fromDocument(reply.value().toUtf8(), &errors);
        if (tree)
            QdiscTree::splitTarget(target, &tree->netns, &tree->device);
        Q_EMIT treeRead(target, tree, errors.join(QStringLiteral("; ")), {});
    });
}

void HelperBackend::apply(const QString &target, const QdiscTree &tree, const ApplyOptions &options)
{
    QdiscTree sent = tree;
    sent.netns.clear();
    sent.device.clear();
    QVariantMap map;
    if (options.revertAfterSeconds)
        map.insert(HelperBus::RevertAfterSeconds, options.revertAfterSeconds);
    if (options.revertOnExit)
        map.insert(HelperBus::RevertOnExit, true);
    QElapsedTimer clock;
    clock.start();
    // The helper's refusal carries the engine's sentence; a missing module is named in it.
    QStringList modules;
    for (const QdiscNode &q : tree.qdiscs)
        modules.append(KernelModules::qdiscModule(q.kindName()));
    auto answered = [this, target, clock, modules](const QDBusPendingCall &call) {
        BackendApplyResult result = resultOf(call);
        result.latencyUs = clock.nsecsElapsed() / 1000;
        for (const QString &module : modules)
            if (result.error.contains(QStringLiteral("modprobe ") + module)) // the command is never translated
                result.missingModule = module;
        Q_EMIT applied(target, result);
    };
    // A whole tree is remembered once the helper took it, so the next step on one of its nodes goes alone.
    auto whole = [this, target, sent, map, answered] {
        const QString document = QString::fromUtf8(TreeJson::toDocument(sent));
        whenDone(m_client.proxy().Apply(target, document, map), [this, target, sent, answered](const QDBusPendingCall &call) {
            if (call.isError())
                m_nodes.forget(target);
            else
                m_nodes.appliedWhole(target, sent);
            answered(call);
        });
    };
    const std::optional<NodeChangeTracker::Step> step = m_nodes.stepTo(target, sent);
    authorizeThen(
        target,
        [this, target, sent, step, map, whole, answered] {
            if (step)
                changeNode(target, sent, *step, map, whole, answered);
            else
                whole();
        },
        answered);
}

void HelperBackend::changeNode(const QString &target, const QdiscTree &tree, const NodeChangeTracker::Step &step, const QVariantMap &options,
                               std::function<void()> whole, std::function<void(const QDBusPendingCall &)> answered)
{
    const QString document = QString::fromUtf8(TreeJson::toDocument(step.node));
    whenDone(m_client.proxy().ChangeNode(target, document, step.basis.toString(), options),
             [this, target, tree, step, whole, answered](const QDBusPendingCall &call) {
                 const QDBusPendingReply<QString, QString> reply = call;
                 if (reply.isError() && (reply.error().name() == HelperBus::Error::TreeMismatch ||
                                         reply.error().name() == HelperBus::Error::InvalidTree)) {
                     // The helper holds another tree than the one this step was made on, or the node
                     // cannot change alone: the whole tree says what is wanted.
                     m_nodes.forget(target);
                     whole();
                     return;
                 }
                 if (reply.isError()) {
                     m_nodes.forget(target);
                 } else {
                     const QString reported =
                         QJsonDocument::fromJson(reply.argumentAt<1>().toUtf8()).object().value(QStringLiteral("fingerprint")).toString();
                     m_nodes.appliedStep(target, tree, step, TreeFingerprint::fromString(reported));
                 }
                 answered(call);
             });
}

void HelperBackend::authorizeThen(const QString &target, std::function<void()> send, std::function<void(const QDBusPendingCall &)> refused)
{
    whenDone(m_client.proxy().Authorize(target), [send = std::move(send), refused = std::move(refused)](const QDBusPendingCall &call) {
        if (call.isError())
            refused(call);
        else
            send();
    });
}

void HelperBackend::confirm(const QString &transaction)
{
    whenDone(m_client.proxy().Confirm(transaction), [this, transaction](const QDBusPendingCall &call) {
        Q_EMIT confirmed(transaction, !call.isError(), call.isError() ? HelperClient::describe(call.error()) : QString());
    });
}

void HelperBackend::restore(const QString &target)
{
    whenDone(m_client.proxy().Restore(target), [this, target](const QDBusPendingCall &call) { Q_EMIT restored(target, resultOf(call)); });
}

void HelperBackend::clear(const QString &target)
{
    whenDone(m_client.proxy().Clear(target), [this, target](const QDBusPendingCall &call) { Q_EMIT cleared(target, resultOf(call)); });
}

BackendApplyResult HelperBackend::resultOf(const QDBusPendingCall &call)
{
    BackendApplyResult result;
    result.ok = !call.isError();
    if (call.isError()) {
        result.error = HelperClient::describe(call.error());
        result.unreachable = HelperClient::isUnreachable(call.error());
        return result;
    }
    // Apply answers (transaction, report), Clear and Restore (report): the report comes last.
    const QList<QVariant> arguments = call.reply().arguments();
    if (arguments.size() == 2)
        result.transaction = arguments.first().toString();
    const QString report = arguments.isEmpty() ? QString() : arguments.constLast().toString();
    for (const QJsonValue &op : QJsonDocument::fromJson(report.toUtf8()).object().value(QStringLiteral("plan")).toArray())
        result.plan.append(op.toString());
    result.done = result.plan.size();
    return result;
}

void HelperBackend::watch(const QString &target)
{
    whenDone(m_client.proxy().Watch(target), [](const QDBusPendingCall &) {});
}

std::unique_ptr<StatsReader> HelperBackend::openForStats(const QString &target, QString *error)
{
    // Another host's descriptors cannot cross ssh: its helper reads the counters, call by call.
    if (m_link)
        return std::make_unique<RemoteStatsReader>(m_link->connection(), target);
    return m_client.openForReading(target, error);
}

// The lab methods are called by name (not through the generated proxy): the same code works
// with every helper, and a helper without them answers with an UnknownMethod error.
void HelperBackend::createLab()
{
    whenDone(m_client.proxy().asyncCall(QStringLiteral("CreateLab"), QVariantMap()), [this](const QDBusPendingCall &call) {
        const QDBusPendingReply<QString, QString> reply = call;
        if (reply.isError()) {
            Q_EMIT labCreated(LabInfo{}, tr("the helper could not build the demo lab: %1").arg(HelperClient::describe(reply.error())));
            return;
        }
        const QString id = reply.argumentAt<0>();
        const QString target = reply.argumentAt<1>();
        QString netnsA;
        QString device;
        QdiscTree::splitTarget(target, &netnsA, &device);
        m_labs.insert(id);
        const QString prefix = LabNetwork::namespacePrefix() + id;
        Q_EMIT labCreated(LabInfo{id, target, netnsA.isEmpty() ? prefix + QStringLiteral("-a") : netnsA, prefix + QStringLiteral("-b")}, {});
    });
}

std::optional<LabTrafficSockets> HelperBackend::openLabSockets(const QString &labId, QString *error)
{
    QDBusMessage reply = m_client.proxy().call(QDBus::Block, QStringLiteral("OpenLabSockets"), labId);
    if (reply.type() == QDBusMessage::ErrorMessage) {
        *error = tr("the helper could not open the demo lab's sockets: %1").arg(HelperClient::describe(QDBusError(reply)));
        return std::nullopt;
    }
    const QList<QVariant> args = reply.arguments();
    constexpr int Count = 9;
    if (args.size() != Count) {
        *error = tr("the helper answered OpenLabSockets with %1 values instead of %2").arg(args.size()).arg(Count);
        return std::nullopt;
    }
    // Each descriptor is duplicated out of its QDBusUnixFileDescriptor (which closes its own).
    int fds[Count];
    for (int i = 0; i < Count; ++i) {
        const auto fd = qvariant_cast<QDBusUnixFileDescriptor>(args.at(i));
        fds[i] = fd.isValid() ? ::fcntl(fd.fileDescriptor(), F_DUPFD_CLOEXEC, 3) : -1;
    }
    LabTrafficSockets sockets;
    sockets.tcpListener = fds[0];
    sockets.tcpSender = fds[1];
    sockets.udpSender = fds[2];
    sockets.udpReceiver = fds[3];
    sockets.probeSender = fds[4];
    sockets.probeEchoer = fds[5];
    sockets.linkStats = fds[6];
    sockets.requestListener = fds[7];
    sockets.requestClient = fds[8];
    if (!sockets.complete()) {
        sockets.closeAll();
        *error = tr("the helper's answer to OpenLabSockets lacks some sockets (is file descriptor passing allowed on this bus?)");
        return std::nullopt;
    }
    return sockets;
}

void HelperBackend::removeLab(const QString &labId)
{
    whenDone(m_client.proxy().asyncCall(QStringLiteral("RemoveLab"), labId), [this, labId](const QDBusPendingCall &call) {
        if (!call.isError())
            m_labs.remove(labId);
        Q_EMIT labRemoved(labId, call.isError() ? tr("the helper could not remove the demo lab: %1").arg(HelperClient::describe(call.error())) : QString());
    });
}

void HelperBackend::answerScenarioCommand(const QString &target, const QString &command, const QDBusPendingCall &call)
{
    whenDone(call, [this, target, command](const QDBusPendingCall &done) {
        Q_EMIT scenarioCommandDone(target, command, done.isError() ? HelperClient::describe(done.error()) : QString());
    });
}

void HelperBackend::answerLater(const QString &target, const QString &command, const QString &error)
{
    QTimer::singleShot(0, this, [this, target, command, error] { Q_EMIT scenarioCommandDone(target, command, error); });
}

void HelperBackend::playScenario(const QString &target, const Scenario &scenario, const ScenarioPlayOptions &options)
{
    if (options.loops && *options.loops < 0) {
        answerLater(target, QStringLiteral("play"), tr("a scenario plays 0 (until stopped) or more times, not %1").arg(*options.loops));
        return;
    }
    QVariantMap map;
    // Always sent: the helper's default (false) is not this API's (true).
    map.insert(HelperBus::RevertOnExit, options.revertOnExit);
    if (options.loops)
        map.insert(HelperBus::ScenarioLoops, uint(*options.loops));
    if (options.startAtNs)
        map.insert(HelperBus::ScenarioStartAt, qlonglong(*options.startAtNs));
    const QString document = QString::fromUtf8(QJsonDocument(scenario.toJson()).toJson(QJsonDocument::Compact));
    authorizeThen(
        target, [this, target, document, map] { answerScenarioCommand(target, QStringLiteral("play"), m_client.proxy().PlayScenario(target, document, map)); },
        [this, target](const QDBusPendingCall &refusal) { answerScenarioCommand(target, QStringLiteral("play"), refusal); });
}

void HelperBackend::authorize(const QString &target)
{
    authorizeThen(
        target, [this, target] { Q_EMIT scenarioCommandDone(target, QStringLiteral("authorize"), {}); },
        [this, target](const QDBusPendingCall &refusal) { answerScenarioCommand(target, QStringLiteral("authorize"), refusal); });
}

void HelperBackend::pauseScenario(const QString &target)
{
    answerScenarioCommand(target, QStringLiteral("pause"), m_client.proxy().PauseScenario(target));
}

void HelperBackend::resumeScenario(const QString &target)
{
    answerScenarioCommand(target, QStringLiteral("resume"), m_client.proxy().ResumeScenario(target));
}

void HelperBackend::stopScenario(const QString &target)
{
    answerScenarioCommand(target, QStringLiteral("stop"), m_client.proxy().StopScenario(target));
}

void HelperBackend::seekScenario(const QString &target, int step)
{
    if (step < 0) {
        // @p step counts from 0 (as SeekScenario's argument); people count steps from 1.
        answerLater(target, QStringLiteral("seek"), tr("there is no step %1: the first step is step 1").arg(qint64(step) + 1));
        return;
    }
    answerScenarioCommand(target, QStringLiteral("seek"), m_client.proxy().SeekScenario(target, uint(step)));
}

void HelperBackend::queryScenario(const QString &target)
{
    whenDone(m_client.proxy().GetScenarioProgress(target), [this, target](const QDBusPendingCall &call) {
        const QDBusPendingReply<QString> reply = call;
        std::optional<ScenarioProgress> progress;
        if (!reply.isError())
            progress = ScenarioProgress::fromJson(QJsonDocument::fromJson(reply.value().toUtf8()).object());
        if (!progress) {
            // Nothing is known to play; the reason travels with it for whoever shows it.
            progress = ScenarioProgress{};
            progress->error = reply.isError() ? HelperClient::describe(reply.error())
                                              : tr("the helper's answer about the scenario on %1 is not readable").arg(target);
        }
        Q_EMIT scenarioProgress(target, *progress);
    });
}

} // namespace qs
