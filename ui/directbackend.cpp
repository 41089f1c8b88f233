#include "directbackend.h"

#include "log/logging.h"

#include <QElapsedTimer>
#include <QRandomGenerator>

#include <unistd.h>

namespace qs {

DirectBackend::DirectBackend(QObject *parent) : TargetBackend(parent)
{
    // Labs left by in-process backends that died with their guard (kill -9 of both, a
    // crash of the guard): only those whose lock nobody holds.
    if (::geteuid() == 0) {
        QStringList removed;
        QString error;
        if (!LabGuard::removeUnguardedLeftovers(&removed, &error))
            log::get("lab")->warn("removing left-over demo labs: {}", error.toStdString());
        if (!removed.isEmpty())
            log::get("lab")->info("removed left-over demo lab namespaces: {}",
                                  removed.join(QStringLiteral(", ")).toStdString());
    }
}

DirectBackend::~DirectBackend()
{
    // The window goes away: what it asked to be reverted on exit comes back now.
    QString error;
    for (auto it = m_exitReverts.cbegin(); it != m_exitReverts.cend(); ++it)
        putBack(it.key(), it.value(), &error);
    for (auto &[target, pending] : m_timeouts)
        if (!m_exitReverts.contains(target))
            putBack(target, pending.before, &error);
    // Then the labs, each with its guard dismissed (or, when removing failed, left to it).
    for (auto &[id, lab] : m_labs)
        dropLab(lab, &error);
}

QString DirectBackend::describe() const
{
    return tr("in-process engine (root, no helper)");
}

void DirectBackend::later(std::function<void()> emitter)
{
    QMetaObject::invokeMethod(this, std::move(emitter), Qt::QueuedConnection);
}

TcEngine *DirectBackend::engineFor(const QString &target, QString *error)
{
    auto it = m_engines.find(target);
    if (it == m_engines.end()) {
        auto engine = TcEngine::open(target, error);
        if (!engine)
            return nullptr;
        it = m_engines.emplace(target, std::move(engine)).first;
    }
    return it->second.get();
}

bool DirectBackend::putBack(const QString &target, const QdiscTree &tree, QString *error)
{
    TcEngine *engine = engineFor(target, error);
    if (!engine)
        return false;
    const ApplyResult result = engine->apply(tree);
    if (!result.ok)
        *error = result.error;
    return result.ok;
}

void DirectBackend::listTargets()
{
    QString error;
    const QList<TargetInfo> targets = qs::listTargets(&error);
    later([this, targets, error] { Q_EMIT targetsListed(targets, error); });
}

void DirectBackend::readTree(const QString &target)
{
    QString error;
    TcEngine *engine = engineFor(target, &error);
    std::optional<QdiscTree> tree = engine ? engine->read(&error) : std::nullopt;
    later([this, target, tree, error] { Q_EMIT treeRead(target, tree, error); });
}

void DirectBackend::apply(const QString &target, const QdiscTree &tree, const ApplyOptions &options)
{
    QElapsedTimer clock;
    clock.start();
    BackendApplyResult result;
    TcEngine *engine = engineFor(target, &result.error);
    std::optional<QdiscTree> before;
    if (engine && (!m_snapshots.contains(target) || (options.revertOnExit && !m_exitReverts.contains(target)) ||
                   (options.revertAfterSeconds && m_timeouts.find(target) == m_timeouts.end())))
        before = engine->read(&result.error);
    if (engine && (before || result.error.isEmpty())) {
        if (before && !m_snapshots.contains(target))
            m_snapshots.insert(target, *before);
        QdiscTree desired = tree;
        QdiscTree::splitTarget(target, &desired.netns, &desired.device);
        const ApplyResult applied = engine->apply(desired);
        result.ok = applied.ok;
        result.error = applied.ok ? QString() : applied.error;
        result.missingModule = applied.missingModule;
        for (const TcOperation &op : applied.plan)
            result.plan.append(op.describe());
    }
    if (result.ok) {
        result.transaction = QStringLiteral("local-%1").arg(m_nextTransaction++);
        if (options.revertOnExit && !m_exitReverts.contains(target))
            m_exitReverts.insert(target, *before);
        if (options.revertAfterSeconds) {
            auto [it, first] = m_timeouts.try_emplace(target);
            if (first) {
                it->second.before = *before;
                it->second.timer = std::make_unique<QTimer>();
                it->second.timer->setSingleShot(true);
                connect(it->second.timer.get(), &QTimer::timeout, this, [this, target] {
                    auto found = m_timeouts.find(target);
                    const QdiscTree back = found->second.before;
                    found->second.timer.release()->deleteLater();
                    m_timeouts.erase(found);
                    QString error;
                    if (putBack(target, back, &error))
                        Q_EMIT reverted(target, QStringLiteral("timeout"));
                });
            }
            it->second.transaction = result.transaction;
            it->second.timer->start(std::chrono::seconds(options.revertAfterSeconds));
        }
    }
    result.latencyUs = clock.nsecsElapsed() / 1000;
    later([this, target, result] {
        Q_EMIT applied(target, result);
        if (!result.plan.isEmpty())
            Q_EMIT treeChanged(target);
    });
}

void DirectBackend::confirm(const QString &transaction)
{
    for (auto it = m_timeouts.begin(); it != m_timeouts.end(); ++it) {
        if (it->second.transaction == transaction) {
            m_timeouts.erase(it);
            later([this, transaction] { Q_EMIT confirmed(transaction, true, {}); });
            return;
        }
    }
    later([this, transaction] { Q_EMIT confirmed(transaction, false, tr("nothing waits for confirmation")); });
}

void DirectBackend::restore(const QString &target)
{
    QString error;
    const auto snapshot = m_snapshots.constFind(target);
    const bool ok = snapshot != m_snapshots.cend() && putBack(target, *snapshot, &error);
    if (snapshot == m_snapshots.cend())
        error = tr("nothing to restore: %1 has not been changed").arg(target);
    if (ok) {
        m_snapshots.remove(target);
        m_exitReverts.remove(target);
        m_timeouts.erase(target);
    }
    later([this, target, ok, error] {
        Q_EMIT restored(target, ok, error);
        if (ok) {
            Q_EMIT reverted(target, QStringLiteral("restore"));
            Q_EMIT treeChanged(target);
        }
    });
}

void DirectBackend::watch(const QString &target)
{
    Q_UNUSED(target) // changes made here are signalled as they are made
}

std::unique_ptr<TcEngine> DirectBackend::openForStats(const QString &target, QString *error)
{
    return TcEngine::open(target, error);
}

void DirectBackend::createLab()
{
    static constexpr char alphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    QString id;
    do {
        id.clear();
        for (int i = 0; i < 8; ++i)
            id.append(QLatin1Char(alphabet[QRandomGenerator::system()->bounded(36)]));
    } while (m_labs.count(id));
    QString error;
    LabInfo info;
    // The guard first: the lab never exists unguarded.
    std::unique_ptr<LabGuard> guard = LabGuard::start(id, &error);
    std::optional<LabNetwork> network;
    if (guard)
        network = LabNetwork::create(id, &error);
    if (guard && !network)
        guard->dismiss(); // create() leaves nothing behind when it fails
    if (network) {
        info = LabInfo{id, network->target(), network->namespaceA(), network->namespaceB()};
        m_labs.emplace(id, Lab{std::move(*network), std::move(guard)});
    }
    later([this, info, error] { Q_EMIT labCreated(info, error); });
}

std::optional<LabTrafficSockets> DirectBackend::openLabSockets(const QString &labId, QString *error)
{
    const auto it = m_labs.find(labId);
    if (it == m_labs.end()) {
        *error = tr("there is no demo lab \"%1\" in this process").arg(labId);
        return std::nullopt;
    }
    return LabTrafficSockets::open(it->second.network.namespaceA(), it->second.network.namespaceB(), error);
}

void DirectBackend::removeLab(const QString &labId)
{
    QString error;
    const auto it = m_labs.find(labId);
    if (it == m_labs.end()) {
        error = tr("there is no demo lab \"%1\" in this process").arg(labId);
    } else {
        dropLab(it->second, &error);
        m_labs.erase(it);
    }
    later([this, labId, error] { Q_EMIT labRemoved(labId, error); });
}

bool DirectBackend::dropLab(Lab &lab, QString *error)
{
    // Engines, snapshots and reverts of the lab's target go first: an engine's socket would keep
    // the namespace alive, and there is nothing to put back on a link that is gone.
    const QString target = lab.network.target();
    m_engines.erase(target);
    m_snapshots.remove(target);
    m_exitReverts.remove(target);
    m_timeouts.erase(target);
    const bool ok = lab.network.remove(error);
    if (ok)
        lab.guard->dismiss();
    else
        lab.guard.reset(); // not dismissed: the guard tries too
    return ok;
}

qint64 DirectBackend::labGuardProcessId(const QString &labId) const
{
    const auto it = m_labs.find(labId);
    return it == m_labs.end() || !it->second.guard ? -1 : it->second.guard->processId();
}

} // namespace qs
