#include "helperbackend.h"

#include "model/treejson.h"

#include <QDBusPendingCallWatcher>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>


namespace qs {

HelperBackend::HelperBackend(const QDBusConnection &bus, QObject *parent)
    : TargetBackend(parent), m_client(bus), m_watcher(HelperBus::Service, bus, QDBusServiceWatcher::WatchForOwnerChange)
{
    connect(&m_client.proxy(), &OrgQdiscstudioHelper1Interface::TreeChanged, this, &TargetBackend::treeChanged);
    connect(&m_client.proxy(), &OrgQdiscstudioHelper1Interface::Reverted, this, &TargetBackend::reverted);
    // The helper exits when idle and is started again by the next call: only say so when it comes back.
    connect(&m_watcher, &QDBusServiceWatcher::serviceRegistered, this, [this] { checkVersion(); });
    checkVersion();
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
    return m_version.isEmpty() ? tr("helper not reachable") : tr("helper %1 on the system bus").arg(m_version);
}

bool HelperBackend::isAvailable() const
{
    return !m_version.isEmpty();
}

void HelperBackend::whenDone(const QDBusPendingCall &call, std::function<void(const QDBusPendingCall &)> onReply)
{
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
        for (const QJsonValue &value : QJsonDocument::fromJson(reply.value().toUtf8()).array()) {
            const QJsonObject o = value.toObject();
            targets.append(TargetInfo{o.value(QStringLiteral("netns")).toString(), o.value(QStringLiteral("device")).toString(),
                                      o.value(QStringLiteral("type")).toString(), o.value(QStringLiteral("up")).toBool(),
                                      o.value(QStringLiteral("rootQdisc")).toString()});
        }
        Q_EMIT targetsListed(targets, {});
    });
}

void HelperBackend::readTree(const QString &target)
{
    whenDone(m_client.proxy().GetTree(target), [this, target](const QDBusPendingCall &call) {
        const QDBusPendingReply<QString> reply = call;
        if (reply.isError()) {
            Q_EMIT treeRead(target, std::nullopt, HelperClient::describe(reply.error()));
            return;
        }
        QStringList errors;
        auto tree = TreeJson::fromDocument(reply.value().toUtf8(), &errors);
        if (tree)
            QdiscTree::splitTarget(target, &tree->netns, &tree->device);
        Q_EMIT treeRead(target, tree, errors.join(QStringLiteral("; ")));
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
    whenDone(m_client.proxy().Apply(target, QString::fromUtf8(TreeJson::toDocument(sent)), map), [this, target, clock](const QDBusPendingCall &call) {
        const QDBusPendingReply<QString, QString> reply = call;
        BackendApplyResult result;
        result.latencyUs = clock.nsecsElapsed() / 1000;
        result.ok = !reply.isError();
        if (reply.isError()) {
            result.error = HelperClient::describe(reply.error());
        } else {
            result.transaction = reply.argumentAt<0>();
            for (const QJsonValue &op : QJsonDocument::fromJson(reply.argumentAt<1>().toUtf8()).object().value(QStringLiteral("plan")).toArray())
                result.plan.append(op.toString());
        }
        Q_EMIT applied(target, result);
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
    whenDone(m_client.proxy().Restore(target), [this, target](const QDBusPendingCall &call) {
        Q_EMIT restored(target, !call.isError(), call.isError() ? HelperClient::describe(call.error()) : QString());
    });
}

void HelperBackend::watch(const QString &target)
{
    whenDone(m_client.proxy().Watch(target), [](const QDBusPendingCall &) {});
}

std::unique_ptr<TcEngine> HelperBackend::openForStats(const QString &target, QString *error)
{
    return m_client.openForReading(target, error);
}

} // namespace qs
